/* dnum/internal/kernelk.h -- the kernel layer of the multivariate family Dnumk (internal, not
 * API-stable).
 *
 * A multivariate number in K variables of total order N is the truncated Taylor series of
 * f(x0 + h) in normalised coefficients c_a = f^(a) / a! (a! = a1! ... aK!), one for every
 * multi-index a with |a| = a1 + ... + aK <= N: C(N+K, K) doubles, in graded order
 *     by total degree |a|, then by decreasing a1, then (for equal a1) by decreasing a2, ...
 * i.e. for K = 3: (000) (100) (010) (001) (200) (110) (101) (020) (011) (002) (300) ...
 * For K = 2 this is Dnum2's triangle (index s(s+1)/2 + a2). dnik_index gives the position.
 *
 * Blocks. The entries of total degree d form block d, which starts at dnik_start(K, d)
 * = C(d-1+K, K) and holds dnik_h(K, d) = C(d+K-1, K-1) entries. Block d in K variables,
 * read as an array, is exactly the whole layout of a series in the K-1 variables x2..xK of
 * order d (set x1 = 1): its entries with a1 = d - e form that series' block e. So the
 * product of a block of degree p by one of degree q (a homogeneous polynomial of degree
 * p + q) is, one variable down, the sum over e1 <= p, e2 <= q of the products of their
 * blocks e1 and e2, landing in block e1 + e2: dnik_hmul<m> calls dnik_hmul<m-1>, and
 * dnik_hmul2 is a 1-D convolution. With constant K and N every loop and offset folds and
 * the compiler unrolls the product completely.
 *
 * The functions run the univariate recurrences of kernel.h with scalars replaced by blocks
 * (this is their only multivariate copy: kernel2.h runs them with K = 2 on Dnum2's
 * triangle converted to Taylor coefficients): along any ray h = l v the series is
 * univariate in l and its coefficient of l^d is block d. A product of two coefficients
 * becomes a block product, d/dl the Euler operator theta (block d times d) and the
 * "integral" divides block d by d. Every division is by the scalar value u_0. Each
 * built-in costs a few K-variate Cauchy products of C(N+2K, 2K) multiply-adds each.
 For K = 2 (Dnum2) the block product sums each entry in a register and the loops over the
 * blocks unroll (DNIK_KLOOP), so that constant orders keep everything in registers.
 *
 * Conventions (as kernel.h/kernel2.h): static inline, names dnik_*, K and N are run-time
 * arguments (constants for the fixed types: then everything unrolls), 1 <= K <=
 * DNK_VARS_MAX, 0 <= N <= DNK_ORDER_MAX (N <= 64 for K = 2, Dnum2). No allocation, no error handling. Unlike kernel2.h
 * the arrays hold Taylor coefficients, and the results of the products and functions must
 * not overlap any input (restrict); the linear kernels of kernel.h (flat, on S - 1 =
 * C(N+K,K) - 1) are reused as they are. Scratch: the caller passes w, DNIK_WORK(S) =
 * 9 S doubles (S = the size), not overlapping anything: the functions' recurrences use
 * at most the first 6 S, the range rerun (kernelk_range.h) the last 3 S.
 *
 * Range. A partial whose true value is a finite double comes back finite (one beyond
 * DBL_MAX: +-Inf), also at subnormal and huge arguments: the cores that divide by a value
 * v scale their quotient where 1 / v overflows (dnik_sub_scale), u^p runs on u / u_0 with
 * its columns scaled to unit size for extreme values (dnik_tpow_q), atan2, hypot and the
 * atan family on arguments scaled to unit size (their squares beyond 1e154 or below
 * 1e-154 would overflow or underflow; hypot at a tiny value in value and growth,
 * dnik_hypot_far), and
 * a function whose result has a non-finite partial below the first non-finite block of
 * its operands runs again on operands rescaled per variable (src/range.h's mechanism,
 * kernelk_range.h): the partials of cbrt(x) at x = 5e-312 grow by 2^1033 per order, so d2
 * is Inf (rightly), and from it 0 * Inf would make the partials of higher order in y NaN
 * (truly 0). Not rescued: a partial computed from an operand's non-finite partial (passed
 * on), the zeros of dnik_sing, dnik_mul, and the compositions (dnik_tcompose: dnik_apply,
 * the special functions), whose structural zeros never meet an Inf.
 *
 * Index (the file of each group; kernelk.h includes them in this order):
 *   kernelk_block.h  layout     dnik_h dnik_start dnik_size dnik_index dnik_next dnik_afact
 *                    scaling    dnik_sub_scale dnik_col_growth dnik_scale_far
 *                               dnik_far_exponents dnik_range_scale dnik_unit
 *   kernelk_bmul.h   products   dnik_hmul1 .. dnik_hmul10 dnik_hmul dnik_bdot dnik_tmul
 *                               dnik_tdiv
 *   kernelk_tcore.h  cores      dnik_ttheta dnik_tdiv0 dnik_tinteg dnik_tinteg_div dnik_texp
 *                               dnik_tsincos dnik_ttan dnik_tsqrt dnik_tpow dnik_tcompose_plain
 *   kernelk_poles.h  zeros      dnik_onevar dnik_sing
 *   kernelk_range.h  range      dnik_finite dnik_first_bad dnik_range_need dnik_range_step
 *                               DNIK_RANGE_LOOP DNIK_RANGED_U .. _S dnik_tcompose
 *   kernelk_func.h   setup      dnik_set_var
 *                    functions  dnik_mul dnik_div dnik_d_div dnik_exp dnik_expm1 dnik_log
 *                               dnik_log1p dnik_sqrt dnik_cbrt dnik_pow_d dnik_pown dnik_pow
 *                               dnik_sincos dnik_sin dnik_cos dnik_tan dnik_sinhcosh dnik_sinh
 *                               dnik_cosh dnik_tanh dnik_asin dnik_acos dnik_atan dnik_asinh
 *                               dnik_acosh dnik_atanh dnik_atan2 dnik_hypot dnik_erf dnik_erfc
 *                               dnik_abs dnik_apply (each function f but mul, abs and apply
 *                               is dnik_f_plain, the recurrence, inside the range rerun)
 *   kernelk_special.h           dnik_cot, the piecewise functions, the marks DNIK_OWN_<f>
 *                               (the evaluator composes the other special functions)
 */
#ifndef DNUM_KERNELK_H
#define DNUM_KERNELK_H

#include <float.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "dnum/internal/kernel.h"
#include "dnum/internal/ops.h"

/** Most variables of the multivariate family. */
#define DNK_VARS_MAX 10
/** Highest total order of the multivariate family. */
#define DNK_ORDER_MAX 32
/** Scratch doubles the dnik_ functions need for a number of S entries. */
#define DNIK_WORK(S) (9 * (S))

/* Forced inlining lets constant K and N fold through the product chain (the fixed types);
 * translation units with run-time K and N (DN_NO_UNROLL) leave the choice to the compiler. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(DN_NO_UNROLL)
#define DNIK_INLINE static inline __attribute__((unused)) DNI_FORCE_INLINE
#else
#define DNIK_INLINE static inline
#endif

#if DNI_LANE_BODY
#error                                                                                     \
    "include dnum/internal/kernelk.h before dnum/internal/kernel_lane.h (its body is double)"
#endif

/* The body (the parts marked so below) is written on kernel.h's element-type macros
 * (DNI_R, DNI_V, DNI_SEL, DNI_ANY, DNI_ISINF, DNI_RARE, DNI_M, DNI_K) with the names
 * DNIK_K(name), and instantiated here for double (names dnik_*, the kernels every family
 * calls); dnum/internal/kernelk_lane.h instantiates it again for kernel_lane.h's vectors
 * of W doubles (names dnikl_*: the batch evaluators of the multivariate layouts). The
 * parts a vector cannot take (the zero and pole rules dnik_sing, the range rerun, the
 * rescaled paths of extreme values, u^p, atan2, hypot, the compositions) are compiled
 * for double only (!DNI_LANE_BODY, DNI_RARE): the evaluator sends the lanes that need
 * them to the double kernels. */
#define DNIK_K(name) dnik_##name

/* the parts, in dependency order */
#include "dnum/internal/kernelk_block.h"   /* layout, scaling helpers */
#include "dnum/internal/kernelk_bmul.h"    /* body: block products, quotient */
#include "dnum/internal/kernelk_tcore.h"   /* body: exp, sin/cos, tan, sqrt, u^p */
#include "dnum/internal/kernelk_poles.h"   /* zeros and poles */
#include "dnum/internal/kernelk_range.h"   /* the range rerun, dnik_tcompose */
#include "dnum/internal/kernelk_func.h"    /* body: the functions dnik_<f> */
#include "dnum/internal/kernelk_special.h" /* cot and the piecewise functions */

#endif /* DNUM_KERNELK_H */
