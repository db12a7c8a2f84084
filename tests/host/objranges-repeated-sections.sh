#!/usr/bin/env bash
# Host test: hppa's "ld -r" makes one output .text per object, all at
# offset 0 (parisc links vmlinux.a, so only the pieces of vmlinux.o are
# made of that map).  scripts/objranges --write-pieces must take such a
# map, list .text as repeated ("a .text") instead of its overlapping
# pieces, and a link that took vmlinux.o must then stop with a clear
# error rather than place objects by pieces that cannot be told apart.
set -uo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

src=$TREE/scripts/objranges.c
[ -f "$src" ] || { echo "ok - # SKIP repeated sections: no $src (make tree)"; exit 0; }
command -v hppa-linux-gnu-ld >/dev/null ||
	{ echo "ok - # SKIP repeated sections: no hppa-linux-gnu-ld (make deps)"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

gcc -O1 -I"$TREE/scripts/include" -o objranges "$src" 2>&1 | sed 's/^/# /'
printf '.text\n.globl a1\na1: nop\nnop\n' >a.s
printf '.text\n.globl b1\nb1: nop\n' >b.s
printf 'SECTIONS { .text 0x10000 : { *(.text) } .data : { *(.data) } .bss : { *(.bss) } }\n' >l.lds
: >modules.builtin
hppa-linux-gnu-as -o a.o a.s && hppa-linux-gnu-as -o b.o b.s &&
	hppa-linux-gnu-ld -r -Map=vmlinux.o.map -o vmlinux.o a.o b.o &&
	hppa-linux-gnu-ld -T l.lds -Map=vmlinux.map -o vmlinux.elf vmlinux.o &&
	hppa-linux-gnu-ld -T l.lds -Map=vmlinux.a.map -o vmlinux.a.elf a.o b.o ||
	{ echo "not ok - repeated sections: hppa's as and ld made no fixture"; exit 0; }
[ -x objranges ] || { echo "not ok - repeated sections: objranges did not build"; exit 0; }
n=$(grep -c '^\.text ' vmlinux.o.map)
[ "$n" -ge 2 ] || echo "# hppa's ld -r made $n output .text (2 expected): the case is not made"

if ./objranges --write-pieces --relocatable-map=vmlinux.o.map \
	--builtin-modules=modules.builtin >pieces 2>err && grep -qx 'a .text' pieces &&
	! grep -qx 's .text' pieces; then
	echo "ok - repeated sections: --write-pieces lists .text as repeated, not its pieces"
else
	sed 's/^/# /' err
	echo "not ok - repeated sections: --write-pieces takes a map with $n output .text"
fi
if ./objranges --link-map=vmlinux.a.map --relocatable-pieces=pieces >ranges 2>err &&
	grep -q '^r ' ranges; then
	echo "ok - repeated sections: a link of the objects (vmlinux.a) reads those pieces"
else
	sed 's/^/# /' err
	echo "not ok - repeated sections: a link of the objects (vmlinux.a) reads those pieces"
fi
if ! ./objranges --link-map=vmlinux.map --relocatable-pieces=pieces >/dev/null 2>err &&
	grep -q 'several output sections .text' err; then
	echo "ok - repeated sections: a link that took vmlinux.o stops ($(cat err))"
else
	echo "not ok - repeated sections: a link that took vmlinux.o stops with a clear error"
fi
