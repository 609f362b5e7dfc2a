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
        char hint[MAX_VARS * (DN_EXPR_MAX_NAME + 1) + 64] = "";
        if (strncmp(err.msg, "unknown variable", 16) == 0 && err.column)
            var_hint(hint, sizeof hint, src + err.column - 1, vars, nvars);
        die_expr(src, &err, hint);
    }
    *src_out = src;
    return e;
}
