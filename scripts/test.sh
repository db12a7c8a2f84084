#!/usr/bin/env bash
# make test: for every variant of the test kernel (TEST_VARIANTS, default
# all but the extra ones: see lib.sh) its build, the host tests of that
# build and a guest boot that runs the guest tests; beside the first
# guest, the host tests that need no kernel build and checkpatch over
# patches/.  Every result is one TAP line, a variant's prefixed
# "[VARIANT]"; the run ends with "N passed, N failed, N skipped" and
# fails if anything failed, a guest did not report, or a console shows a
# kernel error.
# A guest runs under TCG on one core: up to GUEST_JOBS (2) guests boot in
# the background while the next variants build, the slowest (debug)
# first; their lines are printed in variant order once all are done.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

variants=${TEST_VARIANTS:-$(test_variants)}
# the slowest guests under TCG (configs/variants' boot time) start first
variants=$(for v in $variants; do echo "$(variant_col "$v" $COL_BOOT) $v"; done |
	sort -s -k1,1nr | cut -d' ' -f2 | tr '\n' ' ')
GUEST_JOBS=${GUEST_JOBS:-2}
# Builds yield to the guests beside them: a TCG guest whose vCPU threads
# are descheduled stalls at every stop_machine (each kprobe armed), and
# its files hit their time limits (arm64's whole-kernel sweep: 112 s
# beside one guest, over 600 s beside a guest and a kernel build)
BUILD_NICE="nice -n 15"
# a host test file may take this long (tests/tap-file.sh)
HOST_TEST_SECS=${HOST_TEST_SECS:-900}
results=$BUILD/results.tap
: >"$results"

# record [VARIANT]: pass TAP lines (and a file's "# time") through,
# prefixed, keeping them for the count
record() {
	local tag=${1:+[$1] }
	grep --line-buffered -E '^((not )?ok |# time )' | sed -u -E "s/^((not )?ok - )/\1$tag/" |
		tee -a "$results"
}

# host_tests DIR [VARIANT]: every DIR/*.sh, each accounted for as a whole
# (tests/tap-file.sh: a non-zero exit, no result or a time-out fails it)
host_tests() {
	local t
	for t in "$1"/*.sh; do
		[ -e "$t" ] || continue
		step "host test ${t#$TOP/tests/host/}${2:+ ($2)}"
		sh "$TOP/tests/tap-file.sh" "${t#$TOP/tests/host/}" "$HOST_TEST_SECS" bash "$t" |
			record "${2:-}"
	done
}

# unmaintained_files PATCH: in the tree, print the files PATCH adds that
# no MAINTAINERS entry but THE REST covers, and fail if there are any
unmaintained_files() {
	local f bad=0
	for f in $(awk '/^diff --git / { f = substr($4, 3) } /^new file mode/ { print f }' "$1"); do
		perl scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats \
			--no-l --no-r -f "$f" | grep -qv torvalds@ && continue
		echo "$f: no MAINTAINERS entry covers it"
		bad=1
	done
	return $bad
}

checkpatch() {
	local p n=0
	step "checkpatch.pl --strict on patches/"
	for p in $(series_files); do
		n=$((n + 1))
		# Debian's python3 has ply for spdxcheck.py; a pyenv one may not.
		# build/linux has no upstream history, so a Fixes: tag's commit
		# cannot be looked up in it (UNKNOWN_COMMIT_ID).  checkpatch asks
		# of every new file whether MAINTAINERS needs updating
		# (FILE_PATH_CHANGES): unmaintained_files answers it.
		if (cd "$TREE" && PATH=/usr/bin:$PATH perl scripts/checkpatch.pl --strict -q \
			--no-summary --ignore UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES "$p" &&
			unmaintained_files "$p") >"$BUILD/checkpatch.log" 2>&1; then
			echo "ok - checkpatch --strict ${p#$PATCHES/}" | record
		else
			sed 's/^/# /' "$BUILD/checkpatch.log"
			echo "not ok - checkpatch --strict ${p#$PATCHES/}" | record
		fi
	done
	[ $n -gt 0 ] || echo "# no patches yet"
}

# build_perf: the series' perf (scripts/perf.sh) for the architecture
# of each tested variant with the perf role, whose initramfs carries it;
# one result per architecture
build_perf() {
	local v arch built=" " log t0
	for v in $variants; do
		variant_has_role "$v" perf || continue
		arch=$(variant_col "$v" $COL_DEB)
		[[ $built != *" $arch "* ]] || continue
		built+="$arch "
		log=$BUILD/build-perf-$arch.log t0=$SECONDS
		step "building perf for $arch (log: ${log#$TOP/})"
		if VARIANT=$v $BUILD_NICE "$TOP/scripts/perf.sh" >"$log" 2>&1; then
			echo "ok - perf build ($arch)" | record
			took "perf for $arch built" $t0
		else
			tail -n 25 "$log" | sed 's/^/# /'
			echo "not ok - perf build ($arch)" | record
		fi
	done
	# the host's perf with DWARF, for tests/host/variant/perf-dwarf.sh
	log=$BUILD/build-perf-dwarf.log t0=$SECONDS
	step "building perf with DWARF for the host (log: ${log#$TOP/})"
	if PERF_DWARF=1 $BUILD_NICE "$TOP/scripts/perf.sh" >"$log" 2>&1; then
		echo "ok - perf build (host, DWARF)" | record
		took "perf with DWARF built" $t0
	else
		tail -n 25 "$log" | sed 's/^/# /'
		echo "not ok - perf build (host, DWARF)" | record
	fi
}

# build_variant: kernel and initramfs of $VARIANT; one result
build_variant() {
	local log=$BUILD/build-$VARIANT.log t0=$SECONDS
	step "building the $VARIANT variant (log: ${log#$TOP/})"
	if has_role build; then
		build_only "$log" $t0
		return
	fi
	if $BUILD_NICE "$TOP/scripts/kernel.sh" >"$log" 2>&1 && "$TOP/scripts/initramfs.sh" >>"$log" 2>&1; then
		echo "ok - kernel and initramfs build" | record "$VARIANT"
		took "$VARIANT: kernel and initramfs built" $t0
	else
		tail -n 25 "$log" | sed 's/^/# /'
		echo "not ok - kernel and initramfs build" | record "$VARIANT"
		return 1
	fi
}

# build_only LOG T0: the kernel of a variant that is never booted (role
# build); one result
build_only() {
	if $BUILD_NICE "$TOP/scripts/kernel.sh" >"$1" 2>&1; then
		echo "ok - kernel build (build only: not booted)" | record "$VARIANT"
		took "$VARIANT: kernel built" $2
	else
		tail -n 25 "$1" | sed 's/^/# /'
		echo "not ok - kernel build (build only: not booted)" | record "$VARIANT"
		return 1
	fi
}

# guest_tests: boot $VARIANT's test kernel; the results its console gives
# (scripts/guest-report.sh), a missing test file's included, and for a
# variant with the suites role, its kernel suites against 6.12's
# (scripts/suites-report.sh)
guest_tests() {
	local console=$BUILD/test-console-$VARIANT.log t0=$SECONDS
	local dir=$TOP/tests/guest/t
	step "guest tests ($VARIANT: booting the test kernel)"
	"$TOP/scripts/boot.sh" test "$console" >/dev/null
	grep '^# --- ' "$console" | sed 's/^# --- /# guest: /'
	# the off variant's guest carries its own few: each must report
	if has_role off; then
		dir=$BUILD/guest-t-$VARIANT
		rm -rf "$dir" && mkdir -p "$dir"
		(cd "$TOP/tests/guest/t" && cp $(off_guest_tests) "$dir/")
	fi
	"$TOP/scripts/guest-report.sh" "$console" "$VARIANT" "$dir" | tee -a "$results"
	! has_role suites || "$TOP/scripts/suites-report.sh" "$console" "$VARIANT" | tee -a "$results"
	# the host's side of what the guest carried out on its console
	host_tests "$TOP/tests/host/console" "$VARIANT"
	took "$VARIANT: guest booted and tested" $t0
}

# start_guest: guest_tests of $VARIANT in the background, its lines in
# $BUILD/guest-$VARIANT.out, once fewer than GUEST_JOBS guests run
start_guest() {
	while [ "$(jobs -rp | wc -l)" -ge "$GUEST_JOBS" ]; do wait -n; done
	step "guest tests ($VARIANT) start in the background"
	guest_tests >"$BUILD/guest-$VARIANT.out" 2>&1 &
}

# took WHAT T0: how long since T0 (bash's SECONDS), as a comment: where
# a run spends its time, in the log of every run
took() { echo "# $1 in $((SECONDS - $2)) s"; }

summary() {
	local skipped passed failed
	skipped=$(grep -c '^ok .*# SKIP' "$results")
	passed=$(($(grep -c '^ok ' "$results") - skipped))
	failed=$(grep -c '^not ok ' "$results")
	echo "# make test: $((SECONDS / 60)) m $((SECONDS % 60)) s"
	echo "$passed passed, $failed failed, $skipped skipped"
	[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
}

# host tests and checkpatch, once: beside the first guest, which takes longest
host_checks() {
	[ -z "${host_checks_done:-}" ] || return 0
	host_checks_done=1
	local t0=$SECONDS
	host_tests "$TOP/tests/host"
	checkpatch
	took "host tests and checkpatch" $t0
}

build_perf
for VARIANT in $variants; do
	# the variant's paths and toolchain (lib.sh sets them from VARIANT)
	export VARIANT
	. "$TOP/scripts/lib.sh"
	rm -f "$BUILD/guest-$VARIANT.out"
	build_variant || continue
	host_tests "$TOP/tests/host/variant" "$VARIANT"
	has_role build || start_guest
	host_checks
done
host_checks
wait
for VARIANT in $variants; do
	[ ! -f "$BUILD/guest-$VARIANT.out" ] || cat "$BUILD/guest-$VARIANT.out"
done
summary
