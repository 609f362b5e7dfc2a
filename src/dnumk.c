/* The run-time front end of the multivariate family (dnk_space, dnk_*): checks the
 * arguments, runs the kernels of dnum/internal/kernelk.h (their one compiled copy, beside
 * the k-variate dispatcher in dispatch/stepk.c) into the space's scratch result and copies
 * it out, so any output may alias any input. */
#define DN_NO_UNROLL
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dnum/dnumk.h"
#include "expr_impl.h" /* special functions: one instruction of the k-variate evaluator */

size_t dnk_size(unsigned k, unsigned n)
{
    if (k == 0 || k > DNK_VARS_MAX || n > DNK_ORDER_MAX) return 0;
    size_t s = dnik_size(k, n); /* <= C(42, 10) < 2^31: no overflow */
    return s <= DNK_SIZE_MAX ? s : 0;
}

size_t dnk_index(unsigned k, const unsigned *alpha)
{
    return dnik_index(k, alpha);
}

int dnk_space_init_alloc(dnk_space *sp, unsigned k, unsigned n, const dn_allocator *al)
{
    if (!sp || k == 0) return DN_EINVAL;
    size_t s = dnk_size(k, n);
    if (s == 0) return DN_ERANGE;
    size_t bytes = (DNIK_WORK(s) + s) * sizeof(double);
    double *w = al ? al->alloc(bytes, al->ctx) : malloc(bytes);
    if (!w) return DN_ENOMEM;
    sp->k = k, sp->n = n, sp->size = s, sp->work = w, sp->al = al;
    return DN_OK;
}

int dnk_space_init(dnk_space *sp, unsigned k, unsigned n)
{
    return dnk_space_init_alloc(sp, k, n, NULL);
}

void dnk_space_clear(dnk_space *sp)
{
    if (!sp || !sp->work) return;
    size_t bytes = (DNIK_WORK(sp->size) + sp->size) * sizeof(double);
    if (sp->al) sp->al->free(sp->work, bytes, sp->al->ctx);
    else free(sp->work);
    memset(sp, 0, sizeof *sp);
}

static int bad(const dnk_space *sp)
{
    return !sp || !sp->work;
}

/* the scratch result; copied to r when complete */
static double *res(dnk_space *sp)
{
    return sp->work + DNIK_WORK(sp->size);
}

static int done(dnk_space *sp, double *r)
{
    memcpy(r, res(sp), sp->size * sizeof(double));
    return DN_OK;
}

/* 1 if alpha is a multi-index of total order <= n */
static int inrange(const dnk_space *sp, const unsigned *alpha)
{
    unsigned s = 0;
    for (unsigned i = 0; i < sp->k; i++) {
        if (alpha[i] > sp->n) return 0;
        s += alpha[i];
    }
    return s <= sp->n;
}

int dnk_set_var(dnk_space *sp, double *r, unsigned i, double x)
{
    if (bad(sp) || !r || i >= sp->k) return DN_EINVAL;
    dnik_set_var(r, i, x, sp->k, sp->n);
    return DN_OK;
}

int dnk_set_const(dnk_space *sp, double *r, double c)
{
    if (bad(sp) || !r) return DN_EINVAL;
    dni_set_const(r, c, (unsigned)sp->size - 1);
    return DN_OK;
}

double dnk_coeff(const dnk_space *sp, const double *a, const unsigned *alpha)
{
    if (bad(sp) || !a || !alpha || !inrange(sp, alpha)) return NAN;
    return a[dnik_index(sp->k, alpha)];
}

double dnk_deriv(const dnk_space *sp, const double *a, const unsigned *alpha)
{
    return dnk_coeff(sp, a, alpha) * (bad(sp) || !alpha ? 1.0 : dnik_afact(sp->k, alpha));
}

int dnk_set_coeff(dnk_space *sp, double *a, const unsigned *alpha, double v)
{
    if (bad(sp) || !a || !alpha) return DN_EINVAL;
    if (!inrange(sp, alpha)) return DN_ERANGE;
    a[dnik_index(sp->k, alpha)] = v;
    return DN_OK;
}

int dnk_set_deriv(dnk_space *sp, double *a, const unsigned *alpha, double v)
{
    if (bad(sp) || !a || !alpha) return DN_EINVAL;
    return dnk_set_coeff(sp, a, alpha, v / dnik_afact(sp->k, alpha));
}

int dnk_get_derivs(dnk_space *sp, double *d, const double *a)
{
    if (bad(sp) || !d || !a) return DN_EINVAL;
    unsigned al[DNK_VARS_MAX] = {0};
    for (size_t e = 0; e < sp->size; e++, dnik_next(sp->k, al))
        d[e] = a[e] * dnik_afact(sp->k, al);
    return DN_OK;
}

int dnk_grad(dnk_space *sp, double *g, const double *a)
{
    if (bad(sp) || !g || !a) return DN_EINVAL;
    for (unsigned i = 0; i < sp->k; i++) g[i] = sp->n >= 1 ? a[1 + i] : NAN;
    return DN_OK;
}

int dnk_hess(dnk_space *sp, double *H, const double *a)
{
    if (bad(sp) || !H || !a) return DN_EINVAL;
    if (sp->n < 2) return DN_EORDER;
    dnik_hess(H, a, sp->k, sp->n);
    return DN_OK;
}

int dnk_tensor(dnk_space *sp, double *t, const double *a, unsigned m)
{
    if (bad(sp) || !t || !a) return DN_EINVAL;
    return dnik_tensor(t, a, m, sp->k, sp->n);
}

#define CHECK1(r, a)                                                                       \
    if (bad(sp) || !(r) || !(a)) return DN_EINVAL
#define CHECK2(r, a, b)                                                                    \
    if (bad(sp) || !(r) || !(a) || !(b)) return DN_EINVAL

#define FLAT2(name, call)                                                                  \
    int dnk_##name(dnk_space *sp, double *r, const double *a, const double *b)             \
    {                                                                                      \
        CHECK2(r, a, b);                                                                   \
        call;                                                                              \
        return DN_OK;                                                                      \
    }
FLAT2(add, dni_add(r, a, b, (unsigned)sp->size - 1))
FLAT2(sub, dni_sub(r, a, b, (unsigned)sp->size - 1))

#define FLAT_D(name, call)                                                                 \
    int dnk_##name(dnk_space *sp, double *r, const double *a, double c)                    \
    {                                                                                      \
        CHECK1(r, a);                                                                      \
        call;                                                                              \
        return DN_OK;                                                                      \
    }
FLAT_D(add_d, dni_add_d(r, a, c, (unsigned)sp->size - 1))
FLAT_D(sub_d, dni_add_d(r, a, -c, (unsigned)sp->size - 1))
FLAT_D(mul_d, dni_mul_d(r, a, c, (unsigned)sp->size - 1))
FLAT_D(div_d, double a0 = a[0]; dni_mul_d(r, a, 1.0 / c, (unsigned)sp->size - 1);
       r[0] = a0 / c)

int dnk_neg(dnk_space *sp, double *r, const double *a)
{
    CHECK1(r, a);
    dni_neg(r, a, (unsigned)sp->size - 1);
    return DN_OK;
}

int dnk_d_sub(dnk_space *sp, double *r, double c, const double *a)
{
    CHECK1(r, a);
    double a0 = a[0];
    dni_neg(r, a, (unsigned)sp->size - 1);
    r[0] = c - a0;
    return DN_OK;
}

/* One operation as the expression evaluator runs it on Dnumk numbers (src/expr_evalk.c,
 * the one copy of the k-variate kernels' dispatch): r = op(a, b, c); c is the constant
 * operand (pow_d's p, d_div's c) or the integer first argument (DNI_OPS_INT rows). The
 * special functions: the one-variable kernel's derivatives at u_0 composed with u, the
 * piecewise ones on the flat array. */
static int step(dnk_space *sp, double *r, unsigned op, double c, const double *a,
                const double *b)
{
    if (bad(sp) || !r || !a || !b) return DN_EINVAL;
    dni_expr_stepk(op, res(sp), a, b, c, sp->k, sp->n, sp->work);
    return done(sp, r);
}

int dnk_d_div(dnk_space *sp, double *r, double c, const double *a)
{
    return step(sp, r, DN_OP_D_DIV, c, a, a);
}

#define BIN(name, OP)                                                                      \
    int dnk_##name(dnk_space *sp, double *r, const double *a, const double *b)             \
    {                                                                                      \
        return step(sp, r, DN_OP_##OP, 0.0, a, b);                                         \
    }
#define BINT(A, f, OP, ...) BIN(f, OP)
BIN(mul, MUL)
BIN(div, DIV)
DNI_OPS_BINARY(BINT, ~)

#define UN(name, OP)                                                                       \
    int dnk_##name(dnk_space *sp, double *r, const double *u)                              \
    {                                                                                      \
        return step(sp, r, DN_OP_##OP, 0.0, u, u);                                         \
    }
#define UNT(A, f, OP, ...) UN(f, OP)
DNI_OPS_UNARY(UNT, ~)

int dnk_pow_d(dnk_space *sp, double *r, const double *u, double p)
{
    return step(sp, r, DN_OP_POW_D, p, u, u);
}

#define SPI(A, name, OP, ...)                                                              \
    int dnk_##name(dnk_space *sp, double *r, int m, const double *u)                       \
    {                                                                                      \
        return step(sp, r, DN_OP_##OP, (double)m, u, u);                                   \
    }
DNI_OPS_INT(SPI, ~)

int dnk_pown(dnk_space *sp, double *r, const double *u, long m)
{
    CHECK1(r, u);
    dni_stepk_pown(res(sp), u, m, sp->k, sp->n, sp->work);
    return done(sp, r);
}

int dnk_apply(dnk_space *sp, double *r, const double *u, dn_deriv_fn h, void *ctx)
{
    CHECK2(r, u, h);
    dni_stepk_apply(res(sp), u, h, ctx, sp->k, sp->n, sp->work);
    return done(sp, r);
}

/* s and c: the second result is built in the last slot of the workspace, the first in res;
 * the kernel's scratch is the first five slots */
#define PAIR(name)                                                                         \
    int dnk_##name(dnk_space *sp, double *s, double *c, const double *u)                   \
    {                                                                                      \
        if (bad(sp) || !s || !c || !u || s == c) return DN_EINVAL;                         \
        double *c2 = sp->work + 5 * sp->size;                                              \
        dni_stepk_##name(res(sp), c2, u, sp->k, sp->n, sp->work);                          \
        memcpy(c, c2, sp->size * sizeof(double));                                          \
        return done(sp, s);                                                                \
    }
PAIR(sincos)
PAIR(sinhcosh)
