#!/bin/sh
# The kernel's whole ftracetest (tools/testing/selftests/ftrace), for the
# host's comparison of its verdicts with 6.12's (scripts/suites-report.sh):
# one "# suite ftracetest VERDICT DESCRIPTION" line per run of a test.
# The result here says that every test ran.
# timeout: 900
. /harness/lib.sh
[ -d $SUITES ] || { skip "the kernel's whole ftracetest (a variant with the suites role runs it)"; exit 0; }
cd /harness/ftrace || { fail "ftrace selftests present"; exit 0; }
kprobe_reset
./ftracetest -l /tmp/ftracetest-all-logs >/tmp/ftracetest-all.out 2>&1
sed -n 's/^\[[0-9]*\] \(.*[^[:space:]]\)[[:space:]]*\[\([A-Z]*\)\]$/\2 \1/p' /tmp/ftracetest-all.out |
while read -r verdict what; do suite_result ftracetest "$verdict" "$what"; done
# a test flagged "instance" runs once more, in an instance
tests=$(find test.d -name '*.tc' | wc -l)
runs=$((tests + $(find test.d -name '*.tc' -exec grep -l '^#[[:space:]]*flags:.*instance' {} + | wc -l)))
check "ftracetest ran its $tests tests, $runs runs" \
	test "$(grep -c '^\[[0-9]*\]' /tmp/ftracetest-all.out)" -eq "$runs"
kprobe_reset
