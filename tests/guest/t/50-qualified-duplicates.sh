#!/bin/sh
# Every copy of every duplicated text name, probed as NAME@OBJFILE with
# the object the build's linker maps give it, registers exactly where a
# probe on that copy's raw address does (kprobes/list), or is refused
# just as that raw-address probe is. A name twice in one object must be
# refused as not unique.
# ppc64le (ELFv2) differs: a probe on a name moves to the function's
# ftrace site or local entry point (kprobe_lookup_name()), a raw address
# stays where it is; there every copy must register where that rule puts
# a probe on a unique name (checked on unique names first), and none on
# its global entry point.
. /harness/lib.sh
truth=$HOST/dup-text-objects		# "ADDR NAME OBJFILE" per copy
list=/sys/kernel/debug/kprobes/list

# The loop runs only shell builtins: a fork costs a lot under KASAN.
# first_probe: the address of the one probe we registered, in $got
# (ppc64 keeps a kprobe of its own on the rethook trampoline: skip those
# listed before we start)
first_probe() {
	got=
	while read -r a _; do
		case " $own " in *" $a "*) ;; *) got=$a; return ;; esac
	done < $list
}

kprobe_reset
own=$(cut -d' ' -f1 $list | tr '\n' ' ')
# each copy with the number of copies of its name in its object
awk '{ k[NR] = $2 " " $3; l[NR] = $0; c[k[NR]]++ }
     END { for (i = 1; i <= NR; i++) print l[i], c[k[i]] }' $truth > /tmp/dup-copies-bare
elfv2=
[ "$(uname -m)" != ppc64le ] || elfv2=1
# ENTRY (last column): where the ppc64le rule puts a probe on the name
if [ -n "$elfv2" ]; then
	name_entries /tmp/dup-copies-bare | cut -d' ' -f2 | paste -d' ' /tmp/dup-copies-bare - > /tmp/dup-copies
else
	sed 's/$/ -/' /tmp/dup-copies-bare > /tmp/dup-copies
fi

# the ppc64le rule against the kernel's own: bare-name probes on unique
# text names with a distinct local entry point, and on the unique ones
# shorter than 16 bytes (whose ftrace site search must not run into the
# next function)
if [ -n "$elfv2" ]; then
	awk 'NR == FNR { loc[$1] = 1; next } $2 ~ /^[tT]$/ { n[$3]++; a[$3] = $1 }
	     END { for (s in n) if (n[s] == 1 && (a[s] in loc)) print a[s], s }' \
		$HOST/local-entries $HOST/System.map | sort | head -n 150 > /tmp/unique-local
	awk "$HEXADDR_AWK"'
	     NR == FNR { if ($2 ~ /^[tT]$/) n[$3]++; next }
	     $2 ~ /^[tT]$/ && p != "" && n[pn] == 1 && lo($1) - lo(p) < 16 { print p, pn, "short" }
	     $2 ~ /^[tT]$/ { p = $1; pn = $3 }' $HOST/System.map $HOST/System.map |
		awk 'NR == FNR { t[$1] = 1; next } ($2 in t)' $TRACEFS/available_filter_functions - |
		head -n 50 >> /tmp/unique-local
	name_entries /tmp/unique-local > /tmp/unique-entries
	m=0 mbad=0 mshort=0
	while read -r addr name short && read -r _ entry <&3; do
		got=
		echo "p:uref $name" >> $TRACEFS/kprobe_events 2>/dev/null && first_probe
		echo > $TRACEFS/kprobe_events
		[ -n "$got" ] || continue
		m=$((m + 1))
		[ -z "$short" ] || mshort=$((mshort + 1))
		[ "$got" = "$entry" ] || { mbad=$((mbad + 1)); echo "# $name (0x$addr): the rule says $entry, the kernel $got"; }
	done < /tmp/unique-local 3< /tmp/unique-entries
	check "ppc64le: $m unique names ($mshort of them under 16 bytes, the others with a local entry point) probed where the rule says ($mbad not)" \
		test $m -gt 0 -a $mshort -gt 0 -a $mbad -eq 0
fi

n=0 bad=0 refused=0 nonuniq=0 global=0
while read -r addr name obj copies entry; do
	n=$((n + 1))
	want= got=
	if echo "p:qref 0x$addr" >> $TRACEFS/kprobe_events 2>/dev/null; then
		first_probe
		want=$got got=
		[ -z "$elfv2" ] || want=$entry
	fi
	echo > $TRACEFS/kprobe_events
	if [ "$copies" -gt 1 ]; then
		if echo "p:qdup $name@$obj" >> $TRACEFS/kprobe_events 2>/dev/null; then
			bad=$((bad + 1)); echo "# $name@$obj accepted, but the object has it twice"
		else
			nonuniq=$((nonuniq + 1))
		fi
		echo > $TRACEFS/kprobe_events
		continue
	fi
	if echo "p:qdup $name@$obj" >> $TRACEFS/kprobe_events 2>/dev/null; then
		first_probe
	fi
	echo > $TRACEFS/kprobe_events
	[ -n "$want$got" ] || refused=$((refused + 1))
	[ -z "$elfv2" ] || [ "$got" != "$addr" ] || [ "$entry" = "$addr" ] || global=$((global + 1))
	if [ "$want" != "$got" ]; then
		bad=$((bad + 1))
		[ $bad -gt 10 ] || echo "# $name@$obj (0x$addr): raw address gives '$want', qualified '$got'"
	fi
done < /tmp/dup-copies
check "$n copies of $(awk '{print $2}' $truth | sort -u | wc -l) duplicated text names probed by NAME@OBJFILE" test $n -gt 0
check "every copy registered at its own address ($bad wrong, $refused refused like their raw address, $nonuniq twice in one object)" test $bad -eq 0
[ -z "$elfv2" ] || check "ppc64le: no copy probed on its global entry point ($global were)" test $global -eq 0
kprobe_reset
