#!/usr/bin/env bash
# Configure (tinyconfig + configs/test.config [+ extra fragments]) and
# build bzImage and modules out of tree in build/obj-x86_64.
# Usage: kernel.sh [OBJDIR [FRAGMENT...]]   (defaults: the test kernel)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

obj=${1:-$OBJ}
shift || true
fragments=("$TOP/configs/test.config" "$@")
[ -d "$TREE/.git" ] || die "no kernel tree: run 'make tree'"
kmake() { make -C "$TREE" O="$obj" CC="ccache gcc" HOSTCC="ccache gcc" -j"$(nproc)" "$@"; }

configure() {
	step "configuring ${obj#$TOP/}: tinyconfig + ${fragments[*]#$TOP/}"
	mkdir -p "$obj"
	kmake -s tinyconfig >/dev/null
	"$TREE/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "${fragments[@]}" >"$obj/merge.log"
	kmake -s olddefconfig >/dev/null
	check_fragments
}

# merge_config warns but does not fail when a symbol is dropped.
check_fragments() {
	local line missing=0
	while read -r line; do
		case "$line" in CONFIG_*=*) ;; *) continue ;; esac
		grep -qx -- "$line" "$obj/.config" || { echo "not set: $line" >&2; missing=1; }
	done < <(cat "${fragments[@]}")
	[ $missing = 0 ] || die "config fragment not honoured (dependencies?)"
}

build() {
	step "building bzImage and modules (ccache in $CCACHE_DIR)"
	kmake -s bzImage modules
	step "built $(kmake -s kernelrelease): ${obj#$TOP/}/arch/x86/boot/bzImage"
}

install_modules() {
	step "installing modules into ${obj#$TOP/}/modules-root"
	rm -rf "$obj/modules-root"
	kmake -s INSTALL_MOD_PATH="$obj/modules-root" INSTALL_MOD_STRIP=1 modules_install >/dev/null
}

mkdir -p "$CCACHE_DIR"
configure
build
install_modules
