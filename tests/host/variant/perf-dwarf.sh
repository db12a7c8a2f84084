#!/usr/bin/env bash
# Host test: perf probe reads FUNC@OBJFILE.o by debuginfo as FUNC@SRC.c
# (kbuild compiles OBJFILE.o from SRC.c): a line (-L), variables (-V), a
# probe on a line, on a line pattern or with a variable (-D), offline
# (-k) on the variant's vmlinux with the host's perf built with DWARF
# (make perf-dwarf).  Needs DWARF (the btf variant).
set -uo pipefail
. "$(dirname "$0")/../../../scripts/lib.sh"

PERF=$BUILD/perf-dwarf/perf
if ! grep -q '^CONFIG_DEBUG_INFO=y' "$OBJ/.config" 2>/dev/null || [ ! -f "$OBJ/vmlinux" ] ||
	! grep -q '^CONFIG_KALLSYMS_OBJFILES=y' "$OBJ/.config"; then
	echo "ok - # SKIP perf probe by debuginfo: no vmlinux with DWARF in ${OBJ#$TOP/}"
	exit 0
fi
if [ "$DEB_ARCH" != "$HOST_DEB_ARCH" ] || [ ! -x "$PERF" ]; then
	echo "ok - # SKIP perf probe by debuginfo: no ${PERF#$TOP/} for $DEB_ARCH"
	exit 0
fi
F=kfx_dup@kallsyms_fixtures

# probe ARGS...: perf probe's output, offline on the variant's vmlinux
probe() { "$PERF" probe -k "$OBJ/vmlinux" "$@" 2>&1; }
# same WHAT OPTION DEF_O DEF_C: WHAT, the same output of perf probe OPTION
# for the two definitions (but -V's heading, which repeats the request),
# not an error
same() {
	local o c
	o=$(probe "$2" "$3" | grep -v '^Available variables at')
	c=$(probe "$2" "$4" | grep -v '^Available variables at')
	if [ -n "$o" ] && [ "$o" = "$c" ] && [[ $o != *Error* ]]; then
		echo "ok - perf probe $2 '$3': as '$4' ($1)"
	else
		echo "not ok - perf probe $2 '$3': as '$4' ($1)"
		printf '%s\n' "$o" | sed 's/^/# got: /' | head -n 5
	fi
}
# unit OBJECT SOURCE: -L FUNC@OBJECT shows the lines of SOURCE's copy
unit() {
	local head
	head=$(probe -L "$F/$1" | head -n 1)
	[[ $head == "<kfx_dup@"*"/kallsyms_fixtures/$2:"* || $head == "<kfx_dup@kallsyms_fixtures/$2:"* ]] &&
		echo "ok - perf probe -L $F/$1: the lines of $2 ($head)" ||
		echo "not ok - perf probe -L $F/$1: the lines of $2 ($head)"
}
unit a/dup.o a/dup.c
unit b/dup.o b/dup.c
unit dash-dir/dup-obj.o dash-dir/dup-obj.c
same "the function's lines" -L "$F/b/dup.o" "$F/b/dup.c"
same "the variables at a line" -V "$F/b/dup.o:2" "$F/b/dup.c:2"
same "a probe on a line" -D "x=$F/b/dup.o:2" "x=$F/b/dup.c:2"
same "a probe reading a variable" -D "x=$F/b/dup.o:2 kfx_dup_data" "x=$F/b/dup.c:2 kfx_dup_data"
same "a probe on a line pattern" -D "x=$F/b/dup.o;WRITE_ONCE*" "x=$F/b/dup.c;WRITE_ONCE*"
