#!/usr/bin/env bash
# Host test of scripts/bench-tables.py, make bench's table measurer, on
# the variant's own build given as both ON and OFF: it runs, sizes every
# new object-file table from vmlinux in agreement with the .S, and finds
# no growth between a build and itself.
set -uo pipefail
. "$(dirname "$0")/../../../scripts/lib.sh"

s=$(ls "$OBJ"/.tmp_vmlinux[1-9]*.kallsyms.S 2>/dev/null | sort -V | tail -n 1)
[ -f "$OBJ/vmlinux" ] && [ -n "$s" ] || { echo "ok - # SKIP bench-tables.py: no $OBJ/vmlinux"; exit 0; }
export NM=${CROSS_COMPILE}nm READELF=${CROSS_COMPILE}readelf SIZE=${CROSS_COMPILE}size
if ! rows=$("$TOP/scripts/bench-tables.py" "$OBJ" "$OBJ" "$s" "$s" 2>&1); then
	echo "$rows" | sed 's/^/# /'
	echo "not ok - bench-tables.py measures the build's tables"
	exit 0
fi
echo "ok - bench-tables.py measures the build's tables ($(echo "$rows" | wc -l) rows)"
missing=
for t in kallsyms_objfile_runs kallsyms_objfile_markers kallsyms_objfile_names kallsyms_objfile_tokens; do
	echo "$rows" | awk -F'\t' -v t="$t" '$1 ~ t && $2 > 0 { f = 1 } END { exit !f }' || missing="$missing $t"
done
if [ -z "$missing" ]; then
	echo "ok - bench-tables.py sizes the object-file tables"
else
	echo "$rows" | sed 's/^/# /'
	echo "not ok - bench-tables.py sizes the object-file tables (missing:$missing)"
fi
growth=$(echo "$rows" | awk -F'\t' '$1 == ".rodata growth" { print $2 }')
if [ "$growth" = 0 ]; then
	echo "ok - bench-tables.py finds no .rodata growth from a build to itself"
else
	echo "not ok - bench-tables.py finds no .rodata growth from a build to itself ($growth)"
fi
