#!/bin/sh
# An external module (tests/guest/extmod, built with M=) names its
# objects from its own directory: core.o and 9x/digit.o.
# - What a qualifier names in vmlinux never depends on what else is
#   loaded: kfx_call@core.o is the end of vmlinux's
#   kallsyms_fixtures/core.o and names its kfx_call before kfx_ext, whose
#   core.o is a whole path in its own table, is loaded, while it is
#   loaded, and after.
# - In kfx_ext, core.o is its own object's whole path.
# - NAME@OBJFILE without MOD: names a module's function as a bare NAME
#   does (kfx_ext_core@core.o), and a function that vmlinux and the module
#   both have in such an object (kfx_run_show@core.o) is not unique
#   while the module is loaded, as in BPF multi-kprobes, and as a bare
#   name of vmlinux and a module is in 6.12's kprobes.
# - An OBJFILE glob that starts with a digit is a glob: '*@9x/*' in
#   set_ftrace_filter selects kfx_ext_digit of 9x/digit.o.
# - A BPF multi-kprobe takes MOD:NAME@OBJFILE, for the module's
#   kfx_run_show@core.o, which has no other spelling while loaded.
. /harness/lib.sh
KO=/harness/kfx_ext.ko
FILTER=$TRACEFS/set_ftrace_filter

if [ ! -f $KO ]; then
	skip "external module (no $KO in this guest)"
	exit 0
fi
# probes SPEC: kprobe_events takes SPEC
probes() {
	kprobe_reset
	echo "$1" >> $TRACEFS/kprobe_events 2>/dev/null
	r=$?
	[ $r = 0 ] || sed 's/^/# /' $TRACEFS/error_log
	kprobe_reset
	return $r
}
check "kfx_call@core.o is probed before kfx_ext is loaded" probes 'p:ext kfx_call@core.o'
check "kfx_run_show@core.o is probed before kfx_ext is loaded" probes 'p:ext kfx_run_show@core.o'
if ! insmod $KO; then
	fail "kfx_ext loads"
	exit 0
fi
check "kfx_ext names its objects core.o and 9x/digit.o in /proc/kallmodsyms" \
	sh -c "grep -q ' kfx_ext_core \[kfx_ext\] core.o\$' /proc/kallmodsyms &&
	       grep -q ' kfx_ext_digit \[kfx_ext\] 9x/digit.o\$' /proc/kallmodsyms"
check "kfx_call@core.o is probed while kfx_ext (with a core.o) is loaded" probes 'p:ext kfx_call@core.o'
check "kfx_ext:kfx_ext_core@core.o is probed" probes 'p:ext kfx_ext:kfx_ext_core@core.o'
check "kfx_ext_core@core.o (no MOD:) is probed, as the bare kfx_ext_core is" \
	probes 'p:ext kfx_ext_core@core.o'
kprobe_reset
r=$({ echo 'p:ext kfx_run_show@core.o' >> $TRACEFS/kprobe_events; } 2>&1 | sed 's/.*: //')
check "kfx_run_show@core.o (vmlinux and kfx_ext) is not unique while kfx_ext is loaded ($r)" \
	test "$r" = "Name not unique on network"
kprobe_reset
# BPF multi-kprobes: MOD: names the module's copy, which has no other
# spelling while vmlinux has the same NAME in a path that ends in core.o
want=$(awk '$4 == "kfx_run_show" && $5 == "[kfx_ext]" { sub(/^0+/, "", $1); print "0x" $1 }' /proc/kallmodsyms)
out=$(/harness/bin/kmulti /dev/null kfx_ext:kfx_run_show@core.o 2>&1)
if echo "$out" | grep -q 'Operation not supported'; then
	skip "kprobe_multi kfx_ext:kfx_run_show@core.o (no BPF multi-kprobes here)"
else
	got=$(echo "$out" | awk '$1 == "addr" { print $2 }')
	check "kprobe_multi kfx_ext:kfx_run_show@core.o attaches at the module's copy ($want; link: $got)" \
		test -n "$want" -a "$got" = "$want"
fi
if echo '*@9x/*' > $FILTER 2>/dev/null && [ "$(grep -v '^#' $FILTER | cut -d' ' -f1)" = kfx_ext_digit ]; then
	ok "'*@9x/*' in set_ftrace_filter is a glob: it selects kfx_ext_digit"
else
	grep -v '^#' $FILTER | head -n 3 | sed 's/^/# /'
	fail "'*@9x/*' in set_ftrace_filter is a glob: it selects kfx_ext_digit"
fi
echo > $FILTER
rmmod kfx_ext
check "kfx_call@core.o is probed after kfx_ext is unloaded" probes 'p:ext kfx_call@core.o'
check "kfx_run_show@core.o is vmlinux's again after kfx_ext is unloaded" probes 'p:ext kfx_run_show@core.o'
