/* dnum/tape_o2.h -- dtp_o2: the numbers that record an objective on a tape (dn_tape_o2).
 *
 * dn_tape_o2_record (dnum/hessian.h) runs the version name_tp that DN_OBJECTIVE_O2 defines
 * of an objective on dtp_o2 numbers: each carries its value and the tape position of the
 * operation that made it, and each operation appends itself to the tape (constants are
 * not recorded: they become part of the operation that uses them). The drivers
 * dn_grad_tape and dn_hessdiag_tape then evaluate the tape at any x without calling the
 * objective. Users never name these types (but a body that picks a function by the type
 * of T, with _Generic, must list dtp_o2).
 *
 * Recorded: the arithmetic (add, sub, mul, div, neg and the _d forms), pow_d, pown, and
 * every function of one argument of the operation table, and those with an integer first
 * argument (jn, yn, polygamma). Not recorded, each making dn_tape_o2_record refuse the
 * objective with a message that names it: the functions of two numbers (pow, atan2, hypot,
 * min, max, fmod), dnh_apply, dnh_chain, and reading the value of a number that depends on
 * x (dnh_value: the objective's operations could then depend on x).
 *
 * Index (T is dtp_o2): T_const, T_value, and T_add ... T_sinhcosh with the signatures of
 * the dsp_o2 functions (dnum/sparse_o2.h) and dnum/special_o2.h; the dnh_* names of
 * dnum/lanes_o2.h.
 */
#ifndef DNUM_TAPE_O2_H
#define DNUM_TAPE_O2_H

#include <stdint.h>
#include "dnum/common.h"
#include "dnum/internal/ops.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dni_tp_rec dni_tp_rec;

/** A recording number: its value, and where the operation that made it is on the tape
 *  (rec NULL: a passive constant). */
typedef struct dtp_o2 {
    double v;
    uint32_t id;
    dni_tp_rec *rec;
} dtp_o2;

/* the operations of a tape (dni_tp_node.op); DNI_TP_FN + row: the functions of one
 * argument of the operation table (DNI_OPS_UNARY, in its order), DNI_TP_FNI + row those
 * with an integer first argument (DNI_OPS_INT) */
enum {
    DNI_TP_VAR,
    DNI_TP_ADD,
    DNI_TP_SUB,
    DNI_TP_MUL,
    DNI_TP_DIV,
    DNI_TP_NEG,
    DNI_TP_ADDD, /* a + c */
    DNI_TP_MULD, /* a c */
    DNI_TP_DIVD, /* a / c */
    DNI_TP_DSUB, /* c - a */
    DNI_TP_DDIV, /* c / a */
    DNI_TP_POWD, /* a^c */
    DNI_TP_POWN, /* a^m, m = c */
    DNI_TP_FN
};
#define DNI_TP_ROW(A, name, ...) DNI_TP_ROW_##name,
enum { DNI_OPS_UNARY(DNI_TP_ROW, ~) DNI_TP_NFN };
enum { DNI_OPS_INT(DNI_TP_ROW, ~) DNI_TP_NFNI };
enum { DNI_OPS_BINARY(DNI_TP_ROW, ~) DNI_TP_NFN2 };
#undef DNI_TP_ROW
#define DNI_TP_FNI (DNI_TP_FN + DNI_TP_NFN)

/* out of line (src/tape_record.c): op of a (and b, for the operations of two numbers) with
 * the constant c, the result's value v; passive operands fold into the _d forms */
dtp_o2 dni_dtp_o2_rec(dtp_o2 a, dtp_o2 b, unsigned op, double c, double v);
/* the function of row `row` of DNI_OPS_UNARY (fni: of DNI_OPS_INT, with m) */
dtp_o2 dni_dtp_o2_fn(dtp_o2 u, unsigned row, int fni, int m);
/* an operation the tape cannot replay (what: its name): the record is refused */
dtp_o2 dni_dtp_o2_refuse(dtp_o2 a, dtp_o2 b, const char *what, double v);
/* the function of row `row` of DNI_OPS_BINARY: its value where a and b are constants, else
 * the record is refused */
dtp_o2 dni_dtp_o2_fn2(dtp_o2 a, dtp_o2 b, unsigned row);
/* dnh_value of a number that depends on x: the record is refused */
double dni_dtp_o2_valued(dtp_o2 a);

#if defined(__GNUC__) || defined(__clang__)
#define DNI_TP_DECL static inline __attribute__((unused))
#else
#define DNI_TP_DECL static inline
#endif

/** A passive constant c (not recorded). */
DNI_TP_DECL dtp_o2 dtp_o2_const(double c)
{
    dtp_o2 r;
    r.v = c;
    r.id = 0;
    r.rec = NULL;
    return r;
}

/** The value of a; for a number that depends on x the record is refused. */
DNI_TP_DECL double dtp_o2_value(dtp_o2 a)
{
    return a.rec ? dni_dtp_o2_valued(a) : a.v;
}

/* T_f (T a, T b) recorded as op, value expr */
#define DNI_TP_BIN(f, op, expr)                                                            \
    DNI_TP_DECL dtp_o2 dtp_o2_##f(dtp_o2 a, dtp_o2 b)                                      \
    {                                                                                      \
        return dni_dtp_o2_rec(a, b, op, 0.0, expr);                                        \
    }
/* T_f (T a, double c) and T_f (double c, T a) */
#define DNI_TP_BIN_D(f, op, expr)                                                          \
    DNI_TP_DECL dtp_o2 dtp_o2_##f(dtp_o2 a, double c)                                      \
    {                                                                                      \
        return dni_dtp_o2_rec(a, a, op, c, expr);                                          \
    }
#define DNI_TP_D_BIN(f, op, expr)                                                          \
    DNI_TP_DECL dtp_o2 dtp_o2_##f(double c, dtp_o2 a)                                      \
    {                                                                                      \
        return dni_dtp_o2_rec(a, a, op, c, expr);                                          \
    }
DNI_TP_BIN(add, DNI_TP_ADD, a.v + b.v)
DNI_TP_BIN(sub, DNI_TP_SUB, a.v - b.v)
DNI_TP_BIN(mul, DNI_TP_MUL, a.v *b.v)
DNI_TP_BIN(div, DNI_TP_DIV, a.v / b.v)
DNI_TP_BIN_D(add_d, DNI_TP_ADDD, a.v + c)
DNI_TP_BIN_D(mul_d, DNI_TP_MULD, a.v *c)
DNI_TP_BIN_D(div_d, DNI_TP_DIVD, a.v / c)
DNI_TP_D_BIN(d_sub, DNI_TP_DSUB, c - a.v)
DNI_TP_D_BIN(d_div, DNI_TP_DDIV, c / a.v)
#undef DNI_TP_BIN
#undef DNI_TP_BIN_D
#undef DNI_TP_D_BIN

/** a - c (recorded as a + (-c): the same value). */
DNI_TP_DECL dtp_o2 dtp_o2_sub_d(dtp_o2 a, double c)
{
    return dni_dtp_o2_rec(a, a, DNI_TP_ADDD, -c, a.v - c);
}
/** -a. */
DNI_TP_DECL dtp_o2 dtp_o2_neg(dtp_o2 a)
{
    return dni_dtp_o2_rec(a, a, DNI_TP_NEG, 0.0, -a.v);
}
/** a^p (the value as dnum_o2_pow_d's). */
DNI_TP_DECL dtp_o2 dtp_o2_pow_d(dtp_o2 a, double p)
{
    return dni_dtp_o2_rec(a, a, DNI_TP_POWD, p, NAN);
}
/** a^m (the value as dnum_o2_pown's). */
DNI_TP_DECL dtp_o2 dtp_o2_pown(dtp_o2 a, long m)
{
    return dni_dtp_o2_rec(a, a, DNI_TP_POWN, (double)m, NAN);
}

/* the functions of one argument, and of an integer and one argument */
#define DNI_TP_UN(A, f, ...)                                                               \
    DNI_TP_DECL dtp_o2 dtp_o2_##f(dtp_o2 u)                                                \
    {                                                                                      \
        return dni_dtp_o2_fn(u, DNI_TP_ROW_##f, 0, 0);                                     \
    }
#define DNI_TP_IN(A, f, ...)                                                               \
    DNI_TP_DECL dtp_o2 dtp_o2_##f(int m, dtp_o2 u)                                         \
    {                                                                                      \
        return dni_dtp_o2_fn(u, DNI_TP_ROW_##f, 1, m);                                     \
    }
/* the functions of two numbers: refused, but of two constants */
#define DNI_TP_NO2(A, f, ...)                                                              \
    DNI_TP_DECL dtp_o2 dtp_o2_##f(dtp_o2 a, dtp_o2 b)                                      \
    {                                                                                      \
        return dni_dtp_o2_fn2(a, b, DNI_TP_ROW_##f);                                       \
    }
DNI_OPS_UNARY(DNI_TP_UN, ~)
DNI_OPS_INT(DNI_TP_IN, ~)
DNI_OPS_BINARY(DNI_TP_NO2, ~)
#undef DNI_TP_UN
#undef DNI_TP_IN
#undef DNI_TP_NO2

/** sin and cos of u (recorded as two functions). */
DNI_TP_DECL void dtp_o2_sincos(dtp_o2 u, dtp_o2 *s, dtp_o2 *c)
{
    *s = dtp_o2_sin(u);
    *c = dtp_o2_cos(u);
}
/** sinh and cosh of u (recorded as two functions). */
DNI_TP_DECL void dtp_o2_sinhcosh(dtp_o2 u, dtp_o2 *s, dtp_o2 *c)
{
    *s = dtp_o2_sinh(u);
    *c = dtp_o2_cosh(u);
}
/** f(u) from given derivatives: not replayable (refused). */
DNI_TP_DECL dtp_o2 dtp_o2_chain(dtp_o2 u, double f0, double f1, double f2)
{
    (void)f1, (void)f2;
    return dni_dtp_o2_refuse(u, u, "dnh_chain", f0);
}
/** A user callback: not replayable (refused). */
DNI_TP_DECL dtp_o2 dtp_o2_apply(dtp_o2 u, dn_deriv_fn h, void *ctx)
{
    return dni_dtp_o2_refuse(u, u, "dnh_apply", h ? h(u.v, 0, ctx) : NAN);
}

#ifdef __cplusplus
}
#endif

#endif /* DNUM_TAPE_O2_H */
