#!/bin/sh
# BPF multi-kprobes by NAME@OBJFILE (tests/guest/bin/kmulti.c, raw bpf()):
# every callable fixture copy is attached alone by its object; the link
# reports that copy's address (/proc/kallmodsyms), and the program runs
# once when the copy and all its twins are called.  A bare duplicated
# name keeps attaching to one copy; one function named twice, a
# qualifier naming two objects and hostile names are refused and leave
# nothing attached.
. /harness/lib.sh
FX=$HOST/fixtures.txt			# "NAME OBJPATH TYPE KEY" per copy
RUN=/sys/kernel/debug/kallsyms_fixtures/run
RUN_MOD=/sys/kernel/debug/kallsyms_fixtures_mod/run
MODOBJ=kallsyms_fixtures/mod
KMULTI=/harness/bin/kmulti

if [ ! -e /proc/sys/kernel/bpf_stats_enabled ] || [ ! -r $FX ]; then
	skip "BPF multi-kprobes (no BPF syscall or no fixtures)"
	exit 0
fi
traceable() { cut -f1 -d' ' $TRACEFS/available_filter_functions | grep -qx "$1"; }

# addr_of NAME OBJ: the copy's address in /proc/kallmodsyms, 0x-prefixed
addr_of() {
	awk -v n="$1" -v o="$2" '$4 == n && $6 == o { sub(/^0+/, "", $1); print "0x" $1; exit }' \
		/proc/kallmodsyms
}
attached() { grep -c "^$1 " $TRACEFS/enabled_functions; }

# Without fprobe (arm64 in 6.12: fprobe needs DYNAMIC_FTRACE_WITH_REGS)
# the kernel refuses kprobe_multi for every name: NAME@OBJFILE must be
# refused the same way, and attach nothing.
one=$(awk '$1 == "kfx_dup" && $4 != "-" { print $2; exit }' $FX)
out=$($KMULTI $RUN kallsyms_lookup_name 2>&1)
if echo "$out" | grep -q 'Operation not supported'; then
	out=$($KMULTI $RUN "kfx_dup@$one" 2>&1)
	check "no fprobe in this kernel: kfx_dup@$one refused like every name ($out)" \
		sh -c "echo '$out' | grep -q 'Operation not supported'"
	check "no fprobe in this kernel: nothing attached to kfx_dup" test "$(attached kfx_dup)" = 0
	exit 0
fi

# attach_copy NAME OBJ KEY RUNFILE: one result for the address, one for runs
attach_copy() {
	name=$1 obj=$2 key=$3 run=$4
	twins=$(awk -v n="$name" -v o="$obj" -v mod="^$MODOBJ/" '
		$1 == n && $2 != o && $4 != "-" && ($2 ~ mod) == (o ~ mod) { print $4 }' $FX)
	out=$($KMULTI $run "$name@$obj" -- $key $twins)
	want=$(addr_of $name $obj)
	got=$(echo "$out" | awk '$1 == "addr" { print $2 }')
	check "kprobe_multi $name@$obj attaches at that copy ($want; link: $got)" \
		test -n "$want" -a "$got" = "$want"
	n=$(echo "$out" | awk '$1 == "runs" { print $2 }')
	check "kprobe_multi $name@$obj runs once when it and its twins $(echo $twins) are called ($n)" \
		test "$n" = 1
}

while read -r name obj _ key; do
	case $obj in $MODOBJ/*) continue ;; esac
	[ "$key" != - ] && traceable $name || continue
	attach_copy $name $obj $key $RUN
done < $FX

# a bare duplicated name: today's meaning, one copy
out=$($KMULTI $RUN kfx_dup -- $(awk '$1 == "kfx_dup" && $4 != "-" { print $4 }' $FX))
check "bare kfx_dup still attaches to one copy ($(echo $out))" \
	test "$(echo "$out" | grep -c '^addr ')" = 1 -a "$(echo "$out" | awk '$1 == "runs" { print $2 }')" = 1

# one function named twice, which would have two cookies: refused as a
# bare name given twice is (ESRCH)
A=kallsyms_fixtures/a/dup.o
out=$($KMULTI $RUN "kfx_dup@$A" "kfx_dup@$A")
check "kfx_dup@$A twice refused with ESRCH ($out)" \
	sh -c "echo '$out' | grep -q '^error attach: No such process'"
# two bare names of one function (an alias) stay taken beside a qualifier
out=$($KMULTI $RUN kfx_aliased kfx_aliased_too "kfx_dup@$A")
check "kfx_aliased and its alias kfx_aliased_too beside kfx_dup@$A attach, as on 6.12 ($(echo $out))" \
	sh -c "echo '$out' | grep -q '^runs '"
refused=""
for o in $(awk '$1 == "kfx_dup" && $4 != "-" { print $2 }' $FX); do
	$KMULTI $RUN kfx_dup "kfx_dup@$o" | grep -q '^error attach: No such process' &&
		refused="$refused $o"
done
refused=$(echo $refused)
first=$($KMULTI $RUN kfx_dup | awk '$1 == "addr" { print $2 }')
that=$($KMULTI $RUN "kfx_dup@$refused" | awk '$1 == "addr" { print $2 }')
check "kfx_dup with kfx_dup@OBJ refused for the copy kfx_dup attaches to alone ($first: $refused)" \
	test -n "$first" -a "$that" = "$first"

# refusals
out=$($KMULTI $RUN kfx_dup@dup.o)
check "kfx_dup@dup.o (a/dup.o, b/dup.o) refused as not unique ($out)" \
	sh -c "echo '$out' | grep -qi 'not unique'"
long=$(head -c 4000 /dev/zero | tr '\0' 'o')
bad=0
for s in "@" "kfx_dup@" "@kallsyms_fixtures/a/dup.o" "kfx_dup@nonexistent.o" \
	 "kfx_dup@a/dup.o@b/dup.o" "kfx_dup@kallsyms_fixtures/trio/one.o" \
	 "kfx_asm_dup@kallsyms_fixtures/asm/dup_asm.o" "kfx_dup@$long.o"; do
	out=$($KMULTI $RUN "$s")
	case $out in
	"error attach: "*) ;;
	*) bad=$((bad + 1)); echo "# $(echo "$s" | cut -c1-60): $(echo $out)" ;;
	esac
done
check "hostile or wrong qualified names refused by BPF_LINK_CREATE ($bad accepted)" test $bad -eq 0
check "nothing left attached to kfx_dup" test "$(attached kfx_dup)" = 0

# real duplicated kernel functions, both copies traceable: each copy by
# its object, at its address
bad=0 tried=0
two_copy_dups 20 > /tmp/real-dups
while read -r name a1 o1 a2 o2; do
	[ "$o1" != "$o2" ] || continue
	tried=$((tried + 1))
	for c in "$a1 $o1" "$a2 $o2"; do
		set -- $c
		got=$($KMULTI $RUN "$name@$2" | awk '$1 == "addr" { print $2 }')
		want=0x$(echo $1 | sed 's/^0*//')
		[ "$got" = "$want" ] || { bad=$((bad + 1)); echo "# $name@$2: link $got, want $want"; }
	done
done < /tmp/real-dups
check "real duplicated functions attached by NAME@OBJFILE at their own address ($tried names, $bad wrong)" \
	test $tried -gt 0 -a $bad -eq 0

# the loadable module's copies, found without naming the module
if kfx_mod_load; then
	while read -r name obj _ key; do
		case $obj in $MODOBJ/*) ;; *) continue ;; esac
		[ "$key" != - ] || continue
		attach_copy $name $obj $key $RUN_MOD
	done < $FX
	kfx_mod_unload
else
	fail "kfx_mod loads"
fi
