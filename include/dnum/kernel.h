/* dnum/kernel.h -- the kernel layer shared by every family (internal, not API-stable).
 *
 * Every family (fixed Dnum, Dvec, Dnum2) is a thin front end over these functions.
 * They live in a header, as static inline functions, so that the fixed-order front end
 * can call them with a compile-time order and the compiler unrolls them completely.
 * Names start with _dn_; do not call them from user code, they may change.
 *
 * One source, two element types: the recurrences (the body below, the series cores of
 * kernel_wide.h and kernel_special.h) are written on the macros _DN_R (element type),
 * _DN_K(name) (the kernel's name), _DN_M(f) (the C library's function) and a few more
 * (see "The element type"), instantiated here for double; the library compiles the same
 * body a second time for an extended type (src/kernel_ext.h, names _dne_*) behind
 * dn_expr_eval_ext. So _DN_K(exp_w) below is _dn_exp_w, _DN_R is double.
 *
 * Two levels:
 *   _dn_t*   "normalised" cores on Taylor coefficients t[k] = f^(k)/k!, k = 0..n.
 *            Outputs must not alias inputs (restrict). No allocation, no errors.
 *   _dn_*    derivative-form kernels on arrays of derivatives d[k] = f^(k), k = 0..n.
 *            Any output may alias any input. They convert to normalised form, run the
 *            core and convert back: O(n) scalings around an O(n^2) core.
 *
 * Scratch, bounded stack: no kernel declares an array whose size depends on n (no
 * variable-length arrays; the headers are clean under -Wvla). A kernel that needs
 * temporary arrays is written _dn_<name>_w and takes them from its caller as its last
 * arguments: `double *restrict ws` of _DN_W_<name>(n) doubles and, for the kernels that
 * run in extended precision (sqrt cbrt pow_d pown pow atan2 hypot), `_dn_wide *restrict
 * ww` of _DN_WW_<name>(n) wide numbers (a separate array: long double needs its own
 * alignment, and no memory is used as both types). Scratch must not overlap the other
 * arguments; its contents on entry do not matter. _DN_W_MAX(n) and _DN_WW_MAX(n) are
 * enough for every kernel of this header and kernel_special.h. Who provides it:
 *   - the fixed-order front ends (fixed.h): local arrays of the constant size
 *     _DN_W_<name>(N); after inlining the same code as arrays declared in the kernel;
 *   - Dvec (src/dvec_ops.c): a block from the dvec's allocator (DN_ENOMEM, outputs
 *     untouched, if it fails), or a buffer of a few KiB on the stack at orders up to 16;
 *   - the expression evaluator: the caller's workspace (dn_expr_work_size counts it).
 * So a kernel's own frame is a few hundred bytes at any order: at DN_ORDER_MAX every
 * Dvec function and dn_expr_eval run in a thread with a 64 KiB stack (tests/test_stack.c).
 * Kernels without temporaries (add, neg, abs, ...) keep the plain form _dn_<name>.
 *
 * Why normalised cores: the Leibniz product (fg)^(n) = sum_k C(n,k) f^(k) g^(n-k) with
 * C(n,k) = n!/(k!(n-k)!) is exactly n! * sum_k (f^(k)/k!) (g^(n-k)/(n-k)!). Scaling each
 * operand once moves the binomial weights out of the O(n^2) inner loop (one multiply
 * per term saved) for O(n) extra work; all recurrences below are the classical ones for
 * truncated power series. Derivatives stay the stored representation (see docs/design.md).
 *
 * High orders: up to DN_TAYLOR_MAX (170) the scalings are the exact tables 1/k! and k!.
 * Beyond, k! overflows, so orders n in 171..DN_ORDER_MAX use scaled coefficients
 * t[k] = f^(k) s^k / k! with s = 0.28 n: the series of f(s z) in z instead of f(x), on
 * which every recurrence below holds unchanged (the cores never see the variable).
 * s^k/k! then stays within about 1e+-121 for all k <= n; see _dn_scale.
 *
 * Index (derivative form, order n, r = result; _w: with scratch, see above):
 *   _dn_set_var _dn_set_const _dn_add _dn_sub _dn_neg _dn_add_d _dn_mul_d _dn_abs
 *   _dn_mul_w _dn_div_w _dn_d_div_w
 *   _dn_exp_w _dn_expm1_w _dn_log_w _dn_log1p_w _dn_sqrt_w _dn_cbrt_w _dn_pow_d_w
 *   _dn_pown_w _dn_pow_w _dn_sin_w _dn_cos_w _dn_sincos_w _dn_tan_w _dn_asin_w _dn_acos_w
 *   _dn_atan_w _dn_atan2_w _dn_sinh_w _dn_cosh_w _dn_sinhcosh_w _dn_tanh_w _dn_asinh_w
 *   _dn_acosh_w _dn_atanh_w _dn_erf_w _dn_erfc_w _dn_hypot_w _dn_apply_w
 * Wide (extended precision, kernel_wide.h) helpers: _dn_to_w _dn_from_w
 */
#ifndef DNUM_KERNEL_H
#define DNUM_KERNEL_H

#include <math.h>
#include <limits.h>
#include "dnum/tables.h"
#include "dnum/common.h"
#include "dnum/kernel_wide.h"

/* Complete unrolling for compile-time orders (GCC); translation units that call the
 * kernels with run-time orders (Dvec, exported copies) define DN_NO_UNROLL first.
 * Not for clang: there the pragma made both compiling (1.1 s for one dnum_o8 file) and
 * the code slower than clang's own unrolling, and it warns where it cannot comply. */
#if defined(DN_NO_UNROLL) || defined(__clang__)
#define _DN_UNROLL
#elif defined(__GNUC__)
#define _DN_UNROLL _Pragma("GCC unroll 40")
#else
#define _DN_UNROLL
#endif
/* The inner loops of the O(n^2) recurrences (sums of products of two series), _DN_UNROLL_IN
 * with the index type _DN_IX. At constant orders both are as everywhere else (complete
 * unrolling, unsigned). At run-time orders (DN_NO_UNROLL) the indices are size_t, so that
 * the compiler walks the arrays with pointers instead of recomputing a 32-bit k - j per
 * term, and GCC unrolls the loops by 4, with the one accumulator of the source, so every
 * sum keeps its order and its rounding (the rolled loops spent half their instructions on
 * loop control: Dvec W1 at order 64 ran 41,000 instructions per point, 24,600 with this).
 * Not in the other translation units: where GCC keeps a kernel out of line with a run-time
 * order there (src/dvec_kernels.c), size_t indices let it vectorise the products of the
 * in-order sums and unroll by 32, twice the instructions of the plain loop. */
#if defined(DN_NO_UNROLL)
#define _DN_IX size_t
#if defined(__GNUC__) && !defined(__clang__)
#define _DN_UNROLL_IN _Pragma("GCC unroll 4")
#else
#define _DN_UNROLL_IN
#endif
#else
#define _DN_IX unsigned
#define _DN_UNROLL_IN _DN_UNROLL
#endif
/* Complete unrolling of a loop with a constant trip count (series of fixed length), in
 * every translation unit: gcc unrolls these at -O3 but not at -O2. */
#if defined(__GNUC__) && !defined(__clang__)
#define _DN_UNROLL_FIXED _Pragma("GCC unroll 16")
#else
#define _DN_UNROLL_FIXED
#endif

/* The rare paths (zeros and poles) stay out of line, so the unrolled hot code keeps its size. */
#if defined(__GNUC__) || defined(__clang__)
#define _DN_COLD __attribute__((cold, noinline, unused))
#else
#define _DN_COLD
#endif

/* ------------------------------------------------------------------------------------ */
/* The element type. The recurrences below (the "body", from _DN_KERNEL_BODY on, with
 * kernel_wide.h's series cores and kernel_special.h) are written once on these macros and
 * instantiated here for double, the public _dn_* kernels. The library instantiates the
 * same source a second time for an extended type, internally (src/kernel_ext.h):
 *   _DN_R         the element type of the arrays and of every intermediate
 *   _DN_K(name)   the name of a kernel of this instantiation (_dn_name here)
 *   _DN_M(f)      the C library's function f for _DN_R (sin, ...: f itself here)
 *   _DN_C(lit)    a decimal constant of _DN_R, written with enough digits for any type
 *   _DN_INV(k)    1/k in _DN_R (k >= 1)
 *   _DN_IFACT(k)  1/k! in _DN_R, k <= DN_TAYLOR_MAX here
 *   _DN_SCALED(n) whether order n runs on scaled coefficients (beyond the factorials)
 *   _DN_EPS       the unit roundoff 2^-53 of _DN_R (Newton stops), _DN_SERIES_TOL the
 *                 relative size at which a power series is cut
 *   _DN_DIGAMMA_X0(n)  where the Hurwitz zeta sums switch to Euler-Maclaurin (order n)
 * Per type besides: the wide type and its primitives _DN_K(wide) _DN_K(wd) ... (for double
 * kernel_wide.h's), and the conversions _DN_K(scale) _DN_K(to_t) _DN_K(from_t)
 * _DN_K(to_w) _DN_K(from_w) _DN_K(lgamma_value), defined before the body.
 *
 * The element may also be a vector of W doubles, one point per lane (src/kernel_lane.h,
 * the batch evaluators): the recurrences are the same, and the few tests on values that
 * they make are written so that they read lane-wise there. For a scalar type these
 * macros are the plain forms (defined in terms of _DN_R, so they follow its redefinition):
 *   _DN_S         the scalar type of casts and constant parameters (_DN_R; double there)
 *   _DN_V(x)      the scalar x as an element (a splat there)
 *   _DN_SEL(m, a, b)  m ? a : b, lane by lane for a vector m
 *   _DN_ANY(m)    whether m holds (in some lane); _DN_AND(m, q) m && q (lane-wise)
 *   _DN_ISINF(x) _DN_ISFINITE(x)  isinf, isfinite (lane masks there)
 *   _DN_RARE(c)   a branch to a rare path (a zero or pole rule, out of line): c here; 0
 *                 for a vector element, whose evaluator sends the lanes that meet c to
 *                 the scalar kernel instead (the parts marked !_DN_LANE_BODY, the cold
 *                 paths and the wide kernels, are compiled for scalar types only). */
#define _DN_R double
#define _DN_KP _dn_ /* the prefix */
#define _DN_K(name) _dn_##name
#define _DN_M(f) f
#define _DN_C(lit) lit
#define _DN_INV(k) _dn_inv[k]
#define _DN_IFACT(k) _dn_ifact[k]
#define _DN_SCALED(n) ((n) > DN_TAYLOR_MAX)
#define _DN_EPS 0x1p-53
#define _DN_MIN_EXP (-1022) /* the exponent of the smallest normal _DN_R (ilogb) */
#define _DN_SERIES_TOL 1e-18
#define _DN_DIGAMMA_X0(n) (20.0 + (double)(n))
#define _DN_DOUBLE_BODY 1 /* this instantiation is the double one */
#ifndef _DN_LANE_BODY
#define _DN_LANE_BODY 0 /* 1: a vector element type (src/kernel_lane.h) */
#define _DN_S _DN_R
#define _DN_V(x) ((_DN_R)(x))
#define _DN_SEL(m, a, b) ((m) ? (a) : (b))
#define _DN_ANY(m) (m)
#define _DN_AND(m, q) ((m) && (q))
#define _DN_ISINF(x) isinf(x)
#define _DN_ISFINITE(x) isfinite(x)
#define _DN_RARE(c) (c)
#endif

#define _DN_2_SQRTPI _DN_C(1.1283791670955125738961589031215452) /* 2/sqrt(pi) */
#define _DN_SQRT2 _DN_C(1.41421356237309504880168872420969808)

/* ------------------------------------------------------------------------------------ */
/* Conversion between derivatives and normalised coefficients.                           */

/** The scale s of the normalised coefficients t[k] = d[k] s^k / k! at order n: 1 where
 *  the factorial tables apply, else 0.28 n, the s that balances the largest weight
 *  (about e^s, at k = s) against the smallest (s^n/n!): both stay near 1e+-121 at n = 1000. */
static inline double _dn_scale(unsigned n)
{
    return n <= DN_TAYLOR_MAX ? 1.0 : 0.28 * (double)n;
}

/* The weights beyond the tables, w_k = s^k / k! (inverse = 0) or k! / s^k (inverse = 1):
 * a running product in long double, rounded once per entry; _dn_weight_next steps x from
 * w_k to w_(k+1). */
static inline long double _dn_weight_next(long double x, long double s, unsigned k, int inverse)
{
    return inverse ? x * (long double)(k + 1) / s : x * s / (long double)(k + 1);
}

/** t[k] = d[k] s^k / k! (s = 1 up to DN_TAYLOR_MAX). */
static inline void _dn_to_t(double *restrict t, const double *d, unsigned n)
{
    if (n <= DN_TAYLOR_MAX) {
        _DN_UNROLL for (unsigned k = 0; k <= n; k++) t[k] = d[k] * _dn_ifact[k];
    } else {
        long double s = _dn_scale(n), x = 1.0L;
        for (unsigned k = 0; k <= n; k++) {
            t[k] = d[k] * (double)x;
            x = _dn_weight_next(x, s, k, 0);
        }
    }
}

/** d[k] = t[k] k! / s^k (s = 1 up to DN_TAYLOR_MAX). */
static inline void _dn_from_t(double *restrict d, const double *t, unsigned n)
{
    if (n <= DN_TAYLOR_MAX) {
        _DN_UNROLL for (unsigned k = 0; k <= n; k++) d[k] = t[k] * _dn_fact[k];
    } else {
        long double s = _dn_scale(n), x = 1.0L;
        for (unsigned k = 0; k <= n; k++) {
            d[k] = t[k] * (double)x;
            x = _dn_weight_next(x, s, k, 1);
        }
    }
}

/* ------------------------------------------------------------------------------------ */
/* Scratch sizes. A kernel that needs temporary arrays is written as _dn_<name>_w with
 * caller scratch as its last arguments: ws, _DN_W_<name>(n) doubles, and for the kernels
 * that run in extended precision also ww, _DN_WW_<name>(n) wide numbers (kernel_wide.h).
 * Scratch must not overlap any argument; its contents on entry do not matter. */
/* the stride of the arrays in scratch: n + 1 entries rounded up to 8 (64 bytes), so that
 * every array of a 64-byte aligned scratch starts on a cache line */
#define _DN_ST(n) (((n) + 8) / 8 * 8)
#define _DN_WN(k, n) ((k) * _DN_ST(n)) /* k arrays of n + 1 entries */

#define _DN_KERNEL_BODY 1
#endif /* DNUM_KERNEL_H */

/* ------------------------------------------------------------------------------------ */
/* The body: every recurrence, on the element-type macros above (included once per type). */
#ifdef _DN_KERNEL_BODY
#if !_DN_LANE_BODY /* the wide cores: not for a vector element type */
#include "dnum/kernel_wide.h" /* its series cores, for this type */
#endif /* !_DN_LANE_BODY */

/* ------------------------------------------------------------------------------------ */
/* Normalised cores (Taylor coefficients, order n, no aliasing).                         */

/** c = a * b (Cauchy product). */
static inline void _DN_K(tmul)(_DN_R *restrict c, const _DN_R *restrict a,
                            const _DN_R *restrict b, unsigned n)
{
    _DN_UNROLL for (_DN_IX k = 0; k <= n; k++) {
        _DN_R s = a[0] * b[k];
        _DN_UNROLL_IN for (_DN_IX j = 1; j <= k; j++) s += a[j] * b[k - j];
        c[k] = s;
    }
}

/** c = a / b. */
static inline void _DN_K(tdiv)(_DN_R *restrict c, const _DN_R *restrict a,
                            const _DN_R *restrict b, unsigned n)
{
    _DN_R inv = 1.0 / b[0];
    c[0] = a[0] * inv;
    _DN_UNROLL for (_DN_IX k = 1; k <= n; k++) {
        _DN_R s = b[k] * c[0];
        _DN_UNROLL_IN for (_DN_IX j = 1; j < k; j++) s += b[k - j] * c[j];
        c[k] = (a[k] - s) * inv;
    }
}

/** g = derivative of a, as a series of order n - 1: g[m] = (m+1) a[m+1]. n >= 1. */
static inline void _DN_K(tdiff)(_DN_R *restrict g, const _DN_R *restrict a, unsigned n)
{
    _DN_UNROLL for (unsigned m = 0; m < n; m++) g[m] = (_DN_S)(m + 1) * a[m + 1];
}

/** f = f0 + integral of g (g has order n - 1): f[0] = f0, f[k] = g[k-1] / k.
 *  A NaN value f0 (argument outside the domain) makes every derivative NaN: the function
 *  is not defined there, so neither are its derivatives. */
static inline void _DN_K(tinteg)(_DN_R *restrict f, _DN_R f0, const _DN_R *restrict g, unsigned n)
{
    f[0] = f0;
    _DN_UNROLL for (unsigned k = 1; k <= n; k++) f[k] = _DN_SEL(f0 != f0, f0, g[k - 1] * _DN_INV(k));
}

/* f = f0 + integral of (u' / w): the shared shape of log, atan, asin, atanh, ... */
static inline void _DN_K(tinteg_div_w)(_DN_R *restrict f, _DN_R f0, const _DN_R *restrict u,
                                    const _DN_R *restrict w, unsigned n, _DN_R *restrict ws)
{
    if (n == 0) {
        f[0] = f0;
        return;
    }
    _DN_R *du = ws, *q = ws + _DN_ST(n); /* _DN_WN(2, n) */
    _DN_K(tdiff)(du, u, n);
    _DN_K(tdiv)(q, du, w, n - 1);
    _DN_K(tinteg)(f, f0, q, n);
}

/** e = exp(u) with e[0] = e0 given (exp(u0), or pow(a0, b0) for pow). */
static inline void _DN_K(texp_w)(_DN_R *restrict e, _DN_R e0, const _DN_R *restrict u,
                              unsigned n, _DN_R *restrict ws)
{
    _DN_R *v = ws; /* _DN_WN(1, n) */
    /* an overflowed value (exp(1000)) runs the recurrence from 1 and scales at the end,
     * so the derivatives are +-Inf as well instead of the NaN of Inf * 0 */
    _DN_R f = _DN_SEL(_DN_ISINF(e0), e0, _DN_V(1.0));
    e[0] = _DN_SEL(_DN_ISINF(e0), _DN_V(1.0), e0);
    _DN_UNROLL for (unsigned j = 0; j <= n; j++) v[j] = (_DN_S)j * u[j];
    /* oldest terms first, the newest (e[k-1]) last: the sum of the older terms does not
     * wait for e[k-1], so each step adds only a multiply-add to the critical path */
    _DN_UNROLL for (_DN_IX k = 1; k <= n; k++) {
        _DN_R s = v[k] * e[0];
        _DN_UNROLL_IN for (_DN_IX j = k - 1; j >= 1; j--) s += v[j] * e[k - j];
        e[k] = s * _DN_INV(k);
    }
    if (_DN_ANY(f != 1.0))
        for (unsigned k = 0; k <= n; k++) e[k] *= f;
}

/** s = sin(u), c = cos(u) (sign = -1) or s = sinh(u), c = cosh(u) (sign = +1);
 *  s0, c0 are the values at u0. */
static inline void _DN_K(tsincos_w)(_DN_R *restrict s, _DN_R *restrict c, _DN_R s0, _DN_R c0,
                                 _DN_S sign, const _DN_R *restrict u, unsigned n,
                                 _DN_R *restrict ws)
{
    _DN_R *v = ws; /* _DN_WN(1, n) */
    s[0] = s0;
    c[0] = c0;
    _DN_UNROLL for (unsigned j = 0; j <= n; j++) v[j] = (_DN_S)j * u[j];
    _DN_UNROLL for (_DN_IX k = 1; k <= n; k++) { /* newest terms last, as in exp */
        _DN_R ss = v[k] * c[0], cc = v[k] * s[0];
        _DN_UNROLL_IN for (_DN_IX j = k - 1; j >= 1; j--) {
            ss += v[j] * c[k - j];
            cc += v[j] * s[k - j];
        }
        s[k] = ss * _DN_INV(k);
        c[k] = sign * cc * _DN_INV(k);
    }
}

/** t = tan(u) (sign = +1) or tanh(u) (sign = -1), from t' = w u' with w = 1 + sign t^2;
 *  t0 = value, w0 = 1 + sign t0^2 computed accurately by the caller. */
static inline void _DN_K(ttan_w)(_DN_R *restrict t, _DN_R t0, _DN_R w0, _DN_S sign,
                              const _DN_R *restrict u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *v = ws, *w = ws + _DN_ST(n); /* _DN_WN(2, n) */
    t[0] = t0;
    w[0] = w0;
    _DN_UNROLL for (unsigned j = 0; j <= n; j++) v[j] = (_DN_S)j * u[j];
    _DN_UNROLL for (_DN_IX k = 1; k <= n; k++) {
        _DN_R s = v[k] * w[0]; /* newest term last */
        _DN_UNROLL_IN for (_DN_IX j = k - 1; j >= 1; j--) s += v[j] * w[k - j];
        t[k] = s * _DN_INV(k);
        if (k < n) { /* w[k] = sign * sum_{j=0..k} t[j] t[k-j] */
            _DN_R q = _DN_V(0.0);
            _DN_UNROLL_IN for (_DN_IX j = 0; j <= k; j++) q += t[j] * t[k - j];
            w[k] = sign * q;
        }
    }
}

/** r = sqrt(u) with r[0] = r0 given; only u[1..n] are read (hypot passes a sum of squares
 *  whose constant term may overflow). */
static inline void _DN_K(tsqrt)(_DN_R *restrict r, _DN_R r0, const _DN_R *restrict u, unsigned n)
{
    _DN_R inv2 = 0.5 / r0;
    r[0] = r0;
    _DN_UNROLL for (_DN_IX k = 1; k <= n; k++) {
        /* sum_{j=1..k-1} r[j] r[k-j] by symmetry; the newest r[k-1] enters last */
        _DN_R s = (k % 2 == 0) ? r[k / 2] * r[k / 2] : _DN_V(0.0);
        _DN_UNROLL_IN for (_DN_IX j = (k - 1) / 2; j >= 1; j--) s += 2.0 * r[j] * r[k - j];
        r[k] = (u[k] - s) * inv2;
    }
}

#if !_DN_LANE_BODY /* the composition, the wide powers and the zero rules (scalar code) */
/** f = h(u) from the derivatives h^(j)(u0) in dh[j]: f = sum_j dh[j]/j! (u - u0)^j (Faa
 *  di Bruno in normalised form), O(n^3). At scaled orders (s != 1) it sums
 *  (dh[j] s^j/j!) ((u - u0)/s)^j, the same series with every factor in range.
 *  A term is skipped when the power's coefficient is exactly zero, so an infinite
 *  h^(j) only reaches the orders that really depend on it. */
static inline void _DN_K(tcompose_w)(_DN_R *restrict f, const _DN_R *restrict dh,
                                  const _DN_R *restrict u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *hk = ws, *p = ws + _DN_ST(n), *q = ws + 2 * _DN_ST(n); /* _DN_WN(3, n) */
    _DN_R is = 1.0 / _DN_K(scale)(n);
    _DN_K(to_t)(hk, dh, n); /* hk[j] = dh[j] s^j / j! */
    f[0] = hk[0];
    for (unsigned k = 1; k <= n; k++) {
        p[k] = u[k] * is; /* p = ((u - u0)/s)^1 */
        f[k] = 0.0;
    }
    p[0] = 0.0;
    for (unsigned j = 1; j <= n; j++) {
        for (unsigned k = j; k <= n; k++)
            if (p[k] != 0.0) f[k] += hk[j] * p[k];
        if (j == n) break;
        /* q = p * (u - u0); p has zeros below j, so q has zeros below j + 1 */
        for (unsigned k = 0; k <= j; k++) q[k] = 0.0;
        for (unsigned k = j + 1; k <= n; k++) {
            _DN_R s = 0.0;
            for (unsigned i = j; i < k; i++) s += p[i] * u[k - i];
            q[k] = s;
        }
        for (unsigned k = 0; k <= n; k++) p[k] = q[k];
    }
}

/* The power recurrences scale every derivative by the value. When the value underflowed
 * to 0 from a nonzero base (pow(1e-300, 2.5)) the derivatives may still be large
 * (u^(p-k) for k > p) but are lost with it: NaN, not a silent 0 (docs/errors.md). */
static inline void _DN_K(underflow_nan)(_DN_R *f, _DN_R f0, unsigned n)
{
    if (f0 == 0.0)
        for (unsigned k = 1; k <= n; k++) f[k] = NAN;
}

/* f = u^p (u0 != 0, f0 = value) through the wide recurrence of kernel_wide.h: in double
 * it cancels badly at composite arguments. */
static inline void _DN_K(tpow_wide_w)(_DN_R *restrict f, _DN_R f0, _DN_R p,
                                   const _DN_R *restrict u, unsigned n, _DN_K(wide) *restrict ww)
{
    _DN_K(wide) *wu = ww, *wf = ww + _DN_ST(n); /* _DN_WN(3, n) wide */
    _DN_K(wfrom)(wu, u, n);
    _DN_K(wpow)(wf, f0, p, wu, n, ww + 2 * _DN_ST(n));
    _DN_K(wto)(f, wf, n);
    _DN_K(underflow_nan)(f, f0, n);
}

/* f = u^p at u0 = 0 through the generic composition: h^(j)(0) = p(p-1)...(p-j+1) 0^(p-j),
 * which is 0 for j < p and +-Inf beyond, exactly as pow() reports it. */
static inline void _DN_K(tpow_at0_w)(_DN_R *restrict f, _DN_R p, const _DN_R *restrict u,
                                  unsigned n, _DN_R *restrict ws)
{
    _DN_R *dh = ws, fall = 1.0; /* _DN_WN(4, n) */
    for (unsigned j = 0; j <= n; j++) {
        dh[j] = fall * _DN_M(pow)(u[0], p - (_DN_R)j);
        fall *= p - (_DN_R)j;
    }
    _DN_K(tcompose_w)(f, dh, u, n, ws + _DN_ST(n));
}

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
static inline unsigned _DN_K(tlead)(const _DN_R *t, unsigned n)
{
    unsigned m = 0;
    while (m <= n && t[m] == 0.0) m++;
    return m;
}

/** Whether the zero of order m of t (t[0..m-1] = 0, t[m] != 0) may be a value that
 *  underflowed rather than an exact zero: t[m] is subnormal, or the series stays below the
 *  smallest normal number within its radius of convergence R (|t[m]| R^m < 2^_DN_MIN_EXP,
 *  R estimated from the later nonzero coefficients, |t[m] / t[j]|^(1/(j-m)) at its
 *  smallest). x*x at x = 1e-200 is 0 in double with t = 0, 2e-200, 1: its zero is not
 *  exact, and a limit taken from it would be a finite wrong number. Such zeros are
 *  treated as unknown (the IEEE result, NaN derivatives). m = 0 or m > n: no. */
static inline int _DN_K(tfaint)(const _DN_R *t, unsigned m, unsigned n)
{
    if (m == 0 || m > n) return 0;
    int em = _DN_M(ilogb)(t[m]);
    if (em < _DN_MIN_EXP) return 1;
    double r = INFINITY; /* log2 R, from the exponents */
    for (unsigned j = m + 1; j <= n; j++)
        if (t[j] != 0.0 && isfinite(t[j])) {
            double rj = (double)(em - _DN_M(ilogb)(t[j])) / (double)(j - m);
            if (rj < r) r = rj;
        }
    return (double)em + (double)m * r < (double)_DN_MIN_EXP;
}

/** The mirror image t(-z) of a series, in place: odd coefficients change sign. */
static inline void _DN_K(tmirror)(_DN_R *t, unsigned n)
{
    for (unsigned k = 1; k <= n; k += 2) t[k] = -t[k];
}

/** f[1..n] of c z^q + ... at z -> +0 for q not a nonnegative integer: 0 for k < q, else
 *  the sign of c q (q-1) ... (q-k+1) times Inf. */
static inline void _DN_K(tsingular)(_DN_R *f, _DN_R c, _DN_R q, unsigned n)
{
    _DN_R s = c;
    for (unsigned k = 1; k <= n; k++) {
        s *= q - (_DN_R)(k - 1) < 0.0 ? -1.0 : 1.0;
        f[k] = (_DN_R)k < q ? 0.0 : _DN_M(copysign)(INFINITY, s);
    }
}

/** f = u^p at u0 = 0 (normalised, f does not alias u). mode 0: real p, u^p defined for
 *  u >= 0 (pow); 1: p = 1/3, the real cube root; 2: integer p (defined on both sides).
 *  f0 = pow(0, p) (or cbrt(0)) is the caller's. */
_DN_COLD static void _DN_K(tpow_zero_w)(_DN_R *restrict f, _DN_R f0, _DN_R p, int mode,
                                   const _DN_R *restrict u, unsigned n, _DN_R *restrict ws,
                                   _DN_K(wide) *restrict ww)
{
    unsigned m = _DN_K(tlead)(u, n);
    if (_DN_K(tfaint)(u, m, n)) { /* maybe an underflow: the value as libm gives it, the
                                   * derivatives unknown (NaN) */
        f[0] = f0;
        for (unsigned k = 1; k <= n; k++) f[k] = NAN;
        return;
    }
    if (m > n || !isfinite(u[m])) { /* u = 0 to order n (or unknown): composed as before */
        _DN_K(tpow_at0_w)(f, p, u, n, ws);
        f[0] = f0;
        return;
    }
    _DN_R *v = ws, *w = ws + _DN_ST(n); /* _DN_WN(2, n); in all _DN_WN(6, n), wide _DN_WN(3, n) */
    _DN_R v0 = u[m], q = (_DN_R)m * p;
    int right = mode || v0 > 0.0, left = mode || ((m & 1u) ? v0 < 0.0 : v0 > 0.0);
    f[0] = f0;
    for (unsigned k = 1; k <= n; k++) f[k] = NAN;
    if (!right && !left) return; /* u < 0 on both sides: no real power near the point */
    for (unsigned j = 0; j <= n - m; j++) v[j] = u[m + j];
    if (!right) { /* the left side z < 0 as the right side of u(-z): v(-z) (-1)^m */
        _DN_K(tmirror)(v, n - m);
        if (m & 1u)
            for (unsigned j = 0; j <= n - m; j++) v[j] = -v[j];
    }
    _DN_R w0 = mode == 1 ? _DN_M(cbrt)(v[0]) : _DN_M(pow)(v[0], p);
    int both = right && left && mode != 2;
    unsigned eps = mode == 1 ? m : 0; /* the left side differs by (-1)^(k + eps) */
    /* m p is an integer when 1/p divides m; in a type wider than double p (1/3 to 106
     * bits) makes m p miss it by an ulp: within 2^-90 of an integer counts (in double,
     * only the integer itself is that close) */
    _DN_R qr = _DN_M(floor)(q + 0.5);
    if (_DN_M(fabs)(q - qr) <= 0x1p-90 * _DN_M(fabs)(q)) q = qr;
    if (q == _DN_M(floor)(q) && q >= 0.0) {
        if (q > (_DN_R)n) { /* z^q: zero to order n */
            for (unsigned k = 1; k <= n; k++) f[k] = 0.0;
        } else {
            unsigned iq = (unsigned)q;
            _DN_K(tpow_wide_w)(w, w0, p, v, n - m, ww); /* W = v^p to order n - m */
            for (unsigned k = 1; k <= n; k++)
                f[k] = k < iq ? 0.0 : (both && ((iq + eps) & 1u)) ? NAN
                     : (k - iq <= n - m) ? w[k - iq] : NAN;
        }
    } else {
        _DN_K(tsingular)(f, w0, q, n);
    }
    if (!right) _DN_K(tmirror)(f, n);
}

/** c = a / b at b0 = 0 (normalised, no aliasing): b = z^m v. A numerator with a zero of
 *  order >= m gives the quotient of the shifted series (orders above n - m NaN); else a
 *  pole of order m - ma with the limits at +0. b = 0 to order n: IEEE division. */
_DN_COLD static void _DN_K(tdiv_zero_w)(_DN_R *restrict c, const _DN_R *restrict a,
                                   const _DN_R *restrict b, unsigned n, _DN_R *restrict ws)
{
    unsigned m = _DN_K(tlead)(b, n), ma = _DN_K(tlead)(a, n);
    /* b = 0 to order n, or leading coefficients that are not finite (an Inf or NaN from
     * an earlier singularity), or a zero that may be an underflow: IEEE division, no
     * limit is taken from unknown numbers */
    if (m > n || !isfinite(b[m]) || (ma <= n && !isfinite(a[ma])) || _DN_K(tfaint)(b, m, n) ||
        _DN_K(tfaint)(a, ma, n)) {
        _DN_K(tdiv)(c, a, b, n);
        return;
    }
    if (ma >= m) {
        _DN_R *as = ws, *bs = ws + _DN_ST(n); /* _DN_WN(2, n) */
        for (unsigned j = 0; j <= n - m; j++) {
            as[j] = a[m + j];
            bs[j] = b[m + j];
        }
        _DN_K(tdiv)(c, as, bs, n - m);
        for (unsigned k = n - m + 1; k <= n; k++) c[k] = NAN;
        return;
    }
    _DN_R w0 = a[ma] / b[m];
    c[0] = ma == 0 ? a[0] / b[0] : _DN_M(copysign)(INFINITY, w0); /* the value as IEEE gives it */
    _DN_K(tsingular)(c, w0, (_DN_R)ma - (_DN_R)m, n);
}

/** f = log(w) at w0 = 0 (normalised): -Inf and the pole's limits m (-1)^(k-1) Inf / z^k at
 *  +0 (or at -0 where w < 0 on the right); NaN where w < 0 on both sides. */
_DN_COLD static void _DN_K(tlog_zero)(_DN_R *f, const _DN_R *w, unsigned n)
{
    unsigned m = _DN_K(tlead)(w, n);
    f[0] = -INFINITY;
    if (m > n || _DN_K(tfaint)(w, m, n)) { /* w = 0 to order n, or maybe an underflow */
        for (unsigned k = 1; k <= n; k++) f[k] = NAN;
        return;
    }
    int right = w[m] > 0.0, left = (m & 1u) ? w[m] < 0.0 : w[m] > 0.0; /* NaN: neither */
    for (unsigned k = 1; k <= n; k++)
        f[k] = right ? ((k & 1u) ? INFINITY : -INFINITY) : left ? -INFINITY : NAN;
}

/** f = f0 + c delta^(1/2) (1 + O(delta)) at a branch point of asin, acos, acosh: delta,
 *  zero at the point, must be >= 0 (normalised, order n). */
_DN_COLD static void _DN_K(tbranch_sqrt)(_DN_R *f, _DN_R f0, _DN_R c, const _DN_R *delta,
                                    unsigned n)
{
    unsigned m = _DN_K(tlead)(delta, n);
    f[0] = f0;
    if (m > n || _DN_K(tfaint)(delta, m, n)) { /* delta = 0 to order n (or maybe an
                                                * underflow): nothing is known */
        for (unsigned k = 1; k <= n; k++) f[k] = NAN;
        return;
    }
    _DN_R v0 = delta[m];
    int right = v0 > 0.0, left = (m & 1u) ? v0 < 0.0 : v0 > 0.0;
    if (!right && !left) {
        for (unsigned k = 1; k <= n; k++) f[k] = NAN;
        return;
    }
    if (m & 1u) { /* one side only: the limits of c sqrt(|v0|) |z|^(m/2) there */
        _DN_K(tsingular)(f, c * _DN_M(sqrt)(_DN_M(fabs)(v0)), 0.5 * (_DN_R)m, n);
        if (!right) _DN_K(tmirror)(f, n);
    } else { /* both sides, |z|^(m/2) sqrt(v): 0 below m/2; above, not resolved here */
        for (unsigned k = 1; k <= n; k++) f[k] = (2 * k < m) ? 0.0 : NAN;
    }
}

#endif /* !_DN_LANE_BODY */
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

/* u = u0 + u1 (x - x0) exactly (every higher derivative 0): the bare variable and its
 * affine images. exp, sin, cos, sinh, cosh of such a u are written directly from libm's
 * values, u1^k times the k-th derivative, so exp(x) gives exp(x0) at every order where
 * the recurrence's 1/k! ... k! round trip would leave an ulp. */
static inline int _DN_K(linear)(const _DN_R *u, unsigned n)
{
    for (unsigned k = 2; k <= n; k++)
        if (_DN_ANY(u[k] != 0.0)) return 0;
    return 1;
}

/* r[k] = u1^k c_k where c cycles f0, f1, sg f0, sg f1, f0, ... (sg = -1: sin/cos,
 * +1: exp/sinh/cosh); a constant u (u1 = 0) has zero derivatives. */
static inline void _DN_K(lin_cycle)(_DN_R *r, _DN_R f0, _DN_R f1, _DN_R u1, _DN_S sg,
                                 unsigned n)
{
    _DN_R pw = _DN_V(1.0), c[4] = {f0, f1, sg * f0, sg * f1};
    r[0] = f0;
    for (unsigned k = 1; k <= n; k++) {
        pw *= u1;
        r[k] = _DN_SEL(u1 == 0.0, _DN_V(0.0), c[k & 3u] * pw);
    }
}

/** r = exp(u). Scratch: _DN_W_exp(n). */
#define _DN_W_exp(n) _DN_WN(3, n)
static inline void _DN_K(exp_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    if (_DN_K(linear)(u, n)) {
        _DN_R e = _DN_M(exp)(u[0]);
        _DN_K(lin_cycle)(r, e, e, n ? u[1] : _DN_V(0.0), 1.0, n);
        return;
    }
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(texp_w)(tr, _DN_M(exp)(u[0]), tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/** r = expm1(u) = exp(u) - 1, accurate value for small u0. Scratch: _DN_W_expm1(n). */
#define _DN_W_expm1(n) _DN_WN(3, n)
static inline void _DN_K(expm1_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n), em1 = _DN_M(expm1)(u[0]);
    _DN_K(to_t)(tu, u, n);
    _DN_K(texp_w)(tr, em1 + 1.0, tu, n, ws + 2 * _DN_ST(n));
    tr[0] = em1;
    _DN_K(from_t)(r, tr, n);
}

/** r = log(u). u0 < 0 gives NaN; u0 = 0 the pole rule (-Inf, then the one-sided limits).
 *  Scratch: _DN_W_log(n). */
#define _DN_W_log(n) _DN_WN(4, n)
static inline void _DN_K(log_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (_DN_RARE(u[0] == 0.0)) _DN_K(tlog_zero)(tr, tu, n); /* the pole rule */
    else _DN_K(tinteg_div_w)(tr, _DN_M(log)(u[0]), tu, tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/** r = log1p(u) = log(1 + u), accurate value for small u0. Scratch: _DN_W_log1p(n). */
#define _DN_W_log1p(n) _DN_WN(5, n)
static inline void _DN_K(log1p_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tw = ws + _DN_ST(n), *tr = ws + 2 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(to_t)(tw, u, n);
    tw[0] = 1.0 + u[0];
    if (_DN_RARE(tw[0] == 0.0)) _DN_K(tlog_zero)(tr, tw, n); /* u0 = -1: the pole rule */
    else _DN_K(tinteg_div_w)(tr, _DN_M(log1p)(u[0]), tu, tw, n, ws + 3 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/** r = sqrt(u). At u0 = 0 the zero rule: sqrt(x) gives 0, +Inf, -Inf, ... (limits at +0),
 *  sqrt(x^2 y) the exact series where it is analytic, NaN where it has no derivative.
 *  Scratch: _DN_W_sqrt(n) doubles, _DN_WW_sqrt(n) wide (used only at u0 = 0). */
#define _DN_W_sqrt(n) _DN_WN(8, n)
#define _DN_WW_sqrt(n) _DN_WN(3, n)
static inline void _DN_K(sqrt_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws,
                              _DN_K(wide) *restrict ww)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (_DN_RARE(u[0] == 0.0)) _DN_K(tpow_zero_w)(tr, _DN_M(sqrt)(u[0]), 0.5, 0, tu, n, ws + 2 * _DN_ST(n), ww);
    else _DN_K(tsqrt)(tr, _DN_M(sqrt)(u[0]), tu, n);
    _DN_K(from_t)(r, tr, n);
}

#if _DN_DOUBLE_BODY /* (the double conversions here, where they always were: the same
                     * code layout; the extended ones are in src/kernel_ext.h) */
/* w = the normalised coefficients of derivatives d, widened (kernel_wide.h) */
static inline void _dn_to_w(_dn_wide *w, const double *d, unsigned n)
{
    if (n <= DN_TAYLOR_MAX) {
        for (unsigned k = 0; k <= n; k++) w[k] = _dn_wd(d[k] * _dn_ifact[k]);
    } else {
        long double s = _dn_scale(n), x = 1.0L;
        for (unsigned k = 0; k <= n; k++) {
            w[k] = _dn_wd(d[k] * (double)x);
            x = _dn_weight_next(x, s, k, 0);
        }
    }
}

/* d = the derivatives of wide normalised coefficients w, rounded to double */
static inline void _dn_from_w(double *d, const _dn_wide *w, unsigned n)
{
    if (n <= DN_TAYLOR_MAX) {
        for (unsigned k = 0; k <= n; k++) d[k] = _dn_wval(w[k]) * _dn_fact[k];
    } else {
        long double s = _dn_scale(n), x = 1.0L;
        for (unsigned k = 0; k <= n; k++) {
            d[k] = _dn_wval(w[k]) * (double)x;
            x = _dn_weight_next(x, s, k, 1);
        }
    }
}
#endif

/* f = u^p for an integer-valued p (normalised, no aliasing), value pow(u0, p) as libm.
 * |p| < 2^63: binary powering of Cauchy products (exact structure: exact zeros stay zeros,
 * polynomials stay exact where they can), a division for p < 0 (the pole rule at u0 = 0);
 * its value drifts from the correctly rounded power (47 ulp at p = 100), so the whole
 * series is scaled to libm's pow(u0, p): value and derivatives stay consistent. Larger
 * |p| (even integers): the power recurrence in extended precision.
 * Scratch: ws _DN_WN(6, n) doubles, ww _DN_WN(3, n) wide. */
static inline void _DN_K(tpow_int_w)(_DN_R *restrict f, _DN_S p, const _DN_R *restrict u,
                                  unsigned n, _DN_R *restrict ws, _DN_K(wide) *restrict ww)
{
    _DN_R f0 = _DN_M(pow)(u[0], p);
    if (p >= 9223372036854775808.0 || p <= -9223372036854775808.0) { /* |p| >= 2^63 */
        if (_DN_RARE(u[0] != 0.0)) _DN_K(tpow_wide_w)(f, f0, p, u, n, ww);
        else _DN_K(tpow_zero_w)(f, f0, p, 2, u, n, ws, ww);
        return;
    }
    _DN_R *tb = ws, *tt = ws + _DN_ST(n);
    unsigned long long e = (unsigned long long)(p < 0.0 ? -p : p);
    _DN_K(set_const)(f, _DN_V(1.0), n);
    for (unsigned k = 0; k <= n; k++) tb[k] = u[k];
    while (e) {
        if (e & 1u) {
            _DN_K(tmul)(tt, f, tb, n);
            for (unsigned k = 0; k <= n; k++) f[k] = tt[k];
        }
        e >>= 1;
        if (e) {
            _DN_K(tmul)(tt, tb, tb, n);
            for (unsigned k = 0; k <= n; k++) tb[k] = tt[k];
        }
    }
    if (p < 0.0) {
        _DN_K(set_const)(tb, _DN_V(1.0), n);
        _DN_K(tdiv_any_w)(tt, tb, f, n, ws + 2 * _DN_ST(n));
        for (unsigned k = 0; k <= n; k++) f[k] = tt[k];
    }
    /* (the condition lane-wise for a vector element type: c = 1 in the other lanes) */
    if (_DN_ANY(_DN_AND(_DN_AND(_DN_AND(f[0] != f0, _DN_ISFINITE(f0)), f0 != 0.0),
                        _DN_AND(_DN_ISFINITE(f[0]), f[0] != 0.0)))) {
        _DN_R c = _DN_SEL(_DN_AND(_DN_AND(_DN_AND(f[0] != f0, _DN_ISFINITE(f0)), f0 != 0.0),
                                  _DN_AND(_DN_ISFINITE(f[0]), f[0] != 0.0)),
                          f0 / f[0], _DN_V(1.0));
        for (unsigned k = 1; k <= n; k++) f[k] *= c;
    }
    f[0] = f0;
}

/** r = u^m for an integer m: the value is libm's pow(u0, m) for every m, the derivatives
 *  follow it (extended-precision recurrence above |m| = 4); exact structure at u0 = 0
 *  (a pole for m < 0: the zero and pole rule); u^0 = 1 as pow(x, 0).
 *  Scratch: _DN_W_pown(n) doubles, _DN_WW_pown(n) wide. */
#define _DN_W_pown(n) _DN_WN(8, n)
#define _DN_WW_pown(n) _DN_WN(3, n)
static inline void _DN_K(pown_w)(_DN_R *r, const _DN_R *u, long m, unsigned n,
                              _DN_R *restrict ws, _DN_K(wide) *restrict ww)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(tpow_int_w)(tr, (_DN_S)m, tu, n, ws + 2 * _DN_ST(n), ww);
    _DN_K(from_t)(r, tr, n);
}

#if !_DN_LANE_BODY /* the wide powers */
/** r = u^p for a real constant p. Integer-valued p (any magnitude) as _dn_pown; otherwise
 *  u0 < 0 gives NaN (as pow) and u0 = 0 follows the zero rule (exact series where u^p is
 *  analytic, e.g. (x^3 + x^4)^(1/3); one-sided limits or NaN where it is not).
 *  Scratch: _DN_W_pow_d(n) doubles, _DN_WW_pow_d(n) wide. */
#define _DN_W_pow_d(n) _DN_WN(8, n)
#define _DN_WW_pow_d(n) _DN_WN(3, n)
static inline void _DN_K(pow_d_w)(_DN_R *r, const _DN_R *u, _DN_R p, unsigned n,
                               _DN_R *restrict ws, _DN_K(wide) *restrict ww)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n), *w2 = ws + 2 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (p == _DN_M(floor)(p) && isfinite(p))
        _DN_K(tpow_int_w)(tr, p, tu, n, w2, ww);
    else if (u[0] == 0.0)
        _DN_K(tpow_zero_w)(tr, _DN_M(pow)(u[0], p), p, 0, tu, n, w2, ww);
    else
        _DN_K(tpow_wide_w)(tr, _DN_M(pow)(u[0], p), p, tu, n, ww);
    _DN_K(from_t)(r, tr, n);
}

/** r = cbrt(u), the real cube root (negative u0 allowed); u0 = 0 gives an Inf slope.
 *  Scratch: _DN_W_cbrt(n) doubles, _DN_WW_cbrt(n) wide. */
#define _DN_W_cbrt(n) _DN_WN(8, n)
#define _DN_WW_cbrt(n) _DN_WN(3, n)
static inline void _DN_K(cbrt_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws,
                              _DN_K(wide) *restrict ww)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (u[0] == 0.0)
        _DN_K(tpow_zero_w)(tr, _DN_M(cbrt)(u[0]), _DN_C(1.0) / _DN_C(3.0), 1, tu, n, ws + 2 * _DN_ST(n), ww);
    else
        _DN_K(tpow_wide_w)(tr, _DN_M(cbrt)(u[0]), _DN_C(1.0) / _DN_C(3.0), tu, n, ww);
    _DN_K(from_t)(r, tr, n);
}

/** r = a^b with both arguments dual: exp(b log a) with the value pow(a0, b0), in
 *  extended precision (kernel_wide.h). Needs a0 > 0 (a0 <= 0 gives NaN derivatives); use
 *  _dn_pow_d/_dn_pown for constant b. Scratch: ww, _DN_WW_pow(n) wide (ws unused). */
#define _DN_W_pow(n) 1
#define _DN_WW_pow(n) _DN_WN(6, n)
static inline void _DN_K(pow_w)(_DN_R *r, const _DN_R *a, const _DN_R *b, unsigned n,
                             _DN_R *restrict ws, _DN_K(wide) *restrict ww)
{
    _DN_K(wide) *wa = ww, *wb = ww + _DN_ST(n), *wl = ww + 2 * _DN_ST(n), *wp = ww + 3 * _DN_ST(n);
    _DN_K(wide) *wq = ww + 4 * _DN_ST(n);
    _DN_R v = _DN_M(pow)(a[0], b[0]);
    (void)ws;
    _DN_K(to_w)(wa, a, n);
    _DN_K(to_w)(wb, b, n);
    if (n > 0) { /* log a = log a0 + integral of a'/a */
        _DN_K(wdiff)(wp, wa, n);
        _DN_K(wdiv)(wq, wp, wa, n - 1);
    }
    _DN_K(winteg)(wl, _DN_M(log)(a[0]), wq, n);
    _DN_K(wmul)(wp, wb, wl, n);
    int positive = a[0] > 0.0; /* read before r (which may alias a) is written */
    _DN_K(wexp)(wl, v, wp, n, ww + 5 * _DN_ST(n));
    _DN_K(from_w)(r, wl, n);
    if (positive) _DN_K(underflow_nan)(r, v, n); /* else NaN already (log of a0 <= 0) */
}

#endif /* !_DN_LANE_BODY */
/** s = sin(u) and c = cos(u) from one recurrence. s and c must differ.
 *  Scratch: _DN_W_sincos(n). */
#define _DN_W_sincos(n) _DN_WN(4, n)
static inline void _DN_K(sincos_w)(_DN_R *s, _DN_R *c, const _DN_R *u, unsigned n,
                                _DN_R *restrict ws)
{
    if (_DN_K(linear)(u, n)) {
        _DN_R sv = _DN_M(sin)(u[0]), cv = _DN_M(cos)(u[0]), u1 = n ? u[1] : _DN_V(0.0);
        _DN_K(lin_cycle)(s, sv, cv, u1, -1.0, n);
        _DN_K(lin_cycle)(c, cv, -sv, u1, -1.0, n);
        return;
    }
    _DN_R *tu = ws, *ts = ws + _DN_ST(n), *tc = ws + 2 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(tsincos_w)(ts, tc, _DN_M(sin)(u[0]), _DN_M(cos)(u[0]), -1.0, tu, n, ws + 3 * _DN_ST(n));
    _DN_K(from_t)(s, ts, n);
    _DN_K(from_t)(c, tc, n);
}

/** r = sin(u). Scratch: _DN_W_sin(n). */
#define _DN_W_sin(n) _DN_WN(5, n)
static inline void _DN_K(sin_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_K(sincos_w)(r, ws, u, n, ws + _DN_ST(n));
}

/** r = cos(u). Scratch: _DN_W_cos(n). */
#define _DN_W_cos(n) _DN_WN(5, n)
static inline void _DN_K(cos_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_K(sincos_w)(ws, r, u, n, ws + _DN_ST(n));
}

/** s = sinh(u) and c = cosh(u) from one recurrence. s and c must differ.
 *  Scratch: _DN_W_sinhcosh(n). */
#define _DN_W_sinhcosh(n) _DN_WN(4, n)
static inline void _DN_K(sinhcosh_w)(_DN_R *s, _DN_R *c, const _DN_R *u, unsigned n,
                                  _DN_R *restrict ws)
{
    if (_DN_K(linear)(u, n)) {
        _DN_R sv = _DN_M(sinh)(u[0]), cv = _DN_M(cosh)(u[0]), u1 = n ? u[1] : _DN_V(0.0);
        _DN_K(lin_cycle)(s, sv, cv, u1, 1.0, n);
        _DN_K(lin_cycle)(c, cv, sv, u1, 1.0, n);
        return;
    }
    _DN_R *tu = ws, *ts = ws + _DN_ST(n), *tc = ws + 2 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(tsincos_w)(ts, tc, _DN_M(sinh)(u[0]), _DN_M(cosh)(u[0]), 1.0, tu, n, ws + 3 * _DN_ST(n));
    _DN_K(from_t)(s, ts, n);
    _DN_K(from_t)(c, tc, n);
}

/** r = sinh(u). Scratch: _DN_W_sinh(n). */
#define _DN_W_sinh(n) _DN_WN(5, n)
static inline void _DN_K(sinh_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_K(sinhcosh_w)(r, ws, u, n, ws + _DN_ST(n));
}

/** r = cosh(u). Scratch: _DN_W_cosh(n). */
#define _DN_W_cosh(n) _DN_WN(5, n)
static inline void _DN_K(cosh_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_K(sinhcosh_w)(ws, r, u, n, ws + _DN_ST(n));
}

/** r = tan(u). Scratch: _DN_W_tan(n). */
#define _DN_W_tan(n) _DN_WN(4, n)
static inline void _DN_K(tan_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n), t0 = _DN_M(tan)(u[0]);
    _DN_K(to_t)(tu, u, n);
    _DN_K(ttan_w)(tr, t0, 1.0 + t0 * t0, 1.0, tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/** r = tanh(u). Uses 1 - tanh^2 = 1/cosh^2, so large |u0| gives exact zeros, never NaN.
 *  Scratch: _DN_W_tanh(n). */
#define _DN_W_tanh(n) _DN_WN(4, n)
static inline void _DN_K(tanh_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n), ch = _DN_M(cosh)(u[0]);
    _DN_K(to_t)(tu, u, n);
    _DN_K(ttan_w)(tr, _DN_M(tanh)(u[0]), 1.0 / (ch * ch), -1.0, tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/* w = sqrt(s0 * (1 - u^2)) (s0 = +1) or sqrt(u^2 - 1) (s0 = -1), or without the root
 * (root = 0); the constant term is formed as a product of two factors for accuracy.
 * Scratch: ws, _DN_WN(1, n). */
static inline void _DN_K(tone_minus_sq_w)(_DN_R *restrict w, const _DN_R *restrict tu,
                                       _DN_S sg, int root, unsigned n, _DN_R *restrict ws)
{
    _DN_R *sq = ws;
    _DN_K(tmul)(sq, tu, tu, n);
    w[0] = sg * (1.0 - tu[0]) * (1.0 + tu[0]) + 0.0; /* + 0.0: the branch point gives +0 */
    for (unsigned k = 1; k <= n; k++) w[k] = -sg * sq[k];
    if (root) {
        _DN_K(tsqrt)(sq, _DN_M(sqrt)(w[0]), w, n);
        for (unsigned k = 0; k <= n; k++) w[k] = sq[k];
    }
}

/** r = asin(u); |u0| > 1 gives NaN; |u0| = 1 is a branch point (the zero rule).
 *  Scratch: _DN_W_asin(n). */
#define _DN_W_asin(n) _DN_WN(5, n)
static inline void _DN_K(asin_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tw = ws + _DN_ST(n), *tr = ws + 2 * _DN_ST(n), *w3 = ws + 3 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (_DN_RARE(_DN_M(fabs)(u[0]) == 1.0)) { /* asin(u0 (1 - d)) = u0 (pi/2 - sqrt(2 d) ...), d = 1 - u0 u */
        for (unsigned k = 0; k <= n; k++) tw[k] = k ? -u[0] * tu[k] : _DN_V(0.0);
        _DN_K(tbranch_sqrt)(tr, _DN_M(asin)(u[0]), -u[0] * _DN_SQRT2, tw, n);
        _DN_K(from_t)(r, tr, n);
        return;
    }
    _DN_K(tone_minus_sq_w)(tw, tu, 1.0, 1, n, w3);
    _DN_K(tinteg_div_w)(tr, _DN_M(asin)(u[0]), tu, tw, n, w3);
    _DN_K(from_t)(r, tr, n);
}

/** r = acos(u) = pi/2 - asin(u) (value from acos). Scratch: _DN_W_acos(n). */
#define _DN_W_acos(n) _DN_W_asin(n)
static inline void _DN_K(acos_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R v = _DN_M(acos)(u[0]); /* before r (which may alias u) is written */
    _DN_K(asin_w)(r, u, n, ws);
    r[0] = v;
    for (unsigned k = 1; k <= n; k++) r[k] = -r[k];
}

/** r = atanh(u); |u0| > 1 gives NaN; |u0| = 1 is a pole (the pole rule of log).
 *  Scratch: _DN_W_atanh(n). */
#define _DN_W_atanh(n) _DN_WN(5, n)
static inline void _DN_K(atanh_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tw = ws + _DN_ST(n), *tr = ws + 2 * _DN_ST(n), *w3 = ws + 3 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (_DN_RARE(_DN_M(fabs)(tu[0]) == 1.0)) { /* the pole of -+ log(1 -+ u)/2 dominates every order */
        _DN_R sg = tu[0]; /* +1: -log(1 - u)/2; -1: log(1 + u)/2 */
        for (unsigned k = 0; k <= n; k++) tw[k] = k ? -sg * tu[k] : _DN_V(0.0);
        _DN_K(tlog_zero)(tr, tw, n);
        for (unsigned k = 0; k <= n; k++) tr[k] = -sg * tr[k];
        _DN_K(from_t)(r, tr, n);
        return;
    }
    _DN_K(tone_minus_sq_w)(tw, tu, 1.0, 0, n, w3);
    _DN_K(tinteg_div_w)(tr, _DN_M(atanh)(tu[0]), tu, tw, n, w3);
    _DN_K(from_t)(r, tr, n);
}

/** r = acosh(u); u0 < 1 gives NaN; u0 = 1 is a branch point (the zero rule).
 *  Scratch: _DN_W_acosh(n). */
#define _DN_W_acosh(n) _DN_WN(5, n)
static inline void _DN_K(acosh_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tw = ws + _DN_ST(n), *tr = ws + 2 * _DN_ST(n), *w3 = ws + 3 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    if (_DN_RARE(u[0] == 1.0)) { /* acosh(1 + d) = sqrt(2 d) (1 - d/12 ...), d = u - 1 */
        for (unsigned k = 0; k <= n; k++) tw[k] = k ? tu[k] : _DN_V(0.0);
        _DN_K(tbranch_sqrt)(tr, 0.0, _DN_SQRT2, tw, n);
        _DN_K(from_t)(r, tr, n);
        return;
    }
    _DN_K(tone_minus_sq_w)(tw, tu, -1.0, 1, n, w3);
    _DN_K(tinteg_div_w)(tr, _DN_M(acosh)(u[0]), tu, tw, n, w3);
    _DN_K(from_t)(r, tr, n);
}

/* w = 1 + u^2 (or its square root). Scratch: ws, _DN_WN(1, n). */
static inline void _DN_K(tone_plus_sq_w)(_DN_R *restrict w, const _DN_R *restrict tu, int root,
                                      unsigned n, _DN_R *restrict ws)
{
    _DN_R *sq = ws;
    _DN_K(tmul)(w, tu, tu, n);
    w[0] += 1.0;
    if (root) {
        _DN_K(tsqrt)(sq, _DN_M(hypot)(1.0, tu[0]), w, n);
        for (unsigned k = 0; k <= n; k++) w[k] = sq[k];
    }
}

/** r = atan(u). Scratch: _DN_W_atan(n). */
#define _DN_W_atan(n) _DN_WN(5, n)
static inline void _DN_K(atan_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tw = ws + _DN_ST(n), *tr = ws + 2 * _DN_ST(n), *w3 = ws + 3 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(tone_plus_sq_w)(tw, tu, 0, n, w3);
    _DN_K(tinteg_div_w)(tr, _DN_M(atan)(u[0]), tu, tw, n, w3);
    _DN_K(from_t)(r, tr, n);
}

/** r = asinh(u). Scratch: _DN_W_asinh(n). */
#define _DN_W_asinh(n) _DN_WN(5, n)
static inline void _DN_K(asinh_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tw = ws + _DN_ST(n), *tr = ws + 2 * _DN_ST(n), *w3 = ws + 3 * _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(tone_plus_sq_w)(tw, tu, 1, n, w3);
    _DN_K(tinteg_div_w)(tr, _DN_M(asinh)(u[0]), tu, tw, n, w3);
    _DN_K(from_t)(r, tr, n);
}

#if !_DN_LANE_BODY /* the wide two-argument kernels */
/** r = atan2(y, x) (C argument order): integral of (x y' - y x') / (x^2 + y^2) with the
 *  value atan2(y0, x0), in extended precision (kernel_wide.h). (0, 0) gives NaN
 *  derivatives. Scratch: ww, _DN_WW_atan2(n) wide (ws unused). */
#define _DN_W_atan2(n) 1
#define _DN_WW_atan2(n) _DN_WN(8, n)
static inline void _DN_K(atan2_w)(_DN_R *r, const _DN_R *y, const _DN_R *x, unsigned n,
                               _DN_R *restrict ws, _DN_K(wide) *restrict ww)
{
    (void)ws;
    if (n == 0) {
        r[0] = _DN_M(atan2)(y[0], x[0]);
        return;
    }
    _DN_K(wide) *wy = ww, *wx = ww + _DN_ST(n), *dy = ww + 2 * _DN_ST(n), *dx = ww + 3 * _DN_ST(n);
    _DN_K(wide) *p = ww + 4 * _DN_ST(n), *q = ww + 5 * _DN_ST(n), *den = ww + 6 * _DN_ST(n);
    _DN_K(wide) *sq = ww + 7 * _DN_ST(n);
    _DN_K(to_w)(wy, y, n);
    _DN_K(to_w)(wx, x, n);
    _DN_K(wdiff)(dy, wy, n);
    _DN_K(wdiff)(dx, wx, n);
    _DN_K(wmul)(p, wx, dy, n - 1);
    _DN_K(wmul)(q, wy, dx, n - 1);
    for (unsigned k = 0; k < n; k++) p[k] = _DN_K(wsub)(p[k], q[k]);
    _DN_K(wmul)(den, wx, wx, n);
    _DN_K(wmul)(sq, wy, wy, n);
    for (unsigned k = 0; k <= n; k++) den[k] = _DN_K(wadd)(den[k], sq[k]);
    _DN_K(wdiv)(q, p, den, n - 1);
    _DN_K(winteg)(sq, _DN_M(atan2)(y[0], x[0]), q, n);
    _DN_K(from_w)(r, sq, n);
}

/** r = hypot(a, b) = sqrt(a^2 + b^2) without overflow in the value, in extended
 *  precision (kernel_wide.h). (0, 0) gives NaN derivatives.
 *  Scratch: ww, _DN_WW_hypot(n) wide (ws unused). */
#define _DN_W_hypot(n) 1
#define _DN_WW_hypot(n) _DN_WN(4, n)
static inline void _DN_K(hypot_w)(_DN_R *r, const _DN_R *a, const _DN_R *b, unsigned n,
                               _DN_R *restrict ws, _DN_K(wide) *restrict ww)
{
    _DN_K(wide) *wa = ww, *wb = ww + _DN_ST(n), *s = ww + 2 * _DN_ST(n), *sq = ww + 3 * _DN_ST(n);
    (void)ws;
    _DN_K(to_w)(wa, a, n);
    _DN_K(to_w)(wb, b, n);
    _DN_K(wmul)(s, wa, wa, n);
    _DN_K(wmul)(sq, wb, wb, n);
    for (unsigned k = 0; k <= n; k++) s[k] = _DN_K(wadd)(s[k], sq[k]);
    /* the value rounded to double would perturb a^2 + b^2 by 1e-16 relative, which the
     * higher orders can amplify (hypot(2x^2+x, x^3-x/2+1) at x = -1.5: 8e-14 at order 7);
     * so the head is the wide square root of the wide sum where that is in range */
    _DN_R h = _DN_M(hypot)(a[0], b[0]);
    _DN_K(wsqrt)(sq, _DN_K(wsqrt_head)(s[0], h), s, n);
    _DN_K(from_w)(r, sq, n);
    r[0] = h; /* the value is libm's, as everywhere (the wide head may round otherwise) */
}

#endif /* !_DN_LANE_BODY */
/* f = f0 + s0 * integral of (2/sqrt(pi)) exp(-u^2) u'. Scratch: ws, _DN_WN(5, n). */
static inline void _DN_K(terf_w)(_DN_R *restrict f, _DN_R f0, _DN_S s0,
                              const _DN_R *restrict tu, unsigned n, _DN_R *restrict ws)
{
    if (n == 0) {
        f[0] = f0;
        return;
    }
    _DN_R *sq = ws, *e = ws + _DN_ST(n), *du = ws + 2 * _DN_ST(n), *g = ws + 3 * _DN_ST(n);
    _DN_K(tmul)(sq, tu, tu, n);
    for (unsigned k = 0; k <= n; k++) sq[k] = -sq[k];
    _DN_K(texp_w)(e, _DN_M(exp)(sq[0]), sq, n - 1, ws + 4 * _DN_ST(n));
    _DN_K(tdiff)(du, tu, n);
    _DN_K(tmul)(g, e, du, n - 1);
    for (unsigned k = 0; k < n; k++) g[k] *= s0 * _DN_2_SQRTPI;
    _DN_K(tinteg)(f, f0, g, n);
}

/** r = erf(u). Scratch: _DN_W_erf(n). */
#define _DN_W_erf(n) _DN_WN(7, n)
static inline void _DN_K(erf_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(terf_w)(tr, _DN_M(erf)(u[0]), 1.0, tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

/** r = erfc(u) = 1 - erf(u), accurate value for large u0. Scratch: _DN_W_erfc(n). */
#define _DN_W_erfc(n) _DN_WN(7, n)
static inline void _DN_K(erfc_w)(_DN_R *r, const _DN_R *u, unsigned n, _DN_R *restrict ws)
{
    _DN_R *tu = ws, *tr = ws + _DN_ST(n);
    _DN_K(to_t)(tu, u, n);
    _DN_K(terf_w)(tr, _DN_M(erfc)(u[0]), -1.0, tu, n, ws + 2 * _DN_ST(n));
    _DN_K(from_t)(r, tr, n);
}

#if !_DN_LANE_BODY /* abs branches on the value; the callbacks and the special functions */
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

#include "dnum/kernel_special.h" /* special functions (same conventions) */
#endif /* !_DN_LANE_BODY */
#undef _DN_KERNEL_BODY
#endif /* _DN_KERNEL_BODY */
