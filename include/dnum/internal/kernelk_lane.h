/* Internal: the body of the multivariate kernels (dnum/internal/kernelk.h: the block
 * products, the cores, the plain functions) instantiated a second time, for kernel_lane.h's
 * vector element dn_lane (DN_LANE_W doubles, one point per lane); names dnikl_*. The batch
 * evaluator of the multivariate layouts (src/batchk_lane_body.h) runs on it.
 *
 * The recurrences are kernelk.h's own, on kernel.h's element-type macros as kernel_lane.h
 * redefines them: a lane computes the bits of the double kernel dnik_<f>_plain from the
 * same operands, where the double kernel takes its ordinary path. What a vector cannot
 * take is compiled for double only (DNI_RARE is 0 here, the parts marked !DNI_LANE_BODY
 * are left out): the zero and pole rules (dnik_sing), the rescaled paths of extreme
 * values (|u_0| >= 2^500 in the atan family, an overflowed cosh), the range rerun (the
 * functions here are the plain kernels dnikl_<f>_plain, no DNIK_RANGED wrapper), u^p,
 * atan2, hypot and the compositions. The evaluator finds the lanes that would take one of
 * them and recomputes those with the double kernels. Only the subnormal divisor stays on
 * lanes: dnikl_sub_scale is dnik_sub_scale lane by lane (a factor 1 in the other lanes,
 * exact).
 *
 * Define DN_LANE_W before including; include nothing of kernel_lane.h before this header
 * (kernelk.h's double instantiation comes first). */
#ifndef DNUM_KERNELK_LANE_H
#define DNUM_KERNELK_LANE_H

#include <float.h>
#include "dnum/internal/kernelk.h"     /* the double instantiation (dnik_*) */
#include "dnum/internal/kernel_lane.h" /* dn_lane, its element-type macros (dnil_*) */

/** dnik_sub_scale lane by lane: 2^64 where v is subnormal, else 1. */
static inline dn_lane dnikl_sub_scale(dn_lane v)
{
    dn_lmask bits = (dn_lmask)v & 0x7fffffffffffffffLL; /* |v| */
    dn_lmask sub = (bits != 0) & (bits < 0x0010000000000000LL);
    return dnil_sel(sub, DNIL_V(0x1p64), DNIL_V(1.0));
}

/* the rare paths, behind DNI_RARE (0 here): never reached */
#define dnikl_sing(...) ((void)0)

/* the body again, with the names dnikl_ and without the range wrappers */
#pragma push_macro("DNIK_K")
#pragma push_macro("DNIK_RANGED_U")
#pragma push_macro("DNIK_RANGED_B")
#pragma push_macro("DNIK_RANGED_C")
#pragma push_macro("DNIK_RANGED_L")
#pragma push_macro("DNIK_RANGED_P")
#pragma push_macro("DNIK_RANGED_S")
#undef DNIK_K
#undef DNIK_RANGED_U
#undef DNIK_RANGED_B
#undef DNIK_RANGED_C
#undef DNIK_RANGED_L
#undef DNIK_RANGED_P
#undef DNIK_RANGED_S
#define DNIK_K(name) dnikl_##name
#define DNIK_RANGED_U(f)
#define DNIK_RANGED_B(f)
#define DNIK_RANGED_C(f)
#define DNIK_RANGED_L(f)
#define DNIK_RANGED_P(f)
#define DNIK_RANGED_S(f)
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter" /* (parameters of the rare paths) */
#endif
#include "dnum/internal/kernelk_bmul.h"
#include "dnum/internal/kernelk_tcore.h"
#include "dnum/internal/kernelk_func.h"
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif
#pragma pop_macro("DNIK_K")
#pragma pop_macro("DNIK_RANGED_U")
#pragma pop_macro("DNIK_RANGED_B")
#pragma pop_macro("DNIK_RANGED_C")
#pragma pop_macro("DNIK_RANGED_L")
#pragma pop_macro("DNIK_RANGED_P")
#pragma pop_macro("DNIK_RANGED_S")

#endif /* DNUM_KERNELK_LANE_H */
