#!/bin/sh
# perf's own tests (perf test: the ones built into perf; its shell tests
# are not installed in the guest), for the host's comparison with 6.12's
# perf on 6.12 (scripts/suites-report.sh): one "# suite perf-test
# VERDICT NAME" line per test and subtest.  The result here says that
# perf test ran to its end.
. /harness/lib.sh
[ -d $SUITES ] || { skip "perf test (a variant with the suites role runs it)"; exit 0; }
command -v perf >/dev/null || { fail "perf in the guest (make perf)"; exit 0; }
perf test >/tmp/perf-test.out 2>&1
status=$?
sed -n 's/^ *[0-9][0-9.]*: \(.*[^ ]\) *: \(Ok\|FAILED!\|Skip\).*$/\2 \1/p' /tmp/perf-test.out |
while read -r verdict what; do
	case $verdict in Ok) verdict=PASS ;; FAILED!) verdict=FAIL ;; Skip) verdict=SKIP ;; esac
	suite_result perf-test $verdict "$what"
done
check "perf test ran to its end (status $status, $(grep -c '^ *[0-9][0-9.]*: ' /tmp/perf-test.out) lines)" \
	test "$(sed -n 's/^ *\([0-9]*\): .*/\1/p' /tmp/perf-test.out | tail -n 1)" = \
	"$(perf test list 2>&1 | sed -n 's/^ *\([0-9]*\): .*/\1/p' | tail -n 1)"
