/* The names a formula may use (src/expr_parse.c): the functions of the operation table
 * and the constants, looked up by name, and the function to suggest for an unknown name. */
#include <string.h>
#include "expr_impl.h"

/* The built-in names: the functions of the operation table (dnum/internal/ops.h; for
 * (integer, x) the value is the largest |integer| allowed), the constants. */
const dni_builtin dni_expr_builtins[] = {
#define ROW1(A, f, OP, ...) {#f, DN_OP_##OP, 1, 0, 0},
#define ROW2(A, f, OP, ...) {#f, DN_OP_##OP, 2, 0, 0},
#define ROWI(A, f, OP, lim, ...) {#f, DN_OP_##OP, 3, lim, 0},
    /* clang-format off */
    DNI_OPS_UNARY(ROW1, ~) DNI_OPS_BINARY(ROW2, ~) DNI_OPS_INT(ROWI, ~)
#undef ROW1
#undef ROW2
#undef ROWI
    {"pi", 0, 0, 3.141592653589793238462643383279502884, 1.2246467991473531772e-16},
    {"e", 0, 0, 2.718281828459045235360287471352662498, 1.4456468917292501366e-16},
    /* clang-format on */
};

const size_t dni_expr_nbuiltins = sizeof dni_expr_builtins / sizeof dni_expr_builtins[0];

const dni_builtin *dni_expr_builtin(const char *s, size_t len)
{
    for (size_t i = 0; i < dni_expr_nbuiltins; i++)
        if (strlen(dni_expr_builtins[i].name) == len &&
            memcmp(dni_expr_builtins[i].name, s, len) == 0)
            return &dni_expr_builtins[i];
    return NULL;
}

/* The optimal string alignment distance between a (m bytes) and b (n bytes, both at most
 * 16): insertions, deletions, substitutions and swaps of neighbouring letters. */
static unsigned edit_distance(const char *a, size_t m, const char *b, size_t n)
{
    unsigned d[17][17];
    for (size_t i = 0; i <= m; i++) d[i][0] = (unsigned)i;
    for (size_t j = 0; j <= n; j++) d[0][j] = (unsigned)j;
    for (size_t i = 1; i <= m; i++)
        for (size_t j = 1; j <= n; j++) {
            unsigned v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < v) v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[m][n];
}

/* The function to suggest for the unknown name s (len bytes): the usual names of other
 * languages (ln, gamma), else the nearest function name by edit_distance, at most 1 edit
 * away for names of up to 4 bytes, 2 up to 8, 3 beyond (the first in the table on a tie);
 * NULL if none is that near. */
const char *dni_expr_nearest(const char *s, size_t len)
{
    static const char *const alias[][2] = {{"ln", "log"}, {"gamma", "tgamma"}};
    for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++)
        if (strlen(alias[i][0]) == len && memcmp(alias[i][0], s, len) == 0)
            return alias[i][1];
    if (len > 16) return NULL;
    unsigned best = len <= 4 ? 1 : len <= 8 ? 2 : 3;
    const char *name = NULL;
    for (size_t i = 0; i < dni_expr_nbuiltins; i++) {
        const char *b = dni_expr_builtins[i].name;
        if (dni_expr_builtins[i].nargs == 0 || strlen(b) > 16) continue; /* constants */
        unsigned d = edit_distance(s, len, b, strlen(b));
        if (d <= best && (!name || d < best)) best = d, name = b;
    }
    return name;
}
