// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only external module.  Loading it must not change what a
 * qualifier means in vmlinux: kfx_call@core.o names the kfx_call of
 * vmlinux's kallsyms_fixtures/core.o before and after.
 */
#include <linux/init.h>
#include <linux/module.h>

int kfx_ext_digit(int x);
int kfx_ext_core(int x);
int kfx_run_show(int x);

/* global, so that it is neither inlined nor cloned (.constprop) */
noinline int kfx_ext_core(int x)
{
	return x + 1;
}

/* a name vmlinux's kallsyms_fixtures/core.o has too (a static there) */
noinline int kfx_run_show(int x)
{
	return x;
}

static int __init kfx_ext_init(void)
{
	return kfx_ext_core(0) + kfx_ext_digit(0) + kfx_run_show(0) == 3 ? 0 : -EINVAL;
}
module_init(kfx_ext_init);

static void __exit kfx_ext_exit(void)
{
}
module_exit(kfx_ext_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("external module of the object-file tests");
