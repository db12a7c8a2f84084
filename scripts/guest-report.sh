#!/usr/bin/env bash
# guest-report.sh CONSOLE TAG [TESTDIR]: the TAP lines a guest's console
# gives, each result prefixed "[TAG] ": every result the guest printed;
# a "not ok" naming each guest test file (TESTDIR/*.sh, default
# tests/guest/t) whose "# end NAME" (tests/tap-file.sh) the console
# lacks, because the guest hung, crashed or never started it; whether
# the suite ran to the end; whether the console is free of kernel errors.
set -uo pipefail
console=$1 tag="[$2] " dir=${3:-$(cd "$(dirname "$0")/../tests/guest/t" && pwd)}

# Kernel errors on a console; the debug variant's checkers report
# through "BUG:" (KASAN, sleeping in atomic), "WARNING:" (lockdep) and
# kmemleak's own line.
CONSOLE_ERRORS='Oops|BUG:|WARNING:|Kernel panic|KASAN|kmemleak: [0-9]+ new suspected'

result() { echo "$1 - $tag$2"; }

grep -E '^(not )?ok ' "$console" | sed -E "s/^((not )?ok - )/\1$tag/"
for t in "$dir"/*.sh; do
	name=${t##*/}
	grep -qx "# end $name" "$console" ||
		result "not ok" "$name did not report (the console ends before it finished)"
done
if grep -q '^HARNESS-DONE test' "$console"; then
	result ok "guest ran its tests to the end"
else
	result "not ok" "guest did not report (see $console)"
fi
if grep -nE "$CONSOLE_ERRORS" "$console" >"$console.errors"; then
	sed 's/^/# /' "$console.errors" | head -20
	result "not ok" "console is free of kernel errors"
else
	result ok "console is free of kernel errors"
fi
