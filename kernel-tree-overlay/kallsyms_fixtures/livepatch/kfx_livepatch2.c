// SPDX-License-Identifier: GPL-2.0
/* The same livepatch under a second module name, for atomic replace. */
#include "kfx_livepatch.c"
