/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test-only kallsyms fixture module: kfx_mod_other.o hands its copy of
 * kfx_mod_dup to kfx_mod_main.o under this object-unique name.
 */
#ifndef _KALLSYMS_FIXTURES_KFX_MOD_H
#define _KALLSYMS_FIXTURES_KFX_MOD_H

extern int (*const kfx_mod_other_fn)(void);
/* the two kfx_mod_twin(), in kfx_mod_other.o and sub/.../kfx_mod_other.o */
extern int (*const kfx_mod_twin_fn)(void);
extern int (*const kfx_mod_sub_twin_fn)(void);

#endif /* _KALLSYMS_FIXTURES_KFX_MOD_H */
