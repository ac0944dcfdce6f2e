/* gwarm.h - warming the CPU's caches for the GPU's SM batches: memory regions of the SM
 * stepped next, loaded into the CPU's caches a few lines per cycle while the current SM
 * runs its batch: an SM's state (its L1 above all) is cold after the other SMs' batches.
 * A hint only: no effect on results.
 */
#ifndef GWARM_H
#define GWARM_H

#include <stddef.h>

#define WARM_REGIONS 64u
#define WARM_LINES 16u               /* cache lines asked for per cycle of the batch */
#define WARM_MIN_SUBS 64u            /* fewer started sub-cores: their state stays in the
                                        CPU's caches from batch to batch, no warming */
typedef struct {
    const void *p[WARM_REGIONS];
    size_t len[WARM_REGIONS];
    unsigned n, i;                   /* regions, the region being asked for */
    size_t off;                      /* its next byte */
} warm_t;

/* Empty the list of regions of w. */
void gpu_warm_reset(warm_t *w);

/* Add the n bytes at p to the regions of warm_t ctx (a full list drops the rest). */
void gpu_warm_add(void *ctx, const void *p, size_t n);

/* Ask the CPU to load up to `lines` more cache lines of the regions of w. */
void gpu_warm_step(warm_t *w, unsigned lines);

#endif
