/* dnum/internal/kernel_explog.h -- exp, expm1, log, log1p, the roots sqrt and cbrt and the
 * powers (pown, pow_d, pow) in derivative form, with the exact paths for a linear argument.
 * Part of the kernel body of dnum/internal/kernel.h (internal, not API-stable): included by it
 * once per element type (DNI_R, DNI_K, ... of kernel.h; src/kernel_ext.h), never alone. */
#ifndef DNI_KERNEL_BODY
#error                                                                                     \
    "dnum/internal/kernel_explog.h is a part of dnum/internal/kernel.h: include that instead"
#endif

/* u = u0 + u1 (x - x0) exactly (every higher derivative 0): the bare variable and its
 * affine images. exp, sin, cos, sinh, cosh of such a u are written directly from libm's
 * values, u1^k times the k-th derivative, so exp(x) gives exp(x0) at every order where
 * the recurrence's 1/k! ... k! round trip would leave an ulp. */
DNI_KINLINE int DNI_K(linear)(const DNI_R *u, unsigned n)
{
    for (unsigned k = 2; k <= n; k++)
        if (DNI_ANY(u[k] != 0.0)) return 0;
    return 1;
}

/* r[k] = u1^k c_k where c cycles f0, f1, sg f0, sg f1, f0, ... (sg = -1: sin/cos,
 * +1: exp/sinh/cosh); a constant u (u1 = 0) has zero derivatives. */
DNI_KINLINE void DNI_K(lin_cycle)(DNI_R *r, DNI_R f0, DNI_R f1, DNI_R u1, DNI_S sg,
                                  unsigned n)
{
    DNI_R pw = DNI_V(1.0), c[4] = {f0, f1, sg * f0, sg * f1};
    r[0] = f0;
    for (unsigned k = 1; k <= n; k++) {
        pw *= u1;
        r[k] = DNI_SEL(u1 == 0.0, DNI_V(0.0), c[k & 3u] * pw);
    }
}

/** r = exp(u) (exp_vw: where e = exp(u0), the C library's value: the batch engines compute
 *  the values of a group of numbers first). Scratch: DNI_W_exp(n). */
#define DNI_W_exp(n) DNI_WN(3, n)
DNI_KINLINE void DNI_K(exp_vw)(DNI_R *r, const DNI_R *u, DNI_R e, unsigned n,
                               DNI_R *restrict ws)
{
    if (DNI_K(linear)(u, n)) {
        DNI_K(lin_cycle)(r, e, e, n ? u[1] : DNI_V(0.0), 1.0, n);
        return;
    }
    DNI_R *tu = ws, *tr = ws + DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    DNI_K(texp_w)(tr, e, tu, n, ws + 2 * DNI_ST(n));
    DNI_K(from_t)(r, tr, n);
}
DNI_KINLINE void DNI_K(exp_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_K(exp_vw)(r, u, DNI_M(exp)(u[0]), n, ws);
}

/** r = expm1(u) = exp(u) - 1, accurate value for small u0. Scratch: DNI_W_expm1(n). */
#define DNI_W_expm1(n) DNI_WN(3, n)
DNI_KINLINE void DNI_K(expm1_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_R *tu = ws, *tr = ws + DNI_ST(n), em1 = DNI_M(expm1)(u[0]);
    /* the derivatives' exp(u0): em1 + 1 where that keeps its digits, else exp (at u0 =
     * -50, em1 + 1 is 0) */
    DNI_R e0 = DNI_SEL(u[0] < -0.5, DNI_M(exp)(u[0]), em1 + 1.0);
    DNI_K(to_t)(tu, u, n);
    DNI_K(texp_w)(tr, e0, tu, n, ws + 2 * DNI_ST(n));
    tr[0] = em1;
    DNI_K(from_t)(r, tr, n);
}

/** r = log(u) (log_vw: where l = log(u0), the C library's value). u0 < 0 gives NaN; u0 = 0
 *  the pole rule (-Inf, then the one-sided limits). Scratch: DNI_W_log(n). */
#define DNI_W_log(n) DNI_WN(4, n)
DNI_KINLINE void DNI_K(log_vw)(DNI_R *r, const DNI_R *u, DNI_R l, unsigned n,
                               DNI_R *restrict ws)
{
    DNI_R *tu = ws, *tr = ws + DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    if (DNI_DIV_RARE(u[0]))
        DNI_K(tlog_rare_w)(tr, tu, n, ws + 2 * DNI_ST(n)); /* 0 or subnormal */
    else DNI_K(tinteg_divr_w)(tr, l, tu, tu, n, ws + 2 * DNI_ST(n), 0);
    DNI_K(from_t)(r, tr, n);
}
DNI_KINLINE void DNI_K(log_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    /* (the rare path does not read the value: log is not called there, as before the
     * value became an argument, so log(0) leaves errno and the exception flags alone) */
    DNI_K(log_vw)(r, u, DNI_DIV_RARE(u[0]) ? u[0] : DNI_M(log)(u[0]), n, ws);
}

/** r = log1p(u) = log(1 + u), accurate value for small u0. Scratch: DNI_W_log1p(n). */
#define DNI_W_log1p(n) DNI_WN(5, n)
DNI_KINLINE void DNI_K(log1p_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_R *tu = ws, *tw = ws + DNI_ST(n), *tr = ws + 2 * DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    DNI_K(to_t)(tw, u, n);
    tw[0] = 1.0 + u[0];
    if (DNI_RARE(tw[0] == 0.0)) DNI_K(tlog_zero)(tr, tw, n); /* u0 = -1: the pole rule */
    else DNI_K(tinteg_div_w)(tr, DNI_M(log1p)(u[0]), tu, tw, n, ws + 3 * DNI_ST(n));
    DNI_K(from_t)(r, tr, n);
}

/** r = sqrt(u) (sqrt_vw: where v = sqrt(u0), the C library's value). At u0 = 0 the zero
 *  rule: sqrt(x) gives 0, +Inf, -Inf, ... (limits at +0), sqrt(x^2 y) the exact series
 *  where it is analytic, NaN where it has no derivative. Scratch: DNI_W_sqrt(n) doubles, DNI_WW_sqrt(n) wide (used only at u0 = 0). */
#define DNI_W_sqrt(n) DNI_WN(8, n)
#define DNI_WW_sqrt(n) DNI_WN(3, n)
DNI_KINLINE void DNI_K(sqrt_vw)(DNI_R *r, const DNI_R *u, DNI_R v, unsigned n,
                                DNI_R *restrict ws, DNI_K(wide) *restrict ww)
{
    DNI_R *tu = ws, *tr = ws + DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    if (DNI_RARE(u[0] == 0.0))
        DNI_K(tpow_zero_w)(tr, v, 0.5, 0, tu, n, ws + 2 * DNI_ST(n), ww);
    else DNI_K(tsqrt)(tr, v, tu, n);
    DNI_K(from_t)(r, tr, n);
}
DNI_KINLINE void DNI_K(sqrt_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws,
                               DNI_K(wide) *restrict ww)
{
    DNI_K(sqrt_vw)(r, u, DNI_M(sqrt)(u[0]), n, ws, ww);
}

#if DNI_DOUBLE_BODY /* (the double conversions here, where they always were: the same
                     * code layout; the extended ones are in src/kernel_ext.h) */
/* w = the normalised coefficients of derivatives d, widened (kernel_wide.h) */
DNI_KINLINE void dni_to_w(dni_wide *w, const double *d, unsigned n)
{
    if (n <= DN_TAYLOR_MAX) {
        for (unsigned k = 0; k <= n; k++) w[k] = dni_wd(d[k] * dni_ifact[k]);
    } else {
        long double s = dni_scale(n), x = 1.0L;
        for (unsigned k = 0; k <= n; k++) {
            w[k] = dni_wd(d[k] * (double)x);
            x = dni_weight_next(x, s, k, 0);
        }
    }
}

/* d = the derivatives of wide normalised coefficients w, rounded to double */
DNI_KINLINE void dni_from_w(double *d, const dni_wide *w, unsigned n)
{
    if (n <= DN_TAYLOR_MAX) {
        for (unsigned k = 0; k <= n; k++) d[k] = dni_wval(w[k]) * dni_fact[k];
    } else {
        long double s = dni_scale(n), x = 1.0L;
        for (unsigned k = 0; k <= n; k++) {
            d[k] = dni_wval(w[k]) * (double)x;
            x = dni_weight_next(x, s, k, 1);
        }
    }
}
#endif

/* f = u^p for an integer-valued p (normalised, no aliasing), value pow(u0, p) as libm.
 * |p| < 2^63: binary powering of Cauchy products (exact structure: exact zeros stay zeros,
 * polynomials stay exact where they can), a division for p < 0 (the pole rule at u0 = 0);
 * its value drifts from the correctly rounded power (47 ulp at p = 100), so the whole
 * series is scaled to libm's pow(u0, p): value and derivatives stay consistent. Larger
 * |p| (even integers): the power recurrence in extended precision.
 * Scratch: ws DNI_WN(6, n) doubles, ww DNI_WN(3, n) wide. */
static inline void DNI_K(tpow_int_w)(DNI_R *restrict f, DNI_S p, const DNI_R *restrict u,
                                     unsigned n, DNI_R *restrict ws,
                                     DNI_K(wide) *restrict ww)
{
    DNI_R f0 = DNI_M(pow)(u[0], p);
    if (p >= 9223372036854775808.0 || p <= -9223372036854775808.0) { /* |p| >= 2^63 */
        if (DNI_RARE(u[0] != 0.0)) DNI_K(tpow_wide_w)(f, f0, p, u, n, ww);
        else DNI_K(tpow_zero_w)(f, f0, p, 2, u, n, ws, ww);
        return;
    }
    DNI_R *tb = ws, *tt = ws + DNI_ST(n);
    unsigned long long e = (unsigned long long)(p < 0.0 ? -p : p);
    DNI_K(set_const)(f, DNI_V(1.0), n);
    for (unsigned k = 0; k <= n; k++) tb[k] = u[k];
    while (e) {
        if (e & 1u) {
            DNI_K(tmul)(tt, f, tb, n);
            for (unsigned k = 0; k <= n; k++) f[k] = tt[k];
        }
        e >>= 1;
        if (e) {
            DNI_K(tmul)(tt, tb, tb, n);
            for (unsigned k = 0; k <= n; k++) tb[k] = tt[k];
        }
    }
    if (p < 0.0) {
        DNI_K(set_const)(tb, DNI_V(1.0), n);
        DNI_K(tdiv_any_w)(tt, tb, f, n, ws + 2 * DNI_ST(n));
        for (unsigned k = 0; k <= n; k++) f[k] = tt[k];
    }
    /* (the condition lane-wise for a vector element type: c = 1 in the other lanes) */
    if (DNI_ANY(DNI_AND(DNI_AND(DNI_AND(f[0] != f0, DNI_ISFINITE(f0)), f0 != 0.0),
                        DNI_AND(DNI_ISFINITE(f[0]), f[0] != 0.0)))) {
        DNI_R c = DNI_SEL(DNI_AND(DNI_AND(DNI_AND(f[0] != f0, DNI_ISFINITE(f0)), f0 != 0.0),
                                  DNI_AND(DNI_ISFINITE(f[0]), f[0] != 0.0)),
                          f0 / f[0], DNI_V(1.0));
        for (unsigned k = 1; k <= n; k++) f[k] *= c;
    }
    f[0] = f0;
}

/** r = u^m for an integer m: the value is libm's pow(u0, m) for every m, the derivatives
 *  follow it (extended-precision recurrence above |m| = 4); exact structure at u0 = 0
 *  (a pole for m < 0: the zero and pole rule); u^0 = 1 as pow(x, 0).
 *  Scratch: DNI_W_pown(n) doubles, DNI_WW_pown(n) wide. */
#define DNI_W_pown(n) DNI_WN(8, n)
#define DNI_WW_pown(n) DNI_WN(3, n)
DNI_KINLINE void DNI_K(pown_w)(DNI_R *r, const DNI_R *u, long m, unsigned n,
                               DNI_R *restrict ws, DNI_K(wide) *restrict ww)
{
    DNI_R *tu = ws, *tr = ws + DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    DNI_K(tpow_int_w)(tr, (DNI_S)m, tu, n, ws + 2 * DNI_ST(n), ww);
    DNI_K(from_t)(r, tr, n);
}

#if !DNI_LANE_BODY /* the wide powers */
/** r = u^p for a real constant p. Integer-valued p (any magnitude) as dni_pown; otherwise
 *  u0 < 0 gives NaN (as pow) and u0 = 0 follows the zero rule (exact series where u^p is
 *  analytic, e.g. (x^3 + x^4)^(1/3); one-sided limits or NaN where it is not).
 *  Scratch: DNI_W_pow_d(n) doubles, DNI_WW_pow_d(n) wide. */
#define DNI_W_pow_d(n) DNI_WN(8, n)
#define DNI_WW_pow_d(n) DNI_WN(3, n)
DNI_KINLINE void DNI_K(pow_d_w)(DNI_R *r, const DNI_R *u, DNI_R p, unsigned n,
                                DNI_R *restrict ws, DNI_K(wide) *restrict ww)
{
    DNI_R *tu = ws, *tr = ws + DNI_ST(n), *w2 = ws + 2 * DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    if (p == DNI_M(floor)(p) && isfinite(p)) DNI_K(tpow_int_w)(tr, p, tu, n, w2, ww);
    else if (u[0] == 0.0) DNI_K(tpow_zero_w)(tr, DNI_M(pow)(u[0], p), p, 0, tu, n, w2, ww);
    else DNI_K(tpow_wide_w)(tr, DNI_M(pow)(u[0], p), p, tu, n, ww);
    DNI_K(from_t)(r, tr, n);
}

/** r = cbrt(u), the real cube root (negative u0 allowed); u0 = 0 gives an Inf slope.
 *  Scratch: DNI_W_cbrt(n) doubles, DNI_WW_cbrt(n) wide. */
#define DNI_W_cbrt(n) DNI_WN(8, n)
#define DNI_WW_cbrt(n) DNI_WN(3, n)
DNI_KINLINE void DNI_K(cbrt_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws,
                               DNI_K(wide) *restrict ww)
{
    DNI_R *tu = ws, *tr = ws + DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    if (u[0] == 0.0)
        DNI_K(tpow_zero_w)(tr, DNI_M(cbrt)(u[0]), DNI_C(1.0) / DNI_C(3.0), 1, tu, n,
                           ws + 2 * DNI_ST(n), ww);
    else DNI_K(tpow_wide_w)(tr, DNI_M(cbrt)(u[0]), DNI_C(1.0) / DNI_C(3.0), tu, n, ww);
    DNI_K(from_t)(r, tr, n);
}

/** r = a^b with both arguments dual: exp(b log a) with the value pow(a0, b0), in
 *  extended precision (kernel_wide.h). Needs a0 > 0 (a0 <= 0 gives NaN derivatives); use
 *  dni_pow_d/dni_pown for constant b. Scratch: ww, DNI_WW_pow(n) wide (ws unused). */
#define DNI_W_pow(n) 1
#define DNI_WW_pow(n) DNI_WN(6, n)
DNI_KINLINE void DNI_K(pow_w)(DNI_R *r, const DNI_R *a, const DNI_R *b, unsigned n,
                              DNI_R *restrict ws, DNI_K(wide) *restrict ww)
{
    DNI_K(wide) *wa = ww, *wb = ww + DNI_ST(n), *wl = ww + 2 * DNI_ST(n),
                *wp = ww + 3 * DNI_ST(n);
    DNI_K(wide) *wq = ww + 4 * DNI_ST(n);
    DNI_R v = DNI_M(pow)(a[0], b[0]);
    (void)ws;
    DNI_K(to_w)(wa, a, n);
    DNI_K(to_w)(wb, b, n);
    if (n > 0) { /* log a = log a0 + integral of a'/a */
        DNI_K(wdiff)(wp, wa, n);
        DNI_K(wdiv)(wq, wp, wa, n - 1);
    }
    DNI_K(winteg)(wl, DNI_M(log)(a[0]), wq, n);
    DNI_K(wmul)(wp, wb, wl, n);
    int positive = a[0] > 0.0; /* read before r (which may alias a) is written */
    DNI_K(wexp)(wl, v, wp, n, ww + 5 * DNI_ST(n));
    DNI_K(from_w)(r, wl, n);
    if (positive) DNI_K(underflow_nan)(r, v, n); /* else NaN already (log of a0 <= 0) */
}
#endif /* !DNI_LANE_BODY */
