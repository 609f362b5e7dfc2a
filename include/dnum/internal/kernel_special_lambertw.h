/* dnum/internal/kernel_special_lambertw.h -- Lambert W on both branches (lambertw, lambertwm1): the
 * value by Newton/Halley, the point series, and the one-variable kernels by the ODE.
 * Part of the special-function kernels of dnum/internal/kernel_special.h (internal, not
 * API-stable): included by it once per element type, never alone. */
#ifndef DNI_KERNEL_BODY
#error                                                                                     \
    "dnum/internal/kernel_special_lambertw.h is a part of dnum/internal/kernel.h: include that instead"
#endif

/* ------------------------------------------------------------------------------------ */
/* Lambert W.                                                                              */

/** W(x) on the branch 0 (br = 0, x >= -1/e) or -1 (br = -1, -1/e <= x < 0), by Newton on
 *  w + log w = log x away from the branch point and Halley on w e^w = x near it, from a
 *  series or asymptotic start. x up to 2^-55 below -1/e counts as the branch point
 *  (-1/e itself is not a double). Outside the domain NaN; W_-1(0) = -Inf. */
static inline DNI_R DNI_K(lambertw_val)(DNI_R x, int br)
{
    const DNI_R em_hi = 0.36787944117144233, em_lo = -1.2428753672788363e-17; /* 1/e */
    if (isnan(x)) return x;
    DNI_R d = (x + em_hi) + em_lo; /* x + 1/e, the first sum exact near -1/e */
    if (d < -0x1p-55 || (br && x > 0.0)) return NAN;
    if (d <= 0.0) return -1.0;
    if (br && x == 0.0) return -INFINITY;
    if (!br && (x == 0.0 || isinf(x))) return x;
    DNI_R p = DNI_M(sqrt)(2.0 * 2.718281828459045 * d), w;
    int logform = br ? x > -0.25 : x > 2.0;
    if (p < 0.8) {
        DNI_R q = br ? -p : p;
        w = -1.0 + q * (1.0 + q * (-1.0 / 3.0 + q * (11.0 / 72.0 + q * (-43.0 / 540.0))));
    } else if (logform) {
        DNI_R l1 = br ? DNI_M(log)(-x) : DNI_M(log)(x), l2 = DNI_M(log)(br ? -l1 : l1);
        w = l1 - l2 + l2 / l1;
    } else {
        w = DNI_M(log1p)(x);
    }
    for (int it = 0; it < 60; it++) {
        DNI_R dw;
        if (logform) { /* Newton on w + log|w| - log|x| */
            DNI_R g = w + DNI_M(log)(DNI_M(fabs)(w)) - DNI_M(log)(DNI_M(fabs)(x));
            dw = g / (1.0 + 1.0 / w);
        } else { /* Halley on w e^w - x */
            DNI_R e = DNI_M(exp)(w), f = w * e - x, w1 = w + 1.0;
            if (w1 == 0.0) break;
            dw = f / (e * w1 - (w + 2.0) * f / (2.0 * w1));
        }
        w -= dw;
        if (!(DNI_M(fabs)(dw) > DNI_EPS * DNI_M(fabs)(w))) break;
    }
    return w;
}

/** h = the series of W at x on branch br from (1 + W) W' = e^-W:
 *  (m+1)(1 + w0) W[m+1] = E[m] - sum_{j=1..m} W[j] (m+1-j) W[m+1-j], E = e^-W by the exp
 *  recurrence. Branch point: -1, then +Inf, -Inf, ... (W_0) or -Inf, +Inf, ... (W_-1);
 *  W_-1 at 0: -Inf everywhere (W_-1 ~ log(-x) from the left). */
DNI_SP_OUTLINE void DNI_K(s_lambertw_w)(DNI_R *h, DNI_R x, int br, unsigned n, DNI_R *ws)
{
    DNI_R w0 = DNI_K(lambertw_val)(x, br);
    if (w0 == -1.0) {
        /* W_0 ~ -1 + sqrt(z), W_-1 ~ -1 - sqrt(z) */
        DNI_K(sp_pole)(h, br ? 1.0 : -1.0, 0, n);
        h[0] = -1.0;
        return;
    }
    if (isnan(w0) || isinf(w0)) {
        h[0] = w0;
        for (unsigned k = 1; k <= n; k++) h[k] = w0 == INFINITY ? 0.0 : w0;
        return;
    }
    DNI_R *e = ws, a0 = 1.0 + w0; /* DNI_WN(1, n) */
    h[0] = w0;
    e[0] = x != 0.0 ? w0 / x : 1.0; /* e^-W = W/x */
    for (unsigned m = 0; m < n; m++) {
        if (m) {
            DNI_R s = 0.0;
            for (unsigned j = 1; j <= m; j++) s += (DNI_R)j * h[j] * e[m - j];
            e[m] = -s * DNI_INV(m);
        }
        DNI_R s = e[m];
        for (unsigned j = 1; j <= m; j++) s -= h[j] * (DNI_R)(m + 1 - j) * h[m + 1 - j];
        h[m + 1] = s * DNI_INV(m + 1) / a0;
    }
}

/* The one-variable Lambert W and inverse error functions run their differential
 * equations on the argument's coefficients directly (O(n^2), and more accurate than the
 * composition at composite arguments); the branch point, the endpoints and points
 * outside the domain go through the composition (the pole rule). */

/* f = W(u), f[0] = w0 finite, w0 != -1: (1 + W) W' = e^-W u', E = e^-W by the exp
 * recurrence E' = -W' E:  (1 + w0) W'[m] = sum_j E[j] u'[m-j] - sum_{j>=1} W[j] W'[m-j] */
static inline void DNI_K(tlambertw_w)(DNI_R *restrict f, DNI_R w0, DNI_R e0,
                                      const DNI_R *restrict u, unsigned n,
                                      DNI_R *restrict ws)
{
    DNI_R *du = ws, *dw = ws + DNI_ST(n), *e = ws + 2 * DNI_ST(n), ia = 1.0 / (1.0 + w0);
    f[0] = w0;
    e[0] = e0;
    for (unsigned m = 0; m < n; m++) {
        du[m] = (DNI_R)(m + 1) * u[m + 1];
        if (m) {
            DNI_R s = 0.0;
            for (unsigned j = 1; j <= m; j++) s += (DNI_R)j * f[j] * e[m - j];
            e[m] = -s * DNI_INV(m);
        }
        DNI_R s = 0.0;
        for (unsigned j = 0; j <= m; j++) s += e[j] * du[m - j];
        for (unsigned j = 1; j <= m; j++) s -= f[j] * dw[m - j];
        dw[m] = s * ia;
        f[m + 1] = dw[m] * DNI_INV(m + 1);
    }
}

static inline void DNI_K(lambertw_br_w)(DNI_R *r, const DNI_R *u, int br, unsigned n,
                                        DNI_R *ws)
{
    DNI_R w0 = DNI_K(lambertw_val)(u[0], br);
    if (!isfinite(w0) || w0 == -1.0) {
        if (br) DNI_K(lambertwm1_c_w)(r, u, n, ws);
        else DNI_K(lambertw_c_w)(r, u, n, ws);
        return;
    }
    DNI_R *tu = ws, *tr = ws + DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    DNI_K(tlambertw_w)(tr, w0, u[0] != 0.0 ? w0 / u[0] : 1.0, tu, n, ws + 2 * DNI_ST(n));
    DNI_K(from_t)(r, tr, n);
}

/** r = W_0(u), Lambert W on the principal branch. Scratch: DNI_W_lambertw(n). */
static inline void DNI_K(lambertw_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    DNI_K(lambertw_br_w)(r, u, 0, n, ws);
}

/** r = W_-1(u), the lower branch. Scratch: DNI_W_lambertwm1(n). */
static inline void DNI_K(lambertwm1_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    DNI_K(lambertw_br_w)(r, u, -1, n, ws);
}

/* f = erfinv(u) (c = sqrt(pi)/2) or erfcinv(u) (c = -sqrt(pi)/2), y0 finite:
 * Y' = c E u', E = exp(Y^2) by the exp recurrence on Q = Y^2 */
