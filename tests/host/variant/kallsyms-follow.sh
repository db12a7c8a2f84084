#!/usr/bin/env bash
# Host test: a later kallsyms pass follows the previous pass's symbols to
# their objects (scripts/kallsyms --objfiles-follow, reading what the
# previous pass saved with --objfiles-save) and gets the tables the
# link's own map gives (the test kernel keeps every link's map:
# VMLINUX_MAP), on every layout, BTF's too.  Symbols that are not the
# previous pass's make kallsyms exit 2, for link-vmlinux.sh to link the
# pass again with a map; a damaged saved file is an error (exit 1).
# Inputs are the test kernel's own, changed on purpose.
set -uo pipefail
. "$(dirname "$0")/../../../scripts/lib.sh"

ks=$OBJ/scripts/kallsyms
or=$OBJ/scripts/objranges
saved1=.tmp_vmlinux1.kallsyms.objfiles
for f in "$ks" "$or" "$OBJ/$saved1" "$OBJ"/.tmp_vmlinux2.{map,syms}; do
	[ -e "$f" ] || { echo "ok - # SKIP follow: no $f"; exit 0; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ksopts=(--all-symbols)
grep -q '^CONFIG_KALLSYMS_ABSOLUTE_PERCPU=y' "$OBJ/.config" && ksopts+=(--absolute-percpu)

# tables SYMS OPTION...: the kallsyms tables of SYMS, objects by OPTION
tables() {
	local syms=$1
	shift
	(cd "$OBJ" && "$ks" "${ksopts[@]}" "$@" "$syms")
}

# follow SYMS [SAVED]: the second pass's tables, following SAVED
follow() {
	tables "$1" --objfiles-follow="${2:-$saved1}" --objfiles-save="$tmp/saved" \
		>"$tmp/out" 2>"$tmp/err"
}

(cd "$OBJ" && "$or" --link-map=.tmp_vmlinux2.map \
	--relocatable-pieces=vmlinux.o.pieces) >"$tmp/mapped"
nsyms=$(wc -l <"$OBJ/.tmp_vmlinux2.syms")
if ! follow .tmp_vmlinux2.syms; then
	echo "not ok - follow: status $?: $(head -n 1 "$tmp/err")"
elif cmp -s "$tmp/out" <(tables .tmp_vmlinux2.syms --objfiles="$tmp/mapped"); then
	echo "ok - follow: the second pass's tables following the first are its map's ($nsyms symbols)"
else
	echo "not ok - follow: the tables differ from those of the second link's map"
fi
if cmp -s "$OBJ/.tmp_vmlinux2.kallsyms.S" "$tmp/out"; then
	echo "ok - follow: the build's second pass made the same tables"
else
	echo "not ok - follow: the build's .tmp_vmlinux2.kallsyms.S differs from a followed pass's"
fi

# expect NAME STATUS PATTERN SYMS [SAVED]: following ends with STATUS, saying PATTERN
expect() {
	follow "$4" "${5:-}"
	local got=$?
	if [ $got -ne "$2" ]; then
		echo "not ok - $1: status $got, not $2: $(head -n 1 "$tmp/err")"
	elif grep -qE "$3" "$tmp/err"; then
		echo "ok - $1: $(head -c 120 "$tmp/err" | head -n 1)"
	else
		echo "not ok - $1: unexpected message: $(head -n 1 "$tmp/err")"
	fi
}

syms2=$OBJ/.tmp_vmlinux2.syms
n=$((nsyms / 2))
sed "${n}p;${n}s/ \\([^ ]*\\)\$/ \\1_new/" "$syms2" >"$tmp/new.syms"
expect "a symbol new in the second link" 2 "[0-9]+ symbols, [0-9]+ there" "$tmp/new.syms"
sed "${n}d" "$syms2" >"$tmp/gone.syms"
expect "a symbol gone from the second link" 2 "[0-9]+ symbols, [0-9]+ there" "$tmp/gone.syms"
sed "${n}s/ \\([^ ]*\\)\$/ \\1_renamed/" "$syms2" >"$tmp/renamed.syms"
expect "a symbol renamed in the second link" 2 "_renamed \\(symbol [0-9]+\\) is new" "$tmp/renamed.syms"

# saved FILE: "NAME OBJECT" of every symbol of a saved file (in its order;
# names from the second pass's System.map, by their hash)
saved() {
	python3 - "$1" "$syms2" <<'PY'
import struct, sys
def fnv(s):
    h = 0xcbf29ce484222325
    for c in s.encode():
        h = ((h ^ c) * 0x100000001b3) & (2**64 - 1)
    return h
names = {fnv(l.split()[2]): l.split()[2] for l in open(sys.argv[2])}
data = open(sys.argv[1], "rb").read()
objs, pos = ["-"], 0
while True:
    end = data.index(b"\n", pos)
    line = data[pos:end].decode()
    pos = end + 1
    if line.startswith("s "):
        count = int(line[2:])
        break
    objs.append(line.split()[1])
for i in range(count):
    h, obj, _ = struct.unpack_from("=QII", data, pos + 16 * i)
    print(names.get(h, "?"), objs[obj])
PY
}

# two neighbours (in the saved order and in the System.map) of different
# objects, with unique names, trade places: each keeps its own object
saved "$OBJ/$saved1" >"$tmp/before"
pair=$(awk 'FILENAME == ARGV[1] { n[FNR] = $1; o[FNR] = $2; c[$1]++; cnt = FNR; next }
	{ line[$3] = FNR }
	END {
		for (i = 1; i < cnt; i++)
			if (o[i] != o[i + 1] && o[i] != "-" && o[i + 1] != "-" && c[n[i]] == 1 && c[n[i + 1]] == 1 &&
			    line[n[i + 1]] == line[n[i]] + 1) { print line[n[i]], n[i], n[i + 1]; exit }
	}' "$tmp/before" "$syms2")
if [ -n "$pair" ]; then
	read -r line a b <<<"$pair"
	sed "${line}s/ $a\$/ $b/;$((line + 1))s/ $b\$/ $a/" "$syms2" >"$tmp/swap.syms"
	follow "$tmp/swap.syms" && saved "$tmp/saved" >"$tmp/after"
	if [ -s "$tmp/after" ] && cmp -s <(sort "$tmp/after") <(sort "$tmp/before") &&
	   ! cmp -s "$tmp/after" "$tmp/before"; then
		echo "ok - $a and $b trade places: each keeps its object"
	else
		echo "not ok - $a and $b trade places: $(head -n 1 "$tmp/err")"
	fi
else
	echo "not ok - no neighbours of different objects in $saved1"
fi

# copies of one name in different objects change places: which is which
# cannot be told, so kallsyms does not follow.  Three neighbours P, Q, R
# become, in the saved file, Q and two copies of P in different objects,
# and in the System.map P, P, Q.
python3 - "$OBJ/$saved1" "$syms2" "$tmp/before" "$tmp/copies" "$tmp/copies.syms" <<'PY' >"$tmp/copies.name"
import struct, sys
saved, syms, before, out, out_syms = sys.argv[1:]
data = bytearray(open(saved, "rb").read())
start = data.index(b"\ns ") + 1
start = data.index(b"\n", start) + 1
rows = [l.split() for l in open(before)]
lines = open(syms).read().splitlines(True)
at = {l.split()[2]: i for i, l in enumerate(lines)}
count = {}
for n, _ in rows:
    count[n] = count.get(n, 0) + 1
for i in range(len(rows) - 2):
    (p, op), (q, oq), (r, _) = rows[i:i + 3]
    if op != oq and "-" not in (op, oq) and all(count[n] == 1 for n in (p, q, r)) and \
       at.get(q) == at[p] + 1 and at.get(r) == at[p] + 2:
        break
else:
    sys.exit(1)
rec = lambda k: struct.unpack_from("=QII", data, start + 16 * k)
hp, objp, _ = rec(i)
hq, objq, _ = rec(i + 1)
for k, (h, o) in enumerate([(hq, objq), (hp, objp), (hp, objq)]):
    struct.pack_into("=QII", data, start + 16 * (i + k), h, o, 0)
open(out, "wb").write(data)
for k, name in enumerate([p, p, q]):
    f = lines[at[p] + k].split()
    lines[at[p] + k] = "%s %s %s\n" % (f[0], f[1], name)
open(out_syms, "w").writelines(lines)
print(p)
PY
if [ -s "$tmp/copies.name" ]; then
	expect "two copies of $(cat "$tmp/copies.name") in different objects change places" 2 \
		"copies of $(cat "$tmp/copies.name") in different objects change places" "$tmp/copies.syms" "$tmp/copies"
else
	echo "not ok - no three neighbours of unique names in $saved1"
fi

# damaged saved files: errors, not a refusal to follow
printf 'o init/x.c\n' >"$tmp/f1"
expect "a saved file whose first object is no .o" 1 "f1:1: not an object or the symbol count" \
	"$syms2" "$tmp/f1"
head -c -8 "$OBJ/$saved1" >"$tmp/f2"
expect "a saved file cut short" 1 "f2: not [0-9]+ symbols after line [0-9]+" "$syms2" "$tmp/f2"
cat "$OBJ/$saved1" <(printf 'x') >"$tmp/f3"
expect "a saved file with bytes after its symbols" 1 "f3: not [0-9]+ symbols" "$syms2" "$tmp/f3"
python3 - "$OBJ/$saved1" "$tmp/f4" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
start = data.index(b"\ns ") + 1
start = data.index(b"\n", start) + 1
data[start + 8:start + 12] = (0xffffffff).to_bytes(4, "little")
open(sys.argv[2], "wb").write(data)
PY
expect "a saved symbol of an object the file does not list" 1 "f4: symbol 0: no object 4294967295" \
	"$syms2" "$tmp/f4"
expect "a missing saved file" 1 "nonexistent: No such file" "$syms2" "$tmp/nonexistent"
