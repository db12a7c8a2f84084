// SPDX-License-Identifier: GPL-2.0
/* Test-only: an object whose path, 9x/digit.o, starts with a digit. */
#include <linux/compiler.h>

int kfx_ext_digit(int x);

noinline int kfx_ext_digit(int x)
{
	return x + 2;
}
