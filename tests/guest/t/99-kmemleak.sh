#!/bin/sh
# Last: with CONFIG_DEBUG_KMEMLEAK (the debug variant), scan for leaks
# after every other test ran; any unreferenced object fails the run.
. /harness/lib.sh
KML=/sys/kernel/debug/kmemleak
if [ ! -w $KML ]; then
	skip "kmemleak scan (no $KML: not the debug variant)"
	exit 0
fi
# an object must be 5 s old to be reported: scan, wait, scan again
echo scan > $KML
sleep 6
echo scan > $KML
leaks=$(grep -c '^unreferenced object' $KML)
[ "$leaks" = 0 ] || head -n 40 $KML | sed 's/^/# /'
check "kmemleak finds no leak after the tests ($leaks unreferenced objects)" [ "$leaks" = 0 ]
