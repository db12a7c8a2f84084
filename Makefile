# Harness for the kallsyms object-file series on Linux 6.12.
# Each target is a step a person would take; each prints what it does.
# "make help" lists the targets and variables from the "##" lines below:
# a target's line follows its rule, a variable's is "##= NAME text".

SHELL := /bin/bash
BUILD := build
TREE := $(BUILD)/linux
export VARIANT TEST_VARIANTS

##= VARIANT=NAME        the test kernel of kernel, initramfs, run, shell, suites-base (a row of configs/variants)
##= ARCH=ARCH           only that architecture's variants: x86, arm64, powerpc (aliases x86_64, aarch64, ppc64le)
##= TEST_VARIANTS="..." the variants make test runs (default: all, or ARCH's, but the extra role)
##= GUEST_TESTS="..."  make initramfs, run: only these guest tests (a glob of tests/guest/t, default all)
##= GUEST_JOBS=N        guests booting at once during make test (2)
##= HOST_TEST_SECS=N    time limit of one host test file (900)
##= BOOT_TIMEOUT=N      time limit of a guest run, FILE_TIMEOUT=N of one guest test file (configs/variants)
##= FORCE=1             make tree: drop build/linux even with commits of its own
##= SERIES_VERSION=N    make export: the [PATCH vN] of every set (4)
##= BENCH_LAYOUT=NAME   make bench: one link layout (a variant with a bench defconfig)
##= BENCH_MODULES=n     make bench: leave the modules out
##= BENCH_LINK_REPS=N   make bench: relinks timed per build (3); BENCH_KALLSYMS_REPS=N scripts/kallsyms runs (5)
##= BISECT_VARIANTS="." make bisect: variants every patch builds in (those with the bisect role)
##= BISECT_TIPS="..."   make bisect: tip builds (tip-role variants, off, nomodules; empty for none)
##= BISECT_FROM=C BISECT_TO=C   make bisect: only the patches after C, none after C

.PHONY: all help deps tree kernel perf perf-dwarf initramfs run shell test test-harness export bench suites-base defaults-base bisect clean distclean

all: run

help:
## list the targets and variables
	@echo "targets:"
	@awk '/^[a-z-]+:/ { t = $$1; sub(":", "", t); next } \
	      /^## / && t { sub("^## ", ""); printf "  make %-13s %s\n", t, $$0; t = "" }' $(MAKEFILE_LIST)
	@echo "variables:"
	@sed -n 's/^##= /  /p' $(MAKEFILE_LIST)
	@echo "variants (configs/variants):"
	@grep -v -e '^#' -e '^$$' configs/variants | awk '{ printf "  %-8s %-8s %-4s %s, %s\n", $$1, $$2, $$6, $$11, $$15 }'

deps:
## install the Debian packages and the foreign guests' busybox
	@scripts/deps.sh

# The tree is made once; 'make tree' remakes it on purpose (never
# implicitly: build/linux may hold commits not yet exported).
$(TREE)/.git:
	@$(MAKE) --no-print-directory tree

tree: deps
## re-extract 6.12, apply patches/series, lay the overlay
	@scripts/tree.sh

kernel: deps | $(TREE)/.git
## configure and build the test kernel of VARIANT
	@scripts/kernel.sh

perf: deps | $(TREE)/.git
## build perf from the patched tree for VARIANT's architecture, static: build/perf/perf (host), build/perf-DEBARCH/perf
	@scripts/perf.sh

perf-dwarf: deps | $(TREE)/.git
## build the host's perf with DWARF, static, for the host tests that read a vmlinux's debuginfo: build/perf-dwarf/perf
	@PERF_DWARF=1 scripts/perf.sh

initramfs: kernel
## pack the guest's initramfs (busybox, tests, modules, host facts)
	@scripts/initramfs.sh

run: initramfs
## build what is missing, boot, show the duplicate-name problem
	@scripts/boot.sh demo $(BUILD)/demo.log
	@grep -q '^HARNESS-DONE demo' $(BUILD)/demo.log && echo "==> demo ran"

shell: initramfs
## boot the test kernel with an interactive shell
	@scripts/boot.sh shell

# builds each variant itself
test: deps | $(TREE)/.git
## every variant built, host-checked, booted; host tests, checkpatch; "N passed, N failed"
	@scripts/test.sh

test-harness:
## the harness's own accounting tests (no kernel build, seconds)
	@echo "==> the harness's accounting of test files"
	@bash tests/host/harness-accounting.sh

export:
## rewrite patches/ from the commits in build/linux, a directory per set (tags set/NAME)
	@scripts/export.sh

bench: initramfs
## defconfig table sizes, link times, in-kernel figures (slow, not in CI)
	@scripts/bench-scale.sh
	@scripts/bench-perf-load.sh
	@scripts/bench.sh
	@scripts/bench-guest.sh

suites-base: deps | $(TREE)/.git
## the kernel's own suites on 6.12 without the series, for make test to compare with: tests/suites/6.12-VARIANT.txt (slow)
	@scripts/suites-base.sh

defaults-base: deps | $(TREE)/.git
## what 6.12 without the series prints by default, for guest test 75 to compare with: tests/defaults/6.12-VARIANT.txt.gz
	@scripts/defaults-base.sh

bisect: deps | $(TREE)/.git
## build every patch on its own (slow, not in CI)
	@scripts/bisect.sh

clean:
## remove build outputs, keeping build/linux
	@echo "==> removing build outputs (keeping build/linux)"
	rm -rf $(BUILD)/obj-* $(BUILD)/*.log $(BUILD)/*.log.errors $(BUILD)/*.tap $(BUILD)/guest-*.out $(BUILD)/suites-*.txt $(BUILD)/suite-tests

distclean:
## remove build/ entirely
	@echo "==> removing build/ entirely"
	rm -rf $(BUILD)
