/* dnum-eval: the expression: read from the command line or a file, parsed, and its parse
 * errors reported with the line and a caret under the place. */
#include "dnum_eval.h"
#include <errno.h>

/* Opens F, or standard input for "-". Exits with status 2 if it cannot. */
FILE *open_input(const char *path)
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
    int bad = ferror(f), e = errno, nul = memchr(s, '\0', n) != NULL;
    if (f != stdin) fclose(f);
    if (bad || nul) free(s);
    if (bad) die(1, "read error on '%s': %s", shown(path), strerror(e));
    if (nul) die(2, "the expression in '%s' contains a NUL byte", shown(path));
    s[n] = '\0';
    return s;
}

/* Reports a parse error of the expression src and exits: the message and the hint (may
 * be ""), then the line of src that holds the error (cut to a window around it), escaped,
 * with a caret under it. Frees src. */
static void die_expr(char *src, const dn_expr_error *err, const char *hint)
{
    if (err->code == DN_ENOMEM) {
        free(src);
        die(1, "out of memory");
    }
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
    free(src);
    exit(2);
}

/* The length of the name (letters, digits, '_') at the start of s. */
static size_t name_len(const char *s)
{
    size_t n = 0;
    while (s[n] == '_' || (s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z') ||
           (s[n] >= '0' && s[n] <= '9'))
        n++;
    return n;
}

/* Names that a formula uses beside its declared variables. */
struct names {
    char name[MAX_VARS][DN_EXPR_MAX_NAME + 1];
    const char *p[MAX_VARS]; /* p[i] = name[i], or another name */
    unsigned k;        /* how many; MAX_VARS + 1: more than -V can declare */
};

/* The names that src uses beside vars (nvars of them), in the order found, into f: the
 * parse is repeated with each unknown variable declared, until none is left or MAX_VARS
 * are declared. */
static void undeclared(struct names *f, const char *src, char **vars, unsigned nvars)
{
    const char *all[MAX_VARS + 1];
    for (unsigned v = 0; v < nvars; v++) all[v] = vars[v];
    for (f->k = 0;; f->k++) {
        dn_expr_error err;
        dn_expr *e = dn_expr_parse(src, all, nvars + f->k, &err);
        dn_expr_free(e);
        if (e || strncmp(err.msg, "unknown variable", 16) != 0 || !err.column) return;
        size_t len = name_len(src + err.column - 1);
        if (nvars + f->k >= MAX_VARS || len > DN_EXPR_MAX_NAME) {
            f->k = MAX_VARS + 1;
            return;
        }
        memcpy(f->name[f->k], src + err.column - 1, len);
        f->name[f->k][len] = '\0';
        all[nvars + f->k] = f->p[f->k] = f->name[f->k];
    }
}

/* Appends the n names to dst (cap bytes), separated by sep. */
static void cat_names(char *dst, size_t cap, const char *sep, const char *const *names,
                      unsigned n)
{
    for (unsigned v = 0; v < n; v++) {
        size_t w = strlen(dst);
        snprintf(dst + w, cap - w, "%s%s", v ? sep : "", names[v]);
    }
}

/* Appends the option "-V a,b,..." that declares vars (nvars of them) and f's names. */
static void cat_option(char *dst, size_t cap, char **vars, unsigned nvars, const struct names *f)
{
    strncat(dst, "-V ", cap - strlen(dst) - 1);
    cat_names(dst, cap, ",", (const char *const *)vars, nvars);
    if (f->k) strncat(dst, ",", cap - strlen(dst) - 1);
    cat_names(dst, cap, ",", f->p, f->k);
}

/* The hint after "unknown variable 'name'" in msg (the parse of src): the -V option that
 * declares it and the formula's other undeclared names beside the variables vars; after
 * the parser's suggestion ("(did you mean 'pi'?)"), as the other choice. */
static void var_hint(char *dst, size_t cap, char *msg, const char *src, char **vars,
                     unsigned nvars)
{
    struct names f;
    undeclared(&f, src, vars, nvars);
    char how[HINT_CAP] = "declare it with ";
    if (f.k > MAX_VARS) {
        snprintf(how, sizeof how, "declare the variables with -V, at most %u", MAX_VARS);
    } else {
        if (f.k > 1) {
            snprintf(how, sizeof how, "declare it and ");
            cat_names(how, sizeof how, ", ", f.p + 1, f.k - 1);
            strncat(how, " with ", sizeof how - strlen(how) - 1);
        }
        cat_option(how, sizeof how, vars, nvars, &f);
    }
    size_t n = strlen(msg);
    if (n >= 2 && strcmp(msg + n - 2, "?)") == 0) { /* "(did you mean 'pi'? or declare ...)" */
        msg[n - 1] = '\0';
        snprintf(dst, cap, " or %s)", how);
    } else {
        snprintf(dst, cap, " (%s)", how);
    }
}

/* The hint after an --at with the wrong number of values (extra: how many too many) for
 * the variables vars: the names that the formula uses beside them and the -V option that
 * declares them; else, for extra values, how -V declares more. */
void at_hint(char *dst, size_t cap, const struct config *cf, char **vars, unsigned nvars,
             unsigned extra)
{
    const char *path = cf->file ? cf->file : cf->src;
    char *src = strcmp(path, "-") == 0 ? xstrdup("") /* standard input: read once, later */
                : cf->file             ? read_expr(cf->file)
                                       : xstrdup(cf->src);
    struct names f;
    undeclared(&f, src, vars, nvars);
    free(src);
    dst[0] = '\0';
    if (f.k > MAX_VARS) {
        snprintf(dst, cap, "; the formula uses more variables than -V declares (at most %u)",
                 MAX_VARS);
    } else if (f.k) {
        snprintf(dst, cap, "; the formula also uses ");
        cat_names(dst, cap, ", ", f.p, f.k);
        strncat(dst, f.k == 1 ? ": declare it with " : ": declare them with ",
                cap - strlen(dst) - 1);
        cat_option(dst, cap, vars, nvars, &f);
    } else if (extra) { /* names for an example, not declared yet */
        static const char spare[][2] = {"y", "z", "u", "v", "w", "s", "t", "r", "q"};
        for (unsigned i = 0; i < sizeof spare / sizeof spare[0]; i++) {
            if (f.k == extra || nvars + f.k == MAX_VARS) break;
            unsigned v = 0;
            while (v < nvars && strcmp(vars[v], spare[i]) != 0) v++;
            if (v == nvars) f.p[f.k++] = spare[i];
        }
        snprintf(dst, cap, " (declare more variables with ");
        cat_option(dst, cap, vars, nvars, &f);
        strncat(dst, ")", cap - strlen(dst) - 1);
    }
}

/* The source of the expression (cf's EXPR, or the file of --file or "-") into *src, and
 * its program for the variables vars; exits with status 2 on a parse error. */
dn_expr *parse_expr(const struct config *cf, char **vars, unsigned nvars, char **src_out)
{
    const char *expr_path = cf->file ? cf->file : strcmp(cf->src, "-") == 0 ? "-" : NULL;
    char *src = expr_path ? read_expr(expr_path) : xstrdup(cf->src);
    dn_expr_error err;
    dn_expr *e = dn_expr_parse(src, (const char *const *)vars, nvars, &err);
    if (!e) {
        if (err.code == DN_EINVAL) {
            free(src);
            die(2, "bad variable list '%s': %s", shown(cf->vars), shown(err.msg));
        }
        char hint[HINT_CAP] = "";
        if (strncmp(err.msg, "unknown variable", 16) == 0 && err.column)
            var_hint(hint, sizeof hint, err.msg, src, vars, nvars);
        else if (strncmp(err.msg, "unknown function", 16) == 0 && !strstr(err.msg, "?)"))
            snprintf(hint, sizeof hint, " (dnum-eval --functions lists the functions)");
        die_expr(src, &err, hint);
    }
    *src_out = src;
    return e;
}
