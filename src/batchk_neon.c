/* The multivariate batch engine (src/batchk_lane_body.h) for AArch64's Advanced SIMD
 * (NEON): 2 lanes. */
#define DN_LANE_W 2
#define DN_BATCH_NAME neon
#include "batchk_lane_body.h"
