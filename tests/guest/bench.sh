#!/bin/sh
# make bench, in the guest: figures, not tests.
#  - qualified vs plain kallsyms_lookup_name() over every copy of every
#    duplicated text name (the fixtures' bench file times them in-kernel);
#  - full reads of /proc/kallmodsyms vs /proc/kallsyms, median of 5;
#  - ftrace filter writes: *@fs/* against a plain glob of as many functions;
#  - a read of a filter holding the 10,100 functions of kfx_big;
#  - a BPF kprobe_multi attach of 1,000 functions, qualified against bare;
#  - the trace option sym-objfile on against off: a read of the function
#    trace; a stack trace's frame (%pBb) against %pB.
. /harness/lib.sh
bench=/sys/kernel/debug/kallsyms_fixtures/bench
# bench_lookups WHAT: time every qualified name of a duplicated function
# (the fixtures' bench file sums in-kernel times over all writes)
bench_lookups() {
	n=0 failed=0
	while read -r addr name obj; do
		if echo "$name@$obj" > $bench 2>/tmp/bench.err; then
			n=$((n + 1))
		else
			# notrace or not unique in its object: nothing to time
			[ $failed -lt 3 ] && echo "BENCH not timed: $name@$obj: $(cat /tmp/bench.err)"
			failed=$((failed + 1))
		fi
	done < $HOST/dup-text-objects
	read -r q p l < $bench
	echo "BENCH lookup$1: $n qualified names ($failed not timed), $l lookups each way:" \
		"qualified $((q / l)) ns, plain $((p / l)) ns per lookup," \
		"ratio $(awk -v q=$q -v p=$p 'BEGIN { printf "%.2f", q / p }')"
}
# (the fixtures' bench file is there with CONFIG_KALLSYMS_OBJFILES)
[ ! -w $bench ] || bench_lookups ""
# again with the fixture modules loaded: a qualified name is looked up in
# every module too (the totals so far are cleared by a write of "clear")
ko=$(find /lib/modules -name kfx_mod.ko 2>/dev/null | head -n 1)
if [ -w $bench ] && [ -n "$ko" ] && { modprobe kfx_mod 2>/dev/null || insmod "$ko"; }; then
	echo clear > $bench
	bench_lookups " with $(wc -l < /proc/modules) modules loaded ($(grep -c '\[' /proc/kallsyms) module symbols)"
	rmmod kfx_mod
fi

# reads_cs N FILE: centiseconds of N full reads of FILE, from
# /proc/uptime (busybox has no sub-second clock)
reads_cs() {
	a=$(awk '{ printf "%d", $1 * 100 }' /proc/uptime)
	i=0
	while [ $i -lt "$1" ]; do cat "$2" >/dev/null; i=$((i + 1)); done
	b=$(awk '{ printf "%d", $1 * 100 }' /proc/uptime)
	echo $((b - a))
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
if [ -r /proc/kallmodsyms ]; then
	ks=$(for i in 1 2 3 4 5; do reads_cs 10 /proc/kallsyms; done | median)
	kms=$(for i in 1 2 3 4 5; do reads_cs 10 /proc/kallmodsyms; done | median)
	echo "BENCH read: 10 reads of /proc/kallsyms $((ks * 10)) ms, of /proc/kallmodsyms $((kms * 10)) ms," \
		"ratio $(awk -v a=$kms -v b=$ks 'BEGIN { printf "%.2f", a / b }')"
fi

# set_ftrace_filter: '*@fs/*' against the plain glob that selects the
# nearest number of functions; centiseconds of 10 writes, median of 5
F=$TRACEFS/set_ftrace_filter
if grep -q 'objects: Can select functions by object file' $TRACEFS/README; then
	count() { echo "$1" > $F; grep -vc '^#' $F; echo > $F; }
	writes10() {
		a=$(awk '{ printf "%d", $1 * 100 }' /proc/uptime)
		for i in 1 2 3 4 5 6 7 8 9 10; do echo "$1" > $F; done
		b=$(awk '{ printf "%d", $1 * 100 }' /proc/uptime)
		echo > $F
		echo $((b - a))
	}
	nq=$(count '*@fs/*')
	best= bestn=0 bestd=
	for g in 'a*' 'b*' 'c*' 'd*' 'e*' 'f*' 'g*' 'h*' 'i*' 'k*' 'l*' 'm*' 'n*' \
		 'p*' 'r*' 's*' 't*' 'u*' 'v*' 'w*' 'x*' '__*' '*_*_*_*' '*init*' \
		 '*get*' '*set*' '*alloc*' '*free*'; do
		n=$(count "$g")
		d=$((n > nq ? n - nq : nq - n))
		if [ -z "$bestd" ] || [ $d -lt $bestd ]; then
			best=$g bestn=$n bestd=$d
		fi
	done
	tq=$(for i in 1 2 3 4 5; do writes10 '*@fs/*'; done | median)
	tp=$(for i in 1 2 3 4 5; do writes10 "$best"; done | median)
	[ "$tp" -gt 0 ] || tp=1
	echo "BENCH ftrace filter: 10 writes of '*@fs/*' ($nq functions) $((tq * 10)) ms," \
		"of '$best' ($bestn functions) $((tp * 10)) ms," \
		"ratio $(awk -v a=$tq -v b=$tp 'BEGIN { printf "%.2f", a / b }')"
fi

# reading a filter that holds every function of a big module (kfx_big:
# 10,100, 50 names in both its objects): centiseconds of 5 reads, median
# of 3; compared between kernels (the off variant reads as 6.12 does)
ko=$(find /lib/modules -name kfx_big.ko 2>/dev/null | head -n 1)
if [ -n "$ko" ] && insmod "$ko"; then
	BF=$TRACEFS/set_ftrace_filter
	echo ':mod:kfx_big' > $BF
	n=$(grep -vc '^#' $BF)
	t=$(for i in 1 2 3; do reads_cs 5 $BF; done | median)
	echo "BENCH filter read (objfiles $(cat $HOST/objfiles-option)): 5 reads of" \
		"set_ftrace_filter holding $n functions of kfx_big $((t * 10)) ms"
	echo > $BF
	rmmod kfx_big
fi

# BPF kprobe_multi: one attach of 1,000 functions named NAME@OBJFILE
# against the same functions by their bare (unique) names, median of 3
# (the attach is timed by the helper: a bpf(BPF_LINK_CREATE) call)
if [ -x /harness/bin/kmulti ] && [ "$(cat $HOST/objfiles-option)" = y ]; then
	awk 'NR == FNR { n[$1]++; next } n[$2] == 1 && $3 != "-" && !seen[$2]++ { print $2, $3 }' \
		$TRACEFS/available_filter_functions $HOST/symbol-objects |
		head -n 1000 > /tmp/kmulti.both
	cut -d" " -f1 /tmp/kmulti.both > /tmp/kmulti.bare
	tr ' ' '@' < /tmp/kmulti.both > /tmp/kmulti.qual
	attach_ns() {
		for i in 1 2 3; do /harness/bin/kmulti -t "$1" | awk '{ print $4 }'; done | median
	}
	qn=$(attach_ns /tmp/kmulti.qual)
	bn=$(attach_ns /tmp/kmulti.bare)
	echo "BENCH kprobe_multi: one attach of $(wc -l < /tmp/kmulti.qual) functions," \
		"NAME@OBJFILE $((qn / 1000)) us, bare $((bn / 1000)) us, ratio $(awk -v a="$qn" -v b="$bn" 'BEGIN { printf "%.2f", b ? a / b : 0 }')"
fi

# the trace option sym-objfile on against off, on the same buffer (the
# name is formed when the buffer is read)
OPT=$TRACEFS/options/sym-objfile
[ -w $OPT ] || exit 0
# opt_cs VALUE N FILE: reads_cs N FILE with the option at VALUE, median
# of 3 rounds
opt_cs() {
	echo "$1" > $OPT
	for r in 1 2 3; do reads_cs "$2" "$3"; done | median
	echo 0 > $OPT
}
# ratio ON OFF: ON / OFF, two decimals
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b ? a / b : 0 }'; }

# the function tracer's output: fill a buffer of about a million events
# with what the kernel runs, then read it whole (not consumed) each way
# entries: how many events the buffer holds now
entries() { cat $TRACEFS/per_cpu/cpu*/stats | awk '/^entries:/ { n += $2 } END { print n + 0 }'; }
echo 32768 > $TRACEFS/buffer_size_kb
echo function > $TRACEFS/current_tracer
while [ "$(entries)" -lt 1000000 ]; do ls /sys/kernel > /dev/null; done
echo 0 > $TRACEFS/tracing_on
T=$TRACEFS/trace
lines=$(wc -l < $T)
on=$(opt_cs 1 1 $T)
off=$(opt_cs 0 1 $T)
echo "BENCH sym-objfile: a read of $lines lines of function trace" \
	"on $((on * 10)) ms, off $((off * 10)) ms, ratio $(ratio $on $off)"
echo nop > $TRACEFS/current_tracer
echo 1 > $TRACEFS/tracing_on
echo 1408 > $TRACEFS/buffer_size_kb

# a stack trace's frame, as %pBb prints it (with the object file where
# CONFIG_KALLSYMS_OBJFILES_BACKTRACE is set) against %pB
ps=/sys/kernel/debug/kallsyms_fixtures/bench_ps
if [ -r $ps ]; then
	read -r b bare reps < $ps
	echo "BENCH backtrace (annotation $(cat $HOST/objfiles-backtrace)): ns per frame of $reps:" \
		"%pBb $((b / reps)), %pB $((bare / reps)), ratio $(ratio $b $bare);" \
		"a 16-frame trace $((b * 16 / reps)) against $((bare * 16 / reps)) ns"
fi
