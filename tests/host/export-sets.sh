#!/usr/bin/env bash
# Host test: 'make export' cuts the series into sets at the set/NAME tags
# (patches/NAME/ with its cover letter and series, patches/series over
# all), follows a set's end through a rebase, refuses commits after the
# last set, and 'make tree' (apply_series) applies the sets in order and
# tags them again, on a small git tree.
set -uo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export BUILD=$tmp/build PATCHES=$tmp/patches COVERS=$tmp/covers
. "$(dirname "$0")/../../scripts/tree.sh"

g() { git -C "$TREE" -c user.name=t -c user.email=t@localhost "$@"; }
commit() { echo "$2" >>"$TREE/$1" && g add "$1" && g commit -qm "$1: $2"; }
check() {
	local what=$1
	shift
	if "$@" >"$tmp/out" 2>&1; then echo "ok - export sets: $what"; else
		sed 's/^/# /' "$tmp/out"; echo "not ok - export sets: $what"; fi
}
export_ok() { "$TOP/scripts/export.sh" >"$tmp/export.log" 2>&1; }

mkdir -p "$TREE" "$COVERS"
printf 'the a set\n\nWhy a.\n' >"$COVERS/0-a.txt"
printf 'the b set\n\nWhy b.\n' >"$COVERS/1-b.txt"
g init -q && commit f base && g tag base
commit f one && g tag set/0-a
commit g two && commit g three && g tag set/1-b

check "two sets exported" export_ok
check "patches/series lists the sets' patches in order" \
	test "$(sed 's|/.*||' "$PATCHES/series" | tr '\n' ' ')" = "0-a 1-b 1-b "
check "each set has its series and a cover letter with its subject" \
	grep -q 'Subject: \[PATCH v4 0/2\] the b set' "$PATCHES/1-b/0000-cover-letter.patch"
check "a later set names the earlier ones as prerequisites" \
	grep -q '^prerequisite-patch-id:' "$PATCHES/1-b/0000-cover-letter.patch"
ids=$(series_patch_ids)

# a rebase leaves set/0-a on the old commit: the subject finds the new one
old=$(g rev-parse HEAD)
g reset -q --hard base
GIT_COMMITTER_DATE=2001-01-01T00:00:00Z g cherry-pick "$old~2" "$old~1" "$old" >/dev/null
check "a set's end is followed through a rebase" export_ok
check "... and its tag moved there" test "$(g rev-parse set/0-a)" = "$(g rev-parse HEAD~2)"

commit h four
check "a commit after the last set is refused" eval '! export_ok'
check "... naming the set to extend" grep -q "after the last set (1-b)" "$tmp/export.log"
g reset -q --hard HEAD~1

# apply into a fresh tree: the same patches, the sets tagged again
export_ok
rm -rf "$TREE" && mkdir -p "$TREE" && g init -q && commit f base && g tag base
apply_series >/dev/null 2>&1
check "make tree applies the sets' patches" test "$(tree_patch_ids)" = "$ids"
check "make tree tags each set where it ends" \
	test "$(g rev-parse set/0-a)" = "$(g rev-parse HEAD~2)" -a "$(g rev-parse set/1-b)" = "$(g rev-parse HEAD)"
