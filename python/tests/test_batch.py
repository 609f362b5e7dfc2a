"""Batches: without error bounds the points go through the batch evaluators (several points
per instruction); their numbers are those of the point-by-point path, which `errors=True`
takes, bit for bit (any NaN counting as equal to any NaN), at ordinary and special points
(zeros, removable singularities, subnormal, huge, infinite and NaN values), for one
variable in "double" and "auto", Taylor coefficients, and two and three variables; an
instruction set in DN_BATCH_ISA that the machine lacks is an error."""
import os
import platform
import subprocess
import sys

import numpy as np
import pytest

import dnum

SPECIAL = [0.0, -0.0, 1e-310, 5e-324, -2.5e-320, 1e300, -1e300, np.inf, -np.inf, np.nan]


def same(a, b):
    bits = a.view(np.int64) == b.view(np.int64)
    return a.shape == b.shape and bool((bits | (np.isnan(a) & np.isnan(b))).all())


def one_var_points():
    # the special values scattered among ordinary ones, so that blocks mix both
    x = np.linspace(-2, 2, 4001)
    x[::97][: len(SPECIAL)] = SPECIAL
    return x


@pytest.mark.parametrize("src,order,precision,taylor", [
    ("sin(x)/x", 6, "double", False),               # a removable singularity at 0
    ("sin(x)*exp(x)", 8, "double", False),
    ("sin(x)*exp(x)", 16, "auto", False),           # points in extended precision
    ("sin(x)/x + log(x) + sqrt(x)", 5, "auto", False),
    ("(x^3+x^4)^(1/3)/x + sin(x)/x", 4, "double", True),
    ("lgamma(x) + atan2(x, 1) + erfc(x)", 6, "auto", False),
    ("1/(1-x)", 170, "double", False),              # the highest lane order
])
def test_one_variable_batches_equal_point_by_point(src, order, precision, taylor):
    x = one_var_points()
    f = dnum.taylor if taylor else dnum.derivatives
    a = f(src, x, order, precision=precision)
    b, _ = f(src, x, order, precision=precision, errors=True)
    assert same(a, b)


@pytest.mark.parametrize("src,names,order", [
    ("sin(x)*exp(y)/(1+x*y) + log(x) + 1/y", "x,y", 4),
    ("exp(x*y)", "x,y", 8),
    ("exp(x*y*z)/(1+z^2) + atan2(x, y) + hypot(y, z) + cbrt(x)", "x,y,z", 4),
])
def test_several_variables_batches_equal_point_by_point(src, names, order):
    k = len(names.split(","))
    pts = np.random.default_rng(3).uniform(-2, 2, (2003, k))
    for i, v in enumerate(SPECIAL):
        pts[7 * i + 1, i % k] = v
    for f in (dnum.derivatives, dnum.taylor):
        a = f(src, pts, order, vars=names)
        b, _ = f(src, pts, order, vars=names, errors=True)
        assert same(a, b)


@pytest.mark.parametrize("value,why", [
    ("foo", "unknown instruction set"),
    ("avx512-and-more", "unknown instruction set"),
    ("sse2" if platform.machine() in ("aarch64", "arm64") else "neon",
     "not available on this machine or in this build"),
])
def test_batch_isa_refused_is_an_error(value, why):
    # DN_BATCH_ISA naming no instruction set this machine has: an error naming the
    # variable, never another instruction set in its place (a process of its own: the
    # library reads the variable once)
    code = "import dnum; dnum.derivatives('sin(x)', [0.5, 1.0], 2)"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=300, env=dict(os.environ, DN_BATCH_ISA=value))
    assert r.returncode != 0
    assert "ValueError: DN_BATCH_ISA=%s: %s (available: scalar" % (value, why) in r.stderr
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=300, env=dict(os.environ, DN_BATCH_ISA="scalar"))
    assert r.returncode == 0, r.stderr
