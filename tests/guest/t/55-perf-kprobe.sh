#!/bin/sh
# perf's kprobe PMU (perf_event_open, not tracefs) takes NAME@OBJFILE:
# an event on kfx_dup@kallsyms_fixtures/a/dup.o counts every call of
# a/dup.o's copy and none of its twin's in b/dup.o, and perf_event_open
# fails for an object file that does not exist, for one that matches
# several copies and for the bare, non-unique name.
. /harness/lib.sh
PMU=/sys/bus/event_source/devices/kprobe/type
RUN=/sys/kernel/debug/kallsyms_fixtures/run
PK=/harness/bin/perf_kprobe
SYM=kfx_dup@kallsyms_fixtures/a/dup.o

if [ ! -r $PMU ]; then
	skip "perf kprobe PMU not present ($PMU)"
	exit 0
fi
if [ ! -w $RUN ]; then
	fail "fixture run file $RUN present"
	exit 0
fi

# perf_hits SYMBOL KEY COUNT: r="STATUS OUTPUT"; stderr as comments
perf_hits() {
	out=$($PK "$1" $RUN "$2" "$3" 2>/tmp/perf_kprobe.err)
	r="$? $out"
	sed 's/^/# /' /tmp/perf_kprobe.err
}

perf_hits $SYM a/dup 5
check "perf kprobe on $SYM counts 5 calls of a/dup ($r)" test "$r" = "0 hits 5"
perf_hits $SYM b/dup 5
check "perf kprobe on $SYM counts no call of its twin b/dup ($r)" test "$r" = "0 hits 0"

# perf_event_open must fail (status 2), with its errno text on stderr
for bad in kfx_dup@nonexistent.o kfx_dup@dup.o kfx_dup; do
	case $bad in
	*@nonexistent.o) why="no such object file" ;;
	*@dup.o) why="a/dup.o and b/dup.o both match" ;;
	*) why="the name is not unique" ;;
	esac
	perf_hits $bad a/dup 1
	check "perf_event_open refuses $bad: $why (status ${r%% *})" test "${r%% *}" = 2
done
