# Shared by the harness scripts: paths and the step banner.
# Sourced, not run.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
TREE=$BUILD/linux
PATCHES=${PATCHES:-$TOP/patches}
# The test kernel comes in variants (configs/variant-NAME.config): on
# x86_64 ibt (GNU ld, final link from vmlinux.o), noibt (GNU ld, final
# link from vmlinux.a), llvm (clang and ld.lld), debug (KASAN, kmemleak,
# lockdep); arm64 and ppc64le (GNU cross toolchains, final link from
# vmlinux.a) are one variant each.  ARCH=x86_64|arm64|powerpc narrows
# every target to one architecture: make test ARCH=arm64.
VARIANTS="ibt noibt llvm debug arm64 ppc64le"
# variant_arch VARIANT: the architecture a variant builds for
variant_arch() {
	case $1 in arm64 | ppc64le) echo "$1" ;; *) echo x86_64 ;; esac
}
case ${ARCH:-} in
"") ;;
x86 | x86_64) ARCH_ONLY=x86_64 ;;
arm64 | aarch64) ARCH_ONLY=arm64 ;;
powerpc | ppc64le) ARCH_ONLY=ppc64le ;;
*) printf 'error: ARCH=%s: one of x86_64, arm64, powerpc\n' "$ARCH" >&2; exit 1 ;;
esac
if [ -n "${ARCH_ONLY:-}" ]; then
	VARIANTS=$(for v in $VARIANTS; do [ "$(variant_arch "$v")" != "$ARCH_ONLY" ] || echo "$v"; done)
	VARIANTS=$(echo $VARIANTS)
fi
VARIANT=${VARIANT:-${VARIANTS%% *}}
case " $VARIANTS " in *" $VARIANT "*) ;; *)
	printf 'error: VARIANT=%s: one of %s\n' "$VARIANT" "$VARIANTS" >&2; exit 1 ;;
esac
GUEST_ARCH=$(variant_arch "$VARIANT")
# each variant builds and packs into its own directories
case $VARIANT in
ibt) OBJ=$BUILD/obj-x86_64 ;;
arm64 | ppc64le) OBJ=$BUILD/obj-$VARIANT ;;
*) OBJ=$BUILD/obj-x86_64-$VARIANT ;;
esac
INITRAMFS=$OBJ.initramfs.cpio.gz
VARIANT_CONFIG=$TOP/configs/variant-$VARIANT.config
ARCH_CONFIG=$TOP/configs/arch-$GUEST_ARCH.config
SOURCE_TARBALL=${SOURCE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
# ccache lives outside the repository so a fresh clone still hits it,
# wherever the clone is: paths under the clone are hashed as relative.
export CCACHE_DIR=${CCACHE_DIR:-/var/cache/kallmodsyms-ccache}
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$TOP}
# A fixed build timestamp keeps init/version.o cacheable across builds.
export KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-2024-11-17}
export KBUILD_BUILD_USER=kallmodsyms KBUILD_BUILD_HOST=harness

# The architecture: kbuild's ARCH, the cross compiler prefix, the image
# QEMU boots, QEMU itself, the console, and Debian's name of the
# architecture (for its busybox-static: scripts/deps.sh).
case $GUEST_ARCH in
x86_64)
	KARCH=x86_64 CROSS_COMPILE= IMAGE=arch/x86/boot/bzImage DEB_ARCH=amd64
	QEMU=(qemu-system-x86_64) CONSOLE=ttyS0 ;;
arm64)
	KARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- IMAGE=arch/arm64/boot/Image DEB_ARCH=arm64
	# pauth-impdef: TCG's architected pointer authentication is slow
	QEMU=(qemu-system-aarch64 -M virt -cpu max,pauth-impdef=on) CONSOLE=ttyAMA0 ;;
ppc64le)
	KARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- IMAGE=vmlinux DEB_ARCH=ppc64el
	QEMU=(qemu-system-ppc64 -M pseries -cpu power9) CONSOLE=hvc0 ;;
esac
IMAGE_TARGET=${IMAGE##*/}
# The guest's busybox-static: the host's on x86_64, else Debian's
# package of the guest architecture, unpacked by scripts/deps.sh.
if [ "$GUEST_ARCH" = x86_64 ]; then
	BUSYBOX=$(command -v busybox || echo /bin/busybox)
else
	BUSYBOX=$BUILD/busybox-$DEB_ARCH/bin/busybox
fi

# The compilers of the variant, through ccache.
if [ "$VARIANT" = llvm ]; then
	TOOLCHAIN=(LLVM=1 CC="ccache clang" HOSTCC="ccache clang")
elif [ -n "$CROSS_COMPILE" ]; then
	TOOLCHAIN=(ARCH="$KARCH" CROSS_COMPILE="$CROSS_COMPILE"
		CC="ccache ${CROSS_COMPILE}gcc" HOSTCC="ccache gcc")
else
	TOOLCHAIN=(CC="ccache gcc" HOSTCC="ccache gcc")
fi

# bench_report LAYOUT: the report make bench writes for a link layout
# (scripts/bench.sh), which scripts/bench-guest.sh adds to
bench_report() {
	case $1 in
	ibt) echo "$BUILD/bench-objfiles.txt" ;;
	*) echo "$BUILD/bench-objfiles-$1.txt" ;;
	esac
}

step() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Out-of-tree kbuild of $TREE: kbuild OBJDIR [MAKE ARGUMENTS...]
# (the same make line as kernel.sh's kmake, with the object dir explicit).
kbuild() {
	local obj=$1
	shift
	make -C "$TREE" O="$obj" "${TOOLCHAIN[@]}" -j"$(nproc)" "$@"
}

# kconfig_check CONFIG FRAGMENT...: every "CONFIG_X=v" and "# CONFIG_X is
# not set" line of the fragments is in CONFIG.  merge_config.sh only
# warns when a dependency drops a symbol; this fails, naming the lines.
kconfig_check() {
	local config=$1 line missing=0
	shift
	while read -r line; do
		case "$line" in CONFIG_*=* | "# CONFIG_"*" is not set") ;; *) continue ;; esac
		grep -qx -- "$line" "$config" || { echo "not set: $line" >&2; missing=1; }
	done < <(cat "$@")
	return $missing
}

# kconfig_generate OBJDIR OUT BASE FRAGMENT...: write to OUT (an absolute
# path) the configuration that the *config target BASE plus the fragments
# give in OBJDIR, then olddefconfig, and check the fragments stuck.
# OBJDIR/.config is left alone, so a caller can compare before replacing
# it (an unchanged .config keeps its timestamp and nothing is rebuilt).
kconfig_generate() {
	local obj=$1 out=$2 base=$3
	shift 3
	mkdir -p "$obj"
	KCONFIG_CONFIG=$out kbuild "$obj" -s "$base" >/dev/null
	# merge_config.sh makes its temporary files in the current directory.
	(cd "$obj" && KCONFIG_CONFIG=$out "$TREE/scripts/kconfig/merge_config.sh" -m -O "$obj" "$out" "$@") >"$out.merge.log"
	KCONFIG_CONFIG=$out kbuild "$obj" -s olddefconfig >/dev/null
	kconfig_check "$out" "$@" || die "config fragments not honoured in ${out#$TOP/} (dependencies?)"
}

# patch-ids (content, not commit ids or dates) of the commits on top of
# the base tag in $TREE, and of the patches in $PATCHES/series.
tree_patch_ids() {
	git -C "$TREE" log --reverse -p --format='commit %H' base..HEAD |
		git patch-id --stable | cut -d' ' -f1
}
series_patch_ids() {
	local p
	[ -f "$PATCHES/series" ] || return 0
	grep -v '^#' "$PATCHES/series" | while read -r p; do
		[ -n "$p" ] && git patch-id --stable <"$PATCHES/$p" | cut -d' ' -f1
	done
}

# tree_guard: may $TREE be thrown away and made again from $PATCHES?
# Yes if it holds nothing of its own: no uncommitted edits, and its
# commits are either the series in $PATCHES or the series as applied
# when the tree was made (then $PATCHES is newer: a git pull).  No,
# with what to do, if it has commits of its own.
tree_guard() {
	local now applied series
	[ -d "$TREE/.git" ] || return 0
	[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] ||
		die "build/linux has uncommitted changes: commit them, 'make export', or FORCE=1 to drop them"
	now=$(tree_patch_ids)
	series=$(series_patch_ids)
	[ "$now" != "$series" ] || return 0
	applied=$(cat "$TREE/.git/kallmodsyms-applied" 2>/dev/null || echo none)
	if [ "$now" = "$applied" ]; then
		step "patches/ is newer than build/linux, which has no commits of its own"
		return 0
	fi
	if [ "$applied" = "$series" ]; then
		die "build/linux has commits that patches/ lacks: 'make export' (then commit patches/), or FORCE=1 to drop them"
	fi
	die "build/linux has commits of its own and patches/ changed since it was made: keep yours with 'git -C build/linux format-patch -o build/my-work base..HEAD', then FORCE=1 make tree and git am what you need"
}
