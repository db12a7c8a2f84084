#!/bin/sh
# A fetch argument @SYM@OBJFILE+OFFS (memory at SYM+OFFS) whose path
# holds '-' keeps its offset when it is resolved again: a probe on a
# module that is not loaded resolves its arguments once when it is
# defined and again when the module comes.  Its value must be that of
# the same argument of a probe defined after the module came (resolved
# once), and differ from the memory at SYM+0.
. /harness/lib.sh
SYM=kfx_dash_dup_ops
OBJ=kallsyms_fixtures/dash-dir/dup-obj.o
RUN_MOD=/sys/kernel/debug/kallsyms_fixtures_mod/run
ko=$(find /lib/modules -name kfx_mod.ko 2>/dev/null | head -n 1)

if [ -z "$ko" ]; then
	skip "fetch argument re-resolved (no kfx_mod.ko)"
	exit 0
fi
! grep -q '^kfx_mod ' /proc/modules || rmmod kfx_mod
kprobe_reset
echo > $TRACEFS/trace
if ! echo "p:fxarg kfx_mod:kfx_mod_run_write a=@$SYM@$OBJ+4:x64" >> $TRACEFS/kprobe_events; then
	sed 's/^/# /' $TRACEFS/error_log
	fail "probe on an unloaded module with a qualified fetch argument is accepted"
	exit 0
fi
modprobe kfx_mod 2>/dev/null || insmod "$ko"
echo "p:fxfresh kfx_mod:kfx_mod_run_write a=@$SYM@$OBJ+4:x64" >> $TRACEFS/kprobe_events
echo "p:fxzero kfx_mod:kfx_mod_run_write a=@$SYM@$OBJ:x64" >> $TRACEFS/kprobe_events
echo 1 > $TRACEFS/events/kprobes/enable
echo main > $RUN_MOD
# value EVENT: the argument of its first hit
value() { sed -n "s/.* $1: .* a=\(0x[0-9a-f]*\).*/\1/p" $TRACEFS/trace | head -n 1; }
got=$(value fxarg) want=$(value fxfresh) zero=$(value fxzero)
desc="@$SYM@$OBJ+4 re-resolved at module load reads $want, not $zero at +0 (got ${got:-no hit})"
if [ -n "$want" ] && [ "$got" = "$want" ] && [ "$got" != "$zero" ]; then
	ok "$desc"
else
	fail "$desc"
fi
kprobe_reset
rmmod kfx_mod
