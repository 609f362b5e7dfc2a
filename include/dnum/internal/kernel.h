/* dnum/internal/kernel.h -- the kernel layer shared by every family (internal, not API-stable).
 *
 * Every family (fixed Dnum, Dvec, Dnum2) is a thin front end over these functions.
 * They live in a header, as static inline functions, so that the fixed-order front end
 * can call them with a compile-time order and the compiler unrolls them completely.
 * Names start with dni_; do not call them from user code, they may change.
 *
 * One source, two element types: the recurrences (the body below, the series cores of
 * kernel_wide.h and kernel_special.h) are written on the macros DNI_R (element type),
 * DNI_K(name) (the kernel's name), DNI_M(f) (the C library's function) and a few more
 * (see "The element type"), instantiated here for double; the library compiles the same
 * body a second time for an extended type (src/kernel_ext.h, names dnie_*) behind
 * dn_expr_eval_ext. So DNI_K(exp_w) below is dni_exp_w, DNI_R is double.
 *
 * Two levels:
 *   dni_t*   "normalised" cores on Taylor coefficients t[k] = f^(k)/k!, k = 0..n.
 *            Outputs must not alias inputs (restrict). No allocation, no errors.
 *   dni_*    derivative-form kernels on arrays of derivatives d[k] = f^(k), k = 0..n.
 *            Any output may alias any input. They convert to normalised form, run the
 *            core and convert back: O(n) scalings around an O(n^2) core.
 *
 * Scratch, bounded stack: no kernel declares an array whose size depends on n (no
 * variable-length arrays; the headers are clean under -Wvla). A kernel that needs
 * temporary arrays is written dni_<name>_w and takes them from its caller as its last
 * arguments: `double *restrict ws` of DNI_W_<name>(n) doubles and, for the kernels that
 * run in extended precision (sqrt cbrt pow_d pown pow atan2 hypot), `dni_wide *restrict
 * ww` of DNI_WW_<name>(n) wide numbers (a separate array: long double needs its own
 * alignment, and no memory is used as both types). Scratch must not overlap the other
 * arguments; its contents on entry do not matter. DNI_W_MAX(n) and DNI_WW_MAX(n) are
 * enough for every kernel of this header and kernel_special.h. Who provides it:
 *   - the fixed-order front ends (fixed.h): local arrays of the constant size
 *     DNI_W_<name>(N); after inlining the same code as arrays declared in the kernel;
 *   - Dvec (src/dvec_ops.c): a block from the dvec's allocator (DN_ENOMEM, outputs
 *     untouched, if it fails), or a buffer of a few KiB on the stack at orders up to 16;
 *   - the expression evaluator: the caller's workspace (dn_expr_work_size counts it).
 * So a kernel's own frame is a few hundred bytes at any order: at DN_ORDER_MAX every
 * Dvec function and dn_expr_eval run in a thread with a 64 KiB stack (tests/test_stack.c).
 * Kernels without temporaries (add, neg, abs, ...) keep the plain form dni_<name>.
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
 * s^k/k! then stays within about 1e+-121 for all k <= n; see dni_scale.
 *
 * The body is in parts, by concept: kernel_tcore.h (normalised cores), kernel_poles.h
 * (zeros and poles), kernel_arith.h, kernel_explog.h, kernel_trig.h, kernel_erf.h
 * (derivative form), then kernel_special.h (special functions).
 *
 * Index (derivative form, order n, r = result; _w: with scratch, see above):
 *   dni_set_var dni_set_const dni_add dni_sub dni_neg dni_add_d dni_mul_d dni_abs
 *   dni_mul_w dni_div_w dni_d_div_w
 *   dni_exp_w dni_expm1_w dni_log_w dni_log1p_w dni_sqrt_w dni_cbrt_w dni_pow_d_w
 *   dni_pown_w dni_pow_w dni_sin_w dni_cos_w dni_sincos_w dni_tan_w dni_asin_w dni_acos_w
 *   dni_atan_w dni_atan2_w dni_sinh_w dni_cosh_w dni_sinhcosh_w dni_tanh_w dni_asinh_w
 *   dni_acosh_w dni_atanh_w dni_erf_w dni_erfc_w dni_hypot_w dni_apply_w
 * Wide (extended precision, kernel_wide.h) helpers: dni_to_w dni_from_w
 * Operands far from unit size (double): dni_growth1 dni_growth dni_growth_shift
 *   dni_far_tiny dni_far_exponents dni_scale_series
 */
#ifndef DNUM_KERNEL_H
#define DNUM_KERNEL_H

#include <math.h>
#include <limits.h>
#include "dnum/internal/tables.h"
#include "dnum/common.h"
#include "dnum/internal/kernel_wide.h"

/* Complete unrolling for compile-time orders (GCC); translation units that call the
 * kernels with run-time orders (Dvec, exported copies) define DN_NO_UNROLL first.
 * Not for clang: there the pragma made both compiling (1.1 s for one dnum_o8 file) and
 * the code slower than clang's own unrolling, and it warns where it cannot comply. */
#if defined(DN_NO_UNROLL) || defined(__clang__)
#define DNI_UNROLL
#elif defined(__GNUC__)
#define DNI_UNROLL _Pragma("GCC unroll 40")
#else
#define DNI_UNROLL
#endif
/* A kernel that the compiler must inline whole where it is called (left to itself, GCC
 * split tinteg_div_w, the core of log, asin, atan, ..., or its quotient tdiv into an
 * out-of-line part shared by every caller, rolled with a run-time order: Dvec W2 at
 * order 16 ran 6% slower). */
#define DNI_WHOLE DNI_FORCE_INLINE
/* The inner loops of the O(n^2) recurrences (sums of products of two series), DNI_UNROLL_IN
 * with the index type DNI_IX. At constant orders both are as everywhere else (complete
 * unrolling, unsigned). At run-time orders (DN_NO_UNROLL) the indices are size_t, so that
 * the compiler walks the arrays with pointers instead of recomputing a 32-bit k - j per
 * term, and GCC unrolls the loops by 4, with the one accumulator of the source, so every
 * sum keeps its order and its rounding (the rolled loops spent half their instructions on
 * loop control: Dvec W1 at order 64 ran 41,000 instructions per point, 24,600 with this).
 * Not in the other translation units: where GCC keeps a kernel out of line with a run-time
 * order there (src/dvec_kernels.c), size_t indices let it vectorise the products of the
 * in-order sums and unroll by 32, twice the instructions of the plain loop. */
#if defined(DN_NO_UNROLL)
#define DNI_IX size_t
#if defined(__GNUC__) && !defined(__clang__)
#define DNI_UNROLL_IN _Pragma("GCC unroll 4")
#else
#define DNI_UNROLL_IN
#endif
#else
#define DNI_IX unsigned
#define DNI_UNROLL_IN DNI_UNROLL
#endif
/* Complete unrolling of a loop with a constant trip count (series of fixed length), in
 * every translation unit: gcc unrolls these at -O3 but not at -O2. */
#if defined(__GNUC__) && !defined(__clang__)
#define DNI_UNROLL_FIXED _Pragma("GCC unroll 16")
#else
#define DNI_UNROLL_FIXED
#endif

/* The rare paths (zeros and poles) stay out of line, so the unrolled hot code keeps its size. */
#if defined(__GNUC__) || defined(__clang__)
#define DNI_COLD __attribute__((cold, noinline, unused))
#else
#define DNI_COLD
#endif

/* ------------------------------------------------------------------------------------ */
/* The element type. The recurrences below (the "body", from DNI_KERNEL_BODY on, with
 * kernel_wide.h's series cores and kernel_special.h) are written once on these macros and
 * instantiated here for double, the public dni_* kernels. The library instantiates the
 * same source a second time for an extended type, internally (src/kernel_ext.h):
 *   DNI_R         the element type of the arrays and of every intermediate
 *   DNI_K(name)   the name of a kernel of this instantiation (dni_name here)
 *   DNI_M(f)      the C library's function f for DNI_R (sin, ...: f itself here)
 *   DNI_C(lit)    a decimal constant of DNI_R, written with enough digits for any type
 *   DNI_INV(k)    1/k in DNI_R (k >= 1)
 *   DNI_IFACT(k)  1/k! in DNI_R, k <= DN_TAYLOR_MAX here
 *   DNI_SCALED(n) whether order n runs on scaled coefficients (beyond the factorials)
 *   DNI_EPS       the unit roundoff 2^-53 of DNI_R (Newton stops), DNI_SERIES_TOL the
 *                 relative size at which a power series is cut
 *   DNI_DIGAMMA_X0(n)  where the Hurwitz zeta sums switch to Euler-Maclaurin (order n)
 * Per type besides: the wide type and its primitives DNI_K(wide) DNI_K(wd) ... (for double
 * kernel_wide.h's), and the conversions DNI_K(scale) DNI_K(to_t) DNI_K(from_t)
 * DNI_K(to_w) DNI_K(from_w) DNI_K(lgamma_value), defined before the body.
 *
 * The element may also be a vector of W doubles, one point per lane (dnum/internal/kernel_lane.h,
 * the batch evaluators): the recurrences are the same, and the few tests on values that
 * they make are written so that they read lane-wise there. For a scalar type these
 * macros are the plain forms (defined in terms of DNI_R, so they follow its redefinition):
 *   DNI_S         the scalar type of casts and constant parameters (DNI_R; double there)
 *   DNI_V(x)      the scalar x as an element (a splat there)
 *   DNI_SEL(m, a, b)  m ? a : b, lane by lane for a vector m
 *   DNI_ANY(m)    whether m holds (in some lane); DNI_AND(m, q) m && q (lane-wise)
 *   DNI_ISINF(x) DNI_ISFINITE(x)  isinf, isfinite (lane masks there)
 *   DNI_RARE(c)   a branch to a rare path (a zero or pole rule, out of line): c here; 0
 *                 for a vector element, whose evaluator sends the lanes that meet c to
 *                 the scalar kernel instead (the parts marked !DNI_LANE_BODY, the cold
 *                 paths and the wide kernels, are compiled for scalar types only). */
#define DNI_R double
#define DNI_KP dni_ /* the prefix */
#define DNI_K(name) dni_##name
#define DNI_M(f) f
#define DNI_C(lit) lit
#define DNI_INV(k) dni_inv[k]
#define DNI_IFACT(k) dni_ifact[k]
#define DNI_SCALED(n) ((n) > DN_TAYLOR_MAX)
#define DNI_EPS 0x1p-53
#define DNI_MIN_EXP (-1022) /* the exponent of the smallest normal DNI_R (ilogb) */
#define DNI_SERIES_TOL 1e-18
#define DNI_DIGAMMA_X0(n) (20.0 + (double)(n))
#define DNI_DOUBLE_BODY 1 /* this instantiation is the double one */
#ifndef DNI_LANE_BODY
#define DNI_LANE_BODY 0 /* 1: a vector element type (dnum/internal/kernel_lane.h) */
#define DNI_S DNI_R
#define DNI_V(x) ((DNI_R)(x))
#define DNI_SEL(m, a, b) ((m) ? (a) : (b))
#define DNI_ANY(m) (m)
#define DNI_AND(m, q) ((m) && (q))
#define DNI_ISINF(x) isinf(x)
#define DNI_ISFINITE(x) isfinite(x)
#define DNI_RARE(c) (c)
#endif

/* sv = sin(x), cv = cos(x) of an element: the two functions for a scalar type, one call
 * for a vector element (dnil_m_sincos, kernel_lane.h: SLEEF's sincos); chosen by
 * DNI_LANE_BODY where it is used */
#define DNI_SINCOS_V(x, sv, cv) DNI_SINCOS_CAT(DNI_SINCOS_, DNI_LANE_BODY)(x, sv, cv)
#define DNI_SINCOS_CAT(a, b) DNI_SINCOS_CAT_(a, b)
#define DNI_SINCOS_CAT_(a, b) a##b
#define DNI_SINCOS_0(x, sv, cv) ((sv) = DNI_M(sin)(x), (cv) = DNI_M(cos)(x))
#define DNI_SINCOS_1(x, sv, cv) dnil_m_sincos(x, &(sv), &(cv))

/* (storage and inlining) A recurrence core that the kernels of run-time order (DN_NO_UNROLL) keep out of line on
 * scalars: the dispatcher of the library (src/dispatch/exec.c), where the exp core had been
 * inlined into its one caller, ran Dvec W1 at order 32 5% slower. Inlined on lanes and at
 * constant orders (forced for double, DNI_KINLINE). */
#define DNI_RCORE DNI_SINCOS_CAT(DNI_RCORE_, DNI_LANE_BODY)
#if defined(DN_NO_UNROLL) && (defined(__GNUC__) || defined(__clang__))
#define DNI_RCORE_0 static __attribute__((noinline, unused))
#else
#define DNI_RCORE_0 DNI_KINLINE /* (below) */
#endif
#define DNI_RCORE_1 static inline

/* (inlining) The kernels on the path of the dnum_oN functions (derivative form, their
 * normalised and wide cores, the conversions) are inlined whole at constant orders (when
 * optimising: DNI_FORCE_INLINE). Left to themselves, GCC stops inlining in a translation
 * unit once it has grown by inline-unit-growth, and clang once a kernel has several callers
 * (one per order): a file using many orders (W1 and W2 at every order 1..32) kept about
 * 240 calls of dni_mul_w, dni_exp_w, ... out of line, rolled with a run-time order, and
 * ran up to 1.7x (clang: 3.9x) slower per point than the same code alone in its file
 * (bench/bench_orders.c). Forced, every order is inlined as it is alone in a file, so a
 * file pays nothing for the orders it uses. Not forced: the rare paths (DNI_COLD and the
 * helpers they call), the kernels that GCC keeps out of line in a file of one order too
 * (asin_w, tpow_int_w, tcompose_w), the other element types (the extended and lane
 * instantiations: DNI_DOUBLE_BODY 0), run-time orders (DN_NO_UNROLL), and a unit that
 * defines DNI_KINLINE_FREE first (src/dvec_kernels.c: its table of every kernel at orders
 * 9..16 took 3.3x the code and twice the compile time forced, for 5% on Dvec W2). */
#define DNI_KINLINE DNI_KINLINE_CAT(DNI_KINLINE_, DNI_DOUBLE_BODY)
/* (a concatenation of its own: DNI_RCORE expands to it) */
#define DNI_KINLINE_CAT(a, b) DNI_KINLINE_CAT_(a, b)
#define DNI_KINLINE_CAT_(a, b) a##b
#if defined(DN_NO_UNROLL) || defined(DNI_KINLINE_FREE)
#define DNI_KINLINE_1 static inline
#else
#define DNI_KINLINE_1 static inline DNI_FORCE_INLINE
#endif
#define DNI_KINLINE_0 static inline

#define DNI_2_SQRTPI DNI_C(1.1283791670955125738961589031215452) /* 2/sqrt(pi) */
#define DNI_SQRT2 DNI_C(1.41421356237309504880168872420969808)

/* ------------------------------------------------------------------------------------ */
/* Conversion between derivatives and normalised coefficients.                           */

/** The scale s of the normalised coefficients t[k] = d[k] s^k / k! at order n: 1 where
 *  the factorial tables apply, else 0.28 n, the s that balances the largest weight
 *  (about e^s, at k = s) against the smallest (s^n/n!): both stay near 1e+-121 at n = 1000. */
static inline double dni_scale(unsigned n)
{
    return n <= DN_TAYLOR_MAX ? 1.0 : 0.28 * (double)n;
}

/* The weights beyond the tables, w_k = s^k / k! (inverse = 0) or k! / s^k (inverse = 1):
 * a running product in long double, rounded once per entry; dni_weight_next steps x from
 * w_k to w_(k+1). */
static inline long double dni_weight_next(long double x, long double s, unsigned k,
                                          int inverse)
{
    return inverse ? x * (long double)(k + 1) / s : x * s / (long double)(k + 1);
}

/** t[k] = d[k] s^k / k! (s = 1 up to DN_TAYLOR_MAX). */
DNI_KINLINE void dni_to_t(double *restrict t, const double *d, unsigned n)
{
    if (n <= DN_TAYLOR_MAX) {
        DNI_UNROLL
        for (unsigned k = 0; k <= n; k++) t[k] = d[k] * dni_ifact[k];
    } else {
        long double s = dni_scale(n), x = 1.0L;
        for (unsigned k = 0; k <= n; k++) {
            t[k] = d[k] * (double)x;
            x = dni_weight_next(x, s, k, 0);
        }
    }
}

/** d[k] = t[k] k! / s^k (s = 1 up to DN_TAYLOR_MAX). */
DNI_KINLINE void dni_from_t(double *restrict d, const double *t, unsigned n)
{
    if (n <= DN_TAYLOR_MAX) {
        DNI_UNROLL
        for (unsigned k = 0; k <= n; k++) d[k] = t[k] * dni_fact[k];
    } else {
        long double s = dni_scale(n), x = 1.0L;
        for (unsigned k = 0; k <= n; k++) {
            d[k] = t[k] * (double)x;
            x = dni_weight_next(x, s, k, 1);
        }
    }
}

/* ------------------------------------------------------------------------------------ */
/* Operands far from unit size: value and growth exponents.                                */

/** The growth over 2^l0 of an entry x of degree k >= 1, folded into g (-HUGE_VAL: none
 *  yet): max(g, (e - l0) / k), e the exponent (ilogb) of x; x = 0, Inf or NaN skipped.
 *  Scaling the entries of degree k by 2^-(l0 + ceil(g) k), which is evaluating
 *  f(x0 + 2^-g h) 2^-l0, brings the largest entries of every degree near unit size. */
static inline double dni_growth1(double g, double x, int l0, unsigned k)
{
    x = fabs(x);
    return x != 0.0 && x <= DBL_MAX ? fmax(g, (double)(ilogb(x) - l0) / (double)k) : g;
}

/** dni_growth1 over the derivatives u[1..n] of a series (degree k: entry k). */
static inline double dni_growth(double g, const double *u, unsigned n, int l0)
{
    for (unsigned k = 1; k <= n; k++) g = dni_growth1(g, u[k], l0, k);
    return g;
}

/** ceil(g) as a shift, clamped to +-lim; 0 where g is -HUGE_VAL (nothing grew). */
static inline int dni_growth_shift(double g, int lim)
{
    return g == -HUGE_VAL ? 0 : g > lim ? lim : g < -lim ? -lim : (int)ceil(g);
}

/** Whether the larger of the values a0 and b0 is nonzero and below 2^-500: where a0^2 + b0^2
 *  underflows in a wide type of double's range (the double-double form). */
static inline int dni_far_tiny(double a0, double b0)
{
    double big = fmax(fabs(a0), fabs(b0));
    return big > 0.0 && big < 0x1p-500;
}

/** The exponents that bring a and b near unit size: entry k scaled by 2^-(*m + *g k), *m
 *  the exponent of the larger value and *g the largest growth over it (dni_growth).
 *  Returns 0 where nothing would change (both 0) or the values are 0, Inf or NaN. */
static inline int dni_far_exponents(const double *a, const double *b, unsigned n, int *m,
                                    int *g)
{
    double big = fmax(fabs(a[0]), fabs(b[0]));
    if (!(big > 0.0 && big <= DBL_MAX)) return 0;
    *m = ilogb(big);
    *g = dni_growth_shift(dni_growth(dni_growth(-HUGE_VAL, a, n, *m), b, n, *m), 2100);
    return *m != 0 || *g != 0;
}

/** r[k] = u[k] 2^(e + g k), k = 0..n (r may be u). */
static inline void dni_scale_series(double *r, const double *u, unsigned n, int e, int g)
{
    for (unsigned k = 0; k <= n; k++) r[k] = ldexp(u[k], e + g * (int)k);
}

/* ------------------------------------------------------------------------------------ */
/* Scratch sizes. A kernel that needs temporary arrays is written as dni_<name>_w with
 * caller scratch as its last arguments: ws, DNI_W_<name>(n) doubles, and for the kernels
 * that run in extended precision also ww, DNI_WW_<name>(n) wide numbers (kernel_wide.h).
 * Scratch must not overlap any argument; its contents on entry do not matter. */
/* the stride of the arrays in scratch: n + 1 entries rounded up to 8 (64 bytes), so that
 * every array of a 64-byte aligned scratch starts on a cache line */
#define DNI_ST(n) (((n) + 8) / 8 * 8)
#define DNI_WN(k, n) (DNI_ST(n) * (k)) /* k arrays of n + 1 entries */

#define DNI_KERNEL_BODY 1
#endif /* DNUM_KERNEL_H */

/* ------------------------------------------------------------------------------------ */
/* The body: every recurrence, on the element-type macros above (included once per type). */
#ifdef DNI_KERNEL_BODY
#if !DNI_LANE_BODY                       /* the wide cores: not for a vector element type */
#include "dnum/internal/kernel_wide.h"   /* its series cores, for this type */
#endif                                   /* !DNI_LANE_BODY */
#include "dnum/internal/kernel_tcore.h"  /* normalised cores (Taylor coefficients) */
#include "dnum/internal/kernel_poles.h"  /* zeros and poles */
#include "dnum/internal/kernel_arith.h"  /* derivative form: arithmetic, abs, apply */
#include "dnum/internal/kernel_explog.h" /* exp, log, roots, powers */
#include "dnum/internal/kernel_trig.h"   /* circular, hyperbolic, inverses, atan2, hypot */
#include "dnum/internal/kernel_erf.h"    /* erf, erfc */
#if !DNI_LANE_BODY                       /* the special functions: scalar code */
#include "dnum/internal/kernel_special.h" /* special functions (same conventions) */
#endif                                    /* !DNI_LANE_BODY */
#undef DNI_KERNEL_BODY
#endif /* DNI_KERNEL_BODY */
