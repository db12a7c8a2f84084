#!/bin/sh
# Hostile and malformed probe definitions (made on the host by
# scripts/gen-hostile-probes.py, all invalid by construction): every one
# is refused, each leaves an error_log entry, and nothing is left behind.
# Three refusals come before the kprobe parser and log elsewhere or not
# at all: a line over the 4 KiB write buffer (dmesg: "Line length is too
# long"), a PATH:OFFSET uprobe definition (a ':' and a '/', unless an
# '@' comes between them: MOD:SYM@DIR/OBJ.o), which kprobe_events cannot
# take, and a line whose probe point starts a '#' comment.
. /harness/lib.sh
defs=$HOST/hostile-probes.txt
# logged: error_log has an entry (a builtin: a fork costs a lot under KASAN)
logged() { entry=; read -r entry < $TRACEFS/error_log; [ -n "$entry" ]; }
kprobe_reset
n=0 accepted=0 unlogged=0 long=0 uprobe=0 comment=0
while IFS= read -r line; do
	n=$((n + 1))
	echo > $TRACEFS/error_log
	if printf '%s\n' "$line" >> $TRACEFS/kprobe_events 2>/dev/null; then
		accepted=$((accepted + 1))
		[ $accepted -gt 5 ] || echo "# accepted: $line" | cut -c1-200
	elif logged; then
		:
	elif [ ${#line} -ge 4095 ]; then
		long=$((long + 1))
	elif echo "$line" | awk '{ c = index($2, ":"); s = index($2, "/"); a = index(substr($2, c + 1), "@")
			exit !(c && s && !(a && c + a < s)) }'; then
		uprobe=$((uprobe + 1))
	elif echo "$line" | awk '{ exit !($2 == "" || $2 ~ /^#/) }'; then
		comment=$((comment + 1))
	else
		unlogged=$((unlogged + 1))
		[ $unlogged -gt 5 ] || echo "# refused without error_log: $line" | cut -c1-200
	fi
done < $defs
check "$n hostile definitions written (>= 2000)" test $n -ge 2000
check "none of them accepted ($accepted)" test $accepted -eq 0
check "every refusal logged in error_log ($unlogged without; $long over 4 KiB, $uprobe uprobe syntax, $comment no probe point)" \
	test $unlogged -eq 0
if [ $long -gt 0 ]; then
	check "over-long lines reported in the kernel log" \
		sh -c "dmesg | grep -q 'Line length is too long'"
fi
check "kprobe_events is empty afterwards" sh -c "! grep -q . $TRACEFS/kprobe_events"
kprobe_reset
