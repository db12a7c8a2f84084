#!/bin/sh
# A fetch argument @SYM@OBJFILE+OFFS whose path holds '-' keeps its
# offset when it is resolved again: a probe on a module that is not
# loaded resolves its arguments once when it is defined and again when
# the module comes; the second time must give the same address.
. /harness/lib.sh
SYM=kfx_dash_dup_ops
OBJ=kallsyms_fixtures/dash-dir/dup-obj.o
RUN_MOD=/sys/kernel/debug/kallsyms_fixtures_mod/run
ko=$(find /lib/modules -name kfx_mod.ko 2>/dev/null | head -n 1)

want=$(awk -v s=$SYM '$3 == s { print $1 }' $HOST/System.map)
if [ -z "$want" ] || [ -z "$ko" ]; then
	skip "fetch argument re-resolved (no $SYM in System.map or no kfx_mod.ko)"
	exit 0
fi
want=$(printf '0x%x' $((0x$want + 4)))
! grep -q '^kfx_mod ' /proc/modules || rmmod kfx_mod
kprobe_reset
echo > $TRACEFS/trace
if ! echo "p:fxarg kfx_mod:kfx_mod_run_write a=@$SYM@$OBJ+4:x64" >> $TRACEFS/kprobe_events; then
	sed 's/^/# /' $TRACEFS/error_log
	fail "probe on an unloaded module with a qualified fetch argument is accepted"
	exit 0
fi
modprobe kfx_mod 2>/dev/null || insmod "$ko"
echo 1 > $TRACEFS/events/kprobes/fxarg/enable
echo main > $RUN_MOD
got=$(sed -n 's/.* fxarg: .* a=\(0x[0-9a-f]*\).*/\1/p' $TRACEFS/trace | head -n 1)
check "@$SYM@$OBJ+4 re-resolved at module load is $want (got ${got:-no hit})" \
	[ "$got" = "$want" ]
kprobe_reset
rmmod kfx_mod
