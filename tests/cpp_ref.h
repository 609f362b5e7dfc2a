/* The C reference of test_cpp.cpp (tests/cpp_ref.c): out[] = the derivatives of the test
 * formula at order n (1, 4, 8, 16, 32) or the Dnum2 partials at total order n (1, 2, 5, 16),
 * computed with the static inline C functions. Return 0, or -1 for another n. */
#ifndef DNUM_TESTS_CPP_REF_H
#define DNUM_TESTS_CPP_REF_H
#ifdef __cplusplus
extern "C" {
#endif
int cpp_ref_fixed(unsigned n, double x0, double *out);
int cpp_ref_fixed2(unsigned n, double x0, double y0, double *out);
#ifdef __cplusplus
}
#endif
#endif
