/* dnum-eval: where the points come from: a sweep (--range), one point (--at) or a file
 * of points (--points), read in blocks (next_points), with their values (numbers or
 * constant expressions) and the part of --shard. */
#include "dnum_eval.h"
#include <errno.h>
#include <math.h>

/* ---- values ---- */

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
unsigned split(char *s, char sep, char **fields, unsigned max)
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
unsigned next_points(struct source *src, double *pts, unsigned cap)
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


/* The source of the points given by cf (nvars variables named vars); exits with status 2
 * on a bad value. Returns the number of points where it is needed (--shard, -f npy: those
 * of the part, SHARD_STREAM while unknown), else 0. */
unsigned long open_source(struct source *ps, const struct config *cf, char **vars, unsigned nvars)
{
    *ps = (struct source){.nvars = nvars, .m = 1, .left = (unsigned long)-1};
    if (cf->points) {
        if (cf->range || cf->at) die(2, "--points excludes --at and --range");
        ps->kind = 1;
        ps->path = strcmp(cf->points, "-") == 0 ? "<stdin>" : cf->points;
        ps->f = open_input(cf->points);
    } else if (cf->range) {
        char *rbuf = xstrdup(cf->range), *f[4];
        if (split(rbuf, ':', f, 3) != 3) die(2, "bad --range '%s' (expected A:B:M)", shown(cf->range));
        ps->a = parse_value(f[0], "--range A");
        ps->b = parse_value(f[1], "--range B");
        if (parse_count(f[2], &ps->m) || ps->m == 0)
            die(2, "bad point count '%s' in --range (an integer >= 1)", shown(f[2]));
        if (ps->m > MAX_POINTS)
            die(2, "%lu points are too many (at most %lu per run)", ps->m, MAX_POINTS);
        if (ps->m == 1 && ps->a != ps->b) die(2, "--range with M = 1 needs A = B");
        unsigned want = nvars - 1, got = 0;
        char *abuf = cf->at ? xstrdup(cf->at) : NULL, *g[MAX_VARS + 1];
        if (abuf) got = split(abuf, ',', g, MAX_VARS);
        if (got != want) {
            char names[MAX_VARS * (DN_EXPR_MAX_NAME + 4)] = "", hint[HINT_CAP];
            at_hint(hint, sizeof hint, cf, vars, nvars, got > want ? got - want : 0);
            if (!want)
                die(2, "--at and --range exclude each other for one variable (%s)%s", vars[0],
                    hint);
            for (unsigned v = 1; v < nvars; v++)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s'%s'",
                         v > 1 ? ", " : "", vars[v]);
            die(2, "--range with %u variables needs --at with %u value%s (of %s), got '%s'%s",
                nvars, want, want == 1 ? "" : "s", names, cf->at ? shown(cf->at) : "", hint);
        }
        for (unsigned v = 1; v < nvars; v++) ps->at[v] = parse_value(g[v - 1], "--at");
        free(rbuf);
        free(abuf);
    } else if (cf->at) {
        char *abuf = xstrdup(cf->at), *g[MAX_VARS + 1];
        unsigned got = split(abuf, ',', g, MAX_VARS);
        if (got != nvars) {
            char names[MAX_VARS * (DN_EXPR_MAX_NAME + 2)] = "", hint[HINT_CAP];
            for (unsigned v = 0; v < nvars; v++)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                         v ? ", " : "", vars[v]);
            at_hint(hint, sizeof hint, cf, vars, nvars, got > nvars ? got - nvars : 0);
            die(2, "--at needs %u value%s (one per variable: %s), got '%s'%s", nvars,
                nvars == 1 ? "" : "s", names, shown(cf->at), hint);
        }
        for (unsigned v = 0; v < nvars; v++) ps->at[v] = parse_value(g[v], "--at");
        ps->a = ps->b = ps->at[0];
        free(abuf);
    } else if (!cf->columns) {
        die(2, "give a point (--at), a sweep (--range) or a file of points (--points)");
    }
    ps->end = ps->m;
    /* the number of points: --shard's parts, the header of -f npy (0 while unknown) */
    unsigned long rows = cf->shard || cf->format == FMT_NPY ? count_points(ps) : 0;
    if (cf->shard) rows = apply_shard(ps, cf->shard, rows);
    return rows;
}
