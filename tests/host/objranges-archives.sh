#!/usr/bin/env bash
# Host test: scripts/objranges reads objects that the link took from an
# ordinary archive, as arc, csky, nios2, openrisc and parisc take libgcc.a
# into vmlinux: the map names them "lib.a(member.o)", and the member is
# no file of its own (a thin archive's members, vmlinux.a's, are).
# Members with short and long names (the GNU "//" name table) are read
# where they lie in the archive, and named by their member names.
set -uo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

src=$TREE/scripts/objranges.c
[ -f "$src" ] || { echo "ok - # SKIP archives: no $src (make tree)"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

gcc -O1 -I"$TREE/scripts/include" -o objranges "$src" 2>&1 | sed 's/^/# /'
long=a_member_name_longer_than_sixteen
printf '.text\n.globl main_fn\nmain_fn: call short_fn\ncall long_fn\n' >main.s
# an empty symbol at the end of each member's .text: only the member's
# own symbol table can say whose it is, so objranges must read it
printf '.text\n.globl short_fn\nshort_fn: ret\nshort_end:\n' >short.s
printf '.text\n.globl long_fn\nlong_fn: ret\nlong_end:\n' >$long.s
: >modules.builtin
for f in main short $long; do as -o $f.o $f.s || break; done &&
	ar rcT vmlinux.a main.o && ar rc lib.a short.o $long.o && rm short.o $long.o &&
	ld -r -Map=vmlinux.o.map -o vmlinux.o --whole-archive vmlinux.a --no-whole-archive lib.a ||
	{ echo "not ok - archives: the host's as, ar and ld made no fixture"; exit 0; }
[ -x objranges ] || { echo "not ok - archives: objranges did not build"; exit 0; }

if ! ./objranges --write-pieces --relocatable-map=vmlinux.o.map \
	--builtin-modules=modules.builtin >pieces 2>err; then
	echo "not ok - archives: objranges reads lib.a's members: $(head -n 1 err)"
	exit 0
fi
echo "ok - archives: objranges reads lib.a's members (no file of their own)"
for m in short.o $long.o; do
	if grep -qx "o $m" pieces; then
		echo "ok - archives: member $m is an object of the pieces"
	else
		sed 's/^/# /' pieces | head -20
		echo "not ok - archives: member $m is an object of the pieces"
	fi
done
if grep -qx "e .text 0x1 long_end" pieces; then
	echo "ok - archives: the long-named member's own symbol table is read (long_end at its end)"
else
	echo "not ok - archives: the long-named member's own symbol table is read (long_end at its end)"
fi
