#!/bin/sh
# Hostile and malformed probe definitions (made on the host by
# scripts/gen-hostile-probes.py, all invalid by construction): every one
# is refused, each leaves an error_log entry, and nothing is left behind.
. /harness/lib.sh
defs=$HOST/hostile-probes.txt
kprobe_reset
n=0 accepted=0 unlogged=0
while IFS= read -r line; do
	n=$((n + 1))
	echo > $TRACEFS/error_log
	if printf '%s\n' "$line" >> $TRACEFS/kprobe_events 2>/dev/null; then
		accepted=$((accepted + 1))
		[ $accepted -gt 5 ] || echo "# accepted: $line" | cut -c1-200
	elif ! grep -q . $TRACEFS/error_log; then
		unlogged=$((unlogged + 1))
		[ $unlogged -gt 5 ] || echo "# refused without error_log: $line" | cut -c1-200
	fi
done < $defs
check "$n hostile definitions written (>= 2000)" test $n -ge 2000
check "none of them accepted ($accepted)" test $accepted -eq 0
check "every refusal logged in error_log ($unlogged without)" test $unlogged -eq 0
check "kprobe_events is empty afterwards" sh -c "! grep -q . $TRACEFS/kprobe_events"
kprobe_reset
