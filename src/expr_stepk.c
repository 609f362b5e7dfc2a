/* One instruction of the expression evaluator on multivariate numbers (_dn_expr_stepk):
 * the kernel dispatch on the Dnumk layout (every mixed partial of k variables to total
 * order n, as Taylor coefficients in graded order, kernelk.h), at run-time k and n, shared
 * by the evaluator (expr_evalk.c), its error bounds (expr_err.c) and the dnk_* functions of
 * the special functions (dnumk.c).
 *
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

/* t = f(u) for the one-argument function op of kernel_special.h (m: the integer first
 * argument of polygamma, jn, yn): its derivatives at u_0 from the one-variable kernel,
 * composed with u. ws: 5 S doubles. */
#define _DNX_CASE1(A, f, OP, ...) case DN_OP_##OP: _dn_##f##_w(dh, seed, N, sws); break;
#define _DNX_CASEI(A, f, OP, ...) case DN_OP_##OP: _dn_##f##_w(dh, seed, (int)m, N, sws); break;

static void compose_special(double *t, const double *u, unsigned op, double m, unsigned K,
                            unsigned N, double *ws)
{
    double seed[DNK_ORDER_MAX + 1] = {u[0]}, dh[DNK_ORDER_MAX + 1];
    double sws[_DN_W_polygamma(DNK_ORDER_MAX)]; /* the 1-D kernels' scratch (the most) */
    if (N >= 1) seed[1] = 1.0;
    switch (op) {
        DNI_OPS_SPECIAL1(_DNX_CASE1, ~) /* (the piecewise ones do not come here) */
        DNI_OPS_INT(_DNX_CASEI, ~)
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
