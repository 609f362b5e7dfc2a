/* The expression evaluator on multivariate numbers (the Dnumk layout: every mixed partial
 * of k variables to total order n, as Taylor coefficients in graded order, kernelk.h), at
 * run-time k and n. The program is the same as for one variable: only the register size
 * (C(n+k, k) doubles) and the kernels change.
 *
 * Every instruction computes into a scratch number, then copies it to its register (the
 * kernelk.h functions must not write over their operands, and a program reuses registers).
 * The elementary functions run their kernelk.h kernels; the special functions of
 * kernel_special.h (which Dnumk has no kernels of) compose their point series at the
 * value u_0, taken from the one-variable kernel at the seed (u_0, 1, 0, ...), with the
 * argument (_dnk_tcompose, about n block products), as Dnum2 composes them; the piecewise
 * functions (floor, ceil, min, max, fmod) act on the flat array as in every family. */
#include <string.h>
#define DN_NO_UNROLL /* run-time k and n: the kernels stay rolled loops */
#include "dnum/kernelk.h"
#include "dnum/dnumk.h"
#include "expr_impl.h"

#if defined(__GNUC__) && !defined(__clang__)
/* the same GCC 12 false positive as in inlines.c (rolled exp recurrence) */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

_Static_assert(DN_EXPR_MAX_VARSK == DNK_VARS_MAX && DN_EXPR_MAX_ORDERK == DNK_ORDER_MAX,
               "expr.h's limits of dn_expr_evalk are Dnumk's");

/* The registers, one scratch result, and the kernels' scratch (numbers of S doubles). */
#define _DNX_EXTRA (1 + _DNK_WORK(1))

size_t dn_expr_work_sizek(const dn_expr *e, unsigned k, unsigned n)
{
    size_t s = e && k <= DN_EXPR_MAX_VARSK ? dnk_size(k, n) : 0;
    return s ? ((size_t)e->nregs + _DNX_EXTRA) * s : 0;
}

/* t = f(u) for the one-argument function op of kernel_special.h (m: the integer first
 * argument of polygamma, jn, yn): its derivatives at u_0 from the one-variable kernel,
 * composed with u. ws: 5 S doubles. */
#define _DNX_SPECIAL1(X)                                                                   \
    X(LGAMMA, lgamma) X(TGAMMA, tgamma) X(DIGAMMA, digamma) X(LAMBERTW, lambertw)          \
    X(LAMBERTWM1, lambertwm1) X(ERFINV, erfinv) X(ERFCINV, erfcinv) X(J0, j0) X(J1, j1)    \
    X(Y0, y0) X(Y1, y1) X(LOG2, log2) X(LOG10, log10) X(EXP2, exp2) X(SINC, sinc)          \
    X(COT, cot) X(SINPI, sinpi) X(COSPI, cospi)
#define _DNX_CASE1(OP, f)                                                                  \
    case DN_OP_##OP: _dn_##f##_w(dh, seed, N, sws); break;

static void compose_special(double *t, const double *u, unsigned op, double m, unsigned K,
                            unsigned N, double *ws)
{
    double seed[DNK_ORDER_MAX + 1] = {u[0]}, dh[DNK_ORDER_MAX + 1];
    double sws[_DN_W_polygamma(DNK_ORDER_MAX)]; /* the 1-D kernels' scratch (the most) */
    if (N >= 1) seed[1] = 1.0;
    switch (op) {
        _DNX_SPECIAL1(_DNX_CASE1)
    case DN_OP_POLYGAMMA: _dn_polygamma_w(dh, seed, (int)m, N, sws); break;
    case DN_OP_JN: _dn_jn_w(dh, seed, (int)m, N, sws); break;
    case DN_OP_YN: _dn_yn_w(dh, seed, (int)m, N, sws); break;
    default: /* not reached: only the special functions come here */
        for (unsigned k = 0; k <= N; k++) dh[k] = NAN;
    }
    _dnk_tcompose(t, dh, u, K, N, ws);
}

/* cot(u): the tan recurrence on -u (cot' = -(1 + cot^2) u') from the value cos/sin, as
 * the one- and two-variable kernels (composing cot's point series lost a factor 10 near its
 * pole); the pole u0 = 0 by the composition (the pole rule). Scratch: 3 S of _DNK_WORK. */
static void cot_k(double *t, const double *u, unsigned K, unsigned N, double *w)
{
    if (u[0] == 0.0) {
        compose_special(t, u, DN_OP_COT, 0.0, K, N, w);
        return;
    }
    size_t S = _dnk_size(K, N);
    double *nu = w, t0 = cos(u[0]) / sin(u[0]);
    for (size_t e = 0; e < S; e++) nu[e] = -u[e];
    _dnk_ttan(t, t0, 1.0 + t0 * t0, 1.0, nu, K, N, w + S);
}

/* The kernel prefix _dnx_ of _DN_EXPR_EXEC: K, N, M = S - 1 and the scratch w are those
 * of dn_expr_evalk's loop (the _w names drop _DN_EXPR_EXEC's scratch argument). Linear operations on the flat array, the others by kernelk.h. */
#define _dnx_set_const(d, c, n) _dn_set_const(d, c, M)
#define _dnx_add(d, a, b, n) _dn_add(d, a, b, M)
#define _dnx_sub(d, a, b, n) _dn_sub(d, a, b, M)
#define _dnx_neg(d, a, n) _dn_neg(d, a, M)
#define _dnx_add_d(d, a, c, n) _dn_add_d(d, a, c, M)
#define _dnx_mul_d(d, a, c, n) _dn_mul_d(d, a, c, M)
#define _dnx_d_div_w(d, c, a, n, ...) _dnk_d_div(d, c, a, K, N, w)
#define _dnx_pown_w(d, a, m, n, ...) _dnk_pown(d, a, m, K, N, w)
#define _dnx_pow_d_w(d, a, p, n, ...) _dnk_pow_d(d, a, p, K, N, w)
#define _DNX_BIN(f) _dnk_##f(d, a, b, K, N, w)
#define _dnx_mul_w(d, a, b, n, ...) _DNX_BIN(mul)
#define _dnx_div_w(d, a, b, n, ...) _DNX_BIN(div)
#define _dnx_pow_w(d, a, b, n, ...) _DNX_BIN(pow)
#define _dnx_atan2_w(d, a, b, n, ...) _DNX_BIN(atan2)
#define _dnx_hypot_w(d, a, b, n, ...) _DNX_BIN(hypot)
#define _DNX_UN(f) _dnk_##f(d, a, K, N, w)
#define _dnx_exp_w(d, a, n, ...) _DNX_UN(exp)
#define _dnx_expm1_w(d, a, n, ...) _DNX_UN(expm1)
#define _dnx_log_w(d, a, n, ...) _DNX_UN(log)
#define _dnx_log1p_w(d, a, n, ...) _DNX_UN(log1p)
#define _dnx_sqrt_w(d, a, n, ...) _DNX_UN(sqrt)
#define _dnx_cbrt_w(d, a, n, ...) _DNX_UN(cbrt)
#define _dnx_sin_w(d, a, n, ...) _DNX_UN(sin)
#define _dnx_cos_w(d, a, n, ...) _DNX_UN(cos)
#define _dnx_tan_w(d, a, n, ...) _DNX_UN(tan)
#define _dnx_asin_w(d, a, n, ...) _DNX_UN(asin)
#define _dnx_acos_w(d, a, n, ...) _DNX_UN(acos)
#define _dnx_atan_w(d, a, n, ...) _DNX_UN(atan)
#define _dnx_sinh_w(d, a, n, ...) _DNX_UN(sinh)
#define _dnx_cosh_w(d, a, n, ...) _DNX_UN(cosh)
#define _dnx_tanh_w(d, a, n, ...) _DNX_UN(tanh)
#define _dnx_asinh_w(d, a, n, ...) _DNX_UN(asinh)
#define _dnx_acosh_w(d, a, n, ...) _DNX_UN(acosh)
#define _dnx_atanh_w(d, a, n, ...) _DNX_UN(atanh)
#define _dnx_erf_w(d, a, n, ...) _DNX_UN(erf)
#define _dnx_erfc_w(d, a, n, ...) _DNX_UN(erfc)
#define _dnx_abs(d, a, n) _DNX_UN(abs)
/* the special functions: composed */
#define _DNX_SP(d, a, m) compose_special(d, a, op, m, K, N, w)
#define _dnx_lgamma_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_tgamma_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_digamma_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_lambertw_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_lambertwm1_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_erfinv_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_erfcinv_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_j0_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_j1_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_y0_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_y1_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_log2_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_log10_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_exp2_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_sinc_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_cot_w(d, a, n, ...) cot_k(d, a, K, N, w)
#define _dnx_sinpi_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_cospi_w(d, a, n, ...) _DNX_SP(d, a, 0)
#define _dnx_polygamma_w(d, a, m, n, ...) _DNX_SP(d, a, m)
#define _dnx_jn_w(d, a, m, n, ...) _DNX_SP(d, a, m)
#define _dnx_yn_w(d, a, m, n, ...) _DNX_SP(d, a, m)
/* the piecewise functions: flat */
#define _dnx_floor_w(d, a, n, ...) _dn_floor_w(d, a, M, w)
#define _dnx_ceil_w(d, a, n, ...) _dn_ceil_w(d, a, M, w)
#define _dnx_min_w(d, a, b, n, ...) _dn_min_w(d, a, b, M, w)
#define _dnx_max_w(d, a, b, n, ...) _dn_max_w(d, a, b, M, w)
#define _dnx_fmod_w(d, a, b, n, ...) _dn_fmod_w(d, a, b, M, w)

void _dn_expr_stepk(unsigned op, double *d, const double *a, const double *b, double c,
                    unsigned K, unsigned N, double *w)
{
    const unsigned M = (unsigned)(_dnk_size(K, N) - 1);
    _DN_EXPR_EXEC(_dnx_, op, d, a, b, c, N, w, )
}

int dn_expr_evalk(const dn_expr *e, unsigned k, unsigned n, const double *args, double *out,
                  double *work)
{
    if (!e || !out || !work || (e->nvars && !args) || k == 0) return DN_EINVAL;
    size_t S = k <= DN_EXPR_MAX_VARSK ? dnk_size(k, n) : 0;
    if (S == 0) return DN_ERANGE;
    double *t = work + (size_t)e->nregs * S, *w = t + S;
    if (e->nvars) memcpy(work, args, e->nvars * S * sizeof(double));
    for (const dn_expr_ins *i = e->ins, *end = i + e->nins; i != end; i++) {
        _dn_expr_stepk(i->op, t, work + i->a * S, work + i->b * S, i->c, k, n, w);
        memcpy(work + i->dst * S, t, S * sizeof(double));
    }
    memmove(out, work + e->result * S, S * sizeof(double));
    return DN_OK;
}
