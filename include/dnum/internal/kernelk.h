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
 * at most the first 6 S, the range rerun (below) the last 3 S.
 *
 * Range. A partial whose true value is a finite double comes back finite (one beyond
 * DBL_MAX: +-Inf), also at subnormal and huge arguments: the cores that divide by a value
 * v scale their quotient where 1 / v overflows (dnik_sub_scale), u^p runs on u / u_0 for
 * extreme values (dnik_tpow_q), atan2, hypot and the atan family on arguments scaled to
 * unit size (their squares beyond 1e154 or below 1e-154 would overflow or underflow), and
 * a function whose result has a non-finite partial below the first non-finite block of
 * its operands runs again on operands rescaled per variable (src/range.h's mechanism,
 * "Range" below): the partials of cbrt(x) at x = 5e-312 grow by 2^1033 per order, so d2
 * is Inf (rightly), and from it 0 * Inf would make the partials of higher order in y NaN
 * (truly 0). Not rescued: a partial computed from an operand's non-finite partial (passed
 * on), the zeros of dnik_sing, dnik_mul, and the compositions (dnik_tcompose: dnik_apply,
 * the special functions), whose structural zeros never meet an Inf.
 *
 * Index:
 *   layout     dnik_h dnik_start dnik_size dnik_index dnik_next dnik_afact
 *   products   dnik_hmul1 .. dnik_hmul10 dnik_hmul dnik_bdot dnik_tmul dnik_tdiv
 *   cores      dnik_ttheta dnik_tdiv0 dnik_tinteg dnik_tinteg_div dnik_texp dnik_tsincos
 *              dnik_ttan dnik_tsqrt dnik_tpow dnik_tcompose
 *   setup      dnik_set_var
 *   range      dnik_finite dnik_first_bad dnik_range_need dnik_range_scale dnik_range_step
 *              DNIK_RANGE_LOOP
 *   functions  dnik_mul dnik_div dnik_d_div dnik_exp dnik_expm1 dnik_log dnik_log1p dnik_sqrt
 *              dnik_cbrt dnik_pow_d dnik_pown dnik_pow dnik_sincos dnik_sin dnik_cos dnik_tan
 *              dnik_sinhcosh dnik_sinh dnik_cosh dnik_tanh dnik_asin dnik_acos dnik_atan
 *              dnik_asinh dnik_acosh dnik_atanh dnik_atan2 dnik_hypot dnik_erf dnik_erfc
 *              dnik_abs dnik_apply (each function f but mul, abs and apply is dnik_f_plain,
 *              the recurrence, inside the range rerun)
 */
#ifndef DNUM_KERNELK_H
#define DNUM_KERNELK_H

#include <float.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "dnum/internal/kernel.h"

/** Most variables of the multivariate family. */
#define DNK_VARS_MAX 10
/** Highest total order of the multivariate family. */
#define DNK_ORDER_MAX 32
/** Scratch doubles the dnik_ functions need for a number of S entries. */
#define DNIK_WORK(S) (9 * (S))

/* Forced inlining lets constant K and N fold through the product chain (the fixed types);
 * translation units with run-time K and N (DN_NO_UNROLL) leave the choice to the compiler. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(DN_NO_UNROLL)
#define DNIK_INLINE static inline __attribute__((always_inline, unused))
#else
#define DNIK_INLINE static inline
#endif

/* ------------------------------------------------------------------------------------ */
/* Layout.                                                                                */

/** Entries of block d in m variables (monomials of degree d): C(d+m-1, m-1). */
DNIK_INLINE size_t dnik_h(unsigned m, unsigned d)
{
    size_t r = 1;
    for (unsigned t = 1; t < m; t++) r = r * (d + t) / t; /* r = C(d+t, t), exact */
    return r;
}

/** Start of block d in m variables (monomials of degree < d): C(d-1+m, m). */
DNIK_INLINE size_t dnik_start(unsigned m, unsigned d)
{
    size_t r = 1;
    for (unsigned t = 1; t <= m; t++) r = r * (d + t - 1) / t; /* r = C(d-1+t, t) */
    return r;
}

/** Size of a number in K variables of total order N: C(N+K, K). */
DNIK_INLINE size_t dnik_size(unsigned K, unsigned N)
{
    return dnik_start(K, N + 1);
}

/** Position of the multi-index a[0..K-1] in the graded order. */
static inline size_t dnik_index(unsigned K, const unsigned *a)
{
    unsigned s = 0;
    for (unsigned i = 0; i < K; i++) s += a[i];
    size_t e = dnik_start(K, s);
    /* inside block s of variables i..K-1: skip the monomials with a larger a_i, i.e. the
     * sub-blocks of degree < s - a_i of the remaining variables */
    for (unsigned i = 0; i + 1 < K; i++) {
        e += dnik_start(K - 1 - i, s - a[i]);
        s -= a[i];
    }
    return e;
}

/** Steps a[0..K-1] to the next multi-index in the graded order. */
static inline void dnik_next(unsigned K, unsigned *a)
{
    unsigned tail = a[K - 1];
    for (unsigned i = K - 1; i-- > 0;) {
        if (a[i] > 0) {
            a[i]--;
            a[i + 1] = tail + 1;
            for (unsigned j = i + 2; j < K; j++) a[j] = 0;
            return;
        }
        tail += a[i];
    }
    a[0] = tail + 1; /* the last of its block: first of the next */
    for (unsigned j = 1; j < K; j++) a[j] = 0;
}

/** a! = a1! ... aK! (the scaling between derivatives and Taylor coefficients). */
static inline double dnik_afact(unsigned K, const unsigned *a)
{
    double f = 1.0;
    for (unsigned i = 0; i < K; i++) f *= dni_fact[a[i]];
    return f;
}

/* ------------------------------------------------------------------------------------ */
/* Block products: c += a b, a of degree p, b of degree q, c of degree p + q, m variables. */

DNIK_INLINE void dnik_hmul1(double *c, const double *a, unsigned p,
                            const double *b, unsigned q)
{
    (void)p, (void)q;
    c[0] += a[0] * b[0];
}

DNIK_INLINE void dnik_hmul2(double *c, const double *a, unsigned p,
                            const double *b, unsigned q)
{
    for (unsigned i = 0; i <= p; i++)
        for (unsigned j = 0; j <= q; j++) c[i + j] += a[i] * b[j];
}

#define DNIK_HMUL(m, m1)                                                                   \
    DNIK_INLINE void dnik_hmul##m(double *c, const double *a, unsigned p, \
                                  const double *b, unsigned q)                    \
    {                                                                                      \
        for (unsigned i = 0; i <= p; i++)                                       \
            for (unsigned j = 0; j <= q; j++)                                   \
                dnik_hmul##m1(c + dnik_start(m1, i + j), a + dnik_start(m1, i), i,         \
                              b + dnik_start(m1, j), j);                                   \
    }
DNIK_HMUL(3, 2)
DNIK_HMUL(4, 3)
DNIK_HMUL(5, 4)
DNIK_HMUL(6, 5)
DNIK_HMUL(7, 6)
DNIK_HMUL(8, 7)
DNIK_HMUL(9, 8)
DNIK_HMUL(10, 9)

/** c += a b for blocks of degree p (a) and q (b) in m <= DNK_VARS_MAX variables. */
DNIK_INLINE void dnik_hmul(unsigned m, double *c, const double *a, unsigned p,
                           const double *b, unsigned q)
{
    switch (m) {
    case 1: dnik_hmul1(c, a, p, b, q); break;
    case 2: dnik_hmul2(c, a, p, b, q); break;
    case 3: dnik_hmul3(c, a, p, b, q); break;
    case 4: dnik_hmul4(c, a, p, b, q); break;
    case 5: dnik_hmul5(c, a, p, b, q); break;
    case 6: dnik_hmul6(c, a, p, b, q); break;
    case 7: dnik_hmul7(c, a, p, b, q); break;
    case 8: dnik_hmul8(c, a, p, b, q); break;
    case 9: dnik_hmul9(c, a, p, b, q); break;
    default: dnik_hmul10(c, a, p, b, q); break;
    }
}

/** Block k of c = sum_{j = hi..lo} (block j of a)(block k-j of b), j descending (b's
 *  blocks enter oldest first, the latency order of kernel.h); 0 for hi < lo. c's block k
 *  must not overlap the blocks read (c may be b: the recurrences read older blocks). */
DNIK_INLINE void dnik_bdot(double *c, const double *a, const double *b, unsigned lo,
                           unsigned hi, unsigned k, unsigned K)
{
    double *ck = c + dnik_start(K, k);
    if (K == 2) { /* Dnum2 (kernel2.h): each entry summed in a register, the same terms in
                   * the same order; with constant N fully unrolled (2x faster at N = 4) */
        DNI_UNROLL for (unsigned m = 0; m <= k; m++) {
            double acc = -0.0;
            DNI_UNROLL for (unsigned t = 0; lo + t <= hi; t++) {
                unsigned j = hi - t, q = k - j;
                const double *aj = a + j * (j + 1) / 2, *bq = b + q * (q + 1) / 2;
                unsigned i0 = m > q ? m - q : 0, i1 = m < j ? m : j;
                DNI_UNROLL for (unsigned i = i0; i <= i1; i++) acc += aj[i] * bq[m - i];
            }
            ck[m] = acc;
        }
        return;
    }
    size_t h = dnik_h(K, k);
    for (size_t e = 0; e < h; e++) ck[e] = -0.0; /* -0 + x == x for every x, also -0 */
    for (unsigned t = 0; lo + t <= hi; t++) {
        unsigned j = hi - t;
        dnik_hmul(K, ck, a + dnik_start(K, j), j, b + dnik_start(K, k - j), k - j);
    }
}

/* the entries of block k: for (e = B(k); e < B(k+1); e++) */
#define DNIK_BLOCK(e, K, k) for (size_t e = dnik_start(K, k); e < dnik_start(K, (k) + 1); e++)

/* for (k = k0; k <= N; k++) { body }, for K = 2 (Dnum2) unrolled: with a constant order
 * every block's bounds become constants and dnik_bdot's entries stay in registers (Dnum2's
 * functions 2x faster at N = 4). K > 2 keeps the loop (unrolled, W7 ran 1.5x slower). */
#define DNIK_KLOOP(k, k0, N, K, ...)                                                       \
    do {                                                                                   \
        if ((K) == 2) {                                                                    \
            DNI_UNROLL for (unsigned k = (k0); k <= (N); k++) { __VA_ARGS__ }              \
        } else {                                                                           \
            for (unsigned k = (k0); k <= (N); k++) { __VA_ARGS__ }                         \
        }                                                                                  \
    } while (0)

/** c = a * b (K-variate Cauchy product, total order N). */
static inline void dnik_tmul(double *restrict c, const double *restrict a,
                             const double *restrict b, unsigned K, unsigned N)
{
    DNIK_KLOOP(k, 0, N, K, dnik_bdot(c, a, b, 0, k, k, K););
}

/* Subnormal values. 1 / v overflows for a subnormal v although a quotient by it, or the
 * recurrence of u^p (which reads u_j / u_0 only), may be finite (cbrt'(5e-312) = 1e207):
 * the cores that divide by a value v use 1 / (sc v) and multiply by sc where the divided
 * terms enter, sc = 2^64 for a subnormal v (as if both sides were scaled by it, which does
 * not change the result), else 1. */
static inline double dnik_sub_scale(double v)
{
    return v != 0.0 && fabs(v) < DBL_MIN ? 0x1p64 : 1.0;
}

/* the binary exponent of x != 0 */
static inline double dnik_lg(double x)
{
    return (double)ilogb(x);
}

/* dst = src with entry a scaled by 2^(sign m.a) */
static inline void dnik_range_scale(double *dst, const double *src, const int *m, int sign,
                                    unsigned K, unsigned N)
{
    unsigned al[DNK_VARS_MAX] = {0};
    size_t S = dnik_size(K, N);
    for (size_t e = 0; e < S; e++, dnik_next(K, al)) {
        int x = 0;
        for (unsigned i = 0; i < K; i++) x += m[i] * (int)al[i];
        dst[e] = x ? ldexp(src[e], sign * x) : src[e];
    }
}

/* 2^-e for the binary exponent e of x != 0, within the normal range (x times it is in
 * [1, 2) but for the extremes); 1 for x = 0 and where x is not finite */
static inline double dnik_unit(double x)
{
    if (x == 0.0 || !(fabs(x) <= DBL_MAX)) return 1.0;
    int e = ilogb(x);
    return ldexp(1.0, e > 1022 ? -1022 : e < -1022 ? 1022 : -e);
}

/** c = a / b: c_k = (a_k - sum_{j=1..k} b_j c_{k-j}) / b_0 by blocks. */
static inline void dnik_tdiv(double *restrict c, const double *restrict a,
                             const double *restrict b, unsigned K, unsigned N)
{
    double sc = dnik_sub_scale(b[0]), inv = 1.0 / (b[0] * sc);
    c[0] = a[0] * sc * inv;
    DNIK_KLOOP(k, 1, N, K, dnik_bdot(c, b, c, 1, k, k, K);
               DNIK_BLOCK(e, K, k) c[e] = (a[e] - c[e]) * sc * inv;);
}

/* ------------------------------------------------------------------------------------ */
/* Cores: kernel.h's recurrences on blocks (Taylor coefficients, no aliasing).            */

/** v = theta u: block k times k. */
static inline void dnik_ttheta(double *restrict v, const double *restrict u, unsigned K,
                               unsigned N)
{
    DNIK_KLOOP(k, 0, N, K, DNIK_BLOCK(e, K, k) v[e] = (double)k * u[e];);
}

/** q = v / w where v's block 0 is zero (so is q's); w_0 = 0 gives Inf/NaN. */
static inline void dnik_tdiv0(double *restrict q, const double *restrict v,
                              const double *restrict w, unsigned K, unsigned N)
{
    double sc = dnik_sub_scale(w[0]), inv = 1.0 / (w[0] * sc);
    q[0] = 0.0;
    DNIK_KLOOP(k, 1, N, K, dnik_bdot(q, w, q, 1, k - 1, k, K);
               DNIK_BLOCK(e, K, k) q[e] = (v[e] - q[e]) * sc * inv;);
}

/** f = f0 + "integral" of g: block k of g divided by k; a NaN f0 makes every entry NaN. */
static inline void dnik_tinteg(double *restrict f, double f0, const double *restrict g,
                               unsigned K, unsigned N)
{
    f[0] = f0;
    DNIK_KLOOP(k, 1, N, K, DNIK_BLOCK(e, K, k) f[e] = (f0 != f0) ? f0 : g[e] * dni_inv[k];);
}

/** f = f0 + integral of (theta u) / w; scratch w2 of 2 S doubles. */
static inline void dnik_tinteg_div(double *restrict f, double f0, const double *restrict u,
                                   const double *restrict w, unsigned K, unsigned N,
                                   double *restrict w2)
{
    double *v = w2, *q = w2 + dnik_size(K, N);
    dnik_ttheta(v, u, K, N);
    dnik_tdiv0(q, v, w, K, N);
    dnik_tinteg(f, f0, q, K, N);
}

/** e = exp(u), e_0 = e0: k e_k = sum_{j=1..k} (j u_j) e_{k-j}; scratch v of S doubles. */
static inline void dnik_texp(double *restrict e, double e0, const double *restrict u, unsigned K,
                             unsigned N, double *restrict v)
{
    /* an overflowed value (exp(1000)) runs the recurrence from 1 and scales at the end, so
     * the partials are +-Inf as in kernel.h instead of the NaN of Inf * 0 */
    double f = isinf(e0) ? e0 : 1.0;
    dnik_ttheta(v, u, K, N);
    e[0] = isinf(e0) ? 1.0 : e0;
    DNIK_KLOOP(k, 1, N, K, dnik_bdot(e, v, e, 1, k, k, K);
               DNIK_BLOCK(i, K, k) e[i] *= dni_inv[k];);
    if (f != 1.0)
        for (size_t i = 0; i < dnik_size(K, N); i++) e[i] *= f;
}

/** s = sin(u), c = cos(u) (sign = -1) or sinh, cosh (sign = +1); scratch v of S. */
static inline void dnik_tsincos(double *restrict s, double *restrict c, double s0, double c0,
                                double sign, const double *restrict u, unsigned K, unsigned N,
                                double *restrict v)
{
    dnik_ttheta(v, u, K, N);
    s[0] = s0;
    c[0] = c0;
    DNIK_KLOOP(k, 1, N, K, dnik_bdot(s, v, c, 1, k, k, K);
               dnik_bdot(c, v, s, 1, k, k, K);
               DNIK_BLOCK(e, K, k) {
                   s[e] *= dni_inv[k];
                   c[e] = sign * c[e] * dni_inv[k];
               });
}

/** t = tan(u) (sign = +1) or tanh(u) (sign = -1) from theta t = w theta u, w = 1 + sign t^2;
 *  scratch of 2 S. */
static inline void dnik_ttan(double *restrict t, double t0, double w0, double sign,
                             const double *restrict u, unsigned K, unsigned N, double *restrict ws)
{
    double *v = ws, *w = ws + dnik_size(K, N);
    dnik_ttheta(v, u, K, N);
    t[0] = t0;
    w[0] = w0;
    DNIK_KLOOP(k, 1, N, K, dnik_bdot(t, v, w, 1, k, k, K);
               DNIK_BLOCK(e, K, k) t[e] *= dni_inv[k];
               if (k < N) {
                   dnik_bdot(w, t, t, 0, k, k, K);
                   DNIK_BLOCK(e, K, k) w[e] *= sign;
               });
}

/** r = sqrt(u), r_0 = r0; only u's blocks 1..N are read (hypot). */
static inline void dnik_tsqrt(double *restrict r, double r0, const double *restrict u,
                              unsigned K, unsigned N)
{
    double inv2 = 0.5 / r0;
    r[0] = r0;
    DNIK_KLOOP(k, 1, N, K, dnik_bdot(r, r, r, 1, k - 1, k, K);
               DNIK_BLOCK(e, K, k) r[e] = (u[e] - r[e]) * inv2;);
}

/* f = u^p from q = u / u_0 (q_0 = 1) and f_0: f_k = sum_{j=1..k} ((p+1) j - k) q_j f_{k-j} / k;
 * scratch tmp of S */
static inline void dnik_tpow_rec(double *restrict f, double f0, double p,
                                 const double *restrict q, unsigned K, unsigned N,
                                 double *restrict tmp)
{
    f[0] = f0;
    for (unsigned k = 1; k <= N; k++) {
        DNIK_BLOCK(e, K, k) f[e] = 0.0;
        for (unsigned j = k; j >= 1; j--) {
            dnik_bdot(tmp, q, f, j, j, k, K); /* block k of tmp: q_j f_{k-j} */
            DNIK_BLOCK(e, K, k) f[e] += ((p + 1.0) * j - (double)k) * tmp[e];
        }
        DNIK_BLOCK(e, K, k) f[e] *= dni_inv[k];
    }
}

/* f = u^p on q = u / u_0, for a u_0 or f_0 beyond 2^+-500: there the products u_j f_{k-j} of
 * dnik_tpow's recurrence can underflow or overflow (cbrt at 5e-312 on operands rescaled by
 * the range rerun: u_1 2^-784 times f_0 2^-345), the products q_j f_{k-j} cannot; q by the
 * reciprocal of the value scaled by 2^64 where it is subnormal (dnik_sub_scale). */
DNI_COLD static void dnik_tpow_q(double *restrict f, double f0, double p,
                                 const double *restrict u, unsigned K, unsigned N,
                                 double *restrict tmp)
{
    const size_t S = dnik_size(K, N);
    double *q = tmp + S, sc = dnik_sub_scale(u[0]);
    double inv = 1.0 / (u[0] * sc);
    for (size_t e = 0; e < S; e++) q[e] = u[e] * sc * inv;
    dnik_tpow_rec(f, f0, p, q, K, N, tmp);
}

/* f = u^p for a value f0 = pow(u_0, p) that underflowed or overflowed (u_0 > 0), whose
 * partials need not (x^2.5 at 1e-300: 0, 0, 3.75e-150, 1.9e150, -Inf). The recurrence on
 * q = u / u_0 is linear in the value: it runs from the value of (2^-b u_0)^p (b the
 * exponent of u_0) on q with entry a scaled by 2^(-m.a) (m per variable, of either sign:
 * the columns of q to unit size, so that its powers neither overflow nor underflow), and
 * entry a of the result is scaled by 2^(b p + m.a) in one step. Scratch: tmp, 2 S. */
DNI_COLD static void dnik_tpow_out(double *restrict f, double f0, double p,
                                   const double *restrict u, unsigned K, unsigned N,
                                   double *restrict tmp)
{
    const size_t S = dnik_size(K, N);
    double *q = tmp + S, sc = dnik_sub_scale(u[0]), inv = 1.0 / (u[0] * sc);
    int b = ilogb(u[0]), m[DNK_VARS_MAX];
    double bp = (double)b * p, lo = fma((double)b, p, -bp), bi = floor(bp);
    double c = exp2((bp - bi) + lo), l0 = dnik_lg(u[0]);
    for (unsigned i = 0; i < K; i++) { /* m_i: the largest growth of column i over u_0 */
        unsigned al[DNK_VARS_MAX] = {0};
        double g = -HUGE_VAL;
        for (unsigned d = 1; d <= N; d++) {
            al[i] = d;
            double x = u[dnik_index(K, al)];
            if (x != 0.0 && fabs(x) <= DBL_MAX) g = fmax(g, (dnik_lg(x) - l0) / d);
        }
        m[i] = g == -HUGE_VAL ? 0 : g > 4096.0 ? 4096 : g < -4096.0 ? -4096 : (int)ceil(g);
    }
    dnik_range_scale(q, u, m, -1, K, N);
    for (size_t e = 0; e < S; e++) q[e] = q[e] * sc * inv;
    q[0] = 1.0;
    dnik_tpow_rec(f, pow(ldexp(u[0], -b), p), p, q, K, N, tmp);
    unsigned al[DNK_VARS_MAX] = {0};
    for (size_t e = 0; e < S; e++, dnik_next(K, al)) {
        double x = bi;
        for (unsigned i = 0; i < K; i++) x += (double)m[i] * al[i];
        f[e] = ldexp(f[e] * c, x > 8192.0 ? 8192 : x < -8192.0 ? -8192 : (int)x);
    }
    f[0] = f0;
}

/** f = u^p (real p), f_0 = f0, u_0 != 0:
 *  f_k = sum_{j=1..k} ((p+1) j - k) u_j f_{k-j} / (k u_0); scratch tmp of 2 S doubles. */
static inline void dnik_tpow(double *restrict f, double f0, double p, const double *restrict u,
                             unsigned K, unsigned N, double *restrict tmp)
{
    if ((f0 == 0.0 || isinf(f0)) && u[0] > 0.0 && u[0] <= DBL_MAX) {
        dnik_tpow_out(f, f0, p, u, K, N, tmp);
        return;
    }
    double a = fabs(u[0]), b = fabs(f0);
    if (!(a >= 0x1p-500 && a <= 0x1p500 && b >= 0x1p-500 && b <= 0x1p500)) {
        dnik_tpow_q(f, f0, p, u, K, N, tmp);
        return;
    }
    double inv = 1.0 / u[0];
    f[0] = f0;
    DNIK_KLOOP(k, 1, N, K, DNIK_BLOCK(e, K, k) f[e] = 0.0;
               DNIK_KLOOP(t, 1, k, K, unsigned j = k + 1 - t; /* j = k..1 */
                          dnik_bdot(tmp, u, f, j, j, k, K); /* block k of tmp: u_j f_{k-j} */
                          DNIK_BLOCK(e, K, k) f[e] += ((p + 1.0) * j - (double)k) * tmp[e];);
               DNIK_BLOCK(e, K, k) f[e] = f[e] * dni_inv[k] * inv;);
}

/* f = h(u) = sum_j dh[j]/j! (u - u_0)^j (dnik_tcompose without the range rerun) */
static inline void dnik_tcompose_plain(double *restrict f, const double *restrict dh,
                                       const double *restrict u, unsigned K, unsigned N,
                                       double *restrict ws)
{
    const size_t S = dnik_size(K, N);
    double *p = ws, *q = ws + S;
    for (size_t e = 0; e < S; e++) {
        p[e] = e == 0 ? 1.0 : 0.0;
        f[e] = e == 0 ? -0.0 : 0.0; /* -0 + h0 is h0, also -0: the value keeps its sign */
    }
    for (unsigned j = 0;; j++) {
        double hk = dh[j] * dni_ifact[j];
        for (size_t e = dnik_start(K, j); e < S; e++)
            if (p[e] != 0.0) f[e] += hk * p[e];
        if (j == N) break;
        /* q = p (u - u_0): p's blocks below j are zero, q's below j + 1 */
        for (unsigned k = 0; k <= N; k++) {
            if (k <= j) {
                DNIK_BLOCK(e, K, k) q[e] = 0.0;
            } else {
                dnik_bdot(q, p, u, j, k - 1, k, K);
            }
        }
        for (size_t e = 0; e < S; e++) p[e] = q[e];
    }
}

/* ------------------------------------------------------------------------------------ */
/* Zeros and poles (kernel.h's rule), also Dnum2's: an operand of one variable near the   */
/* point gets the univariate answer; a zero of a genuinely multivariate operand is not    */
/* resolved (NaN partials, never a guess).                                                */

/* The variables u may depend on alone: bit i set if every nonzero partial of order >= 1
 * is a pure power of x_i (NaN partials, unknown, do not count; a constant has all bits). */
static inline unsigned dnik_onevar(const double *u, unsigned K, unsigned N)
{
    unsigned mask = (1u << K) - 1u, a[DNK_VARS_MAX] = {0};
    size_t S = dnik_size(K, N);
    dnik_next(K, a);
    for (size_t e = 1; e < S; e++, dnik_next(K, a)) {
        if (u[e] == 0.0 || isnan(u[e])) continue;
        unsigned nz = 0, who = 0;
        for (unsigned i = 0; i < K; i++)
            if (a[i]) nz++, who = i;
        mask &= nz == 1 ? 1u << who : 0u;
    }
    return mask;
}

/* The 1-D kernels that dnik_sing runs on a column, in one signature (kernel.h) */
#define DNIK_1D(f)                                                                         \
    static inline void dnik_1d_##f(double *r, const double *u, unsigned n, double *ws,     \
                                   dni_wide *ww)                                           \
    {                                                                                      \
        (void)ww;                                                                          \
        dni_##f##_w(r, u, n, ws);                                                          \
    }
DNIK_1D(log) DNIK_1D(log1p) DNIK_1D(asin) DNIK_1D(atanh) DNIK_1D(acosh)

/* r = f(a) or f(a, b) at a zero or pole of an operand through the univariate derivative
 * kernel f1 (f2 for two operands, fp with the constant p) on the column of the variable
 * the operands depend on; every other partial 0 (NaN where an operand's are unknown). */
DNI_COLD static void dnik_sing(double *r, const double *a, const double *b,
                               void (*f1)(double *, const double *, unsigned, double *,
                                          dni_wide *),
                               void (*f2)(double *, const double *, const double *, unsigned,
                                          double *),
                               void (*fp)(double *, const double *, double, unsigned, double *,
                                          dni_wide *),
                               double p, unsigned K, unsigned N)
{
    /* the 1-D kernels' scratch at n <= DN_BINOM_MAX (the most: pow_d, sqrt, cbrt) */
    double ws[DNI_W_pow_d(DN_BINOM_MAX)];
    dni_wide ww[DNI_WW_pow_d(DN_BINOM_MAX)];
    unsigned mask = dnik_onevar(a, K, N) & (b ? dnik_onevar(b, K, N) : ~0u), v = 0;
    while (v < K && !(mask & (1u << v))) v++;
    size_t S = dnik_size(K, N), idx[DN_BINOM_MAX + 1]; /* N <= 64: Dnum2's orders too */
    unsigned n = v < K ? N : 0, al[DNK_VARS_MAX] = {0};
    double ca[DN_BINOM_MAX + 1], cb[DN_BINOM_MAX + 1], cr[DN_BINOM_MAX + 1];
    for (unsigned s = 0; s <= n; s++) { /* the column, as derivatives */
        al[v < K ? v : 0] = s;
        idx[s] = dnik_index(K, al);
        ca[s] = a[idx[s]] * dni_fact[s];
        cb[s] = b ? b[idx[s]] * dni_fact[s] : 0.0;
    }
    if (f1) f1(cr, ca, n, ws, ww);
    else if (f2) f2(cr, ca, cb, n, ws);
    else fp(cr, ca, p, n, ws, ww);
    int unknown = v >= K;
    for (size_t e = 1; e < S; e++) unknown |= isnan(a[e]) || (b && isnan(b[e]));
    for (size_t e = 0; e < S; e++) r[e] = unknown ? NAN : 0.0;
    for (unsigned s = 0; s <= n; s++) r[idx[s]] = cr[s] * dni_ifact[s];
    r[0] = cr[0];
}

/* ------------------------------------------------------------------------------------ */
/* Range: src/range.h's rescaling, per variable.                                          */
/*
 * A function's recurrence can overflow, or meet 0 * Inf, although the partials it computes
 * are finite: the partials of cbrt(x) at x = 5e-312 grow by 2^1033 per order, so d^2/dx^2
 * is Inf (rightly, 1.3e518), and from it 0 * Inf makes NaN of the partials of higher order
 * in y (truly 0); erf(x) at 1.7e308 forms x^2 = Inf. As the univariate front ends do above
 * order 170 (src/range.h), a result with a non-finite entry below the first non-finite
 * block of the operands is computed again for f(x0 + 2^(-m) o h) (o: per variable), that
 * is on the operands with entry a scaled by 2^(-m.a) (exact), and scaled back: entry a
 * times 2^(m.a), +-Inf where that exceeds DBL_MAX. m_i comes from variable i's column of
 * the result, whose finite part shows how fast it grows (where none is finite yet: of the
 * operands, relative to their values), so that the column scaled by 2^(-m_i k) stays
 * below 2^DNIK_RANGE_AIM (or its value) to order N; and the operands' scaled entries
 * relative to and times their values below 2^DNIK_RANGE_AIM; but no nonzero entry of a
 * column goes below 2^DNIK_RANGE_FLOOR (where it would lose digits or vanish: rather the
 * Inf or NaN than a finite wrong number). At most three reruns. The ordinary path pays a
 * finiteness test of the result's last block; the plain kernel's code is inlined once
 * (a loop whose back edge is the cold rerun: a second copy, out of line or inline, cost
 * twice the code and the compile time for the fixed types).
 */
#define DNIK_RANGE_AIM 400
#define DNIK_RANGE_FLOOR (-1022)

/* 0 if block N of x has an entry that is not finite (exponent field all ones), which is
 * the case whenever a lower block has one, since every recurrence that can overflow feeds
 * its result back into a convolution (and x 0 is NaN); 1 for N = 0 (no partials) */
DNIK_INLINE int dnik_finite(const double *x, unsigned K, unsigned N)
{
    const uint64_t ex = 0x7ff0000000000000u;
    uint64_t bad = 0;
    if (N > 0)
        DNIK_BLOCK(e, K, N) {
            uint64_t b;
            memcpy(&b, x + e, sizeof b);
            bad |= (b & ex) == ex;
        }
    return !bad;
}

/* the first block with an entry that is not finite; N + 1 if none */
static inline unsigned dnik_first_bad(const double *x, unsigned K, unsigned N)
{
    for (unsigned k = 0; k <= N; k++)
        DNIK_BLOCK(e, K, k) if (!(fabs(x[e]) <= DBL_MAX)) return k;
    return N + 1;
}

/* The exponents to add to m (per variable, >= 0) for the operands op[0..nop) (finite below
 * block ka) and the results re[0..nre) (finite below block kr), both as last scaled. */
static inline void dnik_range_need(int *need, const double *const *op, unsigned nop,
                                   unsigned ka, double *const *re, unsigned nre, unsigned kr,
                                   unsigned K, unsigned N)
{
    for (unsigned i = 0; i < K; i++) {
        unsigned al[DNK_VARS_MAX] = {0};
        size_t col[DN_BINOM_MAX + 1];
        for (unsigned d = 0; d <= N; d++) {
            al[i] = d;
            col[d] = dnik_index(K, al);
        }
        /* no nonzero entry of a column scaled below 2^DNIK_RANGE_FLOOR (it would lose its
         * digits or vanish: a finite wrong number where there was an Inf) */
        double want = 0.0, cap = HUGE_VAL, grow = -HUGE_VAL;
        /* the operands: growth per order relative to the value and absolute (the larger
         * is the result's, for a pole at 0 and for an entire function), whose powers to
         * order N the recurrences form (u / u_0 in u^p and log: (u_1 / u_0)^N) and its
         * entries times the value (the squares of erf, atan, ...), below 2^DNIK_RANGE_AIM */
        for (unsigned o = 0; o < nop; o++) {
            double x0 = op[o][0], l0 = x0 != 0.0 ? dnik_lg(x0) : 0.0;
            for (unsigned d = 1; d <= N && d < ka; d++) {
                double xd = op[o][col[d]];
                if (xd == 0.0) continue;
                double ld = dnik_lg(xd), g = (ld - fmin(l0, 0.0)) / d;
                grow = fmax(grow, g);
                want = fmax(want, g - (double)DNIK_RANGE_AIM / N);
                want = fmax(want, (ld + fmax(l0, 0.0) - DNIK_RANGE_AIM) / d);
                cap = fmin(cap, (ld - DNIK_RANGE_FLOOR) / d);
            }
        }
        /* the results: their growth (where none is finite yet: the operands'), so that
         * l0 + N (g - m) <= max(l0, AIM) */
        for (unsigned o = 0; o < nre; o++) {
            double r0 = re[o][0], g = grow, l0 = r0 != 0.0 ? dnik_lg(r0) : 0.0;
            int seen = 0;
            for (unsigned d = 1; d <= N && d < kr; d++) {
                double rd = re[o][col[d]];
                if (rd == 0.0) continue;
                double ld = dnik_lg(rd);
                g = seen ? fmax(g, (ld - l0) / d) : (ld - l0) / d;
                seen = 1;
                cap = fmin(cap, (ld - DNIK_RANGE_FLOOR) / d);
            }
            if (r0 != 0.0) /* else a limit at a zero (dnik_sing): nothing to scale */
                want = fmax(want, g - (fmax(l0, DNIK_RANGE_AIM) - l0) / N);
        }
        want = fmin(want, cap);
        need[i] = want <= 0.0 ? 0 : want < 4096.0 ? (int)ceil(want) : 4096;
    }
}

/* The state of the reruns of one call: passes so far and the exponents. */
typedef struct dnik_range {
    int t, m[DNK_VARS_MAX];
} dnik_range;

/* After a run that gave r (and r2, a pair) from a (and b: NULL for one operand; the
 * operands as given, not rescaled): 1 if the call is to run again on the rescaled operands
 * it now wrote to sw (and sw + S); else 0, with the results final. sw: 3 S doubles, the
 * first run's results kept in sw + 2 S (and a pair's second in sw + S). The final results
 * are the first run's where those are finite, and its +-Inf where the rerun gives 0 (a
 * power that underflowed in the rescaled run): a rerun only replaces what was lost. */
DNI_COLD static int dnik_range_step(dnik_range *st, double *r, double *r2, const double *a,
                                    const double *b, unsigned K, unsigned N, double *sw)
{
    size_t S = dnik_size(K, N);
    double *sa = sw, *sb = sw + S, *re[2] = {r, r2}, *keep[2] = {sw + 2 * S, sw + S};
    const double *op[2] = {a, b}, *cur[2] = {st->t ? sa : a, st->t ? sb : b};
    unsigned nop = b ? 2 : 1, nre = r2 ? 2 : 1, ka = N + 1, kr = N + 1, k;
    int need[DNK_VARS_MAX], more = 0;
    for (unsigned o = 0; o < nop; o++)
        if ((k = dnik_first_bad(op[o], K, N)) < ka) ka = k;
    for (unsigned o = 0; o < nre; o++)
        if ((k = dnik_first_bad(re[o], K, N)) < kr) kr = k;
    if (st->t < 3 && kr > 0 && kr < ka) {
        dnik_range_need(need, cur, nop, ka, re, nre, kr, K, N);
        for (unsigned i = 0; i < K; i++) more |= need[i];
    }
    if (!more) {
        if (st->t)
            for (unsigned o = 0; o < nre; o++) {
                dnik_range_scale(re[o], re[o], st->m, 1, K, N);
                for (size_t e = 0; e < S; e++)
                    if (fabs(keep[o][e]) <= DBL_MAX || (isinf(keep[o][e]) && re[o][e] == 0.0))
                        re[o][e] = keep[o][e];
            }
        return 0;
    }
    if (st->t == 0)
        for (unsigned o = 0; o < nre; o++) memcpy(keep[o], re[o], S * sizeof(double));
    for (unsigned i = 0; i < K; i++) st->m[i] = (st->t ? st->m[i] : 0) + need[i];
    st->t++;
    dnik_range_scale(sa, a, st->m, -1, K, N);
    if (b) dnik_range_scale(sb, b, st->m, -1, K, N);
    return 1;
}

/* The public function dnik_<f>: dnik_<f>_plain, run again (one copy of its code, in a
 * loop) on the operands rescaled by dnik_range_step while its result is not finite.
 * CALL runs the plain kernel on a_ (and b_); r2: a pair's second result, or NULL; SW: the
 * scratch of dnik_range_step (w + 6 S for the functions, whose recurrences use the first
 * 6 S of w). */
#define DNIK_RANGE_LOOP_AT(SW, CALL, r, r2, a, b)                                          \
    do {                                                                                   \
        dnik_range st_;                                                                    \
        const double *a_ = (a), *b_ = (b);                                                 \
        st_.t = 0;                                                                         \
        for (;;) {                                                                         \
            CALL;                                                                          \
            if (st_.t == 0 && dnik_finite(r, K, N) && (!(r2) || dnik_finite(r2, K, N)))    \
                break;                                                                     \
            if (!dnik_range_step(&st_, r, r2, a, b, K, N, SW)) break;                      \
            a_ = (SW), b_ = (b) ? (SW) + dnik_size(K, N) : (b);                            \
        }                                                                                  \
        (void)b_;                                                                          \
    } while (0)
#define DNIK_RANGE_LOOP(CALL, r, r2, a, b)                                                 \
    DNIK_RANGE_LOOP_AT(w + 6 * dnik_size(K, N), CALL, r, r2, a, b)
/* U unary, B binary, P with a double after the operand, C a double before it, L a long,
 * S a pair of results */
#define DNIK_RANGED_U(f)                                                                   \
    DNIK_INLINE void dnik_##f(double *restrict r, const double *u, unsigned K, unsigned N, \
                              double *restrict w)                                          \
    {                                                                                      \
        DNIK_RANGE_LOOP(dnik_##f##_plain(r, a_, K, N, w), r, (double *)0, u,               \
                        (const double *)0);                                                \
    }
#define DNIK_RANGED_B(f)                                                                   \
    DNIK_INLINE void dnik_##f(double *restrict r, const double *a, const double *b,        \
                              unsigned K, unsigned N, double *restrict w)                  \
    {                                                                                      \
        DNIK_RANGE_LOOP(dnik_##f##_plain(r, a_, b_, K, N, w), r, (double *)0, a, b);       \
    }
#define DNIK_RANGED_P(f)                                                                   \
    DNIK_INLINE void dnik_##f(double *restrict r, const double *u, double p, unsigned K,   \
                              unsigned N, double *restrict w)                              \
    {                                                                                      \
        DNIK_RANGE_LOOP(dnik_##f##_plain(r, a_, p, K, N, w), r, (double *)0, u,            \
                        (const double *)0);                                                \
    }
#define DNIK_RANGED_C(f)                                                                   \
    DNIK_INLINE void dnik_##f(double *restrict r, double c, const double *u, unsigned K,   \
                              unsigned N, double *restrict w)                              \
    {                                                                                      \
        DNIK_RANGE_LOOP(dnik_##f##_plain(r, c, a_, K, N, w), r, (double *)0, u,            \
                        (const double *)0);                                                \
    }
#define DNIK_RANGED_L(f)                                                                   \
    DNIK_INLINE void dnik_##f(double *restrict r, const double *u, long m, unsigned K,     \
                              unsigned N, double *restrict w)                              \
    {                                                                                      \
        DNIK_RANGE_LOOP(dnik_##f##_plain(r, a_, m, K, N, w), r, (double *)0, u,            \
                        (const double *)0);                                                \
    }
#define DNIK_RANGED_S(f)                                                                   \
    DNIK_INLINE void dnik_##f(double *restrict s, double *restrict c, const double *u,     \
                              unsigned K, unsigned N, double *restrict w)                  \
    {                                                                                      \
        DNIK_RANGE_LOOP(dnik_##f##_plain(s, c, a_, K, N, w), s, c, u, (const double *)0);  \
    }

/** f = h(u) = sum_j dh[j]/j! (u - u_0)^j from h's derivatives dh[0..N] at u_0 (about N
 *  products); terms whose power coefficient is exactly zero are skipped (an infinite dh[j]
 *  only reaches the entries that depend on it); the range rerun where the powers of
 *  u - u_0 overflow. Scratch of 5 S. */
DNIK_INLINE void dnik_tcompose(double *restrict f, const double *restrict dh,
                               const double *restrict u, unsigned K, unsigned N,
                               double *restrict ws)
{
    int finite = 1; /* an infinite h^(j) gives Inf partials rightly: nothing to rescue */
    for (unsigned j = 0; j <= N; j++) finite &= fabs(dh[j]) <= DBL_MAX;
    if (!finite) {
        dnik_tcompose_plain(f, dh, u, K, N, ws);
        return;
    }
    DNIK_RANGE_LOOP_AT(ws + 2 * dnik_size(K, N), dnik_tcompose_plain(f, dh, a_, K, N, ws), f,
                       (double *)0, u, (const double *)0);
}

/* ------------------------------------------------------------------------------------ */
/* Functions (Taylor coefficients; r must not overlap an input; scratch w: DNIK_WORK(S)).  */

/** r = the variable number i (0-based) at x: value x, coefficient 1 for h_i, rest 0
 *  (i >= K: the constant x). */
static inline void dnik_set_var(double *r, unsigned i, double x, unsigned K, unsigned N)
{
    dni_set_const(r, x, (unsigned)dnik_size(K, N) - 1);
    if (N >= 1 && i < K) r[1 + i] = 1.0;
}

/** r = a * b. */
static inline void dnik_mul(double *restrict r, const double *a, const double *b, unsigned K,
                            unsigned N, double *restrict w)
{
    (void)w;
    dnik_tmul(r, a, b, K, N);
}

/** r = a / b; b_0 = 0 gives Inf/NaN as floating-point division. */
DNIK_INLINE void dnik_div_plain(double *restrict r, const double *a, const double *b, unsigned K,
                                  unsigned N, double *restrict w)
{
    (void)w;
    if (b[0] == 0.0) dnik_sing(r, a, b, 0, dni_div_w, 0, 0.0, K, N);
    else dnik_tdiv(r, a, b, K, N);
}
DNIK_RANGED_B(div)

/** r = c / b. */
DNIK_INLINE void dnik_d_div_plain(double *restrict r, double c, const double *b, unsigned K,
                                    unsigned N, double *restrict w)
{
    dni_set_const(w, c, (unsigned)dnik_size(K, N) - 1);
    if (b[0] == 0.0) dnik_sing(r, w, b, 0, dni_div_w, 0, 0.0, K, N);
    else dnik_tdiv(r, w, b, K, N);
}
DNIK_RANGED_C(d_div)

/** r = exp(u). */
DNIK_INLINE void dnik_exp_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                  double *restrict w)
{
    dnik_texp(r, exp(u[0]), u, K, N, w);
}
DNIK_RANGED_U(exp)

/** r = expm1(u), accurate value for small u_0. */
DNIK_INLINE void dnik_expm1_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                    double *restrict w)
{
    double em1 = expm1(u[0]);
    dnik_texp(r, em1 + 1.0, u, K, N, w);
    r[0] = em1;
}
DNIK_RANGED_U(expm1)

/** r = log(u); u_0 = 0 gives -Inf and Inf/NaN, u_0 < 0 NaN. */
DNIK_INLINE void dnik_log_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                  double *restrict w)
{
    if (u[0] == 0.0) dnik_sing(r, u, 0, dnik_1d_log, 0, 0, 0.0, K, N);
    else dnik_tinteg_div(r, log(u[0]), u, u, K, N, w);
}
DNIK_RANGED_U(log)

/** r = log1p(u), accurate value for small u_0. */
DNIK_INLINE void dnik_log1p_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                    double *restrict w)
{
    size_t S = dnik_size(K, N);
    double v = log1p(u[0]);
    if (u[0] == -1.0) {
        dnik_sing(r, u, 0, dnik_1d_log1p, 0, 0, 0.0, K, N);
        return;
    }
    for (size_t e = 0; e < S; e++) w[e] = u[e];
    w[0] = 1.0 + u[0];
    dnik_tinteg_div(r, v, u, w, K, N, w + S);
}
DNIK_RANGED_U(log1p)

/** r = sqrt(u); u_0 = 0 gives Inf first partials. */
DNIK_INLINE void dnik_sqrt_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                   double *restrict w)
{
    (void)w;
    if (u[0] == 0.0) dnik_sing(r, u, 0, dni_sqrt_w, 0, 0, 0.0, K, N);
    else dnik_tsqrt(r, sqrt(u[0]), u, K, N);
}
DNIK_RANGED_U(sqrt)

/** r = u^m for an integer m by binary powering (m < 0: one division; at u_0 = 0 the pole
 *  rule), scaled to libm's value pow(u_0, m) as the univariate dni_pown. */
DNIK_INLINE void dnik_pown_plain(double *restrict r, const double *u, long m, unsigned K,
                                   unsigned N, double *restrict w)
{
    const size_t S = dnik_size(K, N);
    double f0 = pow(u[0], (double)m);
    if (m < 0 && u[0] == 0.0) {
        dnik_sing(r, u, 0, 0, 0, dni_pow_d_w, (double)m, K, N);
        return;
    }
    double *tb = w, *tp = w + S, *tt = w + 2 * S, sc = 1.0;
    unsigned long e = m < 0 ? 0UL - (unsigned long)m : (unsigned long)m;
    /* for |u_0| >= 2^500 / |m| (x^-2 at 1e200: x^2 overflows, and 0 * Inf made NaN of
     * every partial), the powers of u scaled down to unit size, and the result scaled back
     * exactly: (2^-b u)^m 2^(b m) (scaling up a small u_0 would overflow its other
     * coefficients; its powers underflow harmlessly, or the result overflows rightly) */
    double bm = 0.0;
    if (fabs(u[0]) >= 2.0 && fabs(u[0]) <= DBL_MAX) {
        int b = ilogb(u[0]);
        bm = (double)b * (double)m;
        if (fabs(bm) > 500.0) sc = ldexp(1.0, -b);
        else bm = 0.0;
    }
    for (size_t i = 0; i < S; i++) tb[i] = u[i] * sc;
    dni_set_const(tp, 1.0, (unsigned)S - 1);
    while (e) {
        if (e & 1UL) {
            dnik_tmul(tt, tp, tb, K, N);
            for (size_t i = 0; i < S; i++) tp[i] = tt[i];
        }
        e >>= 1;
        if (e) {
            dnik_tmul(tt, tb, tb, K, N);
            for (size_t i = 0; i < S; i++) tb[i] = tt[i];
        }
    }
    if (m < 0) {
        dni_set_const(tb, 1.0, (unsigned)S - 1);
        dnik_tdiv(r, tb, tp, K, N);
    } else {
        for (size_t i = 0; i < S; i++) r[i] = tp[i];
    }
    if (bm != 0.0) {
        int x = bm > 4096.0 ? 4096 : bm < -4096.0 ? -4096 : (int)bm;
        for (size_t i = 0; i < S; i++) r[i] = ldexp(r[i], x);
    }
    if (r[0] != f0 && isfinite(f0) && f0 != 0.0 && isfinite(r[0]) && r[0] != 0.0) {
        double c = f0 / r[0];
        for (size_t i = 1; i < S; i++) r[i] *= c;
    }
    r[0] = f0;
}
DNIK_RANGED_L(pown)

/** r = u^p for a real constant p: integer p (|p| < 2^31) by dnik_pown; else u_0 < 0 gives
 *  NaN, u_0 = 0 gives 0 below order p and Inf/NaN above. */
DNIK_INLINE void dnik_pow_d_plain(double *restrict r, const double *u, double p, unsigned K,
                                    unsigned N, double *restrict w)
{
    if (p == floor(p) && fabs(p) < -(double)LONG_MIN)
        dnik_pown_plain(r, u, (long)p, K, N, w);
    else if (u[0] == 0.0)
        dnik_sing(r, u, 0, 0, 0, dni_pow_d_w, p, K, N);
    else
        dnik_tpow(r, pow(u[0], p), p, u, K, N, w);
}
DNIK_RANGED_P(pow_d)

/** r = cbrt(u), the real cube root (negative u_0 allowed); u_0 = 0 gives Inf slopes. */
DNIK_INLINE void dnik_cbrt_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                   double *restrict w)
{
    if (u[0] == 0.0)
        dnik_sing(r, u, 0, dni_cbrt_w, 0, 0, 0.0, K, N);
    else
        dnik_tpow(r, cbrt(u[0]), 1.0 / 3.0, u, K, N, w);
}
DNIK_RANGED_U(cbrt)

/** r = a^b, both dual: exp(b log a) with value pow(a_0, b_0); needs a_0 > 0. */
DNIK_INLINE void dnik_pow_plain(double *restrict r, const double *a, const double *b, unsigned K,
                                  unsigned N, double *restrict w)
{
    const size_t S = dnik_size(K, N);
    double *tl = w, *tp = w + S, v = pow(a[0], b[0]);
    dnik_tinteg_div(tl, log(a[0]), a, a, K, N, w + 2 * S);
    dnik_tmul(tp, b, tl, K, N);
    if ((v == 0.0 || isinf(v)) && a[0] > 0.0 && fabs(tp[0]) <= DBL_MAX) {
        /* a value beyond the range, whose partials need not be: the recurrence (linear in
         * the value) from exp(t_0 - L ln 2), L the integer nearest t_0 / ln 2, scaled by 2^L
         * (as dnik_tpow_out; the range rerun where log's coefficients overflow) */
        double L = nearbyint(tp[0] / 0.69314718055994530942);
        int n = L > 4096.0 ? 4096 : L < -4096.0 ? -4096 : (int)L;
        dnik_texp(r, exp(fma(-L, 0.69314718055994530942, tp[0])), tp, K, N, w);
        for (size_t e = 0; e < S; e++) r[e] = ldexp(r[e], n);
        r[0] = v;
        return;
    }
    dnik_texp(r, v, tp, K, N, w);
}
DNIK_RANGED_B(pow)

/** s = sin(u), c = cos(u) from one recurrence. */
DNIK_INLINE void dnik_sincos_plain(double *restrict s, double *restrict c, const double *u,
                                     unsigned K, unsigned N, double *restrict w)
{
    dnik_tsincos(s, c, sin(u[0]), cos(u[0]), -1.0, u, K, N, w);
}
DNIK_RANGED_S(sincos)

/** s = sinh(u), c = cosh(u) from one recurrence. */
DNIK_INLINE void dnik_sinhcosh_plain(double *restrict s, double *restrict c, const double *u,
                                       unsigned K, unsigned N, double *restrict w)
{
    double ch = cosh(u[0]);
    if (isinf(ch)) { /* overflowed values: from +-1 and 1, scaled at the end (as dnik_texp),
                      * so that the partials are +-Inf instead of the NaN of Inf * 0 */
        const size_t S = dnik_size(K, N);
        dnik_tsincos(s, c, copysign(1.0, u[0]), 1.0, 1.0, u, K, N, w);
        for (size_t e = 0; e < S; e++) s[e] *= ch, c[e] *= ch;
        return;
    }
    dnik_tsincos(s, c, sinh(u[0]), ch, 1.0, u, K, N, w);
}
DNIK_RANGED_S(sinhcosh)

/* r = one result (first: s, else c) of the pair kernel dnik_##pair; the other goes to scratch */
#define DNIK_ONE(name, pair, first)                                                        \
    DNIK_INLINE void dnik_##name##_plain(double *restrict r, const double *u, unsigned K, \
                                           unsigned N, double *restrict w)                 \
    {                                                                                      \
        double *o = w, *ws = w + dnik_size(K, N);                                          \
        dnik_##pair##_plain(first ? r : o, first ? o : r, u, K, N, ws);                    \
    }                                                                                      \
    DNIK_RANGED_U(name)
/** r = sin(u), cos(u), sinh(u), cosh(u). */
DNIK_ONE(sin, sincos, 1)
DNIK_ONE(cos, sincos, 0)
DNIK_ONE(sinh, sinhcosh, 1)
DNIK_ONE(cosh, sinhcosh, 0)

/** r = tan(u). */
DNIK_INLINE void dnik_tan_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                  double *restrict w)
{
    double t0 = tan(u[0]);
    dnik_ttan(r, t0, 1.0 + t0 * t0, 1.0, u, K, N, w);
}
DNIK_RANGED_U(tan)

/** r = tanh(u); 1 - tanh^2 = 1/cosh^2 keeps large |u_0| finite. */
DNIK_INLINE void dnik_tanh_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                   double *restrict w)
{
    double ch = cosh(u[0]);
    dnik_ttan(r, tanh(u[0]), 1.0 / (ch * ch), -1.0, u, K, N, w);
}
DNIK_RANGED_U(tanh)

/* w = sg (sc^2 - u^2) (sg = +1) or u^2 - sc^2 (sg = -1), or sc^2 + u^2 (sg = 0), optionally
 * its square root (root != 0); the value of sc^2 - u^2 as a product of two factors for
 * accuracy. Scratch sq of S doubles. */
static inline void dnik_tsq_shift(double *restrict w, const double *restrict u, double sg,
                                  double sc, int root, unsigned K, unsigned N,
                                  double *restrict sq)
{
    const size_t S = dnik_size(K, N);
    dnik_tmul(sq, u, u, K, N);
    if (sg == 0.0) {
        sq[0] += sc * sc;
    } else {
        sq[0] = sg * (sc - u[0]) * (sc + u[0]) + 0.0; /* + 0.0: +0 at the branch point */
        for (size_t e = 1; e < S; e++) sq[e] = -sg * sq[e];
    }
    if (root)
        dnik_tsqrt(w, sg == 0.0 ? hypot(sc, u[0]) : sqrt(sq[0]), sq, K, N);
    else
        for (size_t e = 0; e < S; e++) w[e] = sq[e];
}

/* dnik_integ_sq for |u_0| >= 2^500, where u^2 may overflow: on u scaled by sc, a power of 2,
 * to unit size; theta u and w scaled alike (by sc^2, or by sc for the root) */
DNI_COLD static void dnik_integ_sq_big(double *restrict r, double f0, const double *u,
                                       double sg, int root, unsigned K, unsigned N,
                                       double *restrict w)
{
    const size_t S = dnik_size(K, N);
    double *us = w + S, sc = dnik_unit(u[0]);
    for (size_t e = 0; e < S; e++) us[e] = u[e] * sc;
    dnik_tsq_shift(w, us, sg, sc, root, K, N, w + 2 * S);
    if (!root)
        for (size_t e = 0; e < S; e++) us[e] *= sc;
    dnik_tinteg_div(r, f0, us, w, K, N, w + 2 * S);
}

/* r = f0 + integral of theta u / w(u), w from dnik_tsq_shift(sg, 1, root); scratch 4 S */
static inline void dnik_integ_sq(double *restrict r, double f0, const double *u, double sg,
                                 int root, unsigned K, unsigned N, double *restrict w)
{
    const size_t S = dnik_size(K, N);
    if (fabs(u[0]) >= 0x1p500 && fabs(u[0]) <= DBL_MAX) {
        dnik_integ_sq_big(r, f0, u, sg, root, K, N, w);
        return;
    }
    dnik_tsq_shift(w, u, sg, 1.0, root, K, N, w + S);
    dnik_tinteg_div(r, f0, u, w, K, N, w + S);
}

/** r = asin(u); |u_0| > 1 gives NaN, |u_0| = 1 Inf partials. */
DNIK_INLINE void dnik_asin_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                   double *restrict w)
{
    if (fabs(u[0]) == 1.0) dnik_sing(r, u, 0, dnik_1d_asin, 0, 0, 0.0, K, N);
    else dnik_integ_sq(r, asin(u[0]), u, 1.0, 1, K, N, w);
}
DNIK_RANGED_U(asin)

/** r = acos(u) = pi/2 - asin(u) (value from acos). */
DNIK_INLINE void dnik_acos_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                   double *restrict w)
{
    dnik_asin_plain(r, u, K, N, w);
    dni_neg(r, r, (unsigned)dnik_size(K, N) - 1);
    r[0] = acos(u[0]);
}
DNIK_RANGED_U(acos)

/** r = atanh(u); |u_0| = 1 gives Inf, |u_0| > 1 NaN. */
DNIK_INLINE void dnik_atanh_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                    double *restrict w)
{
    if (fabs(u[0]) == 1.0) dnik_sing(r, u, 0, dnik_1d_atanh, 0, 0, 0.0, K, N);
    else dnik_integ_sq(r, atanh(u[0]), u, 1.0, 0, K, N, w);
}
DNIK_RANGED_U(atanh)

/** r = acosh(u); u_0 < 1 gives NaN, u_0 = 1 Inf partials. */
DNIK_INLINE void dnik_acosh_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                    double *restrict w)
{
    if (u[0] == 1.0) dnik_sing(r, u, 0, dnik_1d_acosh, 0, 0, 0.0, K, N);
    else dnik_integ_sq(r, acosh(u[0]), u, -1.0, 1, K, N, w);
}
DNIK_RANGED_U(acosh)

/** r = atan(u). */
DNIK_INLINE void dnik_atan_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                   double *restrict w)
{
    dnik_integ_sq(r, atan(u[0]), u, 0.0, 0, K, N, w);
}
DNIK_RANGED_U(atan)

/** r = asinh(u). */
DNIK_INLINE void dnik_asinh_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                    double *restrict w)
{
    dnik_integ_sq(r, asinh(u[0]), u, 0.0, 1, K, N, w);
}
DNIK_RANGED_U(asinh)

/** r = atan2(y, x) (C argument order): integral of (x theta y - y theta x) / (x^2 + y^2),
 *  value atan2(y_0, x_0); (0, 0) gives NaN partials. The quotient is that of x and y
 *  scaled by a power of 2 to unit size (exactly the same), so that the squares of large
 *  or tiny arguments neither overflow nor underflow. */
DNIK_INLINE void dnik_atan2_plain(double *restrict r, const double *y, const double *x,
                                    unsigned K, unsigned N, double *restrict w)
{
    const size_t S = dnik_size(K, N);
    double *ys = w, *xs = w + S, *dy = w + 2 * S, *dx = w + 3 * S, *num = w + 4 * S;
    double *den = w + 5 * S, sc = dnik_unit(fmax(fabs(y[0]), fabs(x[0])));
    for (size_t e = 0; e < S; e++) ys[e] = y[e] * sc, xs[e] = x[e] * sc;
    dnik_ttheta(dy, ys, K, N);
    dnik_ttheta(dx, xs, K, N);
    dnik_tmul(num, xs, dy, K, N);
    dnik_tmul(den, ys, dx, K, N);
    for (size_t e = 0; e < S; e++) num[e] -= den[e];
    dnik_tmul(den, xs, xs, K, N);
    dnik_tmul(dx, ys, ys, K, N);
    for (size_t e = 0; e < S; e++) den[e] += dx[e];
    dnik_tdiv0(dy, num, den, K, N);
    dnik_tinteg(r, atan2(y[0], x[0]), dy, K, N);
}
DNIK_RANGED_B(atan2)

/* hypot for r_0 = h < 2^-500 and partials of a and b below 2^300 h (the cold path of
 * dnik_hypot_plain): the same recurrence on a / h, b / h and r / h, whose products do not
 * underflow when the range rerun has scaled the variables down (the partials of order 2
 * and up, ~ 1 / h, are beyond DBL_MAX for a subnormal h: 0 would be a finite wrong
 * number); r = h (r / h). */
DNI_COLD static void dnik_hypot_small(double *restrict r, const double *a, const double *b,
                                      double h, double ca, double cb, unsigned K, unsigned N,
                                      double *restrict w)
{
    const size_t S = dnik_size(K, N);
    double *al = w, *be = w + S, *t = w + 2 * S, *t2 = w + 3 * S;
    double sc = dnik_sub_scale(h), inv = 1.0 / (h * sc);
    for (size_t e = 0; e < S; e++) al[e] = a[e] * sc * inv, be[e] = b[e] * sc * inv;
    r[0] = 1.0;
    for (unsigned k = 1; k <= N; k++) {
        dnik_bdot(t, al, al, 1, k - 1, k, K);
        dnik_bdot(t2, be, be, 1, k - 1, k, K);
        DNIK_BLOCK(e, K, k) t[e] += t2[e];
        dnik_bdot(t2, r, r, 1, k - 1, k, K);
        DNIK_BLOCK(e, K, k) r[e] = ca * al[e] + cb * be[e] + (t[e] - t2[e]) * 0.5;
    }
    for (size_t e = 1; e < S; e++) r[e] *= h;
    r[0] = h;
}

/** r = hypot(a, b) = sqrt(a^2 + b^2), value hypot(a_0, b_0); (0, 0) gives NaN. From
 *  r r = a a + b b, with the terms of the value by the unit vector (c_a, c_b) = (a_0, b_0) /
 *  r_0: r_k = c_a a_k + c_b b_k + (sum_{j=1..k-1} a_j a_{k-j} + b_j b_{k-j} - r_j r_{k-j})
 *  / (2 r_0), so that nothing forms a_0 a_k (beyond 1e154 it overflows: a^2 + b^2 did);
 *  for a tiny r_0 and partials not much larger on a / r_0 and b / r_0 (dnik_hypot_small).
 *  Scratch of 4 S. */
DNIK_INLINE void dnik_hypot_plain(double *restrict r, const double *a, const double *b,
                                  unsigned K, unsigned N, double *restrict w)
{
    const size_t S = dnik_size(K, N);
    double *t = w, *t2 = w + S, h = hypot(a[0], b[0]);
    double m = fmax(fabs(a[0]), fabs(b[0])), ua = a[0] / m, ub = b[0] / m, hu = hypot(ua, ub);
    double ca = ua / hu, cb = ub / hu, inv2 = isinf(h) ? 0.5 / hu / m : 0.5 / h;
    if (h < 0x1p-500) { /* a tiny value: on a / h where those stay below 2^300 (as the
                         * range rerun scales them), else as below (no overflow there) */
        double big = 0.0;
        for (size_t e = 1; e < S; e++) big = fmax(big, fmax(fabs(a[e]), fabs(b[e])));
        if (big <= h * 0x1p300) {
            dnik_hypot_small(r, a, b, h, ca, cb, K, N, w);
            return;
        }
    }
    r[0] = h;
    DNIK_KLOOP(k, 1, N, K, dnik_bdot(t, a, a, 1, k - 1, k, K);
               dnik_bdot(t2, b, b, 1, k - 1, k, K);
               DNIK_BLOCK(e, K, k) t[e] += t2[e];
               dnik_bdot(t2, r, r, 1, k - 1, k, K);
               DNIK_BLOCK(e, K, k) r[e] = ca * a[e] + cb * b[e] + (t[e] - t2[e]) * inv2;);
}
DNIK_RANGED_B(hypot)

/* r = f0 + s0 * integral of (2/sqrt(pi)) exp(-u^2) theta u */
static inline void dnik_terf(double *restrict r, double f0, double s0, const double *u,
                             unsigned K, unsigned N, double *restrict w)
{
    const size_t S = dnik_size(K, N);
    double *sq = w, *e = w + S, *du = w + 2 * S, *g = w + 3 * S;
    dnik_tmul(sq, u, u, K, N);
    for (size_t i = 0; i < S; i++) sq[i] = -sq[i];
    dnik_texp(e, exp(sq[0]), sq, K, N, w + 4 * S);
    dnik_ttheta(du, u, K, N);
    /* g = e theta u without the terms e_k (theta u)_0 = e_k 0: an e_k that is not finite
     * (exp(-u^2) at |u_0| > 1e154, where e_0 = 0) does not make NaN of g_k */
    g[0] = 0.0;
    DNIK_KLOOP(k, 1, N, K, dnik_bdot(g, e, du, 0, k - 1, k, K););
    for (size_t i = 0; i < S; i++) g[i] *= s0 * DNI_2_SQRTPI;
    dnik_tinteg(r, f0, g, K, N);
}

/** r = erf(u). */
DNIK_INLINE void dnik_erf_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                  double *restrict w)
{
    dnik_terf(r, erf(u[0]), 1.0, u, K, N, w);
}
DNIK_RANGED_U(erf)

/** r = erfc(u) = 1 - erf(u), accurate value for large u_0. */
DNIK_INLINE void dnik_erfc_plain(double *restrict r, const double *u, unsigned K, unsigned N,
                                   double *restrict w)
{
    dnik_terf(r, erfc(u[0]), -1.0, u, K, N, w);
}
DNIK_RANGED_U(erfc)

/** r = |u|; at u_0 = 0 the value is 0 and every other entry NaN (as dni_abs). */
static inline void dnik_abs(double *restrict r, const double *u, unsigned K, unsigned N,
                            double *restrict w)
{
    (void)w;
    dni_abs(r, u, (unsigned)dnik_size(K, N) - 1);
}

/** r = h(u) for a user function given by h(x, k, ctx) = h^(k)(x): calls h N + 1 times
 *  (k = 0..N at x = u_0), then composes (dnik_tcompose: about N products). */
static inline void dnik_apply(double *restrict r, const double *u, dn_deriv_fn h, void *ctx,
                              unsigned K, unsigned N, double *restrict w)
{
    double *dh = w + 5 * dnik_size(K, N); /* after dnik_tcompose's 5 S (N + 1 <= S) */
    for (unsigned j = 0; j <= N; j++) dh[j] = h(u[0], j, ctx);
    dnik_tcompose(r, dh, u, K, N, w);
}

#endif /* DNUM_KERNELK_H */
