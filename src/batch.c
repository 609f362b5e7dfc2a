/* The batch evaluators (dnum/batch.h): argument checks, the choice of the engine
 * (src/batch_lane_body.h, compiled once per instruction set) and the point-by-point paths. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dnum/batch.h"
#include "dnum/internal/kernel.h"
#include "batch_impl.h"
#include "err_impl.h"

#if defined(__STDC_NO_ATOMICS__)
#define DN_BATCH_ONCE(T) static volatile T
#else
#include <stdatomic.h>
#define DN_BATCH_ONCE(T) static _Atomic T
#endif

/* The instruction sets, the best last (at most one of GENERIC, NEON and SSE2 is built) */
static const unsigned isa_all[] = {DN_BATCH_SCALAR, DN_BATCH_GENERIC, DN_BATCH_NEON,
                                   DN_BATCH_SSE2,   DN_BATCH_AVX2,    DN_BATCH_AVX512};
#define ISA_COUNT (sizeof isa_all / sizeof isa_all[0])

/* What the machine and the build have. */
static int isa_available(unsigned isa)
{
    switch (isa) {
    case DN_BATCH_SCALAR: return 1;
#if DN_BATCH_X86
    case DN_BATCH_SSE2: return 1;
    case DN_BATCH_AVX2: __builtin_cpu_init(); return __builtin_cpu_supports("avx2");
    case DN_BATCH_AVX512: __builtin_cpu_init(); return __builtin_cpu_supports("avx512f");
#elif DN_BATCH_ARM64
    case DN_BATCH_NEON: return 1;
#elif defined(DN_BATCH_HAVE_GENERIC)
    case DN_BATCH_GENERIC: return 1;
#endif
    default: return 0;
    }
}

/* The value of DN_BATCH_ISA (NULL: unset) resolved as DN_BATCH_AUTO takes it: unset or
 * empty, the best instruction set available; else the one it names. DN_OK and *isa, or
 * DN_EINVAL (a name unknown, or of an instruction set not available) with the message. */
static int isa_env(const char *val, unsigned *isa, dn_errinfo *err)
{
    unsigned want = 0, best = DN_BATCH_SCALAR;
    char avail[64] = "", shown[24];
    size_t len = 0;
    for (size_t i = 0; i < ISA_COUNT; i++) {
        const char *name = dn_batch_isa_name(isa_all[i]);
        if (val && strcmp(val, name) == 0) want = isa_all[i];
        if (!isa_available(isa_all[i])) continue;
        best = isa_all[i];
        if (len < sizeof avail)
            len += (size_t)snprintf(avail + len, sizeof avail - len, "%s%s",
                                    len ? ", " : "", name);
    }
    if (!val || !*val || (want && isa_available(want))) {
        *isa = val && *val ? want : best;
        return dni_ok(err);
    }
    /* the value as given, cut, its unprintable bytes as '?' */
    for (len = 0; val[len] && len + 1 < sizeof shown; len++)
        shown[len] = val[len] >= 0x20 && val[len] < 0x7f ? val[len] : '?';
    shown[len] = '\0';
    return dni_fail(err, DN_EINVAL, 0, SIZE_MAX, "DN_BATCH_ISA=%s%s: %s (available: %s)",
                    shown, val[len] ? "..." : "",
                    want ? "not available on this machine or in this build"
                         : "unknown instruction set",
                    avail);
}

/* DN_BATCH_AUTO's instruction set, or 0 where DN_BATCH_ISA names none available; the
 * variable is read once (the one piece of global state: every thread computes the same
 * value, so a race only repeats the work) */
#define ISA_REFUSED 0x100u /* (cached: DN_BATCH_ISA refused) */
static unsigned isa_auto(void)
{
    DN_BATCH_ONCE(unsigned) chosen = 0;
    unsigned c = chosen;
    if (!c) {
        if (isa_env(getenv("DN_BATCH_ISA"), &c, NULL)) c = ISA_REFUSED;
        chosen = c;
    }
    return c == ISA_REFUSED ? 0 : c;
}

int dn_batch_isa_env(unsigned *isa, dn_errinfo *err)
{
    unsigned c = 0;
    int rc = isa_env(getenv("DN_BATCH_ISA"), &c, err);
    if (isa) *isa = c;
    return rc;
}

unsigned dn_batch_isa(unsigned flags)
{
    unsigned isa = flags & DN_BATCH_ISA_MASK;
    if (isa == DN_BATCH_AUTO) return isa_auto();
    return isa_available(isa) ? isa : 0;
}

const char *dn_batch_isa_name(unsigned isa)
{
    switch (isa) {
    case DN_BATCH_SCALAR: return "scalar";
    case DN_BATCH_GENERIC: return "generic";
    case DN_BATCH_NEON: return "neon";
    case DN_BATCH_SSE2: return "sse2";
    case DN_BATCH_AVX2: return "avx2";
    case DN_BATCH_AVX512: return "avx512";
    default: return "unknown";
    }
}

unsigned dn_batch_lanes(unsigned isa)
{
    switch (isa) {
    case DN_BATCH_SCALAR: return 1;
    case DN_BATCH_GENERIC: return dni_batch_lanes_generic;
    case DN_BATCH_NEON: return 2;
    case DN_BATCH_SSE2: return 2;
    case DN_BATCH_AVX2: return 4;
    case DN_BATCH_AVX512: return 8;
    default: return 0;
    }
}

/* The engine of an instruction set (SLEEF's values or, with DN_BATCH_LIBM, the C
 * library's: the engine reads the flag). */
static dni_batch_fn engine(unsigned isa)
{
#define DNI_ENGINE(name) dni_batch_run_##name
    switch (isa) {
#if DN_BATCH_X86
    case DN_BATCH_SSE2: return DNI_ENGINE(sse2);
    case DN_BATCH_AVX2: return DNI_ENGINE(avx2);
    case DN_BATCH_AVX512: return DNI_ENGINE(avx512);
#elif DN_BATCH_ARM64
    case DN_BATCH_NEON: return DNI_ENGINE(neon);
#elif defined(DN_BATCH_HAVE_GENERIC)
    case DN_BATCH_GENERIC: return dni_batch_run_generic;
#endif
    default: return NULL;
    }
#undef DNI_ENGINE
}

int dn_batch_vector_libm(void)
{
#if defined(DN_BATCH_HAVE_SLEEF)
    return 1;
#else
    return 0;
#endif
}

size_t dn_expr_work_size_batch(const dn_expr *e, unsigned n)
{
    if (!e || n > DN_ORDER_MAX) return 0;
    size_t len = (size_t)n + 1;
    /* point by point: dn_expr_eval's workspace, then (DN_BATCH_SOA) one point's arguments
     * and result */
    size_t s = dn_expr_work_size(e, n) + ((size_t)e->nvars + 1) * len;
    if (n <= DN_TAYLOR_MAX) {
        size_t v = dni_batch_work_doubles(e, n);
        if (v > s) s = v;
    }
    return s;
}

void dni_batch_by_point(const dn_expr *e, int mode, unsigned K, unsigned n, size_t S,
                        size_t npts, const double *args, size_t ldargs, double *out,
                        size_t ldout, int soa, double *work, size_t ws)
{
    size_t nv = e->nvars;
    double *pa = work + ws, *po = pa + nv * S; /* one point (DN_BATCH_SOA) */
    for (size_t p = 0; p < npts; p++) {
        const double *a = nv ? args + p * ldargs : args;
        double *o = out + p * ldout;
        if (soa) {
            for (size_t i = 0; i < nv * S; i++) pa[i] = args[i * ldargs + p];
            a = pa;
            o = po;
        }
        switch (mode) {
        case DNI_BY_EVAL: dn_expr_eval(e, n, a, o, work); break;
        case DNI_BY_COEFFS: dn_expr_eval_coeffs(e, n, a, o, work); break;
        case DNI_BY_EVAL2: dn_expr_eval2(e, n, a, o, work); break;
        default: dn_expr_evalk(e, K, n, a, o, work); break;
        }
        if (soa)
            for (size_t j = 0; j < S; j++) out[j * ldout + p] = po[j];
    }
}

int dn_expr_eval_batch(const dn_expr *e, unsigned n, size_t npts, const double *args,
                       size_t ldargs, double *out, size_t ldout, unsigned flags,
                       double *work)
{
    if (!e || !work || (npts && (!out || (e->nvars && !args)))) return DN_EINVAL;
    if (n > DN_ORDER_MAX) return DN_ERANGE;
    size_t len = (size_t)n + 1;
    if (flags & ~(DN_BATCH_COEFFS | DN_BATCH_LIBM | DN_BATCH_SOA | DN_BATCH_ISA_MASK))
        return DN_EINVAL;
    int soa = (flags & DN_BATCH_SOA) != 0;
    if (soa ? npts > 1 && (ldout < npts || (e->nvars && ldargs < npts))
            : npts > 1 && (ldout < len || (e->nvars && ldargs < e->nvars * len)))
        return DN_EINVAL;
    unsigned isa = dn_batch_isa(flags);
    if (!isa) return DN_EINVAL;
    int coeffs = (flags & DN_BATCH_COEFFS) != 0;
    dni_batch_fn run = n <= DN_TAYLOR_MAX ? engine(isa) : NULL;
    if (run) {
        run(e, n, npts, args, ldargs, out, ldout, flags, work);
        return DN_OK;
    }
    dni_batch_by_point(e, coeffs ? DNI_BY_COEFFS : DNI_BY_EVAL, 1, n, len, npts, args,
                       ldargs, out, ldout, soa, work, dn_expr_work_size(e, n));
    return DN_OK;
}

/* The quick-bound engine of an instruction set (the C library's values), or NULL. */
static dni_batch_quick_fn quick_engine(unsigned isa)
{
    switch (isa) {
#if DN_BATCH_X86
    case DN_BATCH_SSE2: return dni_batch_run_sse2_quick;
    case DN_BATCH_AVX2: return dni_batch_run_avx2_quick;
    case DN_BATCH_AVX512: return dni_batch_run_avx512_quick;
#elif DN_BATCH_ARM64
    case DN_BATCH_NEON: return dni_batch_run_neon_quick;
#elif defined(DN_BATCH_HAVE_GENERIC)
    case DN_BATCH_GENERIC: return dni_batch_run_generic_quick;
#endif
    default: return NULL;
    }
}

size_t dn_expr_work_size_batch_prec(const dn_expr *e, unsigned n)
{
    if (!e || n > DN_ORDER_MAX) return 0;
    size_t s = dn_expr_work_size_err(e, n);
    if (n < DN_TAYLOR_MAX) { /* the lanes' bounds; after both, a block's bounds */
        size_t v = dni_batch_quick_doubles(e, n);
        s = (v > s ? v : s) + DN_BATCH_LANES_MAX * ((size_t)n + 1);
    }
    return s;
}

long dn_expr_eval_batch_prec(const dn_expr *e, unsigned n, size_t npts, const double *args,
                             size_t ldargs, double *out, size_t ldout, double *err,
                             size_t lderr, unsigned prec, double *work)
{
    if (!e || !work || (npts && (!out || (e->nvars && !args)))) return DN_EINVAL;
    if (n > DN_ORDER_MAX) return DN_ERANGE;
    size_t len = (size_t)n + 1;
    unsigned base = prec & ~DN_PREC_QUICK;
    if (prec > 7u || base > DN_PREC_AUTO || (!err && base != DN_PREC_AUTO))
        return DN_EINVAL;
    if (npts > 1 &&
        (ldout < len || (err && lderr < len) || (e->nvars && ldargs < e->nvars * len)))
        return DN_EINVAL;
    /* quick bounds in double (DN_PREC_AUTO, DN_PREC_DOUBLE): W points at a time on lanes;
     * the blocks with a rare path, and the points that AUTO gives to extended precision,
     * point by point */
    unsigned isa = dn_batch_isa(DN_BATCH_AUTO);
    if (!isa) return DN_EINVAL; /* DN_BATCH_ISA names none available */
    dni_batch_quick_fn qf =
        (prec & DN_PREC_QUICK) && base != DN_PREC_EXTENDED && n < DN_TAYLOR_MAX
            ? quick_engine(isa)
            : NULL;
    size_t W = qf ? dn_batch_lanes(isa) : 1;
    size_t off = dn_expr_work_size_err(e, n), qd = dni_batch_quick_doubles(e, n);
    double *eres = work + (qd > off ? qd : off); /* a block's bounds */
    long ext = 0;
    for (size_t p0 = 0; p0 < npts; p0 += W) {
        size_t cnt = npts - p0 < W ? npts - p0 : W;
        const double *a0 = e->nvars ? args + p0 * ldargs : args;
        unsigned ok = ~0u; /* the lanes that pass AUTO's check (written by qf) */
        if (qf && qf(e, n, cnt, a0, ldargs, out + p0 * ldout, ldout,
                     err ? err + p0 * lderr : NULL, lderr, eres,
                     base == DN_PREC_AUTO ? &ok : NULL, work) == 0) {
            for (size_t i = 0; i < cnt; i++) {
                if (ok >> i & 1u) continue; /* done: the lanes' values are dn_expr_eval's */
                /* fewer than 10 digits: extended precision from the lanes' quick bounds
                 * (the scalar analysis's, bit for bit) */
                size_t p = p0 + i;
                dni_expr_prec_auto_ext(e, n, e->nvars ? args + p * ldargs : args,
                                       out + p * ldout, err ? err + p * lderr : NULL, prec,
                                       eres + i * len, work);
                ext++;
            }
            continue;
        }
        for (size_t p = p0; p < p0 + cnt; p++) { /* the scalar analysis (and AUTO's
                                                   * extended precision) */
            int rc = dn_expr_eval_prec(e, n, e->nvars ? args + p * ldargs : args,
                                       out + p * ldout, err ? err + p * lderr : NULL, prec,
                                       work);
            if (rc == 1) ext++;
        }
    }
    return ext;
}
