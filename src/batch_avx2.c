/* The batch engine (src/batch_lane.c) for AVX2 (compiled with -mavx2): 4 lanes. */
#define DN_LANE_W 4
#define DN_BATCH_NAME avx2
#include "batch_lane.c"
