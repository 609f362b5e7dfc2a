/* dnum/internal/kernel_special_direct.h -- the special-function kernels written once for
 * both layouts (internal, not API-stable): the direct O(n^2) recurrences (log2 log10 exp2
 * sinpi cospi cot) and the piecewise functions (floor ceil min max fmod). Included by
 * kernel_special.h in the kernel body (the prefix DNI_KP of the element type: dni_, and the
 * other element types of kernel.h's body) and by kernel2_special.h (dni2_), after
 *     #define DNI_SPD_P  the prefix of the layout's kernels (dni_, dni2_, ...)
 *     #define DNI_SPD_S  S(n), the number of stored entries at order n (one array)
 *     #define DNI_SPD_M  M(n), the last entry of the flat array at order n
 * Written on the element-type macros of kernel.h (DNI_R, DNI_K, DNI_M); scratch ws as in
 * the size macros DNI_W_log2 ... (DNI_SPD_S(n) entries per array). The parameters and the
 * name macro are undefined at the end. Deliberately without an include guard. */
#if !defined(DNI_SPD_P) || !defined(DNI_SPD_S) || !defined(DNI_SPD_M)
#error                                                                                     \
    "dnum/internal/kernel_special_direct.h: define DNI_SPD_P, DNI_SPD_S and DNI_SPD_M first"
#endif

/* DNI_SPD(f): the layout's kernel DNI_SPD_P##f (the prefix expanded first) */
#define DNI_SPD_CAT_(a, b) a##b
#define DNI_SPD_CAT(a, b) DNI_SPD_CAT_(a, b)
#define DNI_SPD(f) DNI_SPD_CAT(DNI_SPD_P, f)

/* ---- the direct recurrences ---- */

/* r = log(u) / ln b with the value logb(u0) */
static inline void DNI_SPD(log2_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    DNI_R v = DNI_M(log2)(u[0]);
    DNI_SPD(log_w)(r, u, n, ws);
    DNI_SPD(mul_d)(r, r, 1.0 / DNI_SP_LN2, n);
    r[0] = v;
}
static inline void DNI_SPD(log10_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    DNI_R v = DNI_M(log10)(u[0]);
    DNI_SPD(log_w)(r, u, n, ws);
    DNI_SPD(mul_d)(r, r, 1.0 / DNI_SP_LN10, n);
    r[0] = v;
}
/* r = exp(ln2 u), the recurrence started from exp2(u0) */
static inline void DNI_SPD(exp2_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    DNI_R *tu = ws, *tr = ws + DNI_SPD_S(n);
    DNI_SPD(to_t)(tu, u, n);
    for (unsigned e = 0; e < DNI_SPD_S(n); e++) tu[e] *= DNI_SP_LN2;
    DNI_SPD(texp_w)(tr, DNI_M(exp2)(u[0]), tu, n, ws + 2 * DNI_SPD_S(n));
    DNI_SPD(from_t)(r, tr, n);
}
/* s = sin(pi u), c = cos(pi u) from the sin/cos recurrence on pi u */
static inline void DNI_SPD(sinpicospi_w)(DNI_R *s, DNI_R *c, const DNI_R *u, unsigned n,
                                         DNI_R *ws)
{
    DNI_R *tu = ws, *ts = ws + DNI_SPD_S(n), *tc = ws + 2 * DNI_SPD_S(n);
    DNI_SPD(to_t)(tu, u, n);
    for (unsigned e = 0; e < DNI_SPD_S(n); e++) tu[e] *= DNI_SP_PI;
    DNI_SPD(tsincos_w)(ts, tc, DNI_K(sinpi_val)(u[0]), DNI_K(cospi_val)(u[0]), -1.0, tu, n,
                       ws + 3 * DNI_SPD_S(n));
    DNI_SPD(from_t)(s, ts, n);
    DNI_SPD(from_t)(c, tc, n);
}
static inline void DNI_SPD(sinpi_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    DNI_SPD(sinpicospi_w)(r, ws, u, n, ws + DNI_SPD_S(n));
}
static inline void DNI_SPD(cospi_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    DNI_SPD(sinpicospi_w)(ws, r, u, n, ws + DNI_SPD_S(n));
}
/* cot' = -(1 + cot^2) u': the tan recurrence on -u; the pole u0 = 0 as 1/z */
static inline void DNI_SPD(cot_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    if (u[0] == 0.0) {
        DNI_K(sp_pole)(ws, 1.0, 0, n);
        DNI_SPD(sp_compose_w)(r, u, ws, n, ws + DNI_ST(n));
        return;
    }
    DNI_R *tu = ws, *tr = ws + DNI_SPD_S(n), t0 = DNI_M(cos)(u[0]) / DNI_M(sin)(u[0]);
    DNI_SPD(to_t)(tu, u, n);
    for (unsigned e = 0; e < DNI_SPD_S(n); e++) tu[e] = -tu[e];
    DNI_SPD(ttan_w)(tr, t0, 1.0 + t0 * t0, 1.0, tu, n, ws + 2 * DNI_SPD_S(n));
    DNI_SPD(from_t)(r, tr, n);
}

/* ---- the piecewise functions: on the flat array of DNI_SPD_M(n) + 1 entries (the _w forms
 * take the unused scratch of the common signature; size 1) ---- */

static inline void DNI_SPD(floor_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    (void)ws;
    DNI_K(sp_step)(r, u, 0, DNI_SPD_M(n));
}
static inline void DNI_SPD(ceil_w)(DNI_R *r, const DNI_R *u, unsigned n, DNI_R *ws)
{
    (void)ws;
    DNI_K(sp_step)(r, u, 1, DNI_SPD_M(n));
}
static inline void DNI_SPD(min_w)(DNI_R *r, const DNI_R *a, const DNI_R *b, unsigned n,
                                  DNI_R *ws)
{
    (void)ws;
    DNI_K(sp_minmax)(r, a, b, 0, DNI_SPD_M(n));
}
static inline void DNI_SPD(max_w)(DNI_R *r, const DNI_R *a, const DNI_R *b, unsigned n,
                                  DNI_R *ws)
{
    (void)ws;
    DNI_K(sp_minmax)(r, a, b, 1, DNI_SPD_M(n));
}
static inline void DNI_SPD(fmod_w)(DNI_R *r, const DNI_R *a, const DNI_R *b, unsigned n,
                                   DNI_R *ws)
{
    (void)ws;
    DNI_K(sp_fmod)(r, a, b, DNI_SPD_M(n));
}

#undef DNI_SPD
#undef DNI_SPD_CAT
#undef DNI_SPD_CAT_
#undef DNI_SPD_M
#undef DNI_SPD_S
#undef DNI_SPD_P
