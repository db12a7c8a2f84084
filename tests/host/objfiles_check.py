#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Host check of the kallsyms object-file table (CONFIG_KALLSYMS_OBJFILES).

Decodes the kallsyms tables of vmlinux on its own (it neither imports nor
runs scripts/kallsyms.c) and compares the object file the table gives each
symbol with a ground truth computed independently from the linker maps and
the objects' own symbol tables:

  final address of a symbol = final address of the input section piece of
                              its object (vmlinux.o.map composed with the
                              map of the last kallsyms link) + st_value

The objects are read with a small ELF reader of its own (no nm needed).
Symbols the linker script assigns are expected to have no object, objtool's
__pfx_NAME the object of NAME; a symbol no object defines, no object.

Prints TAP-like "ok - ..." / "not ok - ..." lines and "# " diagnostics;
OBJFILES_VERBOSE=1 lists every disagreement, not just the first ten.

usage: objfiles_check.py OBJDIR [fixtures.txt]
"""

import collections
import functools
import os
import re
import struct
import sys

# ---------------------------------------------------------------- output

results = []


def diag(msg):
    print("# " + msg)


def result(ok, msg):
    results.append(ok)
    print(("ok - " if ok else "not ok - ") + msg)


# ------------------------------------------------------------------- ELF

SHT_SYMTAB = 2
SHT_RELA = 4
SHT_NOBITS = 8
SHT_REL = 9
SHT_SYMTAB_SHNDX = 18
SHF_ALLOC = 0x2
SHF_MERGE = 0x10
# Sections a linker rewrites rather than places: ppc64 ld drops the TOC
# entries nothing uses (its TOC optimisation), so what a .toc holds no
# longer sits at its offset; its symbols are left out, like merged ones.
LINKER_EDITED = {".toc", ".eh_frame"}	# the linker rewrites these
ET_DYN = 3
SHN_UNDEF = 0
SHN_ABS = 0xFFF1
SHN_COMMON = 0xFFF2
SHN_XINDEX = 0xFFFF
STT_SECTION = 3
STT_FILE = 4


class ElfError(Exception):
    pass


class Elf:
    """Just enough of an ELF reader: 32 or 64 bit, either byte order (the
    tables are checked on a 32-bit big-endian build too)."""

    def __init__(self, path, data=None):
        self.path = path
        if data is None:
            with open(path, "rb") as f:
                data = f.read()
        self.data = d = data
        if d[:4] != b"\x7fELF":
            raise ElfError("%s: not ELF" % path)
        if d[4] not in (1, 2) or d[5] not in (1, 2):
            raise ElfError("%s: unknown ELF class or byte order" % path)
        self.e = "<" if d[5] == 1 else ">"	# struct's byte order
        self.wide = d[4] == 2			# ELF64
        self.ptr = "Q" if self.wide else "I"	# an address
        self.ptrsize = 8 if self.wide else 4
        p = self.ptr
        (self.e_type, _mach, _ver, _entry, _phoff, shoff, _flags, _ehsize,
         _phentsize, _phnum, shentsize, shnum, shstrndx) = struct.unpack_from(
             self.e + "HHI" + p * 3 + "IHHHHHH", d, 16)
        if shoff == 0:
            raise ElfError("%s: no section headers" % path)
        shdr = self.e + "II" + p * 4 + "II" + p * 2
        first = struct.unpack_from(shdr, d, shoff)
        if shnum == 0:
            shnum = first[5]		# extended numbering: sh_size of [0]
        if shstrndx == SHN_XINDEX:
            shstrndx = first[6]		# ... and sh_link of [0]
        self.sections = []
        for i in range(shnum):
            (name, typ, flags, addr, off, size, link, info, _align,
             entsize) = struct.unpack_from(shdr, d, shoff + i * shentsize)
            self.sections.append({"name_off": name, "type": typ, "flags": flags,
                                  "addr": addr, "offset": off, "size": size,
                                  "link": link, "info": info,
                                  "entsize": entsize, "index": i})
        strtab = self.sections[shstrndx]
        for s in self.sections:
            s["name"] = self.cstr(strtab["offset"] + s["name_off"])

    def unpack(self, fmt, buf):
        """struct.unpack() in the file's byte order."""
        return struct.unpack(self.e + fmt, buf)

    def cstr(self, off):
        end = self.data.index(b"\0", off)
        return self.data[off:end].decode("utf-8", "replace")

    def symbols(self):
        """(name, value, size, type, bind, shndx) of every symbol."""
        symtab = [s for s in self.sections if s["type"] == SHT_SYMTAB]
        if not symtab:
            return []
        symtab = symtab[0]
        strtab = self.sections[symtab["link"]]["offset"]
        xindex = None
        for s in self.sections:
            if s["type"] == SHT_SYMTAB_SHNDX and s["link"] == symtab["index"]:
                xindex = s
        out = []
        d = self.data
        base = symtab["offset"]
        entsize = 24 if self.wide else 16
        n = symtab["size"] // entsize
        for i in range(1, n):
            if self.wide:
                name, info, _other, shndx, value, size = struct.unpack_from(
                    self.e + "IBBHQQ", d, base + entsize * i)
            else:
                name, value, size, info, _other, shndx = struct.unpack_from(
                    self.e + "IIIBBH", d, base + entsize * i)
            if shndx == SHN_XINDEX and xindex:
                shndx = struct.unpack_from(self.e + "I", d, xindex["offset"] + 4 * i)[0]
            end = d.index(b"\0", strtab + name)
            out.append((d[strtab + name:end].decode("utf-8", "replace"),
                        value, size, info & 0xF, info >> 4, shndx))
        return out

    def read(self, addr, size):
        """Bytes at a virtual address, from the section containing it."""
        for s in self.sections:
            if (s["flags"] & SHF_ALLOC and s["type"] != SHT_NOBITS and
                    s["addr"] <= addr and addr + size <= s["addr"] + s["size"]):
                off = s["offset"] + addr - s["addr"]
                return self.data[off:off + size]
        raise ElfError("%s: %#x+%#x is in no section with contents"
                       % (self.path, addr, size))

    def read_pointer(self, addr):
        """The pointer at @addr as the kernel sees it once relocated.
        A relocatable arm64 vmlinux (-shared, --no-apply-dynamic-relocs)
        keeps 0 in the field and the value in the addend of its
        R_*_RELATIVE entry in .rela.dyn."""
        value = self.unpack(self.ptr, self.read(addr, self.ptrsize))[0]
        if self.e_type != ET_DYN:
            return value
        for s in self.sections:
            if s["type"] != SHT_RELA or not s["flags"] & SHF_ALLOC:
                continue
            table = self.data[s["offset"]:s["offset"] + s["size"]]
            for off, info, addend in struct.iter_unpack(self.e + "QQq", table):
                if off == addr and info >> 32 == 0:
                    return addend & 0xFFFFFFFFFFFFFFFF
        return value


# ------------------------------------------------------------ kallsyms

KALLSYMS_LABELS = [
    "kallsyms_num_syms", "kallsyms_names", "kallsyms_markers",
    "kallsyms_token_table", "kallsyms_token_index", "kallsyms_offsets",
    "kallsyms_relative_base", "kallsyms_objfile_runs",
    "kallsyms_objfile_run_orders",
    "kallsyms_objfile_num_markers", "kallsyms_objfile_markers",
    "kallsyms_objfile_hashes", "kallsyms_objfile_hash_start",
    "kallsyms_objfile_by_hash", "kallsyms_objfile_path_hashes",
    "kallsyms_objfile_num", "kallsyms_objfile_names",
    "kallsyms_objfile_name_index", "kallsyms_objfile_tokens",
    "kallsyms_objfile_token_index", "kallsyms_objfile_modules",
    "kallsyms_num_builtin_modules", "kallsyms_builtin_module_names",
    "kallsyms_seqs_of_names",
]

RUN_MARKER = 32	# runs between objfile markers
NAME_RESTART = 16	# names between whole (not front-coded) names
TOKEN_FIRST = 0x80	# object path bytes from here on are tokens
HASHES = 256	# KSYM_OBJFILE_HASHES: file name hashes


def fnv1a(b):
    """32-bit FNV-1a, as ksym_objfile_fnv1a()"""
    h = 2166136261
    for c in b:
        h = ((h ^ c) * 16777619) & 0xFFFFFFFF
    return h


def file_hash(path):
    """ksym_objfile_file_hash(): of the name after the last '/'"""
    h = fnv1a(path.rsplit("/", 1)[-1].encode())
    h ^= h >> 16
    return (h ^ h >> 8) & (HASHES - 1)


def path_hash(path):
    """ksym_objfile_path_hash(): of the whole path"""
    h = fnv1a(path.encode())
    return (h ^ h >> 16) & 0xFFFF


class Bits:
    """An MSB-first bit stream, as kallsyms_objfile_runs is written."""

    def __init__(self, buf):
        self.buf, self.pos = buf, 0

    def bit(self):
        if self.pos >= 8 * len(self.buf):
            raise ValueError("bit stream runs past the end")
        b = self.buf[self.pos >> 3] >> (7 - (self.pos & 7)) & 1
        self.pos += 1
        return b

    def bits(self, n):
        v = 0
        for _ in range(n):
            v = v << 1 | self.bit()
        return v

    def exp_golomb(self, k):
        zeros = 0
        while not self.bit():
            zeros += 1
            if zeros > 32:
                raise ValueError("Exp-Golomb code with over 32 zeros")
        return ((1 << (zeros + k)) | self.bits(zeros + k)) - (1 << k)


def uleb128(buf, pos):
    val = shift = 0
    while True:
        if pos >= len(buf):
            raise ValueError("ULEB128 runs past the end")
        b = buf[pos]
        pos += 1
        val |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return val, pos


def padding_ok(elf, end, next_label):
    """Only .balign 8 zero padding between @end and @next_label."""
    gap = next_label - end
    if not 0 <= gap < 8:
        return False
    return gap == 0 or elf.read(end, gap) == bytes(gap)


class Kallsyms:
    def __init__(self, elf, labels, absolute_percpu):
        self.elf = elf
        self.lab = labels
        self.sizes = {}
        u32 = lambda a: elf.unpack("I", elf.read(a, 4))[0]
        n = self.num_syms = u32(labels["kallsyms_num_syms"])
        self.sizes["kallsyms_num_syms"] = 4

        # the token table: 256 NUL-terminated strings, and their offsets
        tindex = elf.unpack("256H", elf.read(labels["kallsyms_token_index"], 512))
        self.sizes["kallsyms_token_index"] = 512
        tt_addr = labels["kallsyms_token_table"]
        tt_span = labels["kallsyms_token_index"] - tt_addr
        tt = elf.read(tt_addr, tt_span)
        tokens = []
        for i in range(256):
            end = tt.index(b"\0", tindex[i])
            tokens.append(tt[tindex[i]:end].decode("latin-1"))
        self.sizes["kallsyms_token_table"] = max(
            tindex[i] + len(tokens[i].encode("latin-1")) + 1 for i in range(256))

        # names: ULEB128 length (1 or 2 bytes), then that many tokens
        na = labels["kallsyms_names"]
        nb = elf.read(na, labels["kallsyms_markers"] - na)
        pos = 0
        self.names, self.types, name_offs = [], [], []
        for i in range(n):
            name_offs.append(pos)
            ln = nb[pos]
            pos += 1
            if ln & 0x80:
                ln = (ln & 0x7F) | (nb[pos] << 7)
                pos += 1
            s = "".join(tokens[t] for t in nb[pos:pos + ln])
            pos += ln
            self.types.append(s[0])
            self.names.append(s[1:])
        self.sizes["kallsyms_names"] = pos
        self.names_end_ok = padding_ok(elf, na + pos, labels["kallsyms_markers"])
        nmark = (n + 255) // 256
        marks = elf.unpack("%dI" % nmark, elf.read(labels["kallsyms_markers"], 4 * nmark))
        self.sizes["kallsyms_markers"] = 4 * nmark
        self.names_markers_ok = all(marks[i] == name_offs[256 * i] for i in range(nmark))

        offs = elf.unpack("%di" % n, elf.read(labels["kallsyms_offsets"], 4 * n))
        self.sizes["kallsyms_offsets"] = 4 * n
        base = elf.read_pointer(labels["kallsyms_relative_base"])
        self.sizes["kallsyms_relative_base"] = elf.ptrsize
        self.relative_base = base
        self.addrs = []
        for o in offs:
            if not absolute_percpu:
                a = base + (o & 0xFFFFFFFF)
            elif o >= 0:
                a = o
            else:
                a = base - 1 - o
            self.addrs.append(a & 0xFFFFFFFFFFFFFFFF)
        self.sizes["kallsyms_seqs_of_names"] = 3 * n

    def module_table(self, nobj, errors):
        """The built-in module of every object (None for none), decoded
        from kallsyms_objfile_modules and kallsyms_builtin_module_names."""
        elf, lab = self.elf, self.lab
        u32 = lambda a: elf.unpack("I", elf.read(a, 4))[0]
        ma = lab["kallsyms_objfile_modules"]
        buf = elf.read(ma, lab["kallsyms_num_builtin_modules"] - ma)
        nmod = u32(lab["kallsyms_num_builtin_modules"])
        na = lab["kallsyms_builtin_module_names"]
        raw = elf.read(na, lab["kallsyms_seqs_of_names"] - na)
        names = raw.split(b"\0")[:nmod]
        end = sum(len(x) + 1 for x in names)
        if not padding_ok(elf, na + end, lab["kallsyms_seqs_of_names"]):
            errors.append("bytes left after kallsyms_builtin_module_names")
        mods, pos = [], 0
        while len(mods) < nobj:
            count, pos = uleb128(buf, pos)
            mod, pos = uleb128(buf, pos)
            if not count or mod > nmod:
                errors.append("bad module run (%d x %d) at object %d" % (count, mod, len(mods)))
                break
            mods += [names[mod - 1].decode() if mod else None] * count
        if len(mods) != nobj:
            errors.append("module runs cover %d of %d objects" % (len(mods), nobj))
        if not padding_ok(elf, ma + pos, lab["kallsyms_num_builtin_modules"]):
            errors.append("bytes left after kallsyms_objfile_modules")
        return mods

    def objfile_tables(self, errors):
        """Decode runs, markers and names; append problems to @errors.
        Returns (per-symbol object numbers, object names, markers ok)."""
        elf, lab, n = self.elf, self.lab, self.num_syms
        u32 = lambda a: elf.unpack("I", elf.read(a, 4))[0]

        # runs
        ra = lab["kallsyms_objfile_runs"]
        rb = elf.read(ra, lab["kallsyms_objfile_run_orders"] - ra)
        kd, kc = elf.read(lab["kallsyms_objfile_run_orders"], 2)
        self.sizes["kallsyms_objfile_run_orders"] = 2
        self.run_orders = (kd, kc)
        nobj = u32(lab["kallsyms_objfile_num"])
        self.nobj = nobj
        bits = Bits(rb)
        prev = sym = 0
        objs = []
        walk_markers = []
        runs = 0
        seen_max = 0
        numbering_ok = True
        while sym < n:
            if runs % RUN_MARKER == 0:
                walk_markers.append((sym, bits.pos, prev))
            try:
                if bits.bit():
                    delta = 1
                else:
                    code = bits.exp_golomb(kd)
                    delta = (code + 3) // 2 if code & 1 else -(code // 2)
                count = bits.exp_golomb(kc) + 1
            except ValueError as e:
                errors.append("runs stream ends at symbol %d of %d: %s" % (sym, n, e))
                break
            obj = prev + delta
            if not 0 <= obj < nobj:
                errors.append("run %d: object %d out of range 0..%d"
                              % (runs, obj, nobj - 1))
                obj = 0
            if obj > seen_max:
                if obj != seen_max + 1:
                    numbering_ok = False
                seen_max = obj
            if delta == 0 and runs:
                errors.append("run %d repeats the object of the run before it" % runs)
            objs.extend([obj] * count)
            prev = obj
            runs += 1
            sym += count
        self.runs = runs
        pos = (bits.pos + 7) // 8
        self.sizes["kallsyms_objfile_runs"] = pos
        if sym != n:
            errors.append("run counts sum to %d, not num_syms %d" % (sym, n))
        del objs[n:]
        if bits.pos % 8 and rb[pos - 1] & (0xFF >> (bits.pos % 8)):
            errors.append("stray bits after the last run")
        if rb[pos:] != bytes(len(rb) - pos):
            errors.append("%d bytes left after the last run before "
                          "kallsyms_objfile_run_orders" % (len(rb) - pos))
        if not padding_ok(elf, lab["kallsyms_objfile_run_orders"] + 2,
                          lab["kallsyms_objfile_num_markers"]):
            errors.append("bytes left after kallsyms_objfile_run_orders")
        if not numbering_ok:
            errors.append("objects are not numbered by first appearance")
        if seen_max != nobj - 1 and nobj > 1:
            errors.append("runs use objects up to %d but kallsyms_objfile_num is %d"
                          % (seen_max, nobj))

        # markers
        nm = u32(lab["kallsyms_objfile_num_markers"])
        ma = lab["kallsyms_objfile_markers"]
        marks = elf.unpack("%dI" % (3 * nm), elf.read(ma, 12 * nm))
        marks = [tuple(marks[3 * i:3 * i + 3]) for i in range(nm)]
        self.sizes["kallsyms_objfile_num_markers"] = 4
        self.sizes["kallsyms_objfile_markers"] = 12 * nm
        merr = []
        if nm != len(walk_markers):
            merr.append("%d markers, the walk has %d" % (nm, len(walk_markers)))
        for i, (m, w) in enumerate(zip(marks, walk_markers)):
            if m != w:
                merr.append("marker %d is (first %d, bit %d, prev %d), "
                            "the walk says (%d, %d, %d)" % ((i,) + m + w))
        if not padding_ok(elf, ma + 12 * nm, lab["kallsyms_objfile_hashes"]):
            merr.append("bytes left after the markers")
        self.nmarkers = nm

        # tokens of the names
        ta = lab["kallsyms_objfile_tokens"]
        ti = lab["kallsyms_objfile_token_index"]
        tbuf = elf.read(ta, ti - ta)
        ntok = (lab["kallsyms_objfile_modules"] - ti) // 2
        tindex = elf.unpack("%dH" % ntok, elf.read(ti, 2 * ntok))
        tokens, tpos = [], 0
        while tpos < len(tbuf) and tbuf[tpos]:
            end = tbuf.index(b"\0", tpos)
            tokens.append(tbuf[tpos:end])
            tpos = end + 1
        self.ntokens = len(tokens)
        self.sizes["kallsyms_objfile_tokens"] = tpos
        self.sizes["kallsyms_objfile_token_index"] = 2 * len(tokens)
        offs = [sum(len(t) + 1 for t in tokens[:i]) for i in range(len(tokens))]
        if list(tindex[:len(tokens)]) != offs:
            errors.append("kallsyms_objfile_token_index does not match the tokens")
        if any(tindex[len(tokens):]) or not padding_ok(elf, ta + tpos, ti):
            errors.append("bytes left after the tokens or their index")
        if len(tokens) > 0x100 - TOKEN_FIRST or any(
                not t or any(c >= TOKEN_FIRST for c in t) for t in tokens):
            errors.append("bad token table (%d tokens)" % len(tokens))

        def expand(raw, i):
            out = b""
            for c in raw:
                if c < TOKEN_FIRST:
                    out += bytes([c])
                elif c - TOKEN_FIRST < len(tokens):
                    out += tokens[c - TOKEN_FIRST]
                else:
                    errors.append("object %d uses token %#x of %d" % (i, c, len(tokens)))
            return out

        # names, front-coded, whole every NAME_RESTART
        self.sizes["kallsyms_objfile_num"] = 4
        na = lab["kallsyms_objfile_names"]
        nb = elf.read(na, lab["kallsyms_objfile_name_index"] - na)
        nidx = (nobj + NAME_RESTART - 1) // NAME_RESTART
        index = elf.unpack("%dI" % nidx, elf.read(lab["kallsyms_objfile_name_index"], 4 * nidx))
        self.sizes["kallsyms_objfile_name_index"] = 4 * nidx
        names = []
        pos = 0
        prevname = b""
        for i in range(nobj):
            if i % NAME_RESTART == 0 and index[i // NAME_RESTART] != pos:
                errors.append("name index %d is %d, object %d starts at %d"
                              % (i // NAME_RESTART, index[i // NAME_RESTART], i, pos))
            keep = nb[pos]
            if i % NAME_RESTART == 0 and keep:
                errors.append("object %d should be stored whole, keeps %d" % (i, keep))
            if keep > len(prevname):
                errors.append("object %d keeps %d bytes of a %d-byte name"
                              % (i, keep, len(prevname)))
            end = nb.index(b"\0", pos + 1)
            full = prevname[:keep] + expand(nb[pos + 1:end], i)
            pos = end + 1
            prevname = full
            names.append(full.decode("utf-8", "replace"))
        self.sizes["kallsyms_objfile_names"] = pos
        if not padding_ok(elf, na + pos, lab["kallsyms_objfile_name_index"]):
            errors.append("bytes left after the last object name")
        if not padding_ok(elf, lab["kallsyms_objfile_name_index"] + 4 * nidx,
                          lab["kallsyms_objfile_tokens"]):
            errors.append("bytes left after kallsyms_objfile_name_index")
        self.modules = self.module_table(nobj, errors)
        if nobj and names[0] != "":
            errors.append("object 0 is %r, not the empty name" % names[0])
        for i in range(1, nobj):
            if not names[i]:
                errors.append("object %d has an empty name" % i)
        dups = [k for k, v in collections.Counter(names).items() if v > 1]
        if dups:
            errors.append("object names occur twice: %s" % ", ".join(dups[:5]))
        names = [s + ".o" if s else "" for s in names]
        self.hash_tables(names, errors)
        return objs, names, merr

    def hash_tables(self, names, errors):
        """kallsyms_objfile_hashes and the objects listed by them, with
        their path hashes (write_objfile_hashes()), against the names."""
        elf, lab, nobj = self.elf, self.lab, len(names)
        n = max(nobj - 1, 0)
        tables = [("kallsyms_objfile_hashes", "B", nobj),
                  ("kallsyms_objfile_hash_start", "I", HASHES + 1),
                  ("kallsyms_objfile_by_hash", "I", n),
                  ("kallsyms_objfile_path_hashes", "H", n),
                  ("kallsyms_objfile_num", None, 0)]
        got = {}
        for (label, fmt, count), (after, _, _) in zip(tables, tables[1:]):
            size = struct.calcsize(fmt) * count
            got[label] = elf.unpack("%d%s" % (count, fmt), elf.read(lab[label], size))
            self.sizes[label] = size
            if not padding_ok(elf, lab[label] + size, lab[after]):
                errors.append("bytes left after %s" % label)
        want = [0] + [file_hash(p) for p in names[1:]]
        bad = sum(a != b for a, b in zip(got["kallsyms_objfile_hashes"], want))
        if bad:
            errors.append("%d of %d objects' hashes are not those of their file names"
                          % (bad, nobj))
        order = sorted(range(1, nobj), key=lambda i: (want[i], i))
        if list(got["kallsyms_objfile_by_hash"]) != order:
            errors.append("kallsyms_objfile_by_hash is not the objects by hash")
        counts = collections.Counter(want[1:])
        start = [sum(counts[k] for k in range(h)) for h in range(HASHES + 1)]
        if list(got["kallsyms_objfile_hash_start"]) != start:
            errors.append("kallsyms_objfile_hash_start does not start each hash's objects")
        if list(got["kallsyms_objfile_path_hashes"]) != [path_hash(names[i]) for i in order]:
            errors.append("kallsyms_objfile_path_hashes are not the paths' hashes")


# ------------------------------------------------------------ link maps

HEX = re.compile(r"^0x[0-9a-fA-F]+$")
ASSIGN = re.compile(r"^(?:(?:PROVIDE|PROVIDE_HIDDEN|HIDDEN)\s*\(\s*)?([^\s=()]+)\s*=")


# FILE:(SECTION) or FILE:(SECTION+0xOFFSET); a SECTION may hold "+" itself
LLD_INPUT = re.compile(r"^(.*):\((.*?)(?:\+0x[0-9a-f]+)?\)$")


class LinkMap:
    """The memory map part of a GNU ld or ld.lld -Map file."""

    def __init__(self, path):
        self.path = path
        self.outsecs = {}	# output section -> (addr, size), first one
        self.entries = []	# (outsec, insec, addr, size, file)
        self.assigns = []	# (name, addr), applied linker script assignments
        self.twice = []		# non-empty output sections whose name recurs
        self.named = set()	# names assigned a value the map does not show
        with open(path, errors="replace") as f:
            lines = f.read().split("\n")
        if lines and lines[0].split() == "VMA LMA Size Align Out In Symbol".split():
            self.read_lld(lines)
            return
        try:
            start = lines.index("Linker script and memory map") + 1
        except ValueError:
            raise ElfError("%s: not a GNU ld map" % path)
        outsec = None
        pending = None
        for ln in lines[start:]:
            ln = ln.rstrip("\r")
            if pending is not None:
                f = ln.split(None, 2)
                if len(f) < 2 or not HEX.match(f[0]) or not HEX.match(f[1]):
                    raise ElfError("%s: numbers expected after %s" % (path, pending))
                self.entries.append((outsec, pending, int(f[0], 16), int(f[1], 16),
                                     f[2].strip() if len(f) > 2 else ""))
                pending = None
                continue
            if not ln.strip():
                continue
            if ln[0] != " ":
                if ln.startswith(("LOAD ", "OUTPUT(", "START GROUP", "END GROUP")):
                    outsec = None
                    continue
                f = ln.split()
                outsec = f[0]
                if len(f) >= 3 and HEX.match(f[1]) and HEX.match(f[2]):
                    if outsec not in self.outsecs:
                        self.outsecs[outsec] = (int(f[1], 16), int(f[2], 16))
                    elif int(f[2], 16):
                        self.twice.append(outsec)
                continue
            if ln[1] != " ":
                if ln[1] == "*":
                    continue		# patterns and *fill*
                f = ln.split(None, 3)
                if len(f) == 1:
                    pending = f[0]
                elif len(f) >= 3 and HEX.match(f[1]) and HEX.match(f[2]):
                    self.entries.append((outsec, f[0], int(f[1], 16), int(f[2], 16),
                                         f[3].strip() if len(f) > 3 else ""))
                continue
            f = ln.split(None, 1)
            if len(f) == 2 and HEX.match(f[0]) and "=" in f[1]:
                m = ASSIGN.match(f[1])
                if m and m.group(1) != ".":
                    self.assigns.append((m.group(1), int(f[0], 16)))

    def read_lld(self, lines):
        """VMA LMA SIZE ALIGN (right-aligned columns that a wide number
        overflows), one space, then the text indented 0 (output section),
        8 (input section, as FILE:(SECTION)) or 16 (symbol); assignments
        at any level."""
        outsec = None
        for ln in lines[1:]:
            if not ln.strip():
                continue
            m = re.match(r"^ *([0-9a-f]+) +([0-9a-f]+) +([0-9a-f]+) +([0-9a-f]+) (.*)$", ln)
            if not m:
                raise ElfError("%s: VMA LMA SIZE ALIGN expected: %s" % (self.path, ln))
            nums = m.groups()[:4]
            text = m.group(5)
            depth = len(text) - len(text.lstrip(" "))
            text = text.strip()
            if not text:
                continue		# a nameless output section
            addr, size = int(nums[0], 16), int(nums[2], 16)
            if "=" in text and depth < 16:
                m = ASSIGN.match(re.sub(r"^(PROVIDE|PROVIDE_HIDDEN|HIDDEN) \( ", r"\1(", text))
                if m and m.group(1) != ".":
                    # the address is the value only for "NAME = ."
                    if re.search(r"= *\. *\)?$", text):
                        self.assigns.append((m.group(1), addr))
                    else:
                        self.named.add(m.group(1))
            elif depth == 0:
                outsec = text
                if outsec not in self.outsecs:
                    self.outsecs[outsec] = (addr, size)
                elif size:
                    self.twice.append(outsec)
            elif depth == 8:
                m = LLD_INPUT.match(text)
                if not m:
                    raise ElfError("%s: FILE:(SECTION) expected: %s" % (self.path, ln))
                file = m.group(1)
                self.entries.append((outsec, m.group(2), addr, size,
                                     "" if file.startswith("<") else file))

    def assigned(self, name):
        return [a for n, a in self.assigns if n == name]


def member_path(file):
    """'dir/x.a(dir/y.o)' names the member; anything else is itself."""
    m = re.match(r"^(.*)\((.*)\)$", file)
    return m.group(2) if m else file


@functools.lru_cache(maxsize=None)
def read_archive(path):
    """An archive's bytes, read once however many members are asked."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def ar_member(archive, member):
    """The bytes of @member of the ordinary (not thin) ar archive
    @archive, or None for a thin archive (its members are files) or no
    archive.  arc, csky, nios2, openrisc and parisc link libgcc.a."""
    d = read_archive(archive)
    if d is None or d[:8] != b"!<arch>\n":
        return None
    pos, longnames = 8, b""
    while pos + 60 <= len(d):
        name = d[pos:pos + 16].rstrip()
        size = int(d[pos + 48:pos + 58])
        body = d[pos + 60:pos + 60 + size]
        if name == b"//":
            longnames = body
        elif name.startswith(b"/") and name[1:].isdigit():
            off = int(name[1:])
            name = longnames[off:longnames.index(b"/\n", off)]
        else:
            name = name.rstrip(b"/")
        if name.decode("utf-8", "replace") == os.path.basename(member):
            return body
        pos += 60 + size + (size & 1)
    raise ElfError("%s: no member %s" % (archive, member))


def open_object(objdir, file):
    """The Elf of @file as a map names it: an object, a thin archive's
    member (a file), or an ordinary archive's member (read from it)."""
    path = member_path(file)
    if path != file:
        archive = file[:file.index("(")]
        data = ar_member(os.path.join(objdir, archive), path)
        if data is not None:
            return Elf(file, data)
    return Elf(os.path.join(objdir, path))


def table_name(path):
    """The name the kernel table uses for an object: the numbered
    temporaries of link-vmlinux.sh lose their number."""
    return re.sub(r"^\.tmp_vmlinux\d+", ".tmp_vmlinux", path)


# --------------------------------------------------------- ground truth


def pick_final_map(objdir, velf, vsyms):
    """The highest .tmp_vmlinuxN.map whose layout is vmlinux's."""
    cands = []
    for fn in os.listdir(objdir):
        m = re.match(r"^\.tmp_vmlinux(\d+)\.map$", fn)
        if m:
            cands.append((int(m.group(1)), fn))
    cands.sort(reverse=True)
    vsec = {s["name"]: (s["addr"], s["size"]) for s in velf.sections
            if s["flags"] & SHF_ALLOC}
    tried = []
    for n, fn in cands:
        lm = LinkMap(os.path.join(objdir, fn))
        bad = []
        for sym in ("_stext", "_etext", "_end", "_sdata", "__bss_stop"):
            want = vsyms.get(sym)
            got = lm.assigned(sym)
            if want is not None and want not in got:
                bad.append("%s %s vs vmlinux %#x" % (sym, [hex(a) for a in got], want))
        for name, (addr, size) in lm.outsecs.items():
            if name in vsec and vsec[name] != (addr, size):
                bad.append("section %s at %#x+%#x, in vmlinux %#x+%#x"
                           % ((name, addr, size) + vsec[name]))
        if not bad:
            return lm, tried
        tried.append("%s: %s" % (fn, "; ".join(bad[:3])))
    return None, tried


def ground_truth(objdir, velf, lm, notes):
    """(name, address) -> Counter of objects (table names), and the set of
    (name, address) the linker script assigned."""
    rmap_path = os.path.join(objdir, "vmlinux.o.map")
    alloc_out = {s["name"] for s in velf.sections if s["flags"] & SHF_ALLOC}

    # where vmlinux.o's sections went in the final link
    vmlo_place = {}		# vmlinux.o section -> final address
    direct = collections.defaultdict(list)	# (file, insec) -> [addr]
    reloc_obj = None
    for outsec, insec, addr, size, file in lm.entries:
        if outsec not in alloc_out or not file:
            continue
        if file == "vmlinux.o":
            reloc_obj = file
            if insec in vmlo_place:
                notes.append("vmlinux.o section %s placed twice" % insec)
            vmlo_place[insec] = (addr, size)
        else:
            direct[(file, insec)].append((addr, size))

    # where every object lies in vmlinux.o's sections
    pieces = collections.defaultdict(list)	# (file, insec) -> [(addr, size)]
    unplaced = set()	# (file, insec) in sections whose offsets mean nothing
    if reloc_obj:
        if not os.path.exists(rmap_path):
            raise ElfError("the link took vmlinux.o but there is no vmlinux.o.map")
        rm = LinkMap(rmap_path)
        for sec in rm.twice:
            notes.append("vmlinux.o.map: two output sections %s: cannot tell "
                         "them apart" % sec)
        merged = set()
        for sec, (addr, size) in rm.outsecs.items():
            if sec in vmlo_place and vmlo_place[sec][1] != size:
                # the final link merged strings: offsets in it mean nothing
                notes.append("vmlinux.o section %s is %#x bytes in vmlinux.o.map, "
                             "%#x in the final link: its symbols are left out"
                             % (sec, size, vmlo_place[sec][1]))
                merged.add(sec)
        for outsec, insec, off, size, file in rm.entries:
            if outsec in vmlo_place and file:
                if outsec in merged:
                    unplaced.add((file, insec))
                    continue
                pieces[(file, insec)].append((vmlo_place[outsec][0] + off, size))
    for key, placed in direct.items():
        pieces[key].extend(placed)

    # the objects' own symbols, at their final addresses
    by_file = collections.defaultdict(dict)	# file -> insec -> [(addr, size)]
    for (file, insec), pl in pieces.items():
        by_file[file][insec] = pl
    for file, insec in unplaced:
        by_file[file].setdefault(insec, None)
    truth = collections.defaultdict(collections.Counter)
    detail = {}		# (name, addr, object) -> why it may be hard to place
    stale = []
    newer = []
    link_time = os.path.getmtime(os.path.join(objdir, "vmlinux"))
    nobj = nsyms = n_unplaced = 0
    for file in sorted(by_file):
        path = member_path(file)
        full = os.path.join(objdir, path)
        if not path.endswith(".o"):
            notes.append("not an object, ignored: %s" % file)
            continue
        try:
            oelf = open_object(objdir, file)
        except (OSError, ElfError) as e:
            raise ElfError("cannot read %s: %s" % (file, e))
        nobj += 1
        name = table_name(path)
        if not os.path.exists(full):	# an ordinary archive's member
            full = os.path.join(objdir, file[:file.index("(")])
        if os.path.getmtime(full) > link_time:
            newer.append(file)
        secs = by_file[file]
        # sections of one name more than once: match in order, by size
        idx_place = {}
        idx_unplaced = set()
        byname = collections.defaultdict(list)
        for s in oelf.sections:
            # an object's relocations hold no symbols; in a -shared link
            # (relocatable arm64) the map lists the dynamic ones under them
            if s["name"] in secs and s["type"] not in (SHT_REL, SHT_RELA):
                byname[s["name"]].append(s)
        for sname, ss in byname.items():
            pl = secs[sname]
            if (file, sname) in direct and all(s["flags"] & SHF_MERGE for s in ss):
                pl = None	# placed by the final link: listed before merging
            if pl is None:
                for s in ss:
                    idx_unplaced.add(s["index"])
                continue
            if len(ss) == 1 and len(pl) == 1:
                if ss[0]["size"] != pl[0][1] and sname in LINKER_EDITED:
                    idx_unplaced.add(ss[0]["index"])
                    continue
                idx_place[ss[0]["index"]] = pl[0][0]
                if ss[0]["size"] != pl[0][1] and not ss[0]["flags"] & SHF_MERGE:
                    stale.append("%s: %s is %#x bytes, the map says %#x"
                                 % (file, sname, ss[0]["size"], pl[0][1]))
                continue
            if len(ss) != len(pl) or any(s["size"] != p[1] for s, p in zip(ss, pl)):
                notes.append("%s: %d sections %s, %d placed; left out"
                             % (file, len(ss), sname, len(pl)))
                continue
            for s, p in zip(ss, pl):
                idx_place[s["index"]] = p[0]
        for sname, value, size, typ, bind, shndx in oelf.symbols():
            if not sname or typ in (STT_SECTION, STT_FILE) or shndx == SHN_UNDEF:
                continue
            if shndx == SHN_ABS:
                addr = value
            elif shndx in idx_place:
                addr = idx_place[shndx] + value
            elif shndx in idx_unplaced:
                n_unplaced += 1
                continue
            else:
                continue	# discarded, not loaded, or COMMON
            truth[(sname, addr)][name] += 1
            nsyms += 1
            if shndx in idx_place and size == 0:
                ssize = oelf.sections[shndx]["size"]
                if ssize == 0:
                    detail[(sname, addr, name)] = "0-byte symbol in a 0-byte %s" % (
                        oelf.sections[shndx]["name"])
                elif value == ssize:
                    detail[(sname, addr, name)] = "0-byte symbol at the end of its %s" % (
                        oelf.sections[shndx]["name"])
                else:
                    detail[(sname, addr, name)] = "0-byte symbol at %#x of its %#x-byte %s" % (
                        value, ssize, oelf.sections[shndx]["name"])
    assigned = set(lm.assigns)
    if n_unplaced:
        notes.append("%d object symbols in merged sections left out" % n_unplaced)
    if newer:
        notes.append("warning: %d objects are newer than vmlinux (%s, ...): "
                     "a rebuild in progress?" % (len(newer), newer[0]))
    return truth, assigned, nobj, nsyms, detail, stale


# ------------------------------------------------------------------ main


def builtin_module_of(objdir, obj, builtin):
    """The built-in module of an object by its .o.cmd, or None."""
    d, b = os.path.split(obj)
    try:
        first = open(os.path.join(objdir, d, "." + b + ".cmd")).readline()
    except OSError:
        return None
    m = re.search(r"-DKBUILD_MODFILE=['\"]+([^'\"]+)", first)
    if not m:
        return None
    # an object shared by several modules: all those built in
    mods = [os.path.basename(f).replace("-", "_") for f in m.group(1).split()
            if "kernel/%s.ko" % f in builtin]
    return ",".join(mods) or None


def check_modules(objdir, ks, objnames):
    """The table's module of every object against kbuild's own record."""
    builtin = set(open(os.path.join(objdir, "modules.builtin")).read().split())
    bad = [(o, m, builtin_module_of(objdir, o, builtin))
           for o, m in zip(objnames, ks.modules) if o and
           m != builtin_module_of(objdir, o, builtin)]
    for o, got, want in bad[:10]:
        diag("%s: table says module %s, kbuild says %s" % (o, got, want))
    named = sum(1 for m in ks.modules if m)
    result(not bad, "built-in module of every object agrees with .o.cmd and "
           "modules.builtin (%d objects in %d modules)"
           % (named, len({m for m in ks.modules if m})))


def write_symbol_truth(ks, truth, assigned):
    """For the guest's /proc/kallmodsyms test: "ADDR NAME OBJFILE" for
    every kallsyms symbol, "-" where the maps give no single object.
    Written to $OBJFILES_SYMBOLS_OUT if set."""
    out = os.environ.get("OBJFILES_SYMBOLS_OUT")
    if not out:
        return
    seen = set()
    with open(out, "w") as f:
        for i in range(ks.num_syms):
            key = (ks.names[i], ks.addrs[i])
            if key in seen:
                continue
            seen.add(key)
            objs = truth.get(key) if key not in assigned else None
            # a pair several objects define gets a line for each
            for obj in sorted(objs) if objs else ["-"]:
                f.write("%016x %s %s\n" % (ks.addrs[i], ks.names[i], obj))


def write_builtin_objects(objdir, objects):
    """"OBJFILE MODULE" for every object of a built-in module, from its
    .o.cmd (KBUILD_MODFILE) and modules.builtin, to $OBJFILES_BUILTIN_OUT."""
    out = os.environ.get("OBJFILES_BUILTIN_OUT")
    if not out:
        return
    builtin = set(open(os.path.join(objdir, "modules.builtin")).read().split())
    with open(out, "w") as f:
        for obj in sorted(objects):
            mod = builtin_module_of(objdir, obj, builtin)
            if mod:
                f.write("%s %s\n" % (obj, mod))


def write_duplicate_truth(ks, truth):
    """For the guest's qualifier test: "ADDR NAME OBJFILE" for every copy
    of every text name that vmlinux has more than once, objects from the
    maps (not from the table). Written to $OBJFILES_TRUTH_OUT if set."""
    out = os.environ.get("OBJFILES_TRUTH_OUT")
    if not out:
        return
    text = [i for i in range(ks.num_syms) if ks.types[i] in "tT"]
    count = collections.Counter(ks.names[i] for i in text)
    with open(out, "w") as f:
        for i in text:
            name, addr = ks.names[i], ks.addrs[i]
            objs = truth.get((name, addr))
            if count[name] > 1 and objs and len(objs) == 1:
                f.write("%x %s %s\n" % (addr, name, next(iter(objs))))


def main():
    if len(sys.argv) < 2:
        print("usage: objfiles_check.py OBJDIR [fixtures.txt]", file=sys.stderr)
        return 2
    objdir = sys.argv[1]
    fixtures = sys.argv[2] if len(sys.argv) > 2 else None
    config = open(os.path.join(objdir, ".config")).read()
    absolute_percpu = "\nCONFIG_KALLSYMS_ABSOLUTE_PERCPU=y" in "\n" + config

    velf = Elf(os.path.join(objdir, "vmlinux"))
    vsymlist = velf.symbols()
    vsyms = {}
    for name, value, *_ in vsymlist:
        vsyms.setdefault(name, value)
    missing = [l for l in KALLSYMS_LABELS if l not in vsyms]
    if missing:
        result(False, "vmlinux has the kallsyms labels (missing: %s)" % ", ".join(missing))
        return 1
    labels = {l: vsyms[l] for l in KALLSYMS_LABELS}
    order = sorted(KALLSYMS_LABELS, key=lambda l: labels[l])
    if order != KALLSYMS_LABELS:
        diag("label order in .rodata: " + ", ".join(order))
    result(order == KALLSYMS_LABELS, "kallsyms labels are laid out in the expected order")

    ks = Kallsyms(velf, labels, absolute_percpu)
    # every decoded (name, address) must be a symbol of vmlinux
    vkeys = {(name, value) for name, value, *_ in vsymlist}
    unknown = [(ks.names[i], ks.addrs[i]) for i in range(ks.num_syms)
               if (ks.names[i], ks.addrs[i]) not in vkeys]
    for name, addr in unknown[:5]:
        diag("decoded %s %#x is not in vmlinux's symbol table" % (name, addr))
    if not ks.names_markers_ok:
        diag("kallsyms_markers disagree with kallsyms_names")
    result(ks.names_end_ok and ks.names_markers_ok and not unknown,
           "kallsyms tables decode: %d symbols, all in vmlinux's symbol table"
           % ks.num_syms)

    errors = []
    objs, objnames, merr = ks.objfile_tables(errors)
    for e in errors[:10]:
        diag(e)
    result(not errors, "objfile runs and names decode: %d runs over %d symbols, "
           "%d objects" % (ks.runs, ks.num_syms, ks.nobj))
    for e in merr[:10]:
        diag(e)
    result(not merr, "objfile markers consistent with the runs (%d markers)" % ks.nmarkers)

    # ground truth
    lm, tried = pick_final_map(objdir, velf, vsyms)
    for t in tried:
        diag("map does not match vmlinux: " + t)
    if lm is None:
        result(False, "objfile table matches the linker maps (no .tmp_vmlinuxN.map "
               "matches vmlinux; is it being rebuilt?)")
        return 1
    diag("final map: %s" % os.path.basename(lm.path))
    notes = []
    truth, assigned, nobj, nsyms, detail, stale = ground_truth(objdir, velf, lm, notes)
    for n in notes[:10]:
        diag(n)
    for n in stale[:5]:
        diag("stale: " + n)
    if stale:
        diag("%d object sections differ from the maps: the objects changed since "
             "vmlinux was linked, the comparison below is not meaningful" % len(stale))
    diag("ground truth: %d objects, %d placed symbols, %d linker-script assignments"
         % (nobj, nsyms, len(assigned)))

    # the table's answers, grouped by (name, address)
    table = collections.defaultdict(list)
    for i in range(ks.num_syms):
        table[(ks.names[i], ks.addrs[i])].append(i)

    mism = []
    n_ok = n_none = n_assigned = n_pfx = n_ambig = 0
    none_examples = []
    for key in sorted(table, key=lambda k: (k[1], k[0])):
        idxs = table[key]
        got = collections.Counter(objnames[objs[i]] for i in idxs)
        name, addr = key
        if key in assigned or (name in lm.named and ks.types[idxs[0]].isupper()):
            want = collections.Counter({"": len(idxs)})
            n_assigned += len(idxs)
        elif key in truth:
            want = collections.Counter(truth[key])
        elif name.startswith("__pfx_") and (name[6:], addr + 16) in truth:
            want = collections.Counter(truth[(name[6:], addr + 16)])
            n_pfx += len(idxs)
        else:
            want = collections.Counter({"": len(idxs)})
            n_none += len(idxs)
            if len(none_examples) < 5:
                none_examples.append("%s %#x %s" % (name, addr, ks.types[idxs[0]]))
        w = sum(want.values())
        if w < len(idxs):
            want[""] += len(idxs) - w		# more copies than any object has
        if w > len(idxs):
            n_ambig += len(idxs)	# then each answer must be one of them
        bad = got - want
        n_ok += len(idxs) - sum(bad.values())
        if not bad:
            continue
        why = sorted({detail[(name, addr, o)] for o in want
                      if (name, addr, o) in detail})
        show = lambda c: " ".join(sorted(x or "(none)" for x in c.elements()))
        mism.append((name, addr, show(got), show(want), "; ".join(why)))
    check_modules(objdir, ks, objnames)
    write_duplicate_truth(ks, truth)
    write_symbol_truth(ks, truth, assigned)
    write_builtin_objects(objdir, {o for c in truth.values() for o in c if o})
    total = ks.num_syms
    diag("symbols with no object by the maps: %d linker-script assignments, "
         "%d in no object's symbol table" % (n_assigned, n_none))
    if none_examples:
        diag("  e.g. " + "; ".join(none_examples))
    diag("__pfx_ symbols attributed through their function: %d" % n_pfx)
    if n_ambig:
        diag("symbols whose (name, address) more objects define than vmlinux "
             "has copies: %d" % n_ambig)
    for name, addr, got, want, why in mism[:None if os.environ.get("OBJFILES_VERBOSE") else 10]:
        diag("%s %#x: table says %s, maps say %s%s"
             % (name, addr, got, want, " (%s)" % why if why else ""))
    if len(mism) > 10:
        diag("... %d (name, address) pairs disagree in all (OBJFILES_VERBOSE=1 lists them)" % len(mism))
    result(n_ok == total and not stale,
           "objfile table matches the linker maps for %d/%d symbols%s"
           % (n_ok, total, " (objects changed since the link)" if stale else ""))

    # the deliberate duplicates of kallsyms_fixtures
    if fixtures and os.path.exists(fixtures):
        want = collections.defaultdict(collections.Counter)
        # nm's letter for .bss is 'd' where it has contents (parisc)
        bss = [sc for sc in velf.sections if sc["name"] == ".bss"]
        bss_letter = "d" if bss and bss[0]["type"] != SHT_NOBITS else "b"
        for ln in open(fixtures):
            f = ln.split()
            if len(f) < 3 or ln.startswith("#"):
                continue
            if f[1].startswith("kallsyms_fixtures/mod/"):
                continue
            want[f[0]][(f[1], bss_letter if f[2] == "b" else f[2])] += 1
        have = collections.defaultdict(collections.Counter)
        for i in range(ks.num_syms):
            if ks.names[i] in want:
                have[ks.names[i]][(objnames[objs[i]], ks.types[i])] += 1
        bad = []
        for name in sorted(want):
            if have[name] != want[name]:
                bad.append("%s: table has %s, fixtures.txt %s" % (
                    name, sorted(have[name].elements()), sorted(want[name].elements())))
        for b in bad[:10]:
            diag(b)
        result(not bad, "fixture duplicates present with their own objects "
               "(%d copies of %d names)" % (sum(sum(c.values()) for c in want.values()),
                                           len(want)))

    # sizes
    new = [l for l in KALLSYMS_LABELS if "objfile" in l or "builtin_module" in l]
    old = [l for l in KALLSYMS_LABELS if l not in new]
    for i, l in enumerate(KALLSYMS_LABELS[:-1]):	# the rest: label to label
        ks.sizes.setdefault(l, labels[KALLSYMS_LABELS[i + 1]] - labels[l])
    tot_new = sum(ks.sizes[l] for l in new)
    tot_old = sum(ks.sizes[l] for l in old)
    for l in old + new:
        diag("%-30s %9d bytes" % (l, ks.sizes[l]))
    diag("object-file tables: %d bytes for %d symbols and %d objects (%.2f bytes/symbol), "
         "%.1f%% of the existing kallsyms tables' %d bytes"
         % (tot_new, ks.num_syms, ks.nobj, tot_new / max(ks.num_syms, 1),
            100.0 * tot_new / max(tot_old, 1), tot_old))
    return 0 if all(results) else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, ElfError, ValueError, struct.error) as e:
        print("not ok - objfile check could not run: %s" % e)
        sys.exit(1)
