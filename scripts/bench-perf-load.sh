#!/usr/bin/env bash
# What /proc/kallmodsyms costs perf's load of the kernel's symbols, at the
# size of x86_64 defconfig's kallsyms (BENCH_PERF_SYMBOLS, 176,000): perf
# report of a short host recording with --kallsyms=FILE, FILE with a
# kallmodsyms beside it and without (made up from the x86_64 System.map
# by scripts/gen-perf-kallsyms.py), BENCH_PERF_REPS runs each, alternated,
# its task-clock (perf stat) in ms.
# The host's own kernel is not the one the files describe: the samples
# resolve to nothing, but the load is the whole load.  Figures, not a
# test.  Rows to stdout and build/bench-perf-load.txt.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

SYMBOLS=${BENCH_PERF_SYMBOLS:-176000}
REPS=${BENCH_PERF_REPS:-21}
WORK=$BUILD/bench-perf-load
REPORT=$BUILD/bench-perf-load.txt
PERF=$BUILD/perf/perf
MAP=$BUILD/obj-x86_64/System.map

[ -x "$PERF" ] || die "no ${PERF#$TOP/}: run 'make perf'"
[ -r "$MAP" ] || die "no ${MAP#$TOP/}: run 'VARIANT=ibt make kernel'"
rm -rf "$WORK" && mkdir -p "$WORK"
step "making a kallsyms and a kallmodsyms of $SYMBOLS symbols in ${WORK#$TOP/}"
"$TOP/scripts/gen-perf-kallsyms.py" "$MAP" "$SYMBOLS" "$WORK"
step "recording 0.2 s of the host for perf report to read"
"$PERF" record -q -o "$WORK/perf.data" -e cpu-clock -a -- sleep 0.2 >/dev/null 2>&1 ||
	die "perf record on the host failed (perf_event_paranoid?)"

# load DIR: "MS MAXRSS_KB" of perf report with DIR/kallsyms: its task-clock
# (perf stat), and its max RSS (time)
load() {
	/usr/bin/time -f '%M' -o "$WORK/time" "$PERF" stat -x, -e task-clock -o "$WORK/stat" -- \
		"$PERF" report -i "$WORK/perf.data" --kallsyms="$WORK/$1/kallsyms" --stdio \
		>/dev/null 2>&1 || die "perf report --kallsyms=$1/kallsyms failed"
	printf '%s %s\n' "$(awk -F, '/task-clock/ { printf "%.1f", $1 }' "$WORK/stat")" \
		"$(cat "$WORK/time")"
}

step "timing perf report's symbol load, $REPS runs each, alternated"
with=() without=() rss_with=0 rss_without=0
for i in $(seq "$REPS"); do
	read -r t m < <(load without); without+=("$t"); rss_without=$m
	read -r t m < <(load with); with+=("$t"); rss_with=$m
done
mw=$(median "${with[@]}") mo=$(median "${without[@]}")
{
	printf 'measure\tvalue\truns\n'
	printf 'symbols\t%s\t%s bytes of kallmodsyms\n' "$SYMBOLS" "$(stat -c %s "$WORK/with/kallmodsyms")"
	printf 'perf report, kallsyms alone (ms)\t%s\t%s\n' "$mo" "${without[*]}"
	printf 'perf report, kallmodsyms beside (ms)\t%s\t%s\n' "$mw" "${with[*]}"
	printf 'with/without\t%s\tof the medians\n' "$(awk -v a="$mw" -v b="$mo" 'BEGIN { printf "%.2f", a / b }')"
	printf 'max RSS (KiB)\t%s with, %s without\n' "$rss_with" "$rss_without"
} | tee "$REPORT"
