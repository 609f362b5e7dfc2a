/* dnum/kernel_explog.h -- exp, expm1, log, log1p, the roots sqrt and cbrt and the
 * powers (pown, pow_d, pow) in derivative form, with the exact paths for a linear argument.
 * Part of the kernel body of dnum/kernel.h (internal, not API-stable): included by it
 * once per element type (_DN_R, _DN_K, ... of kernel.h; src/kernel_ext.h), never alone. */
#ifndef _DN_KERNEL_BODY
#error "dnum/kernel_explog.h is a part of dnum/kernel.h: include that instead"
#endif

/* u = u0 + u1 (x - x0) exactly (every higher derivative 0): the bare variable and its
 * affine images. exp, sin, cos, sinh, cosh of such a u are written directly from libm's
 * values, u1^k times the k-th derivative, so exp(x) gives exp(x0) at every order where
 * the recurrence's 1/k! ... k! round trip would leave an ulp. */
static inline int _DN_K(linear)(const _DN_R *u, unsigned n)
{
    for (unsigned k = 2; k <= n; k++)
        if (_DN_ANY(u[k] != 0.0)) return 0;
    return 1;
}

/* r[k] = u1^k c_k where c cycles f0, f1, sg f0, sg f1, f0, ... (sg = -1: sin/cos,
 * +1: exp/sinh/cosh); a constant u (u1 = 0) has zero derivatives. */
static inline void _DN_K(lin_cycle)(_DN_R *r, _DN_R f0, _DN_R f1, _DN_R u1, _DN_S sg,
                                 unsigned n)
{
    _DN_R pw = _DN_V(1.0), c[4] = {f0, f1, sg * f0, sg * f1};
    r[0] = f0;
    for (unsigned k = 1; k <= n; k++) {
        pw *= u1;
        r[k] = _DN_SEL(u1 == 0.0, _DN_V(0.0), c[k & 3u] * pw);
    }
}

/** r = exp(u). Scratch: _DN_W_exp(n). */
#define _DN_W_exp(n) _DN_WN(3, n)
static inline void _DN_K(exp_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    if (_DN_K(linear)(u, n)) {
        _DN_R e = _DN_M(exp)(u[0]);
        _DN_K(lin_cycle)(r, e, e, n ? u[1] : _DN_V(0.0), 1.0, n);
        return;
    }
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(texp_w)(tr, _DN_M(exp)(u[0]), tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/** r = expm1(u) = exp(u) - 1, accurate value for small u0. Scratch: _DN_W_expm1(n). */
#define _DN_W_expm1(n) _DN_WN(3, n)
static inline void _DN_K(expm1_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n), em1 = _DN_M(expm1)(u[0]);
    _DN_K(to_t)(tu, u, n);
    _DN_K(texp_w)(tr, em1 + 1.0, tu, n, ws + 2 * _DN_ST(n));
    tr[0] = em1;
    _DN_K(from_t)(r, tr, n);
}

/** r = log(u). u0 < 0 gives NaN; u0 = 0 the pole rule (-Inf, then the one-sided limits).
 *  Scratch: _DN_W_log(n). */
#define _DN_W_log(n) _DN_WN(4, n)
static inline void _DN_K(log_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (_DN_RARE(u[0] == 0.0)) _DN_K(tlog_zero)(tr, tu, n); /* the pole rule */
    else _DN_K(tinteg_div_w)(tr, _DN_M(log)(u[0]), tu, tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/** r = log1p(u) = log(1 + u), accurate value for small u0. Scratch: _DN_W_log1p(n). */
#define _DN_W_log1p(n) _DN_WN(5, n)
static inline void _DN_K(log1p_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tw = ws + _DN_ST(n), *tr = ws + 2 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(to_t)(tw, u, n);
    tw[0] = 1.0 + u[0];
    if (_DN_RARE(tw[0] == 0.0)) _DN_K(tlog_zero)(tr, tw, n); /* u0 = -1: the pole rule */
    else _DN_K(tinteg_div_w)(tr, _DN_M(log1p)(u[0]), tu, tw, n, ws + 3 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/** r = sqrt(u). At u0 = 0 the zero rule: sqrt(x) gives 0, +Inf, -Inf, ... (limits at +0),
 *  sqrt(x^2 y) the exact series where it is analytic, NaN where it has no derivative.
 *  Scratch: _DN_W_sqrt(n) doubles, _DN_WW_sqrt(n) wide (used only at u0 = 0). */
#define _DN_W_sqrt(n) _DN_WN(8, n)
#define _DN_WW_sqrt(n) _DN_WN(3, n)
static inline void _DN_K(sqrt_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws,
                              _DN_K(wide) *restrict ww)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (_DN_RARE(u[0] == 0.0)) _DN_K(tpow_zero_w)(tr, _DN_M(sqrt)(u[0]), 0.5, 0, tu, n, ws + 2 * _DN_ST(n), ww);
    else _DN_K(tsqrt)(tr, _DN_M(sqrt)(u[0]), tu, n);
    _DN_K(from_t)(r, tr, n);
}

#if _DN_DOUBLE_BODY /* (the double conversions here, where they always were: the same
                     * code layout; the extended ones are in src/kernel_ext.h) */
/* w = the normalised coefficients of derivatives d, widened (kernel_wide.h) */
static inline void _dn_to_w(_dn_wide *w, const double *d, unsigned n)
{
    if (n <= DN_TAYLOR_MAX) {
        for (unsigned k = 0; k <= n; k++) w[k] = _dn_wd(d[k] * _dn_ifact[k]);
    } else {
        long double s = _dn_scale(n), x = 1.0L;
        for (unsigned k = 0; k <= n; k++) {
            w[k] = _dn_wd(d[k] * (double)x);
            x = _dn_weight_next(x, s, k, 0);
        }
    }
}

/* d = the derivatives of wide normalised coefficients w, rounded to double */
static inline void _dn_from_w(double *d, const _dn_wide *w, unsigned n)
{
    if (n <= DN_TAYLOR_MAX) {
        for (unsigned k = 0; k <= n; k++) d[k] = _dn_wval(w[k]) * _dn_fact[k];
    } else {
        long double s = _dn_scale(n), x = 1.0L;
        for (unsigned k = 0; k <= n; k++) {
            d[k] = _dn_wval(w[k]) * (double)x;
            x = _dn_weight_next(x, s, k, 1);
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
 * Scratch: ws _DN_WN(6, n) doubles, ww _DN_WN(3, n) wide. */
static inline void _DN_K(tpow_int_w)(_DN_R *restrict f, _DN_S p, const _DN_R *restrict u,
                                  unsigned n, _DN_R *restrict ws, _DN_K(wide) *restrict ww)
{
    _DN_R f0 = _DN_M(pow)(u[0], p);
    if (p >= 9223372036854775808.0 || p <= -9223372036854775808.0) { /* |p| >= 2^63 */
        if (_DN_RARE(u[0] != 0.0)) _DN_K(tpow_wide_w)(f, f0, p, u, n, ww);
        else _DN_K(tpow_zero_w)(f, f0, p, 2, u, n, ws, ww);
        return;
    }
    _DN_R *tb = ws, *tt = ws + _DN_ST(n);
    unsigned long long e = (unsigned long long)(p < 0.0 ? -p : p);
    _DN_K(set_const)(f, _DN_V(1.0), n);
    for (unsigned k = 0; k <= n; k++) tb[k] = u[k];
    while (e) {
        if (e & 1u) {
            _DN_K(tmul)(tt, f, tb, n);
            for (unsigned k = 0; k <= n; k++) f[k] = tt[k];
        }
        e >>= 1;
        if (e) {
            _DN_K(tmul)(tt, tb, tb, n);
            for (unsigned k = 0; k <= n; k++) tb[k] = tt[k];
        }
    }
    if (p < 0.0) {
        _DN_K(set_const)(tb, _DN_V(1.0), n);
        _DN_K(tdiv_any_w)(tt, tb, f, n, ws + 2 * _DN_ST(n));
        for (unsigned k = 0; k <= n; k++) f[k] = tt[k];
    }
    /* (the condition lane-wise for a vector element type: c = 1 in the other lanes) */
    if (_DN_ANY(_DN_AND(_DN_AND(_DN_AND(f[0] != f0, _DN_ISFINITE(f0)), f0 != 0.0),
                        _DN_AND(_DN_ISFINITE(f[0]), f[0] != 0.0)))) {
        _DN_R c = _DN_SEL(_DN_AND(_DN_AND(_DN_AND(f[0] != f0, _DN_ISFINITE(f0)), f0 != 0.0),
                                  _DN_AND(_DN_ISFINITE(f[0]), f[0] != 0.0)),
                          f0 / f[0], _DN_V(1.0));
        for (unsigned k = 1; k <= n; k++) f[k] *= c;
    }
    f[0] = f0;
}

/** r = u^m for an integer m: the value is libm's pow(u0, m) for every m, the derivatives
 *  follow it (extended-precision recurrence above |m| = 4); exact structure at u0 = 0
 *  (a pole for m < 0: the zero and pole rule); u^0 = 1 as pow(x, 0).
 *  Scratch: _DN_W_pown(n) doubles, _DN_WW_pown(n) wide. */
#define _DN_W_pown(n) _DN_WN(8, n)
#define _DN_WW_pown(n) _DN_WN(3, n)
static inline void _DN_K(pown_w)(_DN_R *r, const _DN_R *u, long m, unsigned n,
                              _DN_R *restrict ws, _DN_K(wide) *restrict ww)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(tpow_int_w)(tr, (_DN_S)m, tu, n, ws + 2 * _DN_ST(n), ww);
    _DN_K(from_t)(r, tr, n);
}

#if !_DN_LANE_BODY /* the wide powers */
/** r = u^p for a real constant p. Integer-valued p (any magnitude) as _dn_pown; otherwise
 *  u0 < 0 gives NaN (as pow) and u0 = 0 follows the zero rule (exact series where u^p is
 *  analytic, e.g. (x^3 + x^4)^(1/3); one-sided limits or NaN where it is not).
 *  Scratch: _DN_W_pow_d(n) doubles, _DN_WW_pow_d(n) wide. */
#define _DN_W_pow_d(n) _DN_WN(8, n)
#define _DN_WW_pow_d(n) _DN_WN(3, n)
static inline void _DN_K(pow_d_w)(_DN_R *r, const _DN_R *u, _DN_R p, unsigned n,
                               _DN_R *restrict ws, _DN_K(wide) *restrict ww)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n), *w2 = ws + 2 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (p == _DN_M(floor)(p) && isfinite(p))
        _DN_K(tpow_int_w)(tr, p, tu, n, w2, ww);
    else if (u[0] == 0.0)
        _DN_K(tpow_zero_w)(tr, _DN_M(pow)(u[0], p), p, 0, tu, n, w2, ww);
    else
        _DN_K(tpow_wide_w)(tr, _DN_M(pow)(u[0], p), p, tu, n, ww);
    _DN_K(from_t)(r, tr, n);
}

/** r = cbrt(u), the real cube root (negative u0 allowed); u0 = 0 gives an Inf slope.
 *  Scratch: _DN_W_cbrt(n) doubles, _DN_WW_cbrt(n) wide. */
#define _DN_W_cbrt(n) _DN_WN(8, n)
#define _DN_WW_cbrt(n) _DN_WN(3, n)
static inline void _DN_K(cbrt_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws,
                              _DN_K(wide) *restrict ww)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (u[0] == 0.0)
        _DN_K(tpow_zero_w)(tr, _DN_M(cbrt)(u[0]), _DN_C(1.0) / _DN_C(3.0), 1, tu, n, ws + 2 * _DN_ST(n), ww);
    else
        _DN_K(tpow_wide_w)(tr, _DN_M(cbrt)(u[0]), _DN_C(1.0) / _DN_C(3.0), tu, n, ww);
    _DN_K(from_t)(r, tr, n);
}

/** r = a^b with both arguments dual: exp(b log a) with the value pow(a0, b0), in
 *  extended precision (kernel_wide.h). Needs a0 > 0 (a0 <= 0 gives NaN derivatives); use
 *  _dn_pow_d/_dn_pown for constant b. Scratch: ww, _DN_WW_pow(n) wide (ws unused). */
#define _DN_W_pow(n) 1
#define _DN_WW_pow(n) _DN_WN(6, n)
static inline void _DN_K(pow_w)(_DN_R *r, const _DN_R *a, const _DN_R *b, unsigned n,
                             _DN_R *restrict ws, _DN_K(wide) *restrict ww)
{
    _DN_K(wide) *wa = ww, *wb = ww + _DN_ST(n), *wl = ww + 2 * _DN_ST(n), *wp = ww + 3 * _DN_ST(n);
    _DN_K(wide) *wq = ww + 4 * _DN_ST(n);
    _DN_R v = _DN_M(pow)(a[0], b[0]);
    (void)ws;
    _DN_K(to_w)(wa, a, n);
    _DN_K(to_w)(wb, b, n);
    if (n > 0) { /* log a = log a0 + integral of a'/a */
        _DN_K(wdiff)(wp, wa, n);
        _DN_K(wdiv)(wq, wp, wa, n - 1);
    }
    _DN_K(winteg)(wl, _DN_M(log)(a[0]), wq, n);
    _DN_K(wmul)(wp, wb, wl, n);
    int positive = a[0] > 0.0; /* read before r (which may alias a) is written */
    _DN_K(wexp)(wl, v, wp, n, ww + 5 * _DN_ST(n));
    _DN_K(from_w)(r, wl, n);
    if (positive) _DN_K(underflow_nan)(r, v, n); /* else NaN already (log of a0 <= 0) */
}
#endif /* !_DN_LANE_BODY */
