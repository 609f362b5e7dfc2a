/* Error bounds of the expression evaluator: the analysis behind dn_expr_eval_err
 * (dnum/expr.h; its drivers in src/expr_prec.c) and the bounded families' operations.
 *
 * The program runs once more at order n on the rolled kernels, and beside each register r
 * (the derivatives r_k) goes a bound E_r,k on |computed r_k - exact r_k|. Each
 * instruction adds to the bounds it receives what it does to them (first-order
 * propagation through the absolute value of its Jacobian) and its own rounding:
 *
 *   a + b, a - b     E_a + E_b + u |r|
 *   a * b            (|a| + E_a) * E_b + |b| * E_a + G |a| * |b|   (* the Leibniz product)
 *   a / b            |1/b| * (E_a + |r| * E_b + G (|a| + |b| * |r|))
 *   f(u)             |f'(u)|^ * E_u + 2 G Q,   Q = sum_j |f^(j)(u0)|/j! |u - u0|^j
 *
 * with u = 2^-53 and G = (k + 6) u at order k: a sum of k + 1 products, the conversions
 * to and from Taylor coefficients and the rounded factorials. |f'(u)|^ is the majorant of
 * the series f'(u) (the same sum with f^(j+1)), Q the majorant of f(u): a bound for the
 * sizes of the terms the function's recurrence adds. The derivatives f^(j)(u0) come from
 * the function's own kernel at order n + 1 on the bare variable (any function of the
 * language, the special ones included, without a formula per function); the majorants
 * from the composition of kernel.h (O(n^3), O(n) when u is linear). pow, atan2 and hypot
 * are bounded as exp(b log a), atan(a/b) and sqrt(a^2 + b^2): the same functions, the
 * same derivatives; their kernels round less than these compositions would.
 *
 * What it is: a first-order bound (second-order terms, of size u^2 times the bound's
 * terms, are left out), for the formula with its constants as the doubles they are and
 * exact arguments. Where a derivative f^(j)(u0) or an intermediate is not finite (a pole,
 * a zero of the operand handled by the zero rule, overflow), no bound is known: +Inf;
 * so too where the first order does not hold (first_order) and from a subnormal entry
 * of a quotient or a function on (the end of err_op). abs, atan2 and fmod allow for a
 * value whose sign or integer part is not sure, as floor, ceil, min and max do.
 * Validated against mpmath over random formulas by tools/error_check.py (docs/accuracy.md).
 *
 * Several variables (dn_expr_evalk_err, dn_expr_eval2_err): the same analysis on the
 * Dnumk layout (Taylor coefficients c_a, graded order): the products and the majorant
 * compositions are those of kernelk.h on the absolute values, and the rounding factor of
 * entry a is (prod_i (a_i + 1) + 5) u, the number of terms of its Cauchy product plus the
 * same allowance as above (one variable: k + 6).
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#define DN_NO_UNROLL
#include "dnum/internal/kernelk.h"
#include "dnum/dnumk.h"
#include "expr_impl.h"

#define U_D 0x1p-53 /* unit roundoff of double */

/* The state of one bound evaluation: order, registers (derivatives and bounds),
 * temporaries of order n + 1 and the kernels' scratch, all in the caller's workspace. */
enum { NTMP = 18 };

typedef struct {
    unsigned n, K;     /* order; K = 0: one variable (derivatives), else Dnumk's K */
    size_t S;          /* entries of a register: n + 1, or dnk_size(K, n) */
    double *val, *err; /* nregs registers of S entries each */
    double *t[NTMP];   /* temporaries of tlen(S, n) doubles */
    double *g;         /* S: each entry's rounding factor */
    double *tk, *wk;   /* K: a result (kernelk.h's results don't alias) and its scratch */
    double *ws;        /* DNI_W_MAX(n + 1) doubles */
    dni_wide *ww;      /* DNI_WW_MAX(n + 1) wide */
    double *xw;        /* the extended evaluator's workspace (calibration) */
    int quick;         /* calibrate only the kernels that need it (see calibrated) */
} bctx;

/* Whether the kernel of op is calibrated also in a quick bound: on the mpmath reference
 * rows (orders to 24) the calibration raises the bounds of the elementary functions by at
 * most 9.5x (asinh at -2), which the quick check's margin covers; of the special
 * functions and the integer powers by up to 35x (tgamma, digamma, jn, pown). */
static int calibrated(const bctx *x, unsigned op)
{
    return !x->quick || op >= DN_OP_LGAMMA || op == DN_OP_POWN || op == DN_OP_POW_D;
}

/* The program r1 = op(r0; c) of one instruction, for the calibration of a kernel. */
static dn_expr one_op(dn_expr_ins *ins, unsigned op, double c)
{
    *ins = (dn_expr_ins){op, 1, 0, 0, c, 0.0};
    return (dn_expr){.nvars = 1, .nregs = 2, .nins = 1, .result = 1, .ins = ins};
}

/* the order of the calibration runs: n + 1, at most DN_ORDER_MAX */
static unsigned calib_order(unsigned n)
{
    return n < DN_ORDER_MAX ? n + 1 : DN_ORDER_MAX;
}

/* The calibration's evaluator: the x87 tier where there is one (a 64-bit significand in
 * hardware, 11 bits more than double: its own error, below 2^-11 of the double kernel's
 * rounding, is what the factor 2 of the rounding term covers), else the extended type.
 * The x87 result is checked (deep_cancel) and the extended type run instead where the
 * tier's own error may not be that small. */
static size_t calib_size(unsigned n)
{
    dn_expr_ins ins;
    dn_expr p = one_op(&ins, DN_OP_EXP, 0.0);
    size_t x = dn_expr_work_size_ext(&p, calib_order(n));
#if DNI_HAVE_LD_TIER
    size_t l = dni_expr_work_size_ld(&p, calib_order(n));
    x = l > x ? l : x;
#endif
    return x;
}

#if DNI_HAVE_LD_TIER
/* the biased exponent of v (0: zero or subnormal; 2047: Inf or NaN) */
static int bexp(double v)
{
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return (int)(b >> 52 & 0x7ff);
}

/* Whether the x87 calibration q[0..lim] of a kernel at u0 may share the double kernel's
 * rounding: a derivative that vanishes, or lies about 2^11 below the geometric mean of
 * its neighbours (compared by exponents), is what is left of terms of about their size
 * that cancelled; where an intermediate of the kernel needs more than 64 bits to be exact
 * (1 + u^2 in atan at 1 - 2^-40 needs 81), the x87 kernel can make double's rounding
 * there, and the difference between the two no longer shows the double kernel's error
 * (atan at 1 - 2^-40: the error of the derivatives 4, 8, 12 and 16 was about 1.4e3 times
 * the bound). At u0 = 0 the zeros are exact (the kernels' terms carry a factor u0). */
static int deep_cancel(const double *q, unsigned lim, double u0)
{
    if (u0 == 0.0) return 0;
    for (unsigned j = 1; j < lim; j++)
        if (2 * bexp(q[j]) + 22 < bexp(q[j - 1]) + bexp(q[j + 1])) return 1;
    return 0;
}
#endif

/* q = the kernel p at order m on var in the calibration's precision, and mag the sizes of
 * its entries (dni_expr_eval_ld_mag); lim: the derivatives that deep_cancel checks */
static void calib_eval(const dn_expr *p, unsigned m, const double *var, double *q,
                       double *mag, double *w, unsigned lim)
{
#if DNI_HAVE_LD_TIER
    dni_expr_eval_ld_mag(p, m, var, q, mag, w);
    if (!deep_cancel(q, lim, var[0])) return;
#else
    (void)lim;
#endif
    dni_expr_eval_ext_mag(p, m, var, q, mag, w);
}

/* the length of a temporary: a register, or a one-variable series of order n + 1 */
static size_t tlen(size_t S, unsigned n)
{
    return S > (size_t)n + 2 ? S : (size_t)n + 2;
}

static void *err_align64(void *p)
{
    return (void *)(((uintptr_t)p + 63) & ~(uintptr_t)63);
}

/* one instruction of the language at order m on the rolled kernels (dispatch/exec.c's
 * dispatcher) */
static void exec(const bctx *x, unsigned op, double *d, const double *a, const double *b,
                 double c, unsigned m)
{
    dni_expr_exec_w(op, d, a, b, c, m, x->ws, x->ww);
}

/* one instruction on the registers' family (d may alias a or b) */
static void fexec(const bctx *x, unsigned op, double *d, const double *a, const double *b,
                  double c)
{
    if (!x->K) {
        exec(x, op, d, a, b, c, x->n);
        return;
    }
    dni_expr_stepk(op, x->tk, a, b, c, x->K, x->n, x->wk);
    memcpy(d, x->tk, x->S * sizeof(double));
}

static void absv(const bctx *x, double *r, const double *a)
{
    for (size_t k = 0; k < x->S; k++) r[k] = fabs(a[k]);
}

/* r = a * b (the family's product) of nonnegative arrays; r may alias a or b */
static void lmul(const bctx *x, double *r, const double *a, const double *b)
{
    if (!x->K) {
        dni_mul_w(r, a, b, x->n, x->ws);
        return;
    }
    dnik_mul(x->tk, a, b, x->K, x->n, x->wk);
    memcpy(r, x->tk, x->S * sizeof(double));
}

/* the rounding factors: (k + 6) u at order k; (prod (a_i + 1) + 5) u at multi-index a */
static void set_g(const bctx *x)
{
    unsigned a[DNK_VARS_MAX] = {0};
    for (size_t k = 0; k < x->S; k++) {
        double m = 1.0;
        if (!x->K) m = (double)k + 1.0;
        else {
            for (unsigned i = 0; i < x->K; i++) m *= a[i] + 1.0;
            dnik_next(x->K, a);
        }
        x->g[k] = (m + 5.0) * U_D;
    }
}

/* A bound on the error of the instruction's constant against the formula as written
 * (a decimal number, pi, e, a folded subexpression): its low part clo, which the parser
 * computes in the extended type, and that low part's own precision. */
static double cerr(const dn_expr_ins *i)
{
    return i->clo == 0.0 ? 0.0 : fabs(i->clo) * 1.01 + ldexp(fabs(i->c), 2 - dn_ext_bits());
}

/* Whether a first-order bound holds for derivative k of f(u), u known to within e, with
 * h2 = |f^(k+2)(u0)|, h1 = |f^(k+1)|, h0 = |f^(k)|: the term of second order,
 * e^2 h2 / 2, is at most 1/16 of the first-order term e h1 plus the rounding's scale
 * (k + 6) u h0 (the higher terms shrink as fast where it holds). Where it does not (an
 * operand whose error is a good part of its distance to a pole, e.g. 1 / (x^2 - 2) at
 * the double nearest sqrt(2), where x^2 - 2 has a relative error near 1; tan(x + 1.5)
 * where x + 1.5 rounds to the other side of pi/2), the first-order bound can fall below
 * the true error: no bound. */
static int first_order(double e, unsigned k, double h2, double h1, double h0)
{
    /* (an exact operand needs none; an Inf or NaN h, f not analytic at u0, allows none;
     * where e e h2 underflows, both sides divided by e: u^2 at an operand computed as 0
     * whose bound is 4e-323, and whose h1 and h0 are 0) */
    if (e == 0.0) return 1;
    if (!(isfinite(h2) && isfinite(h1) && isfinite(h0))) return 0;
    double l = 0.5 * e * e * h2;
    if (l < DBL_MIN && h2 > 0.0)
        return 0.5 * e * h2 <= 0x1p-4 * (h1 + (k + 6.0) * U_D * h0 / e);
    return l <= 0x1p-4 * (e * h1 + (k + 6.0) * U_D * h0);
}

/* The absolute error of entry k of a product whose terms fall below DBL_MIN (to 0
 * included): up to 2^-1075 each, times their weights in the product's kernel: binomials
 * (multinomials), which sum to 2^k at most (k: the entry's place, at least its total
 * order), up to order 56; beyond, Taylor coefficients scaled back by k! (k + 1 terms). */
static double tiny_products(const bctx *x, size_t k)
{
    if (x->K || x->n <= 56) return ldexp(0x1p-1074, k < 4000 ? (int)k : 4000);
    return (k + 2.0) * exp(lgamma(k + 1.0)) * 0x1p-1074;
}

/* the smallest |a[k]| that is not 0 (+Inf where all are 0), and the largest |a[k]| */
static double min_nz(const double *a, size_t S)
{
    double m = INFINITY;
    for (size_t k = 0; k < S; k++)
        if (a[k] != 0.0 && fabs(a[k]) < m) m = fabs(a[k]);
    return m;
}
static double max_abs(const double *a, size_t S)
{
    double m = 0.0;
    for (size_t k = 0; k < S; k++)
        if (fabs(a[k]) > m) m = fabs(a[k]);
    return m;
}

/* er = the bound of r = a * b (er may alias ea or eb; t[6..8] used) */
static void err_mul(const bctx *x, double *er, const double *a, const double *ea,
                    const double *b, const double *eb)
{
    double *aa = x->t[6], *ab = x->t[7], *s = x->t[8];
    absv(x, aa, a);
    absv(x, ab, b);
    lmul(x, s, aa, ab);
    for (size_t k = 0; k < x->S; k++) s[k] *= x->g[k];
    for (size_t k = 0; k < x->S; k++) aa[k] += ea[k]; /* (|a| + E_a) E_b: exact in E */
    lmul(x, aa, aa, eb);
    lmul(x, ab, ab, ea);
    for (size_t k = 0; k < x->S; k++) er[k] = aa[k] + ab[k] + s[k];
}

/* er = the bound of r = a / b (computed r given; t[5..8] used) */
static void err_div(const bctx *x, double *er, const double *a, const double *ea,
                    const double *b, const double *eb, const double *r)
{
    double *inv = x->t[5], *ar = x->t[6], *ab = x->t[7], *s = x->t[8];
    fexec(x, DN_OP_D_DIV, inv, b, b, 1.0);
    absv(x, inv, inv);
    absv(x, ar, r);
    absv(x, ab, b);
    lmul(x, ab, ab, ar); /* |b| * |r| */
    lmul(x, ar, ar, eb); /* |r| * E_b */
    for (size_t k = 0; k < x->S; k++) s[k] = ea[k] + ar[k] + x->g[k] * (fabs(a[k]) + ab[k]);
    lmul(x, er, inv, s);
    /* (1/b: |f^(j)| = j! / |b0|^(j+1); the ratio of the top orders decides) */
    double bb = fabs(b[0]), n = x->n;
    if (!first_order(eb[0], x->n, (n + 2.0) * (n + 1.0) / (bb * bb), (n + 1.0) / bb, 1.0))
        for (size_t k = 0; k < x->S; k++) er[k] = INFINITY;
}

/* Where some |f^(j)(u0)| = h[j] is 0 (u0 a zero of f or of a derivative), the terms that
 * first_order compares may all be 0 while f is not analytic at u0 (u^2.5 at u0 = 0: its
 * third derivative is infinite): whether the derivatives at both ends u0 -+ e stay within
 * the first-order change, |f^(j)(u0 + s e)| <= h[j] + 2 e h[j + 1] + 2 (j + 6) u h[j]
 * (j <= n1 - 1; a NaN, an end outside f's domain, fails): the first j where they do not
 * (n1: none). */
static unsigned ends_agree(const bctx *x, unsigned op, double c, double u0, double e,
                           const double *h, unsigned n1)
{
    double *var = x->t[1], *hh = x->t[2];
    unsigned kf = n1; /* the first j where they do not */
    for (int s = -1; s <= 1; s += 2) {
        dni_set_var(var, u0 + s * e, n1);
        exec(x, op, hh, var, var, c, n1);
        for (unsigned j = 0; j < kf; j++)
            if (!(fabs(hh[j]) <= h[j] + 2.0 * e * h[j + 1] + 2.0 * (j + 6.0) * U_D * h[j]))
                kf = j;
    }
    return kf;
}

/* out = the series of hh(u0 + |u - u0|) for nonnegative hh[0..n] (|f|, |f'| composed
 * with u's deviation: the majorant series), u's |u - u0| prepared in tu by err_unary (K
 * variables: |u|; one, nonlinear: |u| in Taylor form; linear u: unused) */
static void majorant(const bctx *x, double *out, const double *hh, const double *u,
                     const double *tu, int lin)
{
    unsigned n = x->n;
    if (x->K) {
        dnik_tcompose(out, hh, tu, x->K, n, x->wk);
    } else if (lin) { /* u = u0 + u1 z: the series are hh[j] |u1|^j themselves */
        double pw = 1.0, u1 = n ? fabs(u[1]) : 0.0;
        for (unsigned k = 0; k <= n; k++) {
            out[k] = hh[k] * pw;
            pw = (k == 0 && u1 == 0.0) ? 0.0 : pw * u1;
        }
    } else {
        double *tr = x->t[5];
        dni_tcompose_w(tr, hh, tu, n, x->ws);
        dni_from_t(out, tr, n);
    }
}

/* majorant for |f'| into p and |f| into q, h[0..n + 1] the |f^(j)(u0)| (one variable,
 * nonlinear u: the powers of |u - u0| computed once for both) */
static void majorants(const bctx *x, double *p, double *q, const double *h, const double *u,
                      const double *tu, int lin)
{
    if (x->K || lin) {
        majorant(x, p, h + 1, u, tu, lin);
        majorant(x, q, h, u, tu, lin);
        return;
    }
    double *tp = x->t[5], *tq = x->t[8];
    dni_tcompose2_w(tp, tq, h + 1, h, tu, x->n, x->ws);
    dni_from_t(p, tp, x->n);
    dni_from_t(q, tq, x->n);
}

/* the total order of entry i of a register (one variable: i), a the multi-index of the
 * entry before (zeros for i = 0; stepped here) */
static unsigned entry_order(const bctx *x, size_t i, unsigned *a)
{
    if (!x->K) return (unsigned)i;
    if (i) dnik_next(x->K, a);
    unsigned s = 0;
    for (unsigned v = 0; v < x->K; v++) s += a[v];
    return s;
}

/* The weight of an entry of order k in the kernels' normalised form (t_k = d_k s^k / k!,
 * kernel.h), for the entries in their order: one variable 1/k! (s^k/k! above
 * DN_TAYLOR_MAX: the running product w, 1 at k = 0, stepped here as dni_to_t does);
 * several: 1 (the layout holds Taylor coefficients already) */
static double tweight(const bctx *x, unsigned k, long double *w)
{
    if (x->K) return 1.0;
    if (x->n <= DN_TAYLOR_MAX) return dni_ifact[k];
    double r = (double)*w;
    *w = dni_weight_next(*w, dni_scale(x->n), k, 0);
    return r;
}

/* Terms of a function's composition that fall below DBL_MIN in the kernels' normalised
 * form (pown(exp(x), 3) at -250: h1 u1 = 3 e^-500 e^-250 underflows, so that the computed
 * entries are 0 where the exact ones are near 1e-326, which a later factor 1e300 makes
 * 5.7e-26; erfc(sqrt(x)) at 702.25: derivatives near 2.2e-307, whose normalised
 * coefficients at order 16 are near 1e-320, lose a relative 2e-4): the majorant of |f| in
 * f's and u's true scale, composed from h 2^eh and u's entries of order k times 2^(b k)
 * (the variables scaled by 2^b), so that no term underflows; from the first order whose
 * normalised majorant is below DBL_MIN on (the kernels build the higher orders on the
 * lower ones), every entry may have lost all of its size: 4 times it (rounded up) is added
 * to er. h is |f^(j)(u0)| 2^e (err_unary's scaling); the entries of order up to klim;
 * t[1..4], t[6] used. */
static void tiny_terms(const bctx *x, double *er, const double *h, const double *u, int e,
                       unsigned klim, int lin)
{
    unsigned n = x->n, a[DNK_VARS_MAX] = {0};
    double *us = x->t[1], *hs = x->t[2], *qs = x->t[3], *tus = x->t[4], *au = x->t[6];
    double um = 0.0, hm = 0.0;
    for (size_t i = 1; i < x->S && i <= (x->K ? x->K : 1); i++) /* (the first order) */
        um = fabs(u[i]) > um ? fabs(u[i]) : um;
    for (size_t i = 2; um == 0.0 && i < x->S; i++) um = fabs(u[i]);
    for (unsigned j = 0; j <= n + 1; j++) hm = isfinite(h[j]) && h[j] > hm ? h[j] : hm;
    int b = um > 0.0 && isfinite(um) ? -ilogb(um) : 0, eh = hm > 0.0 ? -ilogb(hm) : 0;
    for (size_t i = 0; i < x->S; i++) us[i] = ldexp(u[i], b * (int)entry_order(x, i, a));
    for (unsigned j = 0; j <= n + 1; j++) hs[j] = ldexp(h[j], eh);
    if (x->K) absv(x, tus, us); /* (see majorant) */
    else if (!lin) {
        for (unsigned k = 0; k <= n; k++) au[k] = fabs(us[k]);
        dni_to_t(tus, au, n);
    }
    majorant(x, qs, hs, us, tus, lin);
    unsigned k0 = n + 1; /* the first order whose normalised majorant is below DBL_MIN */
    long double w = 1.0L;
    memset(a, 0, sizeof a);
    for (size_t i = 0; i < x->S; i++) {
        unsigned k = entry_order(x, i, a);
        double wk = tweight(x, k, &w);
        if (k <= klim && qs[i] > 0.0 && k < k0 &&
            log2(qs[i]) + log2(wk) - (e + eh + b * (int)k) < -1022.0)
            k0 = k;
    }
    memset(a, 0, sizeof a);
    for (size_t i = 0; i < x->S; i++) {
        unsigned k = entry_order(x, i, a);
        if (k >= k0 && k <= klim && qs[i] > 0.0) /* (ldexp: 0 below the subnormals) */
            er[i] += 4.0 * ldexp(qs[i], -(e + eh + b * (int)k)) + 0x1p-1074;
    }
}

/* er = the bound of f(u) for the one-argument instruction op (constant c): see the top.
 * er may alias eu; t[0..8] used. */
static void err_unary(const bctx *x, unsigned op, double c, const double *u,
                      const double *eu, double *er)
{
    unsigned n = x->n, n1 = calib_order(n); /* n + 1 below DN_ORDER_MAX (the tables') */
    double *h = x->t[0], *var = x->t[1], *p = x->t[2], *q = x->t[3], *tu = x->t[4];
    double *mag = x->t[6], *hf = x->t[7];
    int lin = !x->K && dni_linear(u, n), cal = calibrated(x, op), uf = 0;
    /* (the derivatives of u^c, c = 0, 1, 2, ..., past the c-th are 0 everywhere) */
    int poly = (op == DN_OP_POWN || op == DN_OP_POW_D) && c >= 0.0 && c == floor(c);
    unsigned zlim = poly && c < n1 ? (unsigned)c : n1;
    /* A calibrated kernel is measured on u itself where u = u0 + u1 z (the kernel's
     * recurrence on u1 != 1 rounds otherwise than on the bare variable: asinh(1.5 x)),
     * |u1|^j taken out of h[j] after; else on the bare variable z. */
    double s1 = cal && lin && n ? fabs(u[1]) : 1.0;
    if (s1 != 1.0 && !(s1 > 0.0 && fabs(log2(s1)) * n1 < 900.0))
        s1 = 1.0; /* (s1^j in range) */
    dni_set_var(var, u[0], n1);
    if (s1 != 1.0) var[1] = u[1];
    exec(x, op, h, var, var, c, n1);  /* h[j] = f^(j)(u0) s1^j, j = 0..n+1 */
    if (n1 == n) h[n + 1] = INFINITY; /* at DN_ORDER_MAX: the top order's bound unknown */
    for (unsigned j = 0; j <= n1; j++) hf[j] = 0.0;
    if (cal) { /* the kernel's own error measured in more precision (calib_eval): h[j]
                * becomes the size of the terms that explains it */
        dn_expr_ins ins;
        dn_expr p = one_op(&ins, op, c);
        calib_eval(&p, n1, var, q, mag, x->xw, zlim);
        for (unsigned j = 0; j <= n1; j++) {
            /* where f^(j) is 0 or subnormal in double but not 0 in the wider range, it
             * underflowed (erfc at 27.5, the low orders of x^40 at 1e-9): its size, twice,
             * in hf[j] (the computed entries built on it may be 0 where the exact ones
             * are not), in place of the relative difference (which measures the
             * subnormals' spacing, not the kernel's rounding: erfc'' at 27.3 came out
             * 1e-307, its terms 1e-323) */
            if (fabs(h[j]) < DBL_MIN && mag[j] > fabs(h[j])) hf[j] = 2.0 * mag[j], uf = 1;
            h[j] = fabs(h[j]) +
                   (hf[j] != 0.0 ? 0.0 : fabs(h[j] - q[j]) / ((j + 6.0) * U_D)) +
                   hf[j]; /* twice: the extended result has its own error */
        }
    }
    /* f and every derivative 0 at u0 != 0 (not calibrated, or underflowing in the wider
     * range too): no bound (exp at -800 may be scaled up later) */
    int under = u[0] != 0.0 && isfinite(u[0]);
    double pw = 1.0;
    for (unsigned j = 0; j <= n1; j++, pw *= s1) {
        h[j] = s1 == 1.0 ? fabs(h[j]) : fabs(h[j]) / pw; /* (hf keeps its scale: below) */
        under &= h[j] == 0.0;
    }
    /* no bound from the first order kf on where first order does not hold (see
     * first_order; h[n + 1] is the last known): the entries below it involve only f's
     * lower derivatives (with several variables, all: their entries are not by order) */
    size_t kf = under ? 0 : n1;
    int zero = 0;
    for (unsigned k = 0; k + 2 <= n1 && k < kf; k++)
        if (!first_order(eu[0], k, h[k + 2], h[k + 1], h[k])) kf = k;
    for (unsigned j = 0; j <= zlim; j++) zero |= h[j] == 0.0;
    if (zero && eu[0] > 0.0 && kf) { /* (some h 0: see ends_agree) */
        size_t ke = ends_agree(x, op, c, u[0], eu[0], h, n1);
        kf = ke < kf ? ke : kf;
    }
    if (x->K) kf = kf < n1 ? 0 : x->S;
    if (kf == 0) {
        for (size_t k = 0; k < x->S; k++) er[k] = INFINITY;
        return;
    }
    /* f's sizes all far below 1 (f underflowed: erfc(u) at u0 = 27.9): the majorants
     * are composed from 2^e times them, so that their terms h[j] s^j / j! do not
     * underflow before the powers of |u - u0| (large: u' = 1.5e3) raise them; the bounds
     * are scaled back and rounded up */
    double hm = 0.0;
    for (unsigned j = 0; j <= n1; j++) hm = h[j] > hm ? h[j] : hm;
    int e = hm > 0.0 && hm < 0x1p-500 ? -500 - ilogb(hm) : 0;
    for (unsigned j = 0; e && j <= n1; j++) h[j] = ldexp(h[j], e), hf[j] = ldexp(hf[j], e);
    if (x->K) absv(x, tu, u); /* (see majorant) */
    else if (!lin) {
        for (unsigned k = 0; k <= n; k++) var[k] = fabs(u[k]);
        dni_to_t(tu, var, n);
    }
    majorants(x, p, q, h, u, tu, lin); /* |f'|, |f| (u0 + |u - u0|) */
    /* (entries of order below kf whose normalised majorant is below DBL_MIN, but those
     * of u^c past c for a linear u, 0 everywhere: see tiny_terms) */
    unsigned slim = lin && poly && c < n ? (unsigned)c : n, ka[DNK_VARS_MAX] = {0};
    unsigned klim = kf - 1 < slim ? (unsigned)(kf - 1) : slim;
    int low = 0;
    long double w = 1.0L;
    for (size_t i = 0; i < x->S; i++) {
        unsigned k = entry_order(x, i, ka);
        double wk = tweight(x, k, &w);
        low |= k <= klim && (e ? ldexp(q[i], -e) : q[i]) * wk < DBL_MIN;
    }
    lmul(x, p, p, eu);
    for (size_t k = 0; k < x->S; k++)
        er[k] = k < kf ? p[k] + 2.0 * x->g[k] * q[k] : INFINITY;
    if (uf) { /* the underflowed sizes' own series: an absolute error (measured on u
               * itself where s1 != 1: the series already, whose division by s1^j
               * would underflow once more) */
        if (s1 == 1.0) majorant(x, q, hf, u, tu, lin);
        for (size_t k = 0; k < x->S; k++) er[k] += s1 == 1.0 ? q[k] : hf[k];
    }
    for (size_t k = 0; e && k < x->S; k++) er[k] = ldexp(er[k], -e) + 0x1p-1074;
    if (low) tiny_terms(x, er, h, u, e, klim, lin);
}

/* The bound of one operation op(a, b; c), c known to within ce: writes the result to d
 * and its bound to ed (d and ed may be a, b or their bounds). */
static void err_op(const bctx *x, unsigned op, double c, double ce, const double *a,
                   const double *ea, const double *b, const double *eb, double *d,
                   double *ed)
{
    size_t S = x->S;
    double *r = x->t[9];
    fexec(x, op, r, a, b, c); /* the result, before d (may be a or b) changes */
    int recur = 0; /* 1: the kernel builds the higher orders on its own lower ones (a
                    * quotient, a function's recurrence; see the end) */
    switch (op) {
    case DN_OP_CONST: /* exact, or a folded constant with its bound */
        for (size_t k = 0; k < S; k++) ed[k] = k ? 0.0 : ce;
        break;
    case DN_OP_ADD:
    case DN_OP_SUB:
        for (size_t k = 0; k < S; k++) ed[k] = ea[k] + eb[k] + U_D * fabs(r[k]);
        break;
    case DN_OP_NEG:
        for (size_t k = 0; k < S; k++) ed[k] = ea[k];
        break;
    case DN_OP_ABS: { /* where a's value may have the other sign, the derivatives may
                       * have it too: |sign a_k - sign' A_k| <= 2 |a_k| + E_a,k */
        int unsure = !(fabs(a[0]) > ea[0]) && ea[0] > 0.0;
        for (size_t k = 0; k < S; k++)
            ed[k] = ea[k] + (unsure && k ? 2.0 * fabs(a[k]) : 0.0);
        break;
    }
    case DN_OP_ADD_D:
    case DN_OP_D_SUB:
        for (size_t k = 0; k < S; k++) ed[k] = ea[k] + U_D * fabs(r[k]) + (k ? 0.0 : ce);
        break;
    case DN_OP_MUL_D:
    case DN_OP_DIV_D: /* (DIV_D: a times the rounded 1/c) */
        for (size_t k = 0; k < S; k++) {
            double e = ea[k]; /* (an entry that fell to 0: its absolute error, as below;
                               * a bound that would: the least above 0) */
            ed[k] = op == DN_OP_MUL_D
                        ? fabs(c) * e + U_D * fabs(r[k]) + ce * fabs(a[k])
                        : (e + ce * fabs(r[k])) / fabs(c) + 2.0 * U_D * fabs(r[k]);
            ed[k] += r[k] == 0.0 && a[k] != 0.0 ? 0x1p-1074 : 0.0;
            if (e > 0.0 && ed[k] == 0.0) ed[k] = 0x1p-1074;
        }
        break;
    case DN_OP_MUL: {
        /* a product of two entries or bounds may fall below DBL_MIN, to 0 included (a
         * and b may be 0 where they underflowed: their bounds show it; tested before ed,
         * which may be ea or eb, is written) */
        int tiny_ab =
            fmin(min_nz(a, S), min_nz(ea, S)) * fmin(min_nz(b, S), min_nz(eb, S)) < DBL_MIN;
        err_mul(x, ed, a, ea, b, eb);
        if (tiny_ab)
            for (size_t k = 0; k < S; k++) ed[k] += tiny_products(x, k);
        break;
    }
    case DN_OP_DIV:
        recur = 1;
        err_div(x, ed, a, ea, b, eb, r);
        /* an entry or a term of the recurrence may have fallen to 0 (1e-200 / 1e200):
         * the value's one rounding errs by 2^-1075 more; the later orders are built on
         * it: no bound there */
        if (min_nz(a, S) / max_abs(b, S) < 2.0 * DBL_MIN ||
            min_nz(r, S) * min_nz(b, S) < DBL_MIN)
            for (size_t k = 0; k < S; k++) ed[k] = k ? INFINITY : ed[0] + 0x1p-1074;
        break;
    case DN_OP_POW: { /* exp(b log a) */
        recur = 1;
        double *l = x->t[10], *el = x->t[11], *m = x->t[12], *em = x->t[13];
        fexec(x, DN_OP_LOG, l, a, a, 0.0);
        err_unary(x, DN_OP_LOG, 0.0, a, ea, el);
        fexec(x, DN_OP_MUL, m, b, l, 0.0);
        err_mul(x, em, b, eb, l, el);
        err_unary(x, DN_OP_EXP, 0.0, m, em, ed);
        break;
    }
    case DN_OP_ATAN2: { /* atan(a/b), the same derivatives */
        recur = 1;
        double *q = x->t[10], *eq = x->t[11];
        fexec(x, DN_OP_DIV, q, a, b, 0.0);
        err_div(x, eq, a, ea, b, eb, q);
        err_unary(x, DN_OP_ATAN, 0.0, q, eq, ed);
        /* the value is atan(a/b) + pi or - pi where b < 0: the C library's atan2 rounds
         * it once more (within 1 ulp); and where a may be 0 (a -0 that stands for an
         * exact 0 included) with b negative, it may lie on the other side of the cut,
         * 2 pi away */
        ed[0] += 2.0 * U_D * fabs(r[0]);
        if (b[0] - eb[0] < 0.0 && !(fabs(a[0]) > ea[0]) && (ea[0] > 0.0 || signbit(a[0])))
            ed[0] += 2.0 * 3.1415926535897932 * (1.0 + 4.0 * U_D);
        break;
    }
    case DN_OP_HYPOT: { /* sqrt(a^2 + b^2), where the squares would underflow or overflow
                         * (values beyond 2^+-500) on f(x0 + 2^-g h) 2^-m: entry k of a
                         * and b scaled by 2^-(m + g k), m the value's exponent and g the
                         * derivatives' growth over it (one variable; several: g = 0), so
                         * that the entries are of unit size as where the kernels compute;
                         * the scaled computation's bound scaled back */
        double *s = x->t[10], *es = x->t[11], *s2 = x->t[12], *es2 = x->t[13];
        double *as = x->t[14], *eas = x->t[15], *bs = x->t[16], *ebs = x->t[17];
        double big = fmax(fabs(a[0]), fabs(b[0]));
        int m = isfinite(big) && big != 0.0 && (big > 0x1p500 || big < 0x1p-500)
                    ? ilogb(big)
                    : 0;
        double g =
            m && !x->K
                ? dni_growth_shift(dni_growth(dni_growth(-HUGE_VAL, a, (unsigned)S - 1, m),
                                              b, (unsigned)S - 1, m),
                                   2100)
                : 0.0;
        int lost = 0; /* an entry that the scaling cannot bring near unit size (entries
                       * of mixed growth: their squares would underflow or overflow in
                       * the scaled computation, and its bound mean nothing) */
        for (size_t k = 0; k < S; k++) {
            int sc = -m - (int)g * (x->K ? 0 : (int)k);
            as[k] = ldexp(a[k], sc), eas[k] = ldexp(ea[k], sc);
            bs[k] = ldexp(b[k], sc), ebs[k] = ldexp(eb[k], sc);
            lost |=
                (as[k] != 0.0 && !(fabs(as[k]) >= 0x1p-400 && fabs(as[k]) <= 0x1p400)) ||
                (bs[k] != 0.0 && !(fabs(bs[k]) >= 0x1p-400 && fabs(bs[k]) <= 0x1p400));
        }
        fexec(x, DN_OP_MUL, s, as, as, 0.0);
        err_mul(x, es, as, eas, as, eas);
        fexec(x, DN_OP_MUL, s2, bs, bs, 0.0);
        err_mul(x, es2, bs, ebs, bs, ebs);
        for (size_t k = 0; k < S; k++) {
            s[k] += s2[k];
            es[k] += es2[k] + U_D * fabs(s[k]);
        }
        err_unary(x, DN_OP_SQRT, 0.0, s, es, ed);
        for (size_t k = 0; k < S; k++) { /* (r: the result, computed above) */
            ed[k] = ldexp(ed[k], m + (int)g * (x->K ? 0 : (int)k));
            if (lost || (ed[k] == 0.0 && r[k] != 0.0)) ed[k] = INFINITY;
        }
        break;
    }
    case DN_OP_MIN:
    case DN_OP_MAX: { /* the active argument's; Inf if it may change */
        int mx = op == DN_OP_MAX, take_a = mx ? a[0] > b[0] : a[0] < b[0];
        const double *e = take_a ? ea : eb;
        int unsure = !(fabs(a[0] - b[0]) > ea[0] + eb[0]);
        double e0 = fmax(ea[0], eb[0]);
        for (size_t k = 1; k < S; k++) ed[k] = unsure ? INFINITY : e[k];
        ed[0] = unsure ? e0 : e[0];
        break;
    }
    case DN_OP_FMOD: { /* a - q b, q = trunc(a0/b0); where the quotient may cross an
                        * integer, q may be one more or less: |b| more */
        double q = fabs(nearbyint((a[0] - r[0]) / b[0])), t = fabs(a[0] / b[0]);
        double dt = (ea[0] + t * eb[0]) / fabs(b[0]) + 4.0 * U_D * t;
        int unsure = !(floor(t - dt) == floor(t + dt));
        for (size_t k = 0; k < S; k++)
            ed[k] = ea[k] + q * eb[k] + U_D * (fabs(r[k]) + q * fabs(b[k])) +
                    (unsure ? fabs(b[k]) + eb[k] : 0.0);
        break;
    }
    case DN_OP_FLOOR:
    case DN_OP_CEIL: { /* exact, unless the value may cross a jump */
        double lo = a[0] - ea[0], hi = a[0] + ea[0];
        int same = op == DN_OP_FLOOR ? floor(lo) == floor(hi) : ceil(lo) == ceil(hi);
        for (size_t k = 1; k < S; k++) ed[k] = 0.0;
        ed[0] = same ? 0.0 : INFINITY;
        break;
    }
    default:
        recur = 1;
        err_unary(x, op, c, a, ea, ed);
        if (ce == 0.0) break;
        /* a folded constant c with an error: d(c/u)/dc = r/c, d(u^c)/dc = r log u */
        if (op == DN_OP_D_DIV) {
            for (size_t k = 0; k < S; k++) ed[k] += ce * fabs(r[k] / c);
        } else if (op == DN_OP_POWN || op == DN_OP_POW_D) {
            double *l = x->t[10];
            fexec(x, DN_OP_LOG, l, a, a, 0.0);
            fexec(x, DN_OP_MUL, l, l, r, 0.0);
            for (size_t k = 0; k < S; k++) ed[k] += ce * fabs(l[k]);
        }
        break;
    }
    /* A subnormal result has lost digits that the relative model above does not count:
     * each rounding into that range errs by up to 2^-1075 more. Where the kernel builds
     * the higher orders on its own lower ones (a quotient, a function's recurrence), the
     * error of a subnormal entry grows on its way into them: no bound from there on.
     * Elsewhere (sums; products: see tiny_products) the absolute term is added. */
    int tiny = 0;
    for (size_t k = 0; k < S; k++) {
        if (r[k] != 0.0 && fabs(r[k]) < DBL_MIN) {
            tiny = 1;
            ed[k] += op == DN_OP_MUL ? tiny_products(x, k) : (k + 2.0) * 0x1p-1074;
        }
        if (tiny && recur) ed[k] = INFINITY;
        d[k] = r[k];
    }
}

/* The bound of one instruction of the program (registers x->val, x->err). */
static void err_step(const bctx *x, const dn_expr_ins *i, double *d, double *ed)
{
    size_t S = x->S;
    err_op(x, i->op, i->c, cerr(i), x->val + i->a * S, x->err + i->a * S, x->val + i->b * S,
           x->err + i->b * S, d, ed);
}

static size_t shadow_size(unsigned nregs, unsigned K, unsigned n, size_t S)
{
    size_t regs = 2 * (size_t)nregs * S, tmp = NTMP * tlen(S, n);
    size_t kern = K ? S + DNIK_WORK(S) : 0;
    size_t wide = (size_t)DNI_WW_MAX(n + 1) * sizeof(dni_wide);
    return regs + tmp + S + kern + (size_t)DNI_W_MAX(n + 1) +
           (wide + sizeof(double) - 1) / sizeof(double) + 24 + calib_size(n);
}

/* The analysis's state over work (shadow_size) for nregs registers. */
static void ctx_init(bctx *x, unsigned K, unsigned n, unsigned nregs, double *work,
                     int calibrate)
{
    size_t S = K ? dnk_size(K, n) : (size_t)n + 1, regs = (size_t)nregs * S;
    size_t tl = tlen(S, n);
    x->n = n;
    x->K = K;
    x->S = S;
    x->val = work;
    x->err = x->val + regs;
    for (unsigned j = 0; j < NTMP; j++) x->t[j] = x->err + regs + j * tl;
    x->g = x->t[NTMP - 1] + tl;
    x->tk = x->g + S;
    x->wk = x->tk + S;
    x->ws = err_align64(x->wk + (K ? DNIK_WORK(S) : 0));
    x->ww = err_align64(x->ws + DNI_W_MAX(n + 1));
    x->xw = (double *)err_align64(x->ww + DNI_WW_MAX(n + 1));
    x->quick = !calibrate;
    set_g(x);
}

size_t dni_err_shadow_size(const dn_expr *e, unsigned K, unsigned n)
{
    return shadow_size(e->nregs, K, n, K ? dnk_size(K, n) : (size_t)n + 1);
}

size_t dni_bound_work_size(unsigned n)
{
    return n > DN_ORDER_MAX ? 0 : shadow_size(0, 0, n, (size_t)n + 1);
}

void dni_bound_op(unsigned op, double c, unsigned n, double *d, double *ed, const double *a,
                  const double *ea, const double *b, const double *eb, double *work)
{
    bctx x;
    ctx_init(&x, 0, n, 0, work, 1);
    err_op(&x, op, c, 0.0, a, ea, b, eb, d, ed);
    for (unsigned k = 0; k <= n; k++) ed[k] = dni_err_verdict(d[k], ed[k]);
}

const double *dni_err_shadow(const dn_expr *e, unsigned K, unsigned n, const double *args,
                             const double *aerr, double *work, int calibrate,
                             const double **res)
{
    bctx x;
    ctx_init(&x, K, n, e->nregs, work, calibrate);
    for (size_t k = 0; k < e->nvars * x.S; k++) {
        x.val[k] = args[k];
        x.err[k] = aerr ? aerr[k] : 0.0;
    }
    for (const dn_expr_ins *i = e->ins, *end = i + e->nins; i != end; i++)
        err_step(&x, i, x.val + i->dst * x.S, x.err + i->dst * x.S);
    *res = x.val + e->result * x.S;
    return x.err + e->result * x.S;
}
