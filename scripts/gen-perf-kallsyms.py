#!/usr/bin/env python3
"""Made-up /proc/kallsyms and /proc/kallmodsyms of a kernel of about
SYMBOLS symbols, for timing perf's load of the kernel's symbols: the
symbols of a System.map, repeated with their addresses moved up and
most names changed (5% of them repeated, as static functions are), each
symbol given an object file shared by runs of 40 symbols.

Usage: gen-perf-kallsyms.py SYSTEM_MAP SYMBOLS DIR
writes DIR/with/{kallsyms,kallmodsyms,modules} and DIR/without/kallsyms.
"""
import os
import random
import sys

OBJS = [d + "/" + f + ".o"
        for d in ("fs", "mm", "kernel/sched", "drivers/base", "net/ipv4",
                  "drivers/net/ethernet/intel/e1000e", "lib", "arch/x86/kernel",
                  "block", "security/selinux")
        for f in ("core", "main", "util", "namei", "inode", "ops", "sysfs", "init")]


def main():
    system_map, want, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    rnd = random.Random(1)
    syms = [line.split() for line in open(system_map)]
    syms = [(int(a, 16), t, n) for a, t, n in (s for s in syms if len(s) == 3)]
    kallsyms, kallmodsyms = [], []
    copy = 0
    while len(kallsyms) < want:
        obj = None
        for i, (addr, typ, name) in enumerate(syms):
            if len(kallsyms) == want:
                break
            if i % 40 == 0:
                obj = rnd.choice(OBJS)
            if copy and rnd.random() >= 0.05:
                name = "%s_%d" % (name, copy)
            addr += copy << 28
            kallsyms.append("%016x %s %s\n" % (addr, typ, name))
            kallmodsyms.append("%016x 10 %s %s [vmlinux] %s\n" % (addr, typ, name, obj))
        copy += 1
    for d in ("with", "without"):
        os.makedirs(os.path.join(out, d), exist_ok=True)
    with open(os.path.join(out, "with", "kallsyms"), "w") as f:
        f.writelines(kallsyms)
    with open(os.path.join(out, "without", "kallsyms"), "w") as f:
        f.writelines(kallsyms)
    with open(os.path.join(out, "with", "kallmodsyms"), "w") as f:
        f.writelines(kallmodsyms)
    open(os.path.join(out, "with", "modules"), "w").close()


if __name__ == "__main__":
    main()
