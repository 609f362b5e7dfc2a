/* dnum/internal/kernelk_func.h -- the functions of the multivariate kernels, one per
 * operation: dnik_set_var, dnik_mul, dnik_div ... dnik_erfc, dnik_abs, dnik_apply (each
 * but mul, abs and apply the plain recurrence dnik_<f>_plain inside the range rerun of
 * kernelk_range.h; sin, cos, sinh, cosh one result of a pair, DNIK_ONE).
 * Part of dnum/internal/kernelk.h (internal, not API-stable): included by it, never alone. */
#ifndef DNUM_KERNELK_H
#error                                                                                     \
    "dnum/internal/kernelk_func.h is a part of dnum/internal/kernelk.h: include that instead"
#endif

/* ------------------------------------------------------------------------------------ */
/* Functions (Taylor coefficients; r must not overlap an input; scratch w: DNIK_WORK(S)).  */

#if !DNI_LANE_BODY /* scalar code (double only) */
/** r = the variable number i (0-based) at x: value x, coefficient 1 for h_i, rest 0
 *  (i >= K: the constant x). */
static inline void dnik_set_var(double *r, unsigned i, double x, unsigned K, unsigned N)
{
    dni_set_const(r, x, (unsigned)dnik_size(K, N) - 1);
    if (N >= 1 && i < K) r[1 + i] = 1.0;
}
#endif /* !DNI_LANE_BODY */

/** r = a * b. */
static inline void DNIK_K(mul)(DNI_R *restrict r, const DNI_R *a, const DNI_R *b,
                               unsigned K, unsigned N, DNI_R *restrict w)
{
    (void)w;
    DNIK_K(tmul)(r, a, b, K, N);
}

/** r = a / b; b_0 = 0 gives Inf/NaN as floating-point division. */
DNIK_INLINE void DNIK_K(div_plain)(DNI_R *restrict r, const DNI_R *a, const DNI_R *b,
                                   unsigned K, unsigned N, DNI_R *restrict w)
{
    (void)w;
    if (DNI_RARE(b[0] == 0.0)) DNIK_K(sing)(r, a, b, 0, dni_div_w, 0, 0.0, K, N);
    else DNIK_K(tdiv)(r, a, b, K, N);
}
DNIK_RANGED_B(div)

/** r = c / b. */
DNIK_INLINE void DNIK_K(d_div_plain)(DNI_R *restrict r, double c, const DNI_R *b,
                                     unsigned K, unsigned N, DNI_R *restrict w)
{
    DNI_K(set_const)(w, DNI_V(c), (unsigned)dnik_size(K, N) - 1);
    if (DNI_RARE(b[0] == 0.0)) DNIK_K(sing)(r, w, b, 0, dni_div_w, 0, 0.0, K, N);
    else DNIK_K(tdiv)(r, w, b, K, N);
}
DNIK_RANGED_C(d_div)

/** r = exp(u). */
DNIK_INLINE void DNIK_K(exp_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                   unsigned N, DNI_R *restrict w)
{
    DNIK_K(texp)(r, DNI_M(exp)(u[0]), u, K, N, w);
}
DNIK_RANGED_U(exp)

/** r = expm1(u), accurate value for small u_0. */
DNIK_INLINE void DNIK_K(expm1_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                     unsigned N, DNI_R *restrict w)
{
    DNI_R em1 = DNI_M(expm1)(u[0]); /* exp(u0) as dni_expm1_w takes it */
    DNIK_K(texp)(r, DNI_SEL(u[0] < -0.5, DNI_M(exp)(u[0]), em1 + 1.0), u, K, N, w);
    r[0] = em1;
}
DNIK_RANGED_U(expm1)

/** r = log(u); u_0 = 0 gives -Inf and Inf/NaN, u_0 < 0 NaN. */
DNIK_INLINE void DNIK_K(log_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                   unsigned N, DNI_R *restrict w)
{
    if (DNI_RARE(u[0] == 0.0)) DNIK_K(sing)(r, u, 0, dnik_1d_log, 0, 0, 0.0, K, N);
    else DNIK_K(tinteg_div)(r, DNI_M(log)(u[0]), u, u, K, N, w);
}
DNIK_RANGED_U(log)

/** r = log1p(u), accurate value for small u_0. */
DNIK_INLINE void DNIK_K(log1p_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                     unsigned N, DNI_R *restrict w)
{
    size_t S = dnik_size(K, N);
    DNI_R v = DNI_M(log1p)(u[0]);
    if (DNI_RARE(u[0] == -1.0)) {
        DNIK_K(sing)(r, u, 0, dnik_1d_log1p, 0, 0, 0.0, K, N);
        return;
    }
    for (size_t e = 0; e < S; e++) w[e] = u[e];
    w[0] = 1.0 + u[0];
    DNIK_K(tinteg_div)(r, v, u, w, K, N, w + S);
}
DNIK_RANGED_U(log1p)

/** r = sqrt(u); u_0 = 0 gives Inf first partials. */
DNIK_INLINE void DNIK_K(sqrt_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                    unsigned N, DNI_R *restrict w)
{
    (void)w;
    if (DNI_RARE(u[0] == 0.0)) DNIK_K(sing)(r, u, 0, dni_sqrt_w, 0, 0, 0.0, K, N);
    else DNIK_K(tsqrt)(r, DNI_M(sqrt)(u[0]), u, K, N);
}
DNIK_RANGED_U(sqrt)

/** r = u^m for an integer m by binary powering (m < 0: one division; at u_0 = 0 the pole
 *  rule), scaled to libm's value pow(u_0, m) as the univariate dni_pown. (On lanes the
 *  scaled path of a large |u_0|, below, is a rare lane.) */
DNIK_INLINE void DNIK_K(pown_plain)(DNI_R *restrict r, const DNI_R *u, long m, unsigned K,
                                    unsigned N, DNI_R *restrict w)
{
    const size_t S = dnik_size(K, N);
    DNI_R f0 = DNI_M(pow)(u[0], (double)m);
    if (DNI_RARE(m < 0 && u[0] == 0.0)) {
        DNIK_K(sing)(r, u, 0, 0, 0, dni_pow_d_w, (double)m, K, N);
        return;
    }
    DNI_R *tb = w, *tp = w + S, *tt = w + 2 * S;
    double sc = 1.0;
    unsigned long e = m < 0 ? 0UL - (unsigned long)m : (unsigned long)m;
#if !DNI_LANE_BODY
    double bm = 0.0;
    /* for |u_0| >= 2^500 / |m| (x^-2 at 1e200: x^2 overflows, and 0 * Inf made NaN of
     * every partial), the powers of u scaled down to unit size, and the result scaled back
     * exactly: (2^-b u)^m 2^(b m) (scaling up a small u_0 would overflow its other
     * coefficients; its powers underflow harmlessly, or the result overflows rightly) */
    if (fabs(u[0]) >= 2.0 && fabs(u[0]) <= DBL_MAX) {
        int b = ilogb(u[0]);
        bm = (double)b * (double)m;
        if (fabs(bm) > 500.0) sc = ldexp(1.0, -b);
        else bm = 0.0;
    }
#endif
    for (size_t i = 0; i < S; i++) tb[i] = u[i] * sc;
    DNI_K(set_const)(tp, DNI_V(1.0), (unsigned)S - 1);
    while (e) {
        if (e & 1UL) {
            DNIK_K(tmul)(tt, tp, tb, K, N);
            for (size_t i = 0; i < S; i++) tp[i] = tt[i];
        }
        e >>= 1;
        if (e) {
            DNIK_K(tmul)(tt, tb, tb, K, N);
            for (size_t i = 0; i < S; i++) tb[i] = tt[i];
        }
    }
    if (m < 0) {
        DNI_K(set_const)(tb, DNI_V(1.0), (unsigned)S - 1);
        DNIK_K(tdiv)(r, tb, tp, K, N);
    } else {
        for (size_t i = 0; i < S; i++) r[i] = tp[i];
    }
#if !DNI_LANE_BODY
    if (bm != 0.0) {
        int x = bm > 4096.0 ? 4096 : bm < -4096.0 ? -4096 : (int)bm;
        for (size_t i = 0; i < S; i++) r[i] = ldexp(r[i], x);
    }
    if (r[0] != f0 && isfinite(f0) && f0 != 0.0 && isfinite(r[0]) && r[0] != 0.0) {
        double c = f0 / r[0];
        for (size_t i = 1; i < S; i++) r[i] *= c;
    }
#else /* the same test lane by lane: a factor 1 (exact) in the other lanes */
    dn_lmask fix = (dn_lmask)(r[0] != f0) & DNI_ISFINITE(f0) & (dn_lmask)(f0 != 0.0) &
                   DNI_ISFINITE(r[0]) & (dn_lmask)(r[0] != 0.0);
    if (DNI_ANY(fix)) {
        DNI_R c = DNI_SEL(fix, f0 / r[0], DNI_V(1.0));
        for (size_t i = 1; i < S; i++) r[i] *= c;
    }
#endif
    r[0] = f0;
}
DNIK_RANGED_L(pown)

#if !DNI_LANE_BODY /* scalar code (double only) */
/** r = u^p for a real constant p: integer p (|p| < 2^31) by dnik_pown; else u_0 < 0 gives
 *  NaN, u_0 = 0 gives 0 below order p and Inf/NaN above. */
DNIK_INLINE void dnik_pow_d_plain(double *restrict r, const double *u, double p, unsigned K,
                                  unsigned N, double *restrict w)
{
    if (p == floor(p) && fabs(p) < -(double)LONG_MIN)
        dnik_pown_plain(r, u, (long)p, K, N, w);
    else if (u[0] == 0.0) dnik_sing(r, u, 0, 0, 0, dni_pow_d_w, p, K, N);
    else dnik_tpow(r, pow(u[0], p), p, u, K, N, w);
}
DNIK_RANGED_P(pow_d)

/** r = cbrt(u), the real cube root (negative u_0 allowed); u_0 = 0 gives Inf slopes. */
DNIK_INLINE void dnik_cbrt_plain(double *restrict r, const double *u, unsigned K,
                                 unsigned N, double *restrict w)
{
    if (u[0] == 0.0) dnik_sing(r, u, 0, dni_cbrt_w, 0, 0, 0.0, K, N);
    else dnik_tpow(r, cbrt(u[0]), 1.0 / 3.0, u, K, N, w);
}
DNIK_RANGED_U(cbrt)

/** r = a^b, both dual: exp(b log a) with value pow(a_0, b_0); needs a_0 > 0. */
DNIK_INLINE void dnik_pow_plain(double *restrict r, const double *a, const double *b,
                                unsigned K, unsigned N, double *restrict w)
{
    const size_t S = dnik_size(K, N);
    double *tl = w, *tp = w + S, v = pow(a[0], b[0]);
    dnik_tinteg_div(tl, log(a[0]), a, a, K, N, w + 2 * S);
    dnik_tmul(tp, b, tl, K, N);
    if ((v == 0.0 || isinf(v)) && a[0] > 0.0 && fabs(tp[0]) <= DBL_MAX) {
        /* a value beyond the range, whose partials need not be: the recurrence (linear in
         * the value) from exp(t_0 - L ln 2), L the integer nearest t_0 / ln 2, scaled by 2^L
         * (as dnik_tpow_out; the range rerun where log's coefficients overflow) */
        double L = nearbyint(tp[0] / 0.69314718055994530942);
        int n = L > 4096.0 ? 4096 : L < -4096.0 ? -4096 : (int)L;
        dnik_texp(r, exp(fma(-L, 0.69314718055994530942, tp[0])), tp, K, N, w);
        for (size_t e = 0; e < S; e++) r[e] = ldexp(r[e], n);
        r[0] = v;
        return;
    }
    dnik_texp(r, v, tp, K, N, w);
}
DNIK_RANGED_B(pow)
#endif /* !DNI_LANE_BODY */

/** s = sin(u), c = cos(u) from one recurrence. */
DNIK_INLINE void DNIK_K(sincos_plain)(DNI_R *restrict s, DNI_R *restrict c, const DNI_R *u,
                                      unsigned K, unsigned N, DNI_R *restrict w)
{
    DNI_R sv, cv;
    DNI_SINCOS_V(u[0], sv, cv);
    DNIK_K(tsincos)(s, c, sv, cv, -1.0, u, K, N, w);
}
DNIK_RANGED_S(sincos)

/** s = sinh(u), c = cosh(u) from one recurrence. */
DNIK_INLINE void DNIK_K(sinhcosh_plain)(DNI_R *restrict s, DNI_R *restrict c,
                                        const DNI_R *u, unsigned K, unsigned N,
                                        DNI_R *restrict w)
{
    DNI_R ch = DNI_M(cosh)(u[0]);
#if !DNI_LANE_BODY   /* (on lanes: a rare lane, |u_0| >= 710) */
    if (isinf(ch)) { /* overflowed values: from +-1 and 1, scaled at the end (as dnik_texp),
                      * so that the partials are +-Inf instead of the NaN of Inf * 0 */
        const size_t S = dnik_size(K, N);
        DNIK_K(tsincos)(s, c, copysign(1.0, u[0]), 1.0, 1.0, u, K, N, w);
        for (size_t e = 0; e < S; e++) s[e] *= ch, c[e] *= ch;
        return;
    }
#endif
    DNIK_K(tsincos)(s, c, DNI_M(sinh)(u[0]), ch, 1.0, u, K, N, w);
}
DNIK_RANGED_S(sinhcosh)

/* r = one result (first: s, else c) of the pair kernel dnik_##pair; the other goes to scratch */
#define DNIK_ONE(name, pair, first)                                                        \
    DNIK_INLINE void DNIK_K(name##_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,   \
                                          unsigned N, DNI_R *restrict w)                   \
    {                                                                                      \
        DNI_R *o = w, *ws = w + dnik_size(K, N);                                           \
        DNIK_K(pair##_plain)(first ? r : o, first ? o : r, u, K, N, ws);                   \
    }                                                                                      \
    DNIK_RANGED_U(name)
/** r = sin(u), cos(u), sinh(u), cosh(u). */
DNIK_ONE(sin, sincos, 1)
DNIK_ONE(cos, sincos, 0)
DNIK_ONE(sinh, sinhcosh, 1)
DNIK_ONE(cosh, sinhcosh, 0)

/** r = tan(u). */
DNIK_INLINE void DNIK_K(tan_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                   unsigned N, DNI_R *restrict w)
{
    DNI_R t0 = DNI_M(tan)(u[0]);
    DNIK_K(ttan)(r, t0, 1.0 + t0 * t0, 1.0, u, K, N, w);
}
DNIK_RANGED_U(tan)

/** r = tanh(u); 1 - tanh^2 = 1/cosh^2 keeps large |u_0| finite. */
DNIK_INLINE void DNIK_K(tanh_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                    unsigned N, DNI_R *restrict w)
{
    DNI_R ch = DNI_M(cosh)(u[0]);
    DNIK_K(ttan)(r, DNI_M(tanh)(u[0]), 1.0 / (ch * ch), -1.0, u, K, N, w);
}
DNIK_RANGED_U(tanh)

/* w = sg (sc^2 - u^2) (sg = +1) or u^2 - sc^2 (sg = -1), or sc^2 + u^2 (sg = 0), optionally
 * its square root (root != 0); the value of sc^2 - u^2 as a product of two factors for
 * accuracy. Scratch sq of S doubles. */
static inline void DNIK_K(tsq_shift)(DNI_R *restrict w, const DNI_R *restrict u, double sg,
                                     double sc, int root, unsigned K, unsigned N,
                                     DNI_R *restrict sq)
{
    const size_t S = dnik_size(K, N);
    DNIK_K(tmul)(sq, u, u, K, N);
    if (sg == 0.0) {
        sq[0] += sc * sc;
    } else {
        sq[0] = sg * (sc - u[0]) * (sc + u[0]) + 0.0; /* + 0.0: +0 at the branch point */
        for (size_t e = 1; e < S; e++) sq[e] = -sg * sq[e];
    }
    if (root)
        DNIK_K(tsqrt)(w, sg == 0.0 ? DNI_M(hypot)(sc, u[0]) : DNI_M(sqrt)(sq[0]), sq, K, N);
    else
        for (size_t e = 0; e < S; e++) w[e] = sq[e];
}

#if !DNI_LANE_BODY /* scalar code (double only) */
/* dnik_integ_sq for |u_0| >= 2^500, where u^2 may overflow: on u scaled by sc, a power of 2,
 * to unit size; theta u and w scaled alike (by sc^2, or by sc for the root) */
DNI_COLD static void dnik_integ_sq_big(double *restrict r, double f0, const double *u,
                                       double sg, int root, unsigned K, unsigned N,
                                       double *restrict w)
{
    const size_t S = dnik_size(K, N);
    double *us = w + S, sc = dnik_unit(u[0]);
    for (size_t e = 0; e < S; e++) us[e] = u[e] * sc;
    dnik_tsq_shift(w, us, sg, sc, root, K, N, w + 2 * S);
    if (!root)
        for (size_t e = 0; e < S; e++) us[e] *= sc;
    dnik_tinteg_div(r, f0, us, w, K, N, w + 2 * S);
}
#endif /* !DNI_LANE_BODY */

/* r = f0 + integral of theta u / w(u), w from dnik_tsq_shift(sg, 1, root); scratch 4 S */
static inline void DNIK_K(integ_sq)(DNI_R *restrict r, DNI_R f0, const DNI_R *u, double sg,
                                    int root, unsigned K, unsigned N, DNI_R *restrict w)
{
    const size_t S = dnik_size(K, N);
#if !DNI_LANE_BODY /* (on lanes: a rare lane) */
    if (fabs(u[0]) >= 0x1p500 && fabs(u[0]) <= DBL_MAX) {
        dnik_integ_sq_big(r, f0, u, sg, root, K, N, w);
        return;
    }
#endif
    DNIK_K(tsq_shift)(w, u, sg, 1.0, root, K, N, w + S);
    DNIK_K(tinteg_div)(r, f0, u, w, K, N, w + S);
}

/** r = asin(u); |u_0| > 1 gives NaN, |u_0| = 1 Inf partials. */
DNIK_INLINE void DNIK_K(asin_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                    unsigned N, DNI_R *restrict w)
{
    if (DNI_RARE(fabs(u[0]) == 1.0)) DNIK_K(sing)(r, u, 0, dnik_1d_asin, 0, 0, 0.0, K, N);
    else DNIK_K(integ_sq)(r, DNI_M(asin)(u[0]), u, 1.0, 1, K, N, w);
}
DNIK_RANGED_U(asin)

/** r = acos(u) = pi/2 - asin(u) (value from acos). */
DNIK_INLINE void DNIK_K(acos_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                    unsigned N, DNI_R *restrict w)
{
    DNIK_K(asin_plain)(r, u, K, N, w);
    DNI_K(neg)(r, r, (unsigned)dnik_size(K, N) - 1);
    r[0] = DNI_M(acos)(u[0]);
}
DNIK_RANGED_U(acos)

/** r = atanh(u); |u_0| = 1 gives Inf, |u_0| > 1 NaN. */
DNIK_INLINE void DNIK_K(atanh_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                     unsigned N, DNI_R *restrict w)
{
    if (DNI_RARE(fabs(u[0]) == 1.0)) DNIK_K(sing)(r, u, 0, dnik_1d_atanh, 0, 0, 0.0, K, N);
    else DNIK_K(integ_sq)(r, DNI_M(atanh)(u[0]), u, 1.0, 0, K, N, w);
}
DNIK_RANGED_U(atanh)

/** r = acosh(u); u_0 < 1 gives NaN, u_0 = 1 Inf partials. */
DNIK_INLINE void DNIK_K(acosh_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                     unsigned N, DNI_R *restrict w)
{
    if (DNI_RARE(u[0] == 1.0)) DNIK_K(sing)(r, u, 0, dnik_1d_acosh, 0, 0, 0.0, K, N);
    else DNIK_K(integ_sq)(r, DNI_M(acosh)(u[0]), u, -1.0, 1, K, N, w);
}
DNIK_RANGED_U(acosh)

/** r = atan(u). */
DNIK_INLINE void DNIK_K(atan_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                    unsigned N, DNI_R *restrict w)
{
    DNIK_K(integ_sq)(r, DNI_M(atan)(u[0]), u, 0.0, 0, K, N, w);
}
DNIK_RANGED_U(atan)

/** r = asinh(u). */
DNIK_INLINE void DNIK_K(asinh_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                     unsigned N, DNI_R *restrict w)
{
    DNIK_K(integ_sq)(r, DNI_M(asinh)(u[0]), u, 0.0, 1, K, N, w);
}
DNIK_RANGED_U(asinh)

#if !DNI_LANE_BODY /* scalar code (double only) */
/** r = atan2(y, x) (C argument order): integral of (x theta y - y theta x) / (x^2 + y^2),
 *  value atan2(y_0, x_0); (0, 0) gives NaN partials. The quotient is that of x and y
 *  scaled by a power of 2 to unit size (exactly the same), so that the squares of large
 *  or tiny arguments neither overflow nor underflow. */
DNIK_INLINE void dnik_atan2_plain(double *restrict r, const double *y, const double *x,
                                  unsigned K, unsigned N, double *restrict w)
{
    const size_t S = dnik_size(K, N);
    double *ys = w, *xs = w + S, *dy = w + 2 * S, *dx = w + 3 * S, *num = w + 4 * S;
    double *den = w + 5 * S, sc = dnik_unit(fmax(fabs(y[0]), fabs(x[0])));
    for (size_t e = 0; e < S; e++) ys[e] = y[e] * sc, xs[e] = x[e] * sc;
    dnik_ttheta(dy, ys, K, N);
    dnik_ttheta(dx, xs, K, N);
    dnik_tmul(num, xs, dy, K, N);
    dnik_tmul(den, ys, dx, K, N);
    for (size_t e = 0; e < S; e++) num[e] -= den[e];
    dnik_tmul(den, xs, xs, K, N);
    dnik_tmul(dx, ys, ys, K, N);
    for (size_t e = 0; e < S; e++) den[e] += dx[e];
    dnik_tdiv0(dy, num, den, K, N);
    dnik_tinteg(r, atan2(y[0], x[0]), dy, K, N);
}
DNIK_RANGED_B(atan2)

DNIK_INLINE void dnik_hypot_plain(double *restrict r, const double *a, const double *b,
                                  unsigned K, unsigned N, double *restrict w);

/* hypot for r_0 = h < 2^-500 (the cold path of dnik_hypot_plain, for a subnormal h or
 * partials below 2^300 h): the recurrence on a and
 * b scaled to unit size, entry alpha by 2^-(m + g.alpha) (dnik_far_exponents), and
 * its result scaled back. Unscaled, 1 / (2 h) overflows for a subnormal h (NaN partials
 * of hypot(x, 2y + x^2) at x, y = 1e-310), and the products of the partials underflow
 * where the range rerun has scaled the variables down; the rerun scales the variables,
 * never the value. Returns 0 where the values are 0 (nothing written). Scratch of 4 S. */
DNI_COLD static int dnik_hypot_far(double *restrict r, const double *a, const double *b,
                                   unsigned K, unsigned N, double *restrict w)
{
    const size_t S = dnik_size(K, N);
    int m, g[DNK_VARS_MAX];
    if (!dnik_far_exponents(a, b, K, N, &m, g)) return 0;
    double h = hypot(a[0], b[0]);
    dnik_scale_far(w, a, m, g, -1, K, N);
    dnik_scale_far(w + S, b, m, g, -1, K, N);
    dnik_hypot_plain(r, w, w + S, K, N, w + 2 * S); /* (a value near 1: no recursion) */
    dnik_scale_far(r, r, m, g, 1, K, N);
    r[0] = h;
    return 1;
}

/** r = hypot(a, b) = sqrt(a^2 + b^2), value hypot(a_0, b_0); (0, 0) gives NaN. From
 *  r r = a a + b b, with the terms of the value by the unit vector (c_a, c_b) = (a_0, b_0) /
 *  r_0: r_k = c_a a_k + c_b b_k + (sum_{j=1..k-1} a_j a_{k-j} + b_j b_{k-j} - r_j r_{k-j})
 *  / (2 r_0), so that nothing forms a_0 a_k (beyond 1e154 it overflows: a^2 + b^2 did);
 *  for a tiny r_0 on a and b scaled to unit size (dnik_hypot_far).
 *  Scratch of 4 S. */
DNIK_INLINE void dnik_hypot_plain(double *restrict r, const double *a, const double *b,
                                  unsigned K, unsigned N, double *restrict w)
{
    const size_t S = dnik_size(K, N);
    double *t = w, *t2 = w + S, h = hypot(a[0], b[0]);
    double m = fmax(fabs(a[0]), fabs(b[0])), ua = a[0] / m, ub = b[0] / m,
           hu = hypot(ua, ub);
    double ca = ua / hu, cb = ub / hu, inv2 = isinf(h) ? 0.5 / hu / m : 0.5 / h;
    if (h < 0x1p-500) { /* a tiny value, on the operands scaled to unit size where 1 / (2 h)
                         * overflows (a subnormal h) or the partials stay below 2^300 h
                         * (else the products of the partials do not underflow) */
        double big = 0.0;
        for (size_t e = 1; e < S; e++) big = fmax(big, fmax(fabs(a[e]), fabs(b[e])));
        if ((h < DBL_MIN || big <= h * 0x1p300) && dnik_hypot_far(r, a, b, K, N, w)) return;
    }
    r[0] = h;
    DNIK_KLOOP(k, 1, N, K, {
        dnik_bdot(t, a, a, 1, k - 1, k, K);
        dnik_bdot(t2, b, b, 1, k - 1, k, K);
        DNIK_BLOCK(e, K, k) t[e] += t2[e];
        dnik_bdot(t2, r, r, 1, k - 1, k, K);
        DNIK_BLOCK(e, K, k) r[e] = ca * a[e] + cb * b[e] + (t[e] - t2[e]) * inv2;
    });
}
DNIK_RANGED_B(hypot)
#endif /* !DNI_LANE_BODY */

/* r = f0 + s0 * integral of (2/sqrt(pi)) exp(-u^2) theta u */
static inline void DNIK_K(terf)(DNI_R *restrict r, DNI_R f0, double s0, const DNI_R *u,
                                unsigned K, unsigned N, DNI_R *restrict w)
{
    const size_t S = dnik_size(K, N);
    DNI_R *sq = w, *e = w + S, *du = w + 2 * S, *g = w + 3 * S;
    DNIK_K(tmul)(sq, u, u, K, N);
    for (size_t i = 0; i < S; i++) sq[i] = -sq[i];
    DNIK_K(texp)(e, DNI_M(exp)(sq[0]), sq, K, N, w + 4 * S);
    DNIK_K(ttheta)(du, u, K, N);
    /* g = e theta u without the terms e_k (theta u)_0 = e_k 0: an e_k that is not finite
     * (exp(-u^2) at |u_0| > 1e154, where e_0 = 0) does not make NaN of g_k */
    g[0] = DNI_V(0.0);
    DNIK_KLOOP(k, 1, N, K, { DNIK_K(bdot)(g, e, du, 0, k - 1, k, K); });
    for (size_t i = 0; i < S; i++) g[i] *= s0 * DNI_2_SQRTPI;
    DNIK_K(tinteg)(r, f0, g, K, N);
}

/** r = erf(u). */
DNIK_INLINE void DNIK_K(erf_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                   unsigned N, DNI_R *restrict w)
{
    DNIK_K(terf)(r, DNI_M(erf)(u[0]), 1.0, u, K, N, w);
}
DNIK_RANGED_U(erf)

/** r = erfc(u) = 1 - erf(u), accurate value for large u_0. */
DNIK_INLINE void DNIK_K(erfc_plain)(DNI_R *restrict r, const DNI_R *u, unsigned K,
                                    unsigned N, DNI_R *restrict w)
{
    DNIK_K(terf)(r, DNI_M(erfc)(u[0]), -1.0, u, K, N, w);
}
DNIK_RANGED_U(erfc)

#if !DNI_LANE_BODY /* scalar code (double only) */
/** r = |u|; at u_0 = 0 the value is 0 and every other entry NaN (as dni_abs). */
static inline void dnik_abs(double *restrict r, const double *u, unsigned K, unsigned N,
                            double *restrict w)
{
    (void)w;
    dni_abs(r, u, (unsigned)dnik_size(K, N) - 1);
}

/** r = h(u) for a user function given by h(x, k, ctx) = h^(k)(x): calls h N + 1 times
 *  (k = 0..N at x = u_0), then composes (dnik_tcompose: about N products). */
static inline void dnik_apply(double *restrict r, const double *u, dn_deriv_fn h, void *ctx,
                              unsigned K, unsigned N, double *restrict w)
{
    double *dh = w + 5 * dnik_size(K, N); /* after dnik_tcompose's 5 S (N + 1 <= S) */
    for (unsigned j = 0; j <= N; j++) dh[j] = h(u[0], j, ctx);
    dnik_tcompose(r, dh, u, K, N, w);
}
#endif /* !DNI_LANE_BODY */
