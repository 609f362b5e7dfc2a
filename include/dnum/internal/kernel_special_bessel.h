/* dnum/internal/kernel_special_bessel.h -- the Bessel functions of integer order (j0 j1 jn y0 y1 yn)
 * and sinc (the spherical j0): point series and the Y_n pair recurrence.
 * Part of the special-function kernels of dnum/internal/kernel_special.h (internal, not
 * API-stable): included by it once per element type, never alone. */
#ifndef DNI_KERNEL_BODY
#error                                                                                     \
    "dnum/internal/kernel_special_bessel.h is a part of dnum/internal/kernel.h: include that instead"
#endif

/* ------------------------------------------------------------------------------------ */
/* Bessel functions of integer order.                                                     */

/** h = the series of J_nu (kind 1) or Y_nu (kind 2) at x from the derivative formula
 *  Z^(k) = 2^-k sum_j (-1)^j C(k,j) Z_{nu-k+2j}, with Z_-m = (-1)^m Z_m and the values
 *  from libm's jn/yn (2n + 1 calls). Y at 0: -Inf, then +Inf, -Inf, ... (times (-1)^nu
 *  for negative nu); Y at x < 0: NaN. */
DNI_SP_OUTLINE void DNI_K(s_bessel_w)(DNI_R *h, int kind, int nu, DNI_R x, unsigned n,
                                      DNI_R *ws)
{
    if (kind == 2 && x == 0.0) {
        DNI_R sg = (nu < 0 && (nu % 2)) ? -1.0 : 1.0;
        DNI_K(sp_pole)(h, sg, 0, n);
        for (unsigned k = 0; k <= n; k++) h[k] = -h[k];
        return;
    }
    DNI_R *z = ws; /* 2 n + 1 <= DNI_WN(2, n) */
    for (unsigned i = 0; i <= 2 * n; i++) {
        long m = (long)nu - (long)n + (long)i;
        long am = m < 0 ? -m : m;
        int ord = am > 1000000 ? 1000000 : (int)am;
        DNI_R v = kind == 1 ? DNI_M(jn)(ord, x) : DNI_M(yn)(ord, x);
        z[i] = (m < 0 && (am % 2)) ? -v : v;
    }
    for (unsigned k = 0; k <= n; k++) {
        /* terms j = 0..k of orders nu-k+2j, i.e. z[n-k+2j]; C(k,j) by a running product */
        DNI_R s = z[n - k], c = (DNI_R)k; /* j = 0 as it is: the value keeps libm's -0 */
        for (unsigned j = 1; j <= k; j++) {
            DNI_R t = c * z[n - k + 2 * j];
            s += (j % 2) ? -t : t;
            c = c * (DNI_R)(k - j) / (DNI_R)(j + 1);
        }
        h[k] = DNI_M(ldexp)(s, -(int)k) * (!DNI_SCALED(k) ? DNI_IFACT(k) : 0.0);
    }
}

/* ------------------------------------------------------------------------------------ */
/* sinc.                                                                                  */

/** h = the series of sin(x)/x at x (1 at 0). |x| < 1: the power series of sinc summed
 *  term by term for each coefficient; else from sin(x+z) = (x+z) sinc(x+z), i.e.
 *  s[k] = x h[k] + h[k-1] with s the series of sin: forward h[k] = (s[k] - h[k-1]) / x for
 *  k <= |x|, backward h[k-1] = s[k] - x h[k] from h[K] = 0 for the orders above (each
 *  direction is stable where it is used: the error shrinks relative to h by k/|x| resp.
 *  |x|/k per step; the forward recurrence alone loses every digit above |x|). */
DNI_SP_OUTLINE void DNI_K(s_sinc)(DNI_R *h, DNI_R x, unsigned n)
{
    if (DNI_M(fabs)(x) < 1.0) {
        for (unsigned k = 0; k <= n; k++) {
            if (DNI_SCALED(k + 2)) { /* below 1/171! relative to the value */
                h[k] = 0.0;
                continue;
            }
            /* sum over m >= ceil(k/2) of (-1)^m C(2m,k) x^(2m-k) / (2m+1)! */
            unsigned m = (k + 1) / 2;
            DNI_R t = (k % 2) ? (DNI_R)(k + 1) * x * DNI_IFACT(k + 2) : DNI_IFACT(k + 1);
            DNI_R s = 0.0, x2 = x * x;
            for (int it = 0; it < 60 && t != 0.0; it++, m++) {
                s += (m % 2) ? -t : t;
                DNI_R mm = (DNI_R)m;
                t *= (2.0 * mm + 1.0) * x2 /
                     ((2.0 * mm + 2.0 - k) * (2.0 * mm + 1.0 - k) * (2.0 * mm + 3.0));
                if (DNI_M(fabs)(t) < DNI_SERIES_TOL * DNI_M(fabs)(s)) break;
            }
            h[k] = s;
        }
        return;
    }
    DNI_R sv = DNI_M(sin)(x), cv = DNI_M(cos)(x), ax = DNI_M(fabs)(x), ix = 1.0 / x;
#define DNI_SP_SINK(k)                                                                     \
    (((k) % 4 == 0   ? sv                                                                  \
      : (k) % 4 == 1 ? cv                                                                  \
      : (k) % 4 == 2 ? -sv                                                                 \
                     : -cv) *                                                              \
     (!DNI_SCALED(k) ? DNI_IFACT(k) : 0.0))
    unsigned kf = ax < (DNI_R)n ? (unsigned)ax : n; /* forward to kf <= |x| */
    h[0] = sv / x;
    for (unsigned k = 1; k <= kf; k++) h[k] = (DNI_SP_SINK(k) - h[k - 1]) * ix;
    if (kf == n) return;
    /* backward from K > n where the neglected h[K] is below 1e-20 of h[n]
     * (prod_{j=n+2..K+1} |x|/j), at most to the last unscaled order */
    unsigned K = n + 1, kmax = DN_TAYLOR_MAX - 1;
    for (DNI_R p = ax / (DNI_R)(n + 2); p > 1e-20 && (K < kmax || !DNI_SCALED(kmax + 2));)
        p *= ax / (DNI_R)(++K + 1);
    DNI_R hk = 0.0; /* h[K] */
    for (unsigned k = K; k > kf + 1; k--) {
        DNI_R hm = DNI_SP_SINK(k) - x * hk; /* h[k-1] */
        if (k - 1 <= n) h[k - 1] = DNI_SCALED(k + 1) ? 0.0 : hm;
        hk = hm;
    }
#undef DNI_SP_SINK
}

/** r = Y_nu(u) for u0 > 0 from the pair w = Y_m(u), v = Y_{m+1}(u), m = |nu|:
 *  w' = (m a w - v) u'... precisely w' = m a w - u' v, v' = u' w - (m+1) a v with
 *  a = u'/u (series division), started from libm's yn(m, u0), yn(m+1, u0): O(n^2), and
 *  its error grows only with the coefficients of 1/u (Y's own singularity). Y_-m =
 *  (-1)^m Y_m. u0 <= 0, NaN or an infinite value: the composition. Scratch:
 *  DNI_W_yn(n). */
static inline void DNI_K(yn_w)(DNI_R *r, const DNI_R *u, int nu, unsigned n, DNI_R *ws)
{
    long am = nu < 0 ? -(long)nu : (long)nu;
    DNI_R u0 = u[0], w0 = 0.0, v0 = 0.0;
    if (u0 > 0.0 && isfinite(u0) && am < 1000000) {
        w0 = DNI_M(yn)((int)am, u0);
        v0 = DNI_M(yn)((int)am + 1, u0);
    }
    if (!(isfinite(w0) && isfinite(v0) && u0 > 0.0) || n == 0) {
        DNI_K(yn_c_w)(r, u, nu, n, ws);
        return;
    }
    DNI_R *tu = ws, *du = ws + DNI_ST(n), *a = ws + 2 * DNI_ST(n), *w = ws + 3 * DNI_ST(n),
          *v = ws + 4 * DNI_ST(n), iu = 1.0 / u0, mm = (DNI_R)am;
    DNI_K(to_t)(tu, u, n);
    w[0] = w0;
    v[0] = v0;
    for (unsigned k = 0; k < n; k++) {
        du[k] = (DNI_R)(k + 1) * tu[k + 1];
        DNI_R s = du[k]; /* a[k] = (du[k] - sum_{j=1..k} u[j] a[k-j]) / u0 */
        for (unsigned j = 1; j <= k; j++) s -= tu[j] * a[k - j];
        a[k] = s * iu;
        DNI_R aw = 0.0, av = 0.0, dw = 0.0, dv = 0.0;
        for (unsigned j = 0; j <= k; j++) {
            aw += a[j] * w[k - j];
            av += a[j] * v[k - j];
            dw += du[j] * w[k - j];
            dv += du[j] * v[k - j];
        }
        w[k + 1] = (mm * aw - dv) * DNI_INV(k + 1);
        v[k + 1] = (dw - (mm + 1.0) * av) * DNI_INV(k + 1);
    }
    if (nu < 0 && (am % 2))
        for (unsigned k = 0; k <= n; k++) w[k] = -w[k];
    DNI_K(from_t)(r, w, n);
}

/** r = Y_0(u), Y_1(u). Scratch: DNI_W_y0(n). */
static inline void DNI_K(y0_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    DNI_K(yn_w)(r, u, 0, n, ws);
}
static inline void DNI_K(y1_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    DNI_K(yn_w)(r, u, 1, n, ws);
}
