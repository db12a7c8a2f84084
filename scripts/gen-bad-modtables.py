#!/usr/bin/env python3
"""Copies of a module whose .kallsyms_objfiles table is damaged, one way
each, for the guest test of the module loader's checks: the module must
load, its table be ignored with a warning saying why, and nothing else
happen.  Usage: gen-bad-modtables.py MODULE.ko OUTDIR
(OBJCOPY: the objcopy of the module's architecture, default objcopy)"""
import os
import struct
import subprocess
import sys
import tempfile

HDR = struct.Struct("<4I")	# magic, nobjs, nranges, names_size
RANGE = struct.Struct("<5I")	# shndx, secname, start, end, obj
MOD_OBJFILES_MAX = 1 << 20	# kernel/module/kallsyms.c: a larger table is ignored


def damaged(table):
    """(name, expected reason, damaged table) for each kind of damage."""
    magic, nobjs, nranges, names_size = HDR.unpack_from(table)
    names = HDR.size + nranges * RANGE.size

    def rng(i, **kw):
        f = list(RANGE.unpack_from(table, HDR.size + i * RANGE.size))
        for k, v in kw.items():
            f[("shndx", "secname", "start", "end", "obj").index(k)] = v
        t = bytearray(table)
        RANGE.pack_into(t, HDR.size + i * RANGE.size, *f)
        return bytes(t)

    yield "magic", "bad header", b"junk" + table[4:]
    yield "short", "bad header", table[:7]
    yield "names-size", "sizes do not add up", HDR.pack(magic, nobjs, nranges, names_size + 1) + table[HDR.size:]
    yield "nranges", "sizes do not add up", HDR.pack(magic, nobjs, 0x10000000, names_size) + table[HDR.size:]
    yield "no-nul", "sizes do not add up", table[:-1] + b"x"
    yield "nobjs", "sizes do not add up", HDR.pack(magic, names_size, nranges, names_size) + table[HDR.size:]
    yield "fewer-names", "fewer names than objects", \
        HDR.pack(magic, names_size // 2, nranges, names_size) + table[HDR.size:]
    # a table of the largest size, claiming a million objects (more
    # than its names can hold), then as many as they can: megabytes to
    # allocate, without a warning, before the empty names are refused
    big = MOD_OBJFILES_MAX - HDR.size
    yield "huge-nobjs", "sizes do not add up", HDR.pack(magic, big, 0, big) + bytes(big)
    yield "many-objs", "bad object name", HDR.pack(magic, big // 2, 0, big) + bytes(big)
    yield "long-name", "bad object name", long_name(table)
    yield "obj", "bad range", rng(0, obj=nobjs + 1)
    yield "end", "bad range", rng(0, end=0xfffffff0)
    yield "secname", "bad range", rng(0, secname=names_size)
    yield "shndx", None, rng(0, shndx=0xffff)	# found again by its name


def long_name(table):
    """The table with its first object's path 300 bytes long, longer
    than any the build writes (the section names move with it)."""
    magic, nobjs, nranges, names_size = HDR.unpack_from(table)
    names = HDR.size + nranges * RANGE.size
    first = table.index(b"\0", names) + 1 - names
    path = b"d/" * 149 + b"x.o\0"
    grow = len(path) - first
    t = bytearray(HDR.pack(magic, nobjs, nranges, names_size + grow))
    for i in range(nranges):
        f = list(RANGE.unpack_from(table, HDR.size + i * RANGE.size))
        f[1] += grow if f[1] >= first else 0	# secname
        t += RANGE.pack(*f)
    return bytes(t) + path + table[names + first:]


def main(ko, outdir):
    objcopy = os.environ.get("OBJCOPY", "objcopy")
    os.makedirs(outdir, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        sec = os.path.join(tmp, "table")
        subprocess.run([objcopy, "--dump-section", ".kallsyms_objfiles=" + sec, ko, os.path.join(tmp, "x")],
                       check=True)
        table = open(sec, "rb").read()
        for name, why, data in damaged(table):
            open(sec, "wb").write(data)
            out = os.path.join(outdir, "%s.ko" % name)
            subprocess.run([objcopy, "--update-section", ".kallsyms_objfiles=" + sec, ko, out], check=True)
            print("%s %s" % (name, why or "-"))


if __name__ == "__main__":
    main(*sys.argv[1:])
