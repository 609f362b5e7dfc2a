/* The batch engine (src/batch_lane.c) for AVX2 (compiled with -mavx2): 8 lanes, two 4-double registers per operation. */
#define DN_LANE_W 4
#define DN_BATCH_NAME avx2
#include "batch_lane.c"
