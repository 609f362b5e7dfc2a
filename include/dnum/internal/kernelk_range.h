/* dnum/internal/kernelk_range.h -- the range rerun of the multivariate kernels: a result
 * with a non-finite partial that its operands do not explain is computed again on operands
 * rescaled per variable (dnik_range_step, DNIK_RANGE_LOOP), the wrappers DNIK_RANGED_* that
 * make the public dnik_<f> of a plain kernel dnik_<f>_plain, and the composition
 * dnik_tcompose inside the rerun.
 * Part of dnum/internal/kernelk.h (internal, not API-stable): included by it, never alone. */
#ifndef DNUM_KERNELK_H
#error                                                                                     \
    "dnum/internal/kernelk_range.h is a part of dnum/internal/kernelk.h: include that instead"
#endif

/* ------------------------------------------------------------------------------------ */
/* Range: src/range.h's rescaling, per variable.                                          */
/*
 * A function's recurrence can overflow, or meet 0 * Inf, although the partials it computes
 * are finite: the partials of cbrt(x) at x = 5e-312 grow by 2^1033 per order, so d^2/dx^2
 * is Inf (rightly, 1.3e518), and from it 0 * Inf makes NaN of the partials of higher order
 * in y (truly 0); erf(x) at 1.7e308 forms x^2 = Inf. As the univariate front ends do above
 * order 170 (src/range.h), a result with a non-finite entry below the first non-finite
 * block of the operands is computed again for f(x0 + 2^(-m) o h) (o: per variable), that
 * is on the operands with entry a scaled by 2^(-m.a) (exact), and scaled back: entry a
 * times 2^(m.a), +-Inf where that exceeds DBL_MAX. m_i comes from variable i's column of
 * the result, whose finite part shows how fast it grows (where none is finite yet: of the
 * operands, relative to their values), so that the column scaled by 2^(-m_i k) stays
 * below 2^DNIK_RANGE_AIM (or its value) to order N; and the operands' scaled entries
 * relative to and times their values below 2^DNIK_RANGE_AIM; but no nonzero entry of a
 * column goes below 2^DNIK_RANGE_FLOOR (where it would lose digits or vanish: rather the
 * Inf or NaN than a finite wrong number). At most three reruns. The ordinary path pays a
 * finiteness test of the result's last block; the plain kernel's code is inlined once
 * (a loop whose back edge is the cold rerun: a second copy, out of line or inline, cost
 * twice the code and the compile time for the fixed types).
 */
#define DNIK_RANGE_AIM 400
#define DNIK_RANGE_FLOOR (-1022)

/* 0 if block N of x has an entry that is not finite (exponent field all ones), which is
 * the case whenever a lower block has one, since every recurrence that can overflow feeds
 * its result back into a convolution (and x 0 is NaN); 1 for N = 0 (no partials) */
DNIK_INLINE int dnik_finite(const double *x, unsigned K, unsigned N)
{
    const uint64_t ex = 0x7ff0000000000000u;
    uint64_t bad = 0;
    if (N > 0)
        DNIK_BLOCK(e, K, N) {
            uint64_t b;
            memcpy(&b, x + e, sizeof b);
            bad |= (b & ex) == ex;
        }
    return !bad;
}

/* the first block with an entry that is not finite; N + 1 if none */
static inline unsigned dnik_first_bad(const double *x, unsigned K, unsigned N)
{
    for (unsigned k = 0; k <= N; k++)
        DNIK_BLOCK(e, K, k)
            if (!(fabs(x[e]) <= DBL_MAX)) return k;
    return N + 1;
}

/* The exponents to add to m (per variable, >= 0) for the operands op[0..nop) (finite below
 * block ka) and the results re[0..nre) (finite below block kr), both as last scaled. */
static inline void dnik_range_need(int *need, const double *const *op, unsigned nop,
                                   unsigned ka, double *const *re, unsigned nre,
                                   unsigned kr, unsigned K, unsigned N)
{
    for (unsigned i = 0; i < K; i++) {
        unsigned al[DNK_VARS_MAX] = {0};
        size_t col[DN_BINOM_MAX + 1];
        for (unsigned d = 0; d <= N; d++) {
            al[i] = d;
            col[d] = dnik_index(K, al);
        }
        /* no nonzero entry of a column scaled below 2^DNIK_RANGE_FLOOR (it would lose its
         * digits or vanish: a finite wrong number where there was an Inf) */
        double want = 0.0, cap = HUGE_VAL, grow = -HUGE_VAL;
        /* the operands: growth per order relative to the value and absolute (the larger
         * is the result's, for a pole at 0 and for an entire function), whose powers to
         * order N the recurrences form (u / u_0 in u^p and log: (u_1 / u_0)^N) and its
         * entries times the value (the squares of erf, atan, ...), below 2^DNIK_RANGE_AIM */
        for (unsigned o = 0; o < nop; o++) {
            double x0 = op[o][0], l0 = x0 != 0.0 ? dnik_lg(x0) : 0.0;
            for (unsigned d = 1; d <= N && d < ka; d++) {
                double xd = op[o][col[d]];
                if (xd == 0.0) continue;
                double ld = dnik_lg(xd), g = (ld - fmin(l0, 0.0)) / d;
                grow = fmax(grow, g);
                want = fmax(want, g - (double)DNIK_RANGE_AIM / N);
                want = fmax(want, (ld + fmax(l0, 0.0) - DNIK_RANGE_AIM) / d);
                cap = fmin(cap, (ld - DNIK_RANGE_FLOOR) / d);
            }
        }
        /* the results: their growth (where none is finite yet: the operands'), so that
         * l0 + N (g - m) <= max(l0, AIM) */
        for (unsigned o = 0; o < nre; o++) {
            double r0 = re[o][0], g = grow, l0 = r0 != 0.0 ? dnik_lg(r0) : 0.0;
            int seen = 0;
            for (unsigned d = 1; d <= N && d < kr; d++) {
                double rd = re[o][col[d]];
                if (rd == 0.0) continue;
                double ld = dnik_lg(rd);
                g = seen ? fmax(g, (ld - l0) / d) : (ld - l0) / d;
                seen = 1;
                cap = fmin(cap, (ld - DNIK_RANGE_FLOOR) / d);
            }
            if (r0 != 0.0) /* else a limit at a zero (dnik_sing): nothing to scale */
                want = fmax(want, g - (fmax(l0, DNIK_RANGE_AIM) - l0) / N);
        }
        want = fmin(want, cap);
        need[i] = want <= 0.0 ? 0 : want < 4096.0 ? (int)ceil(want) : 4096;
    }
}

/* The state of the reruns of one call: passes so far and the exponents. */
typedef struct dnik_range {
    int t, m[DNK_VARS_MAX];
} dnik_range;

/* After a run that gave r (and r2, a pair) from a (and b: NULL for one operand; the
 * operands as given, not rescaled): 1 if the call is to run again on the rescaled operands
 * it now wrote to sw (and sw + S); else 0, with the results final. sw: 3 S doubles, the
 * first run's results kept in sw + 2 S (and a pair's second in sw + S). The final results
 * are the first run's where those are finite, and its +-Inf where the rerun gives 0 (a
 * power that underflowed in the rescaled run): a rerun only replaces what was lost. */
DNI_COLD static int dnik_range_step(dnik_range *st, double *r, double *r2, const double *a,
                                    const double *b, unsigned K, unsigned N, double *sw)
{
    size_t S = dnik_size(K, N);
    double *sa = sw, *sb = sw + S, *re[2] = {r, r2}, *keep[2] = {sw + 2 * S, sw + S};
    const double *op[2] = {a, b}, *cur[2] = {st->t ? sa : a, st->t ? sb : b};
    unsigned nop = b ? 2 : 1, nre = r2 ? 2 : 1, ka = N + 1, kr = N + 1, k;
    int need[DNK_VARS_MAX], more = 0;
    for (unsigned o = 0; o < nop; o++)
        if ((k = dnik_first_bad(op[o], K, N)) < ka) ka = k;
    for (unsigned o = 0; o < nre; o++)
        if ((k = dnik_first_bad(re[o], K, N)) < kr) kr = k;
    if (st->t < 3 && kr > 0 && kr < ka) {
        dnik_range_need(need, cur, nop, ka, re, nre, kr, K, N);
        for (unsigned i = 0; i < K; i++) more |= need[i];
    }
    if (!more) {
        if (st->t)
            for (unsigned o = 0; o < nre; o++) {
                dnik_range_scale(re[o], re[o], st->m, 1, K, N);
                for (size_t e = 0; e < S; e++)
                    if (fabs(keep[o][e]) <= DBL_MAX ||
                        (isinf(keep[o][e]) && re[o][e] == 0.0))
                        re[o][e] = keep[o][e];
            }
        return 0;
    }
    if (st->t == 0)
        for (unsigned o = 0; o < nre; o++) memcpy(keep[o], re[o], S * sizeof(double));
    for (unsigned i = 0; i < K; i++) st->m[i] = (st->t ? st->m[i] : 0) + need[i];
    st->t++;
    dnik_range_scale(sa, a, st->m, -1, K, N);
    if (b) dnik_range_scale(sb, b, st->m, -1, K, N);
    return 1;
}

/* The public function dnik_<f>: dnik_<f>_plain, run again (one copy of its code, in a
 * loop) on the operands rescaled by dnik_range_step while its result is not finite.
 * CALL runs the plain kernel on a_ (and b_); r2: a pair's second result, or NULL; SW: the
 * scratch of dnik_range_step (w + 6 S for the functions, whose recurrences use the first
 * 6 S of w), with the kernel's scratch before it. dnik_range_step sees the results
 * through a copy in the 2 S of the kernel's scratch before SW (free between two runs):
 * given their own addresses, the results of every call escaped, and the inlined
 * fixed-size kernels kept them in memory (W7 ran 5% slower for a call never taken). */
#if defined(__GNUC__) || defined(__clang__)
#define DNIK_LIKELY(c) __builtin_expect((c), 1)
#else
#define DNIK_LIKELY(c) (c)
#endif
/* clang-format off */
#define DNIK_RANGE_LOOP_AT(SW, CALL, r, r2, a, b)                                          \
    do {                                                                                   \
        const double *a_ = (a), *b_ = (b);                                                 \
        CALL;                                                                              \
        if (DNIK_LIKELY(dnik_finite(r, K, N) && (!(r2) || dnik_finite(r2, K, N)))) break;  \
        size_t S_ = dnik_size(K, N);                                                       \
        double *cr_ = (SW) - 2 * S_, *cr2_ = (SW) - S_, *r2_ = (r2);                       \
        dnik_range st_;                                                                    \
        st_.t = 0;                                                                         \
        for (;;) {                                                                         \
            memcpy(cr_, r, S_ * sizeof(double));                                           \
            if (r2_) memcpy(cr2_, r2_, S_ * sizeof(double));                               \
            int more_ = dnik_range_step(&st_, cr_, r2_ ? cr2_ : r2_, a, b, K, N, SW);      \
            memcpy(r, cr_, S_ * sizeof(double));                                           \
            if (r2_) memcpy(r2_, cr2_, S_ * sizeof(double));                               \
            if (!more_) break;                                                             \
            a_ = (SW), b_ = (b) ? (SW) + S_ : (b);                                         \
            CALL;                                                                          \
        }                                                                                  \
        (void)b_;                                                                          \
    } while (0)
/* clang-format on */
#define DNIK_RANGE_LOOP(CALL, r, r2, a, b)                                                 \
    DNIK_RANGE_LOOP_AT(w + 6 * dnik_size(K, N), CALL, r, r2, a, b)
/* U unary, B binary, P with a double after the operand, C a double before it, L a long,
 * S a pair of results */
#define DNIK_RANGED_U(f)                                                                   \
    DNIK_INLINE void dnik_##f(double *restrict r, const double *u, unsigned K, unsigned N, \
                              double *restrict w)                                          \
    {                                                                                      \
        DNIK_RANGE_LOOP(dnik_##f##_plain(r, a_, K, N, w), r, (double *)0, u,               \
                        (const double *)0);                                                \
    }
#define DNIK_RANGED_B(f)                                                                   \
    DNIK_INLINE void dnik_##f(double *restrict r, const double *a, const double *b,        \
                              unsigned K, unsigned N, double *restrict w)                  \
    {                                                                                      \
        DNIK_RANGE_LOOP(dnik_##f##_plain(r, a_, b_, K, N, w), r, (double *)0, a, b);       \
    }
#define DNIK_RANGED_P(f)                                                                   \
    DNIK_INLINE void dnik_##f(double *restrict r, const double *u, double p, unsigned K,   \
                              unsigned N, double *restrict w)                              \
    {                                                                                      \
        DNIK_RANGE_LOOP(dnik_##f##_plain(r, a_, p, K, N, w), r, (double *)0, u,            \
                        (const double *)0);                                                \
    }
#define DNIK_RANGED_C(f)                                                                   \
    DNIK_INLINE void dnik_##f(double *restrict r, double c, const double *u, unsigned K,   \
                              unsigned N, double *restrict w)                              \
    {                                                                                      \
        DNIK_RANGE_LOOP(dnik_##f##_plain(r, c, a_, K, N, w), r, (double *)0, u,            \
                        (const double *)0);                                                \
    }
#define DNIK_RANGED_L(f)                                                                   \
    DNIK_INLINE void dnik_##f(double *restrict r, const double *u, long m, unsigned K,     \
                              unsigned N, double *restrict w)                              \
    {                                                                                      \
        DNIK_RANGE_LOOP(dnik_##f##_plain(r, a_, m, K, N, w), r, (double *)0, u,            \
                        (const double *)0);                                                \
    }
#define DNIK_RANGED_S(f)                                                                   \
    DNIK_INLINE void dnik_##f(double *restrict s, double *restrict c, const double *u,     \
                              unsigned K, unsigned N, double *restrict w)                  \
    {                                                                                      \
        DNIK_RANGE_LOOP(dnik_##f##_plain(s, c, a_, K, N, w), s, c, u, (const double *)0);  \
    }

/** f = h(u) = sum_j dh[j]/j! (u - u_0)^j from h's derivatives dh[0..N] at u_0 (about N
 *  products); terms whose power coefficient is exactly zero are skipped (an infinite dh[j]
 *  only reaches the entries that depend on it); the range rerun where the powers of
 *  u - u_0 overflow. Scratch of 5 S. */
DNIK_INLINE void dnik_tcompose(double *restrict f, const double *restrict dh,
                               const double *restrict u, unsigned K, unsigned N,
                               double *restrict ws)
{
    int finite = 1; /* an infinite h^(j) gives Inf partials rightly: nothing to rescue */
    for (unsigned j = 0; j <= N; j++) finite &= fabs(dh[j]) <= DBL_MAX;
    if (!finite) {
        dnik_tcompose_plain(f, dh, u, K, N, ws);
        return;
    }
    DNIK_RANGE_LOOP_AT(ws + 2 * dnik_size(K, N), dnik_tcompose_plain(f, dh, a_, K, N, ws),
                       f, (double *)0, u, (const double *)0);
}
