#!/usr/bin/env bash
# Host test: a module link that fails fails the build, with ld's error
# and before the object-file table step (scripts/Makefile.modfinal runs
# objranges and objcopy only after ld succeeded), and a table step that
# fails fails it too, leaving no .ko without its table.  The fixture
# module is built as an external module (M=) in a scratch directory
# against the variant's build, once as it is, then relinked with a
# linker flag ld refuses, then with an objcopy that fails.
set -uo pipefail
. "$(dirname "$0")/../../../scripts/lib.sh"

[ -f "$OBJ/Module.symvers" ] && grep -q '^CONFIG_KALLSYMS_OBJFILES=y' "$OBJ/.config" 2>/dev/null ||
	{ echo "ok - # SKIP failed module link: no module build with the option in $OBJ"; exit 0; }
m=$(mktemp -d)
trap 'rm -rf "$m"' EXIT
cp -r "$TOP/kernel-tree-overlay/kallsyms_fixtures/mod/." "$m/"
if ! kbuild "$OBJ" M="$m" modules >"$m.log" 2>&1; then
	sed 's/^/# /' "$m.log" | tail -n 15
	echo "not ok - the fixture module builds as an external module"
	rm -f "$m.log"
	exit 0
fi
"${CROSS_COMPILE}objdump" -h "$m/kfx_mod.ko" | grep '\.kallsyms_objfiles' >/dev/null &&
	echo "ok - the external fixture module has its object-file table" ||
	echo "not ok - the external fixture module has its object-file table"
kbuild "$OBJ" M="$m" modules LDFLAGS_MODULE=--no-such-linker-flag >"$m.log" 2>&1
status=$?
if [ $status != 0 ] && grep -q 'no-such-linker-flag' "$m.log" && ! grep -qi 'objranges\|objcopy' "$m.log"; then
	echo "ok - a failed module link fails the build with ld's error, no table step after it"
else
	sed 's/^/# /' "$m.log" | tail -n 15
	echo "not ok - a failed module link fails the build with ld's error, no table step after it (status $status)"
fi
rm -f "$m/kfx_mod.ko"
kbuild "$OBJ" M="$m" modules OBJCOPY=false >"$m.log" 2>&1
status=$?
if [ $status != 0 ] && [ ! -e "$m/kfx_mod.ko" ]; then
	echo "ok - a failed table step fails the build and leaves no kfx_mod.ko"
else
	sed 's/^/# /' "$m.log" | tail -n 15
	echo "not ok - a failed table step fails the build and leaves no kfx_mod.ko (status $status)"
fi
rm -f "$m.log"
