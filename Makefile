# Harness for the kallsyms object-file series on Linux 6.12.
# Each target is a step a person would take; each prints what it does.

SHELL := /bin/bash
BUILD := build
TREE := $(BUILD)/linux
# VARIANT=ibt|noibt|llvm|debug|arm64|ppc64le picks the test kernel that
# kernel, initramfs, run and shell build and boot (scripts/lib.sh); make
# test runs every variant, or those in TEST_VARIANTS="...".  ARCH=x86_64,
# arm64 or powerpc narrows both to one architecture's variants.
export VARIANT TEST_VARIANTS

.PHONY: all deps tree kernel initramfs run shell test export bench bisect clean distclean help

all: run

help:
	@echo "make run       build what is missing, boot, show the duplicate-name problem"
	@echo "make test      build, host-check and boot-test every variant (TEST_VARIANTS=...,"
	@echo "               or one architecture's: ARCH=x86_64|arm64|powerpc),"
	@echo "               host tests and checkpatch; ends 'N passed, N failed'"
	@echo "make shell     boot the test kernel with an interactive shell"
	@echo "make tree      re-extract 6.12, apply patches/series, lay the overlay"
	@echo "make kernel    configure and build the test kernel (VARIANT=ibt|noibt|llvm|debug|arm64|ppc64le)"
	@echo "make export    rewrite patches/ from the commits in build/linux"
	@echo "make bench     defconfig measurements (slow, not in CI)"
	@echo "make bisect    build every patch on its own (slow, not in CI)"

deps:
	@scripts/deps.sh

# The tree is made once; 'make tree' remakes it on purpose (never
# implicitly: build/linux may hold commits not yet exported).
$(TREE)/.git:
	@$(MAKE) --no-print-directory tree

tree: deps
	@scripts/tree.sh

kernel: deps | $(TREE)/.git
	@scripts/kernel.sh

initramfs: kernel
	@scripts/initramfs.sh

run: initramfs
	@scripts/boot.sh demo $(BUILD)/demo.log
	@grep -q '^HARNESS-DONE demo' $(BUILD)/demo.log && echo "==> demo ran"

shell: initramfs
	@scripts/boot.sh shell

# builds each variant itself
test: deps | $(TREE)/.git
	@scripts/test.sh

export:
	@scripts/export.sh

# defconfig table sizes and link times on each link layout of the
# architecture (x86_64: ibt takes vmlinux.o, noibt vmlinux.a; ARCH=arm64,
# ARCH=powerpc: their defconfigs; BENCH_LAYOUT= picks one), then in-kernel
# figures on the test kernel (qualified lookup cost, /proc/kallmodsyms
# read time)
bench: initramfs
	@scripts/bench.sh
	@scripts/bench-guest.sh

bisect: deps | $(TREE)/.git
	@scripts/bisect.sh

clean:
	@echo "==> removing build outputs (keeping build/linux)"
	rm -rf $(BUILD)/obj-* $(BUILD)/*.log $(BUILD)/*.tap $(BUILD)/guest-*.out $(BUILD)/console-errors*

distclean:
	@echo "==> removing build/ entirely"
	rm -rf $(BUILD)
