/* dnum/internal/kernel_trig.h -- the circular and hyperbolic functions and their inverses
 * (sin cos tan asin acos atan, sinh cosh tanh asinh acosh atanh), atan2 and hypot.
 * Part of the kernel body of dnum/internal/kernel.h (internal, not API-stable): included by it
 * once per element type (DNI_R, DNI_K, ... of kernel.h; src/kernel_ext.h), never alone. */
#ifndef DNI_KERNEL_BODY
#error                                                                                     \
    "dnum/internal/kernel_trig.h is a part of dnum/internal/kernel.h: include that instead"
#endif

/** s = sin(u) and c = cos(u) from one recurrence (sincos_vw: where sv, cv = sin(u0),
 *  cos(u0), the C library's values). s and c must differ. Scratch: DNI_W_sincos(n). */
#define DNI_W_sincos(n) DNI_WN(4, n)
DNI_KINLINE void DNI_K(sincos_vw)(DNI_R *s, DNI_R *c, const DNI_R *u, DNI_R sv, DNI_R cv,
                                  unsigned n, DNI_R *restrict ws)
{
    if (DNI_K(linear)(u, n)) {
        DNI_R u1 = n ? u[1] : DNI_V(0.0);
        DNI_K(lin_cycle)(s, sv, cv, u1, -1.0, n);
        DNI_K(lin_cycle)(c, cv, -sv, u1, -1.0, n);
        return;
    }
    DNI_R *tu = ws, *ts = ws + DNI_ST(n), *tc = ws + 2 * DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    DNI_K(tsincos_w)(ts, tc, sv, cv, -1.0, tu, n, ws + 3 * DNI_ST(n));
    DNI_K(from_t)(s, ts, n);
    DNI_K(from_t)(c, tc, n);
}
DNI_KINLINE void DNI_K(sincos_w)(DNI_R *s, DNI_R *c, const DNI_R *u, unsigned n,
                                 DNI_R *restrict ws)
{
    DNI_R sv, cv;
    DNI_SINCOS_V(u[0], sv, cv);
    DNI_K(sincos_vw)(s, c, u, sv, cv, n, ws);
}

/** r = sin(u). Scratch: DNI_W_sin(n). */
#define DNI_W_sin(n) DNI_WN(5, n)
DNI_KINLINE void DNI_K(sin_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_K(sincos_w)(r, ws, u, n, ws + DNI_ST(n));
}

/** r = cos(u). Scratch: DNI_W_cos(n). */
#define DNI_W_cos(n) DNI_WN(5, n)
DNI_KINLINE void DNI_K(cos_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_K(sincos_w)(ws, r, u, n, ws + DNI_ST(n));
}

/** s = sinh(u) and c = cosh(u) from one recurrence. s and c must differ.
 *  Scratch: DNI_W_sinhcosh(n). */
#define DNI_W_sinhcosh(n) DNI_WN(4, n)
DNI_KINLINE void DNI_K(sinhcosh_w)(DNI_R *s, DNI_R *c, const DNI_R *u, unsigned n,
                                   DNI_R *restrict ws)
{
    if (DNI_K(linear)(u, n)) {
        DNI_R sv = DNI_M(sinh)(u[0]), cv = DNI_M(cosh)(u[0]), u1 = n ? u[1] : DNI_V(0.0);
        DNI_K(lin_cycle)(s, sv, cv, u1, 1.0, n);
        DNI_K(lin_cycle)(c, cv, sv, u1, 1.0, n);
        return;
    }
    DNI_R *tu = ws, *ts = ws + DNI_ST(n), *tc = ws + 2 * DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    DNI_K(tsincos_w)(ts, tc, DNI_M(sinh)(u[0]), DNI_M(cosh)(u[0]), 1.0, tu, n,
                     ws + 3 * DNI_ST(n));
    DNI_K(from_t)(s, ts, n);
    DNI_K(from_t)(c, tc, n);
}

/** r = sinh(u). Scratch: DNI_W_sinh(n). */
#define DNI_W_sinh(n) DNI_WN(5, n)
DNI_KINLINE void DNI_K(sinh_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_K(sinhcosh_w)(r, ws, u, n, ws + DNI_ST(n));
}

/** r = cosh(u). Scratch: DNI_W_cosh(n). */
#define DNI_W_cosh(n) DNI_WN(5, n)
DNI_KINLINE void DNI_K(cosh_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_K(sinhcosh_w)(ws, r, u, n, ws + DNI_ST(n));
}

/** r = tan(u). Scratch: DNI_W_tan(n). */
#define DNI_W_tan(n) DNI_WN(4, n)
DNI_KINLINE void DNI_K(tan_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_R *tu = ws, *tr = ws + DNI_ST(n), t0 = DNI_M(tan)(u[0]);
    DNI_K(to_t)(tu, u, n);
    DNI_K(ttan_w)(tr, t0, 1.0 + t0 * t0, 1.0, tu, n, ws + 2 * DNI_ST(n));
    DNI_K(from_t)(r, tr, n);
}

/** r = tanh(u). Uses 1 - tanh^2 = 1/cosh^2, so large |u0| gives exact zeros, never NaN.
 *  Scratch: DNI_W_tanh(n). */
#define DNI_W_tanh(n) DNI_WN(4, n)
DNI_KINLINE void DNI_K(tanh_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_R *tu = ws, *tr = ws + DNI_ST(n), ch = DNI_M(cosh)(u[0]);
    DNI_K(to_t)(tu, u, n);
    DNI_K(ttan_w)(tr, DNI_M(tanh)(u[0]), 1.0 / (ch * ch), -1.0, tu, n, ws + 2 * DNI_ST(n));
    DNI_K(from_t)(r, tr, n);
}

/* The squares in 1 + u^2 and u^2 - 1 overflow for |u0| beyond about 1e154, and with them
 * the derivatives of atan, asinh and acosh, which are finite (atan(x^2) at 1e100: 2e-300):
 * for |u0| >= 2^500 these kernels run on u scaled by a power of 2 sc to unit size (exact),
 * with the constant 1 scaled alike, and scale the numerator u' to match (sc^2, or sc for
 * a root), which leaves the quotient u' / w unchanged. 1 for smaller |u0|. */
DNI_KINLINE DNI_S DNI_K(sq_scale)(DNI_R u0)
{
#if DNI_LANE_BODY
    /* the lanes of a huge u0 run the scalar kernel (the batch engine's rare lanes) */
    (void)u0;
    return 1.0;
#else
    DNI_R a = DNI_M(fabs)(u0);
    if (!(a >= 0x1p500 && a <= DBL_MAX)) return 1.0;
    int e = DNI_M(ilogb)(u0);
    return DNI_M(ldexp)((DNI_R)1.0, e > 1022 ? -1022 : -e);
#endif
}

/* u *= sc (sc != 1 only for huge u0: a cold path) */
DNI_KINLINE void DNI_K(sq_rescale)(DNI_R *u, DNI_S sc, unsigned n)
{
    if (sc != 1.0)
        for (unsigned k = 0; k <= n; k++) u[k] *= sc;
}

/* w = sqrt(s0 * (sc^2 - u^2)) (s0 = +1) or sqrt(u^2 - sc^2) (s0 = -1), or without the root
 * (root = 0); the constant term is formed as a product of two factors for accuracy.
 * Scratch: ws, DNI_WN(1, n). */
DNI_KINLINE void DNI_K(tone_minus_sq_w)(DNI_R *restrict w, const DNI_R *restrict tu,
                                        DNI_S sg, DNI_S sc, int root, unsigned n,
                                        DNI_R *restrict ws)
{
    DNI_R *sq = ws;
    DNI_K(tmul)(sq, tu, tu, n);
    w[0] = sg * (sc - tu[0]) * (sc + tu[0]) + 0.0; /* + 0.0: the branch point gives +0 */
    for (unsigned k = 1; k <= n; k++) w[k] = -sg * sq[k];
    if (root) {
        DNI_K(tsqrt)(sq, DNI_M(sqrt)(w[0]), w, n);
        for (unsigned k = 0; k <= n; k++) w[k] = sq[k];
    }
}

/** r = asin(u); |u0| > 1 gives NaN; |u0| = 1 is a branch point (the zero rule).
 *  Scratch: DNI_W_asin(n). */
#define DNI_W_asin(n) DNI_WN(5, n)
static inline void DNI_K(asin_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_R *tu = ws, *tw = ws + DNI_ST(n), *tr = ws + 2 * DNI_ST(n),
          *w3 = ws + 3 * DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    if (DNI_RARE(DNI_M(fabs)(u[0]) == 1.0)) {
        /* asin(u0 (1 - d)) = u0 (pi/2 - sqrt(2 d) ...), d = 1 - u0 u */
        for (unsigned k = 0; k <= n; k++) tw[k] = k ? -u[0] * tu[k] : DNI_V(0.0);
        DNI_K(tbranch_sqrt)(tr, DNI_M(asin)(u[0]), -u[0] * DNI_SQRT2, tw, n);
        DNI_K(from_t)(r, tr, n);
        return;
    }
    DNI_K(tone_minus_sq_w)(tw, tu, 1.0, 1.0, 1, n, w3);
    DNI_K(tinteg_div_w)(tr, DNI_M(asin)(u[0]), tu, tw, n, w3);
    DNI_K(from_t)(r, tr, n);
}

/** r = acos(u) = pi/2 - asin(u) (value from acos). Scratch: DNI_W_acos(n). */
#define DNI_W_acos(n) DNI_W_asin(n)
DNI_KINLINE void DNI_K(acos_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_R v = DNI_M(acos)(u[0]); /* before r (which may alias u) is written */
    DNI_K(asin_w)(r, u, n, ws);
    r[0] = v;
    for (unsigned k = 1; k <= n; k++) r[k] = -r[k];
}

/** r = atanh(u); |u0| > 1 gives NaN; |u0| = 1 is a pole (the pole rule of log).
 *  Scratch: DNI_W_atanh(n). */
#define DNI_W_atanh(n) DNI_WN(5, n)
DNI_KINLINE void DNI_K(atanh_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_R *tu = ws, *tw = ws + DNI_ST(n), *tr = ws + 2 * DNI_ST(n),
          *w3 = ws + 3 * DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    if (DNI_RARE(DNI_M(fabs)(tu[0]) == 1.0)) {
        /* the pole of -+ log(1 -+ u)/2 dominates every order */
        DNI_R sg = tu[0]; /* +1: -log(1 - u)/2; -1: log(1 + u)/2 */
        for (unsigned k = 0; k <= n; k++) tw[k] = k ? -sg * tu[k] : DNI_V(0.0);
        DNI_K(tlog_zero)(tr, tw, n);
        for (unsigned k = 0; k <= n; k++) tr[k] = -sg * tr[k];
        DNI_K(from_t)(r, tr, n);
        return;
    }
    DNI_K(tone_minus_sq_w)(tw, tu, 1.0, 1.0, 0, n, w3);
    DNI_K(tinteg_div_w)(tr, DNI_M(atanh)(tu[0]), tu, tw, n, w3);
    DNI_K(from_t)(r, tr, n);
}

/** r = acosh(u); u0 < 1 gives NaN; u0 = 1 is a branch point (the zero rule).
 *  Scratch: DNI_W_acosh(n). */
#define DNI_W_acosh(n) DNI_WN(5, n)
DNI_KINLINE void DNI_K(acosh_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_R *tu = ws, *tw = ws + DNI_ST(n), *tr = ws + 2 * DNI_ST(n),
          *w3 = ws + 3 * DNI_ST(n);
    DNI_K(to_t)(tu, u, n);
    if (DNI_RARE(u[0] == 1.0)) { /* acosh(1 + d) = sqrt(2 d) (1 - d/12 ...), d = u - 1 */
        for (unsigned k = 0; k <= n; k++) tw[k] = k ? tu[k] : DNI_V(0.0);
        DNI_K(tbranch_sqrt)(tr, 0.0, DNI_SQRT2, tw, n);
        DNI_K(from_t)(r, tr, n);
        return;
    }
    DNI_S sc = DNI_K(sq_scale)(u[0]);
    DNI_K(sq_rescale)(tu, sc, n);
    DNI_K(tone_minus_sq_w)(tw, tu, -1.0, sc, 1, n, w3);
    DNI_K(tinteg_div_w)(tr, DNI_M(acosh)(u[0]), tu, tw, n, w3);
    DNI_K(from_t)(r, tr, n);
}

/* w = sc^2 + u^2 (or its square root). Scratch: ws, DNI_WN(1, n). */
DNI_KINLINE void DNI_K(tone_plus_sq_w)(DNI_R *restrict w, const DNI_R *restrict tu,
                                       DNI_S sc, int root, unsigned n, DNI_R *restrict ws)
{
    DNI_R *sq = ws;
    DNI_K(tmul)(w, tu, tu, n);
    w[0] += sc * sc;
    if (root) {
        DNI_K(tsqrt)(sq, DNI_M(hypot)(sc, tu[0]), w, n);
        for (unsigned k = 0; k <= n; k++) w[k] = sq[k];
    }
}

/** r = atan(u). Scratch: DNI_W_atan(n). */
#define DNI_W_atan(n) DNI_WN(5, n)
DNI_KINLINE void DNI_K(atan_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_R *tu = ws, *tw = ws + DNI_ST(n), *tr = ws + 2 * DNI_ST(n),
          *w3 = ws + 3 * DNI_ST(n);
    DNI_S sc = DNI_K(sq_scale)(u[0]);
    DNI_K(to_t)(tu, u, n);
    DNI_K(sq_rescale)(tu, sc, n);
    DNI_K(tone_plus_sq_w)(tw, tu, sc, 0, n, w3);
    DNI_K(sq_rescale)(tu, sc, n); /* the numerator as w: sc^2 */
    DNI_K(tinteg_div_w)(tr, DNI_M(atan)(u[0]), tu, tw, n, w3);
    DNI_K(from_t)(r, tr, n);
}

/** r = asinh(u). Scratch: DNI_W_asinh(n). */
#define DNI_W_asinh(n) DNI_WN(5, n)
DNI_KINLINE void DNI_K(asinh_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *restrict ws)
{
    DNI_R *tu = ws, *tw = ws + DNI_ST(n), *tr = ws + 2 * DNI_ST(n),
          *w3 = ws + 3 * DNI_ST(n);
    DNI_S sc = DNI_K(sq_scale)(u[0]);
    DNI_K(to_t)(tu, u, n);
    DNI_K(sq_rescale)(tu, sc, n);
    DNI_K(tone_plus_sq_w)(tw, tu, sc, 1, n, w3);
    DNI_K(tinteg_div_w)(tr, DNI_M(asinh)(u[0]), tu, tw, n, w3);
    DNI_K(from_t)(r, tr, n);
}

#if !DNI_LANE_BODY /* the wide two-argument kernels */
/* DNI_FAR2: where the wide type has double's range (the double-double form; x87 long
 * double's range holds the squares of every double), hypot and atan2 of operands whose
 * value is below 2^-500 (dni_far_tiny: x^2 + y^2 underflowed there: hypot(x, x) at
 * 1.6e-319 had a first derivative 2e-6 off, atan2 at 1e-200 NaN ones) run their core on
 * the operands scaled to unit size, entry k by 2^-(m + g k), and its results are scaled
 * back by 2^(e + g k): e = m for hypot (of degree 1), 0 for atan2 (of degree 0); the
 * caller sets the value. Returns 0 where nothing needs scaling (nothing written).
 * Not for huge values: there only a0^2 + b0^2 overflows, which the recurrence does not
 * use (the head is libm's hypot), and one scaling cannot keep every order in range when
 * the derivatives grow unevenly (hypot(7e221 - x, b) with b of order 1 and its sixth
 * derivative 225: the second derivative, 6e-222, came out as 0). Scratch: ws, 2 DNI_ST(n)
 * doubles. */
#undef DNI_FAR2
#if DNI_DOUBLE_BODY && !defined(DNI_WIDE_LDBL)
#define DNI_FAR2 1
#else
#define DNI_FAR2 0
#endif
#if DNI_FAR2
typedef void (*DNI_K(core2))(DNI_R *, const DNI_R *, const DNI_R *, unsigned,
                             DNI_K(wide) *restrict);
DNI_COLD static int DNI_K(far2)(DNI_K(core2) core, int e_is_m, DNI_R *r, const DNI_R *a,
                                const DNI_R *b, unsigned n, DNI_R *restrict ws,
                                DNI_K(wide) *restrict ww)
{
    int m, g;
    if (!dni_far_exponents(a, b, n, &m, &g)) return 0;
    double *as = ws, *bs = ws + DNI_ST(n);
    dni_scale_series(as, a, n, -m, -g);
    dni_scale_series(bs, b, n, -m, -g);
    core(r, as, bs, n, ww);
    dni_scale_series(r, r, n, e_is_m ? m : 0, g);
    return 1;
}
#endif

DNI_KINLINE void DNI_K(atan2_core)(DNI_R *r, const DNI_R *y, const DNI_R *x, unsigned n,
                                   DNI_K(wide) *restrict ww)
{
    DNI_K(wide) *wy = ww, *wx = ww + DNI_ST(n), *dy = ww + 2 * DNI_ST(n),
                *dx = ww + 3 * DNI_ST(n);
    DNI_K(wide) *p = ww + 4 * DNI_ST(n), *q = ww + 5 * DNI_ST(n), *den = ww + 6 * DNI_ST(n);
    DNI_K(wide) *sq = ww + 7 * DNI_ST(n);
    DNI_K(to_w)(wy, y, n);
    DNI_K(to_w)(wx, x, n);
    DNI_K(wdiff)(dy, wy, n);
    DNI_K(wdiff)(dx, wx, n);
    DNI_K(wmul)(p, wx, dy, n - 1);
    DNI_K(wmul)(q, wy, dx, n - 1);
    for (unsigned k = 0; k < n; k++) p[k] = DNI_K(wsub)(p[k], q[k]);
    DNI_K(wmul)(den, wx, wx, n);
    DNI_K(wmul)(sq, wy, wy, n);
    for (unsigned k = 0; k <= n; k++) den[k] = DNI_K(wadd)(den[k], sq[k]);
    DNI_K(wdiv)(q, p, den, n - 1);
    DNI_K(winteg)(sq, DNI_M(atan2)(y[0], x[0]), q, n);
    DNI_K(from_w)(r, sq, n);
}

/** r = atan2(y, x) (C argument order): integral of (x y' - y x') / (x^2 + y^2) with the
 *  value atan2(y0, x0), in extended precision (kernel_wide.h), on operands scaled to unit
 *  size where they are far from it. (0, 0) gives NaN derivatives.
 *  Scratch: ws, DNI_W_atan2(n); ww, DNI_WW_atan2(n) wide. */
#define DNI_W_atan2(n) DNI_WN(2, n)
#define DNI_WW_atan2(n) DNI_WN(8, n)
DNI_KINLINE void DNI_K(atan2_w)(DNI_R *r, const DNI_R *y, const DNI_R *x, unsigned n,
                                DNI_R *restrict ws, DNI_K(wide) *restrict ww)
{
    (void)ws;
    if (n == 0) {
        r[0] = DNI_M(atan2)(y[0], x[0]);
        return;
    }
#if DNI_FAR2
    double v = y[0], u = x[0]; /* (r may be y or x) */
    if (dni_far_tiny(v, u) && DNI_K(far2)(DNI_K(atan2_core), 0, r, y, x, n, ws, ww)) {
        r[0] = atan2(v, u);
        return;
    }
#endif
    DNI_K(atan2_core)(r, y, x, n, ww);
}

DNI_KINLINE void DNI_K(hypot_core)(DNI_R *r, const DNI_R *a, const DNI_R *b, unsigned n,
                                   DNI_K(wide) *restrict ww)
{
    DNI_K(wide) *wa = ww, *wb = ww + DNI_ST(n), *s = ww + 2 * DNI_ST(n),
                *sq = ww + 3 * DNI_ST(n);
    DNI_K(to_w)(wa, a, n);
    DNI_K(to_w)(wb, b, n);
    DNI_K(wmul)(s, wa, wa, n);
    DNI_K(wmul)(sq, wb, wb, n);
    for (unsigned k = 0; k <= n; k++) s[k] = DNI_K(wadd)(s[k], sq[k]);
    /* the value rounded to double would perturb a^2 + b^2 by 1e-16 relative, which the
     * higher orders can amplify (hypot(2x^2+x, x^3-x/2+1) at x = -1.5: 8e-14 at order 7);
     * so the head is the wide square root of the wide sum where that is in range */
    DNI_R h = DNI_M(hypot)(a[0], b[0]);
    DNI_K(wsqrt)(sq, DNI_K(wsqrt_head)(s[0], h), s, n);
    DNI_K(from_w)(r, sq, n);
    r[0] = h; /* the value is libm's, as everywhere (the wide head may round otherwise) */
}

/** r = hypot(a, b) = sqrt(a^2 + b^2) without overflow in the value, in extended
 *  precision (kernel_wide.h), on operands scaled to unit size where they are far from it.
 *  (0, 0) gives NaN derivatives. Scratch: ws, DNI_W_hypot(n); ww, DNI_WW_hypot(n) wide. */
#define DNI_W_hypot(n) DNI_WN(2, n)
#define DNI_WW_hypot(n) DNI_WN(4, n)
DNI_KINLINE void DNI_K(hypot_w)(DNI_R *r, const DNI_R *a, const DNI_R *b, unsigned n,
                                DNI_R *restrict ws, DNI_K(wide) *restrict ww)
{
    (void)ws;
#if DNI_FAR2
    double v = a[0], u = b[0]; /* (r may be a or b) */
    if (dni_far_tiny(v, u) && DNI_K(far2)(DNI_K(hypot_core), 1, r, a, b, n, ws, ww)) {
        r[0] = hypot(v, u); /* libm's value, as everywhere */
        return;
    }
#endif
    DNI_K(hypot_core)(r, a, b, n, ww);
}
#endif /* !DNI_LANE_BODY */
