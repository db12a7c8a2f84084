#!/usr/bin/env bash
# The harness's own accounting (make test-harness; also a host test of
# make test): fake test files that exit 7, print nothing, print fewer
# results than their plan, hang, or print "not ok" must each be counted
# as failed by tests/tap-file.sh, naming the file; a clean one as
# passed.  And a guest console that ends early must fail, by name, every
# guest test file that did not report (scripts/guest-report.sh).
set -uo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

fake() { mkdir -p "$dir/t"; printf '#!/bin/sh\n%s\n' "$2" >"$dir/t/$1"; }
fake exit7.sh 'echo "ok - one"; exit 7'
fake silent.sh ':'
fake short.sh 'echo 1..3; echo "ok - one"; echo "ok - two"'
fake hang.sh 'echo "ok - before the hang"; sleep 60'
fake notok.sh 'echo "ok - one"; echo "not ok - two"'
fake clean.sh 'echo 1..2; echo "ok - one"; echo "ok - # SKIP two"'

# account FILE: what tap-file.sh makes of it (2 s time limit)
account() { sh "$TOP/tests/tap-file.sh" "$1" 2 sh "$dir/t/$1"; }
# failed_as FILE WHY: counted failed, by a "not ok" line naming it and WHY
failed_as() {
	local out
	out=$(account "$1")
	if echo "$out" | grep "^not ok - .*$2" >/dev/null; then
		echo "ok - harness: $1 is counted failed ($2)"
	else
		echo "$out" | sed 's/^/# /'
		echo "not ok - harness: $1 is counted failed ($2)"
	fi
}
failed_as exit7.sh "exit7.sh exited with status 7"
failed_as silent.sh "silent.sh printed no result"
failed_as short.sh "short.sh printed 2 of 3 planned results"
failed_as hang.sh "hang.sh timed out after 2 s"
failed_as notok.sh "two"
out=$(account clean.sh)
if ! echo "$out" | grep '^not ok' >/dev/null && [ "$(echo "$out" | grep -c '^ok ')" = 2 ] &&
   echo "$out" | grep -x '# end clean.sh' >/dev/null; then
	echo "ok - harness: clean.sh is counted passed, its two results passed through"
else
	echo "$out" | sed 's/^/# /'
	echo "not ok - harness: clean.sh is counted passed, its two results passed through"
fi

# a console that ends in the middle of the second of three files
printf '%s\n' "HARNESS-START test" "# --- clean.sh" "ok - one" "# end clean.sh" \
	"# --- hang.sh" "ok - before the hang" >"$dir/console"
rm "$dir/t/"{exit7,silent,short,notok}.sh
fake later.sh 'echo "ok - one"'
report=$("$TOP/scripts/guest-report.sh" "$dir/console" fake "$dir/t")
for want in "not ok - \[fake\] hang.sh did not report" "not ok - \[fake\] later.sh did not report" \
	    "not ok - \[fake\] guest did not report" "ok - \[fake\] one"; do
	if echo "$report" | grep "^$want" >/dev/null; then
		echo "ok - harness: an early end of a console gives '$want'"
	else
		echo "$report" | sed 's/^/# /'
		echo "not ok - harness: an early end of a console gives '$want'"
	fi
done
if echo "$report" | grep 'clean.sh did not report' >/dev/null; then
	echo "not ok - harness: a file that ended on the console is not reported missing"
else
	echo "ok - harness: a file that ended on the console is not reported missing"
fi

# A kernel message that breaks into a result line on the console: the
# guest's record (TAP_RECORD, printed again at its end) still counts it.
fake notok.sh 'echo "ok - one"; echo "not ok - two"'
: >"$dir/record"
TAP_RECORD="$dir/record" account notok.sh >/dev/null
TAP_RECORD="$dir/record" account clean.sh >/dev/null
if [ "$(grep -c '' "$dir/record")" = 6 ] && grep -qx 'not ok - two' "$dir/record" &&
   grep -qx '# end clean.sh' "$dir/record"; then
	echo "ok - harness: tap-file.sh records each file's results and its end"
else
	sed 's/^/# /' "$dir/record"
	echo "not ok - harness: tap-file.sh records each file's results and its end"
fi
rm "$dir/t/"{hang,later}.sh
# broken: "[   92.4] kallsyms_fixtures: a/dup returned 0xa01" split by "not ok - two"
broken() {
	printf '%s\n' "HARNESS-START test" "# --- clean.sh" "ok - one" "ok - # SKIP two" "# end clean.sh" \
		"# --- notok.sh" "ok - one" "[   92.4] knot ok - two" "allsyms_fixtures: a/dup returned 0xa01" \
		"# end notok.sh"
}
{ broken; echo "# record-begin"; cat "$dir/record"; echo "# record-end 6"; echo "HARNESS-DONE test"; } >"$dir/console"
report=$("$TOP/scripts/guest-report.sh" "$dir/console" fake "$dir/t")
if echo "$report" | grep -x 'not ok - \[fake\] two' >/dev/null &&
   [ "$(echo "$report" | grep -c '^ok - \[fake\] one')" = 2 ]; then
	echo "ok - harness: a result line a kernel message broke is counted from the guest's record"
else
	echo "$report" | sed 's/^/# /'
	echo "not ok - harness: a result line a kernel message broke is counted from the guest's record"
fi
# a record broken in its turn: the console's own lines, as before it
{ broken; echo "# record-begin"; sed '2s/^/[   93.1] x/' "$dir/record"; echo "y"; echo "# record-end 6"; echo "HARNESS-DONE test"; } >"$dir/console"
report=$("$TOP/scripts/guest-report.sh" "$dir/console" fake "$dir/t")
if echo "$report" | grep -q "no whole record" &&
   [ "$(echo "$report" | grep -c '^ok - \[fake\] one')" = 2 ]; then
	echo "ok - harness: a broken record is left for the console's own lines"
else
	echo "$report" | sed 's/^/# /'
	echo "not ok - harness: a broken record is left for the console's own lines"
fi
# a base64 payload on the console (66's perf record) is no kernel error,
# whatever its letters spell; an oops is
errors_as() {
	{ broken; echo "# b64 KfRPciBMHLiA6FmYYydccihPfbLDmdsP+jg6wdgdWC0LBliXSWYYOopsYFrP4IA0"; echo "$1"
	  echo "HARNESS-DONE test"; } >"$dir/console"
	report=$("$TOP/scripts/guest-report.sh" "$dir/console" fake "$dir/t")
	if echo "$report" | grep -x "$2 - \[fake\] console is free of kernel errors" >/dev/null; then
		echo "ok - harness: console errors, with \"$1\": $2"
	else
		echo "$report" | sed 's/^/# /'
		echo "not ok - harness: console errors, with \"$1\": $2"
	fi
}
errors_as "# b64 AAAA" ok
errors_as "[   94.0] Oops: general protection fault" "not ok"
