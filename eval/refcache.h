/* refcache.h - reference hit ratios of a private E-entry register cache per warp, from
 * the trace alone (no timing): plain LRU, and Belady's optimum (OPT), the upper bound no
 * replacement policy of that size can pass.
 *
 * The access stream of a warp: for each instruction in program order, its distinct
 * source registers (reads, in operand order), then its destination registers (writes).
 * A read hits when the register is cached. LRU allocates on every read miss and every
 * write (write-allocate), evicting the least recently used entry. OPT may allocate or
 * bypass, and evicts the cached register whose next read is farthest in the future (a
 * register written again before it is read is dead: farthest of all); it never needs to
 * keep the registers of an instruction in flight, so it bounds the CCU from above.
 * Hit ratio = read hits / reads, the model's definition (src_hits / src_regs).
 */
#ifndef REFCACHE_H
#define REFCACHE_H

#include <stdint.h>
#include "trc.h"

typedef struct {
    uint64_t reads;      /* distinct source registers per instruction */
    uint64_t lru_hits;
    uint64_t opt_hits;
    uint64_t cold_reads; /* reads of a register the warp has not accessed before (a miss
                            for any cache of this warp; a trace's width expansion can name a
                            register half that no shown instruction wrote) */
} ref_counts;

/* Add the accesses of one warp's instructions to c, for an E-entry cache (E >= 1).
 * Returns 0, or -1 on allocation failure. */
int ref_warp(const trc_inst *inst, uint32_t n, unsigned entries, ref_counts *c);

#endif
