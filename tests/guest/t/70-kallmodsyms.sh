#!/bin/sh
# /proc/kallmodsyms: one "ADDR SIZE TYPE NAME [MODULE] OBJFILE" line per
# symbol, in /proc/kallsyms order.
#  a. DTrace's parser (dtrace_parse) takes every line;
#  b. address, type and name agree with /proc/kallsyms line by line;
#  c. vmlinux object files agree with the build's (host symbol-objects);
#  d. vmlinux lines name a module only if it is built in, and the one the
#     object belongs to (host modules.builtin, builtin-objects);
#  e. every fixture duplicate is listed with its own object;
#  f. kfx_mod's duplicates come and go with the module, each with its object;
#     its symbols' SIZE is the distance to the next one, as vmlinux's;
#  g. unprivileged readers see neither addresses nor sizes;
#  h. reading while kfx_mod is loaded and unloaded 200 times never gives
#     a malformed line (the host checks the console for oopses);
#  i. prints the read time against /proc/kallsyms (not a result).
. /harness/lib.sh
KMS=/proc/kallmodsyms
BIN=/harness/bin
FX=$HOST/fixtures.txt			# "NAME OBJPATH TYPE KEY" per copy
W=/tmp/kallmodsyms
MODOBJ=kallsyms_fixtures/mod

if [ ! -e $KMS ]; then
	skip "/proc/kallmodsyms not present"
	exit 0
fi
mkdir -p $W

ko=$(find /lib/modules -name kfx_mod.ko 2>/dev/null | head -n 1)
mod_loaded() { grep -q '^kfx_mod ' /proc/modules; }
mod_load() { modprobe kfx_mod 2>/dev/null || { [ -n "$ko" ] && insmod "$ko"; }; }

kptr=$(cat /proc/sys/kernel/kptr_restrict)
cleanup() {
	touch $W/stop
	echo "$kptr" > /proc/sys/kernel/kptr_restrict
	! mod_loaded || rmmod kfx_mod
}
trap cleanup EXIT
! mod_loaded || rmmod kfx_mod

# snapshot SUFFIX: both files, back to back, and the vmlinux line count
# (the /proc/kallsyms lines without a [module], which come first)
snapshot() {
	cat $KMS > $W/kms$1
	cat /proc/kallsyms > $W/ks$1
	nv=$(awk '$4 == ""' $W/ks$1 | wc -l)
}

# cmp_kallsyms KMS KS FIRST LAST: lines FIRST..LAST of both agree in
# address, type and name, and in [module] where /proc/kallsyms has one;
# prints the first 10 differences as comments and "differ N" last.
cmp_kallsyms() {
	awk -v first=$3 -v last=$4 '
	FILENAME == ARGV[1] { ks[FNR] = $0; next }
	FNR >= first && FNR <= last {
		split(ks[FNR], k)
		want = k[1] " " k[2] " " k[3] (k[4] != "" ? " " k[4] : "")
		got = $1 " " $3 " " $4 (k[4] != "" ? " " $5 : "")
		if (want != got && ++bad <= 10)
			printf "# line %d: kallsyms \"%s\", kallmodsyms \"%s\"\n", FNR, want, got
	}
	END { print "differ " bad + 0 }' "$2" "$1"
}

# Addresses as the host writes them: lower case, 16 digits.
AWK_ADDR='function addr(a) { a = tolower(a); while (length(a) < 16) a = "0" a; return a }'

# a. DTrace's parser
snapshot ""
$BIN/dtrace_parse -m $W/map $W/kms > $W/parse.out
rc=$?
grep -v '^[a-z-]* [0-9]*$' $W/parse.out | sed 's/^/# /'
lines=$(awk '$1 == "lines" { print $2 }' $W/parse.out)
check "kallmodsyms: DTrace's parser takes all $lines lines (6 fields, [module], object or -)" \
	test $rc -eq 0

# b. against /proc/kallsyms
total=$(wc -l < $W/ks)
check "kallmodsyms has as many lines as /proc/kallsyms ($lines, $total)" test "$lines" = "$total"
cmp_kallsyms $W/kms $W/ks 1 $nv > $W/cmp.out
grep '^#' $W/cmp.out
check "the $nv vmlinux lines agree with /proc/kallsyms in address, type and name" \
	grep -qx 'differ 0' $W/cmp.out
if [ "$total" -gt "$nv" ]; then
	cmp_kallsyms $W/kms $W/ks $((nv + 1)) $total > $W/cmp.out
	grep '^#' $W/cmp.out
	check "the $((total - nv)) other lines agree with /proc/kallsyms, [module] included" \
		grep -qx 'differ 0' $W/cmp.out
fi

# c. object files of vmlinux lines against the build's
truth=$HOST/symbol-objects		# "ADDR NAME OBJFILE" per symbol
if [ ! -r $truth ]; then
	skip "object files of vmlinux symbols (no $truth)"
else
	awk -v nv=$nv "$AWK_ADDR"'
	FILENAME == ARGV[1] {
		k = addr($1) " " $2
		if (k in obj && obj[k] != $3)
			amb[k] = 1
		obj[k] = $3
		next
	}
	FNR <= nv {
		k = $4 " " $1
		if (!(k in obj)) { unknown++; next }
		if (k in amb) { ambiguous++; next }
		if (obj[k] == $3) { same++; next }
		if (++bad <= 10)
			printf "# %s at %s: kallmodsyms %s, build %s\n", $1, $4, $3, obj[k]
	}
	END {
		printf "# object files: %d agree, %d differ, %d symbols not in the host list, %d ambiguous there\n",
			same, bad, unknown, ambiguous
		print "result " same + 0 " " bad + 0
	}' $truth $W/map > $W/objs.out
	grep '^#' $W/objs.out
	set -- $(awk '$1 == "result" { print $2, $3 }' $W/objs.out)
	check "object files of vmlinux symbols agree with the build ($1 agree, $2 differ)" \
		test "$1" -gt 0 -a "$2" -eq 0
fi

# d. built-in modules
builtin=$HOST/modules.builtin		# kernel/drivers/foo/bar.ko per line
if [ ! -r $builtin ]; then
	skip "module names of vmlinux lines (no $builtin)"
else
	awk -v nv=$nv '
	FILENAME == ARGV[1] {
		m = $0; sub(/.*\//, "", m); sub(/\.ko$/, "", m); gsub(/-/, "_", m)
		known[m] = 1; nknown++
		next
	}
	FNR <= nv && $2 != "vmlinux" {
		if ($2 in known) {
			if (!($2 in seen)) { seen[$2] = 1; nseen++ }
		} else if (!($2 in bad)) {
			bad[$2] = 1
			if (++nbad <= 10)
				printf "# %s (first %s, %s) is not a built-in module\n", $2, $1, $3
		}
	}
	END {
		printf "# %d of the %d built-in modules named in vmlinux lines\n", nseen, nknown
		print "result " nknown + 0 " " nseen + 0 " " nbad + 0
	}' $builtin $W/map > $W/builtin.out
	grep '^#' $W/builtin.out
	set -- $(awk '$1 == "result" { print $2, $3, $4 }' $W/builtin.out)
	check "vmlinux lines name no module but built-in ones ($3 others)" test "$3" -eq 0
	if [ "$1" -gt 0 ]; then
		check "built-in modules are named in vmlinux lines ($2 of $1)" test "$2" -gt 0
	fi
fi

bobjs=$HOST/builtin-objects		# "OBJFILE MODULE" per object
if [ ! -r $bobjs ]; then
	skip "modules of the objects of built-in modules (no $bobjs)"
else
	awk -v nv=$nv '
	FILENAME == ARGV[1] {
		m = $2; sub(/.*\//, "", m); sub(/\.ko$/, "", m); gsub(/-/, "_", m)
		mods[$1] = mods[$1] " " m " "
		next
	}
	FNR > nv || $3 == "-" { next }
	$3 in mods {
		checked++
		if (index(mods[$3], " " $2 " "))
			next
		if (++wrong <= 10)
			printf "# %s in %s: [%s], want one of%s\n", $1, $3, $2, mods[$3]
		next
	}
	$2 != "vmlinux" {
		if (++stray <= 10)
			printf "# %s in %s: [%s], but the object is in no built-in module\n", $1, $3, $2
	}
	END { print "result " checked + 0 " " wrong + 0 " " stray + 0 }' $bobjs $W/map > $W/bobjs.out
	grep '^#' $W/bobjs.out
	set -- $(awk '$1 == "result" { print $2, $3, $4 }' $W/bobjs.out)
	check "symbols of built-in modules' objects name their module ($1 symbols, $2 wrong)" \
		test "$2" -eq 0 -a \( "$1" -gt 0 -o ! -s $bobjs \)
	check "symbols of other objects are [vmlinux] ($3 are not)" test "$3" -eq 0
fi

# e. the fixture duplicates built into vmlinux
if [ ! -r $FX ]; then
	skip "fixture duplicates (no $FX)"
else
	# the vmlinux lines of the fixture names, to search them cheaply
	awk -v nv=$nv 'FILENAME == ARGV[1] { want[$1] = 1; next }
		FNR <= nv && ($4 in want)' $FX $W/kms > $W/kms.fx
	while read -r name obj type _; do
		case $obj in $MODOBJ/*) continue ;; esac
		n=$(awk -v n="$name" -v o="$obj" '$4 == n && $6 == o' $W/kms.fx | wc -l)
		line=$(awk -v n="$name" -v o="$obj" '$4 == n && $6 == o { print; exit }' $W/kms.fx)
		set -- $line
		check "fixture $name listed once in $obj as [vmlinux], type $type ($n: $line)" \
			test "$n" -eq 1 -a "$3" = "$type" -a "$5" = "[vmlinux]"
	done < $FX
	awk -v mod="^$MODOBJ/" '
	FILENAME == ARGV[1] { if ($2 !~ mod) want[$1]++; next }
	{ got[$4]++ }
	END {
		for (n in want)
			if (got[n] != want[n])
				printf "# %s: %d vmlinux lines, %d in fixtures.txt\n", n, got[n], want[n]
	}' $FX $W/kms.fx > $W/fx.out
	cat $W/fx.out
	check "fixture names have no vmlinux copies but the listed ones" test ! -s $W/fx.out
fi

# f. the loadable module's duplicates
if [ -r $FX ]; then
	awk -v mod="^$MODOBJ/" '$2 ~ mod' $FX > $W/fx.mod
else
	printf '%s\n' "kfx_mod_dup $MODOBJ/kfx_mod_main.o t main" \
		"kfx_mod_dup $MODOBJ/kfx_mod_other.o t other" > $W/fx.mod
fi
if [ -z "$ko" ]; then
	skip "kfx_mod in kallmodsyms (kfx_mod.ko not in the initramfs)"
elif ! mod_load; then
	fail "kfx_mod loads (modprobe kfx_mod, insmod $ko)"
else
	snapshot .mod
	$BIN/dtrace_parse $W/kms.mod > $W/parse.out
	rc=$?
	grep -v '^[a-z-]* [0-9]*$' $W/parse.out | sed 's/^/# /'
	check "with kfx_mod loaded, DTrace's parser takes every line" test $rc -eq 0
	total=$(wc -l < $W/ks.mod)
	cmp_kallsyms $W/kms.mod $W/ks.mod 1 $total > $W/cmp.out
	grep '^#' $W/cmp.out
	check "with kfx_mod loaded, every line agrees with /proc/kallsyms, [module] included" \
		grep -qx 'differ 0' $W/cmp.out
	grep '\[kfx_mod\]' $W/kms.mod > $W/kms.kfx_mod
	while read -r name obj type _; do
		n=$(awk -v n="$name" -v o="$obj" '$4 == n && $6 == o' $W/kms.kfx_mod | wc -l)
		line=$(awk -v n="$name" -v o="$obj" '$4 == n && $6 == o { print; exit }' $W/kms.kfx_mod)
		set -- $line
		check "kfx_mod's $name listed once in $obj as [kfx_mod], type $type ($n: $line)" \
			test "$n" -eq 1 -a "$3" = "$type"
	done < $W/fx.mod
	# a module text symbol's SIZE is the distance to the next symbol of
	# its module, as for vmlinux and %pS (not its symbol table's st_size)
	sort $W/kms.kfx_mod | awk "$HEXADDR_AWK"'
	function sz(h) { return lo(substr("00000000" h, length(h) + 1)) }
	NR > 1 && pt ~ /^[tT]$/ && $3 ~ /^[tT]$/ && hi($1) == hi(pa) && lo($1) > lo(pa) {
		n++
		if (sz(ps) != lo($1) - lo(pa) && ++bad <= 5)
			printf "# %s: SIZE %s, the next symbol %d bytes on\n", pn, ps, lo($1) - lo(pa)
	}
	{ pa = $1; ps = $2; pt = $3; pn = $4 }
	END { printf "pairs %d bad %d\n", n, bad }' > $W/size.out
	grep '^#' $W/size.out
	set -- $(tail -n 1 $W/size.out)
	check "kfx_mod's text symbols measure to the next symbol, as vmlinux's ($*)" \
		test "$2" -gt 0 -a "$4" -eq 0
	rmmod kfx_mod
	cat $KMS > $W/kms.gone
	n=$(grep -c -e '\[kfx_mod\]' -e ' kfx_mod_dup ' $W/kms.gone)
	check "after rmmod kfx_mod, none of its lines are left ($n)" test "$n" -eq 0
fi

# g. unprivileged readers
echo 1 > /proc/sys/kernel/kptr_restrict
$BIN/runas 65534 65534 /bin/cat /proc/kallsyms > $W/ks.user 2> $W/runas.err
$BIN/runas 65534 65534 /bin/cat $KMS > $W/kms.user 2>> $W/runas.err
rc=$?
snapshot .root
echo "$kptr" > /proc/sys/kernel/kptr_restrict
sed 's/^/# /' $W/runas.err
check "runas drops privileges: /proc/kallsyms shows uid 65534 no address" \
	awk 'NF < 3 || $1 !~ /^0+$/ { bad = 1 } END { exit bad || NR == 0 }' $W/ks.user
check "uid 65534 reads all of kallmodsyms (kptr_restrict=1)" \
	test $rc -eq 0 -a "$(wc -l < $W/kms.user)" -eq "$(wc -l < $W/kms.root)"
n=$(awk '$1 !~ /^0+$/' $W/kms.user | wc -l)
check "kallmodsyms shows uid 65534 no address ($n lines do)" test "$n" -eq 0
n=$(awk '$2 !~ /^0+$/' $W/kms.user | wc -l)
echo "# $n of $(wc -l < $W/kms.user) lines show uid 65534 a non-zero size (sizes reveal the layout)"
check "kallmodsyms shows uid 65534 no size ($n lines do)" test "$n" -eq 0
n=$(awk 'FILENAME == ARGV[1] { a[FNR] = $1; next } a[FNR] != $1' $W/ks.root $W/kms.root | wc -l)
check "root still sees the addresses of /proc/kallsyms (kptr_restrict=1; $n differ)" \
	test "$n" -eq 0 -a "$(awk '$1 !~ /^0+$/' $W/kms.root | wc -l)" -gt 0

# h. reading while the module comes and goes
if [ -z "$ko" ]; then
	skip "reading during module loads (kfx_mod.ko not in the initramfs)"
else
	rm -f $W/stop $W/k.bad
	(
		i=0
		while [ ! -e $W/stop ]; do
			i=$((i + 1))
			if ! cat $KMS > $W/k.stress; then
				echo "BAD read $i failed"
			elif ! $BIN/dtrace_parse $W/k.stress > $W/k.parse; then
				echo "BAD read $i malformed"
				[ -e $W/k.bad ] || cp $W/k.parse $W/k.bad
			fi
			echo "read $i"
		done
	) > $W/stress.log 2>&1 &
	reader=$!
	cycles=0 errors=0
	while [ $cycles -lt 200 ]; do
		cycles=$((cycles + 1))
		mod_load || errors=$((errors + 1))
		rmmod kfx_mod || errors=$((errors + 1))
	done
	# at least one read must overlap the loop
	i=0
	while ! grep -q '^read ' $W/stress.log && [ $i -lt 120 ]; do
		i=$((i + 1))
		sleep 1
	done
	touch $W/stop
	wait $reader
	reads=$(grep -c '^read ' $W/stress.log)
	bad=$(grep -c '^BAD' $W/stress.log)
	grep '^BAD' $W/stress.log | head -n 5 | sed 's/^/# /'
	[ ! -e $W/k.bad ] || grep '^malformed' $W/k.bad | head -n 10 | sed 's/^/# /'
	check "$cycles loads and unloads of kfx_mod succeed ($errors errors)" test $errors -eq 0
	check "$reads reads during them all well formed ($bad not)" test "$bad" -eq 0
fi

# i. read time against /proc/kallsyms (for make bench)
if [ -n "$(date +%s%N | sed -n '/^[0-9]*$/p')" ]; then
	now_us() { echo $(($(date +%s%N) / 1000)); }
else
	# busybox date has no %N: adjtimex shows the time in microseconds
	now_us() { adjtimex | awk '/tv_sec/ { s = $2 } /tv_usec/ { u = $2 } END { printf "%d%06d\n", s, u }'; }
fi
median() { printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"; }
read_us() {
	t0=$(now_us)
	cat $1 > /dev/null
	t1=$(now_us)
	echo $((t1 - t0))
}
# the cost of reading the clock, taken off both medians
set --
for i in 1 2 3 4 5; do t0=$(now_us); t1=$(now_us); set -- "$@" $((t1 - t0)); done
clock=$(median "$@")
set --
for i in 1 2 3 4 5; do set -- "$@" $(read_us $KMS); done
tkms=$(($(median "$@") - clock))
set --
for i in 1 2 3 4 5; do set -- "$@" $(read_us /proc/kallsyms); done
tks=$(($(median "$@") - clock))
[ $tks -gt 0 ] || tks=1
[ $tkms -gt 0 ] || tkms=1
echo "# median of 5 reads: /proc/kallmodsyms $tkms us, /proc/kallsyms $tks us"
echo "# kallmodsyms/kallsyms read time ratio $(awk -v a=$tkms -v b=$tks 'BEGIN { printf "%.2f", a / b }')"
