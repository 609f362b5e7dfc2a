/* dnum/internal/kernelk_block.h -- the graded layout of the multivariate numbers and the
 * products of its blocks: indexing (dnik_h, dnik_start, dnik_size, dnik_index, dnik_next),
 * the block product dnik_hmul<m> (one variable down at each step), the block sums
 * dnik_bdot, the Cauchy product dnik_tmul and quotient dnik_tdiv, and the scaling helpers
 * of subnormal and extreme values (dnik_sub_scale, dnik_range_scale, dnik_unit).
 * Part of dnum/internal/kernelk.h (internal, not API-stable; its header comment explains
 * the layout and the blocks): included by it, never alone. */
#ifndef DNUM_KERNELK_H
#error "dnum/internal/kernelk_block.h is a part of dnum/internal/kernelk.h: include that instead"
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
