/* The batch engine (src/batch_lane_body.h) and its quick bounds (src/batch_lane_quick.h)
 * for AVX2 (compiled with -mavx2): 4 lanes. */
#define DN_LANE_W 4
#define DN_BATCH_NAME avx2
#include "batch_lane_body.h"
#include "batch_lane_quick.h"
