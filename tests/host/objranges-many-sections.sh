#!/usr/bin/env bash
# Host test: scripts/objranges reads objects with more than 65,279
# sections (ELF extended numbering: e_shnum 0, e_shstrndx SHN_XINDEX,
# symbols' sections in SHT_SYMTAB_SHNDX), as .vmlinux.export.o has on a
# kernel with about 22,000 exports (three sections each with
# MODVERSIONS).  An object of 70,001 one-byte sections ends one of them
# (index past 65,535) with an empty symbol, where the next section
# begins: only the object's own symbol table can say whose it is, so
# objranges must claim it.
set -uo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

or=$OBJ/scripts/objranges
[ -x "$or" ] || { echo "ok - # SKIP many sections: no $or (build the $VARIANT variant)"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# sections .t.1 ... .t.70001 of one byte; "big_end" at the end of .t.70000
awk 'BEGIN {
	for (i = 1; i <= 70000; i++) printf ".section .t.%d,\"a\"\n.byte 0\n", i
	print "big_end:"
	print ".section .t.70001,\"a\"\n.byte 1"
}' >big.s
as -o big.o big.s && printf 'SECTIONS { .rodata 0x10000 : { *(.t.*) } }\n' >big.lds &&
	ld -o big.elf -T big.lds -Map=big.map big.o ||
	{ echo "not ok - many sections: the host's as and ld made no fixture"; exit 0; }
shnum=$(readelf -h big.o | sed -n 's/.*Number of section headers: *\([0-9]*\).*/\1/p')

# .t.N lands at 0x10000 + N - 1: big_end at 0x10000 + 70000
want="x $(printf '%x' $((0x10000 + 70000))) 1 big_end"
if ! "$or" --link-map=big.map >out 2>err; then
	echo "not ok - many sections: objranges failed: $(head -n 1 err)"
elif grep -qx "$want" out; then
	echo "ok - many sections (e_shnum $shnum): the empty symbol in section 70,003 is claimed ($want)"
else
	echo "not ok - many sections (e_shnum $shnum): no claim '$want' ($(grep -c '^x ' out) claims)"
fi
