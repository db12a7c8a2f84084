/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test-only kallsyms fixtures.
 *
 * Each fixture object hands its copy of a duplicated symbol to core.c
 * through a descriptor with a name unique to that object, so the only
 * names that occur more than once are the deliberate ones.
 */
#ifndef _KALLSYMS_FIXTURES_KFX_H
#define _KALLSYMS_FIXTURES_KFX_H

/* asm/dup_asm*.S lay this out by hand: keep it two pointers. */
struct kfx_ops {
	const char *key;	/* debugfs run key, e.g. "a/dup" */
	int (*fn)(void);	/* the duplicated copy itself */
};

extern const struct kfx_ops kfx_a_dup_ops;
extern const struct kfx_ops kfx_b_dup_ops;
extern const struct kfx_ops kfx_dash_dup_ops;
extern const struct kfx_ops kfx_trio_one_ops;
extern const struct kfx_ops kfx_trio_two_ops;
extern const struct kfx_ops kfx_trio_three_ops;
extern const struct kfx_ops kfx_mixed_static_ops;
extern const struct kfx_ops kfx_mixed_global_ops;
extern const struct kfx_ops kfx_incl_base_ops;
extern const struct kfx_ops kfx_incl_wrapper_ops;
extern const struct kfx_ops kfx_asm_dup_ops;
extern const struct kfx_ops kfx_asm_dup2_ops;
extern const struct kfx_ops kfx_twin_ops;
extern const struct kfx_ops kfx_sub_twin_ops;

/* Set while "dump KEY" runs a copy: a/dup's and b/dup's dump_stack() */
extern bool kfx_dump_stack;
int kfx_hold(void);

/* The .init.text copies; the pointers are __initconst too. */
extern int (*const kfx_a_dup_init_fn)(void);
extern int (*const kfx_b_dup_init_fn)(void);

/* kfx_proto(): one name, two prototypes */
extern int (*const kfx_a_proto_fn)(int);
extern long (*const kfx_b_proto_fn)(const char *, long);

#endif /* _KALLSYMS_FIXTURES_KFX_H */
