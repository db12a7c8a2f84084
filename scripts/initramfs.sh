#!/usr/bin/env bash
# Build the busybox-static initramfs: /init, the guest tests, static test
# helpers (tests/guest/bin/*.c), the kernel's ftrace selftests, the
# kernel modules, facts taken from the build (System.map, linker map),
# once built (make perf) the series' perf and, for a variant with the
# tools role, Debian's bpftrace and trace-cmd; with the suites role, the
# livepatch selftests and the Debian programs they need.  UNPATCHED=1
# (lib.sh): only the test of the kernel's own suites.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

root=${INITRAMFS%.cpio.gz}
[ -f "$OBJ/System.map" ] || die "no kernel build: run 'make kernel'"
[ -f "$BUSYBOX" ] || die "no $BUSYBOX: run 'make deps'"
file -L "$BUSYBOX" | grep 'statically linked' >/dev/null || die "$BUSYBOX is not static: install busybox-static"

lay_base() {
	step "laying out the initramfs in ${root#$TOP/}"
	rm -rf "$root"
	mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,lib,etc,root,harness/t,harness/host,harness/bin}
	cp "$BUSYBOX" "$root/bin/busybox"
	ln -s busybox "$root/bin/sh"
	cp "$TOP/tests/guest/init" "$root/init"
	cp "$TOP"/tests/guest/*.sh "$TOP/tests/tap-file.sh" "$root/harness/"
	if [ -n "${UNPATCHED:-}" ]; then
		(cd "$TOP/tests/guest/t" && cp ${GUEST_TESTS:-$SUITE_TESTS} "$root/harness/t/")
	elif has_role off && [ -z "${GUEST_TESTS:-}" ]; then
		# the option off: the tests that hold in both configurations
		(cd "$TOP/tests/guest/t" && cp $(off_guest_tests) "$root/harness/t/")
	else
		# GUEST_TESTS: only those (a glob), when working on a few
		(cd "$TOP/tests/guest/t" && cp ${GUEST_TESTS:-*.sh} "$root/harness/t/")
	fi
	printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/sh\n' >"$root/etc/passwd"
	printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
	chmod +x "$root/init"
}

# Helpers are C programs built statically with the guest's GNU compiler
# (the host's own for a guest of the host's architecture).
build_helpers() {
	local c
	for c in "$TOP"/tests/guest/bin/*.c; do
		[ -e "$c" ] || continue
		step "compiling guest helper $(basename "$c" .c) (static, ${CROSS_COMPILE}gcc)"
		"${CROSS_COMPILE}gcc" -static -O2 -Wall -Werror -o "$root/harness/bin/$(basename "$c" .c)" "$c"
	done
}

add_selftests() {
	step "adding the kernel's ftrace selftests"
	cp -r "$TREE/tools/testing/selftests/ftrace" "$root/harness/ftrace"
}

add_modules() {
	local ko
	if [ -d "$OBJ/modules-root/lib/modules" ]; then
		step "adding kernel modules"
		cp -r "$OBJ/modules-root/lib/modules" "$root/lib/"
	fi
	# the external test module (kernel.sh), stripped as modules_install does
	if [ -f "$OBJ/kfx_ext/kfx_ext.ko" ]; then
		"${CROSS_COMPILE}strip" --strip-debug -o "$root/harness/kfx_ext.ko" "$OBJ/kfx_ext/kfx_ext.ko"
	fi
	# copies of the fixture module with its object-file table damaged
	ko=$(find "$root/lib/modules" -name kfx_mod.ko 2>/dev/null | head -n 1)
	if [ -n "$ko" ] && "${CROSS_COMPILE}objdump" -h "$ko" | grep '\.kallsyms_objfiles' >/dev/null; then
		step "adding fixture modules with damaged object-file tables"
		mkdir -p "$root/harness/bad-modules"
		OBJCOPY=${CROSS_COMPILE}objcopy "$TOP/scripts/gen-bad-modtables.py" "$ko" "$root/harness/bad-modules" \
			>"$root/harness/bad-modules/reasons"
	fi
}

# Ground truth from the build, for guest tests to compare against.
# config_fact OPTION FILE: host/FILE says y or n, CONFIG_OPTION=y or not
config_fact() {
	if grep -q "^CONFIG_$1=y" "$OBJ/.config"; then echo y; else echo n; fi \
		>"$root/harness/host/$2"
}

add_host_facts() {
	step "adding host facts (System.map, vmlinux.map, duplicate names)"
	cp "$OBJ/System.map" "$root/harness/host/System.map"
	cp "$TOP/tests/qualifier-errnos.txt" "$root/harness/host/"
	# y or n: which column of that table the guest asserts
	config_fact KALLSYMS_OBJFILES objfiles-option
	# y or n: whether stack traces name each frame's object file
	config_fact KALLSYMS_OBJFILES_BACKTRACE objfiles-backtrace
	# 6.12's default output, or on 6.12 the request to record it (guest 75)
	if [ -n "${UNPATCHED:-}" ]; then
		: >"$root/harness/host/record-defaults"
	elif [ -f "$(defaults_base)" ]; then
		cp "$(defaults_base)" "$root/harness/host/defaults-6.12.txt.gz"
	fi
	[ ! -f "$OBJ/vmlinux.map" ] || cp "$OBJ/vmlinux.map" "$root/harness/host/"
	[ ! -f "$OBJ/modules.builtin" ] || cp "$OBJ/modules.builtin" "$root/harness/host/"
	"$TOP/scripts/dup-names.sh" "$OBJ/System.map" >"$root/harness/host/dup-text-names"
	"$TOP/scripts/gen-hostile-probes.py" 2400 1 >"$root/harness/host/hostile-probes.txt"
	# every copy of every duplicated text name, with its object per the maps
	# and every symbol's object, and the objects of built-in modules
	OBJFILES_TRUTH_OUT="$root/harness/host/dup-text-objects" \
	OBJFILES_SYMBOLS_OUT="$root/harness/host/symbol-objects" \
	OBJFILES_BUILTIN_OUT="$root/harness/host/builtin-objects" \
		python3 "$TOP/tests/host/objfiles_check.py" "$OBJ" >/dev/null 2>&1 || true
	[ -s "$root/harness/host/dup-text-objects" ] || : >"$root/harness/host/dup-text-objects"
	# ELFv2 (ppc64le): "ADDR OFFSET" of each function whose local entry
	# point is OFFSET bytes past its symbol (the global entry)
	"${CROSS_COMPILE}readelf" -sW "$OBJ/vmlinux" |
		awk '/FUNC/ && match($0, /<localentry>: [0-9]+/) {
			print $2, substr($0, RSTART + 14, RLENGTH - 14) }' >"$root/harness/host/local-entries"
	cp "$TOP/kernel-tree-overlay/kallsyms_fixtures/fixtures.txt" "$root/harness/host/"
	# the fixtures' kfx_dup when built in (probe-able, deterministic)
	awk '$2 == "kfx_dup" { f = $2 } !f && !n && $2 !~ /^_/ { n = $2 }
		END { print f ? f : n }' "$root/harness/host/dup-text-names" >"$root/harness/host/dup-name"
}

# the series' perf (make perf), for a variant with the perf role, and
# the vmlinux (debuginfo stripped) that perf test "vmlinux symtab matches
# kallsyms" puts where perf looks for it
add_perf() {
	local perf
	perf=$(perf_dir)/perf
	has_role perf || return 0
	[ -x "$perf" ] || return 0
	step "adding perf (${perf#$TOP/}) and vmlinux"
	cp "$perf" "$root/bin/perf"
	"${CROSS_COMPILE}objcopy" --strip-debug "$OBJ/vmlinux" "$root/harness/host/vmlinux"
	# the series' perf probe test and the perftool-testsuite it is part
	# of, run by 66 where bash is (suites role)
	mkdir -p "$root/harness/perf-tests/base_probe"
	cp -r "$TREE/tools/perf/tests/shell/common" "$root/harness/perf-tests/"
	cp "$TREE/tools/perf/tests/shell/base_probe/test_adding_objfile.sh" \
		"$root/harness/perf-tests/base_probe/"
	add_perf_dwarf
}

# the host's perf with DWARF (make perf-dwarf) and the vmlinux with its
# DWARF (sections compressed), for a variant built with debuginfo: perf
# probe by debuginfo on the running kernel (71-perf-dwarf.sh)
add_perf_dwarf() {
	local perf=$BUILD/perf-dwarf/perf
	[ "$DEB_ARCH" = "$HOST_DEB_ARCH" ] && [ -x "$perf" ] || return 0
	grep -q '^CONFIG_DEBUG_INFO=y' "$OBJ/.config" || return 0
	step "adding perf with DWARF (${perf#$TOP/}) and vmlinux with its DWARF"
	cp "$perf" "$root/bin/perf-dwarf"
	objcopy --compress-debug-sections=zlib "$OBJ/vmlinux" "$root/harness/host/vmlinux-dwarf"
	# one vmlinux in the guest's memory: perf test's reads its symbols alone
	ln -sf vmlinux-dwarf "$root/harness/host/vmlinux"
}

# add_host_program PROGRAM DIR: the host's PROGRAM (Debian's) into DIR
# of the guest, with the shared libraries and loader it names at the
# same paths
add_host_program() {
	local bin lib
	bin=$(command -v "$1") || die "no $1 on the host: run 'make deps'"
	step "adding $bin and its libraries"
	mkdir -p "$root$2"
	cp "$bin" "$root$2/"
	for lib in $(ldd "$bin" | grep -o '/[^ ]*'); do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
}

# Debian's tracing tools, for a variant with the tools role
add_tools() {
	has_role tools && [ "$DEB_ARCH" = "$HOST_DEB_ARCH" ] || return 0
	add_host_program bpftrace /usr/bin
	add_host_program trace-cmd /usr/bin
}

# the livepatch selftests as kernel.sh built them, and what they run
# that busybox lacks (bash; date --rfc-3339; sysctl --values; stat
# --format; getconf; modinfo and insmod as kmod prints them; readlink -e
# for perf's base_probe tests), in a
# directory of their own so no other test sees them
add_suites() {
	local bin
	has_role suites && [ "$DEB_ARCH" = "$HOST_DEB_ARCH" ] || return 0
	step "adding the livepatch selftests"
	mkdir -p "$root/harness/suites"
	cp -r "$OBJ/selftests-livepatch" "$root/harness/suites/livepatch"
	for bin in bash date sysctl stat getconf modinfo insmod readlink; do add_host_program $bin /harness/suites/bin; done
}

pack() {
	step "packing ${INITRAMFS#$TOP/}"
	(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) | gzip -1 >"$INITRAMFS"
}

lay_base
build_helpers
add_selftests
add_modules
add_host_facts
add_perf
add_tools
add_suites
pack
