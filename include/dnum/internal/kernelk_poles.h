/* dnum/internal/kernelk_poles.h -- zeros and poles of the multivariate kernels (kernel.h's
 * rule, also Dnum2's): dnik_sing gives an operand that depends on one variable near the
 * point the univariate answer, and a genuinely multivariate one NaN partials.
 * Part of dnum/internal/kernelk.h (internal, not API-stable): included by it, never alone. */
#ifndef DNUM_KERNELK_H
#error                                                                                     \
    "dnum/internal/kernelk_poles.h is a part of dnum/internal/kernelk.h: include that instead"
#endif

/* ------------------------------------------------------------------------------------ */
/* Zeros and poles (kernel.h's rule), also Dnum2's: an operand of one variable near the   */
/* point gets the univariate answer; a zero of a genuinely multivariate operand is not    */
/* resolved (NaN partials, never a guess).                                                */

/* The variables u may depend on alone: bit i set if every nonzero partial of order >= 1
 * is a pure power of x_i (NaN partials, unknown, do not count; a constant has all bits). */
static inline unsigned dnik_onevar(const double *u, unsigned K, unsigned N)
{
    unsigned mask = (1u << K) - 1u, a[DNK_VARS_MAX] = {0};
    size_t S = dnik_size(K, N);
    dnik_next(K, a);
    for (size_t e = 1; e < S; e++, dnik_next(K, a)) {
        if (u[e] == 0.0 || isnan(u[e])) continue;
        unsigned nz = 0, who = 0;
        for (unsigned i = 0; i < K; i++)
            if (a[i]) nz++, who = i;
        mask &= nz == 1 ? 1u << who : 0u;
    }
    return mask;
}

/* The 1-D kernels that dnik_sing runs on a column, in one signature (kernel.h): those with
 * the wide scratch as they are, dnik_1d_<f> for each one-argument elementary function of
 * the operation table with scratch ws alone (shape DNI_WS) */
#define DNIK_1D(f)                                                                         \
    static inline void dnik_1d_##f(double *r, const double *u, unsigned n, double *ws,     \
                                   dni_wide *ww)                                           \
    {                                                                                      \
        (void)ww;                                                                          \
        dni_##f##_w(r, u, n, ws);                                                          \
    }
#define DNIK_1D_ROW(A, f, OP, shape, ...) DNIK_1D_##shape(f)
#define DNIK_1D_DNI_WS DNIK_1D
#define DNIK_1D_DNI_WSW(f)
#define DNIK_1D_DNI_NOWS(f)
DNI_OPS_ELEM1(DNIK_1D_ROW, ~)

/* r = f(a) or f(a, b) at a zero or pole of an operand through the univariate derivative
 * kernel f1 (f2 for two operands, fp with the constant p) on the column of the variable
 * the operands depend on; every other partial 0 (NaN where an operand's are unknown). */
DNI_COLD static void
dnik_sing(double *r, const double *a, const double *b,
          void (*f1)(double *, const double *, unsigned, double *, dni_wide *),
          void (*f2)(double *, const double *, const double *, unsigned, double *),
          void (*fp)(double *, const double *, double, unsigned, double *, dni_wide *),
          double p, unsigned K, unsigned N)
{
    /* the 1-D kernels' scratch at n <= DN_BINOM_MAX (the most: pow_d, sqrt, cbrt) */
    double ws[DNI_W_pow_d(DN_BINOM_MAX)];
    dni_wide ww[DNI_WW_pow_d(DN_BINOM_MAX)];
    unsigned mask = dnik_onevar(a, K, N) & (b ? dnik_onevar(b, K, N) : ~0u), v = 0;
    while (v < K && !(mask & (1u << v))) v++;
    size_t S = dnik_size(K, N), idx[DN_BINOM_MAX + 1]; /* N <= 64: Dnum2's orders too */
    unsigned n = v < K ? N : 0, al[DNK_VARS_MAX] = {0};
    double ca[DN_BINOM_MAX + 1], cb[DN_BINOM_MAX + 1], cr[DN_BINOM_MAX + 1];
    for (unsigned s = 0; s <= n; s++) { /* the column, as derivatives */
        al[v < K ? v : 0] = s;
        idx[s] = dnik_index(K, al);
        ca[s] = a[idx[s]] * dni_fact[s];
        cb[s] = b ? b[idx[s]] * dni_fact[s] : 0.0;
    }
    if (f1) f1(cr, ca, n, ws, ww);
    else if (f2) f2(cr, ca, cb, n, ws);
    else fp(cr, ca, p, n, ws, ww);
    int unknown = v >= K;
    for (size_t e = 1; e < S; e++) unknown |= isnan(a[e]) || (b && isnan(b[e]));
    for (size_t e = 0; e < S; e++) r[e] = unknown ? NAN : 0.0;
    for (unsigned s = 0; s <= n; s++) r[idx[s]] = cr[s] * dni_ifact[s];
    r[0] = cr[0];
}
