# Shared by the harness scripts: paths, the variant of the test kernel
# and the step banner.  Sourced, not run.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
# UNPATCHED=1: the same steps on Linux 6.12 without the series (make
# suites-base), in a tree, object directories and perf of their own
UNPATCHED_SUFFIX=${UNPATCHED:+-6.12}
TREE=$BUILD/linux$UNPATCHED_SUFFIX
PATCHES=${PATCHES:-$TOP/patches}
VARIANT_TABLE=$TOP/configs/variants
# the guest tests of the kernel's own suites (tests/guest/t), which a
# 6.12 guest without the series runs too (make suites-base)
SUITE_TESTS='4[0-9]-suite-*.sh'

# variant_rows: the rows of configs/variants, comments and blanks left out
variant_rows() { grep -v -e '^#' -e '^[[:space:]]*$' "$VARIANT_TABLE"; }
# variant_col NAME COLUMN: one column of a variant's row (columns as the
# table's comment names them, counted from 1)
variant_col() { variant_rows | awk -v v="$1" -v c="$2" '$1 == v { print $c }'; }
# variants_with COLUMN VALUE: the variants whose COLUMN (a comma list for
# arches and roles) holds VALUE, in table order
variants_with() {
	variant_rows | awk -v c="$1" -v want="$2" '
		{ n = split($c, v, ","); for (i = 1; i <= n; i++) if (v[i] == want) { print $1; next } }' \
		| tr '\n' ' ' | sed 's/ $//'
}
# the named columns
COL_ARCH=2 COL_ARCHES=3 COL_KARCH=4 COL_CROSS=5 COL_CC=6 COL_IMAGE=7 COL_CONSOLE=8
COL_DEB=9 COL_OBJDIR=10 COL_LAYOUT=11 COL_BOOT=12 COL_FILE=13 COL_BENCH=14
COL_ROLES=15 COL_PKGS=16 COL_QEMU=17

# variant_has_role VARIANT ROLE: VARIANT's roles (a comma list) hold ROLE
variant_has_role() { case ",$(variant_col "$1" $COL_ROLES)," in *,"$2",*) ;; *) return 1 ;; esac; }

# variant_arch VARIANT: the architecture a variant builds for
variant_arch() { variant_col "$1" $COL_ARCH; }

VARIANTS=$(variant_rows | awk '{ print $1 }' | tr '\n' ' ' | sed 's/ $//')
# ARCH= narrows every target to one architecture's variants, in any of
# the spellings the table lists (make test ARCH=arm64, ARCH=x86)
if [ -n "${ARCH:-}" ]; then
	ARCH_ONLY=$(variant_rows | awk -v a="$ARCH" '
		{ n = split($3, s, ","); for (i = 1; i <= n; i++) if (s[i] == a || $2 == a) { print $2; exit } }')
	[ -n "$ARCH_ONLY" ] || {
		printf 'error: ARCH=%s: one of %s\n' "$ARCH" \
			"$(variant_rows | awk '{ split($3, s, ","); print s[1] }' | uniq | tr '\n' ' ' | sed 's/ $//; s/ /, /g')" >&2
		exit 1
	}
	VARIANTS=$(variants_with $COL_ARCH "$ARCH_ONLY")
fi
# what make test runs unless TEST_VARIANTS says: the selected variants
# but those with the extra role
test_variants() {
	local v
	for v in $VARIANTS; do
		variant_has_role "$v" extra || echo "$v"
	done | tr '\n' ' ' | sed 's/ $//'
}
# the default: the first of the selected variants that has the default role
default_variant() {
	local v
	for v in $VARIANTS; do
		variant_has_role "$v" default && { echo "$v"; return; }
	done
	echo "${VARIANTS%% *}"
}
VARIANT=${VARIANT:-$(default_variant)}
case " $VARIANTS " in *" $VARIANT "*) ;; *)
	printf 'error: VARIANT=%s: one of %s\n' "$VARIANT" "$VARIANTS" >&2; exit 1 ;;
esac

# The variant's row: its architecture, toolchain, image, QEMU and console,
# Debian's name of its architecture, its object directory and time limits.
read -r _ GUEST_ARCH _ KARCH CROSS_COMPILE VARIANT_CC IMAGE CONSOLE DEB_ARCH objdir LINK_LAYOUT \
	BOOT_SECS FILE_SECS BENCH_DEFCONFIG VARIANT_ROLES VARIANT_PKGS qemu <<<"$(variant_rows | awk -v v="$VARIANT" '$1 == v')"
[ "$CROSS_COMPILE" != - ] || CROSS_COMPILE=
read -r -a QEMU <<<"$qemu"
OBJ=$BUILD/$objdir$UNPATCHED_SUFFIX
INITRAMFS=$OBJ.initramfs.cpio.gz
VARIANT_CONFIG=$TOP/configs/variant-$VARIANT.config
ARCH_CONFIG=$TOP/configs/arch-$GUEST_ARCH.config
IMAGE_TARGET=${IMAGE##*/}
SOURCE_TARBALL=${SOURCE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
# ccache lives outside the repository so a fresh clone still hits it,
# wherever the clone is: paths under the clone are hashed as relative.
export CCACHE_DIR=${CCACHE_DIR:-/var/cache/kallmodsyms-ccache}
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$TOP}
# With -g (the btf variant's DWARF, perf) ccache hashes the working
# directory too, so another clone missed every file (btf 446 s warm,
# perf 79 s): leave it out; a hit's DWARF then names the first clone's
# directory, which no test reads.
export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-true}
# Depend mode: a miss compiles at once, without a preprocessor run first
# to look up (a cold test kernel in 397 s instead of 536 s).  The price:
# no preprocessor-mode hits, so a config change rebuilds that variant.
export CCACHE_DEPEND=${CCACHE_DEPEND:-true}
# A fixed build timestamp keeps init/version.o cacheable across builds.
export KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-2024-11-17}
export KBUILD_BUILD_USER=kallmodsyms KBUILD_BUILD_HOST=harness

# The guest's busybox-static: the host's for a guest of the host's own
# architecture, else Debian's package of the guest architecture,
# unpacked by scripts/deps.sh.
HOST_DEB_ARCH=$(dpkg --print-architecture 2>/dev/null || echo unknown)
# perf_dir: where scripts/perf.sh builds perf for VARIANT's architecture
perf_dir() {
	if [ "$DEB_ARCH" = "$HOST_DEB_ARCH" ]; then echo "$BUILD/perf$UNPATCHED_SUFFIX"; else echo "$BUILD/perf-$DEB_ARCH$UNPATCHED_SUFFIX"; fi
}
if [ "$DEB_ARCH" = "$HOST_DEB_ARCH" ]; then
	BUSYBOX=$(command -v busybox || echo /bin/busybox)
else
	BUSYBOX=$BUILD/busybox-$DEB_ARCH/bin/busybox
fi

# The compilers of the variant, through ccache; kbuild's ARCH always on
# the command line, so that an ARCH= spelling in the environment is not
# taken for it.
if [ "$VARIANT_CC" = llvm ]; then
	TOOLCHAIN=(ARCH="$KARCH" LLVM=1 CC="ccache clang" HOSTCC="ccache clang")
elif [ -n "$CROSS_COMPILE" ]; then
	TOOLCHAIN=(ARCH="$KARCH" CROSS_COMPILE="$CROSS_COMPILE"
		CC="ccache ${CROSS_COMPILE}gcc" HOSTCC="ccache gcc")
else
	TOOLCHAIN=(ARCH="$KARCH" CC="ccache gcc" HOSTCC="ccache gcc")
fi

# bench_report LAYOUT: the report make bench writes for a link layout
# (scripts/bench.sh), which scripts/bench-guest.sh adds to
bench_report() { echo "$BUILD/bench-objfiles-$1.txt"; }

# median VALUE...: the middle value (the mean of the two middle ones)
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
step() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Out-of-tree kbuild of $TREE: kbuild OBJDIR [MAKE ARGUMENTS...]
# (the same make line as kernel.sh's kmake, with the object dir explicit).
kbuild() {
	local obj=$1
	shift
	make -C "$TREE" O="$obj" "${TOOLCHAIN[@]}" -j"$(nproc)" "$@"
}

# kconfig_check CONFIG FRAGMENT...: every "CONFIG_X=v" and "# CONFIG_X is
# not set" line of the fragments is in CONFIG.  merge_config.sh only
# warns when a dependency drops a symbol; this fails, naming the lines.
kconfig_check() {
	local config=$1 line missing=0
	shift
	while read -r line; do
		case "$line" in
		"# CONFIG_"*)	# off, or not offered at all (64BIT on PA11)
			! grep -q "^${line:2:-11}=" "$config" ;;
		*)	grep -qx -- "$line" "$config" ;;
		esac || { echo "not set: $line" >&2; missing=1; }
	done < <(kconfig_lines "$@")
	return $missing
}
# kconfig_lines FRAGMENT...: each symbol's last line, as merge_config.sh
# takes a later fragment's line over an earlier one's (an architecture's
# "# CONFIG_64BIT is not set" over test.config's CONFIG_64BIT=y)
kconfig_lines() {
	sed -n -e 's/^\(CONFIG_[A-Za-z0-9_]*\)=.*/\1 &/p' \
		-e 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1 &/p' "$@" |
		awk '{ sym = $1; sub(/^[^ ]* /, ""); if (!(sym in last)) order[n++] = sym; last[sym] = $0 }
		     END { for (i = 0; i < n; i++) print last[order[i]] }'
}

# off_guest_tests: the guest test files (names) that the off variant's
# guest carries, those marked "# Also on the off variant"
off_guest_tests() { (cd "$TOP/tests/guest/t" && grep -l '^# Also on the off variant' *.sh); }

# has_role ROLE: VARIANT's roles (configs/variants) include ROLE
has_role() { variant_has_role "$VARIANT" "$1"; }

# Overlay files replace or add files; a file NAME.append is appended
# to NAME instead, so an existing Makefile can gain one line.
# Everything touched is hidden from git (skip-worktree / info/exclude).
lay_overlay() {
	local f dst
	step "laying kernel-tree-overlay/ over the tree (test-only, uncommitted)"
	(cd "$TOP/kernel-tree-overlay" && find . -type f ! -name README.md) | sed 's|^\./||' |
	while read -r f; do
		case "$f" in
		*.append)
			dst=${f%.append}
			cat "$TOP/kernel-tree-overlay/$f" >>"$TREE/$dst" ;;
		*)
			dst=$f
			mkdir -p "$TREE/$(dirname "$dst")"
			cp "$TOP/kernel-tree-overlay/$f" "$TREE/$dst" ;;
		esac
		if git -C "$TREE" ls-files --error-unmatch "$dst" >/dev/null 2>&1; then
			git -C "$TREE" update-index --skip-worktree "$dst"
		else
			echo "/$dst" >>"$TREE/.git/info/exclude"
		fi
	done
}

# base_tree: TREE (UNPATCHED) made afresh from build/linux's base commit
base_tree() {
	[ -e "$BUILD/linux/.git" ] || die "no kernel tree: run 'make tree'"
	step "checking out 6.12 without the series (build/linux's base) into ${TREE#$TOP/}"
	rm -rf "$TREE"
	git clone -q --shared --no-checkout "$BUILD/linux" "$TREE"
	git -C "$TREE" checkout -q base
}

# defaults_base: VARIANT's recording of 6.12's default output (make
# defaults-base), which guest 75 compares with
defaults_base() { echo "$TOP/tests/defaults/6.12-$VARIANT.txt.gz"; }

# suite_verdicts CONSOLE: "SUITE VERDICT NAME" of each test of the
# kernel's own suites a guest ran (tests/guest/lib.sh suite_result)
suite_verdicts() { sed -n 's/^# suite //p' "$1"; }

# kconfig_generate OBJDIR OUT BASE FRAGMENT...: write to OUT (an absolute
# path) the configuration that the *config target BASE plus the fragments
# give in OBJDIR, then olddefconfig, and check the fragments stuck.
# OBJDIR/.config is left alone, so a caller can compare before replacing
# it (an unchanged .config keeps its timestamp and nothing is rebuilt).
kconfig_generate() {
	local obj=$1 out=$2 base=$3
	shift 3
	mkdir -p "$obj"
	KCONFIG_CONFIG=$out kbuild "$obj" -s "$base" >/dev/null
	# merge_config.sh makes its temporary files in the current directory.
	(cd "$obj" && KCONFIG_CONFIG=$out "$TREE/scripts/kconfig/merge_config.sh" -m -O "$obj" "$out" "$@") >"$out.merge.log"
	KCONFIG_CONFIG=$out kbuild "$obj" -s olddefconfig >/dev/null
	kconfig_check "$out" "$@" || die "config fragments not honoured in ${out#$TOP/} (dependencies?)"
}

# patch-ids (content, not commit ids or dates) of the commits on top of
# the base tag in $TREE, and of the patches in $PATCHES/series.
tree_patch_ids() {
	git -C "$TREE" log --reverse -p --format='commit %H' base..HEAD |
		git patch-id --stable | cut -d' ' -f1
}
series_patch_ids() {
	local p
	for p in $(series_files); do
		git patch-id --stable <"$p" | cut -d' ' -f1
	done
}
# the patches $PATCHES/series lists (SET/NNNN-*.patch), in order, as paths
series_files() {
	[ -f "$PATCHES/series" ] || return 0
	grep -v -e '^#' -e '^$' "$PATCHES/series" | sed "s|^|$PATCHES/|"
}

# applied_record: where the patch-ids of the series as applied are kept
# (the tree's git directory: a worktree has its own)
applied_record() { echo "$(git -C "$TREE" rev-parse --absolute-git-dir)/kallmodsyms-applied"; }

# tree_guard: may $TREE be thrown away and made again from $PATCHES?
# Yes if it holds nothing of its own: no uncommitted edits, and its
# commits are either the series in $PATCHES or the series as applied
# when the tree was made (then $PATCHES is newer: a git pull).  No,
# with what to do, if it has commits of its own.
tree_guard() {
	local now applied series
	[ -e "$TREE/.git" ] || return 0
	[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] ||
		die "build/linux has uncommitted changes: commit them, 'make export', or FORCE=1 to drop them"
	now=$(tree_patch_ids)
	series=$(series_patch_ids)
	[ "$now" != "$series" ] || return 0
	applied=$(cat "$(applied_record)" 2>/dev/null || echo none)
	if [ "$now" = "$applied" ]; then
		step "patches/ is newer than build/linux, which has no commits of its own"
		return 0
	fi
	if [ "$applied" = "$series" ]; then
		die "build/linux has commits that patches/ lacks: 'make export' (then commit patches/), or FORCE=1 to drop them"
	fi
	die "build/linux has commits of its own and patches/ changed since it was made: keep yours with 'git -C build/linux format-patch -o build/my-work base..HEAD', then FORCE=1 make tree and git am what you need"
}
