#!/usr/bin/env bash
# Host test: scripts/kallsyms, given broken linker maps or objects, stops
# with a message naming the file (and the line, for map syntax) instead of
# emitting a table.  Inputs are the test kernel's own, damaged on purpose.
set -uo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

ks=$OBJ/scripts/kallsyms
map=$(ls "$OBJ"/.tmp_vmlinux[1-9].map 2>/dev/null | sort -V | tail -n 1)
if [ ! -x "$ks" ] || [ -z "$map" ] || [ ! -f "$OBJ/vmlinux.o.map" ]; then
	echo "ok - # SKIP broken maps: no kallsyms build in $OBJ"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
syms=${map%.map}.syms
elf=${map%.map}

# expect NAME PATTERN MAP [RELOC]: kallsyms fails and stderr matches PATTERN
expect() {
	local name=$1 pattern=$2 lmap=$3 rmap=${4:-$OBJ/vmlinux.o.map}
	cp "$elf" "${lmap%.map}" 2>/dev/null
	if (cd "$OBJ" && "$ks" --all-symbols --objfiles --link-map="$lmap" \
		--relocatable-map="$rmap" "$syms") >"$tmp/out" 2>"$tmp/err"; then
		echo "not ok - $name: kallsyms accepted it"
	elif grep -qE "$pattern" "$tmp/err"; then
		echo "ok - $name: $(head -c 120 "$tmp/err" | head -n 1)"
	else
		echo "not ok - $name: unexpected message: $(head -n 1 "$tmp/err")"
	fi
}

# damage MAP-IN MAP-OUT SED-SCRIPT: a copy of a map with one change
damage() { sed "$3" "$1" >"$2"; }

mapln=$(grep -n '^Linker script and memory map' "$map" | cut -d: -f1)
first_in=$(awk -v s="$mapln" 'NR > s && /^ \.text +0x/ { print NR; exit }' "$map")

damage "$map" "$tmp/a.map" "${first_in}s/0x[0-9a-f]*/0xZZZ/"
expect "bad address in an input section" "a\\.map:$first_in: .*address and size" "$tmp/a.map"

damage "$map" "$tmp/b.map" "/^Linker script and memory map/d"
expect "no memory map" "b\\.map:[0-9]+: not a GNU ld map" "$tmp/b.map"

damage "$map" "$tmp/c.map" "${first_in}s/^ \\.text .*/ .text/;${first_in}a\\ garbage here"
expect "a wrapped section name followed by garbage" "c\\.map:$((first_in + 1)): .*address and size" "$tmp/c.map"

: >"$tmp/d.map"
expect "empty map" "d\\.map:0: not a GNU ld map" "$tmp/d.map"

expect "missing map" "nonexistent\\.map: No such file" "$tmp/nonexistent.map"

damage "$map" "$tmp/e.map" "${first_in}s|\\(0x[0-9a-f]* *0x[0-9a-f]*\\) .*|\\1 $(printf 'x%.0s' $(seq 300)).o|"
expect "object path too long" "e\\.map:$first_in: object path too long" "$tmp/e.map"

damage "$OBJ/vmlinux.o.map" "$tmp/vmlinux.o.map" "/^Linker script and memory map/d"
expect "broken relocatable map" "vmlinux\\.o\\.map:[0-9]+: not a GNU ld map" "$map" "$tmp/vmlinux.o.map"

# an object of the map that is not an ELF file
first_obj=$(awk -v s="$mapln" 'NR > s && $1 == ".text" && $4 ~ /\.o$/ && $4 != "vmlinux.o" { print $4; exit }' "$map")
if [ -n "$first_obj" ]; then
	mkdir -p "$tmp/objdir"
	echo "not ELF" >"$tmp/notelf.o"
	damage "$map" "$tmp/f.map" "s|$first_obj|$tmp/notelf.o|g"
	expect "an object that is not ELF" "notelf\\.o: not an ELF file" "$tmp/f.map"
fi
