/* The multivariate batch engine (src/batchk_lane_body.h) for x86-64's baseline SSE2: 2 lanes. */
#define DN_LANE_W 2
#define DN_BATCH_NAME sse2
#include "batchk_lane_body.h"
