/* dnum/internal/kernelk_bmul.h -- the block products of the multivariate kernels: the
 * product of two blocks dnik_hmul<m> (one variable down at each step), the block sums
 * dnik_bdot, the Cauchy product dnik_tmul and quotient dnik_tdiv.
 * Part of the body of dnum/internal/kernelk.h (internal, not API-stable; its header comment
 * explains the layout, the blocks and the element type): included once per element type,
 * on kernel.h's element-type macros (DNI_R, DNI_V, ...) with the names DNIK_K(name). */
#ifndef DNUM_KERNELK_H
#error                                                                                     \
    "dnum/internal/kernelk_bmul.h is a part of dnum/internal/kernelk.h: include that instead"
#endif

/* ------------------------------------------------------------------------------------ */
/* Block products: c += a b, a of degree p, b of degree q, c of degree p + q, m variables. */

DNIK_INLINE void DNIK_K(hmul1)(DNI_R *c, const DNI_R *a, unsigned p, const DNI_R *b,
                               unsigned q)
{
    (void)p, (void)q;
    c[0] += a[0] * b[0];
}

DNIK_INLINE void DNIK_K(hmul2)(DNI_R *c, const DNI_R *a, unsigned p, const DNI_R *b,
                               unsigned q)
{
    for (unsigned i = 0; i <= p; i++)
        for (unsigned j = 0; j <= q; j++) c[i + j] += a[i] * b[j];
}

#define DNIK_HMUL(m, m1)                                                                   \
    DNIK_INLINE void DNIK_K(hmul##m)(DNI_R * c, const DNI_R *a, unsigned p,                \
                                     const DNI_R *b, unsigned q)                           \
    {                                                                                      \
        for (unsigned i = 0; i <= p; i++)                                                  \
            for (unsigned j = 0; j <= q; j++)                                              \
                DNIK_K(hmul##m1)(c + dnik_start(m1, i + j), a + dnik_start(m1, i), i,      \
                                 b + dnik_start(m1, j), j);                                \
    }
DNIK_HMUL(3, 2)
DNIK_HMUL(4, 3)
DNIK_HMUL(5, 4)
DNIK_HMUL(6, 5)
DNIK_HMUL(7, 6)
DNIK_HMUL(8, 7)
DNIK_HMUL(9, 8)
DNIK_HMUL(10, 9)
#undef DNIK_HMUL

/** c += a b for blocks of degree p (a) and q (b) in m <= DNK_VARS_MAX variables. */
DNIK_INLINE void DNIK_K(hmul)(unsigned m, DNI_R *c, const DNI_R *a, unsigned p,
                              const DNI_R *b, unsigned q)
{
    switch (m) {
    case 1: DNIK_K(hmul1)(c, a, p, b, q); break;
    case 2: DNIK_K(hmul2)(c, a, p, b, q); break;
    case 3: DNIK_K(hmul3)(c, a, p, b, q); break;
    case 4: DNIK_K(hmul4)(c, a, p, b, q); break;
    case 5: DNIK_K(hmul5)(c, a, p, b, q); break;
    case 6: DNIK_K(hmul6)(c, a, p, b, q); break;
    case 7: DNIK_K(hmul7)(c, a, p, b, q); break;
    case 8: DNIK_K(hmul8)(c, a, p, b, q); break;
    case 9: DNIK_K(hmul9)(c, a, p, b, q); break;
    default: DNIK_K(hmul10)(c, a, p, b, q); break;
    }
}

/** Block k of c = sum_{j = hi..lo} (block j of a)(block k-j of b), j descending (b's
 *  blocks enter oldest first, the latency order of kernel.h); 0 for hi < lo. c's block k
 *  must not overlap the blocks read (c may be b: the recurrences read older blocks). */
DNIK_INLINE void DNIK_K(bdot)(DNI_R *c, const DNI_R *a, const DNI_R *b, unsigned lo,
                              unsigned hi, unsigned k, unsigned K)
{
    DNI_R *ck = c + dnik_start(K, k);
    if (K == 2) { /* Dnum2 (kernel2.h): each entry summed in a register, the same terms in
                   * the same order; with constant N fully unrolled (2x faster at N = 4) */
        DNI_UNROLL
        for (unsigned m = 0; m <= k; m++) {
            DNI_R acc = DNI_V(-0.0);
            DNI_UNROLL
            for (unsigned t = 0; lo + t <= hi; t++) {
                unsigned j = hi - t, q = k - j;
                const DNI_R *aj = a + j * (j + 1) / 2, *bq = b + q * (q + 1) / 2;
                unsigned i0 = m > q ? m - q : 0, i1 = m < j ? m : j;
                DNI_UNROLL
                for (unsigned i = i0; i <= i1; i++) acc += aj[i] * bq[m - i];
            }
            ck[m] = acc;
        }
        return;
    }
    size_t h = dnik_h(K, k);
    for (size_t e = 0; e < h; e++)
        ck[e] = DNI_V(-0.0); /* -0 + x == x for every x, also -0 */
    for (unsigned t = 0; lo + t <= hi; t++) {
        unsigned j = hi - t;
        DNIK_K(hmul)(K, ck, a + dnik_start(K, j), j, b + dnik_start(K, k - j), k - j);
    }
}

/** c = a * b (K-variate Cauchy product, total order N). */
static inline void DNIK_K(tmul)(DNI_R *restrict c, const DNI_R *restrict a,
                                const DNI_R *restrict b, unsigned K, unsigned N)
{
    DNIK_KLOOP(k, 0, N, K, { DNIK_K(bdot)(c, a, b, 0, k, k, K); });
}

/** c = a / b: c_k = (a_k - sum_{j=1..k} b_j c_{k-j}) / b_0 by blocks (the reciprocal of a
 *  subnormal b_0 scaled, dnik_sub_scale). */
static inline void DNIK_K(tdiv)(DNI_R *restrict c, const DNI_R *restrict a,
                                const DNI_R *restrict b, unsigned K, unsigned N)
{
    DNI_R sc = DNIK_K(sub_scale)(b[0]), inv = 1.0 / (b[0] * sc);
    c[0] = a[0] * sc * inv;
    DNIK_KLOOP(k, 1, N, K, {
        DNIK_K(bdot)(c, b, c, 1, k, k, K);
        DNIK_BLOCK(e, K, k) c[e] = (a[e] - c[e]) * sc * inv;
    });
}
