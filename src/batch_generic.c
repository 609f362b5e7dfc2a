/* The batch engine (src/batch_lane_body.h) and its quick bounds (src/batch_lane_quick.h)
 * for any target of GCC or clang other than x86-64 and AArch64 (generic vectors): 2 lanes. */
#define DN_LANE_W 2
#define DN_BATCH_NAME generic
#include "batch_lane_body.h"
#include "batch_lane_quick.h"
