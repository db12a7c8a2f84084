#!/usr/bin/env bash
# suites-report.sh CONSOLE VARIANT: the kernel's own suites (ftracetest,
# the livepatch selftests, perf test) as VARIANT's guest ran them with the
# series ("# suite" lines of CONSOLE: tests/guest/t/4?-suite-*.sh) against
# the same suites on 6.12 without it (tests/suites/6.12-VARIANT.txt, from
# make suites-base).  Prints each list as one line, then per suite one
# result: every test that passes on 6.12 passes with the series, a test
# that passes only with the series is new in the series, and no test new
# in the series fails; a difference that tests/suites/differences
# explains is allowed.
# (SUITES_DIR: another directory of those files, for a test of this.)
set -uo pipefail
export LC_ALL=C
. "$(dirname "$0")/lib.sh"
console=$1 tag="[$2] "
suites=${SUITES_DIR:-$TOP/tests/suites}
base=$suites/6.12-$2.txt
explained=$suites/differences
now=$BUILD/suites-$2.txt

result() { echo "$1 - $tag$2"; }
[ -f "$base" ] || { result "not ok" "suites: no ${base#$TOP/}: run 'make suites-base VARIANT=$2'"; exit 0; }
suite_verdicts "$console" >"$now"

# counts FILE: "SUITE P pass, F fail, S other" for each suite of FILE
# (a test that two runs name alike counts once, as below)
counts() {
	grep -v '^#' "$1" | sort -u | awk '{ n[$1]++; if ($2 == "PASS") p[$1]++; else if ($2 == "FAIL") f[$1]++ }
	     END { for (s in n) printf "%s %d pass, %d fail, %d other; ", s, p[s], f[s], n[s] - p[s] - f[s] }' |
		sed 's/; $//'
}
echo "# suites on 6.12 ($(sed -n 's/^# made from //p' "$base")): $(counts "$base")"
echo "# suites with the series (${now#$TOP/}): $(counts "$now")"

# names SUITE VERDICT FILE: the tests of SUITE with VERDICT (any: -) in FILE
names() { awk -v s="$1" -v v="$2" '$1 == s && (v == "-" || $2 == v) { $1 = $2 = ""; print substr($0, 3) }' "$3" | sort -u; }
# unexplained SUITE: the lines of stdin that tests/suites/differences
# does not name for SUITE ("SUITE|NAME|why")
unexplained() {
	awk -F'|' -v s="$1" 'FILENAME == ARGV[1] { if ($1 == s) e[$2] = 1; next } !($0 in e)' "$explained" -
}
for suite in ftracetest livepatch perf-test; do
	lost=$(comm -23 <(names $suite PASS "$base") <(names $suite PASS "$now") | unexplained $suite)
	# passing only with the series, though 6.12 has the test too
	gained=$(comm -13 <(names $suite PASS "$base") <(names $suite PASS "$now") |
		comm -12 - <(names $suite - "$base") | unexplained $suite)
	new=$(comm -13 <(names $suite - "$base") <(names $suite PASS "$now") | wc -l)
	# new in the series and failing (or failing to set up: UNRESOLVED)
	broken=$(sort -u <(names $suite FAIL "$now") <(names $suite UNRESOLVED "$now") |
		comm -23 - <(names $suite - "$base") | unexplained $suite)
	what="suites: $suite: the $(names $suite PASS "$base" | wc -l) tests that pass on 6.12 pass with the series; $new new in the series pass, none fails"
	if [ -z "$lost$gained$broken" ]; then
		result ok "$what"
	else
		[ -z "$lost" ] || echo "$lost" | sed 's/^/# passes on 6.12 only: /'
		[ -z "$gained" ] || echo "$gained" | sed 's/^/# passes with the series only: /'
		[ -z "$broken" ] || echo "$broken" | sed 's/^/# new in the series, fails: /'
		result "not ok" "$what (unexplained differences above: ${explained#$TOP/})"
	fi
done
