/* The batch engine (src/batch_lane_body.h) and its quick bounds (src/batch_lane_quick.h)
 * for AArch64's Advanced SIMD (NEON): 2 lanes. */
#define DN_LANE_W 2
#define DN_BATCH_NAME neon
#include "batch_lane_body.h"
#include "batch_lane_quick.h"
