/* Differential libFuzzer target: the input is a point (8 raw bytes: any double, also NaN,
 * Inf, subnormals, huge and tiny) and a small stack program (one byte per instruction)
 * that builds a random expression tree of arithmetic and elementary functions. The same
 * tree is evaluated on the three families through their own APIs:
 *   Dnum (dnum_o6), Dvec (order 6), Dnum2 (dnum2_o6, a function of x alone).
 * Failures: any crash or sanitizer report; Dvec differing from Dnum in any bit; a value
 * (order 0) differing between the families; a partial in the absent variable y that is
 * not exactly 0 while every derivative is finite.
 * Build and run with tools/fuzz.sh (which runs every target). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <dnum/dnum.h>

#define N 6
#define DEPTH 8

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
    dnum_o6 f[DEPTH];
    dvec v[DEPTH];
    dnum2_o6 b[DEPTH];
    int sp;
} machine;

static int same(double a, double b) { return a == b || (a != a && b != b); }

static void check(int ok)
{
    if (!ok) abort();
}

/* unary function number op (mod 22) on the top of the stack */
static void unary(machine *m, unsigned op)
{
    int t = m->sp - 1;
    dnum_o6 *f = &m->f[t];
    dvec *v = &m->v[t];
    dnum2_o6 *b = &m->b[t];
    int st;
#define U(name)                                                                            \
    *f = dnum_o6_##name(*f), st = dvec_##name(v, v), *b = dnum2_o6_##name(*b);             \
    break
    switch (op % 22) {
    case 0: U(exp); case 1: U(expm1); case 2: U(log); case 3: U(log1p); case 4: U(sqrt);
    case 5: U(cbrt); case 6: U(sin); case 7: U(cos); case 8: U(tan); case 9: U(asin);
    case 10: U(acos); case 11: U(atan); case 12: U(sinh); case 13: U(cosh); case 14: U(tanh);
    case 15: U(asinh); case 16: U(acosh); case 17: U(atanh); case 18: U(erf); case 19: U(erfc);
    case 20: U(abs);
    default: U(neg);
    }
#undef U
    check(st == 0);
}

/* binary operation number op (mod 8) on the two top entries */
static void binary(machine *m, unsigned op)
{
    int t = m->sp - 2;
    dnum_o6 *f = &m->f[t], g = m->f[t + 1];
    dvec *v = &m->v[t], *w = &m->v[t + 1];
    dnum2_o6 *b = &m->b[t], c = m->b[t + 1];
    int st;
#define B(name)                                                                            \
    *f = dnum_o6_##name(*f, g), st = dvec_##name(v, v, w), *b = dnum2_o6_##name(*b, c);     \
    break
    switch (op % 7) {
    case 0: B(add); case 1: B(sub); case 2: B(mul); case 3: B(div); case 4: B(pow);
    case 5: B(atan2);
    default: B(hypot);
    }
#undef B
    check(st == 0);
    m->sp--;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 8) return 0;
    double x0;
    memcpy(&x0, data, 8);
    machine m;
    m.sp = 0;
    for (int i = 0; i < DEPTH; i++)
        if (dvec_init(&m.v[i], N)) abort();
    for (size_t i = 8; i < size && i < 8 + 48; i++) {
        unsigned byte = data[i], kind = byte >> 6, arg = byte & 63;
        if (kind <= 1 && m.sp < DEPTH) { /* push x, or a constant arg/8 - 4 */
            int t = m.sp++;
            if (kind == 0) {
                m.f[t] = dnum_o6_var(x0), dvec_set_var(&m.v[t], x0);
                m.b[t] = dnum2_o6_varx(x0, 0.5);
            } else {
                double c = arg / 8.0 - 4.0;
                m.f[t] = dnum_o6_const(c), dvec_set_const(&m.v[t], c);
                m.b[t] = dnum2_o6_const(c);
            }
        } else if (kind == 2 && m.sp >= 1) {
            unary(&m, arg);
        } else if (kind == 3 && m.sp >= 2) {
            binary(&m, arg);
        }
    }
    for (int t = 0; t < m.sp; t++) {
        int finite = 1;
        for (unsigned k = 0; k <= N; k++) {
            check(same(dvec_get(&m.v[t], k), m.f[t].d[k])); /* Dvec == Dnum, every bit */
            finite &= m.f[t].d[k] - m.f[t].d[k] == 0.0;
        }
        check(same(dnum2_o6_deriv(m.b[t], 0, 0), m.f[t].d[0])); /* one value */
        if (finite) /* d/dy of a function of x alone */
            for (unsigned i = 0; i < N; i++)
                for (unsigned j = 1; i + j <= N; j++) check(dnum2_o6_deriv(m.b[t], i, j) == 0.0);
    }
    for (int i = 0; i < DEPTH; i++) dvec_clear(&m.v[i]);
    return 0;
}
