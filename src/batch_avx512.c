/* The batch engine (src/batch_lane_body.h) and its quick bounds (src/batch_lane_quick.h)
 * for AVX-512F (compiled with -mavx512f): 8 lanes. */
#define DN_LANE_W 8
#define DN_BATCH_NAME avx512
#include "batch_lane_body.h"
#include "batch_lane_quick.h"
