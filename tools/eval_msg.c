/* dnum-eval: messages and memory: strings escaped for a message (escape, shown), the
 * exit with a message (die) and the allocations that exit when memory runs out. */
#include "dnum_eval.h"
#include <stdarg.h>
#if !(defined(DN_HAVE_ALIGNED_ALLOC) && DN_HAVE_ALIGNED_ALLOC) && defined(DN_HAVE_ALIGNED_MALLOC) && DN_HAVE_ALIGNED_MALLOC
#include <malloc.h> /* _aligned_malloc */
#endif


/* Escapes n bytes of s for a message: printable ASCII as is, \t \n \r, other bytes as
 * \xHH; at most cap bytes of output (then "..."). Every output byte is one column. */
size_t escape(char *dst, size_t cap, const char *s, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char tmp[5];
        size_t k;
        if (c >= 0x20 && c < 0x7f) tmp[0] = (char)c, k = 1;
        else if (c == '\t') memcpy(tmp, "\\t", 2), k = 2;
        else if (c == '\n') memcpy(tmp, "\\n", 2), k = 2;
        else if (c == '\r') memcpy(tmp, "\\r", 2), k = 2;
        else k = (size_t)snprintf(tmp, sizeof tmp, "\\x%02x", c);
        if (o + k + 4 > cap) {
            memcpy(dst + o, "...", 3);
            o += 3;
            break;
        }
        memcpy(dst + o, tmp, k);
        o += k;
    }
    dst[o] = '\0';
    return o;
}

/* The string s, escaped and cut to 120 columns, for a message (four rotating buffers). */
const char *shown(const char *s)
{
    static char bufs[4][128];
    static unsigned next;
    char *b = bufs[next++ % 4];
    escape(b, sizeof bufs[0], s, strlen(s));
    return b;
}
/* Prints "dnum-eval: message" (plus a hint for status 2) and exits with status code. */
PRINTF_NORETURN void die(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("dnum-eval: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(code == 2 ? "\n(dnum-eval --help for usage)\n" : "\n", stderr);
    va_end(ap);
    exit(code);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) die(1, "out of memory");
    return p;
}

/* Memory of its own cache lines (64-byte aligned, a whole number of lines): the arrays
 * one thread writes share no line with another thread's. Freed by xfree_line. Where the
 * C library has no aligned_alloc (tools/meson.build): _aligned_malloc (Windows), else
 * malloc's alignment (the lines then may be shared: slower, the same numbers). */
void *xmalloc_line(size_t n)
{
    n = (n + 63) / 64 * 64;
#if defined(DN_HAVE_ALIGNED_ALLOC) && DN_HAVE_ALIGNED_ALLOC
    void *p = aligned_alloc(64, n ? n : 64);
#elif defined(DN_HAVE_ALIGNED_MALLOC) && DN_HAVE_ALIGNED_MALLOC
    void *p = _aligned_malloc(n ? n : 64, 64);
#else
    void *p = malloc(n ? n : 64);
#endif
    if (!p) die(1, "out of memory");
    return p;
}

void xfree_line(void *p)
{
#if !(defined(DN_HAVE_ALIGNED_ALLOC) && DN_HAVE_ALIGNED_ALLOC) && defined(DN_HAVE_ALIGNED_MALLOC) && DN_HAVE_ALIGNED_MALLOC
    _aligned_free(p);
#else
    free(p);
#endif
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}
