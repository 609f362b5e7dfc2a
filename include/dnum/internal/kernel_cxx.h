/* dnum/internal/kernel_cxx.h -- (internal) includes the kernel header named by DNI_KERNEL_HEADER,
 * in C++ with C's restrict spelled __restrict for that header only (dnum/fixed.h and
 * dnum/dnum2.h compile the same inline kernels in C and C++). No include guard: included
 * once per kernel header. */
#ifdef __cplusplus
#pragma push_macro("restrict")
#undef restrict
#define restrict __restrict
#include DNI_KERNEL_HEADER
#pragma pop_macro("restrict")
#else
#include DNI_KERNEL_HEADER
#endif
#undef DNI_KERNEL_HEADER
