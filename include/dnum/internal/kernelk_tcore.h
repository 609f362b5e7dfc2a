/* dnum/internal/kernelk_tcore.h -- the block recurrences of the multivariate kernels:
 * kernel.h's normalised cores with scalars replaced by blocks (theta, division, integral,
 * exp, sin/cos, tan, sqrt; for scalar types also u^p and the composition without the range
 * rerun), on Taylor coefficients in graded order, no aliasing.
 * Part of the body of dnum/internal/kernelk.h (internal, not API-stable): included once per
 * element type (kernel.h's element-type macros, names DNIK_K(name)); the parts marked
 * !DNI_LANE_BODY for scalar types only. */
#ifndef DNUM_KERNELK_H
#error                                                                                     \
    "dnum/internal/kernelk_tcore.h is a part of dnum/internal/kernelk.h: include that instead"
#endif

/* ------------------------------------------------------------------------------------ */
/* Cores: kernel.h's recurrences on blocks (Taylor coefficients, no aliasing).            */

/** v = theta u: block k times k. */
static inline void DNIK_K(ttheta)(DNI_R *restrict v, const DNI_R *restrict u, unsigned K,
                                  unsigned N)
{
    DNIK_KLOOP(k, 0, N, K, {
        DNIK_BLOCK(e, K, k) v[e] = (double)k * u[e];
    });
}

/** q = v / w where v's block 0 is zero (so is q's); w_0 = 0 gives Inf/NaN. */
static inline void DNIK_K(tdiv0)(DNI_R *restrict q, const DNI_R *restrict v,
                                 const DNI_R *restrict w, unsigned K, unsigned N)
{
    DNI_R sc = DNIK_K(sub_scale)(w[0]), inv = 1.0 / (w[0] * sc);
    q[0] = DNI_V(0.0);
    DNIK_KLOOP(k, 1, N, K, {
        DNIK_K(bdot)(q, w, q, 1, k - 1, k, K);
        DNIK_BLOCK(e, K, k) q[e] = (v[e] - q[e]) * sc * inv;
    });
}

/** f = f0 + "integral" of g: block k of g divided by k; a NaN f0 makes every entry NaN. */
static inline void DNIK_K(tinteg)(DNI_R *restrict f, DNI_R f0, const DNI_R *restrict g,
                                  unsigned K, unsigned N)
{
    f[0] = f0;
    DNIK_KLOOP(k, 1, N, K, {
        DNIK_BLOCK(e, K, k) f[e] = DNI_SEL(f0 != f0, f0, g[e] * dni_inv[k]);
    });
}

/** f = f0 + integral of (theta u) / w; scratch w2 of 2 S doubles. */
static inline void DNIK_K(tinteg_div)(DNI_R *restrict f, DNI_R f0, const DNI_R *restrict u,
                                      const DNI_R *restrict w, unsigned K, unsigned N,
                                      DNI_R *restrict w2)
{
    DNI_R *v = w2, *q = w2 + dnik_size(K, N);
    DNIK_K(ttheta)(v, u, K, N);
    DNIK_K(tdiv0)(q, v, w, K, N);
    DNIK_K(tinteg)(f, f0, q, K, N);
}

/** e = exp(u), e_0 = e0: k e_k = sum_{j=1..k} (j u_j) e_{k-j}; scratch v of S doubles. */
static inline void DNIK_K(texp)(DNI_R *restrict e, DNI_R e0, const DNI_R *restrict u,
                                unsigned K, unsigned N, DNI_R *restrict v)
{
    /* an overflowed value (exp(1000)) runs the recurrence from 1 and scales at the end, so
     * the partials are +-Inf as in kernel.h instead of the NaN of Inf * 0 */
    DNI_R f = DNI_SEL(DNI_ISINF(e0), e0, DNI_V(1.0));
    DNIK_K(ttheta)(v, u, K, N);
    e[0] = DNI_SEL(DNI_ISINF(e0), DNI_V(1.0), e0);
    DNIK_KLOOP(k, 1, N, K, {
        DNIK_K(bdot)(e, v, e, 1, k, k, K);
        DNIK_BLOCK(i, K, k) e[i] *= dni_inv[k];
    });
    if (DNI_ANY(f != 1.0)) /* (times 1 in the other lanes: exact) */
        for (size_t i = 0; i < dnik_size(K, N); i++) e[i] *= f;
}

/** s = sin(u), c = cos(u) (sign = -1) or sinh, cosh (sign = +1); scratch v of S. */
static inline void DNIK_K(tsincos)(DNI_R *restrict s, DNI_R *restrict c, DNI_R s0, DNI_R c0,
                                   double sign, const DNI_R *restrict u, unsigned K,
                                   unsigned N, DNI_R *restrict v)
{
    DNIK_K(ttheta)(v, u, K, N);
    s[0] = s0;
    c[0] = c0;
    DNIK_KLOOP(k, 1, N, K, {
        DNIK_K(bdot)(s, v, c, 1, k, k, K);
        DNIK_K(bdot)(c, v, s, 1, k, k, K);
        DNIK_BLOCK(e, K, k) {
            s[e] *= dni_inv[k];
            c[e] = sign * c[e] * dni_inv[k];
        }
    });
}

/** t = tan(u) (sign = +1) or tanh(u) (sign = -1) from theta t = w theta u, w = 1 + sign t^2;
 *  scratch of 2 S. */
static inline void DNIK_K(ttan)(DNI_R *restrict t, DNI_R t0, DNI_R w0, double sign,
                                const DNI_R *restrict u, unsigned K, unsigned N,
                                DNI_R *restrict ws)
{
    DNI_R *v = ws, *w = ws + dnik_size(K, N);
    DNIK_K(ttheta)(v, u, K, N);
    t[0] = t0;
    w[0] = w0;
    DNIK_KLOOP(k, 1, N, K, {
        DNIK_K(bdot)(t, v, w, 1, k, k, K);
        DNIK_BLOCK(e, K, k) t[e] *= dni_inv[k];
        if (k < N) {
            DNIK_K(bdot)(w, t, t, 0, k, k, K);
            DNIK_BLOCK(e, K, k) w[e] *= sign;
        }
    });
}

/** r = sqrt(u), r_0 = r0; only u's blocks 1..N are read (hypot). */
static inline void DNIK_K(tsqrt)(DNI_R *restrict r, DNI_R r0, const DNI_R *restrict u,
                                 unsigned K, unsigned N)
{
    DNI_R inv2 = 0.5 / r0;
    r[0] = r0;
    DNIK_KLOOP(k, 1, N, K, {
        DNIK_K(bdot)(r, r, r, 1, k - 1, k, K);
        DNIK_BLOCK(e, K, k) r[e] = (u[e] - r[e]) * inv2;
    });
}

#if !DNI_LANE_BODY /* u^p and the composition: scalar code (double only) */
/* f = u^p from q = u / u_0 (q_0 = 1) and f_0: f_k = sum_{j=1..k} ((p+1) j - k) q_j f_{k-j} / k;
 * scratch tmp of S */
static inline void dnik_tpow_rec(double *restrict f, double f0, double p,
                                 const double *restrict q, unsigned K, unsigned N,
                                 double *restrict tmp)
{
    f[0] = f0;
    for (unsigned k = 1; k <= N; k++) {
        DNIK_BLOCK(e, K, k) f[e] = 0.0;
        for (unsigned j = k; j >= 1; j--) {
            dnik_bdot(tmp, q, f, j, j, k, K); /* block k of tmp: q_j f_{k-j} */
            DNIK_BLOCK(e, K, k) f[e] += (p * j + ((double)j - k)) * tmp[e];
        }
        DNIK_BLOCK(e, K, k) f[e] *= dni_inv[k];
    }
}

/* f = u^p on q = u / u_0 with entry a of q scaled by 2^(-m.a) (m per variable, of either
 * sign: the columns of q to unit size, so that q and its powers neither underflow nor
 * overflow), from the value g0 = f_0 2^-e / c; entry a of the result is scaled back by
 * c 2^(e + m.a) in one step (e an integer in a double). Entry a of q is u_a scaled by
 * 2^-(b + m.a) (b the exponent of u_0: exact wherever the result is a normal number, also
 * for a subnormal u_a or u_0) times the reciprocal of u_0's significand: neither u_a / u_0
 * (which overflows where u_0 is subnormal) nor u_a 2^-(m.a) (which can be subnormal, and
 * lose digits, before the division) is formed. Scratch: tmp, 2 S. */
DNI_COLD static void dnik_tpow_scaled(double *restrict f, double g0, double c, double e,
                                      double p, const double *restrict u, unsigned K,
                                      unsigned N, double *restrict tmp)
{
    const size_t S = dnik_size(K, N);
    /* (u_0 NaN or +-Inf, which reach dnik_tpow_q: no scaling, q = u / u_0 as it comes) */
    int fin = isfinite(u[0]) && u[0] != 0.0;
    double *q = tmp + S, l0 = fin ? dnik_lg(u[0]) : 0.0, inv = 1.0 / ldexp(u[0], -(int)l0);
    int m[DNK_VARS_MAX] = {0};
    const double *op = u;
    if (fin) dnik_col_growth(m, &op, 1, (int)l0, 4096, K, N); /* m_i: column i's growth */
    unsigned al[DNK_VARS_MAX] = {0};
    for (size_t j = 0; j < S; j++, dnik_next(K, al)) {
        double x = -l0;
        for (unsigned i = 0; i < K; i++) x -= (double)m[i] * al[i];
        q[j] = ldexp(u[j], x > 8192.0 ? 8192 : x < -8192.0 ? -8192 : (int)x) * inv;
    }
    q[0] = 1.0;
    dnik_tpow_rec(f, g0, p, q, K, N, tmp);
    memset(al, 0, sizeof al);
    for (size_t j = 0; j < S; j++, dnik_next(K, al)) {
        double x = e;
        for (unsigned i = 0; i < K; i++) x += (double)m[i] * al[i];
        f[j] = ldexp(f[j] * c, x > 8192.0 ? 8192 : x < -8192.0 ? -8192 : (int)x);
    }
}

/* f = u^p for a u_0 or f_0 beyond 2^+-500: there the products u_j f_{k-j} of dnik_tpow's
 * recurrence can underflow or overflow (cbrt at 5e-312 on operands rescaled by the range
 * rerun: u_1 2^-784 times f_0 2^-345), and so can q = u / u_0 (u_2 / u_0 = 1e-362 for
 * cbrt at u_0 = 7.8e240, u_2 = 1.6e-121, whose share of f_2 is a third): the recurrence
 * runs on q with its columns scaled to unit size. */
DNI_COLD static void dnik_tpow_q(double *restrict f, double f0, double p,
                                 const double *restrict u, unsigned K, unsigned N,
                                 double *restrict tmp)
{
    dnik_tpow_scaled(f, f0, 1.0, 0.0, p, u, K, N, tmp);
    f[0] = f0;
}

/* f = u^p for a value f0 = pow(u_0, p) that underflowed or overflowed (u_0 > 0), whose
 * partials need not (x^2.5 at 1e-300: 0, 0, 3.75e-150, 1.9e150, -Inf). The recurrence on
 * q is linear in the value: it runs from the value of (2^-b u_0)^p (b the exponent of
 * u_0), and the result is scaled by 2^(b p). Scratch: tmp, 2 S. */
DNI_COLD static void dnik_tpow_out(double *restrict f, double f0, double p,
                                   const double *restrict u, unsigned K, unsigned N,
                                   double *restrict tmp)
{
    int b = ilogb(u[0]);
    double bp = (double)b * p, lo = fma((double)b, p, -bp), bi = floor(bp);
    dnik_tpow_scaled(f, pow(ldexp(u[0], -b), p), exp2((bp - bi) + lo), bi, p, u, K, N, tmp);
    f[0] = f0;
}

/** f = u^p (real p), f_0 = f0, u_0 != 0:
 *  f_k = sum_{j=1..k} ((p+1) j - k) u_j f_{k-j} / (k u_0); scratch tmp of 2 S doubles. */
static inline void dnik_tpow(double *restrict f, double f0, double p,
                             const double *restrict u, unsigned K, unsigned N,
                             double *restrict tmp)
{
    if ((f0 == 0.0 || isinf(f0)) && u[0] > 0.0 && u[0] <= DBL_MAX) {
        dnik_tpow_out(f, f0, p, u, K, N, tmp);
        return;
    }
    double a = fabs(u[0]), b = fabs(f0);
    if (!(a >= 0x1p-500 && a <= 0x1p500 && b >= 0x1p-500 && b <= 0x1p500)) {
        dnik_tpow_q(f, f0, p, u, K, N, tmp);
        return;
    }
    double inv = 1.0 / u[0];
    f[0] = f0;
    DNIK_KLOOP(k, 1, N, K, {
        DNIK_BLOCK(e, K, k) f[e] = 0.0;
        DNIK_KLOOP(t, 1, k, K, {
            unsigned j = k + 1 - t;           /* j = k..1 */
            dnik_bdot(tmp, u, f, j, j, k, K); /* block k of tmp: u_j f_{k-j} */
            DNIK_BLOCK(e, K, k) f[e] += (p * j + ((double)j - k)) * tmp[e];
        });
        DNIK_BLOCK(e, K, k) f[e] = f[e] * dni_inv[k] * inv;
    });
}

/* f = h(u) = sum_j dh[j]/j! (u - u_0)^j (dnik_tcompose without the range rerun) */
static inline void dnik_tcompose_plain(double *restrict f, const double *restrict dh,
                                       const double *restrict u, unsigned K, unsigned N,
                                       double *restrict ws)
{
    const size_t S = dnik_size(K, N);
    double *p = ws, *q = ws + S;
    for (size_t e = 0; e < S; e++) {
        p[e] = e == 0 ? 1.0 : 0.0;
        f[e] = e == 0 ? -0.0 : 0.0; /* -0 + h0 is h0, also -0: the value keeps its sign */
    }
    for (unsigned j = 0;; j++) {
        double hk = dh[j] * dni_ifact[j];
        for (size_t e = dnik_start(K, j); e < S; e++)
            if (p[e] != 0.0) f[e] += hk * p[e];
        if (j == N) break;
        /* q = p (u - u_0): p's blocks below j are zero, q's below j + 1 */
        for (unsigned k = 0; k <= N; k++) {
            if (k <= j) {
                DNIK_BLOCK(e, K, k) q[e] = 0.0;
            } else {
                dnik_bdot(q, p, u, j, k - 1, k, K);
            }
        }
        for (size_t e = 0; e < S; e++) p[e] = q[e];
    }
}
#endif /* !DNI_LANE_BODY */
