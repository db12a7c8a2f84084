// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only kallsyms fixture: the global kfx_mixed() (nm 'T'), while
 * mixed/static.c has a static one (nm 't') of the same name; and
 * kfx_aliased(), which has a second name.
 */
#include <linux/compiler.h>

#include "../kfx.h"
#include "mixed.h"

/* Named for this object only: just kfx_mixed is meant to be duplicated. */
static int kfx_mixed_global_calls;

noinline int kfx_mixed(void)
{
	WRITE_ONCE(kfx_mixed_global_calls, READ_ONCE(kfx_mixed_global_calls) + 1);
	return 0x4601;
}

/*
 * One function with two bare names: a livepatch that names it by both is
 * refused, a BPF multi-kprobe takes both (tests/guest/t/61-livepatch-objfile.sh,
 * 59-bpf-kprobe-multi.sh).
 */
noinline int kfx_aliased(void)
{
	return 0x4602;
}
int kfx_aliased_too(void) __alias(kfx_aliased);

const struct kfx_ops kfx_mixed_global_ops = {
	.key	= "mixed/global",
	.fn	= kfx_mixed,
};
