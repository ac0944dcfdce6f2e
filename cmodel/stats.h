/* stats.h - statistics the sub-core model accumulates (no effect on behaviour). */
#ifndef STATS_H
#define STATS_H

#include <stdint.h>
#include <stdio.h>
#include "cfg.h"

/* Outcome of offering one instruction to the CCU allocator (contract D-9). */
enum {
    ALLOC_OWNED_FREE = 0, /* step 1: the warp's own CCU is free: use it, no flush */
    ALLOC_OWNED_BUSY,     /* step 1: the warp's own CCU is busy: stall */
    ALLOC_FAR_CCU,        /* step 2: a free CCU without near values: flush, take it */
    ALLOC_NO_FREE,        /* step 3: no free CCU: stall */
    ALLOC_WAIT,           /* step 4: counter < STHLD: stall, counter += 1 */
    ALLOC_NEAR_FLUSH,     /* step 4: counter >= STHLD: flush a near CCU, counter = 0 */
    ALLOC_BASE_FREE,      /* baseline OCUs (spec decision 8): a free unit taken */
    ALLOC_NCASES
};

#define STATS_STHLD_TRACE 4096 /* intervals of STHLD history kept */

typedef struct {
    uint64_t cycles;
    uint64_t issued;              /* instructions accepted by the allocator */
    uint64_t dispatched;
    uint64_t idle_no_warp;        /* cycles with no warp offering an instruction */
    uint64_t alloc[ALLOC_NCASES]; /* per D-9 case */
    uint64_t src_slots;           /* valid source slots of issued instructions */
    uint64_t src_regs;            /* distinct source registers per instruction (a register
                                     named by several slots counts once) */
    uint64_t src_hits;            /* ... of those, found in a cache entry at allocation */
    uint64_t bank_read_reqs;      /* bank read requests queued (one per missing register) */
    uint64_t bank_reads;          /* bank reads performed (grants) */
    uint64_t bank_writes;         /* accepted write-backs */
    uint64_t wb_refused;          /* write-back port-cycles with valid && !ready (D-6) */
    uint64_t ccu_data_writes;     /* port D writes (update or allocate) */
    uint64_t ccu_fills;           /* port S fills */
    uint64_t wb_filtered;         /* write-backs to a CCU-owning warp not written in (filter) */
    uint64_t wb_port_lost;        /* cacheable write-backs that lost port D (D-4) */
    uint64_t wb_invalidations;    /* entries invalidated by a write-back (D-3) */
    uint64_t flushes;             /* CCU flushes on owner change */
    uint64_t flushes_nonempty;    /* ... of a CCU holding at least one valid entry */
    uint64_t grant_blocked_write; /* bank FIFO heads held because the bank was written */
    uint64_t grant_blocked_port;  /* bank FIFO heads held because port S was taken */
    uint64_t disp_refused;        /* cycles a CCU was ready but dispatch was refused */
    uint64_t disp_contention;     /* cycles with more than one ready CCU */
    unsigned fifo_high_water;     /* max occupancy of any bank FIFO */
    uint64_t repl_alloc[3];       /* D-7 branch of allocation claims: invalid, far, LRU */
    uint64_t repl_portd[3];       /* D-7 branch of port D claims: invalid, far, LRU */
    uint64_t fsm_edge[CFG_MAX_FSM + 1][2]; /* [state][0 = S, 1 = L] transitions taken */
    uint64_t intervals;           /* completed intervals */
    unsigned sthld_trace[STATS_STHLD_TRACE]; /* STHLD at the end of interval i */
} sc_stats;

/* Receives one counter of stats_each. */
typedef void (*stats_fn)(void *ctx, const char *name, uint64_t value);

/* Call fn for every scalar counter (not sthld_trace), in the order of stats_print. */
void stats_each(const sc_stats *s, const cfg_t *c, stats_fn fn, void *ctx);

/* Print the statistics as `name value` lines (human and script readable). */
void stats_print(const sc_stats *s, const cfg_t *c, FILE *f);

#endif
