#!/usr/bin/env bash
# Rewrite patches/ from the commits on top of the base tag in build/linux,
# one directory per set (a series a maintainer tree takes on its own):
# the set that ends at tag set/NAME goes to patches/NAME/ with its cover
# letter (the subject and blurb from Documentation/cover-letters/NAME.txt)
# and its series file; patches/series lists every set's patches in order
# for quilt and 'make tree'.  'make tree' makes the tags from patches/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

COVERS=${COVERS:-$TOP/Documentation/cover-letters}
# the version of the posting: [PATCH vN]
SERIES_VERSION=${SERIES_VERSION:-4}

g() { git -C "$TREE" "$@"; }

# set_end TAG: the last commit of the set, on HEAD's history.  A rebase
# leaves the tag on the old commit: then the commit with its subject.
set_end() {
	local tag=$1 subject ends
	if g merge-base --is-ancestor "$tag" HEAD; then
		g rev-parse "$tag^{commit}"
		return
	fi
	subject=$(g log -1 --format=%s "$tag")
	ends=$(g log --format='%H %s' base..HEAD | awk -v s="$subject" \
		'substr($0, 42) == s { print $1 }')
	[ "$(echo "$ends" | grep -c .)" = 1 ] ||
		die "$tag (\"$subject\") is not on build/linux's branch once: git -C build/linux tag -f $tag COMMIT"
	g tag -f "$tag" "$ends" >/dev/null
	echo "$ends"
}

# remove_exported: only what an export made (the series' patches, and
# each set's series file and cover letter)
remove_exported() {
	local p d
	[ -f "$PATCHES/series" ] || return 0
	grep -v -e '^#' -e '^$' "$PATCHES/series" >"$tmp/old"
	sed "s|^|$PATCHES/|" "$tmp/old" | xargs -r rm -f
	for d in $(grep / "$tmp/old" | sed 's|/[^/]*$||' | sort -u); do
		rm -f "$PATCHES/$d/series" "$PATCHES/$d/0000-cover-letter.patch"
		rmdir "$PATCHES/$d" 2>/dev/null || true
	done
	rm -f "$PATCHES/series" "$PATCHES/0000-cover-letter.patch"
}

# recipients FROM TO: to_cc=(--to=... --cc=...), the maintainers and
# reviewers of what FROM..TO touches, and its lists, from MAINTAINERS
recipients() {
	local who author
	author=$(g log -1 --format=%ae "$2")
	to_cc=()
	g diff "$1" "$2" >"$tmp/set.diff"
	while read -r who; do
		to_cc+=("--to=$who")
	done < <(get_maintainer --no-l | grep -v -F "$author")
	while read -r who; do
		to_cc+=("--cc=$who")
	done < <(get_maintainer --no-m --no-r)
}
get_maintainer() {
	(cd "$TREE" && PATH=/usr/bin:$PATH perl scripts/get_maintainer.pl --no-git \
		--no-git-fallback --no-rolestats --no-s "$@" "$tmp/set.diff")
}

# export_set NAME FROM TO: the commits FROM..TO into patches/NAME/
export_set() {
	local name=$1 from=$2 to=$3 dir=$PATCHES/$1
	[ -f "$COVERS/$name.txt" ] ||
		die "no cover letter text for set $name: write ${COVERS#$TOP/}/$name.txt (subject line, blank line, blurb)"
	step "exporting set $name: $(g rev-list --count "$from..$to") patch(es)"
	mkdir -p "$dir"
	recipients "$from" "$to"
	# Fixed options so that tree -> export -> tree is byte-identical;
	# --base names 6.12 and, as prerequisite-patch-ids, the earlier sets.
	g format-patch -q --no-signature --zero-commit --abbrev=12 --cover-letter \
		--subject-prefix="PATCH v$SERIES_VERSION" --base=base "${to_cc[@]}" \
		-o "$dir" "$from..$to"
	(cd "$dir" && ls [0-9][0-9][0-9][0-9]-*.patch | grep -v '^0000-') >"$dir/series"
	"$TOP/scripts/cover.py" "$COVERS/$name.txt" "$dir/0000-cover-letter.patch" \
		$(sed "s|^|$dir/|" "$dir/series")
	sed "s|^|$name/|" "$dir/series" >>"$PATCHES/series"
}

[ -e "$TREE/.git" ] || die "no kernel tree: run 'make tree'"
[ -z "$(g status --porcelain --untracked-files=no)" ] ||
	die "build/linux has uncommitted changes: commit them first"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=$(g rev-list --count base..HEAD)
sets=$(g tag -l 'set/*' | sort -V)
[ "$n" = 0 ] || [ -n "$sets" ] ||
	die "no set tags in build/linux: tag the last commit of each set set/N-NAME"
step "exporting $n commit(s) from build/linux to patches/"
remove_exported
from=$(g rev-parse base)
for tag in $sets; do
	[ "$n" -gt 0 ] || break
	to=$(set_end "$tag")
	g merge-base --is-ancestor "$from" "$to" && [ "$from" != "$to" ] ||
		die "$tag does not come after the set before it"
	export_set "${tag#set/}" "$from" "$to"
	from=$to
done
[ "$n" = 0 ] || [ "$from" = "$(g rev-parse HEAD)" ] ||
	die "commits after the last set (${tag#set/}): tag the last one set/N-NAME, or move ${tag} (git -C build/linux tag -f $tag HEAD)"
# patches/ now holds the tree's commits: the tree has none of its own.
tree_patch_ids >"$(applied_record)"
