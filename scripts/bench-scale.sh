#!/usr/bin/env bash
# How the host programs' time grows with the size of the link, up to
# allyesconfig's (about 100,000 objects and 1,000,000 symbols): a made-up
# link of N objects of 10 symbols each (scripts/gen-scale-input.py), for
# N doubling up to BENCH_SCALE_MAX.  Each step is timed once (fastest of
# BENCH_SCALE_REPS); "per 1k obj" stays flat where the time is linear.
# kallsyms' own work (no --objfiles, as in 6.12) is the reference row.
# Figures, not a test: nothing here passes or fails.  The table goes to
# stdout and build/bench-scale.txt.
# Environment: BENCH_SCALE_MAX (100000), BENCH_SCALE_REPS (2).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

MAX=${BENCH_SCALE_MAX:-100000}
REPS=${BENCH_SCALE_REPS:-2}
WORK=$BUILD/bench-scale
REPORT=$BUILD/bench-scale.txt

# fastest of REPS runs of a command, in seconds; its output to OUT
fastest() {
	local out=$1 best="" i

	shift
	for i in $(seq "$REPS"); do
		/usr/bin/time -f %e -o "$WORK/time" "$@" >"$out" 2>"$WORK/err" ||
			die "$* failed: $(head -n 1 "$WORK/err")"
		best=$(printf '%s\n' $best "$(cat "$WORK/time")" | sort -g | head -n 1)
	done
	echo "$best"
}

step "building scripts/objranges and scripts/kallsyms of ${TREE#$TOP/} for the host"
rm -rf "$WORK" && mkdir -p "$WORK"
for p in objranges kallsyms; do
	gcc -O2 -I"$TREE/scripts/include" -o "$WORK/$p" "$TREE/scripts/$p.c"
done
printf '.text\n.globl f\nf: ret\nf_end:\n.data\n.long 1\n' | as -o "$WORK/one.o" -

printf 'objects\tsymbols\tstep\tseconds\tper 1k obj\n' >"$REPORT"
n=$((MAX / 8))
while [ "$n" -le "$MAX" ]; do
	in=$WORK/n$n
	step "a made-up link of $n objects, $((n * 10)) symbols"
	python3 "$TOP/scripts/gen-scale-input.py" "$in" "$n" 10 "$WORK/one.o"
	(
		cd "$in"
		row() { printf '%s\t%s\t%s\t%s\t%s\n' "$n" "$((n * 10))" "$1" "$2" \
			"$(awk -v t="$2" -v n="$n" 'BEGIN { printf "%.4f", t * 1000 / n }')"; }
		row "objranges --write-pieces" "$(fastest pieces "$WORK/objranges" --write-pieces \
			--relocatable-map=vmlinux.o.map --builtin-modules=modules.builtin)"
		sed -i '1s/.*/# kallsyms pieces of vmlinux.o/' pieces	# links vmlinux.a
		row "objranges --link-map" "$(fastest objranges "$WORK/objranges" \
			--link-map=vmlinux.map --relocatable-pieces=pieces)"
		row "kallsyms --objfiles" "$(fastest k.S "$WORK/kallsyms" --objfiles=objranges vmlinux.syms)"
		row "kallsyms (6.12's work)" "$(fastest k0.S "$WORK/kallsyms" vmlinux.syms)"
	) >>"$REPORT"
	rm -rf "$in"
	n=$((n * 2))
done
step "results (also in ${REPORT#$TOP/})"
column -t -s "$(printf '\t')" "$REPORT"
