/* gprog.c - the GPU run's progress line (see gprog.h). */
#include "gprog.h"

#include <stdio.h>

void gpu_progress(const gpu_t *g)
{
    const char *tag = g->o->progress_tag;
    fprintf(stderr, "\r  %s%scycle %llu: %llu blocks placed, %llu resident   ", tag ? tag : "",
            tag ? ", " : "", (unsigned long long)(g->cyc + 1),
            (unsigned long long)g->gc->blocks_run, (unsigned long long)g->resident);
}
