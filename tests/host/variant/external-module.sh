#!/usr/bin/env bash
# Host test: an external module (M=) built against the variant's tree,
# from a directory whose path is longer than an object name may be (255
# bytes), links, and its .kallsyms_objfiles names its objects as its own
# build does (a.o, sub/b.o, kfx_ext.mod.o), none by its absolute path.
set -uo pipefail
. "$(dirname "$0")/../../../scripts/lib.sh"

if ! grep -q '^CONFIG_KALLSYMS_OBJFILES=y' "$OBJ/.config" 2>/dev/null ||
   ! grep -q '^CONFIG_MODULES=y' "$OBJ/.config" || [ ! -f "$OBJ/Module.symvers" ]; then
	echo "ok - # SKIP external module: no object-file tables or modules in ${OBJ#$TOP/}"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
long=$(printf 'd%.0s' $(seq 100))
dir=$tmp/$long/$long/$long/kfx_ext
mkdir -p "$dir/sub"
# one static of the same name in each object: what the table tells apart
for f in a sub/b; do
	cat >"$dir/$f.c" <<-END
	#include <linux/module.h>
	static noinline int kfx_ext_dup(void) { return __LINE__; }
	int kfx_ext_$(basename $f)(void) { return kfx_ext_dup(); }
	END
done
cat >>"$dir/a.c" <<-END
	static int __init kfx_ext_init(void) { return 0; }
	module_init(kfx_ext_init);
	MODULE_LICENSE("GPL");
	MODULE_DESCRIPTION("object-file table of an external module");
END
echo 'obj-m := kfx_ext.o
kfx_ext-y := a.o sub/b.o' >"$dir/Kbuild"
if ! kbuild "$OBJ" M="$dir" modules >"$tmp/log" 2>&1; then
	tail -n 15 "$tmp/log" | sed 's/^/# /'
	echo "not ok - external module from a ${#dir}-byte directory links"
	exit 0
fi
echo "ok - external module from a ${#dir}-byte directory links"
names=$(readelf -p .kallsyms_objfiles "$dir/kfx_ext.ko" 2>/dev/null |
	awk '/\]/ { sub(/^[^]]*\][ \t]*/, ""); print }' | grep '\.o$' | sort | tr '\n' ' ')
case " $names" in
*" /"*) ok= ;;				# an absolute path left
*" a.o "*" sub/b.o "*) ok=y ;;
*) ok= ;;
esac
if [ -n "$ok" ]; then
	echo "ok - its objects named from its own directory ($names)"
else
	echo "not ok - its objects named from its own directory (got: ${names:-none})"
fi
