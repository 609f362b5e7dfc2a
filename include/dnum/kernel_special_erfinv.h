/* dnum/kernel_special_erfinv.h -- the inverse error functions erfinv and erfcinv: the values,
 * the point series and the one-variable kernels by the ODE.
 * Part of the special-function kernels of dnum/kernel_special.h (internal, not
 * API-stable): included by it once per element type, never alone. */
#ifndef _DN_KERNEL_BODY
#error "dnum/kernel_special_erfinv.h is a part of dnum/kernel.h: include that instead"
#endif

/* ------------------------------------------------------------------------------------ */
/* Inverse error functions.                                                               */

/** erfcinv(q) for 0 <= q <= 2: Newton on log erfc(y) = log q for q < 1/2 (no underflow,
 *  relative accuracy in the tail), else through erfinv(1 - q) (exact difference). */
static inline _DN_R _DN_K(erfcinv_val)(_DN_R q);

/** erfinv(x) for |x| <= 1: Halley on erf(y) = x for |x| <= 1/2, else erfcinv(1 - |x|)
 *  (exact difference). |x| > 1: NaN; +-1: +-Inf. */
static inline _DN_R _DN_K(erfinv_val)(_DN_R x)
{
    _DN_R a = _DN_M(fabs)(x);
    if (!(a <= 1.0)) return NAN;
    if (a > 0.5) return _DN_M(copysign)(_DN_K(erfcinv_val)(1.0 - a), x);
    if (x == 0.0) return x;
    _DN_R y = x * 0.886226925452758; /* sqrt(pi)/2 x, the first term of the series */
    for (int it = 0; it < 60; it++) {
        _DN_R f = _DN_M(erf)(y) - x, fp = _DN_2_SQRTPI * _DN_M(exp)(-y * y);
        _DN_R dy = f / (fp + y * f);
        y -= dy;
        if (!(_DN_M(fabs)(dy) > (_DN_EPS * 0.5) * _DN_M(fabs)(y))) break;
    }
    return y;
}

static inline _DN_R _DN_K(erfcinv_val)(_DN_R q)
{
    if (!(q >= 0.0 && q <= 2.0)) return NAN;
    if (q > 1.0) return -_DN_K(erfcinv_val)(2.0 - q);
    if (q >= 0.5) return _DN_K(erfinv_val)(1.0 - q);
    if (q == 0.0) return INFINITY;
    _DN_R l = -_DN_M(log)(q), t = l - 0.5 * _DN_M(log)(_DN_SP_PI * l);
    _DN_R y = t > 0.25 ? _DN_M(sqrt)(t) : 0.5, lq = _DN_M(log)(q);
    for (int it = 0; it < 60; it++) {
        _DN_R ec = _DN_M(erfc)(y);
        /* g = log erfc(y) - log q, g' = -(2/sqrt(pi)) e^-y^2 / erfc(y) */
        _DN_R g = _DN_M(log)(ec) - lq, gp = -_DN_2_SQRTPI * _DN_M(exp)(-y * y) / ec;
        if (!(gp < 0.0)) break;
        _DN_R dy = g / gp;
        y -= dy;
        if (!(_DN_M(fabs)(dy) > (_DN_EPS * 0.5) * _DN_M(fabs)(y))) break;
    }
    return y;
}

/** h = the series of erfinv (sg = +1, at x) or erfcinv (sg = -1, at q) from
 *  Y' = sg (sqrt(pi)/2) E, E = exp(Y^2): E by the exp recurrence on Q = Y^2. Endpoints:
 *  the one-sided limits (+-Inf, derivatives +-Inf). */
_DN_SP_OUTLINE void _DN_K(s_erfinv_w)(_DN_R *h, _DN_R x, _DN_R sg, unsigned n, _DN_R *ws)
{
    _DN_R y0 = sg > 0 ? _DN_K(erfinv_val)(x) : _DN_K(erfcinv_val)(x);
    h[0] = y0;
    if (!isfinite(y0)) { /* endpoints (from inside) or NaN */
        for (unsigned k = 1; k <= n; k++) { /* erfinv: +Inf at 1, (-1)^(k+1) Inf at -1 */
            _DN_R b = (y0 > 0 || k % 2) ? 1.0 : -1.0;
            if (sg < 0 && k % 2) b = -b; /* erfcinv(q) = erfinv(1 - q) */
            h[k] = isnan(y0) ? y0 : b * INFINITY;
        }
        return;
    }
    _DN_R *q = ws, *e = ws + _DN_ST(n), c = sg * _DN_C(0.886226925452758013649083741670572591);
    q[0] = y0 * y0;
    e[0] = _DN_M(exp)(q[0]);
    for (unsigned m = 0; m < n; m++) {
        if (m) {
            _DN_R s = 0.0;
            for (unsigned j = 1; j <= m; j++) s += (_DN_R)j * q[j] * e[m - j];
            e[m] = s * _DN_INV(m);
        }
        h[m + 1] = c * e[m] * _DN_INV(m + 1);
        _DN_R s = 0.0; /* q[m+1] = sum_{j=0..m+1} h[j] h[m+1-j] */
        for (unsigned j = 0; j <= m + 1; j++) s += h[j] * h[m + 1 - j];
        q[m + 1] = s;
    }
}


static inline void _DN_K(terfinv_w)(_DN_R *restrict f, _DN_R y0, _DN_R c,
                                 const _DN_R *restrict u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *du = ws, *q = ws + _DN_ST(n), *e = ws + 2 * _DN_ST(n);
    f[0] = y0;
    q[0] = y0 * y0;
    e[0] = _DN_M(exp)(q[0]);
    for (unsigned m = 0; m < n; m++) {
        du[m] = (_DN_R)(m + 1) * u[m + 1];
        if (m) {
            _DN_R s = 0.0;
            for (unsigned j = 1; j <= m; j++) s += (_DN_R)j * q[j] * e[m - j];
            e[m] = s * _DN_INV(m);
        }
        _DN_R s = 0.0;
        for (unsigned j = 0; j <= m; j++) s += e[j] * du[m - j];
        f[m + 1] = c * s * _DN_INV(m + 1);
        s = 0.0;
        for (unsigned j = 0; j <= m + 1; j++) s += f[j] * f[m + 1 - j];
        q[m + 1] = s;
    }
}

/** r = erfinv(u); |u0| > 1 NaN, +-1 the one-sided limits. Scratch: _DN_W_erfinv(n). */
static inline void _DN_K(erfinv_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)
{
    _DN_R y0 = _DN_K(erfinv_val)(u[0]);
    if (!isfinite(y0)) {
        _DN_K(erfinv_c_w)(r, u, n, ws);
        return;
    }
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(terfinv_w)(tr, y0, _DN_C(0.886226925452758013649083741670572591), tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/** r = erfcinv(u); u0 outside [0, 2] NaN, 0 and 2 the one-sided limits.
 *  Scratch: _DN_W_erfcinv(n). */
static inline void _DN_K(erfcinv_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *ws)
{
    _DN_R y0 = _DN_K(erfcinv_val)(u[0]);
    if (!isfinite(y0)) {
        _DN_K(erfcinv_c_w)(r, u, n, ws);
        return;
    }
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(terfinv_w)(tr, y0, -_DN_C(0.886226925452758013649083741670572591), tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}
