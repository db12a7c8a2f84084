#!/usr/bin/env bash
# scripts/suites-report.sh, on made-up verdicts: a test that passes on
# 6.12 and fails with the series fails the comparison, naming the test,
# unless tests/suites/differences explains it, as does a test new in
# the series that fails; a new test that passes is counted as new; both
# lists are printed.
set -uo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export SUITES_DIR=$dir BUILD=$dir

printf '# made from a made-up 6.12\nftracetest PASS kept\nftracetest PASS lost one\nlivepatch PASS kept\n' >"$dir/6.12-fake.txt"
printf '# suite ftracetest PASS kept\n# suite ftracetest FAIL lost one\n# suite ftracetest PASS new\n# suite livepatch PASS kept\n# suite livepatch FAIL broken\n' >"$dir/console"
report() { bash "$TOP/scripts/suites-report.sh" "$dir/console" fake; }
# expect WHAT PATTERN: the report has a line matching PATTERN
expect() {
	if echo "$out" | grep -- "$2" >/dev/null; then
		echo "ok - suites report: $1"
	else
		echo "$out" | sed 's/^/# /'
		echo "not ok - suites report: $1"
	fi
}

: >"$dir/differences"
out=$(report)
expect "a test that passes on 6.12 only fails the comparison" '^not ok - \[fake\] suites: ftracetest'
expect "and is named" '^# passes on 6.12 only: lost one$'
expect "a test new in the series that fails fails the comparison" '^not ok - \[fake\] suites: livepatch: the 1 tests'
expect "and is named" '^# new in the series, fails: broken$'
expect "a suite without differences passes" '^ok - \[fake\] suites: perf-test: the 0 tests'
expect "the 6.12 list is one line" '^# suites on 6.12 (a made-up 6.12): .*ftracetest 2 pass'
expect "the list with the series is one line" '^# suites with the series .*ftracetest 2 pass, 1 fail'
echo 'ftracetest|lost one|why it differs' >"$dir/differences"
out=$(report)
expect "an explained difference passes, a new test counted" '^ok - \[fake\] suites: ftracetest: the 2 tests that pass on 6.12 pass with the series; 1 new'
