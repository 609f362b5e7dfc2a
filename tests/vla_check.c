/* Compiled with -Wvla -Werror (tests/meson.build): the public headers declare no
 * variable-length array, so no function of the library keeps an order-sized array on the
 * stack (kernel.h, "Scratch, bounded stack"). Running it checks nothing more. */
#include <dnum/dnum.h>
#if defined(__GNUC__) || defined(__clang__)
#include <dnum/block.h>
DNUMB_DEFINE(5)
#endif

int main(void)
{
    return 0;
}
