#!/usr/bin/env bash
# make suites-base: the kernel's own suites (tests/guest/t/4?-suite-*.sh)
# on Linux 6.12 without the series, which scripts/suites-report.sh
# compares every make test run with.  Steps: the base tree (build/linux's
# base commit, in build/linux-6.12), VARIANT's test kernel and perf built
# from it as for the series (lib.sh UNPATCHED), a boot that runs only the
# suite tests; their verdicts go to tests/suites/6.12-VARIANT.txt, which
# is committed: 6.12 and the test config change only with a commit.
set -euo pipefail
export UNPATCHED=1
. "$(dirname "$0")/lib.sh"

has_role suites || die "variant $VARIANT has no suites role (configs/variants): $(variants_with $COL_ROLES suites)"
[ -e "$BUILD/linux/.git" ] || die "no kernel tree: run 'make tree'"
out=$TOP/tests/suites/6.12-$VARIANT.txt
console=$BUILD/suites-console-6.12-$VARIANT.log

# record: the verdicts, under a line saying what they were made from
record() {
	step "writing ${out#$TOP/}"
	{
		echo "# The kernel's own suites on 6.12 without the series: make suites-base VARIANT=$VARIANT"
		echo "# made from $(git -C "$TREE" log -1 --format=%s base), variant $VARIANT"
		suite_verdicts "$console"
	} >"$out"
}

# the guest's results, for the suite tests alone
report() {
	local dir=$BUILD/suite-tests
	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$TOP"/tests/guest/t/$SUITE_TESTS "$dir/"
	"$TOP/scripts/guest-report.sh" "$console" 6.12 "$dir"
}

base_tree
"$TOP/scripts/perf.sh"
"$TOP/scripts/kernel.sh"
"$TOP/scripts/initramfs.sh"
"$TOP/scripts/boot.sh" test "$console" >/dev/null
report
record
