#!/bin/sh
# A kprobe event on NAME@OBJFILE fires for that copy of NAME and no
# other: every callable fixture copy in vmlinux (fixtures.txt KEY not
# "-") is probed qualified and called once through the fixtures' run
# file (kprobe_profile: 1 hit), then each of its twins (the other copies
# of NAME) is called (still 1 hit).  Then kfx_mod's two copies, as
# kfx_mod:NAME@OBJFILE, unless the kernel refuses module qualifiers.
. /harness/lib.sh
FX=$HOST/fixtures.txt			# "NAME OBJPATH TYPE KEY" per copy
RUN=/sys/kernel/debug/kallsyms_fixtures/run
RUN_MOD=/sys/kernel/debug/kallsyms_fixtures_mod/run
MODOBJ=kallsyms_fixtures/mod

if [ ! -r $FX ]; then
	skip "qualified probes on the fixtures (no $FX)"
	exit 0
fi
if [ ! -w $RUN ]; then
	fail "fixture run file $RUN present"
	exit 0
fi

# hits EVENT: its hit count in kprobe_profile ("EVENT NHIT NMISS")
hits() {
	awk -v e="$1" '$1 == e { print $2; f = 1 } END { if (!f) print "none" }' \
		$TRACEFS/kprobe_profile
}

# probe_copy EVENT PROBE-POINT NAME OBJ KEY RUNFILE: probe, call the copy,
# call its twins; one result each.  Fails (status 1) if the probe point
# is refused, after printing error_log as comments.
probe_copy() {
	ev=$1 point=$2 name=$3 obj=$4 key=$5 run=$6
	kprobe_reset
	if ! echo "p:$ev $point" >> $TRACEFS/kprobe_events 2>/dev/null; then
		sed 's/^/# /' $TRACEFS/error_log
		return 1
	fi
	echo 1 > $TRACEFS/events/kprobes/$ev/enable
	echo "$key" > $run
	h=$(hits $ev)
	check "p:$ev $point fires once when $key is called ($h)" test "$h" = 1
	# the twins: the other callable copies of NAME in the same place
	twins=$(awk -v n="$name" -v o="$obj" -v mod="^$MODOBJ/" '
		$1 == n && $2 != o && $4 != "-" && ($2 ~ mod) == (o ~ mod) { print $4 }' $FX)
	for t in $twins; do
		echo "$t" > $run
	done
	h=$(hits $ev)
	check "p:$ev $point does not fire for its twins $(echo $twins) ($h)" test "$h" = 1
	echo 0 > $TRACEFS/events/kprobes/$ev/enable
	kprobe_reset
	return 0
}

# copies in vmlinux
while read -r name obj _ key; do
	case $obj in $MODOBJ/*) continue ;; esac
	[ "$key" != - ] || continue
	probe_copy fx "$name@$obj" $name $obj $key $RUN && continue
	# a function without an ftrace entry (the assembly copies) cannot be
	# kprobed at any address: the qualified name must be refused just as
	# the copy's own address is
	if dmesg | tail -n 3 | grep -q "Could not probe notrace function $name\$"; then
		addr=$(awk -v n="$name" -v o="$obj" '$4 == n && $6 == o { print $1; exit }' /proc/kallmodsyms)
		check "p:fx $name@$obj refused as notrace, as its address 0x$addr is" \
			sh -c "[ -n '$addr' ] && ! echo 'p:fxraw 0x$addr' >> $TRACEFS/kprobe_events 2>/dev/null"
		kprobe_reset
	else
		fail "p:fx $name@$obj is accepted"
	fi
done < $FX

# copies in the loadable module
ko=$(find /lib/modules -name kfx_mod.ko 2>/dev/null | head -n 1)
loaded=
if grep -q '^kfx_mod ' /proc/modules; then
	:
elif modprobe kfx_mod 2>/dev/null || { [ -n "$ko" ] && insmod "$ko"; }; then
	loaded=1
else
	skip "qualified probes in kfx_mod (the module does not load)"
	exit 0
fi
while read -r name obj _ key; do
	case $obj in $MODOBJ/*) ;; *) continue ;; esac
	[ "$key" != - ] || continue
	if ! probe_copy fxm "kfx_mod:$name@$obj" $name $obj $key $RUN_MOD; then
		skip "module qualifier not supported by this kernel"
		break
	fi
done < $FX
kprobe_reset
[ -z "$loaded" ] || rmmod kfx_mod
