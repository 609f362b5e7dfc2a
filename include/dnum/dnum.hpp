/* dnum/dnum.hpp -- C++17 front end: operators and overloads over the C library.
 *
 * A thin layer over the C API: every operation calls the dnum_oN_* / dnum2_oN_* function
 * of dnum/fixed.h / dnum/dnum2.h (static inline, as in C) or the library's dvec_*
 * function (the same numbers as C), nothing is re-implemented. Include it instead of
 * dnum/dnum.h and link with -ldnum.
 *
 *     #include <dnum/dnum.hpp>
 *     dnum::fixed<4> x = dnum::fixed<4>::var(0.5);    // wraps dnum_o4
 *     auto y = exp(-x * x);                            // dnum_o4_exp(dnum_o4_neg(...))
 *     double second = y.d(2);                          // d^2/dx^2 exp(-x^2) at 0.5
 *
 * Index (namespace dnum; T is fixed<N>, fixed2<N> or bounded<N>):
 *   types       fixed<N>   order N = 1 ... 32, wraps dnum_oN (member c)
 *               fixed2<N>  total order N = 1 ... 16, wraps dnum2_oN (every mixed partial)
 *               bounded<N> order N = 1 ... 32 with error bounds, wraps dnume_oN
 *                          (dnum/bounded.h: no apply, sincos, sinhcosh)
 *               number<Ops> the class template behind both
 *               dvec       RAII owner of a C dvec (run-time order), throws on errors
 *   construct   T()  T(double c) (constant; implicit)  T::constant(c)  T::from(const double *d)
 *               fixed<N>::var(x)   fixed2<N>::varx(x, y)  fixed2<N>::vary(x, y)
 *               T::wrap(c_value)   (from the C struct)
 *   inspect     fixed: a.d(k)  (NaN for k > N)     fixed2: a.d(i, j)  (NaN for i + j > N)
 *               bounded: a.d(k), a.err(k) (its error bound), a.digits(k) (digits it keeps)
 *               a.value()   a[e] (stored entry e, unchecked)   a.c (the C struct)
 *               fixed2: a.grad(g)  a.hess(H)
 *   operators   + - * / between numbers of one type and with double on either side,
 *               unary - and +, += -= *= /=; == != < <= > >= compare values only (d[0])
 *   functions   f(u) for every one-argument function f of the operation table
 *               (docs/functions.md: exp, log, sin, ... and the special functions),
 *               f(a, b) for the two-argument ones: (T, T), (T, double), (double, T) (pow
 *               has its own: pow(T, T) pow(T, double) pow(T, integer) (exact, pown)),
 *               f(m, u) for those with an integer first argument (int, T); pown(T, long)
 *               sincos(u, s, c)  sinhcosh(u, s, c)    (s, c: references)
 *               apply(u, h, ctx)   h the shared callback double h(double x, unsigned k, void *ctx)
 *               apply(u, f)        f any callable double(double x, unsigned k)
 *   expressions expr_eval(e, r, args, work)   dn_expr_eval_oN for fixed<N> (dnum/expr.h)
 *
 * Semantics (domains, poles, NaN/Inf, costs) are those of the C functions: dnum/fixed.h,
 * dnum/dnum2.h, dnum/dvec.h and docs/special.md. The fixed types have the layout of the
 * C structs: a fixed<N> array is a dnum_oN array (C objectives, dn_expr_eval_oN).
 * The fixed-order calls inline the kernels with the order as a constant, as C code does
 * (docs/cpp.md compares the speed with C and Boost.Math autodiff).
 */
#ifndef DNUM_DNUM_HPP
#define DNUM_DNUM_HPP

#include <cstddef>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include "dnum/dnum.h"
#include "dnum/bounded.h"

namespace dnum
{

namespace detail
{

/* Ops classes: one per family and order, mapping each operation to its C function. */
template <unsigned N> struct fixed_ops {
    static_assert(N != N, "dnum::fixed<N>: the library exports the orders 1 ... 32");
};
template <unsigned N> struct fixed2_ops {
    static_assert(N != N, "dnum::fixed2<N>: the library exports the orders 1 ... 16");
};

#define DNI_DNPP_UN(P, f, ...)                                                             \
    static c_type f(c_type u)                                                              \
    {                                                                                      \
        return P##_##f(u);                                                                 \
    }
#define DNI_DNPP_BIN(P, f, ...)                                                            \
    static c_type f(c_type a, c_type b)                                                    \
    {                                                                                      \
        return P##_##f(a, b);                                                              \
    }
#define DNI_DNPP_BIN_D(P, f)                                                               \
    static c_type f(c_type a, double c)                                                    \
    {                                                                                      \
        return P##_##f(a, c);                                                              \
    }
#define DNI_DNPP_D_BIN(P, f)                                                               \
    static c_type f(double c, c_type a)                                                    \
    {                                                                                      \
        return P##_##f(c, a);                                                              \
    }
#define DNI_DNPP_INT(P, f, ...)                                                            \
    static c_type f(int m, c_type u)                                                       \
    {                                                                                      \
        return P##_##f(m, u);                                                              \
    }
#define DNI_DNPP_PAIR(P, f)                                                                \
    static void f(c_type u, c_type *s, c_type *c)                                          \
    {                                                                                      \
        P##_##f(u, s, c);                                                                  \
    }
#define DNI_DNPP_OPS(P, N)                                                                 \
    using c_type = P;                                                                      \
    static constexpr unsigned order = N;                                                   \
    static c_type constant(double c)                                                       \
    {                                                                                      \
        return P##_const(c);                                                               \
    }                                                                                      \
    static c_type from(const double *d)                                                    \
    {                                                                                      \
        return P##_from(d);                                                                \
    }                                                                                      \
    static c_type pown(c_type u, long m)                                                   \
    {                                                                                      \
        return P##_pown(u, m);                                                             \
    }                                                                                      \
    static c_type apply(c_type u, dn_deriv_fn h, void *ctx)                                \
    {                                                                                      \
        return P##_apply(u, h, ctx);                                                       \
    }                                                                                      \
    DNI_API_UN(DNI_DNPP_UN, P)                                                             \
    DNI_API_BIN(DNI_DNPP_BIN, P)                                                           \
    DNI_API_BIN_D(DNI_DNPP_BIN_D, P)                                                       \
    DNI_API_D_BIN(DNI_DNPP_D_BIN, P)                                                       \
    DNI_API_INT(DNI_DNPP_INT, P)                                                           \
    DNI_API_PAIR(DNI_DNPP_PAIR, P)
#define DNI_DNPP_FIXED(N)                                                                  \
    template <> struct fixed_ops<N> {                                                      \
        DNI_DNPP_OPS(dnum_o##N, N)                                                         \
        static constexpr std::size_t size = (N) + 1;                                       \
        static c_type var(double x) { return dnum_o##N##_var(x); }                         \
        static double get(const c_type *a, unsigned k) { return dnum_o##N##_get(a, k); }   \
    };
#define DNI_DNPP_FIXED2(N)                                                                 \
    template <> struct fixed2_ops<N> {                                                     \
        DNI_DNPP_OPS(dnum2_o##N, N)                                                        \
        static constexpr std::size_t size = DNUM2_SIZE(N);                                 \
        static c_type varx(double x, double y) { return dnum2_o##N##_varx(x, y); }         \
        static c_type vary(double x, double y) { return dnum2_o##N##_vary(x, y); }         \
        static double get(const c_type *a, unsigned i, unsigned j)                         \
        {                                                                                  \
            return dnum2_o##N##_get(a, i, j);                                              \
        }                                                                                  \
        static void grad(c_type a, double g[2]) { dnum2_o##N##_grad(a, g); }               \
        static void hess(c_type a, double H[2][2]) { dnum2_o##N##_hess(a, H); }            \
    };
template <unsigned N> struct bounded_ops {
    static_assert(N != N, "dnum::bounded<N>: the library defines the orders 1 ... 32");
};
/* the bounded companion of fixed<N> (dnum/bounded.h): no apply, sincos, sinhcosh */
#define DNI_DNPP_BOUNDED(N)                                                                \
    template <> struct bounded_ops<N> {                                                    \
        using c_type = dnume_o##N;                                                         \
        static constexpr unsigned order = N;                                               \
        static constexpr std::size_t size = (N) + 1;                                       \
        static c_type constant(double c) { return dnume_o##N##_const(c); }                 \
        static c_type from(const double *d) { return dnume_o##N##_from(d, nullptr); }      \
        static c_type var(double x) { return dnume_o##N##_var(x); }                        \
        static c_type pown(c_type u, long m) { return dnume_o##N##_pown(u, m); }           \
        static double get(const c_type *a, unsigned k) { return dnume_o##N##_get(a, k); }  \
        static double err(const c_type *a, unsigned k) { return dnume_o##N##_err(a, k); }  \
        DNI_API_UN(DNI_DNPP_UN, dnume_o##N)                                                \
        DNI_API_BIN(DNI_DNPP_BIN, dnume_o##N)                                              \
        DNI_API_BIN_D(DNI_DNPP_BIN_D, dnume_o##N)                                          \
        DNI_API_D_BIN(DNI_DNPP_D_BIN, dnume_o##N)                                          \
        DNI_API_INT(DNI_DNPP_INT, dnume_o##N)                                              \
    };
DNI_DNUM_FOR_EACH_ORDER(DNI_DNPP_FIXED)
DNI_DNUM2_FOR_EACH_ORDER(DNI_DNPP_FIXED2)
DNI_DNUM_FOR_EACH_ORDER(DNI_DNPP_BOUNDED)

/* the callable behind apply(u, f): ctx points to f */
template <class F> double call_deriv(double x, unsigned k, void *ctx)
{
    return (*static_cast<F *>(ctx))(x, k);
}

} // namespace detail

/** A fixed-order number of the C family described by Ops (detail::fixed_ops<N> or
 *  detail::fixed2_ops<N>): a value type holding the C struct c. */
template <class Ops> class number
{
public:
    using c_type = typename Ops::c_type;
    static constexpr unsigned order = Ops::order;
    c_type c; /**< the C number (dnum_oN or dnum2_oN), for C APIs */

    /** The constant 0. */
    number() : c(Ops::constant(0.0)) {}
    /** The constant v (every derivative 0); implicit, so 2.0 and a number mix freely. */
    number(double v) : c(Ops::constant(v)) {}
    /** From the C struct. */
    static number wrap(const c_type &v)
    {
        number r(v, 0);
        return r;
    }
    /** The constant v. */
    static number constant(double v) { return wrap(Ops::constant(v)); }
    /** From the stored entries d[0 .. size-1] (derivatives, in the C layout). */
    static number from(const double *d) { return wrap(Ops::from(d)); }
    /** fixed<N>: the variable at x, (x, 1, 0, ..., 0). */
    static number var(double x) { return wrap(Ops::var(x)); }
    /** fixed2<N>: the variable x at (x, y). */
    static number varx(double x, double y) { return wrap(Ops::varx(x, y)); }
    /** fixed2<N>: the variable y at (x, y). */
    static number vary(double x, double y) { return wrap(Ops::vary(x, y)); }

    /** fixed<N>: d(k) is the k-th derivative (NaN for k > N); fixed2<N>: d(i, j) is
     *  d^(i+j)/dx^i dy^j (NaN for i + j > N). */
    template <class... I> double d(I... idx) const
    {
        return Ops::get(&c, unsigned(idx)...);
    }
    /** The value (d[0]). */
    double value() const { return c.d[0]; }
    /** bounded<N>: the bound on the error of d(k) (NaN for k > N). */
    double err(unsigned k) const { return Ops::err(&c, k); }
    /** bounded<N>: the decimal digits of d(k) its bound guarantees (dn_digits). */
    double digits(unsigned k) const { return dn_digits(Ops::get(&c, k), Ops::err(&c, k)); }
    /** Stored entry e (derivative order e for fixed<N>; DNUM2_INDEX(i, j) for fixed2<N>),
     *  unchecked. */
    double operator[](std::size_t e) const { return c.d[e]; }
    /** fixed2<N>: g = (f_x, f_y). */
    void grad(double g[2]) const { Ops::grad(c, g); }
    /** fixed2<N>: the 2x2 Hessian (NaN entries for N = 1). */
    void hess(double H[2][2]) const { Ops::hess(c, H); }

    number operator-() const { return wrap(Ops::neg(c)); }
    number operator+() const { return *this; }
    friend number operator+(const number &a, const number &b)
    {
        return wrap(Ops::add(a.c, b.c));
    }
    friend number operator-(const number &a, const number &b)
    {
        return wrap(Ops::sub(a.c, b.c));
    }
    friend number operator*(const number &a, const number &b)
    {
        return wrap(Ops::mul(a.c, b.c));
    }
    friend number operator/(const number &a, const number &b)
    {
        return wrap(Ops::div(a.c, b.c));
    }
    friend number operator+(const number &a, double b) { return wrap(Ops::add_d(a.c, b)); }
    friend number operator-(const number &a, double b) { return wrap(Ops::sub_d(a.c, b)); }
    friend number operator*(const number &a, double b) { return wrap(Ops::mul_d(a.c, b)); }
    friend number operator/(const number &a, double b) { return wrap(Ops::div_d(a.c, b)); }
    friend number operator+(double a, const number &b) { return wrap(Ops::add_d(b.c, a)); }
    friend number operator-(double a, const number &b) { return wrap(Ops::d_sub(a, b.c)); }
    friend number operator*(double a, const number &b) { return wrap(Ops::mul_d(b.c, a)); }
    friend number operator/(double a, const number &b) { return wrap(Ops::d_div(a, b.c)); }
    number &operator+=(const number &b) { return *this = *this + b; }
    number &operator-=(const number &b) { return *this = *this - b; }
    number &operator*=(const number &b) { return *this = *this * b; }
    number &operator/=(const number &b) { return *this = *this / b; }
    number &operator+=(double b) { return *this = *this + b; }
    number &operator-=(double b) { return *this = *this - b; }
    number &operator*=(double b) { return *this = *this * b; }
    number &operator/=(double b) { return *this = *this / b; }

private:
    number(const c_type &v, int) : c(v) {}
};

/** Fixed order N (1 ... 32): wraps dnum_oN. */
template <unsigned N> using fixed = number<detail::fixed_ops<N>>;
/** Bivariate, total order N (1 ... 16): wraps dnum2_oN. */
template <unsigned N> using fixed2 = number<detail::fixed2_ops<N>>;
/** Fixed order N (1 ... 32) with an error bound beside each derivative: wraps dnume_oN
 *  (dnum/bounded.h); a.err(k), a.digits(k). */
template <unsigned N> using bounded = number<detail::bounded_ops<N>>;

/* comparisons of the values */
#define DNI_DNPP_CMP(op)                                                                   \
    template <class O> bool operator op(const number<O> &a, const number<O> &b)            \
    {                                                                                      \
        return a.value() op b.value();                                                     \
    }                                                                                      \
    template <class O> bool operator op(const number<O> &a, double b)                      \
    {                                                                                      \
        return a.value() op b;                                                             \
    }                                                                                      \
    template <class O> bool operator op(double a, const number<O> &b)                      \
    {                                                                                      \
        return a op b.value();                                                             \
    }
DNI_DNPP_CMP(==)
DNI_DNPP_CMP(!=)
DNI_DNPP_CMP(<)
DNI_DNPP_CMP(<=)
DNI_DNPP_CMP(>)
DNI_DNPP_CMP(>=)

/* the functions: one template per C name, for every order of both families */
#define DNI_DNPP_FUN_UN(N, f, ...)                                                         \
    template <class O> number<O> f(const number<O> &u)                                     \
    {                                                                                      \
        return number<O>::wrap(O::f(u.c));                                                 \
    }
#define DNI_DNPP_FUN_BIN(N, f, ...)                                                        \
    template <class O> number<O> f(const number<O> &a, const number<O> &b)                 \
    {                                                                                      \
        return number<O>::wrap(O::f(a.c, b.c));                                            \
    }                                                                                      \
    template <class O> number<O> f(const number<O> &a, double b)                           \
    {                                                                                      \
        return number<O>::wrap(O::f(a.c, O::constant(b)));                                 \
    }                                                                                      \
    template <class O> number<O> f(double a, const number<O> &b)                           \
    {                                                                                      \
        return number<O>::wrap(O::f(O::constant(a), b.c));                                 \
    }
#define DNI_DNPP_FUN_INT(N, f, ...)                                                        \
    template <class O> number<O> f(int m, const number<O> &u)                              \
    {                                                                                      \
        return number<O>::wrap(O::f(m, u.c));                                              \
    }
#define DNI_DNPP_FUN_PAIR(N, f)                                                            \
    template <class O> void f(const number<O> &u, number<O> &s, number<O> &c)              \
    {                                                                                      \
        O::f(u.c, &s.c, &c.c);                                                             \
    }
DNI_API_UN(DNI_DNPP_FUN_UN, 0) /* neg(u) too, besides -u */
/* pow has overloads of its own (below) */
DNI_DNPP_FUN_BIN(0, atan2, ~)
DNI_DNPP_FUN_BIN(0, hypot, ~)
DNI_OPS_SPECIAL2(DNI_DNPP_FUN_BIN, 0)
DNI_API_INT(DNI_DNPP_FUN_INT, 0)
DNI_API_PAIR(DNI_DNPP_FUN_PAIR, 0)

/** u^v for two numbers: exp(v log u) with value pow(u0, v0); needs u0 > 0. */
template <class O> number<O> pow(const number<O> &u, const number<O> &v)
{
    return number<O>::wrap(O::pow(u.c, v.c));
}
/** u^p for a constant real p (integer p exactly, as pown). */
template <class O> number<O> pow(const number<O> &u, double p)
{
    return number<O>::wrap(O::pow_d(u.c, p));
}
/** u^m for an integer m by binary powering (exact at 0 and for negative values). */
template <class O, class I,
          typename std::enable_if<std::is_integral<I>::value, int>::type = 0>
number<O> pow(const number<O> &u, I m)
{
    return number<O>::wrap(O::pown(u.c, static_cast<long>(m)));
}
/** c^v for a constant c: pow(constant(c), v). */
template <class O> number<O> pow(double c, const number<O> &v)
{
    return number<O>::wrap(O::pow(O::constant(c), v.c));
}
/** u^m for an integer m. */
template <class O> number<O> pown(const number<O> &u, long m)
{
    return number<O>::wrap(O::pown(u.c, m));
}
/** h(u) with every derivative, h(x, k, ctx) = the k-th derivative of h at x. */
template <class O> number<O> apply(const number<O> &u, dn_deriv_fn h, void *ctx = nullptr)
{
    return number<O>::wrap(O::apply(u.c, h, ctx));
}
/** h(u) from a callable f(x, k) returning the k-th derivative of h at x. */
template <
    class O, class F,
    typename std::enable_if<!std::is_convertible<F, dn_deriv_fn>::value, int>::type = 0>
number<O> apply(const number<O> &u, F &&f)
{
    using G = typename std::remove_reference<F>::type;
    return number<O>::wrap(O::apply(u.c, &detail::call_deriv<G>,
                                    const_cast<void *>(static_cast<const void *>(&f))));
}
#define DNI_DNPP_EXPR(N)                                                                   \
    /** dn_expr_eval_oN: e on fixed<N> numbers (args[i] = variable i). */                  \
    inline int expr_eval(const dn_expr *e, fixed<N> &r, const fixed<N> *args,              \
                         double *work)                                                     \
    {                                                                                      \
        static_assert(sizeof(fixed<N>) == sizeof(dnum_o##N), "layout");                    \
        return dn_expr_eval_o##N(e, &r.c, reinterpret_cast<const dnum_o##N *>(args),       \
                                 work);                                                    \
    }
DNI_DNUM_FOR_EACH_ORDER(DNI_DNPP_EXPR)

/** Status code of a failed C call, as an exception (dn_strerror's text). DN_ENOMEM is
 *  thrown as std::bad_alloc. */
class error : public std::runtime_error
{
public:
    explicit error(int code) : std::runtime_error(dn_strerror(code)), code_(code) {}
    /** The DN_E* code. */
    int code() const noexcept { return code_; }

private:
    int code_;
};

namespace detail
{
inline void check(int status)
{
    if (status >= 0) return;
    if (status == DN_ENOMEM) throw std::bad_alloc();
    throw error(status);
}
} // namespace detail

/** A run-time-order number owning a C dvec (dnum/dvec.h): construction, copies and every
 *  operation call the dvec_* functions and throw dnum::error (std::bad_alloc for
 *  DN_ENOMEM) where they return an error, e.g. operands of different orders (DN_EORDER). */
class dvec
{
public:
    ::dvec v; /**< the C dvec, for C APIs */

    /** The constant 0 of the given order (0 ... DN_ORDER_MAX). */
    explicit dvec(unsigned order = 0) { detail::check(dvec_init(&v, order)); }
    /** The constant c of the given order. */
    dvec(double c, unsigned order) : dvec(order) { detail::check(dvec_set_const(&v, c)); }
    /** The variable at x, (x, 1, 0, ..., 0), of the given order. */
    static dvec var(double x, unsigned order)
    {
        dvec r(order);
        detail::check(dvec_set_var(&r.v, x));
        return r;
    }
    dvec(const dvec &o) : dvec(0u) { detail::check(dvec_set(&v, &o.v)); }
    dvec(dvec &&o) : dvec(0u) { dvec_swap(&v, &o.v); }
    dvec &operator=(const dvec &o)
    {
        detail::check(dvec_set(&v, &o.v));
        return *this;
    }
    dvec &operator=(dvec &&o) noexcept
    {
        dvec_swap(&v, &o.v);
        return *this;
    }
    ~dvec() { dvec_clear(&v); }

    /** The order. */
    unsigned order() const { return static_cast<unsigned>(dvec_order(&v)); }
    /** The k-th derivative (NaN for k > order). */
    double d(unsigned k) const { return dvec_get(&v, k); }
    /** The value. */
    double value() const { return dvec_get(&v, 0); }

    dvec operator-() const { return un(dvec_neg, *this); }
    friend dvec operator+(const dvec &a, const dvec &b) { return bin(dvec_add, a, b); }
    friend dvec operator-(const dvec &a, const dvec &b) { return bin(dvec_sub, a, b); }
    friend dvec operator*(const dvec &a, const dvec &b) { return bin(dvec_mul, a, b); }
    friend dvec operator/(const dvec &a, const dvec &b) { return bin(dvec_div, a, b); }
    friend dvec operator+(const dvec &a, double c) { return bin_d(dvec_add_d, a, c); }
    friend dvec operator-(const dvec &a, double c) { return bin_d(dvec_sub_d, a, c); }
    friend dvec operator*(const dvec &a, double c) { return bin_d(dvec_mul_d, a, c); }
    friend dvec operator/(const dvec &a, double c) { return bin_d(dvec_div_d, a, c); }
    friend dvec operator+(double c, const dvec &a) { return bin_d(dvec_add_d, a, c); }
    friend dvec operator-(double c, const dvec &a) { return d_bin(dvec_d_sub, c, a); }
    friend dvec operator*(double c, const dvec &a) { return bin_d(dvec_mul_d, a, c); }
    friend dvec operator/(double c, const dvec &a) { return d_bin(dvec_d_div, c, a); }

    /* helpers: call a C function into a new result */
    static dvec un(int (*f)(::dvec *, const ::dvec *), const dvec &a)
    {
        dvec r;
        detail::check(f(&r.v, &a.v));
        return r;
    }
    static dvec bin(int (*f)(::dvec *, const ::dvec *, const ::dvec *), const dvec &a,
                    const dvec &b)
    {
        dvec r;
        detail::check(f(&r.v, &a.v, &b.v));
        return r;
    }
    static dvec bin_d(int (*f)(::dvec *, const ::dvec *, double), const dvec &a, double c)
    {
        dvec r;
        detail::check(f(&r.v, &a.v, c));
        return r;
    }
    static dvec d_bin(int (*f)(::dvec *, double, const ::dvec *), double c, const dvec &a)
    {
        dvec r;
        detail::check(f(&r.v, c, &a.v));
        return r;
    }
};

#define DNI_DNPP_DV_UN(N, f, ...)                                                          \
    inline dvec f(const dvec &u)                                                           \
    {                                                                                      \
        return dvec::un(dvec_##f, u);                                                      \
    }
#define DNI_DNPP_DV_BIN(N, f, ...)                                                         \
    inline dvec f(const dvec &a, const dvec &b)                                            \
    {                                                                                      \
        return dvec::bin(dvec_##f, a, b);                                                  \
    }
#define DNI_DNPP_DV_INT(N, f, ...)                                                         \
    inline dvec f(int m, const dvec &u)                                                    \
    {                                                                                      \
        dvec r;                                                                            \
        detail::check(dvec_##f(&r.v, m, &u.v));                                            \
        return r;                                                                          \
    }
#define DNI_DNPP_DV_PAIR(N, f)                                                             \
    inline void f(const dvec &u, dvec &s, dvec &c)                                         \
    {                                                                                      \
        detail::check(dvec_##f(&s.v, &c.v, &u.v));                                         \
    }
DNI_API_UN(DNI_DNPP_DV_UN, 0)
DNI_API_INT(DNI_DNPP_DV_INT, 0)
DNI_API_PAIR(DNI_DNPP_DV_PAIR, 0)
DNI_OPS_BINARY(DNI_DNPP_DV_BIN, 0)
/** u^p for a constant real p. */
inline dvec pow(const dvec &u, double p)
{
    return dvec::bin_d(dvec_pow_d, u, p);
}
/** u^m for an integer m. */
inline dvec pown(const dvec &u, long m)
{
    dvec r;
    detail::check(dvec_pown(&r.v, &u.v, m));
    return r;
}
/** h(u) from the shared callback. */
inline dvec apply(const dvec &u, dn_deriv_fn h, void *ctx = nullptr)
{
    dvec r;
    detail::check(dvec_apply(&r.v, &u.v, h, ctx));
    return r;
}

} // namespace dnum

#endif /* DNUM_DNUM_HPP */
