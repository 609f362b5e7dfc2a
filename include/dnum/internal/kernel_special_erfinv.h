/* dnum/internal/kernel_special_erfinv.h -- the inverse error functions erfinv and erfcinv: the values,
 * the point series and the one-variable kernels by the ODE.
 * Part of the special-function kernels of dnum/internal/kernel_special.h (internal, not
 * API-stable): included by it once per element type, never alone. */
#ifndef DNI_KERNEL_BODY
#error                                                                                     \
    "dnum/internal/kernel_special_erfinv.h is a part of dnum/internal/kernel.h: include that instead"
#endif

/* ------------------------------------------------------------------------------------ */
/* Inverse error functions.                                                               */

/** erfcinv(q) for 0 <= q <= 2: Newton on log erfc(y) = log q for q < 1/2 (no underflow,
 *  relative accuracy in the tail), else through erfinv(1 - q) (exact difference). */
static inline DNI_R DNI_K(erfcinv_val)(DNI_R q);

/** erfinv(x) for |x| <= 1: Halley on erf(y) = x for |x| <= 1/2, else erfcinv(1 - |x|)
 *  (exact difference). |x| > 1: NaN; +-1: +-Inf. */
static inline DNI_R DNI_K(erfinv_val)(DNI_R x)
{
    DNI_R a = DNI_M(fabs)(x);
    if (!(a <= 1.0)) return NAN;
    if (a > 0.5) return DNI_M(copysign)(DNI_K(erfcinv_val)(1.0 - a), x);
    if (x == 0.0) return x;
    DNI_R y = x * 0.886226925452758; /* sqrt(pi)/2 x, the first term of the series */
    for (int it = 0; it < 60; it++) {
        DNI_R f = DNI_M(erf)(y) - x, fp = DNI_2_SQRTPI * DNI_M(exp)(-y * y);
        DNI_R dy = f / (fp + y * f);
        y -= dy;
        if (!(DNI_M(fabs)(dy) > (DNI_EPS * 0.5) * DNI_M(fabs)(y))) break;
    }
    return y;
}

static inline DNI_R DNI_K(erfcinv_val)(DNI_R q)
{
    if (!(q >= 0.0 && q <= 2.0)) return NAN;
    if (q > 1.0) return -DNI_K(erfcinv_val)(2.0 - q);
    if (q >= 0.5) return DNI_K(erfinv_val)(1.0 - q);
    if (q == 0.0) return INFINITY;
    DNI_R l = -DNI_M(log)(q), t = l - 0.5 * DNI_M(log)(DNI_SP_PI * l);
    DNI_R y = t > 0.25 ? DNI_M(sqrt)(t) : 0.5, lq = DNI_M(log)(q);
    for (int it = 0; it < 60; it++) {
        DNI_R ec = DNI_M(erfc)(y);
        /* g = log erfc(y) - log q, g' = -(2/sqrt(pi)) e^-y^2 / erfc(y) */
        DNI_R g = DNI_M(log)(ec) - lq, gp = -DNI_2_SQRTPI * DNI_M(exp)(-y * y) / ec;
        if (!(gp < 0.0)) break;
        DNI_R dy = g / gp;
        y -= dy;
        if (!(DNI_M(fabs)(dy) > (DNI_EPS * 0.5) * DNI_M(fabs)(y))) break;
    }
    return y;
}

/** h = the series of erfinv (sg = +1, at x) or erfcinv (sg = -1, at q) from
 *  Y' = sg (sqrt(pi)/2) E, E = exp(Y^2): E by the exp recurrence on Q = Y^2. Endpoints:
 *  the one-sided limits (+-Inf, derivatives +-Inf). */
DNI_SP_OUTLINE void DNI_K(s_erfinv_w)(DNI_R *h, DNI_R x, DNI_R sg, unsigned n, DNI_R *ws)
{
    DNI_R y0 = sg > 0 ? DNI_K(erfinv_val)(x) : DNI_K(erfcinv_val)(x);
    h[0] = y0;
    if (!isfinite(y0)) {                    /* endpoints (from inside) or NaN */
        for (unsigned k = 1; k <= n; k++) { /* erfinv: +Inf at 1, (-1)^(k+1) Inf at -1 */
            DNI_R b = (y0 > 0 || k % 2) ? 1.0 : -1.0;
            if (sg < 0 && k % 2) b = -b; /* erfcinv(q) = erfinv(1 - q) */
            h[k] = isnan(y0) ? y0 : b * INFINITY;
        }
        return;
    }
    DNI_R *q = ws, *e = ws + DNI_ST(n),
          c = sg * DNI_C(0.886226925452758013649083741670572591);
    q[0] = y0 * y0;
    e[0] = DNI_M(exp)(q[0]);
    for (unsigned m = 0; m < n; m++) {
        if (m) {
            DNI_R s = 0.0;
            for (unsigned j = 1; j <= m; j++) s += (DNI_R)j * q[j] * e[m - j];
            e[m] = s * DNI_INV(m);
        }
        h[m + 1] = c * e[m] * DNI_INV(m + 1);
        DNI_R s = 0.0; /* q[m+1] = sum_{j=0..m+1} h[j] h[m+1-j] */
        for (unsigned j = 0; j <= m + 1; j++) s += h[j] * h[m + 1 - j];
        q[m + 1] = s;
    }
}

static inline void DNI_K(terfinv_w)(DNI_R *restrict f, DNI_R y0, DNI_R c,
                                    const DNI_R *restrict u, unsigned n, DNI_R *restrict ws)
{
    DNI_R *du = ws, *q = ws + DNI_ST(n), *e = ws + 2 * DNI_ST(n);
    f[0] = y0;
    q[0] = y0 * y0;
    e[0] = DNI_M(exp)(q[0]);
    for (unsigned m = 0; m < n; m++) {
        du[m] = (DNI_R)(m + 1) * u[m + 1];
        if (m) {
            DNI_R s = 0.0;
            for (unsigned j = 1; j <= m; j++) s += (DNI_R)j * q[j] * e[m - j];
            e[m] = s * DNI_INV(m);
        }
        DNI_R s = 0.0;
        for (unsigned j = 0; j <= m; j++) s += e[j] * du[m - j];
        f[m + 1] = c * s * DNI_INV(m + 1);
        s = 0.0;
        for (unsigned j = 0; j <= m + 1; j++) s += f[j] * f[m + 1 - j];
        q[m + 1] = s;
    }
}

/** r = erfinv(u); |u0| > 1 NaN, +-1 the one-sided limits. Scratch: DNI_W_erfinv(n). */
static inline void DNI_K(erfinv_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    DNI_R y0 = DNI_K(erfinv_val)(u[0]);
    if (!isfinite(y0)) {
        DNI_K(erfinv_c_w)(r, u, n, ws);
        return;
    }
    DNI_R *tu = ws, *tr = ws + DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    DNI_K(terfinv_w)(tr, y0, DNI_C(0.886226925452758013649083741670572591), tu, n,
                     ws + 2 * DNI_ST(n));
    DNI_K(from_t)(r, tr, n);
}

/** r = erfcinv(u); u0 outside [0, 2] NaN, 0 and 2 the one-sided limits.
 *  Scratch: DNI_W_erfcinv(n). */
static inline void DNI_K(erfcinv_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    DNI_R y0 = DNI_K(erfcinv_val)(u[0]);
    if (!isfinite(y0)) {
        DNI_K(erfcinv_c_w)(r, u, n, ws);
        return;
    }
    DNI_R *tu = ws, *tr = ws + DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    DNI_K(terfinv_w)(tr, y0, -DNI_C(0.886226925452758013649083741670572591), tu, n,
                     ws + 2 * DNI_ST(n));
    DNI_K(from_t)(r, tr, n);
}
