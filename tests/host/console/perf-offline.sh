#!/usr/bin/env bash
# Host test: a perf.data recorded in a guest (tests/guest/t/66-perf-tool.sh:
# probes on the three copies of kfx_dup, called 1, 2 and 4 times), with
# the guest's build-id cache, both carried out on its console, reported
# here by the host's perf (make perf): one row per copy, named
# NAME@OBJFILE from the cache's kallmodsyms, as in the guest; without
# that file in the cache, bare names as ever.  A ppc64le guest's record
# is read on x86_64 the same way.
set -uo pipefail
. "$(dirname "$0")/../../../scripts/lib.sh"

console=$BUILD/test-console-$VARIANT.log
perf=$BUILD/perf/perf
OBJ=kallsyms_fixtures
if ! grep -q '^# perf-offline-begin ' "$console" 2>/dev/null; then
	echo "ok - # SKIP perf report on the host: no record on $VARIANT's console"
	exit 0
fi
[ -x "$perf" ] || { echo "not ok - the host's perf ($perf) was built"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the packed record: the base64 lines between the markers, checked
# against the guest's md5sum (a kernel message that broke into a line
# makes it differ)
sum=$(sed -n 's/^# perf-offline-begin \([0-9a-f]*\)\r*$/\1/p' "$console" | head -n 1)
sed -n '/^# perf-offline-begin /,/^# perf-offline-end/s/^# b64 \([A-Za-z0-9+\/=]*\)\r*$/\1/p' "$console" |
	base64 -d >"$tmp/offline.tgz" 2>/dev/null
got=$(md5sum <"$tmp/offline.tgz" | cut -d' ' -f1)
if [ "$got" != "$sum" ] || ! tar xzf "$tmp/offline.tgz" -C "$tmp"; then
	echo "not ok - the guest's record came whole off its console (md5 $got, guest's $sum)"
	exit 0
fi
echo "ok - the guest's record came whole off its console"

# rows: "SAMPLES SYMBOL" of each row of the host's perf report, by symbol
rows() {
	"$perf" --buildid-dir "$tmp/buildid" report -i "$tmp/perf.data" --stdio -q -n --sort sym 2>/dev/null |
		awk 'NF && $1 != "#" { print $2, $NF }' | sort -k2 | tr '\n' ' ' | sed 's/ $//'
}
r=$(rows)
want="1 kfx_dup@$OBJ/a/dup.o 2 kfx_dup@$OBJ/b/dup.o 4 kfx_dup@$OBJ/dash-dir/dup-obj.o"
if [ "$r" = "$want" ]; then
	echo "ok - perf report on the host: each copy by its object, from the cache's kallmodsyms"
else
	echo "not ok - perf report on the host: each copy by its object ($r; want $want)"
fi
rm -f "$tmp"/buildid/\[kernel.kallsyms\]/*/kallmodsyms
r=$(rows)
if [ "$r" = "1 kfx_dup 2 kfx_dup 4 kfx_dup" ]; then
	echo "ok - perf report on the host, no kallmodsyms in the cache: bare names, as 6.12's perf"
else
	echo "not ok - perf report on the host, no kallmodsyms in the cache: bare names ($r)"
fi
