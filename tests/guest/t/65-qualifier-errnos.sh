#!/bin/sh
# One errno per meaning for a refused NAME@OBJFILE, whichever interface
# takes it (Documentation/ABI/testing/procfs-kallmodsyms, whose list is
# made from the same table as these cases): no such object,
# or no such function in the object, ENOENT; a qualifier that names
# several functions ENOTUNIQ; a malformed one EINVAL; and with
# CONFIG_KALLSYMS_OBJFILES off, EOPNOTSUPP for all.  Each errno is read
# as its strerror() text: the shell's write error for tracefs files,
# perf_kprobe's and kmulti's report for perf_event_open and BPF.
# Also on the off variant.
. /harness/lib.sh
FX=$HOST/fixtures.txt
TABLE=$HOST/qualifier-errnos.txt
RUN=/sys/kernel/debug/kallsyms_fixtures/run
PK=/harness/bin/perf_kprobe
KMULTI=/harness/bin/kmulti

if [ ! -r $FX ]; then
	skip "errnos of refused qualifiers (no fixtures)"
	exit 0
fi
# the cases: a qualified name and the errno it must get everywhere, from
# the table the ABI file's errno list is made of (tests/qualifier-errnos.txt),
# in the column of this kernel's option
col=3
[ "$(cat $HOST/objfiles-option)" = y ] || col=4
check "the README says whether filters take NAME@OBJFILE (option $(cat $HOST/objfiles-option))" \
	sh -c "grep -q 'objects: Can select functions by object file' $TRACEFS/README; [ \$? = $((col - 3)) ]"
cases() { awk -v c=$col '$1 == "case" { print $2, $c }' $TABLE; }
check "the table of errnos has cases ($TABLE)" test -n "$(cases)"
strerror() {
	case $1 in
	ENOENT) echo "No such file or directory" ;;
	ENOTUNIQ) echo "Name not unique on network" ;;
	EINVAL) echo "Invalid argument" ;;
	EOPNOTSUPP) echo "Operation not supported" ;;
	esac
}
# write_errno FILE LINE: the errno text of appending LINE to FILE
write_errno() { { echo "$2" >> "$1"; } 2>&1 | sed 's/.*: //'; }
# each INTERFACE-FUNCTION QUALIFIED: the errno text it got
via_kprobe() { write_errno $TRACEFS/kprobe_events "p:qerr $1"; }
via_filter() { write_errno $TRACEFS/set_ftrace_filter "$1"; }
via_graph() { write_errno $TRACEFS/set_graph_function "$1"; }
via_fprobe() { write_errno $TRACEFS/dynamic_events "f:qerr $1"; }
via_perf() { $PK "$1" $RUN a/dup 1 2>&1 >/dev/null | sed 's/.*: //'; }
via_bpf() { $KMULTI $RUN "$1" | sed -n 's/^error attach: //p'; }

ifaces="kprobe filter perf"
[ ! -e $TRACEFS/set_graph_function ] || ifaces="$ifaces graph"
! grep -q 'f\[:\[<group>/\]\[<event>\]\] <func-name>' $TRACEFS/README ||
	ifaces="$ifaces fprobe"
# kprobe_multi needs fprobe (not on arm64 in 6.12) and the bpf syscall
[ ! -e /proc/sys/kernel/bpf_stats_enabled ] ||
	$KMULTI $RUN kallsyms_lookup_name | grep -q '^error' || ifaces="$ifaces bpf"

for iface in $ifaces; do
	bad=""
	while read -r q want; do
		got=$(via_$iface "$q")
		[ "$got" = "$(strerror $want)" ] || bad="$bad $q: '$got' for $want;"
	done <<-END
	$(cases)
	END
	check "$iface: refused qualifiers get the table's errno each, option $(cat $HOST/objfiles-option)${bad:+ (}${bad% ;}${bad:+)}" \
		test -z "$bad"
done
kprobe_reset
echo > $TRACEFS/set_ftrace_filter
[ ! -e $TRACEFS/set_graph_function ] || echo > $TRACEFS/set_graph_function
check "nothing left behind in kprobe_events or dynamic_events" \
	sh -c "! grep -q qerr $TRACEFS/kprobe_events $TRACEFS/dynamic_events"
