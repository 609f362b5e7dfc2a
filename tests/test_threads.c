/* Thread safety under Criterion; the same check runs under ThreadSanitizer as the
 * plain program tsan_threads.c (see threads_work.h). */
#include "testutil.h"
#include "threads_work.h"

Test(threads, concurrent_results_equal_single_threaded)
{
    int bad = threads_check();
    cr_expect(bad == 0, "%d results differ from the single-threaded ones (-1: no threads)", bad);
}
