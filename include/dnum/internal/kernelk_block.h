/* dnum/internal/kernelk_block.h -- the graded layout of the multivariate numbers:
 * indexing (dnik_h, dnik_start, dnik_size, dnik_index, dnik_next), the loops over blocks
 * (DNIK_BLOCK, DNIK_KLOOP) and the scaling helpers of subnormal and extreme values
 * (dnik_sub_scale, dnik_range_scale, dnik_unit). The block products are kernelk_bmul.h.
 * Part of dnum/internal/kernelk.h (internal, not API-stable; its header comment explains
 * the layout and the blocks): included by it, never alone. */
#ifndef DNUM_KERNELK_H
#error                                                                                     \
    "dnum/internal/kernelk_block.h is a part of dnum/internal/kernelk.h: include that instead"
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

/* the entries of block k: for (e = B(k); e < B(k+1); e++) */
#define DNIK_BLOCK(e, K, k)                                                                \
    for (size_t e = dnik_start(K, k); e < dnik_start(K, (k) + 1); e++)

/* for (k = k0; k <= N; k++) { body }, for K = 2 (Dnum2) unrolled: with a constant order
 * every block's bounds become constants and dnik_bdot's entries stay in registers (Dnum2's
 * functions 2x faster at N = 4). K > 2 keeps the loop (unrolled, W7 ran 1.5x slower). */
#define DNIK_KLOOP(k, k0, N, K, ...)                                                       \
    do {                                                                                   \
        if ((K) == 2) {                                                                    \
            DNI_UNROLL                                                                     \
            for (unsigned k = (k0); k <= (N); k++) {                                       \
                __VA_ARGS__                                                                \
            }                                                                              \
        } else {                                                                           \
            for (unsigned k = (k0); k <= (N); k++) {                                       \
                __VA_ARGS__                                                                \
            }                                                                              \
        }                                                                                  \
    } while (0)

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

/* g[i], the growth over 2^l0 of the column of variable i (its entries d e_i, d = 1..N) in
 * the operands op[0..nop) (dni_growth1), as a shift clamped to +-lim: entry alpha scaled
 * by 2^-(l0 + g.alpha) brings the largest entry of every column near unit size. */
static inline void dnik_col_growth(int *g, const double *const *op, unsigned nop, int l0,
                                   int lim, unsigned K, unsigned N)
{
    for (unsigned i = 0; i < K; i++) {
        unsigned al[DNK_VARS_MAX] = {0};
        double gr = -HUGE_VAL;
        for (unsigned d = 1; d <= N; d++) {
            al[i] = d;
            size_t e = dnik_index(K, al);
            for (unsigned o = 0; o < nop; o++) gr = dni_growth1(gr, op[o][e], l0, d);
        }
        g[i] = dni_growth_shift(gr, lim);
    }
}

/* dst = src with entry alpha scaled by 2^(sign (e + g.alpha)), one ldexp each (dst may be
 * src) */
static inline void dnik_scale_far(double *dst, const double *src, int e, const int *g,
                                  int sign, unsigned K, unsigned N)
{
    unsigned al[DNK_VARS_MAX] = {0};
    size_t S = dnik_size(K, N);
    for (size_t j = 0; j < S; j++, dnik_next(K, al)) {
        int x = e;
        for (unsigned i = 0; i < K; i++) x += g[i] * (int)al[i];
        dst[j] = x ? ldexp(src[j], sign * x) : src[j];
    }
}

/* As dni_far_exponents (kernel.h) on numbers of K variables: *m the exponent of the larger
 * value, g[i] the growth of variable i's column over it (dnik_col_growth); 0 where nothing
 * would change or the values are 0, Inf or NaN. */
static inline int dnik_far_exponents(const double *a, const double *b, unsigned K,
                                     unsigned N, int *m, int *g)
{
    double big = fmax(fabs(a[0]), fabs(b[0]));
    const double *op[2] = {a, b};
    if (!(big > 0.0 && big <= DBL_MAX)) return 0;
    *m = ilogb(big);
    dnik_col_growth(g, op, 2, *m, 2100, K, N);
    int any = *m != 0;
    for (unsigned i = 0; i < K; i++) any |= g[i] != 0;
    return any;
}

/* dst = src with entry a scaled by 2^(sign m.a) */
static inline void dnik_range_scale(double *dst, const double *src, const int *m, int sign,
                                    unsigned K, unsigned N)
{
    dnik_scale_far(dst, src, 0, m, sign, K, N);
}

/* 2^-e for the binary exponent e of x != 0, within the normal range (x times it is in
 * [1, 2) but for the extremes); 1 for x = 0 and where x is not finite */
static inline double dnik_unit(double x)
{
    if (x == 0.0 || !(fabs(x) <= DBL_MAX)) return 1.0;
    int e = ilogb(x);
    return ldexp(1.0, e > 1022 ? -1022 : e < -1022 ? 1022 : -e);
}
