"""Bad input: Python exceptions with the library's messages, nothing printed."""
import numpy as np
import pytest

import dnum


@pytest.fixture(autouse=True)
def quiet(capfd):
    """Nothing may reach stdout or stderr (file descriptors 1 and 2, so C code included)."""
    yield
    out, err = capfd.readouterr()
    assert out == "" and err == ""


@pytest.mark.parametrize("src,col,what", [
    ("sin(x) + sinn(x)", 10, "unknown function 'sinn'"),
    ("x +* 2", 4, ""),
    ("exp(-x^2", 4, "never closed"),
    ("x + y", 5, "'y'"),
    ("polygamma(x, x)", 11, ""),
    ("1e999 * x", 1, ""),
    ("", 1, ""),
])
def test_parse_errors_name_the_column(src, col, what):
    with pytest.raises(dnum.ParseError) as ei:
        dnum.Expr(src)
    e = ei.value
    assert isinstance(e, ValueError)
    assert e.column == col
    assert f"column {col}" in str(e) and f"column {col}" in e.reason
    assert what in str(e)
    lines = str(e).split("\n")
    assert len(lines) == 3 and lines[2].index("^") - 2 == col - 1  # the caret under it


def test_parse_error_in_a_later_line_and_escapes():
    with pytest.raises(dnum.ParseError) as ei:
        dnum.Expr("x +\n\tfoo(x)")
    s = str(ei.value)
    assert "line 2" in s and "\\t" in s
    with pytest.raises(dnum.ParseError):
        dnum.derivatives("x $ 1", 1.0, 2)


@pytest.mark.parametrize("src,vars,reason", [
    ("x*y", ("x",), """unknown variable 'y' at column 3 (declare it with vars=("x", "y"))"""),
    ("x + z", "x,y", """unknown variable 'z' at column 5 (declare it with vars=("x", "y", "z"))"""),
    ("x*y*z", ("x",), """unknown variable 'y' at column 3 (declare it and z with vars=("x", "y", "z"))"""),
    ("2*PI*x", ("x",),
     """unknown variable 'PI' at column 3 (did you mean 'pi'? or declare it with vars=("x", "PI"))"""),
    ("b + " + "+".join(f"a{i}" for i in range(10)), [f"a{i}" for i in range(10)],
     "unknown variable 'b' at column 1 (declare the variables with vars=, at most 10)"),
])
def test_unknown_variable_says_how_to_declare_it(src, vars, reason):
    with pytest.raises(dnum.ParseError) as ei:
        dnum.Expr(src, vars=vars)
    assert ei.value.reason == reason
    assert str(ei.value).split("\n")[0] == reason
    with pytest.raises(dnum.ParseError, match="declare it with vars="):
        dnum.derivatives("x*y", 1.0, 2)


@pytest.mark.parametrize("src,reason", [
    ("x**2", "unexpected '*' at column 3 (powers are written with '^', as in x^2)"),
    ("2x", "expected an operator, found 'x' at column 2 (a product is written with '*', as in 2*x)"),
    ("abs(x) + |x|", "unexpected character '|' at column 10 (the absolute value is written abs(x))"),
    ("math.exp(x)", "unknown name 'math.exp' at column 1 (write exp without 'math.')"),
    ("exp(x) -", "unexpected end of expression at column 9 (an operand is missing after the '-' at column 8)"),
    ("1.2.5*x", "expected an operator, found '.5' at column 4 (a number has one decimal point, as in 1.25)"),
])
def test_other_languages_spellings_get_this_ones(src, reason):
    with pytest.raises(dnum.ParseError) as ei:
        dnum.Expr(src)
    assert ei.value.reason == reason


def test_hostile_sources():
    with pytest.raises(dnum.ParseError):
        dnum.Expr("(" * 100000 + "x" + ")" * 100000)
    with pytest.raises(dnum.ParseError):
        dnum.Expr("x" + "+x" * (2 ** 21 + 10))  # over the 4 MiB limit
    with pytest.raises(ValueError, match="NUL"):
        dnum.Expr("x\0+1")
    with pytest.raises(dnum.ParseError):
        dnum.Expr("x + \u00e9")


def test_bad_variables():
    with pytest.raises(ValueError, match="bad variable names"):
        dnum.Expr("x", vars=("1x",))
    with pytest.raises(ValueError, match="bad variable names"):
        dnum.Expr("x", vars=("x", "x"))
    with pytest.raises(ValueError, match="bad variable names"):
        dnum.Expr("x", vars=("sin",))
    with pytest.raises(ValueError, match="1 to 10 variables"):
        dnum.Expr("x", vars=())
    with pytest.raises(ValueError, match="1 to 10 variables"):
        dnum.Expr("a", vars=[f"a{i}" for i in range(11)])
    with pytest.raises(TypeError):
        dnum.Expr("x", vars=(1,))
    with pytest.raises(TypeError):
        dnum.Expr(b"x")
    with pytest.raises(TypeError):
        dnum.derivatives(3, 1.0, 2)
    with pytest.raises(ValueError, match="differ"):
        dnum.derivatives(dnum.Expr("x"), 1.0, 2, vars="y")


def test_bad_evaluation_arguments():
    e = dnum.Expr("sin(x)")
    with pytest.raises(ValueError, match=">= 0"):
        e.derivatives(1.0, -1)
    with pytest.raises(ValueError, match="limit 1000"):
        e.derivatives(1.0, 1001)
    with pytest.raises(TypeError):
        e.derivatives(1.0, 2.5)
    with pytest.raises(ValueError, match="precision"):
        e.derivatives(1.0, 2, precision="quad")
    with pytest.raises(ValueError, match="threads"):
        e.derivatives(1.0, 2, threads=0)
    with pytest.raises(TypeError, match="complex"):
        e.derivatives(np.array([1j]), 2)
    with pytest.raises(ValueError):
        e.derivatives("abc", 2)
    with pytest.raises(ValueError, match="limit 18 for 8 variables"):
        dnum.derivatives("a", np.zeros(8), 19, vars="a,b,c,d,f,g,h,k")
    with pytest.raises(ValueError, match="limit 64 for two"):
        dnum.derivatives("x*y", np.zeros(2), 65, vars="x,y")


def test_nan_results_print_nothing():
    d = dnum.derivatives("log(x) + acosh(x)", np.array([-1.0, 0.0, 0.5]), 4)
    assert np.isnan(d[0, 0]) and np.isnan(d[2, 0])
