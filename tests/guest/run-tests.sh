#!/bin/sh
# Runs every guest test file in /harness/t in name order. Each prints
# TAP result lines ("ok - ..." / "not ok - ..."); the host counts them.
# "# time NAME: SECONDS" after each says where a slow guest spends it.
now() { cut -d' ' -f1 /proc/uptime; }
for t in /harness/t/*.sh; do
	echo "# --- ${t##*/}"
	start=$(now)
	sh "$t" || echo "not ok - ${t##*/} exited with status $?"
	echo "# time ${t##*/}: $(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')"
done
