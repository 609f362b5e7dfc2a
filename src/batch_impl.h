/* Internal to the batch evaluators (dnum/batch.h): the per-instruction-set engines.
 *
 * src/batch_lane_body.h (the engine) and src/batch_lane_quick.h (its quick error bounds)
 * are compiled once per instruction set (src/batch_sse2.c, batch_avx2.c, batch_avx512.c on
 * x86-64, batch_neon.c on AArch64, batch_generic.c elsewhere), each time with its own lane
 * count DN_LANE_W and its own compiler flags; src/batch.c chooses one at run time. */
#ifndef DNUM_BATCH_IMPL_H
#define DNUM_BATCH_IMPL_H

#include <stddef.h>
#include "dnum/batch.h"
#include "expr_impl.h"

/* The most lanes of any engine (the workspace is sized for it). One register each: a
 * vector of two registers (two independent chains) was slower, gcc 12 moving the
 * accumulators of the recurrences through memory. */
#define DN_BATCH_LANES_MAX 8
/* Vectors per instruction: each instruction of the program runs on DN_BATCH_GROUP vectors
 * of W points (a group) before the next one, so that the dispatch, the rare-lane test
 * and the kernel's call are paid once per group (at order 2 they cost more than the
 * arithmetic). 16 against 4 (bench_batch W1 and W2, AVX2 and AVX-512, best of 5
 * alternated runs): 1.06-1.12x faster at orders 2 to 8, order 16 (one vector at a time
 * before) 0.96-1.1x, the same bits; 32 no better. Above order 16 the recurrences outweigh
 * the dispatch, and a group's registers would outgrow the caches. */
#define DN_BATCH_GROUP 16
#define DN_BATCH_GROUP_ORDERS 17 /* groups below this order; one vector at a time above */
/* The vectors of a group at order n (the engines' rule, and the workspace's) */
static inline size_t dni_batch_group(unsigned n)
{
    return n < DN_BATCH_GROUP_ORDERS ? DN_BATCH_GROUP : 1;
}
/* sin(a) and cos(a) of one register from one recurrence: at most DN_BATCH_PAIRS pairs
 * among the first DN_BATCH_PAIR_SCAN instructions (src/batch_lane_body.h) */
#define DN_BATCH_PAIRS 4
#define DN_BATCH_PAIR_SCAN 256

/* One engine's run: the npts points of dn_expr_eval_batch at order n <= DN_TAYLOR_MAX
 * (flags: its DN_BATCH_COEFFS and DN_BATCH_SOA); work: dni_batch_work_doubles(e, n)
 * doubles, 64-byte aligned. */
typedef void (*dni_batch_fn)(const dn_expr *e, unsigned n, size_t npts, const double *args,
                             size_t ldargs, double *out, size_t ldout, unsigned flags,
                             double *work);

/* The workspace of the engines, in doubles (any lane count up to DN_BATCH_LANES_MAX). */
static inline size_t dni_batch_work_doubles(const dn_expr *e, unsigned n)
{
    size_t len = (size_t)n + 1, L = DN_BATCH_LANES_MAX;
    size_t vec = (((size_t)e->nregs + DN_BATCH_PAIRS) * dni_batch_group(n) + 2) * len * L +
                 (size_t)DNI_W_MAX(n) * L;
    size_t wide = (size_t)DNI_WW_MAX(n) * sizeof(dni_wide);
    size_t scal =
        3 * len + (size_t)DNI_W_MAX(n) + (wide + sizeof(double) - 1) / sizeof(double);
    return vec + scal + 64;
}

/* dni_batch_run_<isa> and dni_batchk_run_<isa>: the C library's values lane by lane with
 * DN_BATCH_LIBM in flags, else SLEEF's vector functions where the build has them
 * (DN_BATCH_HAVE_SLEEF: the engines are compiled with DN_LANE_SLEEF_RT). */
/* The quick error bounds of one block on lanes (dni_batch_quick_fn): with auto_ok, the
 * lanes that pass DN_PREC_AUTO's 10-digit check to *auto_ok (bit i: lane i), and the
 * bounds of all cnt points to eout (stride n + 1) where some lane fails it; each point
 * that passes (every point without auto_ok): its derivatives to out (stride ldout) and,
 * with err not NULL, dn_expr_eval_prec's verdict of each bound to err (stride lderr);
 * nothing to the points that fail. Returns 0, or 1 where the block needs the scalar
 * analysis (nothing written then); work: dni_batch_quick_doubles(e, n) doubles, aligned. */
typedef int (*dni_batch_quick_fn)(const dn_expr *e, unsigned n, size_t cnt,
                                  const double *args, size_t ldargs, double *out,
                                  size_t ldout, double *err, size_t lderr, double *eout,
                                  unsigned *auto_ok, double *work);
static inline size_t dni_batch_quick_doubles(const dn_expr *e, unsigned n)
{
    size_t len = (size_t)n + 1, L = DN_BATCH_LANES_MAX;
    return (2 * (size_t)e->nregs * len + 11 * (len + 1) + (size_t)DNI_W_MAX(n + 1)) * L +
           64;
}

/* The engines of the multivariate layouts (src/batchk_lane_body.h): dn_expr_eval_batchk's
 * npts points at k = K variables, total order N, or with the internal flag DNI_BATCH_DNUM2
 * (K = 2) dn_expr_eval_batch2's (dni_batchk_fn); work: dni_batchk_work_doubles(e, S, xs)
 * doubles for numbers of S = C(N+K, K) entries and xs doubles of the scalar step's scratch.
 * The lane kernels' scratch: 6 S lanes (kernelk.h: the plain functions use at most the
 * first 6 S of DNIK_WORK(S)). */
#define DNI_BATCH_DNUM2 0x1000u
typedef void (*dni_batchk_fn)(const dn_expr *e, unsigned K, unsigned N, size_t npts,
                              const double *args, size_t ldargs, double *out, size_t ldout,
                              unsigned flags, double *work);
#define DNI_BATCHK_LWS(S) (6 * (S))
static inline size_t dni_batchk_work_doubles(const dn_expr *e, size_t S, size_t xs)
{
    /* lanes: the registers, T, the kernels' scratch, three Taylor triangles; one lane's
     * operands and result and the scalar step's scratch; the alignment */
    size_t L = DN_BATCH_LANES_MAX;
    return ((size_t)e->nregs + 1 + DNI_BATCHK_LWS(S) / S + 3) * S * L + 3 * S + xs + 64;
}

/* The point-by-point path of the batch evaluators (src/batch.c): the npts points one at a
 * time through the scalar evaluator of mode (DNI_BY_EVAL dn_expr_eval, DNI_BY_COEFFS
 * dn_expr_eval_coeffs, DNI_BY_EVAL2 dn_expr_eval2, DNI_BY_EVALK dn_expr_evalk in K
 * variables), numbers of S entries, either layout (soa); work: the evaluator's ws doubles,
 * then one point's arguments and result (DN_BATCH_SOA). */
enum { DNI_BY_EVAL, DNI_BY_COEFFS, DNI_BY_EVAL2, DNI_BY_EVALK };
DNI_EXPR_INTERNAL void dni_batch_by_point(const dn_expr *e, int mode, unsigned K,
                                          unsigned n, size_t S, size_t npts,
                                          const double *args, size_t ldargs, double *out,
                                          size_t ldout, int soa, double *work, size_t ws);

#define DNI_BATCH_DECL(isa, W)                                                             \
    DNI_EXPR_INTERNAL void dni_batch_run_##isa(                                            \
        const dn_expr *e, unsigned n, size_t npts, const double *args, size_t ldargs,      \
        double *out, size_t ldout, unsigned flags, double *work);                          \
    DNI_EXPR_INTERNAL int dni_batch_run_##isa##_quick(                                     \
        const dn_expr *e, unsigned n, size_t cnt, const double *args, size_t ldargs,       \
        double *out, size_t ldout, double *err, size_t lderr, double *eout,                \
        unsigned *auto_ok, double *work);                                                  \
    DNI_EXPR_INTERNAL void dni_batchk_run_##isa(                                           \
        const dn_expr *e, unsigned K, unsigned N, size_t npts, const double *args,         \
        size_t ldargs, double *out, size_t ldout, unsigned flags, double *work);           \
    enum { dni_batch_lanes_##isa = (W) };
DNI_BATCH_DECL(generic, 2)
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define DN_BATCH_X86 1
DNI_BATCH_DECL(sse2, 2)
DNI_BATCH_DECL(avx2, 4)
DNI_BATCH_DECL(avx512, 8)
#else
#define DN_BATCH_X86 0
#endif
/* AArch64: Advanced SIMD (the engine of src/batch_neon.c; meson.build compiles it where
 * the compiler targets AArch64 with __ARM_NEON, every AArch64 processor's) */
#if defined(__aarch64__) && defined(__ARM_NEON) && (defined(__GNUC__) || defined(__clang__))
#define DN_BATCH_ARM64 1
DNI_BATCH_DECL(neon, 2)
#else
#define DN_BATCH_ARM64 0
#endif

#endif /* DNUM_BATCH_IMPL_H */
