/* gscale.h - grid_scale = K (docs/gpu.md section 1): a kernel's grid made K times larger
 * by replicating its blocks, a weak-scaling approximation. The trace is read K times in
 * turn (replica r = 0..K-1); replica r's blocks are the trace's, in trace order, with block
 * x index + r x grid.x and every address of their global, local and generic memory
 * instructions (not shared memory, not constants) + r x stride, stride the address
 * footprint of replica 0 (its highest byte less its lowest, plus 1) rounded up to 4 KiB:
 * replicas share no cache line and lie side by side like the blocks of one larger grid. */
#ifndef GSCALE_H
#define GSCALE_H

#include <stdint.h>
#include "hint.h"
#include "runres.h"
#include "trc.h"

#define GPU_SCALE_ALIGN 4096u  /* the replica stride's granule (a page: whole lines) */

typedef struct {
    unsigned k, rep;              /* replicas, the one being read */
    const char *path;             /* the trace, reopened for each replica */
    hint_opts ho;
    unsigned keep;                /* HSRC_KEEP_* */
    unsigned grid_x;              /* the trace's grid.x */
    uint64_t lo, hi;              /* replica 0's lowest and highest byte (lo > hi: none) */
    uint64_t stride;              /* bytes between replicas (0: no addresses) */
    uint64_t hint_matched, hint_total, hint_differ, hint_compared; /* of closed replicas */
} gpu_scale_t;

/* Prepare replication of trace `path` (opened by the caller with ho and keep) k times. */
void gpu_scale_init(gpu_scale_t *s, unsigned k, const char *path, const hint_opts *ho,
                    unsigned keep, unsigned grid_x);

/* hsrc_next_block over the k replicas: the next block of *h, and at its end the trace
 * reopened into *h for the next replica. 1 block, 0 end, -1 error with err. */
int gpu_scale_next(gpu_scale_t *s, hsrc_t **h, trc_block **b, char *err);

/* The replica stride of a footprint of bytes lo..hi (lo > hi: none, 0): hi - lo + 1 rounded
 * up to GPU_SCALE_ALIGN (UINT64_MAX when that does not fit). */
uint64_t gpu_scale_stride(uint64_t lo, uint64_t hi);

/* Add off to every global, local and generic address of block b. */
void gpu_scale_offset(trc_block *b, uint64_t off);

/* Add the closed replicas' hint counts to r (r holds the last one's) and its figures. */
void gpu_scale_finish(const gpu_scale_t *s, run_result *r);

#endif
