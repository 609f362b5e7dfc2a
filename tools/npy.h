/* npy.h -- NumPy's .npy format (version 1.0) for dnum-eval -f npy: a fixed 128-byte
 * header ('<f8', C order, shape (rows, cols)), then the rows as little-endian doubles.
 * The values are those of the CSV text read back: -0 becomes 0 and every NaN the one
 * quiet NaN, so numpy.load gives bit for bit the doubles of float() on the CSV. */
#ifndef DNUM_NPY_H
#define DNUM_NPY_H

#include <stddef.h>

/** The length of npy_header's output: a multiple of 64, as numpy aligns the data. */
#define NPY_HEADER_LEN 128

/** Writes the header of a rows x cols array of float64 to dst (NPY_HEADER_LEN bytes;
 *  every header is that long, so a header can be rewritten in place with another row
 *  count). */
void npy_header(char *dst, unsigned long rows, unsigned long cols);

/** Writes the n doubles v[0..n-1] to dst as n little-endian float64 (8 n bytes), -0 as 0
 *  and NaN as the quiet NaN 0x7ff8000000000000. Returns 8 n. */
size_t npy_row(char *dst, const double *v, size_t n);

/** npy_row of m rows of n + 1 doubles from a structure of arrays: row p is x[p], v[p],
 *  v[ld + p], ..., v[(n - 1) ld + p]. Returns 8 (n + 1) m. */
size_t npy_rows_soa(char *dst, const double *x, const double *v, size_t ld, size_t n, size_t m);

/** Where the header of an array written to fd from now on can be rewritten later: the
 *  current offset if fd is a regular file not opened for appending, else -1 (a pipe, a
 *  terminal). */
long long npy_rewritable(int fd);

/** Rewrites the header at offset `at` of fd with the row count rows. Returns 0, or -1
 *  (errno). */
int npy_rewrite(int fd, long long at, unsigned long rows, unsigned long cols);

#endif
