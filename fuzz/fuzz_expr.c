/* libFuzzer target for the expression parser (dnum/expr.h): any byte string is parsed
 * with the variables x and y; an expression that parses is evaluated at a small order on
 * raw arrays (specialised and run-time paths, and orders 171..199, where the registers
 * carry exponents), on Dvec, on the bivariate layout and on the Dnumk layout, and its
 * Taylor coefficients. Crashes, hangs, leaks and sanitizer reports are the failures, and
 * Dvec differing from the raw arrays, or a coefficient times k! differing from a finite
 * derivative. Build and run:
 * tools/fuzz.sh [SECONDS]. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <dnum/expr.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const vars[] = {"x", "y"};
    char *src = malloc(size + 1);
    if (!src) return 0;
    memcpy(src, data, size);
    src[size] = '\0';
    dn_expr_error err;
    dn_expr *e = dn_expr_parse(src, vars, 2, &err);
    if (!e) {
        /* an error must name itself, and a column within the source (+1 for the end) */
        if (err.code >= 0 || !err.msg[0] || err.column > strlen(src) + 1) abort();
        free(src);
        return 0;
    }
    /* 0..39: specialised and run-time orders; 171..199: above the factorial tables */
    unsigned n = size ? data[0] % 48 : 3;
    if (n >= 40) n = 171 + (n - 40) * 4;
    size_t len = n + 1;
    double *w = malloc(dn_expr_work_size(e, n) * sizeof(double));
    double *args = calloc(2 * len, sizeof(double)), *out = malloc(len * sizeof(double));
    args[0] = 0.375;
    args[len] = -1.25;
    if (n) args[1] = 1.0;
    if (dn_expr_eval(e, n, args, out, w)) abort();
    /* Dvec: same numbers */
    dvec x, y, r;
    if (dvec_init(&x, n) == 0 && dvec_init(&y, n) == 0 && dvec_init(&r, 0) == 0) {
        dvec_set_derivs(&x, args, n);
        dvec_set_derivs(&y, args + len, n);
        const dvec *dargs[2] = {&x, &y};
        if (dn_expr_eval_dvec(e, &r, dargs, w) == 0)
            for (unsigned k = 0; k <= n; k++) {
                double a = dvec_get(&r, k), b = out[k];
                if (!(a == b || (a != a && b != b))) abort();
            }
        dvec_clear(&x);
        dvec_clear(&y);
        dvec_clear(&r);
    }
    /* Taylor coefficients: c_k k! is the derivative wherever both are normal doubles (far
     * from the underflow threshold: c_k = d_k/k! underflows where d_k does not) */
    double *co = malloc(len * sizeof(double));
    if (dn_expr_eval_coeffs(e, n, args, co, w)) abort();
    long double f = 1.0L;
    for (unsigned k = 0; k <= n; k++) {
        if (k) f *= k;
        double d = out[k];
        if (d == d && fabs(d) >= 0x1p-1000 && fabs(d) <= 0x1p1000 && fabs(co[k]) >= 0x1p-1000 &&
            fabsl(co[k] * f - d) > 1e-13L * fabsl((long double)d))
            abort();
    }
    free(co);
    /* bivariate, total order 3 */
    double t[2 * 10] = {0.375, 1.0, 0, 0, 0, 0, 0, 0, 0, 0, -1.25, 0, 1.0}, o2[10];
    double *w2 = malloc(dn_expr_work_size2(e, 3) * sizeof(double));
    if (dn_expr_eval2(e, 3, t, o2, w2)) abort();
    free(w2);
    /* three variables (x, y and a third the formula does not use), total order 3: the
     * Dnumk layout, 20 entries (fuzz_diff compares the numbers of the families) */
    double tk[2 * 20] = {0.375, 1.0, 0, 0}, ok[20];
    tk[20] = -1.25, tk[22] = 1.0;
    double *wk = malloc(dn_expr_work_sizek(e, 3, 3) * sizeof(double));
    if (!wk || dn_expr_evalk(e, 3, 3, tk, ok, wk)) abort();
    free(wk);
    free(w);
    free(args);
    free(out);
    free(src);
    dn_expr_free(e);
    return 0;
}
