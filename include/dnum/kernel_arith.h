/* dnum/kernel_arith.h -- the derivative-form arithmetic: variables and constants, +, -,
 * negation, scaling, *, /, |u|, and a user's function by its derivatives (apply).
 * Part of the kernel body of dnum/kernel.h (internal, not API-stable): included by it
 * once per element type (_DN_R, _DN_K, ... of kernel.h; src/kernel_ext.h), never alone. */
#ifndef _DN_KERNEL_BODY
#error "dnum/kernel_arith.h is a part of dnum/kernel.h: include that instead"
#endif

/* ------------------------------------------------------------------------------------ */
/* Derivative-form kernels. Any output may alias any input.                               */

/** r = the independent variable at x: (x, 1, 0, ..., 0). */
static inline void _DN_K(set_var)(_DN_R *r, _DN_R x, unsigned n)
{
    r[0] = x;
    _DN_UNROLL for (unsigned k = 1; k <= n; k++) r[k] = _DN_V((k == 1) ? 1.0 : 0.0);
}

/** r = the constant c: (c, 0, ..., 0). */
static inline void _DN_K(set_const)(_DN_R *r, _DN_R c, unsigned n)
{
    r[0] = c;
    _DN_UNROLL for (unsigned k = 1; k <= n; k++) r[k] = _DN_V(0.0);
}

/** r = a + b. */
static inline void _DN_K(add)(_DN_R *r, const _DN_R *a, const _DN_R *b, unsigned n)
{
    _DN_UNROLL for (unsigned k = 0; k <= n; k++) r[k] = a[k] + b[k];
}

/** r = a - b. */
static inline void _DN_K(sub)(_DN_R *r, const _DN_R *a, const _DN_R *b, unsigned n)
{
    _DN_UNROLL for (unsigned k = 0; k <= n; k++) r[k] = a[k] - b[k];
}

/** r = -a. */
static inline void _DN_K(neg)(_DN_R *r, const _DN_R *a, unsigned n)
{
    _DN_UNROLL for (unsigned k = 0; k <= n; k++) r[k] = -a[k];
}

/** r = a + c (only the value changes). */
static inline void _DN_K(add_d)(_DN_R *r, const _DN_R *a, _DN_R c, unsigned n)
{
    r[0] = a[0] + c;
    _DN_UNROLL for (unsigned k = 1; k <= n; k++) r[k] = a[k];
}

/** r = c * a. */
static inline void _DN_K(mul_d)(_DN_R *r, const _DN_R *a, _DN_R c, unsigned n)
{
    _DN_UNROLL for (unsigned k = 0; k <= n; k++) r[k] = c * a[k];
}

/** r = a * b (Leibniz product). Scratch: ws, _DN_W_mul(n) doubles.
 *  Up to order 56 the Leibniz formula itself, r_k = sum_j C(k, j) a_j b_(k-j), the pairs
 *  j, k - j sharing their binomial (exact there): integer operands give exact integers
 *  while the sums stay below 2^53 (integer polynomials at integer points); above, the
 *  product of the Taylor coefficients. */
#define _DN_W_mul(n) _DN_WN(3, n)
static inline void _DN_K(mul_w)(_DN_R *r, const _DN_R *a, const _DN_R *b, unsigned n,
                             _DN_R *restrict ws)
{
    if (n <= 56) { /* into the scratch, which aliases nothing, then to r (which may be a
                    * or b): stores to r would make the compiler reload a and b */
        _DN_UNROLL for (_DN_IX k = 0; k <= n; k++) {
            /* a_0 b_k first and a_k b_0 last: at k = 2 the order of the lanes and
             * one-pass numbers (hessian.h), so their roundings agree */
            const double *c = _dn_binom + k * (k + 1) / 2;
            _DN_R s = a[0] * b[k];
            _DN_UNROLL_IN for (_DN_IX j = 1; 2 * j < k; j++)
                s += (_DN_S)c[j] * (a[j] * b[k - j] + a[k - j] * b[j]);
            if (k >= 2 && k % 2 == 0) s += (_DN_S)c[k / 2] * (a[k / 2] * b[k / 2]);
            ws[k] = k ? s + a[k] * b[0] : s;
        }
        _DN_UNROLL for (unsigned k = 0; k <= n; k++) r[k] = ws[k];
        return;
    }
    _DN_R *ta = ws, *tb = ws + _DN_ST(n), *tc = ws + 2 * _DN_ST(n);
    _DN_K(to_t)(ta, a, n);
    _DN_K(to_t)(tb, b, n);
    _DN_K(tmul)(tc, ta, tb, n);
    _DN_K(from_t)(r, tc, n);
}

/* c = ta / tb on normalised coefficients, the zero rule at tb0 = 0; ws: _DN_WN(2, n) */
static inline void _DN_K(tdiv_any_w)(_DN_R *restrict c, const _DN_R *restrict ta,
                                  const _DN_R *restrict tb, unsigned n, _DN_R *restrict ws)
{
    if (_DN_RARE(tb[0] == 0.0)) _DN_K(tdiv_zero_w)(c, ta, tb, n, ws); /* a pole or a removable zero */
    else _DN_K(tdiv)(c, ta, tb, n);
}

/** r = a / b. b0 = 0 gives Inf/NaN as in floating-point division. Scratch: _DN_W_div(n). */
#define _DN_W_div(n) _DN_WN(5, n)
static inline void _DN_K(div_w)(_DN_R *r, const _DN_R *a, const _DN_R *b, unsigned n,
                             _DN_R *restrict ws)
{
    _DN_R *ta = ws, *tb = ws + _DN_ST(n), *tc = ws + 2 * _DN_ST(n);
    _DN_K(to_t)(ta, a, n);
    _DN_K(to_t)(tb, b, n);
    _DN_K(tdiv_any_w)(tc, ta, tb, n, ws + 3 * _DN_ST(n));
    _DN_K(from_t)(r, tc, n);
}

/** r = c / b. Scratch: _DN_W_d_div(n). */
#define _DN_W_d_div(n) _DN_WN(5, n)
static inline void _DN_K(d_div_w)(_DN_R *r, _DN_R c, const _DN_R *b, unsigned n,
                               _DN_R *restrict ws)
{
    _DN_R *ta = ws, *tb = ws + _DN_ST(n), *tc = ws + 2 * _DN_ST(n);
    _DN_K(set_const)(ta, c, n);
    _DN_K(to_t)(tb, b, n);
    _DN_K(tdiv_any_w)(tc, ta, tb, n, ws + 3 * _DN_ST(n));
    _DN_K(from_t)(r, tc, n);
}


#if !_DN_LANE_BODY /* abs branches on the value; the callbacks */
/** r = |u|. At u0 = 0 the value is 0 and every derivative NaN (not differentiable). */
static inline void _DN_K(abs)(_DN_R *r, const _DN_R *u, unsigned n)
{
    if (u[0] > 0.0) {
        for (unsigned k = 0; k <= n; k++) r[k] = u[k];
    } else if (u[0] < 0.0) {
        for (unsigned k = 0; k <= n; k++) r[k] = -u[k];
    } else {
        r[0] = _DN_M(fabs)(u[0]);
        for (unsigned k = 1; k <= n; k++) r[k] = (u[0] == 0.0) ? NAN : u[0];
    }
}

/** r = h(u) for a user function given by its derivative callback h(x, k, ctx) = h^(k)(x).
 *  Calls h exactly n + 1 times (k = 0..n, at x = u0), then composes in O(n^3).
 *  Scratch: _DN_W_apply(n). */
#define _DN_W_apply(n) _DN_WN(6, n)
static inline void _DN_K(apply_w)(_DN_R *r, const _DN_R *u, dn_deriv_fn h, void *ctx,
                               unsigned n, _DN_R *restrict ws)
{
    _DN_R *dh = ws, *tu = ws + _DN_ST(n), *tr = ws + 2 * _DN_ST(n);
    _DN_R u0 = u[0];
    for (unsigned j = 0; j <= n; j++) dh[j] = h(u0, j, ctx);
    _DN_K(to_t)(tu, u, n);
    _DN_K(tcompose_w)(tr, dh, tu, n, ws + 3 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}
#endif /* !_DN_LANE_BODY */
