/* dnum/internal/kernel_special_gamma.h -- the gamma family: lgamma, tgamma, digamma and polygamma
 * (their point series by the Hurwitz zeta sums, and the one-variable kernels by the shift).
 * Part of the special-function kernels of dnum/internal/kernel_special.h (internal, not
 * API-stable): included by it once per element type, never alone. */
#ifndef DNI_KERNEL_BODY
#error                                                                                     \
    "dnum/internal/kernel_special_gamma.h is a part of dnum/internal/kernel.h: include that instead"
#endif

/* ------------------------------------------------------------------------------------ */
/* Gamma family.                                                                          */

/* B_2j / (2j)! and B_2j / (2j), j = 1..10 (Bernoulli numbers) */
static const DNI_R DNI_K(sp_bf)[10] = {(DNI_R)1 / 6 / 2,
                                       -(DNI_R)1 / 30 / 24,
                                       (DNI_R)1 / 42 / 720,
                                       -(DNI_R)1 / 30 / 40320,
                                       (DNI_R)5 / 66 / 3628800,
                                       -(DNI_R)691 / 2730 / 479001600,
                                       (DNI_R)7 / 6 / 87178291200,
                                       -(DNI_R)3617 / 510 / 20922789888000,
                                       (DNI_R)43867 / 798 / 6402373705728000,
                                       -(DNI_R)174611 / 330 / 2432902008176640000};
static const DNI_R DNI_K(sp_bj)[10] = {
    (DNI_R)1 / 12,        -(DNI_R)1 / 120,      (DNI_R)1 / 252, -(DNI_R)1 / 240,
    (DNI_R)1 / 132,       -(DNI_R)691 / 32760,  (DNI_R)1 / 12,  -(DNI_R)3617 / 8160,
    (DNI_R)43867 / 14364, -(DNI_R)174611 / 6600};

/* psi(x), x > 0. It cancels (log X against the sum of 1/(x+i)), so it runs in the wide
 * type of kernel_wide.h (x87 long double or double-double): x + i and 1/(x+i) in wide,
 * X = x + N in [32, 33) and log X = 5 log 2 + log1p((X - 32)/32) with log 2 in two parts,
 * the Euler-Maclaurin tail (below 1e-3) in double. Larger x: the asymptotic series. */
static inline DNI_R DNI_K(digamma_pos_val)(DNI_R x)
{
    if (x >= 32.0) {
        DNI_R i2 = 1.0 / (x * x), p = i2, ps = 0.0;
        for (unsigned j = 0; j < 10; j++, p *= i2) ps += DNI_K(sp_bj)[j] * p;
        return DNI_M(log)(x) - 0.5 / x - ps;
    }
    unsigned N = (unsigned)DNI_M(floor)(32.0 - x) + 1; /* X = x + N in (32, 33] */
    DNI_K(wide) wx = DNI_K(wd)(x), X = DNI_K(wadd)(wx, DNI_K(wd)((DNI_R)N)),
                one = DNI_K(wd)(1.0);
    DNI_R t = DNI_K(wval)(DNI_K(wsub)(X, DNI_K(wd)(32.0))) / 32.0, Xd = DNI_K(wval)(X);
    DNI_R i2 = 1.0 / (Xd * Xd), p = i2, ps = 0.0;
    for (unsigned j = 0; j < 10; j++, p *= i2) ps += DNI_K(sp_bj)[j] * p;
    DNI_K(wide) v = DNI_K(wadd)(DNI_K(wd)(3.4657359027997265), /* 5 ln2 */
                                DNI_K(wd)(4.930038229799327e-18));
    v = DNI_K(wadd)(v, DNI_K(wd)(DNI_M(log1p)(t) - ps));
    v = DNI_K(wsub)(v, DNI_K(wmul1)(DNI_K(wdiv1)(one, X), 0.5));
    for (unsigned i = N; i-- > 0;)
        v = DNI_K(wsub)(v, DNI_K(wdiv1)(one, DNI_K(wadd)(wx, DNI_K(wd)((DNI_R)i))));
    return DNI_K(wval)(v);
}

/* The digamma series at x > 0: h[0] = psi(x), h[k] = psi^(k)(x)/k! = (-1)^(k+1) zeta(k+1, x)
 * (Hurwitz zeta). The sums run from x up to X = x + N >= 20 + n directly (smallest terms
 * first) and take the tail at X from the Euler-Maclaurin formula with 10 Bernoulli terms,
 * whose remainder is below 1e-17 of X^-s for s <= n + 1 at that X. */
static inline void DNI_K(s_digamma_pos)(DNI_R *h, DNI_R x, unsigned n)
{
    DNI_R X0 = DNI_DIGAMMA_X0(n);
    unsigned N = x < X0 ? (unsigned)DNI_M(ceil)(X0 - x) : 0;
    DNI_R X = x + (DNI_R)N, iX = 1.0 / X, iX2 = iX * iX;
    /* tails zeta(s, X), s = 2..n+1 (the value psi(x) separately, in wide precision) */
    DNI_R tl[10], xs = iX; /* X^-s, s = 1 */
    for (unsigned k = 1; k <= n; k++) {
        DNI_R s = (DNI_R)(k + 1);
        xs *= iX; /* X^-s */
        DNI_R t = xs * s * iX, sum = 0.0;
        DNI_UNROLL_FIXED
        for (unsigned j = 0; j < 10; j++) { /* B_2j/(2j)! (s)_(2j-1) X^(-s-2j+1) */
            tl[j] = DNI_K(sp_bf)[j] * t;
            t *= (s + 2.0 * j + 1.0) * (s + 2.0 * j + 2.0) * iX2;
        }
        DNI_UNROLL_FIXED
        for (unsigned j = 10; j-- > 0;) sum += tl[j];
        h[k] = sum + 0.5 * xs + xs * X / (s - 1.0);
    }
    /* direct part: sum_{i<N} (x+i)^-s, from the smallest terms (i = N-1) down */
    for (unsigned i = N; i-- > 0;) {
        DNI_R t = 1.0 / (x + (DNI_R)i), p = t;
        for (unsigned k = 1; k <= n; k++) {
            p *= t;
            h[k] += p;
        }
    }
    h[0] = DNI_K(digamma_pos_val)(x);
    for (unsigned k = 2; k <= n; k += 2) h[k] = -h[k]; /* (-1)^(k+1) */
}

/** h = the series of psi (digamma) at x: h[k] = psi^(k)(x)/k!. x <= 0 uses the reflection
 *  psi(x) = psi(1 - x) - pi cot(pi x); the poles 0, -1, -2, ... give the limit from the
 *  right (psi ~ -1/z). */
DNI_SP_OUTLINE void DNI_K(s_digamma_w)(DNI_R *h, DNI_R x, unsigned n, DNI_R *ws)
{
    if (isnan(x) || x == -INFINITY) {
        for (unsigned k = 0; k <= n; k++) h[k] = NAN;
    } else if (x == INFINITY) {
        h[0] = x;
        for (unsigned k = 1; k <= n; k++) h[k] = 0.0;
    } else if (x > 0.0) {
        DNI_K(s_digamma_pos)(h, x, n);
    } else if (x == DNI_M(floor)(x)) {
        DNI_K(sp_pole)(h, -1.0, 0, n);
    } else {
        DNI_R *c = ws; /* DNI_WN(1, n) */
        DNI_K(s_digamma_pos)(h, 1.0 - x, n);
        DNI_K(s_cot_at)(c, DNI_K(cotpi_val)(x), DNI_SP_PI, n);
        for (unsigned k = 0; k <= n; k++)
            h[k] = ((k % 2) ? -h[k] : h[k]) - DNI_SP_PI * c[k];
    }
}

/** psi(x), the digamma function, to a few ulp (away from its zeros). */
static inline DNI_R DNI_K(digamma_val)(DNI_R x)
{
    DNI_R h[1], ws[1];
    DNI_K(s_digamma_w)(h, x, 0, ws);
    return h[0];
}

/** h = the series of log|Gamma| at x: lgamma(x), then the digamma series integrated.
 *  Poles (0, -1, ...): +Inf, -Inf, +Inf, ... (log|Gamma| ~ -log z from the right). */
DNI_SP_OUTLINE void DNI_K(s_lgamma_w)(DNI_R *h, DNI_R x, unsigned n, DNI_R *ws)
{
    if (x <= 0.0 && x == DNI_M(floor)(x) && isfinite(x)) {
        DNI_K(sp_pole)(h, 1.0, 1, n);
        return;
    }
    DNI_R *p = ws; /* DNI_WN(2, n) in all */
    if (n) DNI_K(s_digamma_w)(p, x, n - 1, ws + DNI_ST(n));
    h[0] = DNI_K(lgamma_value)(x);
    for (unsigned k = 1; k <= n; k++) h[k] = p[k - 1] * DNI_INV(k);
}

/** h = the series of Gamma at x: exp of the lgamma series with the value tgamma(x).
 *  Pole -m (m = 0, 1, ...): (-1)^m Inf, then alternating (Gamma ~ (-1)^m/(m! z)). */
DNI_SP_OUTLINE void DNI_K(s_tgamma_w)(DNI_R *h, DNI_R x, unsigned n, DNI_R *ws)
{
    if (x <= 0.0 && x == DNI_M(floor)(x) && isfinite(x)) {
        DNI_K(sp_pole)(h, DNI_M(fmod)(x, 2.0) == 0.0 ? 1.0 : -1.0, 0, n);
        return;
    }
    DNI_R *l = ws; /* DNI_WN(3, n) in all */
    DNI_K(s_lgamma_w)(l, x, n, ws + DNI_ST(n));
    DNI_K(texp_w)(h, DNI_M(tgamma)(x), l, n, ws + DNI_ST(n));
}

/** h = the series of the polygamma function psi^(m) at x: h[k] = psi^(m+k)(x)/k!
 *  (m >= 0; m < 0 gives NaN). Pole: (-1)^(m+1) Inf, then alternating. m > DN_TAYLOR_MAX:
 *  the factor (m+k)!/k! overflows, so every entry is the sign of psi^(m+k) (x > 0) times
 *  Inf, NaN for x <= 0. Scratch: ws, DNI_WS_polygamma(n) doubles. */
#define DNI_WS_polygamma(n) (DNI_WN(2, n) + 2 * DN_TAYLOR_MAX)
DNI_SP_OUTLINE void DNI_K(s_polygamma_w)(DNI_R *h, int m, DNI_R x, unsigned n, DNI_R *ws)
{
    if (m < 0) {
        for (unsigned k = 0; k <= n; k++) h[k] = NAN;
        return;
    }
    unsigned mm = (unsigned)m;
    if (mm > DN_TAYLOR_MAX) {
        for (unsigned k = 0; k <= n; k++)
            h[k] =
                (x > 0.0 && x < INFINITY) ? (((mm + k) % 2) ? INFINITY : -INFINITY) : NAN;
        return;
    }
    DNI_R *p = ws, f = 1.0; /* f = (m+k)!/k! */
    DNI_K(s_digamma_w)(p, x, mm + n, ws + (mm + n + 1));
    for (unsigned j = 2; j <= mm; j++) f *= (DNI_R)j;
    for (unsigned k = 0; k <= n; k++) {
        if (k) f *= (DNI_R)(mm + k) * DNI_INV(k);
        h[k] = p[mm + k] * f;
    }
}

/* The gamma family and Y_n at a composite argument (one variable). Composing a point
 * series whose coefficients grow like R^-k (R: the distance from u0 to the nearest pole
 * or to the logarithmic point 0) with an argument of large coefficients sums terms far
 * larger than the result: at f(2x^2 + x) rounding errors grew to 3e-11 at order 16 and a
 * few percent at order 50. These kernels keep the singular part out of the composition;
 * a linear argument (the plain variable: exact composition), poles, points outside the
 * domain and overflow take the composition (the pole rule). */

/* f = psi^(m)(u) on Taylor coefficients, m <= DN_TAYLOR_MAX, u0 not a pole: the shift
 * psi^(m)(u) = psi^(m)(u + N) + (-1)^(m+1) m! sum_{i<N} (u + i)^-(m+1), with
 * X = u0 + N >= 2 sum_{k>=1} |u_k| (DNI_SP_SHIFT) so that the composition of psi^(m) at X
 * is well conditioned (its terms shrink like 2^-j at |z| = 1; 1 sufficed on the reference
 * rows, 0.5 did not); the powers (u + i)^-p by the recurrence
 * k v0 f[k] = -sum_{j=1..k} ((p-1) j + k) u[j] f[k-j] (stable: its error grows with the
 * coefficients of 1/(u + i), i.e. the true singularities). The value f[0] is the point
 * value (the shifted sum cancels near the zeros of psi). Returns 0, or -1 where the
 * composition must be used (linear argument, N above 64 + 2n, non-finite entries).
 * Scratch: ws, DNI_WN(5, n) + 2 DN_TAYLOR_MAX. */
#ifndef DNI_SP_SHIFT
#define DNI_SP_SHIFT 2.0
#endif
static inline int DNI_K(tpsi_w)(DNI_R *f, int m, const DNI_R *tu, unsigned n, DNI_R *ws)
{
    DNI_R u0 = tu[0], a = 0.0;
    int lin = 1;
    for (unsigned k = 1; k <= n; k++) {
        a += DNI_M(fabs)(tu[k]);
        if (k > 1 && tu[k] != 0.0) lin = 0;
    }
    if (lin || !isfinite(u0) || !isfinite(a) || (u0 <= 0.0 && u0 == DNI_M(floor)(u0)) ||
        m < 0 || m > DN_TAYLOR_MAX)
        return -1;
    DNI_R N = DNI_SP_SHIFT * a > u0 ? DNI_M(ceil)(DNI_SP_SHIFT * a - u0) : 0.0;
    DNI_R p = (DNI_R)(m + 1);
    if (N > 64.0 + 2.0 * (DNI_R)n) return -1;
    DNI_R *h = ws, v0;
    DNI_K(s_polygamma_w)(h, m, u0, n, ws + DNI_ST(n));
    v0 = h[0]; /* the point value, as the composition takes it (the series' method
                * depends on the order: every family then has the same value) */
    DNI_K(s_polygamma_w)(h, m, u0 + N, n, ws + DNI_ST(n));
    DNI_K(sp_tcompose_w)(f, tu, h, n, ws + DNI_ST(n));
    DNI_R c = (m % 2) ? 1.0 : -1.0; /* (-1)^(m+1) m! */
    for (int j = 2; j <= m; j++) c *= (DNI_R)j;
    /* four shifts at a time (independent sums), the largest i first: h[b] in the arrays
     * ws, ws + 2 S, ws + 3 S, ws + 4 S (the composition's scratch is free again) */
    DNI_R *hb[4] = {ws, ws + 2 * DNI_ST(n), ws + 3 * DNI_ST(n), ws + 4 * DNI_ST(n)}, iw[4];
    for (unsigned i1 = (unsigned)N; i1 > 0;) {
        unsigned nb = i1 >= 4 ? 4 : i1;
        for (unsigned b = 0; b < 4; b++) {
            DNI_R w0 = u0 + (DNI_R)(b < nb ? i1 - 1 - b : i1 - 1), q = 1.0 / w0, e = c;
            iw[b] = q;
            for (unsigned pp = (unsigned)m + 1; pp; pp >>= 1, q *= q) /* c w0^-(m+1) */
                if (pp & 1) e *= q;
            hb[b][0] = e;
        }
        for (unsigned k = 1; k <= n; k++) {
            DNI_R s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
            for (unsigned j = 1; j <= k; j++) {
                DNI_R t = ((p - 1.0) * (DNI_R)j + (DNI_R)k) * tu[j];
                s0 += t * hb[0][k - j];
                s1 += t * hb[1][k - j];
                s2 += t * hb[2][k - j];
                s3 += t * hb[3][k - j];
            }
            hb[0][k] = -s0 * iw[0] * DNI_INV(k);
            hb[1][k] = -s1 * iw[1] * DNI_INV(k);
            hb[2][k] = -s2 * iw[2] * DNI_INV(k);
            hb[3][k] = -s3 * iw[3] * DNI_INV(k);
        }
        for (unsigned b = 0; b < nb; b++)
            for (unsigned k = 0; k <= n; k++) f[k] += hb[b][k];
        i1 -= nb;
    }
    f[0] = v0;
    for (unsigned k = 0; k <= n; k++)
        if (!isfinite(f[k])) return -1;
    return 0;
}

/** r = psi^(m)(u) (digamma m = 0). Scratch: DNI_W_polygamma(n). */
static inline void DNI_K(polygamma_w)(DNI_R *r, const DNI_R *u, int m, unsigned n,
                                      DNI_R *ws)
{
    DNI_R *tu = ws, *tf = ws + DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    if (DNI_K(tpsi_w)(tf, m, tu, n, ws + 2 * DNI_ST(n))) {
        DNI_K(polygamma_c_w)(r, u, m, n, ws);
        return;
    }
    DNI_K(from_t)(r, tf, n);
}

/** r = psi(u). Scratch: DNI_W_digamma(n). */
static inline void DNI_K(digamma_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    DNI_K(polygamma_w)(r, u, 0, n, ws);
}

/* l = log|Gamma(u)| on Taylor coefficients from l' = psi(u) u' (psi by tpsi_w), the value
 * lgamma(u0); -1 as tpsi_w. Scratch: ws, DNI_WN(5, n) + 2 DN_TAYLOR_MAX. */
static inline int DNI_K(tlgamma_w)(DNI_R *l, const DNI_R *tu, unsigned n, DNI_R *ws)
{
    if (DNI_K(tpsi_w)(l, 0, tu, n, ws)) return -1;
    for (unsigned k = n; k >= 1; k--) {
        /* k l[k] = sum_{j<k} psi[j] (k-j) u[k-j]; in place */
        DNI_R s = 0.0;
        for (unsigned j = 0; j < k; j++) s += l[j] * (DNI_R)(k - j) * tu[k - j];
        l[k] = s * DNI_INV(k);
    }
    l[0] = DNI_K(lgamma_value)(tu[0]);
    return 0;
}

/** r = log|Gamma(u)|. Scratch: DNI_W_lgamma(n). */
static inline void DNI_K(lgamma_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    DNI_R *tu = ws, *tl = ws + DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    if (DNI_K(tlgamma_w)(tl, tu, n, ws + 2 * DNI_ST(n))) {
        DNI_K(lgamma_c_w)(r, u, n, ws);
        return;
    }
    DNI_K(from_t)(r, tl, n);
}

/** r = Gamma(u): exp of the lgamma series with the value tgamma(u0). Scratch:
 *  DNI_W_tgamma(n). */
static inline void DNI_K(tgamma_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    DNI_R *tu = ws, *tl = ws + DNI_ST(n), *tg = ws + 2 * DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    if (DNI_K(tlgamma_w)(tl, tu, n, ws + 3 * DNI_ST(n))) {
        DNI_K(tgamma_c_w)(r, u, n, ws);
        return;
    }
    DNI_K(texp_w)(tg, DNI_M(tgamma)(tu[0]), tl, n, ws + 3 * DNI_ST(n));
    DNI_K(from_t)(r, tg, n);
}
