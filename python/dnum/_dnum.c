/* dnum._dnum: the C side of the Python package dnum (python/dnum/__init__.py).
 *
 * A thin layer over the expression engines of dnum/expr.h: Program wraps a parsed dn_expr;
 * Program.eval runs one engine over a C-contiguous block of points (shape (m, k), float64)
 * into caller-allocated output arrays, on threads of its own with the GIL released. The
 * shapes, dtypes and keywords are checked and normalised in __init__.py; the checks here
 * keep the C side safe whatever it is given (every size is checked again).
 *
 * Engines, as dnum-eval picks them: one variable dn_expr_eval / _coeffs / _ext / _prec;
 * two variables dn_expr_eval2 / dn_expr_eval2_err (derivatives in the Dnum2 layout); three
 * or more dn_expr_evalk / dn_expr_evalk_err (Taylor coefficients in the Dnumk layout).
 * Derivatives and coefficients convert into each other through a! = a1! ... ak!, in long
 * double and rounded once, the bounds likewise plus the rounding of the converted number
 * (2^-52 of it). Both layouts order the partials by total order, then decreasing a1, a2, ...
 * (dnk_index). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <dnum/expr.h>
#include <dnum/batch.h>
#include <dnum/dnumk.h>
#include <dnum/internal/tables.h>

#include "_run.h"

#define MAX_THREADS 256

static PyObject *ParseError;

/* ---- the parsed expression ---- */

typedef struct {
    PyObject_HEAD
    dn_expr *e;
    unsigned nvars;
} Program;

/* Escapes n bytes of s for a message as dnum-eval does: printable ASCII as is, \t \n \r,
 * other bytes as \xHH (every output byte one column). dst holds 4 n + 1 bytes. Returns
 * the length. */
static size_t escape(char *dst, const char *s, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f) dst[o++] = (char)c;
        else if (c == '\t') dst[o++] = '\\', dst[o++] = 't';
        else if (c == '\n') dst[o++] = '\\', dst[o++] = 'n';
        else if (c == '\r') dst[o++] = '\\', dst[o++] = 'r';
        else o += (size_t)snprintf(dst + o, 5, "\\x%02x", c);
    }
    dst[o] = '\0';
    return o;
}

/* Appends to dst (cap bytes) the hint after the error err "unknown variable 'name'" of
 * the parse of src with the variables names (nv of them): the vars= that declares it
 * and the other names src uses beside them (found by parsing again with each declared);
 * after the parser's suggestion "(did you mean 'pi'?)" as the other choice. */
static void var_hint(char *dst, size_t cap, const dn_expr_error *err, const char *src,
                     const char *const *names, unsigned nv)
{
    enum { K = DN_EXPR_MAX_VARSK };
    const char *all[K];
    char found[K][DN_EXPR_MAX_NAME + 1];
    unsigned n = nv;
    int over = 0;
    dn_expr_error e = *err;
    memcpy(all, names, nv * sizeof *all);
    do { /* e: "unknown variable 'name'" at the name */
        size_t at = e.column - 1, len = 0;
        while (src[at + len] == '_' || (unsigned)((src[at + len] | 0x20) - 'a') < 26u ||
               (unsigned)(src[at + len] - '0') < 10u)
            len++;
        if (n == K || len > DN_EXPR_MAX_NAME) {
            over = 1;
            break;
        }
        memcpy(found[n - nv], src + at, len);
        found[n - nv][len] = '\0';
        all[n] = found[n - nv];
        n++;
        dn_expr *ok = dn_expr_parse(src, all, n, &e);
        dn_expr_free(ok);
        if (ok) break;
    } while (strncmp(e.msg, "unknown variable", 16) == 0 && e.column);
    size_t w = strlen(dst);
    int choice = w >= 2 && strcmp(dst + w - 2, "?)") == 0;
    if (choice) dst[--w] = '\0'; /* "(did you mean 'pi'? or declare it ...)" */
    if (over) {
        snprintf(dst + w, cap - w, "%sdeclare the variables with vars=, at most %u)",
                 choice ? " or " : " (", (unsigned)K);
        return;
    }
    w += (size_t)snprintf(dst + w, cap - w, "%sdeclare it", choice ? " or " : " (");
    for (unsigned i = nv + 1; i < n && w < cap; i++)
        w += (size_t)snprintf(dst + w, cap - w, "%s%s", i == nv + 1 ? " and " : ", ", all[i]);
    for (unsigned i = 0; i < n && w < cap; i++)
        w += (size_t)snprintf(dst + w, cap - w, "%s\"%s\"", i ? ", " : " with vars=(", all[i]);
    if (w < cap) snprintf(dst + w, cap - w, "))");
}

/* Raises ParseError for a failed parse of src (len bytes): the library's message reason
 * (with a hint of this module's), then the line of the source that holds the error
 * (a window of at most 60 bytes around it), escaped, with a caret under the offending
 * token. Attributes: column (1-based byte position in the UTF-8 source, 0 if none),
 * reason. */
static void raise_parse_error(const char *src, size_t len, const char *reason, unsigned column)
{
    char *msg = NULL;
    size_t pos = column ? column - 1 : 0;
    if (column && pos <= len) {
        size_t ls = pos, le = pos, line = 1;
        while (ls > 0 && src[ls - 1] != '\n') ls--;
        while (le < len && src[le] != '\n') le++;
        for (size_t i = 0; i < ls; i++) line += src[i] == '\n';
        if (ls + 40 < pos) ls = pos - 40; /* a window around the error */
        if (le > pos + 20) le = pos + 20;
        char *shown = malloc(4 * (le - ls) + 8), *caret = malloc(4 * (pos - ls) + 8);
        msg = malloc(strlen(reason) + 8 * (le - ls) + 128);
        if (shown && caret && msg) {
            size_t w = escape(caret, src + ls, pos - ls); /* display columns before it */
            memset(caret, ' ', w);
            caret[w] = '\0';
            escape(shown, src + ls, le - ls);
            char where[48] = "";
            if (line > 1) snprintf(where, sizeof where, " (line %zu)", line);
            sprintf(msg, "%s%s\n  %s%s\n  %s%s^", reason, where, ls ? "..." : "", shown,
                    ls ? "   " : "", caret);
        } else {
            free(msg);
            msg = NULL;
        }
        free(shown);
        free(caret);
    }
    PyObject *exc = PyObject_CallFunction(ParseError, "s", msg ? msg : reason);
    free(msg);
    if (!exc) return;
    PyObject *col = PyLong_FromUnsignedLong(column), *why = PyUnicode_FromString(reason);
    if (col && why && PyObject_SetAttrString(exc, "column", col) == 0 &&
        PyObject_SetAttrString(exc, "reason", why) == 0)
        PyErr_SetObject(ParseError, exc);
    Py_XDECREF(col);
    Py_XDECREF(why);
    Py_DECREF(exc);
}

static int Program_init(Program *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"source", "vars", NULL};
    PyObject *src_obj, *vars_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "UO:Program", kwlist, &src_obj, &vars_obj)) return -1;
    if (self->e) {
        PyErr_SetString(PyExc_RuntimeError, "Program is already initialised");
        return -1;
    }
    Py_ssize_t len;
    const char *src = PyUnicode_AsUTF8AndSize(src_obj, &len);
    if (!src) return -1;
    if ((size_t)len != strlen(src)) {
        PyErr_SetString(PyExc_ValueError, "the expression contains a NUL character");
        return -1;
    }
    PyObject *seq = PySequence_Fast(vars_obj, "vars must be a sequence of names");
    if (!seq) return -1;
    Py_ssize_t nv = PySequence_Fast_GET_SIZE(seq);
    if (nv < 1 || nv > (Py_ssize_t)DN_EXPR_MAX_VARSK) {
        PyErr_Format(PyExc_ValueError, "1 to %u variables (got %zd)", (unsigned)DN_EXPR_MAX_VARSK, nv);
        Py_DECREF(seq);
        return -1;
    }
    /* the names are copied: the list may change while the GIL is released */
    const char *names[DN_EXPR_MAX_VARSK];
    Py_ssize_t nl[DN_EXPR_MAX_VARSK], total = 0;
    for (Py_ssize_t i = 0; i < nv; i++) {
        PyObject *it = PySequence_Fast_GET_ITEM(seq, i);
        names[i] = PyUnicode_Check(it) ? PyUnicode_AsUTF8AndSize(it, &nl[i]) : NULL;
        if (!names[i]) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "variable names must be str");
            Py_DECREF(seq);
            return -1;
        }
        if ((size_t)nl[i] != strlen(names[i])) {
            PyErr_SetString(PyExc_ValueError, "a variable name contains a NUL character");
            Py_DECREF(seq);
            return -1;
        }
        total += nl[i] + 1;
    }
    char *copy = PyMem_Malloc((size_t)total), *p = copy;
    if (!copy) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < nv; i++) {
        memcpy(p, names[i], (size_t)nl[i] + 1);
        names[i] = p;
        p += nl[i] + 1;
    }
    Py_DECREF(seq);
    dn_expr_error err;
    dn_expr *e;
    Py_BEGIN_ALLOW_THREADS /* a 4 MiB formula takes a while */
    e = dn_expr_parse(src, names, (unsigned)nv, &err);
    Py_END_ALLOW_THREADS
    if (!e) {
        char reason[sizeof err.msg + DN_EXPR_MAX_VARSK * (DN_EXPR_MAX_NAME + 8) + 64];
        snprintf(reason, sizeof reason, "%s", err.msg);
        if (err.code == DN_EPARSE && strncmp(err.msg, "unknown variable", 16) == 0 && err.column)
            var_hint(reason, sizeof reason, &err, src, names, (unsigned)nv);
        PyMem_Free(copy);
        if (err.code == DN_ENOMEM) PyErr_NoMemory();
        else if (err.code == DN_EINVAL) PyErr_Format(PyExc_ValueError, "bad variable names: %s", err.msg);
        else raise_parse_error(src, (size_t)len, reason, err.column);
        return -1;
    }
    PyMem_Free(copy);
    self->e = e;
    self->nvars = (unsigned)nv;
    return 0;
}

static void Program_dealloc(Program *self)
{
    dn_expr_free(self->e);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* An array argument: float64, C-contiguous, aligned, 2-D with the given number of
 * columns (rows: *m, or checked against it), writeable if asked. */
static int check_array(PyObject *o, const char *what, npy_intp cols, npy_intp *m, int write)
{
    if (!PyArray_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be a NumPy array", what);
        return -1;
    }
    PyArrayObject *a = (PyArrayObject *)o;
    if (PyArray_TYPE(a) != NPY_DOUBLE || PyArray_NDIM(a) != 2 || !PyArray_ISCARRAY_RO(a) ||
        (write && !PyArray_ISWRITEABLE(a))) {
        PyErr_Format(PyExc_ValueError, "%s must be a %sC-contiguous 2-D float64 array", what,
                     write ? "writeable " : "");
        return -1;
    }
    if (PyArray_DIM(a, 1) != cols || (*m >= 0 && PyArray_DIM(a, 0) != *m)) {
        PyErr_Format(PyExc_ValueError, "%s has shape (%zd, %zd), expected (%zd, %zd)", what,
                     (Py_ssize_t)PyArray_DIM(a, 0), (Py_ssize_t)PyArray_DIM(a, 1),
                     (Py_ssize_t)(*m >= 0 ? *m : PyArray_DIM(a, 0)), (Py_ssize_t)cols);
        return -1;
    }
    *m = PyArray_DIM(a, 0);
    return 0;
}

/* The number of columns (numbers per point) of k variables at total order n on the
 * engine that evaluates them, or 0 beyond its limits (with a ValueError set). */
static size_t ncols_of(unsigned k, unsigned long n, int errors)
{
    if (k == 1) {
        if (n > DN_ORDER_MAX) {
            PyErr_Format(PyExc_ValueError, "order %lu is above the limit %u for one variable", n,
                         (unsigned)DN_ORDER_MAX);
            return 0;
        }
        return (size_t)n + 1;
    }
    if (k == 2) {
        unsigned top = errors ? DN_EXPR_MAX_ORDERK : DN_EXPR_MAX_ORDER2;
        if (n > top) {
            PyErr_Format(PyExc_ValueError, "order %lu is above the limit %u for two variables%s", n,
                         top, errors ? " with error bounds" : "");
            return 0;
        }
        return (size_t)(n + 1) * (n + 2) / 2;
    }
    size_t s = n <= DNK_ORDER_MAX ? dnk_size(k, (unsigned)n) : 0;
    if (!s) {
        unsigned top = 0;
        while (top < DNK_ORDER_MAX && dnk_size(k, top + 1)) top++;
        PyErr_Format(PyExc_ValueError, "order %lu is above the limit %u for %u variables", n, top, k);
    }
    return s;
}

/* a! = a1! ... ak! of every column (graded order), in long double. */
static void make_scales(long double *scale, const long double *fact, unsigned k, unsigned n, size_t len)
{
    if (k == 1) {
        for (size_t c = 0; c < len; c++) scale[c] = fact[c];
        return;
    }
    unsigned a[DNK_VARS_MAX];
    /* every multi-index of total order <= n, placed where dnk_index puts it */
    memset(a, 0, sizeof a);
    for (;;) {
        long double s = 1.0L;
        unsigned t = 0;
        for (unsigned v = 0; v < k; v++) s *= fact[a[v]], t += a[v];
        if (t <= n) scale[dnk_index(k, a)] = s;
        /* next in the product order, skipping the totals above n */
        unsigned v = 0;
        while (v < k) {
            if (t < n) {
                a[v]++;
                break;
            }
            t -= a[v];
            a[v] = 0;
            v++;
        }
        if (v == k) break;
    }
}

PyDoc_STRVAR(Program_eval_doc,
"eval(points, order, taylor, precision, errors, threads, out, err) -> int\n\n"
"Evaluates at every row of points (float64, C-contiguous, shape (m, nvars)) into out\n"
"(shape (m, ncols)) and, if errors, the bounds into err (same shape; else None).\n"
"precision: 0 double, 1 extended, 2 auto. Returns how many points were evaluated in\n"
"extended precision. Used by dnum.Expr; not a public interface.");

static PyObject *Program_eval(Program *self, PyObject *args)
{
    PyObject *pts_o, *out_o, *err_o;
    unsigned long order;
    int taylor, prec, errors, nthreads;
    if (!PyArg_ParseTuple(args, "OkpipiOO:eval", &pts_o, &order, &taylor, &prec, &errors,
                          &nthreads, &out_o, &err_o))
        return NULL;
    if (!self->e) {
        PyErr_SetString(PyExc_RuntimeError, "Program is not initialised");
        return NULL;
    }
    unsigned k = self->nvars;
    if (prec < P_DOUBLE || prec > P_AUTO) {
        PyErr_SetString(PyExc_ValueError, "bad precision code");
        return NULL;
    }
    if (k > 1 && prec == P_EXTENDED) {
        PyErr_SetString(PyExc_ValueError,
                        "precision 'extended' takes one variable (several variables compute in double)");
        return NULL;
    }
    if (k > 1) prec = P_DOUBLE; /* auto: double, the only precision of the multivariate engines */
    if (prec != P_DOUBLE && dn_ext_bits() == 53 && order > DN_TAYLOR_MAX) {
        PyErr_Format(PyExc_ValueError,
                     "order %lu in extended precision: above %u, which is the limit where "
                     "long double is double", order, (unsigned)DN_TAYLOR_MAX);
        return NULL;
    }
    size_t len = ncols_of(k, order, errors);
    if (!len) return NULL;
    npy_intp m = -1;
    if (check_array(pts_o, "points", (npy_intp)k, &m, 0) ||
        check_array(out_o, "out", (npy_intp)len, &m, 1))
        return NULL;
    if (errors ? check_array(err_o, "err", (npy_intp)len, &m, 1) : err_o != Py_None) {
        if (!errors) PyErr_SetString(PyExc_ValueError, "err must be None without errors");
        return NULL;
    }

    struct job j;
    memset(&j, 0, sizeof j);
    j.e = self->e;
    j.k = k;
    j.n = (unsigned)order;
    j.len = len;
    j.engine = k == 1 ? ENG_ONE : k == 2 ? ENG_TWO : ENG_K;
    j.prec = prec;
    j.taylor = taylor;
    j.errors = errors;
    j.pts = PyArray_DATA((PyArrayObject *)pts_o);
    j.out = PyArray_DATA((PyArrayObject *)out_o);
    j.err = errors ? PyArray_DATA((PyArrayObject *)err_o) : NULL;
    j.m = (size_t)m;
    atomic_init(&j.next, 0);
    atomic_init(&j.fail, 0);
    atomic_init(&j.n_ext, 0);
    if (j.engine == ENG_ONE && j.n >= 1 && j.n < DN_ORDER_MAX) {
        j.n2 = j.n + EXTRA_ORDERS < DN_ORDER_MAX ? j.n + EXTRA_ORDERS : DN_ORDER_MAX;
        if (prec != P_DOUBLE && dn_ext_bits() == 53 && j.n2 > DN_TAYLOR_MAX) j.n2 = 0;
        j.len2 = (size_t)j.n2 + 1;
    }
    /* workspaces: the largest any path of eval_point needs */
    const dn_expr *e = self->e;
    if (j.engine == ENG_ONE) {
        for (int pass = 0; pass < 2; pass++) {
            unsigned n = pass ? j.n2 : j.n;
            if (pass && !n) break;
            size_t w = dn_expr_work_size(e, n), w2 = 0;
            if (errors || prec == P_AUTO) w2 = dn_expr_work_size_err(e, n);
            else if (prec == P_EXTENDED) w2 = dn_expr_work_size_ext(e, n);
            if (w2 > w) w = w2;
            *(pass ? &j.wsize2 : &j.wsize) = w;
        }
    } else if (j.engine == ENG_TWO) {
        j.wsize = errors ? dn_expr_work_sizek_err(e, 2, j.n) : dn_expr_work_size2(e, j.n);
    } else {
        j.wsize = errors ? dn_expr_work_sizek_err(e, k, j.n) : dn_expr_work_sizek(e, k, j.n);
    }
    if (!j.wsize || (j.n2 && !j.wsize2)) {
        PyErr_Format(PyExc_ValueError, "order %lu is beyond the engine's limits", order);
        return NULL;
    }
    if (!errors && j.engine == ENG_ONE && prec == P_DOUBLE && j.n <= DN_TAYLOR_MAX)
        j.batch = B_DOUBLE, j.bwsize = dn_expr_work_size_batch(e, j.n);
    else if (!errors && j.engine == ENG_ONE && prec == P_AUTO && !taylor && j.n < DN_TAYLOR_MAX)
        j.batch = B_AUTO, j.bwsize = dn_expr_work_size_batch_prec(e, j.n);
    else if (!errors && j.engine == ENG_TWO)
        j.batch = B_MULTI, j.bwsize = dn_expr_work_size_batch2(e, j.n);
    else if (!errors && j.engine == ENG_K)
        j.batch = B_MULTI, j.bwsize = dn_expr_work_size_batchk(e, k, j.n);
    if (j.batch && !j.bwsize) j.batch = B_NONE; /* (beyond the batch evaluator's limits) */
    if (j.batch && !dn_batch_isa(DN_BATCH_AUTO)) { /* DN_BATCH_ISA refused: say why */
        dn_errinfo ie;
        dn_batch_isa_env(NULL, &ie);
        return PyErr_Format(PyExc_ValueError, "%s",
                            ie.code ? ie.msg : "DN_BATCH_ISA names no instruction set available");
    }
    unsigned ntop = j.n2 > j.n ? j.n2 : j.n;
    long double *fact = PyMem_RawMalloc(((size_t)ntop + 1) * sizeof *fact);
    long double *scale = PyMem_RawMalloc(len * sizeof *scale);
    if (!fact || !scale) {
        PyMem_RawFree(fact);
        PyMem_RawFree(scale);
        return PyErr_NoMemory();
    }
    fact[0] = 1.0L; /* k! as a running product (as dn_expr_eval_coeffs and dnum-eval) */
    for (unsigned i = 1; i <= ntop; i++) fact[i] = fact[i - 1] * (long double)i;
    make_scales(scale, fact, k, j.n, len);
    j.fact = fact;
    j.scale = scale;

    if (nthreads < 1) nthreads = 1;
    if (nthreads > MAX_THREADS) nthreads = MAX_THREADS;
    size_t chunks = (j.m + CHUNK - 1) / CHUNK;
    if ((size_t)nthreads > chunks) nthreads = chunks ? (int)chunks : 1;
    Py_BEGIN_ALLOW_THREADS
    pthread_t tid[MAX_THREADS];
    int started = 0;
    for (int t = 1; t < nthreads; t++) {
        if (pthread_create(&tid[started], NULL, dnpy_run_worker, &j) != 0) break; /* fewer threads */
        started++;
    }
    dnpy_run_worker(&j);
    for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
    Py_END_ALLOW_THREADS
    PyMem_RawFree(fact);
    PyMem_RawFree(scale);
    int fail = atomic_load(&j.fail);
    if (fail == DN_ENOMEM) return PyErr_NoMemory();
    if (fail) return PyErr_Format(PyExc_RuntimeError, "the engine failed with status %d", fail);
    return PyLong_FromSize_t(atomic_load(&j.n_ext));
}

static PyObject *Program_get_nvars(Program *self, void *closure)
{
    (void)closure;
    return PyLong_FromUnsignedLong(self->nvars);
}

static PyMethodDef Program_methods[] = {
    {"eval", (PyCFunction)Program_eval, METH_VARARGS, Program_eval_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Program_getset[] = {
    {"nvars", (getter)Program_get_nvars, NULL, "number of variables", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject ProgramType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dnum._dnum.Program",
    .tp_doc = PyDoc_STR("Program(source, vars): a formula parsed by dn_expr_parse (internal; "
                        "use dnum.Expr)."),
    .tp_basicsize = sizeof(Program),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Program_init,
    .tp_dealloc = (destructor)Program_dealloc,
    .tp_methods = Program_methods,
    .tp_getset = Program_getset,
};

/* ---- the column index ---- */

/* A multi-index from a Python sequence of non-negative integers into a[0..k-1]. Returns
 * k, or -1 with an exception set. */
static int get_index(PyObject *o, unsigned *a)
{
    PyObject *seq = PySequence_Fast(o, "a multi-index must be a sequence of integers");
    if (!seq) return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
    if (k < 1 || k > DNK_VARS_MAX) {
        PyErr_Format(PyExc_ValueError, "a multi-index has 1 to %u entries (got %zd)",
                     (unsigned)DNK_VARS_MAX, k);
        Py_DECREF(seq);
        return -1;
    }
    unsigned long total = 0;
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *num = PyNumber_Index(PySequence_Fast_GET_ITEM(seq, i));
        long v = num ? PyLong_AsLong(num) : -1;
        Py_XDECREF(num);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (v < 0 || v > DN_ORDER_MAX) {
            PyErr_Format(PyExc_ValueError, "multi-index entries are 0..%u (got %ld)",
                         (unsigned)DN_ORDER_MAX, v);
            Py_DECREF(seq);
            return -1;
        }
        a[i] = (unsigned)v;
        total += (unsigned long)v;
    }
    Py_DECREF(seq);
    unsigned long top = k == 1 ? DN_ORDER_MAX : k == 2 ? DN_EXPR_MAX_ORDER2 : DNK_ORDER_MAX;
    if (total > top) {
        PyErr_Format(PyExc_ValueError, "total order %lu is above %lu, the limit for %zd variable%s",
                     total, top, k, k == 1 ? "" : "s");
        return -1;
    }
    return (int)k;
}

static PyObject *mod_column(PyObject *mod, PyObject *arg)
{
    (void)mod;
    unsigned a[DNK_VARS_MAX];
    int k = get_index(arg, a);
    if (k < 0) return NULL;
    return PyLong_FromSize_t(dnk_index((unsigned)k, a));
}

static PyObject *mod_partials(PyObject *mod, PyObject *args)
{
    (void)mod;
    unsigned k;
    unsigned long n;
    if (!PyArg_ParseTuple(args, "Ik:partials", &k, &n)) return NULL;
    if (k < 1 || k > DNK_VARS_MAX) {
        PyErr_Format(PyExc_ValueError, "1 to %u variables (got %u)", (unsigned)DNK_VARS_MAX, k);
        return NULL;
    }
    size_t len = ncols_of(k, n, 0);
    if (!len) return NULL;
    npy_intp dims[2] = {(npy_intp)len, (npy_intp)k};
    PyArrayObject *r = (PyArrayObject *)PyArray_ZEROS(2, dims, NPY_INTP, 0);
    if (!r) return NULL;
    npy_intp *d = PyArray_DATA(r);
    unsigned a[DNK_VARS_MAX] = {0};
    /* every multi-index of total order <= n, in its row dnk_index(k, a) */
    for (;;) {
        unsigned t = 0;
        for (unsigned v = 0; v < k; v++) t += a[v];
        size_t c = dnk_index(k, a);
        if (c >= len) { /* cannot happen: the index is a bijection onto 0..len-1 */
            Py_DECREF(r);
            PyErr_SetString(PyExc_SystemError, "dnk_index out of range");
            return NULL;
        }
        for (unsigned v = 0; v < k; v++) d[c * k + v] = (npy_intp)a[v];
        unsigned v = 0;
        while (v < k) {
            if (t < n) {
                a[v]++;
                break;
            }
            t -= a[v];
            a[v] = 0;
            v++;
        }
        if (v == k) break;
    }
    return (PyObject *)r;
}

static PyObject *mod_ncols(PyObject *mod, PyObject *args)
{
    (void)mod;
    unsigned k;
    unsigned long n;
    int errors = 0;
    if (!PyArg_ParseTuple(args, "Ik|p:ncols", &k, &n, &errors)) return NULL;
    if (k < 1 || k > DNK_VARS_MAX) {
        PyErr_Format(PyExc_ValueError, "1 to %u variables (got %u)", (unsigned)DNK_VARS_MAX, k);
        return NULL;
    }
    size_t len = ncols_of(k, n, errors);
    return len ? PyLong_FromSize_t(len) : NULL;
}

static PyObject *mod_ext_bits(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    return PyLong_FromLong(dn_ext_bits());
}

static PyMethodDef module_methods[] = {
    {"column", mod_column, METH_O,
     "column(alpha) -> int: the column of the partial d^|alpha| f / dx1^alpha1 ... in the "
     "results (dnk_index)."},
    {"partials", mod_partials, METH_VARARGS,
     "partials(k, n) -> ndarray (ncols, k): row c is the multi-index of column c."},
    {"ncols", mod_ncols, METH_VARARGS,
     "ncols(k, n, errors=False) -> int: columns of k variables at total order n (ValueError "
     "beyond the engine's limits)."},
    {"ext_bits", mod_ext_bits, METH_NOARGS,
     "ext_bits() -> int: significand bits of the extended precision (113: binary128)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_dnum",
    "The C side of dnum: the expression engines of the dnum C library.", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__dnum(void)
{
    import_array();
    if (PyType_Ready(&ProgramType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (!m) return NULL;
    ParseError = PyErr_NewExceptionWithDoc(
        "dnum.ParseError",
        "A formula that does not parse. str() gives the library's message (naming the column), "
        "the source line and a caret; attributes: column (1-based byte position in the UTF-8 "
        "source, 0 if none) and reason (the message alone).",
        PyExc_ValueError, NULL);
    if (!ParseError) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(ParseError); /* one reference for the module, one for the raising code */
    Py_INCREF(&ProgramType);
    if (PyModule_AddObject(m, "ParseError", ParseError) < 0 ||
        PyModule_AddObject(m, "Program", (PyObject *)&ProgramType) < 0 ||
        PyModule_AddIntConstant(m, "ORDER_MAX", DN_ORDER_MAX) < 0 ||
        PyModule_AddIntConstant(m, "ORDER2_MAX", DN_EXPR_MAX_ORDER2) < 0 ||
        PyModule_AddIntConstant(m, "ORDERK_MAX", DN_EXPR_MAX_ORDERK) < 0 ||
        PyModule_AddIntConstant(m, "VARS_MAX", DN_EXPR_MAX_VARSK) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
