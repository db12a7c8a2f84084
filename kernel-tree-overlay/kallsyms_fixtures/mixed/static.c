// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only kallsyms fixture: a static kfx_mixed() (nm 't') shadowing,
 * within this object, the global one in mixed/global.c (nm 'T').
 */
#include <linux/compiler.h>

#include "../kfx.h"

/* Named for this object only: just kfx_mixed is meant to be duplicated. */
static int kfx_mixed_static_calls;

static noinline int kfx_mixed(void)
{
	WRITE_ONCE(kfx_mixed_static_calls, READ_ONCE(kfx_mixed_static_calls) + 1);
	return 0x4501;
}

const struct kfx_ops kfx_mixed_static_ops = {
	.key	= "mixed/static",
	.fn	= kfx_mixed,
};
