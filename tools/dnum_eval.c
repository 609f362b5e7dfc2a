/* dnum-eval: derivatives of a formula from the command line, as CSV, JSON, a table or
 * NumPy's .npy.
 *
 *   dnum-eval [options] EXPR        (dnum-eval --help for the options)
 *
 * Structure: one table of options (options[], which also makes --help); the inputs are
 * checked before anything is written; points come from a source (a sweep or a file of
 * points) in blocks; each block is evaluated and formatted into text by format_row (one
 * row from an array of doubles), on the calling thread or on -j worker threads, and the
 * blocks are written in order through one checked writer (put / out_flush), which stops
 * the program with exit status 1 at the first failed write. The .npy encoding is in
 * npy.c, the parts of --shard in shard.c, the overflow check of the warnings in
 * overflow.c. */
#define _POSIX_C_SOURCE 200809L /* open, isatty */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
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
static const char *const engine_names[] = {"auto", "fixed", "dvec", "dnum2", "dnumk"};

/* ---- the options: one table (short letter, long name, value name, help) ---- */

enum opt_id { O_ORDER, O_VARS, O_AT, O_RANGE, O_POINTS, O_FILE, O_ENGINE, O_FORMAT, O_OUTPUT,
              O_COLUMNS, O_SHARD, O_JOBS, O_COEFFS, O_ERROR, O_PRECISION, O_HELP, O_VERSION };
static const struct option_def {
    char s;          /* short form, 0 if none */
    const char *l;   /* long form */
    const char *arg; /* value name, NULL for a flag */
    enum opt_id id;
    const char *help; /* lines after the first are indented */
} options[] = {
    {'n', "order", "N", O_ORDER,
     "highest derivative order (the total order for several\n"
     "variables); default 4"},
    {'V', "vars", "LIST", O_VARS, "comma-separated variable names, 1 to 8; default x"},
    {'a', "at", "V[,W...]", O_AT,
     "evaluate at one point (one value per variable); with --range,\n"
     "the values of the other variables"},
    {'r', "range", "A:B:M", O_RANGE, "sweep the first variable over M points from A to B inclusive"},
    {'p', "points", "F", O_POINTS,
     "evaluate at the points listed in file F (- for standard input):\n"
     "one point per line, its values separated by commas; # starts\n"
     "a comment; read as a stream (any number of points)"},
    {0, "file", "F", O_FILE, "read EXPR from file F (- for standard input) instead"},
    {'e', "engine", "NAME", O_ENGINE,
     "fixed | dvec | dnum2 | dnumk | auto (default auto: fixed when\n"
     "N <= 32, else dvec; dnum2 for two variables, dnumk for three\n"
     "or more)"},
    {'f', "format", "FMT", O_FORMAT,
     "csv (default) | json | table | npy (NumPy's binary .npy:\n"
     "float64, one row per point, the columns of the CSV)"},
    {'o', "output", "F", O_OUTPUT,
     "write to file F instead of standard output (created once the\n"
     "inputs are checked)"},
    {0, "columns", NULL, O_COLUMNS,
     "print the column names (the CSV header line) and exit: the\n"
     "names of the columns of -f npy"},
    {0, "shard", "I/N", O_SHARD,
     "evaluate only part I (0..N-1) of N contiguous parts of the\n"
     "sweep or the points file; part 0 and the other parts after\n"
     "their header line make the whole output (npy: each part is\n"
     "an array, and their concatenation the whole)"},
    {'j', "jobs", "N", O_JOBS,
     "evaluate on N threads (1..64, default 1); the output is the same"},
    {0, "coeffs", NULL, O_COEFFS,
     "print Taylor coefficients c_k = f^(k)/k! (columns c0..cN;\n"
     "several variables: c{i}_{j} = d{i}_{j}/(i! j!), and so on)\n"
     "instead of derivatives"},
    {0, "error", NULL, O_ERROR,
     "add columns e0..eN after the derivatives: bounds on their\n"
     "rounding errors, |dk - exact| <= ek (inf where no bound is\n"
     "known; e{i}_{j} for two variables, to total order 32; with\n"
     "--coeffs, bounds of the coefficients)"},
    {0, "precision", "P", O_PRECISION,
     "double | extended | auto (default auto: double, and again in\n"
     "extended precision at a point where the error bound shows\n"
     "fewer than 10 correct digits; a warning if even that is not\n"
     "enough). One variable; several variables compute in double"},
    {'h', "help", NULL, O_HELP, "this text"},
    {0, "version", NULL, O_VERSION, "the version"},
};
#define NOPTS (sizeof options / sizeof options[0])

static const char usage_head[] =
    "usage: dnum-eval [options] EXPR     (EXPR - : read it from standard input)\n"
    "       dnum-eval [options] --file F\n"
    "Value and derivatives of the formula EXPR (dual numbers: no finite differences).\n"
    "\n";
static const char usage_tail[] =
    "\n"
    "EXPR: numbers, the variables, + - * / ^ (right-associative; -x^2 = -(x^2)),\n"
    "parentheses, pi, e, and exp expm1 log log1p sqrt cbrt sin cos tan asin acos atan\n"
    "sinh cosh tanh asinh acosh atanh erf erfc abs pow atan2 hypot, lgamma tgamma digamma\n"
    "polygamma(m,x) lambertw lambertwm1 erfinv erfcinv j0 j1 jn(n,x) y0 y1 yn(n,x) log2\n"
    "log10 exp2 sinc cot sinpi cospi floor ceil min max fmod. Values V, W, A, B and\n"
    "those of a points file may be constant expressions (pi/4). Put -- before an EXPR that\n"
    "starts with '-' and a letter. Sweep points: x_k = A + (B - A) k/(M-1), exactly A and B\n"
    "at the ends, monotone.\n"
    "CSV columns: x,d0,d1,...,dN (one variable); x,y,d0_0,d1_0,d0_1,d2_0,d1_1,d0_2,...\n"
    "(two variables: d{i}_{j} = d^(i+j)f/dx^i dy^j, by total order, then decreasing i);\n"
    "k variables: d{a1}_..._{ak} by total order, then decreasing a1, then a2, ...\n"
    "(x,y,z,d0_0_0,d1_0_0,d0_1_0,d0_0_1,d2_0_0,d1_1_0,...). The highest order for k >= 3\n"
    "(engine dnumk) is 32 up to 5 variables, 30 for 6, 23 for 7, 18 for 8.\n"
    "Numbers: 17 significant digits (as printf %.17g: read back, the same double).\n"
    "Exit status: 0 success (nan values and a warning for domain errors);\n"
    "  2 bad usage, bad expression or bad input (nothing written to stdout, except the\n"
    "    rows before a bad line of a points file);\n"
    "  1 failure to write the output or to read an input, or out of memory (stops at once).\n";

/* ---- messages ---- */

/* Escapes n bytes of s for a message: printable ASCII as is, \t \n \r, other bytes as
 * \xHH; at most cap bytes of output (then "..."). Every output byte is one column. */
static size_t escape(char *dst, size_t cap, const char *s, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char tmp[5];
        size_t k;
        if (c >= 0x20 && c < 0x7f) tmp[0] = (char)c, k = 1;
        else if (c == '\t') memcpy(tmp, "\\t", 2), k = 2;
        else if (c == '\n') memcpy(tmp, "\\n", 2), k = 2;
        else if (c == '\r') memcpy(tmp, "\\r", 2), k = 2;
        else k = (size_t)snprintf(tmp, sizeof tmp, "\\x%02x", c);
        if (o + k + 4 > cap) {
            memcpy(dst + o, "...", 3);
            o += 3;
            break;
        }
        memcpy(dst + o, tmp, k);
        o += k;
    }
    dst[o] = '\0';
    return o;
}

/* The string s, escaped and cut to 120 columns, for a message (four rotating buffers). */
static const char *shown(const char *s)
{
    static char bufs[4][128];
    static unsigned next;
    char *b = bufs[next++ % 4];
    escape(b, sizeof bufs[0], s, strlen(s));
    return b;
}

#if defined(__GNUC__) || defined(__clang__)
#define PRINTF_NORETURN __attribute__((format(printf, 2, 3), noreturn))
#else
#define PRINTF_NORETURN
#endif

/* Prints "dnum-eval: message" (plus a hint for status 2) and exits with status code. */
PRINTF_NORETURN static void die(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("dnum-eval: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(code == 2 ? "\n(dnum-eval --help for usage)\n" : "\n", stderr);
    va_end(ap);
    exit(code);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) die(1, "out of memory");
    return p;
}

/* Memory of its own cache lines (64-byte aligned, a whole number of lines): the arrays
 * one thread writes share no line with another thread's. */
static void *xmalloc_line(size_t n)
{
    n = (n + 63) / 64 * 64;
    void *p = aligned_alloc(64, n ? n : 64);
    if (!p) die(1, "out of memory");
    return p;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

/* ---- the checked writer of the output (standard output, or the file of -o) ---- */

static struct {
    char buf[1 << 16];
    size_t len;
    int fd;           /* 1, or the file of -o */
    const char *name; /* for messages: NULL for standard output */
} out = {.fd = 1};

/* Reports a failed write and exits with status 1. */
static void die_write(int err)
{
    if (out.name) die(1, "write error on '%s': %s", shown(out.name), strerror(err));
    die(1, "write error on standard output: %s", strerror(err));
}

/* Writes n bytes to the output; on failure reports it and exits with status 1. */
static void write_all(const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(out.fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) die_write(w < 0 ? errno : EIO);
        p += w;
        n -= (size_t)w;
    }
}

static void out_flush(void)
{
    write_all(out.buf, out.len);
    out.len = 0;
}

/* Appends n bytes to the output. */
static void put(const char *s, size_t n)
{
    if (out.len + n > sizeof out.buf) {
        out_flush();
        if (n > sizeof out.buf) {
            write_all(s, n);
            return;
        }
    }
    memcpy(out.buf + out.len, s, n);
    out.len += n;
}

static void puts_out(const char *s) { put(s, strlen(s)); }

/* --help: the options table as text. */
static void print_usage(void)
{
    puts_out(usage_head);
    for (size_t k = 0; k < NOPTS; k++) {
        char lead[64];
        int w = snprintf(lead, sizeof lead, "  %c%c%s--%s%s%s", options[k].s ? '-' : ' ',
                         options[k].s ? options[k].s : ' ', options[k].s ? ", " : "  ",
                         options[k].l, options[k].arg ? " " : "", options[k].arg ? options[k].arg : "");
        puts_out(lead);
        for (int i = w; i < 23; i++) put(" ", 1);
        for (const char *h = options[k].help; *h; h++) {
            put(h, 1);
            if (*h == '\n') puts_out("                       ");
        }
        put("\n", 1);
    }
    puts_out(usage_tail);
    out_flush();
}

/* ---- values ---- */

/* Parses a whole decimal unsigned integer (no sign, no spaces), or returns -1. */
static int parse_count(const char *s, unsigned long *out_v)
{
    if (!*s || *s < '0' || *s > '9') return -1;
    errno = 0;
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || *end) return -1;
    *out_v = v;
    return 0;
}

/* A value: a number or a constant expression (3, -1.5e-3, pi/4, sqrt(2)). Returns 0, or
 * -1 with a message in msg (out of memory exits). */
static int value_of(const char *s, double *v, char *msg, size_t cap)
{
    dn_expr_error err;
    dn_expr *e = dn_expr_parse(s, NULL, 0, &err);
    if (!e) {
        if (err.code == DN_ENOMEM) die(1, "out of memory");
        snprintf(msg, cap, "%s", err.msg);
        return -1;
    }
    double w[8], r = NAN;
    if (dn_expr_work_size(e, 0) <= 8) /* a constant program: one register */
        dn_expr_eval(e, 0, NULL, &r, w);
    dn_expr_free(e);
    if (!isfinite(r)) {
        snprintf(msg, cap, "not finite");
        return -1;
    }
    *v = r;
    return 0;
}

/* A value of an option; exits with status 2 on error. */
static double parse_value(const char *s, const char *what)
{
    char msg[160];
    double v;
    if (value_of(s, &v, msg, sizeof msg)) die(2, "bad value '%s' for %s: %s", shown(s), what, shown(msg));
    return v;
}

/* Splits s at the separator into at most max fields (s is modified). Returns the count,
 * max + 1 if there are more. */
static unsigned split(char *s, char sep, char **fields, unsigned max)
{
    unsigned n = 0;
    for (;;) {
        if (n == max) return max + 1;
        fields[n++] = s;
        char *p = strchr(s, sep);
        if (!p) return n;
        *p = '\0';
        s = p + 1;
    }
}

/* Point k of the sweep of m points from a to b: exactly a at k = 0 and b at k = m - 1,
 * a when a = b, and monotone in k (every step below is monotone; the clamp catches the
 * rounding of a + (b - a) t past b). */
static double sweep_point(double a, double b, unsigned long k, unsigned long m)
{
    if (k == 0 || m < 2) return a;
    if (k == m - 1) return b;
    double t = (double)k / (double)(m - 1), d = b - a, x;
    if (isfinite(d)) x = a + d * t;
    else x = 2.0 * (0.5 * a + (0.5 * b - 0.5 * a) * t); /* b - a overflows */
    return a < b ? (x < b ? x : b) : (x > b ? x : b); /* (x is not nan) */
}

/* ---- the run: what every thread reads ---- */

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
};

enum { PREC_DOUBLE, PREC_EXTENDED, PREC_AUTO };

/* Points whose result has fewer than 10 correct digits by its bound even in extended
 * precision (--precision auto): how many, and the first one and its first such order. */
struct weak {
    unsigned long n;
    double x;
    unsigned k;
};

/* One thread's evaluator state: workspace and argument arrays of its own. */
struct evaluator {
    double *work, *args, *res, *row, *err, *err2;
    double *res_own; /* res where it is not in the row (NULL where it is) */
    dvec dx, dr;
    unsigned n2;                  /* the extended order (0: none) */
    double *work2, *args2, *res2; /* its workspace, seed and result */
    struct ovf ovf;               /* the overflow check of a point with inf derivatives */
};

/* Orders the operands do not determine come back NaN (at a removable singularity such as
 * sin(x)/x at 0, the top orders of a quotient by x^m). One variable: such a point is
 * evaluated again at EXTRA_ORDERS more, and the NaN orders are filled from there. */
#define EXTRA_ORDERS 16u

/* The evaluator that overflow.c checks with, for an engine. */
static int ovf_family(int engine)
{
    return engine == ENG_DNUM2 ? OVF_TWO : engine == ENG_DNUMK ? OVF_K : OVF_ONE;
}

static void evaluator_init(struct evaluator *ev, const struct job *j)
{
    int several = j->engine == ENG_DNUM2 || j->engine == ENG_DNUMK;
    size_t w = several && j->error      ? dn_expr_work_sizek_err(j->e, j->nvars, j->n)
               : j->engine == ENG_DNUM2 ? dn_expr_work_size2(j->e, j->n)
               : j->engine == ENG_DNUMK ? dn_expr_work_sizek(j->e, j->nvars, j->n)
                 : j->error || j->prec != PREC_DOUBLE ? dn_expr_work_size_err(j->e, j->n)
                                            : dn_expr_work_size(j->e, j->n);
    ev->work = xmalloc_line(w * sizeof(double));
    ev->args = xmalloc_line(j->nvars * j->len * sizeof(double));
    ev->row = xmalloc_line(j->ncols * sizeof(double));
    /* the engine writes its numbers into the row where they are printed as they are */
    int ceng = j->coeffs && j->engine != ENG_DNUM2 && j->engine != ENG_DNUMK;
    ev->res_own = ceng || j->coeffs == j->taylor ? NULL : xmalloc_line(j->len * sizeof(double));
    ev->res = ev->res_own ? ev->res_own : ev->row + j->nvars;
    ev->err = j->error || j->prec == PREC_AUTO ? xmalloc_line(j->len * sizeof(double)) : NULL;
    ev->err2 = NULL;
    memset(&ev->dx, 0, sizeof ev->dx);
    memset(&ev->dr, 0, sizeof ev->dr);
    if (j->engine == ENG_DVEC && (dvec_init(&ev->dx, j->n) || dvec_init(&ev->dr, j->n)))
        die(1, "out of memory");
    ovf_init(&ev->ovf, j->e, j->nvars, j->n, ovf_family(j->engine));
    /* the seeds: (x, 1, 0, ...); variable v of several: first partial 1 in v (the entry
     * 1 + v in both the Dnum2 and the Dnumk layout) */
    memset(ev->args, 0, j->nvars * j->len * sizeof(double));
    if (j->n >= 1)
        for (unsigned v = 0; v < j->nvars; v++) ev->args[v * j->len + 1 + v] = 1.0;
    ev->n2 = 0;
    ev->work2 = ev->args2 = ev->res2 = NULL;
    if (j->nvars == 1 && j->engine != ENG_DNUMK && j->n >= 1 && j->n < DN_ORDER_MAX) {
        unsigned n2 = j->n + EXTRA_ORDERS < DN_ORDER_MAX ? j->n + EXTRA_ORDERS : DN_ORDER_MAX;
        ev->n2 = n2;
        ev->work2 = xmalloc_line((j->error || j->prec == PREC_EXTENDED ? dn_expr_work_size_err(j->e, n2)
                                           : dn_expr_work_size(j->e, n2)) * sizeof(double));
        if (j->error) ev->err2 = xmalloc_line(((size_t)n2 + 1) * sizeof(double));
        ev->args2 = xmalloc_line(((size_t)n2 + 1) * sizeof(double));
        ev->res2 = xmalloc_line(((size_t)n2 + 1) * sizeof(double));
        memset(ev->args2, 0, ((size_t)n2 + 1) * sizeof(double));
        ev->args2[1] = 1.0;
    }
}

static void evaluator_free(struct evaluator *ev)
{
    dvec_clear(&ev->dx);
    dvec_clear(&ev->dr);
    free(ev->work);
    free(ev->args);
    free(ev->res_own);
    free(ev->row);
    free(ev->work2);
    free(ev->args2);
    free(ev->res2);
    free(ev->err);
    free(ev->err2);
    ovf_free(&ev->ovf);
}

/* Evaluates at the point pt (nvars values) into ev->row: the point, then the derivatives
 * (and the bounds). Returns the first order with fewer than 10 correct digits after
 * --precision auto went to extended precision, else -1. */
static int evaluate(const struct job *j, struct evaluator *ev, const double *pt)
{
    int weak = -1;
    double *args = ev->args;
    size_t len = j->len;
    /* one variable with --coeffs: the engine's own coefficients, finite above order 170
     * where the derivatives overflow (dn_expr_eval_coeffs) */
    int ceng = j->coeffs && j->engine != ENG_DNUM2 && j->engine != ENG_DNUMK;
    if (j->engine == ENG_DNUM2 || j->engine == ENG_DNUMK) {
        for (unsigned v = 0; v < j->nvars; v++) args[v * len] = pt[v];
        if (j->engine == ENG_DNUM2 && j->error)
            dn_expr_eval2_err(j->e, j->n, args, ev->res, ev->err, ev->work);
        else if (j->engine == ENG_DNUM2) dn_expr_eval2(j->e, j->n, args, ev->res, ev->work);
        else if (j->error) dn_expr_evalk_err(j->e, j->nvars, j->n, args, ev->res, ev->err, ev->work);
        else dn_expr_evalk(j->e, j->nvars, j->n, args, ev->res, ev->work);
    } else if (j->prec == PREC_EXTENDED && !j->error) {
        args[0] = pt[0];
        dn_expr_eval_ext(j->e, j->n, args, ev->res, ev->work);
    } else if (j->error || (j->prec == PREC_AUTO && !ceng)) {
        /* the bounds (of the double result: the same derivatives as dn_expr_eval), and
         * auto's verdict; quick bounds where they are not printed */
        unsigned flags = j->prec == PREC_EXTENDED ? DN_PREC_EXTENDED
                         : j->prec == PREC_AUTO && !ceng ? DN_PREC_AUTO : DN_PREC_DOUBLE;
        args[0] = pt[0];
        int rc = dn_expr_eval_prec(j->e, j->n, args, ev->res, ev->err,
                                   flags | (j->error ? 0u : DN_PREC_QUICK), ev->work);
        if (rc == 1 && j->prec == PREC_AUTO) {
            unsigned k = dn_err_first_short(ev->res, ev->err, j->n, 10.0);
            if (k <= j->n) weak = (int)k;
        }
        if (ceng) dn_expr_eval_coeffs(j->e, j->n, args, ev->res, ev->work);
    } else if (ceng) {
        args[0] = pt[0];
        dn_expr_eval_coeffs(j->e, j->n, args, ev->res, ev->work);
    } else if (j->engine == ENG_DVEC) {
        const dvec *dargs[1] = {&ev->dx};
        dvec_set_var(&ev->dx, pt[0]);
        dn_expr_eval_dvec(j->e, &ev->dr, dargs, ev->work);
        dvec_get_derivs(ev->res, &ev->dr);
    } else {
        args[0] = pt[0];
        dn_expr_eval(j->e, j->n, args, ev->res, ev->work);
    }
    if (ev->n2 && isfinite(ev->res[0])) {
        int lost = 0;
        for (size_t k = 1; k < len; k++) lost |= isnan(ev->res[k]);
        if (lost) {
            ev->args2[0] = pt[0];
            if (j->error)
                dn_expr_eval_prec(j->e, ev->n2, ev->args2, ev->res2, ev->err2,
                                  j->prec == PREC_EXTENDED ? DN_PREC_EXTENDED : DN_PREC_DOUBLE,
                                  ev->work2);
            if (ceng) dn_expr_eval_coeffs(j->e, ev->n2, ev->args2, ev->res2, ev->work2);
            else if (j->error) ;
            else if (j->prec == PREC_EXTENDED)
                dn_expr_eval_ext(j->e, ev->n2, ev->args2, ev->res2, ev->work2);
            else dn_expr_eval(j->e, ev->n2, ev->args2, ev->res2, ev->work2);
            for (size_t k = 1; k < len; k++)
                if (isnan(ev->res[k])) {
                    ev->res[k] = ev->res2[k];
                    if (j->error) ev->err[k] = ev->err2[k];
                }
        }
    }
    for (unsigned v = 0; v < j->nvars; v++) ev->row[v] = pt[v];
    /* (without res_own, what the engine gives is in the row already) */
    if (ev->res_own && j->coeffs) /* c = d / a!, rounded once from the wide quotient */
        for (size_t k = 0; k < len; k++) ev->row[j->nvars + k] = (double)(ev->res[k] / j->scale[k]);
    else if (ev->res_own) /* d = c a!, rounded once from the wide product */
        for (size_t k = 0; k < len; k++) ev->row[j->nvars + k] = (double)(ev->res[k] * j->scale[k]);
    if (j->error) /* the bounds of what is printed: scaled where the numbers were (by a!),
                   * plus that rounding */
        for (size_t k = 0; k < len; k++) {
            double e = ev->err[k], *out = ev->row + j->nvars;
            if (j->coeffs != j->taylor) /* (--coeffs of one variable included) */
                e = (double)(j->coeffs ? e / j->scale[k] : e * j->scale[k]) + 0x1p-52 * fabs(out[k]);
            out[len + k] = isnan(out[k]) ? NAN : e;
        }
    return weak;
}

/* ---- text ---- */

/* One number: 17 significant digits; nan, inf, -inf (JSON: null); -0 as 0. */
static size_t format_num(char *d, double v, int json)
{
    const char *s = NULL;
    if (isnan(v)) s = json ? "null" : "nan";
    else if (isinf(v)) s = json ? "null" : v > 0 ? "inf" : "-inf";
    if (s) {
        size_t k = strlen(s);
        memcpy(d, s, k);
        return k;
    }
    return fmt_g17(d, v == 0.0 ? 0.0 : v);
}

/* One table cell: s right-aligned in CELL_W columns. */
static size_t format_cell(char *d, const char *s, size_t k)
{
    size_t pad = k < CELL_W ? CELL_W - k : 0;
    memset(d, ' ', pad);
    memcpy(d + pad, s, k);
    return pad + k;
}

/* The text of one row of output, from its ncols values: returns its length (at most
 * job->row_max). first: the first row of the output (JSON separators). */
static size_t format_row(char *dst, const struct job *j, const double *vals, int first)
{
    if (j->format == FMT_NPY) return npy_row(dst, vals, j->ncols);
    char *d = dst;
    int json = j->format == FMT_JSON;
    if (json) {
        memcpy(d, first ? "  [" : ",\n  [", first ? 3 : 5);
        d += first ? 3 : 5;
    }
    for (unsigned c = 0; c < j->ncols; c++) {
        if (c) {
            if (json) *d++ = ',';
            *d++ = j->format == FMT_CSV ? ',' : ' ';
        }
        if (j->format == FMT_TABLE) {
            char cell[FMT_G17_MAX];
            d += format_cell(d, cell, format_num(cell, vals[c], 0));
        } else {
            d += format_num(d, vals[c], json);
        }
    }
    *d++ = json ? ']' : '\n';
    return (size_t)(d - dst);
}

/* A JSON string literal. */
static void put_json_string(const char *s)
{
    put("\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        char esc[8];
        if (c == '"' || c == '\\') {
            esc[0] = '\\', esc[1] = (char)c;
            put(esc, 2);
        } else if (c < 0x20) {
            put(esc, (size_t)snprintf(esc, sizeof esc, "\\u%04x", c));
        } else {
            put(s, 1);
        }
    }
    put("\"", 1);
}

/* The header: CSV names, the JSON object's opening, or the table's column names. */
static void put_header(const struct job *j, const char *src, char **vars)
{
    if (j->format == FMT_JSON) {
        puts_out("{\"expr\": ");
        put_json_string(src);
        puts_out(", \"vars\": [");
        for (unsigned v = 0; v < j->nvars; v++) {
            if (v) puts_out(", ");
            put_json_string(vars[v]);
        }
        char b[128];
        snprintf(b, sizeof b, "], \"order\": %u, \"engine\": \"%s\",\n \"columns\": [", j->n,
                 engine_names[j->engine]);
        puts_out(b);
    }
    for (unsigned c = 0; c < j->ncols; c++) {
        const char *name = j->names[c];
        if (j->format == FMT_JSON) {
            if (c) puts_out(", ");
            put_json_string(name);
        } else {
            if (c) puts_out(j->format == FMT_TABLE ? " " : ",");
            if (j->format == FMT_TABLE) {
                char cell[NAME_W + CELL_W];
                put(cell, format_cell(cell, name, strlen(name)));
            } else {
                puts_out(name);
            }
        }
    }
    puts_out(j->format == FMT_JSON ? "],\n \"rows\": [\n" : "\n");
}

/* Steps the multi-index a[0..k-1] to the next one in the graded order of the results: by
 * total order, then decreasing a[0], then decreasing a[1], ... (Dnum2's triangle for
 * k = 2, Dnumk's order for any k). */
static void next_index(unsigned *a, unsigned k)
{
    unsigned tail = a[k - 1];
    for (unsigned i = k - 1; i-- > 0;) {
        if (a[i] > 0) {
            a[i]--;
            a[i + 1] = tail + 1;
            for (unsigned m = i + 2; m < k; m++) a[m] = 0;
            return;
        }
        tail += a[i];
    }
    a[0] = tail + 1;
    for (unsigned m = 1; m < k; m++) a[m] = 0;
}

/* Column names and scales: the variables, then d{k} (one variable) or d{a1}_..._{ak} in
 * the graded order (c instead of d for --coeffs); scale[c] = a1! ... ak! (k! as a running
 * product in long double: exact to 25!, then rounded once per step; where long double is
 * double it overflows past 170!, and those coefficients of finite derivatives print 0). */
static void make_columns(struct job *j, char **vars)
{
    long double f[DN_ORDER_MAX + 1];
    f[0] = 1.0L;
    for (unsigned k = 1; k <= j->n; k++) f[k] = f[k - 1] * (long double)k;
    j->names = xmalloc(j->ncols * sizeof *j->names);
    j->scale = xmalloc(j->len * sizeof *j->scale);
    unsigned a[MAX_VARS] = {0};
    for (unsigned c = 0; c < j->ncols; c++) {
        char *name = j->names[c];
        if (c < j->nvars) {
            snprintf(name, NAME_W, "%s", vars[c]);
            continue;
        }
        if (c >= j->nvars + j->len) { /* the bounds: e0..eN, e{i}_{j}, ... */
            memcpy(name, j->names[c - j->len], NAME_W); /* its number's name, e for d or c */
            name[0] = 'e';
            continue;
        }
        int w = snprintf(name, NAME_W, "%c", j->coeffs ? 'c' : 'd');
        long double sc = 1.0L;
        for (unsigned v = 0; v < j->nvars; v++) {
            w += snprintf(name + w, NAME_W - (size_t)w, v ? "_%u" : "%u", a[v]);
            sc *= f[a[v]];
        }
        j->scale[c - j->nvars] = sc;
        next_index(a, j->nvars);
    }
}

/* ---- inputs: the expression, and the points ---- */

/* Opens F, or standard input for "-". Exits with status 2 if it cannot. */
static FILE *open_input(const char *path)
{
    if (strcmp(path, "-") == 0) return stdin;
    FILE *f = fopen(path, "rb");
    if (!f) die(2, "cannot open '%s': %s", shown(path), strerror(errno));
    return f;
}

/* The whole expression from a file: at most DN_EXPR_MAX_LEN + 1 bytes are read (the
 * parser rejects a longer source); a NUL byte is an error. */
static char *read_expr(const char *path)
{
    FILE *f = open_input(path);
    size_t cap = DN_EXPR_MAX_LEN + 2, n = 0;
    char *s = xmalloc(cap);
    while (n < cap - 1) {
        size_t r = fread(s + n, 1, cap - 1 - n, f);
        if (r == 0) break;
        n += r;
    }
    if (ferror(f)) die(1, "read error on '%s': %s", shown(path), strerror(errno));
    if (f != stdin) fclose(f);
    if (memchr(s, '\0', n)) die(2, "the expression in '%s' contains a NUL byte", shown(path));
    s[n] = '\0';
    return s;
}

/* Reports a parse error of the expression src and exits: the message and the hint (may
 * be ""), then the line of src that holds the error (cut to a window around it), escaped,
 * with a caret under it. */
static void die_expr(const char *src, const dn_expr_error *err, const char *hint)
{
    if (err->code == DN_ENOMEM) die(1, "out of memory");
    fprintf(stderr, "dnum-eval: %s%s", shown(err->msg), hint);
    size_t n = strlen(src), pos = err->column ? err->column - 1 : 0;
    if (err->column && pos <= n) {
        size_t ls = pos, le = pos, line = 1;
        while (ls > 0 && src[ls - 1] != '\n') ls--;
        while (le < n && src[le] != '\n') le++;
        for (size_t i = 0; i < ls; i++) line += src[i] == '\n';
        if (line > 1) fprintf(stderr, " (line %zu, column %zu)", line, pos - ls + 1);
        size_t from = pos - ls > 60 ? pos - 60 : ls, to = le - pos > 40 ? pos + 40 : le;
        char a[512], b[512];
        size_t w = escape(a, sizeof a, src + from, pos - from); /* columns before the caret */
        escape(b, sizeof b, src + pos, to - pos);
        fprintf(stderr, "\n  %s%s%s%s\n  %*s^", from > ls ? "..." : "", a, b, to < le ? "..." : "",
                (int)(w + (from > ls ? 3 : 0)), "");
    }
    fputs("\n", stderr);
    exit(2);
}

/* The hint after "unknown variable 'name'" (name at the start of s): the -V option that
 * declares it beside the others. */
static void var_hint(char *dst, size_t cap, const char *s, char **vars, unsigned nvars)
{
    size_t len = 0;
    while (s[len] == '_' || (s[len] >= 'a' && s[len] <= 'z') || (s[len] >= 'A' && s[len] <= 'Z') ||
           (s[len] >= '0' && s[len] <= '9'))
        len++;
    if (len > DN_EXPR_MAX_NAME || nvars >= MAX_VARS) {
        snprintf(dst, cap, " (declare the variables with -V, at most %u)", MAX_VARS);
        return;
    }
    size_t w = (size_t)snprintf(dst, cap, " (declare it with -V ");
    for (unsigned v = 0; v < nvars; v++) w += (size_t)snprintf(dst + w, cap - w, "%s,", vars[v]);
    snprintf(dst + w, cap - w, "%.*s)", (int)len, s);
}

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

/* One line of a points file into pt; returns 1 (a point), 0 (blank or comment) or -1
 * (bad line: src->bad is set). */
static int parse_point_line(struct source *src, char *line, double *pt)
{
    char *hash = strchr(line, '#');
    if (hash) *hash = '\0';
    static const char *const counts[] = {"none", "one", "two", "three", "four", "five",
                                         "six", "seven", "eight", "more"};
    char *f[MAX_VARS + 1], *p = line;
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    if (!*p) return 0;
    unsigned got = split(line, ',', f, MAX_VARS);
    if (got != src->nvars) {
        snprintf(src->bad, sizeof src->bad, "%s:%lu: expected %u value%s, found %s",
                 shown(src->path), src->line, src->nvars, src->nvars == 1 ? "" : "s",
                 counts[got]);
        return -1;
    }
    for (unsigned v = 0; v < got; v++) {
        char *s = f[v], *end;
        while (*s == ' ' || *s == '\t') s++;
        size_t k = strlen(s);
        while (k && (s[k - 1] == ' ' || s[k - 1] == '\t' || s[k - 1] == '\r' || s[k - 1] == '\n'))
            s[--k] = '\0';
        if (k && strspn(s, "0123456789.eE+-") == k) { /* a plain decimal number */
            double x = strtod(s, &end);
            if (*end == '\0' && isfinite(x)) {
                pt[v] = x;
                continue;
            }
        }
        char msg[160];
        if (value_of(s, &pt[v], msg, sizeof msg)) {
            snprintf(src->bad, sizeof src->bad, "%s:%lu: bad value '%s': %s", shown(src->path),
                     src->line, shown(s), shown(msg));
            return -1;
        }
    }
    return 1;
}

/* Up to cap points into pts (nvars values each). Returns how many (0 at the end); a bad
 * line ends the input, with its message in src->bad. A read error exits with status 1. */
static unsigned next_points(struct source *src, double *pts, unsigned cap)
{
    unsigned c = 0;
    if (src->bad[0]) return 0;
    if (src->kind == 0) {
        for (; c < cap && src->k < src->end; c++, src->k++) {
            pts[c * src->nvars] = sweep_point(src->a, src->b, src->k, src->m);
            for (unsigned v = 1; v < src->nvars; v++) pts[c * src->nvars + v] = src->at[v];
        }
        return c;
    }
    char line[LINE_MAX_BYTES + 2];
    if (cap > src->left) cap = (unsigned)src->left;
    while (c < cap && !src->bad[0] && fgets(line, sizeof line, src->f)) {
        src->line++;
        size_t k = strlen(line);
        if (k == sizeof line - 1 && line[k - 1] != '\n') {
            snprintf(src->bad, sizeof src->bad, "%s:%lu: line longer than %d bytes",
                     shown(src->path), src->line, LINE_MAX_BYTES);
            break;
        }
        if (memchr(line, '\0', k) != NULL || (k && line[k - 1] != '\n' && !feof(src->f))) {
            snprintf(src->bad, sizeof src->bad, "%s:%lu: NUL byte", shown(src->path), src->line);
            break;
        }
        int r = parse_point_line(src, line, pts + (size_t)c * src->nvars);
        if (r < 0) break;
        c += (unsigned)r;
    }
    src->left -= c;
    if (ferror(src->f)) die(1, "read error on '%s': %s", shown(src->path), strerror(errno));
    return c;
}

/* ---- blocks of points, evaluated and written in order by every thread ---- */

/* The points of the source are cut into blocks; a ring of slots holds the blocks being
 * evaluated or waiting to be written. Every thread (the calling one and the -j workers
 * alike) runs the same loop: write the finished blocks that are next in order if no
 * other thread is writing, else take the next block from the source and evaluate and
 * format it, else wait. So no thread is a dedicated writer that would compete with the
 * evaluators for the cores, and a thread that finished early evaluates another block
 * instead of waiting for its turn. The reading of the source and the bookkeeping are
 * under one mutex; the evaluation and the writing are outside it (one writer at a time,
 * marked by `writing`). Memory: nslots blocks, whatever the number of points. */

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

/* Counts a point with non-finite numbers: an overflow of the derivatives, or a point
 * outside the domain or at a singularity (ovf_classify). */
static void count_bad(const struct job *j, struct evaluator *ev, const double *pt, struct slot *s)
{
    if (ovf_all_finite(ev->row + j->nvars, j->len)) return;
    unsigned k;
    int c = ovf_classify(&ev->ovf, ev->row + j->nvars, pt, &k);
    if (c < 0) die(1, "out of memory");
    if (c == OVF_OTHER) s->bad++;
    if (c == OVF_OVERFLOW && s->over.n++ == 0) {
        memcpy(s->over.pt, pt, j->nvars * sizeof *pt);
        s->over.k = k;
    }
}

/* Evaluates and formats the points of a slot. */
static void run_slot(const struct job *j, struct evaluator *ev, struct slot *s)
{
    s->len = 0;
    s->bad = 0;
    s->over.n = 0;
    s->weak.n = 0;
    for (unsigned i = 0; i < s->count; i++) {
        const double *pt = s->pts + (size_t)i * j->nvars;
        int wk = evaluate(j, ev, pt);
        if (wk >= 0 && s->weak.n++ == 0) {
            s->weak.x = pt[0];
            s->weak.k = (unsigned)wk;
        }
        count_bad(j, ev, pt, s);
        s->len += format_row(s->text + s->len, j, ev->row, s->first + i == 0);
    }
}

struct pool {
    const struct job *job;
    struct source *src;
    struct slot *slots;
    unsigned nslots, block;
    unsigned long next_in, next_out; /* blocks taken from the source / written */
    unsigned long npts, bad;         /* points taken; points with a nan or inf */
    struct ovf_points over;          /* in output order */
    struct weak weak;                /* in output order */
    int eof, writing, threaded;
    pthread_mutex_t mu;
    pthread_cond_t cv;
};

static void pool_lock(struct pool *p)
{
    if (p->threaded) pthread_mutex_lock(&p->mu);
}

static void pool_unlock(struct pool *p)
{
    if (p->threaded) pthread_mutex_unlock(&p->mu);
}

/* The loop of every thread (see above); called with the lock held, returns with it held
 * when every block is written. */
static void pool_loop(struct pool *p, struct evaluator *ev)
{
    for (;;) {
        struct slot *w = &p->slots[p->next_out % p->nslots];
        if (!p->writing && p->next_out < p->next_in && w->state == SLOT_DONE) {
            unsigned long from = p->next_out, to = from;
            while (to < p->next_in && p->slots[to % p->nslots].state == SLOT_DONE) to++;
            p->writing = 1;
            pool_unlock(p);
            for (unsigned long b = from; b < to; b++) {
                struct slot *s = &p->slots[b % p->nslots];
                put(s->text, s->len);
                p->bad += s->bad;
                if (s->weak.n && p->weak.n == 0) p->weak = s->weak;
                else p->weak.n += s->weak.n;
                if (s->over.n && p->over.n == 0) p->over = s->over;
                else p->over.n += s->over.n;
            }
            pool_lock(p);
            for (unsigned long b = from; b < to; b++) p->slots[b % p->nslots].state = SLOT_FREE;
            p->next_out = to;
            p->writing = 0;
            if (p->threaded) pthread_cond_broadcast(&p->cv);
            continue;
        }
        if (!p->eof && p->next_in - p->next_out < p->nslots) {
            struct slot *s = &p->slots[p->next_in % p->nslots];
            unsigned c = next_points(p->src, s->pts, p->block);
            if (c == 0) {
                p->eof = 1;
                if (p->threaded) pthread_cond_broadcast(&p->cv);
                continue;
            }
            s->first = p->npts;
            s->count = c;
            s->state = SLOT_BUSY;
            p->npts += c;
            p->next_in++;
            pool_unlock(p);
            run_slot(p->job, ev, s);
            pool_lock(p);
            s->state = SLOT_DONE;
            if (p->threaded) pthread_cond_broadcast(&p->cv);
            continue;
        }
        if (p->eof && p->next_out == p->next_in) return;
        pthread_cond_wait(&p->cv, &p->mu); /* only threaded: one thread never waits */
    }
}

/* A -j worker thread: its own evaluator (allocated on the thread, so its arrays do not
 * share cache lines with another thread's), then the loop. */
static void *worker_main(void *arg)
{
    struct pool *p = arg;
    struct evaluator ev;
    evaluator_init(&ev, p->job);
    pool_lock(p);
    pool_loop(p, &ev);
    pool_unlock(p);
    evaluator_free(&ev);
    return NULL;
}

/* Evaluates every point of src on `jobs` threads (this one and jobs - 1 workers) and
 * writes the rows in order. Returns the number of points, or exits (write error); *bad
 * counts points with a nan/inf; returns with src->bad set when a bad line stopped the
 * input. */
static unsigned long run(const struct job *j, struct source *src, unsigned jobs, unsigned long *bad,
                         struct weak *weak, struct ovf_points *over)
{
    unsigned block = (unsigned)((1u << 18) / j->row_max);
    if (block < 1) block = 1;
    if (block > 2048) block = 2048;
    struct pool p = {.job = j, .src = src, .block = block, .threaded = jobs > 1};
    p.nslots = jobs == 1 ? 1 : 2 * jobs;
    p.slots = xmalloc(p.nslots * sizeof *p.slots);
    for (unsigned i = 0; i < p.nslots; i++) {
        p.slots[i].state = SLOT_FREE;
        p.slots[i].pts = xmalloc_line((size_t)block * j->nvars * sizeof(double));
        p.slots[i].text = xmalloc_line((size_t)block * j->row_max);
    }
    pthread_t *tids = NULL;
    if (p.threaded) {
        pthread_mutex_init(&p.mu, NULL);
        pthread_cond_init(&p.cv, NULL);
        tids = xmalloc((jobs - 1) * sizeof *tids);
        for (unsigned i = 0; i + 1 < jobs; i++)
            if (pthread_create(&tids[i], NULL, worker_main, &p)) die(1, "cannot start a thread");
    }
    struct evaluator ev;
    evaluator_init(&ev, j);
    pool_lock(&p);
    pool_loop(&p, &ev);
    pool_unlock(&p);
    evaluator_free(&ev);
    if (p.threaded) {
        for (unsigned i = 0; i + 1 < jobs; i++) pthread_join(tids[i], NULL);
        free(tids);
        pthread_mutex_destroy(&p.mu);
        pthread_cond_destroy(&p.cv);
    }
    for (unsigned i = 0; i < p.nslots; i++) {
        free(p.slots[i].pts);
        free(p.slots[i].text);
    }
    free(p.slots);
    *bad = p.bad;
    *weak = p.weak;
    *over = p.over;
    return p.npts;
}

/* ---- main ---- */

struct config {
    unsigned long order, jobs;
    const char *vars, *at, *range, *points, *file, *src, *output, *shard;
    int engine, format, coeffs, error, prec, columns;
};

/* Applies one option with its value (NULL for a flag). */
static void apply_option(struct config *cf, enum opt_id id, const char *val)
{
    switch (id) {
    case O_HELP:
        print_usage();
        exit(0);
    case O_VERSION: {
        char b[128];
        snprintf(b, sizeof b, "dnum-eval (dnum) %s\nextended precision: %d-bit significand\n",
                 dn_version(), dn_ext_bits());
        puts_out(b);
        out_flush();
        exit(0);
    }
    case O_ORDER:
        if (parse_count(val, &cf->order) || cf->order > DN_ORDER_MAX)
            die(2, "bad order '%s' (an integer 0..%u)", shown(val), (unsigned)DN_ORDER_MAX);
        break;
    case O_JOBS:
        if (parse_count(val, &cf->jobs) || cf->jobs < 1 || cf->jobs > MAX_JOBS)
            die(2, "bad thread count '%s' for -j (an integer 1..%u)", shown(val), MAX_JOBS);
        break;
    case O_VARS: cf->vars = val; break;
    case O_COEFFS: cf->coeffs = 1; break;
    case O_COLUMNS: cf->columns = 1; break;
    case O_OUTPUT: cf->output = val; break;
    case O_SHARD: cf->shard = val; break;
    case O_ERROR: cf->error = 1; break;
    case O_PRECISION:
        if (strcmp(val, "double") == 0) cf->prec = PREC_DOUBLE;
        else if (strcmp(val, "extended") == 0) cf->prec = PREC_EXTENDED;
        else if (strcmp(val, "auto") == 0) cf->prec = PREC_AUTO;
        else die(2, "unknown precision '%s' (double, extended or auto)", shown(val));
        break;
    case O_AT: cf->at = val; break;
    case O_RANGE: cf->range = val; break;
    case O_POINTS: cf->points = val; break;
    case O_FILE: cf->file = val; break;
    case O_ENGINE:
        for (cf->engine = 0; cf->engine < ENG_COUNT; cf->engine++)
            if (strcmp(val, engine_names[cf->engine]) == 0) break;
        if (cf->engine == ENG_COUNT)
            die(2, "unknown engine '%s' (fixed, dvec, dnum2, dnumk or auto)", shown(val));
        break;
    case O_FORMAT:
        if (strcmp(val, "csv") == 0) cf->format = FMT_CSV;
        else if (strcmp(val, "json") == 0) cf->format = FMT_JSON;
        else if (strcmp(val, "table") == 0) cf->format = FMT_TABLE;
        else if (strcmp(val, "npy") == 0) cf->format = FMT_NPY;
        else die(2, "unknown format '%s' (csv, json, table or npy)", shown(val));
        break;
    }
}

/* Reads the command line into cf (exits on a bad option). */
static void parse_args(struct config *cf, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        char *arg = argv[i], *val = NULL;
        if (strcmp(arg, "--") == 0) {
            if (i + 1 < argc) {
                if (cf->src || i + 2 < argc) die(2, "exactly one EXPR expected");
                cf->src = argv[i + 1];
            }
            break;
        }
        /* an argument that starts with '-' but not with an option letter is an EXPR
         * (e.g. -1+x, -(x^2), -.5*x, and - for standard input) */
        if (arg[0] != '-' || arg[1] == '\0' || strchr("0123456789.( ", arg[1])) {
            if (cf->src)
                die(2, "exactly one EXPR expected (got '%s' and '%s')", shown(cf->src), shown(arg));
            cf->src = arg;
            continue;
        }
        size_t k;
        if (arg[1] == '-') { /* --long, --long=value, --long value */
            char *eq = strchr(arg + 2, '=');
            size_t len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
            for (k = 0; k < NOPTS; k++)
                if (strlen(options[k].l) == len && strncmp(options[k].l, arg + 2, len) == 0) break;
            if (k == NOPTS) die(2, "unknown option '%s'", shown(arg));
            if (eq && !options[k].arg) die(2, "option '--%s' takes no value", options[k].l);
            if (eq) val = eq + 1;
        } else { /* -x, -xVALUE, -x VALUE */
            for (k = 0; k < NOPTS; k++)
                if (options[k].s == arg[1]) break;
            if (k == NOPTS)
                die(2, "unknown option '%s' (put -- before an EXPR that starts with '-')",
                    shown(arg));
            if (arg[2]) {
                if (!options[k].arg) die(2, "unknown option '%s'", shown(arg));
                val = arg + 2;
            }
        }
        if (options[k].arg && !val) {
            if (i + 1 >= argc) die(2, "option '%s' needs a value", shown(arg));
            val = argv[++i];
        }
        apply_option(cf, options[k].id, val);
    }
}

/* s without the spaces and tabs around it (cut in place). */
static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t k = strlen(s);
    while (k && (s[k - 1] == ' ' || s[k - 1] == '\t')) s[--k] = '\0';
    return s;
}

/* The number of points of the source, for --shard and the header of -f npy: the sweep's,
 * or those of a points file (SHARD_STREAM: not known before the end). */
static unsigned long count_points(struct source *ps)
{
    unsigned long n = ps->kind == 0 ? ps->m : shard_count_points(ps->f);
    if (n == SHARD_ERROR) die(1, "read error on '%s': %s", shown(ps->path), strerror(errno));
    return n;
}

/* --shard I/N: restricts the source to its part; returns the part's number of points. */
static unsigned long apply_shard(struct source *ps, const char *spec, unsigned long total)
{
    unsigned long i, n, lo, hi;
    char msg[128];
    if (shard_parse(spec, &i, &n, msg, sizeof msg)) die(2, "bad --shard '%s': %s", shown(spec), msg);
    if (total == SHARD_STREAM)
        die(2, "--shard needs the points in a file: %s is read once, and its parts cannot be "
               "counted before", shown(ps->path));
    shard_range(total, i, n, &lo, &hi);
    if (ps->kind == 0) {
        ps->k = lo;
        ps->end = hi;
    } else {
        shard_skip_points(ps->f, lo, &ps->line);
        if (ferror(ps->f)) die(1, "read error on '%s': %s", shown(ps->path), strerror(errno));
        ps->left = hi - lo;
    }
    return hi - lo;
}

/* -o F: the output goes to F, created (or truncated) now that the inputs are checked. */
static void open_output(const char *path)
{
    if (strcmp(path, "-") == 0) return;
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) die(2, "cannot open '%s' for writing: %s", shown(path), strerror(errno));
    out.fd = fd;
    out.name = path;
}

int main(int argc, char **argv)
{
    struct config cf = {.order = 4, .jobs = 1, .vars = "x", .engine = ENG_AUTO, .format = FMT_CSV,
                        .prec = PREC_AUTO};
    parse_args(&cf, argc, argv);
    if (cf.columns) cf.format = FMT_CSV; /* the header line alone */
    if (cf.file && cf.src) die(2, "give EXPR or --file, not both");
    if (!cf.file && !cf.src) die(2, "no EXPR given");
    const char *expr_path = cf.file ? cf.file : strcmp(cf.src, "-") == 0 ? "-" : NULL;
    if (expr_path && cf.points && strcmp(expr_path, "-") == 0 && strcmp(cf.points, "-") == 0)
        die(2, "the expression and the points cannot both come from standard input");

    /* variables */
    char *vlist = xstrdup(cf.vars), *vars[MAX_VARS + 1];
    unsigned nvars = split(vlist, ',', vars, MAX_VARS);
    if (nvars > MAX_VARS) die(2, "at most %u variables (got '%s')", MAX_VARS, shown(cf.vars));
    for (unsigned v = 0; v < nvars; v++) vars[v] = trim(vars[v]); /* -V 'x, y' */

    /* engine and order limits */
    int engine = cf.engine;
    unsigned long order = cf.order;
    if (engine == ENG_AUTO)
        engine = nvars >= 3   ? ENG_DNUMK
                 : nvars == 2 ? ENG_DNUM2
                 : (order >= 1 && order <= FIXED_MAX) ? ENG_FIXED : ENG_DVEC;
    if (nvars >= 2 && (engine == ENG_FIXED || engine == ENG_DVEC))
        die(2, "engine '%s' takes one variable; several variables need -e dnum2 (two) or -e dnumk",
            engine_names[engine]);
    if (nvars != 2 && engine == ENG_DNUM2) die(2, "engine 'dnum2' needs two variables (-V x,y)");
    if (engine == ENG_DNUMK && dnk_size(nvars, order > DNK_ORDER_MAX ? DNK_ORDER_MAX + 1 : (unsigned)order) == 0) {
        unsigned top = 0;
        while (top < DNK_ORDER_MAX && dnk_size(nvars, top + 1)) top++;
        die(2, "order %lu is above the dnumk engine's limit %u for %u variable%s", order, top,
            nvars, nvars == 1 ? "" : "s");
    }
    if (cf.error && nvars != 1 && order > DN_EXPR_MAX_ORDERK)
        die(2, "--error with several variables goes to total order %u (got %lu)",
            (unsigned)DN_EXPR_MAX_ORDERK, order);
    if (cf.prec == PREC_EXTENDED && nvars != 1)
        die(2, "--precision extended takes one variable");
    if (engine == ENG_FIXED && (order < 1 || order > FIXED_MAX))
        die(2, "order %lu is outside the fixed engine's range 1..%u (use -e dvec)", order, FIXED_MAX);
    if (engine == ENG_DNUM2 && order > DN_EXPR_MAX_ORDER2)
        die(2, "order %lu is above the dnum2 engine's limit %u", order,
            (unsigned)DN_EXPR_MAX_ORDER2);

    /* the points (before the expression is read: an error here leaves no copy of it
     * behind) */
    struct source ps = {.nvars = nvars, .m = 1, .left = (unsigned long)-1};
    if (cf.points) {
        if (cf.range || cf.at) die(2, "--points excludes --at and --range");
        ps.kind = 1;
        ps.path = strcmp(cf.points, "-") == 0 ? "<stdin>" : cf.points;
        ps.f = open_input(cf.points);
    } else if (cf.range) {
        char *rbuf = xstrdup(cf.range), *f[4];
        if (split(rbuf, ':', f, 3) != 3) die(2, "bad --range '%s' (expected A:B:M)", shown(cf.range));
        ps.a = parse_value(f[0], "--range A");
        ps.b = parse_value(f[1], "--range B");
        if (parse_count(f[2], &ps.m) || ps.m == 0)
            die(2, "bad point count '%s' in --range (an integer >= 1)", shown(f[2]));
        if (ps.m > MAX_POINTS)
            die(2, "%lu points are too many (at most %lu per run)", ps.m, MAX_POINTS);
        if (ps.m == 1 && ps.a != ps.b) die(2, "--range with M = 1 needs A = B");
        unsigned want = nvars - 1, got = 0;
        char *abuf = cf.at ? xstrdup(cf.at) : NULL, *g[MAX_VARS + 1];
        if (abuf) got = split(abuf, ',', g, MAX_VARS);
        if (!want && got) die(2, "--at and --range exclude each other for one variable");
        if (got != want) {
            char names[MAX_VARS * (DN_EXPR_MAX_NAME + 4)] = "";
            for (unsigned v = 1; v < nvars; v++)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s'%s'",
                         v > 1 ? ", " : "", vars[v]);
            die(2, "--range with %u variables needs --at with %u value%s (of %s), got '%s'", nvars,
                want, want == 1 ? "" : "s", names, cf.at ? shown(cf.at) : "");
        }
        for (unsigned v = 1; v < nvars; v++) ps.at[v] = parse_value(g[v - 1], "--at");
        free(rbuf);
        free(abuf);
    } else if (cf.at) {
        char *abuf = xstrdup(cf.at), *g[MAX_VARS + 1];
        unsigned got = split(abuf, ',', g, MAX_VARS);
        if (got != nvars)
            die(2, "--at needs %u value%s (one per variable), got '%s'", nvars,
                nvars == 1 ? "" : "s", shown(cf.at));
        for (unsigned v = 0; v < nvars; v++) ps.at[v] = parse_value(g[v], "--at");
        ps.a = ps.b = ps.at[0];
        free(abuf);
    } else if (!cf.columns) {
        die(2, "give a point (--at), a sweep (--range) or a file of points (--points)");
    }
    ps.end = ps.m;
    /* the number of points: --shard's parts, the header of -f npy (0 while unknown) */
    unsigned long rows = cf.shard || cf.format == FMT_NPY ? count_points(&ps) : 0;
    if (cf.shard) rows = apply_shard(&ps, cf.shard, rows);

    /* the expression */
    char *src = expr_path ? read_expr(expr_path) : xstrdup(cf.src);
    dn_expr_error err;
    struct job job = {.engine = engine, .format = cf.format, .n = (unsigned)order, .nvars = nvars};
    job.e = dn_expr_parse(src, (const char *const *)vars, nvars, &err);
    if (!job.e) {
        if (err.code == DN_EINVAL)
            die(2, "bad variable list '%s': %s", shown(cf.vars), shown(err.msg));
        char hint[MAX_VARS * (DN_EXPR_MAX_NAME + 1) + 64] = "";
        if (strncmp(err.msg, "unknown variable", 16) == 0 && err.column)
            var_hint(hint, sizeof hint, src + err.column - 1, vars, nvars);
        die_expr(src, &err, hint);
    }

    /* output */
    job.len = engine == ENG_DNUM2   ? (size_t)(job.n + 1) * (job.n + 2) / 2
              : engine == ENG_DNUMK ? dnk_size(nvars, job.n)
                                    : (size_t)job.n + 1;
    job.error = cf.error;
    job.prec = nvars == 1 ? cf.prec : PREC_DOUBLE;
    job.ncols = nvars + (unsigned)job.len * (job.error ? 2u : 1u);
    job.row_max = (size_t)job.ncols * (CELL_W + 3) + 8;
    job.coeffs = cf.coeffs;
    job.taylor = engine == ENG_DNUMK;
    make_columns(&job, vars);
    if (cf.output) open_output(cf.output);
    long long npy_at = -1; /* where the header can be rewritten with the final row count */
    if (cf.format == FMT_NPY) {
        if (isatty(out.fd)) die(2, "-f npy writes binary data: redirect the output or use -o FILE");
        npy_at = npy_rewritable(out.fd);
        if (rows == SHARD_STREAM && npy_at < 0)
            die(2, "-f npy with points from %s needs -o FILE (or a file as standard output): "
                   "the row count, unknown until the end, goes first", shown(ps.path));
        if (rows == SHARD_STREAM) rows = 0; /* rewritten at the end */
        job.row_max = 8 * (size_t)job.ncols;
        char h[NPY_HEADER_LEN];
        npy_header(h, rows, job.ncols);
        put(h, sizeof h);
    } else {
        put_header(&job, src, vars);
    }
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
    if (weak.n) {
        char xs[32];
        xs[fmt_g17(xs, weak.x)] = '\0';
        fprintf(stderr,
                "dnum-eval: warning: fewer than 10 correct digits even in extended precision "
                "at %lu of %lu point%s (first at x = %s, from order %u; --error prints the "
                "bounds)\n",
                weak.n, npts, npts == 1 ? "" : "s", xs, weak.k);
    }
    if (ps.bad[0]) die(2, "%s", ps.bad);
    return 0;
}
