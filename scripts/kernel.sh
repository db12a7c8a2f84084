#!/usr/bin/env bash
# Configure (tinyconfig + configs/test.config + the architecture's and the
# variant's fragments [+ extra fragments]) and build the boot image and
# modules out of tree in the variant's object directory (its objdir in
# configs/variants).
# Usage: kernel.sh [OBJDIR [FRAGMENT...]]   (defaults: the test kernel)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

obj=${1:-$OBJ}
shift || true
fragments=("$TOP/configs/test.config" "$ARCH_CONFIG" "$VARIANT_CONFIG" "$@")
[ -d "$TREE/.git" ] || die "no kernel tree: run 'make tree'"
configure() {
	local new=$obj/.config.new
	step "configuring ${obj#$TOP/}: tinyconfig + ${fragments[*]#$TOP/}"
	kconfig_generate "$obj" "$new" tinyconfig "${fragments[@]}"
	# an unchanged .config keeps its timestamp: nothing is rebuilt for it
	if cmp -s "$new" "$obj/.config"; then rm -f "$new"; else mv "$new" "$obj/.config"; fi
}

build() {
	step "building $IMAGE_TARGET and modules, variant $VARIANT (${TOOLCHAIN[*]}, ccache in $CCACHE_DIR)"
	kbuild "$obj" -s "$IMAGE_TARGET" modules
	step "built $(kbuild "$obj" -s kernelrelease): ${obj#$TOP/}/$IMAGE"
}

install_modules() {
	step "installing modules into ${obj#$TOP/}/modules-root"
	rm -rf "$obj/modules-root"
	kbuild "$obj" -s INSTALL_MOD_PATH="$obj/modules-root" INSTALL_MOD_STRIP=1 modules_install >/dev/null
}

mkdir -p "$CCACHE_DIR"
configure
build
install_modules
