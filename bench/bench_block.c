/* W1 and W2 (docs/benchmarks.md) on the block family (dnum/block.h), compiled once per
 * instruction set by bench/meson.build (BLOCK_ISA: the suffix of the functions; the
 * compiler flags give DNB_W): bench_batch runs the ones the machine supports beside the
 * C floor. Values of exp, log, sin, cos from SLEEF (DNB_SLEEF) where the build has it. */
#include <dnum/block.h>

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define BLK(name) CAT(CAT(name, _), BLOCK_ISA)

DNUMB_DEFINE(2)
DNUMB_DEFINE(4)
DNUMB_DEFINE(8)
DNUMB_DEFINE(16)

/* The seed derivatives of the variable hidden from the optimiser, as the floor and
 * bench_dnum hide them: the measured work is a general point's (with the seeds in sight
 * the compiler folds the products with the zero entries away) */
#if defined(__GNUC__) || defined(__clang__)
#define OPAQUE(v) __asm__("" : "+x"(v))
#else
#define OPAQUE(v) ((void)0)
#endif
#define SEED(N, u)                                                                         \
    for (int k_ = 1; k_ <= (N); k_++) OPAQUE((u).d[k_]);

/* the sum of every derivative of every lane (the checksum of the other programs) */
#define CSUM(N, r, cs)                                                                     \
    {                                                                                      \
        dnb_lane s_ = (r).d[0];                                                            \
        for (int k = 1; k <= (N); k++) s_ += (r).d[k];                                     \
        cs += s_;                                                                          \
    }
static double hsum(dnb_lane v)
{
    double s = 0.0;
    for (int i = 0; i < DNB_W; i++) s += v[i];
    return s;
}

#define BENCH_W(N)                                                                         \
    double BLK(block_w1_##N)(long m)                                                       \
    {                                                                                      \
        dnb_lane cs = DNIL_ZERO; double x[DNB_W];                                                         \
        for (long i0 = 0; i0 < m; i0 += DNB_W) {                                           \
            for (int i = 0; i < DNB_W; i++) x[i] = -4.0 + 8.0 * (double)(i0 + i) / (double)(m - 1); \
            dnumb_o##N u = dnumb_o##N##_var(x);                                            \
            SEED(N, u)                                                                     \
            dnumb_o##N r = dnumb_o##N##_exp(dnumb_o##N##_neg(dnumb_o##N##_mul(u, u)));     \
            CSUM(N, r, cs)                                                                 \
        }                                                                                  \
        return hsum(cs);                                                                   \
    }                                                                                      \
    double BLK(block_w2_##N)(long m)                                                       \
    {                                                                                      \
        dnb_lane cs = DNIL_ZERO; double x[DNB_W];                                                         \
        for (long i0 = 0; i0 < m; i0 += DNB_W) {                                           \
            for (int i = 0; i < DNB_W; i++) x[i] = -2.0 + 4.0 * (double)(i0 + i) / (double)(m - 1); \
            dnumb_o##N u = dnumb_o##N##_var(x), s, c;                                      \
            SEED(N, u)                                                                     \
            dnumb_o##N##_sincos(u, &s, &c);                                                \
            dnumb_o##N p = dnumb_o##N##_add_d(dnumb_o##N##_mul(u, u), 1.0);                \
            dnumb_o##N t1 = dnumb_o##N##_div(dnumb_o##N##_mul(s, dnumb_o##N##_exp(u)), p); \
            dnumb_o##N t2 = dnumb_o##N##_mul(dnumb_o##N##_sqrt(p),                         \
                                             dnumb_o##N##_log(dnumb_o##N##_add_d(c, 2.0))); \
            dnumb_o##N r = dnumb_o##N##_add(t1, t2);                                       \
            CSUM(N, r, cs)                                                                 \
        }                                                                                  \
        return hsum(cs);                                                                   \
    }
BENCH_W(2)
BENCH_W(4)
BENCH_W(8)
BENCH_W(16)

/* The least any batch of W1 that takes its values from the vector library can cost, for
 * bench_batch's peer dnum_batch_bound_<isa>: exp(-x^2)'s value alone (no derivative) of
 * the cnt points of a block, in place of the evaluator in bench_batch's loop over blocks
 * (which writes the points and sums the results as for the evaluator: rows 1..N of the
 * results are left as they are, so its checksum is no other peer's). cnt: a multiple of
 * DNB_W. */
void BLK(bound_w1)(const double *x, double *out, size_t cnt)
{
    for (size_t i = 0; i < cnt; i += DNB_W) {
        dnb_lane v = dnil_loadu(x + i);
        dnil_storeu(out + i, dnil_m_exp(-(v * v)));
    }
}
