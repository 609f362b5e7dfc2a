/* shard.h -- dnum-eval --shard I/N: the I-th of N contiguous parts of the points of a
 * sweep or a points file, so that a scheduler can run the parts anywhere. */
#ifndef DNUM_SHARD_H
#define DNUM_SHARD_H

#include <stddef.h>
#include <stdio.h>

/** Reads "I/N" (two decimal integers, 0 <= I < N) into *i and *n. Returns 0, or -1 with
 *  a message (the reason, without the text itself) in msg. */
int shard_parse(const char *s, unsigned long *i, unsigned long *n, char *msg, size_t cap);

/** The points [*lo, *hi) of part i of n of total points: contiguous parts in order, of
 *  total / n points each and one more for the first total % n parts. */
void shard_range(unsigned long total, unsigned long i, unsigned long n, unsigned long *lo,
                 unsigned long *hi);

/** Reads f past its next `want` point lines (lines with something besides spaces, tabs
 *  and CR before any '#': what dnum-eval --points takes for a point) and stops at the
 *  start of the line after the last of them. Adds the lines read to *lines. Returns the
 *  number of point lines passed: want, or fewer at the end of the file. */
unsigned long shard_skip_points(FILE *f, unsigned long want, unsigned long *lines);

/** The number of point lines of f (as shard_skip_points counts them) if it is a regular
 *  file, read once and then rewound; SHARD_STREAM for a stream (a pipe, a terminal),
 *  which cannot be read twice; SHARD_ERROR if reading or rewinding failed (errno). */
unsigned long shard_count_points(FILE *f);
#define SHARD_STREAM ((unsigned long)-1)
#define SHARD_ERROR ((unsigned long)-2)

#endif
