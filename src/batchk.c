/* The batch evaluators of the multivariate layouts (dnum/batch.h, dn_expr_eval_batchk and
 * dn_expr_eval_batch2): argument checks, the choice of the engine (src/batchk_lane_body.h,
 * compiled once per instruction set) and the point-by-point path (dn_expr_evalk,
 * dn_expr_eval2). */
#include <string.h>
#include "dnum/batch.h"
#include "dnum/dnumk.h"
#include "batch_impl.h"

/* The engine of an instruction set (SLEEF's values or, with DN_BATCH_LIBM, the C
 * library's: the engine reads the flag); NULL for the point-by-point path. */
static dni_batchk_fn enginek(unsigned isa)
{
#define DNI_ENGINEK(name) dni_batchk_run_##name
    switch (isa) {
#if DN_BATCH_X86
    case DN_BATCH_SSE2: return DNI_ENGINEK(sse2);
    case DN_BATCH_AVX2: return DNI_ENGINEK(avx2);
    case DN_BATCH_AVX512: return DNI_ENGINEK(avx512);
#elif DN_BATCH_ARM64
    case DN_BATCH_NEON: return DNI_ENGINEK(neon);
#elif defined(DN_BATCH_HAVE_GENERIC)
    case DN_BATCH_GENERIC: return dni_batchk_run_generic;
#endif
    default: return NULL;
    }
#undef DNI_ENGINEK
}

size_t dn_expr_work_size_batchk(const dn_expr *e, unsigned k, unsigned n)
{
    size_t ws = e && k ? dn_expr_work_sizek(e, k, n) : 0;
    if (!ws) return 0;
    size_t S = dnik_size(k, n);
    /* point by point: dn_expr_evalk's workspace, then (DN_BATCH_SOA) one point's
     * arguments and result */
    size_t s = ws + ((size_t)e->nvars + 1) * S,
           v = dni_batchk_work_doubles(e, S, DNIK_WORK(S));
    return v > s ? v : s;
}

size_t dn_expr_work_size_batch2(const dn_expr *e, unsigned n)
{
    size_t ws = dn_expr_work_size2(e, n);
    if (!ws) return 0;
    size_t S = dnik_size(2, n), x = dni_expr_step2_doubles(n);
    size_t s = ws + ((size_t)e->nvars + 1) * S, v = dni_batchk_work_doubles(e, S, x);
    return v > s ? v : s;
}

/* Both layouts (tri: Dnum2's, K = 2), after the checks of the order: the checks of the
 * rest, the engine or point by point (ws: the point-by-point workspace). */
static int eval_multi(const dn_expr *e, unsigned K, unsigned n, int tri, size_t npts,
                      const double *args, size_t ldargs, double *out, size_t ldout,
                      unsigned flags, double *work, size_t ws)
{
    size_t S = dnik_size(K, n), nv = e->nvars;
    if (flags & ~(DN_BATCH_LIBM | DN_BATCH_SOA | DN_BATCH_ISA_MASK)) return DN_EINVAL;
    int soa = (flags & DN_BATCH_SOA) != 0;
    if (soa ? npts > 1 && (ldout < npts || (nv && ldargs < npts))
            : npts > 1 && (ldout < S || (nv && ldargs < nv * S)))
        return DN_EINVAL;
    unsigned isa = dn_batch_isa(flags);
    if (!isa) return DN_EINVAL;
    dni_batchk_fn run = enginek(isa);
    if (run) {
        run(e, K, n, npts, args, ldargs, out, ldout, flags | (tri ? DNI_BATCH_DNUM2 : 0u),
            work);
        return DN_OK;
    }
    dni_batch_by_point(e, tri ? DNI_BY_EVAL2 : DNI_BY_EVALK, K, n, S, npts, args, ldargs,
                       out, ldout, soa, work, ws);
    return DN_OK;
}

int dn_expr_eval_batchk(const dn_expr *e, unsigned k, unsigned n, size_t npts,
                        const double *args, size_t ldargs, double *out, size_t ldout,
                        unsigned flags, double *work)
{
    if (!e || !work || k == 0 || (npts && (!out || (e->nvars && !args)))) return DN_EINVAL;
    size_t ws = dn_expr_work_sizek(e, k, n);
    if (!ws) return DN_ERANGE; /* k, n or the size too large */
    return eval_multi(e, k, n, 0, npts, args, ldargs, out, ldout, flags, work, ws);
}

int dn_expr_eval_batch2(const dn_expr *e, unsigned n, size_t npts, const double *args,
                        size_t ldargs, double *out, size_t ldout, unsigned flags,
                        double *work)
{
    if (!e || !work || (npts && (!out || (e->nvars && !args)))) return DN_EINVAL;
    if (n > DN_EXPR_MAX_ORDER2) return DN_ERANGE;
    return eval_multi(e, 2, n, 1, npts, args, ldargs, out, ldout, flags, work,
                      dn_expr_work_size2(e, n));
}
