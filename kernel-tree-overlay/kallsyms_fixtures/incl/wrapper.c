// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only kallsyms fixture: build incl/base.c a second time with
 * renamed globals, as fs/compat_binfmt_elf.c does with binfmt_elf.c.
 * The static kfx_incl() keeps its name, so it exists in both objects.
 */
#define KFX_INCL_KEY	"incl/wrapper"
#define KFX_INCL_RET	0x5701

/* Rename what must stay unique across the two objects. */
#define kfx_incl_base_ops	kfx_incl_wrapper_ops
#define kfx_incl_base_calls	kfx_incl_wrapper_calls

#include "base.c"
