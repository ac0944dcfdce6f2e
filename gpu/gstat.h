/* gstat.h - what a GPU run reports beyond the sub-core's statistics (run_result holds it, runres.h). */
#ifndef GSTAT_H
#define GSTAT_H

#include <stdint.h>
#include "gcfg.h"
#include "mem.h"

#define GPU_MAX_SMS 1024
#define GPU_MAX_SUB 16

typedef struct {
    int used;                  /* 1: the run was a GPU run */
    gpu_cfg cfg;                 /* the configuration it ran, preset resolved */
    unsigned arch;             /* GPU_ARCH_* of the preset */
    unsigned sms;              /* SMs of the GPU */
    unsigned sms_run;          /* SMs simulated (sm_subset, else sms) */
    unsigned subcores;         /* sub-cores per SM */
    uint64_t blocks;           /* blocks of the kernel in the trace */
    uint64_t blocks_run;       /* blocks simulated (their share with sm_subset) */
    uint64_t launch_cycles;    /* from the launch to the first block dispatch */
    uint64_t body_cycles;      /* from the first block dispatch to the last retirement */
    uint64_t block_full_cycles;/* cycles the next block waited for an SM with room */
    unsigned max_resident;     /* blocks resident on one SM at once, at most */
    unsigned l1_kb;            /* each SM's L1 for the kernel, KiB (l1_adaptive) */
    uint64_t copied_l2_bytes;  /* bytes of host-to-device copies placed in the L2 before it
                                  (run_opts.copies, memcpy_l2) */
    unsigned subs_used;        /* sub-cores that ran at least one warp */
    unsigned grid_scale;       /* grid_scale: replicas of the kernel's blocks (gscale.h) */
    uint64_t scale_stride;     /* bytes between two replicas' addresses (0: none) */
    mem_counts mem;
    uint64_t sub_insts[GPU_MAX_SMS * GPU_MAX_SUB]; /* trace instructions, SM s sub-core k
                                                      at [s * subcores + k] */
} gpu_counts;

#endif
