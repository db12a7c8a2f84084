#!/usr/bin/env bash
# Host test: the errnos of a refused NAME@OBJFILE are one table
# (tests/qualifier-errnos.txt): the ABI file of the patched tree lists
# them in the words scripts/errno-words.py makes of that table, and every
# errno the table names has a case that guest 65 asserts on every
# interface.
set -uo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

table=$TOP/tests/qualifier-errnos.txt
abi=$TREE/Documentation/ABI/testing/procfs-kallmodsyms
if [ ! -f "$abi" ]; then
	echo "ok - # SKIP errno words: no $abi (series not applied)"
	exit 0
fi
if "$TOP/scripts/errno-words.py" "$table" --check "$abi" 2>"$BUILD/errno-words.log"; then
	echo "ok - the ABI file lists the errnos in the table's words"
else
	sed 's/^/# /' "$BUILD/errno-words.log"
	echo "not ok - the ABI file lists the errnos in the table's words (scripts/errno-words.py --write)"
fi
missing=$(awk '$1 == "errno" { want[$2] = 1 } $1 == "case" { have[$3] = 1; have[$4] = 1 }
	END { for (e in want) if (!have[e]) printf " %s", e }' "$table")
if [ -z "$missing" ]; then
	echo "ok - every errno of the table has a case for the guest to assert"
else
	echo "not ok - errnos of the table without a case:$missing"
fi
