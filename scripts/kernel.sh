#!/usr/bin/env bash
# Configure (tinyconfig + configs/test.config + the architecture's and the
# variant's fragments [+ extra fragments]) and build the boot image and
# modules out of tree in the variant's object directory (its objdir in
# configs/variants); for a variant with the suites role, the livepatch
# selftests' modules too.  UNPATCHED=1 (lib.sh): Linux 6.12 without the
# series, its options left out of the fragments.
# Usage: kernel.sh [OBJDIR [FRAGMENT...]]   (defaults: the test kernel)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

obj=${1:-$OBJ}
shift || true
fragments=("$TOP/configs/test.config" "$ARCH_CONFIG" "$VARIANT_CONFIG" "$@")
[ -e "$TREE/.git" ] || die "no kernel tree: run 'make tree'"

# without_series_options: the fragments, each kept to the options that
# 6.12's own Kconfig files define (the series' are not there), written
# beside the object directory
without_series_options() {
	local f out=$obj/fragments-6.12 known
	mkdir -p "$out"
	known=$out/options
	find "$TREE" -name 'Kconfig*' -not -path '*/tools/*' -exec sed -n 's/^\(menu\)\{0,1\}config \([A-Z0-9_]*\).*/\2/p' {} + |
		sort -u >"$known"
	for f in "${fragments[@]}"; do
		awk 'NR == FNR { k[$1] = 1; next }
		     { s = $0; sub(/^# /, "", s); sub(/^CONFIG_/, "", s); sub(/[= ].*/, "", s) }
		     !/CONFIG_/ || (s in k)' "$known" "$f" >"$out/${f##*/}"
		echo "$out/${f##*/}"
	done
}
[ -z "${UNPATCHED:-}" ] || mapfile -t fragments < <(without_series_options)

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

# the livepatch selftests (tools/testing/selftests/livepatch) with their
# modules built against this kernel, out of tree, and their one program
build_livepatch_selftests() {
	local dir=$obj/selftests-livepatch
	has_role suites || return 0
	step "building the livepatch selftests' modules in ${dir#$TOP/}"
	rm -rf "$dir"
	cp -r "$TREE/tools/testing/selftests/livepatch" "$dir"
	kbuild "$obj" -s M="$dir/test_modules" modules
	"${CROSS_COMPILE}gcc" -static -O2 -o "$dir/test_klp-call_getpid" "$dir/test_klp-call_getpid.c"
}

# tests/guest/extmod built against this kernel, out of tree (M=), whose
# objects are named from its own directory (core.o, 9x/digit.o)
build_external_module() {
	local dir=$obj/kfx_ext
	grep -q '^CONFIG_MODULES=y' "$obj/.config" || return 0
	step "building the external test module in ${dir#$TOP/}"
	rm -rf "$dir"
	cp -r "$TOP/tests/guest/extmod" "$dir"
	kbuild "$obj" -s M="$dir" modules
}

mkdir -p "$CCACHE_DIR"
configure
build
install_modules
build_external_module
build_livepatch_selftests
