"""Shared helpers of the dnum package's tests: references computed independently of
dnum (mpmath at raised precision, closed forms) and the accuracy measure of
docs/benchmarks.md. Run from the build tree: PYTHONPATH=<build>/python (meson test)."""
import math

import numpy as np
import pytest

mpmath = pytest.importorskip("mpmath")
mp = mpmath.mp


def mp_derivs(f, x, n, dps=50):
    """Derivatives 0..n of the one-variable function f (of mpmath numbers) at the double x,
    from mpmath.taylor at dps digits: a list of mpf."""
    with mp.workdps(dps):
        c = mpmath.taylor(f, mpmath.mpf(float(x)), n)
        return [c[k] * mpmath.factorial(k) for k in range(n + 1)]


def scaled_error(got, ref):
    """max over k of |got_k - ref_k| / max(|ref_k|, k! 1e-3) (docs/benchmarks.md), with
    got an array (..., n+1) of doubles and ref the same shape (floats or mpf); inf where
    got_k is not finite (a NaN must not vanish in the max)."""
    got = np.asarray(got, dtype=float)
    n = got.shape[-1] - 1
    fl = np.array([math.factorial(k) * 1e-3 for k in range(n + 1)])
    worst = 0.0
    for idx in np.ndindex(got.shape[:-1]):
        for k in range(n + 1):
            r = ref[idx + (k,)] if isinstance(ref, np.ndarray) else ref[k]
            den = max(abs(float(r)), fl[k])
            g = float(got[idx + (k,)])
            if not math.isfinite(g):
                return math.inf
            worst = max(worst, float(abs(mpmath.mpf(g) - r)) / den)
    return worst


W2_SRC = "sin(x)*exp(x)/(1+x*x) + sqrt(1+x*x)*log(2+cos(x))"


def w2_mp(x):
    return mpmath.sin(x) * mpmath.exp(x) / (1 + x * x) + mpmath.sqrt(1 + x * x) * mpmath.log(2 + mpmath.cos(x))
