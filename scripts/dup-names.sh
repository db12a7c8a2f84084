#!/usr/bin/env bash
# Text symbol names that occur more than once in a System.map, as
# "COUNT NAME", most frequent first (ties by name): the ambiguous names.
set -euo pipefail
awk '$2 ~ /^[tT]$/ { n[$3]++ } END { for (s in n) if (n[s] > 1) print n[s], s }' "$1" |
	LC_ALL=C sort -k1,1nr -k2,2
