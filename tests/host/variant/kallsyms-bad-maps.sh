#!/usr/bin/env bash
# Host test: scripts/objranges, given broken linker maps, objects or
# pieces files, and scripts/kallsyms, given a broken account of a link,
# stop with a message naming the file (and the line, for syntax) instead
# of emitting a table.  Inputs are the test kernel's own, damaged on
# purpose.
set -uo pipefail
. "$(dirname "$0")/../../../scripts/lib.sh"

ks=$OBJ/scripts/kallsyms
or=$OBJ/scripts/objranges
map=$(ls "$OBJ"/.tmp_vmlinux[1-9].map 2>/dev/null | sort -V | tail -n 1)
if [ ! -x "$ks" ] || [ ! -x "$or" ] || [ -z "$map" ] || [ ! -f "$OBJ/vmlinux.o.map" ] ||
   [ ! -f "$OBJ/vmlinux.o.pieces" ]; then
	echo "ok - # SKIP broken maps: no kallsyms build in $OBJ"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
syms=${map%.map}.syms
elf=${map%.map}

# refused NAME PATTERN COMMAND...: COMMAND fails and stderr matches PATTERN
refused() {
	local name=$1 pattern=$2
	shift 2
	if (cd "$OBJ" && "$@") >"$tmp/out" 2>"$tmp/err"; then
		echo "not ok - $name: accepted"
	elif grep -qE "$pattern" "$tmp/err"; then
		echo "ok - $name: $(head -c 120 "$tmp/err" | head -n 1)"
	else
		echo "not ok - $name: unexpected message: $(head -n 1 "$tmp/err")"
	fi
}

# expect NAME PATTERN MAP [PIECES]: objranges refuses them for a pass
expect() {
	local lmap=$3 pieces=${4:-$OBJ/vmlinux.o.pieces}
	refused "$1" "$2" "$or" --link-map="$lmap" --relocatable-pieces="$pieces"
}

# expect_pieces NAME PATTERN RELOC-MAP: --write-pieces refuses it
expect_pieces() {
	refused "$1" "$2" "$or" --write-pieces --relocatable-map="$3"
}

# expect_ranges NAME PATTERN RANGES: a kallsyms pass refuses the account
ksopts=(--all-symbols)
grep -q '^CONFIG_KALLSYMS_ABSOLUTE_PERCPU=y' "$OBJ/.config" && ksopts+=(--absolute-percpu)
expect_ranges() {
	refused "$1" "$2" "$ks" "${ksopts[@]}" --objfiles="$3" "$syms"
}

# damage MAP-IN MAP-OUT SED-SCRIPT: a copy of a map with one change
damage() { sed "$3" "$1" >"$2"; }

# GNU ld maps: input sections in column 1, "0x" numbers
gnu_cases() {
	local mapln first_in next_in
	mapln=$(grep -n '^Linker script and memory map' "$map" | cut -d: -f1)
	first_in=$(awk -v s="$mapln" 'NR > s && /^ \.text +0x/ { print NR; exit }' "$map")

	damage "$map" "$tmp/a.map" "${first_in}s/0x[0-9a-f]*/0xZZZ/"
	expect "bad address in an input section" "a\\.map:$first_in: .*address and size" "$tmp/a.map"

	damage "$map" "$tmp/b.map" "/^Linker script and memory map/d"
	expect "no memory map" "b\\.map:[0-9]+: neither a GNU ld nor an ld.lld map" "$tmp/b.map"

	damage "$map" "$tmp/c.map" "${first_in}s/^ \\.text .*/ .text/;${first_in}a\\ garbage here"
	expect "a wrapped section name followed by garbage" "c\\.map:$((first_in + 1)): .*address and size" "$tmp/c.map"

	damage "$map" "$tmp/e.map" "${first_in}s|\\(0x[0-9a-f]* *0x[0-9a-f]*\\) .*|\\1 $(printf 'x%.0s' $(seq 300)).o|"
	expect "object path too long" "e\\.map:$first_in: object path over 255 bytes" "$tmp/e.map"

	damage "$OBJ/vmlinux.o.map" "$tmp/vmlinux.o.map" "/^Linker script and memory map/d"
	expect_pieces "broken relocatable map" "vmlinux\\.o\\.map:[0-9]+: neither a GNU ld nor an ld.lld map" "$tmp/vmlinux.o.map"

	# two objects' .text at one address: a real inconsistency, not a merge
	next_in=$(awk -v s="$first_in" 'NR > s && /^ \.text +0x[0-9a-f]+ +0x[0-9a-f]*[1-9a-f][0-9a-f]* .*\.o$/ { print NR; exit }' "$map")
	if [ -n "$next_in" ]; then
		addr=$(sed -n "${first_in}p" "$map" | awk '{ print $2 }')
		damage "$map" "$tmp/o.map" "${next_in}s/0x[0-9a-f]*/$addr/"
		expect "overlapping objects" "o\\.map:$next_in: .* overlaps .* \\(line $first_in\\)" "$tmp/o.map"
	fi
}

# ld.lld maps: "VMA LMA SIZE ALIGN" without "0x", then the text indented
# 0, 8 or 16 columns after the header's "Out"
lld_cases() {
	local first_in
	first_in=$(awk 'NR > 1 && $5 ~ /:\(\.text\)$/ { print NR; exit }' "$map")

	damage "$map" "$tmp/a.map" "${first_in}s/^\\( *\\)[0-9a-f]*/\\1zzzz/"
	expect "ld.lld map: bad address" "a\\.map:$first_in: VMA LMA SIZE ALIGN TEXT expected" "$tmp/a.map"

	damage "$map" "$tmp/b.map" "1d"
	expect "ld.lld map without its header" "b\\.map:[0-9]+: neither a GNU ld nor an ld.lld map" "$tmp/b.map"

	damage "$map" "$tmp/c.map" "${first_in}s/:(\\.text)\$/ .text/"
	expect "ld.lld map: input section without FILE:(SECTION)" "c\\.map:$first_in: input section FILE:\\(SECTION\\) expected" "$tmp/c.map"

	damage "$map" "$tmp/e.map" "${first_in}s|[^ ]*:(\\.text)\$|$(printf 'x%.0s' $(seq 300)).o:(.text)|"
	expect "ld.lld map: object path too long" "e\\.map:$first_in: object path over 255 bytes" "$tmp/e.map"

	damage "$map" "$tmp/f.map" "${first_in}s/:(\\.text)\$/&   /;${first_in}s/\\( [^ ]*:(\\.text)\\)/   \\1/"
	expect "ld.lld map: text indented 11 columns" "f\\.map:$first_in: indented 11 columns" "$tmp/f.map"

	damage "$map" "$tmp/g.map" "${first_in}s/^\\(.\\{20\\}\\).*/\\1/"
	expect "ld.lld map: line cut short" "g\\.map:$first_in: VMA LMA SIZE ALIGN TEXT expected" "$tmp/g.map"

	damage "$OBJ/vmlinux.o.map" "$tmp/vmlinux.o.map" "1d"
	expect_pieces "broken relocatable ld.lld map" "vmlinux\\.o\\.map:[0-9]+: neither a GNU ld nor an ld.lld map" "$tmp/vmlinux.o.map"
}

if head -n 1 "$map" | grep '^ *VMA  *LMA  *Size' >/dev/null; then
	lld_cases
else
	gnu_cases
fi

: >"$tmp/d.map"
expect "empty map" "d\\.map: empty map" "$tmp/d.map"

expect "missing map" "nonexistent\\.map: No such file" "$tmp/nonexistent.map"

expect_pieces "relocatable map not named OBJECT.map" "must be OBJECT\\.map" "$tmp/d.map.txt"

# pieces files: the first line, a line of each kind, object numbers;
# every pass reads them, whichever of vmlinux.o or vmlinux.a it linked
pieces_cases() {
	pieces=$OBJ/vmlinux.o.pieces
	damage "$pieces" "$tmp/p1" "1d"
	expect "pieces file without its header" "p1:1: not a kallsyms pieces file" "$map" "$tmp/p1"
	pline=$(grep -n -m1 '^p ' "$pieces" | cut -d: -f1)
	damage "$pieces" "$tmp/p2" "${pline}s/^p .*/p 0x10/"
	expect "pieces line cut short" "p2:$pline: malformed line" "$map" "$tmp/p2"
	damage "$pieces" "$tmp/p3" "${pline}s/^p \\([^ ]*\\) \\([^ ]*\\) .*/p \\1 \\2 99999/"
	expect "object number out of range" "p3:$pline: object 99999 of [0-9]+" "$map" "$tmp/p3"
	damage "$pieces" "$tmp/p4" "${pline}s/^p [^ ]*/p 12z/"
	expect "offset not a number" "p4:$pline: 12z: number expected" "$map" "$tmp/p4"
	damage "$pieces" "$tmp/p5" "${pline}s/^p /x /"
	expect "unknown line" "p5:$pline: malformed line" "$map" "$tmp/p5"
	damage "$pieces" "$tmp/p6" "2i\\m .rodata.str1.1"
	expect "an object's line before any object" "p6:2: malformed line" "$map" "$tmp/p6"
	eline=$(grep -n -m1 '^e ' "$pieces" | cut -d: -f1)
	if [ -n "$eline" ]; then
		damage "$pieces" "$tmp/p7" "${eline}s/^e \([^ ]*\) [^ ]*/e \1 0xQ/"
		expect "empty symbol without a value" "p7:$eline: 0xQ: number expected" "$map" "$tmp/p7"
	fi
}
pieces_cases
expect "missing pieces file" "nonexistent\\.pieces: No such file" "$map" "$tmp/nonexistent.pieces"

# an object of the map that is not an ELF file
first_obj=$(awk '$1 == ".text" && $4 ~ /\.o$/ && $4 != "vmlinux.o" { print $4; exit }
	$5 ~ /\.o:\(\.text\)$/ && $5 !~ /^vmlinux\.o:/ { sub(/:\(\.text\)$/, "", $5); print $5; exit }' "$map")
if [ -n "$first_obj" ]; then
	mkdir -p "$tmp/objdir"
	echo "not ELF" >"$tmp/notelf.o"
	damage "$map" "$tmp/f.map" "s|$first_obj|$tmp/notelf.o|g"
	expect "an object that is not ELF" "notelf\\.o: not an ELF file" "$tmp/f.map"
fi
reloc_obj=$(awk '$1 == ".text" && $4 ~ /\.o$/ { print $4; exit }
	$5 ~ /\.o:\(\.text\)$/ { sub(/:\(\.text\)$/, "", $5); print $5; exit }' "$OBJ/vmlinux.o.map")
if [ -n "$reloc_obj" ]; then
	damage "$OBJ/vmlinux.o.map" "$tmp/g.map" "s|$reloc_obj|$tmp/notelf.o|g"
	echo "not ELF" >"$tmp/notelf.o"
	expect_pieces "an object of vmlinux.o that is not ELF" "notelf\\.o: not an ELF file" "$tmp/g.map"
fi

# the account of a link that objranges gives kallsyms: each kind of line,
# object numbers, the order of ranges and of claims
ranges_cases() {
	local good=$tmp/good.objranges rline xline
	(cd "$OBJ" && "$or" --link-map="$map" --relocatable-pieces=vmlinux.o.pieces) >"$good" ||
		{ echo "not ok - objranges on the test kernel's own map failed"; return; }
	if (cd "$OBJ" && "$ks" "${ksopts[@]}" --objfiles="$good" "$syms") >/dev/null 2>"$tmp/err"; then
		echo "ok - kallsyms takes the account objranges gives of the test kernel's link"
	else
		echo "not ok - kallsyms refuses the test kernel's own account: $(head -n 1 "$tmp/err")"
	fi
	rline=$(grep -n -m1 '^r ' "$good" | cut -d: -f1)
	xline=$(grep -n -m1 '^x ' "$good" | cut -d: -f1)
	damage "$good" "$tmp/r1" "${rline}s/^r \([^ ]*\) \([^ ]*\) .*/r \1 \2 99999/"
	expect_ranges "range of an object not listed" "r1:$rline: malformed line" "$tmp/r1"
	damage "$good" "$tmp/r2" "${rline}{h;d};$((rline + 1))G"
	expect_ranges "ranges out of order" "r2:$((rline + 1)): malformed line" "$tmp/r2"
	damage "$good" "$tmp/r3" "${rline}s/^r \([^ ]*\) .*/r \1 \1 1/"
	expect_ranges "an empty range" "r3:$rline: malformed line" "$tmp/r3"
	damage "$good" "$tmp/r4" "1s/^o \([^ ]*\)\.o/o \1.c/"
	expect_ranges "an object path not ending in .o" "r4:1: malformed line" "$tmp/r4"
	damage "$good" "$tmp/r5" '1s/^o /o a"b/'
	expect_ranges "an object path with a quote" "r5:1: malformed line" "$tmp/r5"
	damage "$good" "$tmp/r6" "${xline}s/^x \([^ ]*\) [^ ]*/x \1 7z/"
	expect_ranges "claim by a bad object number" "r6:$xline: malformed line" "$tmp/r6"
	damage "$good" "$tmp/r7" "${xline}{h;d};\$G"
	expect_ranges "claims out of order" "r7:[0-9]+: malformed line" "$tmp/r7"
	damage "$good" "$tmp/r8" "${rline}i\\r 10 20 1 junk"
	expect_ranges "a range with a field too many" "r8:$rline: malformed line" "$tmp/r8"
	# bytes from 0x80 are the tables' tokens: a path holding one crashed
	LC_ALL=C damage "$good" "$tmp/r9" "1s|^o |o $(printf '\205')|"
	expect_ranges "an object path with a byte above 0x7f" "r9:1: malformed line" "$tmp/r9"
	expect_ranges "missing account" "nonexistent\\.objranges: No such file" "$tmp/nonexistent.objranges"

	# claims on a name too long for kallsyms are left out, not passed on
	local long
	long=$(printf 'y%.0s' $(seq 600))
	damage "$OBJ/vmlinux.o.pieces" "$tmp/long.pieces" \
		"s/^\\([ce] [^ ]* [^ ]*\\) .*/\\1 $long/"
	if (cd "$OBJ" && "$or" --link-map="$map" --relocatable-pieces="$tmp/long.pieces") >"$tmp/long" 2>"$tmp/err" &&
	   ! grep -q "$long" "$tmp/long" &&
	   (cd "$OBJ" && "$ks" "${ksopts[@]}" --objfiles="$tmp/long" "$syms") >/dev/null 2>>"$tmp/err"; then
		echo "ok - claims on names of 600 characters are left out of the account"
	else
		echo "not ok - claims on names of 600 characters: $(head -c 200 "$tmp/err")"
	fi
}
ranges_cases

# what --write-pieces reads, and where objranges writes
cut_map=$tmp/cut.map
head -c $(($(stat -c %s "$map") / 2)) "$map" >"$cut_map"
[ "$(tail -c 1 "$cut_map" | od -An -c | tr -d ' ')" = '\n' ] && truncate -s -1 "$cut_map"
expect "a map cut in the middle of a line" "cut\\.map:[0-9]+: no end of line" "$cut_map"

: >"$tmp/modules.builtin"
if (cd "$OBJ" && "$or" --write-pieces --relocatable-map=vmlinux.o.map \
	--builtin-modules="$tmp/modules.builtin") >"$tmp/pieces" 2>"$tmp/err"; then
	echo "ok - an empty modules.builtin (no modular code built in): $(grep -c '^p ' "$tmp/pieces") pieces"
else
	echo "not ok - an empty modules.builtin: $(head -n 1 "$tmp/err")"
fi
if [ -w /dev/full ]; then
	refused "an account that cannot be written" "cannot write the output" \
		sh -c "'$or' --link-map='$map' --relocatable-pieces=vmlinux.o.pieces >/dev/full"
fi
