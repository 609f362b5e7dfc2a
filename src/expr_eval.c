/* The expression evaluators at run-time order (raw arrays, fixed-order numbers, Dvec).
 * Orders with a specialised program (dispatch/fixed.c) run that; the other orders up to
 * DVEC_CONST_MAX run each instruction on the table of constant-order kernels
 * (dispatch/ktab.h); every other instruction runs through the dispatch of dispatch/exec.c. */
#include <stdint.h>
#include <string.h>
#define DN_NO_UNROLL /* run-time orders: the kernels stay rolled loops */
#include "dnum/internal/kernel.h"
#include "expr_impl.h"
#include "dvec_impl.h" /* the constant-order kernel table dni_dvec_k */
#include "range.h"
#include "kernels_x.h"
#include "dispatch/ktab.h"

/* The workspace: the registers (nregs (n + 1) doubles); above DN_TAYLOR_MAX the range
 * rescaling's 4 (n + 1) doubles of rescaled operands and nregs exponents (run_scaled);
 * then above DVEC_CONST_MAX the kernels' scratch, DNI_W_MAX(n) doubles and DNI_WW_MAX(n)
 * wide numbers, each from a 64-byte boundary (16 doubles of slack). (The orders up to
 * DVEC_CONST_MAX keep the scratch on the stack: a few KiB.) */
static size_t range_doubles(const dn_expr *e, unsigned n)
{
    return n > DN_TAYLOR_MAX ? 4 * ((size_t)n + 1) + e->nregs : 0;
}
static size_t scratch_doubles(unsigned n)
{
    if (n <= DVEC_CONST_MAX) return 0;
    size_t wide = (size_t)DNI_WW_MAX(n) * sizeof(dni_wide);
    return (size_t)DNI_W_MAX(n) + (wide + sizeof(double) - 1) / sizeof(double) + 16;
}

size_t dn_expr_work_size(const dn_expr *e, unsigned n)
{
    if (!e || n > DN_ORDER_MAX) return 0;
    return (size_t)e->nregs * (n + 1) + range_doubles(e, n) + scratch_doubles(n);
}

/* the scratch of the workspace w at order n */
static void *align64(void *p)
{
    return (void *)(((uintptr_t)p + 63) & ~(uintptr_t)63);
}
static double *scratch_ws(const dn_expr *e, double *w, unsigned n)
{
    return align64(w + (size_t)e->nregs * (n + 1) + range_doubles(e, n));
}
static dni_wide *scratch_ww(const dn_expr *e, double *w, unsigned n)
{
    return align64(scratch_ws(e, w, n) + DNI_W_MAX(n));
}

#if defined(__GNUC__) || defined(__clang__)
#define DNI_EXPR_NOINLINE __attribute__((noinline))
#else
#define DNI_EXPR_NOINLINE
#endif

/* The operands of op: 0, 1 or 2. */
static unsigned nargs(unsigned op)
{
    switch (op) {
    case DN_OP_CONST: return 0;
    case DN_OP_ADD:
    case DN_OP_SUB:
    case DN_OP_MUL:
    case DN_OP_DIV:
    case DN_OP_POW:
    case DN_OP_ATAN2:
    case DN_OP_HYPOT:
    case DN_OP_MIN:
    case DN_OP_MAX:
    case DN_OP_FMOD: return 2;
    default: return 1;
    }
}

#define POINT_AB(i, p) (*((i) ? &b : &a) = (p))

/* The program at run-time order n (kept out of line: inlined, its stack frame made the
 * callers slower at the specialised orders). */
static DNI_EXPR_NOINLINE void run_dyn(const dn_expr *e, double *w, unsigned n)
{
    size_t len = (size_t)n + 1;
    double *ws = scratch_ws(e, w, n);
    dni_wide *ww = scratch_ww(e, w, n);
    for (const dn_expr_ins *i = e->ins, *end = i + e->nins; i != end; i++) {
        double *d = w + i->dst * len;
        const double *a = w + i->a * len, *b = w + i->b * len;
        dni_expr_exec_w(i->op, d, a, b, i->c, n, ws, ww);
    }
}

/* The workspace above DN_TAYLOR_MAX: after the registers, 4 (n + 1) doubles for
 * rescaled operands, then the exponent of each register (src/range.h). */
static double *scaled_keep(const dn_expr *e, double *w, unsigned n)
{
    return w + (size_t)e->nregs * (n + 1);
}
static double *scaled_exps(const dn_expr *e, double *w, unsigned n)
{
    return scaled_keep(e, w, n) + 4 * ((size_t)n + 1);
}

/* The program above DN_TAYLOR_MAX: register r holds d_k 2^(-m_r k) with its own exponent
 * m_r (src/range.h, mode DNI_RANGE_SCALED), so that intermediate results stay finite
 * where their derivatives exceed DBL_MAX. The operands of an instruction are brought to
 * the larger exponent; the instruction may run again on operands rescaled further. */
static DNI_EXPR_NOINLINE void run_scaled(const dn_expr *e, double *w, unsigned n)
{
    size_t len = (size_t)n + 1;
    double *keep = scaled_keep(e, w, n), *exps = scaled_exps(e, w, n);
    double *ws = scratch_ws(e, w, n);
    dni_wide *ww = scratch_ww(e, w, n);
    for (unsigned r = 0; r < e->nregs; r++) exps[r] = 0.0;
    for (const dn_expr_ins *i = e->ins, *end = i + e->nins; i != end; i++) {
        double *d = w + i->dst * len;
        const double *a = w + i->a * len, *b = w + i->b * len;
        double c = i->c;
        unsigned nin = nargs(i->op);
        int ma = nin ? (int)exps[i->a] : 0, mb = nin == 2 ? (int)exps[i->b] : 0;
        int mc = ma > mb ? ma : mb, mx = 0;
        if (nin) { /* copies (d may be a or b), at the common exponent */
            dni_range_scale(keep, a, n, mc - ma);
            if (nin == 2) dni_range_scale(keep + len, b, n, mc - mb);
            a = keep, b = keep + len;
        }
        dni_expr_exec_w(i->op, d, a, b, c, n, ws, ww);
        if (nin) {
            double *outs[1] = {d};
            DNI_RANGE_RERUN(n, keep, nin, outs, 1, POINT_AB,
                            dni_expr_exec_w(i->op, d, a, b, c, n, ws, ww), DNI_RANGE_SCALED,
                            mx);
        }
        exps[i->dst] = dni_range_relax(d, n, mc + mx);
    }
}

/* The program at an order n <= DVEC_CONST_MAX without a specialised program. */
static DNI_EXPR_NOINLINE void run_tab(const dn_expr *e, double *w, unsigned n)
{
    const dvec_ktab *K = &dni_dvec_k[n];
    size_t len = (size_t)n + 1;
    /* the special functions' (the table has its own) */
    double ws[DNI_W_MAX(DVEC_CONST_MAX)];
    for (const dn_expr_ins *i = e->ins, *end = i + e->nins; i != end; i++) {
        double *d = w + i->dst * len;
        const double *a = w + i->a * len, *b = w + i->b * len;
        double c = i->c;
        DNI_EXPR_EXEC_BY(DNI_KT_ROW_, dni_kt_, i->op, d, a, b, c, n, ws, )
    }
}

/* Runs the program on the registers in w (variables already in place), order n. */
static void run(const dn_expr *e, double *w, unsigned n)
{
    if (dni_expr_run_fixed(e, w, n)) return;
    if (n <= DVEC_CONST_MAX) run_tab(e, w, n);
    else if (n <= DN_TAYLOR_MAX) run_dyn(e, w, n);
    else run_scaled(e, w, n);
}

/* The exponent m of the result register after run (0 up to DN_TAYLOR_MAX). */
static int result_exp(const dn_expr *e, double *w, unsigned n)
{
    return n > DN_TAYLOR_MAX ? (int)scaled_exps(e, w, n)[e->result] : 0;
}

int dn_expr_eval(const dn_expr *e, unsigned n, const double *args, double *out,
                 double *work)
{
    if (!e || !out || !work || (e->nvars && !args)) return DN_EINVAL;
    if (n > DN_ORDER_MAX) return DN_ERANGE;
    size_t len = (size_t)n + 1, nin = e->nvars * len;
    /* plain loops: a library memcpy call costs more than these few doubles */
    for (size_t k = 0; k < nin; k++) work[k] = args[k];
    run(e, work, n);
    const double *res = work + e->result * len; /* out may alias args, never work */
    int m = result_exp(e, work, n);
    for (size_t k = 0; k < len; k++) out[k] = m ? ldexp(res[k], m * (int)k) : res[k];
    return DN_OK;
}

int dn_expr_eval_coeffs(const dn_expr *e, unsigned n, const double *args, double *out,
                        double *work)
{
    if (!e || !out || !work || (e->nvars && !args)) return DN_EINVAL;
    if (n > DN_ORDER_MAX) return DN_ERANGE;
    size_t len = (size_t)n + 1, nin = e->nvars * len;
    for (size_t k = 0; k < nin; k++) work[k] = args[k];
    run(e, work, n);
    const double *res = work + e->result * len;
    int m = result_exp(e, work, n);
    long double f = 1.0L; /* k!, in the range of long double where it is wider */
    for (size_t k = 0; k < len; k++) {
        if (k) f *= (long double)k;
        out[k] = (double)(ldexpl((long double)res[k], m * (int)k) / f);
    }
    return DN_OK;
}

int dn_expr_eval_dvec(const dn_expr *e, dvec *r, const dvec *const *args, double *work)
{
    if (!work) return DN_EINVAL;
    int order = dni_expr_dvec_order(e, r, args);
    if (order < 0) return order;
    unsigned n = (unsigned)order;
    size_t len = (size_t)n + 1;
    for (unsigned i = 0; i < e->nvars; i++) dvec_get_derivs(work + i * len, args[i]);
    run(e, work, n);
    double *res = work + e->result * len;
    int m = result_exp(e, work, n);
    if (m) dni_range_scale(res, res, n, -m);
    return dvec_set_derivs(r, res, n);
}

/* dn_expr_eval_oN: copy the arguments into the registers, run, copy the result out. */
#define DNI_EXPR_EVAL_FIXED(N)                                                             \
    int dn_expr_eval_o##N(const dn_expr *e, dnum_o##N *r, const dnum_o##N *args,           \
                          double *work)                                                    \
    {                                                                                      \
        if (!e || !r || !work || (e->nvars && !args)) return DN_EINVAL;                    \
        for (unsigned v = 0; v < e->nvars; v++)                                            \
            memcpy(work + v * ((N) + 1), args[v].d, sizeof args[v].d);                     \
        run(e, work, N);                                                                   \
        memcpy(r->d, work + e->result * ((N) + 1), sizeof r->d);                           \
        return DN_OK;                                                                      \
    }
DNI_DNUM_FOR_EACH_ORDER(DNI_EXPR_EVAL_FIXED)
