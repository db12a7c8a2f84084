#!/usr/bin/env bash
# Rewrite patches/ from the commits on top of the base tag in build/linux:
# git format-patch with the cover letter kept, series regenerated.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -d "$TREE/.git" ] || die "no kernel tree: run 'make tree'"
[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] ||
	die "build/linux has uncommitted changes: commit them first"
n=$(git -C "$TREE" rev-list --count base..HEAD)
step "exporting $n commit(s) from build/linux to patches/"
cover=$PATCHES/0000-cover-letter.patch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ ! -f "$cover" ] || cp "$cover" "$tmp/cover"
# only what an export made: the cover letter, the series and its patches
if [ -f "$PATCHES/series" ]; then
	grep -v -e '^#' -e '^$' "$PATCHES/series" | sed "s|^|$PATCHES/|" | xargs -r rm -f
fi
rm -f "$cover" "$PATCHES/series"
[ "$n" -gt 0 ] || exit 0
# Fixed options so that tree -> export -> tree is byte-identical.
git -C "$TREE" format-patch -q --no-signature --zero-commit --abbrev=12 --cover-letter \
	--base=base -o "$PATCHES" base..HEAD
(cd "$PATCHES" && ls [0-9][0-9][0-9][0-9]-*.patch | grep -v '^0000-') >"$PATCHES/series"
"$TOP/scripts/cover.py" "$( [ -f "$tmp/cover" ] && echo "$tmp/cover")" "$cover" \
	$(sed "s|^|$PATCHES/|" "$PATCHES/series")
# patches/ now holds the tree's commits: the tree has none of its own.
tree_patch_ids >"$TREE/.git/kallmodsyms-applied"
