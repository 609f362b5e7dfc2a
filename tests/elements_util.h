/* Helpers shared by the element-driver tests (tests/test_elements*.c, one program): the
 * CSR pattern as a dense matrix, a scale for tolerances, a counting allocator that fails
 * on request and checks every free's size, and the chained-Rosenbrock structure. */
#ifndef DNUM_TESTS_ELEMENTS_UTIL_H
#define DNUM_TESTS_ELEMENTS_UTIL_H
#include <stddef.h>
#include <stdint.h>
#include <dnum/dnum.h>

/* the lower-triangle CSR H as a dense symmetric matrix D (n x n); checks the CSR shape */
void csr_dense(const dn_sphess *H, double *D);
/* the largest finite |a[i]|, at least floor_ */
double maxabs(const double *a, size_t n, double floor_);

/* ---- counting allocator: fails allocation number fail_at, checks every free's size ---- */

enum { NTAB = 256 };
typedef struct {
    long fail_at, count, live;
    long bad_free; /* frees of an unknown pointer or with another size than allocated */
    struct {
        void *p;
        size_t size;
    } tab[NTAB];
} counting;

void *c_alloc(size_t size, void *ctx);
void c_free(void *p, size_t size, void *ctx);
void counting_init(counting *c);

/* chained Rosenbrock, elements (x_i, x_i+1): the structure of rosen_el of
 * bench/w3_rosen.h, made here (checking that idx is copied) */
dn_elements *rosen_struct(unsigned n);

/* a value no constructor writes on an error */
#define SENTINEL ((dn_elements *)(uintptr_t)0x5e5e)

#endif
