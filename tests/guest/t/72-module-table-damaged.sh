#!/bin/sh
# The module loader checks a module's .kallsyms_objfiles before it uses
# it: a table damaged in any way (bad header, sizes that do not add up,
# fewer names than objects, an empty object path or one longer than
# kallsyms returns, a range out of its section or naming no object) is
# ignored with a warning that says why, and the module loads and unloads
# as usual with "-" for its object files.  A table that claims a million
# objects is refused by its sizes, and one of half a million costs its
# megabytes quietly (the console check fails on a WARNING).  A section
# index a strip may have changed is found again by the section's name.
. /harness/lib.sh
DIR=/harness/bad-modules
if [ ! -r $DIR/reasons ]; then
	skip "damaged module tables (no $DIR: module or table not built)"
	exit 0
fi
! grep -q '^kfx_mod ' /proc/modules || rmmod kfx_mod
while read -r name why; do
	dmesg -c > /dev/null
	if ! insmod $DIR/$name.ko; then
		fail "kfx_mod with a damaged table ($name) loads"
		continue
	fi
	objs=$(awk '$5 == "[kfx_mod]" { print $6 }' /proc/kallmodsyms | sort -u | tr '\n' ' ')
	warned=$(dmesg | grep -o 'kfx_mod: .kallsyms_objfiles: .*' | head -n 1)
	if [ "$why" = - ]; then
		check "kfx_mod with a wrong section index ($name) loads, its objects found by name ($objs)" \
			sh -c "[ -z '$warned' ] && echo '$objs' | grep -q 'kallsyms_fixtures/mod/kfx_mod_main.o'"
	else
		check "kfx_mod with a damaged table ($name) loads, warns '$why' ($warned), objects '-' ($objs)" \
			sh -c "echo '$warned' | grep -q ': $why, ignored' && [ '$objs' = '- ' ]"
	fi
	rmmod kfx_mod || fail "kfx_mod with a damaged table ($name) unloads"
done < $DIR/reasons
