/* The parts of --shard (shard.h). */
#define _POSIX_C_SOURCE 200809L /* getc_unlocked, fileno */
#include "shard.h"
#if !(defined(DN_HAVE_GETC_UNLOCKED) && DN_HAVE_GETC_UNLOCKED) /* (tools/meson.build) */
#define getc_unlocked getc
#endif

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

/* A whole decimal count: digits only. Returns 0 or -1. */
static int count_of(const char *s, const char *end, unsigned long *v)
{
    if (s == end) return -1;
    for (const char *p = s; p < end; p++)
        if (*p < '0' || *p > '9') return -1;
    errno = 0;
    char *stop;
    *v = strtoul(s, &stop, 10);
    return errno || stop != end ? -1 : 0;
}

int shard_parse(const char *s, unsigned long *i, unsigned long *n, char *msg, size_t cap)
{
    const char *slash = s;
    while (*slash && *slash != '/') slash++;
    const char *end = slash;
    while (*end) end++;
    if (!*slash || count_of(s, slash, i) || count_of(slash + 1, end, n)) {
        snprintf(msg, cap, "expected I/N, two integers with 0 <= I < N, e.g. 0/4");
        return -1;
    }
    if (*n == 0) {
        snprintf(msg, cap, "the number of parts N must be at least 1");
        return -1;
    }
    if (*i >= *n) {
        snprintf(msg, cap, "part %lu does not exist: the parts of N = %lu are 0 to %lu", *i,
                 *n, *n - 1);
        return -1;
    }
    return 0;
}

void shard_range(unsigned long total, unsigned long i, unsigned long n, unsigned long *lo,
                 unsigned long *hi)
{
    unsigned long base = total / n, rem = total % n;
    *lo = i * base + (i < rem ? i : rem);
    *hi = *lo + base + (i < rem);
}

unsigned long shard_skip_points(FILE *f, unsigned long want, unsigned long *lines)
{
    unsigned long got = 0;
    int content = 0, comment = 0, c = 0;
    while (got < want && (c = getc_unlocked(f)) != EOF) {
        if (c == '\n') {
            got += (unsigned long)content;
            ++*lines;
            content = comment = 0;
        } else if (c == '#') {
            comment = 1;
        } else if (!comment && c != ' ' && c != '\t' && c != '\r') {
            content = 1;
        }
    }
    if (c == EOF && content) { /* a last line without a newline */
        got++;
        ++*lines;
    }
    return got;
}

unsigned long shard_count_points(FILE *f)
{
    struct stat st;
    if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) return SHARD_STREAM;
    unsigned long lines = 0, n = shard_skip_points(f, SHARD_STREAM, &lines);
    return ferror(f) || fseek(f, 0, SEEK_SET) ? SHARD_ERROR : n;
}
