#!/bin/sh
# Runs every guest test file in /harness/t in name order, each through
# tap-file.sh: its TAP lines, one "not ok" if the file failed as a whole
# (non-zero exit, no result, past its time limit), then "# end NAME";
# the host names every file whose end the console lacks.  The limit is
# the per-file one the host puts on the command line as
# harness_timeout=SECONDS, or a file's own "# timeout: SECONDS" line
# where that is longer (a whole suite of the kernel's, a whole-kernel
# sweep).
secs=$(sed -n 's/.*harness_timeout=\([0-9]*\).*/\1/p' /proc/cmdline)
for t in /harness/t/*.sh; do
	echo "# --- ${t##*/}"
	limit=${secs:-300}
	own=$(sed -n 's/^# timeout: \([0-9][0-9]*\)$/\1/p' "$t" | head -n 1)
	[ "${own:-0}" -le "$limit" ] || limit=$own
	sh /harness/tap-file.sh "${t##*/}" "$limit" sh "$t"
done
