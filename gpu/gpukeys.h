/* gpukeys.h - the GPU's keys: the machine around the sub-core (SMs, memory, launch and
 * block scheduling). One part of the simulator's configuration (sim/simcfg.h); not part of
 * the RTL. A value of 0 stands for the architecture preset's (gpu/preset.c).
 */
#ifndef GPUKEYS_H
#define GPUKEYS_H

#include "cfg.h"

/* The machine a trace runs on, the architecture preset, warp -> sub-core assignment. */
enum { GPU_MACHINE_SUBCORE = 0, GPU_MACHINE_GPU };
enum { GPU_ARCH_AUTO = 0, GPU_ARCH_TURING, GPU_ARCH_AMPERE, GPU_ARCH_HOPPER };
enum { GPU_ASSIGN_RR = 0, GPU_ASSIGN_HASHED };

#define GPUK_MAX_KEYS 48

typedef struct {
    unsigned machine;        /* GPU_MACHINE_*: one sub-core, or the GPU */
    unsigned arch;           /* GPU_ARCH_*: the preset (auto: from the trace) */
    unsigned sms;            /* SMs of the GPU */
    unsigned clock_mhz;      /* the SM clock its cycles are at, MHz: converts a measured time
                                to cycles (validate-apps); no latency depends on it */
    unsigned sm_subset;      /* simulate only this many SMs, with their share of the blocks */
    int sm_fill;             /* 1: only as many SMs as the kernel's blocks fill completely */
    int fast_idle;           /* 1: a sub-core waiting on memory is not stepped cycle by cycle
                                (the same results: sc_idle, drv_skip) */
    unsigned sm_batch;       /* cycles one SM is stepped at a time before the next SM (1: every
                                SM every cycle); requests reach the L2 SM by SM per batch */
    unsigned grid_scale;     /* K: a kernel's blocks replicated K times, each replica's
                                addresses offset (gpu/gscale.h; 1: the trace as it is) */
    unsigned subcore_assign; /* GPU_ASSIGN_*: warp -> sub-core */
    unsigned max_blocks_sm, regs_sm, shmem_sm; /* per-SM limits (blocks, registers, bytes) */
    unsigned l1_kb, l1_ways, l1_mshrs;          /* per-SM L1 data cache */
    int l1_adaptive;         /* 1: each kernel's L1 is l1_unified_kb less the smallest shared-
                                memory carve-out that holds its resident blocks' shared
                                memory (preset_l1_kb); 0: l1_kb for every kernel */
    unsigned l1_unified_kb;  /* the SM's unified L1 / shared-memory storage, KiB */
    unsigned l2_kb, l2_ways, l2_slices, l2_lat, l2_bw; /* L2: bw = bytes/cycle per slice */
    int memcpy_l2;           /* 1: an application's host-to-device copies are in the L2 when
                                the next kernel starts (mem_copy_in); 0: not */
    unsigned dram_lat, dram_bw;                 /* DRAM: bw = bytes/cycle, whole GPU (peak) */
    unsigned dram_read_eff, dram_write_eff;     /* the share of dram_bw a stream of reads /
                                                   writes sustains, thousandths (0: all) */
    unsigned const_lat, const_miss_lat;         /* constant cache hit / miss */
    unsigned icache_miss_lat;                   /* a cold 128-byte instruction line */
    unsigned launch_lat, launch_min, exit_lat;  /* kernel launch, cycles */
    unsigned launch_min_block;                  /* launch_min grows by this per block, thousandths */
    unsigned block_interval;                    /* block dispatch, thousandths of a cycle */
    unsigned block_exit_lat;                    /* a retired block holds its SM this long */
    unsigned warp_exit_lat;                     /* ... plus this per warp, thousandths */
    unsigned origin[GPUK_MAX_KEYS]; /* provenance (cfgkey.h cfg_part) */
} gpu_keys;

/* The GPU's part of a configuration: its key table bound to *k. */
cfg_part gpuk_part(gpu_keys *k);

#endif
