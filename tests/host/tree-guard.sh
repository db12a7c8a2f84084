#!/usr/bin/env bash
# Host test: the guard of 'make tree' (tree_guard in scripts/lib.sh) on a
# small git tree: re-extracting is allowed when build/linux holds nothing
# of its own (unchanged, or older than patches/), refused when it holds
# commits or edits that patches/ lacks.
set -uo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export BUILD=$tmp/build PATCHES=$tmp/patches
. "$(dirname "$0")/../../scripts/lib.sh"

g() { git -C "$TREE" -c user.name=t -c user.email=t@localhost "$@"; }
commit() { echo "$2" >>"$TREE/$1" && g add "$1" && g commit -qm "$1: $2"; }
export_series() {
	rm -rf "$PATCHES"
	g format-patch -q --no-signature --zero-commit --cover-letter --base=base \
		-o "$PATCHES" base..HEAD
	(cd "$PATCHES" && ls [0-9]*.patch | grep -v '^0000-') >"$PATCHES/series"
}
# guard WANT DESCRIPTION: tree_guard allows (0) or refuses (1)
guard() {
	local want=$1 got=0
	(tree_guard) >"$tmp/out" 2>&1 || got=1
	if [ "$got" = "$want" ]; then
		echo "ok - make tree guard: $2"
	else
		sed 's/^/# /' "$tmp/out"
		echo "not ok - make tree guard: $2"
	fi
}

mkdir -p "$TREE"
git -C "$TREE" init -q && commit f base && g tag base
commit f one && commit g two
export_series
tree_patch_ids >"$(applied_record)"

guard 0 "an unchanged tree is re-extracted"
echo edit >>"$TREE/f"
guard 1 "a tree with uncommitted edits is refused"
g checkout -q f
commit h mine
guard 1 "a tree with a commit patches/ lacks is refused"
grep -q "make export" "$tmp/out" && echo "ok - make tree guard: the refusal says 'make export'" ||
	echo "not ok - make tree guard: the refusal says 'make export'"
g reset -q --hard HEAD~1
commit g newer && export_series && g reset -q --hard HEAD~1
guard 0 "a tree older than patches/ (after a pull) is re-extracted"
commit h mine
guard 1 "a tree with its own commit and an older series is refused"
grep -q "format-patch" "$tmp/out" && echo "ok - make tree guard: that refusal says how to keep the commits" ||
	echo "not ok - make tree guard: that refusal says how to keep the commits"
