#!/usr/bin/env bash
# Boot the test kernel in QEMU with the initramfs.
# Usage: boot.sh JOB [LOG]   JOB is demo|test|shell|probe (see tests/guest/init)
# The console goes to the terminal and, when LOG is given, to LOG.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

job=$1 log=${2:-}
kernel=${KERNEL:-$OBJ/$IMAGE}
# KASAN and lockdep under TCG run the guest suite about six times slower;
# TCG emulating another architecture is slower than emulating x86_64
case $VARIANT in
debug) timeout=${BOOT_TIMEOUT:-2700} ;;
arm64 | ppc64le) timeout=${BOOT_TIMEOUT:-1800} ;;
*) timeout=${BOOT_TIMEOUT:-900} ;;
esac
[ -f "$kernel" ] || die "no $kernel: run 'make kernel'"
[ -f "$INITRAMFS" ] || die "no $INITRAMFS: run 'make initramfs'"

# /dev/kvm exists on these machines but a KVM guest may hang: use KVM
# only after a short probe boot has come back (remembered in build/).
# Other architectures' guests are emulated (TCG) with QEMU's CPU model.
accel() {
	local verdict=$BUILD/kvm-probe
	if [ "$GUEST_ARCH" != x86_64 ]; then
		echo "-accel tcg"
		return
	fi
	if [ ! -f "$verdict" ]; then
		echo tcg >"$verdict"
		if [ -w /dev/kvm ] && timeout 20 "${qemu[@]}" -accel kvm -cpu host \
			-append "console=$CONSOLE harness=probe" </dev/null 2>&1 | grep -q 'HARNESS-DONE probe'; then
			echo kvm >"$verdict"
		fi
	fi
	if [ "$(cat "$verdict")" = kvm ]; then echo "-accel kvm -cpu host"; else echo "-accel tcg -cpu max"; fi
}

qemu=("${QEMU[@]}" -m 1024 -smp 2 -nographic -no-reboot -monitor none
	-kernel "$kernel" -initrd "$INITRAMFS")
read -r -a acc <<<"$(accel)"
step "booting $(basename "$kernel") in QEMU (${acc[*]}), job '$job'"
append="console=$CONSOLE panic=-1 oops=panic harness=$job"
if [ "$job" = shell ]; then
	exec "${qemu[@]}" "${acc[@]}" -append "$append"
fi
timeout --foreground "$timeout" "${qemu[@]}" "${acc[@]}" -append "$append" </dev/null |
	tr -d '\r' | tee ${log:+"$log"}
