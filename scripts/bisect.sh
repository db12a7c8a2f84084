#!/usr/bin/env bash
# Build every patch of the series on its own (bisectability), out of tree,
# without the test overlay: each commit of build/linux from base to work,
# tinyconfig + the test fragments, boot image and modules, with W=1 on
# the files the series touches, in each of BISECT_VARIANTS (default: the
# variants with the bisect role in configs/variants: both link layouts and
# both linkers).  Then the tip in each of BISECT_TIPS (default: the
# variants with the tip role, and the first bisect variant with
# CONFIG_KALLSYMS_OBJFILES off and with CONFIG_MODULES off: "off" and
# "nomodules"; empty for none).  A line per build; exit 1 if any build
# fails or warns.  Slow (a build per patch and variant): not in CI.
# BISECT_FROM=COMMIT builds only the patches after it, BISECT_TO=COMMIT
# none after it, so that a long run can be cut in parts.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

SRC=$BUILD/bisect-src
# every variant of the table, whatever ARCH= said
ARCH=
BISECT_VARIANTS=${BISECT_VARIANTS:-$(variants_with $COL_ROLES bisect)}
BISECT_TIPS=${BISECT_TIPS-$(variants_with $COL_ROLES tip) off nomodules}
# the variant of the "off" and "nomodules" tips
BASE_VARIANT=${BISECT_VARIANTS%% *}
LOG=$BUILD/bisect.log
W1_FILES="kernel/kallsyms.o kernel/kallsyms_objfiles.o kernel/module/kallsyms.o
	kernel/trace/trace_kprobe.o kernel/trace/trace_fprobe.o kernel/trace/ftrace.o
	kernel/livepatch/core.o"
failed=0

[ -e "$TREE/.git" ] || die "no kernel tree: run 'make tree'"

# A copy of the series alone (build/linux has the overlay laid over it),
# brought up to date once.
prepare_source() {
	if [ ! -d "$SRC/.git" ]; then
		step "cloning ${TREE#$TOP/} into ${SRC#$TOP/} (the series without the overlay)"
		git clone -q --shared "$TREE" "$SRC"
	fi
	git -C "$SRC" fetch -q "$TREE" work base
}

# configure FRAGMENT-LINES...: tinyconfig, the test fragment minus what
# the overlay defines, the architecture's and the variant's, then the
# extra lines.  No check: early patches
# lack the options of later ones.
configure() {
	local frag=$OBJB/bisect.config line sym
	mkdir -p "$OBJB"
	local variant_lines=()
	grep -v FIXTURES "$TOP/configs/test.config" >"$frag"
	while read -r line; do	# the variant's settings, then the caller's
		case "$line" in CONFIG_* | "# CONFIG_"*" is not set") variant_lines+=("$line") ;; esac
	done < <(cat "$ARCH_CONFIG" "$VARIANT_CONFIG")
	for line in "${variant_lines[@]}" "$@"; do	# the extra lines replace the fragment's
		sym=$(grep -oE 'CONFIG_[A-Z0-9_]+' <<<"$line")
		sed -i -E "/(^|# )$sym[= ]/d" "$frag"
		echo "$line" >>"$frag"
	done
	make -C "$SRC" O="$OBJB" "${TOOLCHAIN[@]}" -s tinyconfig >/dev/null
	(cd "$OBJB" && "$SRC/scripts/kconfig/merge_config.sh" -m -O "$OBJB" .config "$frag") >/dev/null
	make -C "$SRC" O="$OBJB" "${TOOLCHAIN[@]}" -s olddefconfig >/dev/null
}

# series_warnings LOG: its errors and warnings, but not the warnings that
# 6.12 itself gives in files the series leaves alone (clang 14's stack
# frame warnings in fs/select.c and lib/maple_tree.c, say)
series_warnings() {
	grep -iE 'warning|error' "$1" | grep -vE '^[0-9]+ warnings? generated\.$' |
		awk -v touched="$SERIES_FILES" '
		BEGIN { n = split(touched, f, " "); for (i = 1; i <= n; i++) t[f[i]] = 1 }
		/^[^ :]*bisect-src\/[^:]*:[0-9]+:[0-9]+: warning:/ {
			file = $0; sub(/:.*/, "", file); sub(/.*bisect-src\//, "", file)
			if (!(file in t))
				next
		}
		{ print }'
}

# build NAME TARGET...: the targets, then W=1 on the series' C files
# that this configuration builds.
build() {
	local name=$1 out=$OBJB/build.log f
	shift
	for f in $W1_FILES; do rm -f "$OBJB/$f"; done	# left by another config
	if make -C "$SRC" O="$OBJB" "${TOOLCHAIN[@]}" -j"$(nproc)" \
		-s "$@" >"$out" 2>&1 &&
	   make -C "$SRC" O="$OBJB" "${TOOLCHAIN[@]}" -j"$(nproc)" -s W=1 \
		$(for f in $W1_FILES; do [ -f "$OBJB/$f" ] && echo "$f"; done) >>"$out" 2>&1; then
		if series_warnings "$out" | grep . >/dev/null; then
			echo "not ok - $name: builds with warnings"
			series_warnings "$out" | head -n 5
			failed=1
		else
			echo "ok - $name"
		fi
	else
		echo "not ok - $name: build failed"
		tail -n 15 "$out"
		failed=1
	fi
	cat "$out" >>"$LOG"
}

: >"$LOG"
prepare_source
SERIES_FILES=$(git -C "$TREE" diff --name-only base work | tr '\n' ' ')
# use_variant NAME: its toolchain and config (lib.sh), its own object dir
use_variant() {
	VARIANT=$1
	. "$TOP/scripts/lib.sh"
	OBJB=$BUILD/obj-bisect-$VARIANT
}

for c in $(git -C "$TREE" rev-list --reverse "${BISECT_FROM:-base}".."${BISECT_TO:-work}"); do
	subject=$(git -C "$TREE" log -1 --format=%s "$c")
	git -C "$SRC" checkout -q -f "$c"
	for v in $BISECT_VARIANTS; do
		use_variant "$v"
		step "building $(git -C "$TREE" log -1 --format=%h "$c") $subject ($v)"
		configure
		build "$subject ($v)" "$IMAGE_TARGET" modules
	done
done
# the tip itself: the loop may have built none (BISECT_FROM=work)
git -C "$SRC" checkout -q -f "$(git -C "$TREE" rev-parse work)"
for t in $BISECT_TIPS; do
	case $t in
	off)
		use_variant "$BASE_VARIANT"
		step "building the tip with CONFIG_KALLSYMS_OBJFILES off"
		configure "# CONFIG_KALLSYMS_OBJFILES is not set"
		build "tip, KALLSYMS_OBJFILES=n" "$IMAGE_TARGET" modules ;;
	nomodules)
		use_variant "$BASE_VARIANT"
		step "building the tip with CONFIG_MODULES off"
		configure "# CONFIG_MODULES is not set"
		build "tip, MODULES=n" "$IMAGE_TARGET" ;;
	*)
		use_variant "$t"
		step "building the tip ($t)"
		configure
		build "tip ($t)" "$IMAGE_TARGET" modules ;;
	esac
done
exit $failed
