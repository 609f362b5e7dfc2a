#!/usr/bin/env python3
"""Validates the error bounds of dnum-eval --error against mpmath.

Usage: python3 tools/error_check.py build/tools/dnum-eval [COUNT [SEED]] [--vars=K] [-v]

Draws COUNT (default 2000) random formulas of one variable (arithmetic, constant and
variable powers, and the analytic functions of the expression language) with a random
point and order (1..16), and evaluates each with `dnum-eval --error` (and, where the
library has it, `--precision extended --error`). The reference derivatives come from
mpmath (the functions as tools/mpfuncs.py defines them; numerical differentiation at
raised precision, run at 40 and 60 digits; a derivative is used only where both agree to
1e-28 relative, scaled by max(|d_k|, 1e-300), and is not exactly 0).
For every derivative that is finite with a finite bound it checks
    |d_k - reference| <= e_k
and prints the number of violations (must be 0), then how tight the bounds are: the
distribution of e_k / |d_k - reference| (quantiles, where the error is not 0) and how
many derivatives are exact. Constants in the formulas are dyadic (exact doubles), and
the point is the double it prints as, so the reference is the formula the tool computes.

With --vars=K (2 or 3) the formulas are in x, y (and z), the total order is 1..5 and the
references are every mixed partial (mpmath's diff with a multi-index, at 40 and 60
digits), checked against the columns e{i}_{j}... of dnum-eval's Dnum2 / Dnumk engines.
"""
import math
import random
import subprocess
import sys

import mpmath as mp
from mpfuncs import MP

POS = [a for a in sys.argv[1:] if not a.startswith("-")]
DNUM = POS[0] if POS else "build/tools/dnum-eval"
COUNT = int(POS[1]) if len(POS) > 1 else 2000
SEED = int(POS[2]) if len(POS) > 2 else 1
NVARS = int(([a[7:] for a in sys.argv if a.startswith("--vars=")] or ["1"])[0])
VARS = "xyz"[:NVARS]

CONSTS = ["0.5", "1.5", "2", "3", "0.25", "1.25", "0.75", "5"]

# the functions of one argument drawn (in this order: the seed's formulas depend on it),
# defined in tools/mpfuncs.py
UNARY = {fn: MP[fn] for fn in (
    "exp", "expm1", "log", "log1p", "sqrt", "cbrt", "sin", "cos", "tan", "asin", "acos",
    "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf", "erfc", "lgamma",
    "tgamma", "digamma", "lambertw", "erfinv", "j0", "j1", "y0", "y1", "log2", "log10",
    "exp2", "sinc", "cot", "sinpi", "cospi")}
COMMON = ["exp", "log", "sqrt", "sin", "cos", "atan", "tanh", "erf", "expm1", "log1p"]


def gen(rng, depth):
    """A random formula: (text, mpmath function of x)."""
    r = rng.random()
    if depth <= 0 or r < 0.2:
        if rng.random() < 0.7:
            i = rng.randrange(NVARS)
            return VARS[i], (lambda i: lambda *x: x[i])(i)
        c = rng.choice(CONSTS)
        return c, (lambda v: (lambda *x: v))(mp.mpf(c))
    r = rng.random()
    if r < 0.45:
        name = rng.choice(COMMON if rng.random() < 0.6 else list(UNARY))
        s, f = gen(rng, depth - 1)
        g = UNARY[name]
        return "%s(%s)" % (name, s), (lambda g, f: lambda *x: g(f(*x)))(g, f)
    if r < 0.8:
        op = rng.choice("+-*/")
        s1, f1 = gen(rng, depth - 1)
        s2, f2 = gen(rng, depth - 1)
        ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
               "/": lambda a, b: a / b}
        return "(%s %s %s)" % (s1, op, s2), (lambda o, f1, f2: lambda *x: o(f1(*x), f2(*x)))(ops[op], f1, f2)
    s1, f1 = gen(rng, depth - 1)
    kind = rng.randrange(5)
    if kind == 0:  # integer power
        m = rng.choice([2, 3, -1, -2, 5, 7])
        return "(%s)^%d" % (s1, m), (lambda f1, m: lambda *x: f1(*x) ** m)(f1, m)
    if kind == 1:  # real constant power
        p = rng.choice(["0.5", "1.5", "-0.5", "2.5", "0.25"])
        return "(%s)^%s" % (s1, p), (lambda f1, p: lambda *x: f1(*x) ** p)(f1, mp.mpf(p))
    s2, f2 = gen(rng, depth - 1)
    name = ("pow", "atan2", "hypot")[kind - 2]
    f = (lambda g, f1, f2: lambda *x: g(f1(*x), f2(*x)))(MP[name], f1, f2)
    return "%s(%s, %s)" % (name, s1, s2), f


def reference(f, x, n, dps):
    mp.mp.dps = dps
    try:
        v = f(mp.mpf(x))
        if not isinstance(v, mp.mpf) or not mp.isfinite(v):
            return None
        c = mp.taylor(f, mp.mpf(x), n)
        if abs(c[0] - v) > mp.mpf(10) ** (-dps // 2) * abs(v):
            return None  # numerical differentiation failed (tiny values: absolute steps)
    except Exception:  # outside the domain (complex values, poles): not a test case
        return None
    out = []
    for k, ck in enumerate(c):
        if not isinstance(ck, mp.mpf) and abs(mp.im(ck)) > mp.mpf(10) ** (-dps // 2):
            return None
        out.append(mp.re(ck) * mp.factorial(k))
    return out


def indices(n):
    """The multi-indices of NVARS variables to total order n, in dnum's graded order."""
    out = []
    for d in range(n + 1):
        def rec(prefix, left, m):
            if m == 1:
                out.append(tuple(prefix + [left]))
                return
            for a in range(left, -1, -1):
                rec(prefix + [a], left - a, m - 1)
        rec([], d, NVARS)
    return out


def reference_k(f, pt, n, dps):
    """Every mixed partial to total order n (None where mpmath fails)."""
    mp.mp.dps = dps
    try:
        v = f(*[mp.mpf(p) for p in pt])
        if not isinstance(v, mp.mpf) or not mp.isfinite(v):
            return None
        out = []
        for a in indices(n):
            d = mp.diff(lambda *x: f(*x), [mp.mpf(p) for p in pt], a)
            if not isinstance(d, mp.mpf):
                if abs(mp.im(d)) > mp.mpf(10) ** (-dps // 2):
                    return None
                d = mp.re(d)
            out.append(d)
        return out
    except Exception:
        return None


def run(expr, x, n, extra):
    pt = x if isinstance(x, tuple) else (x,)
    cmd = [DNUM, "-n", str(n), "-a", ",".join(repr(p) for p in pt), "--error"] + extra
    if NVARS > 1:
        cmd += ["-V", ",".join(VARS)]
    p = subprocess.run(cmd + ["--", expr], capture_output=True, text=True)
    if p.returncode != 0:
        return None
    row = p.stdout.splitlines()[1].split(",")
    vals = [float(v) for v in row[NVARS:]]
    m = len(vals) // 2
    return vals[:m], vals[m:]


def main():
    rng = random.Random(SEED)
    extended = subprocess.run([DNUM, "--help"], capture_output=True, text=True).stdout.find("--precision") >= 0
    modes = [("double", ["--precision", "double"] if extended else [])] + ([("extended", ["--precision", "extended"])] if extended and NVARS == 1 else [])
    stats = {m: {"checked": 0, "viol": 0, "exact": 0, "ratios": [], "worst": None, "inf": 0}
             for m, _ in modes}
    formulas = 0
    while formulas < COUNT:
        expr, f = gen(rng, rng.choice([1, 2, 2, 3, 3, 4]))
        if not any(v in expr for v in VARS):
            continue
        pts = [0.3, 0.7, 1.1, 1.6, 2.3, -0.4, -1.3, 0.45, 3.2]
        if NVARS == 1:
            x = rng.choice(pts)
            n = rng.choice([1, 2, 3, 4, 6, 8, 12, 16])
            r1 = reference(f, x, n, 40)
            r2 = reference(f, x, n, 60) if r1 is not None else None
        else:
            x = tuple(rng.choice(pts) for _ in VARS)
            n = rng.choice([1, 2, 3, 4, 5])
            r1 = reference_k(f, x, n, 40)
            r2 = reference_k(f, x, n, 60) if r1 is not None else None
        if r1 is None or r2 is None:
            continue
        mp.mp.dps = 60
        ref = [b if abs(a - b) <= mp.mpf(10) ** -28 * max(abs(b), mp.mpf(10) ** -300) else None
               for a, b in zip(r1, r2)]
        formulas += 1
        for mode, extra in modes:
            got = run(expr, x, n, extra)
            if got is None:
                continue
            d, e = got
            st = stats[mode]
            for k in range(len(ref)):
                # a reference of exactly 0 comes from mpmath's absolute tolerance (erf
                # saturated: derivatives 1e-260), not from the mathematics: skipped
                if ref[k] is None or ref[k] == 0 or not math.isfinite(d[k]) or abs(ref[k]) > 1.7e308:
                    continue
                if not math.isfinite(e[k]):
                    st["inf"] += 1
                    continue
                st["checked"] += 1
                err = abs(mp.mpf(d[k]) - ref[k])
                if err > e[k]:
                    st["viol"] += 1
                    rel = float(err / e[k]) if e[k] > 0 else math.inf
                    if "-v" in sys.argv:
                        print("violation: %s at %r n=%d entry %d: d=%r ref=%s e=%r" % (
                            expr, x, n, k, d[k], mp.nstr(ref[k], 20), e[k]))
                    if st["worst"] is None or rel > st["worst"][0]:
                        st["worst"] = (rel, expr, x, n, k)
                if err == 0:
                    st["exact"] += 1
                else:
                    st["ratios"].append(float(e[k] / err))
    print("formulas: %d (seed %d)" % (formulas, SEED))
    for mode, _ in modes:
        st = stats[mode]
        rs = sorted(st["ratios"])
        q = lambda p: rs[min(len(rs) - 1, int(p * len(rs)))] if rs else float("nan")
        print("%s: %d derivatives checked, %d violations (bound below the true error), "
              "%d exact, %d with no bound (inf)" % (mode, st["checked"], st["viol"], st["exact"], st["inf"]))
        if st["worst"]:
            print("  worst violation: error/bound %.3g for %s at %s, n=%d, entry %d" % st["worst"])
        print("  bound / true error: min %.3g, 1%% %.3g, 10%% %.3g, median %.3g, 90%% %.3g, max %.3g"
              % (q(0), q(0.01), q(0.1), q(0.5), q(0.9), rs[-1] if rs else float("nan")))
    sys.exit(1 if any(stats[m]["viol"] for m, _ in modes) else 0)


if __name__ == "__main__":
    main()
