/* dnum-eval: derivatives of a formula from the command line, as CSV, JSON, a table or
 * NumPy's .npy.
 *
 *   dnum-eval [options] EXPR        (dnum-eval --help for the options)
 *
 * Structure: one table of options (options[] in eval_options.c, which also makes --help
 * in eval_help.c); the inputs are checked before anything is written; points come from a
 * source (a sweep or a file of points, eval_points.c) in blocks; each block is evaluated
 * (eval_block in eval_point.c: the point-evaluation loop; in double precision with one
 * variable the block's points together, by dn_expr_eval_batch) and formatted into text by
 * format_row (eval_format.c: one row from an array of doubles), on the calling thread or
 * on -j worker threads (eval_run.c), and the blocks are written in order through one
 * checked writer (put / out_flush in eval_write.c), which stops the program with exit
 * status 1 at the first failed write. The .npy encoding is in npy.c, the parts of --shard
 * in shard.c, the overflow check of the warnings in overflow.c; dnum_eval.h declares what
 * the files share. This file: main, the steps of a run. */
#include "dnum_eval.h"
#include <dnum/batch.h>
#include <errno.h>
#include <math.h>
#if defined(DN_HAVE_SETMODE) && DN_HAVE_SETMODE
#include <fcntl.h> /* _O_BINARY */
#include <io.h>    /* _setmode */
#endif
/* where standard output can take the .npy header again at the end (npy_rewritable) */
#if defined(DN_HAVE_FCNTL) && DN_HAVE_FCNTL
#define NPY_STDOUT_TOO " (or a file as standard output)"
#else
#define NPY_STDOUT_TOO ""
#endif

/* The job's sizes and columns for the parsed expression (job->e) and the options of cf. */
static void job_columns(struct job *job, const struct config *cf, char **vars)
{
    unsigned nvars = job->nvars;
    job->len = job->engine == ENG_DNUM2   ? (size_t)(job->n + 1) * (job->n + 2) / 2
               : job->engine == ENG_DNUMK ? dnk_size(nvars, job->n)
                                          : (size_t)job->n + 1;
    job->error = cf->error;
    job->prec = nvars == 1 ? cf->prec : PREC_DOUBLE;
    job->ncols = nvars + (unsigned)job->len * (job->error ? 2u : 1u);
    job->row_max = (size_t)job->ncols * (CELL_W + 3) + 8;
    job->coeffs = cf->coeffs;
    job->taylor = job->engine == ENG_DNUMK;
    make_columns(job, vars);
}

/* The start of the output: the .npy header for *rows rows (SHARD_STREAM: rewritten at
 * the end, where the output allows it), else the header of the format. Returns where the
 * .npy header can be rewritten with the final row count, or -1. */
static long long start_output(struct job *job, unsigned long *rows, const struct source *ps,
                              const char *src, char **vars)
{
    if (job->format != FMT_NPY) {
        put_header(job, src, vars);
        return -1;
    }
    if (isatty(out.fd)) die(2, "-f npy writes binary data: redirect the output or use -o FILE");
    long long npy_at = npy_rewritable(out.fd);
    if (*rows == SHARD_STREAM && npy_at < 0)
        die(2, "-f npy with points from %s needs -o FILE" NPY_STDOUT_TOO ": "
               "the row count, unknown until the end, goes first", shown(ps->path));
    if (*rows == SHARD_STREAM) *rows = 0; /* rewritten at the end */
    job->row_max = 8 * (size_t)job->ncols;
    char h[NPY_HEADER_LEN];
    npy_header(h, *rows, job->ncols);
    put(h, sizeof h);
    return npy_at;
}

/* The warning on the points of a run that share a condition (what, at n of npts points):
 * the first point x and its first such order k (why: after the order). */
static void warn_points(const char *what, unsigned long n, unsigned long npts, double x,
                        unsigned k, const char *why)
{
    char xs[32];
    xs[fmt_g17(xs, x)] = '\0';
    fprintf(stderr,
            "dnum-eval: warning: %s at %lu of %lu point%s (first at x = %s, from order %u%s; "
            "--error prints the bounds)\n",
            what, n, npts, npts == 1 ? "" : "s", xs, k, why);
}

int main(int argc, char **argv)
{
    struct config cf = {.order = 4, .jobs = 1, .vars = "x", .engine = ENG_AUTO, .format = FMT_CSV,
                        .prec = PREC_AUTO};
#if defined(DN_HAVE_SETMODE) && DN_HAVE_SETMODE /* (Windows) standard output in binary mode:
                                                  * the bytes of -f npy and CSV as they are */
    _setmode(1, _O_BINARY);
#endif
    parse_args(&cf, argc, argv);
    /* DN_BATCH_ISA (the batch evaluators' instruction set): one this machine has, or an
     * error before anything is read or written */
    dn_errinfo isa_err;
    if (dn_batch_isa_env(NULL, &isa_err)) die(2, "%s", isa_err.msg);
    char *vars[MAX_VARS + 1];
    unsigned nvars;
    char *vlist = parse_vars(cf.vars, vars, &nvars);
    int engine = choose_engine(&cf, nvars);
    /* the points (before the expression is read: an error here leaves no copy of it
     * behind), then the expression */
    struct source ps;
    unsigned long rows = open_source(&ps, &cf, vars, nvars);
    char *src;
    struct job job = {.engine = engine, .format = cf.format, .n = (unsigned)cf.order, .nvars = nvars};
    job.e = parse_expr(&cf, vars, nvars, &src);

    /* output */
    job_columns(&job, &cf, vars);
    choose_batch(&job, cf.vector_math);
    if (cf.output) open_output(cf.output);
    long long npy_at = start_output(&job, &rows, &ps, src, vars);
    unsigned long bad = 0;
    struct weak weak = {0};
    struct ovf_points over = {0};
    unsigned long npts = cf.columns ? 0 : run(&job, &ps, (unsigned)cf.jobs, &bad, &weak, &over);
    if (cf.format == FMT_JSON) puts_out("\n ]}\n");
    out_flush();
    if (cf.format == FMT_NPY && npts != rows && npy_at >= 0 && npy_rewrite(out.fd, npy_at, npts, job.ncols))
        die_write(errno);
    if (out.name && close(out.fd)) die_write(errno);

    if (bad)
        fprintf(stderr,
                "dnum-eval: warning: nan or inf values at %lu of %lu point%s (outside the "
                "domain, or at a singularity)\n",
                bad, npts, npts == 1 ? "" : "s");
    if (over.n) {
        struct ovf o;
        ovf_init(&o, job.e, nvars, job.n, ovf_family(engine));
        if (ovf_warn(&o, job.coeffs, (const char *const *)vars, &over, npts)) die(1, "out of memory");
    }
    if (ps.f && ps.f != stdin) fclose(ps.f);
    free(job.names);
    free(job.scale);
    dn_expr_free(job.e);
    free(src);
    free(vlist);
    if (weak.n)
        warn_points("fewer than 10 correct digits even in extended precision", weak.n, npts,
                    weak.x, weak.k, "");
    if (weak.nb)
        warn_points("no error bound is known", weak.nb, npts, weak.xb, weak.kb,
                    ": a zero or pole rule, or an intermediate beyond the range of double");
    if (ps.bad[0]) die(2, "%s", ps.bad);
    return 0;
}

