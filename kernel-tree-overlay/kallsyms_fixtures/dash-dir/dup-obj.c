// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only kallsyms fixture: the third static kfx_dup(), in an object
 * whose directory and file name contain '-' (dash-dir/dup-obj.o).
 */
#include <linux/compiler.h>

#include "../kfx.h"

/* Named for this object only: just kfx_dup is meant to be duplicated. */
static int kfx_dash_dup_calls;

static noinline int kfx_dup(void)
{
	WRITE_ONCE(kfx_dash_dup_calls, READ_ONCE(kfx_dash_dup_calls) + 1);
	return 0xd01;
}

const struct kfx_ops kfx_dash_dup_ops = {
	.key	= "dash-dir/dup-obj",
	.fn	= kfx_dup,
};
