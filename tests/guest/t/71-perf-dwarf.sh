#!/bin/sh
# perf probe by debuginfo on the running kernel, where the guest has some
# (the btf variant: the host's perf built with libdw, make perf-dwarf, and
# the vmlinux with its DWARF): a probe on a line of FUNC@OBJFILE.o fires
# for that copy alone, as one on FUNC@SRC.c:LINE does (the end of an
# object's path names one copy, as the kernel takes it, or is refused),
# and perf probe -l names it by its source and line.
# tests/host/variant/perf-dwarf.sh reads the same debuginfo offline, a
# line pattern too (which needs the sources, not in the guest).
. /harness/lib.sh
OBJ=kallsyms_fixtures
V=$HOST/vmlinux-dwarf

if [ ! -x /bin/perf-dwarf ] || [ ! -r $V ]; then
	skip "perf probe by debuginfo (no perf with DWARF or no vmlinux with DWARF here)"
	exit 0
fi
PERF_PROBE="perf-dwarf probe -k $V"
kfx_calls_script

# a line has one or more probe points: each of b/dup's fires twice
r=$(perf_fired "kfx_dup@$OBJ/b/dup.o:2")
check "perf probe kfx_dup@$OBJ/b/dup.o:2 (debuginfo) fires for b/dup alone ($r)" \
	sh -c 'echo "$1" | grep -Eq "^2( 2)*\$"' - "$r"
r=$(perf_fired "kfx_dup@$OBJ/a/dup.o:2")
check "perf probe kfx_dup@$OBJ/a/dup.o:2 (debuginfo) fires for a/dup alone ($r)" \
	sh -c 'echo "$1" | grep -Eq "^1( 1)*\$"' - "$r"
# the object as the kernel takes it: the end of a path names one copy,
# or is refused, whatever debuginfo's match of source names would take
r=$(perf_fired "kfx_dup@dup-obj.o:2")
check "perf probe kfx_dup@dup-obj.o:2 (debuginfo) fires for dash-dir/dup-obj alone ($r)" \
	sh -c 'echo "$1" | grep -Eq "^4( 4)*\$"' - "$r"
r=$(perf_fired "kfx_dup@dup.o:2")
check "perf probe kfx_dup@dup.o:2 (debuginfo; a/dup.o and b/dup.o) is refused ($r)" \
	test "$r" = refused
r=$(perf_fired "kfx_dup@$OBJ/b/dup.c:2")
check "perf probe kfx_dup@$OBJ/b/dup.c:2 (debuginfo, as in 6.12) fires for b/dup alone ($r)" \
	sh -c 'echo "$1" | grep -Eq "^2( 2)*\$"' - "$r"

# listed by source and line
$PERF_PROBE -q -d 'probe:*' 2>/dev/null
$PERF_PROBE -q -a "kfx_dup@$OBJ/b/dup.o:2" 2>/dev/null
r=$($PERF_PROBE -l 2>&1 | sed -n 's/.*(on \([^ )]*\).*/\1/p' | sort -u | tr '\n' ' ' | sed 's/ $//')
$PERF_PROBE -q -d 'probe:*' 2>/dev/null
check "perf probe -l (debuginfo) names the probe by b/dup.c and its line ($r)" \
	sh -c 'case "$1" in *kfx_dup*"b/dup.c"*) ;; *) exit 1 ;; esac' - "$r"
