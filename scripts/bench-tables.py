#!/usr/bin/env python3
"""bench-tables.py ON OFF S_ON S_OFF: the kallsyms tables of two vmlinux
builds (object directories ON and OFF, with and without
CONFIG_KALLSYMS_OBJFILES), as rows "measure<TAB>value<TAB>note" for make
bench (scripts/bench.sh): each table's size from the addresses of its
label in vmlinux (nm -n), cross-checked against the directives of the
final .tmp_vmlinuxN.kallsyms.S (S_ON, S_OFF) and the layout of its .o,
and what the new tables add to .rodata and to text+data+bss.
NM, READELF and SIZE name the (cross) tools."""
import os, re, subprocess, sys

on, off, src_on, src_off = sys.argv[1:5]
# The tables are the labels of the .S; those of 6.12 are the existing ones,
# any other is new.  Those expected missing are reported, extra ones counted.
EXPECT_NEW = ["kallsyms_objfile_runs", "kallsyms_objfile_run_orders",
              "kallsyms_objfile_num_markers", "kallsyms_objfile_markers",
              "kallsyms_objfile_hashes", "kallsyms_objfile_hash_start",
              "kallsyms_objfile_by_hash", "kallsyms_objfile_path_hashes",
              "kallsyms_objfile_num", "kallsyms_objfile_names",
              "kallsyms_objfile_name_index", "kallsyms_objfile_tokens",
              "kallsyms_objfile_token_index"]
EXPECT_OLD = ["kallsyms_names", "kallsyms_markers", "kallsyms_token_table",
              "kallsyms_token_index", "kallsyms_offsets", "kallsyms_relative_base",
              "kallsyms_num_syms", "kallsyms_seqs_of_names"]

def out(*cells):
    print("\t".join(str(c) for c in cells))

def run(*cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout

def nm(path):
    syms = []
    for line in run(os.environ.get("NM", "nm"), "-n", path).splitlines():
        f = line.split()
        if len(f) == 3:
            syms.append((int(f[0], 16), f[2]))
    return syms

def section_size(path, name):
    for line in run(os.environ.get("READELF", "readelf"), "-SW", path).splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if m and m.group(1) == name:
            return int(m.group(2), 16)
    sys.exit("bench: no section %s in %s" % (name, path))

def berkeley(path):
    return int(run(os.environ.get("SIZE", "size"), path).splitlines()[1].split()[3])

def parse_source(src):
    """labels in order; bytes of each table, ALGN padding after it; values; runs"""
    labels, raw, pad, val, runs = [], {}, {}, {}, []
    cur, off_ = None, 0
    for line in open(src):
        if cur == "kallsyms_objfile_runs":
            m = re.search(r"/\* (\d+) runs, (\d+) bits \*/", line)
            if m:
                runs = [int(m.group(1)), int(m.group(2))]
        code = re.sub(r"/\*.*?\*/", "", line).strip()
        if not code or code[0] == "#" or code.startswith((".globl", ".section")):
            continue
        if code.endswith(":"):
            cur = code[:-1]
            labels.append(cur)
            raw[cur], pad[cur] = 0, 0
            continue
        op, args = (code.split(None, 1) + [""])[:2]
        if op == "ALGN":
            n = -off_ % 8
            if cur:
                pad[cur] += n
            off_ += n
            continue
        if op == ".byte":
            n = len(args.split(","))
        elif op == ".short":
            n = 2 * len(args.split(","))
        elif op == ".long":
            n = 4 * len(args.split(","))
            val.setdefault(cur, int(args.split(",")[0], 0))
        elif op in ("PTR", ".quad"):
            n = 8
        elif op == ".asciz":
            n = len(re.sub(r'\\([0-7]{1,3}|x[0-9a-fA-F]+|.)', "x", args[1:-1])) + 1
        else:
            sys.exit("bench: %s: unknown directive: %s" % (src, code))
        raw[cur] += n
        off_ += n
    return labels, raw, pad, val, runs

def layout(vmlinux, labels, obj):
    """size of every table in vmlinux, whether the .o is laid out alike"""
    syms = nm(vmlinux)
    addr = {}
    for a, n in syms:
        if n in labels and n not in addr:
            addr[n] = a
    missing = [n for n in labels if n not in addr]
    if missing:
        sys.exit("bench: labels missing from %s: %s" % (vmlinux, " ".join(missing)))
    order = sorted(labels, key=addr.get)
    oaddr = {n: a for a, n in nm(obj) if n in labels}
    o_end = section_size(obj, ".rodata")
    same = all(n in oaddr and oaddr[n] - oaddr[order[0]] == addr[n] - addr[order[0]]
               for n in labels)
    size = {n: addr[order[i + 1]] - addr[n] for i, n in enumerate(order[:-1])}
    last = order[-1]
    size[last] = o_end - oaddr.get(last, 0)
    gap = next((a for a, _ in syms if a > addr[last]), addr[last]) - addr[last]
    return addr, order, size, gap, same, o_end

labels, raw, pad, val, runs = parse_source(src_on)
obj_on = src_on[:-2] + ".o"
addr, order, size, gap, same, o_end = layout(on + "/vmlinux", labels, obj_on)
OLD = [n for n in order if n in EXPECT_OLD]
NEW = [n for n in order if n not in OLD]
nsyms = val["kallsyms_num_syms"]
nobj = val.get("kallsyms_objfile_num", 0)
name = src_on.split("/")[-1]

out("#", "Symbols and objects (ON build, %s)" % name)
out("kallsyms_num_syms", nsyms, "symbols")
out("kallsyms_objfile_num", nobj, "object paths, incl. entry 0 = no object")
if runs:
    out("runs of kallsyms_objfile_runs", runs[0], "%.2f symbols per run, %.1f bits per run"
        % (nsyms / runs[0], runs[1] / runs[0]))
if val.get("kallsyms_objfile_num_markers"):
    out("kallsyms_objfile_num_markers", val["kallsyms_objfile_num_markers"],
        "one per %d runs" % -(-runs[0] // val["kallsyms_objfile_num_markers"]))
if "kallsyms_num_builtin_modules" in val:
    out("kallsyms_num_builtin_modules", val["kallsyms_num_builtin_modules"], "built-in module names")

def table(names, title, expect):
    out("#", title)
    total = 0
    for n in expect:
        if n not in names:
            out(n, "absent", "not in %s (ODD)" % name)
    for n in names:
        if n == order[-1]:
            note = ".S %d; ends with the .o's .rodata; next vmlinux symbol at +%d" % (raw[n], gap)
            ok = size[n] == raw[n]
        else:
            note = ".S %d + %d align" % (raw[n], pad[n])
            ok = size[n] == raw[n] + pad[n]
        if n not in expect:
            note += "; not in the expected list"
        out(n, size[n], note + ("" if ok else "  MISMATCH"))
        total += size[n]
    return total

new = table(NEW, "New tables (bytes in ON vmlinux: nm -n label differences)", EXPECT_NEW)
old = table(OLD, "Existing tables (bytes in ON vmlinux: nm -n label differences)", EXPECT_OLD)
out("#", "Totals (ON)")
out("new tables", new, "%.3f bytes/symbol, %.1f bytes/object" % (new / nsyms, new / max(nobj, 1)))
# The object files alone, without the built-in module tables (patch 6).
objf = sum(size[n] for n in NEW if n in EXPECT_NEW)
out("  object-file tables alone", objf, "%.3f bytes/symbol, %.1f bytes/object"
    % (objf / nsyms, objf / max(nobj, 1)))
# x86's call padding gives every function a __pfx_ label in its object:
# symbols, but never a run of their own.  Per symbol without them, the
# architectures compare like for like.
pfx = sum(1 for line in open(on + "/System.map") if " __pfx_" in line)
out("  per symbol without __pfx_ labels", "%.3f" % (objf / (nsyms - pfx)),
    "%d of the %d symbols are __pfx_ padding labels (System.map)" % (pfx, nsyms))
out("existing tables", old, "%.3f bytes/symbol" % (old / nsyms))
out("all kallsyms tables", new + old, "%.3f bytes/symbol" % ((new + old) / nsyms))
out("new / existing", "%.2f%%" % (100.0 * new / old))
out("  tables by the .S directives", sum(raw.values()) + sum(pad.values()),
    "= new + existing" if sum(raw.values()) + sum(pad.values()) == new + old else "!= new + existing (ODD)")
out("  final .S is the one in vmlinux", "yes" if same else "NO",
    "label offsets in %s = in nm vmlinux; its .rodata: %d bytes" % (obj_on.split("/")[-1], o_end))

labels_off, _, _, val_off, _ = parse_source(src_off)
_, order_off, size_off, _, same_off, _ = layout(off + "/vmlinux", labels_off, src_off[:-2] + ".o")
old_off = sum(v for n, v in size_off.items() if n in EXPECT_OLD)
out("#", "vmlinux ON vs OFF")
out("symbols OFF", val_off["kallsyms_num_syms"], "ON - OFF = %+d" % (nsyms - val_off["kallsyms_num_syms"]))
out("kallsyms tables OFF", old_off, "existing ON - OFF = %+d; %d tables, new ones: %d%s" %
    (old - old_off, len(labels_off), sum(1 for n in labels_off if n not in EXPECT_OLD),
     "" if same_off else "; .o layout MISMATCH"))
r_off, r_on = section_size(off + "/vmlinux", ".rodata"), section_size(on + "/vmlinux", ".rodata")
out(".rodata OFF (readelf -S)", r_off)
out(".rodata ON", r_on)
out(".rodata growth", r_on - r_off,
    "%+.2f%%; new tables %d, other %+d" % (100.0 * (r_on - r_off) / r_off, new, r_on - r_off - new))
b_off, b_on = berkeley(off + "/vmlinux"), berkeley(on + "/vmlinux")
out("text+data+bss OFF (size)", b_off)
out("text+data+bss ON", b_on, "%+d (%+.3f%%)" % (b_on - b_off, 100.0 * (b_on - b_off) / b_off))
