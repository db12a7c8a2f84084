#!/usr/bin/env python3
"""Write N malformed or hostile kprobe definitions, one per line, for the
guest fuzz test. Every one is invalid by construction: the symbol field
always carries a defect (bad qualifier, junk bytes, huge name, bad offset),
so the kernel must refuse each. Deterministic for a given seed."""
import random
import sys

GOOD = ['kfx_dup', 'kallsyms_lookup_name', 'name_show']
OBJS = ['kallsyms_fixtures/a/dup.o', 'a/dup.o', 'kernel/kallsyms.o', 'dup.o']
JUNK = '@@/..+-%:$\\ \t"\'*?[]{}()<>|&;#~`!^,=\x7f\x01\x1b'
DEFECTS = [
    lambda r: f'{r.choice(GOOD)}@@{r.choice(OBJS)}',
    lambda r: f'{r.choice(GOOD)}@/',
    lambda r: f'{r.choice(GOOD)}@..',
    lambda r: f'{r.choice(GOOD)}@../{r.choice(OBJS)}',
    lambda r: f'{r.choice(GOOD)}@',
    lambda r: f'@{r.choice(OBJS)}',
    lambda r: f'{r.choice(GOOD)}@{r.choice(OBJS)}@{r.choice(OBJS)}',
    lambda r: f'{r.choice(GOOD)}@{r.choice(OBJS)}+-{r.randint(0, 99)}',
    lambda r: f'{r.choice(GOOD)}@{r.choice(OBJS)}-{r.randint(1, 99)}',
    lambda r: f'{r.choice(GOOD)}@{r.choice(OBJS)}+0x{r.randint(0, 1 << 40):x}zz',
    lambda r: f'{r.choice(GOOD)}@+{r.randint(0, 99)}',
    lambda r: f'{r.choice(GOOD)}+{r.randint(0, 9)}@{r.choice(OBJS)}',
    lambda r: f'{r.choice(GOOD)}@{r.choice(OBJS)}%retur',
    lambda r: f'{r.choice(GOOD)}@/{r.choice(OBJS)}',
    lambda r: f'{r.choice(GOOD)}@{r.choice(OBJS)}/',
    lambda r: f'{"x" * r.choice([255, 256, 511, 512, 513, 4096])}@{r.choice(OBJS)}',
    lambda r: f'{r.choice(GOOD)}@{"d/" * r.randint(100, 2000)}dup.o',
    lambda r: f'{r.choice(GOOD)}@{"y" * r.choice([255, 256, 257, 4000])}.o',
    # a qualified symbol after a module name no module has (with a bare
    # symbol, MOD:SYM waits for MOD, as on 6.12)
    lambda r: f'{r.choice(GOOD)}@{r.choice(OBJS)}:{r.choice(GOOD)}@{r.choice(OBJS)}',
    # no ':' after the '@': NAME@JUNK:SYM would be MOD:SYM, valid
    lambda r: f'{r.choice(GOOD)}@{junk(r, 1, 12).replace(":", "")}',
    lambda r: f'{junk(r, 1, 8)}{r.choice(GOOD)}@{r.choice(OBJS)}',
    lambda r: f'{r.choice(GOOD)}@{bytes_(r)}',
    lambda r: f'{bytes_(r)}@{bytes_(r)}',
]


def junk(r, lo, hi):
    return ''.join(r.choice(JUNK) for _ in range(r.randint(lo, hi)))


def bytes_(r):
    """NUL-free, newline-free binary, with an '@' somewhere."""
    s = ''.join(chr(r.choice([c for c in range(1, 256) if c not in (10, 35)]))
                for _ in range(r.randint(1, 64)))
    return s + '@' + s[::-1]


def main(n, seed):
    r = random.Random(seed)
    out = sys.stdout.buffer
    for i in range(n):
        kind = r.choice('pr')
        sym = r.choice(DEFECTS)(r)
        args = r.choice(['', ' $arg1', ' x=%ax', ' @kallsyms_lookup_name@@'])
        line = f'{kind}:fuzz{i} {sym}{args}'
        out.write(line.encode('latin-1') + b'\n')


if __name__ == '__main__':
    main(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 1)
