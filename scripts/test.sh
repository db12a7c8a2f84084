#!/usr/bin/env bash
# make test: host tests, checkpatch over patches/, then a guest boot that
# runs the guest tests. Every result is one TAP line; the run ends with
# "N passed, N failed, N skipped" and fails if anything failed, the guest
# did not report, or the console shows a kernel error.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

results=$BUILD/results.tap
console=$BUILD/test-console.log
: >"$results"

# record: pass TAP lines through, keeping them for the count
record() { grep --line-buffered -E '^(not )?ok ' | tee -a "$results"; }

host_tests() {
	local t
	for t in "$TOP"/tests/host/*.sh; do
		[ -e "$t" ] || continue
		step "host test $(basename "$t")"
		bash "$t" 2>&1 | record
	done
}

checkpatch() {
	local p n=0
	step "checkpatch.pl --strict on patches/"
	for p in "$TOP"/patches/[0-9]*.patch; do
		[ -e "$p" ] || continue
		case "$p" in */0000-cover-letter.patch) continue ;; esac
		n=$((n + 1))
		# Debian's python3 has ply for spdxcheck.py; a pyenv one may not.
		if (cd "$TREE" && PATH=/usr/bin:$PATH perl scripts/checkpatch.pl --strict -q \
			--no-summary "$p") >"$BUILD/checkpatch.log" 2>&1; then
			echo "ok - checkpatch --strict $(basename "$p")" | record
		else
			sed 's/^/# /' "$BUILD/checkpatch.log"
			echo "not ok - checkpatch --strict $(basename "$p")" | record
		fi
	done
	[ $n -gt 0 ] || echo "# no patches yet"
}

guest_tests() {
	step "guest tests (booting the test kernel)"
	"$TOP/scripts/boot.sh" test "$console" >/dev/null
	grep -E '^(not )?ok |^# --- ' "$console" | sed 's/^# --- /# guest: /'
	grep -E '^(not )?ok ' "$console" >>"$results"
	if grep -q '^HARNESS-DONE test' "$console"; then
		echo "ok - guest ran its tests to the end" | record
	else
		echo "not ok - guest did not report (see ${console#$TOP/})" | record
	fi
	if grep -nE 'Oops|BUG:|WARNING:|Kernel panic|KASAN|kmemleak' "$console" >"$BUILD/console-errors"; then
		sed 's/^/# /' "$BUILD/console-errors" | head -20
		echo "not ok - console is free of kernel errors" | record
	else
		echo "ok - console is free of kernel errors" | record
	fi
}

summary() {
	local skipped passed failed
	skipped=$(grep -c '^ok .*# SKIP' "$results")
	passed=$(($(grep -c '^ok ' "$results") - skipped))
	failed=$(grep -c '^not ok ' "$results")
	echo "$passed passed, $failed failed, $skipped skipped"
	[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
}

host_tests
checkpatch
guest_tests
summary
