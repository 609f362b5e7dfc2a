/* dnum-eval: derivatives of a formula from the command line, as CSV, JSON or a table.
 *
 *   dnum-eval [options] EXPR        (dnum-eval --help for the options)
 *
 * Every input is checked before anything is written to stdout, so a bad option or a bad
 * expression (exit status 2) leaves stdout empty. Domain errors are not errors: they give
 * nan values and a warning on stderr (exit status 0). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dnum/expr.h>

#define MAX_POINTS 100000000UL /* --range M above this is refused */
#define FIXED_MAX 32u          /* the fixed engine's orders: 1..32 */

enum { ENG_AUTO, ENG_FIXED, ENG_DVEC, ENG_DNUM2 };
enum { FMT_CSV, FMT_JSON, FMT_TABLE };
static const char *const engine_names[] = {"auto", "fixed", "dvec", "dnum2"};

static const char usage_text[] =
    "usage: dnum-eval [options] EXPR\n"
    "Value and derivatives of the formula EXPR, exact up to rounding (dual numbers).\n"
    "\n"
    "  -n, --order N        highest derivative order (total order for two variables);\n"
    "                       default 4\n"
    "  -V, --vars LIST      comma-separated variable names, one or two; default x\n"
    "  -a, --at V[,W]       evaluate at one point (one value per variable); with --range,\n"
    "                       the values of the variables after the first\n"
    "  -r, --range A:B:M    sweep the first variable over M points from A to B inclusive\n"
    "  -e, --engine NAME    fixed | dvec | dnum2 | auto (default auto: fixed when N <= 32,\n"
    "                       else dvec; dnum2 for two variables)\n"
    "  -f, --format FMT     csv (default) | json | table\n"
    "  -h, --help           this text;   --version   the version\n"
    "\n"
    "EXPR: numbers, the variables, + - * / ^ (right-associative; -x^2 = -(x^2)),\n"
    "parentheses, pi, e, and exp expm1 log log1p sqrt cbrt sin cos tan asin acos atan\n"
    "sinh cosh tanh asinh acosh atanh erf erfc abs pow atan2 hypot. Values V, W, A, B may\n"
    "be constant expressions (pi/4). Put -- before an EXPR that starts with '-' and a letter.\n"
    "CSV columns: x,d0,d1,...,dN (one variable); x,y,d0_0,d1_0,d0_1,d2_0,d1_1,d0_2,...\n"
    "(two variables: d{i}_{j} = d^(i+j)f/dx^i dy^j, by total order, then decreasing i).\n"
    "Exit status: 0 success (nan values and a warning for domain errors), 2 bad usage or\n"
    "bad expression (nothing written to stdout), 1 output or memory failure.\n";

/* Prints "dnum-eval: message" and exits with status 2 (usage). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 1, 2), noreturn))
#endif
static void die_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("dnum-eval: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs("\n(dnum-eval --help for usage)\n", stderr);
    va_end(ap);
    exit(2);
}

/* Parses a whole decimal unsigned integer (no sign, no spaces), or returns -1. */
static int parse_count(const char *s, unsigned long *out)
{
    if (!*s || *s < '0' || *s > '9') return -1;
    errno = 0;
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || *end) return -1;
    *out = v;
    return 0;
}

/* A value: a constant expression (3, -1.5e-3, pi/4, sqrt(2)). Exits on error. */
static double parse_value(const char *s, const char *what)
{
    dn_expr_error err;
    dn_expr *e = dn_expr_parse(s, NULL, 0, &err);
    if (!e) die_usage("bad value '%s' for %s: %s", s, what, err.msg);
    double w[8], v = NAN;
    if (dn_expr_work_size(e, 0) <= 8) /* a constant program: one register */
        dn_expr_eval(e, 0, NULL, &v, w);
    dn_expr_free(e);
    if (!isfinite(v)) die_usage("value '%s' for %s is not finite", s, what);
    return v;
}

/* Splits s at the separator into at most max fields (s is modified). Returns the count. */
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

/* Prints one number: 17 significant digits, nan / inf / -inf (JSON: null). */
static void put_num(double v, int json)
{
    if (isnan(v))
        fputs(json ? "null" : "nan", stdout);
    else if (isinf(v))
        fputs(json ? "null" : v > 0 ? "inf" : "-inf", stdout);
    else
        printf("%.17g", v == 0.0 ? 0.0 : v); /* -0 prints as 0 */
}

/* A JSON string literal. */
static void put_json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

int main(int argc, char **argv)
{
    unsigned long order = 4;
    const char *vars_opt = "x", *at_opt = NULL, *range_opt = NULL, *src = NULL;
    int engine = ENG_AUTO, format = FMT_CSV;

    for (int i = 1; i < argc; i++) {
        char *arg = argv[i], *val = NULL;
        int opt = 0;
        if (strcmp(arg, "--") == 0) {
            if (i + 1 < argc) {
                if (src || i + 2 < argc) die_usage("exactly one EXPR expected");
                src = argv[i + 1];
            }
            break;
        }
        /* an argument that starts with '-' but not with an option letter is an EXPR
         * (e.g. -1+x, -(x^2), -.5*x) */
        if (arg[0] != '-' || arg[1] == '\0' || strchr("0123456789.( ", arg[1])) {
            if (src) die_usage("exactly one EXPR expected (got '%s' and '%s')", src, arg);
            src = arg;
            continue;
        }
        static const struct { char s; const char *l; int val; } opts[] = {
            {'n', "order", 1}, {'V', "vars", 1}, {'a', "at", 1}, {'r', "range", 1},
            {'e', "engine", 1}, {'f', "format", 1}, {'h', "help", 0}, {0, "version", 0},
        };
        unsigned k, nopts = sizeof opts / sizeof opts[0];
        if (arg[1] == '-') { /* --long, --long=value, --long value */
            char *eq = strchr(arg + 2, '=');
            size_t len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
            for (k = 0; k < nopts; k++)
                if (strlen(opts[k].l) == len && strncmp(opts[k].l, arg + 2, len) == 0) break;
            if (k == nopts) die_usage("unknown option '%s'", arg);
            if (eq && !opts[k].val) die_usage("option '--%s' takes no value", opts[k].l);
            if (eq) val = eq + 1;
        } else { /* -x, -xVALUE, -x VALUE */
            for (k = 0; k < nopts; k++)
                if (opts[k].s == arg[1]) break;
            if (k == nopts)
                die_usage("unknown option '%s' (put -- before an EXPR that starts with '-')",
                          arg);
            if (arg[2]) {
                if (!opts[k].val) die_usage("unknown option '%s'", arg);
                val = arg + 2;
            }
        }
        if (opts[k].val && !val) {
            if (i + 1 >= argc) die_usage("option '%s' needs a value", arg);
            val = argv[++i];
        }
        opt = opts[k].s ? opts[k].s : 'v';
        switch (opt) {
        case 'h':
            fputs(usage_text, stdout);
            return 0;
        case 'v':
            printf("dnum-eval (dnum) %s\n", dn_version());
            return 0;
        case 'n':
            if (parse_count(val, &order) || order > DN_ORDER_MAX)
                die_usage("bad order '%s' (an integer 0..%u)", val, (unsigned)DN_ORDER_MAX);
            break;
        case 'V': vars_opt = val; break;
        case 'a': at_opt = val; break;
        case 'r': range_opt = val; break;
        case 'e':
            for (engine = 0; engine < 4; engine++)
                if (strcmp(val, engine_names[engine]) == 0) break;
            if (engine == 4) die_usage("unknown engine '%s' (fixed, dvec, dnum2 or auto)", val);
            break;
        case 'f':
            if (strcmp(val, "csv") == 0) format = FMT_CSV;
            else if (strcmp(val, "json") == 0) format = FMT_JSON;
            else if (strcmp(val, "table") == 0) format = FMT_TABLE;
            else die_usage("unknown format '%s' (csv, json or table)", val);
            break;
        }
    }
    if (!src) die_usage("no EXPR given");

    /* variables */
    char vbuf[256], *vars[3];
    if (strlen(vars_opt) >= sizeof vbuf) die_usage("variable list too long");
    strcpy(vbuf, vars_opt);
    unsigned nvars = split(vbuf, ',', vars, 2);
    if (nvars > 2) die_usage("at most two variables (got '%s')", vars_opt);

    /* engine and order limits */
    if (engine == ENG_AUTO)
        engine = nvars == 2 ? ENG_DNUM2 : (order >= 1 && order <= FIXED_MAX) ? ENG_FIXED : ENG_DVEC;
    if (nvars == 2 && engine != ENG_DNUM2)
        die_usage("engine '%s' takes one variable; two variables need -e dnum2",
                  engine_names[engine]);
    if (nvars == 1 && engine == ENG_DNUM2)
        die_usage("engine 'dnum2' needs two variables (-V x,y)");
    if (engine == ENG_FIXED && (order < 1 || order > FIXED_MAX))
        die_usage("order %lu is outside the fixed engine's range 1..%u (use -e dvec)", order,
                  FIXED_MAX);
    if (engine == ENG_DNUM2 && order > DN_EXPR_MAX_ORDER2)
        die_usage("order %lu is above the dnum2 engine's limit %u", order,
                  (unsigned)DN_EXPR_MAX_ORDER2);
    unsigned n = (unsigned)order;

    /* the expression */
    dn_expr_error err;
    dn_expr *e = dn_expr_parse(src, (const char *const *)vars, nvars, &err);
    if (!e) {
        if (err.code == DN_EINVAL) die_usage("bad variable list '%s': %s", vars_opt, err.msg);
        fprintf(stderr, "dnum-eval: %s\n", err.msg);
        if (err.column && strlen(src) < 160 && !strchr(src, '\n'))
            fprintf(stderr, "  %s\n  %*s^\n", src, (int)err.column - 1, "");
        return 2;
    }

    /* the points */
    double at[2] = {0, 0}, a = 0, b = 0;
    unsigned long npts = 1;
    if (range_opt) {
        char rbuf[512], *f[4];
        if (strlen(range_opt) >= sizeof rbuf) die_usage("--range value too long");
        strcpy(rbuf, range_opt);
        if (split(rbuf, ':', f, 3) != 3) die_usage("bad --range '%s' (expected A:B:M)", range_opt);
        a = parse_value(f[0], "--range A");
        b = parse_value(f[1], "--range B");
        if (parse_count(f[2], &npts) || npts == 0)
            die_usage("bad point count '%s' in --range (an integer >= 1)", f[2]);
        if (npts > MAX_POINTS)
            die_usage("%lu points are too many (at most %lu per run)", npts, MAX_POINTS);
        if (npts == 1 && a != b) die_usage("--range with M = 1 needs A = B");
        unsigned want = nvars - 1;
        char abuf[512], *g[3];
        unsigned got = 0;
        if (at_opt) {
            if (strlen(at_opt) >= sizeof abuf) die_usage("--at value too long");
            strcpy(abuf, at_opt);
            got = split(abuf, ',', g, 2);
        }
        if (got != want)
            die_usage(want ? "--range with two variables needs --at W (the value of '%s')"
                           : "--at and --range exclude each other for one variable%s",
                      want ? vars[1] : "");
        if (want) at[1] = parse_value(g[0], "--at");
    } else if (at_opt) {
        char abuf[512], *g[3];
        if (strlen(at_opt) >= sizeof abuf) die_usage("--at value too long");
        strcpy(abuf, at_opt);
        unsigned got = split(abuf, ',', g, 2);
        if (got != nvars)
            die_usage("--at needs %u value%s (one per variable), got '%s'", nvars,
                      nvars == 1 ? "" : "s", at_opt);
        for (unsigned v = 0; v < nvars; v++) at[v] = parse_value(g[v], "--at");
        a = b = at[0];
    } else {
        die_usage("give a point (--at) or a sweep (--range)");
    }

    /* storage: everything is allocated before the first byte of output */
    size_t len = engine == ENG_DNUM2 ? (size_t)(n + 1) * (n + 2) / 2 : (size_t)n + 1;
    size_t wsize = engine == ENG_DNUM2 ? dn_expr_work_size2(e, n) : dn_expr_work_size(e, n);
    double *work = malloc(wsize * sizeof(double)), *args = calloc(2 * len, sizeof(double)),
           *out = malloc(len * sizeof(double));
    dvec dx = {0}, dr = {0};
    const dvec *dargs[1] = {&dx};
    int dvec_ok = engine != ENG_DVEC || (dvec_init(&dx, n) == 0 && dvec_init(&dr, n) == 0);
    if (!work || !args || !out || !dvec_ok) {
        fputs("dnum-eval: out of memory\n", stderr);
        return 1;
    }

    /* header */
    static char iobuf[1 << 16];
    setvbuf(stdout, iobuf, _IOFBF, sizeof iobuf);
    int json = format == FMT_JSON;
    const char *sep = format == FMT_TABLE ? " " : ",";
    unsigned ncols = nvars + (unsigned)len;
    char name[32];
    if (json) {
        fputs("{\"expr\": ", stdout);
        put_json_string(src);
        fputs(", \"vars\": [", stdout);
        for (unsigned v = 0; v < nvars; v++) {
            if (v) fputs(", ", stdout);
            put_json_string(vars[v]);
        }
        printf("], \"order\": %u, \"engine\": \"%s\",\n \"columns\": [", n,
               engine_names[engine]);
    }
    for (unsigned c = 0; c < ncols; c++) {
        if (c < nvars) {
            snprintf(name, sizeof name, "%s", vars[c]);
        } else if (nvars == 1) {
            snprintf(name, sizeof name, "d%u", c - nvars);
        } else { /* triangle index -> (i, j): total order s, then decreasing i */
            unsigned idx = c - nvars, s = 0;
            while ((s + 1) * (s + 2) / 2 <= idx) s++;
            unsigned j = idx - s * (s + 1) / 2;
            snprintf(name, sizeof name, "d%u_%u", s - j, j);
        }
        if (json) {
            if (c) fputs(", ", stdout);
            put_json_string(name);
        } else if (format == FMT_TABLE) {
            printf("%s%24s", c ? sep : "", name);
        } else {
            printf("%s%s", c ? sep : "", name);
        }
    }
    fputs(json ? "],\n \"rows\": [\n" : "\n", stdout);

    /* the sweep */
    unsigned long bad = 0;
    char cell[40];
    for (unsigned long p = 0; p < npts; p++) {
        double t = npts > 1 ? (double)p / (double)(npts - 1) : 0.0;
        double x = npts > 1 ? (p == npts - 1 ? b : (1.0 - t) * a + t * b) : a;
        double pt[2] = {x, at[1]};
        if (engine == ENG_DNUM2) {
            for (size_t k = 0; k < 2 * len; k++) args[k] = 0.0;
            args[0] = x;
            args[len] = at[1];
            if (n >= 1) {
                args[1] = 1.0;       /* dx/dx */
                args[len + 2] = 1.0; /* dy/dy */
            }
            dn_expr_eval2(e, n, args, out, work);
        } else if (engine == ENG_DVEC) {
            dvec_set_var(&dx, x);
            dn_expr_eval_dvec(e, &dr, dargs, work);
            dvec_get_derivs(out, &dr);
        } else {
            args[0] = x;
            if (n >= 1) args[1] = 1.0;
            dn_expr_eval(e, n, args, out, work);
        }
        int finite = 1;
        for (size_t k = 0; k < len; k++) finite &= isfinite(out[k]) != 0;
        bad += !finite;
        if (json) fputs(p ? ",\n  [" : "  [", stdout);
        for (unsigned c = 0; c < ncols; c++) {
            double v = c < nvars ? pt[c] : out[c - nvars];
            if (c) fputs(json ? ", " : sep, stdout);
            if (format == FMT_TABLE) {
                if (isnan(v)) snprintf(cell, sizeof cell, "nan");
                else if (isinf(v)) snprintf(cell, sizeof cell, v > 0 ? "inf" : "-inf");
                else snprintf(cell, sizeof cell, "%.17g", v == 0.0 ? 0.0 : v);
                printf("%24s", cell);
            } else {
                put_num(v, json);
            }
        }
        fputs(json ? "]" : "\n", stdout);
    }
    if (json) fputs("\n ]}\n", stdout);

    dvec_clear(&dx);
    dvec_clear(&dr);
    free(work);
    free(args);
    free(out);
    dn_expr_free(e);
    if (bad)
        fprintf(stderr,
                "dnum-eval: warning: nan or inf values at %lu of %lu point%s (outside the "
                "domain, or at a singularity)\n",
                bad, npts, npts == 1 ? "" : "s");
    if (fflush(stdout) || ferror(stdout)) {
        fputs("dnum-eval: write error on standard output\n", stderr);
        return 1;
    }
    return 0;
}
