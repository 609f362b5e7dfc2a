/* The thread-safety check as a plain program (Criterion cannot start under
 * ThreadSanitizer): exit status 0 when every concurrent result equals the
 * single-threaded one. Built by tests/meson.build; CI runs it with -Db_sanitize=thread. */
#include <stdio.h>
#include "threads_work.h"

int main(void)
{
    int bad = threads_check();
    if (bad) fprintf(stderr, "tsan_threads: %d mismatches\n", bad);
    return bad != 0;
}
