/* gsched.h - the GPU's thread-block scheduler: reads a trace's blocks, gives each to the
 * next SM (round robin) its resources fit (warp slots, registers, shared memory, blocks
 * per SM) at the dispatch rate, places its warps on the SM's sub-cores (round robin by
 * warp, or hashed), and frees the resources block_exit_lat after the block retires.
 */
#ifndef GSCHED_H
#define GSCHED_H

#include "gmach.h"

/* At cycle g->cyc: release the blocks due, then give SMs the blocks due (each placed at
 * once with sm_batch = 1, else planned for its SM's batch). 0, or -1 with err. */
int gpu_sched_dispatch(gpu_t *g, char *err);

/* Place planned block gb's warps on its SM's sub-cores (at g->cyc). 0, or -1 with err. */
int gpu_sched_place(gpu_t *g, gblk *gb, char *err);

#endif
