/* gbatch.h - the GPU stepped in batches (cfg.sm_batch > 1): the block scheduler plans a
 * batch's cycles, then each SM steps them in turn (the first SM rotating), the CPU's caches
 * warmed for the SM stepped next; the same results as stepping every SM every cycle.
 */
#ifndef GBATCH_H
#define GBATCH_H

#include "gmach.h"

/* Run g in batches of g->batch cycles from cycle 0 to the kernel's end (*complete = 1)
 * or the cycle limit; g->cyc ends at the last cycle. 0, 1 violation, 2 trace error or
 * no memory (err). */
int gpu_batch_run(gpu_t *g, int *complete, char *err);

#endif
