/* Second-order drivers on three workloads, every peer in one run (interleaved rounds,
 * best of each), all from the same objective bodies (bench/w3_rosen.h, w5_logreg.h,
 * w6_surface.h). In W3 at n = 10^6 and in W6 the one-pass peers (and stream_vars), whose
 * workspaces of 10-160 MB pass through the cache, run in rounds of their own after those
 * of the other peers: a peer timed after one of them was up to 1.6x slower than after a
 * light one (its arrays evicted, the evicted writes still draining), whatever it was.
 *   W3  extended Rosenbrock at x_i = -1.2 (even i), 1.0 (odd i): value + gradient +
 *       Hessian diagonal, n = 2000 and n = 10^6
 *   W5  L2-regularised logistic regression, dense, m = 10000 samples, n = 1000 features
 *       (fixed-seed data): value + gradient + Hessian diagonal
 *   W6  minimal-surface energy on a 316 x 316 grid (n = 99856): gradient + sparse Hessian,
 *       and gradient + H v
 * Lines (times are CPU time of the process, in ms per evaluation):
 *   RESULT,<peer>,-O3,<wl>,2,ms_total,<best>,<median>,<checksum>,n=<n>[,<extra>]
 * peers: plain_f           one plain double evaluation of the objective
 *        hand              a hand-derived loop computing the same outputs
 *        floor_percoord    (W3, n = 2000) the Hessian diagonal one coordinate at a time
 *                          with hand-coded order-2 dual numbers (value, d1, d2)
 *        dnum_hessdiag, dnum_hessdiag_lanes  (W3, n = 2000) dn_hessdiag, dn_hessdiag_lanes
 *        dnum_hessdiag_sp  dn_hessdiag_sp (one pass)
 *        dnum_hessian_sp, dnum_hessvec_sp   (W6) dn_hessian_sp (pattern reused), dn_hessvec_sp
 *        dnum_hessdiag_el  (W3) dn_hessdiag_el: the objective as a sum of elements of two
 *                          variables (rosen_el of w3_rosen.h)
 *        dnum_hessian_el, dnum_hessvec_el   (W6) dn_hessian_el, dn_hessvec_el on the cell
 *                          elements of three variables (w6_cell_el of w6_surface.h)
 *        hand_hv           (W6) hand-derived gradient + H v
 *        stream_vars       (W3, n = 10^6) only the memory traffic of a pass over dsp_o2
 *                          variables: the n values written into n dsp_o2 numbers (120 bytes
 *                          each) as the driver seeds them, the numbers read back, the two
 *                          outputs written (the floor of any one pass on dsp_o2 numbers)
 *   NLP the chained Rosenbrock function with trigonometric-exponential constraints
 *       (nlp_lukvle.h), n = 10^5, m = n - 2, at a fixed random point and multipliers:
 *       objective + gradient, constraints + Jacobian, Lagrangian Hessian
 *        hand_obj, hand_cons, hand_hess    the hand-derived loops of nlp_lukvle.h
 *        dnum_nlp_obj, dnum_nlp_cons, dnum_nlp_hess   dn_nlp_obj, dn_nlp_cons, dn_nlp_hess
 *                          (dnum/nlp.h) on the problem's element groups
 *        dnum_nlp_sp_obj, dnum_nlp_sp_cons, dnum_nlp_sp_hess   the same drivers on the
 *                          problem written plainly (dn_nlp_new_sp: DN_OBJECTIVE_O2,
 *                          DN_CONSTRAINT_O2 of nlp_lukvle.h)
 * The checksum is the sum of the second-order output (of |H v| for H v); maxabserr (W3) is the largest
 * deviation of the diagonal from the closed form; W3 at n = 10^6 also reports the peak
 * resident set of the process and the workspace size.
 *   CUTE ARWHEAD, BDQRTIC, CHAINWOO, NONDQUAR (cute.h), n = 10^5, at x_i = 0.5 + 0.1 sin i:
 *       value + gradient (+ Hessian diagonal); RESULT lines name the problem as workload
 *        hand              the hand-derived value, gradient and Hessian diagonal
 *        dnum_grad_sp, dnum_hessdiag_sp     the one-pass drivers
 *        dnum_grad_plan, dnum_plan_hessdiag the plan's replays (dn_grad_plan,
 *                          dn_hessdiag_plan) after the calls that learn its colours
 *        dnum_hessian_sp, dnum_plan_hessian the sparse Hessian (patterns reused): the
 *                          one-pass driver, and dn_hessian_plan on a plan of its own
 *                          (replays with 2 colours; extra hessian_relerr: the two against
 *                          each other, hessian_plan_replays)
 *        dnum_tape_grad, dnum_tape_hessdiag, dnum_tape_hessvec, dnum_tape_hessian
 *                          a tape's drivers after its recording (dn_*_tape; extra
 *                          tape_relerr: its diagonal against hand, tape_record_ms and
 *                          tape_first_ms: the recording, and with the first diagonal;
 *                          tape_rerecord_ms: a second recording on the same tape;
 *                          tape_elements, tape_shapes), beside dnum_hessvec_sp
 * The plan rows (dnum_plan_<driver>, also in W3, W5 and W6) time the replayed calls; the
 * extra fields plan_first_ms and sp_first_ms time a new plan's first call and a one-pass
 * call on a new workspace, side by side.
 * Usage: bench_hessian [W3|W5|W6|CUTE|NLP|all] [n]    (n selects one W3 size; n = 2, the order,
 * means n = 2000, as tools/bench_compare.py passes it)
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <dnum/dnum.h>

#include "w3_rosen.h"
#include "w5_logreg.h"
#include "w6_surface.h"
#include "nlp_lukvle.h"
#include "cute.h"

#define ROUNDS 5

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef double (*run_fn)(void);
typedef struct {
    const char *peer;
    run_fn run;
    double t[ROUNDS], cs;
} peer;

static volatile double sink;

/* interleaved rounds over the peers, then one RESULT line each */
static void bench(const char *wl, unsigned n, peer *p, int np, int rounds, const char *extra)
{
    for (int r = 0; r < rounds; r++)
        for (int k = 0; k < np; k++) {
            double t0 = cpu_s();
            p[k].cs = p[k].run();
            p[k].t[r] = cpu_s() - t0;
        }
    for (int k = 0; k < np; k++) {
        qsort(p[k].t, (size_t)rounds, sizeof(double), cmp_dbl);
        printf("RESULT,%s,-O3,%s,2,ms_total,%.4f,%.4f,%.17g,n=%u%s%s\n", p[k].peer, wl,
               p[k].t[0] * 1e3, p[k].t[rounds / 2] * 1e3, p[k].cs, n, extra ? "," : "",
               extra ? extra : "");
    }
    fflush(stdout);
}

/* ---- W3 ------------------------------------------------------------------------------------ */

static unsigned w3n;
static double *w3x, *w3g, *w3h;
static dsp_o2_work *work;
static dn_elements *w3E;

static double w3_plain(void)
{
    double s = 0.0;
    for (unsigned i = 0; i + 1 < w3n; i++) {
        double a = w3x[i + 1] - w3x[i] * w3x[i], b = 1.0 - w3x[i];
        s += 100.0 * a * a + b * b;
    }
    return s;
}

static double w3_hand(void)
{
    const double *x = w3x;
    double *g = w3g, *h = w3h, f = 0.0;
    memset(g, 0, w3n * sizeof *g);
    memset(h, 0, w3n * sizeof *h);
    for (unsigned i = 0; i + 1 < w3n; i++) {
        double a = x[i + 1] - x[i] * x[i], b = 1.0 - x[i];
        f += 100.0 * a * a + b * b;
        g[i] += -400.0 * x[i] * a - 2.0 * b;
        g[i + 1] += 200.0 * a;
        h[i] += 1200.0 * x[i] * x[i] - 400.0 * x[i + 1] + 2.0;
        h[i + 1] += 200.0;
    }
    sink = f;
    double cs = 0.0;
    for (unsigned i = 0; i < w3n; i++) cs += h[i];
    return cs;
}

/* order-2 dual numbers (value, first, second derivative) by hand, one coordinate seeded
 * per pass: the per-coordinate method */
typedef struct {
    double v, d1, d2;
} d2n;

static inline d2n d2_mul(d2n a, d2n b)
{
    d2n r = {a.v * b.v, a.d1 * b.v + a.v * b.d1, a.d2 * b.v + 2.0 * a.d1 * b.d1 + a.v * b.d2};
    return r;
}

static double w3_floor(void)
{
    static d2n X[2000];
    unsigned n = w3n;
    for (unsigned i = 0; i < n; i++) X[i] = (d2n){w3x[i], 0.0, 0.0};
    double f = 0.0;
    for (unsigned c = 0; c < n; c++) {
        X[c].d1 = 1.0;
        d2n s = {0.0, 0.0, 0.0};
        for (unsigned i = 0; i + 1 < n; i++) {
            d2n t = d2_mul(X[i], X[i]);
            d2n a = {X[i + 1].v - t.v, X[i + 1].d1 - t.d1, X[i + 1].d2 - t.d2};
            d2n b = {1.0 - X[i].v, -X[i].d1, -X[i].d2};
            d2n u = d2_mul(a, a), w = d2_mul(b, b);
            s.v += 100.0 * u.v + w.v, s.d1 += 100.0 * u.d1 + w.d1, s.d2 += 100.0 * u.d2 + w.d2;
        }
        X[c].d1 = 0.0;
        f = s.v, w3g[c] = s.d1, w3h[c] = s.d2;
    }
    sink = f;
    double cs = 0.0;
    for (unsigned i = 0; i < n; i++) cs += w3h[i];
    return cs;
}

static double w3_o2(void)
{
    static dnum_o2 w[2000];
    double f;
    if (dn_hessdiag(&f, w3g, w3h, rosen, NULL, w3x, w3n, w)) abort();
    double cs = 0.0;
    for (unsigned i = 0; i < w3n; i++) cs += w3h[i];
    return cs;
}

static double w3_lanes(void)
{
    static dlane_o2 wl[2000];
    double f;
    if (dn_hessdiag_lanes(&f, w3g, w3h, rosen_lanes, NULL, w3x, w3n, wl)) abort();
    double cs = 0.0;
    for (unsigned i = 0; i < w3n; i++) cs += w3h[i];
    return cs;
}

static double w3_sp(void)
{
    double f;
    if (dn_hessdiag_sp(&f, w3g, w3h, rosen_sp, NULL, w3x, w3n, work)) abort();
    double cs = 0.0;
    for (unsigned i = 0; i < w3n; i++) cs += w3h[i];
    return cs;
}

static dn_plan_o2 *w3P;
static double w3_plan(void)
{
    double f;
    if (dn_hessdiag_plan(&f, w3g, w3h, rosen_sp, NULL, w3x, w3n, w3P)) abort();
    double cs = 0.0;
    for (unsigned i = 0; i < w3n; i++) cs += w3h[i];
    return cs;
}

/* the first call of a new plan and a one-pass call on a new workspace, side by side, in ms:
 * "plan_first_ms=...,sp_first_ms=..." */
static void first_calls(char *buf, size_t size, dn_plan_o2 **P, int (*plan)(dn_plan_o2 *),
                        int (*onepass)(dsp_o2_work *))
{
    dsp_o2_work *w;
    if (dsp_o2_work_new(&w, NULL) || dn_plan_o2_new(P, NULL)) abort();
    double t0 = cpu_s();
    if (onepass(w)) abort();
    double t1 = cpu_s();
    if (plan(*P)) abort();
    double t2 = cpu_s();
    dsp_o2_work_free(w);
    snprintf(buf, size, "plan_first_ms=%.3f,sp_first_ms=%.3f", (t2 - t1) * 1e3, (t1 - t0) * 1e3);
}

static int w3_plan_call(dn_plan_o2 *P)
{
    return dn_hessdiag_plan(NULL, w3g, w3h, rosen_sp, NULL, w3x, w3n, P);
}
static int w3_sp_call(dsp_o2_work *w)
{
    return dn_hessdiag_sp(NULL, w3g, w3h, rosen_sp, NULL, w3x, w3n, w);
}

static dn_tape_o2 *w3T;
static double w3_tape(void)
{
    double f;
    if (dn_hessdiag_tape(&f, w3g, w3h, w3T, w3x)) abort();
    double cs = 0.0;
    for (unsigned i = 0; i < w3n; i++) cs += w3h[i];
    return cs;
}

/* a new tape of f_tp at x (n variables), its recording's CPU time in *ms */
static dn_tape_o2 *tape_of(dn_objective_tp f_tp, void *ctx, const double *x, unsigned n,
                           double *ms)
{
    dn_tape_o2 *T;
    if (dn_tape_o2_new(&T, NULL)) abort();
    double t0 = cpu_s();
    if (dn_tape_o2_record(T, f_tp, ctx, x, n)) abort();
    *ms = 1e3 * (cpu_s() - t0);
    return T;
}

static double w3_el(void)
{
    double f;
    if (dn_hessdiag_el(&f, w3g, w3h, rosen_el, NULL, w3x, w3E)) abort();
    double cs = 0.0;
    for (unsigned i = 0; i < w3n; i++) cs += w3h[i];
    return cs;
}

static dsp_o2 *w3vars; /* stream_vars: made on its first call (after the peak RSS is read) */

static double w3_stream(void)
{
    if (!w3vars && !(w3vars = calloc(w3n, sizeof *w3vars))) abort();
    for (unsigned i = 0; i < w3n; i++) w3vars[i].v = w3x[i];
    double cs = 0.0;
    for (unsigned i = 0; i < w3n; i++) {
        const dsp_o2 *u = &w3vars[i]; /* (its first and last field: every cache line) */
        w3g[i] = u->v;
        w3h[i] = u->e[DSP_O2_NIN - 1].h;
        cs += w3h[i];
    }
    return cs;
}

static double w3_err(void)
{
    double err = 0.0;
    for (unsigned i = 0; i < w3n; i++) {
        double e = 0.0;
        if (i + 1 < w3n) e += 1200.0 * w3x[i] * w3x[i] - 400.0 * w3x[i + 1] + 2.0;
        if (i > 0) e += 200.0;
        err = fmax(err, fabs(w3h[i] - e));
    }
    return err;
}

static void run_w3(unsigned n)
{
    w3n = n;
    w3x = malloc(n * sizeof *w3x), w3g = malloc(n * sizeof *w3g), w3h = malloc(n * sizeof *w3h);
    if (!w3x || !w3g || !w3h) abort();
    for (unsigned i = 0; i < n; i++) w3x[i] = (i % 2 == 0) ? -1.2 : 1.0;
    if (w3_elements(&w3E, n)) abort();
    char extra[320];
    if (n <= 2000) {
        peer p[] = {{"plain_f", w3_plain, {0}, 0}, {"hand", w3_hand, {0}, 0},
                    {"floor_percoord", w3_floor, {0}, 0}, {"dnum_hessdiag", w3_o2, {0}, 0},
                    {"dnum_hessdiag_lanes", w3_lanes, {0}, 0}, {"dnum_hessdiag_sp", w3_sp, {0}, 0},
                    {"dnum_hessdiag_el", w3_el, {0}, 0}, {"dnum_plan_hessdiag", w3_plan, {0}, 0},
                    {"dnum_tape_hessdiag", w3_tape, {0}, 0}};
        char first[96];
        first_calls(first, sizeof first, &w3P, w3_plan_call, w3_sp_call);
        double tms;
        w3T = tape_of(rosen_tp, NULL, w3x, n, &tms);
        w3_sp();
        double e1 = w3_err();
        w3_el();
        double e2 = w3_err();
        w3_tape();
        double e3 = w3_err();
        w3_plan();
        snprintf(extra, sizeof extra, "maxabserr=%.3g,%s,tape_record_ms=%.3f",
                 fmax(fmax(e1, e2), fmax(e3, w3_err())), first, tms);
        bench("W3", n, p, 9, ROUNDS, extra);
    } else {
        peer p[] = {{"plain_f", w3_plain, {0}, 0}, {"hand", w3_hand, {0}, 0},
                    {"dnum_hessdiag_el", w3_el, {0}, 0},
                    {"dnum_hessdiag_sp", w3_sp, {0}, 0}, {"dnum_plan_hessdiag", w3_plan, {0}, 0},
                    {"dnum_tape_hessdiag", w3_tape, {0}, 0}, {"stream_vars", w3_stream, {0}, 0}};
        char first[96];
        first_calls(first, sizeof first, &w3P, w3_plan_call, w3_sp_call);
        double tms;
        w3T = tape_of(rosen_tp, NULL, w3x, n, &tms);
        w3_sp();
        double e1 = w3_err();
        w3_el();
        double e2 = w3_err();
        w3_tape();
        e2 = fmax(e2, w3_err());
        w3_plan();
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        snprintf(extra, sizeof extra,
                 "maxabserr=%.3g,peak_rss_kb=%ld,workspace_bytes=%zu,elements_bytes=%zu,"
                 "plan_bytes=%zu,%s,tape_record_ms=%.3f",
                 fmax(fmax(e1, e2), w3_err()), ru.ru_maxrss, dsp_o2_work_bytes(work),
                 dn_elements_bytes(w3E), dn_plan_o2_bytes(w3P), first, tms);
        bench("W3", n, p, 3, 3, extra);
        bench("W3", n, p + 3, 4, 3, extra);
    }
    dn_plan_o2_free(w3P);
    dn_tape_o2_free(w3T);
    dn_elements_free(w3E);
    free(w3x), free(w3g), free(w3h), free(w3vars);
    w3vars = NULL;
}

/* ---- W5 ------------------------------------------------------------------------------------ */

enum { W5_M = 10000, W5_N = 1000 };
static struct w5_data w5d;
static double *w5x, *w5g, *w5h;

static double w5_plain(void)
{
    const double *a = w5d.a, *y = w5d.y, *w = w5x;
    double loss = 0.0, reg = 0.0;
    for (unsigned k = 0; k < W5_M; k++) {
        double z = 0.0;
        for (unsigned j = 0; j < W5_N; j++) z += -y[k] * a[(size_t)k * W5_N + j] * w[j];
        loss += log1p(exp(z));
    }
    for (unsigned j = 0; j < W5_N; j++) reg += w[j] * w[j];
    return loss / W5_M + 0.5 * w5d.lambda * reg;
}

static double w5_hand(void)
{
    const double *a = w5d.a, *y = w5d.y, *w = w5x;
    double loss = 0.0, reg = 0.0, im = 1.0 / W5_M;
    for (unsigned j = 0; j < W5_N; j++) w5g[j] = w5d.lambda * w[j], w5h[j] = w5d.lambda;
    for (unsigned k = 0; k < W5_M; k++) {
        const double *ak = a + (size_t)k * W5_N;
        double z = 0.0;
        for (unsigned j = 0; j < W5_N; j++) z += ak[j] * w[j];
        z *= -y[k];
        double e = exp(z), sig = e / (1.0 + e), c1 = -y[k] * sig * im, c2 = sig * (1.0 - sig) * im;
        loss += log1p(e);
        for (unsigned j = 0; j < W5_N; j++) w5g[j] += c1 * ak[j], w5h[j] += c2 * ak[j] * ak[j];
    }
    for (unsigned j = 0; j < W5_N; j++) reg += w[j] * w[j];
    sink = loss * im + 0.5 * w5d.lambda * reg;
    double cs = 0.0;
    for (unsigned j = 0; j < W5_N; j++) cs += w5h[j];
    return cs;
}

static double w5_sp(void)
{
    double f;
    if (dn_hessdiag_sp(&f, w5g, w5h, w5_logreg_sp, &w5d, w5x, W5_N, work)) abort();
    double cs = 0.0;
    for (unsigned j = 0; j < W5_N; j++) cs += w5h[j];
    return cs;
}

static dn_plan_o2 *w5P;
static double w5_plan(void)
{
    double f;
    if (dn_hessdiag_plan(&f, w5g, w5h, w5_logreg_sp, &w5d, w5x, W5_N, w5P)) abort();
    double cs = 0.0;
    for (unsigned j = 0; j < W5_N; j++) cs += w5h[j];
    return cs;
}

static void run_w5(void)
{
    double *a = malloc((size_t)W5_M * W5_N * sizeof *a), *y = malloc(W5_M * sizeof *y);
    double *wt = malloc(W5_N * sizeof *wt);
    w5x = malloc(W5_N * sizeof *w5x), w5g = malloc(W5_N * sizeof *w5g), w5h = malloc(W5_N * sizeof *w5h);
    if (!a || !y || !wt || !w5x || !w5g || !w5h) abort();
    w5_make(a, y, W5_M, W5_N, wt);
    for (unsigned j = 0; j < W5_N; j++) w5x[j] = 0.1 * wt[j];
    w5d = (struct w5_data){W5_M, a, y, 0.05};
    peer p[] = {{"plain_f", w5_plain, {0}, 0}, {"hand", w5_hand, {0}, 0},
                {"dnum_hessdiag_sp", w5_sp, {0}, 0}, {"dnum_plan_hessdiag", w5_plan, {0}, 0}};
    if (dn_plan_o2_new(&w5P, NULL)) abort();
    w5_sp();
    dn_plan_o2_stats st;
    for (int k = 0; k < 40; k++) { /* (a function of its sums: it stops replaying) */
        w5_plan();
        dn_plan_o2_info(w5P, &st);
        if (!st.replaying) break;
    }
    /* a tape: refused (a function of a sum over all n weights is one element of n) */
    dn_tape_o2 *T5;
    dn_errinfo e5;
    if (dn_tape_o2_new(&T5, NULL)) abort();
    int st5 = dn_tape_o2_record_ex(T5, w5_logreg_tp, &w5d, w5x, W5_N, &e5);
    dn_tape_o2_free(T5);
    char extra[200];
    const char *t5 = st5 == DN_ERANGE ? "refused (DN_ERANGE)" : st5 ? "error" : "recorded";
    snprintf(extra, sizeof extra, "plan=%s (%s),tape=%s", st.replaying ? "replays" : "one-pass",
             st.why ? st.why : "", t5);
    bench("W5", W5_N, p, 4, 3, extra);
    dn_plan_o2_free(w5P);
    free(a), free(y), free(wt), free(w5x), free(w5g), free(w5h);
}

/* ---- W6 ------------------------------------------------------------------------------------ */

enum { W6_K = 316, W6_N = W6_K * W6_K };
static unsigned w6k = W6_K;
static double *w6x, *w6g, *w6v, *w6hv;
static dn_sphess w6H, w6He; /* dn_hessian_sp's, dn_hessian_el's */
static dn_elements *w6E;
static size_t *w6slot; /* per cell: CSR positions of its 6 lower entries (hand peer) */

static double w6_plain(void)
{
    const double *x = w6x;
    double s = 0.0;
    for (unsigned i = 0; i + 1 < W6_K; i++)
        for (unsigned j = 0; j + 1 < W6_K; j++) {
            unsigned p = i * W6_K + j;
            double a = x[p + W6_K] - x[p], b = x[p + 1] - x[p];
            s += sqrt(1.0 + a * a + b * b);
        }
    return s;
}

/* one cell: f = s(a, b), a = x_q - x_p, b = x_r - x_p; gradient and the 3 x 3 Hessian */
static inline void w6_cell(const double *x, unsigned p, double *s, double g[3], double H[6])
{
    double a = x[p + W6_K] - x[p], b = x[p + 1] - x[p];
    double q = sqrt(1.0 + a * a + b * b), iq = 1.0 / q, iq3 = iq * iq * iq;
    double fa = a * iq, fb = b * iq, faa = (1.0 + b * b) * iq3, fab = -a * b * iq3,
           fbb = (1.0 + a * a) * iq3;
    *s = q;
    g[0] = -fa - fb, g[1] = fa, g[2] = fb;       /* p, q = p + K, r = p + 1 */
    H[0] = faa + 2.0 * fab + fbb;                /* pp */
    H[1] = -faa - fab, H[2] = faa;               /* qp, qq */
    H[3] = -fab - fbb, H[4] = fab, H[5] = fbb;   /* rp, rq, rr */
}

static double w6_hand(void)
{
    const double *x = w6x;
    double f = 0.0;
    memset(w6g, 0, W6_N * sizeof *w6g);
    memset(w6H.val, 0, w6H.nnz * sizeof *w6H.val);
    size_t c = 0;
    for (unsigned i = 0; i + 1 < W6_K; i++)
        for (unsigned j = 0; j + 1 < W6_K; j++, c++) {
            unsigned p = i * W6_K + j;
            double s, g[3], H[6];
            w6_cell(x, p, &s, g, H);
            f += s;
            w6g[p] += g[0], w6g[p + W6_K] += g[1], w6g[p + 1] += g[2];
            for (int e = 0; e < 6; e++) w6H.val[w6slot[6 * c + e]] += H[e];
        }
    sink = f;
    double cs = 0.0;
    for (size_t k = 0; k < w6H.nnz; k++) cs += w6H.val[k];
    return cs;
}

static double w6_hand_hv(void)
{
    const double *x = w6x, *v = w6v;
    double f = 0.0;
    memset(w6g, 0, W6_N * sizeof *w6g);
    memset(w6hv, 0, W6_N * sizeof *w6hv);
    for (unsigned i = 0; i + 1 < W6_K; i++)
        for (unsigned j = 0; j + 1 < W6_K; j++) {
            unsigned p = i * W6_K + j, q = p + W6_K, r = p + 1;
            double s, g[3], H[6];
            w6_cell(x, p, &s, g, H);
            f += s;
            w6g[p] += g[0], w6g[q] += g[1], w6g[r] += g[2];
            w6hv[p] += H[0] * v[p] + H[1] * v[q] + H[3] * v[r];
            w6hv[q] += H[1] * v[p] + H[2] * v[q] + H[4] * v[r];
            w6hv[r] += H[3] * v[p] + H[4] * v[q] + H[5] * v[r];
        }
    sink = f;
    double cs = 0.0;
    for (unsigned k = 0; k < W6_N; k++) cs += fabs(w6hv[k]);
    return cs;
}

static double w6_sp(void)
{
    double f;
    if (dn_hessian_sp(&f, w6g, &w6H, w6_surface_sp, &w6k, w6x, W6_N, work)) abort();
    double cs = 0.0;
    for (size_t k = 0; k < w6H.nnz; k++) cs += w6H.val[k];
    return cs;
}

static double w6_hv(void)
{
    double f;
    if (dn_hessvec_sp(&f, w6g, w6hv, w6_surface_sp, &w6k, w6x, w6v, W6_N, work)) abort();
    double cs = 0.0;
    for (unsigned k = 0; k < W6_N; k++) cs += fabs(w6hv[k]);
    return cs;
}

static dn_plan_o2 *w6P;
static double w6_hv_plan(void)
{
    double f;
    if (dn_hessvec_plan(&f, w6g, w6hv, w6_surface_sp, &w6k, w6x, w6v, W6_N, w6P)) abort();
    double cs = 0.0;
    for (unsigned k = 0; k < W6_N; k++) cs += fabs(w6hv[k]);
    return cs;
}
static int w6_plan_call(dn_plan_o2 *P)
{
    return dn_hessvec_plan(NULL, w6g, w6hv, w6_surface_sp, &w6k, w6x, w6v, W6_N, P);
}
static int w6_sp_call(dsp_o2_work *w)
{
    return dn_hessvec_sp(NULL, w6g, w6hv, w6_surface_sp, &w6k, w6x, w6v, W6_N, w);
}

static dn_tape_o2 *w6T;
static dn_sphess w6Ht; /* dn_hessian_tape's */
static double w6_tape(void)
{
    double f;
    if (dn_hessian_tape(&f, w6g, &w6Ht, w6T, w6x)) abort();
    double cs = 0.0;
    for (size_t k = 0; k < w6Ht.nnz; k++) cs += w6Ht.val[k];
    return cs;
}

static double w6_hv_tape(void)
{
    double f;
    if (dn_hessvec_tape(&f, w6g, w6hv, w6T, w6x, w6v)) abort();
    double cs = 0.0;
    for (unsigned i = 0; i < W6_N; i++) cs += w6hv[i];
    return cs;
}

static double w6_el(void)
{
    double f;
    if (dn_hessian_el(&f, w6g, &w6He, w6_cell_el, NULL, w6x, w6E)) abort();
    double cs = 0.0;
    for (size_t k = 0; k < w6He.nnz; k++) cs += w6He.val[k];
    return cs;
}

static double w6_hv_el(void)
{
    double f;
    if (dn_hessvec_el(&f, w6g, w6hv, w6_cell_el, NULL, w6x, w6v, w6E)) abort();
    double cs = 0.0;
    for (unsigned k = 0; k < W6_N; k++) cs += fabs(w6hv[k]);
    return cs;
}

static size_t csr_find(const dn_sphess *H, unsigned i, unsigned j)
{
    for (size_t p = H->rowptr[i]; p < H->rowptr[i + 1]; p++)
        if (H->col[p] == j) return p;
    abort();
}

static void run_w6(void)
{
    w6x = malloc(W6_N * sizeof *w6x), w6g = malloc(W6_N * sizeof *w6g);
    w6v = malloc(W6_N * sizeof *w6v), w6hv = malloc(W6_N * sizeof *w6hv);
    w6slot = malloc(6 * (size_t)(W6_K - 1) * (W6_K - 1) * sizeof *w6slot);
    if (!w6x || !w6g || !w6v || !w6hv || !w6slot) abort();
    for (unsigned i = 0; i < W6_K; i++)
        for (unsigned j = 0; j < W6_K; j++) {
            double s = (double)i / (W6_K - 1), t = (double)j / (W6_K - 1);
            w6x[i * W6_K + j] = sin(3.0 * s) * cos(2.0 * t) + 0.1 * s * t;
            w6v[i * W6_K + j] = cos(5.0 * s + t);
        }
    dn_sphess_init(&w6H, NULL);
    dn_sphess_init(&w6He, NULL);
    if (w6_elements(&w6E, W6_K)) abort();
    w6_sp(); /* the patterns, reused by every timed call */
    w6_el();
    size_t c = 0;
    for (unsigned i = 0; i + 1 < W6_K; i++)
        for (unsigned j = 0; j + 1 < W6_K; j++, c++) {
            unsigned p = i * W6_K + j, q = p + W6_K, r = p + 1;
            size_t *s = w6slot + 6 * c;
            s[0] = csr_find(&w6H, p, p), s[1] = csr_find(&w6H, q, p), s[2] = csr_find(&w6H, q, q);
            s[3] = csr_find(&w6H, r, p), s[4] = csr_find(&w6H, q, r), s[5] = csr_find(&w6H, r, r);
        }
    char extra[260], first[96];
    first_calls(first, sizeof first, &w6P, w6_plan_call, w6_sp_call);
    for (int k = 0; k < 4; k++) w6_hv_plan(); /* (the calls that learn its colours) */
    dn_plan_o2_stats st;
    dn_plan_o2_info(w6P, &st);
    /* the tape: recorded once; its sparse Hessian against dn_hessian_sp's, entry by entry */
    double tms, terr = 0.0;
    unsigned k6 = W6_K;
    dn_sphess_init(&w6Ht, NULL);
    w6T = tape_of(w6_surface_tp, &k6, w6x, W6_N, &tms);
    w6_sp();
    w6_tape();
    for (unsigned i = 0; i < W6_N; i++)
        for (size_t q = w6H.rowptr[i]; q < w6H.rowptr[i + 1]; q++) {
            double vt = 0.0; /* (0 where the tape's pattern has no such entry) */
            for (size_t t = w6Ht.rowptr[i]; t < w6Ht.rowptr[i + 1]; t++)
                if (w6Ht.col[t] == w6H.col[q]) vt = w6Ht.val[t];
            double e = fabs(w6H.val[q] - vt);
            terr = fmax(terr, e / fmax(1.0, fabs(w6H.val[q])));
        }
    snprintf(extra, sizeof extra,
             "nnz=%zu,plan_colors=%u,%s,tape_nnz=%zu,tape_relerr=%.3g,tape_record_ms=%.3f",
             w6H.nnz, st.colors, first, w6Ht.nnz, terr, tms);
    peer p[] = {{"plain_f", w6_plain, {0}, 0}, {"hand", w6_hand, {0}, 0},
                {"hand_hv", w6_hand_hv, {0}, 0}, {"dnum_hessian_el", w6_el, {0}, 0},
                {"dnum_hessvec_el", w6_hv_el, {0}, 0}, {"dnum_hessian_sp", w6_sp, {0}, 0},
                {"dnum_hessvec_sp", w6_hv, {0}, 0}, {"dnum_plan_hessvec", w6_hv_plan, {0}, 0},
                {"dnum_tape_hessian", w6_tape, {0}, 0}, {"dnum_tape_hessvec", w6_hv_tape, {0}, 0}};
    bench("W6", W6_N, p, 5, ROUNDS, extra);
    bench("W6", W6_N, p + 5, 5, ROUNDS, extra);
    dn_plan_o2_free(w6P);
    dn_tape_o2_free(w6T);
    dn_sphess_clear(&w6Ht);
    dn_sphess_clear(&w6H);
    dn_sphess_clear(&w6He);
    dn_elements_free(w6E);
    free(w6x), free(w6g), free(w6v), free(w6hv), free(w6slot);
}

#include "bench_hessian_cute.h" /* the workload CUTE (run_cute) */

/* ---- NLP ----------------------------------------------------------------------------------- */

enum { NLP_N = 100000 };
static dn_nlp *nlpP;
static double *nx, *nlam, *nout, *nout2;

static double sum(const double *a, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; i++) s += a[i];
    return s;
}
static double nlp_hand_obj(void) { return lv_hand_obj(NLP_N, nx, nout) + sum(nout, NLP_N); }
static double nlp_obj(void)
{
    double f;
    if (dn_nlp_obj(nlpP, nx, &f, nout)) abort();
    return f + sum(nout, NLP_N);
}
static double nlp_hand_cons(void)
{
    lv_hand_cons(NLP_N, nx, nout2, nout);
    return sum(nout, 3 * (size_t)(NLP_N - 2)) + sum(nout2, NLP_N - 2);
}
static double nlp_cons(void)
{
    if (dn_nlp_cons(nlpP, nx, nout2, nout)) abort();
    return sum(nout, 3 * (size_t)(NLP_N - 2)) + sum(nout2, NLP_N - 2);
}
static dn_nlp *nlpS;
static double nlp_sp_obj(void)
{
    double f;
    if (dn_nlp_obj(nlpS, nx, &f, nout)) abort();
    return f + sum(nout, NLP_N);
}
static double nlp_sp_cons(void)
{
    if (dn_nlp_cons(nlpS, nx, nout2, nout)) abort();
    return sum(nout, 3 * (size_t)(NLP_N - 2)) + sum(nout2, NLP_N - 2);
}
static double nlp_sp_hess(void)
{
    if (dn_nlp_hess(nlpS, nx, 0.7, nlam, nout)) abort();
    return sum(nout, dn_nlp_hess_nnz(nlpS));
}
static dn_nlp *nlpT; /* the same plain problem recorded on a tape */
static double nlp_tp_obj(void)
{
    double f;
    if (dn_nlp_obj(nlpT, nx, &f, nout)) abort();
    return f + sum(nout, NLP_N);
}
static double nlp_tp_cons(void)
{
    if (dn_nlp_cons(nlpT, nx, nout2, nout)) abort();
    return sum(nout, 3 * (size_t)(NLP_N - 2)) + sum(nout2, NLP_N - 2);
}
static double nlp_tp_hess(void)
{
    if (dn_nlp_hess(nlpT, nx, 0.7, nlam, nout)) abort();
    return sum(nout, dn_nlp_hess_nnz(nlpT));
}

/* the largest difference (relative to max(1, |a|)) between the Hessians of problems A and
 * B at nx, every entry of A's pattern against B's (0 where B has none) */
static double nlp_hess_diff(const dn_nlp *A, const dn_nlp *B)
{
    const size_t *ra, *rb;
    const unsigned *ca, *cb;
    dn_nlp_hess_csr(A, &ra, &ca);
    dn_nlp_hess_csr(B, &rb, &cb);
    double *ha = malloc((dn_nlp_hess_nnz(A) + 1) * sizeof *ha);
    double *hb = malloc((dn_nlp_hess_nnz(B) + 1) * sizeof *hb), d = 0.0;
    if (!ha || !hb || dn_nlp_hess(A, nx, 0.7, nlam, ha) || dn_nlp_hess(B, nx, 0.7, nlam, hb))
        abort();
    for (unsigned i = 0; i < NLP_N; i++)
        for (size_t k = ra[i]; k < ra[i + 1]; k++) {
            double v = 0.0;
            for (size_t q = rb[i]; q < rb[i + 1]; q++)
                if (cb[q] == ca[k]) v = hb[q];
            d = fmax(d, fabs(ha[k] - v) / fmax(1.0, fabs(ha[k])));
        }
    free(ha), free(hb);
    return d;
}

static double nlp_hand_hess(void)
{
    lv_hand_hess(NLP_N, nx, 0.7, nlam, nout);
    return sum(nout, lv_hnnz(NLP_N));
}
static double nlp_hess(void)
{
    if (dn_nlp_hess(nlpP, nx, 0.7, nlam, nout)) abort();
    return sum(nout, lv_hnnz(NLP_N));
}

static void run_nlp(void)
{
    nx = malloc(NLP_N * sizeof *nx), nlam = malloc(NLP_N * sizeof *nlam);
    nout = malloc(3 * (size_t)NLP_N * sizeof *nout), nout2 = malloc(NLP_N * sizeof *nout2);
    nlpP = lv_problem(NLP_N);
    if (!nx || !nlam || !nout || !nout2 || !nlpP || dn_nlp_hess_nnz(nlpP) != lv_hnnz(NLP_N)) abort();
    unsigned s = 1;
    for (unsigned i = 0; i < NLP_N; i++) {
        s = s * 1103515245u + 12345u;
        nx[i] = ((s >> 8) & 0xffff) / 32768.0 - 1.0;
        nlam[i] = cos(0.01 * i);
    }
    char extra[64];
    snprintf(extra, sizeof extra, "m=%u,jnnz=%zu,hnnz=%zu", NLP_N - 2, dn_nlp_jac_nnz(nlpP),
             dn_nlp_hess_nnz(nlpP));
    peer p[] = {{"hand_obj", nlp_hand_obj, {0}, 0}, {"dnum_nlp_obj", nlp_obj, {0}, 0},
                {"hand_cons", nlp_hand_cons, {0}, 0}, {"dnum_nlp_cons", nlp_cons, {0}, 0},
                {"hand_hess", nlp_hand_hess, {0}, 0}, {"dnum_nlp_hess", nlp_hess, {0}, 0}};
    bench("NLP", NLP_N, p, 6, ROUNDS, extra);
    double t0 = cpu_s();
    if (dn_nlp_new_sp(&nlpS, NLP_N, NLP_N - 2, lv_obj_plain_sp, lv_con_plain_sp, NULL, nx, 0, NULL,
                      NULL))
        abort();
    double t1 = cpu_s();
    if (dn_nlp_new_tp(&nlpT, NLP_N, NLP_N - 2, lv_obj_plain_tp, lv_con_plain_tp, NULL, nx, 0, NULL,
                      NULL))
        abort();
    double t2 = cpu_s();
    char ex2[200];
    snprintf(ex2, sizeof ex2, "m=%u,jnnz=%zu,hnnz=%zu,new_sp_ms=%.3f,new_tp_ms=%.3f,"
             "tp_hnnz=%zu,tp_hess_diff=%.3g", NLP_N - 2, dn_nlp_jac_nnz(nlpS),
             dn_nlp_hess_nnz(nlpS), 1e3 * (t1 - t0), 1e3 * (t2 - t1), dn_nlp_hess_nnz(nlpT),
             nlp_hess_diff(nlpS, nlpT));
    peer q[] = {{"dnum_nlp_sp_obj", nlp_sp_obj, {0}, 0}, {"dnum_nlp_sp_cons", nlp_sp_cons, {0}, 0},
                {"dnum_nlp_sp_hess", nlp_sp_hess, {0}, 0}, {"dnum_nlp_tp_obj", nlp_tp_obj, {0}, 0},
                {"dnum_nlp_tp_cons", nlp_tp_cons, {0}, 0}, {"dnum_nlp_tp_hess", nlp_tp_hess, {0}, 0}};
    bench("NLP", NLP_N, q, 6, ROUNDS, ex2);
    dn_nlp_free(nlpS);
    dn_nlp_free(nlpT);
    dn_nlp_free(nlpP);
    free(nx), free(nlam), free(nout), free(nout2);
}

int main(int argc, char **argv)
{
    const char *wl = argc >= 2 ? argv[1] : "all";
    unsigned n = argc >= 3 ? (unsigned)strtoul(argv[2], NULL, 10) : 0;
    if (n == 2) n = 2000;
    int all = strcmp(wl, "all") == 0;
    if (dsp_o2_work_new(&work, NULL)) return 1;
    if (all || strcmp(wl, "W3") == 0) {
        if (n == 0 || n == 2000) run_w3(2000);
        if (n == 0 || n == 1000000) run_w3(1000000);
    }
    if (all || strcmp(wl, "W5") == 0) run_w5();
    if (all || strcmp(wl, "W6") == 0) run_w6();
    if (all || strcmp(wl, "CUTE") == 0) run_cute();
    if (all || strcmp(wl, "NLP") == 0) run_nlp();
    dsp_o2_work_free(work);
    return 0;
}
