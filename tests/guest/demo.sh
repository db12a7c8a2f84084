#!/bin/sh
# The problem in one screen: a name listed several times in
# /proc/kallsyms, and what tracefs answers when asked to probe it.
. /harness/lib.sh
name=$(cat $HOST/dup-name)
echo "--- /proc/kallsyms lines for $name:"
grep " $name\$" /proc/kallsyms
echo "--- echo 'p:demo $name' > kprobe_events"
kprobe_reset
echo "p:demo $name" > $TRACEFS/kprobe_events
echo "--- error_log:"
cat $TRACEFS/error_log
