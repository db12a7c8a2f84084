/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test-only kallsyms fixture: the global kfx_mixed().  mixed/static.c
 * must not include this, it has a static function of the same name.
 */
#ifndef _KALLSYMS_FIXTURES_MIXED_H
#define _KALLSYMS_FIXTURES_MIXED_H

int kfx_mixed(void);
int kfx_aliased(void);
int kfx_aliased_too(void);

#endif /* _KALLSYMS_FIXTURES_MIXED_H */
