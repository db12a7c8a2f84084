#!/bin/sh
# fprobe events on NAME@OBJFILE: every callable, traceable fixture copy
# probed by its object fires once when it and its twins are called (entry
# and %return), real duplicates attach to one copy each, automatic event
# names carry the sanitised qualifier, and ambiguous or hostile
# qualifiers are refused with an error_log entry and nothing left in
# dynamic_events.
. /harness/lib.sh
FX=$HOST/fixtures.txt			# "NAME OBJPATH TYPE KEY" per copy
RUN=/sys/kernel/debug/kallsyms_fixtures/run
MODOBJ=kallsyms_fixtures/mod
DYN=$TRACEFS/dynamic_events

if [ ! -r $FX ]; then
	skip "fprobe events on NAME@OBJFILE (no fixtures)"
	exit 0
fi
# Without fprobe events (arm64 in 6.12: fprobe needs
# DYNAMIC_FTRACE_WITH_REGS) tracefs offers no f: definitions: one with
# NAME@OBJFILE must be refused like any other, and leave nothing.
if ! grep -q 'f\[:\[<group>/\]\[<event>\]\] <func-name>' $TRACEFS/README; then
	one=$(awk '$1 == "kfx_dup" && $4 != "-" { print $2; exit }' $FX)
	check "no fprobe events in this kernel: f:fx kfx_dup@$one refused" \
		sh -c "! echo 'f:fx kfx_dup@$one' >> $DYN 2>/dev/null"
	check "no fprobe events in this kernel: dynamic_events stays empty" test ! -s $DYN
	exit 0
fi
traceable() { cut -f1 -d' ' $TRACEFS/available_filter_functions | grep -qx "$1"; }
fprobe_reset() {
	echo 0 > $TRACEFS/events/enable
	echo > $DYN
	echo > $TRACEFS/trace
	echo > $TRACEFS/error_log
}

# probe_copy NAME OBJ KEY SUFFIX: one result, the events seen
probe_copy() {
	name=$1 obj=$2 key=$3 sfx=$4
	fprobe_reset
	if ! echo "f:fxf $name@$obj$sfx" >> $DYN 2>/dev/null; then
		fail "f:fxf $name@$obj$sfx accepted"
		sed 's/^/# /' $TRACEFS/error_log
		return
	fi
	echo 1 > $TRACEFS/events/fprobes/fxf/enable
	twins=$(awk -v n="$name" -v o="$obj" -v mod="^$MODOBJ/" '
		$1 == n && $2 != o && $4 != "-" && ($2 ~ mod) == (o ~ mod) { print $4 }' $FX)
	for k in $key $twins; do echo "$k" > $RUN; done
	echo 0 > $TRACEFS/events/fprobes/fxf/enable
	n=$(grep -c ' fxf: ' $TRACEFS/trace)
	check "f:fxf $name@$obj$sfx fires once when it and its twins $(echo $twins) are called ($n)" \
		test "$n" -eq 1
}

while read -r name obj _ key; do
	case $obj in $MODOBJ/*) continue ;; esac
	[ "$key" != - ] && traceable $name || continue
	probe_copy $name $obj $key ""
done < $FX
probe_copy kfx_dup kallsyms_fixtures/b/dup.o b/dup "%return"

# real duplicated kernel functions with two traceable copies: an enabled
# fprobe on each copy by its object attaches to that copy alone
# (enabled_functions lists NAME once)
two_copy_dups 10 > /tmp/real-dups
bad=0 tried=0
while read -r name _ o1 _ o2; do
	[ "$o1" != "$o2" ] || continue
	tried=$((tried + 1))
	for o in $o1 $o2; do
		fprobe_reset
		if echo "f:fxr $name@$o" >> $DYN 2>/dev/null &&
		   echo 1 > $TRACEFS/events/fprobes/fxr/enable; then
			n=$(grep -c "^$name " $TRACEFS/enabled_functions)
		else
			n=refused
		fi
		[ "$n" = 1 ] || { bad=$((bad + 1)); echo "# f:fxr $name@$o: $n"; }
	done
done < /tmp/real-dups
check "real duplicated functions: an fprobe on each copy by its object attaches to it alone ($tried names, $bad wrong)" \
	test $tried -gt 0 -a $bad -eq 0

# the automatic event name
fprobe_reset
echo "f kfx_dup@kallsyms_fixtures/a/dup.o" >> $DYN
check "automatic event fprobes/kfx_dup_kallsyms_fixtures_a_dup_o__entry" \
	test -d $TRACEFS/events/fprobes/kfx_dup_kallsyms_fixtures_a_dup_o__entry

# refusals: logged, nothing left
fprobe_reset
err=$( { echo "f:fxbad kfx_dup@dup.o" >> $DYN; } 2>&1 )
if [ -z "$err" ]; then
	fail "f:fxbad kfx_dup@dup.o (a/dup.o, b/dup.o) refused"
else
	check "f:fxbad kfx_dup@dup.o refused with ENOTUNIQ, logged at the symbol ($err)" \
		sh -c "echo '$err' | grep -q 'Name not unique on network' &&
		       grep -q 'names no one function' $TRACEFS/error_log"
fi
long=$(head -c 3000 /dev/zero | tr '\0' 'o')
bad=0
for s in "@" "kfx_dup@" "@kallsyms_fixtures/a/dup.o" "kfx_dup@nonexistent.o" \
	 "kfx_dup@a/dup.o@b/dup.o" "kfx_dup@kallsyms_fixtures/trio/one.o" \
	 "kfx_dup@!a/dup.o" "kfx_dup@*nomatch*" "kfx_dup@$long.o"; do
	echo > $TRACEFS/error_log
	if echo "f:fxbad $s" >> $DYN 2>/dev/null; then
		bad=$((bad + 1)); echo "# accepted: f:fxbad $(echo "$s" | cut -c1-60)"
	elif ! grep -q . $TRACEFS/error_log; then
		bad=$((bad + 1)); echo "# refused without error_log: f:fxbad $(echo "$s" | cut -c1-60)"
	fi
done
check "hostile qualifiers refused, each with an error_log entry ($bad not)" test $bad -eq 0
check "nothing left in dynamic_events" sh -c "! grep -q . $DYN"
fprobe_reset
