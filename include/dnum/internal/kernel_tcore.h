/* dnum/internal/kernel_tcore.h -- the normalised cores: products, quotients, exp, sin/cos, tan,
 * sqrt, composition and powers on Taylor coefficients (order n, no aliasing).
 * Part of the kernel body of dnum/internal/kernel.h (internal, not API-stable): included by it
 * once per element type (DNI_R, DNI_K, ... of kernel.h; src/kernel_ext.h), never alone. */
#ifndef DNI_KERNEL_BODY
#error                                                                                     \
    "dnum/internal/kernel_tcore.h is a part of dnum/internal/kernel.h: include that instead"
#endif

/* ------------------------------------------------------------------------------------ */
/* Normalised cores (Taylor coefficients, order n, no aliasing).                         */

/** c = a * b (Cauchy product). */
DNI_KINLINE void DNI_K(tmul)(DNI_R *restrict c, const DNI_R *restrict a,
                             const DNI_R *restrict b, unsigned n)
{
    DNI_UNROLL
    for (DNI_IX k = 0; k <= n; k++) {
        DNI_R s = a[0] * b[k];
        DNI_UNROLL_IN
        for (DNI_IX j = 1; j <= k; j++) s += a[j] * b[k - j];
        c[k] = s;
    }
}

/* c = a / b on a and b scaled by sc, a power of 2 (the same quotient); sc is applied where it
 * enters, so that sc = 1 folds away */
static inline DNI_WHOLE void DNI_K(tdiv_sc)(DNI_R *restrict c, const DNI_R *restrict a,
                                            const DNI_R *restrict b, unsigned n, DNI_S sc)
{
    DNI_R inv = 1.0 / (b[0] * sc);
    c[0] = a[0] * sc * inv;
    DNI_UNROLL
    for (DNI_IX k = 1; k <= n; k++) {
        DNI_R s = b[k] * c[0];
        DNI_UNROLL_IN
        for (DNI_IX j = 1; j < k; j++) s += b[k - j] * c[j];
        c[k] = (a[k] - s) * sc * inv;
    }
}

/* c = a / b for a b0 whose reciprocal overflows (subnormal in double): with a and b scaled
 * by 2^64 (the quotient's derivatives may be finite: x / (1.5 x) at x = 5e-312 is 2/3) */
DNI_COLD static void DNI_K(tdiv_sub)(DNI_R *restrict c, const DNI_R *restrict a,
                                     const DNI_R *restrict b, unsigned n)
{
    DNI_K(tdiv_sc)(c, a, b, n, 0x1p64);
}

/* The rare divisors of a quotient in one test: 0 and those whose reciprocal overflows
 * (|b0| <= 2^-1024: 1 / b0 is Inf in double; in a wider type the scaled quotient has the
 * same bits). A front end that has its own rule at 0 tests once (tdiv_any_w, log_w). */
#define DNI_DIV_TINY(b0) (DNI_M(fabs)(b0) <= 0x1p-1024)
#define DNI_DIV_RARE(b0) DNI_RARE(DNI_DIV_TINY(b0))

/** c = a / b. */
static inline DNI_WHOLE void DNI_K(tdiv)(DNI_R *restrict c, const DNI_R *restrict a,
                                         const DNI_R *restrict b, unsigned n)
{
    if (DNI_RARE(DNI_DIV_TINY(b[0]) && b[0] != 0.0)) DNI_K(tdiv_sub)(c, a, b, n);
    else DNI_K(tdiv_sc)(c, a, b, n, 1.0);
}

/** g = derivative of a, as a series of order n - 1: g[m] = (m+1) a[m+1]. n >= 1. */
DNI_KINLINE void DNI_K(tdiff)(DNI_R *restrict g, const DNI_R *restrict a, unsigned n)
{
    DNI_UNROLL
    for (unsigned m = 0; m < n; m++) g[m] = (DNI_S)(m + 1) * a[m + 1];
}

/** f = f0 + integral of g (g has order n - 1): f[0] = f0, f[k] = g[k-1] / k.
 *  A NaN value f0 (argument outside the domain) makes every derivative NaN: the function
 *  is not defined there, so neither are its derivatives. */
DNI_KINLINE void DNI_K(tinteg)(DNI_R *restrict f, DNI_R f0, const DNI_R *restrict g,
                               unsigned n)
{
    f[0] = f0;
    DNI_UNROLL
    for (unsigned k = 1; k <= n; k++) f[k] = DNI_SEL(f0 != f0, f0, g[k - 1] * DNI_INV(k));
}

/* f = f0 + integral of (u' / w): the shared shape of log, atan, asin, atanh, ...; w0 may be
 * a rare divisor (DNI_DIV_RARE) only where rare is 1 (a constant: the test folds away) */
static inline DNI_WHOLE void DNI_K(tinteg_divr_w)(DNI_R *restrict f, DNI_R f0,
                                                  const DNI_R *restrict u,
                                                  const DNI_R *restrict w, unsigned n,
                                                  DNI_R *restrict ws, int rare)
{
    if (n == 0) {
        f[0] = f0;
        return;
    }
    DNI_R *du = ws, *q = ws + DNI_ST(n); /* DNI_WN(2, n) */
    DNI_K(tdiff)(du, u, n);
    if (rare) DNI_K(tdiv)(q, du, w, n - 1);
    else DNI_K(tdiv_sc)(q, du, w, n - 1, 1.0);
    DNI_K(tinteg)(f, f0, q, n);
}
static inline DNI_WHOLE void DNI_K(tinteg_div_w)(DNI_R *restrict f, DNI_R f0,
                                                 const DNI_R *restrict u,
                                                 const DNI_R *restrict w, unsigned n,
                                                 DNI_R *restrict ws)
{
    DNI_K(tinteg_divr_w)(f, f0, u, w, n, ws, 1);
}

/** e = exp(u) with e[0] = e0 given (exp(u0), or pow(a0, b0) for pow). */
DNI_RCORE void DNI_K(texp_w)(DNI_R *restrict e, DNI_R e0, const DNI_R *restrict u,
                             unsigned n, DNI_R *restrict ws)
{
    DNI_R *v = ws; /* DNI_WN(1, n) */
    /* an overflowed value (exp(1000)) runs the recurrence from 1 and scales at the end,
     * so the derivatives are +-Inf as well instead of the NaN of Inf * 0 (on lanes
     * behind a test of every lane at once: the common case keeps the selections off the
     * recurrence's chain, W1 with the block family up to 1.18x faster; the scalar
     * selections are cheaper than a branch, W1 at order 16 1.04x) */
    DNI_R f = DNI_V(1.0);
    if (!DNI_LANE_BODY || DNI_ANY(DNI_ISINF(e0))) {
        f = DNI_SEL(DNI_ISINF(e0), e0, DNI_V(1.0));
        e0 = DNI_SEL(DNI_ISINF(e0), DNI_V(1.0), e0);
    }
    e[0] = e0;
    DNI_UNROLL
    for (unsigned j = 0; j <= n; j++) v[j] = (DNI_S)j * u[j];
    /* oldest terms first, the newest (e[k-1]) last: the sum of the older terms does not
     * wait for e[k-1], so each step adds only a multiply-add to the critical path */
    DNI_UNROLL
    for (DNI_IX k = 1; k <= n; k++) {
        DNI_R s = v[k] * e[0];
        DNI_UNROLL_IN
        for (DNI_IX j = k - 1; j >= 1; j--) s += v[j] * e[k - j];
        e[k] = s * DNI_INV(k);
    }
    if (DNI_ANY(f != 1.0))
        for (unsigned k = 0; k <= n; k++) e[k] *= f;
}

/** s = sin(u), c = cos(u) (sign = -1) or s = sinh(u), c = cosh(u) (sign = +1);
 *  s0, c0 are the values at u0. */
DNI_KINLINE void DNI_K(tsincos_w)(DNI_R *restrict s, DNI_R *restrict c, DNI_R s0, DNI_R c0,
                                  DNI_S sign, const DNI_R *restrict u, unsigned n,
                                  DNI_R *restrict ws)
{
    DNI_R *v = ws; /* DNI_WN(1, n) */
    s[0] = s0;
    c[0] = c0;
    DNI_UNROLL
    for (unsigned j = 0; j <= n; j++) v[j] = (DNI_S)j * u[j];
    DNI_UNROLL
    for (DNI_IX k = 1; k <= n; k++) { /* newest terms last, as in exp */
        DNI_R ss = v[k] * c[0], cc = v[k] * s[0];
        DNI_UNROLL_IN
        for (DNI_IX j = k - 1; j >= 1; j--) {
            ss += v[j] * c[k - j];
            cc += v[j] * s[k - j];
        }
        s[k] = ss * DNI_INV(k);
        c[k] = sign * cc * DNI_INV(k);
    }
}

/** t = tan(u) (sign = +1) or tanh(u) (sign = -1), from t' = w u' with w = 1 + sign t^2;
 *  t0 = value, w0 = 1 + sign t0^2 computed accurately by the caller. */
DNI_KINLINE void DNI_K(ttan_w)(DNI_R *restrict t, DNI_R t0, DNI_R w0, DNI_S sign,
                               const DNI_R *restrict u, unsigned n, DNI_R *restrict ws)
{
    DNI_R *v = ws, *w = ws + DNI_ST(n); /* DNI_WN(2, n) */
    t[0] = t0;
    w[0] = w0;
    DNI_UNROLL
    for (unsigned j = 0; j <= n; j++) v[j] = (DNI_S)j * u[j];
    DNI_UNROLL
    for (DNI_IX k = 1; k <= n; k++) {
        DNI_R s = v[k] * w[0]; /* newest term last */
        DNI_UNROLL_IN
        for (DNI_IX j = k - 1; j >= 1; j--) s += v[j] * w[k - j];
        t[k] = s * DNI_INV(k);
        if (k < n) { /* w[k] = sign * sum_{j=0..k} t[j] t[k-j] */
            DNI_R q = DNI_V(0.0);
            DNI_UNROLL_IN
            for (DNI_IX j = 0; j <= k; j++) q += t[j] * t[k - j];
            w[k] = sign * q;
        }
    }
}

/** r = sqrt(u) with r[0] = r0 given; only u[1..n] are read (hypot passes a sum of squares
 *  whose constant term may overflow). */
DNI_KINLINE void DNI_K(tsqrt)(DNI_R *restrict r, DNI_R r0, const DNI_R *restrict u,
                              unsigned n)
{
    DNI_R inv2 = 0.5 / r0;
    r[0] = r0;
    DNI_UNROLL
    for (DNI_IX k = 1; k <= n; k++) {
        /* sum_{j=1..k-1} r[j] r[k-j] by symmetry; the newest r[k-1] enters last */
        DNI_R s = (k % 2 == 0) ? r[k / 2] * r[k / 2] : DNI_V(0.0);
        DNI_UNROLL_IN
        for (DNI_IX j = (k - 1) / 2; j >= 1; j--) s += 2.0 * r[j] * r[k - j];
        r[k] = (u[k] - s) * inv2;
    }
}

/* f = h(u) from dh (see tcompose_w) and, where two, g = the same of dg, on the same
 * powers of (u - u0)/s; ws: DNI_WN(3 + two, n) */
static inline DNI_FORCE_INLINE void DNI_K(tcompose_n)(DNI_R *restrict f, DNI_R *restrict g,
                                                      const DNI_R *restrict dh,
                                                      const DNI_R *restrict dg,
                                                      const DNI_R *restrict u, unsigned n,
                                                      DNI_R *restrict ws, int two)
{
    DNI_R *hk = ws, *p = ws + DNI_ST(n), *q = ws + 2 * DNI_ST(n), *gk = ws + 3 * DNI_ST(n);
    DNI_R is = DNI_V(1.0 / DNI_K(scale)(n));
    DNI_K(to_t)(hk, dh, n); /* hk[j] = dh[j] s^j / j! */
    f[0] = hk[0];
    if (two) {
        DNI_K(to_t)(gk, dg, n);
        g[0] = gk[0];
    }
    for (unsigned k = 1; k <= n; k++) {
        p[k] = u[k] * is; /* p = ((u - u0)/s)^1 */
        f[k] = DNI_V(0.0);
        if (two) g[k] = DNI_V(0.0);
    }
    p[0] = DNI_V(0.0);
    for (unsigned j = 1; j <= n; j++) {
        for (unsigned k = j; k <= n; k++) {
            f[k] += DNI_SEL(p[k] != 0.0, hk[j] * p[k], DNI_V(0.0)); /* (f is never -0) */
            if (two) g[k] += DNI_SEL(p[k] != 0.0, gk[j] * p[k], DNI_V(0.0));
        }
        if (j == n) break;
        /* q = p * (u - u0); p has zeros below j, so q has zeros below j + 1 */
        for (unsigned k = 0; k <= j; k++) q[k] = DNI_V(0.0);
        for (unsigned k = j + 1; k <= n; k++) {
            DNI_R s = DNI_V(0.0);
            for (unsigned i = j; i < k; i++) s += p[i] * u[k - i];
            q[k] = s;
        }
        for (unsigned k = 0; k <= n; k++) p[k] = q[k];
    }
}

/** f = h(u) from the derivatives h^(j)(u0) in dh[j]: f = sum_j dh[j]/j! (u - u0)^j (Faa
 *  di Bruno in normalised form), O(n^3). At scaled orders (s != 1) it sums
 *  (dh[j] s^j/j!) ((u - u0)/s)^j, the same series with every factor in range.
 *  A term is skipped when the power's coefficient is exactly zero, so an infinite
 *  h^(j) only reaches the orders that really depend on it. (Also on lanes: the error
 *  bounds of the batch evaluator.) ws: DNI_WN(3, n). */
static inline void DNI_K(tcompose_w)(DNI_R *restrict f, const DNI_R *restrict dh,
                                     const DNI_R *restrict u, unsigned n,
                                     DNI_R *restrict ws)
{
    DNI_K(tcompose_n)(f, NULL, dh, NULL, u, n, ws, 0);
}

/** f = h(u) from dh and g = k(u) from dg as tcompose_w, the powers of u - u0 computed
 *  once for both (the two majorants of an error bound); ws: DNI_WN(4, n). */
static inline void DNI_K(tcompose2_w)(DNI_R *restrict f, DNI_R *restrict g,
                                      const DNI_R *restrict dh, const DNI_R *restrict dg,
                                      const DNI_R *restrict u, unsigned n,
                                      DNI_R *restrict ws)
{
    DNI_K(tcompose_n)(f, g, dh, dg, u, n, ws, 1);
}

#if !DNI_LANE_BODY /* the wide powers and the zero rules (scalar code) */
/* The power recurrences scale every derivative by the value. When the value underflowed
 * to 0 from a nonzero base (pow(1e-300, 2.5)) the derivatives may still be large
 * (u^(p-k) for k > p) but are lost with it: NaN, not a silent 0 (docs/errors.md). */
static inline void DNI_K(underflow_nan)(DNI_R *f, DNI_R f0, unsigned n)
{
    if (f0 == 0.0)
        for (unsigned k = 1; k <= n; k++) f[k] = NAN;
}

/* f = u^p (u0 != 0, f0 = value) through the wide recurrence of kernel_wide.h: in double
 * it cancels badly at composite arguments. */
DNI_KINLINE void DNI_K(tpow_wide_w)(DNI_R *restrict f, DNI_R f0, DNI_R p,
                                    const DNI_R *restrict u, unsigned n,
                                    DNI_K(wide) *restrict ww)
{
    DNI_K(wide) *wu = ww, *wf = ww + DNI_ST(n); /* DNI_WN(3, n) wide */
    DNI_K(wfrom)(wu, u, n);
    DNI_K(wpow)(wf, f0, p, wu, n, ww + 2 * DNI_ST(n));
    DNI_K(wto)(f, wf, n);
    DNI_K(underflow_nan)(f, f0, n);
}

/* f = u^p at u0 = 0 through the generic composition: h^(j)(0) = p(p-1)...(p-j+1) 0^(p-j),
 * which is 0 for j < p and +-Inf beyond, exactly as pow() reports it. */
static inline void DNI_K(tpow_at0_w)(DNI_R *restrict f, DNI_R p, const DNI_R *restrict u,
                                     unsigned n, DNI_R *restrict ws)
{
    DNI_R *dh = ws, fall = 1.0; /* DNI_WN(4, n) */
    for (unsigned j = 0; j <= n; j++) {
        dh[j] = fall * DNI_M(pow)(u[0], p - (DNI_R)j);
        fall *= p - (DNI_R)j;
    }
    DNI_K(tcompose_w)(f, dh, u, n, ws + DNI_ST(n));
}
#endif /* !DNI_LANE_BODY */
