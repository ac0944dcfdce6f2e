/* gsubs.h - the GPU's sub-cores (gpu/subcore.h, each fed by the block scheduler, gsched.h):
 * opened at their first warp with the memory system as their instruction fetch and memory
 * timing, started, stepped in start order, asleep while nothing can happen in them
 * (fast_idle) and woken with the same state as if stepped.
 */
#ifndef GSUBS_H
#define GSUBS_H

#include "gmach.h"

/* Open sub-core s of g if it is not yet (a fed trace source timed by g's memory system).
 * 0, or -1 with err (RUN_ERR_LEN). */
int gpu_sub_open(gpu_t *g, gsub *s, char *err);

/* A sub-core's trace source for g: fed by g's block scheduler, with the operands' next-use
 * distances when the prototype design needs them. NULL with err (RUN_ERR_LEN). */
tsrc_t *gpu_sub_source(const gpu_t *g, char *err);

/* Start sub-core s at cycle g->cyc (its first warp): stepped every cycle from then on. */
void gpu_sub_start(gpu_t *g, gsub *s);

/* Bring sleeping sub-core s to GPU cycle now (the sleep as idle cycles) and wake it. */
void gpu_sub_wake(gsub *s, uint64_t now);

/* Cycle g->cyc of started sub-core s (none while it sleeps). 0, 1 violation, 2 trace error
 * (err). */
int gpu_sub_step(gpu_t *g, gsub *s, char *err);

/* Cycle g->cyc of every started sub-core, in start order. 0, 1 violation, 2 trace error. */
int gpu_subs_step(gpu_t *g, char *err);

/* 1 when every started sub-core has retired all it was given. */
int gpu_subs_idle(const gpu_t *g);

#endif
