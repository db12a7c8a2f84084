#!/usr/bin/env bash
# Host test: an object that kbuild compiles for several modules at once
# (-DKBUILD_MODFILE='"dir/a dir/b"') belongs to every one of them that
# is built in, as the built-in module table records it; one that is =m
# (not in modules.builtin) is left out.  scripts/objranges --write-pieces
# on a small relocatable link with such an object.
set -uo pipefail
. "$(dirname "$0")/../../../scripts/lib.sh"

or=$OBJ/scripts/objranges
if [ ! -x "$or" ] || ! grep -q '^CONFIG_KALLSYMS_OBJFILES=y' "$OBJ/.config" 2>/dev/null; then
	echo "ok - # SKIP multi-module objects: no kallsyms build in $OBJ"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/drivers/x"
cd "$tmp" || exit 1
echo 'int kfx_shared(void) { return 1; }' >drivers/x/shared.c
echo 'int kfx_alone(void) { return 2; }' >drivers/x/alone.c
gcc -c -o drivers/x/shared.o drivers/x/shared.c
gcc -c -o drivers/x/alone.o drivers/x/alone.c
# the first listed module is =m: only the others are built in
echo "savedcmd_drivers/x/shared.o := gcc -DKBUILD_MODFILE='\"drivers/x/m-mod drivers/x/m-one drivers/x/mtwo\"' -c -o drivers/x/shared.o drivers/x/shared.c" \
	>drivers/x/.shared.o.cmd
echo "savedcmd_drivers/x/alone.o := gcc -DKBUILD_MODFILE='\"drivers/x/m-mod\"' -c -o drivers/x/alone.o drivers/x/alone.c" \
	>drivers/x/.alone.o.cmd
printf 'kernel/drivers/x/m-one.ko\nkernel/drivers/x/mtwo.ko\n' >modules.builtin
ld -r -Map=vmlinux.o.map -o vmlinux.o drivers/x/shared.o drivers/x/alone.o
"$or" --write-pieces --relocatable-map=vmlinux.o.map --builtin-modules=modules.builtin \
	>vmlinux.o.pieces 2>err || { sed 's/^/# /' err; }
got=$(awk '$1 == "o" && $2 == "drivers/x/shared.o" { print $3 }' vmlinux.o.pieces)
if [ "$got" = "m_one,mtwo" ]; then
	echo "ok - object shared by built-in modules m-one and mtwo (and =m m-mod) gets both: $got"
else
	echo "not ok - object shared by built-in modules m-one and mtwo (and =m m-mod) gets both: got '${got}'"
fi
got=$(awk '$1 == "o" && $2 == "drivers/x/alone.o" { print NF }' vmlinux.o.pieces)
if [ "$got" = 2 ]; then
	echo "ok - object of a module that is not built in gets none"
else
	echo "not ok - object of a module that is not built in gets none (fields: ${got:-no line})"
fi
