# Sourced by guest tests: TAP helpers and paths of host-side facts.
TRACEFS=/sys/kernel/tracing
HOST=/harness/host		# build artefacts carried in from the host

ok()   { echo "ok - $*"; }
fail() { echo "not ok - $*"; }
skip() { echo "ok - # SKIP $*"; }
# check DESC CMD...: one result line for the outcome of CMD
check() { d=$1; shift; if "$@"; then ok "$d"; else fail "$d"; fi; }

# Reset kprobe events and the error log between cases.
kprobe_reset() {
	echo 0 > $TRACEFS/events/enable 2>/dev/null
	echo > $TRACEFS/kprobe_events
	echo > $TRACEFS/error_log
}
