#!/bin/sh
# What the kernel lists and prints for a repeated name, it takes back,
# and by default as on 6.12.
# Defaults: listings, the trace, %pS and /proc read as on 6.12, except
# that a filter file holding only some copies of a name in one symbol
# table reads them NAME@OBJFILE, so that a save and restore selects the
# same functions.
# The trace option sym-objfile (per instance): the function and
# function_graph tracers, stack traces in the buffer, probe events and
# trace_stat/function* name every function NAME@OBJFILE; each such name,
# written back, selects that function and is a kprobe's.
# CONFIG_KALLSYMS_OBJFILES_BACKTRACE: each frame of a stack trace
# (dump_stack(), and an NMI backtrace) ends with its object file.
. /harness/lib.sh
FX=$HOST/fixtures.txt
OPT=$TRACEFS/options/sym-objfile
BIN=/harness/bin
FILTER=$TRACEFS/set_ftrace_filter
AVAIL=$TRACEFS/available_filter_functions
RUN=/sys/kernel/debug/kallsyms_fixtures/run
A=kfx_dup@kallsyms_fixtures/a/dup.o
B=kfx_dup@kallsyms_fixtures/b/dup.o

if [ ! -w $OPT ] || [ ! -r $FX ] || [ ! -e $FILTER ]; then
	skip "names of repeated functions in listings (no sym-objfile option, fixtures or ftrace)"
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
	echo 0 > $OPT
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

reset
check "defaults: kfx_dup listed bare, $n times, as on 6.12" \
	test "$(grep -c '^kfx_dup$' $AVAIL)" = "$n"
check "defaults: no line of available_filter_functions has an object file" \
	sh -c "! grep -q @ $AVAIL"
files="set_ftrace_filter set_ftrace_notrace"
[ ! -e $TRACEFS/set_graph_function ] || files="$files set_graph_function"
for f in $files; do
	echo $A > $TRACEFS/$f
	check "$f reads back $A ($(lines $TRACEFS/$f))" \
		test "$(lines $TRACEFS/$f)" = "$A "
	restore $TRACEFS/$f
	check "$f written back selects that copy alone" \
		test "$(lines $TRACEFS/$f)" = "$A "
	echo kfx_dup > $TRACEFS/$f
	check "after a bare write $f reads kfx_dup $n times, bare, as on 6.12" \
		test "$(lines $TRACEFS/$f)" = "$(words $(echo "$copies" | sed 's/@.*//'))"
	echo "!$A" >> $TRACEFS/$f
	rest=$(echo "$copies" | grep -vx "$A")
	check "less one copy, $f reads the others NAME@OBJFILE" \
		test "$(lines $TRACEFS/$f)" = "$(words $rest)"
	restore $TRACEFS/$f
	check "written back, the same $((n - 1)) copies" \
		test "$(lines $TRACEFS/$f)" = "$(words $rest)"
	echo > $TRACEFS/$f
done
# kfx_cross: one copy in vmlinux, one in kfx_mod.  Each is unique in its
# symbol table, so each reads back bare, whatever is loaded (the ABI
# says that a bare name written back then selects both)
X=kfx_cross@kallsyms_fixtures/core.o
kfx_mod_load
if grep -qx kfx_cross $AVAIL && grep -qx 'kfx_cross \[kfx_mod\]' $AVAIL; then
	echo $X > $FILTER
	check "the vmlinux copy of a name also in a module reads back bare ($(lines $FILTER))" \
		test "$(lines $FILTER)" = "kfx_cross "
	echo kfx_cross > $FILTER
	check "after a bare write both copies read bare, as on 6.12" \
		test "$(lines $FILTER)" = "$(words kfx_cross 'kfx_cross [kfx_mod]')"
	echo > $FILTER
else
	skip "a name in vmlinux and a module (no kfx_mod or no kfx_cross)"
fi
kfx_mod_unload
# a module loaded between two reads of one open filter file changes
# nothing the filter reads
if [ -n "$kfx_loaded" ] && grep -qx kfx_cross $AVAIL; then
	echo kfx_cross > $FILTER
	got=$($BIN/reread $FILTER modprobe kfx_mod | grep -v '^#' | tr '\n' ' ')
	check "a module loaded between two reads of one open filter file changes nothing ($got)" \
		test "$got" = "kfx_cross "
	rmmod kfx_mod
	echo > $FILTER
fi
echo kfx_dup > $FILTER
echo function > $TRACEFS/current_tracer
echo a/dup > $RUN
check "defaults: the function tracer prints kfx_dup bare" \
	grep -q ': kfx_dup <-' $TRACEFS/trace
for f in $TRACEFS/available_filter_functions_addrs $TRACEFS/enabled_functions \
	 $TRACEFS/touched_functions $TRACEFS/trace /proc/1/stack /proc/1/wchan; do
	[ -r $f ] || continue
	check "defaults: $f names no object file" sh -c "! grep -q '@[^ ]*\.o' $f"
done
reset
echo "p:outsym $A fn=@kfx_a_dup_ops+$ptr:symbol" > $TRACEFS/kprobe_events
echo 1 > $TRACEFS/events/kprobes/outsym/enable
echo a/dup > $RUN
check "%pS of a repeated name is bare (a kprobe's :symbol)" \
	grep -q "fn=kfx_dup+0x0/0x" $TRACEFS/trace
reset
check_profiled "defaults: trace_stat/function* names kfx_dup bare" "kfx_dup "

# the trace option sym-objfile
echo kfx_dup > $FILTER
echo function > $TRACEFS/current_tracer
echo a/dup > $RUN
echo b/dup > $RUN
echo 1 > $OPT
check "sym-objfile: the same buffer names each copy called ($A, $B)" \
	sh -c "grep -q ': $A <-' $TRACEFS/trace && grep -q ': $B <-' $TRACEFS/trace"
check "sym-objfile: and the caller too (<-NAME@OBJFILE)" \
	grep -q ": $A <-[^ ]*@[^ ]*\.o" $TRACEFS/trace
echo 0 > $OPT
mkdir $TRACEFS/instances/t73
echo 1 > $TRACEFS/instances/t73/options/sym-objfile
check "sym-objfile off, on in another instance: this buffer reads bare again" \
	sh -c "grep -q ': kfx_dup <-' $TRACEFS/trace && ! grep -q ': $A' $TRACEFS/trace"
rmdir $TRACEFS/instances/t73
reset
echo 1 > $OPT
check_profiled "sym-objfile: trace_stat/function* names each copy called, not cut" "$(words $A $B)"
echo "p:outsym $A" > $TRACEFS/kprobe_events
echo 1 > $TRACEFS/events/kprobes/outsym/enable
echo a/dup > $RUN
# (+0x4 after an endbr64, +0x8 at ppc64le's local entry)
check "sym-objfile: the kprobe event names its copy ($A+off/size)" \
	grep -q "($A+0x[0-9a-f]*/0x" $TRACEFS/trace
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
echo 1 > $OPT
cp $TRACEFS/trace /tmp/stacks
echo > $FILTER
echo > $TRACEFS/trace
echo "p:stk $A" > $TRACEFS/kprobe_events
echo stacktrace > $TRACEFS/events/kprobes/stk/trigger
echo 1 > $TRACEFS/events/kprobes/stk/enable
echo a/dup > $RUN
echo 0 > $TRACEFS/events/kprobes/stk/enable
cat $TRACEFS/trace >> /tmp/stacks
check "sym-objfile: a stack trace in the trace names the copy (=> $A), never bare" \
	sh -c "grep -q '=> $A\$' /tmp/stacks && ! grep -q '=> kfx_dup\$' /tmp/stacks"
echo '!stacktrace' > $TRACEFS/events/kprobes/stk/trigger
reset
if [ -e $TRACEFS/set_graph_function ] && grep -qw function_graph $TRACEFS/available_tracers; then
	echo $A > $TRACEFS/set_graph_function
	echo function_graph > $TRACEFS/current_tracer
	echo 1 > $OPT
	echo a/dup > $RUN
	# read while it is the tracer: it prints its own entries
	cp $TRACEFS/trace /tmp/graph
	echo nop > $TRACEFS/current_tracer
	check "sym-objfile: the function_graph tracer names the copy ($(grep -o "kfx_dup[^ ]*()" /tmp/graph | head -n 1))" \
		grep -q "$A()" /tmp/graph
	reset
fi
# an fprobe event's printed symbol, as a kprobe event's
if grep -q 'f\[:\[<group>/\]\[<event>\]\]' $TRACEFS/README 2>/dev/null; then
	echo "f:fpo $A" > $TRACEFS/dynamic_events
	echo 1 > $OPT
	echo 1 > $TRACEFS/events/fprobes/fpo/enable
	echo a/dup > $RUN
	echo 0 > $TRACEFS/events/fprobes/fpo/enable
	check "sym-objfile: the fprobe event names its copy ($(grep -o '(kfx_dup[^)]*)' $TRACEFS/trace | head -n 1))" \
		grep -q "($A+0x[0-9a-f]*/0x" $TRACEFS/trace
	echo > $TRACEFS/dynamic_events
	reset
fi

# every copy of every repeated vmlinux text name, NAME@OBJFILE: a
# filter reads it back so where vmlinux has another traceable copy of
# the name (bare where the others are notrace), and it is a kprobe's
# symbol
grep -v ' \[' $AVAIL | sort | uniq -d > /tmp/traceable-twice
bad=0 total=0 kbad=0
while read -r addr name obj; do
	line=$name@$obj
	echo "$line" > $FILTER 2>/dev/null || continue
	total=$((total + 1))
	want=$line
	grep -qx "$name" /tmp/traceable-twice || want=$name
	[ "$(lines $FILTER)" = "$want " ] || { bad=$((bad + 1)); echo "# $line reads back: $(lines $FILTER)"; }
	err=$( { echo "p:rt $line" > $TRACEFS/kprobe_events; } 2>&1 | sed 's/.*: //')
	case $err in
	"No such file or directory"|"Name not unique on network")
		kbad=$((kbad + 1)); echo "# kprobe on $line: $err" ;;
	esac
done < $HOST/dup-text-objects
check "each of the $total traceable copies written NAME@OBJFILE reads back so, or bare where no other is traceable ($bad not)" \
	test "$total" -gt 0 -a "$bad" = 0
check "each is a kprobe's symbol ($kbad refused as unknown or not unique)" \
	test "$kbad" = 0
reset

# CONFIG_KALLSYMS_OBJFILES_BACKTRACE: the frames of a stack trace
call_trace b/dup > /tmp/dump
if [ "$(cat $HOST/objfiles-backtrace 2>/dev/null)" = y ]; then
	OBJB=${B#*@}
	check "dump_stack() in a copy: its frame ends with its object ($(grep -o ' kfx_dup+[^ ]* .*' /tmp/dump | head -n 1))" \
		grep -q " kfx_dup+0x[0-9a-f]*/0x[0-9a-f]* ($OBJB)\$" /tmp/dump
	bare=$(grep -E '[A-Za-z_][A-Za-z0-9_.]*\+0x[0-9a-f]+/0x[0-9a-f]+' /tmp/dump | grep -vc '\.o)')
	check "every frame of that trace names its object ($bare do not)" test "$bare" = 0
	kfx_mod_load
	if [ -n "$kfx_loaded" ] || grep -q '^kfx_mod ' /proc/modules; then
		mark=$((dumps + 1)); dumps=$mark
		echo "kfx-dump-mark-$mark" > /dev/kmsg
		echo dump > /sys/kernel/debug/kallsyms_fixtures_mod/run
		dmesg | sed -n "/kfx-dump-mark-$mark\$/,\$p" > /tmp/dump.mod
		check "a module frame: NAME+OFF/LEN [MODULE] (OBJFILE) ($(grep -o ' kfx_mod_dump+.*' /tmp/dump.mod | head -n 1))" \
			grep -q " kfx_mod_dump+0x[0-9a-f]*/0x[0-9a-f]* \[kfx_mod[^]]*\] (kallsyms_fixtures/mod/kfx_mod_main.o)\$" /tmp/dump.mod
	fi
	kfx_mod_unload
	# NMI backtraces: sysrq-l asks every CPU for its stack by NMI (the
	# one that writes it prints its own directly); the other CPU is kept
	# busy in the kernel, so that its trace has frames.  Both CPUs'
	# traces must name their frames' objects; a try whose NMI came in
	# user mode is tried again.
	if [ -w /proc/sysrq-trigger ] && [ "$(grep -c ^processor /proc/cpuinfo)" -gt 1 ]; then
		dd if=/dev/zero of=/dev/null bs=64k count=10000000 2>/dev/null &
		busy=$!
		sleep 1
		try=0 cpus=0
		while [ $try -lt 3 ] && [ "$cpus" -lt 2 ]; do
			try=$((try + 1))
			echo "kfx-nmi-mark-$try" > /dev/kmsg
			echo l > /proc/sysrq-trigger
			sleep 1
			dmesg | sed -n "/kfx-nmi-mark-$try\$/,\$p" > /tmp/nmi
			# CPUs whose backtrace has a frame that names its object
			cpus=$(awk '/NMI backtrace for cpu/ { cpu = $NF } /\+0x[0-9a-f]+\/0x[0-9a-f]+ .*\.o\)/ && cpu != "" { seen[cpu] = 1 } END { n = 0; for (c in seen) n++; print n }' /tmp/nmi)
		done
		kill $busy
		check "sysrq-l: both CPUs' NMI backtraces name their frames' objects ($cpus CPUs, try $try)" \
			test "$cpus" -ge 2
	else
		skip "NMI backtraces (no sysrq, or one CPU)"
	fi
else
	check "dump_stack() in a copy names it bare, as on 6.12 ($(grep -o ' kfx_dup[^ ]*' /tmp/dump | head -n 1))" \
		sh -c "grep -q ' kfx_dup+0x[0-9a-f]*/0x[0-9a-f]*\$' /tmp/dump && ! grep -q '\.o)\$' /tmp/dump"
fi
