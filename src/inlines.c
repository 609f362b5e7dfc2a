/* Linkable copies of the fixed-order functions dnum_o1_* ... dnum_o32_* and
 * dnum2_o1_* ... dnum2_o16_* (for callers that cannot use the static inline versions:
 * other languages, function pointers across libraries). User code that includes
 * <dnum/dnum.h> gets inline versions. Built with -O1 -fno-inline (meson.build): each copy is
 * a thin wrapper calling the rolled kernels, compiled once. The Dnum2 copies are emitted by
 * src/inlines2.c, which includes this file, so that two cores build the halves side by side. */
#define DN_NO_UNROLL
#ifndef DNUM2_FIXED_DECL /* this file: dnum_oN; inlines2.c: dnum2_oN (built in parallel) */
#define DNUM_FIXED_DECL
#endif
#if defined(__GNUC__) && !defined(__clang__)
/* GCC 12's loop versioning of the rolled exp recurrence reports reads of v[n+1], which
 * the loop bounds (j <= k <= n) never perform: a known false positive. */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "dnum/dnum.h"
