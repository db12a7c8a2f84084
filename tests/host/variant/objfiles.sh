#!/usr/bin/env bash
# Host test: the kallsyms object-file table (CONFIG_KALLSYMS_OBJFILES) of
# vmlinux against the linker maps and the objects' own symbol tables.
# The object directory is $OBJ (default build/obj-x86_64); see
# objfiles_check.py for what is checked.
set -uo pipefail
obj=${OBJ:-}
. "$(dirname "$0")/../../../scripts/lib.sh"
OBJ=${obj:-$OBJ}
here=$(cd "$(dirname "$0")" && pwd)

if [ ! -f "$OBJ/.config" ]; then
	echo "ok - # SKIP objfile table: no $OBJ/.config"
	exit 0
fi
if ! grep -q '^CONFIG_KALLSYMS_OBJFILES=y' "$OBJ/.config"; then
	echo "ok - # SKIP objfile table: CONFIG_KALLSYMS_OBJFILES is not set"
	exit 0
fi
if [ ! -f "$OBJ/vmlinux" ]; then
	echo "ok - # SKIP objfile table: no $OBJ/vmlinux (not built yet)"
	exit 0
fi
if ! command -v python3 >/dev/null; then
	echo "ok - # SKIP objfile table: no python3"
	exit 0
fi

python3 "$here/../objfiles_check.py" "$OBJ" \
	"$TOP/kernel-tree-overlay/kallsyms_fixtures/fixtures.txt"
