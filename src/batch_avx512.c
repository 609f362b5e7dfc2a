/* The batch engine (src/batch_lane.c) for AVX-512F (compiled with -mavx512f): 8 lanes. */
#define DN_LANE_W 8
#define DN_BATCH_NAME avx512
#include "batch_lane.c"
