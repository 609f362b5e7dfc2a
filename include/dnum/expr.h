/* dnum/expr.h -- formulas parsed at run time, evaluated with every derivative.
 *
 * dn_expr_parse compiles a formula such as "exp(-x^2) * sin(3*x)" once into a flat,
 * read-only program; the evaluators then run it at as many points as wanted without
 * re-parsing or allocating: the caller provides the workspace (dn_expr_work_size
 * doubles), so one parsed expression can serve many threads, each with its own workspace.
 *
 * Grammar (spaces, tabs and newlines are ignored between tokens):
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/') unary)*
 *   unary   := ('-' | '+') unary | power           -x^2 is -(x^2)
 *   power   := primary ['^' unary]                 right-associative: 2^3^2 = 2^9
 *   primary := number | name | name '(' expr [',' expr] ')' | '(' expr ')'
 *   number  := digits ['.' [digits]] [('e'|'E') ['+'|'-'] digits] | '.' digits [...]
 * Names are the caller's variables, the constants pi and e, and the functions of the
 * operation table (docs/functions.md lists them): f(x) for the one-argument ones (exp log
 * sin ... and the special functions of docs/special.md), f(x, y) for the two-argument ones
 * (pow atan2 hypot min max fmod), and f(m, x) for those whose first argument must be an
 * integer constant (polygamma, the Bessel functions of integer order; the bounds of m are
 * in docs/functions.md; else a parse error at its column).
 * u^k and pow(u, k) with an integer constant k use the exact integer power (correct at
 * u0 = 0 and for negative u0); another constant exponent uses u^p; a non-constant
 * exponent uses exp(b log a) (needs a0 > 0). Constant subexpressions are folded at parse
 * time with the same functions (order 0). Numbers are read with strtod in the "C" locale
 * form shown above; a number that overflows a double is an error.
 *
 * Semantics of the result: those of the fixed-order family (dnum/fixed.h): the value is
 * libm's; outside a function's domain every derivative is NaN; the derivatives of a
 * program are bit-for-bit those of the same formula written with dnum_oN_* calls in the
 * same order of operations (a constant operand uses the _d variants).
 *
 * Index:
 *   DN_EXPR_MAX_LEN DN_EXPR_MAX_DEPTH DN_EXPR_MAX_VARS DN_EXPR_MAX_NAME
 *   DN_EXPR_MAX_ORDER2                          limits
 *   dn_expr, dn_expr_error                      the compiled form, the parse error report
 *   dn_expr_parse dn_expr_free                  compile a formula / release it
 *   dn_expr_nvars dn_expr_work_size             its variable count / workspace size
 *   dn_expr_eval                                on raw derivative arrays, order 0..DN_ORDER_MAX
 *   dn_expr_eval_coeffs                         the same, giving Taylor coefficients
 *   dn_expr_work_size_err dn_expr_eval_err      the same with a bound on each error
 *   DN_PREC_* dn_expr_eval_prec                 bounds in double, extended or auto precision
 *   dn_err_first_short                          the first order short of some digits
 *   dn_expr_eval_o1 ... dn_expr_eval_o32        on fixed-order numbers dnum_oN
 *   dn_expr_eval_dnum                           _Generic name over the 32 above
 *   dn_expr_eval_dvec                           on Dvec numbers (run-time order)
 *   dn_expr_eval_dvec_err                       the same with error bounds
 *   dn_ext_bits dn_expr_work_size_ext           extended precision: significand bits,
 *   dn_expr_eval_ext dn_expr_eval_dvec_ext      workspace, the evaluators (raw, Dvec)
 *   dn_expr_work_size2 dn_expr_eval2            on bivariate triangles (the Dnum2 layout)
 *   DN_EXPR_MAX_VARSK DN_EXPR_MAX_ORDERK
 *   dn_expr_work_sizek dn_expr_evalk            on k-variate numbers (the Dnumk layout)
 *   dn_expr_work_sizek_err dn_expr_evalk_err    the same with error bounds
 *   dn_expr_eval2_err                           bivariate triangles with error bounds
 */
#ifndef DNUM_EXPR_H
#define DNUM_EXPR_H

#include <stddef.h>
#include "dnum/common.h"
#include "dnum/fixed.h"
#include "dnum/dvec.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DN_EXPR_MAX_LEN 4194304u /* longest accepted source, in bytes (4 MiB) */
#define DN_EXPR_MAX_DEPTH 256u   /* deepest nesting of parentheses, calls, signs and ^ */
#define DN_EXPR_MAX_VARS 16u     /* most variables per expression */
#define DN_EXPR_MAX_NAME 64u     /* longest variable name, in bytes */
#define DN_EXPR_MAX_ORDER2 64u   /* highest total order of dn_expr_eval2 */
#define DN_EXPR_MAX_VARSK 10u    /* most variables k of dn_expr_evalk (DNK_VARS_MAX) */
#define DN_EXPR_MAX_ORDERK 32u   /* highest total order of dn_expr_evalk (DNK_ORDER_MAX) */

/** A compiled expression (opaque). Read-only once parsed: concurrent evaluations of one
 *  dn_expr are safe as long as each uses its own workspace. */
typedef struct dn_expr dn_expr;

/** What went wrong in dn_expr_parse: code is DN_EPARSE (malformed formula), DN_ERANGE
 *  (source longer than DN_EXPR_MAX_LEN, nesting deeper than DN_EXPR_MAX_DEPTH),
 *  DN_EINVAL (bad arguments or variable names) or DN_ENOMEM; column is the 1-based byte
 *  position of the offending token in the source (0 when the problem is not in the source);
 *  msg is a complete sentence such as "unknown function 'sinn' at column 4 (did you mean
 *  'sin'?)" (an unknown function comes with the nearest built-in name, if one is near; an
 *  unknown variable with the name that differs only in case; other languages' spellings
 *  such as x**2, 2x, |x| or math.sin with this language's). */
typedef struct dn_expr_error {
    int code;
    unsigned column;
    char msg[128];
} dn_expr_error;

/** Compiles the NUL-terminated formula src over the variables vars[0..nvars-1] (names
 *  made of letters, digits and '_', not starting with a digit, at most DN_EXPR_MAX_NAME
 *  bytes, distinct, and none of the built-in names; nvars <= DN_EXPR_MAX_VARS; vars may be
 *  NULL when nvars is 0). Returns the compiled expression, to be released with
 *  dn_expr_free, or NULL on failure, with *err filled in (err may be NULL; on success
 *  *err gets code 0, column 0 and an empty message). Never reads beyond the terminating
 *  NUL and never recurses deeper than DN_EXPR_MAX_DEPTH levels, whatever the input. */
dn_expr *dn_expr_parse(const char *src, const char *const *vars, unsigned nvars,
                       dn_expr_error *err);

/** Releases a compiled expression. NULL is ignored. */
void dn_expr_free(dn_expr *e);

/** Returns the number of variables e was compiled with (the nvars given to the parser). */
unsigned dn_expr_nvars(const dn_expr *e);

/** Returns how many doubles of workspace every evaluator of this header needs for e at
 *  order n (the registers of the program, (n + 1) doubles each; four more above order
 *  DN_TAYLOR_MAX for the range rescaling; above order 16 the kernels' scratch, about
 *  24 (n + 1) + 350 doubles: the evaluator keeps no order-sized array on the stack), or
 *  0 if n > DN_ORDER_MAX or e is NULL. The same workspace may be reused for any number
 *  of evaluations. */
size_t dn_expr_work_size(const dn_expr *e, unsigned n);

/** Evaluates e at order n (0 <= n <= DN_ORDER_MAX) on raw derivative arrays: variable i
 *  enters as args[i*(n+1) + k], k = 0..n (its derivatives with respect to whatever the
 *  caller differentiates by: (x, 1, 0, ..., 0) for the variable of differentiation,
 *  (c, 0, ..., 0) for a parameter held constant); the n + 1 derivatives of the result go
 *  to out[0..n]. work must hold dn_expr_work_size(e, n) doubles and must not overlap
 *  args or out; out may alias args. Orders 1..8 run a program specialised for that
 *  order (kernels inlined and unrolled as in the dnum_oN functions), orders 9..16 the
 *  unrolled kernels of their order through a table. Returns 0, DN_EINVAL (NULL pointer) or
 *  DN_ERANGE (n > DN_ORDER_MAX); nothing is written on failure. Domain errors are not
 *  failures: they give NaN/Inf values as the fixed family does. */
int dn_expr_eval(const dn_expr *e, unsigned n, const double *args, double *out,
                 double *work);

/** As dn_expr_eval, but writes the Taylor coefficients c_k = f^(k)/k! to out[0..n]
 *  instead of the derivatives. Above order DN_TAYLOR_MAX they stay finite where the
 *  derivatives overflow: 1/(1-x) at 0.5 gives c_k = 2^(k+1) to k = 1000, while its
 *  derivatives k! 2^(k+1) exceed DBL_MAX from k = 151 (the registers carry their own
 *  binary exponent; docs/expr.md). Same arguments, workspace and status codes as
 *  dn_expr_eval. */
int dn_expr_eval_coeffs(const dn_expr *e, unsigned n, const double *args, double *out,
                        double *work);

/** Returns how many doubles of workspace dn_expr_eval_err needs for e at order n (those
 *  of dn_expr_eval, two more sets of registers and about 60 (n + 2) doubles of
 *  temporaries and scratch), or 0 if n > DN_ORDER_MAX or e is NULL. */
size_t dn_expr_work_size_err(const dn_expr *e, unsigned n);

/** As dn_expr_eval (the same out), and err[k] >= 0 bounds the rounding error of out[k]:
 *  |out[k] - the exact k-th derivative| <= err[k] for the formula with its constants as
 *  the doubles they are read as and exact arguments (a first-order bound: terms of
 *  relative size 2^-53 of the bound itself are left out; docs/accuracy.md shows how it
 *  was validated and how tight it is). err[k] is +Inf where no bound is known (a non-finite
 *  intermediate, a pole or zero handled by the zero rule, a derivative beyond the range
 *  of double on the way, an operand too uncertain near a pole for a first-order bound, a
 *  subnormal entry of a quotient or function and those after it, a function whose value
 *  and derivatives all underflow to 0) and NaN where out[k] is NaN. Cost: the program
 *  runs about four times more, and a function of a nonlinear argument adds O(n^3)
 *  (docs/accuracy.md).
 *  work holds dn_expr_work_size_err(e, n) doubles and must not overlap args, out or err;
 *  err must not overlap args or out; out may alias args. Returns 0, DN_EINVAL or
 *  DN_ERANGE as dn_expr_eval, writing nothing on failure. */
int dn_expr_eval_err(const dn_expr *e, unsigned n, const double *args, double *out,
                     double *err, double *work);

/* dn_expr_eval_oN(e, r, args, work): evaluates e on fixed-order numbers: args[i] is the
 * value of variable i (with its derivatives), *r receives the result (r may point into
 * args). work as for dn_expr_eval at order N. Returns 0 or DN_EINVAL (NULL pointer), and
 * then leaves *r untouched. Same numbers as dn_expr_eval at order N. */
#define DNI_EXPR_DECL_FIXED(N)                                                             \
    int dn_expr_eval_o##N(const dn_expr *e, dnum_o##N *r, const dnum_o##N *args,           \
                          double *work);
DNI_DNUM_FOR_EACH_ORDER(DNI_EXPR_DECL_FIXED)

#ifndef __cplusplus /* C++: overloads in dnum/dnum.hpp (dnum::expr_eval) */
/* clang-format off */
/** Type-generic name: dn_expr_eval_dnum(e, r, args, work) calls dn_expr_eval_oN for the
 *  type of *r (dnum_o1 ... dnum_o32). */
#define dn_expr_eval_dnum(e, r, args, work)                                                \
    _Generic((r), dnum_o1 * : dn_expr_eval_o1 DNI_EXPR_GCASE(2) DNI_EXPR_GCASE(3)          \
             DNI_EXPR_GCASE(4) DNI_EXPR_GCASE(5) DNI_EXPR_GCASE(6) DNI_EXPR_GCASE(7)       \
             DNI_EXPR_GCASE(8) DNI_EXPR_GCASE(9) DNI_EXPR_GCASE(10) DNI_EXPR_GCASE(11)     \
             DNI_EXPR_GCASE(12) DNI_EXPR_GCASE(13) DNI_EXPR_GCASE(14) DNI_EXPR_GCASE(15)   \
             DNI_EXPR_GCASE(16) DNI_EXPR_GCASE(17) DNI_EXPR_GCASE(18) DNI_EXPR_GCASE(19)   \
             DNI_EXPR_GCASE(20) DNI_EXPR_GCASE(21) DNI_EXPR_GCASE(22) DNI_EXPR_GCASE(23)   \
             DNI_EXPR_GCASE(24) DNI_EXPR_GCASE(25) DNI_EXPR_GCASE(26) DNI_EXPR_GCASE(27)   \
             DNI_EXPR_GCASE(28) DNI_EXPR_GCASE(29) DNI_EXPR_GCASE(30) DNI_EXPR_GCASE(31)   \
             DNI_EXPR_GCASE(32))(e, r, args, work)
/* clang-format on */
#define DNI_EXPR_GCASE(N) , dnum_o##N * : dn_expr_eval_o##N
#endif

/** Evaluates e on Dvec numbers: args[i] is variable i (all of the same order n; with no
 *  variables, n is r's order), r receives the result at order n (r may be one of the
 *  args). work must hold dn_expr_work_size(e, n) doubles. Returns 0, DN_EINVAL (NULL or
 *  uninitialised dvec), DN_EORDER (arguments of different orders) or DN_ENOMEM (r could
 *  not grow); r is untouched on failure. Same numbers as dn_expr_eval at order n. */
int dn_expr_eval_dvec(const dn_expr *e, dvec *r, const dvec *const *args, double *work);

/* Precision of dn_expr_eval_prec (DN_PREC_DOUBLE, _EXTENDED or _AUTO, optionally | QUICK). */
#define DN_PREC_DOUBLE 0u   /* compute in double (dn_expr_eval's numbers) */
#define DN_PREC_EXTENDED 1u /* compute in extended precision (dn_expr_eval_ext's numbers) */
/* double; in extended where double's bound shows < 10 digits (x87 long double first where
 * that is enough, see below) */
#define DN_PREC_AUTO 2u
/* bounds that calibrate only the special functions' and the integer powers' kernels
 * (cheaper; an estimate, not validated as a bound) */
#define DN_PREC_QUICK 4u

/** Evaluates e as dn_expr_eval (DN_PREC_DOUBLE) or dn_expr_eval_ext (DN_PREC_EXTENDED) and
 *  writes to err (if not NULL) the bounds of dn_expr_eval_err for that result: in extended
 *  precision the same analysis with the extended type's rounding, plus the final rounding
 *  to double. DN_PREC_AUTO evaluates in double and, if some derivative's quick bound
 *  times a margin of 10 shows fewer than 10 digits (dn_err_first_short), again in extended
 *  precision; err may then be NULL. Where the extended type is binary128 and long double
 *  the x87 type (64-bit significand, in hardware: about 20x cheaper), AUTO first computes
 *  in long double and keeps that result where its bound (the double bound scaled by
 *  2^-10, with the same margin) shows 10 digits; binary128 only where not. Returns 0 if
 *  out holds the double result, 1 if an extended one, DN_EINVAL (NULL pointer, bad flags,
 *  err NULL without DN_PREC_AUTO) or
 *  DN_ERANGE; nothing is written on failure. work: dn_expr_work_size_err(e, n) doubles.
 *  Cost: see dn_expr_eval_err; AUTO costs about twice dn_expr_eval where double is enough. */
int dn_expr_eval_prec(const dn_expr *e, unsigned n, const double *args, double *out,
                      double *err, unsigned flags, double *work);

/** The first order k in 0..n at which the bound err[k] shows fewer than `digits` correct
 *  digits of d[k]: err[k] > 10^-digits max(|d[k]|, 1e-15 max(|d[k-1]|, |d[k+1]|)) (a
 *  derivative that is 0, or 1e15 times smaller than its neighbours, is measured against
 *  them); n + 1 if there is none. Non-finite d[k] and non-finite bounds (nothing known) are
 *  skipped. DN_PREC_AUTO and dnum-eval use it with 10 digits. */
unsigned dn_err_first_short(const double *d, const double *err, unsigned n, double digits);

/** As dn_expr_eval_dvec, and err[0..n] (n = the result's order) receives the error bounds
 *  of dn_expr_eval_err. work holds dn_expr_work_size_err(e, n) doubles. Same status codes
 *  as dn_expr_eval_dvec; on failure neither r nor err is written. */
int dn_expr_eval_dvec_err(const dn_expr *e, dvec *r, double *err, const dvec *const *args,
                          double *work);

/* Extended precision (docs/accuracy.md, "Extended precision"). The same program run on
 * the same recurrences in a wider type: IEEE binary128 (113-bit significand) where the
 * compiler and C library provide _Float128 and its functions, else long double (64 bits
 * on x86). For results that are ill-conditioned in double, such as high derivatives of
 * products whose Leibniz terms cancel (sin(x)*exp(x) at order 100). Inputs and outputs
 * stay double; every intermediate, the kernels' function values at the point and the
 * factorials are in the wide type; the results are rounded once (a derivative beyond
 * DBL_MAX becomes +-Inf; no range rescaling is needed up to DN_ORDER_MAX). */

/** Returns the significand bits of the extended type: 113 (binary128) or 64 (x87 long
 *  double); 53 where long double is double, which gains nothing (and there the extended
 *  evaluators stop at order DN_TAYLOR_MAX: DN_ERANGE above). */
int dn_ext_bits(void);

/** Returns how many doubles of workspace dn_expr_eval_ext and dn_expr_eval_dvec_ext need
 *  for e at order n (registers and kernel scratch in the wide type, aligned internally:
 *  about (nregs + 19) (n + 1) 16-byte numbers), or 0 if n > DN_ORDER_MAX or e is NULL. */
size_t dn_expr_work_size_ext(const dn_expr *e, unsigned n);

/** As dn_expr_eval, in extended precision: same arguments, status codes (DN_EINVAL,
 *  DN_ERANGE; nothing written on failure) and domain rules; work must hold
 *  dn_expr_work_size_ext(e, n) doubles and must not overlap args or out. Thread-safe, no
 *  allocation, a bounded stack frame at any order. Costs about 30-100x dn_expr_eval
 *  (binary128 runs in software; docs/accuracy.md). The program's constants (numbers,
 *  pi, e, folded subexpressions) are used to about 106 bits. */
int dn_expr_eval_ext(const dn_expr *e, unsigned n, const double *args, double *out,
                     double *work);

/** As dn_expr_eval_dvec, in extended precision; work must hold dn_expr_work_size_ext(e, n)
 *  doubles. Same status codes; r untouched on failure. */
int dn_expr_eval_dvec_ext(const dn_expr *e, dvec *r, const dvec *const *args, double *work);

/** Returns how many doubles of workspace dn_expr_eval2 needs for e at total order n
 *  (the registers, DNUM2_SIZE(n) = (n+1)(n+2)/2 doubles each), or 0 if
 *  n > DN_EXPR_MAX_ORDER2 or e is NULL. */
size_t dn_expr_work_size2(const dn_expr *e, unsigned n);

/** Evaluates e on bivariate numbers of total order n <= DN_EXPR_MAX_ORDER2, in the Dnum2
 *  layout (dnum/dnum2.h: the mixed partials d^(i+j)/dx^i dy^j, i + j <= n, by total
 *  order then decreasing i; DNUM2_SIZE(n) doubles): variable v enters as the triangle
 *  args[v*DNUM2_SIZE(n) ...] (e.g. the .d of dnum2_oN_varx(x, y) and dnum2_oN_vary(x, y)),
 *  the result goes to out[0 .. DNUM2_SIZE(n)-1]. work holds dn_expr_work_size2(e, n)
 *  doubles and must not overlap args or out; out may alias args. Returns 0, DN_EINVAL
 *  (NULL pointer) or DN_ERANGE (n too high), writing nothing on failure. Same numbers as
 *  the dnum2_oN functions applied in the same order. */
int dn_expr_eval2(const dn_expr *e, unsigned n, const double *args, double *out,
                  double *work);

/** Returns how many doubles of workspace dn_expr_evalk needs for e in k variables at total
 *  order n: (registers + 10) numbers of dnk_size(k, n) = C(n+k, k) doubles; 0 if e is NULL,
 *  k is 0 or above DN_EXPR_MAX_VARSK, n above DN_EXPR_MAX_ORDERK, or the number is larger
 *  than DNK_SIZE_MAX (dnum/dnumk.h; e.g. k = 3 goes to n = 32, k = 8 to n = 16). */
size_t dn_expr_work_sizek(const dn_expr *e, unsigned k, unsigned n);

/** Evaluates e on k-variate numbers of total order n in the Dnumk layout (dnum/dnumk.h:
 *  the Taylor coefficients c_a = f^(a)/a! of every mixed partial, |a| <= n, in graded
 *  order; dnk_size(k, n) doubles, as the run-time dnk_* functions use): variable v enters
 *  as the number args[v*dnk_size(k, n) ...] (e.g. set by dnk_set_var(sp, x, v, value)),
 *  the result goes to out[0 .. dnk_size(k, n)-1]. work holds dn_expr_work_sizek(e, k, n)
 *  doubles and must not overlap args or out; out may alias args. The elementary functions
 *  run the Dnumk kernels (the same numbers as the dnk_* functions in the same order); the
 *  special functions compose their one-variable derivatives at the value with the
 *  argument, as Dnum2 does (about n products each); the piecewise ones act as in every
 *  family. Returns 0, DN_EINVAL (NULL pointer, k = 0) or DN_ERANGE (k, n or the
 *  size above the limits of dn_expr_work_sizek), writing nothing on failure. */
int dn_expr_evalk(const dn_expr *e, unsigned k, unsigned n, const double *args, double *out,
                  double *work);

/** Returns how many doubles of workspace dn_expr_evalk_err (and, for k = 2,
 *  dn_expr_eval2_err) needs for e in k variables at total order n; 0 where
 *  dn_expr_work_sizek is 0. */
size_t dn_expr_work_sizek_err(const dn_expr *e, unsigned k, unsigned n);

/** As dn_expr_evalk (the same out), and err[i] >= 0 bounds the rounding error of the
 *  Taylor coefficient out[i]: |out[i] - exact| <= err[i], by the analysis of
 *  dn_expr_eval_err carried out on k-variate numbers (+Inf where no bound is known, NaN
 *  where out[i] is NaN). work holds dn_expr_work_sizek_err(e, k, n) doubles and must not
 *  overlap args, out or err; err must not overlap args or out; out may alias args.
 *  Returns 0, DN_EINVAL or DN_ERANGE as dn_expr_evalk, writing nothing on failure. */
int dn_expr_evalk_err(const dn_expr *e, unsigned k, unsigned n, const double *args,
                      double *out, double *err, double *work);

/** As dn_expr_eval2 (the same out: derivatives in the Dnum2 layout), and err[i] bounds
 *  the rounding error of out[i] as in dn_expr_evalk_err, for arguments exact as
 *  derivatives. The analysis runs on two-variate numbers of dn_expr_evalk, so the total
 *  order is at most DN_EXPR_MAX_ORDERK here (DN_ERANGE above). work holds
 *  dn_expr_work_sizek_err(e, 2, n) doubles (no overlap as above). */
int dn_expr_eval2_err(const dn_expr *e, unsigned n, const double *args, double *out,
                      double *err, double *work);

#ifdef __cplusplus
}
#endif

#endif /* DNUM_EXPR_H */
