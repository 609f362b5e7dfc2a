/* The multivariate batch engine (src/batchk_lane_body.h) for any target of GCC or clang
 * other than x86-64 and AArch64 (generic vectors): 2 lanes. */
#define DN_LANE_W 2
#define DN_BATCH_NAME generic
#include "batchk_lane_body.h"
