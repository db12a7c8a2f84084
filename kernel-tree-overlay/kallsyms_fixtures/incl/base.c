// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only kallsyms fixture: a .c file that another .c file includes,
 * the way fs/compat_binfmt_elf.c includes fs/binfmt_elf.c.  Built on
 * its own as incl/base.o and again, renamed, inside incl/wrapper.o, so
 * both objects hold a static kfx_incl() whose source is this file.
 */
#include <linux/compiler.h>

#include "../kfx.h"

/* incl/wrapper.c overrides these before including this file. */
#ifndef KFX_INCL_KEY
#define KFX_INCL_KEY	"incl/base"
#define KFX_INCL_RET	0x5b01
#endif

/*
 * Named for each object (wrapper.c renames it): just kfx_incl is
 * meant to be duplicated.
 */
static int kfx_incl_base_calls;

static noinline int kfx_incl(void)
{
	WRITE_ONCE(kfx_incl_base_calls, READ_ONCE(kfx_incl_base_calls) + 1);
	return KFX_INCL_RET;
}

const struct kfx_ops kfx_incl_base_ops = {
	.key	= KFX_INCL_KEY,
	.fn	= kfx_incl,
};
