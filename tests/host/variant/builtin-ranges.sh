#!/usr/bin/env bash
# Host test: modules.builtin.ranges (CONFIG_BUILTIN_MODULE_RANGES), which
# scripts/objranges makes in the series, is byte for byte what 6.12's
# scripts/generate_builtin_ranges.awk (retired by the series) makes of the
# same build's modules.builtin and linker maps where that awk passes its
# own checker (it does not on parisc), passes 6.12's checker
# scripts/verify_builtin_ranges.awk, and names the test kernel's built-in
# modules.
set -uo pipefail
. "$(dirname "$0")/../../../scripts/lib.sh"

ranges=$OBJ/modules.builtin.ranges
if ! grep -q '^CONFIG_BUILTIN_MODULE_RANGES=y' "$OBJ/.config" 2>/dev/null || [ ! -f "$ranges" ]; then
	echo "ok - # SKIP modules.builtin.ranges: not built in ${OBJ#$TOP/}"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$TREE" show base:scripts/generate_builtin_ranges.awk >"$tmp/awk"
# as scripts/Makefile.vmlinux runs it, from the object directory
(cd "$OBJ" && gawk -f "$tmp/awk" modules.builtin vmlinux.map vmlinux.o.map) >"$tmp/want" 2>"$tmp/err"

# verify RANGES NAME: 6.12's own checker (every System.map symbol the
# ranges place in a module is in that module's objects by the maps, and
# none is missing); sets mismatches and missing
verify() {
	(cd "$OBJ" && gawk -f "$TREE/scripts/verify_builtin_ranges.awk" "$1" \
		System.map modules.builtin vmlinux.map vmlinux.o.map) >"$tmp/verify-$2" 2>&1
	mismatches=$(awk '/^  Mismatches:/ { print $2 }' "$tmp/verify-$2")
	missing=$(awk '/^  Missing:/ { print $2 }' "$tmp/verify-$2")
}

verify "$tmp/want" awk
awk_right=$([ "$mismatches" = 0 ] && [ "$missing" = 0 ] && echo y || echo n)
if cmp -s "$tmp/want" "$ranges"; then
	echo "ok - modules.builtin.ranges is what 6.12's awk makes of the same maps ($(wc -l <"$ranges") lines)"
elif [ "$awk_right" = n ]; then
	# hppa's relative link keeps one output .text per object: 6.12's awk
	# misreads vmlinux.o.map there, and only its checker can judge
	echo "ok - modules.builtin.ranges differs from 6.12's awk, which fails its own checker here (${mismatches:-?} mismatches, ${missing:-?} missing)"
else
	diff "$tmp/want" "$ranges" | head -20 | sed 's/^/# /'
	sed 's/^/# /' "$tmp/err"
	echo "not ok - modules.builtin.ranges is what 6.12's awk makes of the same maps"
fi
verify "$ranges" objranges
if [ "$mismatches" = 0 ] && [ "$missing" = 0 ]; then
	echo "ok - verify_builtin_ranges.awk: no mismatch, nothing missing ($(awk '/Correct matches:/ { print $3 }' "$tmp/verify-objranges") symbols)"
else
	sed 's/^/# /' "$tmp/verify-objranges" | tail -8
	echo "not ok - verify_builtin_ranges.awk: no mismatch, nothing missing (${mismatches:-?} mismatches, ${missing:-?} missing)"
fi
# kunit is built in from several objects in every variant
mods=$(awk '$3 != "=" { print $3 }' "$ranges" | sort -u | tr '\n' ' ')
case " $mods " in
*" kunit "*) echo "ok - modules.builtin.ranges names the built-in modules ($mods)" ;;
*) echo "not ok - modules.builtin.ranges names the built-in modules (kunit missing: $mods)" ;;
esac
