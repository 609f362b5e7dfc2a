"""One variable: shapes, values against closed forms and mpmath, Taylor coefficients,
removable singularities."""
import math

import numpy as np
import pytest

import dnum
from conftest import mp_derivs, scaled_error, W2_SRC, w2_mp, mpmath, mp


def gauss_ref(x, n):
    """d^k/dx^k exp(-x^2/2) = (-1)^k He_k(x) exp(-x^2/2) (probabilists' Hermite
    polynomials by their recurrence, in mpmath)."""
    with mp.workdps(40):
        x = mpmath.mpf(float(x))
        g = mpmath.exp(-x * x / 2)
        he = [mpmath.mpf(1), x]
        for k in range(1, n):
            he.append(x * he[k] - k * he[k - 1])
        return [(-1) ** k * he[k] * g for k in range(n + 1)]


@pytest.mark.parametrize("n", [0, 1, 8, 16, 24])
def test_gaussian_closed_form_and_shape(n):
    x = np.linspace(-4, 4, 12).reshape(3, 4)
    d = dnum.derivatives("exp(-x^2/2)", x, order=n)
    assert d.shape == (3, 4, n + 1) and d.dtype == np.float64
    ref = np.empty(d.shape, dtype=object)
    for idx in np.ndindex(x.shape):
        ref[idx + (slice(None),)] = gauss_ref(x[idx], n)
    assert scaled_error(d, ref) <= 1e-13


@pytest.mark.parametrize("n", [4, 16, 24])
def test_w2_against_mpmath(n):
    xs = np.array([-2.0, -0.7, 0.0, 0.3, 1.0, 2.0])
    d = dnum.derivatives(W2_SRC, xs, n)
    ref = np.empty(d.shape, dtype=object)
    for i, x in enumerate(xs):
        ref[i, :] = mp_derivs(w2_mp, x, n)
    assert scaled_error(d, ref) <= 1e-11  # compositions to order 24 (docs/benchmarks.md)


def test_scalar_list_int_and_noncontiguous_inputs():
    f = "x^3 - 2*x"
    assert dnum.derivatives(f, 2.0, 4).shape == (5,)
    assert np.array_equal(dnum.derivatives(f, 2, 4), [4.0, 10.0, 12.0, 6.0, 0.0])  # exact polynomial
    assert np.array_equal(dnum.derivatives(f, [1, 2], 3), [[-1, 1, 6, 6], [4, 10, 12, 6]])
    x = np.arange(20.0)[::3]
    assert np.array_equal(dnum.derivatives(f, x, 3)[:, 0], x ** 3 - 2 * x)
    assert dnum.derivatives(f, np.empty((0, 5)), 3).shape == (0, 5, 4)
    assert dnum.derivatives(f, np.float32(2), 1).dtype == np.float64


def test_expr_object_reuse_and_attributes():
    e = dnum.Expr("exp(2*t)", vars=("t",))
    assert e.vars == ("t",) and e.nvars == 1 and e.source == "exp(2*t)"
    assert "exp(2*t)" in repr(e)
    for x in (0.0, 0.5, -1.0):
        d = e.derivatives(x, 6)
        ref = [2.0 ** k * math.exp(2 * x) for k in range(7)]
        assert np.allclose(d, ref, rtol=1e-15, atol=0)
    assert np.array_equal(dnum.derivatives(e, 0.5, 6), e.derivatives(0.5, 6))
    import pickle
    e2 = pickle.loads(pickle.dumps(e))
    assert e2.vars == e.vars and np.array_equal(e2.derivatives(0.5, 6), e.derivatives(0.5, 6))


def test_taylor_coefficients_closed_form():
    # 1/(1-x) at 0.5: c_k = 2^(k+1), finite to order 1000 (the derivatives overflow from 151)
    c = dnum.taylor("1/(1-x)", 0.5, 1000)
    ref = np.ldexp(1.0, np.arange(1, 1002))
    assert np.max(np.abs(c - ref) / ref) <= 1e-12
    d = dnum.derivatives("1/(1-x)", 0.5, 200)
    assert np.isinf(d[160])
    # exp(3x): c_k = 3^k e^(3x) / k!
    x = np.array([-0.5, 0.25])
    c = dnum.taylor("exp(3*x)", x, 20)
    for i, xi in enumerate(x):
        ref = [3.0 ** k * math.exp(3 * xi) / math.factorial(k) for k in range(21)]
        assert np.allclose(c[i], ref, rtol=1e-14, atol=0)


def test_removable_singularity_filled():
    # sin(x)/x at 0: d_k = (-1)^(k/2) / (k + 1) for even k, 0 for odd k
    for taylor in (False, True):
        d = (dnum.taylor if taylor else dnum.derivatives)("sin(x)/x", np.array([0.0, 0.0]), 10)
        ref = [(-1) ** (k // 2) / (k + 1) if k % 2 == 0 else 0.0 for k in range(11)]
        if taylor:
            ref = [r / math.factorial(k) for k, r in enumerate(ref)]
        assert np.allclose(d, [ref, ref], rtol=1e-14, atol=1e-15)
    d, err = dnum.derivatives("sin(x)/x", 0.0, 10, errors=True)
    assert np.all(err >= 0) and not np.any(np.isnan(d))


def test_domain_errors_are_nan():
    d = dnum.derivatives("log(x)", np.array([-1.0, 1.0]), 3)
    assert np.all(np.isnan(d[0])) and np.allclose(d[1], [0, 1, -1, 2])
    d = dnum.derivatives("sqrt(x)", np.nan, 2)
    assert np.all(np.isnan(d))


def test_special_functions():
    xs = [0.7, 2.5]
    for src, f in [("lgamma(x)", mpmath.loggamma), ("j0(x)", lambda t: mpmath.besselj(0, t)),
                   ("erfinv(x/3)", lambda t: mpmath.erfinv(t / 3))]:
        d = dnum.derivatives(src, np.array(xs), 12)
        ref = np.empty(d.shape, dtype=object)
        for i, x in enumerate(xs):
            ref[i, :] = mp_derivs(f, x, 12)
        assert scaled_error(d, ref) <= 1e-12, src
