#!/usr/bin/env bash
# Host test: 'make clean' removes the linker maps the series makes a
# build write (a composite module's ld -r map, a .ko link's map,
# vmlinux.o.map and vmlinux.o.pieces) and leaves sources alone.  Run in
# an object directory of its own, so the test kernel stays built.
set -uo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

[ -d "$TREE/.git" ] || { echo "ok - # SKIP make clean: no kernel tree"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
made="fs/x/composite.o.map drivers/y/mod.ko.map vmlinux.o.map vmlinux.o.pieces"
for f in $made fs/x/keep.c; do
	mkdir -p "$tmp/$(dirname "$f")" && : >"$tmp/$f"
done
make -s -C "$TREE" O="$tmp" clean >/dev/null 2>&1
left=$(cd "$tmp" && ls $made 2>/dev/null | tr '\n' ' ')
if [ -z "$left" ] && [ -f "$tmp/fs/x/keep.c" ]; then
	echo "ok - make clean removes the linker maps and pieces ($made)"
else
	echo "not ok - make clean removes the linker maps and pieces (left: ${left:-none}; fs/x/keep.c: $([ -f "$tmp/fs/x/keep.c" ] && echo kept || echo removed))"
fi
