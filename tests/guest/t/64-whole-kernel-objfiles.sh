#!/bin/sh
# Over the whole booted kernel, not a sample (but for the lock checker,
# below): for every object that /proc/kallmodsyms names and that has
# traceable functions (kfx_mod loaded too), '*@OBJ' in set_ftrace_filter
# selects exactly the functions that object holds, and for every
# traceable name with copies in several objects, NAME@OBJ with each
# object's whole path selects exactly that object's copies.  Which
# function holds an ftrace record is worked out here from the kernel's
# own lists: the records' addresses (available_filter_functions_addrs)
# against the text symbols of /proc/kallmodsyms in address order (the
# first of several symbols at one address is the one kallsyms names, as
# /proc/kallmodsyms orders them).
# timeout: 1500
# A kernel with the lock checker (the debug variant: lockdep and KASAN
# make each filter write several times slower) checks every fourth
# object and copy; the other kernels check them all.
. /harness/lib.sh
FILTER=$TRACEFS/set_ftrace_filter
ADDRS=$TRACEFS/available_filter_functions_addrs
W=/tmp/wk
mkdir -p $W
STEP=1
[ ! -e /proc/lockdep ] || STEP=4
# sample: every STEP-th line of stdin
sample() { awk -v s=$STEP '(NR - 1) % s == 0'; }

if [ ! -r /proc/kallmodsyms ] || [ ! -r $ADDRS ]; then
	skip "whole-kernel object selection (no /proc/kallmodsyms or $ADDRS)"
	exit 0
fi
kfx_mod_load || fail "kfx_mod loads"
echo nop > $TRACEFS/current_tracer

# "OBJ NAME" for every ftrace record, in address order
# (not the mapping symbols of a module, "$x", "$d", ".L...", which
# module kallsyms lookups skip: is_mapping_symbol())
awk '$3 ~ /^[tTwW]$/ && $4 !~ /^(\$|\.L|L0)/ { print $1, "A", $4, $6 }' /proc/kallmodsyms > $W/syms
# (not the records ftrace itself finds in no function: the bodies of
# overridden weak functions, listed as __ftrace_invalid_address___N)
awk '$2 !~ /^__ftrace_invalid_address__/ { print $1, "B", $2 }' $ADDRS > $W/recs
sort -s -k1,1 -k2,2 $W/syms $W/recs |
	awk '$2 == "A" { if ($1 != at) { at = $1; name = $3; obj = $4 }; next }
	     obj != "-" && obj != "" { print obj, name }' > $W/owned
nrec=$(wc -l < $W/recs)
nown=$(wc -l < $W/owned)
check "the ftrace records fall in text symbols with an object ($nown of $nrec)" \
	test "$nown" -gt 0 -a $((nrec - nown)) -lt $((nrec / 20 + 10))

# filtered: the functions the filter holds, sorted, on one line
filtered() { grep -v '^#' $FILTER | cut -f1 -d' ' | sed 's/@.*//' | sort | tr '\n' ' '; }

# every object: "OBJ NAME NAME ..." (names sorted) per line
sort $W/owned | awk '$1 != o { if (o != "") print o l; o = $1; l = "" } { l = l " " $2 }
		     END { if (o != "") print o l }' > $W/by-obj
sample < $W/by-obj > $W/by-obj.s
objs=0 bad=0
while read -r obj names; do
	objs=$((objs + 1))
	echo "*@$obj" > $FILTER 2>/dev/null
	got=$(filtered)
	if [ "$got" != "$names " ]; then
		bad=$((bad + 1))
		[ $bad -gt 5 ] || echo "# *@$obj: want '$names', got '$got'"
	fi
done < $W/by-obj.s
echo > $FILTER
check "every object's functions selected by *@OBJ, exactly ($objs objects, 1 in $STEP, $bad wrong)" \
	test $objs -gt 0 -a $bad -eq 0

# every traceable name in several objects: "NAME OBJ COUNT" per copy's object
sort $W/owned | uniq -c | awk '{ print $3, $2, $1 }' | sort > $W/name-obj
awk '{ n[$1]++ } END { for (f in n) if (n[f] > 1) print f }' $W/name-obj > $W/dup-names
awk 'NR == FNR { d[$1] = 1; next } ($1 in d)' $W/dup-names $W/name-obj > $W/dups
names=$(wc -l < $W/dup-names)
sample < $W/dups > $W/dups.s
copies=0 bad=0
while read -r name obj count; do
	copies=$((copies + 1))
	if ! echo "$name@$obj" > $FILTER 2>/dev/null; then
		got=refused
	else
		got=$(grep -vc '^#' $FILTER)
	fi
	if [ "$got" != "$count" ]; then
		bad=$((bad + 1))
		[ $bad -gt 5 ] || echo "# $name@$obj: want $count, got $got"
	fi
done < $W/dups.s
echo > $FILTER
check "every duplicated traceable name selected by NAME@OBJ per object, exactly ($names names, $copies copies, 1 in $STEP, $bad wrong)" \
	test $names -gt 0 -a $bad -eq 0
kfx_mod_unload
