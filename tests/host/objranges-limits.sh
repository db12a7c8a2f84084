#!/usr/bin/env bash
# Host test: what the link may hand scripts/objranges and scripts/kallsyms
# that no fixed field may refuse, and the one path limit both keep:
# - a section name longer than 256 bytes (-ffunction-sections names a
#   section after its function, and names reach KSYM_NAME_LEN);
# - an input longer than 255 bytes that is not an object at all;
# - an object path of 255 bytes without ".o" (the kernel's limit, which
#   leaves ".o" out), and one byte more, refused by both programs alike;
# - a section the object does not load (no SHF_ALLOC), whatever its name,
#   at an address of the loaded code;
# - a GNU ld map whose first line is its "Linker script and memory map";
# - a pieces file that lists one piece twice (refused, not a crash);
# - an object in more built-in modules than 255 bytes of names.
set -uo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

for p in objranges kallsyms; do
	[ -f "$TREE/scripts/$p.c" ] || { echo "ok - # SKIP limits: no $TREE/scripts/$p.c (make tree)"; exit 0; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

for p in objranges kallsyms; do
	gcc -O1 -I"$TREE/scripts/include" -o $p "$TREE/scripts/$p.c" 2>&1 | sed 's/^/# /'
	[ -x $p ] || { echo "not ok - limits: $p did not build"; exit 0; }
done

# report NAME: "ok" if the command that follows succeeds, else its first error
report()
{
	local name=$1

	shift
	if "$@" >/dev/null 2>err; then
		echo "ok - limits: $name"
	else
		echo "not ok - limits: $name: $(head -n 1 err)"
	fi
}

# a path of $1 bytes: directories of 100, the rest a file name
path_of()
{
	local n=$1 p=""

	while [ "$n" -gt 101 ]; do
		p+=$(printf 'd%.0s' $(seq 100))/
		n=$((n - 101))
	done
	p+=$(printf 'f%.0s' $(seq "$n"))
	echo "$p"
}

long_fn=$(printf 'l%.0s' $(seq 400))
# a.o: a function in a section named after it; both objects: a section
# without "a" (not loaded) that the link puts at address 0, where .text is
printf '.section .text.%s,"ax"\n.globl %s\n%s: ret\n' "$long_fn" "$long_fn" "$long_fn" >a.s
printf '.text\n.globl b\nb: ret\n' >b.s
for f in a b; do
	printf '.section .foo.notes,""\n.long 1\n' >>$f.s
	as -o $f.o $f.s || { echo "not ok - limits: the host's as made no fixture"; exit 0; }
done
obj255=$(path_of 255).o	# 255 bytes without ".o"
obj256=$(path_of 256).o
stub=$(path_of 300).stub	# an input that is no object
for f in "$obj255" "$obj256" "$stub"; do
	mkdir -p "$(dirname "$f")" && cp b.o "$f"
done
: >modules.builtin

# --- names and inputs longer than any fixed field
ld -r -Map=vmlinux.o.map -o vmlinux.o a.o "$stub" || { echo "not ok - limits: ld -r failed"; exit 0; }
report "a section name of $((${#long_fn} + 6)) bytes and an input path of ${#stub} bytes that is no object" \
	./objranges --write-pieces --relocatable-map=vmlinux.o.map --builtin-modules=modules.builtin
./objranges --write-pieces --relocatable-map=vmlinux.o.map --builtin-modules=modules.builtin >pieces 2>/dev/null
if grep -qx "s .text.$long_fn" pieces && grep -qx 'o a.o' pieces; then
	echo "ok - limits: the long section is a.o's piece"
else
	echo "not ok - limits: the long section is a.o's piece"
fi

# --- a section without SHF_ALLOC, at the address of a.o's .text
ld -Ttext=0 -e 0 -Map=t.map -o t a.o b.o 2>&1 | sed 's/^/# /'
if grep -q '^ \.foo\.notes *0x0*0 ' t.map; then
	report "a section without SHF_ALLOC at .text's address is no range" \
		./objranges --link-map=t.map
	./objranges --link-map=t.map >t.ranges 2>/dev/null
	if [ "$(grep -c '^r ' t.ranges)" = 2 ] && grep -qx 'r 0 1 1' t.ranges; then
		echo "ok - limits: a.o's and b.o's .text alone are ranges"
	else
		sed 's/^/# /' t.ranges
		echo "not ok - limits: a.o's and b.o's .text alone are ranges"
	fi
else
	echo "ok - # SKIP limits: this ld put .foo.notes elsewhere"
fi

# --- a GNU ld map whose first line is "Linker script and memory map"
sed -n '/^Linker script and memory map$/,$p' t.map >first.map
./objranges --link-map=t.map >t.ranges 2>/dev/null
if ! ./objranges --link-map=first.map >first.ranges 2>err; then
	echo "not ok - limits: a map that starts at GNU ld's header line: $(head -n 1 err)"
elif cmp -s t.ranges first.ranges; then
	echo "ok - limits: a map that starts at GNU ld's header line reads as the whole map"
else
	echo "not ok - limits: a map that starts at GNU ld's header line reads as the whole map"
fi

# --- a pieces file that lists one piece twice: an error, not a crash
printf '.text\n.globl c\nc: ret\n' >c.s && as -o c.o c.s
ld -r -Map=two.o.map -o two.o b.o c.o && ld -Ttext=0 -e 0 -Map=two.map -o two two.o ||
	{ echo "not ok - limits: the links of b.o and c.o failed"; exit 0; }
./objranges --write-pieces --relocatable-map=two.o.map --builtin-modules=modules.builtin >two.pieces
{ cat two.pieces; grep '^p ' two.pieces | tail -n 1; } >twice.pieces
./objranges --link-map=two.map --relocatable-pieces=twice.pieces >/dev/null 2>err
r=$?
if [ $r = 1 ] && grep -q 'overlapping pieces' err; then
	echo "ok - limits: a piece listed twice in a pieces file is refused ($(head -n 1 err))"
else
	echo "not ok - limits: a piece listed twice in a pieces file is refused (exit $r: $(head -n 1 err))"
fi

# --- the object path limit: 255 bytes without ".o" in both programs
ld -r -Map=ok.map -o ok.o "$obj255" && ld -r -Map=over.map -o over.o "$obj256" ||
	{ echo "not ok - limits: ld -r of the long paths failed"; exit 0; }
report "objranges takes an object path of 255 bytes without .o" \
	./objranges --write-pieces --relocatable-map=ok.map --builtin-modules=modules.builtin
if ./objranges --write-pieces --relocatable-map=over.map \
	--builtin-modules=modules.builtin >/dev/null 2>err; then
	echo "not ok - limits: objranges refuses 256 bytes without .o"
elif grep -q 'over 255 bytes without .o' err; then
	echo "ok - limits: objranges refuses 256 bytes without .o ($(cut -c1-60 err)...)"
else
	echo "not ok - limits: objranges refuses 256 bytes without .o: unexpected message: $(head -n 1 err)"
fi
printf 'ffffffff81000000 T _text\nffffffff81000000 T _stext\nffffffff81000010 T b\nffffffff81000020 T _etext\n' >s.syms
for o in "$obj255" "$obj256"; do
	printf 'o vmlinux.o\no %s\nr ffffffff81000010 ffffffff81000020 1\n' "$o" >"objfiles.$((${#o} - 2))"
done
report "kallsyms takes an object path of 255 bytes without .o" \
	./kallsyms --objfiles=objfiles.255 s.syms
if ./kallsyms --objfiles=objfiles.256 s.syms >/dev/null 2>err; then
	echo "not ok - limits: kallsyms refuses 256 bytes without .o"
else
	echo "ok - limits: kallsyms refuses 256 bytes without .o ($(head -n 1 err))"
fi

# --- an object of many built-in modules: every name, none cut
mods=""
for i in $(seq 30); do
	m=drivers/many/a_module_with_a_long_name_$i
	mods+=" $m"
	echo "kernel/$m.ko" >>modules.builtin
done
echo "savedcmd_b.o := gcc -DKBUILD_MODFILE='\"${mods# }\"' -c -o b.o b.c" >.b.o.cmd
ld -r -Map=mods.map -o mods.o b.o || { echo "not ok - limits: ld -r of b.o failed"; exit 0; }
./objranges --write-pieces --relocatable-map=mods.map --builtin-modules=modules.builtin >mods.pieces 2>err
line=$(grep '^o b\.o ' mods.pieces)
n=$(echo "${line#o b.o }" | tr ',' '\n' | grep -c '^a_module_with_a_long_name_[0-9]*$')
if [ "$n" = 30 ]; then
	echo "ok - limits: an object of 30 built-in modules names all 30 (${#line} bytes)"
else
	echo "not ok - limits: an object of 30 built-in modules names all 30: $n in '${line:0:80}...'"
fi
printf 'o vmlinux.o\n%s\nr ffffffff81000010 ffffffff81000020 1\n' "$line" >objfiles.mods
report "kallsyms reads an object line of ${#line} bytes" \
	./kallsyms --objfiles=objfiles.mods s.syms
