#!/usr/bin/env python3
"""Writes the golden outputs of dnum-eval (tests/golden/*.out), computed independently of
dnum: the formulas are polynomials (and sqrt/abs at points where every derivative is a
dyadic rational), differentiated exactly with Python fractions, then formatted the way
dnum-eval documents (17 significant digits, nan/inf, -0 as 0; JSON null). The test
tests/test_cli.sh runs each command of tests/golden/cases.txt and compares byte for byte.

usage: python3 tools/gen_golden.py            (rewrites tests/golden/)
"""
import math
import os
from fractions import Fraction as F

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "golden")
NAN = float("nan")


def num(v, json=False):
    v = float(v)
    if math.isnan(v):
        return "null" if json else "nan"
    if math.isinf(v):
        return "null" if json else ("inf" if v > 0 else "-inf")
    if v == 0:
        v = 0.0
    return "%.17g" % v


def poly_derivs(coeffs, x, n):
    """coeffs[i] of x^i; returns [p(x), p'(x), ..., p^(n)(x)] exactly."""
    out = []
    c = [F(a) for a in coeffs]
    for _ in range(n + 1):
        out.append(sum(a * F(x) ** i for i, a in enumerate(c)))
        c = [i * a for i, a in enumerate(c)][1:] or [F(0)]
    return out


def poly2_partial(terms, x, y, i, j):
    """terms: {(p, q): coeff} of x^p y^q; the partial d^(i+j)/dx^i dy^j at (x, y)."""
    s = F(0)
    for (p, q), c in terms.items():
        if p < i or q < j:
            continue
        fx = math.prod(range(p - i + 1, p + 1))
        fy = math.prod(range(q - j + 1, q + 1))
        s += F(c) * fx * fy * F(x) ** (p - i) * F(y) ** (q - j)
    return s


def sweep(a, b, m):
    return [F(a) + (F(b) - F(a)) * F(i, m - 1) for i in range(m)] if m > 1 else [F(a)]


def csv1(var, n, rows):
    lines = [",".join([var] + ["d%d" % k for k in range(n + 1)])]
    for x, d in rows:
        lines.append(",".join([num(x)] + [num(v) for v in d]))
    return "\n".join(lines) + "\n"


def tri_names(n):
    return ["d%d_%d" % (s - j, j) for s in range(n + 1) for j in range(s + 1)]


def main():
    cases = []  # (name, args)

    # 1. cubic sweep, CSV
    n = 4
    rows = [(x, poly_derivs([0, -2, 0, 1], x, n)) for x in sweep(-2, 2, 5)]
    cases.append(("cubic_csv", ["-n", "4", "-r", "-2:2:5", "x^3 - 2*x"], csv1("x", n, rows)))

    # 2. two variables at a point, CSV (column order of the triangle)
    n = 3
    terms = {(2, 1): 1, (1, 2): 3}
    hdr = ",".join(["x", "y"] + tri_names(n))
    vals = [num(poly2_partial(terms, 1, 2, s - j, j)) for s in range(n + 1) for j in range(s + 1)]
    cases.append(("poly2_csv", ["-V", "x,y", "-n", "3", "-a", "1,2", "x^2*y + 3*x*y^2"],
                  hdr + "\n" + ",".join(["1", "2"] + vals) + "\n"))

    # 3. two variables, sweep of the first with --at for the second, renamed variables
    n = 2
    terms = {(1, 2): 1, (0, 1): -1}
    lines = [",".join(["s", "t"] + tri_names(n))]
    for x in sweep(0, 2, 3):
        lines.append(",".join([num(x), "1"] + [num(poly2_partial(terms, x, 1, s - j, j))
                                                for s in range(n + 1) for j in range(s + 1)]))
    cases.append(("sweep2_csv", ["-V", "s,t", "-n", "2", "-r", "0:2:3", "-a", "1", "s*t^2 - t"],
                  "\n".join(lines) + "\n"))

    # 4. table: sqrt at 4 has dyadic derivatives 2, 1/4, -1/32, 3/256
    d = [F(2), F(1, 4), F(-1, 32), F(3, 256)]
    cols = ["x"] + ["d%d" % k for k in range(4)]
    t = " ".join("%24s" % c for c in cols) + "\n"
    t += " ".join("%24s" % num(v) for v in [4] + d) + "\n"
    cases.append(("sqrt_table", ["-f", "table", "-n", "3", "-a", "4", "sqrt(x)"], t))

    # 5. JSON with a non-differentiable point: abs at 0 has NaN derivatives (null)
    rows = [(-1, [1, -1, 0]), (0, [0, NAN, NAN]), (1, [1, 1, 0])]
    j = '{"expr": "abs(x)", "vars": ["x"], "order": 2, "engine": "fixed",\n'
    j += ' "columns": ["x", "d0", "d1", "d2"],\n "rows": [\n'
    j += ",\n".join("  [" + ", ".join(num(v, True) for v in [x] + r) + "]" for x, r in rows)
    j += "\n ]}\n"
    cases.append(("abs_json", ["-f", "json", "-n", "2", "-r", "-1:1:3", "abs(x)"], j))

    # 6. outside the domain: every derivative nan (exit 0, warning on stderr)
    cases.append(("log_nan_csv", ["-n", "2", "-a", "-1", "log(x)"],
                  "x,d0,d1,d2\n-1,nan,nan,nan\n"))

    # 7. the Dvec engine at order 40 (beyond the fixed family): x^5 - x at -1
    n = 40
    cases.append(("dvec40_csv", ["-n", "40", "-a", "-1", "x^5 - x"],
                  csv1("x", n, [(-1, poly_derivs([0, -1, 0, 0, 0, 1], -1, n))])))

    # 8. constants and the explicit dvec engine: pi folded, derivative of a line
    cases.append(("dvec_line_csv", ["-e", "dvec", "-n", "1", "-a", "0.5", "2*x + 1"],
                  "x,d0,d1\n0.5,2,2\n"))

    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "cases.txt"), "w") as f:
        f.write("# name<TAB>dnum-eval arguments (tab-separated); expected stdout in name.out\n")
        for name, args, text in cases:
            f.write("\t".join([name] + args) + "\n")
            with open(os.path.join(OUT, name + ".out"), "w") as g:
                g.write(text)


if __name__ == "__main__":
    main()
