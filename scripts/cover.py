#!/usr/bin/env python3
"""Fill the cover letter git format-patch just generated (which has
placeholders) with a set's hand-written subject and blurb, kept in
Documentation/cover-letters/SET.txt (the subject on the first line, a
blank line, the blurb), so the shortlog and diffstat stay git's and the
prose lives in a file people edit. The cover's date becomes that of the
newest patch, so that exporting the same commits twice gives the same
bytes."""
import re
import sys


def prose(path):
    """Subject and blurb of a cover letter text file."""
    subject, _, blurb = open(path).read().partition('\n\n')
    if not subject.strip() or not blurb.strip():
        sys.exit(f'cover.py: {path}: want a subject line, a blank line and a blurb')
    return subject.strip(), blurb.rstrip('\n') + '\n\n'


def newest_date(patches):
    """The Date: header of the last patch of the series."""
    for line in open(patches[-1]):
        if line.startswith('Date: '):
            return line
    return None


def main(text_path, cover_path, *patches):
    subject, blurb = prose(text_path)
    new = open(cover_path).read()
    date = newest_date(patches) if patches else None
    if date:
        new = re.sub(r'^Date: .*\n', date, new, count=1, flags=re.M)
    new = new.replace('*** SUBJECT HERE ***', subject, 1)
    new = new.replace('*** BLURB HERE ***\n\n', blurb, 1)
    open(cover_path, 'w').write(new)


if __name__ == '__main__':
    main(*sys.argv[1:])
