/* The batch engine (src/batch_lane.c) for x86-64's baseline SSE2: 2 lanes. */
#define DN_LANE_W 2
#define DN_BATCH_NAME sse2
#include "batch_lane.c"
