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
