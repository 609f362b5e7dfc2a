/* dnum-eval: the command line: the table of options (options[], which --help prints), their
 * parsing into a struct config, and the checks of the variables, the engine and the order
 * before anything is read or written. */
#include "dnum_eval.h"
#include <errno.h>
#include <dnum/batch.h>

const char *const engine_names[] = {"auto", "fixed", "dvec", "dnum2", "dnumk"};

const struct option_def options[] = {
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
     "enough, or if no bound is known). One variable; several\n"
     "variables compute in double"},
    {0, "vector-math", NULL, O_VECTOR_MATH,
     "without --error; with one variable, --precision double and\n"
     "N <= 170:\n"
     "exp, log, sin, ... from the vector math library of the build\n"
     "(SLEEF, at most 1 ulp) instead of the C library: faster; the\n"
     "numbers may differ from the default's in the last bits\n"
     "(--version says whether the build has one)"},
    {0, "functions", NULL, O_FUNCTIONS,
     "list the functions of EXPR, one a line with what it computes,\n"
     "and exit"},
    {'h', "help", NULL, O_HELP, "this text"},
    {0, "version", NULL, O_VERSION, "the version"},
};
const size_t noptions = sizeof options / sizeof options[0];

/* Parses a whole decimal unsigned integer (no sign, no spaces), or returns -1. */
int parse_count(const char *s, unsigned long *out_v)
{
    if (!*s || *s < '0' || *s > '9') return -1;
    errno = 0;
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || *end) return -1;
    *out_v = v;
    return 0;
}


/* Applies one option with its value (NULL for a flag). */
static void apply_option(struct config *cf, enum opt_id id, const char *val)
{
    switch (id) {
    case O_HELP:
        print_usage();
        exit(0);
    case O_FUNCTIONS:
        print_functions();
        exit(0);
    case O_VERSION: {
        char b[256], isas[64] = "";
        size_t m = 0; /* the batch instruction sets this machine and build have */
        for (unsigned isa = DN_BATCH_SCALAR; isa <= DN_BATCH_ISA_MASK; isa += DN_BATCH_SCALAR)
            if (dn_batch_isa(isa) && m < sizeof isas)
                m += (size_t)snprintf(isas + m, sizeof isas - m, " %s", dn_batch_isa_name(isa));
        snprintf(b, sizeof b,
                 "dnum-eval (dnum) %s\nextended precision: %d-bit significand\n"
                 "vector math (--vector-math): %s\nbatch instruction sets (DN_BATCH_ISA):%s\n",
                 dn_version(), dn_ext_bits(),
                 dn_batch_vector_libm() ? "SLEEF" : "none (the C library's values)", isas);
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
    case O_VECTOR_MATH: cf->vector_math = 1; break;
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

/* Reads the command line into cf (exits on a bad option, or when the expression is not
 * given once, or it and the points would both come from standard input). */
void parse_args(struct config *cf, int argc, char **argv)
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
            for (k = 0; k < noptions; k++)
                if (strlen(options[k].l) == len && strncmp(options[k].l, arg + 2, len) == 0) break;
            if (k == noptions) die(2, "unknown option '%s'", shown(arg));
            if (eq && !options[k].arg) die(2, "option '--%s' takes no value", options[k].l);
            if (eq) val = eq + 1;
        } else { /* -x, -xVALUE, -x VALUE */
            for (k = 0; k < noptions; k++)
                if (options[k].s == arg[1]) break;
            if (k == noptions)
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
    if (cf->columns) cf->format = FMT_CSV; /* the header line alone */
    if (cf->file && cf->src) die(2, "give EXPR or --file, not both");
    if (!cf->file && !cf->src) die(2, "no EXPR given");
    const char *expr_path = cf->file ? cf->file : strcmp(cf->src, "-") == 0 ? "-" : NULL;
    if (expr_path && cf->points && strcmp(expr_path, "-") == 0 && strcmp(cf->points, "-") == 0)
        die(2, "the expression and the points cannot both come from standard input");
}

/* s without the spaces and tabs around it (cut in place). */
static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t k = strlen(s);
    while (k && (s[k - 1] == ' ' || s[k - 1] == '\t')) s[--k] = '\0';
    return s;
}

/* The variables of -V LIST into vars (at most MAX_VARS; exits with status 2 when there are
 * more), cut from a copy of list that is returned (to be freed after the run). */
char *parse_vars(const char *list, char **vars, unsigned *nvars)
{
    char *vlist = xstrdup(list);
    unsigned n = split(vlist, ',', vars, MAX_VARS);
    if (n > MAX_VARS) die(2, "at most %u variables (got '%s')", MAX_VARS, shown(list));
    for (unsigned v = 0; v < n; v++) vars[v] = trim(vars[v]); /* -V 'x, y' */
    *nvars = n;
    return vlist;
}

/* The engine for nvars variables at the order of cf (auto resolved); exits with status 2
 * when the engine, the order, --error or --precision do not fit together. */
int choose_engine(const struct config *cf, unsigned nvars)
{
    int engine = cf->engine;
    unsigned long order = cf->order;
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
    if (cf->error && nvars != 1 && order > DN_EXPR_MAX_ORDERK)
        die(2, "--error with several variables goes to total order %u (got %lu)",
            (unsigned)DN_EXPR_MAX_ORDERK, order);
    if (cf->prec == PREC_EXTENDED && nvars != 1)
        die(2, "--precision extended takes one variable");
    int one_var = nvars == 1 && engine != ENG_DNUMK; /* (dnumk: the multivariate batches) */
    if (cf->vector_math &&
        (cf->error || (one_var && (cf->prec != PREC_DOUBLE || order > DN_TAYLOR_MAX))))
        die(2, "--vector-math takes no --error, and with one variable --precision double and "
               "an order up to %u", (unsigned)DN_TAYLOR_MAX);
    if (engine == ENG_FIXED && (order < 1 || order > FIXED_MAX))
        die(2, "order %lu is outside the fixed engine's range 1..%u (use -e dvec)", order, FIXED_MAX);
    if (engine == ENG_DNUM2 && order > DN_EXPR_MAX_ORDER2)
        die(2, "order %lu is above the dnum2 engine's limit %u", order,
            (unsigned)DN_EXPR_MAX_ORDER2);
    return engine;
}
