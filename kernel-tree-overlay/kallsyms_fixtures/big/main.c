// SPDX-License-Identifier: GPL-2.0
/* Test-only: a module of 10,100 functions (see Makefile). */
#include <linux/module.h>

MODULE_DESCRIPTION("kallsyms fixture: a module of many functions");
MODULE_LICENSE("GPL");
