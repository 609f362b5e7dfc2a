/* Linkable copies of the fixed-order functions dnum_o1_* ... dnum_o32_* and
 * dnum2_o1_* ... dnum2_o16_* (for callers that cannot use the static inline versions:
 * other languages, function pointers across libraries). User code that includes
 * <dnum/dnum.h> gets inline versions. Each copy is a thin wrapper: its kernel is the one
 * compiled copy of the rolled kernel in the library (src/kernels_x.h), so this file
 * compiles no kernel but the linear ones. */
#define DN_NO_UNROLL
#define DNUM_FIXED_DECL /* external linkage for both families */
#define DNUM2_FIXED_DECL
#if defined(__GNUC__) && !defined(__clang__)
/* GCC 12's loop versioning of the rolled exp recurrence reports reads of v[n+1], which
 * the loop bounds (j <= k <= n) never perform: a known false positive. */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
/* every kernel with scratch: the library's one compiled copy (src/kernels_x.h) */
#include "kernels_x.h"
#define DNI_DNUM_KW(f) dni_xk_##f##_w
#define DNI_DNUM2_KW(f) dni2_xk_##f##_w
#define DNI_DNUM2_KMUL(r, a, b, n) dni2_xk_mul_w(r, a, b, n, NULL)
#include "dnum/dnum.h"
