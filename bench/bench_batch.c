/* Batch evaluation (dnum/batch.h) beside the scalar paths and the C floor, in one run.
 *
 * W1 = exp(-x^2) and W2 (docs/benchmarks.md) at orders 2, 4, 8, 16, M = 200,000 points:
 *   c_floor              bench/floor.c's hand-written code (included here)
 *   dnum_fixed           the fixed-order family (dnum_oN), as bench_dnum
 *   dn_expr_eval         the parsed formula, one point per call (the scalar engine)
 *   dnum_batch_<isa>     dn_expr_eval_batch on blocks of BLOCK points, for every
 *                        instruction set the machine has (scalar = point by point),
 *                        structure-of-arrays layout (DN_BATCH_SOA), the default values
 *                        (SLEEF's where the build has it)
 *   dnum_batch_block_<isa>  the same formula written with the block family (dnum/block.h,
 *                        bench_block.c compiled with the instruction set's flags: 8, 4, 2
 *                        lanes), the compiled counterpart of the C floor
 *   dnum_batch_bound_<isa>  (W1) the least a batch through the vector library costs:
 *                        dnum_batch_<isa>'s loop (the points written, the results summed)
 *                        with exp(-x^2)'s value alone, SLEEF's exp on the instruction
 *                        set's vectors (bench_block.c), in place of the evaluator
 *   dnum_batch_block_<isa>_fma  the same compiled with -ffp-contract=fast (fused
 *                        multiply-adds, as gnu11 and C++ builds contract by default: the
 *                        lanes differ from dnum_oN in the last bits, within the bounds)
 * The time per point includes writing the points' seeds (x, 1, 0, ...) into the argument
 * block and summing the results (the checksum), as the other programs do.
 * The extra column: the ratio to c_floor of the same run, and the floating-point
 * operations per cycle (the floor's operation count per point, over the time-stamp
 * counter's cycles: an estimate of the core clock), next to the peak of the instruction
 * set without fused multiply-adds (two add or multiply instructions per cycle on
 * registers of W doubles: 2 W flop per cycle; twice that with fused multiply-adds).
 * The multivariate layout (dn_expr_eval_batchk, Dnumk numbers of S = C(N+k, k) entries):
 * K2 = sin(x) exp(y) / (1 + x y) + sqrt(1 + y y) log(2 + cos(x)) in 2 variables, K3 the
 * same with z in place of the second x and the last y (3 variables), at orders 2, 4, 8 on
 * MK points (x, y, z on lines through [-2, 2]^k), side by side:
 *   dnum_expr_evalk      dn_expr_evalk, one point per call
 *   dnum_batchk_<isa>    dn_expr_eval_batchk on blocks of BLOCK points, DN_BATCH_SOA,
 *                        SLEEF's values where the build has them (scalar: point by point)
 *   dnum_batchk_<isa>_libm  the same with DN_BATCH_LIBM (dn_expr_evalk's bits)
 * and the ratio (unit "ratio") of each batch peer's time to dnum_expr_evalk's.
 * Usage: bench_batch [W1|W2|K2|K3|all] [N] */
#include "bench_common.h"
#define FLOOR_NO_MAIN
#include "floor.c"
#include <dnum/batch.h>
#include <dnum/dnumk.h>

#define BLOCK 256
#define MAXN 16
#define CSUM_W 8 /* partial sums of the batch checksums */

FIXED_W(2)
FIXED_W(4)
FIXED_W(8)
FIXED_W(16)

static const char *const FORMULA[2] = {
    "exp(-x^2)", "sin(x)*exp(x)/(1+x^2) + sqrt(1+x^2)*log(2+cos(x))"};
static const double LO[2] = {-4.0, -2.0}, HI[2] = {4.0, 2.0};

/* the state of the library cases */
static dn_expr *cur_e;
static unsigned cur_n, cur_isa;
static int cur_w;
static double *cur_work, *cur_args, *cur_out;

static double xpoint(long i)
{
    return LO[cur_w] + (HI[cur_w] - LO[cur_w]) * (double)i / (double)(M - 1);
}

static double run_expr(void)
{
    size_t len = cur_n + 1;
    double cs = 0.0;
    for (long i = 0; i < M; i++) {
        cur_args[0] = xpoint(i);
        cur_args[1] = 1.0;
        for (size_t k = 2; k < len; k++) cur_args[k] = 0.0;
        dn_expr_eval(cur_e, cur_n, cur_args, cur_out, cur_work);
        for (size_t k = 0; k < len; k++) cs += cur_out[k];
    }
    return cs;
}

/* bench_block.c's bound_w1_<isa> in place of the evaluator (W1: the peer
 * dnum_batch_bound_<isa>), or NULL */
static void (*cur_bound)(const double *, double *, size_t);
static double run_batch(void)
{
    size_t len = cur_n + 1;
    double cs = 0.0, acc[CSUM_W] = {0.0};
    for (long p0 = 0; p0 < M; p0 += BLOCK) {
        size_t cnt = M - p0 < BLOCK ? (size_t)(M - p0) : BLOCK;
        for (size_t i = 0; i < cnt; i++) {
            cur_args[i] = xpoint(p0 + (long)i);
            cur_args[BLOCK + i] = 1.0;
        }
        memset(cur_args + 2 * BLOCK, 0, (len - 2) * BLOCK * sizeof(double));
        if (cur_bound) cur_bound(cur_args, cur_out, cnt);
        else
            dn_expr_eval_batch(cur_e, cur_n, cnt, cur_args, BLOCK, cur_out, BLOCK,
                               cur_isa | DN_BATCH_SOA, cur_work);
        /* each point's derivatives summed (a vector per derivative), then the points into
         * CSUM_W partial sums (the block family's checksum: one vector addition per
         * CSUM_W points; one dependent addition per point, as the scalar floor's, would
         * bound a batch at 4 cycles per point) */
        double ps[BLOCK];
        for (size_t i = 0; i < cnt; i++) ps[i] = cur_out[i];
        for (size_t k = 1; k < len; k++)
            for (size_t i = 0; i < cnt; i++) ps[i] += cur_out[k * BLOCK + i];
        size_t i = 0;
        for (; i + CSUM_W <= cnt; i += CSUM_W)
            for (size_t j = 0; j < CSUM_W; j++) acc[j] += ps[i + j];
        for (; i < cnt; i++) cs += ps[i];
    }
    for (size_t j = 0; j < CSUM_W; j++) cs += acc[j];
    return cs;
}

/* The floor's floating-point operations per point at degree d (adds and multiplies). */
static double flops(int w, double d)
{
    double mul = (d + 1) * (d + 1), sum = 2 * (d + 1);
    if (w == 0) return mul + d * (d + 1) + d + sum + 1;
    double sincos = d + 2 * d * (d + 1), ex = d + d * (d + 1), div = (d + 1) * (d + 1);
    double sq = d * d + 1, lg = d * d + 3 * d;
    return 3 * mul + sincos + ex + div + sq + lg + (d + 1) + sum + 2;
}

static double tsc_ghz(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    double t0 = now_s();
    unsigned long long c0 = __builtin_ia32_rdtsc();
    while (now_s() - t0 < 0.05) {
    }
    return (double)(__builtin_ia32_rdtsc() - c0) / ((now_s() - t0) * 1e9);
#else
    return 0.0;
#endif
}

#if defined(BENCH_BLOCK)
/* bench_block.c, per instruction set */
#define BLOCK_DECL(isa)                                                                    \
    double block_w1_2_##isa(long), block_w1_4_##isa(long), block_w1_8_##isa(long),         \
        block_w1_16_##isa(long), block_w2_2_##isa(long), block_w2_4_##isa(long),           \
        block_w2_8_##isa(long), block_w2_16_##isa(long);                                  \
    void bound_w1_##isa(const double *, double *, size_t);
BLOCK_DECL(avx512)
BLOCK_DECL(avx2)
BLOCK_DECL(sse2)
BLOCK_DECL(avx512_fma)
BLOCK_DECL(avx2_fma)
#define BLOCK_TAB(isa)                                                                     \
    {{block_w1_2_##isa, block_w1_4_##isa, block_w1_8_##isa, block_w1_16_##isa},           \
     {block_w2_2_##isa, block_w2_4_##isa, block_w2_8_##isa, block_w2_16_##isa}}
/* the last two compiled with contraction into fused multiply-adds (peer name _fma) */
#define NBLOCKS 5
static double (*const BLOCKS[NBLOCKS][2][4])(long) = {
    BLOCK_TAB(sse2), BLOCK_TAB(avx2), BLOCK_TAB(avx512), BLOCK_TAB(avx2_fma),
    BLOCK_TAB(avx512_fma)};
static void (*const BOUNDS[NBLOCKS])(const double *, double *, size_t) = {
    bound_w1_sse2, bound_w1_avx2, bound_w1_avx512, NULL, NULL};
static const unsigned BLOCK_ISAS[NBLOCKS] = {DN_BATCH_SSE2, DN_BATCH_AVX2, DN_BATCH_AVX512,
                                             DN_BATCH_AVX2, DN_BATCH_AVX512};
/* (the AVX2 one also needs FMA: bench/meson.build compiles it with -mfma) */
static int block_runs(int b)
{
    if (!dn_batch_isa(BLOCK_ISAS[b])) return 0;
#if defined(__x86_64__)
    if (BLOCK_ISAS[b] == DN_BATCH_AVX2) return __builtin_cpu_supports("fma");
#endif
    return 1;
}
static double (*cur_block)(long);
static double run_block(void)
{
    return cur_block(M);
}
#endif

/* ---- the multivariate layout ---------------------------------------------------------- */
#define MK 20000
static const char *const FORMULAK[2] = {
    "sin(x)*exp(y)/(1+x*y) + sqrt(1+y*y)*log(2+cos(x))",
    "sin(x)*exp(y)/(1+x*z) + sqrt(1+y*y)*log(2+cos(z))"};
static unsigned cur_k;
static size_t cur_S;

/* variable v at point i: a line through [-2, 2]^k, another direction per variable */
static double kpoint(long i, unsigned v)
{
    return -2.0 + 4.0 * (double)((i * (long)(2 * v + 1)) % MK) / (double)(MK - 1);
}
/* the seed of variable v (of k) in a number of S entries: value, coefficient 1 of x_v */
static void kseed(double *a, size_t stride, long i, unsigned v)
{
    a[0] = kpoint(i, v);
    if (cur_n) a[(1 + v) * stride] = 1.0;
}
static double run_evalk(void)
{
    double cs = 0.0;
    memset(cur_args, 0, cur_k * cur_S * sizeof(double));
    for (long i = 0; i < MK; i++) {
        for (unsigned v = 0; v < cur_k; v++) kseed(cur_args + v * cur_S, 1, i, v);
        dn_expr_evalk(cur_e, cur_k, cur_n, cur_args, cur_out, cur_work);
        for (size_t j = 0; j < cur_S; j++) cs += cur_out[j];
    }
    return cs;
}
static double run_batchk(void)
{
    double cs = 0.0;
    memset(cur_args, 0, (size_t)BLOCK * cur_k * cur_S * sizeof(double));
    for (long p0 = 0; p0 < MK; p0 += BLOCK) {
        size_t cnt = MK - p0 < BLOCK ? (size_t)(MK - p0) : BLOCK;
        for (size_t i = 0; i < cnt; i++)
            for (unsigned v = 0; v < cur_k; v++)
                kseed(cur_args + v * cur_S * BLOCK + i, BLOCK, p0 + (long)i, v);
        dn_expr_eval_batchk(cur_e, cur_k, cur_n, cnt, cur_args, BLOCK, cur_out, BLOCK,
                            cur_isa | DN_BATCH_SOA, cur_work);
        for (size_t j = 0; j < cur_S; j++)
            for (size_t i = 0; i < cnt; i++) cs += cur_out[j * BLOCK + i];
    }
    return cs;
}

/* K2 and K3 at orders 2, 4, 8: dn_expr_evalk and every batch engine side by side. */
static void bench_multivariate(int argc, char **argv)
{
    static const unsigned orders[3] = {2, 4, 8};
    static const unsigned isas[] = {DN_BATCH_SCALAR, DN_BATCH_GENERIC, DN_BATCH_NEON,
                                    DN_BATCH_SSE2, DN_BATCH_AVX2, DN_BATCH_AVX512};
    static char names[16][48];
    for (unsigned k = 2; k <= 3; k++) {
        char wl[3] = {'K', (char)('0' + k), 0};
        const char *vars[] = {"x", "y", "z"};
        dn_expr_error er;
        cur_e = dn_expr_parse(FORMULAK[k - 2], vars, k, &er);
        if (!cur_e) return;
        cur_k = k;
        for (int o = 0; o < 3; o++) {
            unsigned n = orders[o];
            if (!wanted(wl, (int)n, argc, argv)) continue;
            cur_n = n;
            cur_S = dnk_size(k, n);
            cur_work = malloc(dn_expr_work_size_batchk(cur_e, k, n) * sizeof(double));
            cur_args = malloc((size_t)BLOCK * k * cur_S * sizeof(double));
            cur_out = malloc((size_t)BLOCK * cur_S * sizeof(double));
            const char *peers[8];
            double (*fs[8])(void);
            unsigned pisa[8];
            int np = 0;
            peers[np] = "dnum_expr_evalk", fs[np] = run_evalk, pisa[np++] = 0;
            for (size_t i = 0; i < sizeof isas / sizeof isas[0] && np < 8; i++) {
                if (!dn_batch_isa(isas[i])) continue;
                for (int libm = 0; libm < 2 && np < 8; libm++) {
                    if (libm && (isas[i] == DN_BATCH_SCALAR || !dn_batch_vector_libm())) continue;
                    snprintf(names[np], sizeof names[np], "dnum_batchk_%s%s",
                             dn_batch_isa_name(isas[i]), libm ? "_libm" : "");
                    peers[np] = names[np], fs[np] = run_batchk;
                    pisa[np++] = isas[i] | (libm ? DN_BATCH_LIBM : 0u);
                }
            }
            /* measure_side calls every function in turn: the engine per peer */
            double best[8], t[8][REPS], s[REPS];
            for (int r = 0; r < REPS; r++)
                for (int i = 0; i < np; i++) {
                    cur_isa = pisa[i];
                    double t0 = now_s(), cs = fs[i]();
                    t[i][r] = now_s() - t0;
                    OPAQUE(cs);
                }
            for (int i = 0; i < np; i++) {
                memcpy(s, t[i], sizeof s);
                qsort(s, REPS, sizeof s[0], cmp_dbl);
                best[i] = s[0] * 1e9 / MK;
                printf("RESULT,%s,-O3,%s,%u,ns_per_point,%.4f,%.4f,,S=%zu\n", peers[i], wl, n,
                       best[i], s[REPS / 2] * 1e9 / MK, cur_S);
            }
            for (int i = 1; i < np; i++) {
                char rp[64];
                snprintf(rp, sizeof rp, "%s/dnum_expr_evalk", peers[i]);
                result_ratio(rp, wl, (int)n, best[i] / best[0], side_ratio(t[i], t[0]), "");
            }
            free(cur_work);
            free(cur_args);
            free(cur_out);
        }
        dn_expr_free(cur_e);
    }
}

static double (*const FIXED[2][4])(void) = {{w1_2, w1_4, w1_8, w1_16},
                                            {w2_2, w2_4, w2_8, w2_16}};
static double (*const FLOOR[2][4])(void) = {{run_w1_2, run_w1_4, run_w1_8, run_w1_16},
                                            {run_w2_2, run_w2_4, run_w2_8, run_w2_16}};

int main(int argc, char **argv)
{
    static const unsigned orders[4] = {2, 4, 8, 16};
    static const unsigned isas[] = {DN_BATCH_SCALAR, DN_BATCH_GENERIC, DN_BATCH_NEON,
                                    DN_BATCH_SSE2, DN_BATCH_AVX2, DN_BATCH_AVX512};
    double ghz = tsc_ghz();
    (void)w3;
    printf("# bench_batch: block %d points, time-stamp counter %.2f GHz, best isa %s\n", BLOCK,
           ghz, dn_batch_isa_name(dn_batch_isa(DN_BATCH_AUTO)));
    for (int w = 0; w < 2; w++) {
        char wl[3] = {'W', (char)('1' + w), 0};
        const char *vars[] = {"x"};
        dn_expr_error er;
        cur_e = dn_expr_parse(FORMULA[w], vars, 1, &er);
        if (!cur_e) return 1;
        cur_w = w;
        for (int o = 0; o < 4; o++) {
            unsigned n = orders[o];
            if (!wanted(wl, (int)n, argc, argv)) continue;
            cur_n = n;
            cur_work = malloc(dn_expr_work_size_batch(cur_e, n) * sizeof(double));
            cur_args = malloc((size_t)BLOCK * (n + 1) * sizeof(double));
            cur_out = malloc((size_t)BLOCK * (n + 1) * sizeof(double));
            double fl = measure("c_floor", wl, (int)n, FLOOR[w][o]);
            measure("dnum_fixed", wl, (int)n, FIXED[w][o]);
            measure("dn_expr_eval", wl, (int)n, run_expr);
            for (size_t i = 0; i < sizeof isas / sizeof isas[0]; i++) {
                if (!dn_batch_isa(isas[i])) continue;
                char peer[64];
                cur_isa = isas[i];
                snprintf(peer, sizeof peer, "dnum_batch_%s", dn_batch_isa_name(isas[i]));
                double t = measure(peer, wl, (int)n, run_batch);
                double fpc = ghz > 0 ? flops(w, n) / (t * ghz) : 0.0;
                printf("RATIO,%s,%s,%u,to_c_floor,%.3f,flop_per_cycle,%.2f,peak_no_fma,%u\n",
                       peer, wl, n, t / fl, fpc, 2 * dn_batch_lanes(isas[i]));
            }
#if defined(BENCH_BLOCK)
            for (int b = 0; b < NBLOCKS; b++) {
                if (!block_runs(b)) continue; /* the machine lacks it */
                char peer[64];
                cur_block = BLOCKS[b][w][o];
                snprintf(peer, sizeof peer, "dnum_batch_block_%s%s",
                         dn_batch_isa_name(BLOCK_ISAS[b]), b >= 3 ? "_fma" : "");
                double t = measure(peer, wl, (int)n, run_block);
                double fpc = ghz > 0 ? flops(w, n) / (t * ghz) : 0.0;
                printf("RATIO,%s,%s,%u,to_c_floor,%.3f,flop_per_cycle,%.2f,peak_no_fma,%u\n",
                       peer, wl, n, t / fl, fpc, 2 * dn_batch_lanes(BLOCK_ISAS[b]));
            }
            for (int b = 0; w == 0 && b < NBLOCKS; b++) { /* W1's bound */
                if (!BOUNDS[b] || !block_runs(b)) continue;
                char peer[64];
                cur_bound = BOUNDS[b];
                snprintf(peer, sizeof peer, "dnum_batch_bound_%s", dn_batch_isa_name(BLOCK_ISAS[b]));
                double t = measure(peer, wl, (int)n, run_batch);
                printf("RATIO,%s,%s,%u,to_c_floor,%.3f\n", peer, wl, n, t / fl);
                cur_bound = NULL;
            }
#endif
            free(cur_work);
            free(cur_args);
            free(cur_out);
        }
        dn_expr_free(cur_e);
    }
    bench_multivariate(argc, argv);
    return 0;
}
