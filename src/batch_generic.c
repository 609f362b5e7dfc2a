/* The batch engine (src/batch_lane.c) for any target of GCC or clang (generic vectors): 4 lanes. */
#define DN_LANE_W 4
#define DN_BATCH_NAME generic
#include "batch_lane.c"
