/* Reading a sparse Hessian (dn_sphess, dnum/hessian.h): one entry of the symmetric
 * matrix, its position in val, and the full dense matrix. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "dnum/hessian.h"

int dn_sphess_find(const dn_sphess *H, unsigned i, unsigned j, size_t *pos)
{
    if (H == NULL || i >= H->n || j >= H->n) return DN_EINVAL;
    if (i < j) { /* the stored triangle: column <= row */
        unsigned t = i;
        i = j, j = t;
    }
    size_t lo = H->rowptr[i], end = H->rowptr[i + 1], hi = end;
    while (lo < hi) { /* the columns of a row ascend */
        size_t mid = lo + (hi - lo) / 2;
        if (H->col[mid] < j) lo = mid + 1;
        else hi = mid;
    }
    if (lo == end || H->col[lo] != j) return DN_EINVAL;
    if (pos) *pos = lo;
    return DN_OK;
}

double dn_sphess_get(const dn_sphess *H, unsigned i, unsigned j)
{
    size_t p;
    if (H == NULL || i >= H->n || j >= H->n) return NAN;
    return dn_sphess_find(H, i, j, &p) == DN_OK ? H->val[p] : 0.0;
}

int dn_sphess_to_dense(double *A, const dn_sphess *H)
{
    if (A == NULL || H == NULL || H->n == 0) return DN_EINVAL;
    size_t n = H->n;
    if (n > SIZE_MAX / sizeof *A / n) return DN_ERANGE;
    memset(A, 0, n * n * sizeof *A);
    for (size_t i = 0; i < n; i++)
        for (size_t p = H->rowptr[i]; p < H->rowptr[i + 1]; p++) {
            size_t j = H->col[p];
            A[i * n + j] = A[j * n + i] = H->val[p];
        }
    return DN_OK;
}
