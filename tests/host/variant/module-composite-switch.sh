#!/usr/bin/env bash
# Host test: a module that changes from several objects to one, and back,
# in one build tree (a branch switch, a bisect) is named by what it is
# now.  "ld -r" of a module of several objects leaves kfx_sw.o.map; once
# kfx_sw.o is built from kfx_sw.c alone, that old map must not split it
# into the objects it no longer has.
set -uo pipefail
. "$(dirname "$0")/../../../scripts/lib.sh"

if ! grep -q '^CONFIG_KALLSYMS_OBJFILES=y' "$OBJ/.config" 2>/dev/null ||
   ! grep -q '^CONFIG_MODULES=y' "$OBJ/.config" || [ ! -f "$OBJ/Module.symvers" ]; then
	echo "ok - # SKIP module composite switch: no object-file tables or modules in ${OBJ#$TOP/}"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dir=$tmp/kfx_sw

# objects KO: the object names of KO's .kallsyms_objfiles, sorted
objects() {
	"${CROSS_COMPILE}readelf" -p .kallsyms_objfiles "$1" 2>/dev/null |
		awk '/\]/ { sub(/^[^]]*\][ \t]*/, ""); print }' | grep '\.o$' | sort | tr '\n' ' '
}
# build HOW: the module built as HOW (several or one), its objects checked
build() {
	local how=$1 want
	rm -f "$dir"/*.c
	if [ "$how" = several ]; then
		printf '#include <linux/module.h>\nint kfx_sw_b(void) { return 2; }\n' >"$dir/b.c"
		printf '#include <linux/module.h>\nint kfx_sw_b(void);\nint kfx_sw_a(void) { return kfx_sw_b(); }\nMODULE_LICENSE("GPL");\nMODULE_DESCRIPTION("switch");\n' >"$dir/a.c"
		printf 'obj-m := kfx_sw.o\nkfx_sw-y := a.o b.o\n' >"$dir/Kbuild"
		want=".module-common.o a.o b.o kfx_sw.mod.o "
	else
		printf '#include <linux/module.h>\nint kfx_sw_one(void) { return 1; }\nMODULE_LICENSE("GPL");\nMODULE_DESCRIPTION("switch");\n' >"$dir/kfx_sw.c"
		printf 'obj-m := kfx_sw.o\n' >"$dir/Kbuild"
		want=".module-common.o kfx_sw.mod.o kfx_sw.o "
	fi
	if ! kbuild "$OBJ" M="$dir" modules >"$tmp/log" 2>&1; then
		tail -n 10 "$tmp/log" | sed 's/^/# /'
		echo "not ok - module composite switch: made of $how object(s), it links"
		return
	fi
	got=$(objects "$dir/kfx_sw.ko")
	if [ "$got" = "$want" ]; then
		echo "ok - module composite switch: made of $how object(s), its objects are $got"
	else
		echo "not ok - module composite switch: made of $how object(s), its objects are '$got', want '$want'"
	fi
}
mkdir -p "$dir"
build several
build one
build several
