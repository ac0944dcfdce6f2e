/* mem.h - the GPU's memory system, for timing: per SM an L1 data cache (sectored, LRU,
 * MSHRs, global stores write-through without allocation), shared memory (32 banks of 4
 * bytes, one wavefront per cycle), a constant cache and an instruction cache; an L2 shared
 * by the SMs in slices (sectored, LRU, a bandwidth per slice) and DRAM (latency,
 * bandwidth). docs/gpu.md gives every rule.
 *
 * Time is the caller's cycle count. Each access reserves the resources it uses from the
 * cycle it reaches them on (a resource is busy until a cycle; a later request starts no
 * earlier), so requests must come in non-decreasing cycle order per SM, as the GPU makes
 * them. An access returns the cycle its data is back at the sub-core.
 */
#ifndef MEM_H
#define MEM_H

#include <stddef.h>
#include <stdint.h>
#include "trc.h"

typedef struct {
    unsigned sms;              /* SMs that access it */
    uint64_t l1_bytes;         /* per SM */
    unsigned l1_ways, l1_mshrs;
    unsigned l1_lat;           /* L1 hit, load to use, cycles */
    unsigned shmem_lat;        /* shared memory, no conflict */
    uint64_t l2_bytes;         /* whole L2 */
    unsigned l2_ways, l2_slices;
    unsigned l2_lat;           /* L2 hit, load to use, cycles */
    unsigned l2_bw;            /* bytes per cycle per slice */
    unsigned dram_lat;         /* L2 miss, load to use, cycles */
    unsigned dram_bw;          /* bytes per cycle, all channels (the peak) */
    unsigned dram_read_eff, dram_write_eff; /* thousandths of dram_bw a stream of reads /
                                  of writes sustains (0: 1000, the peak) */
    unsigned const_lat, const_miss_lat;
    unsigned icache_miss_lat;
} mem_cfg;

/* Counters of the memory system (sums over SMs). */
typedef struct {
    uint64_t ld_insts, st_insts, atom_insts, other_insts; /* global/local/generic */
    uint64_t l1_lines;         /* line lookups in L1 (its throughput: one per cycle) */
    uint64_t l1_hits, l1_pending_hits, l1_misses;          /* load sectors */
    uint64_t l1_bypassed;      /* load sectors that bypassed L1 (TRC_F_L1BYPASS) */
    uint64_t l1_mshr_stall_cycles;                         /* misses waiting for an MSHR */
    uint64_t st_sectors, atom_sectors;
    uint64_t l2_hits, l2_misses;                           /* sectors reaching L2 */
    uint64_t dram_read_bytes;  /* L2 misses */
    uint64_t dram_write_bytes; /* dirty sectors the write-back L2 evicted */
    uint64_t shmem_insts, shmem_wavefronts;                /* conflicts: wavefronts - insts */
    uint64_t const_hits, const_misses;
    uint64_t icache_misses;
} mem_counts;

typedef struct mem mem_t;

/* A memory system with configuration m (copied); NULL with err when out of memory or a
 * size does not hold one line per way. */
mem_t *mem_create(const mem_cfg *m, char *err, unsigned errlen);

/* Free (NULL is fine). */
void mem_destroy(mem_t *m);

/* A new kernel, whose cycles count from 0: the L2 keeps its lines (every fill on its way
 * has arrived), the L1s are invalidated (they are not coherent), every resource is free;
 * instruction and constant caches start empty (another kernel's code and parameters).
 * Keeps the counters. */
void mem_new_kernel(mem_t *m);

/* Make every SM's L1 `bytes` (rounded down to whole sets of l1_ways 128-byte lines, at
 * least one) for the kernel about to start, after mem_new_kernel (its lines are invalid
 * by then). 0, or -1 with err (out of memory; m is then only fit for mem_destroy). */
int mem_set_l1(mem_t *m, uint64_t bytes, char *err, unsigned errlen);

/* The bytes of each SM's L1 now. */
uint64_t mem_l1_bytes(const mem_t *m);

/* A host-to-device copy of `bytes` bytes to address addr, made before the kernel about to
 * start (after mem_new_kernel): its sectors are in the L2 from cycle 0 on, clean, the most
 * recently used (Accel-Sim's perf_memcpy_to_gpu with gpgpu_perf_sim_memcpy 1; the copy
 * engines write through the L2); the dirty lines it evicts are written back before the kernel
 * (not timed, not counted). Only its last MEM_COPY_L2_SPAN L2 capacities are placed:
 * the earlier lines an LRU L2 would have evicted. The bytes placed. */
uint64_t mem_copy_in(mem_t *m, uint64_t addr, uint64_t bytes);

#define MEM_COPY_L2_SPAN 4

/* No request will arrive before `cycle` any more: forget the bandwidth taken before it. */
void mem_forget(mem_t *m, uint64_t cycle);

/* 1 when the memory system ran out of memory (its timings are then not to be trusted). */
int mem_failed(const mem_t *m);

/* SM sm executes memory instruction ti of warp `warp` (its addresses in warp->addr),
 * starting at cycle now: the cycle its data is back (loads, atomics), or the cycle the
 * stores left the SM. */
uint64_t mem_access(mem_t *m, unsigned sm, const trc_warp *warp, const trc_inst *ti,
                    uint64_t now);

/* May SM sm fetch the instruction at pc at cycle now? 1 yes; 0 its 128-byte line is on its
 * way (a cold line starts its fetch at the first ask). */
int mem_fetch(mem_t *m, unsigned sm, uint32_t pc, uint64_t now);

/* The cycle the line of pc is there on SM sm, if its fetch was started (no effect); 0 if
 * it was not asked for yet. */
uint64_t mem_fetch_ready(const mem_t *m, unsigned sm, uint32_t pc);

/* Give add(ctx, p, n) each region of SM sm's part of the memory system (its L1 and MSHRs)
 * that its next accesses may read, so a caller can ask the CPU to load them early (no
 * effect on results). */
void mem_hot(const mem_t *m, unsigned sm, void (*add)(void *ctx, const void *p, size_t n),
             void *ctx);

/* Zero the counters (a new kernel of an application). */
void mem_clear_counts(mem_t *m);

/* The counters. */
const mem_counts *mem_get_counts(const mem_t *m);

#endif
