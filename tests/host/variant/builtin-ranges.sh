#!/usr/bin/env bash
# Host test: modules.builtin.ranges (CONFIG_BUILTIN_MODULE_RANGES) is
# byte for byte what 6.12's scripts/generate_builtin_ranges.awk makes of
# the same build's modules.builtin and linker maps, whichever program of
# the tree made it, and names the built-in modules of the test kernel.
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
if cmp -s "$tmp/want" "$ranges"; then
	echo "ok - modules.builtin.ranges is what 6.12's awk makes of the same maps ($(wc -l <"$ranges") lines)"
else
	diff "$tmp/want" "$ranges" | head -20 | sed 's/^/# /'
	sed 's/^/# /' "$tmp/err"
	echo "not ok - modules.builtin.ranges is what 6.12's awk makes of the same maps"
fi
# kunit is built in from several objects in every variant
mods=$(awk '$2 != "=" { print $3 }' "$ranges" | sort -u | tr '\n' ' ')
case " $mods " in
*" kunit "*) echo "ok - modules.builtin.ranges names the built-in modules ($mods)" ;;
*) echo "not ok - modules.builtin.ranges names the built-in modules (kunit missing: $mods)" ;;
esac
