"""The mpmath definition of every function of the operation table.

One entry per row of include/dnum/internal/ops.h, in dicts named after its lists:
  ELEM1, SPECIAL1   f(u)
  ELEM2, SPECIAL2   f(a, b)
  INT               f(m, u), m an integer (polygamma's order, the Bessel order)
and MP, all of them. The scripts in tools/ that evaluate the library's functions by name
with mpmath (the reference tables' generators, error_check.py) take them from here;
tools/check_mpfuncs.py (the meson test `mpmath map`) fails while a row of ops.h has no
entry here or an entry is not a row.

Each is the real function the library computes, evaluated at mpmath's working precision:
where mpmath's own name means something else (its complex cube root, its fmod with the
divisor's sign) or fails (erfc overflowing inside beyond about 1e150), the definition is
written out below. Outside a function's domain the result is what mpmath gives there (a
complex number or an exception), never a real number.
"""
import mpmath as m


def cbrt(u):
    """the real cube root (mpmath's cbrt of a negative number is complex)"""
    return m.sign(u) * m.cbrt(abs(u))


def erfc(u):
    """mpmath's erfc overflows inside for u beyond about 1e150: from 1e30 on, the asymptotic
    series e^(-u^2)/(u sqrt(pi)) sum_n (-1)^n (2n-1)!!/(2u^2)^n, summed until its terms are
    below the working precision (the n-th is (2n-1)/(2u^2) < n 1e-60 times the one before),
    with -u^2 exact (the exponent's error is the value's relative error)"""
    if isinstance(u, m.mpc) or u < 1e30:
        return m.erfc(u)
    u2 = m.fmul(u, u, exact=True)
    s = t = m.mpf(1)
    eps, n = m.mpf(2) ** -(m.mp.prec + 10), 0
    while abs(t) > eps:
        n += 1
        t = -t * (2 * n - 1) / (2 * u2)
        s += t
    return m.exp(m.fneg(u2, exact=True)) / (u * m.sqrt(m.pi)) * s


def erfcinv(q):
    """erfinv(1 - q) with 1 - q formed exactly: at 700 digits (a double q down to 1e-300),
    or more where the working precision and q's exponent ask for more"""
    below = -min(m.mag(q), 0) if q else 0  # q's leading bit below 1 (bits)
    with m.workdps(max(700, m.mp.dps + 10 + int(below * 0.302))):
        return +m.erfinv(1 - q)


def trunc(a):
    """a rounded toward 0 (C's trunc)"""
    return m.floor(a) if a >= 0 else m.ceil(a)


ELEM1 = {
    "exp": m.exp, "expm1": m.expm1, "log": m.log, "log1p": m.log1p, "sqrt": m.sqrt,
    "cbrt": cbrt, "sin": m.sin, "cos": m.cos, "tan": m.tan, "asin": m.asin, "acos": m.acos,
    "atan": m.atan, "sinh": m.sinh, "cosh": m.cosh, "tanh": m.tanh, "asinh": m.asinh,
    "acosh": m.acosh, "atanh": m.atanh, "erf": m.erf, "erfc": erfc, "abs": abs,
}
ELEM2 = {
    "pow": lambda a, b: a ** b, "atan2": m.atan2,
    "hypot": lambda a, b: m.sqrt(a * a + b * b),
}
SPECIAL1 = {
    "lgamma": lambda u: m.log(abs(m.gamma(u))), "tgamma": m.gamma, "digamma": m.digamma,
    "lambertw": lambda u: m.lambertw(u), "lambertwm1": lambda u: m.lambertw(u, -1),
    "erfinv": m.erfinv, "erfcinv": erfcinv,
    "j0": lambda u: m.besselj(0, u), "j1": lambda u: m.besselj(1, u),
    "y0": lambda u: m.bessely(0, u), "y1": lambda u: m.bessely(1, u),
    "log2": lambda u: m.log(u, 2), "log10": lambda u: m.log(u, 10),
    "exp2": lambda u: m.power(2, u), "sinc": m.sinc, "cot": m.cot,
    "sinpi": m.sinpi, "cospi": m.cospi, "floor": m.floor, "ceil": m.ceil,
}
SPECIAL2 = {
    "min": lambda a, b: min(a, b), "max": lambda a, b: max(a, b),
    "fmod": lambda a, b: a - trunc(a / b) * b,
}
INT = {
    "polygamma": m.polygamma, "jn": m.besselj, "yn": m.bessely,
}

# by the name of ops.h's list (DNI_OPS_<name>)
LISTS = {"ELEM1": ELEM1, "ELEM2": ELEM2, "SPECIAL1": SPECIAL1, "SPECIAL2": SPECIAL2,
         "INT": INT}
MP = {name: f for lst in LISTS.values() for name, f in lst.items()}
