// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only livepatch: replaces one copy of a duplicated fixture function
 * named by its object file, kfx_dup@kallsyms_fixtures/b/dup.o by default.
 * Module parameters let the guest tests name another copy, another
 * spelling (NAME with old_sympos), malformed qualifiers, and atomic
 * replace:
 *
 *	insmod kfx_livepatch.ko target=kfx_dup sympos=2 ret=0x1b01
 *	insmod kfx_livepatch2.ko target=kfx_dup@b/dup.o replace=1 ret=0x2b01
 *
 * The replacement returns @ret, which the fixtures' run file logs; with
 * show=1 it is instead a sysfs show method (for a real duplicate such as
 * type_show@kernel/reboot.o) that reads "patched by kfx_livepatch".
 * target2 (and sympos2) add a second function with the same new code.
 * objname=MODULE patches target and target2 in that module instead of
 * vmlinux; hold=1 also patches vmlinux's kfx_hold, so that the
 * transition stays open while a task sleeps there (the fixtures' "hold").
 */
#include <linux/kernel.h>
#include <linux/kobject.h>
#include <linux/livepatch.h>
#include <linux/module.h>
#include <linux/sysfs.h>

static char *target = "kfx_dup@kallsyms_fixtures/b/dup.o";
module_param(target, charp, 0444);
static ulong sympos;
module_param(sympos, ulong, 0444);
/* a second function of the patch, with the same new code */
static char *target2;
module_param(target2, charp, 0444);
static ulong sympos2;
module_param(sympos2, ulong, 0444);
static int ret = 0xb0b;
module_param(ret, int, 0444);
static bool replace;
module_param(replace, bool, 0444);
static bool show;
module_param(show, bool, 0444);
static char *objname;
module_param(objname, charp, 0444);
static bool hold;
module_param(hold, bool, 0444);

static int kfx_livepatch_fn(void)
{
	return ret;
}

static ssize_t kfx_livepatch_show(struct kobject *kobj,
				  struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "patched by kfx_livepatch\n");
}

static struct klp_func funcs[] = {
	{ },
	{ },
	{ }
};

static int kfx_livepatch_hold(void)
{
	return 0;
}

static struct klp_func hold_funcs[] = {
	{ .old_name = "kfx_hold", .new_func = kfx_livepatch_hold, },
	{ }
};

static struct klp_object objs[] = {
	{ .funcs = funcs, },	/* vmlinux, or the module objname */
	{ },			/* with hold: vmlinux's kfx_hold */
	{ }
};

static struct klp_patch patch = {
	.mod = THIS_MODULE,
	.objs = objs,
};

static int __init kfx_livepatch_init(void)
{
	funcs[0].old_name = target;
	funcs[0].old_sympos = sympos;
	funcs[0].new_func = show ? (void *)kfx_livepatch_show : (void *)kfx_livepatch_fn;
	if (target2) {
		funcs[1] = funcs[0];
		funcs[1].old_name = target2;
		funcs[1].old_sympos = sympos2;
	}
	objs[0].name = objname;
	if (hold)
		objs[1].funcs = hold_funcs;
	patch.replace = replace;
	return klp_enable_patch(&patch);
}

static void __exit kfx_livepatch_exit(void)
{
}

module_init(kfx_livepatch_init);
module_exit(kfx_livepatch_exit);
MODULE_LICENSE("GPL");
MODULE_INFO(livepatch, "Y");
MODULE_DESCRIPTION("Test-only livepatch of a kallsyms fixture duplicate");
