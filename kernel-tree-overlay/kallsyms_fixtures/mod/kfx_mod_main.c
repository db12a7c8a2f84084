// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only kallsyms fixture module: kfx_mod.ko holds two copies of the
 * static kfx_mod_dup() and kfx_mod_dup_data, one here and one in
 * kfx_mod_other.c.  Loading it calls both;
 *
 *	echo other > /sys/kernel/debug/kallsyms_fixtures_mod/run
 *
 * calls just that copy ("main" or "other"; "twin" and "sub/twin" call
 * the two copies of kfx_mod_twin(); "dump" calls dump_stack() from
 * kfx_mod_dump(), for a stack trace with a module frame).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "kfx_mod.h"

#define KFX_MOD_KEY_MAX	16

/* Non-zero, so it goes to .data (nm 'd'). */
static int kfx_mod_dup_data = 0xc00;

/* Distinct from kfx_mod_other.c's copy, so the two are never folded. */
static noinline int kfx_mod_dup(void)
{
	WRITE_ONCE(kfx_mod_dup_data, READ_ONCE(kfx_mod_dup_data) + 1);
	return 0xc01;
}

/* kallsyms_fixtures/core.c has another copy: one name in two tables. */
static noinline __used int kfx_cross(void)
{
	return 3;
}

/* a module function with a frame of its own in a stack trace */
static noinline int kfx_mod_dump(void)
{
	dump_stack();
	return 4;
}

static struct dentry *kfx_mod_dir;

static ssize_t kfx_mod_run_write(struct file *file, const char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	char *buf, *key;
	int ret = count;

	if (count >= KFX_MOD_KEY_MAX)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	key = strim(buf);

	if (!strcmp(key, "main"))
		pr_info("main returned %#x\n", kfx_mod_dup());
	else if (!strcmp(key, "other"))
		pr_info("other returned %#x\n", kfx_mod_other_fn());
	else if (!strcmp(key, "twin"))
		pr_info("twin returned %#x\n", kfx_mod_twin_fn());
	else if (!strcmp(key, "sub/twin"))
		pr_info("sub/twin returned %#x\n", kfx_mod_sub_twin_fn());
	else if (!strcmp(key, "dump"))
		pr_info("dump returned %#x\n", kfx_mod_dump());
	else
		ret = -EINVAL;
	kfree(buf);
	return ret;
}

static const struct file_operations kfx_mod_run_fops = {
	.owner	= THIS_MODULE,
	.write	= kfx_mod_run_write,
	.llseek	= noop_llseek,
};

static int __init kfx_mod_init(void)
{
	kfx_mod_dup();
	kfx_mod_other_fn();
	kfx_mod_twin_fn();
	kfx_mod_sub_twin_fn();
	kfx_cross();

	kfx_mod_dir = debugfs_create_dir("kallsyms_fixtures_mod", NULL);
	debugfs_create_file("run", 0200, kfx_mod_dir, NULL, &kfx_mod_run_fops);
	return 0;
}

static void __exit kfx_mod_exit(void)
{
	debugfs_remove_recursive(kfx_mod_dir);
}

module_init(kfx_mod_init);
module_exit(kfx_mod_exit);
MODULE_DESCRIPTION("Test-only kallsyms fixture: duplicate static symbols in one module");
MODULE_LICENSE("GPL");
