#!/bin/sh
# An object's whole path names that object alone, in every interface
# that takes NAME@OBJFILE, even where it is also the end of another
# object's path.  Fixtures: kallsyms_fixtures/twin.o beside
# kallsyms_fixtures/sub/kallsyms_fixtures/twin.o in vmlinux (kfx_twin in
# both, kfx_twin_top and kfx_twin_sub their own), and in kfx_mod
# kallsyms_fixtures/mod/kfx_mod_other.o beside
# kallsyms_fixtures/mod/sub/kallsyms_fixtures/mod/kfx_mod_other.o
# (kfx_mod_twin in both).  For each interface: the whole path selects
# exactly its copy, the shorter end "twin.o" is refused as naming two
# objects, and a name that only the longer path has is not found through
# the shorter whole path.  The fixture-driven tests (56, 58, 59, 62)
# attach to every copy by its whole path as well.
. /harness/lib.sh
RUN=/sys/kernel/debug/kallsyms_fixtures/run
RUN_MOD=/sys/kernel/debug/kallsyms_fixtures_mod/run
TOP=kallsyms_fixtures/twin.o
SUB=kallsyms_fixtures/sub/kallsyms_fixtures/twin.o
MTOP=kallsyms_fixtures/mod/kfx_mod_other.o
MSUB=kallsyms_fixtures/mod/sub/kallsyms_fixtures/mod/kfx_mod_other.o
FILTER=$TRACEFS/set_ftrace_filter
AVAIL=$TRACEFS/available_filter_functions

if ! grep -q " kfx_twin \[vmlinux\] $SUB\$" /proc/kallmodsyms; then
	skip "whole-path qualifiers (no twin fixtures in this kernel)"
	exit 0
fi

# hits EVENT: its hit count in kprobe_profile
hits() {
	awk -v e="$1" '$1 == e { print $2; f = 1 } END { if (!f) print "none" }' \
		$TRACEFS/kprobe_profile
}
# fires PROBE RUNFILE KEY OTHER: the hits of kprobe PROBE after calling
# KEY then OTHER, "KEY-HITS OTHER-HITS" ("refused" if not registered)
fires() {
	kprobe_reset
	echo "$1" >> $TRACEFS/kprobe_events 2>/dev/null || { echo refused; return; }
	echo 1 > $TRACEFS/events/kprobes/tw/enable
	echo "$3" > $2
	a=$(hits tw)
	echo "$4" > $2
	echo "$a $(hits tw)"
	echo 0 > $TRACEFS/events/kprobes/tw/enable
	kprobe_reset
}
# refused PROBE ERRNO: the kprobe is refused with ERRNO (strerror's
# words), and error_log has an entry
refused() {
	kprobe_reset
	echo > $TRACEFS/error_log
	err=$( { echo "$1" >> $TRACEFS/kprobe_events; } 2>&1 )
	case $err in *"$2"*) grep -q . $TRACEFS/error_log ;; *) return 1 ;; esac
}
# functions OBJ: the traceable functions /proc/kallmodsyms lists in OBJ
functions() {
	awk -v o="$1" 'NR == FNR { ok[$1] = 1; next } $6 == o && ($4 in ok) { print $4 }' \
		$AVAIL /proc/kallmodsyms | sort | tr '\n' ' '
}
filtered() { grep -v '^#' "$1" | cut -f1 -d' ' | sed 's/@.*//' | sort | tr '\n' ' '; }
set_filter() { err=$( { echo "$1" > $FILTER; } 2>&1 ); }

# kprobes: p:, r:, an offset, %return
check "p:tw kfx_twin@$TOP fires for its copy alone ($(fires "p:tw kfx_twin@$TOP" $RUN twin sub/kallsyms_fixtures/twin))" \
	test "$(fires "p:tw kfx_twin@$TOP" $RUN twin sub/kallsyms_fixtures/twin)" = "1 1"
check "p:tw kfx_twin@$SUB fires for its copy alone" \
	test "$(fires "p:tw kfx_twin@$SUB" $RUN sub/kallsyms_fixtures/twin twin)" = "1 1"
check "r:tw kfx_twin@$TOP fires for its copy alone" \
	test "$(fires "r:tw kfx_twin@$TOP" $RUN twin sub/kallsyms_fixtures/twin)" = "1 1"
check "p:tw kfx_twin@$TOP%return fires for its copy alone" \
	test "$(fires "p:tw kfx_twin@$TOP%return" $RUN twin sub/kallsyms_fixtures/twin)" = "1 1"
check "p:tw kfx_twin@$TOP+0 fires for its copy alone" \
	test "$(fires "p:tw kfx_twin@$TOP+0" $RUN twin sub/kallsyms_fixtures/twin)" = "1 1"
check "p:tw kfx_twin@twin.o refused: names two objects" \
	refused "p:tw kfx_twin@twin.o" "Name not unique on network"
check "p:tw kfx_twin_sub@$TOP refused: that object has no kfx_twin_sub" \
	refused "p:tw kfx_twin_sub@$TOP" "No such file or directory"
check "p:tw kfx_twin_sub@twin.o taken: one object named twin.o has the name" \
	test "$(fires "p:tw kfx_twin_sub@twin.o" $RUN sub/kallsyms_fixtures/twin twin)" = "1 1"

# perf's kprobe PMU
PK=/harness/bin/perf_kprobe
if [ -r /sys/bus/event_source/devices/kprobe/type ]; then
	r=$($PK "kfx_twin@$TOP" $RUN twin 3 2>/dev/null)
	s=$($PK "kfx_twin@$TOP" $RUN sub/kallsyms_fixtures/twin 3 2>/dev/null)
	check "perf kprobe PMU kfx_twin@$TOP counts its copy alone ($r; $s)" \
		test "$r" = "hits 3" -a "$s" = "hits 0"
	$PK "kfx_twin@twin.o" $RUN twin 1 >/dev/null 2>&1
	check "perf kprobe PMU refuses kfx_twin@twin.o (status $?)" test $? = 2
else
	skip "perf kprobe PMU (not in this kernel)"
fi

# ftrace filters: every function of one object, a glob on the name, the
# short end refused with the filter left as it was
echo nop > $TRACEFS/current_tracer
for o in $TOP $SUB; do
	want=$(functions $o)
	set_filter "*@$o"
	check "*@$o selects that object's functions ($want) and no other ($(filtered $FILTER))" \
		test -n "$want" -a "$(filtered $FILTER)" = "$want"
done
set_filter "*twin*@$TOP"
check "*twin*@$TOP selects kfx_twin and kfx_twin_top ($(filtered $FILTER))" \
	test "$(filtered $FILTER)" = "kfx_twin kfx_twin_top "
set_filter "kfx_twin@$TOP"
echo "kfx_twin@twin.o" >> $FILTER 2>/dev/null
check "kfx_twin@twin.o refused, the filter unchanged ($(filtered $FILTER))" \
	test "$(filtered $FILTER)" = "kfx_twin "
set_filter "kfx_twin_sub@$TOP"
check "kfx_twin_sub@$TOP selects nothing and is refused ($err)" \
	test -n "$err" -a -z "$(filtered $FILTER)"
echo > $FILTER
echo "kfx_twin@$TOP:traceoff" > $FILTER
check "function command kfx_twin@$TOP:traceoff set on its copy alone, read back so ($(grep -c "^kfx_twin@$TOP:traceoff" $FILTER))" \
	test "$(grep -c "^kfx_twin@$TOP:traceoff" $FILTER)" = 1 -a "$(grep -c "^kfx_twin" $FILTER)" = 1
check "function command kfx_twin@twin.o:traceon refused: names two objects" \
	sh -c "! echo 'kfx_twin@twin.o:traceon' >> $FILTER 2>/dev/null && ! grep -q ':traceon' $FILTER"
echo "!kfx_twin@$TOP:traceoff" >> $FILTER
check "!kfx_twin@$TOP:traceoff removes it" test "$(grep -c ':traceoff' $FILTER)" = 0
if [ -e $TRACEFS/set_graph_function ]; then
	echo "kfx_twin@$SUB" > $TRACEFS/set_graph_function
	check "set_graph_function takes kfx_twin@$SUB alone ($(filtered $TRACEFS/set_graph_function))" \
		test "$(filtered $TRACEFS/set_graph_function)" = "kfx_twin "
	echo > $TRACEFS/set_graph_function
else
	skip "set_graph_function (no function graph tracer)"
fi
echo "kfx_twin@$SUB" > $TRACEFS/set_ftrace_notrace
check "set_ftrace_notrace takes kfx_twin@$SUB alone ($(filtered $TRACEFS/set_ftrace_notrace))" \
	test "$(filtered $TRACEFS/set_ftrace_notrace)" = "kfx_twin "
echo > $TRACEFS/set_ftrace_notrace
echo > $FILTER

# fprobe events
DYN=$TRACEFS/dynamic_events
if grep -q 'f\[:\[<group>/\]\[<event>\]\] <func-name>' $TRACEFS/README; then
	echo > $DYN
	echo "f:fw kfx_twin@$TOP" >> $DYN && echo 1 > $TRACEFS/events/fprobes/fw/enable
	echo > $TRACEFS/trace
	echo twin > $RUN
	echo sub/kallsyms_fixtures/twin > $RUN
	echo 0 > $TRACEFS/events/fprobes/fw/enable
	n=$(grep -c ' fw: ' $TRACEFS/trace)
	check "f:fw kfx_twin@$TOP fires for its copy alone ($n)" test "$n" = 1
	echo > $DYN
	echo > $TRACEFS/error_log
	err=$( { echo "f:fw kfx_twin@twin.o" >> $DYN; } 2>&1 )
	if [ -z "$err" ]; then
		fail "f:fw kfx_twin@twin.o refused"
	else
		check "f:fw kfx_twin@twin.o refused: names two objects ($err)" \
			sh -c "echo '$err' | grep -q 'Name not unique on network' && grep -q . $TRACEFS/error_log"
	fi
	echo > $DYN
else
	skip "fprobe events (not in this kernel)"
fi

# BPF multi-kprobes
KMULTI=/harness/bin/kmulti
out=$($KMULTI $RUN "kfx_twin@$TOP" -- twin sub/kallsyms_fixtures/twin 2>&1)
if echo "$out" | grep -q 'Operation not supported'; then
	skip "BPF multi-kprobes (not in this kernel)"
else
	want=$(awk -v o=$TOP '$4 == "kfx_twin" && $6 == o { sub(/^0+/, "", $1); print "0x" $1 }' /proc/kallmodsyms)
	check "kprobe_multi kfx_twin@$TOP attaches at its copy ($want) and runs once ($(echo $out))" \
		sh -c "echo '$out' | grep -qx 'addr $want' && echo '$out' | grep -qx 'runs 1'"
	out=$($KMULTI $RUN "kfx_twin@twin.o" 2>&1)
	check "kprobe_multi kfx_twin@twin.o refused as not unique ($out)" \
		sh -c "echo '$out' | grep -qi 'not unique'"
fi

# livepatch
KLP_KO=$(find /lib/modules -name kfx_livepatch.ko 2>/dev/null | head -n 1)
# returns KEY: what that fixture copy returns now (its run log line)
returns() {
	echo "$1" > $RUN
	dmesg | sed -n "s/.*kallsyms_fixtures: $(echo "$1" | sed 's|/|\\/|g') returned //p" | tail -n 1
}
if [ -d /sys/kernel/livepatch ] && [ -n "$KLP_KO" ]; then
	own_top=$(returns twin) own_sub=$(returns sub/kallsyms_fixtures/twin)
	if insmod "$KLP_KO" target="kfx_twin@$TOP" ret=0x7777; then
		i=0
		while [ "$(cat /sys/kernel/livepatch/kfx_livepatch/transition)" = 1 ] && [ $i -lt 60 ]; do
			i=$((i + 1)); sleep 1
		done
		check "livepatch of kfx_twin@$TOP patches its copy alone ($(returns twin), $(returns sub/kallsyms_fixtures/twin))" \
			test "$(returns twin)" = 0x7777 -a "$(returns sub/kallsyms_fixtures/twin)" = "$own_sub"
		echo 0 > /sys/kernel/livepatch/kfx_livepatch/enabled
		i=0
		while [ -d /sys/kernel/livepatch/kfx_livepatch ] &&
		      [ "$(cat /sys/kernel/livepatch/kfx_livepatch/transition 2>/dev/null)" = 1 ] && [ $i -lt 60 ]; do
			i=$((i + 1)); sleep 1
		done
		rmmod kfx_livepatch
		check "unpatched: twin returns its own value again ($(returns twin))" \
			test "$(returns twin)" = "$own_top"
	else
		fail "livepatch of kfx_twin@$TOP loads"
	fi
	dmesg -c > /dev/null
	if insmod "$KLP_KO" target="kfx_twin@twin.o" 2>/dev/null; then
		fail "livepatch of kfx_twin@twin.o refused"
		echo 0 > /sys/kernel/livepatch/kfx_livepatch/enabled
		sleep 2
		rmmod kfx_livepatch
	else
		check "livepatch of kfx_twin@twin.o refused: 'several object files' logged" \
			sh -c "dmesg | grep -q 'several object files'"
	fi
else
	skip "livepatch (no CONFIG_LIVEPATCH or no kfx_livepatch.ko)"
fi

# kfx_mod: MOD:NAME@OBJFILE and :mod: filters
if kfx_mod_load; then
	check "p:tw kfx_mod:kfx_mod_twin@$MTOP fires for its copy alone" \
		test "$(fires "p:tw kfx_mod:kfx_mod_twin@$MTOP" $RUN_MOD twin sub/twin)" = "1 1"
	check "p:tw kfx_mod:kfx_mod_twin@$MSUB fires for its copy alone" \
		test "$(fires "p:tw kfx_mod:kfx_mod_twin@$MSUB" $RUN_MOD sub/twin twin)" = "1 1"
	check "p:tw kfx_mod:kfx_mod_twin@kfx_mod_other.o refused: names two objects" \
		refused "p:tw kfx_mod:kfx_mod_twin@kfx_mod_other.o" "Name not unique on network"
	want=$(functions $MTOP)
	set_filter "*@$MTOP:mod:kfx_mod"
	check "*@$MTOP:mod:kfx_mod selects that object's functions ($want) alone ($(filtered $FILTER))" \
		test -n "$want" -a "$(filtered $FILTER)" = "$want"
	echo > $FILTER
	kfx_mod_unload
else
	fail "kfx_mod loads"
fi
kprobe_reset
