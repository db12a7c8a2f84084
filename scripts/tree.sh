#!/usr/bin/env bash
# Extract Debian's 6.12 source into build/linux as a git repository:
# commit 1 is the pristine tree, then patches/series is applied with
# git am (each set of patches/SET/ tagged set/SET where it ends), then kernel-tree-overlay/ is laid over the work tree (test-only
# files, kept out of every commit so `make export` never sees them).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

extract() {
	[ -f "$SOURCE_TARBALL" ] || die "$SOURCE_TARBALL missing: run 'make deps'"
	step "extracting $(basename "$SOURCE_TARBALL") into ${TREE#$TOP/}"
	rm -rf "$TREE" "$TREE.tmp"
	mkdir -p "$TREE.tmp"
	tar -xf "$SOURCE_TARBALL" -C "$TREE.tmp" --strip-components=1
	mv "$TREE.tmp" "$TREE"
}

kernel_version() {
	make -s -C "$TREE" kernelversion
}

commit_pristine() {
	local deb ver
	ver=$(kernel_version)
	deb=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo unknown)
	step "committing pristine Linux $ver (Debian linux-source-6.12 $deb) as the base"
	git -C "$TREE" init -q -b work
	git -C "$TREE" config core.autocrlf false
	git -C "$TREE" add -A -f .
	# Fixed identity and dates: the base commit id is the same on every
	# machine, so base-commit: lines in patches/ survive a round trip.
	GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" \
	git -C "$TREE" -c user.name=harness -c user.email=harness@localhost \
		commit -q -m "Linux $ver (Debian linux-source-6.12 $deb)"
	git -C "$TREE" tag base
}

apply_series() {
	local p
	[ -f "$PATCHES/series" ] || { step "no patches/series: pristine tree"; return 0; }
	while read -r p; do
		case "$p" in ''|'#'*) continue ;; esac
		step "applying patches/$p"
		if ! git -C "$TREE" am -q --keep-cr "$PATCHES/$p" >"$BUILD/am.log" 2>&1; then
			cat "$BUILD/am.log" >&2
			git -C "$TREE" am --abort >/dev/null 2>&1 || true
			die "patches/$p does not apply (see the failing file above)"
		fi
		tag_set "$p"
	done <"$PATCHES/series"
}

# A set (patches/SET/) ends at the last patch its series lists: tag
# set/SET there, for 'make export' to cut the sets again.
tag_set() {
	local set=${1%/*}
	[ "$set" != "$1" ] || return 0
	[ "$(tail -n 1 "$PATCHES/$set/series")" = "${1##*/}" ] || return 0
	git -C "$TREE" tag -f "set/$set" >/dev/null
}

# The patch-ids of the series as applied, to tell later whether the
# tree has commits of its own (see tree_guard in lib.sh).
record_applied() {
	tree_patch_ids >"$(applied_record)"
}

# sourced by a host test for its functions alone
[ "${BASH_SOURCE[0]}" = "$0" ] || return 0
mkdir -p "$BUILD"
[ -n "${FORCE:-}" ] || tree_guard
extract
commit_pristine
apply_series
record_applied
lay_overlay
step "tree ready: $(git -C "$TREE" rev-list --count base..HEAD) patch(es) on Linux $(kernel_version), in $SECONDS s"
