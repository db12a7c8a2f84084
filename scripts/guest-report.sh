#!/usr/bin/env bash
# guest-report.sh CONSOLE TAG [TESTDIR]: the TAP lines a guest's console
# gives, each result prefixed "[TAG] ": every result the guest printed;
# a "not ok" naming each guest test file (TESTDIR/*.sh, default
# tests/guest/t) whose "# end NAME" (tests/tap-file.sh) the console
# lacks, because the guest hung, crashed or never started it; whether
# the suite ran to the end; whether the console is free of kernel errors.
# The results come from the guest's record of them (tests/guest/init)
# when the console holds it whole, else from the console's own lines.
set -uo pipefail
console=$1 tag="[$2] " dir=${3:-$(cd "$(dirname "$0")/../tests/guest/t" && pwd)}

# Kernel errors on a console; the debug variant's checkers report
# through "BUG:" (KASAN, sleeping in atomic), "WARNING:" (lockdep) and
# kmemleak's own line.
CONSOLE_ERRORS='Oops|BUG:|WARNING:|Kernel panic|KASAN|kmemleak: [0-9]+ new suspected'

result() { echo "$1 - $tag$2"; }

# The guest's record, if whole: between "# record-begin" and
# "# record-end COUNT", COUNT lines, each a result or an end.  A kernel
# message breaks into a console line anywhere, and always with a line
# of its own: a broken record has a line too many or of another kind.
whole_record() {
	awk '$0 == "# record-begin" { inside = 1; n = 0; good = 1; next }
	inside && /^# record-end [0-9]+$/ { inside = 0; whole = good && n == $3 + 0; next }
	inside { line[++n] = $0; if ($0 !~ /^((not )?ok |# end )/) good = 0 }
	END { if (!whole) exit 1; for (i = 1; i <= n; i++) print line[i] }' "$1"
}

results=$(mktemp)
trap 'rm -f "$results"' EXIT
if whole_record "$console" >"$results"; then
	echo "# $tag""results from the guest's record"
else	# the console's lines before any record, which would count them twice
	sed '/# record-begin$/,$d' "$console" >"$results"
	echo "# $tag""no whole record of the results: the console's own lines"
fi
grep -E '^(not )?ok ' "$results" | sed -E "s/^((not )?ok - )/\1$tag/"
for t in "$dir"/*.sh; do
	name=${t##*/}
	grep -qx "# end $name" "$results" ||
		result "not ok" "$name did not report (the console ends before it finished)"
done
if grep -q '^HARNESS-DONE test' "$console"; then
	result ok "guest ran its tests to the end"
else
	result "not ok" "guest did not report (see $console)"
fi
# the lines of a base64 payload (66's perf record, "# b64 ...") spell
# anything, "Oops" among it
if grep -nE "$CONSOLE_ERRORS" "$console" | grep -v '^[0-9]*:# b64 ' >"$console.errors"; then
	sed 's/^/# /' "$console.errors" | head -20
	result "not ok" "console is free of kernel errors"
else
	result ok "console is free of kernel errors"
fi
