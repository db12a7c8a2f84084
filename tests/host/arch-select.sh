#!/usr/bin/env bash
# Host test: ARCH= and VARIANT= as scripts/lib.sh reads them: ARCH
# narrows the variants to one architecture and picks its toolchain,
# image, QEMU and console; a variant of another architecture, or an
# unknown ARCH, is an error that names the choices.
set -uo pipefail
lib=$(cd "$(dirname "$0")/../../scripts" && pwd)/lib.sh

# show ARCH VARIANT: what lib.sh makes of them, or its error
show() {
	(unset ARCH VARIANT; [ -z "$1" ] || export ARCH=$1; [ -z "$2" ] || export VARIANT=$2
	 . "$lib" && echo "$VARIANTS|$VARIANT|$KARCH|$CROSS_COMPILE|$IMAGE|${QEMU[0]}|$CONSOLE|${OBJ##*/}") 2>&1
}
# expect DESC ARCH VARIANT WANT: show's output is WANT
expect() {
	local got
	got=$(show "$2" "$3")
	if [ "$got" = "$4" ]; then
		echo "ok - $1"
	else
		echo "# got:  $got"
		echo "# want: $4"
		echo "not ok - $1"
	fi
}

expect "no ARCH: every variant, ibt by default" "" "" \
	"ibt noibt btf llvm off debug arm64 ppc64le parisc|ibt|x86||arch/x86/boot/bzImage|qemu-system-x86_64|ttyS0|obj-x86_64"
expect "ARCH=x86_64: the five x86_64 variants" x86_64 "" \
	"ibt noibt btf llvm off debug|ibt|x86||arch/x86/boot/bzImage|qemu-system-x86_64|ttyS0|obj-x86_64"
expect "ARCH=x86 (kbuild's name) is ARCH=x86_64" x86 "" \
	"ibt noibt btf llvm off debug|ibt|x86||arch/x86/boot/bzImage|qemu-system-x86_64|ttyS0|obj-x86_64"
expect "ARCH=arm64: the arm64 variant, cross toolchain, Image, virt's PL011" arm64 "" \
	"arm64|arm64|arm64|aarch64-linux-gnu-|arch/arm64/boot/Image|qemu-system-aarch64|ttyAMA0|obj-arm64"
expect "ARCH=powerpc: the ppc64le variant, vmlinux, hvc0" powerpc "" \
	"ppc64le|ppc64le|powerpc|powerpc64le-linux-gnu-|vmlinux|qemu-system-ppc64|hvc0|obj-ppc64le"
expect "ARCH=ppc64le is ARCH=powerpc" ppc64le "" \
	"ppc64le|ppc64le|powerpc|powerpc64le-linux-gnu-|vmlinux|qemu-system-ppc64|hvc0|obj-ppc64le"
expect "VARIANT=noibt without ARCH" "" noibt \
	"ibt noibt btf llvm off debug arm64 ppc64le parisc|noibt|x86||arch/x86/boot/bzImage|qemu-system-x86_64|ttyS0|obj-x86_64-noibt"
expect "ARCH=arm64 VARIANT=llvm refused" arm64 llvm \
	"error: VARIANT=llvm: one of arm64"
expect "ARCH=riscv refused" riscv "" \
	"error: ARCH=riscv: one of x86, arm64, powerpc, parisc"

# make test's default: the variants without the extra role
got=$(unset ARCH VARIANT; . "$lib" && test_variants)
want="ibt btf llvm off debug arm64 ppc64le parisc"
if [ "$got" = "$want" ]; then
	echo "ok - make test's variants leave out the extra role's noibt, take the build role's parisc ($got)"
else
	echo "not ok - make test's variants: got '$got', want '$want'"
fi
