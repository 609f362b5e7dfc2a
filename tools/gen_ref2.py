#!/usr/bin/env python3
"""Generate tests/ref2_data.h: reference mixed partials of bivariate functions (Dnum2).

Each row is (function, parameter, point (x, y)) and every mixed partial
d^(i+j) F / dx^i dy^j, i + j <= 8, of the whole expression F at the double point, in the
Dnum2 layout (by total order s = i + j, then decreasing i: index s(s+1)/2 + j).
  unary functions:  F = f(u),  u(x, y) = x y + x/2 - y^2/4   (both inner partials != 1)
  "powd" u^p, "pown" u^m, "recip" 1/u
  two-argument functions (pow, atan2, hypot): F = f(u, v),  v(x, y) = x - x y / 2 + 1
  whole functions: "gp" Goldstein-Price, "expsin" exp(x) sin(y),
                   "rat" sin(x y) / (1 + x^2 + y^2), "x2y" x^2 y
Partials come from mpmath.diff (numerical differentiation at raised precision) run at
40 and at 60 digits; a row is emitted only if both agree to 1e-30 (scaled by
max(|d|, i! j! 1e-3)) in every entry. The C tests compare them with the library's
block recurrences, an independent method.

Run: python3 tools/gen_ref2.py > tests/ref2_data.h   (needs python3-mpmath; ~10 s)
"""
import sys
import mpmath as m
from mpmath import mp, mpf, factorial, nstr

K = 8


def cbrt(u):
    return m.sign(u) * m.cbrt(abs(u))


UNARY = {
    "exp": m.exp, "expm1": m.expm1, "log": m.log, "log1p": m.log1p, "sqrt": m.sqrt,
    "cbrt": cbrt, "sin": m.sin, "cos": m.cos, "tan": m.tan, "asin": m.asin, "acos": m.acos,
    "atan": m.atan, "sinh": m.sinh, "cosh": m.cosh, "tanh": m.tanh, "asinh": m.asinh,
    "acosh": m.acosh, "atanh": m.atanh, "erf": m.erf, "erfc": m.erfc, "abs": abs,
    "recip": lambda u: 1 / u,
}


def u(x, y):
    return x * y + x / 2 - y * y / 4


def v(x, y):
    return x - x * y / 2 + 1


# points (x, y); u(0.3, -0.7) = -0.4825, u(0.6, 0.5) = 0.5375, u(1.5, 0.8) = 1.79,
# u(-0.4, 0.3) = -0.3425, u(2.0, 1.5) = 3.4375, u(0.2, 0.1) = 0.1175
PTS = {
    "exp": [(0.3, -0.7), (1.5, 0.8)], "expm1": [(0.2, 0.1), (0.3, -0.7)],
    "log": [(0.6, 0.5), (2.0, 1.5)], "log1p": [(0.3, -0.7), (0.6, 0.5)],
    "sqrt": [(0.6, 0.5), (2.0, 1.5)], "cbrt": [(0.6, 0.5), (0.3, -0.7)],
    "sin": [(0.3, -0.7), (2.0, 1.5)], "cos": [(0.3, -0.7), (2.0, 1.5)],
    "tan": [(0.3, -0.7), (0.6, 0.5)], "asin": [(0.3, -0.7), (0.6, 0.5)],
    "acos": [(0.3, -0.7), (0.6, 0.5)], "atan": [(0.3, -0.7), (2.0, 1.5)],
    "sinh": [(0.3, -0.7), (1.5, 0.8)], "cosh": [(0.3, -0.7), (1.5, 0.8)],
    "tanh": [(0.3, -0.7), (1.5, 0.8)], "asinh": [(0.3, -0.7), (2.0, 1.5)],
    "acosh": [(1.5, 0.8), (2.0, 1.5)], "atanh": [(0.3, -0.7), (0.6, 0.5)],
    "erf": [(0.3, -0.7), (1.5, 0.8)], "erfc": [(0.3, -0.7), (1.5, 0.8)],
    "abs": [(0.3, -0.7), (0.6, 0.5)], "recip": [(0.3, -0.7), (1.5, 0.8)],
}


def all_rows():
    out = []
    for fn, pts in PTS.items():
        f = UNARY[fn]
        for x, y in pts:
            out.append((fn, 0.0, x, y, (lambda f: lambda a, b: f(u(a, b)))(f)))
    for p in (2.5, -0.5, 1.0 / 3.0):
        for x, y in ((0.6, 0.5), (1.5, 0.8)):
            out.append(("powd", p, x, y, (lambda p: lambda a, b: u(a, b) ** mpf(p))(p)))
    for mm in (3, -2):
        for x, y in ((0.3, -0.7), (1.5, 0.8)):
            out.append(("pown", float(mm), x, y, (lambda mm: lambda a, b: u(a, b) ** mm)(mm)))
    two = {"pow": lambda a, b: a ** b, "atan2": m.atan2, "hypot": lambda a, b: m.sqrt(a * a + b * b)}
    pts2 = {"pow": [(0.6, 0.5), (1.5, 0.8)], "atan2": [(0.3, -0.7), (2.0, 1.5)],
            "hypot": [(0.3, -0.7), (2.0, 1.5)]}
    for fn, f in two.items():
        for x, y in pts2[fn]:
            out.append((fn, 0.0, x, y, (lambda f: lambda a, b: f(u(a, b), v(a, b)))(f)))

    def gp(x, y):
        a = x + y + 1
        b = 19 - 14 * x + 3 * x * x - 14 * y + 6 * x * y + 3 * y * y
        c = 2 * x - 3 * y
        d = 18 - 32 * x + 12 * x * x + 48 * y - 36 * x * y + 27 * y * y
        return (1 + a * a * b) * (30 + c * c * d)
    for x, y in ((1.0, 1.0), (0.3, -0.7), (-1.5, 1.25)):
        out.append(("gp", 0.0, x, y, gp))
    for x, y in ((0.3, -0.7), (1.5, 0.8)):
        out.append(("expsin", 0.0, x, y, lambda a, b: m.exp(a) * m.sin(b)))
        out.append(("rat", 0.0, x, y, lambda a, b: m.sin(a * b) / (1 + a * a + b * b)))
        out.append(("x2y", 0.0, x, y, lambda a, b: a * a * b))
    return out


def partials(f, x, y, dps):
    mp.dps = dps
    pt = (mpf(x), mpf(y))
    return [m.diff(f, pt, (s - j, j)) for s in range(K + 1) for j in range(s + 1)]


def main():
    body, worst = [], mpf(0)
    for fn, p, x, y, f in all_rows():
        a, b = partials(f, x, y, 40), partials(f, x, y, 60)
        mp.dps = 60
        if any(m.im(w) != 0 for w in b):
            sys.exit(f"{fn} at ({x}, {y}): outside the domain")
        err, e = mpf(0), 0
        for s in range(K + 1):
            for j in range(s + 1):
                sc = max(abs(b[e]), factorial(s - j) * factorial(j) * mpf("1e-3"))
                err = max(err, abs(a[e] - b[e]) / sc)
                e += 1
        if err > mpf("1e-30"):
            sys.exit(f"{fn} at ({x}, {y}): precision runs disagree ({nstr(err, 3)})")
        worst = max(worst, err)
        vals = ", ".join(nstr(m.re(w), 25, min_fixed=1, max_fixed=0) if w != 0 else "0.0" for w in b)
        body.append(f'  {{"{fn}", {p!r}, {x!r}, {y!r}, {{{vals}}}}},')
    print(f"/* Generated by tools/gen_ref2.py (mpmath {m.__version__}, diff at 40 and 60 digits,"
          f" max disagreement {nstr(worst, 3)}). Do not edit. */")
    print(f"""#ifndef DN_REF2_DATA_H
#define DN_REF2_DATA_H
#define DN_REF2_MAXORD {K}
#define DN_REF2_SIZE {(K + 1) * (K + 2) // 2}
typedef struct {{
    const char *fn;  /* function name (see tools/gen_ref2.py) */
    double param;    /* exponent of "powd" and "pown", else 0 */
    double x, y;     /* the point */
    double d[DN_REF2_SIZE]; /* d[s(s+1)/2 + j] = d^s F / dx^(s-j) dy^j at (x, y) */
}} dn_ref2_row;
static const dn_ref2_row dn_ref2_rows[] = {{""")
    print("\n".join(body))
    print("""};
#define DN_REF2_NROWS (sizeof dn_ref2_rows / sizeof dn_ref2_rows[0])
#endif""")
    print(f"{len(body)} rows, max disagreement {nstr(worst, 3)}", file=sys.stderr)


if __name__ == "__main__":
    main()
