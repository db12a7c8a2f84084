// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only kallsyms fixture.  a/dup.o, b/dup.o and dash-dir/dup-obj.o
 * each define a static kfx_dup(); a/dup.o and b/dup.o (same basename)
 * also share the static names kfx_dup_data, kfx_dup_bss and, in
 * .init.text, kfx_init_dup(); and kfx_proto(), whose prototype differs
 * between the two (BTF has one entry for the name).
 */
#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/printk.h>

#include "../kfx.h"

/* Non-zero, so it goes to .data (nm 'd'); kfx_dup_bss goes to .bss. */
static int kfx_dup_data = 0xa00;
static int kfx_dup_bss;

/*
 * The volatile accesses keep both variables alive, and a distinct
 * return value keeps each copy from being folded into another.
 */
static noinline int kfx_dup(void)
{
	WRITE_ONCE(kfx_dup_data, READ_ONCE(kfx_dup_data) + 1);
	WRITE_ONCE(kfx_dup_bss, READ_ONCE(kfx_dup_bss) + 1);
	if (READ_ONCE(kfx_dump_stack))
		dump_stack();
	return 0xa01;
}

static noinline int __init kfx_init_dup(void)
{
	WRITE_ONCE(kfx_dup_bss, READ_ONCE(kfx_dup_bss) + 1);
	return 0xa02;
}

static noinline int kfx_proto(int a_count)
{
	return a_count + 0xa03;
}

/* Kept by its address; nothing calls it. */
int (*const kfx_a_proto_fn)(int) = kfx_proto;

const struct kfx_ops kfx_a_dup_ops = {
	.key	= "a/dup",
	.fn	= kfx_dup,
};

/* __initconst: it points into .init.text, which is freed after boot. */
int (*const kfx_a_dup_init_fn)(void) __initconst = kfx_init_dup;
