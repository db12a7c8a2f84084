#!/usr/bin/env bash
# Host test: with Clang ThinLTO, Kconfig does not offer
# CONFIG_KALLSYMS_OBJFILES (the objects are bitcode: the maps cannot say
# where a function came from), so no configuration Kconfig allows asks
# the series for what it cannot do.  Configures only (LLVM=1), builds
# nothing.
set -uo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

[ -d "$TREE/.git" ] || { echo "ok - # SKIP LTO: no kernel tree"; exit 0; }
command -v clang >/dev/null && command -v ld.lld >/dev/null ||
	{ echo "ok - # SKIP LTO: no clang and ld.lld"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'CONFIG_LTO_CLANG_THIN=y\nCONFIG_KALLSYMS_OBJFILES=y\n' >"$tmp/lto.config"
kl() { make -s -C "$TREE" O="$tmp/o" LLVM=1 "$@" >/dev/null 2>&1; }
kl tinyconfig && (cd "$tmp/o" && "$TREE/scripts/kconfig/merge_config.sh" -m -O . .config \
	"$TOP/configs/test.config" "$tmp/lto.config") >/dev/null 2>&1 && kl olddefconfig
cfg=$tmp/o/.config
if ! grep -q '^CONFIG_LTO_CLANG_THIN=y' "$cfg" 2>/dev/null; then
	echo "not ok - ThinLTO configuration for the Kconfig check (CONFIG_LTO_CLANG_THIN not set)"
elif grep -q '^CONFIG_KALLSYMS_OBJFILES=y' "$cfg"; then
	echo "not ok - Kconfig refuses KALLSYMS_OBJFILES under LTO_CLANG_THIN (it was kept)"
else
	echo "ok - Kconfig refuses KALLSYMS_OBJFILES under LTO_CLANG_THIN"
fi
