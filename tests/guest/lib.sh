# Sourced by guest tests: TAP helpers and paths of host-side facts.
TRACEFS=/sys/kernel/tracing
HOST=/harness/host		# build artefacts carried in from the host

ok()   { echo "ok - $*"; }
fail() { echo "not ok - $*"; }
skip() { echo "ok - # SKIP $*"; }
# check DESC CMD...: one result line for the outcome of CMD
check() { d=$1; shift; if "$@"; then ok "$d"; else fail "$d"; fi; }

# Reset kprobe events and the error log between cases.
kprobe_reset() {
	echo 0 > $TRACEFS/events/enable 2>/dev/null
	echo > $TRACEFS/kprobe_events
	echo > $TRACEFS/error_log
}

# kfx_mod_load: kfx_mod loaded (by us, if it was not); kfx_mod_unload
# unloads it only if kfx_mod_load loaded it
kfx_mod_load() {
	kfx_loaded=
	grep -q '^kfx_mod ' /proc/modules && return 0
	kfx_ko=$(find /lib/modules -name kfx_mod.ko 2>/dev/null | head -n 1)
	{ modprobe kfx_mod 2>/dev/null || { [ -n "$kfx_ko" ] && insmod "$kfx_ko"; }; } &&
		kfx_loaded=1
}
kfx_mod_unload() { [ -z "$kfx_loaded" ] || rmmod kfx_mod; }

# KFX_CALLS: a script that calls the fixture copies of kfx_dup a/dup,
# b/dup and dash-dir/dup-obj 1, 2 and 4 times, so that a count of hits
# names the copies that fired (for tools that run a command)
KFX_CALLS=/tmp/kfx-calls.sh
kfx_calls_script() {
	run=/sys/kernel/debug/kallsyms_fixtures/run
	printf '#!/bin/sh\necho a/dup > %s\n' $run > $KFX_CALLS
	printf 'for i in 1 2; do echo b/dup > %s; done\n' $run >> $KFX_CALLS
	printf 'for i in 1 2 3 4; do echo dash-dir/dup-obj > %s; done\n' $run >> $KFX_CALLS
	chmod +x $KFX_CALLS
}

# perf_fired SPEC: the hits of each kfx_dup probe that perf probe
# $PERF_PROBE added for SPEC (in increasing order), after the calls of
# KFX_CALLS (kfx_calls_script); "refused" if perf refused SPEC
PERF_PROBE="perf probe"
perf_fired() {
	$PERF_PROBE -q -d 'probe:*' 2>/dev/null
	$PERF_PROBE -q -a "$1" 2>/tmp/perf.err || { sed 's/^/# /' /tmp/perf.err; echo refused; return; }
	echo 1 > $TRACEFS/events/probe/enable
	$KFX_CALLS
	echo 0 > $TRACEFS/events/probe/enable
	awk '$1 ~ /^kfx_dup/ { print $2 }' $TRACEFS/kprobe_profile | sort -n | tr '\n' ' ' |
		sed 's/ $//'
	$PERF_PROBE -q -d 'probe:*' 2>/dev/null
}

# two_copy_dups N: up to N duplicated text names with exactly two
# traceable copies, "NAME ADDR1 OBJ1 ADDR2 OBJ2" (host dup-text-objects)
two_copy_dups() {
	cut -f1 -d' ' $TRACEFS/available_filter_functions | sort | uniq -c |
		awk '$1 == 2 { print $2 }' > /tmp/twice
	awk 'NR == FNR { t[$1] = 1; next }
	     ($2 in t) { n[$2]++; a[$2] = a[$2] " " $1 " " $3 }
	     END { for (f in n) if (n[f] == 2) print f a[f] }' /tmp/twice $HOST/dup-text-objects |
		sort | head -n "$1"
}

# awk functions on 16-hex-digit addresses: lo(A), its low 32 bits as a
# number (awk's numbers cannot hold all 64), and hi(A), the rest as text
HEXADDR_AWK='function lo(h,  n, i) { h = substr(h, length(h) - 7); n = 0
	for (i = 1; i <= 8; i++) n = n * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
	return n }
function hi(h) { return substr(h, 1, length(h) - 8) }'

# name_entries FILE: "ADDR ENTRY" for each "ADDR NAME ..." line of FILE,
# ENTRY being where a kprobe on that function's name (offset 0) must
# register by the ppc64le (ELFv2) rule of kprobe_lookup_name(): the ftrace
# site within the function's first 16 bytes, else the local entry point
# (host local-entries), never the global entry when the two differ.
name_entries() {
	awk "$HEXADDR_AWK"'
	     FILENAME == ARGV[1] { loc[$1] = $2; next }
	     FILENAME == ARGV[2] { site[$2] = site[$2] " " $1; next }
	     { want = ""; k = split(site[$2], s, " ")
	       for (i = 1; i <= k; i++)
		       if (hi(s[i]) == hi($1) && lo(s[i]) >= lo($1) && lo(s[i]) <= lo($1) + 16) want = s[i]
	       if (want == "") want = hi($1) sprintf("%08x", lo($1) + loc[$1])
	       print $1, want }' $HOST/local-entries $TRACEFS/available_filter_functions_addrs "$1"
}

# suite_result SUITE VERDICT NAME: one test of the kernel's own suites,
# for scripts/suites-report.sh (VERDICT: PASS, FAIL or the suite's own)
suite_result() { echo "# suite $1 $2 $3"; }
# SUITES: the livepatch selftests and the programs they need, in the
# guest of a variant with the suites role (scripts/initramfs.sh)
SUITES=/harness/suites

# console_payload CMD...: run CMD, which prints a payload for the host to
# take off the console, with the kernel's messages kept off the console
# meanwhile (they cut its lines: the clocksource watchdog did, llvm under
# TCG); then print the messages logged meanwhile, so that an error among
# them still reaches the console's check (scripts/guest-report.sh)
console_payload() {
	local level last
	level=$(cut -f1 /proc/sys/kernel/printk)
	last=$(dmesg | tail -n 1)
	echo 1 >/proc/sys/kernel/printk
	"$@"
	echo "$level" >/proc/sys/kernel/printk
	dmesg | awk -v last="$last" 'seen; $0 == last { seen = 1 }'
}
