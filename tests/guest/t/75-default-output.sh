#!/bin/sh
# By default the series' kernel prints what 6.12 prints, compared with a
# recording of 6.12's kernel of the same variant (make defaults-base:
# $HOST/defaults-6.12.txt.gz): available_filter_functions(_addrs) over
# the functions both kernels have (as sorted lines: functions move within
# an object the series changed), and exactly: filter files written
# with bare names (also with a module holding a same-named copy loaded,
# and a function command), enabled_functions, the function tracer's
# lines and stack traces, the function profiler's names and hits, a
# kprobe's %pS and /proc/PID/stack of a sleeping task.  Without a
# recording the test says so; the recording boot ($HOST/record-defaults)
# prints the snapshot instead, gzipped and in base64.
. /harness/lib.sh
REF=$HOST/defaults-6.12.txt.gz
RUN=/sys/kernel/debug/kallsyms_fixtures/run
FILTER=$TRACEFS/set_ftrace_filter
NOW=/tmp/defaults-now.txt

if [ ! -e $REF ] && [ ! -e $HOST/record-defaults ]; then
	skip "default output against 6.12 (no recording for this variant: make defaults-base)"
	exit 0
fi
if [ ! -e $FILTER ] || [ ! -w $RUN ]; then
	skip "default output against 6.12 (no ftrace or no fixtures)"
	exit 0
fi

# tag TAG: stdin's lines after TAG, addresses and offsets made neutral
tag() {
	sed -e 's/[0-9a-f]\{16\}/ADDR/g' -e 's/0x[0-9a-f]*/0xN/g' -e "s/^/$1 /"
}
# the function tracer's and the profiler's lines without times and tasks
trace_lines() { grep -v '^#' $TRACEFS/trace | sed 's/^ *[^ ].*\[[0-9]*\] [^ ]* *[0-9.]*: //'; }
reset() {
	echo nop > $TRACEFS/current_tracer
	echo > $FILTER
	echo > $TRACEFS/trace
	kprobe_reset
}
calls() { echo a/dup > $RUN; echo b/dup > $RUN; echo b/dup > $RUN; }

snapshot() {
	tag aff < $TRACEFS/available_filter_functions
	[ ! -r $TRACEFS/available_filter_functions_addrs ] ||
		tag affa < $TRACEFS/available_filter_functions_addrs
	reset
	echo 'kfx_dup vfs_read' > $FILTER
	tag filter < $FILTER
	echo 'kfx_dup:traceoff' >> $FILTER
	tag command < $FILTER
	echo '!kfx_dup:traceoff' >> $FILTER
	kfx_mod_load
	echo 'kfx_cross kfx_mod_dup' > $FILTER
	tag module < $FILTER
	kfx_mod_unload
	# kfx_triple: no test patches it (a livepatch leaves "M" on a function)
	echo kfx_triple > $FILTER
	echo function > $TRACEFS/current_tracer
	tag enabled < $TRACEFS/enabled_functions
	echo kfx_dup > $FILTER
	calls
	trace_lines | tag trace
	echo > $TRACEFS/trace
	echo 1 > $TRACEFS/options/func_stack_trace
	echo a/dup > $RUN
	echo 0 > $TRACEFS/options/func_stack_trace
	trace_lines | tag stacktrace
	reset
	if [ -e $TRACEFS/function_profile_enabled ]; then
		echo kfx_dup > $FILTER
		echo 1 > $TRACEFS/function_profile_enabled
		calls
		echo 0 > $TRACEFS/function_profile_enabled
		cat $TRACEFS/trace_stat/function* | awk '/Function|kfx_/ { print $1, $2 }' | tag profile
		reset
	fi
	echo 'p:pS kfx_run_write fn=@kfx_a_dup_ops+8:symbol' > $TRACEFS/kprobe_events
	echo 1 > $TRACEFS/events/kprobes/pS/enable
	echo a/dup > $RUN
	trace_lines | tag pS
	reset
	sleep 30 &
	sleep 1
	tag stack < /proc/$!/stack
	kill $!
}

echo 1 > $TRACEFS/tracing_on
snapshot > $NOW
if [ -e $HOST/record-defaults ]; then
	# quiet console: no kernel line inside the block
	dmesg -n 1
	echo "# defaults-begin $(wc -l < $NOW)"
	gzip -9 -c $NOW | base64
	echo "# defaults-end"
	ok "default output recorded ($(wc -l < $NOW) lines)"
	exit 0
fi

zcat $REF > /tmp/defaults-6.12.txt
# same TAG [COL]: the lines of TAG, 6.12's and now, in /tmp/d-ref and
# /tmp/d-now; with COL, a listing: only the lines of functions both
# kernels have (field COL, without any "@..."), in sorted order, as
# functions move within an object the series changed
same() {
	awk -v t="$1" -v col="$2" '
		function name(s,  f) { split(s, f, " "); sub(/@.*/, "", f[col]); return f[col] }
		FNR == 1 { f++ }
		$1 != t { next }
		f == 1 { a[++na] = $0; if (col) rn[name($0)] = 1; next }
		{ b[++nb] = $0; if (col) nn[name($0)] = 1 }
		END {
			for (i = 1; i <= na; i++) if (!col || name(a[i]) in nn) print a[i] > "/tmp/d-ref"
			for (i = 1; i <= nb; i++) if (!col || name(b[i]) in rn) print b[i] > "/tmp/d-now"
		}' /tmp/defaults-6.12.txt $NOW
	touch /tmp/d-ref /tmp/d-now
	if [ -n "$2" ]; then
		sort /tmp/d-ref > /tmp/d-sorted && mv /tmp/d-sorted /tmp/d-ref
		sort /tmp/d-now > /tmp/d-sorted && mv /tmp/d-sorted /tmp/d-now
	fi
	n=$(wc -l < /tmp/d-ref)
	if [ "$n" = 0 ]; then
		printf "6.12 recorded none"
		return 2
	fi
	if ! cmp -s /tmp/d-ref /tmp/d-now; then
		diff /tmp/d-ref /tmp/d-now | grep '^[-+][^-+]' | head -n 2 | tr '\n' ' '
		return 1
	fi
	printf "%d lines" "$n"
}
# compare TAG COL DESC: one result
compare() {
	rm -f /tmp/d-ref /tmp/d-now
	msg=$(same $1 "$2")
	case $? in
	0) ok "as on 6.12: $3 ($msg)" ;;
	2) skip "as on 6.12: $3 ($msg)" ;;
	*) fail "as on 6.12: $3 ($msg)" ;;
	esac
}
compare aff 2 "available_filter_functions, over the functions both list"
compare affa 3 "available_filter_functions_addrs, over the functions both list"
compare filter "" "set_ftrace_filter written with bare names"
compare command "" "a function command on a repeated name"
compare module "" "a filter with bare names, a module with a same-named copy loaded"
compare enabled "" "enabled_functions"
compare trace "" "the function tracer's lines"
compare stacktrace "" "stack traces in the buffer"
compare profile "" "trace_stat/function*"
compare pS "" "%pS in a kprobe event"
compare stack "" "/proc/PID/stack"
