#!/usr/bin/env bash
# Host test: scripts/decode_stacktrace.sh on the frames that
# CONFIG_KALLSYMS_OBJFILES_BACKTRACE prints, "NAME+off/len (OBJFILE)":
# a repeated name resolves to that object's copy, and the annotation is
# kept after the source line; a frame whose object has no such copy is
# left as it was; a name with one copy, and a bare frame, decode as
# before.  Needs DWARF (the btf variant).
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
		[[ $got != *".c:"[0-9]* ]]
	else
		# ccache may hand back objects built in another checkout:
		# their DWARF paths keep that checkout's prefix
		[[ $got == *"($2:"[0-9]* || $got == *"/$2:"[0-9]* ]]
	fi && echo "ok - decode_stacktrace.sh: $1 -> ${2:-unchanged}" ||
		echo "not ok - decode_stacktrace.sh: $1 -> ${2:-unchanged} (got: $got)"
}
expect "kfx_dup+0x4/0x30 (kallsyms_fixtures/a/dup.o)" kallsyms_fixtures/a/dup.c
expect "kfx_dup+0x4/0x30 (kallsyms_fixtures/b/dup.o)" kallsyms_fixtures/b/dup.c
expect "kfx_dup+0x4/0x30 (kallsyms_fixtures/dash-dir/dup-obj.o)" kallsyms_fixtures/dash-dir/dup-obj.c
expect "kfx_dup+0x4/0x30 (kallsyms_fixtures/c/dup.o)" ""
expect "vfs_read+0x4/0x30 (fs/read_write.o)" fs/read_write.c
expect "vfs_read+0x4/0x30" fs/read_write.c
# a name with one copy decodes whatever its object (a function defined
# in a header has a source file that is not its object's)
expect "vfs_read+0x4/0x30 (fs/other.o)" fs/read_write.c
# the annotation stays after the decoded frame
got=$(decode "kfx_dup+0x4/0x30 (kallsyms_fixtures/b/dup.o)")
[[ $got == *"dup.c:"[0-9]*") (kallsyms_fixtures/b/dup.o)" ]] &&
	echo "ok - decode_stacktrace.sh keeps the frame's object after its source line" ||
	echo "not ok - decode_stacktrace.sh keeps the frame's object after its source line (got: $got)"
