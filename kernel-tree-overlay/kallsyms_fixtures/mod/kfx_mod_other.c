// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only kallsyms fixture module: the second copy of the static
 * kfx_mod_dup() and kfx_mod_dup_data within kfx_mod.ko.
 */
#include <linux/compiler.h>

#include "kfx_mod.h"

/* Non-zero, so it goes to .data (nm 'd'). */
static int kfx_mod_dup_data = 0xe00;

/* Distinct from kfx_mod_main.c's copy, so the two are never folded. */
static noinline int kfx_mod_dup(void)
{
	WRITE_ONCE(kfx_mod_dup_data, READ_ONCE(kfx_mod_dup_data) + 1);
	return 0xe01;
}

int (*const kfx_mod_other_fn)(void) = kfx_mod_dup;

/* kfx_mod_twin(): sub/kallsyms_fixtures/mod/kfx_mod_other.c has the other. */
static noinline int kfx_mod_twin(void)
{
	return READ_ONCE(kfx_mod_dup_data) + 0xe10;
}

int (*const kfx_mod_twin_fn)(void) = kfx_mod_twin;

/*
 * Aligned, so that padding likely follows kfx_mod_twin(): a SIZE in
 * /proc/kallmodsyms counts it, as %pS's size does, where st_size does not.
 */
static noinline __used __aligned(64) int kfx_mod_aligned(void)
{
	return 0xe20;
}
