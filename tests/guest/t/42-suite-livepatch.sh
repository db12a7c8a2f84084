#!/bin/sh
# The kernel's livepatch selftests (tools/testing/selftests/livepatch,
# their modules built against this kernel by scripts/kernel.sh), for the
# host's comparison with 6.12 (scripts/suites-report.sh): one "# suite
# livepatch VERDICT SCRIPT: TEST" line per test case, one per script.
# The result here says that every script ran to its end.
. /harness/lib.sh
dir=$SUITES/livepatch
[ -d $dir ] || { skip "the kernel's livepatch selftests (a variant with the suites role runs them)"; exit 0; }
cd $dir || exit 1
# functions.sh wants a directory to compile modules in (KDIR): they are built
export KDIR=$dir
# bash's <(...) opens /dev/fd/N
[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd
# functions.sh runs /bin/stat --format: coreutils' for this file only
ln -sf $SUITES/bin/stat /bin/stat
scripts=$(sed -n 's/^[[:space:]]*\(test-[a-z-]*\.sh\).*/\1/p' Makefile)
ran=0
for t in $scripts; do
	PATH=$SUITES/bin:$PATH timeout 600 bash ./$t >/tmp/livepatch.out 2>&1
	status=$?
	sed -n 's/^TEST: \(.*\) \.\.\. ok$/PASS \1/p; s/^TEST: \(.*\) \.\.\. not ok$/FAIL \1/p' /tmp/livepatch.out |
	while read -r verdict what; do suite_result livepatch "$verdict" "$t: $what"; done
	case $status in 0) verdict=PASS ;; 4) verdict=SKIP ;; *) verdict=FAIL ;; esac
	suite_result livepatch $verdict "$t"
	[ $verdict = PASS ] || sed 's/^/# /' /tmp/livepatch.out | tail -n 15
	ran=$((ran + 1))
done
ln -sf busybox /bin/stat
check "the livepatch selftests ran: $ran scripts" test $ran -gt 0 -a $ran -eq "$(echo $scripts | wc -w)"
