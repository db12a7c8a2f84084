#!/usr/bin/env python3
"""Carry the hand-written subject and blurb of the old cover letter into
the one git format-patch just generated (which has placeholders), so the
shortlog and diffstat stay current and the prose is never lost. The
cover's date becomes that of the newest patch, so that exporting the
same commits twice gives the same bytes."""
import re
import sys


def prose(text):
    """Subject text and blurb of a cover letter, or None for placeholders."""
    subj = re.search(r'^Subject: \[PATCH[^\]]*\] ?(.*(?:\n .*)*)', text, re.M)
    head, _, body = text.partition('\n\n')
    # The blurb ends where git's shortlog starts: "Author Name (N):".
    blurb = re.split(r'^\S[^\n]* \(\d+\):$', body, maxsplit=1, flags=re.M)[0]
    return subj.group(1) if subj else None, blurb.rstrip('\n') + '\n\n'


def newest_date(patches):
    """The Date: header of the last patch of the series."""
    for line in open(patches[-1]):
        if line.startswith('Date: '):
            return line
    return None


def main(old_path, new_path, *patches):
    subject, blurb = prose(open(old_path).read()) if old_path else (None, '*** BLURB HERE ***')
    new = open(new_path).read()
    date = newest_date(patches) if patches else None
    if date:
        new = re.sub(r'^Date: .*\n', date, new, count=1, flags=re.M)
    if subject and '*** SUBJECT HERE ***' not in subject:
        new = new.replace('*** SUBJECT HERE ***', subject, 1)
    if '*** BLURB HERE ***' not in blurb:
        new = new.replace('*** BLURB HERE ***\n\n', blurb, 1)
    open(new_path, 'w').write(new)


if __name__ == '__main__':
    main(*sys.argv[1:])
