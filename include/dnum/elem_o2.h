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
#define DNI_DNEL_O2_FOR(i, N) _Pragma("GCC unroll 16") for (unsigned i = 0; i < (unsigned)(N); i++)
#else
#define DNI_DNEL_O2_FOR(i, N) for (unsigned i = 0; i < (unsigned)(N); i++)
#endif
/* every (i, j) with j <= i in storage order, t its position */
#define DNI_DNEL_O2_TRI_FOR(K, i, j, t, ...)                                                  \
    DNI_DNEL_O2_FOR(i, K) DNI_DNEL_O2_FOR(j, i + 1) { unsigned t = DNEL_O2_AT(i, j); __VA_ARGS__ }

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

/* The type and its core: construction, the chain rules and the arithmetic. */
#define DNI_DNEL_O2_CORE(K)                                                                   \
    /** A dense order-2 number in K variables (see the header comment). dni_sz: internal  \
     *  (structural zeros, set by the functions only). */                                 \
    typedef struct dnel##K##_o2 {                                                          \
        double v, g[K], h[DNEL_O2_TRI(K)];                                                 \
        unsigned dni_sz;                                                                   \
    } dnel##K##_o2;                                                                        \
    /** A constant c. */                                                                   \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_const(double c)                                \
    {                                                                                      \
        dnel##K##_o2 r;                                                                    \
        r.v = c;                                                                           \
        DNI_DNEL_O2_FOR(i, K) r.g[i] = 0.0;                                                   \
        DNI_DNEL_O2_FOR(t, DNEL_O2_TRI(K)) r.h[t] = 0.0;                                      \
        r.dni_sz = 0;                                                                      \
        return r;                                                                          \
    }                                                                                      \
    /** The variable u_k with value x (gradient e_k, Hessian 0); k >= K gives a constant. */ \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_var(double x, unsigned k)                      \
    {                                                                                      \
        dnel##K##_o2 r = dnel##K##_o2_const(x);                                            \
        DNI_DNEL_O2_FOR(i, K) r.g[i] = i == k ? 1.0 : 0.0;                                    \
        return r;                                                                          \
    }                                                                                      \
    /* the variable u_k (k < K) with its structural zeros (the drivers' seeding) */        \
    DNI_DNEL_O2_DECL dnel##K##_o2 dni_dnel##K##_o2_seed(double x, unsigned k)                 \
    {                                                                                      \
        dnel##K##_o2 r = dnel##K##_o2_var(x, k);                                           \
        r.dni_sz = DNI_EL_ALLZ(K) & ~DNI_EL_GBIT(k);                                       \
        return r;                                                                          \
    }                                                                                      \
    /** The value of a. */                                                                 \
    DNI_DNEL_O2_DECL double dnel##K##_o2_value(dnel##K##_o2 a) { return a.v; }                \
    /** f(u) with f(u.v) = f0, f' = f1, f'' = f2 (a NaN f0 makes every derivative NaN). */ \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_chain(dnel##K##_o2 u, double f0, double f1, double f2) \
    {                                                                                      \
        DNI_EL_NORM(u);                                                                    \
        unsigned z = u.dni_sz & DNI_EL_ALLZ(K) & 15u;                                      \
        if (f0 != f0) f1 = f2 = f0;                                                        \
        DNI_DNEL_O2_TRI_FOR(K, i, j, t, unsigned z1 = DNI_EL_HZ(u, t);                        \
                       unsigned z2 = DNI_EL_GZ(u, i) | DNI_EL_GZ(u, j);                    \
                       if (z1 & z2) u.h[t] = 0.0, z |= DNI_EL_HBIT(t);                     \
                       else u.h[t] = DNI_EL_TERM(z1, f1 * u.h[t]) +                        \
                                     DNI_EL_TERM(z2, f2 * u.g[i] * u.g[j]);)               \
        DNI_DNEL_O2_FOR(i, K) if (!DNI_EL_GZ(u, i)) u.g[i] *= f1;                             \
        u.v = f0;                                                                          \
        u.dni_sz = z;                                                                      \
        return u;                                                                          \
    }                                                                                      \
    /* f(a, b) with partials fa, fb, faa, fab, fbb (a NaN f0: every derivative NaN); an     \
     * entry is skipped only where it is a structural zero of the result */                \
    DNI_DNEL_O2_DECL dnel##K##_o2 dni_dnel##K##_o2_chain2(dnel##K##_o2 a, dnel##K##_o2 b, double f0, \
                                              double fa, double fb, double faa,            \
                                              double fab, double fbb)                      \
    {                                                                                      \
        DNI_EL_NORM(a), DNI_EL_NORM(b);                                                    \
        unsigned zg = a.dni_sz & b.dni_sz & DNI_EL_ALLZ(K) & 15u, z = zg;                  \
        if (f0 != f0) fa = fb = faa = fab = fbb = f0;                                      \
        dnel##K##_o2 r;                                                                    \
        r.v = f0;                                                                          \
        DNI_DNEL_O2_TRI_FOR(K, i, j, t,                                                       \
                       if (DNI_EL_HZ(a, t) & DNI_EL_HZ(b, t) & ((zg >> i) | (zg >> j)))    \
                           r.h[t] = 0.0, z |= DNI_EL_HBIT(t);                              \
                       else r.h[t] = fa * a.h[t] + fb * b.h[t] + faa * a.g[i] * a.g[j] +   \
                                fab * (a.g[i] * b.g[j] + b.g[i] * a.g[j]) +                \
                                fbb * b.g[i] * b.g[j];)                                    \
        DNI_DNEL_O2_FOR(i, K) r.g[i] = (zg >> i & 1u) ? 0.0 : fa * a.g[i] + fb * b.g[i];      \
        r.dni_sz = z;                                                                      \
        return r;                                                                          \
    }                                                                                      \
    /* a + s b (s = 1 or -1) */                                                            \
    DNI_DNEL_O2_DECL dnel##K##_o2 dni_dnel##K##_o2_addsub(dnel##K##_o2 a, dnel##K##_o2 b, double s) \
    {                                                                                      \
        DNI_EL_NORM(a), DNI_EL_NORM(b);                                                    \
        a.v += s * b.v;                                                                    \
        DNI_DNEL_O2_FOR(i, K) if (!(DNI_EL_GZ(a, i) & DNI_EL_GZ(b, i)))                       \
            a.g[i] = DNI_EL_TERM(DNI_EL_GZ(a, i), a.g[i]) +                                \
                     DNI_EL_TERM(DNI_EL_GZ(b, i), s * b.g[i]);                             \
        DNI_DNEL_O2_FOR(t, DNEL_O2_TRI(K)) if (!(DNI_EL_HZ(a, t) & DNI_EL_HZ(b, t)))          \
            a.h[t] = DNI_EL_TERM(DNI_EL_HZ(a, t), a.h[t]) +                                \
                     DNI_EL_TERM(DNI_EL_HZ(b, t), s * b.h[t]);                             \
        a.dni_sz &= b.dni_sz;                                                              \
        return a;                                                                          \
    }                                                                                      \
    /* c a (every entry scaled: -0 stays -0) */                                          \
    DNI_DNEL_O2_DECL dnel##K##_o2 dni_dnel##K##_o2_scale(dnel##K##_o2 a, double c)                \
    {                                                                                      \
        DNI_EL_NORM(a);                                                                    \
        a.v *= c;                                                                          \
        DNI_DNEL_O2_FOR(i, K) if (!DNI_EL_GZ(a, i)) a.g[i] *= c;                              \
        DNI_DNEL_O2_FOR(t, DNEL_O2_TRI(K)) if (!DNI_EL_HZ(a, t)) a.h[t] *= c;                 \
        return a;                                                                          \
    }                                                                                      \
    /** a + b. */                                                                          \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_add(dnel##K##_o2 a, dnel##K##_o2 b)            \
    {                                                                                      \
        return dni_dnel##K##_o2_addsub(a, b, 1.0);                                            \
    }                                                                                      \
    /** a - b. */                                                                          \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_sub(dnel##K##_o2 a, dnel##K##_o2 b)            \
    {                                                                                      \
        return dni_dnel##K##_o2_addsub(a, b, -1.0);                                           \
    }                                                                                      \
    /** a b. */                                                                            \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_mul(dnel##K##_o2 a, dnel##K##_o2 b)            \
    {                                                                                      \
        dnel##K##_o2 r;                                                                    \
        unsigned z = 0;                                                                    \
        DNI_EL_NORM(a), DNI_EL_NORM(b);                                                    \
        r.v = a.v * b.v;                                                                   \
        DNI_DNEL_O2_TRI_FOR(K, i, j, t, unsigned z1 = DNI_EL_HZ(b, t), z2 = DNI_EL_HZ(a, t);  \
                       unsigned z3 = DNI_EL_GZ(a, i) | DNI_EL_GZ(b, j);                    \
                       unsigned z4 = DNI_EL_GZ(b, i) | DNI_EL_GZ(a, j);                    \
                       if (z1 & z2 & z3 & z4) r.h[t] = 0.0, z |= DNI_EL_HBIT(t);           \
                       else r.h[t] = DNI_EL_TERM(z1, a.v * b.h[t]) +                       \
                                     DNI_EL_TERM(z2, b.v * a.h[t]) +                       \
                                     DNI_EL_TERM(z3, a.g[i] * b.g[j]) +                    \
                                     DNI_EL_TERM(z4, b.g[i] * a.g[j]);)                    \
        DNI_DNEL_O2_FOR(i, K) {                                                               \
            unsigned z1 = DNI_EL_GZ(b, i), z2 = DNI_EL_GZ(a, i);                           \
            if (z1 & z2) r.g[i] = 0.0, z |= DNI_EL_GBIT(i);                                \
            else r.g[i] = DNI_EL_TERM(z1, a.v * b.g[i]) + DNI_EL_TERM(z2, b.v * a.g[i]);   \
        }                                                                                  \
        r.dni_sz = z;                                                                      \
        return r;                                                                          \
    }                                                                                      \
    /** a / b (b = 0: Inf/NaN as IEEE): q = a/b, q_i = (a_i - q b_i) / b, q_ij = (a_ij -  \
     *  q_i b_j - q_j b_i - q b_ij) / b (no factor 1/b^2 that could overflow). */         \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_div(dnel##K##_o2 a, dnel##K##_o2 b)            \
    {                                                                                      \
        double q = a.v / b.v, ib = 1.0 / b.v;                                              \
        dnel##K##_o2 r;                                                                    \
        unsigned z = 0;                                                                    \
        DNI_EL_NORM(a), DNI_EL_NORM(b);                                                    \
        r.v = q;                                                                           \
        DNI_DNEL_O2_FOR(i, K) {                                                               \
            unsigned z1 = DNI_EL_GZ(a, i), z2 = DNI_EL_GZ(b, i);                           \
            if (z1 & z2) r.g[i] = 0.0, z |= DNI_EL_GBIT(i);                                \
            else r.g[i] = (DNI_EL_TERM(z1, a.g[i]) - DNI_EL_SUBT(z2, q * b.g[i])) * ib;   \
        }                                                                                  \
        DNI_DNEL_O2_TRI_FOR(K, i, j, t, unsigned z1 = DNI_EL_HZ(a, t), z4 = DNI_EL_HZ(b, t);  \
                       unsigned z2 = (z >> i | DNI_EL_GZ(b, j)) & 1u;                      \
                       unsigned z3 = (z >> j | DNI_EL_GZ(b, i)) & 1u;                      \
                       if (z1 & z2 & z3 & z4) r.h[t] = 0.0, z |= DNI_EL_HBIT(t);           \
                       else r.h[t] = (DNI_EL_TERM(z1, a.h[t]) -                            \
                                      DNI_EL_SUBT(z2, r.g[i] * b.g[j]) -                   \
                                      DNI_EL_SUBT(z3, r.g[j] * b.g[i]) -                   \
                                      DNI_EL_SUBT(z4, q * b.h[t])) * ib;)                  \
        r.dni_sz = z;                                                                      \
        return r;                                                                          \
    }                                                                                      \
    /** -a. */                                                                             \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_neg(dnel##K##_o2 a) { return dni_dnel##K##_o2_scale(a, -1.0); } \
    /** a + c. */                                                                          \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_add_d(dnel##K##_o2 a, double c)                \
    {                                                                                      \
        a.v += c;                                                                          \
        return a;                                                                          \
    }                                                                                      \
    /** a - c. */                                                                          \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_sub_d(dnel##K##_o2 a, double c)                \
    {                                                                                      \
        a.v -= c;                                                                          \
        return a;                                                                          \
    }                                                                                      \
    /** a c. */                                                                            \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_mul_d(dnel##K##_o2 a, double c)                \
    {                                                                                      \
        return dni_dnel##K##_o2_scale(a, c);                                                  \
    }                                                                                      \
    /** a / c. */                                                                          \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_div_d(dnel##K##_o2 a, double c)                \
    {                                                                                      \
        dnel##K##_o2 r = dni_dnel##K##_o2_scale(a, 1.0 / c);                                  \
        r.v = a.v / c;                                                                     \
        return r;                                                                          \
    }                                                                                      \
    /** c - a. */                                                                          \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_d_sub(double c, dnel##K##_o2 a)                \
    {                                                                                      \
        dnel##K##_o2 r = dni_dnel##K##_o2_scale(a, -1.0);                                     \
        r.v = c - a.v;                                                                     \
        return r;                                                                          \
    }                                                                                      \
    /** c / a (as a / b with a constant numerator; with a's structural zeros, the         \
     *  numerator's entries are structural zeros too). */                                 \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_d_div(double c, dnel##K##_o2 a)                \
    {                                                                                      \
        dnel##K##_o2 n = dnel##K##_o2_const(c);                                            \
        DNI_EL_NORM(a);                                                                    \
        n.dni_sz = a.dni_sz ? DNI_EL_ALLZ(K) : 0u;                                         \
        return dnel##K##_o2_div(n, a);                                                     \
    }                                                                                      \
    /** h(u) with h(x, k, ctx) the k-th derivative of h (called for k = 0, 1, 2). */       \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_apply(dnel##K##_o2 u, dn_deriv_fn h, void *ctx) \
    {                                                                                      \
        return dnel##K##_o2_chain(u, h(u.v, 0, ctx), h(u.v, 1, ctx), h(u.v, 2, ctx));      \
    }

/* The functions: the unary table, powers, two-argument functions and pairs. */
#define DNI_DNEL_O2_ACTIVE(u) 1
#define DNI_DNEL_O2_FNS(K)                                                                    \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_pow_d(dnel##K##_o2 u, double p)                \
    {                                                                                      \
        double f0, f1, f2;                                                                 \
        dni_dnc2_pow_d(u.v, p, &f0, &f1, &f2);                                                \
        return dnel##K##_o2_chain(u, f0, f1, f2);                                          \
    }                                                                                      \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_pown(dnel##K##_o2 u, long m)                   \
    {                                                                                      \
        return dnel##K##_o2_pow_d(u, (double)m);                                           \
    }                                                                                      \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_atan2(dnel##K##_o2 y, dnel##K##_o2 x)          \
    {                                                                                      \
        double p[5], f0 = dni_dnc2_atan2(y.v, x.v, p);                                        \
        return dni_dnel##K##_o2_chain2(y, x, f0, p[0], p[1], p[2], p[3], p[4]);               \
    }                                                                                      \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_hypot(dnel##K##_o2 a, dnel##K##_o2 b)          \
    {                                                                                      \
        double p[5], f0 = dni_dnc2_hypot(a.v, b.v, p);                                        \
        return dni_dnel##K##_o2_chain2(a, b, f0, p[0], p[1], p[2], p[3], p[4]);               \
    }                                                                                      \
    DNI_DNEL_O2_DECL void dnel##K##_o2_sincos(dnel##K##_o2 u, dnel##K##_o2 *s, dnel##K##_o2 *c) \
    {                                                                                      \
        double sn = sin(u.v), cs = cos(u.v);                                               \
        dnel##K##_o2 rs = dnel##K##_o2_chain(u, sn, cs, -sn), rc = dnel##K##_o2_chain(u, cs, -sn, -cs); \
        *s = rs;                                                                           \
        *c = rc;                                                                           \
    }                                                                                      \
    DNI_DNEL_O2_DECL void dnel##K##_o2_sinhcosh(dnel##K##_o2 u, dnel##K##_o2 *s, dnel##K##_o2 *c) \
    {                                                                                      \
        double sh = sinh(u.v), ch = cosh(u.v);                                             \
        dnel##K##_o2 rs = dnel##K##_o2_chain(u, sh, ch, sh), rc = dnel##K##_o2_chain(u, ch, sh, ch); \
        *s = rs;                                                                           \
        *c = rc;                                                                           \
    }

/* one row of DNI2_UNARY_TABLE for dnelK_o2 */
#define DNI_DNEL_O2_UNF(K, name, F0, F1F2)                                                    \
    DNI2_UNARY_DEF(DNI_DNEL_O2_DECL, dnel##K##_o2, dnel##K##_o2_, DNI_DNEL_O2_ACTIVE, dnel##K##_o2_const, \
                   dnel##K##_o2_chain, name, F0, F1F2)

/* a^b = exp(b log a) with the value pow(a, b); needs a > 0 */
#define DNI_DNEL_O2_POW(K)                                                                    \
    DNI_DNEL_O2_DECL dnel##K##_o2 dnel##K##_o2_pow(dnel##K##_o2 a, dnel##K##_o2 b)            \
    {                                                                                      \
        dnel##K##_o2 r = dnel##K##_o2_exp(dnel##K##_o2_mul(b, dnel##K##_o2_log(a)));       \
        r.v = pow(a.v, b.v);                                                               \
        return r;                                                                          \
    }

/* the whole family for one K */
#define DNI_DNEL_O2_ALL(K) DNI_DNEL_O2_CORE(K) DNI_DNEL_O2_FNS(K) DNI2_UNARY_TABLE(DNI_DNEL_O2_UNF, K) DNI_DNEL_O2_POW(K)
DNI_DNEL_O2_ALL(1)
DNI_DNEL_O2_ALL(2)
DNI_DNEL_O2_ALL(3)
DNI_DNEL_O2_ALL(4)

#ifdef __cplusplus
}
#endif

#include "dnum/deprecated_o2.h" /* the old names, until 0.4 (errors with DN_NO_DEPRECATED) */

#endif /* DNUM_ELEM_O2_H */
