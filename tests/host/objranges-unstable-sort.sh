#!/usr/bin/env bash
# Host test: scripts/objranges makes the same output whatever order its
# qsort() leaves equal elements in (glibc's is stable, musl's and the
# BSDs' are not).  An object with an empty .text.x at the offset where
# the next object's .text.x begins is a tie under a compare by section and
# offset alone; objranges is built twice, with glibc's qsort and with
# tests/host/lib/revsort.c (ties in reverse order), and both must accept
# the maps and agree byte for byte.
set -uo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

src=$TREE/scripts/objranges.c
[ -f "$src" ] || { echo "ok - # SKIP unstable qsort: no $src (make tree)"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

build() { gcc -O1 -I"$TREE/scripts/include" -o "$@" "$src" 2>&1 | sed 's/^/# /'; }
build objranges-glibc
build objranges-unstable "$TOP/tests/host/lib/revsort.c"
printf '.section .text.x,"ax"\n' >a.s
printf '.section .text.x,"ax"\n.globl bfn\nbfn: .byte 0xc3\n' >b.s
printf 'SECTIONS { .text 0x10000 : { *(.text.x) } }\n' >l.lds
: >modules.builtin
as -o a.o a.s && as -o b.o b.s && ld -r -Map=vmlinux.o.map -o vmlinux.o a.o b.o &&
	ld -T l.lds -Map=vmlinux.a.map -o vmlinux.a.elf a.o b.o ||
	{ echo "not ok - unstable qsort: the host's as and ld made no fixture"; exit 0; }
[ -x objranges-glibc ] && [ -x objranges-unstable ] ||
	{ echo "not ok - unstable qsort: objranges did not build"; exit 0; }

# check NAME ARGS...: both builds succeed on ARGS and write the same
check() {
	local name=$1 v
	shift
	for v in glibc unstable; do
		if ! ./objranges-$v "$@" >"$v.out" 2>"$v.err"; then
			echo "not ok - unstable qsort: $name with $v's order: $(head -n 1 "$v.err")"
			return
		fi
	done
	if cmp -s glibc.out unstable.out; then
		echo "ok - unstable qsort: $name is the same with ties in either order"
	else
		diff glibc.out unstable.out | head -5 | sed 's/^/# /'
		echo "not ok - unstable qsort: $name differs with ties in reverse order"
	fi
}
check "--write-pieces (an empty piece where the next begins)" \
	--write-pieces --relocatable-map=vmlinux.o.map --builtin-modules=modules.builtin
check "--link-map (an empty section where the next begins)" --link-map=vmlinux.a.map
