#!/bin/sh
# ftrace filters on NAME@OBJFILE.  Every traceable, callable fixture copy
# is selected alone by its object, and the function tracer sees it
# called and none of its twins; the same in kfx_mod, with and without
# :mod:.  Globs on the object side select what the build's objects hold,
# set_graph_function takes the qualifier, real duplicated kernel
# functions are told apart, and hostile filters are refused with the
# filter left as it was when appended (with '>' the open emptied it).
. /harness/lib.sh
FX=$HOST/fixtures.txt			# "NAME OBJPATH TYPE KEY" per copy
SYMOBJ=$HOST/symbol-objects		# "ADDR NAME OBJFILE" per symbol
RUN=/sys/kernel/debug/kallsyms_fixtures/run
RUN_MOD=/sys/kernel/debug/kallsyms_fixtures_mod/run
MODOBJ=kallsyms_fixtures/mod
FILTER=$TRACEFS/set_ftrace_filter
AVAIL=$TRACEFS/available_filter_functions

if [ ! -r $FX ] || ! grep -q 'objects: Can select functions by object file' $TRACEFS/README; then
	skip "ftrace filters on NAME@OBJFILE (no fixtures or no support)"
	exit 0
fi

# filtered FILE: the functions a filter file holds, one line
filtered() { grep -v '^#' "$1" | cut -f1 -d' ' | sed 's/@.*//' | sort | tr '\n' ' '; }
traceable() { cut -f1 -d' ' $AVAIL | grep -qx "$1"; }
reset_ftrace() {
	echo nop > $TRACEFS/current_tracer
	echo > $FILTER
	[ ! -e $TRACEFS/set_graph_function ] || echo > $TRACEFS/set_graph_function
	echo > $TRACEFS/trace
}
# set_filter FILTER: write it, its errno text on failure in $err
set_filter() { err=$( { echo "$1" >> $FILTER; } 2>&1 ); }

# trace_copy NAME OBJ KEY RUNFILE WHERE: filter NAME@OBJ(WHERE), call the
# copy and its twins, count NAME in the trace
trace_copy() {
	name=$1 obj=$2 key=$3 run=$4 where=$5
	reset_ftrace
	if ! set_filter "$name@$obj$where"; then
		fail "$name@$obj$where is refused ($err)"
		return
	fi
	check "$name@$obj$where selects one function ($(filtered $FILTER))" \
		test "$(filtered $FILTER)" = "$name "
	twins=$(awk -v n="$name" -v o="$obj" -v mod="^$MODOBJ/" '
		$1 == n && $2 != o && $4 != "-" && ($2 ~ mod) == (o ~ mod) { print $4 }' $FX)
	echo function > $TRACEFS/current_tracer
	for k in $key $twins; do echo "$k" > $run; done
	# read before the tracer changes: a new tracer empties the buffer
	n=$(grep -c ": $name <-" $TRACEFS/trace)
	echo nop > $TRACEFS/current_tracer
	check "$name@$obj$where traced once when it and its twins $(echo $twins) are called ($n)" \
		test "$n" -eq 1
}

# every callable copy in vmlinux
while read -r name obj _ key; do
	case $obj in $MODOBJ/*) continue ;; esac
	[ "$key" != - ] && traceable $name || continue
	trace_copy $name $obj $key $RUN ""
done < $FX

# a suffix that names two objects is refused, and nothing is selected
reset_ftrace
set_filter "kfx_dup@dup.o"
check "kfx_dup@dup.o (a/dup.o, b/dup.o) refused as not unique ($err)" \
	sh -c "echo '$err' | grep -qi 'not unique'"
check "after the refusal the filter is empty" test -z "$(filtered $FILTER)"

# globs: any object, every function of some objects, removal by object
n=$(grep -c '^kfx_dup ' $FX)
set_filter "kfx_dup@*"
check "kfx_dup@* selects every copy ($(filtered $FILTER))" \
	test "$(filtered $FILTER)" = "$(for i in $(seq $n); do printf 'kfx_dup '; done)"
set_filter "!kfx_dup@kallsyms_fixtures/a/dup.o"
check "!kfx_dup@kallsyms_fixtures/a/dup.o removes that copy alone" \
	test "$(filtered $FILTER)" = "$(for i in $(seq $((n - 1))); do printf 'kfx_dup '; done)"
reset_ftrace
set_filter "*@kallsyms_fixtures/trio/*"
want=$(awk 'NR == FNR { ok[$1] = 1; next }
	    $3 ~ /^kallsyms_fixtures\/trio\// && ($2 in ok) { print $2 }' \
	$AVAIL $SYMOBJ | sort | tr '\n' ' ')
check "*@kallsyms_fixtures/trio/* selects the traceable functions of trio/ ($want)" \
	test -n "$want" -a "$(filtered $FILTER)" = "$want"

# set_graph_function
if [ -e $TRACEFS/set_graph_function ]; then
	reset_ftrace
	echo "kfx_triple@kallsyms_fixtures/trio/two.o" > $TRACEFS/set_graph_function
	check "set_graph_function takes kfx_triple@kallsyms_fixtures/trio/two.o" \
		test "$(filtered $TRACEFS/set_graph_function)" = "kfx_triple "
else
	skip "set_graph_function (no function graph tracer)"
fi

# real duplicated kernel functions: names with two traceable copies
two_copy_dups 20 > /tmp/real-dups
bad=0 tried=0
while read -r name _ obj1 _ obj2; do
	[ "$obj1" != "$obj2" ] || continue
	tried=$((tried + 1))
	reset_ftrace
	for o in $obj1 $obj2; do
		set_filter "$name@$o"
		[ "$(filtered $FILTER)" = "$name " ] || { bad=$((bad + 1)); echo "# $name@$o: $(filtered $FILTER)"; }
		echo > $FILTER
	done
done < /tmp/real-dups
check "real duplicated functions: each of two copies selected alone ($tried names, $bad wrong)" \
	test $tried -gt 0 -a $bad -eq 0

# hostile filters: refused, the filter as it was
reset_ftrace
set_filter "kfx_triple@kallsyms_fixtures/trio/one.o"
long=$(head -c 4000 /dev/zero | tr '\0' 'o')
for f in "@" "kfx_dup@" "@kallsyms_fixtures/a/dup.o" "kfx_dup@*nomatch*" \
	 "kfx_dup@a/dup.o@b/dup.o" "kfx_dup@!a/dup.o" "kfx_dup@ta/dup.o" \
	 "kfx_dup@kallsyms_fixtures/trio/one.o" "kfx_dup@$long.o" "$long@a/dup.o"; do
	if set_filter "$f"; then
		fail "$(echo "$f" | cut -c1-60) accepted"
	fi
done
check "hostile filters refused, the filter unchanged ($(filtered $FILTER))" \
	test "$(filtered $FILTER)" = "kfx_triple "
# written with '>' (O_TRUNC) the open empties the filter first, as
# ftrace.rst says: the refusal then leaves it empty (every function)
{ echo "kfx_dup@dup.o" > $FILTER; } 2>/dev/null &&
	fail "kfx_dup@dup.o accepted with '>'"
check "a qualifier refused through '>' leaves the filter empty, as documented ($(filtered $FILTER))" \
	test -z "$(filtered $FILTER)"

# the loadable module's copies, with and without :mod:
if kfx_mod_load; then
	while read -r name obj _ key; do
		case $obj in $MODOBJ/*) ;; *) continue ;; esac
		[ "$key" != - ] || continue
		trace_copy $name $obj $key $RUN_MOD ":mod:kfx_mod"
		# the file name alone, where it ends one copy's path only
		ends=$(awk -v n="$name" -v b="/${obj##*/}" '$1 == n && substr($2, length($2) - length(b) + 1) == b' $FX | wc -l)
		[ "$ends" -gt 1 ] || trace_copy $name ${obj##*/} $key $RUN_MOD ""
	done < $FX
	reset_ftrace
	kfx_mod_unload
else
	fail "kfx_mod loads"
fi
reset_ftrace
