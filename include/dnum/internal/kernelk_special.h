/* dnum/internal/kernelk_special.h -- the special functions of the operation table that the
 * multivariate layout does not compose: its evaluator (src/dispatch/stepk.c) computes a
 * one-argument special function f as the one-variable kernel's derivatives at u_0
 * composed with u (dnik_tcompose), unless f has a kernel dnik_<f> here, marked by
 * DNIK_OWN_<f>: cot by the tan recurrence (the composition of its point series lost a
 * factor 10 near its pole), and the piecewise functions on the flat array, as in every
 * family (the active branch, NaN partials at a jump or a tie). A two-argument special
 * function has no composition: each has its kernel here.
 * Part of dnum/internal/kernelk.h (internal, not API-stable): included by it, never alone. */
#ifndef DNUM_KERNELK_H
#error                                                                                     \
    "dnum/internal/kernelk_special.h is a part of dnum/internal/kernelk.h: include that instead"
#endif

/* ------------------------------------------------------------------------------------ */
/* The kernels (Taylor coefficients; r must not overlap an input; scratch w: DNIK_WORK(S)). */

/** r = cot(u): the tan recurrence on -u (cot' = -(1 + cot^2) u') from the value cos/sin,
 *  as the one- and two-variable kernels; the pole u_0 = 0 by the composition of the
 *  one-variable kernel (the pole rule). */
static inline void dnik_cot(double *r, const double *u, unsigned K, unsigned N, double *w)
{
    if (u[0] == 0.0) {
        double seed[DNK_ORDER_MAX + 1] = {u[0]}, dh[DNK_ORDER_MAX + 1];
        double sws[DNI_W_cot(DNK_ORDER_MAX)];
        if (N >= 1) seed[1] = 1.0;
        dni_cot_w(dh, seed, N, sws);
        dnik_tcompose(r, dh, u, K, N, w);
        return;
    }
    size_t S = dnik_size(K, N);
    double *nu = w, t0 = cos(u[0]) / sin(u[0]);
    for (size_t e = 0; e < S; e++) nu[e] = -u[e];
    dnik_ttan(r, t0, 1.0 + t0 * t0, 1.0, nu, K, N, w + S);
}

/* the piecewise functions: the one-variable kernel on the flat array of S - 1 entries */
#define DNIK_FLAT1(f)                                                                      \
    static inline void dnik_##f(double *r, const double *u, unsigned K, unsigned N,        \
                                double *w)                                                 \
    {                                                                                      \
        dni_##f##_w(r, u, (unsigned)(dnik_size(K, N) - 1), w);                             \
    }
#define DNIK_FLAT2(f)                                                                      \
    static inline void dnik_##f(double *r, const double *a, const double *b, unsigned K,   \
                                unsigned N, double *w)                                     \
    {                                                                                      \
        dni_##f##_w(r, a, b, (unsigned)(dnik_size(K, N) - 1), w);                          \
    }
/** r = floor(u), ceil(u): value libm's, partials 0 (NaN at an integer u_0, a jump). */
DNIK_FLAT1(floor)
DNIK_FLAT1(ceil)
/** r = min(a, b), max(a, b): the active argument (NaN partials at a tie); r = fmod(a, b)
 *  = a - q b, q = trunc(a_0/b_0) (NaN partials at a jump). */
DNIK_FLAT2(min)
DNIK_FLAT2(max)
DNIK_FLAT2(fmod)

/* ------------------------------------------------------------------------------------ */
/* The marks: DNIK_OWN_<f> for each one-argument kernel above.                            */

#define DNIK_OWN_cot DNIK_OWN
#define DNIK_OWN_floor DNIK_OWN
#define DNIK_OWN_ceil DNIK_OWN

/* DNIK_IF_OWN(f, yes, no): yes where DNIK_OWN_<f> is defined, else no (a defined mark
 * expands to two arguments, and DNIK_SECOND then picks the 1 it carries) */
#define DNIK_OWN ~, 1
#define DNIK_IF_OWN(f, yes, no) DNIK_IF_OWN_(DNIK_SECOND(DNIK_OWN_##f, 0, ~), yes, no)
#define DNIK_IF_OWN_(bit, yes, no) DNIK_CAT(DNIK_IF_, bit)(yes, no)
#define DNIK_SECOND(...) DNIK_SECOND_(__VA_ARGS__)
#define DNIK_SECOND_(x, y, ...) y
#define DNIK_CAT(a, b) DNIK_CAT_(a, b)
#define DNIK_CAT_(a, b) a##b
#define DNIK_IF_1(yes, no) yes
#define DNIK_IF_0(yes, no) no
