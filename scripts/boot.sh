#!/usr/bin/env bash
# Boot the test kernel in QEMU with the initramfs.
# Usage: boot.sh JOB [LOG]   JOB is demo|test|shell|probe (see tests/guest/init)
# The console goes to the terminal and, when LOG is given, to LOG.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

job=$1 log=${2:-}
kernel=${KERNEL:-$OBJ/$IMAGE}
# the variant's time limits (configs/variants): the whole run, and each
# guest test file (tests/guest/run-tests.sh reads harness_timeout=)
timeout=${BOOT_TIMEOUT:-$BOOT_SECS}
file_timeout=${FILE_TIMEOUT:-$FILE_SECS}
[ -f "$kernel" ] || die "no $kernel: run 'make kernel'"
[ -f "$INITRAMFS" ] || die "no $INITRAMFS: run 'make initramfs'"

# /dev/kvm exists on these machines but a KVM guest may hang: use KVM
# only after a short probe boot has come back (remembered in build/).
# Other architectures' guests are emulated (TCG) with QEMU's CPU model.
accel() {
	local verdict=$BUILD/kvm-probe
	if [ "$DEB_ARCH" != "$HOST_DEB_ARCH" ]; then
		echo "-accel tcg"
		return
	fi
	if [ ! -f "$verdict" ]; then
		echo tcg >"$verdict"
		if [ -w /dev/kvm ] && timeout 20 "${qemu[@]}" -accel kvm -cpu host \
			-append "console=$CONSOLE harness=probe" </dev/null 2>&1 | grep 'HARNESS-DONE probe' >/dev/null; then
			echo kvm >"$verdict"
		fi
	fi
	if [ "$(cat "$verdict")" = kvm ]; then echo "-accel kvm -cpu host"; else echo "-accel tcg -cpu max"; fi
}

qemu=("${QEMU[@]}" -m 1024 -smp 2 -nographic -no-reboot -monitor none
	-kernel "$kernel" -initrd "$INITRAMFS")
read -r -a acc <<<"$(accel)"
step "booting $(basename "$kernel") in QEMU (${acc[*]}), job '$job'"
append="console=$CONSOLE panic=-1 oops=panic harness=$job harness_timeout=$file_timeout"
if [ "$job" = shell ]; then
	exec "${qemu[@]}" "${acc[@]}" -append "$append"
fi
timeout --foreground "$timeout" "${qemu[@]}" "${acc[@]}" -append "$append" </dev/null |
	tr -d '\r' | tee ${log:+"$log"}
