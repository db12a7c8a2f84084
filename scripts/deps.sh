#!/usr/bin/env bash
# Install the Debian packages the harness needs, and unpack the static
# busybox of each foreign guest architecture into build/; quick when all
# are there.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# the common packages, and each variant's own (configs/variants)
pkgs=(linux-source-6.12 busybox-static flex bison bc
	libelf-dev zlib1g-dev libtraceevent-dev libssl-dev cpio ccache gcc make libc6-dev kmod xz-utils
	libdw-dev libzstd-dev liblzma-dev libbz2-dev
	rsync python3 python3-ply python3-git git file perl gawk
	$(variant_rows | awk -v c=$COL_PKGS '{ gsub(",", " ", $c); print $c }' | tr ' ' '\n' | sort -u))
# Debian's names of the guest architectures other than the host's
# (a build-only variant's is -: it needs no guest packages)
foreign=($(variant_rows | awk -v c=$COL_DEB -v h="$HOST_DEB_ARCH" '$c != h && $c != "-" { print $c }' | sort -u))

sudo=
[ "$(id -u)" = 0 ] || sudo=sudo

need_root() {
	[ -z "$sudo" ] || command -v sudo >/dev/null || die "not root and no sudo: $*"
}

# apt_update: a mirror in the middle of a sync can fail one index (seen:
# bookworm-security's ppc64el Packages.xz, "File has unexpected size");
# the other indexes are still read, so the install that follows decides
apt_update() {
	$sudo apt-get update -qq && return 0
	echo "warning: apt-get update failed for some index; trying the install with the others" >&2
}

install_packages() {
	local p missing=()
	for p in "${pkgs[@]}"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep 'install ok installed' >/dev/null || missing+=("$p")
	done
	if [ ${#missing[@]} = 0 ]; then
		step "dependencies: all ${#pkgs[@]} packages present"
		return
	fi
	need_root "install ${missing[*]} by hand"
	step "installing ${missing[*]}"
	apt_update
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
		die "apt-get install failed for: ${missing[*]}"
}

# add_architectures: dpkg knows every foreign guest architecture, so
# that packages named PKG:ARCH (a variant's pkgs) and busybox-static:ARCH
# can be found; apt-get update only if one was added
add_architectures() {
	local arch added=
	for arch in "${foreign[@]}"; do
		dpkg --print-foreign-architectures | grep -x "$arch" >/dev/null && continue
		need_root "dpkg --add-architecture $arch by hand"
		step "adding Debian architecture $arch"
		$sudo dpkg --add-architecture "$arch"
		added=1
	done
	[ -z "$added" ] || apt_update
}

# busybox_of ARCH: Debian's busybox-static of ARCH, unpacked (not
# installed) into build/busybox-ARCH; the guest of that architecture
# takes its bin/busybox (lib.sh BUSYBOX).
busybox_of() {
	local arch=$1 dir=$BUILD/busybox-$1
	[ ! -x "$dir/bin/busybox" ] || return 0
	step "unpacking busybox-static:$arch into ${dir#$TOP/}"
	rm -rf "$dir.tmp"
	mkdir -p "$dir.tmp"
	(cd "$dir.tmp" && apt-get download -qq -o APT::Sandbox::User=root "busybox-static:$arch") ||
		die "apt-get download busybox-static:$arch failed"
	dpkg-deb -x "$dir.tmp"/busybox-static_*.deb "$dir.tmp/root"
	mkdir -p "$dir/bin"
	cp "$dir.tmp/root/bin/busybox" "$dir/bin/busybox"
	rm -rf "$dir.tmp"
}

add_architectures
install_packages
for arch in "${foreign[@]}"; do busybox_of "$arch"; done
