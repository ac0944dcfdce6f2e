/* opcstat.h - what every comparison design counts (opc_stats) and the helpers they share:
 * counting a lookup's hits, summing counters, folding them into a sub-core's statistics.
 * The designs (reuse.h, bow.h, rfc.h, proto.h, gtoany.h) and the registry (opc.h) include
 * it; it includes neither.
 */
#ifndef OPCSTAT_H
#define OPCSTAT_H

#include <stdint.h>
#include "drv.h"
#include "stats.h"

typedef struct {
    uint64_t lookups;         /* source operands looked up in the cache */
    uint64_t hit_slots;       /* ... of those, read from it */
    uint64_t hit_regs;        /* distinct source registers of an instruction all of whose
                                 operands hit */
    uint64_t fills;           /* entries written (a register value put into the cache) */
    uint64_t rf_writes_saved; /* write-backs that need not reach the register file */
    /* the prototype's admissions (proto.h; 0 for the other designs) */
    uint64_t admit_far;       /* a waiting warp took a CCU at once (owner's values far) */
    uint64_t admit_wait;      /* ... after the fixed wait */
    uint64_t admit_refused;   /* stall cycles a waiting warp was refused */
    uint64_t evict_live;      /* replacements of a value still to be read */
    uint64_t read_stalls;     /* the reuse cache's read stage (reuse_read = direct): cycles
                                 it held the issue; 0 for the other designs */
    /* gto_any's collectors (gtoany.h; 0 for the other designs) */
    uint64_t moves;           /* instructions given a collector their warp did not own */
    uint64_t drops_nonempty;  /* caches dropped holding at least one value */
} opc_stats;

/* A design's lookup of warp instruction h: `looked` (bit s) the sources it looked up,
 * `hits` those it served. Counts lookups, hit_slots and hit_regs (distinct registers all of
 * whose operands hit). */
void opc_note_sources(opc_stats *st, const drv_inst *h, uint32_t looked, uint32_t hits);

/* Add counters a to t. */
void opc_add(opc_stats *t, const opc_stats *a);

/* Fold counters s into a sub-core's statistics st, so that the figures computed from st
 * cover the operands the cache served: source slots, distinct registers and hits (the
 * registers served whole), entry writes charged as collector-entry writes, and the
 * register-file writes saved taken off the bank writes (energy; the timing still
 * writes them). */
void opc_fold(const opc_stats *s, sc_stats *st);

#endif
