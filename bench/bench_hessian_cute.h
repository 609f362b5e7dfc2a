/* The workload CUTE of bench/bench_hessian.c (included there once, after its timing
 * helpers peer, bench, first_calls, sink, work): four CUTEst problems written plainly
 * (cute.h), n = 10^5, against their hand-derived derivatives, the one-pass drivers, a
 * recorded plan and a tape. */
enum { CU_N = 100000 };
typedef double (*cu_hand_fn)(const double *, unsigned, double *, double *);
static struct cute_problem {
    const char *name;
    dn_objective_sp f;
    dn_objective_tp ftp;
    cu_hand_fn hand;
} cu_list[] = {{"ARWHEAD", arwhead_sp, arwhead_tp, arwhead_hand},
               {"BDQRTIC", bdqrtic_sp, bdqrtic_tp, bdqrtic_hand},
               {"CHAINWOO", chainwoo_sp, chainwoo_tp, chainwoo_hand},
               {"NONDQUAR", nondquar_sp, nondquar_tp, nondquar_hand}};
static const struct cute_problem *cu;
static double *cx, *cg, *ch, *cg2, *ch2;
static dn_plan_o2 *cuP, *cuPH; /* (cuPH: dn_hessian_plan's) */
static dn_sphess cuH, cuHP;    /* dn_hessian_sp's, dn_hessian_plan's (patterns reused) */
static dn_tape_o2 *cuT;        /* the tape of the objective */
static dn_sphess cuHT;         /* dn_hessian_tape's */
static double *cv;             /* a direction for H v */

static double cu_sum(const double *a)
{
    double s = 0.0;
    for (unsigned i = 0; i < CU_N; i++) s += a[i];
    return s;
}
/* the plain function: the objective on dnum_o2 numbers would not be plain; the hand code's
 * value alone is (its derivative lines removed by the compiler where unused is not
 * guaranteed), so plain_f is the hand code with a scratch output */
static double cu_hand(void)
{
    sink = cu->hand(cx, CU_N, cg, ch);
    return cu_sum(ch);
}
static double cu_sp(void)
{
    double f;
    if (dn_hessdiag_sp(&f, cg, ch, cu->f, NULL, cx, CU_N, work)) abort();
    return cu_sum(ch);
}
static double cu_plan(void)
{
    double f;
    if (dn_hessdiag_plan(&f, cg, ch, cu->f, NULL, cx, CU_N, cuP)) abort();
    return cu_sum(ch);
}
static double cu_tape(void)
{
    double f;
    if (dn_hessdiag_tape(&f, cg, ch, cuT, cx)) abort();
    return cu_sum(ch);
}
static double cu_hv_sp(void)
{
    double f;
    if (dn_hessvec_sp(&f, cg, ch, cu->f, NULL, cx, cv, CU_N, work)) abort();
    return cu_sum(ch);
}
static double cu_hv_tape(void)
{
    double f;
    if (dn_hessvec_tape(&f, cg, ch, cuT, cx, cv)) abort();
    return cu_sum(ch);
}
static double cu_hess_tape(void)
{
    double f;
    if (dn_hessian_tape(&f, cg, &cuHT, cuT, cx)) abort();
    return cu_sum(cg) + cuHT.val[cuHT.nnz / 2];
}
static double cu_grad_tape(void)
{
    double f;
    if (dn_grad_tape(&f, cg, cuT, cx)) abort();
    return cu_sum(cg);
}
static double cu_grad_sp(void)
{
    double f;
    if (dn_grad_sp(&f, cg, cu->f, NULL, cx, CU_N, work)) abort();
    return cu_sum(cg);
}
static double cu_grad_plan(void)
{
    double f;
    if (dn_grad_plan(&f, cg, cu->f, NULL, cx, CU_N, cuP)) abort();
    return cu_sum(cg);
}
static double cu_hess_sp(void)
{
    double f;
    if (dn_hessian_sp(&f, cg, &cuH, cu->f, NULL, cx, CU_N, work)) abort();
    return cu_sum(cg) + cuH.val[cuH.nnz / 2];
}
static double cu_hess_plan(void)
{
    double f;
    if (dn_hessian_plan(&f, cg, &cuHP, cu->f, NULL, cx, CU_N, cuPH)) abort();
    return cu_sum(cg) + cuHP.val[cuHP.nnz / 2];
}
static int cu_plan_call(dn_plan_o2 *P)
{
    return dn_hessdiag_plan(NULL, cg, ch, cu->f, NULL, cx, CU_N, P);
}
static int cu_sp_call(dsp_o2_work *w)
{
    return dn_hessdiag_sp(NULL, cg, ch, cu->f, NULL, cx, CU_N, w);
}

static void run_cute(void)
{
    cx = malloc(CU_N * sizeof *cx), cg = malloc(CU_N * sizeof *cg),
    ch = malloc(CU_N * sizeof *ch);
    cg2 = malloc(CU_N * sizeof *cg2), ch2 = malloc(CU_N * sizeof *ch2);
    cv = malloc(CU_N * sizeof *cv);
    if (!cx || !cg || !ch || !cg2 || !ch2 || !cv) abort();
    for (unsigned i = 0; i < CU_N; i++)
        cx[i] = 0.5 + 0.1 * sin((double)i), cv[i] = cos(0.3 * i);
    for (size_t k = 0; k < sizeof cu_list / sizeof *cu_list; k++) {
        cu = &cu_list[k];
        char first[96], extra[384];
        first_calls(first, sizeof first, &cuP, cu_plan_call, cu_sp_call);
        for (int r = 0; r < 4; r++) cu_plan(); /* (the calls that learn its colours) */
        dn_sphess_init(&cuH, NULL), dn_sphess_init(&cuHP, NULL);
        if (dn_plan_o2_new(&cuPH, NULL)) abort();
        for (int r = 0; r < 4; r++) cu_hess_plan();
        cu_hess_sp();
        double herr = 0.0; /* the two sparse Hessians against each other */
        for (size_t q = 0; q < cuH.nnz && cuH.nnz == cuHP.nnz; q++)
            herr = fmax(herr, fabs(cuH.val[q] - cuHP.val[q]) / fmax(1.0, fabs(cuH.val[q])));
        if (cuH.nnz != cuHP.nnz) herr = INFINITY;
        dn_plan_o2_stats sth;
        dn_plan_o2_info(cuPH, &sth);
        double fh = cu->hand(cx, CU_N, cg2, ch2), f, err = 0.0;
        if (dn_hessdiag_plan(&f, cg, ch, cu->f, NULL, cx, CU_N, cuP)) abort();
        err = fabs(f - fh) / fmax(1.0, fabs(fh));
        for (unsigned i = 0; i < CU_N; i++)
            err = fmax(err, fmax(fabs(cg[i] - cg2[i]), fabs(ch[i] - ch2[i])) /
                                fmax(1.0, fabs(ch2[i])));
        dn_plan_o2_stats st;
        dn_plan_o2_info(cuP, &st);
        /* the tape: its first call (record, then evaluate) timed, and checked against hand */
        if (dn_tape_o2_new(&cuT, NULL)) abort();
        double t0 = cpu_s();
        if (dn_tape_o2_record(cuT, cu->ftp, NULL, cx, CU_N)) abort();
        double t1 = cpu_s();
        if (dn_hessdiag_tape(&f, cg, ch, cuT, cx)) abort();
        double t2 = cpu_s(), terr = fabs(f - fh) / fmax(1.0, fabs(fh));
        /* a second recording on the same tape (the process's memory then warm) */
        if (dn_tape_o2_record(cuT, cu->ftp, NULL, cx, CU_N)) abort();
        double t3 = cpu_s();
        for (unsigned i = 0; i < CU_N; i++)
            terr = fmax(terr, fmax(fabs(cg[i] - cg2[i]), fabs(ch[i] - ch2[i])) /
                                  fmax(1.0, fabs(ch2[i])));
        dn_tape_o2_stats ts;
        dn_tape_o2_info(cuT, &ts);
        snprintf(
            extra, sizeof extra,
            "maxrelerr=%.3g,plan_colors=%u,plan=%s,hessian_relerr=%.3g,hessian_nnz=%zu,"
            "hessian_plan_replays=%lu,%s,tape_relerr=%.3g,tape_record_ms=%.3f,"
            "tape_first_ms=%.3f,tape_rerecord_ms=%.3f,tape_elements=%zu,tape_shapes=%u",
            err, st.colors, st.replaying ? "replays" : "one-pass", herr, cuH.nnz,
            sth.replays, first, terr, 1e3 * (t1 - t0), 1e3 * (t2 - t0), 1e3 * (t3 - t2),
            ts.elements, ts.shapes);
        peer p[] = {{"hand", cu_hand, {0}, 0},
                    {"dnum_grad_sp", cu_grad_sp, {0}, 0},
                    {"dnum_grad_plan", cu_grad_plan, {0}, 0},
                    {"dnum_hessdiag_sp", cu_sp, {0}, 0},
                    {"dnum_plan_hessdiag", cu_plan, {0}, 0},
                    {"dnum_hessian_sp", cu_hess_sp, {0}, 0},
                    {"dnum_plan_hessian", cu_hess_plan, {0}, 0},
                    {"dnum_tape_grad", cu_grad_tape, {0}, 0},
                    {"dnum_tape_hessdiag", cu_tape, {0}, 0},
                    {"dnum_hessvec_sp", cu_hv_sp, {0}, 0},
                    {"dnum_tape_hessvec", cu_hv_tape, {0}, 0},
                    {"dnum_tape_hessian", cu_hess_tape, {0}, 0}};
        dn_sphess_init(&cuHT, NULL);
        bench(cu->name, CU_N, p, 12, ROUNDS, extra);
        dn_plan_o2_free(cuP), dn_plan_o2_free(cuPH), dn_tape_o2_free(cuT);
        dn_sphess_clear(&cuHT);
        dn_sphess_clear(&cuH), dn_sphess_clear(&cuHP);
    }
    free(cx), free(cg), free(ch), free(cg2), free(ch2), free(cv);
}
