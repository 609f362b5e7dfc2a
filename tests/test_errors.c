/* The bad-input table of docs/errors.md, value-arithmetic part: every row states what
 * each derivative 0..3 must be (libm's value, NaN, +-Inf, an exact number or merely
 * finite), and the same row is checked on Dnum (dnum_o3) and Dvec (order 3). */
#include <string.h>
#include "testutil.h"

enum { V = 1, NAN_, PINF, MINF, ZERO, FIN, TWO }; /* V: libm's value of the function */

typedef struct {
    const char *name;   /* as in docs/errors.md */
    int fn;             /* index into eval() */
    double x, p;        /* argument (the variable at x), parameter */
    int want[4];        /* expectation for derivatives 0..3 */
    double libm;        /* the expected value when want[0] == V */
} row;

enum { LOG, LOG1P, SQRT, CBRT, POWD, POWN, RECIP, ASIN, ACOS, ACOSH, ATANH, ABS, TAN, POW,
       ATAN2, HYPOT, EXP, TANH, SIN, ERF, DIVC };

static const row rows[] = {
    {"log(-1)", LOG, -1, 0, {NAN_, NAN_, NAN_, NAN_}, 0},
    {"log(0)", LOG, 0, 0, {MINF, PINF, MINF, PINF}, 0},
    {"log1p(-1)", LOG1P, -1, 0, {MINF, PINF, MINF, PINF}, 0},
    {"log1p(-2)", LOG1P, -2, 0, {NAN_, NAN_, NAN_, NAN_}, 0},
    {"sqrt(-1)", SQRT, -1, 0, {NAN_, NAN_, NAN_, NAN_}, 0},
    {"sqrt(0)", SQRT, 0, 0, {ZERO, PINF, MINF, PINF}, 0},
    {"cbrt(0)", CBRT, 0, 0, {ZERO, PINF, MINF, PINF}, 0},
    {"pow_d(0, 2.5)", POWD, 0, 2.5, {ZERO, ZERO, ZERO, PINF}, 0},
    {"pow_d(0, 0.5)", POWD, 0, 0.5, {ZERO, PINF, MINF, PINF}, 0},
    {"pow_d(0, -0.5)", POWD, 0, -0.5, {PINF, MINF, PINF, MINF}, 0},
    {"pow_d(-1, 0.5)", POWD, -1, 0.5, {NAN_, NAN_, NAN_, NAN_}, 0},
    {"pow_d(1e-300, 2.5) (value underflows)", POWD, 1e-300, 2.5, {ZERO, NAN_, NAN_, NAN_}, 0},
    {"pown(0, 2)", POWN, 0, 2, {ZERO, ZERO, TWO, ZERO}, 0},
    {"pown(0, -1)", POWN, 0, -1, {PINF, MINF, PINF, MINF}, 0},
    {"1/0 (d_div)", RECIP, 0, 0, {PINF, MINF, PINF, MINF}, 0},
    {"x/0 (div by a constant 0)", DIVC, 1, 0, {PINF, NAN_, NAN_, NAN_}, 0},
    {"asin(2)", ASIN, 2, 0, {NAN_, NAN_, NAN_, NAN_}, 0},
    {"asin(1)", ASIN, 1, 0, {V, PINF, PINF, PINF}, 1.5707963267948966},
    {"acos(2)", ACOS, 2, 0, {NAN_, NAN_, NAN_, NAN_}, 0},
    {"acosh(0.5)", ACOSH, 0.5, 0, {NAN_, NAN_, NAN_, NAN_}, 0},
    {"acosh(1)", ACOSH, 1, 0, {ZERO, PINF, MINF, PINF}, 0},
    {"atanh(2)", ATANH, 2, 0, {NAN_, NAN_, NAN_, NAN_}, 0},
    {"atanh(1)", ATANH, 1, 0, {PINF, PINF, PINF, PINF}, 0},
    {"abs(0)", ABS, 0, 0, {ZERO, NAN_, NAN_, NAN_}, 0},
    {"tan(pi/2 rounded)", TAN, 1.5707963267948966, 0, {FIN, FIN, FIN, FIN}, 0},
    {"pow(-1, 1 + x) (both dual)", POW, -1, 0, {V, NAN_, NAN_, NAN_}, -1.0},
    {"pow(0, x) (both dual)", POW, 0, 0, {ZERO, NAN_, NAN_, NAN_}, 0},
    {"pow(1e-300, 2 + x) (value underflows)", POW, 1e-300, 0, {ZERO, NAN_, NAN_, NAN_}, 0},
    {"atan2(0, 0)", ATAN2, 0, 0, {ZERO, NAN_, NAN_, NAN_}, 0},
    {"hypot(0, 0)", HYPOT, 0, 0, {ZERO, NAN_, NAN_, NAN_}, 0},
    {"exp(1000) (overflow)", EXP, 1000, 0, {PINF, PINF, PINF, PINF}, 0},
    {"exp(-1000) (underflow)", EXP, -1000, 0, {ZERO, ZERO, ZERO, ZERO}, 0},
    {"exp(+Inf)", EXP, INFINITY, 0, {PINF, PINF, PINF, PINF}, 0},
    {"tanh(400)", TANH, 400, 0, {V, ZERO, ZERO, ZERO}, 1.0},
    {"tanh(-400)", TANH, -400, 0, {V, ZERO, ZERO, ZERO}, -1.0},
    {"sin(+Inf)", SIN, INFINITY, 0, {NAN_, NAN_, NAN_, NAN_}, 0},
    {"erf(NaN)", ERF, NAN, 0, {NAN_, NAN_, NAN_, NAN_}, 0},
    {"log(NaN)", LOG, NAN, 0, {NAN_, NAN_, NAN_, NAN_}, 0},
};

/* r = f(x) on order 3 with the variable x at row->x, in both families */
static void eval(const row *w, double fixed[4], double dyn[4])
{
    dnum_o3 x = dnum_o3_var(w->x), c0 = dnum_o3_const(0.0), r;
    dvec X, C, R;
    cr_assert(dvec_init(&X, 3) == 0 && dvec_init(&C, 3) == 0 && dvec_init(&R, 3) == 0);
    dvec_set_var(&X, w->x);
    dvec_set_const(&C, 0.0);
    switch (w->fn) {
    case LOG: r = dnum_o3_log(x), dvec_log(&R, &X); break;
    case LOG1P: r = dnum_o3_log1p(x), dvec_log1p(&R, &X); break;
    case SQRT: r = dnum_o3_sqrt(x), dvec_sqrt(&R, &X); break;
    case CBRT: r = dnum_o3_cbrt(x), dvec_cbrt(&R, &X); break;
    case POWD: r = dnum_o3_pow_d(x, w->p), dvec_pow_d(&R, &X, w->p); break;
    case POWN: r = dnum_o3_pown(x, (long)w->p), dvec_pown(&R, &X, (long)w->p); break;
    case RECIP: r = dnum_o3_d_div(1.0, x), dvec_d_div(&R, 1.0, &X); break;
    case DIVC: r = dnum_o3_div(x, c0), dvec_div(&R, &X, &C); break;
    case ASIN: r = dnum_o3_asin(x), dvec_asin(&R, &X); break;
    case ACOS: r = dnum_o3_acos(x), dvec_acos(&R, &X); break;
    case ACOSH: r = dnum_o3_acosh(x), dvec_acosh(&R, &X); break;
    case ATANH: r = dnum_o3_atanh(x), dvec_atanh(&R, &X); break;
    case ABS: r = dnum_o3_abs(x), dvec_abs(&R, &X); break;
    case TAN: r = dnum_o3_tan(x), dvec_tan(&R, &X); break;
    case POW: { /* a^b with a = the variable at x, b = 2 + x (both dual; at x = -1: (-1)^1) */
        dnum_o3 b = dnum_o3_add_d(dnum_o3_var(w->x), 2.0);
        dvec B;
        cr_assert(dvec_init(&B, 3) == 0);
        dvec_add_d(&B, &X, 2.0);
        cr_assert(dvec_set(&R, &X) == 0); /* in place (r aliases a), as user code does */
        r = dnum_o3_pow(x, b), dvec_pow(&R, &R, &B);
        dvec_clear(&B);
        break;
    }
    case ATAN2: r = dnum_o3_atan2(x, c0), dvec_atan2(&R, &X, &C); break;
    case HYPOT: r = dnum_o3_hypot(x, c0), dvec_hypot(&R, &X, &C); break;
    case EXP: r = dnum_o3_exp(x), dvec_exp(&R, &X); break;
    case TANH: r = dnum_o3_tanh(x), dvec_tanh(&R, &X); break;
    case SIN: r = dnum_o3_sin(x), dvec_sin(&R, &X); break;
    default: r = dnum_o3_erf(x), dvec_erf(&R, &X); break;
    }
    for (unsigned k = 0; k < 4; k++) fixed[k] = r.d[k], dyn[k] = dvec_get(&R, k);
    dvec_clear(&X), dvec_clear(&C), dvec_clear(&R);
}

static int meets(double g, int want, double libm)
{
    switch (want) {
    case V: return g == libm;
    case NAN_: return isnan(g);
    case PINF: return isinf(g) && g > 0;
    case MINF: return isinf(g) && g < 0;
    case ZERO: return g == 0.0;
    case TWO: return g == 2.0;
    default: return isfinite(g);
    }
}

Test(errors, bad_input_table)
{
    static const char *names[] = {"", "libm value", "NaN", "+Inf", "-Inf", "0", "finite", "2"};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        double f[4], d[4];
        eval(&rows[i], f, d);
        for (unsigned k = 0; k < 4; k++) {
            cr_expect(meets(f[k], rows[i].want[k], rows[i].libm), "%s, Dnum k=%u: %g, want %s",
                      rows[i].name, k, f[k], names[rows[i].want[k]]);
            cr_expect(meets(d[k], rows[i].want[k], rows[i].libm), "%s, Dvec k=%u: %g, want %s",
                      rows[i].name, k, d[k], names[rows[i].want[k]]);
        }
    }
}

Test(errors, overflow_at_high_order)
{
    /* exp(-x^2) at x = 0.5: finite to order 268 (|d268| ~ 1e306), then +-Inf, and NaN
     * where Inf - Inf meets; never a crash, and the finite part stays accurate */
    dvec x, r;
    cr_assert(dvec_init(&x, 300) == 0 && dvec_init(&r, 0) == 0);
    dvec_set_var(&x, 0.5);
    dvec_mul(&r, &x, &x), dvec_neg(&r, &r);
    cr_assert(dvec_exp(&r, &r) == 0);
    for (unsigned k = 0; k <= 260; k++) cr_expect(isfinite(dvec_get(&r, k)), "k=%u", k);
    for (unsigned k = 275; k <= 300; k++) cr_expect(!isfinite(dvec_get(&r, k)), "k=%u", k);
    /* d250 against mpmath: python3 -c "import mpmath as m; m.mp.dps = 40;
     * print(m.diff(lambda t: m.exp(-t*t), m.mpf(0.5), 250))" */
    cr_expect(fabs(dvec_get(&r, 250) / -2.936987856300392057920640e+282 - 1.0) < 1e-13);
    dvec_clear(&x), dvec_clear(&r);
}
