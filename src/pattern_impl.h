/* Sparse patterns of the element drivers (src/elements.c) and the problems of dnum/nlp.h
 * (src/nlp.c): allocation through the caller's allocator, the merge of (row, column)
 * entries into compressed rows, and the runs of elements with evenly advancing indices.
 * Internal to the library. */
#ifndef DNUM_PATTERN_IMPL_H
#define DNUM_PATTERN_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include "dnum/common.h"
#include "dnum/hessian.h"

/* n objects of elem bytes from al (NULL: malloc), at least one; NULL on overflow or
 * failure. */
void *dni_pat_alloc(const dn_allocator *al, size_t n, size_t elem);

/* Frees what dni_pat_alloc(al, n, elem) returned (NULL is a no-op). */
void dni_pat_free(const dn_allocator *al, void *p, size_t n, size_t elem);

/* The pattern of T entries (row[t], col[t]), row[t] < nrows: sorted by row, then column,
 * equal entries merged. Sets *rowptr (nrows + 1 offsets), *colout (*nnz columns, ascending
 * in each row; both allocated from al) and pos[t], the merged position of entry t.
 * 0 or DN_ENOMEM (nothing allocated then). */
int dni_pat_merge(const dn_allocator *al, size_t T, const uint32_t *row,
                  const uint32_t *col, unsigned nrows, unsigned ncols, size_t **rowptr,
                  unsigned **colout, size_t *nnz, uint32_t *pos);

/* H with the pattern (n rows, rowptr, col, nnz entries): H's own arrays where they
 * already hold it, otherwise new ones from H's allocator replacing them (values
 * undefined). 0 or DN_ENOMEM (H unchanged). */
int dni_pat_adopt(dn_sphess *H, unsigned n, const size_t *rowptr, const unsigned *col,
                  size_t nnz);

/* The runs of m elements of K indices each: maximal stretches whose indices all advance by
 * one step (modulo 2^64) from one element to the next, kept only where they are on
 * average at least 8 elements long (the element loops then read the indices once per
 * run). Sets *nrun (0: no runs, nothing allocated), *rstart (nrun + 1: each run's first
 * element, then m) and *rstep (nrun). 0 or DN_ENOMEM. */
int dni_pat_runs(const dn_allocator *al, const unsigned *idx, unsigned K, size_t m,
                 size_t *nrun, size_t **rstart, size_t **rstep);

#endif /* DNUM_PATTERN_IMPL_H */
