#!/usr/bin/env bash
# make defaults-base: what Linux 6.12 without the series prints by
# default, for guest test 75 to compare the series' kernel with:
# tests/defaults/6.12-VARIANT.txt.gz, committed (6.12 and the test
# config change only with a commit).  Steps: the base tree, VARIANT's
# test kernel built from it as for the series (lib.sh UNPATCHED), a boot
# that runs guest test 75 alone, which prints its snapshot.  The test
# overlay is laid over 6.12 too: the snapshot is of the fixtures.
set -euo pipefail
export UNPATCHED=1 GUEST_TESTS=75-default-output.sh
. "$(dirname "$0")/lib.sh"

out=$(defaults_base)
console=$BUILD/defaults-console-6.12-$VARIANT.log

# record: the snapshot between the guest's markers, checked for its size
record() {
	local lines
	step "writing ${out#$TOP/}"
	mkdir -p "$(dirname "$out")"
	lines=$(sed -n 's/^# defaults-begin \([0-9]*\).*/\1/p' "$console" | tr -d '\r')
	[ -n "$lines" ] || die "no snapshot in ${console#$TOP/}"
	sed -n '/^# defaults-begin/,/^# defaults-end/p' "$console" | sed '1d;$d' | tr -d '\r' |
		base64 -d | gzip -dc | gzip -9n >"$out.tmp"
	[ "$(gzip -dc "$out.tmp" | wc -l)" = "$lines" ] || die "the snapshot in ${console#$TOP/} is damaged"
	mv "$out.tmp" "$out"
}

# a tree of an earlier run is kept (make suites-base makes it afresh)
if [ "$(git -C "$TREE" rev-parse HEAD 2>/dev/null)" != "$(git -C "$BUILD/linux" rev-parse base)" ] ||
   [ ! -d "$TREE/kallsyms_fixtures" ]; then
	base_tree
	lay_overlay
fi
"$TOP/scripts/kernel.sh"
"$TOP/scripts/initramfs.sh"
"$TOP/scripts/boot.sh" test "$console" >/dev/null
record
