/* gpu.h - a GPU of SMs of sub-cores around the sub-core model (machine = gpu; machine =
 * subcore: one SM of one sub-core, the earlier machine, gmach.h "solo"): a thread-block scheduler
 * that places a trace's blocks on SMs as their resources allow (warp slots, registers,
 * shared memory, blocks per SM), warps onto sub-cores (round robin by warp, or the hashed
 * assignment of Barnes et al., HPCA 2023), each sub-core the unchanged model (cmodel/)
 * under its own driver (driver/drv.h), memory instructions timed by the memory system
 * (gpu/mem.h), launch and block-dispatch costs. docs/gpu.md describes every rule.
 */
#ifndef GPU_H
#define GPU_H

#include <stdint.h>
#include "gcfg.h"
#include "mem.h"
#include "runres.h"

/* Run trace o->trace on the GPU of configuration c (its preset applied to every key c
 * leaves unset). 0; 1 a violation (err says which); 2 bad input or no memory (err). */
int gpu_run(const gpu_cfg *c, const run_opts *o, run_result *r, char *err);

/* gpu_run on a memory system shared by the kernels of an application (its L1s and L2 keep
 * their lines from one kernel to the next; code and constants start cold): *mem NULL
 * creates it (the caller frees it with mem_destroy). */
int gpu_run_shared(const gpu_cfg *c, const run_opts *o, run_result *r, mem_t **mem, char *err);

/* The shortest a kernel of `blocks` thread blocks can take: launch_min + launch_min_block
 * per block (fitted on empty kernels, docs/gpu.md section 4). */
uint64_t gpu_least_cycles(const gpu_cfg *c, uint64_t blocks);

/* Cycles of a kernel of `blocks` empty thread blocks of `threads` threads on the GPU of c
 * (its preset resolved by gpu_resolve): launch, dispatch, block exit, kernel exit; 0 when
 * out of memory. */
uint64_t gpu_empty_cycles(const gpu_cfg *c, uint64_t blocks, unsigned threads);

/* Apply the preset of c (for a trace of binary version bv) to *c, checking the GPU keys
 * against each other. 0, or -1 with err. */
int gpu_resolve(gpu_cfg *c, int bv, char *err);

#endif
