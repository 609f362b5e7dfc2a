/* The multivariate batch engine (src/batchk_lane_body.h) for AVX2 (compiled with -mavx2):
 * 4 lanes. */
#define DN_LANE_W 4
#define DN_BATCH_NAME avx2
#include "batchk_lane_body.h"
