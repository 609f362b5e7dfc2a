/* The block family with fused multiply-adds (tests/block_fma.c: -mavx2 -mfma
 * -ffp-contract=fast, as a -march=native build on such a machine compiles it): a lane may
 * then differ from dnum_oN's result in the last bits, but it stays within the documented
 * error bounds. A fused a*b + c rounds once where the separate operations round twice, so
 * the first-order bound err[k] of dn_expr_eval_err (the program's roundings on absolute
 * values) bounds its error too: |lane - exact| <= err[k] and |out[k] - exact| <= err[k],
 * so |lane - out[k]| <= 2 err[k]. Checked for five formulas at orders 1, 3, 8, 16 on 64
 * points each; skipped where the machine lacks AVX2 or FMA. */
#include <math.h>
#include <stdlib.h>
#include <dnum/expr.h>
#include "block_fma.h"
#include "testutil.h"

static int machine_has_fma(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return 0;
#endif
}

Test(block_fma, lanes_within_twice_the_error_bound)
{
    if (!machine_has_fma()) cr_skip_test("no AVX2 with FMA on this machine");
    static const char *const src[BLK_FMA_NF] = BLK_FMA_FORMULAS;
    static const unsigned orders[4] = {1, 3, 8, 16};
    const char *vars[1] = {"x"};
    unsigned W = blk_fma_lanes();
    long checked = 0, differ = 0;
    for (int f = 0; f < BLK_FMA_NF; f++) {
        dn_expr_error er;
        dn_expr *e = dn_expr_parse(src[f], vars, 1, &er);
        cr_assert(e, "%s: %s", src[f], er.msg);
        for (int o = 0; o < 4; o++) {
            unsigned n = orders[o];
            double *work = malloc(dn_expr_work_size_err(e, n) * sizeof(double));
            double x[8], blk[8 * 17], args[17], out[17], err[17];
            cr_assert(work);
            for (int b = 0; b < 64 / (int)W; b++) {
                for (unsigned i = 0; i < W; i++) x[i] = -1.37 + 2.9 * (b * W + i) / 63.0;
                cr_assert(blk_fma_eval(f, n, x, blk) == 0);
                for (unsigned i = 0; i < W; i++) {
                    args[0] = x[i], args[1] = 1.0;
                    for (unsigned k = 2; k <= n; k++) args[k] = 0.0;
                    cr_assert(dn_expr_eval_err(e, n, args, out, err, work) == 0);
                    for (unsigned k = 0; k <= n; k++) {
                        double got = blk[k * W + i];
                        if (!isfinite(err[k])) continue;
                        checked++;
                        differ += got != out[k];
                        cr_expect(fabs(got - out[k]) <= 2.0 * err[k] + 0x1p-1000,
                                  "%s at %.17g, order %u: d%u = %.17g (FMA) against %.17g, "
                                  "bound %.3g", src[f], x[i], n, k, got, out[k], err[k]);
                    }
                }
            }
            free(work);
        }
        dn_expr_free(e);
    }
    /* the comparison means something: most entries were checked, and the fused
     * operations changed some of them */
    cr_expect(checked > 5000, "%ld entries checked", checked);
    cr_expect(differ > 0, "no entry differs: was block_fma.c compiled with FMA?");
}
