/* dnum-eval's own header: the limits, the job every thread reads, the sources of points,
 * the blocks of the run, and the functions its files share (tools/dnum_eval.c: main;
 * eval_options.c: the command line; eval_help.c: --help and --functions; eval_input.c:
 * the expression; eval_points.c: the points; eval_point.c: their evaluation; eval_run.c:
 * blocks and threads; eval_format.c: the output formats; eval_write.c: the checked
 * writer; eval_msg.c: messages and memory). */
#ifndef DNUM_EVAL_H
#define DNUM_EVAL_H

#define _POSIX_C_SOURCE 200809L /* open, isatty */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dnum/expr.h>
#include <dnum/dnumk.h>
#include "fmt_double.h"
#include "npy.h"
#include "overflow.h"
#include "shard.h"

#define MAX_POINTS 100000000UL /* --range M above this is refused */
#define FIXED_MAX 32u          /* the fixed engine's orders: 1..32 */
#define MAX_JOBS 64u           /* -j N: at most this many threads */
#define MAX_VARS 8u            /* -V: at most this many variables */
#define LINE_MAX_BYTES 4096    /* longest line of a --points file */
#define NAME_W (DN_EXPR_MAX_NAME + 16) /* a column name: a variable or d{a1}_..._{ak} */
#define CELL_W 24              /* table format: right-aligned columns of this width */

enum { ENG_AUTO, ENG_FIXED, ENG_DVEC, ENG_DNUM2, ENG_DNUMK, ENG_COUNT };
enum { FMT_CSV, FMT_JSON, FMT_TABLE, FMT_NPY };
enum { PREC_DOUBLE, PREC_EXTENDED, PREC_AUTO };
extern const char *const engine_names[];

/* ---- the command line (eval_options.c, eval_help.c) ---- */

enum opt_id { O_ORDER, O_VARS, O_AT, O_RANGE, O_POINTS, O_FILE, O_ENGINE, O_FORMAT, O_OUTPUT,
              O_COLUMNS, O_SHARD, O_JOBS, O_COEFFS, O_ERROR, O_PRECISION, O_VECTOR_MATH,
              O_FUNCTIONS, O_HELP, O_VERSION };
/* one option: short letter, long name, value name, help */
struct option_def {
    char s;          /* short form, 0 if none */
    const char *l;   /* long form */
    const char *arg; /* value name, NULL for a flag */
    enum opt_id id;
    const char *help; /* lines after the first are indented */
};
extern const struct option_def options[];
extern const size_t noptions;

struct config {
    unsigned long order, jobs;
    const char *vars, *at, *range, *points, *file, *src, *output, *shard;
    int engine, format, coeffs, error, prec, columns;
    int vector_math; /* --vector-math */
};

void parse_args(struct config *cf, int argc, char **argv);
int parse_count(const char *s, unsigned long *out_v);
char *parse_vars(const char *list, char **vars, unsigned *nvars);
int choose_engine(const struct config *cf, unsigned nvars);
void print_usage(void);
void print_functions(void);

/* ---- messages and memory (eval_msg.c) ---- */

#if defined(__MINGW32__) && defined(__MINGW_PRINTF_FORMAT) /* MinGW-w64's own printf */
#define PRINTF_NORETURN __attribute__((format(__MINGW_PRINTF_FORMAT, 2, 3), noreturn))
#elif defined(__GNUC__) || defined(__clang__)
#define PRINTF_NORETURN __attribute__((format(printf, 2, 3), noreturn))
#else
#define PRINTF_NORETURN
#endif

size_t escape(char *dst, size_t cap, const char *s, size_t n);
const char *shown(const char *s);
PRINTF_NORETURN void die(int code, const char *fmt, ...);
void *xmalloc(size_t n);
void *xmalloc_line(size_t n);
void xfree_line(void *p);
char *xstrdup(const char *s);

/* ---- the checked writer (eval_write.c) ---- */

struct output {
    char buf[1 << 16];
    size_t len;
    int fd;           /* 1, or the file of -o */
    const char *name; /* for messages: NULL for standard output */
};
extern struct output out;

void die_write(int err);
void out_flush(void);
void put(const char *s, size_t n);
void puts_out(const char *s);
void open_output(const char *path);

/* ---- the job: what every thread reads ---- */

struct job {
    dn_expr *e;
    int engine, format;
    unsigned n, nvars, ncols;
    size_t len;     /* derivatives per point */
    size_t row_max; /* longest possible text of one row */
    char (*names)[NAME_W];
    int coeffs;          /* --coeffs */
    int error;           /* --error: bounds after the derivatives */
    int prec;            /* --precision: PREC_DOUBLE, PREC_EXTENDED or PREC_AUTO */
    int taylor;          /* the engine gives Taylor coefficients (dnumk), not derivatives */
    long double *scale;  /* a! = a1! ... ak! per result column: the derivative is the
                          * Taylor coefficient times a! */
    int batch;           /* the points of a block are evaluated together (choose_batch):
                          * BATCH_DOUBLE by dn_expr_eval_batch with batch_flags,
                          * BATCH_AUTO by dn_expr_eval_batch_prec (--precision auto's
                          * quick bounds), BATCH_MULTI (several variables) by
                          * dn_expr_eval_batch2 / _batchk; 0: one at a time (evaluate) */
    unsigned batch_flags;
};

/* ---- the expression and the points (eval_input.c, eval_points.c) ---- */

FILE *open_input(const char *path);
dn_expr *parse_expr(const struct config *cf, char **vars, unsigned nvars, char **src_out);
#define HINT_CAP (2 * MAX_VARS * (DN_EXPR_MAX_NAME + 2) + 128) /* bytes of a hint */
void at_hint(char *dst, size_t cap, const struct config *cf, char **vars, unsigned nvars,
             unsigned extra);

/* Where the points come from: a sweep, one point, or a file of points. */
struct source {
    int kind; /* 0 sweep/point, 1 file */
    double a, b, at[MAX_VARS]; /* at[1..]: the other variables of a sweep or point */
    unsigned long m, k, end;   /* sweep: points k..end-1 of m (--shard: a part of them) */
    unsigned long left;        /* file: the points still to be read (--shard) */
    FILE *f;
    const char *path;
    unsigned long line;
    unsigned nvars;
    char bad[256]; /* the message of a bad line */
};

unsigned split(char *s, char sep, char **fields, unsigned max);
unsigned long open_source(struct source *ps, const struct config *cf, char **vars, unsigned nvars);
unsigned next_points(struct source *src, double *pts, unsigned cap);

/* ---- the evaluation (eval_point.c) ---- */

/* Points whose result has fewer than 10 correct digits by its bound even in extended
 * precision (--precision auto): how many, and the first one and its first such order;
 * the same (nb, xb, kb) for points with a finite derivative whose error bound is unknown
 * (+Inf: a zero or pole rule, an intermediate beyond the range of double). */
struct weak {
    unsigned long n;
    double x;
    unsigned k;
    unsigned long nb;
    double xb;
    unsigned kb;
};
/* adds the counts of from to to (the first points of to kept where it has some) */
void weak_add(struct weak *to, const struct weak *from);

/* The points of one dn_expr_eval_batch call (eval_block on a batch job): a block is
 * evaluated in runs of at most this many, whose arguments and results stay in the cache
 * (and a block of any size needs no more memory). */
#define BATCH_CHUNK 256u
/* A batch job's blocks hold at least this many points (eval_run.c), so that even long
 * rows (high orders) make calls of several vectors of lanes. */
#define BATCH_BLOCK_MIN 64u

/* One thread's evaluator state: workspace and argument arrays of its own. */
struct evaluator {
    double *work, *args, *res, *row, *err, *err2;
    double *res_own; /* res where it is not in the row (NULL where it is) */
    dvec dx, dr;
    unsigned n2;                  /* the extended order (0: none) */
    double *work2, *args2, *res2; /* its workspace, seed and result */
    struct ovf ovf;               /* the overflow check of a point with inf derivatives */
    double *bwork, *bargs, *bout; /* a batch job's workspace, arguments and results
                                   * (BATCH_CHUNK points; NULL for other jobs) */
    double *berr;                 /* BATCH_AUTO: the results' bounds */
};

/* a block of points: evaluated, formatted, then written in order (eval_run.c) */
enum { SLOT_FREE, SLOT_BUSY, SLOT_DONE };

struct slot {
    unsigned long first; /* index of its first point in the output */
    unsigned count;
    int state;
    double *pts;
    char *text;
    size_t len;
    unsigned long bad; /* points with a nan or inf, other than an overflow */
    struct ovf_points over; /* points whose derivatives overflow */
    struct weak weak;  /* points short of 10 digits even in extended precision */
};

int ovf_family(int engine);
enum { BATCH_NONE, BATCH_DOUBLE, BATCH_AUTO, BATCH_MULTI };
void choose_batch(struct job *j, int fast_values);
void evaluator_init(struct evaluator *ev, const struct job *j);
void evaluator_free(struct evaluator *ev);
void eval_block(const struct job *j, struct evaluator *ev, struct slot *s);

/* ---- the run (eval_run.c) and the formats (eval_format.c) ---- */

unsigned long run(const struct job *j, struct source *src, unsigned jobs, unsigned long *bad,
                  struct weak *weak, struct ovf_points *over);
size_t format_row(char *dst, const struct job *j, const double *vals, int first);
void put_header(const struct job *j, const char *src, char **vars);
void make_columns(struct job *j, char **vars);

#endif
