/* The expression evaluator specialised for the orders 1..8 (DNI_EXPR_SPECIALISED).
 *
 * For each order N and each operation there is one small function running that kernel
 * with the constant order N (inlined and unrolled, exactly as in the dnum_oN functions);
 * the program then runs as one indirect call per instruction through the order's table.
 * (One big switch per order was tried: GCC's growth limits then leave the kernels out of
 * line with a run-time order, 2.3x slower than dnum_o8 at order 8; forcing them inline
 * with flatten took 9 minutes to compile. All 32 orders took 100 s and 8 MB of code.
 * Orders 9..16 run the run-time-order evaluator on the constant-order kernels that
 * src/dvec_kernels.c compiles anyway, one indirect call per O(N^2) operation as here;
 * orders 9..12 were specialised here before, at 6 s of compile time for the same speed;
 * orders 17 and up run the rolled kernels, which cost little next to their O(N^2) work.) */
#include <string.h>
#include "dnum/internal/kernel.h"
#include "../expr_impl.h"

/* This file compiles the orders of DNI_EXPR_SPECIALISED_LO and the dispatcher;
 * fixed_hi.c includes it for the orders of DNI_EXPR_SPECIALISED_HI. */
#ifndef DNI_EXPR_ORDERS
#define DNI_EXPR_ORDERS DNI_EXPR_SPECIALISED_LO
#define DNI_EXPR_RUN dni_expr_run_fixed
#define DNI_EXPR_OTHERS(e, w, n) dni_expr_run_fixed_hi(e, w, n)
#define DNI_EXPR_TABLES dni_expr_ops_lo
#endif

#if defined(__GNUC__) && !defined(__clang__)
/* the same GCC 12 false positive as in src/inlines.c (exp recurrence) */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#if defined(__GNUC__) || defined(__clang__)
#define DNI_EXPR_FLATTEN __attribute__((flatten))
#else
#define DNI_EXPR_FLATTEN
#endif

/* op_<OP>_<N>: one operation at order N, BODY its kernel's call. */
#define DNI_EXPR_OPDEF(N, OP, BODY)                                                        \
    static DNI_EXPR_FLATTEN void op_##OP##_##N(double *d, const double *a,                 \
                                               const double *b, double c)                  \
    {                                                                                      \
        (void)a;                                                                           \
        (void)b;                                                                           \
        (void)c;                                                                           \
        double ws[DNI_W_MAX(N)];                                                           \
        dni_wide ww[DNI_WW_MAX(N)];                                                        \
        (void)ws;                                                                          \
        (void)ww;                                                                          \
        BODY;                                                                              \
    }
/* the arithmetic (the switch folds to one case); a product of a register with itself
 * (x*x, Dvec's dvec_mul(r, x, x)) calls sqr_N, the same kernel with both operands named a
 * (DNI_SQUARE_ATTR and DNI_SQUARE_NOSLP, expr_impl.h), at order 8: below, the call costs
 * what the shared multiplies save (dn_expr_eval of exp(-x^2) at order 4: 7% slower) */
#define DNI_EXPR_SQR(N)                                                                    \
    static DNI_SQUARE_ATTR DNI_SQUARE_NOSLP void sqr_##N(double *d, const double *a)       \
    {                                                                                      \
        double ws[DNI_W_mul(N)];                                                           \
        dni_mul_w(d, a, a, N, ws);                                                         \
    }
#define DNI_EXPR_OPFN(N, f, OP, ...)                                                       \
    DNI_EXPR_OPDEF(N, OP, {                                                                \
        if (DN_OP_##OP == DN_OP_MUL && (N) >= 8 && a == b) sqr_##N(d, a);                  \
        else {                                                                             \
            DNI_EXPR_EXEC(dni_, DN_OP_##OP, d, a, b, c, N, ws, DNI_EXPR_COMMA ww)          \
        }                                                                                  \
    })
/* the elementary functions of the operation table, one and two arguments */
#define DNI_EXPR_OPFN1(N, f, OP, shape, ...)                                               \
    DNI_EXPR_OPDEF(                                                                        \
        N, OP,                                                                             \
        DNI_EXPR_CALL(DNI_EXPR_U_##shape, f, dni_, d, a, b, c, N, ws, DNI_EXPR_COMMA ww))
#define DNI_EXPR_OPFN2(N, f, OP, shape, ...)                                               \
    DNI_EXPR_OPDEF(                                                                        \
        N, OP,                                                                             \
        DNI_EXPR_CALL(DNI_EXPR_B_##shape, f, dni_, d, a, b, c, N, ws, DNI_EXPR_COMMA ww))
/* op_<OP>_<N> of a special function: its rolled kernel at order N (their own work,
 * series and recurrences of the value, dominates; unrolled they took half of this file's
 * compile time). */
#define DNI_EXPR_OPROLLED(N, f, OP, ...)                                                   \
    static void op_##OP##_##N(double *d, const double *a, const double *b, double c)       \
    {                                                                                      \
        dni_expr_exec(DN_OP_##OP, d, a, b, c, N);                                          \
    }
#define DNI_EXPR_OPREF(N, f, OP, ...) op_##OP##_##N,

/* ops_N: the table of order N; run_N: the program at order N. */
#define DNI_EXPR_FIXED(N)                                                                  \
    DNI_EXPR_SQR(N)                                                                        \
    DNI_EXPR_OP_ARITH(DNI_EXPR_OPFN, N)                                                    \
    DNI_OPS_ELEM2(DNI_EXPR_OPFN2, N)                                                       \
    DNI_OPS_ELEM1(DNI_EXPR_OPFN1, N)                                                       \
    DNI_EXPR_OP_LIST_SPECIAL(DNI_EXPR_OPROLLED, N)                                         \
    static const dn_op_fn ops_##N[DN_OP_COUNT] = {DNI_EXPR_OP_LIST(DNI_EXPR_OPREF, N)};    \
    static void run_##N(const dn_expr *e, double *w)                                       \
    {                                                                                      \
        for (const dn_expr_ins *i = e->ins, *end = i + e->nins; i != end; i++)             \
            ops_##N[i->op](w + i->dst * ((N) + 1), w + i->a * ((N) + 1),                   \
                           w + i->b * ((N) + 1), i->c);                                    \
    }
DNI_EXPR_ORDERS(DNI_EXPR_FIXED)

/* the tables, for Dvec (expr_impl.h, dni_expr_ops) */
#define DNI_EXPR_TABREF(N) ops_##N,
const dn_op_fn *const DNI_EXPR_TABLES[] = {DNI_EXPR_ORDERS(DNI_EXPR_TABREF)};

#define DNI_EXPR_CASE(N)                                                                   \
    case N: run_##N(e, w); return 1;

int DNI_EXPR_RUN(const dn_expr *e, double *w, unsigned n)
{
    switch (n) {
        DNI_EXPR_ORDERS(DNI_EXPR_CASE)
    default: return DNI_EXPR_OTHERS(e, w, n);
    }
}
