/* The library's linkable copies of the fixed-order functions, called as a program in
 * another language would: through its own declarations, without <dnum/dnum.h> (whose
 * static inline versions would be called instead). Layout: dnum_o8 is 9 doubles, dnum2_o8
 * the 45 partials of total order <= 8 (docs/dnum2.md). See test_linkable.c. */
typedef struct { double d[9]; } o8;
typedef struct { double d[45]; } q8;
o8 dnum_o8_var(double x);
o8 dnum_o8_exp(o8 u);
o8 dnum_o8_sqrt(o8 u);
o8 dnum_o8_mul(o8 a, o8 b);
o8 dnum_o8_div(o8 a, o8 b);
o8 dnum_o8_atan2(o8 a, o8 b);
o8 dnum_o8_lgamma(o8 u);
o8 dnum_o8_pow_d(o8 u, double p);
o8 dnum_o8_pown(o8 u, long m);
o8 dnum_o8_d_div(double c, o8 u);
o8 dnum_o8_yn(int m, o8 u);
o8 dnum_o8_fmod(o8 a, o8 b);
void dnum_o8_sincos(o8 u, o8 *s, o8 *c);
q8 dnum2_o8_varx(double x, double y);
q8 dnum2_o8_vary(double x, double y);
q8 dnum2_o8_mul(q8 a, q8 b);
q8 dnum2_o8_exp(q8 u);
q8 dnum2_o8_digamma(q8 u);
q8 dnum2_o8_pow_d(q8 u, double p);
q8 dnum2_o8_pown(q8 u, long m);
q8 dnum2_o8_atan2(q8 a, q8 b);
q8 dnum2_o8_d_div(double c, q8 u);
void dnum2_o8_sinhcosh(q8 u, q8 *s, q8 *c);
void linkable_calls(double *out); /* 12 x 9 + 8 x 45 doubles */

void linkable_calls(double *out)
{
    o8 x = dnum_o8_var(0.7), e = dnum_o8_exp(x), s, c;
    dnum_o8_sincos(dnum_o8_mul(x, x), &s, &c);
    o8 r[12] = {e, dnum_o8_sqrt(x), dnum_o8_div(x, e), dnum_o8_atan2(x, e),
                dnum_o8_lgamma(x), dnum_o8_pow_d(x, 2.5), dnum_o8_pown(x, -3),
                dnum_o8_d_div(2.0, x), dnum_o8_yn(2, x), dnum_o8_fmod(e, x), s, c};
    for (int i = 0; i < 12; i++)
        for (int k = 0; k < 9; k++) *out++ = r[i].d[k];
    q8 X = dnum2_o8_varx(0.7, 1.3), Y = dnum2_o8_vary(0.7, 1.3), P = dnum2_o8_mul(X, Y), sh, ch;
    dnum2_o8_sinhcosh(X, &sh, &ch);
    q8 q[8] = {dnum2_o8_exp(P), dnum2_o8_digamma(P), dnum2_o8_pow_d(P, 1.5),
               dnum2_o8_pown(P, 3), dnum2_o8_atan2(X, Y), dnum2_o8_d_div(2.0, P), sh, ch};
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 45; k++) *out++ = q[i].d[k];
}
