/* gmach.h - the state of the GPU machine (gpu.h) its parts share: the GPU, its SMs, their
 * sub-cores and the thread blocks given to them. Internal to gpu/: gpu.c sets it up and
 * runs it, gsched.c schedules blocks, gsubs.c runs sub-cores, gbatch.c steps SMs in
 * batches, gprog.c reports progress.
 */
#ifndef GMACH_H
#define GMACH_H

#include <stdint.h>
#include "gcfg.h"
#include "gscale.h"
#include "gwarm.h"
#include "hint.h"
#include "mem.h"
#include "runres.h"
#include "subcore.h"

#define MILLI 1000u

struct gpu;

typedef struct {
    struct gpu *g;
    unsigned sm;
    subcore_t core;                  /* model, fed trace source, driver, operand cache */
    int started;                     /* has run a warp: stepped every cycle from then on */
    uint64_t t0;                     /* the GPU cycle of its first step: its driver counts
                                        cycles from there, the memory system from 0 */
    uint64_t sleep_from, sleep_until;/* asleep (fast_idle): not stepped in the GPU cycles
                                        [sleep_from, sleep_until); 0, 0: awake */
} gsub;

typedef struct gblk {
    struct gpu *g;
    unsigned sm, nwarps;
    trc_block *b;
    uint64_t regs, shmem;
    uint64_t at;                     /* the cycle it is placed on its SM's sub-cores */
    uint64_t release;                /* retired: the cycle its SM's resources are free */
    struct gblk *next;               /* the SM's planned placements, by cycle; once retired,
                                        the release queue, by release cycle */
    unsigned groups;                 /* solo: its groups not retired, + 1 while some remain
                                        to place */
} gblk;

typedef struct {
    unsigned blocks;                 /* resident */
    unsigned warps_held;             /* warp slots of resident blocks */
    unsigned warps_assigned;         /* W of the round-robin / hashed assignment */
    uint64_t regs, shmem;            /* in use */
    gsub **run;                      /* its started sub-cores, in start order */
    unsigned nrun;
    gblk *plan_head, *plan_tail;     /* blocks given to it, not yet on its sub-cores */
} gsm;
/* solo (machine = subcore): one SM of one sub-core as the earlier machine was: the
 * configuration's own keys (no preset), no memory system (every memory instruction its
 * class's latency, every fetch at once), no launch, dispatch or exit costs, the sub-core
 * stepped from cycle 0; a block's warps in groups of cfg.warps warps, one group after the
 * other, each placed (in the lowest free warp slots, in warp order) as soon as enough warp
 * slots are free; a barrier synchronizes a group. */
typedef struct gpu {
    gpu_cfg c;
    int solo;                        /* one sub-core (machine = subcore), above */
    unsigned next_warp;              /* solo: the first warp of g->next not placed */
    gblk *next_blk;                  /* solo: g->next's handle once a group is placed */
    const run_opts *o;
    hsrc_t *h;
    mem_t *mem;
    unsigned nsm, nsub;
    gsm *sm;
    gsub *sub;                       /* [nsm * nsub] */
    gsub **run;                      /* started sub-cores, in start order */
    unsigned nrun;
    unsigned batch;                  /* cycles an SM is stepped at a time (cfg.sm_batch) */
    unsigned rot;                    /* batches so far: the first SM of a batch rotates */
    unsigned nplanned;               /* blocks given to SMs, not yet on their sub-cores */
    gpu_counts *gc;
    trc_block *next;                 /* read, not yet placed */
    int eof;
    uint64_t dispatch_at;            /* milli-cycle the next block may be dispatched */
    uint64_t first_dispatch;         /* cycle of the first dispatch (UINT64_MAX: none) */
    unsigned rr;                     /* SM the next block is offered to first */
    uint64_t resident;               /* blocks resident on the GPU */
    uint64_t cyc;
    uint64_t regs_block, shmem_block;
    unsigned l1_kb;                  /* the kernel's L1 (preset_l1_kb) */
    uint64_t interval;               /* milli-cycles between two dispatches to these SMs */
    gblk *rel_head, *rel_tail;       /* retired blocks not yet released, by release */
    int own_mem;                     /* the memory system is this run's (else an app's) */
    warm_t warm;
    gpu_scale_t scale;               /* grid_scale: the replica being read (gscale.h) */
} gpu_t;

/* Open the trace of o, resolve the preset of c0 (not for machine = subcore), build SMs and
 * sub-cores; gc receives the GPU's counters, shared (NULL, or an application's) the memory
 * system. NULL with err (RUN_ERR_LEN). */
gpu_t *gpu_open(const gpu_cfg *c0, const run_opts *o, gpu_counts *gc, mem_t **shared,
                char *err);

/* Free g and every sub-core of it (NULL is fine). */
void gpu_free(gpu_t *g);

#endif
