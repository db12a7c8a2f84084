// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only kallsyms fixture: trio/one.o, trio/two.o and trio/three.o
 * each define a static kfx_triple(), three copies in one directory.
 * This one is built with -ffunction-sections: its code is hot and
 * -freorder-functions (off at -Os) is on, so each function lands in a
 * .text.hot.NAME section of its own, which the x86 linker script places
 * (a plain .text.NAME would be an orphan there, and the kernel's __cold
 * is empty when functions are aligned).
 */
#include <linux/compiler.h>

#include "../kfx.h"

/* Named for this object only: just kfx_triple is meant to be duplicated. */
static int kfx_trio_three_calls;

static noinline __attribute__((__hot__)) int kfx_triple(void)
{
	WRITE_ONCE(kfx_trio_three_calls, READ_ONCE(kfx_trio_three_calls) + 1);
	return 0x3301;
}

const struct kfx_ops kfx_trio_three_ops = {
	.key	= "trio/three",
	.fn	= kfx_triple,
};
