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
echo "--- /proc/kallmodsyms tells the copies apart by object file:"
grep " $name \[" /proc/kallmodsyms 2>/dev/null
obj=$(awk -v n="$name" '$2 == n { print $3; exit }' $HOST/dup-text-objects)
if [ -n "$obj" ]; then
	echo "--- echo 'p:demo $name@$obj' > kprobe_events"
	kprobe_reset
	if echo "p:demo $name@$obj" > $TRACEFS/kprobe_events; then
		echo "accepted: $(cat $TRACEFS/kprobe_events)"
		echo "registered at: $(cat /sys/kernel/debug/kprobes/list)"
	fi
	cat $TRACEFS/error_log
	kprobe_reset
fi
