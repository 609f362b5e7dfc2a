/* dnum/elem_o2.h -- dnelK_o2: dense order-2 numbers in K = 1..4 variables, for the element
 * functions of partially separable objectives (DN_ELEMENT_O2 and the dn_*_el drivers of
 * dnum/hessian.h).
 *
 * A dnelK_o2 holds a value v, its gradient g[K] and the lower triangle of its Hessian
 * h[K(K+1)/2] with respect to K variables u_0 .. u_{K-1}, row by row: h[DNEL_O2_AT(i, j)] =
 * d2f/du_i du_j for j <= i (h[0] = f_00, h[1] = f_10, h[2] = f_11, h[3] = f_20, ...). K is
 * part of the type, so the compiler unrolls every operation and keeps small numbers in
 * registers: an element function of a few variables costs about what its hand-derived
 * gradient and Hessian cost. Every function takes its operands by value (sincos and
 * sinhcosh write two results through pointers), never fails and never allocates. Domain
 * errors follow libm: where the value of a function is NaN, every derivative of its result
 * is NaN. Entries are dense: a variable (or a constant) that an operand does not depend on
 * has zero entries, and an infinite derivative of a function times such a zero is NaN, as
 * in dnum_o2: at a pole or kink of a function of one variable (or of a constant, such as
 * sqrt(0) or abs(0) of constant data), entries of the other variables may be NaN, where
 * dlane_o2 and dsp_o2, which keep constants passive, may give finite ones. The member
 * dni_sz is internal (the structural zeros of the drivers' fast path, see below): a
 * number's members are read (a.v, a.g[k], a.h[t]), never written outside these functions.
 *
 * Index (K = 1, 2, 3, 4; T is dnelK_o2, P its prefix dnelK_o2_):
 *   layout      DNEL_O2_TRI(K)  entries of the triangle;  DNEL_O2_AT(i, j)  position of
 *               (i, j)
 *   construct   T P##const(double c)         a constant (every derivative 0)
 *               T P##var(double x, unsigned k)   the variable u_k with value x (k < K)
 *   inspect     double P##value(T a)         the value (also a.v; a.g[k], a.h[DNEL_O2_AT])
 *   arithmetic  _add _sub _mul _div (T, T); _neg (T)
 *               _add_d _sub_d _mul_d _div_d (T, double); _d_sub _d_div (double, T)
 *   functions   _f (T u), _f (T a, T b), _f (int m, T u) for every function f of the
 *               operation table, by its arguments (docs/functions.md): the elementary
 *               ones (exp, log, sin, ..., pow, atan2, hypot) here, the special ones
 *               (docs/special.md) in dnum/special_o2.h
 *               _pow_d (T, double)  _pown (T, long)
 *               void _sincos (T, T *s, T *c)  void _sinhcosh (T, T *s, T *c)
 *   chain rule  T P##chain(T u, double f0, double f1, double f2)   f(u) from f, f', f''
 *               T P##apply(T u, dn_deriv_fn h, void *ctx)        h(u) from the callback
 * The functions have the meaning of their dlane_o2 namesakes (dnum/lanes_o2.h); the
 * type-generic dnh_* names dispatch to them, so an element body is written with dnh_*.
 * The names of dnum 0.2 are deprecated aliases of these (dnum/deprecated_o2.h, until 0.4;
 * not with DN_NO_DEPRECATED).
 */
#ifndef DNUM_ELEM_O2_H
#define DNUM_ELEM_O2_H

#include <math.h>
#include "dnum/common.h"
#include "dnum/internal/chain2.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Entries of the lower triangle (diagonal included) of a K x K Hessian. */
#define DNEL_O2_TRI(K) ((K) * ((K) + 1) / 2)
/** Position of the Hessian entry (i, j), j <= i, in h[]. */
#define DNEL_O2_AT(i, j) ((i) * ((i) + 1) / 2 + (j))

#if defined(__GNUC__) || defined(__clang__)
#define DNI_DNEL_O2_DECL static inline __attribute__((unused)) DNI_FORCE_INLINE
#else
#define DNI_DNEL_O2_DECL static inline
#endif
/* loops over constant bounds, unrolled so that the numbers stay in registers */
#if defined(__GNUC__) && !defined(__clang__)
#define DNI_DNEL_O2_FOR(i, N)                                                              \
    _Pragma("GCC unroll 16")                                                               \
    for (unsigned i = 0; i < (unsigned)(N); i++)
#else
#define DNI_DNEL_O2_FOR(i, N) for (unsigned i = 0; i < (unsigned)(N); i++)
#endif
/* every (i, j) with j <= i in storage order, t its position */
#define DNI_DNEL_O2_TRI_FOR(K, i, j, t, ...)                                               \
    DNI_DNEL_O2_FOR(i, K)                                                                  \
        DNI_DNEL_O2_FOR(j, i + 1) {                                                        \
            unsigned t = DNEL_O2_AT(i, j);                                                 \
            __VA_ARGS__                                                                    \
        }

/* Structural zeros (the member dni_sz; the element drivers' fast path). Bit i stands for
 * g[i], bit 4 + t for h[t]: a set bit says that the entry is zero by construction, for
 * every value of the variables (a variable the number does not depend on, a second
 * derivative of a linear expression). The drivers seed their variables with them
 * (dni_dnelK_o2_seed); every function carries them to its result and skips the terms of a
 * sum that are such zeros (adding -0.0 or subtracting 0.0 instead, which changes no sum,
 * and the compiler drops). Numbers made by
 * _const, _var or zero initialisation have none (0: every entry computed), so that a body
 * without seeded variables computes exactly the dense formulas, NaN rules included. */
#define DNI_EL_GZ(a, i) (((a).dni_sz >> (i)) & 1u)
#define DNI_EL_HZ(a, t) (((a).dni_sz >> (4u + (t))) & 1u)
#define DNI_EL_GBIT(i) (1u << (i))
#define DNI_EL_HBIT(t) (1u << (4u + (t)))
#define DNI_EL_ALLZ(K) (((1u << (K)) - 1u) | (((1u << DNEL_O2_TRI(K)) - 1u) << 4))
/* An operand's structural zeros as the operations use them: only where the compiler knows
 * them as constants (its code is then specialised and the skipped terms vanish); where
 * they are known only at run time (after a branch of the body between numbers with
 * different zeros), none: every term computed, as a branch per term would cost more than
 * it saves and multiply the code the compiler has to optimise. */
#if defined(__GNUC__) || defined(__clang__)
#define DNI_EL_NORM(a) ((a).dni_sz = __builtin_constant_p((a).dni_sz) ? (a).dni_sz : 0u)
#else
#define DNI_EL_NORM(a) ((a).dni_sz = 0u)
#endif
#define DNI_EL_TERM(z, x) ((z) ? -0.0 : (x))
#define DNI_EL_SUBT(z, x) ((z) ? 0.0 : (x)) /* (subtracted: x - 0 is x) */

/* the unary functions: every number is active (dense entries) */
#define DNI_DNEL_O2_ACTIVE(u) 1
/* one row of DNI2_UNARY_TABLE for dnelK_o2 */
#define DNI_DNEL_O2_UNF(K, name, F0, F1F2)                                                 \
    DNI2_UNARY_DEF(DNI_DNEL_O2_DECL, dnel##K##_o2, dnel##K##_o2_, DNI_DNEL_O2_ACTIVE,      \
                   dnel##K##_o2_const, dnel##K##_o2_chain, name, F0, F1F2)

/* The family for K = 1 ... 4: the type, its core and its functions, each one inclusion of
 * the body dnum/internal/elem_o2_body.h. */
#define DNI_DNEL_K 1
#include "dnum/internal/elem_o2_body.h"
#define DNI_DNEL_K 2
#include "dnum/internal/elem_o2_body.h"
#define DNI_DNEL_K 3
#include "dnum/internal/elem_o2_body.h"
#define DNI_DNEL_K 4
#include "dnum/internal/elem_o2_body.h"

#ifdef __cplusplus
}
#endif

#include "dnum/deprecated_o2.h" /* the old names, until 0.4 (DN_NO_DEPRECATED: errors) */

#endif /* DNUM_ELEM_O2_H */
