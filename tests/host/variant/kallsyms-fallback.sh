#!/usr/bin/env bash
# Host test: when scripts/kallsyms cannot follow the previous pass in a
# later one (exit status 2), link-vmlinux.sh links that pass again with a
# map, lists its symbols again beside the map's reading, and the tables
# are as right as ever.  In a copy of the variant's object directory (in
# its place), with a kallsyms that refuses every --objfiles-follow.  One
# variant is enough for link-vmlinux.sh's path, which is the same on
# every layout: the first native one that make test builds.
set -uo pipefail
. "$(dirname "$0")/../../../scripts/lib.sh"

for v in $(test_variants); do
	[ "$(variant_col "$v" $COL_DEB)" = "$HOST_DEB_ARCH" ] && { one=$v; break; }
done
[ "$VARIANT" = "${one:-}" ] || { echo "ok - # SKIP fallback: run on the ${one:-?} variant only"; exit 0; }
[ -f "$OBJ/vmlinux" ] && [ -x "$OBJ/scripts/kallsyms" ] ||
	{ echo "ok - # SKIP fallback: no $OBJ/vmlinux"; exit 0; }
# The copy takes the original's place, so that kbuild's paths, and with
# them every command line, stay the same and only the link is redone;
# the original comes back on exit.  Nothing else uses the directory
# while the variant's host tests run (its guest starts after them).
saved=$OBJ.fallback-saved
rm -rf "$saved"
mv "$OBJ" "$saved"
trap 'rm -rf "$OBJ"; mv "$saved" "$OBJ"' EXIT
cp -a "$saved" "$OBJ"
ks=$OBJ/scripts/kallsyms
mv "$ks" "$ks.real"
cat >"$ks" <<EOF
#!/bin/sh
case "\$*" in *--objfiles-follow=*) echo "kallsyms: refusing to follow (test)" >&2; exit 2 ;; esac
exec "$ks.real" "\$@"
EOF
chmod +x "$ks"	# newer than its source: kbuild keeps it
rm -f "$OBJ/vmlinux"

if ! kbuild "$OBJ" vmlinux >"$OBJ/relink.log" 2>&1; then
	echo "not ok - fallback: the relink failed: $(grep -m 1 -iE 'error|kallsyms:|objranges:' "$OBJ/relink.log")"
	exit 0
fi
# after the refusal, the same pass linked again, its account from a map
again=$(awk '/refusing to follow/ { on = 1 }
	on && /^  (LD|OBJRNG|NM) / && n++ < 3 { printf "%s %s ", $1, $2 }' "$OBJ/relink.log")
if [ "$again" = "LD .tmp_vmlinux2 OBJRNG .tmp_vmlinux2.objranges NM .tmp_vmlinux2.syms " ]; then
	echo "ok - fallback: a refused --objfiles-follow links .tmp_vmlinux2 again with a map and reads it"
else
	echo "not ok - fallback: after the refusal: ${again:-nothing}"
fi
if cmp -s <(cut -d' ' -f3 "$OBJ/System.map") <(cut -d' ' -f3 "$saved/System.map"); then
	echo "ok - fallback: vmlinux has the symbols of the followed build"
else
	echo "not ok - fallback: vmlinux's symbols differ from the followed build's"
fi
line=$("$TOP/tests/host/variant/objfiles.sh" 2>&1 | grep -E '^(not )?ok - objfile table matches the linker maps')
case $line in
"ok - "*) echo "ok - fallback: ${line#ok - }" ;;
*) echo "not ok - fallback: ${line:-the host check said nothing}" ;;
esac
