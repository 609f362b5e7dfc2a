/* The expression parser: recursive descent straight to a register program (no syntax
 * tree). Each parse function returns an operand, either a constant (folded on the spot)
 * or a register; temporaries are allocated as a stack, so `a op b` frees b's and a's
 * registers and writes into the lowest of them (the kernels allow any aliasing).
 * Robustness: the source length is checked before anything else and every recursion
 * passes through parse_unary, which bounds the depth; the first error stops the parse. */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "err_impl.h" /* (DNI_PRINTF) */
#include "expr_impl.h"

enum { T_END, T_NUM, T_NAME, T_CHAR };

typedef struct operand {
    int is_const;
    double c;     /* the value, if is_const */
    double lo;    /* and its low part: c + lo is the constant to about 106 bits (for
                   * dn_expr_eval_ext; the double evaluators use c) */
    unsigned reg; /* the register, if not */
} operand;

typedef struct parser {
    const char *src;
    const char *const *vars;
    unsigned nvars;
    /* current token */
    int tok;
    size_t start, len; /* byte offset and length in src */
    double num;        /* value of a T_NUM */
    double num_lo;     /* its low part (see operand) */
    size_t pos;        /* where the next token starts looking */
    /* output */
    dn_expr_ins *ins;
    unsigned nins, cap;
    unsigned top, high; /* next free register; registers used so far */
    unsigned depth;
    dn_expr_error *err;
    int failed;
} parser;

static int is_alpha(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static int is_digit(int c)
{
    return c >= '0' && c <= '9';
}
static int is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Records the first error: code, 1-based column (0: none) and the formatted message,
 * to which " at column N" is appended. Returns -1 for `return fail(...)`. */
static DNI_PRINTF(4, 5) int fail(parser *p, int code, size_t column, const char *fmt, ...)
{
    if (p->failed) return -1;
    p->failed = 1;
    if (p->err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
        va_end(ap);
        p->err->code = code;
        p->err->column = column > 4294967295u ? 0u : (unsigned)column;
        if (column) {
            size_t used = strlen(p->err->msg);
            snprintf(p->err->msg + used, sizeof p->err->msg - used, " at column %u",
                     p->err->column);
        }
    }
    return -1;
}

/* Appends " (hint)" to the recorded error message (after " at column N"). */
static DNI_PRINTF(2, 3) void add_hint(parser *p, const char *fmt, ...)
{
    if (!p->err) return;
    char h[sizeof p->err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(h, sizeof h, fmt, ap);
    va_end(ap);
    size_t used = strlen(p->err->msg);
    snprintf(p->err->msg + used, sizeof p->err->msg - used, " (%s)", h);
}

/* Column of the current token. */
static size_t col(const parser *p)
{
    return p->start + 1;
}

/* A short printable form of the current token for messages (names cut at 32 bytes). */
#define TOKFMT "'%.*s%s'"
#define TOKARG(p)                                                                          \
    (int)((p)->len > 32 ? 32 : (p)->len), (p)->src + (p)->start,                           \
        ((p)->len > 32 ? "..." : "")

/* Reads the number at p->pos (the lexer saw a digit, or '.' and a digit). */
static int lex_number(parser *p)
{
    const char *s = p->src;
    size_t i = p->pos;
    while (is_digit(s[i])) i++;
    if (s[i] == '.') {
        i++;
        while (is_digit(s[i])) i++;
    }
    if ((s[i] == 'e' || s[i] == 'E') &&
        (is_digit(s[i + 1]) ||
         ((s[i + 1] == '+' || s[i + 1] == '-') && is_digit(s[i + 2])))) {
        i += 2;
        while (is_digit(s[i])) i++;
    }
    p->tok = T_NUM;
    p->len = i - p->pos;
    p->pos = i;
    /* strtod on a copy of exactly this span (it would also accept hex, inf, nan, ...) */
    char small[64], *buf = p->len < sizeof small ? small : malloc(p->len + 1);
    if (!buf) return fail(p, DN_ENOMEM, 0, "out of memory");
    memcpy(buf, s + p->start, p->len);
    buf[p->len] = '\0';
    p->num = strtod(buf, NULL);
    p->num_lo = dnie_expr_decimal_lo(buf, p->num);
    if (buf != small) free(buf);
    if (isinf(p->num))
        return fail(p, DN_ERANGE, col(p), "number " TOKFMT " too large for a double",
                    TOKARG(p));
    return 0;
}

/* Advances to the next token. */
static int next(parser *p)
{
    const char *s = p->src;
    while (is_space(s[p->pos])) p->pos++;
    p->start = p->pos;
    int c = (unsigned char)s[p->pos];
    if (c == '\0') {
        p->tok = T_END;
        p->len = 0;
        return 0;
    }
    if (is_digit(c) || (c == '.' && is_digit(s[p->pos + 1]))) return lex_number(p);
    if (is_alpha(c)) {
        size_t i = p->pos + 1;
        while (is_alpha(s[i]) || is_digit(s[i])) i++;
        p->tok = T_NAME;
        p->len = i - p->pos;
        p->pos = i;
        return 0;
    }
    p->tok = T_CHAR;
    p->len = 1;
    p->pos++;
    if (strchr("+-*/^(),", c)) return 0;
    if (c > 32 && c < 127) {
        /* the spellings of other languages that have one here */
        static const char *const spelled[][2] = {
            {"|", "the absolute value is written abs(x)"},
            {"[]{}", "group with '(' and ')'"},
            {"%", "the remainder is written fmod(x, y)"},
            {"!", "the factorial of n is written tgamma(n + 1)"},
        };
        fail(p, DN_EPARSE, col(p), "unexpected character '%c'", c);
        for (size_t i = 0; i < sizeof spelled / sizeof spelled[0]; i++)
            if (strchr(spelled[i][0], c)) add_hint(p, "%s", spelled[i][1]);
        return -1;
    }
    return fail(p, DN_EPARSE, col(p), "unexpected byte 0x%02x", (unsigned)c);
}

static int is_char(const parser *p, char c)
{
    return p->tok == T_CHAR && p->src[p->start] == c;
}

/* ---- code generation ------------------------------------------------------------- */

static int emit(parser *p, unsigned op, unsigned dst, unsigned a, unsigned b, double c,
                double clo)
{
    if (p->nins == p->cap) {
        unsigned cap = p->cap ? 2 * p->cap : 16;
        dn_expr_ins *ins = realloc(p->ins, (size_t)cap * sizeof *ins);
        if (!ins) return fail(p, DN_ENOMEM, 0, "out of memory");
        p->ins = ins;
        p->cap = cap;
    }
    p->ins[p->nins++] = (dn_expr_ins){op, dst, a, b, c, clo};
    return 0;
}

static unsigned alloc_reg(parser *p)
{
    unsigned r = p->top++;
    if (p->top > p->high) p->high = p->top;
    return r;
}

/* Frees x's register if it is a temporary (the highest one in use). */
static void release(parser *p, const operand *x)
{
    if (!x->is_const && x->reg >= p->nvars) p->top = x->reg;
}

/* Frees the temporaries of two operands, the higher register first. */
static void release2(parser *p, const operand *x, const operand *y)
{
    if (!x->is_const && !y->is_const && x->reg > y->reg) {
        release(p, x);
        release(p, y);
    } else {
        release(p, y);
        release(p, x);
    }
}

/* Puts a constant operand into a fresh register. */
static int materialise(parser *p, operand *x)
{
    if (!x->is_const) return 0;
    unsigned r = alloc_reg(p);
    if (emit(p, DN_OP_CONST, r, 0, 0, x->c, x->lo)) return -1;
    x->is_const = 0;
    x->reg = r;
    return 0;
}

/* x = op(x) for a one-argument operation with the constant operand c. */
static int gen_unary_c(parser *p, unsigned op, operand *x, double c)
{
    if (x->is_const) {
        double v = dni_expr_fold(op, x->c, 0.0, c);
        x->lo = dnie_expr_fold_lo(op, x->c, x->lo, 0.0, 0.0, c, 0.0, v);
        x->c = v;
        return 0;
    }
    release(p, x);
    unsigned d = alloc_reg(p);
    if (emit(p, op, d, x->reg, 0, c, 0.0)) return -1;
    x->reg = d;
    return 0;
}

/* x = op(x) for a one-argument operation (a function, or DN_OP_NEG). */
static int gen_unary(parser *p, unsigned op, operand *x)
{
    return gen_unary_c(p, op, x, 0.0);
}

/* x = x op y with register operands a, b (in that order) or one register and c + clo. */
static int gen(parser *p, unsigned op, operand *x, operand *y, unsigned a, unsigned b,
               double c, double clo)
{
    release2(p, x, y);
    unsigned d = alloc_reg(p);
    if (emit(p, op, d, a, b, c, clo)) return -1;
    x->is_const = 0;
    x->reg = d;
    return 0;
}

/* x = x op y for the binary operators (op is DN_OP_ADD .. DN_OP_DIV, DN_OP_POW, ATAN2,
 * HYPOT), choosing the constant-operand forms where one side is a constant. */
static int gen_binary(parser *p, unsigned op, operand *x, operand *y)
{
    if (x->is_const && y->is_const) {
        double v = dni_expr_fold(op, x->c, y->c, 0.0);
        x->lo = dnie_expr_fold_lo(op, x->c, x->lo, y->c, y->lo, 0.0, 0.0, v);
        x->c = v;
        return 0;
    }
    switch (op) {
    case DN_OP_ADD:
        if (y->is_const) return gen(p, DN_OP_ADD_D, x, y, x->reg, 0, y->c, y->lo);
        if (x->is_const) return gen(p, DN_OP_ADD_D, x, y, y->reg, 0, x->c, x->lo);
        break;
    case DN_OP_SUB:
        if (y->is_const) return gen(p, DN_OP_ADD_D, x, y, x->reg, 0, -y->c, -y->lo);
        if (x->is_const) return gen(p, DN_OP_D_SUB, x, y, y->reg, 0, x->c, x->lo);
        break;
    case DN_OP_MUL:
        if (y->is_const) return gen(p, DN_OP_MUL_D, x, y, x->reg, 0, y->c, y->lo);
        if (x->is_const) return gen(p, DN_OP_MUL_D, x, y, y->reg, 0, x->c, x->lo);
        break;
    case DN_OP_DIV:
        if (y->is_const) return gen(p, DN_OP_DIV_D, x, y, x->reg, 0, y->c, y->lo);
        if (x->is_const) return gen(p, DN_OP_D_DIV, x, y, y->reg, 0, x->c, x->lo);
        break;
    case DN_OP_POW:
        if (y->is_const) {
            double k = y->c;
            if (k == 2.0)
                return gen(p, DN_OP_MUL, x, y, x->reg, x->reg, 0.0, 0.0); /* exact */
            if (k == floor(k) && fabs(k) < 2147483648.0)
                return gen(p, DN_OP_POWN, x, y, x->reg, 0, k, 0.0);
            return gen(p, DN_OP_POW_D, x, y, x->reg, 0, k, y->lo);
        }
        break;
    default: break;
    }
    /* both operands in registers (constants of pow's base, atan2 and hypot put there) */
    if (materialise(p, x) || materialise(p, y)) return -1;
    return gen(p, op, x, y, x->reg, y->reg, 0.0, 0.0);
}

/* ---- common subexpressions ---------------------------------------------------------- */

/* The value an instruction computes: its operation, its operands' values, its constant
 * (bit for bit: -0 and each NaN apart) */
typedef struct vkey {
    unsigned op, a, b;
    uint64_t c, clo;
} vkey;

static uint64_t vkey_hash(const vkey *k)
{
    uint64_t h = (uint64_t)k->op * 0x9e3779b97f4a7c15u ^ k->a;
    h = (h ^ (h >> 29)) * 0xbf58476d1ce4e5b9u ^ k->b;
    h = (h ^ (h >> 31)) * 0x94d049bb133111ebu ^ k->c;
    h = (h ^ (h >> 29)) * 0xbf58476d1ce4e5b9u ^ k->clo;
    return h ^ (h >> 32);
}

/* Computes each repeated value once: an instruction whose operation, operand values and
 * constant match an earlier one's is dropped, and its readers read the earlier result
 * (in sin(x) exp(x) / (1 + x^2) + sqrt(1 + x^2) ... the square and the sum once, as a
 * hand-written program would). The same operations on the same numbers: every engine's
 * results stay bit for bit. The registers are then allocated again, each freed at its
 * value's last reader (so an operand is not overwritten before its last reader, as the
 * engines' pairs of sin and cos need). A shared value lives until its last reader, which
 * may need more registers than the parsed program: then, and where no value repeats,
 * the program stays as parsed (the workspace stays O(nesting depth)). */
static int share_values(parser *p, unsigned *result)
{
    unsigned n = p->nins, nv = p->nvars, nval = nv + n;
    if (n < 2 || nv == 0) return 0; /* (without variables every value is folded) */
    size_t hs = 4;
    while (hs < 2 * (size_t)n) hs *= 2;
    unsigned *val = malloc(p->high * sizeof *val); /* register -> value */
    unsigned *va = malloc(2 * (size_t)n * sizeof *va), *vb = va ? va + n : NULL;
    unsigned *last = malloc((size_t)nval * sizeof *last); /* value -> last reader */
    unsigned *reg = malloc((size_t)nval * sizeof *reg);   /* value -> new register */
    unsigned *freeregs = malloc(((size_t)nval + 1) * sizeof *freeregs);
    unsigned *tab = calloc(hs, sizeof *tab); /* instruction + 1 */
    unsigned char *keep = malloc(n);
    int rc = -1, dup = 0;
    if (!val || !va || !last || !reg || !freeregs || !tab || !keep) {
        fail(p, DN_ENOMEM, 0, "out of memory");
        goto done;
    }
    for (unsigned r = 0; r < nv; r++) val[r] = r;
    for (unsigned i = 0; i < n; i++) {
        const dn_expr_ins *I = &p->ins[i];
        vkey k = {I->op, val[I->a], val[I->b], 0, 0};
        memcpy(&k.c, &I->c, sizeof k.c);
        memcpy(&k.clo, &I->clo, sizeof k.clo);
        size_t h = (size_t)vkey_hash(&k) & (hs - 1);
        unsigned same = 0;
        for (; tab[h]; h = (h + 1) & (hs - 1)) {
            unsigned j = tab[h] - 1;
            const dn_expr_ins *J = &p->ins[j];
            if (J->op == k.op && va[j] == k.a && vb[j] == k.b &&
                !memcmp(&J->c, &I->c, sizeof I->c) &&
                !memcmp(&J->clo, &I->clo, sizeof I->clo)) {
                same = tab[h];
                break;
            }
        }
        va[i] = k.a;
        vb[i] = k.b;
        keep[i] = !same;
        if (same) {
            val[I->dst] = nv + same - 1;
            dup = 1;
        } else {
            tab[h] = i + 1;
            val[I->dst] = nv + i;
        }
    }
    rc = 0;
    if (!dup) goto done;
    unsigned res = val[*result];
    for (unsigned v = 0; v < nval; v++) last[v] = 0;
    for (unsigned i = 0; i < n; i++)
        if (keep[i]) last[va[i]] = last[vb[i]] = i;
    last[res] = n; /* the result lives to the end */
    /* the new registers first (the program is rewritten only if they are no more) */
    for (unsigned v = 0; v < nv; v++) reg[v] = v;
    unsigned nfree = 0, high = nv;
    for (unsigned i = 0; i < n; i++) {
        if (!keep[i]) continue;
        /* the operands read for the last time here free their registers (the result
         * may take one of them, as the parser's own allocation does) */
        if (va[i] >= nv && last[va[i]] == i) freeregs[nfree++] = reg[va[i]];
        if (vb[i] >= nv && vb[i] != va[i] && last[vb[i]] == i)
            freeregs[nfree++] = reg[vb[i]];
        reg[nv + i] = nfree ? freeregs[--nfree] : high++;
    }
    if (high > p->high) goto done;
    unsigned m = 0;
    for (unsigned i = 0; i < n; i++) {
        if (!keep[i]) continue;
        dn_expr_ins I = p->ins[i];
        I.a = reg[va[i]];
        I.b = reg[vb[i]];
        I.dst = reg[nv + i];
        p->ins[m++] = I;
    }
    p->nins = m;
    p->high = high;
    *result = reg[res];
done:
    free(val);
    free(va);
    free(last);
    free(reg);
    free(freeregs);
    free(tab);
    free(keep);
    return rc;
}

/* ---- grammar ----------------------------------------------------------------------- */

static int parse_expr(parser *p, operand *x);
static int parse_unary(parser *p, operand *x);

/* Describes the current token in an "unexpected ..." error; an operator doubled as other
 * languages write it ("**", "//", "^^") gets the spelling of this one. */
static int unexpected(parser *p)
{
    size_t i = p->start; /* (the previous character that is not a space: src[i - 1]) */
    while (i > 0 && is_space(p->src[i - 1])) i--;
    if (p->tok == T_END) { /* (after an operator, a comma or '(': the operand it lacks) */
        fail(p, DN_EPARSE, col(p), "unexpected end of expression");
        if (i > 0 && strchr("+-*/^,(", p->src[i - 1]))
            add_hint(p, "an operand is missing after the '%c' at column %zu", p->src[i - 1],
                     i);
        return -1;
    }
    fail(p, DN_EPARSE, col(p), "unexpected " TOKFMT, TOKARG(p));
    char c = p->src[p->start];
    if (p->tok != T_CHAR || i == 0 || p->src[i - 1] != c) return -1;
    if (c == '*') add_hint(p, "powers are written with '^', as in x^2");
    if (c == '^') add_hint(p, "a power has one '^', as in x^2");
    if (c == '/') add_hint(p, "division is one '/', as in x/2");
    return -1;
}

/* The error "expected WHAT, found <token>": where a name, '(' or a number (not ".5" of
 * "1.2.5") follows an operand, the '*' of a product was left out. */
static int expected(parser *p, const char *what)
{
    fail(p, DN_EPARSE, col(p), "expected %s, found " TOKFMT, what, TOKARG(p));
    if (p->tok == T_NAME || is_char(p, '(') ||
        (p->tok == T_NUM && is_digit(p->src[p->start])))
        add_hint(p, "a product is written with '*', as in 2*x");
    else if (p->tok == T_NUM && p->start > 0 && is_digit(p->src[p->start - 1]))
        add_hint(p, "a number has one decimal point, as in 1.25");
    return -1;
}

/* Expects ')' closing the '(' at column open. */
static int close_paren(parser *p, size_t open)
{
    if (is_char(p, ')')) return next(p);
    if (p->tok == T_END)
        return fail(p, DN_EPARSE, open, "'(' never closed: missing ')' for the '('");
    return expected(p, "')' or an operator");
}

/* The error for a name with a module prefix, as in math.sin(x) or np.pi: the current
 * token is the prefix, followed by '.' and a name. */
static int module_prefix(parser *p)
{
    size_t n = p->pos + 1, len = 1;
    while (is_alpha(p->src[n + len]) || is_digit(p->src[n + len])) len++;
    int lp = (int)(p->len > 16 ? 16 : p->len), ln = (int)(len > 16 ? 16 : len);
    fail(p, DN_EPARSE, col(p), "unknown name '%.*s.%.*s'", lp, p->src + p->start, ln,
         p->src + n);
    if (dni_expr_builtin(p->src + n, len))
        add_hint(p, "write %.*s without '%.*s.'", ln, p->src + n, lp, p->src + p->start);
    else add_hint(p, "names take no prefix such as '%.*s.'", lp, p->src + p->start);
    return -1;
}

/* The variable or constant whose name differs from the current token's only in case
 * (PI for pi), or NULL. */
static const char *same_but_case(const parser *p)
{
    const char *s = p->src + p->start;
    for (size_t i = 0; i < p->nvars + dni_expr_nbuiltins; i++) {
        const char *name = i < p->nvars ? p->vars[i] : dni_expr_builtins[i - p->nvars].name;
        if (i >= p->nvars && dni_expr_builtins[i - p->nvars].nargs)
            continue; /* functions */
        size_t k = 0;
        while (k < p->len && name[k] && (s[k] | 0x20) == (name[k] | 0x20)) k++;
        if (k == p->len && !name[k]) return name;
    }
    return NULL;
}

/* name '(' args ')': the current token is the name, followed by '('. */
static int parse_call(parser *p, operand *x)
{
    size_t ncol = col(p), nlen = p->len, nstart = p->start;
    const dni_builtin *b = dni_expr_builtin(p->src + nstart, nlen);
    int shown = (int)(nlen > 32 ? 32 : nlen);
    const char *more = nlen > 32 ? "..." : "";
    if (!b) {
        for (unsigned i = 0; i < p->nvars; i++)
            if (strlen(p->vars[i]) == nlen &&
                memcmp(p->vars[i], p->src + nstart, nlen) == 0)
                return fail(p, DN_EPARSE, ncol, "variable '%.*s' is not a function", shown,
                            p->src + nstart);
        fail(p, DN_EPARSE, ncol, "unknown function '%.*s%s'", shown, p->src + nstart, more);
        const char *near = dni_expr_nearest(p->src + nstart, nlen);
        if (near) add_hint(p, "did you mean '%s'?", near);
        return -1;
    }
    if (b->nargs == 0)
        return fail(p, DN_EPARSE, ncol, "constant '%s' is not a function", b->name);
    if (next(p)) return -1; /* the name */
    size_t open = col(p);
    if (next(p)) return -1; /* '(' */
    unsigned want = b->nargs == 3 ? 2 : b->nargs;
    if (is_char(p, ')'))
        return fail(p, DN_EPARSE, ncol, "'%s' takes %u argument%s, given none", b->name,
                    want, want == 1 ? "" : "s");
    operand y;
    size_t acol = col(p); /* the first argument */
    if (parse_expr(p, x)) return -1;
    unsigned given = 1;
    if (is_char(p, ',')) {
        if (next(p) || parse_expr(p, &y)) return -1;
        given = 2;
        if (is_char(p, ','))
            return fail(p, DN_EPARSE, ncol, "'%s' takes %u argument%s, given more than 2",
                        b->name, want, want == 1 ? "" : "s");
    }
    if (given != want)
        return fail(p, DN_EPARSE, ncol, "'%s' takes %u argument%s, given %u", b->name, want,
                    want == 1 ? "" : "s", given);
    if (close_paren(p, open)) return -1;
    if (b->nargs == 3) { /* f(k, y): k an integer constant, |k| <= b->value */
        if (!x->is_const || x->c != floor(x->c) || fabs(x->c) > b->value ||
            (b->op == DN_OP_POLYGAMMA && x->c < 0.0))
            return fail(p, DN_EPARSE, acol,
                        "the first argument of '%s' must be a constant integer in %g..%g",
                        b->name, b->op == DN_OP_POLYGAMMA ? 0.0 : -b->value, b->value);
        double k = x->c;
        *x = y;
        return gen_unary_c(p, b->op, x, k);
    }
    return b->nargs == 1 ? gen_unary(p, b->op, x) : gen_binary(p, b->op, x, &y);
}

static int parse_primary(parser *p, operand *x)
{
    if (p->tok == T_NUM) {
        x->is_const = 1;
        x->c = p->num;
        x->lo = p->num_lo;
        return next(p);
    }
    if (is_char(p, '(')) {
        size_t open = col(p);
        if (next(p) || parse_expr(p, x)) return -1;
        return close_paren(p, open);
    }
    if (p->tok != T_NAME) return unexpected(p);
    if (p->src[p->pos] == '.' && is_alpha(p->src[p->pos + 1])) return module_prefix(p);
    /* a call? look at the next non-space character */
    size_t i = p->pos;
    while (is_space(p->src[i])) i++;
    if (p->src[i] == '(') return parse_call(p, x);
    for (unsigned v = 0; v < p->nvars; v++)
        if (strlen(p->vars[v]) == p->len &&
            memcmp(p->vars[v], p->src + p->start, p->len) == 0) {
            x->is_const = 0;
            x->reg = v;
            return next(p);
        }
    const dni_builtin *b = dni_expr_builtin(p->src + p->start, p->len);
    if (b && b->nargs == 0) {
        x->is_const = 1;
        x->c = b->value;
        x->lo = b->lo;
        return next(p);
    }
    if (b)
        return fail(p, DN_EPARSE, col(p), "function '%s' needs '(' and arguments", b->name);
    fail(p, DN_EPARSE, col(p), "unknown variable " TOKFMT, TOKARG(p));
    const char *near = same_but_case(p);
    if (near) add_hint(p, "did you mean '%s'?", near);
    return -1;
}

/* power := primary ['^' unary] */
static int parse_power(parser *p, operand *x)
{
    if (parse_primary(p, x)) return -1;
    if (!is_char(p, '^')) return 0;
    operand y;
    if (next(p) || parse_unary(p, &y)) return -1;
    return gen_binary(p, DN_OP_POW, x, &y);
}

/* unary := ('-' | '+') unary | power; every recursion of the grammar passes here */
static int parse_unary(parser *p, operand *x)
{
    if (++p->depth > DN_EXPR_MAX_DEPTH)
        return fail(p, DN_ERANGE, col(p), "expression nested more than %u levels deep",
                    DN_EXPR_MAX_DEPTH);
    int rc;
    if (is_char(p, '-') || is_char(p, '+')) {
        int neg = is_char(p, '-');
        rc = next(p) || parse_unary(p, x) ? -1 : neg ? gen_unary(p, DN_OP_NEG, x) : 0;
    } else {
        rc = parse_power(p, x);
    }
    p->depth--;
    return rc;
}

static int parse_term(parser *p, operand *x)
{
    if (parse_unary(p, x)) return -1;
    while (is_char(p, '*') || is_char(p, '/')) {
        unsigned op = is_char(p, '*') ? DN_OP_MUL : DN_OP_DIV;
        operand y;
        if (next(p) || parse_unary(p, &y) || gen_binary(p, op, x, &y)) return -1;
    }
    return 0;
}

static int parse_expr(parser *p, operand *x)
{
    if (parse_term(p, x)) return -1;
    while (is_char(p, '+') || is_char(p, '-')) {
        unsigned op = is_char(p, '+') ? DN_OP_ADD : DN_OP_SUB;
        operand y;
        if (next(p) || parse_term(p, &y) || gen_binary(p, op, x, &y)) return -1;
    }
    return 0;
}

/* ---- entry points ------------------------------------------------------------------ */

static int valid_name(const char *s)
{
    if (!s || !is_alpha((unsigned char)s[0])) return 0;
    size_t n = 1;
    while (is_alpha((unsigned char)s[n]) || is_digit((unsigned char)s[n]))
        if (++n > DN_EXPR_MAX_NAME) return 0;
    return s[n] == '\0';
}

dn_expr *dn_expr_parse(const char *src, const char *const *vars, unsigned nvars,
                       dn_expr_error *err)
{
    parser p = {0};
    p.src = src;
    p.vars = vars;
    p.nvars = nvars;
    p.err = err;
    p.top = p.high = nvars;
    if (err) *err = (dn_expr_error){0, 0, ""};
    if (!src) {
        fail(&p, DN_EINVAL, 0, "no expression (NULL)");
        return NULL;
    }
    if (nvars > DN_EXPR_MAX_VARS || (nvars && !vars)) {
        fail(&p, DN_EINVAL, 0, "bad variable list (at most %u variables)",
             DN_EXPR_MAX_VARS);
        return NULL;
    }
    for (unsigned i = 0; i < nvars; i++) {
        if (!valid_name(vars[i])) {
            fail(&p, DN_EINVAL, 0, "invalid variable name '%.32s'",
                 vars[i] ? vars[i] : "(null)");
            return NULL;
        }
        if (dni_expr_builtin(vars[i], strlen(vars[i]))) {
            fail(&p, DN_EINVAL, 0, "variable name '%s' is a built-in name", vars[i]);
            return NULL;
        }
        for (unsigned j = 0; j < i; j++)
            if (strcmp(vars[i], vars[j]) == 0) {
                fail(&p, DN_EINVAL, 0, "variable '%.32s' named twice", vars[i]);
                return NULL;
            }
    }
    size_t len = 0;
    while (len <= DN_EXPR_MAX_LEN && src[len]) len++;
    if (len > DN_EXPR_MAX_LEN) {
        fail(&p, DN_ERANGE, 0, "expression longer than %u bytes", DN_EXPR_MAX_LEN);
        return NULL;
    }

    operand x;
    dn_expr *e = NULL;
    if (next(&p)) goto out;
    if (p.tok == T_END) {
        fail(&p, DN_EPARSE, 1, "empty expression");
        goto out;
    }
    if (parse_expr(&p, &x)) goto out;
    if (p.tok != T_END) {
        if (is_char(&p, ')')) fail(&p, DN_EPARSE, col(&p), "unmatched ')'");
        else expected(&p, "an operator");
        goto out;
    }
    if (materialise(&p, &x) || share_values(&p, &x.reg)) goto out;
    if (!p.ins)
        p.ins = malloc(sizeof *p.ins); /* "x" alone: no instruction, valid pointer */
    e = malloc(sizeof *e);
    if (!e || !p.ins) {
        free(e);
        e = NULL;
        fail(&p, DN_ENOMEM, 0, "out of memory");
        goto out;
    }
    e->nvars = nvars;
    e->nregs = p.high;
    e->nins = p.nins;
    e->result = x.reg;
    e->ins = p.ins;
    return e;
out:
    free(p.ins);
    return NULL;
}

void dn_expr_free(dn_expr *e)
{
    if (!e) return;
    free(e->ins);
    free(e);
}

unsigned dn_expr_nvars(const dn_expr *e)
{
    return e ? e->nvars : 0;
}
