#!/usr/bin/env bash
# The series' size as a reviewer counts it, from patches/ alone: per set,
# its patches and changed lines and its largest patch; then the net lines
# the whole series adds to scripts/ and to the kernel proper (kernel/,
# include/, init/, arch/; KUnit tests left out), against issue 27's
# targets.  One "measure<TAB>value<TAB>note" row per line, for make bench.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# numstat PATCH: "ADDED DELETED PATH" per file
numstat() { git apply --numstat "$1"; }

# the series file's patches of SET
set_patches() { grep "^$1/" "$PATCHES/series" | sed "s|^|$PATCHES/|"; }

for set in $(grep / "$PATCHES/series" | sed 's|/.*||' | uniq); do
	n=0 add=0 del=0 big=0 bigname=
	for p in $(set_patches "$set"); do
		read -r a d < <(numstat "$p" | awk '{ a += $1; d += $2 } END { print a + 0, d + 0 }')
		n=$((n + 1)) add=$((add + a)) del=$((del + d))
		if [ $((a + d)) -gt "$big" ]; then big=$((a + d)) bigname=$(basename "$p"); fi
	done
	printf 'set %s\t%d patches, +%d -%d\tlargest: %s, %d lines\n' "$set" $n $add $del "$bigname" $big
done
for p in $(series_files); do numstat "$p"; done >"${TMPDIR:-/tmp}/series-numstat.$$"
net() { awk -v re="$1" '$3 ~ re && $3 !~ /_kunit\.c$/ { n += $1 - $2 } END { print n + 0 }' \
	"${TMPDIR:-/tmp}/series-numstat.$$"; }
printf 'scripts/ net lines\t%+d\ttarget <= +1000\n' "$(net '^scripts/')"
printf 'kernel/ include/ init/ arch/ net lines (KUnit out)\t%+d\ttarget <= +1200\n' \
	"$(net '^(kernel|include|init|arch)/')"
rm -f "${TMPDIR:-/tmp}/series-numstat.$$"
