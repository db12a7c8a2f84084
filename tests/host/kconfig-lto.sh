#!/usr/bin/env bash
# Host test: with Clang ThinLTO, Kconfig does not offer
# CONFIG_KALLSYMS_OBJFILES (the objects are bitcode: the maps cannot say
# where a function came from), so no configuration Kconfig allows asks
# the series for what it cannot do.  Configures only (LLVM=1), builds
# nothing.  Without LTO the same fragment keeps the option: the llvm
# variant is built from it.
set -uo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

[ -d "$TREE/.git" ] || { echo "ok - # SKIP LTO: no kernel tree"; exit 0; }
command -v clang >/dev/null && command -v ld.lld >/dev/null ||
	{ echo "ok - # SKIP LTO: no clang and ld.lld"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One Kconfig run (each run probes clang dozens of times): allnoconfig
# with what tinyconfig merges, the test fragment and the two options
# asked for; a later line overrides an earlier one.
cat "$TREE/kernel/configs/tiny-base.config" "$TREE/kernel/configs/tiny.config" \
	"$TREE/arch/x86/configs/tiny.config" "$TOP/configs/test.config" >"$tmp/all.config"
printf 'CONFIG_LTO_CLANG_THIN=y\nCONFIG_KALLSYMS_OBJFILES=y\n' >>"$tmp/all.config"
# x86 whatever ARCH the run was asked for (make test ARCH=powerpc
# passes it down): the fragment is x86's, and powerpc has no ThinLTO.
make -s -C "$TREE" O="$tmp/o" ARCH=x86 CROSS_COMPILE= LLVM=1 HOSTCC="ccache clang" \
	KCONFIG_ALLCONFIG="$tmp/all.config" allnoconfig >/dev/null 2>&1
cfg=$tmp/o/.config
if ! grep -q '^CONFIG_LTO_CLANG_THIN=y' "$cfg" 2>/dev/null; then
	echo "not ok - ThinLTO configuration for the Kconfig check (CONFIG_LTO_CLANG_THIN not set)"
elif grep -q '^CONFIG_KALLSYMS_OBJFILES=y' "$cfg"; then
	echo "not ok - Kconfig refuses KALLSYMS_OBJFILES under LTO_CLANG_THIN (it was kept)"
else
	echo "ok - Kconfig refuses KALLSYMS_OBJFILES under LTO_CLANG_THIN"
fi
