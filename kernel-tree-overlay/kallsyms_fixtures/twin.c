// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only kallsyms fixture: twin.o and sub/kallsyms_fixtures/twin.o
 * each define a static kfx_twin().  The whole path of this object,
 * kallsyms_fixtures/twin.o, is also the end of the other's after a '/':
 * it must still name this object alone, while "twin.o" names both.
 * kfx_twin_top() is this object's own function.
 */
#include <linux/compiler.h>

#include "kfx.h"

static int kfx_twin_top_calls;

static noinline int kfx_twin_top(void)
{
	WRITE_ONCE(kfx_twin_top_calls, READ_ONCE(kfx_twin_top_calls) + 1);
	return 0x9102;
}

static noinline int kfx_twin(void)
{
	return kfx_twin_top() + 0x9001;
}

const struct kfx_ops kfx_twin_ops = {
	.key	= "twin",
	.fn	= kfx_twin,
};
