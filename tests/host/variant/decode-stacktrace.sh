#!/usr/bin/env bash
# Host test: scripts/decode_stacktrace.sh on the lines that
# kallsyms.objfile_names=1 prints: NAME@OBJFILE+off/len resolves to that
# copy's file:line, an object path's end as well where it names one copy,
# nothing where it names several; a bare name as before.  Needs DWARF
# (the btf variant).
set -uo pipefail
. "$(dirname "$0")/../../../scripts/lib.sh"

if ! grep -q '^CONFIG_DEBUG_INFO=y' "$OBJ/.config" 2>/dev/null || [ ! -f "$OBJ/vmlinux" ] ||
	! grep -q '^CONFIG_KALLSYMS_OBJFILES=y' "$OBJ/.config"; then
	echo "ok - # SKIP decode_stacktrace.sh: no vmlinux with DWARF in ${OBJ#$TOP/}"
	exit 0
fi
# decode LINE: what decode_stacktrace.sh makes of LINE
decode() {
	echo "[    1.000000] $1" | (cd "$OBJ" && "$TREE/scripts/decode_stacktrace.sh" vmlinux "$TREE" 2>/dev/null)
}
# expect LINE SOURCE: LINE decodes to SOURCE:N (SOURCE "" for unchanged)
expect() {
	local got
	got=$(decode "$1")
	if [ -z "$2" ]; then
		[[ $got != *"("* ]]
	else
		# ccache may hand back objects built in another checkout:
		# their DWARF paths keep that checkout's prefix
		[[ $got == *"($2:"[0-9]* || $got == *"/$2:"[0-9]* ]]
	fi && echo "ok - decode_stacktrace.sh: $1 -> ${2:-unchanged}" ||
		echo "not ok - decode_stacktrace.sh: $1 -> ${2:-unchanged} (got: $got)"
}
expect "kfx_dup@kallsyms_fixtures/a/dup.o+0x4/0x30" kallsyms_fixtures/a/dup.c
expect "kfx_dup@kallsyms_fixtures/b/dup.o+0x4/0x30" kallsyms_fixtures/b/dup.c
expect "kfx_dup@dup-obj.o+0x4/0x30" kallsyms_fixtures/dash-dir/dup-obj.c
expect "kfx_dup@dup.o+0x4/0x30" ""
expect "kfx_dup@kallsyms_fixtures/c/dup.o+0x4/0x30" ""
expect "vfs_read+0x4/0x30" fs/read_write.c
