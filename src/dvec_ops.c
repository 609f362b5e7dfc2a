/* Dvec arithmetic and elementary functions: thin front ends over the kernel layer.
 * Each takes contiguous views of its operands, prepares the output (the only step that
 * can fail), runs the kernel and commits. The O(N^2) kernels come from the expression
 * engine's specialised orders (expr_fixed.c) and the table of constant-order instances
 * up to DVEC_CONST_MAX (dvec_kernels.c), else run with n and
 * scratch from r's allocator (one block per call: the kernel's arrays, the operands'
 * views where the deque wraps, the copies kept for the range rescaling). */
#define DN_NO_UNROLL /* run-time orders here: the kernels stay rolled loops */
#include "dnum/kernel.h"
#include "dvec_impl.h"
#include "expr_impl.h" /* _dn_expr_exec_w: the rolled kernels, compiled once */
#include "range.h"

#if defined(__GNUC__) && !defined(__clang__)
/* the same GCC 12 false positive as in inlines.c (rolled exp recurrence) */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

/* Above DN_TAYLOR_MAX the O(N^2) kernels may overflow where the derivatives do not
 * (src/range.h): the RANGED front ends save their operands in keep (KEEP_NEED doubles of
 * the scratch) so that the call can run again on rescaled copies. */
#define KEEP_NEED(ranged, nin, len) ((ranged) && (len) > DN_TAYLOR_MAX + 1 ? 2 * (nin) * (size_t)(len) : 0)
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
#define POINT_U(i, p) (pu = (p))
#define POINT_AB(i, p) (*((i) ? &pb : &pa) = (p))

/* r = call (reads pu, writes o.dst) with the kernel's scratch ws (ND doubles) and ww (NW
 * wide numbers); RANGED: 1 for the O(N^2) kernels. */
#define DVEC_UNARY_R(ranged, name, ND, NW, call)                                           \
    int dvec_##name                                                                        \
    {                                                                                      \
        if (!_dn_dvec_ok(r) || !_dn_dvec_ok(u)) return DN_EINVAL;                          \
        unsigned len = u->len, n = len - 1;                                                \
        size_t nd = (size_t)(ND), nv = _dn_dvec_view_need(u);                              \
        dvec_scratch S;                                                                    \
        if (_dn_dvec_scratch(&S, r->al, nd + nv + KEEP_NEED(ranged, 1, len), (size_t)(NW))) \
            return DN_ENOMEM;                                                              \
        double *ws = S.d; /* the kernel's scratch first (aligned), then u's view, keep */  \
        _dn_wide *ww = S.w;                                                                \
        (void)ws;                                                                          \
        (void)ww;                                                                          \
        const double *pu = _dn_dvec_view(u, S.d + nd);                                     \
        double *keep = keep_open(S.d + nd + nv, ranged, 1, len, &pu, NULL);                \
        dvec_out o;                                                                        \
        int rc = _dn_dvec_begin(&o, r, len);                                               \
        if (!rc) {                                                                         \
            call;                                                                          \
            if (keep) {                                                                    \
                double *outs[1] = {o.dst};                                                 \
                int rng_m;                                                                 \
                _DN_RANGE_RERUN(n, keep, 1, outs, 1, POINT_U, call, _DN_RANGE_DERIVS, rng_m); \
                if (rng_m) _dn_range_scale(o.dst, o.dst, n, -rng_m);                       \
            }                                                                              \
            _dn_dvec_end(&o);                                                              \
        }                                                                                  \
        _dn_dvec_scratch_free(&S);                                                         \
        return rc ? DN_ENOMEM : DN_OK;                                                     \
    }
#define DVEC_UNARY(name, call) DVEC_UNARY_R(0, name, 0, 0, call)

/* r = kernel(a, b, n, ws, ww) (kernel: a function of that shape); the orders must agree. */
#define DVEC_BINARY_R(ranged, name, ND, NW, kernel)                                        \
    int dvec_##name(dvec *r, const dvec *a, const dvec *b)                                 \
    {                                                                                      \
        if (!_dn_dvec_ok(r) || !_dn_dvec_ok(a) || !_dn_dvec_ok(b)) return DN_EINVAL;       \
        if (a->len != b->len) return DN_EORDER;                                            \
        unsigned len = a->len, n = len - 1;                                                \
        size_t nd = (size_t)(ND), na = _dn_dvec_view_need(a), nb = _dn_dvec_view_need(b);  \
        dvec_scratch S;                                                                    \
        if (_dn_dvec_scratch(&S, r->al, nd + na + nb + KEEP_NEED(ranged, 2, len),          \
                             (size_t)(NW)))                                                \
            return DN_ENOMEM;                                                              \
        double *ws = S.d, *tv = S.d + nd; /* the kernel's scratch, the views, keep */      \
        const double *pa = _dn_dvec_view(a, tv), *pb = _dn_dvec_view(b, tv + na);          \
        double *keep = keep_open(tv + na + nb, ranged, 2, len, &pa, &pb);                  \
        dvec_out o;                                                                        \
        int rc = _dn_dvec_begin(&o, r, len);                                               \
        if (!rc) {                                                                         \
            kernel(o.dst, pa, pb, n, ws, S.w);                                             \
            if (keep) {                                                                    \
                double *outs[1] = {o.dst};                                                 \
                int rng_m;                                                                 \
                _DN_RANGE_RERUN(n, keep, 2, outs, 1, POINT_AB,                             \
                                kernel(o.dst, pa, pb, n, ws, S.w), _DN_RANGE_DERIVS, rng_m); \
                if (rng_m) _dn_range_scale(o.dst, o.dst, n, -rng_m);                       \
            }                                                                              \
            _dn_dvec_end(&o);                                                              \
        }                                                                                  \
        _dn_dvec_scratch_free(&S);                                                         \
        return rc ? DN_ENOMEM : DN_OK;                                                     \
    }

/* kernel f on the arguments ..., at the expression engine's specialised orders (1..8)
 * from its table of operations (d = f(a, b; c), every kernel inlined and unrolled), up
 * to DVEC_CONST_MAX from the table of kernels (both have their scratch on the stack),
 * else the rolled kernel of operation OP (one copy of every rolled kernel in the library)
 * with the scratch ws and ww; DVEC_KD: the table's kernel f or the rolled kernel itself
 * (pown's long, the pairs) */
#define DVEC_K(f, OP, d, a, b, c, ...)                                                     \
    (n - DN_EXPR_SPEC_MIN <= DN_EXPR_SPEC_MAX - DN_EXPR_SPEC_MIN                          \
         ? _dn_expr_ops(n)[DN_OP_##OP](d, a, b, c)                                         \
     : n <= DVEC_CONST_MAX ? _dn_dvec_k[n].f(__VA_ARGS__)                                  \
                           : _dn_expr_exec_w(DN_OP_##OP, d, a, b, c, n, ws, ww))
#define DVEC_KD(f, ...)                                                                    \
    (n <= DVEC_CONST_MAX ? _dn_dvec_k[n].f(__VA_ARGS__) : _dn_##f##_w(__VA_ARGS__, n, ws))
#define EXEC(OP, d, a, b, c) _dn_expr_exec_w(DN_OP_##OP, d, a, b, c, n, ws, ww)
/* their scratch sizes: none up to DVEC_CONST_MAX */
#define DVEC_W(f) (n <= DVEC_CONST_MAX ? 0 : _DN_W_##f(n))
#define DVEC_WW(f) (n <= DVEC_CONST_MAX ? 0 : _DN_WW_##f(n))

static void add_k(double *r, const double *a, const double *b, unsigned n, double *ws,
                  _dn_wide *ww)
{
    (void)ws;
    (void)ww;
    _dn_add(r, a, b, n);
}
static void sub_k(double *r, const double *a, const double *b, unsigned n, double *ws,
                  _dn_wide *ww)
{
    (void)ws;
    (void)ww;
    _dn_sub(r, a, b, n);
}
DVEC_BINARY_R(0, add, 0, 0, add_k)
DVEC_BINARY_R(0, sub, 0, 0, sub_k)
#define K2(f, OP)                                                                          \
    static void f##_k(double *r, const double *a, const double *b, unsigned n, double *ws, \
                      _dn_wide *ww)                                                        \
    {                                                                                      \
        DVEC_K(f, OP, r, a, b, 0.0, r, a, b);                                              \
    }
K2(mul, MUL) K2(div, DIV) K2(pow, POW) K2(atan2, ATAN2) K2(hypot, HYPOT)
#undef K2
DVEC_BINARY_R(1, mul, DVEC_W(mul), 0, mul_k)
DVEC_BINARY_R(1, div, DVEC_W(div), 0, div_k)
DVEC_BINARY_R(1, pow, DVEC_W(pow), DVEC_WW(pow), pow_k)
DVEC_BINARY_R(1, atan2, DVEC_W(atan2), DVEC_WW(atan2), atan2_k)
DVEC_BINARY_R(1, hypot, DVEC_W(hypot), DVEC_WW(hypot), hypot_k)

#define FN(f, OP)                                                                          \
    DVEC_UNARY_R(1, f(dvec *r, const dvec *u), DVEC_W(f), 0,                               \
                 DVEC_K(f, OP, o.dst, pu, pu, 0.0, o.dst, pu))
#define FNW(f, OP)                                                                         \
    DVEC_UNARY_R(1, f(dvec *r, const dvec *u), DVEC_W(f), DVEC_WW(f),                      \
                 DVEC_K(f, OP, o.dst, pu, pu, 0.0, o.dst, pu))
FN(exp, EXP) FN(expm1, EXPM1) FN(log, LOG) FN(log1p, LOG1P) FNW(sqrt, SQRT) FNW(cbrt, CBRT)
FN(sin, SIN) FN(cos, COS) FN(tan, TAN) FN(asin, ASIN) FN(acos, ACOS) FN(atan, ATAN)
FN(sinh, SINH) FN(cosh, COSH) FN(tanh, TANH) FN(asinh, ASINH) FN(acosh, ACOSH)
FN(atanh, ATANH) FN(erf, ERF) FN(erfc, ERFC)
#undef FN
#undef FNW
DVEC_UNARY(neg(dvec *r, const dvec *u), _dn_neg(o.dst, pu, n))
DVEC_UNARY(abs(dvec *r, const dvec *u), _dn_abs(o.dst, pu, n))

DVEC_UNARY_R(1, pow_d(dvec *r, const dvec *u, double p), DVEC_W(pow_d), DVEC_WW(pow_d),
             DVEC_K(pow_d, POW_D, o.dst, pu, pu, p, o.dst, pu, p))
DVEC_UNARY_R(1, pown(dvec *r, const dvec *u, long m), DVEC_W(pown), DVEC_WW(pown),
             (n <= DVEC_CONST_MAX ? _dn_dvec_k[n].pown(o.dst, pu, m)
                                  : _dn_pown_w(o.dst, pu, m, n, ws, ww)))
DVEC_UNARY(add_d(dvec *r, const dvec *u, double c), _dn_add_d(o.dst, pu, c, n))
DVEC_UNARY(sub_d(dvec *r, const dvec *u, double c), _dn_add_d(o.dst, pu, -c, n))
DVEC_UNARY(mul_d(dvec *r, const dvec *u, double c), _dn_mul_d(o.dst, pu, c, n))
DVEC_UNARY(div_d(dvec *r, const dvec *u, double c),
           double v0 = pu[0] / c; _dn_mul_d(o.dst, pu, 1.0 / c, n); o.dst[0] = v0)
DVEC_UNARY(d_sub(dvec *r, double c, const dvec *u),
           double v0 = c - pu[0]; _dn_neg(o.dst, pu, n); o.dst[0] = v0)
DVEC_UNARY_R(1, d_div(dvec *r, double c, const dvec *u), DVEC_W(d_div), 0,
             DVEC_K(d_div, D_DIV, o.dst, pu, pu, c, o.dst, c, pu))
static DVEC_UNARY_R(1, apply_(dvec *r, const dvec *u, dn_deriv_fn h, void *ctx),
                    _DN_W_apply(n), 0, _dn_apply_w(o.dst, pu, h, ctx, n, ws))

int dvec_apply(dvec *r, const dvec *u, dn_deriv_fn h, void *ctx)
{
    if (!h) return DN_EINVAL;
    return dvec_apply_(r, u, h, ctx);
}

/* The special functions (kernel_special.h): run with the run-time order, no table (their
 * point series run out of line anyway). */
#define SP1(f, OP)                                                                         \
    DVEC_UNARY_R(1, f(dvec *r, const dvec *u), _DN_W_##f(n), 0, EXEC(OP, o.dst, pu, pu, 0.0))
#define SP2(f, OP)                                                                         \
    static void f##_k(double *r, const double *a, const double *b, unsigned n, double *ws, \
                      _dn_wide *ww)                                                        \
    {                                                                                      \
        EXEC(OP, r, a, b, 0.0);                                                            \
    }                                                                                      \
    DVEC_BINARY_R(1, f, _DN_W_##f(n), 0, f##_k)
#define SPI(f, OP)                                                                         \
    DVEC_UNARY_R(1, f(dvec *r, int m, const dvec *u), _DN_W_##f(n), 0,                     \
                 EXEC(OP, o.dst, pu, pu, (double)m))
SP1(lgamma, LGAMMA) SP1(tgamma, TGAMMA) SP1(digamma, DIGAMMA) SP1(lambertw, LAMBERTW)
SP1(lambertwm1, LAMBERTWM1) SP1(erfinv, ERFINV) SP1(erfcinv, ERFCINV) SP1(j0, J0)
SP1(j1, J1) SP1(y0, Y0) SP1(y1, Y1) SP1(log2, LOG2) SP1(log10, LOG10) SP1(exp2, EXP2)
SP1(sinc, SINC) SP1(cot, COT) SP1(sinpi, SINPI) SP1(cospi, COSPI) SP1(floor, FLOOR)
SP1(ceil, CEIL)
SP2(min, MIN) SP2(max, MAX) SP2(fmod, FMOD)
SPI(polygamma, POLYGAMMA) SPI(jn, JN) SPI(yn, YN)
#undef SP1
#undef SP2
#undef SPI

/* s = f(u), c = g(u) from one recurrence (sincos, sinhcosh). */
#define DVEC_PAIR(name)                                                                    \
    int dvec_##name(dvec *s, dvec *c, const dvec *u)                                       \
    {                                                                                      \
        if (!_dn_dvec_ok(s) || !_dn_dvec_ok(c) || !_dn_dvec_ok(u) || s == c) return DN_EINVAL; \
        unsigned len = u->len, n = len - 1;                                                \
        size_t nd = (size_t)DVEC_W(name), nv = _dn_dvec_view_need(u);                      \
        dvec_scratch S;                                                                    \
        if (_dn_dvec_scratch(&S, s->al, nd + nv + KEEP_NEED(1, 1, len), 0)) return DN_ENOMEM; \
        double *ws = S.d;                                                                  \
        const double *pu = _dn_dvec_view(u, S.d + nd);                                     \
        double *keep = keep_open(S.d + nd + nv, 1, 1, len, &pu, NULL);                     \
        dvec_out os, oc;                                                                   \
        int rc = _dn_dvec_begin(&os, s, len);                                              \
        if (!rc && (rc = _dn_dvec_begin(&oc, c, len)))                                     \
            _dn_dvec_free(s->al, os.fresh, len);                                           \
        if (!rc) {                                                                         \
            DVEC_KD(name, os.dst, oc.dst, pu); /* the kernel reads u before writing */     \
            if (keep) {                                                                    \
                double *outs[2] = {os.dst, oc.dst};                                        \
                int rng_m;                                                                 \
                _DN_RANGE_RERUN(n, keep, 1, outs, 2, POINT_U,                              \
                                DVEC_KD(name, os.dst, oc.dst, pu), _DN_RANGE_DERIVS, rng_m); \
                for (int j = 0; rng_m && j < 2; j++)                                       \
                    _dn_range_scale(outs[j], outs[j], n, -rng_m);                          \
            }                                                                              \
            _dn_dvec_end(&os);                                                             \
            _dn_dvec_end(&oc);                                                             \
        }                                                                                  \
        _dn_dvec_scratch_free(&S);                                                         \
        return rc ? DN_ENOMEM : DN_OK;                                                     \
    }
DVEC_PAIR(sincos)
DVEC_PAIR(sinhcosh)
