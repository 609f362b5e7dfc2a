/* dnum/internal/kernel_arith.h -- the derivative-form arithmetic: variables and constants, +, -,
 * negation, scaling, *, /, |u|, and a user's function by its derivatives (apply).
 * Part of the kernel body of dnum/internal/kernel.h (internal, not API-stable): included by it
 * once per element type (DNI_R, DNI_K, ... of kernel.h; src/kernel_ext.h), never alone. */
#ifndef DNI_KERNEL_BODY
#error                                                                                     \
    "dnum/internal/kernel_arith.h is a part of dnum/internal/kernel.h: include that instead"
#endif

/* ------------------------------------------------------------------------------------ */
/* Derivative-form kernels. Any output may alias any input.                               */

/** r = the independent variable at x: (x, 1, 0, ..., 0). */
DNI_KINLINE void DNI_K(set_var)(DNI_R *r, DNI_R x, unsigned n)
{
    r[0] = x;
    DNI_UNROLL
    for (unsigned k = 1; k <= n; k++) r[k] = DNI_V((k == 1) ? 1.0 : 0.0);
}

/** r = the constant c: (c, 0, ..., 0). */
DNI_KINLINE void DNI_K(set_const)(DNI_R *r, DNI_R c, unsigned n)
{
    r[0] = c;
    DNI_UNROLL
    for (unsigned k = 1; k <= n; k++) r[k] = DNI_V(0.0);
}

/** r = a + b. */
DNI_KINLINE void DNI_K(add)(DNI_R *r, const DNI_R *a, const DNI_R *b, unsigned n)
{
    DNI_UNROLL
    for (unsigned k = 0; k <= n; k++) r[k] = a[k] + b[k];
}

/** r = a - b. */
DNI_KINLINE void DNI_K(sub)(DNI_R *r, const DNI_R *a, const DNI_R *b, unsigned n)
{
    DNI_UNROLL
    for (unsigned k = 0; k <= n; k++) r[k] = a[k] - b[k];
}

/** r = -a. */
DNI_KINLINE void DNI_K(neg)(DNI_R *r, const DNI_R *a, unsigned n)
{
    DNI_UNROLL
    for (unsigned k = 0; k <= n; k++) r[k] = -a[k];
}

/** r = a + c (only the value changes). */
DNI_KINLINE void DNI_K(add_d)(DNI_R *r, const DNI_R *a, DNI_R c, unsigned n)
{
    r[0] = a[0] + c;
    DNI_UNROLL
    for (unsigned k = 1; k <= n; k++) r[k] = a[k];
}

/** r = c * a. */
DNI_KINLINE void DNI_K(mul_d)(DNI_R *r, const DNI_R *a, DNI_R c, unsigned n)
{
    DNI_UNROLL
    for (unsigned k = 0; k <= n; k++) r[k] = c * a[k];
}

/** r = a * b (Leibniz product). Scratch: ws, DNI_W_mul(n) doubles.
 *  Up to order 56 the Leibniz formula itself, r_k = sum_j C(k, j) a_j b_(k-j), the pairs
 *  j, k - j sharing their binomial (exact there): integer operands give exact integers
 *  while the sums stay below 2^53 (integer polynomials at integer points); above, the
 *  product of the Taylor coefficients. */
#define DNI_W_mul(n) DNI_WN(3, n)
DNI_KINLINE void DNI_K(mul_w)(DNI_R *r, const DNI_R *a, const DNI_R *b, unsigned n,
                              DNI_R *restrict ws)
{
    if (n <= 56) { /* into the scratch, which aliases nothing, then to r (which may be a
                    * or b): stores to r would make the compiler reload a and b */
        DNI_UNROLL
        for (DNI_IX k = 0; k <= n; k++) {
            /* a_0 b_k first and a_k b_0 last: at k = 2 the order of the lanes and
             * one-pass numbers (hessian.h), so their roundings agree */
            const double *c = dni_binom + k * (k + 1) / 2;
            DNI_R s = a[0] * b[k];
            DNI_UNROLL_IN
            for (DNI_IX j = 1; 2 * j < k; j++)
                s += (DNI_S)c[j] * (a[j] * b[k - j] + a[k - j] * b[j]);
            if (k >= 2 && k % 2 == 0) s += (DNI_S)c[k / 2] * (a[k / 2] * b[k / 2]);
            ws[k] = k ? s + a[k] * b[0] : s;
        }
        DNI_UNROLL
        for (unsigned k = 0; k <= n; k++) r[k] = ws[k];
        return;
    }
    DNI_R *ta = ws, *tb = ws + DNI_ST(n), *tc = ws + 2 * DNI_ST(n);
    DNI_K(to_t)(ta, a, n);
    DNI_K(to_t)(tb, b, n);
    DNI_K(tmul)(tc, ta, tb, n);
    DNI_K(from_t)(r, tc, n);
}

/* c = ta / tb on normalised coefficients, the zero rule at tb0 = 0; ws: DNI_WN(2, n) */
DNI_KINLINE void DNI_K(tdiv_any_w)(DNI_R *restrict c, const DNI_R *restrict ta,
                                   const DNI_R *restrict tb, unsigned n, DNI_R *restrict ws)
{
    if (DNI_DIV_RARE(tb[0])) DNI_K(tdiv_rare_w)(c, ta, tb, n, ws); /* 0 or subnormal */
    else DNI_K(tdiv_sc)(c, ta, tb, n, 1.0);
}

/** r = a / b. b0 = 0 gives Inf/NaN as in floating-point division. Scratch: DNI_W_div(n). */
#define DNI_W_div(n) DNI_WN(5, n)
DNI_KINLINE void DNI_K(div_w)(DNI_R *r, const DNI_R *a, const DNI_R *b, unsigned n,
                              DNI_R *restrict ws)
{
    DNI_R *ta = ws, *tb = ws + DNI_ST(n), *tc = ws + 2 * DNI_ST(n);
    DNI_K(to_t)(ta, a, n);
    DNI_K(to_t)(tb, b, n);
    DNI_K(tdiv_any_w)(tc, ta, tb, n, ws + 3 * DNI_ST(n));
    DNI_K(from_t)(r, tc, n);
}

/** r = c / b. Scratch: DNI_W_d_div(n). */
#define DNI_W_d_div(n) DNI_WN(5, n)
DNI_KINLINE void DNI_K(d_div_w)(DNI_R *r, DNI_R c, const DNI_R *b, unsigned n,
                                DNI_R *restrict ws)
{
    DNI_R *ta = ws, *tb = ws + DNI_ST(n), *tc = ws + 2 * DNI_ST(n);
    DNI_K(set_const)(ta, c, n);
    DNI_K(to_t)(tb, b, n);
    DNI_K(tdiv_any_w)(tc, ta, tb, n, ws + 3 * DNI_ST(n));
    DNI_K(from_t)(r, tc, n);
}

#if !DNI_LANE_BODY /* abs branches on the value; the callbacks */
/** r = |u|. At u0 = 0 the value is 0 and every derivative NaN (not differentiable). */
DNI_KINLINE void DNI_K(abs)(DNI_R *r, const DNI_R *u, unsigned n)
{
    if (u[0] > 0.0) {
        for (unsigned k = 0; k <= n; k++) r[k] = u[k];
    } else if (u[0] < 0.0) {
        for (unsigned k = 0; k <= n; k++) r[k] = -u[k];
    } else {
        r[0] = DNI_M(fabs)(u[0]);
        for (unsigned k = 1; k <= n; k++) r[k] = (u[0] == 0.0) ? NAN : u[0];
    }
}

/** r = h(u) for a user function given by its derivative callback h(x, k, ctx) = h^(k)(x).
 *  Calls h exactly n + 1 times (k = 0..n, at x = u0), then composes in O(n^3).
 *  Scratch: DNI_W_apply(n). */
#define DNI_W_apply(n) DNI_WN(6, n)
DNI_KINLINE void DNI_K(apply_w)(DNI_R *r, const DNI_R *u, dn_deriv_fn h, void *ctx,
                                unsigned n, DNI_R *restrict ws)
{
    DNI_R *dh = ws, *tu = ws + DNI_ST(n), *tr = ws + 2 * DNI_ST(n);
    DNI_R u0 = u[0];
    for (unsigned j = 0; j <= n; j++) dh[j] = h(u0, j, ctx);
    DNI_K(to_t)(tu, u, n);
    DNI_K(tcompose_w)(tr, dh, tu, n, ws + 3 * DNI_ST(n));
    DNI_K(from_t)(r, tr, n);
}
#endif /* !DNI_LANE_BODY */
