#!/bin/sh
# tap-file.sh NAME SECONDS COMMAND...: run one test file and account for
# it as a whole.  Its output passes through as it comes; then, if it
# exited non-zero, ran past SECONDS, printed no result, or printed fewer
# results than its plan ("1..N") says, one "not ok - NAME ..." line says
# which.  Ends with "# time NAME: SECONDS" (where a slow run spends its
# time) and "# end NAME", by which a reader of a console knows the file
# finished.  With TAP_RECORD=FILE, the results, that "not ok" and the
# "# end" line also go to FILE, a copy no kernel message on a console
# can break into (the guest prints it again at its end:
# tests/guest/init).  POSIX sh: the host runs it, and so does busybox
# in the guest.
name=$1 secs=$2
shift 2
out=${TMPDIR:-/tmp}/tap-file.$$
# say LINE: to the output, and to the record if there is one
say() {
	echo "$1"
	[ -z "${TAP_RECORD:-}" ] || echo "$1" >>"$TAP_RECORD"
}
# seconds by /proc/uptime: a monotonic clock, in the guest as on the host
now() { cut -d' ' -f1 /proc/uptime; }
start=$(now)
{ timeout "$secs" "$@" 2>&1; echo $? >"$out.status"; } | tee "$out"
status=$(cat "$out.status" 2>/dev/null || echo lost)
end=$(now)
took=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%d", b - a + 0.5 }')
results=$(grep -cE '^(not )?ok ' "$out")
plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' "$out" | head -n 1)
[ -z "${TAP_RECORD:-}" ] || grep -E '^(not )?ok ' "$out" >>"$TAP_RECORD"
rm -f "$out" "$out.status"

# coreutils' timeout says 124; busybox's passes on the TERM (143)
if [ "$status" = 124 ] || { [ "$status" != 0 ] && [ "$took" -ge "$secs" ]; }; then
	say "not ok - $name timed out after $secs s (status $status)"
elif [ "$status" != 0 ]; then
	say "not ok - $name exited with status $status"
elif [ "$results" = 0 ]; then
	say "not ok - $name printed no result"
elif [ -n "$plan" ] && [ "$results" -lt "$plan" ]; then
	say "not ok - $name printed $results of $plan planned results"
fi
awk -v n="$name" -v a="$start" -v b="$end" 'BEGIN { printf "# time %s: %.1f\n", n, b - a }'
say "# end $name"
