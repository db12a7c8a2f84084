#!/usr/bin/env bash
# Build perf from the patched tree's tools/perf, static, for VARIANT's
# architecture (lib.sh perf_dir: build/perf/perf for the host's, else
# build/perf-DEBARCH/perf, cross-compiled with the variant's toolchain
# against the -dev packages its pkgs column names).  Built in: what the
# guest tests use (libelf for perf probe, libtraceevent for perf record
# of probe events); left out: what Debian ships no static library for,
# and what needs a toolchain the tests do not use.
#
# PERF_DWARF=1: the host's perf with DWARF (libdw) instead, in
# build/perf-dwarf/perf, for the host tests that read a vmlinux's
# debuginfo (tests/host/variant/perf-dwarf.sh); the guests' perf stays
# without, as the kernel suites' 6.12 perf is built.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

PERF_OBJ=$(perf_dir)
PERF_OPTS=(NO_LIBPERL=1 NO_LIBPYTHON=1 NO_SLANG=1 NO_GTK2=1 NO_LIBUNWIND=1
	NO_JEVENTS=1 NO_LIBNUMA=1 NO_LIBCAP=1 NO_LIBCRYPTO=1
	NO_LIBBABELTRACE=1 NO_LIBPFM4=1 NO_DEMANGLE=1 NO_LIBBPF=1 BUILD_BPF_SKEL=0
	NO_SDT=1 NO_LIBDEBUGINFOD=1 NO_LIBLLVM=1)
if [ "${PERF_DWARF:-0}" = 1 ]; then
	[ "$DEB_ARCH" = "$HOST_DEB_ARCH" ] || die "PERF_DWARF=1: the host's architecture only"
	PERF_OBJ=$BUILD/perf-dwarf
else
	PERF_OPTS+=(NO_LIBDW_DWARF_UNWIND=1 NO_DWARF=1 NO_LIBZSTD=1 NO_LZMA=1)
fi
cross=()
[ -z "$CROSS_COMPILE" ] || cross=(ARCH="$KARCH" CROSS_COMPILE="$CROSS_COMPILE")

[ -e "$TREE/.git" ] || die "no kernel tree: run 'make tree'"
step "building perf from ${TREE#$TOP/}/tools/perf into ${PERF_OBJ#$TOP/}/perf (static, $DEB_ARCH${PERF_DWARF:+, DWARF})"
mkdir -p "$PERF_OBJ"
# the perf program alone: the dlfilter plugins are shared objects
if ! make -s -C "$TREE/tools/perf" O="$PERF_OBJ" -j"$(nproc)" CC="ccache ${CROSS_COMPILE}gcc" \
	"${cross[@]}" LDFLAGS=-static WERROR=1 "${PERF_OPTS[@]}" "$PERF_OBJ/perf" \
	>"$PERF_OBJ/build.log" 2>&1; then
	tail -n 30 "$PERF_OBJ/build.log"
	die "perf did not build (log: ${PERF_OBJ#$TOP/}/build.log)"
fi
# has SYMBOL WHAT: perf has the library function SYMBOL, which WHAT needs
# (a cross-built perf cannot run here, so its symbols say)
has() {
	"${CROSS_COMPILE}nm" "$PERF_OBJ/perf" | grep " T $1\$" >/dev/null || die "perf built without $2"
}
has elf_begin "libelf: perf probe needs it"
has tep_alloc "libtraceevent: perf record of probe events needs it"
[ "${PERF_DWARF:-0}" != 1 ] || has dwarf_begin "libdw: perf probe's reading of debuginfo needs it"
step "built ${PERF_OBJ#$TOP/}/perf"
