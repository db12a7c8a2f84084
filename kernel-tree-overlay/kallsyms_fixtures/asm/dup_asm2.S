/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test-only kallsyms fixture: a local (non-global) assembly function
 * kfx_asm_dup; asm/dup_asm.S has another local one of the same name.
 */
#include <linux/linkage.h>
#include <asm/linkage.h>

	.text
/*
 * core.c calls this through a pointer: SYM_FUNC_START_LOCAL starts
 * with ENDBR on x86, as IBT requires of an indirect call target.
 */
SYM_FUNC_START_LOCAL(kfx_asm_dup)
	movl	$0x7201, %eax
	RET
SYM_FUNC_END(kfx_asm_dup)

/* struct kfx_ops (kfx.h): { key, fn }, under a name unique to this object */
	.section .rodata, "a"
.Lkfx_asm_dup2_key:
	.asciz	"asm/dup_asm2"
	.balign 8
SYM_DATA_START(kfx_asm_dup2_ops)
	.quad	.Lkfx_asm_dup2_key
	.quad	kfx_asm_dup
SYM_DATA_END(kfx_asm_dup2_ops)
