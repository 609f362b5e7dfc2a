"""dnum: every derivative of a formula at many points, from the dnum C library.

The formula is parsed and evaluated by the C library's expression engines (dnum/expr.h:
dual numbers, no finite differences, no symbolic algebra); NumPy arrays go in and come
out, and large arrays are evaluated on several threads with the GIL released.

    >>> import numpy as np, dnum
    >>> x = np.linspace(-3, 3, 7)
    >>> d = dnum.derivatives("exp(-x^2/2)", x, order=8)      # shape (7, 9): d[i, k] = f^(k)(x[i])
    >>> e = dnum.Expr("x^2*y + sin(z)", vars=("x", "y", "z"))
    >>> p = e.derivatives(np.array([1.0, 2.0, 0.5]), order=2)  # shape (10,): every partial
    >>> p[dnum.column((1, 1, 0))]                              # d^2 f / dx dy = 2x = 2.0

Several variables: the points are an array whose last axis holds the variables; the
result's last axis holds every partial d^|a| f / dx1^a1 ... dxk^ak with |a| <= order, by
total order, then by decreasing a1, then decreasing a2, ... (the C library's order:
dnum.partials(k, order)[c] is the multi-index of column c, dnum.column(a) its column).

See docs/python.md for the whole interface (precision, error bounds, threads, errors).
"""

import functools
import operator
import os

import numpy as np

from ._dnum import ParseError, Program as _Program
from . import _dnum

__all__ = [
    "Expr", "derivatives", "taylor", "ParseError", "partials", "column", "column_names",
    "ORDER_MAX", "ORDER2_MAX", "ORDERK_MAX", "VARS_MAX", "EXT_BITS", "__version__",
]

from ._version import __version__

#: Highest order for one variable.
ORDER_MAX = _dnum.ORDER_MAX
#: Highest total order for two variables (32 with error bounds).
ORDER2_MAX = _dnum.ORDER2_MAX
#: Highest total order for three or more variables (lower where C(order + k, k) is above
#: 2**21 columns: 30 for 6 variables, 23 for 7, 18 for 8, 15 for 9, 13 for 10).
ORDERK_MAX = _dnum.ORDERK_MAX
#: Most variables of one expression.
VARS_MAX = _dnum.VARS_MAX
#: Significand bits of precision="extended": 113 where the C library has binary128.
EXT_BITS = _dnum.ext_bits()

_PRECISIONS = {"double": 0, "extended": 1, "auto": 2}


def _ncpu():
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _vars_tuple(vars):
    if isinstance(vars, str):
        vars = vars.split(",")
    try:
        vs = tuple(vars)
    except TypeError:
        raise TypeError("vars must be a sequence of names (or a comma-separated str)") from None
    for v in vs:
        if not isinstance(v, str):
            raise TypeError(f"variable names must be str, not {type(v).__name__}")
    return tuple(v.strip() for v in vs)


class Expr:
    """A formula parsed once, to be evaluated any number of times.

    Expr(source, vars=("x",)): source is a formula in the language of dnum-eval (numbers,
    the variables, + - * / ^, parentheses, pi, e, the elementary and special functions of
    docs/expr.md); vars are the variable names (1 to VARS_MAX; a comma-separated str is
    accepted). Raises ParseError (a ValueError) for a malformed formula, naming the column,
    and ValueError for bad variable names. An Expr is immutable and may be used from
    several Python threads at once.
    """

    __slots__ = ("_prog", "_source", "_vars")

    def __init__(self, source, vars=("x",)):
        if not isinstance(source, str):
            raise TypeError(f"the expression must be a str, not {type(source).__name__}")
        vs = _vars_tuple(vars)
        self._prog = _Program(source, vs)
        self._source = source
        self._vars = vs

    @property
    def source(self):
        """The formula, as given."""
        return self._source

    @property
    def vars(self):
        """The variable names, a tuple."""
        return self._vars

    @property
    def nvars(self):
        """The number of variables."""
        return len(self._vars)

    def __repr__(self):
        return f"dnum.Expr({self._source!r}, vars={self._vars!r})"

    def __reduce__(self):  # pickled as its source (parsed again where it is loaded)
        return (Expr, (self._source, self._vars))

    def derivatives(self, points, order, *, errors=False, precision="double", threads=None):
        """Every derivative up to `order` at every point.

        One variable: points is an array of any shape (or a number); the result has shape
        points.shape + (order + 1,), result[..., k] the k-th derivative.
        Several variables: points has shape (..., nvars), the variables on the last axis;
        the result has shape points.shape[:-1] + (ncols,) with ncols = C(order + nvars,
        nvars), the partials in the order of dnum.partials(nvars, order).

        errors=True returns (values, bounds): bounds[...] >= |values[...] - exact| (inf
        where no bound is known, NaN where the value is NaN). precision: "double" (the
        default), "extended" (binary128 where available; one variable) or "auto" (double,
        and extended at a point where double's bound shows fewer than 10 correct digits;
        with several variables: double). threads: how many threads (default: as many as
        the CPUs the process may use, fewer for small arrays; 1 runs on the caller's).
        """
        return self._eval(points, order, False, errors, precision, threads)

    def taylor(self, points, order, *, errors=False, precision="double", threads=None):
        """As derivatives(), but the Taylor coefficients c_a = f^(a) / a! (a! = a1! ... ak!)
        instead of the derivatives; one variable in double precision they stay finite
        above order 170 where the derivatives overflow."""
        return self._eval(points, order, True, errors, precision, threads)

    def partials(self, order):
        """dnum.partials(self.nvars, order): the multi-index of every column."""
        return partials(self.nvars, order)

    def columns(self, order, taylor=False):
        """dnum.column_names(self.vars, order, taylor): the name of every column."""
        return column_names(self._vars, order, taylor)

    def _eval(self, points, order, taylor, errors, precision, threads):
        try:
            order = operator.index(order)
        except TypeError:
            raise TypeError(f"order must be an integer, not {type(order).__name__}") from None
        if order < 0:
            raise ValueError(f"order must be >= 0 (got {order})")
        if order > ORDER_MAX:
            raise ValueError(f"order {order} is above the limit {ORDER_MAX}")
        try:
            prec = _PRECISIONS[precision]
        except (KeyError, TypeError):
            raise ValueError(
                f"precision must be 'double', 'extended' or 'auto' (got {precision!r})") from None
        if np.iscomplexobj(points):
            raise TypeError("complex points are not supported")
        x = np.asarray(points, dtype=np.float64)
        k = len(self._vars)
        if k == 1:
            shape = x.shape
        else:
            if x.ndim == 0 or x.shape[-1] != k:
                raise ValueError(
                    f"points for {k} variables {self._vars} need a last axis of length {k} "
                    f"(got shape {x.shape})")
            shape = x.shape[:-1]
        pts = np.ascontiguousarray(x).reshape(-1, k)
        m = pts.shape[0]
        ncols = _dnum.ncols(k, order, bool(errors))
        if threads is None:
            nthreads = max(1, min(_ncpu(), m * ncols // 32768))
        else:
            try:
                nthreads = operator.index(threads)
            except TypeError:
                raise TypeError("threads must be an integer or None") from None
            if nthreads < 1:
                raise ValueError(f"threads must be >= 1 (got {nthreads})")
        out = np.empty((m, ncols))
        err = np.empty((m, ncols)) if errors else None
        self._prog.eval(pts, order, bool(taylor), prec, bool(errors), nthreads, out, err)
        out = out.reshape(shape + (ncols,))
        if errors:
            return out, err.reshape(shape + (ncols,))
        return out


@functools.lru_cache(maxsize=64)
def _parsed(source, vars):
    return Expr(source, vars)


def _expr_of(expr, vars):
    if isinstance(expr, Expr):
        if vars is not None and _vars_tuple(vars) != expr.vars:
            raise ValueError(f"vars {tuple(vars)!r} differ from the Expr's {expr.vars!r}")
        return expr
    if not isinstance(expr, str):
        raise TypeError(f"the expression must be a str or dnum.Expr, not {type(expr).__name__}")
    vs = _vars_tuple(("x",) if vars is None else vars)
    # short formulas are kept parsed (a long one would keep megabytes alive)
    return _parsed(expr, vs) if len(expr) <= 4096 else Expr(expr, vs)


def derivatives(expr, points, order, *, vars=None, errors=False, precision="double",
                threads=None):
    """Every derivative of expr up to `order` at every point: Expr(expr, vars).derivatives(
    points, order, ...), vars default ("x",). expr may also be an Expr. The last 64
    formulas of up to 4096 characters are kept parsed. See Expr.derivatives for the shapes
    and the keywords."""
    return _expr_of(expr, vars)._eval(points, order, False, errors, precision, threads)


def taylor(expr, points, order, *, vars=None, errors=False, precision="double", threads=None):
    """As derivatives(), the Taylor coefficients f^(a) / a! instead (Expr.taylor)."""
    return _expr_of(expr, vars)._eval(points, order, True, errors, precision, threads)


def partials(nvars, order):
    """The column index: an integer array of shape (ncols, nvars) whose row c is the
    multi-index (a1, ..., ak) of column c of the results of nvars variables at total order
    `order` (the C library's graded order: by total order, then decreasing a1, a2, ...)."""
    return _dnum.partials(operator.index(nvars), operator.index(order))


def column(alpha):
    """The column of the partial d^|a| f / dx1^a1 ... dxk^ak in the results, for the
    multi-index alpha = (a1, ..., ak) (an int for one variable). It does not depend on the
    order evaluated (every order's columns start with those of the lower orders)."""
    if not isinstance(alpha, (tuple, list, np.ndarray)):
        alpha = (operator.index(alpha),)
    return _dnum.column(tuple(alpha))


def column_names(vars, order, taylor=False):
    """The names dnum-eval gives the columns: d0 .. dN for one variable, d{a1}_..._{ak}
    for several (c instead of d for Taylor coefficients). vars: the names or their count."""
    k = vars if isinstance(vars, int) else len(_vars_tuple(vars))
    p = "c" if taylor else "d"
    return [p + "_".join(str(a) for a in row) for row in partials(k, order).tolist()]
