/* dnum/internal/kernel2_mul.h -- the product of the Dnum2 layout, dni2_mul: the 2-D Leibniz
 * rule on the stored derivatives. Part of dnum/internal/kernel2.h (internal, not
 * API-stable), written on kernel.h's element-type macros (DNI_R, DNI_V) with the names
 * DNI2_K(name): kernel2.h instantiates it for double (dni2_*), the batch evaluator of the
 * Dnum2 layout for vectors of W doubles (src/batch2_lane_body.h, dnil2_*). */
#ifndef DNUM_KERNEL2_H
#error                                                                                     \
    "dnum/internal/kernel2_mul.h is a part of dnum/internal/kernel2.h: include that instead"
#endif

/* The four terms (p, q), (i-p, q), (p, j-q), (i-p, j-q) of the Leibniz sum of the partial
 * (i, j) of a*b (each once when p = i-p or q = j-q): they share the weight C(i,p) C(j,q). */
static inline DNI_R DNI2_K(lgroup)(const DNI_R *a, const DNI_R *b, unsigned i, unsigned j,
                                   unsigned p, unsigned q)
{
    unsigned pc = i - p, qc = j - q;
    DNI_R g = a[dni2_index(p, q)] * b[dni2_index(pc, qc)];
    if (pc != p) g += a[dni2_index(pc, q)] * b[dni2_index(p, qc)];
    if (qc != q) {
        g += a[dni2_index(p, qc)] * b[dni2_index(pc, q)];
        if (pc != p) g += a[dni2_index(pc, qc)] * b[dni2_index(p, q)];
    }
    return g;
}

/** r = a * b: every mixed partial of the product, total order n included, by the 2-D
 *  Leibniz rule on the stored derivatives, (ab)(i,j) = sum_{p<=i, q<=j} C(i,p) C(j,q)
 *  a(p,q) b(i-p,j-q), without converting to Taylor coefficients. The weight (from the
 *  exact table dni_binom, n <= DN_BINOM_MAX) multiplies the sum of the four terms that
 *  share it: about (n+1)(n+2)(n+3)(n+4)/24 products plus a quarter as many weight
 *  multiplies, no scratch. Entries are computed from total order n down to 0: the partial
 *  (i, j) reads, of its own total order, only a(i,j) and b(i,j), so r may alias a and/or b. */
static inline void DNI2_K(mul)(DNI_R *r, const DNI_R *a, const DNI_R *b, unsigned n)
{
    if (n == 2) { /* the loops below written out, same operations in the same order (the
                   * unrolled loops leave GCC less time to clean up after them: W4 at
                   * N = 2 ran 1.2x slower) */
        DNI_R r5 = (a[0] * b[5] + a[5] * b[0]) + 2.0 * (a[2] * b[2]);
        DNI_R r4 = a[0] * b[4] + a[1] * b[2] + a[2] * b[1] + a[4] * b[0];
        DNI_R r3 = (a[0] * b[3] + a[3] * b[0]) + 2.0 * (a[1] * b[1]);
        DNI_R r2 = a[0] * b[2] + a[2] * b[0], r1 = a[0] * b[1] + a[1] * b[0];
        r[0] = a[0] * b[0];
        r[1] = r1, r[2] = r2, r[3] = r3, r[4] = r4, r[5] = r5;
        return;
    }
    DNI_UNROLL
    for (unsigned t = 0; t <= n; t++) {
        unsigned s = n - t;
        DNI_UNROLL
        for (unsigned j = 0; j <= s; j++) {
            unsigned i = s - j;
            DNI_R acc = DNI_V(0.0);
            DNI_UNROLL
            for (unsigned p = 0; p <= i / 2; p++) {
                DNI_UNROLL
                for (unsigned q = 0; q <= j / 2; q++) {
                    double w =
                        dni_binom[i * (i + 1) / 2 + p] * dni_binom[j * (j + 1) / 2 + q];
                    DNI_R term = w * DNI2_K(lgroup)(a, b, i, j, p, q);
                    acc = (p == 0 && q == 0) ? term : acc + term;
                }
            }
            r[dni2_index(i, j)] = acc;
        }
    }
}
