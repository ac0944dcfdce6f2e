/* opc.h - operand caches beside the baseline collectors: the comparison designs of
 * docs/compare.md, chosen by cfg.operand_cache, each plugged into the driver as a drv_opc.
 *
 *   reuse   NVIDIA's operand reuse cache (Huerta et al., MICRO 2025; reuse.h)
 *   bow     BOW, a per-warp window over the last instructions' operands (Esfeden et al.,
 *           MICRO 2020; bow.h), results written through to the register file
 *   bow_wr  BOW-WR: the same window, a result written to the register file only when an
 *           instruction after the window reads it (the compiler's liveness hints)
 *   rfc     RFC with a two-level scheduler (Gebhart et al., ISCA 2011; rfc.h)
 *   proto   the authors' prototype policy (`stallthresh`; proto.h): CCUs owned by warps,
 *           replacement by the farthest next read, admission above rthld or after a wait
 */
#ifndef OPC_H
#define OPC_H

#include <stdint.h>
#include "cfg.h"
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
} opc_stats;

typedef struct opc opc_t;

/* The operand cache c->operand_cache names, empty; NULL when it names none or when out of
 * memory. */
opc_t *opc_create(const cfg_t *c);

/* Free a cache (NULL is fine). */
void opc_destroy(opc_t *o);

/* The driver hook of cache o (drv_set_opc); o must outlive the driver. */
drv_opc opc_hook(opc_t *o);

/* Counters since creation (BOW-WR: write-backs whose fate is still open count as needed). */
const opc_stats *opc_get_stats(opc_t *o);

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

/* Bits of storage the design adds per sub-core (0 for none). */
uint64_t opc_storage_bits(const cfg_t *c);

/* Data entries (registers of data_bits) the design adds per sub-core (0 for none): what its
 * storage clock is priced on (sim/energy.h). */
uint64_t opc_entries(const cfg_t *c);

/* The design's name ("none", "reuse", "bow", "bow_wr", "rfc", "proto") and a few words on it. */
const char *opc_name(unsigned design);
const char *opc_what(unsigned design);

#endif
