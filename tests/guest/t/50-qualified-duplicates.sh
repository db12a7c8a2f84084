#!/bin/sh
# Every copy of every duplicated text name, probed as NAME@OBJFILE with
# the object the build's linker maps give it, registers exactly where a
# probe on that copy's raw address does (kprobes/list), or is refused
# just as that raw-address probe is. A name twice in one object must be
# refused as not unique.
. /harness/lib.sh
truth=$HOST/dup-text-objects		# "ADDR NAME OBJFILE" per copy
list=/sys/kernel/debug/kprobes/list

# The loop runs only shell builtins: a fork costs a lot under KASAN.
# first_probe: the address of the one registered probe, in $got
first_probe() { got=; read -r got _ < $list; }

kprobe_reset
# each copy with the number of copies of its name in its object
awk '{ k[NR] = $2 " " $3; l[NR] = $0; c[k[NR]]++ }
     END { for (i = 1; i <= NR; i++) print l[i], c[k[i]] }' $truth > /tmp/dup-copies
n=0 bad=0 refused=0 nonuniq=0
while read -r addr name obj copies; do
	n=$((n + 1))
	want= got=
	if echo "p:qref 0x$addr" >> $TRACEFS/kprobe_events 2>/dev/null; then
		first_probe
		want=$got got=
	fi
	echo > $TRACEFS/kprobe_events
	if [ "$copies" -gt 1 ]; then
		if echo "p:qdup $name@$obj" >> $TRACEFS/kprobe_events 2>/dev/null; then
			bad=$((bad + 1)); echo "# $name@$obj accepted, but the object has it twice"
		else
			nonuniq=$((nonuniq + 1))
		fi
		echo > $TRACEFS/kprobe_events
		continue
	fi
	if echo "p:qdup $name@$obj" >> $TRACEFS/kprobe_events 2>/dev/null; then
		first_probe
	fi
	echo > $TRACEFS/kprobe_events
	[ -n "$want$got" ] || refused=$((refused + 1))
	if [ "$want" != "$got" ]; then
		bad=$((bad + 1))
		[ $bad -gt 10 ] || echo "# $name@$obj (0x$addr): raw address gives '$want', qualified '$got'"
	fi
done < /tmp/dup-copies
check "$n copies of $(awk '{print $2}' $truth | sort -u | wc -l) duplicated text names probed by NAME@OBJFILE" test $n -gt 0
check "every copy registered at its own address ($bad wrong, $refused refused like their raw address, $nonuniq twice in one object)" test $bad -eq 0
kprobe_reset
