// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only kallsyms fixture: trio/one.o, trio/two.o and trio/three.o
 * each define a static kfx_triple(), three copies in one directory.
 */
#include <linux/compiler.h>

#include "../kfx.h"

/* Named for this object only: just kfx_triple is meant to be duplicated. */
static int kfx_trio_one_calls;

static noinline int kfx_triple(void)
{
	WRITE_ONCE(kfx_trio_one_calls, READ_ONCE(kfx_trio_one_calls) + 1);
	return 0x3101;
}

const struct kfx_ops kfx_trio_one_ops = {
	.key	= "trio/one",
	.fn	= kfx_triple,
};
