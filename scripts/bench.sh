#!/usr/bin/env bash
# What CONFIG_KALLSYMS_OBJFILES costs on a defconfig + KALLSYMS_ALL.
# Builds vmlinux twice out of tree (build/obj-bench-off-LAYOUT,
# build/obj-bench-on-LAYOUT), then reports the sizes of the kallsyms
# tables with the option, the growth of .rodata, and the time of the link
# stage and of scripts/kallsyms with and without it, and what each pass
# adds by its parts (the map ld writes, scripts/objranges, scripts/kallsyms'
# extra work).  The table goes to stdout and build/bench-objfiles-LAYOUT.txt.
# The builds are of a snapshot of build/linux (build/bench-src, without
# .git), so the tree can be edited and rebuilt while this runs (an hour).
# Slow the first time (two defconfig builds); a re-run rebuilds nothing if
# both vmlinux are newer than the tree's HEAD and the configs are unchanged.
# BENCH_LAYOUT picks the architecture and link layout: a variant with a
# bench defconfig in configs/variants, whose toolchain, layout column and
# config fragment (configs/variant-LAYOUT.config) the defconfig takes.
# Unset, every such variant of the architecture lib.sh selects (ARCH=...).
# BENCH_MODULES=n leaves the modules out (neither built nor timed): a
# defconfig's modules take as long again to compile as its vmlinux.
# Environment: BENCH_LAYOUT, BENCH_LINK_REPS (3), BENCH_KALLSYMS_REPS (5),
# BENCH_MODULES (y).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# Everything runs niced: interactive builds on the machine stay responsive.
if [ -z "${BENCH_NICED:-}" ]; then
	export BENCH_NICED=1
	exec nice -n 10 "${BASH_SOURCE[0]}" "$@"
fi

# the variants with a bench defconfig: all, or the architecture's
bench_layouts() {
	local v
	for v in $VARIANTS; do
		[ "$(variant_col "$v" $COL_BENCH)" = - ] || echo "$v"
	done
}

# no layout given: each of the architecture's, one run apiece
if [ -z "${BENCH_LAYOUT:-}" ]; then
	for layout in $(bench_layouts); do BENCH_LAYOUT=$layout "${BASH_SOURCE[0]}" "$@" || exit; done
	exit 0
fi

LINUX=$TREE
SNAPSHOT=$BUILD/bench-src
LAYOUT=$BENCH_LAYOUT
case $(variant_col "$LAYOUT" $COL_BENCH) in
"" | -) die "BENCH_LAYOUT=$LAYOUT: a variant with a bench defconfig (configs/variants)" ;;
esac
# the layout's variant: its toolchain and config fragment (lib.sh)
VARIANT=$LAYOUT
ARCH= . "$TOP/scripts/lib.sh"
SUFFIX=-$LAYOUT DEFCONFIG=$BENCH_DEFCONFIG
export NM=${CROSS_COMPILE}nm READELF=${CROSS_COMPILE}readelf SIZE=${CROSS_COMPILE}size
OFF=$BUILD/obj-bench-off$SUFFIX
ON=$BUILD/obj-bench-on$SUFFIX
REPORT=$(bench_report "$LAYOUT")
LINK_REPS=${BENCH_LINK_REPS:-3}
KALLSYMS_REPS=${BENCH_KALLSYMS_REPS:-5}
MODULES=${BENCH_MODULES:-y}
case $MODULES in y | n) ;; *) die "BENCH_MODULES=$MODULES: y or n" ;; esac
ROWS=$(mktemp)
trap 'rm -f "$ROWS"' EXIT

[ -e "$TREE/.git" ] || die "no kernel tree: run 'make tree'"

# Report rows: tab-separated "section", "measure / value / note".
section() { printf '#\t%s\n' "$*" >>"$ROWS"; }
row() { printf '%s\t%s\t%s\n' "$1" "$2" "${3:-}" >>"$ROWS"; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }	# seconds from A to B

# HEAD of the tree, from its reflog ("OLD NEW WHO <MAIL> TIME TZ<tab>MSG"):
# no git process runs in build/linux, which may be busy.  The reflog time
# is when HEAD last moved, never earlier than the HEAD commit's own time.
head_field() {
	local log=$LINUX/.git/logs/HEAD
	[ -s "$log" ] || return 0
	case $1 in
	commit) tail -n 1 "$log" | cut -d' ' -f2 ;;
	time) tail -n 1 "$log" | sed -n 's/^[0-9a-f]* [0-9a-f]* .*> \([0-9]*\) [-+][0-9]*\t.*/\1/p' ;;
	esac
}

is_enabled() { grep -q "^$2=y" "$1/include/config/auto.conf"; }

# The .tmp_vmlinuxN.kallsyms.S of the last link in OBJ (N >= 1, not older
# than that link's .tmp_vmlinux0.kallsyms.S: an earlier link may have made
# one more pass and left its files behind).
kallsyms_sources() {
	local obj=$1 f
	for f in "$obj"/.tmp_vmlinux[1-9]*.kallsyms.S; do
		if [ -e "$f" ] && ! [ "$f" -ot "$obj/.tmp_vmlinux0.kallsyms.S" ]; then
			echo "$f"
		fi
	done | sort -V
}

# Copy build/linux's work tree (committed or not) to $SNAPSHOT.  Only files
# whose contents differ are written, and they get the current time, so
# make sees exactly them as changed.  kbuild then builds the snapshot.
snapshot() {
	step "snapshotting ${LINUX#$TOP/} (HEAD $(head_field commit | cut -c1-12)) into ${SNAPSHOT#$TOP/}"
	mkdir -p "$SNAPSHOT"
	rsync -rl --checksum --delete --exclude=/.git "$LINUX/" "$SNAPSHOT/"
	head_field commit >"$SNAPSHOT/.bench-head"
	TREE=$SNAPSHOT
}

configure_and_build() {
	local obj=$1 objfiles=$2 frag=$1/bench.config changed=1 t
	step "configuring ${obj#$TOP/}: $DEFCONFIG + KALLSYMS_ALL=y, KALLSYMS_OBJFILES=$objfiles, layout $LAYOUT"
	mkdir -p "$obj"
	{
		echo CONFIG_KALLSYMS=y
		echo CONFIG_KALLSYMS_ALL=y
		if [ "$objfiles" = y ]; then
			echo CONFIG_KALLSYMS_OBJFILES=y
		else
			echo "# CONFIG_KALLSYMS_OBJFILES is not set"
		fi
		cat "$VARIANT_CONFIG"
	} >"$frag"
	kconfig_generate "$obj" "$obj/.config.bench" "$DEFCONFIG" "$frag"
	if cmp -s "$obj/.config.bench" "$obj/.config"; then
		changed=0
	else
		cp "$obj/.config.bench" "$obj/.config"
	fi
	t=$(head_field time)
	if [ $changed = 0 ] && [ -n "$t" ] && [ -f "$obj/vmlinux" ] &&
	   [ "$(stat -c %Y "$obj/vmlinux")" -gt "$t" ]; then
		step "${obj#$TOP/}/vmlinux is newer than the tree's HEAD and the config is unchanged: build skipped"
		return 0
	fi
	step "building ${obj#$TOP/}/vmlinux (${TOOLCHAIN[*]}, -j$(nproc); log: ${obj#$TOP/}/bench-build.log)"
	t=$(date +%s)
	if ! kbuild "$obj" vmlinux >"$obj/bench-build.log" 2>&1; then
		tail -n 40 "$obj/bench-build.log" >&2
		die "building ${obj#$TOP/}/vmlinux failed (whole log: ${obj#$TOP/}/bench-build.log)"
	fi
	step "built ${obj#$TOP/}/vmlinux in $(($(date +%s) - t)) s"
	[ "$MODULES" = n ] || build_modules "$obj"
}

# make modules once, timed (the first time: compiling them); the time
# goes to OBJ/bench-modules-build.time for time_modules.
build_modules() {
	local obj=$1 t
	[ -f "$obj/bench-modules-build.time" ] && [ -f "$obj/modules.order" ] && return 0
	step "building the modules of ${obj#$TOP/} (log: ${obj#$TOP/}/bench-modules.log)"
	t=$(timed "$obj/bench-modules.log" kbuild "$obj" modules) || {
		tail -n 40 "$obj/bench-modules.log" >&2
		die "building the modules of ${obj#$TOP/} failed"
	}
	echo "$t" >"$obj/bench-modules-build.time"
}

# Kbuild's lines of a relink that do not belong to the link stage (the
# commands of link-vmlinux.sh, the utsversion.h it depends on, x86's and
# powerpc's postlink passes, and the steps every make prints without
# rebuilding).
foreign_rebuilds() {
	grep -E '^  [A-Z0-9_]+ ' "$1" | grep -vE \
		-e '^  (LD|KSYMS|OBJRNG|AS|NM|SORTTAB) +(\.tmp_vmlinux|vmlinux$|System\.map$)' \
		-e '^  CC +init/version-timestamp\.o$' \
		-e '^  (RELOCS +arch/x86/boot/compressed/vmlinux\.relocs|RSTRIP +vmlinux)$' \
		-e '^  (CHKHEAD|CHKREL) +vmlinux$' \
		-e '^  UPD +include/generated/utsversion\.h$' \
		-e '^  (CALL|DESCEND|INSTALL) |^  GEN +Makefile$' || true
}

# timed LOG COMMAND...: run COMMAND, its output in LOG; print its wall
# time (date +%s.%N around it) and its CPU time (user + system, children
# included): on a busy machine the CPU time is the steadier of the two.
timed() {
	local log=$1 TIMEFORMAT='%U %S' t0 t1 cpu
	shift
	t0=$(date +%s.%N)
	cpu=$( { time "$@" >"$log" 2>&1; } 2>&1) || return
	t1=$(date +%s.%N)
	echo "$(elapsed "$t0" "$t1") $(awk '{ printf "%.3f", $1 + $2 }' <<<"$cpu")"
}

# One relink: rm vmlinux, make vmlinux.  Prints the wall and CPU times and
# the span of the link command alone (link-vmlinux.sh and x86's postlink):
# from the first file link-vmlinux.sh writes to the .vmlinux.cmd that
# Makefile.vmlinux writes when the command is done.
relink() {
	local obj=$1 log=$2 t other
	rm -f "$obj/vmlinux"
	t=$(timed "$log" kbuild "$obj" vmlinux) || {
		tail -n 40 "$log" >&2
		die "relinking ${obj#$TOP/}/vmlinux failed (log: ${log#$TOP/})"
	}
	other=$(foreign_rebuilds "$log")
	[ -z "$other" ] || {
		printf '%s\n' "$other" >&2
		die "relinking ${obj#$TOP/} rebuilt more than the link stage (above; log: ${log#$TOP/})"
	}
	echo "$t $(elapsed "$(stat -c %.9Y "$obj/.tmp_vmlinux.kallsyms0.syms")" "$(stat -c %.9Y "$obj/.vmlinux.cmd")")"
}

# values_of V MEASURE: MEASURE over the $N repetitions of variant V (the
# caller's associative array MEASURE, keys "V,1".."V,N"), one a line;
# median_of and minimum_of: their median and smallest; medians V MEASURE
# TITLE: the median as a row, with the single runs.
values_of() {
	local -n m=$2
	local r
	for r in $(seq "$N"); do echo "${m[$1,$r]}"; done
}
median_of() {
	local vals
	mapfile -t vals < <(values_of "$1" "$2")
	median "${vals[@]}"
}
minimum_of() { values_of "$1" "$2" | sort -g | head -n 1; }
medians() {
	local vals
	mapfile -t vals < <(values_of "$1" "$2")
	row "$3" "$(median "${vals[@]}")" "runs: ${vals[*]}"
}

# alternately DIR LOG OFF ON: the shell commands OFF and ON in DIR by
# turns, $N times each, timed into the caller's wall and cpu arrays (keys
# "off,I" and "on,I"), their output in DIR/LOG; false if a run fails.
# Taking turns spreads the machine's changes of pace over both.
alternately() {
	local dir=$1 log=$2 i v
	local -A cmd=([off]=$3 [on]=$4)
	for i in $(seq "$N"); do
		for v in off on; do
			read -r "wall[$v,$i]" "cpu[$v,$i]" < <(cd "$dir" && timed "$log" sh -c "${cmd[$v]}")
			[ -n "${wall[$v,$i]}" ] || return 1
		done
	done
}

time_link() {
	local v obj r t N=$LINK_REPS
	local -A wall=() cpu=() script=()
	step "bringing both builds up to date (make vmlinux) and timing a no-op make"
	for v in off on; do
		obj=$BUILD/obj-bench-$v$SUFFIX
		kbuild "$obj" vmlinux >"$obj/bench-warm.log" 2>&1 ||
			{ tail -n 40 "$obj/bench-warm.log" >&2; die "make vmlinux in ${obj#$TOP/} failed"; }
		read -r t _ < <(timed "$obj/bench-noop.log" kbuild "$obj" vmlinux)
		row "no-op 'make vmlinux' ${v^^} (s)" "$t" "the tree walk every relink below includes"
		if grep -qE '^  (LD|CC|AR|AS) ' "$obj/bench-noop.log"; then
			row "warning" "no-op make of ${v^^} rebuilt something" "see ${obj#$TOP/}/bench-noop.log"
		fi
		# One untimed relink with V=1, where link-vmlinux.sh traces its
		# commands (set -x): time_kallsyms takes the options from there.
		step "untimed relink of ${obj#$TOP/} with V=1 (records the scripts/kallsyms command)"
		rm -f "$obj/vmlinux"
		kbuild "$obj" V=1 vmlinux >"$obj/bench-trace.log" 2>&1 ||
			{ tail -n 40 "$obj/bench-trace.log" >&2; die "relinking ${obj#$TOP/} failed"; }
	done
	for r in $(seq "$N"); do
		for v in off on; do
			obj=$BUILD/obj-bench-$v$SUFFIX
			step "link stage ${v^^}, repetition $r/$N: rm vmlinux; make vmlinux"
			t=$(relink "$obj" "$obj/bench-relink-$r.log")
			read -r "wall[$v,$r]" "cpu[$v,$r]" "script[$v,$r]" <<<"$t"
			echo "    wall ${wall[$v,$r]} s, CPU ${cpu[$v,$r]} s, link command ${script[$v,$r]} s"
		done
	done
	for v in off on; do
		medians $v wall "rm vmlinux; make vmlinux ${v^^}: wall, median (s)"
		medians $v cpu "  CPU (user+sys), median (s)"
		medians $v script "  link command alone: wall, median (s)"
	done
	row "ON/OFF relink wall" "$(ratio "$(median_of on wall)" "$(median_of off wall)")" "of the medians"
	row "ON/OFF relink CPU" "$(ratio "$(median_of on cpu)" "$(median_of off cpu)")"
	row "ON/OFF link command wall" "$(ratio "$(median_of on script)" "$(median_of off script)")" \
		"link-vmlinux.sh + postlink, without make's tree walk"
	LINK_OFF_MEDIAN=$(median_of off script)
	for v in off on; do
		row "link passes ${v^^} (.tmp_vmlinuxN.kallsyms.S, N>=1)" \
			"$(kallsyms_sources "$BUILD/obj-bench-$v$SUFFIX" | wc -l)" "and then the final link of vmlinux"
	done
}

# kallsyms_options OBJ N: the options link-vmlinux.sh gave scripts/kallsyms
# for .tmp_vmlinuxN.syms in OBJ, from the set -x trace of a V=1 relink.
kallsyms_options() {
	sed -n "s/^+ scripts\/kallsyms \(.*\) \.tmp_vmlinux$2\.syms\$/\1/p" "$1/bench-trace.log" | tail -n 1
}

# kallsyms_in OBJ N OPTION...: scripts/kallsyms of OBJ on its .tmp_vmlinuxN.syms
kallsyms_in() {
	local obj=$1 n=$2
	shift 2
	(cd "$obj" && scripts/kallsyms "$@" ".tmp_vmlinux$n.syms")
}

# time_kallsyms N: scripts/kallsyms of the ON build alone, on its
# .tmp_vmlinuxN.syms, with the options link-vmlinux.sh gives it in the OFF
# and in the ON build (each pass reads the account of its link); what ON
# adds, in KALLSYMS_EXTRA.
time_kallsyms() {
	local v n=$1 out=$ON/.bench-kallsyms.S N=$KALLSYMS_REPS
	local syms=.tmp_vmlinux$n.syms made=.tmp_vmlinux$n.kallsyms.S
	local -a aoff aon
	local -A wall=() cpu=()
	read -ra aoff <<<"$(kallsyms_options "$OFF" "$n")"
	read -ra aon <<<"$(kallsyms_options "$ON" "$n")"
	[ ${#aoff[@]} -gt 0 ] && [ ${#aon[@]} -gt 0 ] ||
		die "no scripts/kallsyms ... $syms in the V=1 traces (bench-trace.log)"
	step "timing scripts/kallsyms on $syms of ${ON#$TOP/}, $N times each"
	row "options OFF" "" "${aoff[*]}"
	row "options ON" "" "${aon[*]}"
	# Both option sets, each in its own build, remake what its link made.
	kallsyms_in "$OFF" "$n" "${aoff[@]}" >"$OFF/.bench-kallsyms.S"
	cmp -s "$OFF/.bench-kallsyms.S" "$OFF/$made" &&
		row "  OFF options remake OFF's $made" "yes" ||
		row "  OFF options remake OFF's $made" "NO" "(ODD: not link-vmlinux.sh's options?)"
	rm -f "$OFF/.bench-kallsyms.S"
	kallsyms_in "$ON" "$n" "${aon[@]}" >"$out"
	cmp -s "$out" "$ON/$made" &&
		row "  ON options remake ON's $made" "yes" ||
		row "  ON options remake ON's $made" "NO" "(ODD: not link-vmlinux.sh's options?)"
	alternately "$ON" "$out" "scripts/kallsyms $(printf '%q ' "${aoff[@]}")$syms" \
		"scripts/kallsyms $(printf '%q ' "${aon[@]}")$syms" ||
		die "scripts/kallsyms failed (output: ${out#$TOP/})"
	rm -f "$out"
	for v in off on; do
		medians $v wall "scripts/kallsyms, ${v^^} options: wall, median (s)"
		medians $v cpu "  CPU (user+sys), median (s)"
	done
	row "ON/OFF scripts/kallsyms wall" "$(ratio "$(median_of on wall)" "$(median_of off wall)")" "of the medians"
	row "ON/OFF scripts/kallsyms CPU" "$(ratio "$(median_of on cpu)" "$(median_of off cpu)")"
	KALLSYMS_EXTRA=$(elapsed "$(median_of off wall)" "$(median_of on wall)")
}

# The map of the last kallsyms pass's link, whose layout is vmlinux's,
# for the check's ground truth: that link again as the V=1 trace recorded
# it, with -Map (only the first pass writes one), its output discarded.
map_last_pass() {
	local last ld
	last=$(kallsyms_sources "$ON" | tail -n 1)
	last=${last##*/}
	last=${last%.kallsyms.S}
	ld=$(grep -m 1 -- "^+ [^ ]*ld .* -o $last " "$ON/bench-trace.log" | cut -c3-)
	[ -n "$ld" ] || die "no link of $last in ${ON#$TOP/}/bench-trace.log"
	case $ld in
	*" -Map="*) return ;;
	esac
	step "linking $last of ${ON#$TOP/} again with -Map, for the check"
	ld=${ld/ -o $last / -Map=$last.map -o .bench-ld.out }
	(cd "$ON" && eval "$ld") >"$ON/.bench-ld.log" 2>&1 ||
		die "the link failed (log: ${ON#$TOP/}/.bench-ld.log)"
	rm -f "$ON/.bench-ld.out" "$ON/.bench-ld.log"
}

# The host test's decoder and ground truth, on the defconfig build: its
# result lines become rows.
check_objfiles() {
	local out=$ON/bench-objfiles-check.log line
	map_last_pass
	step "checking the objfile table of ${ON#$TOP/} against its maps (log: ${out#$TOP/})"
	OBJ=$ON "$TOP/tests/host/variant/objfiles.sh" >"$out" 2>&1 || true
	while read -r line; do
		case $line in
		"ok - "*) row "ok" "" "${line#ok - }" ;;
		"not ok - "*) row "NOT OK" "" "${line#not ok - }" ;;
		"# symbols with no object"*|"# ground truth"*|"# object-file tables"*)
			row "note" "" "${line#\# }" ;;
		esac
	done <"$out"
}

# The once-per-vmlinux.o step of the option (Makefile.vmlinux_o's
# vmlinux.o.pieces), run again as kbuild recorded it, against the link
# command of the OFF build it adds to when vmlinux.o changes.
time_pieces() {
	local i cmd out=$ON/.bench-pieces N=$KALLSYMS_REPS
	local -A wall=() cpu=()
	cmd=$(sed -n 's/^savedcmd_vmlinux\.o\.pieces := //p' "$ON/.vmlinux.o.pieces.cmd" 2>/dev/null)
	[ -n "$cmd" ] || die "no ${ON#$TOP/}/.vmlinux.o.pieces.cmd: was the ON build made with the option?"
	cmd=${cmd% > vmlinux.o.pieces}
	step "timing the vmlinux.o.pieces step of ${ON#$TOP/}, $N times"
	row "command" "" "$cmd"
	for i in $(seq "$N"); do
		read -r "wall[on,$i]" "cpu[on,$i]" < <(timed "$out" bash -c "cd '$ON' && $cmd")
		[ -n "${wall[on,$i]}" ] || die "the pieces step failed (output: ${out#$TOP/})"
	done
	cmp -s "$out" "$ON/vmlinux.o.pieces" && row "  remakes vmlinux.o.pieces" "yes" ||
		row "  remakes vmlinux.o.pieces" "NO" "(ODD)"
	row "vmlinux.o.pieces bytes" "$(stat -c %s "$ON/vmlinux.o.pieces")" \
		"$(grep -c '^p ' "$ON/vmlinux.o.pieces") pieces, $(grep -c '^c ' "$ON/vmlinux.o.pieces") claims"
	rm -f "$out"
	medians on wall "vmlinux.o.pieces step: wall, median (s)"
	medians on cpu "  CPU (user+sys), median (s)"
	row "pieces step / OFF link command" \
		"$(ratio "$(median_of on wall)" "$LINK_OFF_MEDIAN")" "once per vmlinux.o, outside link-vmlinux.sh"
}

# time_account ACCOUNT LABEL COMMAND...: COMMAND (an objranges run in the
# ON build) $KALLSYMS_REPS times into $ON/.bench-account, which it must
# make equal to ACCOUNT; rows of the command, the check and the medians
# (LABEL); the wall median in ACCOUNT_WALL.  The caller removes the output.
time_account() {
	local i account=$1 label=$2 out=$ON/.bench-account N=$KALLSYMS_REPS
	local -A wall=() cpu=()
	shift 2
	[ -f "$ON/$account" ] || die "no ${ON#$TOP/}/$account: was the ON build made with the option?"
	step "timing $* in ${ON#$TOP/}, $N times"
	row "command" "" "$*"
	for i in $(seq "$N"); do
		read -r "wall[on,$i]" "cpu[on,$i]" < <(cd "$ON" && timed "$out" "$@")
		[ -n "${wall[on,$i]}" ] || die "objranges failed (output: ${out#$TOP/})"
	done
	cmp -s "$out" "$ON/$account" && row "  remakes $account" "yes" ||
		row "  remakes $account" "NO" "(ODD: not link-vmlinux.sh's command, or it fell back to a map?)"
	medians on wall "$label: wall, median (s)"
	medians on cpu "  CPU (user+sys), median (s)"
	ACCOUNT_WALL=$(median_of on wall)
}

# scripts/objranges of the first kallsyms pass (.tmp_vmlinux1), with
# link-vmlinux.sh's options but alone, against the OFF link command.
time_objranges() {
	local out=$ON/.bench-account
	time_account .tmp_vmlinux1.objranges "objranges of one pass" \
		scripts/objranges --link-map=.tmp_vmlinux1.map --relocatable-pieces=vmlinux.o.pieces
	row ".tmp_vmlinux1.objranges bytes" "$(stat -c %s "$out")" \
		"$(grep -c '^o ' "$out") objects, $(grep -c '^r ' "$out") ranges, $(grep -c '^x ' "$out") claims"
	rm -f "$out"
	row "one pass's objranges / OFF link command" \
		"$(ratio "$ACCOUNT_WALL" "$LINK_OFF_MEDIAN")" "alone; link-vmlinux.sh runs it beside nm (below)"
	PASS_OBJRANGES=$ACCOUNT_WALL
}

# What -Map costs the linker in a kallsyms pass: the temporary link of
# .tmp_vmlinux1, as the V=1 trace of the ON build recorded it, run with
# and without its -Map (alternately, into scratch files).  No other
# account of the link shows it: ld writes the map while it links.
time_link_map() {
	local v ld with N=$KALLSYMS_REPS
	local -A wall=() cpu=()
	ld=$(grep -m 1 -- '^+ [^ ]*ld .* -Map=\.tmp_vmlinux1\.map -o \.tmp_vmlinux1 ' "$ON/bench-trace.log" | cut -c3-)
	[ -n "$ld" ] || die "no link of .tmp_vmlinux1 with -Map in ${ON#$TOP/}/bench-trace.log"
	ld=${ld/ -o .tmp_vmlinux1 / -o .bench-ld.out }
	with=${ld/ -Map=.tmp_vmlinux1.map / -Map=.bench-ld.map }
	row "command" "" "$with"
	step "timing the link of .tmp_vmlinux1 of ${ON#$TOP/} with and without -Map, $N times each"
	alternately "$ON" .bench-ld.log "${ld/ -Map=.tmp_vmlinux1.map / }" "$with" ||
		die "the link failed (log: ${ON#$TOP/}/.bench-ld.log)"
	row "map of one pass bytes" "$(stat -c %s "$ON/.bench-ld.map")" "$(wc -l <"$ON/.bench-ld.map") lines"
	rm -f "$ON/.bench-ld.out" "$ON/.bench-ld.map" "$ON/.bench-ld.log"
	for v in off on; do
		medians $v wall "link of .tmp_vmlinux1 $([ $v = on ] && echo with || echo without) -Map: wall, median (s)"
		medians $v cpu "  CPU (user+sys), median (s)"
	done
	# the fastest run of each: a link takes 2.8-3.9 s here as the host's
	# load varies, more than the map costs
	PASS_MAP=$(elapsed "$(minimum_of off cpu)" "$(minimum_of on cpu)")
	row "one pass's -Map: CPU, fastest runs (s)" "$PASS_MAP" \
		"$(minimum_of on cpu) - $(minimum_of off cpu); $(ratio "$PASS_MAP" "$LINK_OFF_MEDIAN") of the OFF link command, in every pass"
}

# What the first pass's account adds to the listing of its symbols:
# link-vmlinux.sh runs objranges --link-map in the background while
# mksysmap lists them.  The listing alone and with the account, as
# link-vmlinux.sh runs them, alternately, $KALLSYMS_REPS times each, in
# the ON build; the difference of the wall medians in BESIDE_FIRST.
time_link_map_beside_nm() {
	local alone with i v N=$KALLSYMS_REPS
	local -A wall=() cpu=()
	alone="$NM -n .tmp_vmlinux1 | sed -f '$SNAPSHOT/scripts/mksysmap' > .bench-syms"
	with="scripts/objranges --link-map=.tmp_vmlinux1.map --relocatable-pieces=vmlinux.o.pieces > .bench-account & $alone; wait \$!"
	step "timing the listing of .tmp_vmlinux1's symbols in ${ON#$TOP/} alone and beside objranges, $N times each"
	row "command" "" "$with"
	alternately "$ON" .bench-nm.log "$alone" "$with" ||
		die "the listing failed (log: ${ON#$TOP/}/.bench-nm.log)"
	cmp -s "$ON/.bench-account" "$ON/.tmp_vmlinux1.objranges" && cmp -s "$ON/.bench-syms" "$ON/.tmp_vmlinux1.syms" &&
		row "  remakes .tmp_vmlinux1.objranges and .tmp_vmlinux1.syms" "yes" ||
		row "  remakes .tmp_vmlinux1.objranges and .tmp_vmlinux1.syms" "NO" "(ODD)"
	rm -f "$ON/.bench-account" "$ON/.bench-syms" "$ON/.bench-nm.log"
	for v in off on; do
		medians $v wall "listing .tmp_vmlinux1's symbols $([ $v = on ] && echo "beside objranges" || echo alone): wall, median (s)"
		medians $v cpu "  CPU (user+sys), median (s)"
	done
	BESIDE_FIRST=$(elapsed "$(median_of off wall)" "$(median_of on wall)")
	row "objranges --link-map adds to the listing (s)" "$BESIDE_FIRST" "difference of the wall medians"
}

# The option's cost in link-vmlinux.sh by its parts, the same three in
# every pass (the map, what objranges adds beside nm, kallsyms' extra
# work; a later pass's kallsyms timed on its own symbols): a steadier
# figure than the difference of whole relinks.  Then the same with each
# pass's objranges counted whole, as one CPU would.
link_cost_by_parts() {
	local passes first later total cpu
	passes=$(kallsyms_sources "$ON" | wc -l)
	first=$(awk -v a="$PASS_MAP" -v b="$BESIDE_FIRST" -v c="$PASS_KALLSYMS" 'BEGIN { printf "%.3f", a + b + c }')
	later=$(awk -v a="$PASS_MAP" -v b="$BESIDE_FIRST" -v c="$PASS2_KALLSYMS" 'BEGIN { printf "%.3f", a + b + c }')
	total=$(awk -v f="$first" -v l="$later" -v n="$passes" 'BEGIN { printf "%.3f", f + l * (n - 1) }')
	cpu=$(awk -v t="$total" -v o="$PASS_OBJRANGES" -v b="$BESIDE_FIRST" -v n="$passes" 'BEGIN { printf "%.3f", t + (o - b) * n }')
	row "first pass: -Map + objranges beside nm + kallsyms extra (s)" "$first" "$PASS_MAP + $BESIDE_FIRST + $PASS_KALLSYMS"
	row "each later pass: the same, its own kallsyms extra (s)" "$later" "$PASS_MAP + $BESIDE_FIRST + $PASS2_KALLSYMS"
	row "all $passes passes (s)" "$total" \
		"$(awk -v t="$total" -v o="$LINK_OFF_MEDIAN" 'BEGIN { printf "%.1f%%", 100 * t / o }') of the OFF link command ($LINK_OFF_MEDIAN s)"
	row "  with each objranges counted whole (s)" "$cpu" \
		"$(awk -v t="$cpu" -v o="$LINK_OFF_MEDIAN" 'BEGIN { printf "%.1f%%", 100 * t / o }'): on one CPU"
}

# The option's cost at module link time (modfinal: the .ko links, where
# objranges --module and objcopy run): every .ko removed and relinked,
# ON against OFF, against the OFF build's first 'make modules'.
time_modules() {
	local v obj r N=$LINK_REPS nko
	local -A wall=() cpu=()
	nko=$(wc -l <"$ON/modules.order")
	for v in off on; do build_modules "$BUILD/obj-bench-$v$SUFFIX"; done
	for r in $(seq "$N"); do
		for v in off on; do
			obj=$BUILD/obj-bench-$v$SUFFIX
			step "modules ${v^^}, repetition $r/$N: remove the .ko files, make modules"
			find "$obj" -name '*.ko' -delete
			read -r "wall[$v,$r]" "cpu[$v,$r]" < <(timed "$obj/bench-modules-relink.log" kbuild "$obj" modules) ||
				die "relinking the modules of ${obj#$TOP/} failed"
		done
	done
	row "modules" "$nko" "in modules.order"
	row "first 'make modules' OFF: wall, CPU (s)" "$(cat "$OFF/bench-modules-build.time")" "compiling them"
	for v in off on; do
		medians $v wall "relinking every .ko ${v^^}: wall, median (s)"
		medians $v cpu "  CPU (user+sys), median (s)"
	done
	row "(ON - OFF) relink CPU / first make modules CPU" \
		"$(awk -v on="$(median_of on cpu)" -v off="$(median_of off cpu)" -v all="$(cut -d' ' -f2 "$OFF/bench-modules-build.time")" \
			'BEGIN { printf "%.2f%%", 100 * (on - off) / all }')" "the option's whole cost per module build"
}

# Sizes, from vmlinux (nm -n address differences between the table labels)
# cross-checked against the directives of the final .tmp_vmlinuxN.kallsyms.S
# and the layout of its .o; the last table ends where that .o's .rodata does.
measure_tables() {
	local s_on s_off
	s_on=$(kallsyms_sources "$ON" | tail -n 1)
	s_off=$(kallsyms_sources "$OFF" | tail -n 1)
	[ -n "$s_on" ] && [ -n "$s_off" ] || die "no .tmp_vmlinuxN.kallsyms.S in ${ON#$TOP/} or ${OFF#$TOP/}"
	step "measuring the tables in ${ON#$TOP/}/vmlinux against ${s_on#$TOP/}"
	"$TOP/scripts/bench-tables.py" "$ON" "$OFF" "$s_on" "$s_off" >>"$ROWS"
}

# An aligned plain-text table: "== section" headers, then measure, value, note.
format_rows() {
	awk -F'\t' '
	{ line[NR] = $0; if ($1 != "#") { if (length($1) > w1) w1 = length($1); if (length($2) > w2) w2 = length($2) } }
	END {
		for (i = 1; i <= NR; i++) {
			split(line[i], f, "\t")
			if (f[1] == "#") { printf "%s== %s\n", (i > 1 ? "\n" : ""), f[2]; continue }
			s = sprintf("%-" w1 "s  %" w2 "s  %s", f[1], f[2], f[3])
			sub(/ +$/, "", s)
			print s
		}
	}' "$ROWS"
}

mkdir -p "$CCACHE_DIR"
snapshot
# ON first: its tables and check need no OFF build.  OFF is compiled
# again nearly whole: the option changes <linux/module.h> (struct module),
# so the preprocessed sources differ and ccache does not hit.
configure_and_build "$ON" y
configure_and_build "$OFF" n

section "Setup"
row "kernel" "$(cat "$ON/include/config/kernel.release")" \
	"${LINUX#$TOP/} at HEAD $(cut -c1-12 "$SNAPSHOT/.bench-head") with its uncommitted changes, snapshot $(date -u -r "$SNAPSHOT/.bench-head" +%H:%MZ)"
row "config" "$DEFCONFIG" "+ KALLSYMS_ALL=y; ON adds KALLSYMS_OBJFILES=y"
row "link layout" "$LINK_LAYOUT" "the final link takes it (configs/variants); from vmlinux.o, its pieces are composed"
row "compiler" "$(${CROSS_COMPILE}gcc -dumpfullversion) (${CROSS_COMPILE:-native})" "$(${CROSS_COMPILE}ld --version | head -n 1)"
row "CPUs" "$(nproc)" "all of the bench runs at nice 10; load average before timing: $(cut -d' ' -f1-3 /proc/loadavg)"
row "date" "$(date -u +%Y-%m-%dT%H:%MZ)"

section "Link stage ($LINK_REPS alternating repetitions each)"
time_link
section "scripts/kallsyms of the first pass alone ($KALLSYMS_REPS alternating runs each)"
time_kallsyms 1
PASS_KALLSYMS=$KALLSYMS_EXTRA
section "scripts/kallsyms of the second pass alone ($KALLSYMS_REPS alternating runs each)"
time_kallsyms 2
PASS2_KALLSYMS=$KALLSYMS_EXTRA
section "vmlinux.o.pieces, made once per vmlinux.o ($KALLSYMS_REPS runs)"
time_pieces
section "scripts/objranges of one pass ($KALLSYMS_REPS runs)"
time_objranges
section "The first pass's objranges beside nm, as link-vmlinux.sh runs it ($KALLSYMS_REPS alternating runs each)"
time_link_map_beside_nm
section "ld -Map of the first pass ($KALLSYMS_REPS alternating runs each)"
time_link_map
section "The option in the link command, by its parts"
link_cost_by_parts
section "Modules ($LINK_REPS alternating repetitions each)"
if [ "$MODULES" = y ]; then
	time_modules
else
	row "modules" "not measured" "BENCH_MODULES=n"
fi
row "load average after timing" "$(cut -d' ' -f1 /proc/loadavg)" "$(cut -d' ' -f2-3 /proc/loadavg)"
measure_tables
section "Correctness (tests/host/objfiles_check.py on the ON build)"
check_objfiles
section "Series size by set, from patches/ (scripts/series-lines.sh)"
"$TOP/scripts/series-lines.sh" >>"$ROWS"

# The numbers are the snapshot's; say if build/linux has moved on since.
section "Tree"
changed=$(find "$LINUX" \( -path "$LINUX/.git" -o -name ".checkpatch-camelcase.*" \) -prune -o \
	-type f -newer "$SNAPSHOT/.bench-head" -print | sed "s|^$LINUX/||" | head -n 3 || true)
row "${LINUX#$TOP/} changed since the snapshot" "$([ -n "$changed" ] && echo yes || echo no)" "$(echo $changed)"

step "results (also in ${REPORT#$TOP/})"
format_rows | tee "$REPORT"
