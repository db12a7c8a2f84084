#!/usr/bin/env bash
# Install the Debian packages the harness needs; quick when all are there.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

pkgs=(linux-source-6.12 qemu-system-x86 busybox-static flex bison bc
	libelf-dev libssl-dev cpio ccache gcc make libc6-dev kmod xz-utils
	rsync python3 python3-ply git file perl clang lld llvm)

missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} = 0 ]; then
	step "dependencies: all ${#pkgs[@]} packages present"
	exit 0
fi
sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
[ -z "$sudo" ] || command -v sudo >/dev/null || die "not root and no sudo: install ${missing[*]} by hand"
step "installing ${missing[*]}"
$sudo apt-get update -qq || die "apt-get update failed"
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
	die "apt-get install failed for: ${missing[*]}"
