/* dnum-eval: the help texts: --help (the usage, the options table and the language, whose
 * list of functions is made from the operation table dnum/internal/ops.h) and
 * --functions (one line per function with what it computes). */
#include "dnum_eval.h"
#include <dnum/internal/ops.h>

static const char usage_head[] =
    "usage: dnum-eval [options] EXPR     (EXPR - : read it from standard input)\n"
    "       dnum-eval [options] --file F\n"
    "Value and derivatives of the formula EXPR (dual numbers: no finite differences).\n"
    "\n";
/* the paragraph on the language: its words are wrapped, the function list between them */
static const char usage_expr[] =
    "EXPR: numbers, the variables, + - * / ^ (right-associative; -x^2 = -(x^2)), "
    "parentheses, pi, e, and the functions";
static const char usage_expr_end[] =
    "(dnum-eval --functions: what each computes). Values V, W, A, B and those of a points "
    "file may be constant expressions (pi/4). Put -- before an EXPR that starts with '-' "
    "and a letter. Sweep points: x_k = A + (B - A) k/(M-1), exactly A and B at the ends, "
    "monotone.";
static const char usage_tail[] =
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

/* The functions of the expression language: the rows of the operation table, in its order
 * (one argument, two arguments, an integer first argument). */
static const struct function_row {
    const char *name, *doc;
    unsigned nargs; /* 1, 2, or 3: two, the first an integer */
} functions[] = {
#define ROW1(A, f, OP, shape, doc) {#f, doc, 1},
#define ROWE1(A, f, OP, shape, doc, ...) ROW1(A, f, OP, shape, doc) /* (ELEM1's columns) */
#define ROW2(A, f, OP, shape, doc) {#f, doc, 2},
#define ROWI(A, f, OP, lim, doc) {#f, doc, 3},
    DNI_OPS_ELEM1(ROWE1, ~) DNI_OPS_SPECIAL1(ROW1, ~) DNI_OPS_BINARY(ROW2, ~)
    DNI_OPS_INT(ROWI, ~)
#undef ROW1
#undef ROWE1
#undef ROW2
#undef ROWI
};
#define NFUNCTIONS (sizeof functions / sizeof functions[0])

#define HELP_WIDTH 87 /* the longest line of the wrapped paragraph */

/* Appends the words of s to the output, wrapped at HELP_WIDTH columns. */
static void put_words(const char *s)
{
    size_t col = 0;
    while (*s) {
        while (*s == ' ') s++;
        size_t n = strcspn(s, " ");
        if (!n) break;
        if (col && col + 1 + n > HELP_WIDTH) {
            put("\n", 1);
            col = 0;
        }
        if (col) {
            put(" ", 1);
            col++;
        }
        put(s, n);
        col += n;
        s += n;
    }
    put("\n", 1);
}

/* The paragraph on the language, with the functions of the table: those of one argument,
 * of two, and those with an integer first argument as name(m,x) (m the doc's name of it). */
static void put_language(void)
{
    char text[4096];
    size_t n = (size_t)snprintf(text, sizeof text, "%s", usage_expr);
    static const char *const lead[] = {"", " of two arguments", " and with an integer first argument"};
    for (unsigned pass = 1; pass <= 3; pass++) {
        n += (size_t)snprintf(text + n, sizeof text - n, "%s", lead[pass - 1]);
        for (size_t k = 0; k < NFUNCTIONS; k++) {
            const struct function_row *f = &functions[k];
            size_t len = strlen(f->name);
            if (f->nargs != pass) continue;
            if (pass == 3 && f->doc[len] == '(')
                n += (size_t)snprintf(text + n, sizeof text - n, " %s(%c,x)", f->name, f->doc[len + 1]);
            else
                n += (size_t)snprintf(text + n, sizeof text - n, " %s", f->name);
        }
        n += (size_t)snprintf(text + n, sizeof text - n, "%s", pass < 3 ? "," : "");
    }
    snprintf(text + n, sizeof text - n, " %s", usage_expr_end);
    put_words(text);
}

/* --help: the options table as text. */
void print_usage(void)
{
    puts_out(usage_head);
    for (size_t k = 0; k < noptions; k++) {
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
    put("\n", 1);
    put_language();
    puts_out(usage_tail);
    out_flush();
}

/* --functions: each function's name and what it computes, one a line. */
void print_functions(void)
{
    for (size_t k = 0; k < NFUNCTIONS; k++) {
        char b[256];
        snprintf(b, sizeof b, "%-11s %s\n", functions[k].name, functions[k].doc);
        puts_out(b);
    }
    out_flush();
}
