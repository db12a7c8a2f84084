#!/usr/bin/env bash
# Build every patch of the series on its own (bisectability), out of tree,
# without the test overlay: each commit of build/linux from base to work,
# tinyconfig + the test fragment, bzImage and modules, with W=1 on the
# files the series touches.  Then the tip with CONFIG_KALLSYMS_OBJFILES
# off and with CONFIG_MODULES off.  A line per build; exit 1 if any
# build fails or warns.  Slow (a build per patch): not in CI.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

SRC=$BUILD/bisect-src
OBJB=$BUILD/obj-bisect
LOG=$BUILD/bisect.log
W1_FILES="kernel/kallsyms.o kernel/module/kallsyms.o kernel/trace/trace_kprobe.o"
failed=0

[ -d "$TREE/.git" ] || die "no kernel tree: run 'make tree'"

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
# the overlay defines, then the extra lines.  No check: early patches
# lack the options of later ones.
configure() {
	local frag=$OBJB/bisect.config line sym
	mkdir -p "$OBJB"
	grep -v FIXTURES "$TOP/configs/test.config" >"$frag"
	for line in "$@"; do	# the extra lines replace the fragment's
		sym=$(grep -oE 'CONFIG_[A-Z0-9_]+' <<<"$line")
		sed -i -E "/(^|# )$sym[= ]/d" "$frag"
		echo "$line" >>"$frag"
	done
	make -C "$SRC" O="$OBJB" -s tinyconfig >/dev/null
	(cd "$OBJB" && "$SRC/scripts/kconfig/merge_config.sh" -m -O "$OBJB" .config "$frag") >/dev/null
	make -C "$SRC" O="$OBJB" -s olddefconfig >/dev/null
}

# build NAME TARGET...: the targets, then W=1 on the series' C files
# that this configuration builds.
build() {
	local name=$1 out=$OBJB/build.log f
	shift
	for f in $W1_FILES; do rm -f "$OBJB/$f"; done	# left by another config
	if make -C "$SRC" O="$OBJB" CC="ccache gcc" HOSTCC="ccache gcc" -j"$(nproc)" \
		-s "$@" >"$out" 2>&1 &&
	   make -C "$SRC" O="$OBJB" CC="ccache gcc" -j"$(nproc)" -s W=1 \
		$(for f in $W1_FILES; do [ -f "$OBJB/$f" ] && echo "$f"; done) >>"$out" 2>&1; then
		if grep -qiE 'warning|error' "$out"; then
			echo "not ok - $name: builds with warnings"
			grep -iE 'warning|error' "$out" | head -n 5
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
for c in $(git -C "$TREE" rev-list --reverse base..work); do
	subject=$(git -C "$TREE" log -1 --format=%s "$c")
	step "building $(git -C "$TREE" log -1 --format=%h "$c") $subject"
	git -C "$SRC" checkout -q -f "$c"
	configure
	build "$subject" bzImage modules
done
step "building the tip with CONFIG_KALLSYMS_OBJFILES off"
configure "# CONFIG_KALLSYMS_OBJFILES is not set"
build "tip, KALLSYMS_OBJFILES=n" bzImage modules
step "building the tip with CONFIG_MODULES off"
configure "# CONFIG_MODULES is not set"
build "tip, MODULES=n" bzImage
exit $failed
