/* dvec_pair_body.h -- dvec_f(s, c, u) for one pair function f: s = f(u), c = g(u) from one
 * recurrence (sincos, sinhcosh). Included by dvec_ops.c once per pair, after
 * `#define DVEC_PAIR_F f`; DVEC_PAIR_F and the names below are undefined at the end.
 * The kernel: the table's up to DVEC_CONST_MAX, else the rolled one. pair_any_f in general;
 * dvec_f takes the common case first, as dvec_op (every head 0, room in both outputs,
 * orders 1..DVEC_CONST_MAX: the general path's scratch, views and two output protocols cost
 * dvec_sincos three times its kernel's instructions at order 2), with the kernel inline up
 * to DVEC_FUSED_MAX. Deliberately without an include guard. */
#ifndef DVEC_PAIR_F
#error "dvec_pair_body.h: define DVEC_PAIR_F (the pair function) before including it"
#endif

/* names of this pair: pair_any_f, dvec_f, its scratch size DNI_W_f; its kernel call at the
 * run-time order n on os, oc and pu */
#define DVEC_PAIR_CAT_(a, b, c) a##b##c
#define DVEC_PAIR_CAT(a, b, c) DVEC_PAIR_CAT_(a, b, c)
#define DVEC_PAIR_ANY DVEC_PAIR_CAT(pair_any, _, DVEC_PAIR_F)
#define DVEC_PAIR_FN DVEC_PAIR_CAT(dvec, _, DVEC_PAIR_F)
#define DVEC_PAIR_W DVEC_PAIR_CAT(DNI_W, _, DVEC_PAIR_F)
#define DVEC_PAIR_K                                                                        \
    (n <= DVEC_CONST_MAX                                                                   \
         ? dni_dvec_k[n].DVEC_PAIR_F(os.dst, oc.dst, pu)                                   \
         : DVEC_PAIR_CAT(dni_xk_, DVEC_PAIR_F, _w)(os.dst, oc.dst, pu, n, ws))
/* a case of dvec_f's switch: the pair's kernel at the constant order N, inline (the
 * kernel reads u before writing) */
#define DVEC_PAIR_FUSED(N)                                                                 \
    case N: {                                                                              \
        double ws[DVEC_PAIR_W(N)];                                                         \
        s->len = c->len = len;                                                             \
        DVEC_PAIR_CAT(dni_, DVEC_PAIR_F, _w)(ds, dc, pu, N, ws);                           \
        return DN_OK;                                                                      \
    }

static DVEC_NOINLINE int DVEC_PAIR_ANY(dvec *s, dvec *c, const dvec *u)
{
    if (!dni_dvec_ok(s) || !dni_dvec_ok(c) || !dni_dvec_ok(u) || s == c) return DN_EINVAL;
    unsigned len = u->len, n = len - 1;
    size_t nd = n <= DVEC_CONST_MAX ? 0 : (size_t)DVEC_PAIR_W(n);
    size_t nv = dni_dvec_view_need(u);
    dvec_scratch S;
    if (dni_dvec_scratch(&S, s->al, nd + nv + KEEP_NEED(1, 1, len), 0)) return DN_ENOMEM;
    double *ws = S.d;
    const double *pu = dni_dvec_view(u, S.d + nd);
    double *keep = keep_open(S.d + nd + nv, 1, 1, len, &pu, NULL);
    dvec_out os, oc;
    int rc = dni_dvec_begin(&os, s, len);
    if (!rc && (rc = dni_dvec_begin(&oc, c, len))) dni_dvec_free(s->al, os.fresh, len);
    if (!rc) {
        DVEC_PAIR_K; /* the kernel reads u before writing */
        if (keep) {
            double *outs[2] = {os.dst, oc.dst};
            int rng_m;
            DNI_RANGE_RERUN(n, keep, 1, outs, 2, POINT_U, DVEC_PAIR_K, DNI_RANGE_DERIVS,
                            rng_m);
            for (int j = 0; rng_m && j < 2; j++)
                dni_range_scale(outs[j], outs[j], n, -rng_m);
        }
        dni_dvec_end(&os);
        dni_dvec_end(&oc);
    }
    dni_dvec_scratch_free(&S);
    return rc ? DN_ENOMEM : DN_OK;
}
DVEC_FLATTEN int DVEC_PAIR_FN(dvec *s, dvec *c, const dvec *u)
{
    if (DVEC_LIKELY(s && c && u && s != c)) {
        unsigned len = u->len, n = len - 1;
        if (DVEC_LIKELY((u->head | s->head | c->head) == 0 && len <= s->cap &&
                        len <= c->cap)) {
            double *ds = s->buf, *dc = c->buf;
            const double *pu = u->buf;
            if (n <= DVEC_FUSED_MAX) {
                switch (n) {
                    DVEC_PAIR_FUSED(1)
                    DVEC_PAIR_FUSED(2)
                    DVEC_PAIR_FUSED(3)
                    DVEC_PAIR_FUSED(4)
                default: break;
                }
            }
            if (n - 1 < DVEC_CONST_MAX) {
                s->len = c->len = len;
                dni_dvec_k[n].DVEC_PAIR_F(ds, dc, pu);
                return DN_OK;
            }
        }
    }
    return DVEC_PAIR_ANY(s, c, u);
}

#undef DVEC_PAIR_FUSED
#undef DVEC_PAIR_K
#undef DVEC_PAIR_W
#undef DVEC_PAIR_FN
#undef DVEC_PAIR_ANY
#undef DVEC_PAIR_CAT
#undef DVEC_PAIR_CAT_
#undef DVEC_PAIR_F
