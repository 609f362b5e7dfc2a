/* The multivariate batch engine (src/batchk_lane_body.h) for AVX-512F (compiled with
 * -mavx512f): 8 lanes. */
#define DN_LANE_W 8
#define DN_BATCH_NAME avx512
#include "batchk_lane_body.h"
