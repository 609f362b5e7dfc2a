/* Dvec arithmetic and elementary functions: thin front ends over the kernel layer.
 * Each takes contiguous views of its operands, prepares the output (the only step that
 * can fail), runs the kernel and commits. The O(N^2) kernels come from the table of
 * constant-order instances up to DVEC_CONST_MAX (dvec_kernels.c), else run with n. */
#define DN_NO_UNROLL /* run-time orders here: the kernels stay rolled loops */
#include "dnum/kernel.h"
#include "dvec_impl.h"
#include "range.h"

#if defined(__GNUC__) && !defined(__clang__)
/* the same GCC 12 false positive as in inlines.c (rolled exp recurrence) */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

/* Above DN_TAYLOR_MAX the O(N^2) kernels may overflow where the derivatives do not
 * (src/range.h): the RANGED front ends save their operands in keep (2 nin len doubles
 * from r's allocator) so that the call can run again on rescaled copies. */
static double *keep_open(const dvec *r, unsigned ranged, unsigned nin, unsigned len,
                         const double **p0, const double **p1)
{
    if (!ranged || len <= DN_TAYLOR_MAX + 1) return NULL;
    double *keep = _dn_dvec_alloc(r->al, 2 * nin * len);
    if (!keep) return NULL;
    const double **p[2] = {p0, p1};
    for (unsigned i = 0; i < nin; i++) {
        for (unsigned k = 0; k < len; k++) keep[i * len + k] = (*p[i])[k];
        *p[i] = keep + i * len;
    }
    return keep;
}
#define KEEP_FAILED(keep, ranged, len) (!(keep) && (ranged) && (len) > DN_TAYLOR_MAX + 1)
#define POINT_U(i, p) (pu = (p))
#define POINT_AB(i, p) (*((i) ? &pb : &pa) = (p))

/* r = kernel(u) (CALL reads pu, writes o.dst); RANGED: 1 for the O(N^2) kernels. */
#define DVEC_UNARY_R(ranged, name, call)                                                   \
    int dvec_##name                                                                        \
    {                                                                                      \
        if (!_dn_dvec_ok(r) || !_dn_dvec_ok(u)) return DN_EINVAL;                          \
        unsigned len = u->len, n = len - 1;                                                \
        double tu[len];                                                                    \
        const double *pu = _dn_dvec_view(u, tu);                                           \
        double *keep = keep_open(r, ranged, 1, len, &pu, NULL);                            \
        if (KEEP_FAILED(keep, ranged, len)) return DN_ENOMEM;                              \
        dvec_out o;                                                                        \
        if (_dn_dvec_begin(&o, r, len)) {                                                  \
            if (keep) _dn_dvec_free(r->al, keep, 2 * len);                                 \
            return DN_ENOMEM;                                                              \
        }                                                                                  \
        call;                                                                              \
        if (keep) {                                                                        \
            double *outs[1] = {o.dst};                                                     \
            _DN_RANGE_RERUN(n, keep, 1, outs, 1, POINT_U, call);                           \
            _dn_dvec_free(r->al, keep, 2 * len);                                           \
        }                                                                                  \
        _dn_dvec_end(&o);                                                                  \
        return DN_OK;                                                                      \
    }
#define DVEC_UNARY(name, call) DVEC_UNARY_R(0, name, call)

/* r = kernel(a, b); the orders must agree. */
#define DVEC_BINARY_R(ranged, name, kernel)                                                \
    int dvec_##name(dvec *r, const dvec *a, const dvec *b)                                 \
    {                                                                                      \
        if (!_dn_dvec_ok(r) || !_dn_dvec_ok(a) || !_dn_dvec_ok(b)) return DN_EINVAL;       \
        if (a->len != b->len) return DN_EORDER;                                            \
        unsigned len = a->len, n = len - 1;                                                \
        double ta[len], tb[len];                                                           \
        const double *pa = _dn_dvec_view(a, ta), *pb = _dn_dvec_view(b, tb);               \
        double *keep = keep_open(r, ranged, 2, len, &pa, &pb);                             \
        if (KEEP_FAILED(keep, ranged, len)) return DN_ENOMEM;                              \
        dvec_out o;                                                                        \
        if (_dn_dvec_begin(&o, r, len)) {                                                  \
            if (keep) _dn_dvec_free(r->al, keep, 4 * len);                                 \
            return DN_ENOMEM;                                                              \
        }                                                                                  \
        kernel(o.dst, pa, pb, n);                                                          \
        if (keep) {                                                                        \
            double *outs[1] = {o.dst};                                                     \
            _DN_RANGE_RERUN(n, keep, 2, outs, 1, POINT_AB, kernel(o.dst, pa, pb, n));      \
            _dn_dvec_free(r->al, keep, 4 * len);                                           \
        }                                                                                  \
        _dn_dvec_end(&o);                                                                  \
        return DN_OK;                                                                      \
    }
#define DVEC_BINARY(name, kernel) DVEC_BINARY_R(0, name, kernel)

/* kernel f on the arguments ..., from the table when the order allows */
#define DVEC_K(f, ...)                                                                     \
    (n <= DVEC_CONST_MAX ? _dn_dvec_k[n].f(__VA_ARGS__) : _dn_##f(__VA_ARGS__, n))

DVEC_BINARY(add, _dn_add)
DVEC_BINARY(sub, _dn_sub)
#define K2(f) static void f##_k(double *r, const double *a, const double *b, unsigned n)   \
    { DVEC_K(f, r, a, b); }                                                                \
    DVEC_BINARY_R(1, f, f##_k)
K2(mul) K2(div) K2(pow) K2(atan2) K2(hypot)
#undef K2

#define FN(f) DVEC_UNARY_R(1, f(dvec *r, const dvec *u), DVEC_K(f, o.dst, pu))
DVEC_K1_LIST(FN)
#undef FN
DVEC_UNARY(neg(dvec *r, const dvec *u), _dn_neg(o.dst, pu, n))
DVEC_UNARY(abs(dvec *r, const dvec *u), _dn_abs(o.dst, pu, n))

DVEC_UNARY_R(1, pow_d(dvec *r, const dvec *u, double p), DVEC_K(pow_d, o.dst, pu, p))
DVEC_UNARY_R(1, pown(dvec *r, const dvec *u, long m), DVEC_K(pown, o.dst, pu, m))
DVEC_UNARY(add_d(dvec *r, const dvec *u, double c), _dn_add_d(o.dst, pu, c, n))
DVEC_UNARY(sub_d(dvec *r, const dvec *u, double c), _dn_add_d(o.dst, pu, -c, n))
DVEC_UNARY(mul_d(dvec *r, const dvec *u, double c), _dn_mul_d(o.dst, pu, c, n))
DVEC_UNARY(div_d(dvec *r, const dvec *u, double c),
           double v0 = pu[0] / c; _dn_mul_d(o.dst, pu, 1.0 / c, n); o.dst[0] = v0)
DVEC_UNARY(d_sub(dvec *r, double c, const dvec *u),
           double v0 = c - pu[0]; _dn_neg(o.dst, pu, n); o.dst[0] = v0)
DVEC_UNARY_R(1, d_div(dvec *r, double c, const dvec *u), DVEC_K(d_div, o.dst, c, pu))
static DVEC_UNARY_R(1, apply_(dvec *r, const dvec *u, dn_deriv_fn h, void *ctx),
                  _dn_apply(o.dst, pu, h, ctx, n))

int dvec_apply(dvec *r, const dvec *u, dn_deriv_fn h, void *ctx)
{
    if (!h) return DN_EINVAL;
    return dvec_apply_(r, u, h, ctx);
}

/* The special functions (kernel_special.h): run with the run-time order, no table (their
 * point series run out of line anyway). */
#define SP1(N, f) DVEC_UNARY_R(1, f(dvec *r, const dvec *u), _dn_##f(o.dst, pu, n))
#define SP2(N, f) DVEC_BINARY_R(1, f, _dn_##f)
#define SPI(N, f) DVEC_UNARY_R(1, f(dvec *r, int m, const dvec *u), _dn_##f(o.dst, pu, m, n))
_DN_SPECIAL_UN_LIST(SP1, 0)
_DN_SPECIAL_BIN_LIST(SP2, 0)
_DN_SPECIAL_INT_LIST(SPI, 0)
#undef SP1
#undef SP2
#undef SPI

/* s = f(u), c = g(u) from one recurrence (sincos, sinhcosh). */
#define DVEC_PAIR(name)                                                                    \
    int dvec_##name(dvec *s, dvec *c, const dvec *u)                                       \
    {                                                                                      \
        if (!_dn_dvec_ok(s) || !_dn_dvec_ok(c) || !_dn_dvec_ok(u) || s == c) return DN_EINVAL; \
        unsigned len = u->len, n = len - 1;                                                \
        double tu[len];                                                                    \
        const double *pu = _dn_dvec_view(u, tu);                                           \
        double *keep = keep_open(s, 1, 1, len, &pu, NULL);                                 \
        if (KEEP_FAILED(keep, 1, len)) return DN_ENOMEM;                                   \
        dvec_out os, oc;                                                                   \
        if (_dn_dvec_begin(&os, s, len)) goto fail;                                        \
        if (_dn_dvec_begin(&oc, c, len)) {                                                 \
            _dn_dvec_free(s->al, os.fresh, len);                                           \
            goto fail;                                                                     \
        }                                                                                  \
        DVEC_K(name, os.dst, oc.dst, pu); /* the kernel reads u before writing */          \
        if (keep) {                                                                        \
            double *outs[2] = {os.dst, oc.dst};                                            \
            _DN_RANGE_RERUN(n, keep, 1, outs, 2, POINT_U, DVEC_K(name, os.dst, oc.dst, pu)); \
            _dn_dvec_free(s->al, keep, 2 * len);                                           \
        }                                                                                  \
        _dn_dvec_end(&os);                                                                 \
        _dn_dvec_end(&oc);                                                                 \
        return DN_OK;                                                                      \
    fail:                                                                                  \
        if (keep) _dn_dvec_free(s->al, keep, 2 * len);                                     \
        return DN_ENOMEM;                                                                  \
    }
DVEC_PAIR(sincos)
DVEC_PAIR(sinhcosh)
