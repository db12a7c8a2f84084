#!/bin/sh
# A bare symbol in kprobe and fprobe events behaves as on 6.12, where the
# series changed the parser around it: the "not unique" error text, a
# module name with '@' (a probe that waits for that module, its offset
# read as ever, its event name keeping the '@'), a '-' in MOD (an offset), a
# '/' after MOD: (told a uprobe's PATH:OFFSET, refused); and
# "-:EVENT SYMBOL" on a symbol of 64 bytes or more now matches (6.12
# compared a copy cut at 63 bytes, so such an event could not be removed
# by its definition).
# Also on the off variant.
. /harness/lib.sh
LONG=kfx_long_name_of_more_than_sixty_three_bytes_for_removal_by_definition
EL=$TRACEFS/error_log

kprobe_reset
name=$(cat $HOST/dup-name)
echo "p:dup_probe $name" > $TRACEFS/kprobe_events 2>/dev/null
check "a bare ambiguous name: error_log has 6.12's words, 'The symbol is not unique'" \
	grep -q "error: The symbol is not unique$" $EL
kprobe_reset
check "p X@Y:vfs_read is accepted and waits for module X@Y, as on 6.12" \
	sh -c "echo 'p:pending X@Y:vfs_read' > $TRACEFS/kprobe_events && grep -q pending $TRACEFS/kprobe_events"
kprobe_reset
check "p X@Y:vfs_read+0x10 keeps its offset, as on 6.12 (the '@' is the module's)" \
	sh -c "echo 'p:pending X@Y:vfs_read+0x10' > $TRACEFS/kprobe_events && grep -q 'X@Y:vfs_read+16$' $TRACEFS/kprobe_events"
kprobe_reset
check "p X@Y:vfs_read is named p_X@Y_vfs_read_0, as on 6.12 (no qualifier to sanitize)" \
	sh -c "echo 'p X@Y:vfs_read' > $TRACEFS/kprobe_events && grep -q '/p_X@Y_vfs_read_0 ' $TRACEFS/kprobe_events"
kprobe_reset
check "p nosuch-mod:vfs_read is refused, as on 6.12 (its '-' read as an offset)" \
	sh -c "! echo 'p nosuch-mod:vfs_read' > $TRACEFS/kprobe_events 2>/dev/null"
kprobe_reset
check "p nosuchmod:a/b is refused, as on 6.12 (a uprobe's PATH:OFFSET)" \
	sh -c "! echo 'p:slash nosuchmod:a/b' > $TRACEFS/kprobe_events 2>/dev/null"
kprobe_reset

if ! grep -qx $LONG $TRACEFS/available_filter_functions; then
	skip "'-:EVENT SYMBOL' on a symbol of 64 bytes (no fixture $LONG)"
	exit 0
fi
echo "p:longsym $LONG" > $TRACEFS/kprobe_events
echo "-:longsym $LONG" >> $TRACEFS/kprobe_events 2>/dev/null
check "'-:longsym SYMBOL' removes a kprobe event on a 70-byte symbol" \
	sh -c "! grep -q longsym $TRACEFS/kprobe_events"
kprobe_reset
if [ -e $TRACEFS/dynamic_events ] && grep -q 'f\[:\[<group>/\]\[<event>\]\]' $TRACEFS/README; then
	echo "f:longsym $LONG" >> $TRACEFS/dynamic_events
	echo "-:longsym $LONG" >> $TRACEFS/dynamic_events 2>/dev/null
	check "'-:longsym SYMBOL' removes an fprobe event on a 70-byte symbol" \
		sh -c "! grep -q longsym $TRACEFS/dynamic_events"
	echo > $TRACEFS/dynamic_events
else
	skip "fprobe events (no CONFIG_FPROBE_EVENTS)"
fi
