#!/bin/sh
# Runs every guest test file in /harness/t in name order. Each prints
# TAP result lines ("ok - ..." / "not ok - ..."); the host counts them.
for t in /harness/t/*.sh; do
	echo "# --- ${t##*/}"
	sh "$t" || echo "not ok - ${t##*/} exited with status $?"
done
