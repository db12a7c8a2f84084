// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only kallsyms fixture: the second kfx_twin(), in an object whose
 * path ends with the whole path of kallsyms_fixtures/twin.o (see there).
 * kfx_twin_sub() is this object's own function.
 */
#include <linux/compiler.h>

#include "../../kfx.h"

static int kfx_twin_sub_calls;

static noinline int kfx_twin_sub(void)
{
	WRITE_ONCE(kfx_twin_sub_calls, READ_ONCE(kfx_twin_sub_calls) + 1);
	return 0x9202;
}

static noinline int kfx_twin(void)
{
	return kfx_twin_sub() + 0x9002;
}

const struct kfx_ops kfx_sub_twin_ops = {
	.key	= "sub/kallsyms_fixtures/twin",
	.fn	= kfx_twin,
};
