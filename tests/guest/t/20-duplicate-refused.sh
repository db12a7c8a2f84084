#!/bin/sh
# A name that several static functions share is listed more than once,
# and tracefs refuses to probe it by name ("The symbol is not unique").
. /harness/lib.sh
name=$(cat $HOST/dup-name)
n=$(grep -c " [tT] $name\$" /proc/kallsyms)
check "'$name' is listed $n times in /proc/kallsyms (> 1)" test "$n" -gt 1
kprobe_reset
if echo "p:dup_probe $name" >$TRACEFS/kprobe_events 2>/dev/null; then
	fail "p:dup_probe $name was accepted"
else
	ok "p:dup_probe $name is refused"
fi
check "error_log says 'The symbol is not unique'" grep -q "The symbol is not unique" $TRACEFS/error_log
kprobe_reset
