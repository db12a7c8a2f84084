#!/bin/sh
# Runs every guest test file in /harness/t in name order, each through
# tap-file.sh: its TAP lines, one "not ok" if the file failed as a whole
# (non-zero exit, no result, past the per-file time limit that the host
# puts on the command line as harness_timeout=SECONDS), then "# end
# NAME"; the host names every file whose end the console lacks.
secs=$(sed -n 's/.*harness_timeout=\([0-9]*\).*/\1/p' /proc/cmdline)
for t in /harness/t/*.sh; do
	echo "# --- ${t##*/}"
	sh /harness/tap-file.sh "${t##*/}" "${secs:-300}" sh "$t"
done
