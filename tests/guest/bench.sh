#!/bin/sh
# make bench, in the guest: figures, not tests.
#  - qualified vs plain kallsyms_lookup_name() over every copy of every
#    duplicated text name (the fixtures' bench file times them in-kernel);
#  - full reads of /proc/kallmodsyms vs /proc/kallsyms, median of 5;
#  - ftrace filter writes: *@fs/* against a plain glob of as many functions.
. /harness/lib.sh
bench=/sys/kernel/debug/kallsyms_fixtures/bench
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
echo "BENCH lookup: $n qualified names ($failed not timed), $l lookups each way:" \
	"qualified $((q / l)) ns, plain $((p / l)) ns per lookup," \
	"ratio $(awk -v q=$q -v p=$p 'BEGIN { printf "%.2f", q / p }')"

# centiseconds of 10 full reads, from /proc/uptime (busybox has no
# sub-second clock); median of 5 such rounds
cs10() {
	a=$(awk '{ printf "%d", $1 * 100 }' /proc/uptime)
	for i in 1 2 3 4 5 6 7 8 9 10; do cat "$1" >/dev/null; done
	b=$(awk '{ printf "%d", $1 * 100 }' /proc/uptime)
	echo $((b - a))
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ks=$(for i in 1 2 3 4 5; do cs10 /proc/kallsyms; done | median)
kms=$(for i in 1 2 3 4 5; do cs10 /proc/kallmodsyms; done | median)
echo "BENCH read: 10 reads of /proc/kallsyms $((ks * 10)) ms, of /proc/kallmodsyms $((kms * 10)) ms," \
	"ratio $(awk -v a=$kms -v b=$ks 'BEGIN { printf "%.2f", a / b }')"

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
