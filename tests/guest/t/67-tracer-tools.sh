#!/bin/sh
# Debian's bpftrace and trace-cmd, unmodified, on the fixtures (the
# copies a/dup, b/dup and dash-dir/dup-obj of kfx_dup called 1, 2 and 4
# times, so a count names the copies that fired): each way
# Documentation/trace/objfile-probes.rst gives to name one copy fires for
# that copy alone.  Where a tool cannot take NAME@OBJ (trace-cmd -l, a
# bpftrace wildcard), the page's workaround is what is tested, and the
# limit itself is shown as the page describes it.  The trace option
# sym-objfile, set by trace-cmd -O, names each copy in the trace.
. /harness/lib.sh
RUN=/sys/kernel/debug/kallsyms_fixtures/run
OBJ=kallsyms_fixtures
A=kfx_dup@$OBJ/a/dup.o
B=kfx_dup@$OBJ/b/dup.o
D=kfx_dup@$OBJ/dash-dir/dup-obj.o

if ! command -v bpftrace >/dev/null || ! command -v trace-cmd >/dev/null; then
	skip "bpftrace and trace-cmd (in the guests of variants with the tools role)"
	exit 0
fi
if [ ! -w $RUN ]; then
	fail "fixture run file $RUN present"
	exit 0
fi
kfx_calls_script

# bt PROGRAM: bpftrace's maps ("@NAME: VALUE" sorted, on one line) after
# the calls, or "refused" (bpftrace -c runs ELF programs only)
bt() {
	bpftrace -e "$1" -c "/bin/sh $KFX_CALLS" > /tmp/bt.out 2>&1 || { sed 's/^/# /' /tmp/bt.out; echo refused; return; }
	grep '^@' /tmp/bt.out | sort | tr '\n' ' ' | sed 's/ $//'
}
r=$(bt "kprobe:\"$B\" { @n = count(); }")
check "bpftrace kprobe:\"$B\" fires for b/dup alone ($r)" test "$r" = "@n: 2"
r=$(bt "kretprobe:\"$D\" { @n = count(); }")
check "bpftrace kretprobe:\"$D\" fires for it alone ($r)" test "$r" = "@n: 4"
r=$(bt "kprobe:\"$A\" { @a = count(); } kprobe:\"$D\" { @d = count(); }")
check "bpftrace: two qualified probes in one program, each its copy ($r)" test "$r" = "@a: 1 @d: 4"
# the limit: a wildcard is expanded to bare names.  Attached one by one,
# the kernel refuses a duplicated one (not unique) and bpftrace skips it;
# attached as one multi-kprobe (what bpftrace picks when the kernel has
# them, as the test kernel does since it has the BPF JIT), the first
# copy alone fires: a/dup, called once.  Naming each copy is the
# workaround either way.
r=$(bt "kprobe:kfx_du* { @n = count(); }")
if grep -q 'could not attach probe kprobe:kfx_dup, skipping' /tmp/bt.out; then
	ok "bpftrace kprobe:kfx_du*, attached one by one, skips the duplicated kfx_dup, the limit the page describes"
else
	check "bpftrace kprobe:kfx_du*, one multi-kprobe, fires for the first copy alone, the limit the page describes ($r)" \
		test "$r" = "@n: 1"
fi
r=$(bt "kprobe:\"$A\", kprobe:\"$B\", kprobe:\"$D\" { @n = count(); }")
check "bpftrace: every copy named in one probe list fires 1 + 2 + 4 times ($r)" test "$r" = "@n: 7"

# tc_run ARGS: how often kfx_dup (any spelling) is in the trace of the
# calls traced by trace-cmd start ARGS, then reset; the calls' lines are
# left in /tmp/tc.show
tc_run() {
	trace-cmd start "$@" > /tmp/tc.out 2>&1 || { sed 's/^/# /' /tmp/tc.out; echo refused; return; }
	$KFX_CALLS
	trace-cmd stop > /dev/null 2>&1
	trace-cmd show 2>/dev/null | grep -E 'kfx_dup(@[^ ]*)?( <-|\()' > /tmp/tc.show
	wc -l < /tmp/tc.show
	trace-cmd reset > /dev/null 2>&1
}
# tc_named NAME: how many lines of /tmp/tc.show name NAME as the callee
tc_named() { grep -cF " $1 <-" /tmp/tc.show; }
r=$(tc_run -p function_graph -g "$B")
check "trace-cmd start -p function_graph -g $B traces b/dup alone ($r)" test "$r" = 2
echo "$D" > $TRACEFS/set_ftrace_filter
r=$(tc_run -p function)
check "trace-cmd start -p function after $D in set_ftrace_filter traces it alone, named bare ($r)" \
	test "$r" = 4 -a "$(tc_named kfx_dup)" = 4
# the limit: libtracefs takes NAME@OBJ for a regular expression over bare
# names, so -l leaves the filter empty (every function traced)
trace-cmd start -p function -l "$B" > /dev/null 2>&1
f=$(grep -vc '^#' $TRACEFS/set_ftrace_filter)
trace-cmd reset > /dev/null 2>&1
check "trace-cmd start -l $B: the filter is empty, the limit the page describes ($f lines)" test "$f" = 0

# trace-cmd -O sym-objfile (the trace option): the function tracer
# names each copy, so the counts tell them apart by name
r=$(tc_run -p function -O sym-objfile -l 'kfx_dup*')
echo 0 > $TRACEFS/options/sym-objfile
check "trace-cmd -O sym-objfile: the function tracer names each copy: a/dup 1, b/dup 2, dash-dir/dup-obj 4 ($r lines)" \
	test "$(tc_named "$A") $(tc_named "$B") $(tc_named "$D")" = "1 2 4"
