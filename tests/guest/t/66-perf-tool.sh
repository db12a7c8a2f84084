#!/bin/sh
# The series' perf (make perf) on the fixtures: its own tests (perf test,
# and its comparison of vmlinux's symbols with kallsyms'),
# perf probe NAME@OBJFILE.o on one copy of kfx_dup, which fires for that
# copy alone (kprobe_profile, the copies called 1, 2 and 4 times),
# NAME@SRC.c, which without debuginfo names the object built from SRC.c,
# perf probe -l, which names each copy NAME@OBJFILE, and perf report and
# perf script, which show each copy's samples under its NAME@OBJFILE
# (the symbol's name stays bare: the object file rides beside it, shown
# by --sort objfile and -F objfile), select every copy by the bare name
# and one by NAME@OBJFILE, whether the symbols come from /proc, the
# build-id cache, a --kcore record or the vmlinux; perf probe -m MOD
# NAME@OBJFILE on a module's copy.  The record goes out on the console
# for a report on the host (tests/host/console/perf-offline.sh).
. /harness/lib.sh
RUN=/sys/kernel/debug/kallsyms_fixtures/run
OBJ=kallsyms_fixtures

if ! command -v perf >/dev/null; then
	skip "perf (built for the host's architecture only: make perf)"
	exit 0
fi
if [ ! -w $RUN ]; then
	fail "fixture run file $RUN present"
	exit 0
fi

# perf_test NAME: one result for perf's own test NAME
perf_test() {
	out=$(perf test "$1" 2>&1)
	echo "$out" | sed 's/^/# /'
	check "perf test '$1'" sh -c 'echo "$1" | grep -q ": Ok\$" && ! echo "$1" | grep -q FAILED' - "$out"
}
perf_test "kallmodsyms: the object file of each kernel symbol"
# vmlinux's symbols against kallsyms', whose names perf keeps bare (on
# ppc64le both give global entries); the vmlinux is where
# perf looks for it only for this test: perf prefers a vmlinux's own
# symbols, bare names, to /proc/kallsyms'
if [ -r $HOST/vmlinux ]; then
	mkdir -p /boot
	ln -sf $HOST/vmlinux /boot/vmlinux-$(uname -r)
	perf_test "vmlinux symtab matches kallsyms"
	rm -f /boot/vmlinux-$(uname -r)
fi
kfx_calls_script

r=$(perf_fired kfx_dup@$OBJ/b/dup.o)
check "perf probe -a kfx_dup@$OBJ/b/dup.o fires for b/dup alone ($r)" test "$r" = 2
r=$(perf_fired kfx_dup@$OBJ/dash-dir/dup-obj.o%return)
check "perf probe -a kfx_dup@$OBJ/dash-dir/dup-obj.o%return fires for it alone ($r)" test "$r" = 4
r=$(perf_fired kfx_dup@a/dup.c)
check "perf probe -a kfx_dup@a/dup.c (no debuginfo) fires for a/dup.o alone ($r)" test "$r" = 1
r=$(perf_fired kfx_dup@dup.c)
check "perf probe -a kfx_dup@dup.c (no debuginfo, a/ and b/) is refused ($r)" test "$r" = refused
r=$(perf_fired kfx_dup@b/dup.c%return)
check "perf probe -a kfx_dup@b/dup.c%return (no debuginfo) fires for b/dup.o alone ($r)" test "$r" = 2
# two copies probed by NAME@OBJFILE get distinct event names, as the
# kernel's own probes on them do
perf probe -q -d 'probe:*' 2>/dev/null
perf probe -q -a kfx_dup@$OBJ/a/dup.o 2>/dev/null
perf probe -q -a kfx_dup@$OBJ/b/dup.o 2>/dev/null
r=$(sed -n 's/^p:probe\/\([^ ]*\) .*/\1/p' $TRACEFS/kprobe_events | sort -u | wc -l)
check "perf probe: kfx_dup@a/dup.o and kfx_dup@b/dup.o are two events ($r)" test "$r" = 2
perf probe -q -d 'probe:*' 2>/dev/null
# listed: perf probe -l names each probe's copy NAME@OBJFILE, whether it
# was asked for so or by the bare name (a probe on _text+OFFSET; on
# ppc64le perf puts that at the local entry point, NAME@OBJFILE+8)
LEP=0
[ "$(uname -m)" != ppc64le ] || LEP=8
listed() {
	perf probe -q -d 'probe:*' 2>/dev/null
	perf probe -q -a "$1" 2>/dev/null
	perf probe -l 2>/dev/null | sed -n 's/.*(on \([^ )]*\).*/\1/p' | sed "s/+$LEP\$//" |
		sort | tr '\n' ' ' |
		sed 's/ $//'
	perf probe -q -d 'probe:*' 2>/dev/null
}
r=$(listed kfx_dup@$OBJ/b/dup.o)
check "perf probe -l shows kfx_dup@$OBJ/b/dup.o ($r)" test "$r" = "kfx_dup@$OBJ/b/dup.o"
r=$(listed kfx_dup)
check "perf probe -l shows the bare kfx_dup's probes by object ($r)" \
	test "$r" = "kfx_dup@$OBJ/a/dup.o kfx_dup@$OBJ/b/dup.o kfx_dup@$OBJ/dash-dir/dup-obj.o"

# recorded: "SAMPLES SYMBOL" of each row of perf report (sorted by
# symbol) and the distinct symbols of perf script, for samples of the
# probes on every copy of kfx_dup (the bare name) over KFX_CALLS
recorded() {
	perf probe -q -d 'probe:*' 2>/dev/null
	perf probe -q -a kfx_dup 2>/dev/null || { echo refused; return; }
	perf --buildid-dir /tmp/buildid record -q -o /tmp/perf.data -e 'probe:kfx_dup*' -a -- $KFX_CALLS \
		> /tmp/perf.err 2>&1 || { sed 's/^/# /' /tmp/perf.err; echo "not recorded"; return; }
	perf report -i /tmp/perf.data --stdio -q -n --sort sym 2>/dev/null |
		awk 'NF { print $2, $NF }' | sort -k2 | tr '\n' ' '
	printf '/ '
	perf script -i /tmp/perf.data -F ip,sym 2>/dev/null | awk '{ print $2 }' | sort -u | tr '\n' ' ' |
		sed 's/ $//'
	perf probe -q -d 'probe:*' 2>/dev/null
}
# report_rows OPTIONS...: "SAMPLES KEY" of each row of perf report of
# /tmp/perf.data (or of the -i FILE among OPTIONS) with OPTIONS, sorted
# by key
report_rows() {
	perf report -i /tmp/perf.data --stdio -q -n "$@" 2>/dev/null |
		awk 'NF && $1 != "#" { print $2, $NF }' | sort -k2 | tr '\n' ' ' | sed 's/ $//'
}
# the build-id cache that perf record fills: kallsyms copied as it is
# (what 6.12's perf reads), kallmodsyms and modules beside it
rm -rf /tmp/buildid
r=$(recorded)
cached=$(ls -d /tmp/buildid/\[kernel.kallsyms\]/*/ 2>/dev/null | head -n 1)
check "perf record caches /proc/kallsyms as it is (${cached:-no cache})" \
	cmp -s "${cached}kallsyms" /proc/kallsyms
check "perf record caches /proc/kallmodsyms beside it" \
	cmp -s "${cached}kallmodsyms" /proc/kallmodsyms
check "perf record caches /proc/modules beside it" \
	cmp -s "${cached}modules" /proc/modules
check "perf report: one row per copy of kfx_dup, with its samples ($r)" \
	sh -c 'case "$1" in "1 kfx_dup@$2/a/dup.o 2 kfx_dup@$2/b/dup.o 4 kfx_dup@$2/dash-dir/dup-obj.o / "*) ;; *) exit 1 ;; esac' - "$r" $OBJ
check "perf script: each sample named by its copy ($r)" \
	sh -c 'case "$1" in *"/ kfx_dup@$2/a/dup.o kfx_dup@$2/b/dup.o kfx_dup@$2/dash-dir/dup-obj.o") ;; *) exit 1 ;; esac' - "$r" $OBJ

# the record for a report on the host (tests/host/console/perf-offline.sh):
# perf.data and the build-id cache, packed on the console
offline_payload() {
	echo "# perf-offline-begin $(md5sum </tmp/offline.tgz | cut -d' ' -f1)"
	base64 /tmp/offline.tgz | sed 's/^/# b64 /'
	echo "# perf-offline-end"
}
if (cd /tmp && tar czf /tmp/offline.tgz perf.data buildid) 2>/dev/null; then
	console_payload offline_payload
	rm -f /tmp/offline.tgz
fi

# the running kernel's symbols: /proc/kallmodsyms lists those of
# /proc/kallsyms, and perf reads it alone
r=$(perf report -v -i /tmp/perf.data --stdio 2>&1 >/dev/null |
	grep -c '^/proc/kallsyms: symbols read from the kallmodsyms beside it')
check "perf report reads /proc/kallmodsyms alone ($r)" test "$r" -ge 1

# the object file beside the name: a sort key, a perf script field
r=$(report_rows --sort objfile)
check "perf report --sort objfile: one row per object of kfx_dup ($r)" \
	test "$r" = "1 $OBJ/a/dup.o 2 $OBJ/b/dup.o 4 $OBJ/dash-dir/dup-obj.o"
r=$(perf script -i /tmp/perf.data -F ip,sym,objfile 2>/dev/null | awk '{ print $2, $3 }' |
	sort | uniq -c | awk '{ print $1, $2, $3 }' | tr '\n' ' ' | sed 's/ $//')
check "perf script -F ip,sym,objfile: each sample's object beside its symbol ($r)" \
	test "$r" = "1 kfx_dup@$OBJ/a/dup.o $OBJ/a/dup.o 2 kfx_dup@$OBJ/b/dup.o $OBJ/b/dup.o 4 kfx_dup@$OBJ/dash-dir/dup-obj.o $OBJ/dash-dir/dup-obj.o"
# --symbols: the bare name selects every copy, NAME@OBJFILE one
r=$(report_rows --sort sym --symbols kfx_dup)
check "perf report --symbols kfx_dup: every copy ($r)" \
	test "$r" = "1 kfx_dup@$OBJ/a/dup.o 2 kfx_dup@$OBJ/b/dup.o 4 kfx_dup@$OBJ/dash-dir/dup-obj.o"
r=$(report_rows --sort sym --symbols kfx_dup@$OBJ/b/dup.o)
check "perf report --symbols kfx_dup@$OBJ/b/dup.o: that copy alone ($r)" \
	test "$r" = "2 kfx_dup@$OBJ/b/dup.o"
# --symbol-filter, a part of the name: of NAME@OBJFILE too.  perf report
# applies it to the first event only, and only with a sort key that
# collapses (comm): a record of b/dup's probe alone
perf probe -q -d 'probe:*' 2>/dev/null
perf probe -q -a kfx_dup@$OBJ/b/dup.o 2>/dev/null
perf record -q -o /tmp/perf-b.data -e 'probe:kfx_dup*' -a -- $KFX_CALLS >/dev/null 2>&1
perf probe -q -d 'probe:*' 2>/dev/null
r=$(report_rows -i /tmp/perf-b.data --sort comm,sym --symbol-filter dup@$OBJ/b/)
check "perf report --symbol-filter dup@$OBJ/b/: that copy ($r)" \
	test "$r" = "2 kfx_dup@$OBJ/b/dup.o"
r=$(report_rows -i /tmp/perf-b.data --sort comm,sym --symbol-filter dup@$OBJ/a/)
check "perf report --symbol-filter dup@$OBJ/a/: not that copy ($r)" test -z "$r"
r=$(report_rows -i /tmp/perf-b.data --sort comm,sym --symbol-filter fx_du)
check "perf report --symbol-filter fx_du: a part of the name ($r)" \
	test "$r" = "2 kfx_dup@$OBJ/b/dup.o"

# offline: a report from the cache's copies (--kallsyms), the running
# kernel's /proc/kallmodsyms hidden, names the copies as the live file
# does; a kallsyms with no kallmodsyms beside it gives bare names, as ever
mkdir -p /tmp/kallsyms-alone
cp "${cached}kallsyms" /tmp/kallsyms-alone/kallsyms 2>/dev/null
if mount --bind /dev/null /proc/kallmodsyms 2>/dev/null; then
	r=$(report_rows --sort sym --kallsyms "${cached}kallsyms")
	check "perf report --kallsyms=CACHE/kallsyms, /proc/kallmodsyms hidden: the cache's object files ($r)" \
		test "$r" = "1 kfx_dup@$OBJ/a/dup.o 2 kfx_dup@$OBJ/b/dup.o 4 kfx_dup@$OBJ/dash-dir/dup-obj.o"
	r=$(report_rows --sort sym --kallsyms /tmp/kallsyms-alone/kallsyms)
	check "perf report --kallsyms=FILE with no kallmodsyms beside it: bare names ($r)" \
		test "$r" = "1 kfx_dup 2 kfx_dup 4 kfx_dup"
	umount /proc/kallmodsyms
else
	skip "perf report with /proc/kallmodsyms hidden (bind mount refused)"
fi

# perf record --kcore: the kcore directory keeps kallmodsyms beside its
# kallsyms, and a report of it names the copies as the live files do
if [ -r /proc/kcore ]; then
	perf probe -q -d 'probe:*' 2>/dev/null
	perf probe -q -a kfx_dup 2>/dev/null
	rm -rf /tmp/kcore.data
	perf record -q --kcore -o /tmp/kcore.data -e 'probe:kfx_dup*' -a -- $KFX_CALLS \
		>/tmp/perf.err 2>&1 || sed 's/^/# /' /tmp/perf.err
	perf probe -q -d 'probe:*' 2>/dev/null
	check "perf record --kcore copies /proc/kallmodsyms into its kcore_dir" \
		cmp -s /tmp/kcore.data/kcore_dir/kallmodsyms /proc/kallmodsyms
	r=$(report_rows -i /tmp/kcore.data --sort sym)
	check "perf report of a --kcore record: the copies by object ($r)" \
		test "$r" = "1 kfx_dup@$OBJ/a/dup.o 2 kfx_dup@$OBJ/b/dup.o 4 kfx_dup@$OBJ/dash-dir/dup-obj.o"
	rm -rf /tmp/kcore.data
else
	skip "perf record --kcore (no /proc/kcore: CONFIG_PROC_KCORE)"
fi

# a vmlinux of the running build, which perf prefers to kallsyms: its
# symbols take their object files from /proc/kallmodsyms, by address
if [ -r $HOST/vmlinux ]; then
	mkdir -p /boot
	ln -sf $HOST/vmlinux /boot/vmlinux-$(uname -r)
	used=$(perf report -i /tmp/perf.data --stdio -v 2>&1 | grep -c 'Using /boot/vmlinux.* for symbols')
	r=$(report_rows --sort sym)
	rm -f /boot/vmlinux-$(uname -r)
	check "perf report with the vmlinux ($used used it): the copies by object ($r)" \
		test "$used $r" = "1 1 kfx_dup@$OBJ/a/dup.o 2 kfx_dup@$OBJ/b/dup.o 4 kfx_dup@$OBJ/dash-dir/dup-obj.o"
fi

r=$(perf_fired kfx_dup@no/such/object.o)
check "perf probe -a kfx_dup@no/such/object.o is refused ($r)" test "$r" = refused
# said SPEC: perf probe -a SPEC fails, and what it says (in /tmp/perf.said)
said() {
	perf probe -a "$1" >/tmp/perf.said 2>&1
	status=$?
	sed 's/^/# /' /tmp/perf.said
	perf probe -q -d 'probe:*' 2>/dev/null
	[ $status != 0 ]
}
said kfx_dup@no/such/object.o && grep -q 'kfx_dup is in:' /tmp/perf.said
check "perf probe -a kfx_dup@no/such/object.o lists the objects that have kfx_dup" test $? = 0
# a suffix that two objects end in: the kernel's ENOTUNIQ, in perf's words
said kfx_dup@dup.o && grep -q 'names more than one function' /tmp/perf.said
check "perf probe -a kfx_dup@dup.o (a/dup.o and b/dup.o) says it names more than one function" \
	test $? = 0
# a failure that is not the name's (the event exists): no list of objects
perf probe -q -d 'probe:*' 2>/dev/null
perf probe -q -a "twice=kfx_dup@$OBJ/b/dup.o" 2>/dev/null
perf probe -a "twice=kfx_dup@$OBJ/b/dup.o" >/tmp/perf.said 2>&1
status=$?
sed 's/^/# /' /tmp/perf.said
check "perf probe of an event that exists fails, listing no objects (status $status)" \
	sh -c '[ $1 != 0 ] && ! grep -q "is in:" /tmp/perf.said' - $status
perf probe -q -d 'probe:*' 2>/dev/null
r=$(perf_fired kfx_dup)
check "perf probe -a kfx_dup probes the three copies, as before ($r)" test "$r" = "1 2 4"

# a module's copies: perf probe -m MOD NAME@OBJFILE adds the kernel's
# MOD:NAME@OBJFILE, which fires for that copy alone
RUN_MOD=/sys/kernel/debug/kallsyms_fixtures_mod/run
MODOBJ=$OBJ/mod
loaded=
grep -q '^kfx_mod ' /proc/modules || { modprobe kfx_mod 2>/dev/null && loaded=1; }
if [ -w $RUN_MOD ]; then
	perf probe -q -d 'probe:*' 2>/dev/null
	perf probe -q -m kfx_mod -a kfx_mod_dup@$MODOBJ/kfx_mod_other.o 2>&1 | sed 's/^/# /'
	on=$(sed -n 's/^p:probe\/kfx_mod_dup[^ ]* //p' $TRACEFS/kprobe_events)
	check "perf probe -m kfx_mod kfx_mod_dup@$MODOBJ/kfx_mod_other.o adds kfx_mod:NAME@OBJFILE ($on)" \
		test "$on" = "kfx_mod:kfx_mod_dup@$MODOBJ/kfx_mod_other.o"
	echo 1 > $TRACEFS/events/probe/enable
	echo other > $RUN_MOD
	echo main > $RUN_MOD
	echo 0 > $TRACEFS/events/probe/enable
	r=$(awk '$1 ~ /^kfx_mod_dup/ { print $2 }' $TRACEFS/kprobe_profile)
	check "perf probe -m kfx_mod kfx_mod_dup@$MODOBJ/kfx_mod_other.o fires for that copy alone ($r)" \
		test "$r" = 1
	perf probe -q -d 'probe:*' 2>/dev/null
else
	skip "perf probe -m kfx_mod NAME@OBJFILE (the module does not load)"
fi
[ -z "$loaded" ] || rmmod kfx_mod

# perf ftrace hands NAME@OBJFILE to the filter files: -T (function
# tracer) and -G (function_graph) trace that copy alone; -F lists each
# copy bare, as in 6.12
# traced OPTS...: the kfx_dup lines perf ftrace OPTS prints over KFX_CALLS
traced() {
	perf ftrace "$@" -- $KFX_CALLS 2>/dev/null | grep -c 'kfx_dup'
}
r=$(traced -T kfx_dup@$OBJ/b/dup.o)
check "perf ftrace -T kfx_dup@$OBJ/b/dup.o: b/dup's 2 calls alone ($r lines)" test "$r" = 2
r=$(traced -G kfx_dup@$OBJ/dash-dir/dup-obj.o)
check "perf ftrace -G kfx_dup@$OBJ/dash-dir/dup-obj.o: its 4 calls alone ($r lines)" test "$r" = 4
# perf ftrace leaves tracing off when it ends; the later tests trace
echo 1 > $TRACEFS/tracing_on
r=$(perf ftrace -F 'kfx_dup*' 2>/dev/null | sort | tr '\n' ' ' | sed 's/ $//')
check "perf ftrace -F: kfx_dup three times, bare, as on 6.12 ($r)" \
	test "$r" = "kfx_dup kfx_dup kfx_dup"

# a kernel whose kprobe_events does not take NAME@OBJFILE (its tracing
# README without that line): perf probes the address of the copy its
# map names so (_text+OFFSET)
grep -v '@<objfile>' $TRACEFS/README > /tmp/README.old
if mount --bind /tmp/README.old $TRACEFS/README 2>/dev/null; then
	perf probe -q -d 'probe:*' 2>/dev/null
	perf probe -a kfx_dup@$OBJ/b/dup.o 2>&1 | sed 's/^/# /'
	on=$(sed -n 's/^p:probe\/kfx_dup[^ ]* //p' $TRACEFS/kprobe_events)
	check "README without @<objfile>: perf probe puts kfx_dup@$OBJ/b/dup.o at an address ($on)" \
		sh -c 'case "$1" in _text+*) ;; *) exit 1 ;; esac' - "$on"
	r=$(perf_fired kfx_dup@$OBJ/b/dup.o)
	check "README without @<objfile>: that probe fires for b/dup alone ($r)" test "$r" = 2
	r=$(listed kfx_dup@$OBJ/b/dup.o)
	check "README without @<objfile>: perf probe -l shows kfx_dup@$OBJ/b/dup.o ($r)" \
		test "$r" = "kfx_dup@$OBJ/b/dup.o"
	umount $TRACEFS/README
else
	skip "a tracing README without @<objfile> (bind mount refused)"
fi

# perf's own test of NAME@OBJFILE (tools/perf/tests/shell/base_probe),
# on the kernel's repeated names; it wants bash, which the suites role
# adds, and prints a FAIL line for each check that fails
BASH=/harness/suites/bin/bash
if [ -x $BASH ]; then
	(cd /harness/perf-tests/base_probe && PATH=/harness/suites/bin:$PATH \
		PERFSUITE_RUN_DIR=$(mktemp -d) $BASH ./test_adding_objfile.sh) > /tmp/perf-shell.out 2>&1
	status=$?
	sed 's/^/# /' /tmp/perf-shell.out
	check "perf's base_probe/test_adding_objfile.sh passes (status $status)" \
		sh -c '[ $1 = 0 ] && grep -q "PASS.*listing probe" /tmp/perf-shell.out &&
			! grep -q FAIL /tmp/perf-shell.out' - $status
else
	skip "perf's base_probe/test_adding_objfile.sh (no bash in this guest: suites role)"
fi

# a figure, not a test: what reading /proc/kallmodsyms costs perf's load
# of the kernel's symbols (perf probe -F, best of 3), against the file
# hidden under /dev/null
now_ms() { awk '{ printf "%d", $1 * 1000 }' /proc/uptime; }
best_ms() {
	best=
	for i in 1 2 3; do
		t0=$(now_ms)
		perf probe -F >/dev/null 2>&1
		t=$(($(now_ms) - t0))
		[ -n "$best" ] && [ "$best" -le "$t" ] || best=$t
	done
	echo "$best"
}
with=$(best_ms)
if mount --bind /dev/null /proc/kallmodsyms 2>/dev/null; then
	without=$(best_ms)
	umount /proc/kallmodsyms
	echo "# perf probe -F: $with ms reading /proc/kallmodsyms, $without ms without"
fi
