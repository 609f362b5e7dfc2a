/* The batch engine (src/batch_lane.c) for AVX-512F (compiled with -mavx512f): 16 lanes, two 8-double registers per operation. */
#define DN_LANE_W 8
#define DN_BATCH_NAME avx512
#include "batch_lane.c"
