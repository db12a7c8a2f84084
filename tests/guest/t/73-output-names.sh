#!/bin/sh
# What the kernel lists and prints for a repeated name, it takes back.
# kallsyms.objfile_names off (the default): listings as in 6.12, except
# that a filter file holding only some copies of a name (in vmlinux and
# the modules) reads them NAME@OBJFILE, so that a save and restore
# selects the same functions.
# On: every repeated name is NAME@OBJFILE in available_filter_functions,
# the function tracer's output, trace_stat/function* and %pS (a kprobe
# event's :symbol, dump_stack()'s call trace); each such line, written
# back, selects that one function and is a kprobe.
. /harness/lib.sh
FX=$HOST/fixtures.txt
KNOB=/sys/module/kallsyms/parameters/objfile_names
BIN=/harness/bin
FILTER=$TRACEFS/set_ftrace_filter
AVAIL=$TRACEFS/available_filter_functions
RUN=/sys/kernel/debug/kallsyms_fixtures/run
A=kfx_dup@kallsyms_fixtures/a/dup.o
B=kfx_dup@kallsyms_fixtures/b/dup.o

if [ ! -w $KNOB ] || [ ! -r $FX ] || [ ! -e $FILTER ]; then
	skip "names of repeated functions in listings (no switch, fixtures or ftrace)"
	exit 0
fi
# the tracer checks below read the trace: tracing on, whatever ran before
echo 1 > $TRACEFS/tracing_on
# lines FILE: its lines but comments, sorted, on one line
lines() { grep -v '^#' "$1" | sort | tr '\n' ' '; }
# words WORD...: the same form for a list
words() { printf '%s\n' "$@" | sort | tr '\n' ' '; }
# restore FILE: write back what FILE reads, as tools save and restore
restore() { saved=$(grep -v '^#' "$1"); echo > "$1"; echo "$saved" > "$1"; }
reset() {
	echo nop > $TRACEFS/current_tracer
	echo > $FILTER; echo > $TRACEFS/set_ftrace_notrace
	[ ! -e $TRACEFS/set_graph_function ] || echo > $TRACEFS/set_graph_function
	echo > $TRACEFS/trace
	kprobe_reset
}
# profiled: the names trace_stat/function* gives kfx_dup after calls of
# a/dup and b/dup with the function profiler on ("" without one)
profiled() {
	[ -e $TRACEFS/function_profile_enabled ] || return 0
	echo 1 > $TRACEFS/function_profile_enabled
	echo a/dup > $RUN
	echo b/dup > $RUN
	echo 0 > $TRACEFS/function_profile_enabled
	cat $TRACEFS/trace_stat/function* | awk '$1 ~ /^kfx_dup/ { print $1 }' | sort -u | tr '\n' ' '
}
# check_profiled DESC NAMES: trace_stat/function* gives NAMES
check_profiled() {
	if [ -e $TRACEFS/function_profile_enabled ]; then
		got=$(profiled)
		check "$1 ($got)" test "$got" = "$2"
	else
		skip "$1 (no CONFIG_FUNCTION_PROFILER)"
	fi
}
# call_trace KEY: the kernel log from a mark on, after "dump KEY" made
# that copy dump_stack(), whose call trace prints as an oops' or a
# WARN's does (%pB)
dumps=0
call_trace() {
	dumps=$((dumps + 1))
	echo "kfx-dump-mark-$dumps" > /dev/kmsg
	echo "dump $1" > $RUN
	dmesg | sed -n "/kfx-dump-mark-$dumps\$/,\$p"
}
# the size of a pointer: half the hex digits of an address
ptr=$(($(head -1 /proc/kallsyms | cut -d" " -f1 | tr -d "\n" | wc -c) / 2))
copies=$(awk '$1 == "kfx_dup" { print "kfx_dup@" $2 }' $FX)
n=$(echo "$copies" | wc -l)

echo 0 > $KNOB
reset
check "off: kfx_dup listed bare, $n times, as on 6.12" \
	test "$(grep -c '^kfx_dup$' $AVAIL)" = "$n"
check "off: no line of available_filter_functions has an object file" \
	sh -c "! grep -q @ $AVAIL"
files="set_ftrace_filter set_ftrace_notrace"
[ ! -e $TRACEFS/set_graph_function ] || files="$files set_graph_function"
for f in $files; do
	echo $A > $TRACEFS/$f
	check "off: $f reads back $A ($(lines $TRACEFS/$f))" \
		test "$(lines $TRACEFS/$f)" = "$A "
	restore $TRACEFS/$f
	check "off: $f written back selects that copy alone" \
		test "$(lines $TRACEFS/$f)" = "$A "
	echo kfx_dup > $TRACEFS/$f
	check "off: after a bare write $f reads kfx_dup $n times, bare" \
		test "$(lines $TRACEFS/$f)" = "$(words $(echo "$copies" | sed 's/@.*//'))"
	echo "!$A" >> $TRACEFS/$f
	rest=$(echo "$copies" | grep -vx "$A")
	check "off: less one copy, $f reads the others NAME@OBJFILE" \
		test "$(lines $TRACEFS/$f)" = "$(words $rest)"
	restore $TRACEFS/$f
	check "off: written back, the same $((n - 1)) copies" \
		test "$(lines $TRACEFS/$f)" = "$(words $rest)"
	echo > $TRACEFS/$f
done
# kfx_cross: one copy in vmlinux, one in kfx_mod.  Unique in each table,
# but a bare name written back selects both.
X=kfx_cross@kallsyms_fixtures/core.o
kfx_mod_load
if grep -qx kfx_cross $AVAIL && grep -qx 'kfx_cross \[kfx_mod\]' $AVAIL; then
	echo $X > $FILTER
	check "off: the vmlinux copy of a name also in a module reads back $X ($(lines $FILTER))" \
		test "$(lines $FILTER)" = "$X "
	restore $FILTER
	check "off: written back, that copy alone" test "$(lines $FILTER)" = "$X "
	echo kfx_cross > $FILTER
	check "off: after a bare write both copies read bare, as on 6.12" \
		test "$(lines $FILTER)" = "$(words kfx_cross 'kfx_cross [kfx_mod]')"
	echo > $FILTER
else
	skip "a name in vmlinux and a module (no kfx_mod or no kfx_cross)"
fi
kfx_mod_unload
# a module loaded between two reads of one open filter file: the second
# read counts its copy (what the reader keeps of the modules is made
# again when a module comes)
if [ -n "$kfx_loaded" ] && grep -qx kfx_cross $AVAIL; then
	echo kfx_cross > $FILTER
	got=$($BIN/reread $FILTER modprobe kfx_mod | grep -v '^#' | tr '\n' ' ')
	check "off: a module loaded between two reads of one open filter file counts in the second ($got)" \
		test "$got" = "$X "
	rmmod kfx_mod
	echo > $FILTER
fi
echo kfx_dup > $FILTER
echo function > $TRACEFS/current_tracer
echo a/dup > $RUN
check "off: the function tracer prints kfx_dup bare" \
	grep -q ': kfx_dup <-' $TRACEFS/trace
# the series only ever adds a qualifier: with none in them, these read
# as on 6.12
for f in $TRACEFS/available_filter_functions_addrs $TRACEFS/enabled_functions \
	 $TRACEFS/touched_functions $TRACEFS/trace /proc/1/stack /proc/1/wchan; do
	[ -r $f ] || continue
	check "off: $f names no object file" sh -c "! grep -q '@[^ ]*\.o' $f"
done
reset
echo "p:outsym $A fn=@kfx_a_dup_ops+$ptr:symbol" > $TRACEFS/kprobe_events
echo 1 > $TRACEFS/events/kprobes/outsym/enable
echo a/dup > $RUN
check "off: %pS of a repeated name is bare (a kprobe's :symbol)" \
	grep -q "fn=kfx_dup+0x0/0x" $TRACEFS/trace
call_trace a/dup > /tmp/dump.off
check "off: dump_stack() in a copy names it bare, as on 6.12 ($(grep -o ' kfx_dup[^ ]*' /tmp/dump.off | head -n 1))" \
	sh -c "grep -q ' kfx_dup+0x[0-9a-f]*/0x' /tmp/dump.off && ! grep -q 'kfx_dup@' /tmp/dump.off"
reset
check_profiled "off: trace_stat/function* names kfx_dup bare" "kfx_dup "

echo 1 > $KNOB
reset
check "on: available_filter_functions lists each copy of kfx_dup NAME@OBJFILE" \
	test "$(grep '^kfx_dup' $AVAIL | sort | tr '\n' ' ')" = "$(words $copies)"
check "on: a name not repeated is listed bare (vfs_read)" grep -qx vfs_read $AVAIL
echo kfx_dup > $FILTER
check "on: a bare write reads back each copy's NAME@OBJFILE" \
	test "$(lines $FILTER)" = "$(words $copies)"
echo function > $TRACEFS/current_tracer
echo a/dup > $RUN
echo b/dup > $RUN
check "on: the function tracer names each copy called" \
	sh -c "grep -q ': $A <-' $TRACEFS/trace && grep -q ': $B <-' $TRACEFS/trace"
reset
check_profiled "on: trace_stat/function* names each copy called, not cut" "$(words $A $B)"
echo "p:outsym $A fn=@kfx_a_dup_ops+$ptr:symbol" > $TRACEFS/kprobe_events
echo 1 > $TRACEFS/events/kprobes/outsym/enable
echo a/dup > $RUN
check "on: %pS of a repeated name is NAME@OBJFILE+off/size (a kprobe's :symbol)" \
	grep -q "fn=$A+0x0/0x" $TRACEFS/trace
# (+0x4 after an endbr64, +0x8 at ppc64le's local entry)
check "on: the kprobe event names its copy ($A+off/size)" grep -q "($A+0x[0-9a-f]*/0x" $TRACEFS/trace
call_trace b/dup > /tmp/dump.on
check "on: dump_stack() in a copy names it in the call trace ($(grep -o " $B[^ ]*" /tmp/dump.on | head -n 1))" \
	sh -c "grep -q ' $B+0x[0-9a-f]*/0x' /tmp/dump.on && ! grep -q ' kfx_dup+0x' /tmp/dump.on"
reset
# stack traces in the trace: the stacktrace option of the function
# tracer and a kprobe event's stacktrace trigger (the same printer;
# whether the traced function is the first frame is the architecture's
# unwinder's choice, so either will do, and none may name it bare)
echo $A > $FILTER
echo function > $TRACEFS/current_tracer
echo 1 > $TRACEFS/options/func_stack_trace
echo a/dup > $RUN
echo 0 > $TRACEFS/options/func_stack_trace
echo nop > $TRACEFS/current_tracer
cp $TRACEFS/trace /tmp/stacks
echo > $FILTER
echo > $TRACEFS/trace
echo "p:stk $A" > $TRACEFS/kprobe_events
echo stacktrace > $TRACEFS/events/kprobes/stk/trigger
echo 1 > $TRACEFS/events/kprobes/stk/enable
echo a/dup > $RUN
echo 0 > $TRACEFS/events/kprobes/stk/enable
cat $TRACEFS/trace >> /tmp/stacks
check "on: a stack trace in the trace names the copy (=> $A), never bare" \
	sh -c "grep -q '=> $A\$' /tmp/stacks && ! grep -q '=> kfx_dup\$' /tmp/stacks"
echo '!stacktrace' > $TRACEFS/events/kprobes/stk/trigger
reset
# the function lists of a traced copy, and the function_graph tracer
echo $A > $FILTER
echo function > $TRACEFS/current_tracer
for f in enabled_functions touched_functions; do
	[ -r $TRACEFS/$f ] || continue
	check "on: $f names the traced copy ($(grep -o "^kfx_dup[^ ]*" $TRACEFS/$f | head -n 1))" \
		grep -q "^$A " $TRACEFS/$f
done
reset
if [ -e $TRACEFS/set_graph_function ] && grep -qw function_graph $TRACEFS/available_tracers; then
	echo $A > $TRACEFS/set_graph_function
	echo function_graph > $TRACEFS/current_tracer
	echo a/dup > $RUN
	# read while it is the tracer: it prints its own entries
	cp $TRACEFS/trace /tmp/graph
	echo nop > $TRACEFS/current_tracer
	check "on: the function_graph tracer names the copy ($(grep -o "kfx_dup[^ ]*()" /tmp/graph | head -n 1))" \
		grep -q "$A()" /tmp/graph
	reset
fi
# an fprobe event's printed symbol, as a kprobe event's
if grep -q 'f\[:\[<group>/\]\[<event>\]\]' $TRACEFS/README 2>/dev/null; then
	echo "f:fpo $A" > $TRACEFS/dynamic_events
	echo 1 > $TRACEFS/events/fprobes/fpo/enable
	echo a/dup > $RUN
	echo 0 > $TRACEFS/events/fprobes/fpo/enable
	check "on: the fprobe event names its copy ($(grep -o '(kfx_dup[^)]*)' $TRACEFS/trace | head -n 1))" \
		grep -q "($A+0x[0-9a-f]*/0x" $TRACEFS/trace
	echo > $TRACEFS/dynamic_events
	reset
fi

# every repeated vmlinux line, written back, selects that function alone
grep @ $AVAIL | grep -v ' \[' > /tmp/repeated
bad=0 total=0
while read -r line; do
	total=$((total + 1))
	echo "$line" > $FILTER 2>/dev/null
	[ "$(lines $FILTER)" = "$line " ] || { bad=$((bad + 1)); echo "# $line selects: $(lines $FILTER)"; }
done < /tmp/repeated
check "on: each of the $total repeated lines written back selects that function alone ($bad not)" \
	test "$total" -gt 0 -a "$bad" = 0
echo > $FILTER
bad=0
while read -r line; do
	err=$( { echo "p:rt $line" > $TRACEFS/kprobe_events; } 2>&1 | sed 's/.*: //')
	case $err in
	"No such file or directory"|"Name not unique on network")
		bad=$((bad + 1)); echo "# kprobe on $line: $err" ;;
	esac
done < /tmp/repeated
check "on: each repeated line is a kprobe's symbol ($bad refused as unknown or not unique)" \
	test "$bad" = 0
reset
echo 0 > $KNOB
