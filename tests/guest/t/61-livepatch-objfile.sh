#!/bin/sh
# Livepatch by NAME@OBJFILE (kallsyms_fixtures/livepatch): the patch
# replaces kfx_dup@kallsyms_fixtures/b/dup.o and no other copy, its sysfs
# entry carries the qualified name, and disabling and unloading restore
# the copy's own code; the same for a real duplicate, type_show of
# kernel/reboot.o.  Atomic replace pairs "kfx_dup" with old_sympos
# and its NAME@OBJFILE spelling as one function; one patch that names
# one function in both spellings, or by two bare names (an alias), is
# refused; a replacing patch's NOP for an alias it patches is dropped,
# also when the module it patches loads during the transition.
# old_sympos 1 is taken as 0, 2 refused.  Malformed, ambiguous
# and wrong qualifiers make the patch refuse to load, with the reason in
# the kernel log, and leave nothing in /sys/kernel/livepatch.
. /harness/lib.sh
RUN=/sys/kernel/debug/kallsyms_fixtures/run
KLP=/sys/kernel/livepatch
B=kallsyms_fixtures/b/dup.o

ko() { find /lib/modules -name "$1.ko" 2>/dev/null | head -n 1; }
if [ ! -d $KLP ] || [ -z "$(ko kfx_livepatch)" ]; then
	skip "livepatch by NAME@OBJFILE (no CONFIG_LIVEPATCH or no kfx_livepatch.ko; arm64 has no livepatch in 6.12)"
	exit 0
fi

# returns KEY: what that fixture copy returns now (from its run log line)
returns() {
	echo "$1" > $RUN
	dmesg | sed -n "s/.*kallsyms_fixtures: $(echo "$1" | sed 's|/|\\/|g') returned //p" | tail -n 1
}
# settled PATCH: wait (up to 60 s) until its transition is over
settled() {
	i=0
	while [ "$(cat $KLP/$1/transition 2>/dev/null)" = 1 ] && [ $i -lt 60 ]; do
		i=$((i + 1))
		sleep 1
	done
	[ "$(cat $KLP/$1/transition 2>/dev/null)" != 1 ]
}
# unpatch PATCH: disable and unload it
unpatch() {
	[ -d $KLP/$1 ] || return 0
	echo 0 > $KLP/$1/enabled
	settled $1
	rmmod $1
}

own_a=$(returns a/dup) own_b=$(returns b/dup) own_d=$(returns dash-dir/dup-obj)
check "the three kfx_dup copies return their own values ($own_a $own_b $own_d)" \
	test -n "$own_a" -a -n "$own_b" -a -n "$own_d" -a "$own_a" != "$own_b"

# one copy, by its object file
if insmod "$(ko kfx_livepatch)" && settled kfx_livepatch; then
	check "kfx_dup@$B patched: b/dup returns the patch's value ($(returns b/dup))" \
		test "$(returns b/dup)" = 0xb0b
	check "the other copies keep their own code ($(returns a/dup) $(returns dash-dir/dup-obj))" \
		test "$(returns a/dup)" = "$own_a" -a "$(returns dash-dir/dup-obj)" = "$own_d"
	check "sysfs entry vmlinux/kfx_dup@kallsyms_fixtures!b!dup.o,1" \
		test -d "$KLP/kfx_livepatch/vmlinux/kfx_dup@kallsyms_fixtures!b!dup.o,1"
	unpatch kfx_livepatch
	check "disabled and unloaded: b/dup returns its own value again ($(returns b/dup))" \
		test "$(returns b/dup)" = "$own_b" -a ! -d $KLP/kfx_livepatch
else
	fail "kfx_livepatch.ko (target kfx_dup@$B) loads and settles"
	dmesg | tail -n 5 | sed 's/^/# /'
	unpatch kfx_livepatch
fi

# atomic replace: "kfx_dup" by position, replaced by its NAME@OBJFILE
pos=$(awk '$4 == "kfx_dup" { n++; if ($6 == "'$B'") print n }' /proc/kallmodsyms)

# one patch naming one function twice, in its two spellings, is refused
if insmod "$(ko kfx_livepatch)" target=kfx_dup sympos=$pos target2="kfx_dup@$B" 2>/dev/null; then
	fail "one patch with kfx_dup,$pos and kfx_dup@$B (one function twice) is refused"
	settled kfx_livepatch
	unpatch kfx_livepatch
else
	check "one patch with kfx_dup,$pos and kfx_dup@$B (one function twice) is refused, and says why" \
		sh -c "dmesg | tail -n 20 | grep -q 'are one function in object'"
	check "after the refusal, nothing is left in $KLP" test ! -d $KLP/kfx_livepatch
fi
# two bare names of one function (an alias) in one patch: refused (6.12
# took it, and its transition then read past the klp_ops: KASAN)
if insmod "$(ko kfx_livepatch)" target=kfx_aliased target2=kfx_aliased_too 2>/dev/null; then
	fail "one patch with kfx_aliased and its alias kfx_aliased_too (one function twice) is refused"
	settled kfx_livepatch
	unpatch kfx_livepatch
else
	check "one patch with kfx_aliased and its alias kfx_aliased_too (one function twice) is refused, and says why" \
		sh -c "dmesg | tail -n 20 | grep -q \"'kfx_aliased,0' and 'kfx_aliased_too,0' are one function\""
fi
# an atomic replace of a patch on kfx_aliased_too by one on kfx_aliased:
# the NOP for kfx_aliased_too is dropped, the upgrade goes through
twins=$(dmesg | grep -c 'are one function')
if insmod "$(ko kfx_livepatch)" target=kfx_aliased_too && settled kfx_livepatch &&
   insmod "$(ko kfx_livepatch2)" target=kfx_aliased replace=1 && settled kfx_livepatch2; then
	check "kfx_aliased (replace) after kfx_aliased_too: loaded, no NOP refused (kfx_livepatch replaced)" \
		sh -c "test \$(dmesg | grep -c 'are one function') = $twins && test ! -d $KLP/kfx_livepatch"
else
	fail "kfx_livepatch (kfx_aliased_too) then kfx_livepatch2 (kfx_aliased, replace) load"
fi
unpatch kfx_livepatch2
unpatch kfx_livepatch
rmmod kfx_livepatch 2>/dev/null
if insmod "$(ko kfx_livepatch)" target=kfx_dup sympos=$pos ret=0x1b01 &&
   settled kfx_livepatch &&
   insmod "$(ko kfx_livepatch2)" target=kfx_dup@b/dup.o replace=1 ret=0x2b01 &&
   settled kfx_livepatch2; then
	check "kfx_dup,$pos replaced by kfx_dup@b/dup.o: b/dup returns the new patch's value ($(returns b/dup))" \
		test "$(returns b/dup)" = 0x2b01
	check "no NOP for the same function: one function in the replacing patch" \
		test "$(ls $KLP/kfx_livepatch2/vmlinux | grep -c '^kfx_dup')" = 1
	unpatch kfx_livepatch2
	[ ! -d /sys/module/kfx_livepatch ] || rmmod kfx_livepatch
	check "after both patches, b/dup returns its own value ($(returns b/dup))" \
		test "$(returns b/dup)" = "$own_b"
else
	fail "kfx_livepatch (kfx_dup,$pos) then kfx_livepatch2 (kfx_dup@b/dup.o, replace) load"
	dmesg | tail -n 5 | sed 's/^/# /'
	unpatch kfx_livepatch2
	unpatch kfx_livepatch
	[ ! -d /sys/module/kfx_livepatch ] || rmmod kfx_livepatch
fi

# a module loaded while a replacing patch's transition is held open:
# kfx_mod_dup by position in kfx_livepatch, then by object file in
# kfx_livepatch2 (replace, and kfx_hold to hold the transition), before
# kfx_mod loads.  The NOP for the first spelling is dropped when the
# module comes, not refused as the same function twice.
MOD=kallsyms_fixtures/mod MODRUN=/sys/kernel/debug/kallsyms_fixtures_mod/run
HOLD=/sys/kernel/debug/kallsyms_fixtures/hold
modreturns() {
	echo "$1" > $MODRUN
	dmesg | sed -n "s/.*$1 returned //p" | tail -n 1
}
if [ -n "$(ko kfx_mod)" ] && [ -w $HOLD ]; then
	rmmod kfx_mod 2>/dev/null
	insmod "$(ko kfx_mod)"
	mpos=$(awk '$4 == "kfx_mod_dup" && $5 == "[kfx_mod]" { n++; if ($6 == "'$MOD/kfx_mod_other.o'") print n }' /proc/kallmodsyms)
	own_main=$(modreturns main)
	rmmod kfx_mod
	(echo 1 > $HOLD) &
	holder=$!
	sleep 1
	if insmod "$(ko kfx_livepatch)" objname=kfx_mod target=kfx_mod_dup sympos=$mpos ret=0x1c01 &&
	   settled kfx_livepatch &&
	   insmod "$(ko kfx_livepatch2)" objname=kfx_mod target=kfx_mod_dup@$MOD/kfx_mod_other.o replace=1 hold=1 ret=0x2c01; then
		check "kfx_livepatch2's transition is held open" \
			test "$(cat $KLP/kfx_livepatch2/transition)" = 1
		check "kfx_mod loads during it (the NOP for kfx_mod_dup,$mpos is dropped, not refused)" \
			insmod "$(ko kfx_mod)"
		echo 0 > $HOLD
		wait $holder
		settled kfx_livepatch2
		check "kfx_mod_dup of kfx_mod_other.o returns the new patch's value ($(modreturns other))" \
			test "$(modreturns other)" = 0x2c01
		check "kfx_mod_dup of kfx_mod_main.o keeps its own code ($(modreturns main))" \
			test "$(modreturns main)" = "$own_main"
		check "one kfx_mod_dup function in kfx_livepatch2/kfx_mod" \
			test "$(ls $KLP/kfx_livepatch2/kfx_mod 2>/dev/null | grep -c '^kfx_mod_dup')" = 1
	else
		fail "kfx_livepatch (kfx_mod_dup,$mpos) then kfx_livepatch2 (kfx_mod_dup@kfx_mod_other.o, replace, hold) load"
		dmesg | tail -n 5 | sed 's/^/# /'
	fi
	echo 0 > $HOLD
	wait $holder 2>/dev/null
	unpatch kfx_livepatch2
	unpatch kfx_livepatch
	[ ! -d /sys/module/kfx_livepatch ] || rmmod kfx_livepatch
	rmmod kfx_mod 2>/dev/null
else
	skip "a module loaded during a held atomic-replace transition (no kfx_mod.ko)"
fi

# a real duplicated kernel function: type_show@kernel/reboot.o (the test
# kernel has seven type_show) behind /sys/kernel/reboot/type; the
# type_show of kernel/events/core.o keeps serving the PMU's "type"
RT=/sys/kernel/reboot/type PMU=/sys/bus/event_source/devices/software/type
if [ -r $RT ] && [ -r $PMU ] && grep -q ' type_show kernel/reboot.o$' $HOST/dup-text-objects; then
	own_rt=$(cat $RT) own_pmu=$(cat $PMU)
	if insmod "$(ko kfx_livepatch)" target=type_show@kernel/reboot.o show=1 &&
	   settled kfx_livepatch; then
		check "type_show@kernel/reboot.o patched: $RT reads '$(cat $RT)'" \
			test "$(cat $RT)" = "patched by kfx_livepatch"
		check "the type_show of kernel/events/core.o is untouched: $PMU reads '$(cat $PMU)'" \
			test "$(cat $PMU)" = "$own_pmu"
		unpatch kfx_livepatch
		check "unpatched: $RT reads '$(cat $RT)' again" test "$(cat $RT)" = "$own_rt"
	else
		fail "kfx_livepatch.ko (target type_show@kernel/reboot.o) loads and settles"
		unpatch kfx_livepatch
	fi
else
	skip "livepatch of type_show@kernel/reboot.o (not in this kernel)"
fi

# refused targets: the reason in the log, nothing left behind
long=$(head -c 600 /dev/zero | tr '\0' 'o')
for t in "kfx_dup@dup.o:several object files" \
	 "kfx_dup@nonexistent.o:no object file matches" \
	 "kfx_dup@kallsyms_fixtures/trio/one.o:has no such symbol" \
	 "kfx_dup@:not NAME@OBJFILE" "@$B:not NAME@OBJFILE" \
	 "kfx_dup@a/dup.o@b/dup.o:not NAME@OBJFILE" \
	 "kfx_dup@$B,1:no object file matches"; do
	target=${t%%:*} why=${t#*:}
	show=$(echo "$target" | cut -c1-50)
	dmesg -c > /dev/null
	if insmod "$(ko kfx_livepatch)" target="$target" 2>/dev/null; then
		fail "target $show refused"
		unpatch kfx_livepatch
		continue
	fi
	check "target $show refused: '$why' logged" sh -c "dmesg | grep -q '$why'"
done
if insmod "$(ko kfx_livepatch)" target="kfx_dup@$long.o" 2>/dev/null; then
	fail "a 610-character target refused"
	unpatch kfx_livepatch
else
	ok "a 610-character target refused (longer than a symbol name)"
fi
# old_sympos: 0 or 1, as for a unique name (the sysfs entry says ",1")
if insmod "$(ko kfx_livepatch)" sympos=1 && settled kfx_livepatch; then
	check "kfx_dup@$B with old_sympos 1 patches it ($(returns b/dup))" \
		test "$(returns b/dup)" = 0xb0b
else
	fail "kfx_dup@$B with old_sympos 1 loads, as with 0"
fi
unpatch kfx_livepatch
dmesg -c > /dev/null
if insmod "$(ko kfx_livepatch)" sympos=2 2>/dev/null; then
	fail "kfx_dup@$B with old_sympos 2 refused"
	unpatch kfx_livepatch
else
	check "kfx_dup@$B with old_sympos 2 refused: reason logged" \
		sh -c "dmesg | grep -q 'its old_sympos is 0 or 1'"
fi
check "nothing left in $KLP after the refusals" test -z "$(ls $KLP)"
check "b/dup still returns its own value ($(returns b/dup))" test "$(returns b/dup)" = "$own_b"
