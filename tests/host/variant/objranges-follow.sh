#!/usr/bin/env bash
# Host test: scripts/objranges --follow, which makes the account of the
# later kallsyms passes from the first pass's instead of a map, gives
# every symbol of the second pass the object that the second link's own
# map gives it (the test kernel keeps every link's map: VMLINUX_MAP), and
# answers 2, for link-vmlinux.sh to link again with a map, whenever the
# second link moved more than the kallsyms tables (always with BTF: the
# second link adds the first one's .BTF).  Inputs are the test kernel's
# own, changed on purpose.
set -uo pipefail
. "$(dirname "$0")/../../../scripts/lib.sh"

ks=$OBJ/scripts/kallsyms
or=$OBJ/scripts/objranges
for f in "$ks" "$or" "$OBJ"/.tmp_vmlinux1.{objranges,syms} "$OBJ"/.tmp_vmlinux2.{map,syms}; do
	[ -e "$f" ] || { echo "ok - # SKIP follow: no $f"; exit 0; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ksopts=(--all-symbols)
grep -q '^CONFIG_KALLSYMS_ABSOLUTE_PERCPU=y' "$OBJ/.config" && ksopts+=(--absolute-percpu)

# follow SYMS: the second pass's account, from the first's, given SYMS
follow() {
	(cd "$OBJ" && "$or" --follow=.tmp_vmlinux1.objranges \
		--previous-symbols=.tmp_vmlinux1.syms --symbols="$1") >"$tmp/out" 2>"$tmp/err"
}

# tables ACCOUNT: the kallsyms tables of the second pass with ACCOUNT
tables() { (cd "$OBJ" && "$ks" "${ksopts[@]}" --objfiles="$1" .tmp_vmlinux2.syms); }

follow .tmp_vmlinux2.syms
status=$?
(cd "$OBJ" && "$or" --link-map=.tmp_vmlinux2.map \
	--relocatable-pieces=vmlinux.o.pieces) >"$tmp/mapped"
if grep -q '^CONFIG_DEBUG_INFO_BTF=y' "$OBJ/.config"; then
	# link-vmlinux.sh adds the BTF of the first link to the second: a
	# link that moved more than the kallsyms tables, linked again with
	# a map (objfiles.sh checks the result)
	if [ $status = 2 ] && grep -q '__start_BTF' "$tmp/err"; then
		echo "ok - follow: the second link adds .BTF, so the pass links again with a map ($(head -n 1 "$tmp/err" | cut -c1-80))"
	else
		echo "not ok - follow: a BTF kernel's second link answers 2 for __start_BTF (status $status: $(head -n 1 "$tmp/err"))"
	fi
elif [ $status -ne 0 ]; then
	echo "not ok - follow: status $status: $(head -n 1 "$tmp/err")"
elif cmp -s <(tables "$tmp/out") <(tables "$tmp/mapped"); then
	echo "ok - follow: the second pass's tables from the first pass's account are its map's ($(wc -l <"$OBJ/.tmp_vmlinux2.syms") symbols)"
else
	echo "not ok - follow: the tables differ from those of the second link's map"
fi

# expect NAME STATUS PATTERN SYMS: --follow ends with STATUS, saying PATTERN
expect() {
	follow "$4"
	local got=$?
	if [ $got -ne "$2" ]; then
		echo "not ok - $1: status $got, not $2: $(head -n 1 "$tmp/err")"
	elif grep -qE "$3" "$tmp/err" && [ ! -s "$tmp/out" ]; then
		echo "ok - $1: $(head -c 120 "$tmp/err" | head -n 1)"
	else
		echo "not ok - $1: unexpected message: $(head -n 1 "$tmp/err")"
	fi
}

syms2=$OBJ/.tmp_vmlinux2.syms
n=$(($(wc -l <"$syms2") / 2))
sed "${n}p;${n}s/ \\([^ ]*\\)\$/ \\1_new/" "$syms2" >"$tmp/new.syms"
expect "a symbol new in the second link" 2 "[0-9]+ symbols, [0-9]+ before" "$tmp/new.syms"
sed "${n}d" "$syms2" >"$tmp/gone.syms"
expect "a symbol gone from the second link" 2 "[0-9]+ symbols, [0-9]+ before" "$tmp/gone.syms"
sed "${n}s/ \\([^ ]*\\)\$/ \\1_renamed/" "$syms2" >"$tmp/renamed.syms"
expect "a symbol renamed in the second link" 2 "_renamed is new" "$tmp/renamed.syms"

# two neighbours of different objects trade places (a reordered link)
pair=$(python3 - "$OBJ/.tmp_vmlinux1.objranges" "$OBJ/.tmp_vmlinux1.syms" <<'PY'
import bisect, collections, sys
ranges = [l.split() for l in open(sys.argv[1]) if l.startswith("r ")]
starts = [int(r[1], 16) for r in ranges]
syms = [l.split() for l in open(sys.argv[2])]
count = collections.Counter(s[2] for s in syms)
def obj(addr):
    i = bisect.bisect_right(starts, addr) - 1
    return ranges[i][3] if i >= 0 and addr < int(ranges[i][2], 16) else None
for i in range(len(syms) - 1):
    a, b = syms[i], syms[i + 1]
    oa, ob = obj(int(a[0], 16)), obj(int(b[0], 16))
    if oa and ob and oa != ob and a[0] != b[0] and count[a[2]] == count[b[2]] == 1:
        print(i + 1, a[2], b[2])
        break
PY
)
if [ -n "$pair" ]; then
	read -r line a b <<<"$pair"
	sed "${line}s/ $a\$/ $b/;$((line + 1))s/ $b\$/ $a/" "$syms2" >"$tmp/swap.syms"
	expect "$a and $b trade places" 2 "would (change object|meet)" "$tmp/swap.syms"
else
	echo "not ok - no neighbours of different objects in .tmp_vmlinux1.syms"
fi

sed "${n}s/^[0-9a-f]*/nothex/" "$syms2" >"$tmp/bad.syms"
expect "a line that is no System.map's" 1 "bad\\.syms:$n: not a System.map line" "$tmp/bad.syms"
sed "${n}s/^[0-9a-f]*/ffffffffffffffff/" "$OBJ/.tmp_vmlinux1.syms" >"$tmp/order-prev.syms"
(cd "$OBJ" && "$or" --follow=.tmp_vmlinux1.objranges --previous-symbols="$tmp/order-prev.syms" \
	--symbols=.tmp_vmlinux2.syms) >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -eq 1 ] && grep -q "order-prev\\.syms:$((n + 1)): not by address" "$tmp/err"; then
	echo "ok - previous symbols out of order: $(head -n 1 "$tmp/err")"
else
	echo "not ok - previous symbols out of order: status $status: $(head -n 1 "$tmp/err")"
fi
