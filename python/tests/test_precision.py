"""Error bounds and precision modes, checked against mpmath: every bound must hold, and
extended precision must recover what double loses to cancellation."""
import math

import numpy as np
import pytest

import dnum
from conftest import mp_derivs, scaled_error, W2_SRC, w2_mp, mpmath, mp


def check_bounds(d, err, ref):
    for k in range(len(d)):
        if math.isnan(d[k]):
            assert math.isnan(err[k])
            continue
        assert err[k] >= 0
        assert abs(mpmath.mpf(float(d[k])) - ref[k]) <= err[k], k


@pytest.mark.parametrize("precision", ["double", "extended", "auto"])
def test_bounds_hold_w2(precision):
    xs = [-1.5, 0.4, 2.0]
    n = 20
    d, err = dnum.derivatives(W2_SRC, np.array(xs), n, errors=True, precision=precision)
    assert d.shape == err.shape == (3, n + 1)
    for i, x in enumerate(xs):
        check_bounds(d[i], err[i], mp_derivs(w2_mp, x, n))


def test_taylor_bounds_hold():
    c, err = dnum.taylor("exp(x)*cos(3*x)", np.array([0.5]), 30, errors=True)
    ref = mp_derivs(lambda t: mpmath.exp(t) * mpmath.cos(3 * t), 0.5, 30)
    ref = [r / mpmath.factorial(k) for k, r in enumerate(ref)]
    check_bounds(c[0], err[0], ref)


def test_extended_recovers_cancellation():
    # sin(x) exp(x) at order 60: the Leibniz terms cancel in double (docs/accuracy.md)
    n = 60
    x = 3.0
    ref = mp_derivs(lambda t: mpmath.sin(t) * mpmath.exp(t), x, n, dps=80)
    dd, ed = dnum.derivatives("sin(x)*exp(x)", x, n, errors=True, precision="double")
    de, ee = dnum.derivatives("sin(x)*exp(x)", x, n, errors=True, precision="extended")
    da = dnum.derivatives("sin(x)*exp(x)", x, n, precision="auto")
    check_bounds(dd, ed, ref)
    check_bounds(de, ee, ref)
    rel_ext = max(float(abs(mpmath.mpf(float(de[k])) - ref[k]) / abs(ref[k])) for k in range(n + 1))
    if dnum.EXT_BITS >= 113:
        assert rel_ext <= 1e-15
        assert np.array_equal(da, de)  # auto went to extended precision
    dx = dnum.derivatives("sin(x)*exp(x)", x, n, precision="extended")
    assert np.array_equal(dx, de)


def test_auto_stays_in_double_where_it_is_enough():
    x = np.linspace(-1, 1, 7)
    a = dnum.derivatives("exp(-x^2)", x, 8, precision="auto")
    d = dnum.derivatives("exp(-x^2)", x, 8)
    assert np.array_equal(a, d)


def test_several_variables_double_only():
    pts = np.array([0.2, 0.3, 0.4])
    with pytest.raises(ValueError, match="one variable"):
        dnum.derivatives("x*y*z", pts, 2, vars="x,y,z", precision="extended")
    a = dnum.derivatives("exp(x*y*z)", pts, 4, vars="x,y,z", precision="auto")
    assert np.array_equal(a, dnum.derivatives("exp(x*y*z)", pts, 4, vars="x,y,z"))


def test_bounds_two_variables():
    pt = np.array([0.7, -0.3])
    d, err = dnum.derivatives("exp(x)*sin(y) + x/(1 + y^2)", pt, 6, vars="x,y", errors=True)

    def f(x, y):
        return mpmath.exp(x) * mpmath.sin(y) + x / (1 + y * y)

    with mp.workdps(30):
        for c, (i, j) in enumerate(dnum.partials(2, 6)):
            ref = mpmath.diff(f, (mpmath.mpf(0.7), mpmath.mpf(-0.3)), (int(i), int(j)))
            assert abs(mpmath.mpf(float(d[c])) - ref) <= err[c] + 1e-25
    with pytest.raises(ValueError, match="error bounds"):
        dnum.derivatives("x*y", pt, 40, vars="x,y", errors=True)
    assert dnum.derivatives("x*y", pt, 40, vars="x,y").shape == (41 * 42 // 2,)
