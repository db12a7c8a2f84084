#!/bin/sh
# The series' own ftrace selftests (and the existing ones they touch),
# run by the kernel's ftracetest; each [PASS]/[FAIL] becomes a result.
. /harness/lib.sh
# a guest with the suites role runs them in the whole suite (41), whose
# new tests must all pass (scripts/suites-report.sh)
[ ! -d $SUITES ] || { skip "the series' ftrace selftests alone (41-suite-ftracetest.sh runs the whole suite here)"; exit 0; }
cd /harness/ftrace || { fail "ftrace selftests present"; exit 0; }
kprobe_reset
tests="kprobe/kprobe_objfile.tc kprobe/kprobe_objfile_syntax_errors.tc
	kprobe/kprobe_objfile_long.tc kprobe/kprobe_objfile_btfarg.tc
	kprobe/kprobe_objfile_whole_path.tc ftrace/func-filter-objfile-whole-path.tc
	kprobe/kprobe_non_uniq_symbol.tc kprobe/kprobe_syntax_errors.tc
	kprobe/add_and_remove.tc ftrace/func-filter-objfile.tc
	ftrace/func-filter-glob.tc ftrace/func-probe-objfile.tc
	ftrace/func-filter-objfile-readback.tc ftrace/func-sym-objfile.tc
	ftrace/func_traceonoff_triggers.tc ftrace/fgraph-filter-enomem.tc
	ftrace/func-filter-index-enomem.tc
	dynevent/add_remove_fprobe_enomem.tc
	dynevent/add_remove_fprobe_objfile.tc
	dynevent/add_remove_fprobe_objfile_long.tc dynevent/add_remove_fprobe.tc"
set --
for t in $tests; do set -- "$@" test.d/$t; done
./ftracetest -v -l /tmp/ftracetest-logs "$@" >/tmp/ftracetest.out 2>&1
sed -n 's/^\[[0-9]*\] \(.*\)[[:space:]]\[\([A-Z]*\)\]$/\2 \1/p' /tmp/ftracetest.out |
while read -r verdict what; do
	case $verdict in
	PASS) ok "ftracetest: $what" ;;
	UNSUPPORTED|UNTESTED) skip "ftracetest: $what ($verdict)" ;;
	*) fail "ftracetest: $what ($verdict)" ;;
	esac
done
# the verbose log of each failure, for the console
grep -q '\[FAIL\]' /tmp/ftracetest.out && sed 's/^/# /' /tmp/ftracetest.out | tail -40
# a test flagged "instance" runs once more, in an instance
runs=$(($(echo $tests | wc -w) + $(cd test.d && grep -l '^# flags:.*instance' $tests | wc -l)))
check "ftracetest ran $(echo $tests | wc -w) tests, $runs runs" \
	test "$(grep -c '^\[[0-9]*\]' /tmp/ftracetest.out)" -eq "$runs"
kprobe_reset
