/* The kernel table of the Dvec family: the O(N^2) kernels instantiated for constant
 * orders up to DVEC_CONST_MAX (see dvec_impl.h), unrolled where GCC inlines them. */
/* the kernels inlined where GCC chooses, not forced (DNI_KINLINE, kernel.h): forced, this
 * table of every kernel took 3.3x the code and twice the compile time */
#define DNI_KINLINE_FREE
#include "dnum/internal/kernel.h"
#include "dvec_impl.h"
#include "expr_impl.h" /* DNI_SQUARE_ATTR */

/* scratch: fixed-size arrays of the constant order (ws doubles, ww wide numbers) */
#define WS(f, N) double ws[DNI_W_##f(N)]
#define WW(f, N)                                                                           \
    double ws[DNI_W_##f(N)];                                                               \
    dni_wide ww[DNI_WW_##f(N)]
#define K1(N, f)                                                                           \
    static void f##_##N(double *r, const double *u)                                        \
    {                                                                                      \
        WS(f, N);                                                                          \
        dni_##f##_w(r, u, N, ws);                                                          \
    }
#define K1W(N, f)                                                                          \
    static void f##_##N(double *r, const double *u)                                        \
    {                                                                                      \
        WW(f, N);                                                                          \
        dni_##f##_w(r, u, N, ws, ww);                                                      \
    }
#define K2(N, f)                                                                           \
    static void f##_##N(double *r, const double *a, const double *b)                       \
    {                                                                                      \
        WS(f, N);                                                                          \
        dni_##f##_w(r, a, b, N, ws);                                                       \
    }
#define K2W(N, f)                                                                          \
    static void f##_##N(double *r, const double *a, const double *b)                       \
    {                                                                                      \
        WW(f, N);                                                                          \
        dni_##f##_w(r, a, b, N, ws, ww);                                                   \
    }
/* the product inlined whole: GCC leaves the Leibniz loops out of line, rolled with a
 * run-time order (Dvec W1 at order 16: 1.13x); a square (a == b) in a function of its own
 * with both operands named a (DNI_SQUARE_ATTR, expr_impl.h) */
#if defined(__GNUC__) || defined(__clang__)
#define K2F_ATTR __attribute__((flatten))
#else
#define K2F_ATTR
#endif
#define K2F(N, f)                                                                          \
    static DNI_SQUARE_ATTR void sqr_##N(double *r, const double *a)                        \
    {                                                                                      \
        WS(f, N);                                                                          \
        dni_##f##_w(r, a, a, N, ws);                                                       \
    }                                                                                      \
    static K2F_ATTR void f##_##N(double *r, const double *a, const double *b)              \
    {                                                                                      \
        WS(f, N);                                                                          \
        if (a == b) sqr_##N(r, a);                                                         \
        else dni_##f##_w(r, a, b, N, ws);                                                  \
    }
/* the quotient inlined whole as well: left to GCC's unit-growth limits, its inlining came
 * and went with the size of this file (Dvec W2 at order 16: 1.1x when dni_tdiv stayed out
 * of line with a run-time order) */
#define K2FD(N, f)                                                                         \
    static K2F_ATTR void f##_##N(double *r, const double *a, const double *b)              \
    {                                                                                      \
        WS(f, N);                                                                          \
        dni_##f##_w(r, a, b, N, ws);                                                       \
    }
#define KP(N, f)                                                                           \
    static void f##_##N(double *s, double *c, const double *u)                             \
    {                                                                                      \
        WS(f, N);                                                                          \
        dni_##f##_w(s, c, u, N, ws);                                                       \
    }

/* the elementary rows of the operation table (the fields of dvec_ktab, dvec_impl.h), by
 * the shape of their scratch; abs (DNI_NOWS) has none */
#define K1_ROW(N, f, OP, shape, ...) K1_##shape(N, f)
#define K1_DNI_NOWS(N, f)
#define K1_DNI_WS K1
#define K1_DNI_WSW K1W
#define K2_ROW(N, f, OP, shape, ...) K2_##shape(N, f)
#define K2_DNI_WS K2
#define K2_DNI_WSW K2W

/* pown (its exponent a long) and the pairs at every order 0..DVEC_CONST_MAX; the other
 * kernels at the orders without an order-specialised expression program (0 and 9..16:
 * at 1..8 Dvec runs the programs' operations, dispatch/fixed.c) */
#define PAIRS(N)                                                                           \
    static void pown_##N(double *r, const double *u, long m)                               \
    {                                                                                      \
        WW(pown, N);                                                                       \
        dni_pown_w(r, u, m, N, ws, ww);                                                    \
    }                                                                                      \
    KP(N, sincos) KP(N, sinhcosh)
#define ORDER(N)                                                                           \
    PAIRS(N)                                                                               \
    static void d_div_##N(double *r, double c, const double *u)                            \
    {                                                                                      \
        WS(d_div, N);                                                                      \
        dni_d_div_w(r, c, u, N, ws);                                                       \
    }                                                                                      \
    static void pow_d_##N(double *r, const double *u, double p)                            \
    {                                                                                      \
        WW(pow_d, N);                                                                      \
        dni_pow_d_w(r, u, p, N, ws, ww);                                                   \
    }                                                                                      \
    DNI_OPS_ELEM1(K1_ROW, N)                                                               \
    K2F(N, mul) K2FD(N, div) DNI_OPS_ELEM2(K2_ROW, N)

/* clang-format off */
ORDER(0) PAIRS(1) PAIRS(2) PAIRS(3) PAIRS(4) PAIRS(5) PAIRS(6) PAIRS(7) PAIRS(8)
ORDER(9) ORDER(10) ORDER(11) ORDER(12) ORDER(13) ORDER(14) ORDER(15) ORDER(16)
/* clang-format on */

#define F(f, N) .f = f##_##N,
#define ENTRY_PAIRS(N) {F(sincos, N) F(sinhcosh, N) F(pown, N)},
#define F_ROW(N, f, OP, shape, ...) F_##shape(f, N)
#define F_DNI_NOWS(f, N)
#define F_DNI_WS F
#define F_DNI_WSW F
/* clang-format off */
#define ENTRY(N)                                                                           \
    {DNI_OPS_ELEM1(F_ROW, N) F(mul, N) F(div, N) DNI_OPS_ELEM2(F_ROW, N) F(sincos, N)      \
     F(sinhcosh, N) F(d_div, N) F(pow_d, N) F(pown, N)},

const dvec_ktab dni_dvec_k[DVEC_CONST_MAX + 1] = {
    ENTRY(0) ENTRY_PAIRS(1) ENTRY_PAIRS(2) ENTRY_PAIRS(3) ENTRY_PAIRS(4) ENTRY_PAIRS(5)
    ENTRY_PAIRS(6) ENTRY_PAIRS(7) ENTRY_PAIRS(8)
    ENTRY(9) ENTRY(10) ENTRY(11) ENTRY(12) ENTRY(13) ENTRY(14) ENTRY(15) ENTRY(16)
};
/* clang-format on */
