#!/usr/bin/env bash
# The in-kernel half of make bench: boot the test kernel of $VARIANT with
# tests/guest/bench.sh (qualified lookup cost, /proc/kallmodsyms read
# time, ftrace filter writes) and add its BENCH lines to the report of
# the architecture's defconfig bench (scripts/bench.sh): that of the
# first variant of the architecture with a bench defconfig
# (configs/variants), build/bench-objfiles-LAYOUT.txt.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

log=$BUILD/bench-guest-$VARIANT.log
layout=
for v in $(variants_with $COL_ARCH "$GUEST_ARCH"); do
	[ "$(variant_col "$v" $COL_BENCH)" = - ] || { layout=$v; break; }
done
[ -n "$layout" ] || die "no variant of $GUEST_ARCH has a bench defconfig (configs/variants)"
report=$(bench_report "$layout")
step "in-kernel figures on the $VARIANT test kernel (console: ${log#$TOP/})"
"$TOP/scripts/boot.sh" bench "$log" >/dev/null
grep -q '^BENCH' "$log" || die "the guest printed no BENCH line (see ${log#$TOP/})"
{ echo; echo "== In the guest ($VARIANT test kernel)"; grep '^BENCH' "$log"; } | tee -a "$report"
