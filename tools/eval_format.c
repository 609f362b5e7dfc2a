/* dnum-eval: the output formats: one row of numbers as CSV, JSON, a table or .npy
 * (format_row), the header of each (put_header), and the column names and scales of the
 * derivatives or coefficients (make_columns). */
#include "dnum_eval.h"
#include <math.h>

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
size_t format_row(char *dst, const struct job *j, const double *vals, int first)
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
void put_header(const struct job *j, const char *src, char **vars)
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
void make_columns(struct job *j, char **vars)
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
