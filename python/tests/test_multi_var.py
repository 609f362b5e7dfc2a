"""Several variables: the layout of the points and of the partials, closed forms, sympy's
exact partials of a polynomial, mpmath's numerical partials, Taylor coefficients."""
import itertools
import math

import numpy as np
import pytest

import dnum
from conftest import mpmath, mp


def test_two_variables_closed_form_and_shape():
    # f = sin(x) exp(2y): d^(i+j) f / dx^i dy^j = sin^(i)(x) 2^j exp(2y)
    pts = np.array([[0.3, -0.2], [1.1, 0.4], [-2.0, 0.0]]).reshape(3, 1, 2)
    n = 10
    d = dnum.derivatives("sin(x)*exp(2*y)", pts, n, vars=("x", "y"))
    assert d.shape == (3, 1, (n + 1) * (n + 2) // 2)
    idx = dnum.partials(2, n)
    for p in range(3):
        x, y = pts[p, 0]
        for c, (i, j) in enumerate(idx):
            ref = math.sin(x + i * math.pi / 2) * 2.0 ** j * math.exp(2 * y)
            assert abs(d[p, 0, c] - ref) <= 1e-13 * max(1.0, abs(ref)) * 2 ** j


def test_exp_xyz_at_zero():
    # exp(xyz) = sum (xyz)^m / m!: d{m,m,m} = (m!)^2, every other partial 0
    n = 12
    d = dnum.derivatives("exp(x*y*z)", np.zeros(3), n, vars="x,y,z")
    for c, a in enumerate(dnum.partials(3, n)):
        a = tuple(int(v) for v in a)
        ref = math.factorial(a[0]) ** 2 if a[0] == a[1] == a[2] else 0.0
        assert abs(d[c] - ref) <= 1e-15 * ref, a  # (the engine's coefficients times a!)


def test_polynomial_against_sympy():
    sympy = pytest.importorskip("sympy")
    x, y, z, w = sympy.symbols("x y z w")
    f = 3 * x ** 3 * y * z - 2 * x * y ** 2 * w ** 2 + z ** 4 * w - 5 * x * y * z * w + 7
    src = "3*x^3*y*z - 2*x*y^2*w^2 + z^4*w - 5*x*y*z*w + 7"
    pt = (0.5, -1.25, 2.0, 0.75)  # dyadic: every partial is exact in double
    n = 6
    d = dnum.derivatives(src, np.array(pt), n, vars=("x", "y", "z", "w"))
    c = dnum.taylor(src, np.array(pt), n, vars=("x", "y", "z", "w"))
    sub = dict(zip((x, y, z, w), [sympy.Rational(v) for v in pt]))
    for col, a in enumerate(dnum.partials(4, n)):
        a = [int(v) for v in a]
        g = f
        for s, k in zip((x, y, z, w), a):
            g = sympy.diff(g, s, k)
        ref = g.subs(sub)
        assert abs(d[col] - float(ref)) <= 1e-15 * abs(float(ref)), a
        fa = math.prod(math.factorial(k) for k in a)
        assert abs(c[col] - float(ref / fa)) <= 1e-15 * abs(float(ref / fa)), a


@pytest.mark.parametrize("k", [3, 5])
def test_transcendental_against_mpmath(k):
    names = ["x", "y", "z", "u", "v"][:k]
    src = "exp(" + "*".join(names) + ") * sin(" + " + ".join(names) + ") + log(1 + " + "*".join(
        f"{n}^2" for n in names) + ")"

    def f(*v):
        return mpmath.exp(mpmath.fprod(v)) * mpmath.sin(mpmath.fsum(v)) + mpmath.log(
            1 + mpmath.fprod(t * t for t in v))

    pt = np.array([0.3, -0.4, 0.7, 0.5, -0.2][:k])
    n = 4
    d, err = dnum.derivatives(src, pt, n, vars=names, errors=True)
    with mp.workdps(30):
        for col, a in enumerate(dnum.partials(k, n)):
            ref = mpmath.diff(f, [mpmath.mpf(float(t)) for t in pt], tuple(int(v) for v in a))
            assert abs(d[col] - ref) <= 1e-13 * max(1, abs(ref))
            assert abs(mpmath.mpf(float(d[col])) - ref) <= err[col] + 1e-25


def test_taylor_several_variables_closed_form():
    # exp(x + 2y - z): c_a = 2^a2 (-1)^a3 exp(x + 2y - z) / a!
    pts = np.array([[0.1, 0.2, 0.3], [-0.5, 0.25, 1.0]])
    n = 8
    c = dnum.taylor("exp(x + 2*y - z)", pts, n, vars="x,y,z")
    d = dnum.derivatives("exp(x + 2*y - z)", pts, n, vars="x,y,z")
    for p, (x, y, z) in enumerate(pts):
        g = math.exp(x + 2 * y - z)
        for col, a in enumerate(dnum.partials(3, n)):
            dr = 2.0 ** a[1] * (-1) ** a[2] * g
            fa = math.prod(math.factorial(int(v)) for v in a)
            assert abs(c[p, col] - dr / fa) <= 1e-14 * abs(dr / fa)
            assert abs(d[p, col] - dr) <= 1e-14 * abs(dr)


def test_two_and_three_variable_engines_agree():
    # the two-variable engine (Dnum2) and the k-variable one (Dnumk, via a third variable
    # that the formula ignores) give the same partials to rounding
    rng = np.random.default_rng(1)
    pts = rng.uniform(-1, 1, (20, 2))
    n = 6
    d2 = dnum.derivatives("atan2(y, 2 + x) * cosh(x*y)", pts, n, vars="x,y")
    p3 = np.concatenate([pts, np.zeros((20, 1))], axis=1)
    d3 = dnum.derivatives("atan2(y, 2 + x) * cosh(x*y)", p3, n, vars="x,y,t")
    idx3 = dnum.partials(3, n)
    for c, (i, j) in enumerate(dnum.partials(2, n)):
        c3 = dnum.column((int(i), int(j), 0))
        assert tuple(idx3[c3]) == (i, j, 0)
        assert np.allclose(d2[:, c], d3[:, c3], rtol=1e-12, atol=1e-12)


def test_points_layout_errors():
    with pytest.raises(ValueError, match="last axis of length 2"):
        dnum.derivatives("x*y", np.zeros(3), 2, vars="x,y")
    with pytest.raises(ValueError, match="last axis of length 3"):
        dnum.derivatives("x*y*z", 1.0, 2, vars="x,y,z")
    assert dnum.derivatives("x*y", np.zeros((4, 5, 2)), 2, vars="x,y").shape == (4, 5, 6)
    assert dnum.derivatives("x*y", np.zeros((0, 2)), 2, vars="x,y").shape == (0, 6)
