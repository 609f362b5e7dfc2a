/* Internal to the expression module: the compiled form shared by src/expr_parse.c (which
 * builds it), the evaluators (src/expr_eval*.c, which run it) and the dispatch layer of
 * one instruction (src/dispatch/).
 *
 * A program is a flat array of instructions in evaluation order over registers of
 * (n + 1) doubles each (a register holds one dual number). Registers 0 .. nvars-1 are the
 * variables (filled by the evaluator, never written by the program); the others are
 * temporaries allocated as a stack by the parser, so a program for a formula of nesting
 * depth d needs O(d) registers. The result is register `result`. */
#ifndef DNUM_EXPR_IMPL_H
#define DNUM_EXPR_IMPL_H

#include <math.h>
#include "dnum/expr.h"
#include "dnum/internal/ops.h"

/* clang-format off */
enum {
    DN_OP_CONST, /* dst = c */
    DN_OP_ADD, DN_OP_SUB, DN_OP_MUL, DN_OP_DIV, /* dst = a op b */
    DN_OP_NEG,   /* dst = -a */
    DN_OP_ADD_D, /* dst = a + c (a - c is a + (-c)) */
    DN_OP_MUL_D, /* dst = a * c */
    DN_OP_DIV_D, /* dst = a / c */
    DN_OP_D_SUB, /* dst = c - a */
    DN_OP_D_DIV, /* dst = c / a */
    DN_OP_POWN,  /* dst = a^m, m = (long)c an integer */
    DN_OP_POW_D, /* dst = a^c, c not an integer */
    /* the functions of the operation table (dnum/internal/ops.h), in its order */
#define DNI_OP_ENUM(A, f, OP, ...) DN_OP_##OP,
    DNI_OPS_ALL(DNI_OP_ENUM, ~)
#undef DNI_OP_ENUM
    DN_OP_COUNT
};

/* Every operation, in enum order (the order-specialised evaluators build a table of one
 * function per operation from it), as X(N, f, OP, shape, doc): the elementary ones (unrolled at each
 * specialised order) and the special functions (their rolled kernels: dni_expr_exec). */
#define DNI_EXPR_OP_LIST(X, N) DNI_EXPR_OP_LIST_ELEM(X, N) DNI_EXPR_OP_LIST_SPECIAL(X, N)
#define DNI_EXPR_OP_LIST_ELEM(X, N)                                                        \
    DNI_EXPR_OP_ARITH(X, N) DNI_OPS_ELEM2(X, N) DNI_OPS_ELEM1(X, N)
#define DNI_EXPR_OP_ARITH(X, N)                                                            \
    X(N, set_const, CONST, DNI_NOWS, "c") X(N, add, ADD, DNI_NOWS, "a + b")                \
    X(N, sub, SUB, DNI_NOWS, "a - b") X(N, mul, MUL, DNI_WS, "a b") X(N, div, DIV, DNI_WS, "a / b") \
    X(N, neg, NEG, DNI_NOWS, "-a") X(N, add_d, ADD_D, DNI_NOWS, "a + c")                   \
    X(N, mul_d, MUL_D, DNI_NOWS, "a c") X(N, div_d, DIV_D, DNI_NOWS, "a / c")              \
    X(N, d_sub, D_SUB, DNI_NOWS, "c - a") X(N, d_div, D_DIV, DNI_WS, "c / a")              \
    X(N, pown, POWN, DNI_WSW, "a^m") X(N, pow_d, POW_D, DNI_WSW, "a^c")
#define DNI_EXPR_OP_LIST_SPECIAL(X, N)                                                     \
    DNI_OPS_SPECIAL1(X, N) DNI_OPS_SPECIAL2(X, N) DNI_OPS_INT(X, N)
_Static_assert(DN_OP_POW_D + 1 == DN_OP_POW, "the table's operations follow the arithmetic");
/* clang-format on */

typedef struct dn_expr_ins {
    unsigned op, dst, a, b; /* register numbers */
    double c;               /* constant operand */
    double clo;             /* its low part: c + clo to about 106 bits (dn_expr_eval_ext) */
} dn_expr_ins;

struct dn_expr {
    unsigned nvars;   /* registers 0 .. nvars-1 are the variables */
    unsigned nregs;   /* registers in all */
    unsigned nins;    /* instructions */
    unsigned result;  /* register holding the result */
    dn_expr_ins *ins; /* nins instructions, in evaluation order */
};

/* One instruction on derivative arrays of order n with kernel prefix P (dni_ for one
 * variable; the same names with another prefix serve other number layouts). d, a, b are
 * the registers; any of them may coincide, as the kernels allow. Shared by the run-time
 * evaluator, the order-specialised ones and constant folding. ws is the kernels' scratch
 * (kernel.h: at least DNI_W_MAX(n) doubles); WW is `DNI_EXPR_COMMA ww` with the wide
 * scratch of the extended-precision kernels (at least DNI_WW_MAX(n) wide numbers), or
 * empty for a layout whose kernels take one scratch array. */
#define DNI_EXPR_COMMA ,
/* The cases of the table's rows: S is the tuple (R, P, d, a, b, c, n, ws, WW) with R the
 * row macro of the row's list (R##ELEM1 ... R##INT of DNI_EXPR_EXEC_BY), WW last (it may
 * expand to ", ww"). */
#define DNI_EXPR_UNPACK(...) __VA_ARGS__
#define DNI_EXPR_CALL(m, ...) m(__VA_ARGS__)
#define DNI_EXPR_ROW(f, shape, R, ...) R(f, shape, __VA_ARGS__)
#define DNI_EXPR_CASE_(S, f, OP, shape, ...)                                               \
    case DN_OP_##OP: DNI_EXPR_CALL(DNI_EXPR_ROW, f, shape, DNI_EXPR_UNPACK S); break;
/* The default row macros (DNI_EXPR_EXEC): the kernel P##f of the layout, called by the
 * shape of its scratch (dnum/internal/ops.h). A layout whose kernels are not all named
 * P##f##_w gives DNI_EXPR_EXEC_BY row macros of its own, one per list of the table:
 * R##ELEM1(f, shape, P, d, a, b, c, n, ws, ...) and likewise R##ELEM2, R##SPECIAL1,
 * R##SPECIAL2, R##INT (the integer first argument is (int)(c)). */
#define DNI_EXPR_ROW_ELEM1(f, shape, ...) DNI_EXPR_U_##shape(f, __VA_ARGS__)
#define DNI_EXPR_ROW_SPECIAL1(f, shape, ...) DNI_EXPR_U_##shape(f, __VA_ARGS__)
#define DNI_EXPR_ROW_ELEM2(f, shape, ...) DNI_EXPR_B_##shape(f, __VA_ARGS__)
#define DNI_EXPR_ROW_SPECIAL2(f, shape, ...) DNI_EXPR_B_##shape(f, __VA_ARGS__)
#define DNI_EXPR_ROW_INT(f, shape, ...) DNI_EXPR_I(f, __VA_ARGS__)
#define DNI_EXPR_U_DNI_NOWS(f, P, d, a, b, c, n, ...) P##f(d, a, n)
#define DNI_EXPR_U_DNI_WS(f, P, d, a, b, c, n, ws, ...) P##f##_w(d, a, n, ws)
#define DNI_EXPR_U_DNI_WSW(f, P, d, a, b, c, n, ws, ...) P##f##_w(d, a, n, ws __VA_ARGS__)
#define DNI_EXPR_B_DNI_WS(f, P, d, a, b, c, n, ws, ...) P##f##_w(d, a, b, n, ws)
#define DNI_EXPR_B_DNI_WSW(f, P, d, a, b, c, n, ws, ...)                                   \
    P##f##_w(d, a, b, n, ws __VA_ARGS__)
#define DNI_EXPR_I(f, P, d, a, b, c, n, ws, ...) P##f##_w(d, a, (int)(c), n, ws)
/* WW, the last argument (see above), is variadic so that ", ww" passes through */
#define DNI_EXPR_EXEC(P, op, d, a, b, c, n, ws, ...)                                       \
    DNI_EXPR_EXEC_BY(DNI_EXPR_ROW_, P, op, d, a, b, c, n, ws, __VA_ARGS__)
/* clang-format off */
#define DNI_EXPR_EXEC_BY(R, P, op, d, a, b, c, n, ws, ...)                                 \
    switch (op) {                                                                          \
    case DN_OP_CONST: P##set_const(d, c, n); break;                                        \
    case DN_OP_ADD: P##add(d, a, b, n); break;                                             \
    case DN_OP_SUB: P##sub(d, a, b, n); break;                                             \
    case DN_OP_MUL: P##mul_w(d, a, b, n, ws); break;                                       \
    case DN_OP_DIV: P##div_w(d, a, b, n, ws); break;                                       \
    case DN_OP_NEG: P##neg(d, a, n); break;                                                \
    case DN_OP_ADD_D: P##add_d(d, a, c, n); break;                                         \
    case DN_OP_MUL_D: P##mul_d(d, a, c, n); break;                                         \
    case DN_OP_DIV_D: { /* as dnum_oN_div_d: scale by 1/c, exact quotient for the value */ \
        double v_ = a[0] / (c);                                                            \
        P##mul_d(d, a, 1.0 / (c), n);                                                      \
        d[0] = v_;                                                                         \
        break;                                                                             \
    }                                                                                      \
    case DN_OP_D_SUB: { /* as dnum_oN_d_sub */                                             \
        double v_ = (c) - a[0];                                                            \
        P##neg(d, a, n);                                                                   \
        d[0] = v_;                                                                         \
        break;                                                                             \
    }                                                                                      \
    case DN_OP_D_DIV: P##d_div_w(d, c, a, n, ws); break;                                   \
    case DN_OP_POWN: P##pown_w(d, a, (long)(c), n, ws __VA_ARGS__); break;                 \
    case DN_OP_POW_D: P##pow_d_w(d, a, c, n, ws __VA_ARGS__); break;                       \
    DNI_OPS_ELEM2(DNI_EXPR_CASE_, (R##ELEM2, P, d, a, b, c, n, ws, __VA_ARGS__))           \
    DNI_OPS_SPECIAL2(DNI_EXPR_CASE_, (R##SPECIAL2, P, d, a, b, c, n, ws, __VA_ARGS__))     \
    DNI_OPS_ELEM1(DNI_EXPR_CASE_, (R##ELEM1, P, d, a, b, c, n, ws, __VA_ARGS__))           \
    DNI_OPS_SPECIAL1(DNI_EXPR_CASE_, (R##SPECIAL1, P, d, a, b, c, n, ws, __VA_ARGS__))     \
    DNI_OPS_INT(DNI_EXPR_CASE_, (R##INT, P, d, a, b, c, n, ws, __VA_ARGS__))               \
    default: break;                                                                        \
    }
/* clang-format on */

/* (PE/COFF has no symbol visibility: the attribute would be ignored with a warning) */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32) && !defined(__CYGWIN__)
#define DNI_EXPR_INTERNAL __attribute__((visibility("hidden")))
#else
#define DNI_EXPR_INTERNAL
#endif

/* The built-in names of formulas (src/expr_names.c): the functions of the operation table
 * (for (integer, x) the value is the largest |integer| allowed) and the constants. */
typedef struct dni_builtin {
    const char *name;
    unsigned op;
    unsigned nargs; /* 0: a constant; 3: two arguments, the first an integer constant */
    double value;
    double lo; /* the constants' low parts: value + lo to about 106 bits */
} dni_builtin;
DNI_EXPR_INTERNAL extern const dni_builtin dni_expr_builtins[];
DNI_EXPR_INTERNAL extern const size_t dni_expr_nbuiltins;
/* the built-in name s (len bytes), or NULL */
DNI_EXPR_INTERNAL const dni_builtin *dni_expr_builtin(const char *s, size_t len);
/* the function to suggest for the unknown name s (len bytes), or NULL */
DNI_EXPR_INTERNAL const char *dni_expr_nearest(const char *s, size_t len);

/* The attributes of a square's function (dispatch/fixed.c, dvec_kernels.c: r = a * a with
 * both operands named a, so that the compiler shares a_j a_(k-j) and a_(k-j) a_j in the
 * Leibniz sum: half the multiplies, the same roundings): out of line, so that the general
 * product keeps its own code, with the kernel inlined whole. DNI_SQUARE_NOSLP adds, under
 * GCC, no SLP vectorisation (the orders of dispatch/fixed.c): vectorised, the square of order 4
 * loaded a with 16-byte loads, which cannot be forwarded from the 8-byte stores that wrote
 * a just before (dn_expr_eval's copy of its arguments), and dn_expr_eval of exp(-x^2) took
 * 1.6x as long; at the orders 9..16 of dvec_kernels.c the vectorised square is the faster
 * (Dvec W1 at order 16: 77 ns per point against 83) and no slower in dn_expr_eval. */
#if defined(__GNUC__) || defined(__clang__)
#define DNI_SQUARE_ATTR __attribute__((noinline, flatten))
#else
#define DNI_SQUARE_ATTR
#endif
#if defined(__GNUC__) && !defined(__clang__)
#define DNI_SQUARE_NOSLP __attribute__((optimize("no-tree-slp-vectorize")))
#else
#define DNI_SQUARE_NOSLP
#endif

/* The order of a Dvec evaluation of e into r: that of the arguments (all equal), or r's
 * without variables; DN_EINVAL (NULL or uninitialised) or DN_EORDER (different orders). */
static inline int dni_expr_dvec_order(const dn_expr *e, const dvec *r,
                                      const dvec *const *args)
{
    if (!e || !r || (e->nvars && !args)) return DN_EINVAL;
    int order = dvec_order(r);
    if (order < 0) return DN_EINVAL;
    for (unsigned i = 0; i < e->nvars; i++) {
        int o = dvec_order(args[i]);
        if (o < 0) return DN_EINVAL;
        if (i == 0) order = o;
        else if (o != order) return DN_EORDER;
    }
    return order;
}

/* Folds one instruction whose operands are constants (order 0): the value the
 * evaluators would compute. Defined in dispatch/exec.c. */
DNI_EXPR_INTERNAL double dni_expr_fold(unsigned op, double a, double b, double c);
/* One instruction at order n <= DVEC_CONST_MAX with the rolled kernels (scratch on the
 * stack; dispatch/exec.c): the special functions of the order-specialised programs. */
DNI_EXPR_INTERNAL void dni_expr_exec(unsigned op, double *d, const double *a,
                                     const double *b, double c, unsigned n);
#ifdef DNUM_KERNEL_WIDE_H
/* One instruction at any order n with the rolled kernels (dispatch/exec.c: the one copy of
 * them in the library), scratch ws and ww as the operation's kernel needs (DNI_W_<f>(n)
 * doubles, DNI_WW_<f>(n) wide numbers): the run-time evaluators, and Dvec above its table
 * of constant orders. */
DNI_EXPR_INTERNAL void dni_expr_exec_w(unsigned op, double *d, const double *a,
                                       const double *b, double c, unsigned n, double *ws,
                                       dni_wide *ww);
/* One instruction at order n with the fastest kernel the library has for that order:
 * the order-specialised operations (1..8), the table of constant-order kernels (up to
 * DVEC_CONST_MAX; scratch on the stack), else the rolled kernels with the scratch ws and
 * ww of dni_expr_exec_w (dispatch/op.c; Dvec's operations). */
DNI_EXPR_INTERNAL void dni_expr_op(unsigned op, double *d, const double *a, const double *b,
                                   double c, unsigned n, double *ws, dni_wide *ww);
#endif

/* Extended precision (expr_eval_ext.c). The low part of a folded constant: the operation
 * on a + alo, b + blo, c + clo in the extended type, minus v (the double fold), rounded. */
DNI_EXPR_INTERNAL double dnie_expr_fold_lo(unsigned op, double a, double alo, double b,
                                           double blo, double c, double clo, double v);
/* The low part of the decimal number s read in the extended type, minus v = strtod(s). */
DNI_EXPR_INTERNAL double dnie_expr_decimal_lo(const char *s, double v);

/* As dn_expr_eval_ext, and mag[k] (mag not NULL) the extended result's |out[k]| rounded
 * up to a double: above 0 where that result is not 0, also where out[k] underflows. */
DNI_EXPR_INTERNAL int dni_expr_eval_ext_mag(const dn_expr *e, unsigned n,
                                            const double *args, double *out, double *mag,
                                            double *work);

/* The middle tier of DN_PREC_AUTO (expr_eval_ld.c): where the extended type is binary128
 * and long double the x87 type, the extended evaluator compiled for long double (64-bit
 * significand); the same contract as dn_expr_work_size_ext / dn_expr_eval_ext. */
#if (defined(DN_EXT_F128) && DN_EXT_F128 && defined(__LDBL_MANT_DIG__) &&                  \
     __LDBL_MANT_DIG__ == 64) ||                                                           \
    (defined(DNIE_LD_TIER) && DNIE_LD_TIER)
#define DNI_HAVE_LD_TIER 1
DNI_EXPR_INTERNAL size_t dni_expr_work_size_ld(const dn_expr *e, unsigned n);
DNI_EXPR_INTERNAL int dni_expr_eval_ld(const dn_expr *e, unsigned n, const double *args,
                                       double *out, double *work);
DNI_EXPR_INTERNAL int dni_expr_eval_ld_mag(const dn_expr *e, unsigned n, const double *args,
                                           double *out, double *mag, double *work);
#else
#define DNI_HAVE_LD_TIER 0
#endif
/* DN_PREC_AUTO after the double result: the point again in extended precision (the middle
 * tier first where there is one), given the double analysis's quick bounds eq of the
 * result (expr_err.c; the batch evaluators pass their lanes'). Returns 1. */
DNI_EXPR_INTERNAL int dni_expr_prec_auto_ext(const dn_expr *e, unsigned n,
                                             const double *args, double *out, double *err,
                                             unsigned flags, const double *eq,
                                             double *work);

/* The analysis of dn_expr_eval_err (src/expr_err.c) over the program e at order n: K = 0
 * one variable, else the Dnumk layout of K variables; args with the errors aerr (NULL:
 * exact); calibrate 0 for the quick bounds. work: dni_err_shadow_size(e, K, n) doubles.
 * Returns the bounds of e's result and sets *res to its values on the rolled kernels
 * (both in work); a bound is not yet the reported one (dni_err_verdict). */
DNI_EXPR_INTERNAL size_t dni_err_shadow_size(const dn_expr *e, unsigned K, unsigned n);
DNI_EXPR_INTERNAL const double *dni_err_shadow(const dn_expr *e, unsigned K, unsigned n,
                                               const double *args, const double *aerr,
                                               double *work, int calibrate,
                                               const double **res);

/* The bound reported for a result out with the bound b: NaN where out is NaN, +Inf where
 * out or b is not finite. */
static inline double dni_err_verdict(double out, double b)
{
    return isnan(out) ? NAN : (isfinite(out) && isfinite(b)) ? b : INFINITY;
}

/* The bound of one operation, for the bounded families (src/bounded.c): d = op(a, b; c) at
 * order n on the rolled kernels and ed its error bound, given the bounds ea and eb of the
 * arguments (the analysis of dn_expr_eval_err for one instruction, calibrated; the
 * constant c exact). ed[k] is NaN where d[k] is, +Inf where no bound is known. d and ed
 * may be a, b, ea or eb; work: dni_bound_work_size(n) doubles (0: n > DN_ORDER_MAX). */
DNI_EXPR_INTERNAL size_t dni_bound_work_size(unsigned n);
DNI_EXPR_INTERNAL void dni_bound_op(unsigned op, double c, unsigned n, double *d,
                                    double *ed, const double *a, const double *ea,
                                    const double *b, const double *eb, double *work);

/* The orders with an order-specialised evaluator (dispatch/fixed.c). The orders above, up
 * to DVEC_CONST_MAX, run the O(N^2) operations through the table of constant-order
 * kernels of src/dvec_kernels.c (dispatch/ktab.h). */
#define DNI_EXPR_SPECIALISED(X) DNI_EXPR_SPECIALISED_LO(X) DNI_EXPR_SPECIALISED_HI(X)
/* compiled in two translation units of about equal cost (gcc 12 -O3: about 0.85 + 0.2 N
 * CPU seconds per order under load), so that two cores build them side by side:
 * dispatch/fixed.c and dispatch/fixed_hi.c */
#define DNI_EXPR_SPECIALISED_LO(X) X(1) X(2) X(3) X(4) X(5)
#define DNI_EXPR_SPECIALISED_HI(X) X(6) X(7) X(8)

/* Runs e's program on the registers w (variables in place) at order n with the program
 * specialised for that order and returns 1, or returns 0 if n has none. */
DNI_EXPR_INTERNAL int dni_expr_run_fixed(const dn_expr *e, double *w, unsigned n);
/* The same for the orders of DNI_EXPR_SPECIALISED_HI (dispatch/fixed_hi.c). */
DNI_EXPR_INTERNAL int dni_expr_run_fixed_hi(const dn_expr *e, double *w, unsigned n);

/* One operation d = op(a, b; c) at a specialised order (d may coincide with a or b). */
typedef void (*dn_op_fn)(double *d, const double *a, const double *b, double c);
/* The specialised orders' tables of operations (indexed by DN_OP_*): Dvec runs its
 * kernels from them at those orders. */
DNI_EXPR_INTERNAL extern const dn_op_fn *const dni_expr_ops_lo[], *const dni_expr_ops_hi[];
#define DN_EXPR_SPEC_MIN 1
#define DN_EXPR_SPEC_SPLIT 6 /* the first order of DNI_EXPR_SPECIALISED_HI */
#define DN_EXPR_SPEC_MAX 8
/* The table of specialised order n (DN_EXPR_SPEC_MIN <= n <= DN_EXPR_SPEC_MAX). */
static inline const dn_op_fn *dni_expr_ops(unsigned n)
{
    return n < DN_EXPR_SPEC_SPLIT ? dni_expr_ops_lo[n - DN_EXPR_SPEC_MIN]
                                  : dni_expr_ops_hi[n - DN_EXPR_SPEC_SPLIT];
}

/* One instruction op(a, b; c) of dn_expr_evalk on K-variate numbers of total order N
 * (dispatch/stepk.c): d must not overlap a or b; w: DNIK_WORK(dnk_size(K, N)) doubles. */
DNI_EXPR_INTERNAL void dni_expr_stepk(unsigned op, double *d, const double *a,
                                      const double *b, double c, unsigned K, unsigned N,
                                      double *w);
/* The k-variate kernels that are no instruction of the language, compiled once beside
 * dni_expr_stepk (dispatch/stepk.c): u^m for a long m, a user function (dnk_apply), the pairs
 * (s and c must differ); the arguments and scratch as dni_expr_stepk's. */
DNI_EXPR_INTERNAL void dni_stepk_pown(double *d, const double *u, long m, unsigned K,
                                      unsigned N, double *w);
DNI_EXPR_INTERNAL void dni_stepk_apply(double *d, const double *u, dn_deriv_fn h, void *ctx,
                                       unsigned K, unsigned N, double *w);
DNI_EXPR_INTERNAL void dni_stepk_sincos(double *s, double *c, const double *u, unsigned K,
                                        unsigned N, double *w);
DNI_EXPR_INTERNAL void dni_stepk_sinhcosh(double *s, double *c, const double *u, unsigned K,
                                          unsigned N, double *w);

/* One instruction op(a, b; c) of dn_expr_eval2 on the Dnum2 layout at order n
 * (dispatch/step2.c; any aliasing); ws: dni_expr_step2_doubles(n) doubles. */
DNI_EXPR_INTERNAL void dni_expr_step2(unsigned op, double *d, const double *a,
                                      const double *b, double c, unsigned n, double *ws);
DNI_EXPR_INTERNAL size_t dni_expr_step2_doubles(unsigned n);

#endif /* DNUM_EXPR_IMPL_H */
