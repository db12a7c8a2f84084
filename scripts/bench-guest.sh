#!/usr/bin/env bash
# The in-kernel half of make bench: boot the test kernel of $VARIANT with
# tests/guest/bench.sh (qualified lookup cost, /proc/kallmodsyms read
# time, ftrace filter writes) and add its BENCH lines to the report of
# the architecture's defconfig bench (scripts/bench.sh): x86_64's in
# build/bench-objfiles.txt, the others' in build/bench-objfiles-VARIANT.txt.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

log=$BUILD/bench-guest-$VARIANT.log
# x86_64's guest figures go with the ibt layout's report
if [ "$GUEST_ARCH" = x86_64 ]; then
	report=$(bench_report ibt)
else
	report=$(bench_report "$VARIANT")
fi
step "in-kernel figures on the $VARIANT test kernel (console: ${log#$TOP/})"
"$TOP/scripts/boot.sh" bench "$log" >/dev/null
grep -q '^BENCH' "$log" || die "the guest printed no BENCH line (see ${log#$TOP/})"
{ echo; echo "== In the guest ($VARIANT test kernel)"; grep '^BENCH' "$log"; } | tee -a "$report"
