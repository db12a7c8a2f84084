// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only kallsyms fixtures: objects that deliberately define the same
 * symbol names (see fixtures.txt).  A late initcall calls every copy
 * once, so none is dead code, and
 *
 *	echo a/dup > /sys/kernel/debug/kallsyms_fixtures/run
 *
 * calls exactly the copy with that key; reading "run" lists the keys.
 * "dump a/dup" calls it with kfx_dump_stack set: a/dup and b/dup then
 * dump_stack(), whose call trace names their kfx_dup as oopses and
 * WARNs name a function.  Writing 1 to "hold" sleeps in kfx_hold() until
 * 0 is written: a livepatch of kfx_hold cannot finish its transition
 * while a task sleeps there, which holds a transition open for a test.
 */
#define pr_fmt(fmt) "kallsyms_fixtures: " fmt

#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>

#include "kfx.h"

#define KFX_KEY_MAX	64

bool kfx_dump_stack;

static const struct kfx_ops *const kfx_table[] = {
	&kfx_a_dup_ops,
	&kfx_b_dup_ops,
	&kfx_dash_dup_ops,
	&kfx_trio_one_ops,
	&kfx_trio_two_ops,
	&kfx_trio_three_ops,
	&kfx_mixed_static_ops,
	&kfx_mixed_global_ops,
	&kfx_incl_base_ops,
	&kfx_incl_wrapper_ops,
	&kfx_asm_dup_ops,
	&kfx_asm_dup2_ops,
	&kfx_twin_ops,
	&kfx_sub_twin_ops,
};

/*
 * The assembly copies carry no kCFI type hash, so keep CFI off for this
 * one call site (a no-op unless CONFIG_CFI_CLANG).
 */
static noinline __nocfi int kfx_call(int (*fn)(void))
{
	return fn();
}

static int kfx_run_show(struct seq_file *m, void *v)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kfx_table); i++)
		seq_printf(m, "%s\n", kfx_table[i]->key);
	return 0;
}

static ssize_t kfx_run_write(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	char *buf, *key;
	unsigned int i;
	int ret = -EINVAL;
	bool dump;

	if (count >= KFX_KEY_MAX)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	key = strim(buf);
	dump = str_has_prefix(key, "dump ");
	if (dump)
		key += strlen("dump ");

	for (i = 0; i < ARRAY_SIZE(kfx_table); i++) {
		if (strcmp(key, kfx_table[i]->key))
			continue;
		WRITE_ONCE(kfx_dump_stack, dump);
		pr_info("%s returned %#x\n", key, kfx_call(kfx_table[i]->fn));
		WRITE_ONCE(kfx_dump_stack, false);
		ret = count;
		break;
	}
	kfree(buf);
	return ret;
}
DEFINE_SHOW_STORE_ATTRIBUTE(kfx_run);

static bool kfx_holding;

/* global, so that it keeps its name (a static one became kfx_hold.isra.0) */
noinline int kfx_hold(void)
{
	while (READ_ONCE(kfx_holding))
		msleep(20);
	return 0;
}

static ssize_t kfx_hold_write(struct file *file, const char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	bool on;
	int ret = kstrtobool_from_user(ubuf, count, &on);

	if (ret)
		return ret;
	WRITE_ONCE(kfx_holding, on);
	if (on)
		kfx_hold();
	return count;
}

static const struct file_operations kfx_hold_fops = {
	.write	= kfx_hold_write,
};

#ifdef CONFIG_KALLSYMS_OBJFILES
/*
 * Lookup benchmark (make bench): writing "NAME@OBJFILE" to
 * kallsyms_fixtures/bench times 200 kallsyms_lookup_name() calls of the
 * qualified name and 200 of the bare NAME; reading gives the totals so
 * far, "qualified_ns plain_ns lookups"; writing "clear" zeroes them.
 */
static u64 kfx_bench_qualified_ns, kfx_bench_plain_ns, kfx_bench_lookups;

#define KFX_BENCH_REPS	200

static u64 kfx_time_lookups(const char *name)
{
	u64 t0 = ktime_get_ns();
	unsigned int i;

	for (i = 0; i < KFX_BENCH_REPS; i++)
		if (!kallsyms_lookup_name(name))
			return 0;
	return ktime_get_ns() - t0;
}

static ssize_t kfx_bench_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	char *buf, *qual, *at;
	u64 q, p;

	if (count >= KSYM_NAME_LEN + KSYM_OBJFILE_LEN)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	qual = strim(buf);
	if (!strcmp(qual, "clear")) {
		kfx_bench_qualified_ns = kfx_bench_plain_ns = kfx_bench_lookups = 0;
		kfree(buf);
		return count;
	}
	at = strchr(qual, '@');
	if (!at) {
		kfree(buf);
		return -EINVAL;
	}
	q = kfx_time_lookups(qual);
	*at = '\0';
	p = kfx_time_lookups(qual);
	kfree(buf);
	if (!q || !p)
		return -ENOENT;
	kfx_bench_qualified_ns += q;
	kfx_bench_plain_ns += p;
	kfx_bench_lookups += KFX_BENCH_REPS;
	return count;
}

static int kfx_bench_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%llu %llu %llu\n", kfx_bench_qualified_ns,
		   kfx_bench_plain_ns, kfx_bench_lookups);
	return 0;
}
DEFINE_SHOW_STORE_ATTRIBUTE(kfx_bench);

/*
 * Stack trace benchmark (make bench): reading kallsyms_fixtures/bench_ps
 * times KFX_PS_REPS frames of a/dup's kfx_dup printed as stack traces
 * print them (%pBb, with CONFIG_KALLSYMS_OBJFILES_BACKTRACE annotated)
 * and as many as %pB: "pBb_ns pB_ns reps".
 */
#define KFX_PS_REPS	2000

static u64 kfx_time_frames(int (*sprint)(char *, unsigned long), unsigned long addr)
{
	static char buf[KSYM_SYMBOL_LEN];
	u64 t0 = ktime_get_ns();
	unsigned int i;

	for (i = 0; i < KFX_PS_REPS; i++)
		sprint(buf, addr);
	return ktime_get_ns() - t0;
}

static int kfx_bench_ps_show(struct seq_file *m, void *v)
{
	/* a return address inside the function, as a frame's is */
	unsigned long addr = (unsigned long)kfx_a_dup_ops.fn + 1;
	u64 b = kfx_time_frames(sprint_backtrace_build_id, addr);
	u64 bare = kfx_time_frames(sprint_backtrace, addr);

	seq_printf(m, "%llu %llu %u\n", b, bare, KFX_PS_REPS);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(kfx_bench_ps);

/*
 * Boot-time check of the object-file table on the fixtures: the copy
 * with key K must be in kallsyms_fixtures/K.o.  The guest tests read
 * these lines from the kernel log.
 */
static void __init kfx_check_objfiles(void)
{
	static char want[KSYM_OBJFILE_LEN] __initdata;
	static char got[KSYM_OBJFILE_LEN] __initdata;
	unsigned int i;
	int len;

	for (i = 0; i < ARRAY_SIZE(kfx_table); i++) {
		snprintf(want, sizeof(want), "kallsyms_fixtures/%s.o",
			 kfx_table[i]->key);
		len = kallsyms_lookup_objfile((unsigned long)kfx_table[i]->fn,
					      got, sizeof(got));
		if (len > 0 && !strcmp(got, want))
			pr_info("objfile ok %s\n", want);
		else
			pr_info("objfile FAIL %s: got '%s' (%d)\n", want,
				len >= 0 ? got : "", len);
	}
}
#else
static inline void kfx_check_objfiles(void) { }
#endif

/*
 * A name of 64 bytes or more: "-:EVENT SYMBOL" must match it whole.
 * __used: a call of a constant function whose value is unused goes away.
 */
static noinline __used int kfx_long_name_of_more_than_sixty_three_bytes_for_removal_by_definition(void)
{
	return 1;
}

/* One copy here, one in kfx_mod.ko: one name in two symbol tables. */
static noinline __used int kfx_cross(void)
{
	return 2;
}

static int __init kfx_init(void)
{
	struct dentry *dir;
	unsigned int i;

	/* The .init.text copies can only ever run here. */
	kfx_a_dup_init_fn();
	kfx_b_dup_init_fn();
	for (i = 0; i < ARRAY_SIZE(kfx_table); i++)
		kfx_call(kfx_table[i]->fn);
	pr_info("ran %zu fixtures and 2 init fixtures\n", ARRAY_SIZE(kfx_table));
	kfx_check_objfiles();
	kfx_long_name_of_more_than_sixty_three_bytes_for_removal_by_definition();
	kfx_cross();

	/* Without CONFIG_DEBUG_FS these are stubs and the file is absent. */
	dir = debugfs_create_dir("kallsyms_fixtures", NULL);
	debugfs_create_file("run", 0600, dir, NULL, &kfx_run_fops);
	debugfs_create_file("hold", 0200, dir, NULL, &kfx_hold_fops);
#ifdef CONFIG_KALLSYMS_OBJFILES
	debugfs_create_file("bench", 0600, dir, NULL, &kfx_bench_fops);
	debugfs_create_file("bench_ps", 0400, dir, NULL, &kfx_bench_ps_fops);
#endif
	return 0;
}
late_initcall(kfx_init);
