#!/bin/sh
# The fixtures' boot-time check: every deliberate duplicate was looked up
# by address and found in its own object file.
. /harness/lib.sh
dmesg >/tmp/dmesg.txt
n=$(grep -c 'kallsyms_fixtures: objfile ok' /tmp/dmesg.txt)
grep 'kallsyms_fixtures: objfile FAIL' /tmp/dmesg.txt | sed 's/^/# /'
check "fixture copies found in their own objects at boot ($n)" \
	sh -c "[ $n -ge 10 ] && ! grep -q 'kallsyms_fixtures: objfile FAIL' /tmp/dmesg.txt"
