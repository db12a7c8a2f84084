/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test-only kallsyms fixture: a local (non-global) assembly function
 * kfx_asm_dup; asm/dup_asm2.S has another local one of the same name.
 * It returns 0x7101; the body is written for each architecture the
 * harness builds.
 */
#include <linux/linkage.h>
#include <asm/linkage.h>

	.text
/*
 * core.c calls this through a pointer: SYM_FUNC_START_LOCAL starts
 * with the landing pad an indirect call target needs (ENDBR on x86
 * with IBT, BTI on arm64).
 */
SYM_FUNC_START_LOCAL(kfx_asm_dup)
#if defined(CONFIG_X86_64)
	movl	$0x7101, %eax
	RET
#elif defined(CONFIG_ARM64)
	mov	w0, #0x7101
	ret
#elif defined(CONFIG_PPC64)
	li	3, 0x7101
	blr
#elif defined(CONFIG_PARISC)
	ldil	L%0x7101, %r28
	bv	%r0(%rp)
	ldo	R%0x7101(%r28), %r28
#else
#error "kallsyms fixture asm/dup_asm.S: no body for this architecture"
#endif
SYM_FUNC_END(kfx_asm_dup)

/* struct kfx_ops (kfx.h): { key, fn }, under a name unique to this object */
#ifdef CONFIG_64BIT
#define KFX_PTR	.8byte
#else
#define KFX_PTR	.long
#endif
	.section .rodata, "a"
.Lkfx_asm_dup_key:
	.asciz	"asm/dup_asm"
	.balign 8
SYM_DATA_START(kfx_asm_dup_ops)
	KFX_PTR	.Lkfx_asm_dup_key
	KFX_PTR	kfx_asm_dup
SYM_DATA_END(kfx_asm_dup_ops)
