/* Differential libFuzzer target: the input is a point (8 raw bytes: any double, also NaN,
 * Inf, subnormals, huge and tiny) and a small stack program (one byte per instruction)
 * that builds a random expression tree of arithmetic and elementary functions. The program
 * runs at that point and at a second one with the point's sign and significand and an
 * exponent at an edge of the range (edge_point: subnormal, 2^-1022, 2^-1000, 2^-600,
 * 2^600, 2^1000, 2^1023), so that every input probes where derivatives under- or
 * overflow. The same tree is evaluated on the three families through their own APIs:
 *   Dnum (dnum_o6), Dvec (order 6), Dnum2 (dnum2_o6, a function of x alone), Dnumk
 *   (dnumk3_o6, three variables, x the first: the multivariate family),
 * and, alongside, a magnitude shadow (below). Failures: any crash or sanitizer report, or
 *   1. Dvec differing from Dnum in any bit (same kernels, same order: NaN == NaN);
 *   2. a value (order 0) differing between the three families (same libm calls; a limit
 *      at a zero of a divisor is read from derivatives: it may differ within TOL, or be
 *      NaN in one family where its operands' derivatives were not finite; from such a
 *      NaN on, the families compute different functions (max(NaN, y) is y, max(1, y) is
 *      1), so checks 2, 4 and 5 stop there);
 *   3. a partial in the absent variable y that is not exactly 0 while every derivative is
 *      finite;
 *   4. a pure x-derivative d^k f/dx^k of Dnum2 (index (k, 0)) off Dnum's d[k] by more than
 *      TOL * B_k + TINY (2^-1000, for underflow), or not finite while B_k is (see below);
 *   5. checks 2, 3 and 4 for Dnumk (its value, its partials in y and z, its x-derivatives:
 *      the same recurrences on Taylor coefficients without the conversions, so the same
 *      bound holds), for trees of the functions Dnumk has.
 * The special functions (kernel_special.h: lgamma ... fmod) take part in checks 1-3 only:
 * they have no magnitude shadow, so the derivatives of a tree through one of them are not
 * bounded in check 4.
 *
 * Why a tolerance in 4: restricted to x, Dnum2's total-degree recurrences (kernel2.h) reduce
 * to the 1-D ones of kernel.h with the same terms, the same constants (every division is
 * by a value, which both compute identically) and the same factorial scalings, but some sums
 * run in another order or association (the Cauchy product, sqrt, u^p, the composition
 * for cbrt at 0), so the results differ in the last bits (they agree bit for bit for
 * exp, sin, tan, division, log-like integrals and most trees, not all).
 *
 * The bound B_k. Given the values, each derivative is a polynomial in the seed coefficients
 * computed by a straight-line program of +, -, * and scalings by constants that both
 * families share. Expanding that program, each monomial carries at most D rounding factors
 * (1 + delta), so |computed - exact| <= gamma_D * A, with A the same program evaluated on
 * absolute values with every subtraction turned into an addition (the standard bound for
 * polynomial evaluation; a product that underflows adds at most 2^-1075 <= u 2^-1022,
 * covered by flooring every nonzero term of A at 2^-1022, i.e. by gamma_2D). Both families
 * expand to the same monomials, so |Dnum - Dnum2| <= 2 gamma_2D A (Dnum runs u^p, a^b,
 * atan2 and hypot in extended precision, kernel_wide.h: that only shrinks its share). The shadow (the a_*
 * functions, machine.m) evaluates A in Taylor form (B_k = A_k k!) with the kernels'
 * recurrences on absolute values, including the derivative form every operation ends in:
 * it grows with every term whatever cancels, so a subtraction of two nearly equal subtrees
 * keeps the magnitude of its operands. D: at order 6 the longest rounding chain through one
 * built-in is about 130 (asin: product, square-root and division recurrences in series), a
 * tree of 48 instruction bytes has at most 47 operations on a path, D < 6500, and
 * 2 gamma_2D < 3e-12; TOL = 2^-36 = 1.5e-11 leaves a factor 5. Measured (-DFUZZ_DIFF_STATS
 * over the corpora of 5-minute runs): at most 1.3e-15 B_k; 74% of the entries are equal
 * bit for bit, 1% differ within the bound, 25% have no finite bound (see docs/errors.md).
 * A dropped or mis-weighted term changes a derivative by |term| (typically 1e-3 .. 1 of B_k),
 * far above TOL B_k.
 *
 * Non-finite results. The bound holds only where B_k is finite: then every intermediate
 * of both computations is bounded by a finite term of A (no overflow, no Inf or NaN), so
 * both derivatives must be finite and close. Where A overflows (terms above 2^1020), meets an
 * Inf or NaN constant (1/u0 at u0 = 0, log(0), pow(0, p - j), exp overflow) or an input
 * that is already non-finite, IEEE results depend on the order of evaluation (Inf - Inf is
 * NaN in one order and +-Inf in another, a product overflows in one association only, 0 *
 * Inf meets only where one family has a structural zero term), so no agreement is required
 * for that entry: checks 1 to 3 still apply.
 * Build and run with tools/fuzz.sh (which runs every target). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dnum/dnum.h>

#define N 6
#define DEPTH 8
DNUMK_DEFINE(3, 6)
#define TOL 0x1p-36 /* check 4: |Dnum2 - Dnum| <= TOL * B_k + TINY, see above */
#define TINY 0x1p-1000 /* underflow: Dnum's wide cores (long double range) keep terms that
                        * underflow in double, so results this small may differ outright */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
    dnum_o6 f[DEPTH];
    dvec v[DEPTH];
    dnum2_o6 b[DEPTH];
    dnumk3_o6 k[DEPTH];
    double m[DEPTH][N + 1]; /* the shadow A, Taylor form: m[k] >= 0 (or Inf/NaN) */
    int nok[DEPTH]; /* a function Dnumk does not have on the way: check 5 skipped */
    int lim[DEPTH]; /* a quotient at a zero of its divisor below: the value is a limit,
                     * read from the operands' derivatives, which may differ where they
                     * are not finite (check 2 then accepts NaN in one family) */
    int div[DEPTH]; /* a limit NaN in one family and not in another below (check 2):
                     * the values no longer compare, checks 2, 4 and 5 skipped */
    int sp;
} machine;

/* after an operation on entry t: a limit that became NaN in one family only */
static void diverged(machine *m, int t)
{
    double v1 = m->f[t].d[0], v2 = dnum2_o6_deriv(m->b[t], 0, 0), vk = m->k[t].c[0];
    if (m->lim[t] && (isnan(v1) != isnan(v2) || (!m->nok[t] && isnan(v1) != isnan(vk))))
        m->div[t] = 1;
}

static int same(double a, double b) { return a == b || (a != a && b != b); }

/* a failed check names itself (and the entry) on stderr, then aborts for libFuzzer */
static void check_at(int ok, const char *what, int t, unsigned k)
{
    if (ok) return;
    fprintf(stderr, "fuzz_diff: check %s failed (stack entry %d, order %u)\n", what, t, k);
    abort();
}
#define check(ok) check_at(ok, #ok, -1, 0)

/* ------------------------------------------------------------------------------------ */
/* The magnitude shadow A: kernel.h's Taylor recurrences on absolute values, subtractions */
/* turned into additions, every constant by its absolute value. Entry 0 is |value|.      */

/* every term of A: a nonzero term below 2^-1022 counts as 2^-1022 (underflow), anything
 * above 2^1020 as Inf (overflow margin: the computed values may exceed A by gamma_D);
 * NaN stays NaN (all comparisons false) */
static double fl(double v)
{
    if (v == 0.0) return 0.0;
    if (v < 0x1p-1022) return 0x1p-1022;
    if (v > 0x1p1020) return INFINITY;
    return v;
}
/* a product of nonzero terms that underflows to 0 still counts as 2^-1022: the wide
 * cores of Dnum (kernel_wide.h) keep such terms, and later factors can scale them up */
static double mm(double a, double b)
{
    double p = a * b;
    return (p == 0.0 && a != 0.0 && b != 0.0) ? 0x1p-1022 : fl(p);
}
static double ma(double a, double b) { return fl(a + b); }

/* entries 1..N NaN: nothing to compare */
static void a_nan(double *r)
{
    for (unsigned k = 1; k <= N; k++) r[k] = NAN;
}

/* every operation ends in derivative form (d_k = t_k k!) and the next one starts from
 * t_k = d_k / k!: both roundings, and the derivative that overflows while its Taylor
 * coefficient does not (t_5 = 7e306 is d_5 = Inf), are part of the program */
static void a_conv(double *a)
{
    for (unsigned k = 1; k <= N; k++) a[k] = mm(mm(a[k], dni_fact[k]), dni_ifact[k]);
}

static int a_finite(const double *a)
{
    for (unsigned k = 0; k <= N; k++)
        if (!(a[k] <= 0x1p1020)) return 0;
    return 1;
}

/* c = a * b (Cauchy product, all terms, also the structural zeros: 0 * Inf is NaN) */
static void a_mul(double *restrict c, const double *a, const double *b)
{
    for (unsigned k = 0; k <= N; k++) {
        double s = 0.0;
        for (unsigned j = 0; j <= k; j++) s = ma(s, mm(a[j], b[k - j]));
        c[k] = s;
    }
}

/* c = a / b: c_k = (a_k + sum_{j=1..k} b_j c_{k-j}) |1/b0|, c_0 = c0 (tdiv: |a0/b0|;
 * tdiv0 of the integrals: 0) */
static void a_div(double *restrict c, double c0, const double *a, const double *b, double inv)
{
    c[0] = c0;
    for (unsigned k = 1; k <= N; k++) {
        double s = a[k];
        for (unsigned j = 1; j <= k; j++) s = ma(s, mm(b[j], c[k - j]));
        c[k] = mm(s, inv);
    }
}

/* v = theta u: v_k = k u_k */
static void a_theta(double *restrict v, const double *u)
{
    for (unsigned k = 0; k <= N; k++) v[k] = mm((double)k, u[k]);
}

/* e = exp(u), e_0 = e0: e_k = sum_{j=1..k} (j u_j) e_{k-j} / k */
static void a_exp(double *restrict e, double e0, const double *u)
{
    double v[N + 1];
    a_theta(v, u);
    e[0] = e0;
    for (unsigned k = 1; k <= N; k++) {
        double s = 0.0;
        for (unsigned j = 1; j <= k; j++) s = ma(s, mm(v[j], e[k - j]));
        e[k] = mm(s, 1.0 / k);
    }
}

/* sin/cos and sinh/cosh: the same pair, the sign gone */
static void a_sincos(double *restrict sn, double s0, double c0, const double *u)
{
    double v[N + 1], s[N + 1], c[N + 1];
    a_theta(v, u);
    s[0] = s0, c[0] = c0;
    for (unsigned k = 1; k <= N; k++) {
        double ss = 0.0, cc = 0.0;
        for (unsigned j = 1; j <= k; j++) {
            ss = ma(ss, mm(v[j], c[k - j]));
            cc = ma(cc, mm(v[j], s[k - j]));
        }
        s[k] = mm(ss, 1.0 / k), c[k] = mm(cc, 1.0 / k);
    }
    for (unsigned k = 0; k <= N; k++) sn[k] = s[k] > c[k] ? s[k] : c[k]; /* A of either */
}

/* tan/tanh: t_k = sum_{j=1..k} (j u_j) w_{k-j} / k, w_k = sum_j t_j t_{k-j} (k < N) */
static void a_tan(double *restrict t, double t0, double w0, const double *u)
{
    double v[N + 1], w[N + 1];
    a_theta(v, u);
    t[0] = t0, w[0] = w0;
    for (unsigned k = 1; k <= N; k++) {
        double s = 0.0;
        for (unsigned j = 1; j <= k; j++) s = ma(s, mm(v[j], w[k - j]));
        t[k] = mm(s, 1.0 / k);
        if (k < N) {
            double q = 0.0;
            for (unsigned j = 0; j <= k; j++) q = ma(q, mm(t[j], t[k - j]));
            w[k] = q;
        }
    }
}

/* r = sqrt(u), r_0 = r0, inv2 = |0.5 / r0|: r_k = (u_k + sum_{j=1..k-1} r_j r_{k-j}) inv2 */
static void a_sqrt(double *restrict r, double r0, double inv2, const double *u)
{
    r[0] = r0;
    for (unsigned k = 1; k <= N; k++) {
        double s = u[k];
        for (unsigned j = 1; j < k; j++) s = ma(s, mm(r[j], r[k - j]));
        r[k] = mm(s, inv2);
    }
}

/* f = u^p (u0 != 0): f_k = sum_{j=1..k} |(p+1) j - k| u_j f_{k-j} / k * |1/u0| */
static void a_pow(double *restrict f, double f0, double p, double inv, const double *u)
{
    f[0] = f0;
    for (unsigned k = 1; k <= N; k++) {
        double s = 0.0;
        for (unsigned j = 1; j <= k; j++)
            s = ma(s, mm(mm(fabs((p + 1.0) * (double)j - (double)k), u[j]), f[k - j]));
        f[k] = mm(mm(s, 1.0 / k), inv);
    }
}

/* f = f0 + integral of (theta u) / w, w_0 = w0 exactly as the kernel forms it */
static void a_integ_div(double *restrict f, double f0, const double *u, const double *w,
                        double w0)
{
    double v[N + 1], q[N + 1];
    if (f0 != f0) { /* the kernels' NaN rule: every derivative NaN in both */
        a_nan(f);
        return;
    }
    a_theta(v, u);
    a_div(q, 0.0, v, w, fabs(1.0 / w0));
    f[0] = fabs(f0);
    for (unsigned k = 1; k <= N; k++) f[k] = mm(q[k], 1.0 / k);
}

/* w = sg (1 - u^2) (+ its root) for asin, acosh, atanh; 1 + u^2 (+ root) for atan, asinh:
 * A is the same, only the constant w0 differs */
static void a_sq_plus(double *restrict w, const double *u, double w0, int root, double r0)
{
    double sq[N + 1];
    a_mul(sq, u, u);
    sq[0] = fabs(w0);
    if (root) {
        a_sqrt(w, fabs(r0), fabs(0.5 / r0), sq);
    } else {
        for (unsigned k = 0; k <= N; k++) w[k] = sq[k];
    }
}

/* erf, erfc: f0 + s0 integral of (2/sqrt(pi)) exp(-u^2) theta u */
static void a_erf(double *restrict f, double f0, const double *u)
{
    double sq[N + 1], e[N + 1], du[N + 1], g[N + 1];
    if (f0 != f0) {
        a_nan(f);
        return;
    }
    a_mul(sq, u, u);
    a_exp(e, fabs(exp(-(u[0] * u[0]))), sq);
    a_theta(du, u);
    a_mul(g, e, du);
    f[0] = fabs(f0);
    for (unsigned k = 1; k <= N; k++) f[k] = mm(mm(g[k], 1.1283791670955126), 1.0 / k);
}

/* r = A of unary function op (numbered as in unary()) of an argument with A = r (Taylor
 * form, overwritten) and value u0 */
static void a_unary(double *r, unsigned op, double u0)
{
    double u[N + 1], w[N + 1];
    for (unsigned k = 0; k <= N; k++) u[k] = r[k];
    if (!a_finite(u)) { /* Inf or NaN in: IEEE order effects, no bound */
        a_nan(r);
        return;
    }
    if (op % 42 >= 22) { /* the special functions: no magnitude shadow, checks 1-3 only */
        a_nan(r);
        return;
    }
    /* the zeros and poles of the operand (kernel.h's rule): limits, exact series and NaN
     * come from the leading exact zeros, not from a polynomial program: no bound (both
     * families run the univariate rule there) */
    unsigned o = op % 42;
    if (((o == 2 || o == 4 || o == 5) && u0 == 0.0) || (o == 3 && u0 == -1.0) ||
        ((o == 9 || o == 10 || o == 17) && fabs(u0) == 1.0) || (o == 16 && u0 == 1.0)) {
        a_nan(r);
        return;
    }
    /* atan, asinh, acosh at |u0| >= 2^500 run on u scaled to unit size (1 + u^2 would
     * overflow; kernel.h, kernelk.h): not the program below */
    if ((o == 11 || o == 15 || o == 16) && fabs(u0) >= 0x1p500) {
        a_nan(r);
        return;
    }
    switch (op % 42) {
    case 0: a_exp(r, fabs(exp(u0)), u); break;
    case 1: a_exp(r, fabs(expm1(u0) + 1.0), u); break;
    case 2: a_integ_div(r, log(u0), u, u, u0); break;
    case 3: {
        double w1[N + 1];
        for (unsigned k = 0; k <= N; k++) w1[k] = u[k];
        w1[0] = fabs(1.0 + u0);
        a_integ_div(r, log1p(u0), u, w1, 1.0 + u0);
        break;
    }
    case 4: a_sqrt(r, fabs(sqrt(u0)), fabs(0.5 / sqrt(u0)), u); break;
    case 5: a_pow(r, fabs(cbrt(u0)), 1.0 / 3.0, fabs(1.0 / u0), u); break;
    case 6: case 7: a_sincos(r, fabs(sin(u0)), fabs(cos(u0)), u); break;
    case 8: {
        double t0 = tan(u0);
        a_tan(r, fabs(t0), fabs(1.0 + t0 * t0), u);
        break;
    }
    case 9: case 10: case 16: { /* asin, acos = -asin, acosh */
        double sg = op % 42 == 16 ? -1.0 : 1.0, w0 = sg * (1.0 - u0) * (1.0 + u0) + 0.0;
        a_sq_plus(w, u, w0, 1, sqrt(w0));
        a_integ_div(r, op % 42 == 16 ? acosh(u0) : asin(u0), u, w, sqrt(w0));
        break;
    }
    case 17: {
        double w0 = (1.0 - u0) * (1.0 + u0) + 0.0;
        a_sq_plus(w, u, w0, 0, 0.0);
        a_integ_div(r, atanh(u0), u, w, w0);
        break;
    }
    case 11: {
        double w0 = u0 * u0 + 1.0;
        a_sq_plus(w, u, w0, 0, 0.0);
        a_integ_div(r, atan(u0), u, w, w0);
        break;
    }
    case 15: {
        double r0 = hypot(1.0, u0);
        a_sq_plus(w, u, u0 * u0 + 1.0, 1, r0);
        a_integ_div(r, asinh(u0), u, w, r0);
        break;
    }
    case 12: case 13: a_sincos(r, fabs(sinh(u0)), fabs(cosh(u0)), u); break;
    case 14: {
        double ch = cosh(u0);
        a_tan(r, fabs(tanh(u0)), fabs(1.0 / (ch * ch)), u);
        break;
    }
    case 18: a_erf(r, erf(u0), u); break;
    case 19: a_erf(r, erfc(u0), u); break;
    case 20:
        if (u0 == 0.0) a_nan(r); /* abs at 0: NaN derivatives */
        break;
    default: break; /* neg */
    }
}

/* r = A of binary operation op (numbered as in binary()) of a (A = r, overwritten) and
 * b (A = s), values a0, b0 */
static void a_binary(double *r, const double *s, unsigned op, double a0, double b0)
{
    double a[N + 1], b[N + 1], t[N + 1], l[N + 1];
    for (unsigned k = 0; k <= N; k++) a[k] = r[k], b[k] = s[k];
    if (!a_finite(a) || !a_finite(b)) {
        a_nan(r);
        return;
    }
    switch (op % 10) {
    case 0: case 1:
        for (unsigned k = 0; k <= N; k++) r[k] = ma(a[k], b[k]);
        break;
    case 2: a_mul(r, a, b); break;
    case 3: {
        if (b0 == 0.0) { /* a zero of the divisor: the pole and zero rule, no bound */
            a_nan(r);
            break;
        }
        double inv = 1.0 / b0;
        a_div(r, fabs(a0 * inv), a, b, fabs(inv));
        break;
    }
    case 4: /* exp(b log a), value pow(a0, b0) */
        a_integ_div(l, log(a0), a, a, a0);
        if (l[1] != l[1]) {
            a_nan(r);
            break;
        }
        a_mul(t, b, l);
        a_exp(r, fabs(pow(a0, b0)), t);
        if (pow(a0, b0) == 0.0 && a0 > 0.0) a_nan(r); /* underflow: Dnum's derivatives NaN */
        break;
    case 5: { /* atan2(y = a, x = b): integral of (x theta y - y theta x) / (x^2 + y^2) */
        double dy[N + 1], dx[N + 1], num[N + 1], den[N + 1], f0 = atan2(a0, b0);
        if (f0 != f0) {
            a_nan(r);
            break;
        }
        a_theta(dy, a);
        a_theta(dx, b);
        a_mul(num, b, dy);
        a_mul(t, a, dx);
        for (unsigned k = 0; k <= N; k++) num[k] = ma(num[k], t[k]);
        a_mul(den, b, b);
        a_mul(t, a, a);
        for (unsigned k = 0; k <= N; k++) den[k] = ma(den[k], t[k]);
        double den0 = b0 * b0 + a0 * a0; /* overflowed: 1/den0 = 0 would hide every term
                                          * (Dnum's wide range keeps them; Dnum2 gives 0) */
        a_div(t, 0.0, num, den, den0 > 0x1p1020 ? NAN : fabs(1.0 / den0));
        r[0] = fabs(f0);
        for (unsigned k = 1; k <= N; k++) r[k] = mm(t[k], 1.0 / k);
        break;
    }
    case 7: case 8: case 9: a_nan(r); break; /* min, max, fmod: no shadow */
    default: { /* hypot */
        double h = hypot(a0, b0);
        a_mul(t, a, a);
        a_mul(l, b, b);
        for (unsigned k = 0; k <= N; k++) t[k] = ma(t[k], l[k]);
        a_sqrt(r, h, fabs(0.5 / h), t);
        break;
    }
    }
}

/* ------------------------------------------------------------------------------------ */

#ifdef FUZZ_DIFF_TRACE
/* -DFUZZ_DIFF_TRACE: each operation and the resulting value and first derivative in Dnum,
 * Dnum2 and Dnumk (to read a finding) */
#define TRACE(m, t, what, op)                                                              \
    fprintf(stderr, "TRACE %s %u -> entry %d: Dnum %.17g %.17g, Dnum2 %.17g %.17g, "      \
            "Dnumk %.17g\n", what, op, t, (m)->f[t].d[0], (m)->f[t].d[1],                  \
            dnum2_o6_deriv((m)->b[t], 0, 0), dnum2_o6_deriv((m)->b[t], 1, 0), (m)->k[t].c[0])
#else
#define TRACE(m, t, what, op) ((void)0)
#endif

/* unary function number op (mod 42) on the top of the stack */
static void unary(machine *m, unsigned op)
{
    int t = m->sp - 1;
    dnum_o6 *f = &m->f[t];
    dvec *v = &m->v[t];
    dnum2_o6 *b = &m->b[t];
    int st;
    a_unary(m->m[t], op, f->d[0]);
#define U(name)                                                                            \
    *f = dnum_o6_##name(*f), st = dvec_##name(v, v), *b = dnum2_o6_##name(*b);             \
    m->k[t] = dnumk3_o6_##name(m->k[t]);                                                   \
    break
#define US(name)                                                                           \
    *f = dnum_o6_##name(*f), st = dvec_##name(v, v), *b = dnum2_o6_##name(*b);             \
    m->nok[t] = 1;                                                                         \
    break
#define UI(name, k)                                                                        \
    *f = dnum_o6_##name(k, *f), st = dvec_##name(v, k, v), *b = dnum2_o6_##name(k, *b);    \
    m->nok[t] = 1;                                                                         \
    break
    switch (op % 42) {
    case 0: U(exp); case 1: U(expm1); case 2: U(log); case 3: U(log1p); case 4: U(sqrt);
    case 5: U(cbrt); case 6: U(sin); case 7: U(cos); case 8: U(tan); case 9: U(asin);
    case 10: U(acos); case 11: U(atan); case 12: U(sinh); case 13: U(cosh); case 14: U(tanh);
    case 15: U(asinh); case 16: U(acosh); case 17: U(atanh); case 18: U(erf); case 19: U(erfc);
    case 20: U(abs); case 21: U(neg);
    case 22: US(lgamma); case 23: US(tgamma); case 24: US(digamma); case 25: UI(polygamma, 1);
    case 26: US(lambertw); case 27: US(lambertwm1); case 28: US(erfinv); case 29: US(erfcinv);
    case 30: US(j0); case 31: UI(jn, 2); case 32: US(y1); case 33: UI(yn, -3); case 34: US(log2);
    case 35: US(exp2); case 36: US(sinc); case 37: US(cot); case 38: US(sinpi); case 39: US(cospi);
    case 40: US(floor);
    default: US(log10);
    }
#undef U
#undef US
#undef UI
    check(st == 0);
    diverged(m, t);
    TRACE(m, t, "unary", op % 42);
    m->m[t][0] = fabs(f->d[0]);
    a_conv(m->m[t]);
}

/* binary operation number op (mod 10) on the two top entries */
static void binary(machine *m, unsigned op)
{
    int t = m->sp - 2;
    dnum_o6 *f = &m->f[t], g = m->f[t + 1];
    dvec *v = &m->v[t], *w = &m->v[t + 1];
    dnum2_o6 *b = &m->b[t], c = m->b[t + 1];
    int st;
    m->lim[t] |= m->lim[t + 1] | (op % 10 == 3 && g.d[0] == 0.0);
    m->nok[t] |= m->nok[t + 1];
    m->div[t] |= m->div[t + 1];
    a_binary(m->m[t], m->m[t + 1], op, f->d[0], g.d[0]);
#define B(name)                                                                            \
    *f = dnum_o6_##name(*f, g), st = dvec_##name(v, v, w), *b = dnum2_o6_##name(*b, c);     \
    m->k[t] = dnumk3_o6_##name(m->k[t], m->k[t + 1]);                                      \
    break
#define BS(name)                                                                           \
    *f = dnum_o6_##name(*f, g), st = dvec_##name(v, v, w), *b = dnum2_o6_##name(*b, c);     \
    m->nok[t] = 1;                                                                         \
    break
    switch (op % 10) {
    case 0: B(add); case 1: B(sub); case 2: B(mul); case 3: B(div); case 4: B(pow);
    case 5: B(atan2); case 6: B(hypot); case 7: BS(min); case 8: BS(max);
    default: BS(fmod);
    }
#undef B
#undef BS
    check(st == 0);
    diverged(m, t);
    TRACE(m, t, "binary", op % 10);
    m->m[t][0] = fabs(f->d[0]);
    a_conv(m->m[t]);
    m->sp--;
}

#ifdef FUZZ_DIFF_STATS
/* -DFUZZ_DIFF_STATS: print the largest |Dnum2 - Dnum| / B_k seen and how many entries were
 * compared bit for bit equal, within the bound, or not compared (B_k not finite) */
static double worst;
static unsigned long n_equal, n_close, n_skipped;
static void stats(double a, double b, double B)
{
    if (!(B <= 0x1p1020)) n_skipped++;
    else if (a == b) n_equal++;
    else {
        n_close++;
        if (fabs(a - b) / B > worst) {
            worst = fabs(a - b) / B;
            fprintf(stderr, "STATS new worst %.3g (%.17g vs %.17g, B %.3g)\n", worst, a, b, B);
        }
    }
}
__attribute__((destructor)) static void stats_print(void)
{
    fprintf(stderr, "STATS x-derivatives: %lu equal, %lu within the bound (worst %.3g B), %lu "
            "not compared\n", n_equal, n_close, worst, n_skipped);
}
#endif

/* the program data[8..] at the point x0, every check */
static void run(const uint8_t *data, size_t size, double x0)
{
    machine m;
    m.sp = 0;
    for (int i = 0; i < DEPTH; i++)
        if (dvec_init(&m.v[i], N)) abort();
    for (size_t i = 8; i < size && i < 8 + 48; i++) {
        unsigned byte = data[i], kind = byte >> 6, arg = byte & 63;
        if (kind <= 1 && m.sp < DEPTH) { /* push x, or a constant arg/8 - 4 */
            int t = m.sp++;
            double c = kind == 0 ? x0 : arg / 8.0 - 4.0;
            m.lim[t] = m.nok[t] = m.div[t] = 0;
            if (kind == 0) {
                m.f[t] = dnum_o6_var(x0), dvec_set_var(&m.v[t], x0);
                m.b[t] = dnum2_o6_varx(x0, 0.5);
                m.k[t] = dnumk3_o6_var(x0, 0);
            } else {
                m.f[t] = dnum_o6_const(c), dvec_set_const(&m.v[t], c);
                m.b[t] = dnum2_o6_const(c);
                m.k[t] = dnumk3_o6_const(c);
            }
            for (unsigned k = 0; k <= N; k++) m.m[t][k] = k == 0 ? fabs(c) : 0.0;
            if (kind == 0 && N >= 1) m.m[t][1] = 1.0;
        } else if (kind == 2 && m.sp >= 1) {
            unary(&m, arg);
        } else if (kind == 3 && m.sp >= 2) {
            binary(&m, arg);
        }
    }
    for (int t = 0; t < m.sp; t++) {
        int finite = 1; /* Dnum2's own x-derivatives: Dnum may stay finite where Dnum2 does
                         * not (its wide cores have the range of long double) */
        for (unsigned k = 0; k <= N; k++) {
            check_at(same(dvec_get(&m.v[t], k), m.f[t].d[k]), "1 (Dvec == Dnum)", t, k);
            double d2 = dnum2_o6_deriv(m.b[t], k, 0);
            finite &= d2 - d2 == 0.0;
        }
        double v2 = dnum2_o6_deriv(m.b[t], 0, 0), v1 = m.f[t].d[0];
        check_at(same(v2, v1) || m.div[t] || (m.lim[t] && (isnan(v1) || isnan(v2) ||
                                               fabs(v1 - v2) <= TOL * fabs(v1))),
                 "2 (one value)", t, 0);
        if (finite) /* 3. d/dy of a function of x alone, where its x-derivatives are finite */
            for (unsigned i = 0; i < N; i++)
                for (unsigned j = 1; i + j <= N; j++)
                    check_at(dnum2_o6_deriv(m.b[t], i, j) == 0.0, "3 (d/dy = 0)", t, i + j);
        for (unsigned k = 1; k <= N && !m.div[t]; k++) { /* 4. d^k/dx^k within the bound */
            double a = m.f[t].d[k], b = dnum2_o6_deriv(m.b[t], k, 0);
            double B = m.m[t][k] * dni_fact[k];
#ifdef FUZZ_DIFF_STATS
            stats(a, b, B);
#endif
            int close = isfinite(a) && isfinite(b) && fabs(a - b) <= TOL * B + TINY;
            if (B <= 0x1p1020 && !close) {
                fprintf(stderr, "fuzz_diff: Dnum %.17g, Dnum2 %.17g, bound B %.3g\n", a, b, B);
                check_at(0, "4 (d^k/dx^k: Dnum2 within TOL * B of Dnum)", t, k);
            }
        }
    }
    for (int t = 0; t < m.sp; t++) { /* 5. Dnumk: as 2, 3 and 4 */
        if (m.nok[t]) continue;
        int finite = 1;
        for (unsigned k = 0; k <= N; k++) {
            unsigned al[3] = {k, 0, 0};
            double dk = dnumk3_o6_deriv(m.k[t], al);
            finite &= dk - dk == 0.0;
        }
        unsigned a0[3] = {0, 0, 0};
        double vk = dnumk3_o6_deriv(m.k[t], a0), v1 = m.f[t].d[0];
        check_at(same(vk, v1) || m.div[t] || (m.lim[t] && (isnan(v1) || isnan(vk) ||
                                               fabs(v1 - vk) <= TOL * fabs(v1))),
                 "5 (Dnumk value)", t, 0);
        if (finite) /* every partial in y or z (all of block s but its first entry): 0 */
            for (unsigned s = 1; s <= N; s++)
                for (size_t e = dnik_start(3, s) + 1; e < dnik_start(3, s + 1); e++)
                    check_at(m.k[t].c[e] == 0.0, "5 (Dnumk d/dy = d/dz = 0)", t, s);
        for (unsigned k = 1; k <= N && !m.div[t]; k++) {
            unsigned al[3] = {k, 0, 0};
            double a = m.f[t].d[k], b = dnumk3_o6_deriv(m.k[t], al);
            double B = m.m[t][k] * dni_fact[k];
            int close = isfinite(a) && isfinite(b) && fabs(a - b) <= TOL * B + TINY;
            if (B <= 0x1p1020 && !close) {
                fprintf(stderr, "fuzz_diff: Dnum %.17g, Dnumk %.17g, bound B %.3g\n", a, b, B);
                check_at(0, "5 (d^k/dx^k: Dnumk within TOL * B of Dnum)", t, k);
            }
        }
    }
    for (int i = 0; i < DEPTH; i++) dvec_clear(&m.v[i]);
}

/* The second point: x0's sign and significand with an exponent from the edges of the range
 * (chosen by x0's exponent), so that every input also runs where the derivatives of
 * cbrt, u^p, 1/u, log, atan2, ... under- or overflow: subnormal, at the smallest normal
 * numbers, tiny (2^-1000, 2^-600), huge (2^600, 2^1000) and at the largest numbers. */
static double edge_point(double x0)
{
    static const unsigned short field[8] = {0, 1, 2, 23, 423, 1623, 2023, 2046};
    uint64_t b;
    memcpy(&b, &x0, 8);
    unsigned e = (unsigned)(b >> 52) & 0x7ffu;
    b = (b & ~(0x7ffull << 52)) | ((uint64_t)field[e % 8] << 52);
    memcpy(&x0, &b, 8);
    return x0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 8) return 0;
    double x0;
    memcpy(&x0, data, 8);
    /* signaling NaNs are outside the library's scope, as in C11 Annex F and compilers'
     * default -fno-signaling-nans (libm answers pow(1, sNaN) = NaN but pow(1, NaN) = 1) */
    if (isnan(x0)) x0 = copysign(NAN, x0);
    run(data, size, x0);
    if (isfinite(x0)) run(data, size, edge_point(x0));
    return 0;
}
