/* Kernel aliasing: every derivative-form kernel may write its result over an input.
 * f(b, a); f(a, a); a must equal b bit for bit (Arb's habit). */
#include <string.h>
#include "testutil.h"
#include "kernel_wrap.h"

#define N 12

static void fill(double *a, double seed)
{
    for (unsigned k = 0; k <= N; k++) a[k] = 0.3 + seed * 0.1 * (double)k - 0.05 * (double)(k * k % 7);
    a[0] = 0.4 + 0.1 * seed; /* inside every domain used below */
}

typedef void (*un_fn)(double *, const double *, unsigned);
typedef void (*bin_fn)(double *, const double *, const double *, unsigned);

static void check_unary(const char *name, un_fn f)
{
    double a[N + 1], b[N + 1];
    fill(a, 1.0);
    f(b, a, N);
    f(a, a, N);
    for (unsigned k = 0; k <= N; k++)
        cr_expect(same_double(a[k], b[k]), "%s aliasing differs at k=%u", name, k);
}

static void check_binary(const char *name, bin_fn f)
{
    double a[N + 1], b[N + 1], c[N + 1], r[N + 1];
    fill(a, 1.0);
    fill(b, 2.0);
    f(r, a, b, N);
    memcpy(c, a, sizeof a);
    f(c, c, b, N); /* result over the first operand */
    for (unsigned k = 0; k <= N; k++)
        cr_expect(same_double(c[k], r[k]), "%s r=a differs at k=%u", name, k);
    memcpy(c, b, sizeof b);
    f(c, a, c, N); /* result over the second operand */
    for (unsigned k = 0; k <= N; k++)
        cr_expect(same_double(c[k], r[k]), "%s r=b differs at k=%u", name, k);
    f(r, a, a, N);
    memcpy(c, a, sizeof a);
    f(c, c, c, N); /* all three the same */
    for (unsigned k = 0; k <= N; k++)
        cr_expect(same_double(c[k], r[k]), "%s r=a=b differs at k=%u", name, k);
}

Test(aliasing, unary_kernels)
{
    check_unary("neg", dni_neg);
    check_unary("exp", t1_exp);
    check_unary("expm1", t1_expm1);
    check_unary("log", t1_log);
    check_unary("log1p", t1_log1p);
    check_unary("sqrt", t1_sqrt);
    check_unary("cbrt", t1_cbrt);
    check_unary("sin", t1_sin);
    check_unary("cos", t1_cos);
    check_unary("tan", t1_tan);
    check_unary("asin", t1_asin);
    check_unary("acos", t1_acos);
    check_unary("atan", t1_atan);
    check_unary("sinh", t1_sinh);
    check_unary("cosh", t1_cosh);
    check_unary("tanh", t1_tanh);
    check_unary("asinh", t1_asinh);
    check_unary("atanh", t1_atanh);
    check_unary("erf", t1_erf);
    check_unary("erfc", t1_erfc);
    check_unary("abs", dni_abs);
}

static void acosh_shifted(double *r, const double *u, unsigned n)
{
    double v[N + 1];
    memcpy(v, u, sizeof v);
    v[0] += 1.0; /* acosh needs u0 > 1 */
    t1_acosh(r, v, n);
}

static void pow_d_k(double *r, const double *u, unsigned n) { t1_pow_d(r, u, 2.5, n); }
static void pown_k(double *r, const double *u, unsigned n) { t1_pown(r, u, -3, n); }

Test(aliasing, unary_with_parameters)
{
    check_unary("acosh", acosh_shifted);
    check_unary("pow_d", pow_d_k);
    check_unary("pown", pown_k);
}

Test(aliasing, binary_kernels)
{
    check_binary("add", dni_add);
    check_binary("sub", dni_sub);
    check_binary("mul", t1_mul);
    check_binary("div", t1_div);
    check_binary("pow", t1_pow);
    check_binary("atan2", t1_atan2);
    check_binary("hypot", t1_hypot);
}

Test(aliasing, sincos_outputs_over_input)
{
    double a[N + 1], s[N + 1], c[N + 1], s2[N + 1];
    fill(a, 1.0);
    t1_sincos(s, c, a, N);
    t1_sincos(a, s2, a, N); /* sine over the input */
    for (unsigned k = 0; k <= N; k++) cr_expect(same_double(a[k], s[k]) && same_double(s2[k], c[k]));
}
