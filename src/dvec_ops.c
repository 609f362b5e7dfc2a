/* Dvec arithmetic and elementary functions: thin front ends over the kernel layer.
 * Each function is one call of dvec_op (or dvec_run) with the expression engine's
 * operation: its kernel inline at orders 1..DVEC_FUSED_MAX (an elementary operation),
 * the kernel of the order-specialised programs up to order 8
 * (dispatch/fixed.c), the table of constant-order instances up to DVEC_CONST_MAX
 * (dvec_kernels.c), else the rolled kernel with scratch from r's allocator (one block
 * per call: the kernel's arrays, the operands' views where the deque wraps, the copies
 * kept for the range rescaling). */
#include "dnum/internal/kernel.h"
#include "dvec_impl.h"
#include "expr_impl.h" /* dni_expr_op: one operation at any order */
#include "range.h"
#include "kernels_x.h" /* dni_xk_*: the rolled kernels, compiled once */

#if defined(__GNUC__) || defined(__clang__)
#define DVEC_INLINE inline __attribute__((always_inline))
#define DVEC_NOINLINE __attribute__((noinline))
#define DVEC_LIKELY(c) __builtin_expect(!!(c), 1)
#else
#define DVEC_INLINE inline
#define DVEC_NOINLINE
#define DVEC_LIKELY(c) (c)
#endif
/* The front ends: every kernel inlined whole, and under GCC without SLP vectorisation.
 * Vectorised, the kernels inline at orders 1..4 loaded pairs of an operand with 16-byte
 * loads spanning the 8- and 16-byte stores that the previous operation had just written,
 * which the store buffer cannot forward (as DNI_SQUARE_NOSLP, expr_impl.h): Dvec W2 at
 * order 4 took 1.1x as long. Their calls of the C library (exp, log, sincos, ...) load
 * the address from the GOT instead of jumping through the PLT (no-plt; in a shared
 * library only): one jump less per call, Dvec W1 at order 2 1.04x faster. */
#if defined(__GNUC__) && !defined(__clang__)
#define DVEC_FLATTEN __attribute__((flatten, optimize("no-tree-slp-vectorize", "no-plt")))
#elif defined(__clang__)
#define DVEC_FLATTEN __attribute__((flatten))
#else
#define DVEC_FLATTEN
#endif

/* Above DN_TAYLOR_MAX the O(N^2) kernels may overflow where the derivatives do not
 * (src/range.h): the RANGED front ends save their operands in keep (KEEP_NEED doubles of
 * the scratch) so that the call can run again on rescaled copies. */
#define KEEP_NEED(ranged, nin, len)                                                        \
    ((ranged) && (len) > DN_TAYLOR_MAX + 1 ? 2 * (nin) * (size_t)(len) : 0)
static double *keep_open(double *keep, unsigned ranged, unsigned nin, unsigned len,
                         const double **p0, const double **p1)
{
    if (!KEEP_NEED(ranged, nin, len)) return NULL;
    const double **p[2] = {p0, p1};
    for (unsigned i = 0; i < nin; i++) {
        for (unsigned k = 0; k < len; k++) keep[i * len + k] = (*p[i])[k];
        *p[i] = keep + i * len;
    }
    return keep;
}
#define POINT_AB(i, p) (*((i) ? &pb : &pa) = (p))

/* One operation of a Dvec front end: the expression engine's operation op (constant c),
 * pown with its long exponent m, or apply with the callback h. */
typedef struct dvec_call {
    unsigned op;
    double c;
    long m;
    dn_deriv_fn h;
    void *ctx;
} dvec_call;

/* the operations whose kernels are linear (no O(N^2) work, nothing to rescale) */
static int linear_op(unsigned op)
{
    switch (op) {
    case DN_OP_ADD:
    case DN_OP_SUB:
    case DN_OP_NEG:
    case DN_OP_ABS:
    case DN_OP_ADD_D:
    case DN_OP_MUL_D:
    case DN_OP_DIV_D:
    case DN_OP_D_SUB: return 1;
    default: return 0;
    }
}

/* The scratch of call k at order n: nd doubles, nw wide numbers (none up to
 * DVEC_CONST_MAX, where the kernels keep it on the stack, but for apply). */
static void call_scratch(const dvec_call *k, unsigned n, size_t *nd, size_t *nw)
{
    *nd = *nw = 0;
    if (k->h) {
        *nd = DNI_W_apply(n);
        return;
    }
    if (n <= DVEC_CONST_MAX) return;
    switch (k->op) {
#define SD(A, f, OP, shape, ...) SD_##shape(f, OP)
#define SD_DNI_NOWS(f, OP)
#define SD_DNI_WS(f, OP)                                                                   \
    case DN_OP_##OP:                                                                       \
        *nd = DNI_W_##f(n);                                                                \
        break;
#define SD_DNI_WSW(f, OP)                                                                  \
    case DN_OP_##OP:                                                                       \
        *nd = DNI_W_##f(n);                                                                \
        *nw = DNI_WW_##f(n);                                                               \
        break;
#define SDI(A, f, OP, ...) SD_DNI_WS(f, OP)
        DNI_XK_LIST(SD, SD, SDI)
        SD_DNI_WS(d_div, D_DIV)
        SD_DNI_WSW(pow_d, POW_D)
        SD_DNI_WSW(pown, POWN)
#undef SD
#undef SD_DNI_NOWS
#undef SD_DNI_WS
#undef SD_DNI_WSW
#undef SDI
    default: break;
    }
}

/* d = k(a, b) at order n */
static void call_run(const dvec_call *k, double *d, const double *a, const double *b,
                     unsigned n, double *ws, dni_wide *ww)
{
    if (k->h) dni_xk_apply_w(d, a, k->h, k->ctx, n, ws);
    else if (k->op != DN_OP_POWN) dni_expr_op(k->op, d, a, b, k->c, n, ws, ww);
    else if (n <= DVEC_CONST_MAX) dni_dvec_k[n].pown(d, a, k->m);
    else dni_xk_pown_w(d, a, k->m, n, ws, ww);
}

/* r = k(a) (nin = 1) or k(a, b) (nin = 2); the orders must agree. Takes contiguous views
 * of the operands, prepares the output (the only step that can fail), runs the kernel
 * (again on rescaled copies above DN_TAYLOR_MAX where it overflowed, src/range.h) and
 * commits. */
static int dvec_run(dvec *r, const dvec *a, const dvec *b, unsigned nin,
                    const dvec_call *kp)
{
    dvec_call k = *kp;
    if (!dni_dvec_ok(r) || !dni_dvec_ok(a) || (nin == 2 && !dni_dvec_ok(b)))
        return DN_EINVAL;
    if (nin == 2 && a->len != b->len) return DN_EORDER;
    unsigned len = a->len, n = len - 1, ranged = k.h || !linear_op(k.op);
    size_t nd, nw, na = dni_dvec_view_need(a), nb = nin == 2 ? dni_dvec_view_need(b) : 0;
    call_scratch(&k, n, &nd, &nw);
    dvec_scratch S;
    if (dni_dvec_scratch(&S, r->al, nd + na + nb + KEEP_NEED(ranged, nin, len), nw))
        return DN_ENOMEM;
    /* the kernel's scratch first (aligned), the views, keep */
    double *ws = S.d, *tv = S.d + nd;
    const double *pa = dni_dvec_view(a, tv),
                 *pb = nin == 2 ? dni_dvec_view(b, tv + na) : pa;
    double *keep = keep_open(tv + na + nb, ranged, nin, len, &pa, nin == 2 ? &pb : NULL);
    if (keep && nin == 1) pb = pa;
    dvec_out o;
    int rc = dni_dvec_begin(&o, r, len);
    if (!rc) {
        call_run(&k, o.dst, pa, pb, n, ws, S.w);
        if (keep) {
            double *outs[1] = {o.dst};
            int rng_m;
            DNI_RANGE_RERUN(n, keep, nin, outs, 1, POINT_AB,
                            call_run(&k, o.dst, pa, nin == 2 ? pb : pa, n, ws, S.w),
                            DNI_RANGE_DERIVS, rng_m);
            if (rng_m) dni_range_scale(o.dst, o.dst, n, -rng_m);
        }
        dni_dvec_end(&o);
    }
    dni_dvec_scratch_free(&S);
    return rc ? DN_ENOMEM : DN_OK;
}

/* d = op(a, b; c) at order n, 1 <= n <= DVEC_CONST_MAX, with the kernel out of line: the
 * order-specialised programs' operation up to DN_EXPR_SPEC_MAX, else the table of
 * constant-order instances (through dni_expr_op). */
static DVEC_INLINE void op_call(unsigned op, double *d, const double *a, const double *b,
                                double c, unsigned n)
{
    if (n <= DN_EXPR_SPEC_MAX) dni_expr_ops(n)[op](d, a, b, c);
    else dni_expr_op(op, d, a, b, c, n, NULL, NULL);
}

/* r = op(a; c) or op(a, b) in general: dvec_run, with a short path of its own for the
 * orders up to DVEC_CONST_MAX, whose kernels keep their scratch on the stack and need no
 * rescaling: the views (copies where a deque wraps), the output protocol, then one call
 * of the order's operation (through dvec_run, Dvec W2 took 1.4x as long at order 2 and
 * 1.2x at order 16). */
static DVEC_NOINLINE int dvec_op_any(dvec *r, const dvec *a, const dvec *b, unsigned nin,
                                     unsigned op, double c)
{
    if (dni_dvec_ok(r) && dni_dvec_ok(a) &&
        (nin == 1 || (dni_dvec_ok(b) && a->len == b->len)) && a->len - 2 < DVEC_CONST_MAX) {
        unsigned len = a->len, n = len - 1;
        double tv[2 * (DVEC_CONST_MAX + 1)];
        const double *pa = dni_dvec_view(a, tv),
                     *pb = nin == 2 ? dni_dvec_view(b, tv + len) : pa;
        dvec_out o;
        if (dni_dvec_begin(&o, r, len)) return DN_ENOMEM;
        op_call(op, o.dst, pa, pb, c, n);
        dni_dvec_end(&o);
        return DN_OK;
    }
    dvec_call k = {op, c, 0, NULL, NULL};
    return dvec_run(r, a, b, nin, &k);
}

/* The orders at which the elementary operations run their kernel inline in each front end
 * (expanded for the constant order by DNI_EXPR_EXEC, as in the order-specialised programs
 * of dispatch/fixed.c and in dnum_oN: the same arithmetic, the same roundings). Through the
 * programs' table, each operation added an indirect call and a second return to its
 * kernel: Dvec W1 at order 2 took 2.4x the time of the C floor, 2.1x inline (W2 at order
 * 4: 1.7x, 1.3x). The special functions keep their rolled kernels, through the table
 * (their own work dominates). Inline, a square (a == b, x * x) runs the product with both
 * operands named a, so that the compiler shares a_j a_(k-j) and a_(k-j) a_j: the same
 * roundings, half the multiplies (as sqr_N from order 8 up, DNI_SQUARE_ATTR in
 * expr_impl.h; out of line below order 8 the call cost what it saved). Orders 1..4 make
 * this file take about 5 CPU seconds to compile instead of 0.6 (gcc 12 -O3). */
#define DVEC_FUSED_MAX 4

/* whether op is an elementary operation (a constant after inlining) */
static DVEC_INLINE int fused_op(unsigned op)
{
    switch (op) {
#define FUSED_CASE(N, f, OP, ...) case DN_OP_##OP:
        DNI_EXPR_OP_LIST_ELEM(FUSED_CASE, ~)
#undef FUSED_CASE
        return 1;
    default: return 0;
    }
}

/* One case of dvec_op's switch: r = op(a, b; c) at the constant order N <= DVEC_FUSED_MAX,
 * the kernel inline (op a constant); a square (a == b) with both operands named pa. */
#define FUSED_ORDER(N)                                                                     \
    case N: {                                                                              \
        double ws[DNI_W_MAX(N)];                                                           \
        dni_wide ww[DNI_WW_MAX(N)];                                                        \
        (void)ws;                                                                          \
        (void)ww;                                                                          \
        r->len = len;                                                                      \
        if (op == DN_OP_MUL && a == bb) dni_mul_w(d, pa, pa, N, ws);                       \
        else DNI_EXPR_EXEC(dni_, op, d, pa, pb, c, N, ws, DNI_EXPR_COMMA ww)               \
        return DN_OK;                                                                      \
    }

/* r = op(a; c) or op(a, b), inline in each front end: the common case first, orders
 * 1..DVEC_CONST_MAX with operands of equal order and every head 0 (what a loop that
 * reuses its dvecs has), else dvec_op_any (which runs the same kernels, also for a deque
 * that starts past the front of its buffer, after an in-place dvec_D). The test needs no
 * NULL-buffer checks: a dvec with len or cap above 0 has storage (dvec_clear zeroes all
 * three), so len >= 2 proves a and b initialised and len <= r->cap proves r (and, the
 * heads 0, that no deque wraps, as cap >= len always). Nothing can fail then: r takes its
 * length and the kernel runs, inline up to DVEC_FUSED_MAX (an elementary operation), each
 * order a case that returns from its own end, else one call with no value live across it
 * (no saved registers, no frame). Every instruction and taken jump of this path counts at
 * low orders (docs/dvec.md, "Speed"): a test of any contiguous deque costs three more
 * additions, and cases that share one return a jump more each. */
static DVEC_INLINE int dvec_op(dvec *r, const dvec *a, const dvec *b, unsigned nin,
                               unsigned op, double c)
{
    const dvec *bb = nin == 2 ? b : a;
    if (DVEC_LIKELY(r && a && bb)) {
        unsigned len = a->len, n = len - 1;
        if (DVEC_LIKELY((a->head | bb->head | r->head) == 0 && bb->len == len &&
                        len <= r->cap)) {
            double *d = r->buf;
            const double *pa = a->buf, *pb = bb->buf;
            if (fused_op(op) && n <= DVEC_FUSED_MAX) {
                switch (n) {
                    FUSED_ORDER(1)
                    FUSED_ORDER(2)
                    FUSED_ORDER(3)
                    FUSED_ORDER(4)
                default: break;
                }
            }
            if (n - 1 < DVEC_CONST_MAX) {
                r->len = len;
                op_call(op, d, pa, pb, c, n);
                return DN_OK;
            }
        }
    }
    return dvec_op_any(r, a, b, nin, op, c);
}
_Static_assert(DVEC_FUSED_MAX == 4, "dvec_op lists the orders 1..DVEC_FUSED_MAX");
#undef FUSED_ORDER

/* the two-argument functions, and those of the operation table (dnum/internal/ops.h) */
#define B(f, OP)                                                                           \
    DVEC_FLATTEN int dvec_##f(dvec *r, const dvec *a, const dvec *b)                       \
    {                                                                                      \
        return dvec_op(r, a, b, 2, DN_OP_##OP, 0.0);                                       \
    }
#define BT(A, f, OP, ...) B(f, OP)
B(add, ADD) B(sub, SUB) B(div, DIV) DNI_OPS_BINARY(BT, ~)
/* r = a * a, dvec_mul's case a == b: dvec_op with the square's kernels, in a function of
 * its own (in one function with the product's, each case had under 10% of the calls by
 * GCC's estimate, and GCC then gives the cases one shared return, reached by a jump) */
static DVEC_FLATTEN DVEC_NOINLINE int dvec_sqr(dvec *r, const dvec *a)
{
    return dvec_op(r, a, a, 2, DN_OP_MUL, 0.0);
}
DVEC_FLATTEN int dvec_mul(dvec *r, const dvec *a, const dvec *b)
{
    return DVEC_LIKELY(a != b) ? dvec_op(r, a, b, 2, DN_OP_MUL, 0.0) : dvec_sqr(r, a);
}
#undef B
#undef BT

/* the one-argument functions */
#define U(f, OP)                                                                           \
    DVEC_FLATTEN int dvec_##f(dvec *r, const dvec *u)                                      \
    {                                                                                      \
        return dvec_op(r, u, NULL, 1, DN_OP_##OP, 0.0);                                    \
    }
#define UT(A, f, OP, ...) U(f, OP)
U(neg, NEG) DNI_OPS_UNARY(UT, ~)
#undef U
#undef UT

/* with a constant */
#define C(f, OP, c_arg, c_val)                                                             \
    DVEC_FLATTEN int dvec_##f(dvec *r, const dvec *u, double c_arg)                        \
    {                                                                                      \
        return dvec_op(r, u, NULL, 1, DN_OP_##OP, c_val);                                  \
    }
/* clang-format off */
C(pow_d, POW_D, p, p) C(add_d, ADD_D, c, c) C(sub_d, ADD_D, c, -c) C(mul_d, MUL_D, c, c)
C(div_d, DIV_D, c, c)
#undef C
DVEC_FLATTEN int dvec_d_sub(dvec *r, double c, const dvec *u)
{
    return dvec_op(r, u, NULL, 1, DN_OP_D_SUB, c);
}
/* clang-format on */
DVEC_FLATTEN int dvec_d_div(dvec *r, double c, const dvec *u)
{
    return dvec_op(r, u, NULL, 1, DN_OP_D_DIV, c);
}
int dvec_pown(dvec *r, const dvec *u, long m)
{
    dvec_call k = {DN_OP_POWN, 0.0, m, NULL, NULL};
    return dvec_run(r, u, NULL, 1, &k);
}
#define I(A, f, OP, ...)                                                                   \
    int dvec_##f(dvec *r, int m, const dvec *u)                                            \
    {                                                                                      \
        return dvec_op(r, u, NULL, 1, DN_OP_##OP, (double)m);                              \
    }
DNI_OPS_INT(I, ~)
#undef I
int dvec_apply(dvec *r, const dvec *u, dn_deriv_fn h, void *ctx)
{
    if (!h) return DN_EINVAL;
    dvec_call k = {0, 0.0, 0, h, ctx};
    return dvec_run(r, u, NULL, 1, &k);
}

/* s = f(u), c = g(u) from one recurrence: dvec_sincos, dvec_sinhcosh (dvec_pair_body.h,
 * once per pair) */
#define POINT_U(i, p) (pu = (p))
#define DVEC_PAIR_F sincos
#include "dvec_pair_body.h"
#define DVEC_PAIR_F sinhcosh
#include "dvec_pair_body.h"
