/* NumPy's .npy format, version 1.0: the magic "\x93NUMPY", the version 1 0, the length
 * of the header text (2 bytes, little-endian), the header text (a Python dict literal
 * padded with spaces to the alignment, ending in '\n'), then the data. See npy.h. */
#define _POSIX_C_SOURCE 200809L /* fstat, fcntl, pwrite (DN_HAVE_*: tools/meson.build) */
#include "npy.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void npy_header(char *dst, unsigned long rows, unsigned long cols)
{
    const size_t len = NPY_HEADER_LEN - 10; /* the dict text with its padding and '\n' */
    memcpy(dst, "\x93NUMPY\x01\x00", 8);
    dst[8] = (char)(len & 0xff);
    dst[9] = (char)(len >> 8);
    char text[NPY_HEADER_LEN];
    int k = snprintf(text, sizeof text,
                     "{'descr': '<f8', 'fortran_order': False, 'shape': (%lu, %lu), }", rows,
                     cols);
    /* at most 64 + 2 x 20 digits: always fits */
    memset(dst + 10, ' ', len);
    memcpy(dst + 10, text, (size_t)k);
    dst[NPY_HEADER_LEN - 1] = '\n';
}

size_t npy_row(char *restrict dst, const double *restrict v, size_t n)
{
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t qb = 0x7ff8000000000000u;
    double q;
    memcpy(&q, &qb, 8);
    for (size_t i = 0; i < n; i++) { /* no branches: vectorised (a select on a compare) */
        double x = v[i] + 0.0;         /* -0 + 0 = +0 */
        x = x != x ? q : x;
        memcpy(dst + 8 * i, &x, 8); /* the host's order is the file's */
    }
#else
    unsigned char *d = (unsigned char *)dst;
    for (size_t i = 0; i < n; i++) {
        double x = v[i] + 0.0;
        uint64_t b;
        memcpy(&b, &x, 8);
        b = isnan(x) ? 0x7ff8000000000000u : b;
        for (int k = 0; k < 8; k++) d[8 * i + (size_t)k] = (unsigned char)(b >> (8 * k));
    }
#endif
    return 8 * n;
}

size_t npy_rows_soa(char *restrict dst, const double *restrict x, const double *restrict v,
                    size_t ld, size_t n, size_t m)
{
    const uint64_t qb = 0x7ff8000000000000u;
    double q;
    memcpy(&q, &qb, 8);
    size_t w = 8 * (n + 1); /* bytes per row */
    for (size_t i = 0; i <= n; i++) { /* column by column: the loads vectorised */
        const double *c = i ? v + (i - 1) * ld : x;
        for (size_t p = 0; p < m; p++) {
            double y = c[p] + 0.0;
            y = y != y ? q : y;
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            memcpy(dst + p * w + 8 * i, &y, 8); /* the host's order is the file's */
#else
            uint64_t b;
            memcpy(&b, &y, 8);
            for (int k = 0; k < 8; k++) dst[p * w + 8 * i + (size_t)k] = (char)(unsigned char)(b >> (8 * k));
#endif
        }
    }
    return m * w;
}

long long npy_rewritable(int fd)
{
    struct stat st;
#if defined(DN_HAVE_FCNTL) && DN_HAVE_FCNTL
    int fl = fcntl(fd, F_GETFL);
#else /* (Windows) the append mode of an inherited descriptor is unknown: not the ones
       * the program inherits, the file of -o (opened without it) */
    int fl = fd <= 2 ? -1 : 0;
#endif
    if (fstat(fd, &st) || !S_ISREG(st.st_mode) || fl < 0 || (fl & O_APPEND)) return -1;
    off_t at = lseek(fd, 0, SEEK_CUR);
    return at < 0 ? -1 : (long long)at;
}

int npy_rewrite(int fd, long long at, unsigned long rows, unsigned long cols)
{
    char h[NPY_HEADER_LEN];
    npy_header(h, rows, cols);
#if defined(DN_HAVE_PWRITE) && DN_HAVE_PWRITE
    ssize_t w = pwrite(fd, h, sizeof h, (off_t)at);
#else /* (Windows) seek there, write, and back to where the file was */
    off_t cur = lseek(fd, 0, SEEK_CUR);
    if (cur < 0 || lseek(fd, (off_t)at, SEEK_SET) < 0) return -1;
    ssize_t w = write(fd, h, sizeof h);
    if (lseek(fd, cur, SEEK_SET) < 0) return -1;
#endif
    if (w == (ssize_t)sizeof h) return 0;
    if (w >= 0) errno = EIO;
    return -1;
}
