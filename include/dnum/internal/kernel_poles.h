/* dnum/internal/kernel_poles.h -- zeros and poles: the one rule of every function at a point
 * where an operand's leading coefficients vanish (docs/errors.md).
 * Part of the kernel body of dnum/internal/kernel.h (internal, not API-stable): included by it
 * once per element type (DNI_R, DNI_K, ... of kernel.h; src/kernel_ext.h), never alone. */
#ifndef DNI_KERNEL_BODY
#error                                                                                     \
    "dnum/internal/kernel_poles.h is a part of dnum/internal/kernel.h: include that instead"
#endif
#if !DNI_LANE_BODY /* the zero and pole rules: scalar code */

/* ------------------------------------------------------------------------------------ */
/* Zeros and poles: one rule for every function (docs/errors.md, "Zeros and poles").     */
/*
 * At a point where an operand's leading coefficients are exact zeros (u = z^m v near the
 * point, v0 != 0, z the distance to it), a power u^p, sqrt, cbrt, a quotient and log are
 * written as z^q W(z) (or m log z + log v) and their derivatives follow from that:
 *  - analytic result (q a nonnegative integer and both sides agree): the exact series;
 *    orders that the truncated operands do not determine (W is known only to order n - m)
 *    are NaN, never a guess;
 *  - pole (q < 0, log): the one-sided limits at z -> +0, as IEEE's 1/+0 = +Inf
 *    (1/x: +Inf, -Inf, +Inf, ...; log x: -Inf, +Inf, -Inf, ...);
 *  - branch point, q > 0 not an integer: 0 below q, above it the one-sided limits (+-Inf)
 *    at +0 as for poles (sqrt x: 0, +Inf, -Inf, +Inf, ...);
 *  - no derivative, |z|^q with q an odd integer ((x^2)^(1/2) = |x|): 0 below q, NaN from
 *    order q on (both one-sided derivatives are finite and differ: neither is the answer).
 * A function defined on the left side only (sqrt(-x)) is described by its limits at -0;
 * one defined on neither side (sqrt(-x^2)) has NaN derivatives.
 */

/** The index of the first nonzero coefficient of t[0..n]; n + 1 when all are zero. */
static inline unsigned DNI_K(tlead)(const DNI_R *t, unsigned n)
{
    unsigned m = 0;
    while (m <= n && t[m] == 0.0) m++;
    return m;
}

/** Whether the zero of order m of t (t[0..m-1] = 0, t[m] != 0) may be a value that
 *  underflowed rather than an exact zero: t[m] is subnormal, or the series stays below the
 *  smallest normal number within its radius of convergence R (|t[m]| R^m < 2^DNI_MIN_EXP,
 *  R estimated from the later nonzero coefficients, |t[m] / t[j]|^(1/(j-m)) at its
 *  smallest). x*x at x = 1e-200 is 0 in double with t = 0, 2e-200, 1: its zero is not
 *  exact, and a limit taken from it would be a finite wrong number. Such zeros are
 *  treated as unknown (the IEEE result, NaN derivatives). m = 0 or m > n: no. */
static inline int DNI_K(tfaint)(const DNI_R *t, unsigned m, unsigned n)
{
    if (m == 0 || m > n) return 0;
    int em = DNI_M(ilogb)(t[m]);
    if (em < DNI_MIN_EXP) return 1;
    double r = INFINITY; /* log2 R, from the exponents */
    for (unsigned j = m + 1; j <= n; j++)
        if (t[j] != 0.0 && isfinite(t[j])) {
            double rj = (double)(em - DNI_M(ilogb)(t[j])) / (double)(j - m);
            if (rj < r) r = rj;
        }
    return (double)em + (double)m * r < (double)DNI_MIN_EXP;
}

/** The mirror image t(-z) of a series, in place: odd coefficients change sign. */
static inline void DNI_K(tmirror)(DNI_R *t, unsigned n)
{
    for (unsigned k = 1; k <= n; k += 2) t[k] = -t[k];
}

/** f[1..n] of c z^q + ... at z -> +0 for q not a nonnegative integer: 0 for k < q, else
 *  the sign of c q (q-1) ... (q-k+1) times Inf. */
static inline void DNI_K(tsingular)(DNI_R *f, DNI_R c, DNI_R q, unsigned n)
{
    DNI_R s = c;
    for (unsigned k = 1; k <= n; k++) {
        s *= q - (DNI_R)(k - 1) < 0.0 ? -1.0 : 1.0;
        f[k] = (DNI_R)k < q ? 0.0 : DNI_M(copysign)(INFINITY, s);
    }
}

/** f = u^p at u0 = 0 (normalised, f does not alias u). mode 0: real p, u^p defined for
 *  u >= 0 (pow); 1: p = 1/3, the real cube root; 2: integer p (defined on both sides).
 *  f0 = pow(0, p) (or cbrt(0)) is the caller's. */
DNI_COLD static void DNI_K(tpow_zero_w)(DNI_R *restrict f, DNI_R f0, DNI_R p, int mode,
                                        const DNI_R *restrict u, unsigned n,
                                        DNI_R *restrict ws, DNI_K(wide) *restrict ww)
{
    unsigned m = DNI_K(tlead)(u, n);
    if (DNI_K(tfaint)(u, m, n)) { /* maybe an underflow: the value as libm gives it, the
                                   * derivatives unknown (NaN) */
        f[0] = f0;
        for (unsigned k = 1; k <= n; k++) f[k] = NAN;
        return;
    }
    if (m > n || !isfinite(u[m])) { /* u = 0 to order n (or unknown): composed as before */
        DNI_K(tpow_at0_w)(f, p, u, n, ws);
        f[0] = f0;
        return;
    }
    /* DNI_WN(2, n); in all DNI_WN(6, n), wide DNI_WN(3, n) */
    DNI_R *v = ws, *w = ws + DNI_ST(n);
    DNI_R v0 = u[m], q = (DNI_R)m * p;
    int right = mode || v0 > 0.0, left = mode || ((m & 1u) ? v0 < 0.0 : v0 > 0.0);
    f[0] = f0;
    for (unsigned k = 1; k <= n; k++) f[k] = NAN;
    if (!right && !left) return; /* u < 0 on both sides: no real power near the point */
    for (unsigned j = 0; j <= n - m; j++) v[j] = u[m + j];
    if (!right) { /* the left side z < 0 as the right side of u(-z): v(-z) (-1)^m */
        DNI_K(tmirror)(v, n - m);
        if (m & 1u)
            for (unsigned j = 0; j <= n - m; j++) v[j] = -v[j];
    }
    DNI_R w0 = mode == 1 ? DNI_M(cbrt)(v[0]) : DNI_M(pow)(v[0], p);
    int both = right && left && mode != 2;
    unsigned eps = mode == 1 ? m : 0; /* the left side differs by (-1)^(k + eps) */
    /* m p is an integer when 1/p divides m; in a type wider than double p (1/3 to 106
     * bits) makes m p miss it by an ulp: within 2^-90 of an integer counts (in double,
     * only the integer itself is that close) */
    DNI_R qr = DNI_M(floor)(q + 0.5);
    if (DNI_M(fabs)(q - qr) <= 0x1p-90 * DNI_M(fabs)(q)) q = qr;
    if (q == DNI_M(floor)(q) && q >= 0.0) {
        if (q > (DNI_R)n) { /* z^q: zero to order n */
            for (unsigned k = 1; k <= n; k++) f[k] = 0.0;
        } else {
            unsigned iq = (unsigned)q;
            DNI_K(tpow_wide_w)(w, w0, p, v, n - m, ww); /* W = v^p to order n - m */
            for (unsigned k = 1; k <= n; k++)
                f[k] = k < iq                        ? 0.0
                       : (both && ((iq + eps) & 1u)) ? NAN
                       : (k - iq <= n - m)           ? w[k - iq]
                                                     : NAN;
        }
    } else {
        DNI_K(tsingular)(f, w0, q, n);
    }
    if (!right) DNI_K(tmirror)(f, n);
}

/** c = a / b at b0 = 0 (normalised, no aliasing): b = z^m v. A numerator with a zero of
 *  order >= m gives the quotient of the shifted series (orders above n - m NaN); else a
 *  pole of order m - ma with the limits at +0. b = 0 to order n: IEEE division. */
DNI_COLD static void DNI_K(tdiv_zero_w)(DNI_R *restrict c, const DNI_R *restrict a,
                                        const DNI_R *restrict b, unsigned n,
                                        DNI_R *restrict ws)
{
    unsigned m = DNI_K(tlead)(b, n), ma = DNI_K(tlead)(a, n);
    /* b = 0 to order n, or leading coefficients that are not finite (an Inf or NaN from
     * an earlier singularity), or a zero that may be an underflow: IEEE division, no
     * limit is taken from unknown numbers */
    if (m > n || !isfinite(b[m]) || (ma <= n && !isfinite(a[ma])) ||
        DNI_K(tfaint)(b, m, n) || DNI_K(tfaint)(a, ma, n)) {
        DNI_K(tdiv)(c, a, b, n);
        return;
    }
    if (ma >= m) {
        DNI_R *as = ws, *bs = ws + DNI_ST(n); /* DNI_WN(2, n) */
        for (unsigned j = 0; j <= n - m; j++) {
            as[j] = a[m + j];
            bs[j] = b[m + j];
        }
        DNI_K(tdiv)(c, as, bs, n - m);
        for (unsigned k = n - m + 1; k <= n; k++) c[k] = NAN;
        return;
    }
    DNI_R w0 = a[ma] / b[m];
    /* the value as IEEE gives it */
    c[0] = ma == 0 ? a[0] / b[0] : DNI_M(copysign)(INFINITY, w0);
    DNI_K(tsingular)(c, w0, (DNI_R)ma - (DNI_R)m, n);
}

/* c = a / b for the rare divisors of DNI_DIV_RARE: the zero rule at b0 = 0, else the
 * scaled quotient */
DNI_COLD static void DNI_K(tdiv_rare_w)(DNI_R *restrict c, const DNI_R *restrict a,
                                        const DNI_R *restrict b, unsigned n,
                                        DNI_R *restrict ws)
{
    if (b[0] == 0.0) DNI_K(tdiv_zero_w)(c, a, b, n, ws); /* a pole or a removable zero */
    else DNI_K(tdiv_sub)(c, a, b, n);
}

/** f = log(w) at w0 = 0 (normalised): -Inf and the pole's limits m (-1)^(k-1) Inf / z^k at
 *  +0 (or at -0 where w < 0 on the right); NaN where w < 0 on both sides. */
DNI_COLD static void DNI_K(tlog_zero)(DNI_R *f, const DNI_R *w, unsigned n)
{
    unsigned m = DNI_K(tlead)(w, n);
    f[0] = -INFINITY;
    if (m > n || DNI_K(tfaint)(w, m, n)) { /* w = 0 to order n, or maybe an underflow */
        for (unsigned k = 1; k <= n; k++) f[k] = NAN;
        return;
    }
    int right = w[m] > 0.0, left = (m & 1u) ? w[m] < 0.0 : w[m] > 0.0; /* NaN: neither */
    for (unsigned k = 1; k <= n; k++)
        f[k] = right ? ((k & 1u) ? INFINITY : -INFINITY) : left ? -INFINITY : NAN;
}

/* f = log(w) for the rare w0 of DNI_DIV_RARE: the pole rule at w0 = 0, else the series
 * with the scaled quotient; ws: DNI_WN(2, n) */
DNI_COLD static void DNI_K(tlog_rare_w)(DNI_R *restrict f, const DNI_R *restrict w,
                                        unsigned n, DNI_R *restrict ws)
{
    if (w[0] == 0.0) DNI_K(tlog_zero)(f, w, n);
    else DNI_K(tinteg_div_w)(f, DNI_M(log)(w[0]), w, w, n, ws);
}

/** f = f0 + c delta^(1/2) (1 + O(delta)) at a branch point of asin, acos, acosh: delta,
 *  zero at the point, must be >= 0 (normalised, order n). */
DNI_COLD static void DNI_K(tbranch_sqrt)(DNI_R *f, DNI_R f0, DNI_R c, const DNI_R *delta,
                                         unsigned n)
{
    unsigned m = DNI_K(tlead)(delta, n);
    f[0] = f0;
    if (m > n || DNI_K(tfaint)(delta, m, n)) { /* delta = 0 to order n (or maybe an
                                                * underflow): nothing is known */
        for (unsigned k = 1; k <= n; k++) f[k] = NAN;
        return;
    }
    DNI_R v0 = delta[m];
    int right = v0 > 0.0, left = (m & 1u) ? v0 < 0.0 : v0 > 0.0;
    if (!right && !left) {
        for (unsigned k = 1; k <= n; k++) f[k] = NAN;
        return;
    }
    if (m & 1u) { /* one side only: the limits of c sqrt(|v0|) |z|^(m/2) there */
        DNI_K(tsingular)(f, c * DNI_M(sqrt)(DNI_M(fabs)(v0)), 0.5 * (DNI_R)m, n);
        if (!right) DNI_K(tmirror)(f, n);
    } else { /* both sides, |z|^(m/2) sqrt(v): 0 below m/2; above, not resolved here */
        for (unsigned k = 1; k <= n; k++) f[k] = (2 * k < m) ? 0.0 : NAN;
    }
}
#endif /* !DNI_LANE_BODY */
