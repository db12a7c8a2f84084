#!/usr/bin/env python3
"""errno-words.py TABLE [--write|--check ABI_FILE]

The errno list of Documentation/ABI/testing/procfs-kallmodsyms, made
from the "errno" rows of TABLE (tests/qualifier-errnos.txt) as the ABI
file's lines: two tabs, the errno in a column of twelve, its meaning
wrapped beside it.  Printed; or put in ABI_FILE in place of the list
there (--write); or compared with the list there (--check: exit 1 and
both lists if they differ).  The list in ABI_FILE runs from the line of
the table's first errno to the blank line after it."""
import sys
import textwrap

INDENT = "\t\t  "
WIDTH = 48


def words(table):
    out = []
    for line in open(table):
        f = line.split(None, 2)
        if len(f) == 3 and f[0] == "errno":
            lines = textwrap.wrap(f[2], WIDTH)
            out.append(INDENT + f"{f[1]:<12}" + lines[0])
            out += [INDENT + " " * 12 + rest for rest in lines[1:]]
    return out


def span(text, first):
    """where the list of errnos starts and ends in the lines TEXT"""
    start = next((i for i, l in enumerate(text) if l.startswith(INDENT + first + " ")), None)
    if start is None:
        return None, None
    end = start
    while end < len(text) and text[end].strip():
        end += 1
    return start, end


def main(argv):
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] not in ("--write", "--check")):
        sys.exit(__doc__)
    block = words(argv[1])
    if len(argv) == 2:
        print("\n".join(block))
        return 0
    abi = argv[3]
    text = open(abi).read().split("\n")
    start, end = span(text, block[0].split()[0])
    if start is None:
        print(f"{abi}: no line of {block[0].split()[0]}", file=sys.stderr)
        return 1
    if argv[2] == "--check":
        if text[start:end] == block:
            return 0
        print("\n".join(["table's:"] + block + [f"{abi}'s:"] + text[start:end]), file=sys.stderr)
        return 1
    text[start:end] = block
    open(abi, "w").write("\n".join(text))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
