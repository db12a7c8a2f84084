// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only kallsyms fixture module: the second kfx_mod_twin(), in an
 * object whose path ends with the whole path of kfx_mod_other.o.  That
 * whole path must name kfx_mod_other.o alone; "kfx_mod_other.o" names
 * both objects.
 */
#include <linux/compiler.h>

#include "../../../kfx_mod.h"

static int kfx_mod_sub_calls;

static noinline int kfx_mod_twin(void)
{
	WRITE_ONCE(kfx_mod_sub_calls, READ_ONCE(kfx_mod_sub_calls) + 1);
	return 0xf01;
}

int (*const kfx_mod_sub_twin_fn)(void) = kfx_mod_twin;
