/* Differential libFuzzer target for the optimizer drivers: the input is a number of
 * variables n (1..24), a number of constraints m (0..3) with a seed for the points, and a
 * small stack program (one byte per instruction) that an objective of DN_OBJECTIVE_O2
 * interprets, so that one program runs on every number type of the drivers (dnum_o2,
 * dsp_o2, dsph_o2, dpl2_o2, dpl4_o2). The program pushes variables and constants,
 * combines them (arithmetic, sin, cos, tanh, atan, exp of a tanh, quotients by 1 + b^2),
 * sums terms over ranges of variables (running sums that grow into accumulators, chained
 * terms x_i x_(i+1), a dense linear form times a term) and branches on the value of an
 * intermediate, so that the control flow, and with it the sparsity, changes from point to
 * point. At four points (two of them close to each other, so that a recorded plan replays
 * across them) it compares with the dense reference dn_hessian (dnum_o2 passes,
 * polarisation):
 *   - dn_grad_sp, dn_hessdiag_sp, dn_hessvec_sp and dn_hessian_sp (every entry of the
 *     sparse Hessian, also those outside its pattern, which must be 0 in the reference);
 *   - the same through recorded plans: one plan per driver, called at every point, and
 *     one plan called in turn by all four drivers (modes mixed), with its own dn_sphess;
 *   - a constrained problem (dn_nlp_new_sp, made at the first point) with m = 0..3
 *     constraints, constraint i the same program on the variables shifted by i + 1
 *     (DN_CONSTRAINT_O2): dn_nlp_obj, dn_nlp_cons (every Jacobian entry, in its pattern
 *     or not), dn_nlp_jacvec, dn_nlp_jactvec, dn_nlp_hess (every entry of the Lagrangian
 *     sigma H_f + sum_i lambda_i H_ci in the lower triangle) and dn_nlp_hessdiag, against
 *     dense references of f and each c_i. At a later point a driver may return DN_ESTRUCT
 *     (the control flow reached an entry outside the patterns) and must then write nothing;
 *   - where the program does not branch on a value (which a tape refuses), the same
 *     objective recorded on a tape at the first point (dn_grad_tape, dn_hessdiag_tape,
 *     dn_hessvec_tape, dn_hessian_tape) and the constrained problem recorded
 *     (dn_nlp_new_tp), replayed at every point.
 * Failures: any crash or sanitizer report; a driver returning an error (but DN_ESTRUCT as
 * above); a result off the reference by more than TOL times the scale of the computation.
 * Every operation of the program is total and smooth on the points (|x_i| <= 1.5;
 * divisors 1 + b^2 >= 1; exp of a value in (-1, 1)), so every result is finite and each
 * driver computes the same derivatives with other roundings: the drivers differ from the
 * reference by the rounding errors of a few hundred operations on numbers no larger than
 * the scale S = 1 + max |intermediate value|^2 + the sum of the reference's |entries|
 * (the Hessians' over n), far below TOL S, while a dropped or misplaced term changes a
 * derivative by the size of that term. Where S is above 1e6 (a long product of large
 * values) only the crash and status checks apply.
 * Build and run with tools/fuzz.sh (which runs every target). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dnum/dnum.h>

#define NMAX 24
#define PROG 48  /* instructions at most */
#define STACK 8  /* stack depth */
#define NPT 4    /* points */
#define TOL 1e-9 /* relative to the scale S */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct prog {
    const uint8_t *code;
    size_t len;
    unsigned shift; /* the variables' index offset (constraint i: i + 1) */
    double *maxv;   /* the largest |value| of an intermediate (over every evaluation) */
} prog;

/* a constant from 4 bits: -1.875 .. 1.875 */
static double cst(unsigned a)
{
    return ((double)a - 7.5) / 4.0;
}

/* keeps the largest |value| seen (the scale of the comparisons) */
static void seen(prog *P, double v)
{
    if (fabs(v) > *P->maxv) *P->maxv = fabs(v);
}

/* Each operation once per number type, out of line: inline at every use in the
 * interpreter below, the sparse families' operations made this file take 5 CPU minutes
 * to compile under the sanitizers. */
#define FZ_WRAP(T)                                                                         \
    static __attribute__((noinline)) T fz_add_##T(T a, T b) { return dnh_add(a, b); }     \
    static __attribute__((noinline)) T fz_sub_##T(T a, T b) { return dnh_sub(a, b); }     \
    static __attribute__((noinline)) T fz_mul_##T(T a, T b) { return dnh_mul(a, b); }     \
    static __attribute__((noinline)) T fz_div_##T(T a, T b) { return dnh_div(a, b); }     \
    static __attribute__((noinline)) T fz_mul_d_##T(T a, double c)                        \
    {                                                                                      \
        return dnh_mul_d(a, c);                                                            \
    }                                                                                      \
    static __attribute__((noinline)) T fz_add_d_##T(T a, double c)                        \
    {                                                                                      \
        return dnh_add_d(a, c);                                                            \
    }                                                                                      \
    static __attribute__((noinline)) T fz_fn_##T(unsigned f, T u)                         \
    {                                                                                      \
        T s, c;                                                                            \
        switch (f) {                                                                       \
        case 0: return dnh_sin(u);                                                         \
        case 1: return dnh_cos(u);                                                         \
        case 2: return dnh_tanh(u);                                                        \
        case 3: return dnh_atan(u);                                                        \
        case 4: return dnh_exp(u);                                                         \
        case 5: return dnh_neg(u);                                                         \
        default: dnh_sincos(u, &s, &c); return s; /* (sin from the pair) */                \
        }                                                                                  \
    }
FZ_WRAP(dnum_o2)
FZ_WRAP(dlane_o2)
FZ_WRAP(dsp_o2)
FZ_WRAP(dsph_o2)
FZ_WRAP(dpl2_o2)
FZ_WRAP(dpl4_o2)
FZ_WRAP(dtp_o2)
#define FZ_GEN(f, a)                                                                       \
    _Generic((a), dnum_o2 : fz_##f##_dnum_o2, dlane_o2 : fz_##f##_dlane_o2,                \
             dsp_o2 : fz_##f##_dsp_o2, dsph_o2 : fz_##f##_dsph_o2, dpl2_o2 : fz_##f##_dpl2_o2, \
             dpl4_o2 : fz_##f##_dpl4_o2, dtp_o2 : fz_##f##_dtp_o2)
#define fz_add(a, b) FZ_GEN(add, a)(a, b)
#define fz_sub(a, b) FZ_GEN(sub, a)(a, b)
#define fz_mul(a, b) FZ_GEN(mul, a)(a, b)
#define fz_div(a, b) FZ_GEN(div, a)(a, b)
#define fz_mul_d(a, c) FZ_GEN(mul_d, a)(a, c)
#define fz_add_d(a, c) FZ_GEN(add_d, a)(a, c)
#define fz_fn(f, u) FZ_GEN(fn, u)(f, u)
enum { F_SIN, F_COS, F_TANH, F_ATAN, F_EXP, F_NEG, F_SINPAIR };

/* The interpreter: byte b, opcode b & 15, argument a = b >> 4. Instructions that need more
 * operands than the stack holds, or room it lacks, are skipped. */
/* the value of a number, for the scale (seen): dnh_value, but on the recording numbers
 * their field (dnh_value there would make the tape refuse the program; the scale does not
 * change the program's operations) */
#define FZ_VAL(T)                                                                          \
    static inline double fz_val_##T(T a)                                                   \
    {                                                                                      \
        return dnh_value(a);                                                               \
    }
FZ_VAL(dnum_o2)
FZ_VAL(dlane_o2)
FZ_VAL(dsp_o2)
FZ_VAL(dsph_o2)
FZ_VAL(dpl2_o2)
FZ_VAL(dpl4_o2)
static inline double fz_val_dtp_o2(dtp_o2 a)
{
    return a.v;
}
#define PUSH(e) (st[sp] = (e), seen(P, FZ_GEN(val, st[sp])(st[sp])), sp++)
DN_OBJECTIVE_O2(fz_obj, T, x, n, ctx, prog *P = ctx; T st[STACK]; unsigned sp = 0;
    for (size_t pc = 0; pc < P->len; pc++) {
        unsigned op = P->code[pc] & 15u, a = P->code[pc] >> 4;
        switch (op) {
        case 0: /* a variable */
            if (sp < STACK) PUSH(x[(a + P->shift) % n]);
            break;
        case 1: /* a constant */
            if (sp < STACK) PUSH(dnh_const(T, cst(a)));
            break;
        case 2: /* + */
        case 3: /* - */
        case 4: /* * */
        case 6: /* p / (1 + q^2) */
            if (sp >= 2) {
                T p = st[sp - 2], q = st[sp - 1];
                sp -= 2;
                if (op == 2) PUSH(fz_add(p, q));
                else if (op == 3) PUSH(fz_sub(p, q));
                else if (op == 4) PUSH(fz_mul(p, q));
                else PUSH(fz_div(p, fz_add_d(fz_mul(q, q), 1.0)));
            }
            break;
        case 5: /* a function */
            if (sp >= 1) {
                T u = st[--sp];
                switch (a % 7) {
                case 0: PUSH(fz_fn(F_SIN, u)); break;
                case 1: PUSH(fz_fn(F_COS, u)); break;
                case 2: PUSH(fz_fn(F_TANH, u)); break;
                case 3: PUSH(fz_fn(F_ATAN, u)); break;
                case 4: PUSH(fz_fn(F_EXP, fz_fn(F_TANH, u))); break;
                case 5: PUSH(fz_mul(u, u)); break;
                default: PUSH(fz_fn(F_NEG, u)); break;
                }
            }
            break;
        case 7: /* a branch on a value: p if c > t, else q */
            if (sp >= 3) {
                T c = st[sp - 1], q = st[sp - 2], p = st[sp - 3];
                sp -= 3;
                PUSH(dnh_value(c) > (double)a / 8.0 - 1.0 ? p : q);
            }
            break;
        case 8: /* a sum of terms over a range of variables (a running sum) */
            if (sp < STACK) {
                T s = dnh_const(T, 0.0);
                for (unsigned i = (a / 5) * n / 4; i + 1 < n + (a % 5 < 2); i++) {
                    T xi = x[i], xj = x[(i + 1) % n], t;
                    switch (a % 5) {
                    case 0: t = fz_mul(xi, xi); break;
                    case 1: t = fz_mul_d(fz_fn(F_SIN, xi), 0.5); break;
                    case 2: t = fz_mul(xi, xj); break;
                    case 3: t = fz_sub(xj, fz_mul(xi, xi)), t = fz_mul(t, t); break;
                    default: t = dnh_value(xi) > 0.0 ? fz_mul(xi, xj) : fz_fn(F_COS, xj); break;
                    }
                    s = fz_add(s, t);
                }
                PUSH(s);
            }
            break;
        case 9: /* a dense linear form times the top: u tanh(sum_i c_i x_i) */
            if (sp >= 1) {
                T u = st[--sp], z = dnh_const(T, 0.0);
                for (unsigned i = 0; i < n; i++)
                    z = fz_add(z, fz_mul_d(x[i], cst((a + 3 * i + P->shift) & 15u) / 4.0));
                PUSH(fz_mul(u, fz_fn(F_TANH, z)));
            }
            break;
        case 10: /* a constant factor */
            if (sp >= 1) {
                T u = st[--sp];
                PUSH(fz_mul_d(u, cst(a)));
            }
            break;
        case 11: /* a constant shift */
            if (sp >= 1) {
                T u = st[--sp];
                PUSH(fz_add_d(u, cst(a)));
            }
            break;
        case 12: /* dup */
            if (sp >= 1 && sp < STACK) {
                T u = st[sp - 1];
                PUSH(u);
            }
            break;
        case 13: /* swap */
            if (sp >= 2) {
                T u = st[sp - 1];
                st[sp - 1] = st[sp - 2];
                st[sp - 2] = u;
            }
            break;
        case 14: /* sin p - cos q from one pair */
            if (sp >= 2) {
                T p = st[sp - 2], q = st[sp - 1];
                sp -= 2;
                PUSH(fz_sub(fz_fn(F_SINPAIR, p), fz_fn(F_COS, q)));
            }
            break;
        default: /* the stack summed into one running sum */
            if (sp >= 1) {
                T s = st[0];
                for (unsigned k = 1; k < sp; k++) s = fz_add(s, st[k]);
                sp = 0;
                PUSH(s);
            }
            break;
        }
    }
    T r = dnh_const(T, 0.0);
    for (unsigned k = 0; k < sp; k++) r = fz_add(r, st[k]);
    return r;)
#undef PUSH

/* constraint i: the same program with its variables shifted by i + 1, on the number type of
 * the version (dnum_o2, dsph_o2, dsp_o2, dtp_o2) */
DN_CONSTRAINT_O2(fz_con, T, x, n, i, ctx, prog Q = *(prog *)ctx; Q.shift = i + 1;
    return _Generic(*x, dnum_o2 : fz_obj, dsph_o2 : fz_obj_sph, dsp_o2 : fz_obj_spl,
                    dtp_o2 : fz_obj_tp)(x, n, &Q);)

/* xorshift64*, uniform in [-1, 1) */
static double uni(uint64_t *s)
{
    *s ^= *s >> 12, *s ^= *s << 25, *s ^= *s >> 27;
    return (double)((*s * 2685821657736338717ULL) >> 11) * 0x1p-52 - 1.0;
}

static void need(int st, const char *what)
{
    if (st) {
        fprintf(stderr, "fuzz_opt: %s returned %d\n", what, st);
        abort();
    }
}

/* got[0..m) against want[0..m) within tol */
static void close_to(const char *what, int pt, const double *got, const double *want,
                     size_t m, double tol)
{
    for (size_t k = 0; k < m; k++)
        if (!(fabs(got[k] - want[k]) <= tol)) {
            fprintf(stderr, "fuzz_opt: point %d, %s[%zu] = %.17g, reference %.17g (tol %g)\n",
                    pt, what, k, got[k], want[k], tol);
            abort();
        }
}

/* the constrained problem's drivers at x against the dense references: the objective
 * (fd, gd), constraint i's value cd[i], gradient Jd[i n ..] and Hessian Hc[i n n ..];
 * first: the point where the problem was made (no DN_ESTRUCT there) */
static void check_nlp(const dn_nlp *P, unsigned n, unsigned m, int pt, int first,
                      const double *x, const double *v, const double *lam, double fd,
                      const double *gd, const double *cd, const double *Jd, const double *Hd,
                      const double *Hc, int cmp, double tol)
{
    enum { SENT = 12345 }; /* (what an output holds when a driver must not write it) */
    double f, g[NMAX], c[4], jac[4 * NMAX], hv[NMAX * NMAX], hd[NMAX], jv[4], jtu[NMAX];
    int jr[4 * NMAX], jc[4 * NMAX], hr[NMAX * NMAX], hc[NMAX * NMAX];
    double L[NMAX * NMAX], sigma = 0.75; /* sigma H_f + sum_i lam_i H_ci */
    for (size_t q = 0; q < (size_t)n * n; q++) {
        L[q] = sigma * Hd[q];
        for (unsigned i = 0; i < m; i++) L[q] += lam[i] * Hc[(size_t)i * n * n + q];
    }
    size_t jn = dn_nlp_jac_nnz(P), hn = dn_nlp_hess_nnz(P);
    if (jn > 4 * NMAX || hn > (size_t)n * (n + 1) / 2) abort();
    need(dn_nlp_jac_pattern(P, jr, jc), "dn_nlp_jac_pattern");
    need(dn_nlp_hess_pattern(P, hr, hc), "dn_nlp_hess_pattern");
    need(dn_nlp_obj(P, x, &f, g), "dn_nlp_obj");
    if (cmp) close_to("nlp f", pt, &f, &fd, 1, tol), close_to("nlp grad", pt, g, gd, n, tol);

    /* the constraints and the Jacobian: every entry of J in the pattern (the pattern's
     * values in its order), the rest 0 */
    for (size_t k = 0; k < jn; k++) jac[k] = SENT;
    int st = dn_nlp_cons(P, x, c, jac);
    if (st == DN_ESTRUCT && !first) {
        for (size_t k = 0; k < jn; k++)
            if (jac[k] != SENT) abort(); /* (DN_ESTRUCT writes nothing) */
    } else {
        need(st, "dn_nlp_cons");
        double J[4 * NMAX] = {0};
        for (size_t k = 0; k < jn; k++) J[(size_t)jr[k] * n + (size_t)jc[k]] += jac[k];
        if (cmp) close_to("nlp c", pt, c, cd, m, tol), close_to("nlp J", pt, J, Jd, (size_t)m * n, tol);
    }
    st = dn_nlp_jacvec(P, x, v, jv);
    if (!(st == DN_ESTRUCT && !first)) {
        need(st, "dn_nlp_jacvec");
        double r[4] = {0};
        for (unsigned i = 0; i < m; i++)
            for (unsigned j = 0; j < n; j++) r[i] += Jd[i * n + j] * v[j];
        if (cmp) close_to("nlp J v", pt, jv, r, m, tol);
    }
    st = dn_nlp_jactvec(P, x, lam, jtu);
    if (!(st == DN_ESTRUCT && !first)) {
        need(st, "dn_nlp_jactvec");
        double r[NMAX] = {0};
        for (unsigned i = 0; i < m; i++)
            for (unsigned j = 0; j < n; j++) r[j] += Jd[i * n + j] * lam[i];
        if (cmp) close_to("nlp J^T u", pt, jtu, r, n, tol);
    }

    /* the Lagrangian Hessian: the lower triangle in the pattern, the rest 0 */
    for (size_t k = 0; k < hn; k++) hv[k] = SENT;
    st = dn_nlp_hess(P, x, sigma, lam, hv);
    if (st == DN_ESTRUCT && !first) {
        for (size_t k = 0; k < hn; k++)
            if (hv[k] != SENT) abort();
    } else {
        need(st, "dn_nlp_hess");
        double B[NMAX * NMAX] = {0}, R[NMAX * NMAX];
        for (size_t k = 0; k < hn; k++) B[(size_t)hr[k] * n + (size_t)hc[k]] += hv[k];
        for (unsigned i = 0; i < n; i++)
            for (unsigned j = 0; j < n; j++) R[i * n + j] = j <= i ? L[i * n + j] : 0.0;
        if (cmp) close_to("nlp Lagrangian H", pt, B, R, (size_t)n * n, tol);
    }
    st = dn_nlp_hessdiag(P, x, sigma, lam, hd);
    if (!(st == DN_ESTRUCT && !first)) {
        need(st, "dn_nlp_hessdiag");
        double r[NMAX];
        for (unsigned i = 0; i < n; i++) r[i] = L[i * n + i];
        if (cmp) close_to("nlp Lagrangian diag", pt, hd, r, n, tol);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3) return 0;
    unsigned n = 1u + data[0] % NMAX, m = data[1] & 3u;
    uint64_t seed = 0x9E3779B97F4A7C15ULL ^ ((uint64_t)(data[1] >> 2) << 17 | 1u);
    double maxv = 0.0;
    prog P = {data + 2, size - 2 > PROG ? PROG : size - 2, 0, &maxv};
    static double Hc[3 * NMAX * NMAX];
    double cd[3], Jd[3 * NMAX], lam[3];
    dn_nlp *nlp = NULL, *nlpt = NULL; /* (nlpt: recorded on a tape; NULL where refused) */
    dn_tape_o2 *tp = NULL;
    int taped = 0; /* the objective recorded on tp */

    double x[NMAX], v[NMAX], fd, gd[NMAX], Hd[NMAX * NMAX], hvd[NMAX];
    double f, g[NMAX], h[NMAX], A[NMAX * NMAX];
    dsp_o2_work *w = NULL;
    dn_plan_o2 *pl[5] = {NULL};
    dn_sphess H, Hp, Hm, Ht;
    dn_sphess_init(&Ht, NULL);
    dn_sphess_init(&H, NULL);
    dn_sphess_init(&Hp, NULL);
    dn_sphess_init(&Hm, NULL);
    need(dsp_o2_work_new(&w, NULL), "dsp_o2_work_new");
    need(dn_tape_o2_new(&tp, NULL), "dn_tape_o2_new");
    for (int k = 0; k < 5; k++) need(dn_plan_o2_new(&pl[k], NULL), "dn_plan_o2_new");

    for (int pt = 0; pt < NPT; pt++) {
        for (unsigned i = 0; i < n; i++) {
            /* points 1 and 2 close to each other (a plan replays across them) */
            if (pt == 2) x[i] += 1e-3 * uni(&seed);
            else x[i] = 1.5 * uni(&seed);
            v[i] = uni(&seed);
        }
        for (unsigned i = 0; i < m; i++) lam[i] = 2.0 * uni(&seed);
        maxv = 0.0;
        need(dn_hessian(&fd, gd, Hd, fz_obj, &P, x, n, NULL), "dn_hessian");
        double S = 1.0 + fabs(fd);
        for (unsigned i = 0; i < m; i++) { /* constraint i: the program shifted by i + 1 */
            prog Q = P;
            Q.shift = i + 1;
            need(dn_hessian(cd + i, Jd + i * n, Hc + (size_t)i * n * n, fz_obj, &Q, x, n, NULL),
                 "dn_hessian (constraint)");
            S += fabs(cd[i]);
            for (unsigned j = 0; j < n; j++) {
                S += fabs(Jd[i * n + j]);
                for (unsigned k = 0; k < n; k++) S += fabs(Hc[((size_t)i * n + j) * n + k]) / n;
            }
        }
        if (pt == 0) { /* the constrained problem, its patterns found at the first point */
            need(dn_nlp_new_sp(&nlp, n, m, fz_obj_sp, m ? fz_con_sp : NULL, &P, x, 0, NULL,
                               NULL),
                 "dn_nlp_new_sp");
            /* and recorded: a program that branches on a value (dnh_value), or has a part
             * of more than 8 variables, is refused */
            int st = dn_tape_o2_record(tp, fz_obj_tp, &P, x, n);
            if (st != DN_EINVAL && st != DN_ERANGE) need(st, "dn_tape_o2_record"), taped = 1;
            st = dn_nlp_new_tp(&nlpt, n, m, fz_obj_tp, m ? fz_con_tp : NULL, &P, x, 0, NULL,
                               NULL);
            if (st != DN_EINVAL && st != DN_ERANGE) need(st, "dn_nlp_new_tp");
        }
        S += maxv * maxv;
        for (unsigned i = 0; i < n; i++) {
            S += fabs(gd[i]);
            hvd[i] = 0.0;
            for (unsigned j = 0; j < n; j++) {
                S += fabs(Hd[i * n + j]) / n;
                hvd[i] += Hd[i * n + j] * v[j];
            }
        }
        int cmp = S <= 1e6;
        double tol = TOL * S;
#define CHECK(what, got, want, m)                                                          \
    do {                                                                                   \
        if (cmp) close_to(what, pt, got, want, m, tol);                                    \
    } while (0)

        /* the one-pass drivers */
        need(dn_grad_sp(&f, g, fz_obj_sp, &P, x, n, w), "dn_grad_sp");
        CHECK("grad_sp f", &f, &fd, 1);
        CHECK("grad_sp grad", g, gd, n);
        need(dn_hessdiag_sp(&f, g, h, fz_obj_sp, &P, x, n, w), "dn_hessdiag_sp");
        double hdd[NMAX];
        for (unsigned i = 0; i < n; i++) hdd[i] = Hd[i * n + i];
        CHECK("hessdiag_sp grad", g, gd, n);
        CHECK("hessdiag_sp diag", h, hdd, n);
        need(dn_hessvec_sp(&f, g, h, fz_obj_sp, &P, x, v, n, w), "dn_hessvec_sp");
        CHECK("hessvec_sp hv", h, hvd, n);
        need(dn_hessian_sp(&f, g, &H, fz_obj_sp, &P, x, n, w), "dn_hessian_sp");
        need(dn_sphess_to_dense(A, &H), "dn_sphess_to_dense");
        CHECK("hessian_sp f", &f, &fd, 1);
        CHECK("hessian_sp H", A, Hd, (size_t)n * n);

        /* one plan per driver */
        need(dn_grad_plan(&f, g, fz_obj_sp, &P, x, n, pl[0]), "dn_grad_plan");
        CHECK("grad_plan f", &f, &fd, 1);
        CHECK("grad_plan grad", g, gd, n);
        need(dn_hessdiag_plan(&f, g, h, fz_obj_sp, &P, x, n, pl[1]), "dn_hessdiag_plan");
        CHECK("hessdiag_plan grad", g, gd, n);
        CHECK("hessdiag_plan diag", h, hdd, n);
        need(dn_hessvec_plan(&f, g, h, fz_obj_sp, &P, x, v, n, pl[2]), "dn_hessvec_plan");
        CHECK("hessvec_plan grad", g, gd, n);
        CHECK("hessvec_plan hv", h, hvd, n);
        need(dn_hessian_plan(&f, g, &Hp, fz_obj_sp, &P, x, n, pl[3]), "dn_hessian_plan");
        need(dn_sphess_to_dense(A, &Hp), "dn_sphess_to_dense");
        CHECK("hessian_plan grad", g, gd, n);
        CHECK("hessian_plan H", A, Hd, (size_t)n * n);

        /* one plan, the drivers in turn (twice per point: each mode replays) */
        for (int r = 0; r < 2; r++) {
            switch ((pt + r) % 4) {
            case 0:
                need(dn_grad_plan(&f, g, fz_obj_sp, &P, x, n, pl[4]), "dn_grad_plan (mixed)");
                CHECK("mixed grad", g, gd, n);
                break;
            case 1:
                need(dn_hessdiag_plan(&f, g, h, fz_obj_sp, &P, x, n, pl[4]),
                     "dn_hessdiag_plan (mixed)");
                CHECK("mixed diag", h, hdd, n);
                break;
            case 2:
                need(dn_hessvec_plan(&f, g, h, fz_obj_sp, &P, x, v, n, pl[4]),
                     "dn_hessvec_plan (mixed)");
                CHECK("mixed hv", h, hvd, n);
                break;
            default:
                need(dn_hessian_plan(&f, g, &Hm, fz_obj_sp, &P, x, n, pl[4]),
                     "dn_hessian_plan (mixed)");
                need(dn_sphess_to_dense(A, &Hm), "dn_sphess_to_dense");
                CHECK("mixed H", A, Hd, (size_t)n * n);
                break;
            }
            CHECK("mixed f", &f, &fd, 1);
        }
        /* the tape's drivers (recorded at the first point, replayed at each) */
        if (taped) {
            need(dn_grad_tape(&f, g, tp, x), "dn_grad_tape");
            CHECK("grad_tape f", &f, &fd, 1);
            CHECK("grad_tape grad", g, gd, n);
            need(dn_hessdiag_tape(&f, g, h, tp, x), "dn_hessdiag_tape");
            CHECK("hessdiag_tape diag", h, hdd, n);
            need(dn_hessvec_tape(&f, g, h, tp, x, v), "dn_hessvec_tape");
            CHECK("hessvec_tape hv", h, hvd, n);
            need(dn_hessian_tape(&f, g, &Ht, tp, x), "dn_hessian_tape");
            need(dn_sphess_to_dense(A, &Ht), "dn_sphess_to_dense");
            CHECK("hessian_tape grad", g, gd, n);
            CHECK("hessian_tape H", A, Hd, (size_t)n * n);
        }
#undef CHECK
        check_nlp(nlp, n, m, pt, pt == 0, x, v, lam, fd, gd, cd, Jd, Hd, Hc, cmp, tol);
        if (nlpt) /* (a tape replays its operations: no DN_ESTRUCT at any point) */
            check_nlp(nlpt, n, m, pt, 1, x, v, lam, fd, gd, cd, Jd, Hd, Hc, cmp, tol);
    }
    dn_nlp_free(nlp);
    dn_nlp_free(nlpt);
    dn_tape_o2_free(tp);
    dn_sphess_clear(&Ht);
    for (int k = 0; k < 5; k++) dn_plan_o2_free(pl[k]);
    dn_sphess_clear(&H);
    dn_sphess_clear(&Hp);
    dn_sphess_clear(&Hm);
    dsp_o2_work_free(w);
    return 0;
}
