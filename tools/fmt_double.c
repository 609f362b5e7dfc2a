/* Fast, exact "%.17g" formatting (see fmt_double.h). */
#include "fmt_double.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef __SIZEOF_INT128__
#include "pow10_table.h"

__extension__ typedef unsigned __int128 u128;

static const char digits2[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                              "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                              "8081828384858687888990919293949596979899";

/* The 8 decimal digits of u < 10^8. */
static void put8(char *d, uint32_t u)
{
    uint32_t a = u / 10000, b = u % 10000;
    memcpy(d, digits2 + 2 * (a / 100), 2);
    memcpy(d + 2, digits2 + 2 * (a % 100), 2);
    memcpy(d + 4, digits2 + 2 * (b / 100), 2);
    memcpy(d + 6, digits2 + 2 * (b % 100), 2);
}

/* floor(m * 10^p * 2^q) for a normalised m (top bit set), as the integer part and the top
 * 64 bits of the fraction. The table's truncation makes both at most 2^-67 too small. */
static uint64_t scale(uint64_t m, int q, int p, uint64_t *frac)
{
    const int i = p - POW10_MIN;
    u128 lo = (u128)m * pow10_table[i].lo, hi = (u128)m * pow10_table[i].hi;
    hi += (uint64_t)(lo >> 64); /* bits 64..191 of the 192-bit product */
    int sh = -(q + pow10_table[i].e) - 64; /* the binary point lies sh bits into hi */
    *frac = (uint64_t)((hi << (128 - sh)) >> 64);
    return (uint64_t)(hi >> sh);
}

size_t fmt_g17(char *dst, double v)
{
    if (!isfinite(v) || v == 0.0) return (size_t)snprintf(dst, FMT_G17_MAX + 1, "%.17g", v);
    char *o = dst;
    if (v < 0) {
        *o++ = '-';
        v = -v;
    }
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int be = (int)(bits >> 52);
    uint64_t m = bits & ((UINT64_C(1) << 52) - 1);
    int q;
    if (be) {
        m |= UINT64_C(1) << 52;
        q = be - 1075;
    } else {
        q = -1074;
    }
    int lz = __builtin_clzll(m); /* normalise: v = m * 2^q with bit 63 of m set */
    m <<= lz;
    q -= lz;
    int e2 = q + 63; /* v in [2^e2, 2^(e2+1)) */
    int x = e2 >= 0 ? (e2 * 78913) >> 18 : -((-e2 * 78913 + (1 << 18) - 1) >> 18);
    uint64_t frac, d = scale(m, q, 16 - x, &frac); /* x = floor(log10 v) or one less */
    if (d >= UINT64_C(100000000000000000)) {
        x++;
        d = scale(m, q, 16 - x, &frac);
    }
    const uint64_t half = UINT64_C(1) << 63, slack = 1 << 10;
    if (frac > half - slack && frac < half + slack) /* too close to a tie: let libc decide */
        return (size_t)(o - dst) + (size_t)snprintf(o, FMT_G17_MAX + 1, "%.17g", v);
    if (frac > half) d++;
    if (d >= UINT64_C(100000000000000000)) { /* 9.99...95 rounded up to 10 */
        d /= 10;
        x++;
    }
    char dig[17];
    uint64_t top = d / 100000000;
    dig[0] = (char)('0' + top / 100000000);
    put8(dig + 1, (uint32_t)(top % 100000000));
    put8(dig + 9, (uint32_t)(d % 100000000));
    int nd = 17;
    while (dig[nd - 1] == '0') nd--;
    if (x < -4 || x >= 17) {
        *o++ = dig[0];
        if (nd > 1) {
            *o++ = '.';
            memcpy(o, dig + 1, (size_t)nd - 1);
            o += nd - 1;
        }
        *o++ = 'e';
        *o++ = x < 0 ? '-' : '+';
        unsigned ax = (unsigned)(x < 0 ? -x : x);
        if (ax >= 100) {
            *o++ = (char)('0' + ax / 100);
            ax %= 100;
        }
        memcpy(o, digits2 + 2 * ax, 2);
        o += 2;
    } else if (x >= 0) {
        memcpy(o, dig, (size_t)x + 1);
        o += x + 1;
        if (nd > x + 1) {
            *o++ = '.';
            memcpy(o, dig + x + 1, (size_t)(nd - x - 1));
            o += nd - x - 1;
        }
    } else {
        *o++ = '0';
        *o++ = '.';
        for (int k = -1; k > x; k--) *o++ = '0';
        memcpy(o, dig, (size_t)nd);
        o += nd;
    }
    return (size_t)(o - dst);
}

#else /* no 128-bit integers: libc */

size_t fmt_g17(char *dst, double v)
{
    return (size_t)snprintf(dst, FMT_G17_MAX + 1, "%.17g", v);
}

#endif
