/* dnum/kernel_trig.h -- the circular and hyperbolic functions and their inverses
 * (sin cos tan asin acos atan, sinh cosh tanh asinh acosh atanh), atan2 and hypot.
 * Part of the kernel body of dnum/kernel.h (internal, not API-stable): included by it
 * once per element type (_DN_R, _DN_K, ... of kernel.h; src/kernel_ext.h), never alone. */
#ifndef _DN_KERNEL_BODY
#error "dnum/kernel_trig.h is a part of dnum/kernel.h: include that instead"
#endif

/** s = sin(u) and c = cos(u) from one recurrence. s and c must differ.
 *  Scratch: _DN_W_sincos(n). */
#define _DN_W_sincos(n) _DN_WN(4, n)
static inline void _DN_K(sincos_w)(_DN_R *s, _DN_R *c, const _DN_R *u, unsigned n,
                                _DN_R *restrict ws)
{
    if (_DN_K(linear)(u, n)) {
        _DN_R sv = _DN_M(sin)(u[0]), cv = _DN_M(cos)(u[0]), u1 = n ? u[1] : _DN_V(0.0);
        _DN_K(lin_cycle)(s, sv, cv, u1, -1.0, n);
        _DN_K(lin_cycle)(c, cv, -sv, u1, -1.0, n);
        return;
    }
    _DN_R *tu = ws, *ts = ws + _DN_ST(n), *tc = ws + 2 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(tsincos_w)(ts, tc, _DN_M(sin)(u[0]), _DN_M(cos)(u[0]), -1.0, tu, n, ws + 3 * _DN_ST(n));
    _DN_K(from_t)(s, ts, n);
    _DN_K(from_t)(c, tc, n);
}

/** r = sin(u). Scratch: _DN_W_sin(n). */
#define _DN_W_sin(n) _DN_WN(5, n)
static inline void _DN_K(sin_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_K(sincos_w)(r, ws, u, n, ws + _DN_ST(n));
}

/** r = cos(u). Scratch: _DN_W_cos(n). */
#define _DN_W_cos(n) _DN_WN(5, n)
static inline void _DN_K(cos_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_K(sincos_w)(ws, r, u, n, ws + _DN_ST(n));
}

/** s = sinh(u) and c = cosh(u) from one recurrence. s and c must differ.
 *  Scratch: _DN_W_sinhcosh(n). */
#define _DN_W_sinhcosh(n) _DN_WN(4, n)
static inline void _DN_K(sinhcosh_w)(_DN_R *s, _DN_R *c, const _DN_R *u, unsigned n,
                                  _DN_R *restrict ws)
{
    if (_DN_K(linear)(u, n)) {
        _DN_R sv = _DN_M(sinh)(u[0]), cv = _DN_M(cosh)(u[0]), u1 = n ? u[1] : _DN_V(0.0);
        _DN_K(lin_cycle)(s, sv, cv, u1, 1.0, n);
        _DN_K(lin_cycle)(c, cv, sv, u1, 1.0, n);
        return;
    }
    _DN_R *tu = ws, *ts = ws + _DN_ST(n), *tc = ws + 2 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(tsincos_w)(ts, tc, _DN_M(sinh)(u[0]), _DN_M(cosh)(u[0]), 1.0, tu, n, ws + 3 * _DN_ST(n));
    _DN_K(from_t)(s, ts, n);
    _DN_K(from_t)(c, tc, n);
}

/** r = sinh(u). Scratch: _DN_W_sinh(n). */
#define _DN_W_sinh(n) _DN_WN(5, n)
static inline void _DN_K(sinh_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_K(sinhcosh_w)(r, ws, u, n, ws + _DN_ST(n));
}

/** r = cosh(u). Scratch: _DN_W_cosh(n). */
#define _DN_W_cosh(n) _DN_WN(5, n)
static inline void _DN_K(cosh_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_K(sinhcosh_w)(ws, r, u, n, ws + _DN_ST(n));
}

/** r = tan(u). Scratch: _DN_W_tan(n). */
#define _DN_W_tan(n) _DN_WN(4, n)
static inline void _DN_K(tan_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n), t0 = _DN_M(tan)(u[0]);
    _DN_K(to_t)(tu, u, n);
    _DN_K(ttan_w)(tr, t0, 1.0 + t0 * t0, 1.0, tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/** r = tanh(u). Uses 1 - tanh^2 = 1/cosh^2, so large |u0| gives exact zeros, never NaN.
 *  Scratch: _DN_W_tanh(n). */
#define _DN_W_tanh(n) _DN_WN(4, n)
static inline void _DN_K(tanh_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n), ch = _DN_M(cosh)(u[0]);
    _DN_K(to_t)(tu, u, n);
    _DN_K(ttan_w)(tr, _DN_M(tanh)(u[0]), 1.0 / (ch * ch), -1.0, tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/* The squares in 1 + u^2 and u^2 - 1 overflow for |u0| beyond about 1e154, and with them
 * the derivatives of atan, asinh and acosh, which are finite (atan(x^2) at 1e100: 2e-300):
 * for |u0| >= 2^500 these kernels run on u scaled by a power of 2 sc to unit size (exact),
 * with the constant 1 scaled alike, and scale the numerator u' to match (sc^2, or sc for
 * a root), which leaves the quotient u' / w unchanged. 1 for smaller |u0|. */
static inline _DN_S _DN_K(sq_scale)(_DN_R u0)
{
#if _DN_LANE_BODY
    (void)u0; /* the lanes of a huge u0 run the scalar kernel (the batch engine's rare lanes) */
    return 1.0;
#else
    _DN_R a = _DN_M(fabs)(u0);
    if (!(a >= 0x1p500 && a <= DBL_MAX)) return 1.0;
    int e = _DN_M(ilogb)(u0);
    return _DN_M(ldexp)((_DN_R)1.0, e > 1022 ? -1022 : -e);
#endif
}

/* u *= sc (sc != 1 only for huge u0: a cold path) */
static inline void _DN_K(sq_rescale)(_DN_R *u, _DN_S sc, unsigned n)
{
    if (sc != 1.0)
        for (unsigned k = 0; k <= n; k++) u[k] *= sc;
}

/* w = sqrt(s0 * (sc^2 - u^2)) (s0 = +1) or sqrt(u^2 - sc^2) (s0 = -1), or without the root
 * (root = 0); the constant term is formed as a product of two factors for accuracy.
 * Scratch: ws, _DN_WN(1, n). */
static inline void _DN_K(tone_minus_sq_w)(_DN_R *restrict w, const _DN_R *restrict tu,
                                       _DN_S sg, _DN_S sc, int root, unsigned n,
                                       _DN_R *restrict ws)
{
    _DN_R *sq = ws;
    _DN_K(tmul)(sq, tu, tu, n);
    w[0] = sg * (sc - tu[0]) * (sc + tu[0]) + 0.0; /* + 0.0: the branch point gives +0 */
    for (unsigned k = 1; k <= n; k++) w[k] = -sg * sq[k];
    if (root) {
        _DN_K(tsqrt)(sq, _DN_M(sqrt)(w[0]), w, n);
        for (unsigned k = 0; k <= n; k++) w[k] = sq[k];
    }
}

/** r = asin(u); |u0| > 1 gives NaN; |u0| = 1 is a branch point (the zero rule).
 *  Scratch: _DN_W_asin(n). */
#define _DN_W_asin(n) _DN_WN(5, n)
static inline void _DN_K(asin_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tw = ws + _DN_ST(n), *tr = ws + 2 * _DN_ST(n), *w3 = ws + 3 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (_DN_RARE(_DN_M(fabs)(u[0]) == 1.0)) { /* asin(u0 (1 - d)) = u0 (pi/2 - sqrt(2 d) ...), d = 1 - u0 u */
        for (unsigned k = 0; k <= n; k++) tw[k] = k ? -u[0] * tu[k] : _DN_V(0.0);
        _DN_K(tbranch_sqrt)(tr, _DN_M(asin)(u[0]), -u[0] * _DN_SQRT2, tw, n);
        _DN_K(from_t)(r, tr, n);
        return;
    }
    _DN_K(tone_minus_sq_w)(tw, tu, 1.0, 1.0, 1, n, w3);
    _DN_K(tinteg_div_w)(tr, _DN_M(asin)(u[0]), tu, tw, n, w3);
    _DN_K(from_t)(r, tr, n);
}

/** r = acos(u) = pi/2 - asin(u) (value from acos). Scratch: _DN_W_acos(n). */
#define _DN_W_acos(n) _DN_W_asin(n)
static inline void _DN_K(acos_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R v = _DN_M(acos)(u[0]); /* before r (which may alias u) is written */
    _DN_K(asin_w)(r, u, n, ws);
    r[0] = v;
    for (unsigned k = 1; k <= n; k++) r[k] = -r[k];
}

/** r = atanh(u); |u0| > 1 gives NaN; |u0| = 1 is a pole (the pole rule of log).
 *  Scratch: _DN_W_atanh(n). */
#define _DN_W_atanh(n) _DN_WN(5, n)
static inline void _DN_K(atanh_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tw = ws + _DN_ST(n), *tr = ws + 2 * _DN_ST(n), *w3 = ws + 3 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (_DN_RARE(_DN_M(fabs)(tu[0]) == 1.0)) { /* the pole of -+ log(1 -+ u)/2 dominates every order */
        _DN_R sg = tu[0]; /* +1: -log(1 - u)/2; -1: log(1 + u)/2 */
        for (unsigned k = 0; k <= n; k++) tw[k] = k ? -sg * tu[k] : _DN_V(0.0);
        _DN_K(tlog_zero)(tr, tw, n);
        for (unsigned k = 0; k <= n; k++) tr[k] = -sg * tr[k];
        _DN_K(from_t)(r, tr, n);
        return;
    }
    _DN_K(tone_minus_sq_w)(tw, tu, 1.0, 1.0, 0, n, w3);
    _DN_K(tinteg_div_w)(tr, _DN_M(atanh)(tu[0]), tu, tw, n, w3);
    _DN_K(from_t)(r, tr, n);
}

/** r = acosh(u); u0 < 1 gives NaN; u0 = 1 is a branch point (the zero rule).
 *  Scratch: _DN_W_acosh(n). */
#define _DN_W_acosh(n) _DN_WN(5, n)
static inline void _DN_K(acosh_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tw = ws + _DN_ST(n), *tr = ws + 2 * _DN_ST(n), *w3 = ws + 3 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (_DN_RARE(u[0] == 1.0)) { /* acosh(1 + d) = sqrt(2 d) (1 - d/12 ...), d = u - 1 */
        for (unsigned k = 0; k <= n; k++) tw[k] = k ? tu[k] : _DN_V(0.0);
        _DN_K(tbranch_sqrt)(tr, 0.0, _DN_SQRT2, tw, n);
        _DN_K(from_t)(r, tr, n);
        return;
    }
    _DN_S sc = _DN_K(sq_scale)(u[0]);
    _DN_K(sq_rescale)(tu, sc, n);
    _DN_K(tone_minus_sq_w)(tw, tu, -1.0, sc, 1, n, w3);
    _DN_K(tinteg_div_w)(tr, _DN_M(acosh)(u[0]), tu, tw, n, w3);
    _DN_K(from_t)(r, tr, n);
}

/* w = sc^2 + u^2 (or its square root). Scratch: ws, _DN_WN(1, n). */
static inline void _DN_K(tone_plus_sq_w)(_DN_R *restrict w, const _DN_R *restrict tu, _DN_S sc,
                                      int root, unsigned n, _DN_R *restrict ws)
{
    _DN_R *sq = ws;
    _DN_K(tmul)(w, tu, tu, n);
    w[0] += sc * sc;
    if (root) {
        _DN_K(tsqrt)(sq, _DN_M(hypot)(sc, tu[0]), w, n);
        for (unsigned k = 0; k <= n; k++) w[k] = sq[k];
    }
}

/** r = atan(u). Scratch: _DN_W_atan(n). */
#define _DN_W_atan(n) _DN_WN(5, n)
static inline void _DN_K(atan_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tw = ws + _DN_ST(n), *tr = ws + 2 * _DN_ST(n), *w3 = ws + 3 * _DN_ST(n);
    _DN_S sc = _DN_K(sq_scale)(u[0]);
    _DN_K(to_t)(tu, u, n);
    _DN_K(sq_rescale)(tu, sc, n);
    _DN_K(tone_plus_sq_w)(tw, tu, sc, 0, n, w3);
    _DN_K(sq_rescale)(tu, sc, n); /* the numerator as w: sc^2 */
    _DN_K(tinteg_div_w)(tr, _DN_M(atan)(u[0]), tu, tw, n, w3);
    _DN_K(from_t)(r, tr, n);
}

/** r = asinh(u). Scratch: _DN_W_asinh(n). */
#define _DN_W_asinh(n) _DN_WN(5, n)
static inline void _DN_K(asinh_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tw = ws + _DN_ST(n), *tr = ws + 2 * _DN_ST(n), *w3 = ws + 3 * _DN_ST(n);
    _DN_S sc = _DN_K(sq_scale)(u[0]);
    _DN_K(to_t)(tu, u, n);
    _DN_K(sq_rescale)(tu, sc, n);
    _DN_K(tone_plus_sq_w)(tw, tu, sc, 1, n, w3);
    _DN_K(tinteg_div_w)(tr, _DN_M(asinh)(u[0]), tu, tw, n, w3);
    _DN_K(from_t)(r, tr, n);
}

#if !_DN_LANE_BODY /* the wide two-argument kernels */
/** r = atan2(y, x) (C argument order): integral of (x y' - y x') / (x^2 + y^2) with the
 *  value atan2(y0, x0), in extended precision (kernel_wide.h). (0, 0) gives NaN
 *  derivatives. Scratch: ww, _DN_WW_atan2(n) wide (ws unused). */
#define _DN_W_atan2(n) 1
#define _DN_WW_atan2(n) _DN_WN(8, n)
static inline void _DN_K(atan2_w)(_DN_R *r, const _DN_R *y, const _DN_R *x, unsigned n,
                               _DN_R *restrict ws, _DN_K(wide) *restrict ww)
{
    (void)ws;
    if (n == 0) {
        r[0] = _DN_M(atan2)(y[0], x[0]);
        return;
    }
    _DN_K(wide) *wy = ww, *wx = ww + _DN_ST(n), *dy = ww + 2 * _DN_ST(n), *dx = ww + 3 * _DN_ST(n);
    _DN_K(wide) *p = ww + 4 * _DN_ST(n), *q = ww + 5 * _DN_ST(n), *den = ww + 6 * _DN_ST(n);
    _DN_K(wide) *sq = ww + 7 * _DN_ST(n);
    _DN_K(to_w)(wy, y, n);
    _DN_K(to_w)(wx, x, n);
    _DN_K(wdiff)(dy, wy, n);
    _DN_K(wdiff)(dx, wx, n);
    _DN_K(wmul)(p, wx, dy, n - 1);
    _DN_K(wmul)(q, wy, dx, n - 1);
    for (unsigned k = 0; k < n; k++) p[k] = _DN_K(wsub)(p[k], q[k]);
    _DN_K(wmul)(den, wx, wx, n);
    _DN_K(wmul)(sq, wy, wy, n);
    for (unsigned k = 0; k <= n; k++) den[k] = _DN_K(wadd)(den[k], sq[k]);
    _DN_K(wdiv)(q, p, den, n - 1);
    _DN_K(winteg)(sq, _DN_M(atan2)(y[0], x[0]), q, n);
    _DN_K(from_w)(r, sq, n);
}

/** r = hypot(a, b) = sqrt(a^2 + b^2) without overflow in the value, in extended
 *  precision (kernel_wide.h). (0, 0) gives NaN derivatives.
 *  Scratch: ww, _DN_WW_hypot(n) wide (ws unused). */
#define _DN_W_hypot(n) 1
#define _DN_WW_hypot(n) _DN_WN(4, n)
static inline void _DN_K(hypot_w)(_DN_R *r, const _DN_R *a, const _DN_R *b, unsigned n,
                               _DN_R *restrict ws, _DN_K(wide) *restrict ww)
{
    _DN_K(wide) *wa = ww, *wb = ww + _DN_ST(n), *s = ww + 2 * _DN_ST(n), *sq = ww + 3 * _DN_ST(n);
    (void)ws;
    _DN_K(to_w)(wa, a, n);
    _DN_K(to_w)(wb, b, n);
    _DN_K(wmul)(s, wa, wa, n);
    _DN_K(wmul)(sq, wb, wb, n);
    for (unsigned k = 0; k <= n; k++) s[k] = _DN_K(wadd)(s[k], sq[k]);
    /* the value rounded to double would perturb a^2 + b^2 by 1e-16 relative, which the
     * higher orders can amplify (hypot(2x^2+x, x^3-x/2+1) at x = -1.5: 8e-14 at order 7);
     * so the head is the wide square root of the wide sum where that is in range */
    _DN_R h = _DN_M(hypot)(a[0], b[0]);
    _DN_K(wsqrt)(sq, _DN_K(wsqrt_head)(s[0], h), s, n);
    _DN_K(from_w)(r, sq, n);
    r[0] = h; /* the value is libm's, as everywhere (the wide head may round otherwise) */
}
#endif /* !_DN_LANE_BODY */
