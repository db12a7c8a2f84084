#!/usr/bin/env python3
"""Write a made-up link of N objects for timing scripts/objranges and
scripts/kallsyms at allyesconfig's scale (make bench; not a test).

In DIR: the objects (hard links of one small object, OBJ), their .cmd
files (half the objects are in built-in modules, two objects a module),
modules.builtin, the relocatable link's map (vmlinux.o.map), the
final link's map (vmlinux.map, GNU ld's format, the objects as vmlinux.a
links them) and its symbols as nm lists them (vmlinux.syms), SYMS symbols
an object.

usage: gen-scale-input.py DIR N SYMS OBJ
"""
import os
import shutil
import sys

BASE = 0xffffffff81000000
SECTIONS = ((".text", 0x40), (".data", 0x10), (".bss", 0x10))


def path_of(i):
    return "drivers/d%d/f%d.o" % (i // 100, i)


def module_of(i):
    """the built-in module file of object i, or None"""
    return "drivers/d%d/m%d" % (i // 100, i // 4) if i % 2 == 0 else None


def write_objects(top, n, obj):
    mods = set()
    for i in range(n):
        path = os.path.join(top, path_of(i))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if i % 50000 == 0:      # a file has at most 65,000 links on ext4
            source = path
            shutil.copyfile(obj, source)
        elif not os.path.exists(path):
            os.link(source, path)
        mod = module_of(i)
        cmd = "savedcmd_%s := gcc -c -o %s x.c" % (path_of(i), path_of(i))
        if mod:
            cmd = cmd.replace("-c", "-DKBUILD_MODFILE='\"%s\"' -c" % mod)
            mods.add(mod)
        d, b = os.path.split(path)
        with open(os.path.join(d, ".%s.cmd" % b), "w") as f:
            f.write(cmd + "\n")
    with open(os.path.join(top, "modules.builtin"), "w") as f:
        for mod in sorted(mods):
            f.write("kernel/%s.ko\n" % mod)


def write_map(out, n, syms, base, symbols=None):
    """GNU ld's memory map: every object's piece of every section"""
    out.write("Memory Configuration\n\nLinker script and memory map\n\n")
    addr = base
    for name, size in SECTIONS:
        out.write("%-15s 0x%016x %#10x\n" % (name, addr, size * syms * n))
        for i in range(n):
            out.write(" %-14s 0x%016x %#10x %s\n" % (name, addr, size * syms, path_of(i)))
            for s in range(syms if name == ".text" else 0):
                sym = "f%d_%d" % (i, s)
                at = addr + s * size
                if s == 0:
                    out.write("                0x%016x                %s\n" % (at, sym))
                if symbols is not None:
                    symbols.append("%016x %s %s\n" % (at, "T" if s == 0 else "t", sym))
            addr += size * syms
        out.write("\n")
    return addr


def main():
    top, n, syms, obj = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    os.makedirs(top, exist_ok=True)
    write_objects(top, n, obj)
    with open(os.path.join(top, "vmlinux.o.map"), "w") as f:
        write_map(f, n, syms, 0)
    symbols = ["%016x T _text\n" % BASE, "%016x T _stext\n" % BASE]
    with open(os.path.join(top, "vmlinux.map"), "w") as f:
        end = write_map(f, n, syms, BASE, symbols)
    symbols.append("%016x T _etext\n" % end)
    with open(os.path.join(top, "vmlinux.syms"), "w") as f:
        f.writelines(symbols)


if __name__ == "__main__":
    main()
