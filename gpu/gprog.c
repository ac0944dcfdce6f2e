/* gprog.c - the GPU run's progress line (see gprog.h). */
#include "gprog.h"

#include <stdio.h>

void gpu_progress(const gpu_t *g)
{
    fprintf(stderr, "\r  cycle %llu: %llu blocks placed, %llu resident   ",
            (unsigned long long)(g->cyc + 1), (unsigned long long)g->gc->blocks_run,
            (unsigned long long)g->resident);
}
