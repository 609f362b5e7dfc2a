/* One instruction of the expression evaluator on multivariate numbers (dni_expr_stepk):
 * the kernel dispatch on the Dnumk layout (every mixed partial of k variables to total
 * order n, as Taylor coefficients in graded order, kernelk.h), at run-time k and n, shared
 * by the evaluator (expr_evalk.c), its error bounds (expr_err.c) and the dnk_* functions of
 * the special functions (dnumk.c).
 *
 * The elementary functions run their kernelk.h kernels; the special functions of
 * kernel_special.h (which Dnumk has no kernels of) compose their point series at the
 * value u_0, taken from the one-variable kernel at the seed (u_0, 1, 0, ...), with the
 * argument (dnik_tcompose, about n block products), as Dnum2 composes them; the piecewise
 * functions (floor, ceil, min, max, fmod) act on the flat array as in every family. */
#include <string.h>
#define DN_NO_UNROLL /* run-time k and n: the kernels stay rolled loops */
#include "dnum/internal/kernelk.h"
#include "dnum/dnumk.h"
#include "expr_impl.h"

#if defined(__GNUC__) && !defined(__clang__)
/* the same GCC 12 false positive as in inlines.c (rolled exp recurrence) */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

/* t = f(u) for the one-argument function op of kernel_special.h (m: the integer first
 * argument of polygamma, jn, yn): its derivatives at u_0 from the one-variable kernel,
 * composed with u. ws: 5 S doubles. */
#define DNIX_CASE1(A, f, OP, ...) case DN_OP_##OP: dni_##f##_w(dh, seed, N, sws); break;
#define DNIX_CASEI(A, f, OP, ...) case DN_OP_##OP: dni_##f##_w(dh, seed, (int)m, N, sws); break;

static void compose_special(double *t, const double *u, unsigned op, double m, unsigned K,
                            unsigned N, double *ws)
{
    double seed[DNK_ORDER_MAX + 1] = {u[0]}, dh[DNK_ORDER_MAX + 1];
    double sws[DNI_W_polygamma(DNK_ORDER_MAX)]; /* the 1-D kernels' scratch (the most) */
    if (N >= 1) seed[1] = 1.0;
    switch (op) {
        DNI_OPS_SPECIAL1(DNIX_CASE1, ~) /* (the piecewise ones do not come here) */
        DNI_OPS_INT(DNIX_CASEI, ~)
    default: /* not reached: only the special functions come here */
        for (unsigned k = 0; k <= N; k++) dh[k] = NAN;
    }
    dnik_tcompose(t, dh, u, K, N, ws);
}

/* cot(u): the tan recurrence on -u (cot' = -(1 + cot^2) u') from the value cos/sin, as
 * the one- and two-variable kernels (composing cot's point series lost a factor 10 near its
 * pole); the pole u0 = 0 by the composition (the pole rule). Scratch: 3 S of DNIK_WORK. */
static void cot_k(double *t, const double *u, unsigned K, unsigned N, double *w)
{
    if (u[0] == 0.0) {
        compose_special(t, u, DN_OP_COT, 0.0, K, N, w);
        return;
    }
    size_t S = dnik_size(K, N);
    double *nu = w, t0 = cos(u[0]) / sin(u[0]);
    for (size_t e = 0; e < S; e++) nu[e] = -u[e];
    dnik_ttan(t, t0, 1.0 + t0 * t0, 1.0, nu, K, N, w + S);
}

/* The kernel prefix dnix_ of DNI_EXPR_EXEC: K, N, M = S - 1 and the scratch w are those
 * of dn_expr_evalk's loop (the _w names drop DNI_EXPR_EXEC's scratch argument). Linear operations on the flat array, the others by kernelk.h. */
#define dnix_set_const(d, c, n) dni_set_const(d, c, M)
#define dnix_add(d, a, b, n) dni_add(d, a, b, M)
#define dnix_sub(d, a, b, n) dni_sub(d, a, b, M)
#define dnix_neg(d, a, n) dni_neg(d, a, M)
#define dnix_add_d(d, a, c, n) dni_add_d(d, a, c, M)
#define dnix_mul_d(d, a, c, n) dni_mul_d(d, a, c, M)
#define dnix_d_div_w(d, c, a, n, ...) dnik_d_div(d, c, a, K, N, w)
#define dnix_pown_w(d, a, m, n, ...) dnik_pown(d, a, m, K, N, w)
#define dnix_pow_d_w(d, a, p, n, ...) dnik_pow_d(d, a, p, K, N, w)
#define DNIX_BIN(f) dnik_##f(d, a, b, K, N, w)
#define dnix_mul_w(d, a, b, n, ...) DNIX_BIN(mul)
#define dnix_div_w(d, a, b, n, ...) DNIX_BIN(div)
#define dnix_pow_w(d, a, b, n, ...) DNIX_BIN(pow)
#define dnix_atan2_w(d, a, b, n, ...) DNIX_BIN(atan2)
#define dnix_hypot_w(d, a, b, n, ...) DNIX_BIN(hypot)
#define DNIX_UN(f) dnik_##f(d, a, K, N, w)
#define dnix_exp_w(d, a, n, ...) DNIX_UN(exp)
#define dnix_expm1_w(d, a, n, ...) DNIX_UN(expm1)
#define dnix_log_w(d, a, n, ...) DNIX_UN(log)
#define dnix_log1p_w(d, a, n, ...) DNIX_UN(log1p)
#define dnix_sqrt_w(d, a, n, ...) DNIX_UN(sqrt)
#define dnix_cbrt_w(d, a, n, ...) DNIX_UN(cbrt)
#define dnix_sin_w(d, a, n, ...) DNIX_UN(sin)
#define dnix_cos_w(d, a, n, ...) DNIX_UN(cos)
#define dnix_tan_w(d, a, n, ...) DNIX_UN(tan)
#define dnix_asin_w(d, a, n, ...) DNIX_UN(asin)
#define dnix_acos_w(d, a, n, ...) DNIX_UN(acos)
#define dnix_atan_w(d, a, n, ...) DNIX_UN(atan)
#define dnix_sinh_w(d, a, n, ...) DNIX_UN(sinh)
#define dnix_cosh_w(d, a, n, ...) DNIX_UN(cosh)
#define dnix_tanh_w(d, a, n, ...) DNIX_UN(tanh)
#define dnix_asinh_w(d, a, n, ...) DNIX_UN(asinh)
#define dnix_acosh_w(d, a, n, ...) DNIX_UN(acosh)
#define dnix_atanh_w(d, a, n, ...) DNIX_UN(atanh)
#define dnix_erf_w(d, a, n, ...) DNIX_UN(erf)
#define dnix_erfc_w(d, a, n, ...) DNIX_UN(erfc)
#define dnix_abs(d, a, n) DNIX_UN(abs)
/* the special functions: composed */
#define DNIX_SP(d, a, m) compose_special(d, a, op, m, K, N, w)
#define dnix_lgamma_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_tgamma_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_digamma_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_lambertw_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_lambertwm1_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_erfinv_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_erfcinv_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_j0_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_j1_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_y0_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_y1_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_log2_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_log10_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_exp2_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_sinc_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_cot_w(d, a, n, ...) cot_k(d, a, K, N, w)
#define dnix_sinpi_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_cospi_w(d, a, n, ...) DNIX_SP(d, a, 0)
#define dnix_polygamma_w(d, a, m, n, ...) DNIX_SP(d, a, m)
#define dnix_jn_w(d, a, m, n, ...) DNIX_SP(d, a, m)
#define dnix_yn_w(d, a, m, n, ...) DNIX_SP(d, a, m)
/* the piecewise functions: flat */
#define dnix_floor_w(d, a, n, ...) dni_floor_w(d, a, M, w)
#define dnix_ceil_w(d, a, n, ...) dni_ceil_w(d, a, M, w)
#define dnix_min_w(d, a, b, n, ...) dni_min_w(d, a, b, M, w)
#define dnix_max_w(d, a, b, n, ...) dni_max_w(d, a, b, M, w)
#define dnix_fmod_w(d, a, b, n, ...) dni_fmod_w(d, a, b, M, w)

void dni_expr_stepk(unsigned op, double *d, const double *a, const double *b, double c,
                    unsigned K, unsigned N, double *w)
{
    const unsigned M = (unsigned)(dnik_size(K, N) - 1);
    DNI_EXPR_EXEC(dnix_, op, d, a, b, c, N, w, )
}
