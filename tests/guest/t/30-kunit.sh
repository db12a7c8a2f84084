#!/bin/sh
# The kernel's own KUnit suites of this series ran at boot: carry each
# case's result from debugfs into our TAP.
. /harness/lib.sh
for suite in kallsyms_objfiles; do
	r=/sys/kernel/debug/kunit/$suite/results
	if [ ! -r $r ]; then
		fail "KUnit suite $suite ran (no $r)"
		continue
	fi
	# "    ok 1 test_name" per case, at any indentation
	sed -n 's/^[[:space:]]\+\(not ok\|ok\) [0-9]* \([a-z_0-9]*\).*/\1 \2/p' $r |
	while read -r a b c; do
		if [ "$a" = ok ]; then ok "kunit $suite.$b"; else fail "kunit $suite.$c"; fi
	done
	grep -q '^[[:space:]]*ok [0-9]* '"$suite" $r && ok "kunit suite $suite" ||
		fail "kunit suite $suite"
done
