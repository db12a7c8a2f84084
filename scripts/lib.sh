# Shared by the harness scripts: paths and the step banner.
# Sourced, not run.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
TREE=$BUILD/linux
OBJ=$BUILD/obj-x86_64
INITRAMFS=$BUILD/initramfs.cpio.gz
SOURCE_TARBALL=${SOURCE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
# ccache lives outside the repository so a fresh clone still hits it.
export CCACHE_DIR=${CCACHE_DIR:-/var/cache/kallmodsyms-ccache}
# A fixed build timestamp keeps init/version.o cacheable across builds.
export KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-2024-11-17}
export KBUILD_BUILD_USER=kallmodsyms KBUILD_BUILD_HOST=harness

step() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Out-of-tree kbuild of $TREE: kbuild OBJDIR [MAKE ARGUMENTS...]
# (the same make line as kernel.sh's kmake, with the object dir explicit).
kbuild() {
	local obj=$1
	shift
	make -C "$TREE" O="$obj" CC="ccache gcc" HOSTCC="ccache gcc" -j"$(nproc)" "$@"
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
