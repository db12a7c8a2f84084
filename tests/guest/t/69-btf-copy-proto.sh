#!/bin/sh
# BTF knows a function by its name alone.  kfx_proto is static in a/dup.o
# (int a_count) and in b/dup.o (const char *b_name, long b_len): a probe
# on one copy by NAME@OBJFILE must not get the other copy's arguments.
# With pahole < 1.25 BTF holds the prototype of one copy, unknown which,
# so BTF arguments are refused with their own error_log entry; pahole
# 1.25 on leaves such a name out of BTF (no BTF entry).  Either way the
# probe is refused, never made with the other copy's argument names.
. /harness/lib.sh
FX=$HOST/fixtures.txt

if [ ! -r $FX ] || ! grep -q '<argname>' $TRACEFS/README ||
	! grep -q 'objects: Can select functions by object file' $TRACEFS/README; then
	skip "BTF arguments of one copy (no fixtures, BTF arguments or qualifiers)"
	exit 0
fi
A=kfx_proto@kallsyms_fixtures/a/dup.o
B=kfx_proto@kallsyms_fixtures/b/dup.o
REFUSED='BTF may describe another function of this name\|No BTF entry\|BTF is not available'

# refused CMDFILE LINE: LINE is refused with a BTF error_log entry
refused() {
	echo > $TRACEFS/error_log
	! echo "$2" >> $TRACEFS/$1 2>/dev/null && grep -q "$REFUSED" $TRACEFS/error_log
}
for copy in $A $B; do
	check "kprobe $copy \$arg* refused, not given one copy's BTF" \
		refused kprobe_events "p:btfcopy $copy \$arg*"
	check "kprobe $copy by argument name refused" \
		refused kprobe_events "p:btfcopy $copy a_count b_len"
	if grep -q 'f\[:\[<group>/\]\[<event>\]\] <func-name>' $TRACEFS/README; then
		check "fprobe $copy \$arg* refused" \
			refused dynamic_events "f:btfcopy $copy \$arg*"
	fi
done
check "the refused probes left no event" \
	sh -c "! grep -q btfcopy $TRACEFS/dynamic_events"
# a qualified name with one function keeps its BTF arguments
check "vfs_read@fs/read_write.o keeps its BTF argument count" \
	sh -c "echo 'p:btfone vfs_read@fs/read_write.o count' > $TRACEFS/kprobe_events &&
		grep -q ' count;' $TRACEFS/events/kprobes/btfone/format"
kprobe_reset
