/* reusestat.h - the reuse anatomy of a run (drv_keys.reuse_stats): each distinct source
 * register an instruction reads, binned by its reuse distance (how many of its warp's
 * instructions back the register was last named, as a source or a destination: the long
 * paper's Fig. 1 counts reuses so), with whether the design's storage served it; and each
 * miss of a register named before, split by whether the warp's storage was flushed since
 * (it took a new CCU: a flush miss) or not (the value was replaced, filtered or never
 * taken: a miss within the tenure). The bins: RST_COLD (never named before by the warp),
 * distance 1, 2, 3, 4-10 and 11 or more.
 */
#ifndef REUSESTAT_H
#define REUSESTAT_H

#include <stdint.h>

enum { RST_COLD = 0, RST_D1, RST_D2, RST_D3, RST_D4_10, RST_D11, RST_NBIN };

typedef struct {
    uint64_t reads[RST_NBIN];   /* distinct source registers read, per bin */
    uint64_t hits[RST_NBIN];    /* ... of those, served by the design's storage */
    uint64_t miss_flushed;      /* misses (not cold) with a new tenure since the last access */
    uint64_t miss_kept;         /* misses (not cold) within the same tenure */
    uint64_t tenures;           /* CCUs taken by a warp (rst_new_tenure calls) */
} rst_counts;

typedef struct {
    unsigned warps, regs;
    uint32_t *last;    /* [warps][regs] the warp's instruction index of the last access
                          (indices start at 1; 0: not named yet) */
    uint32_t *ten;     /* [warps][regs] the warp's tenure at that access */
    uint32_t *idx;     /* [warps] index of the warp's current instruction */
    uint32_t *tenure;  /* [warps] its storage's tenure (a new one at each flush) */
} rst_t;

/* Nothing named for warps x regs registers. 0, or -1 when out of memory. */
int rst_init(rst_t *t, unsigned warps, unsigned regs);

/* Free its arrays (a zeroed rst_t is fine). */
void rst_free(rst_t *t);

/* A new warp starts in slot w: nothing named, a new tenure. */
void rst_start_warp(rst_t *t, unsigned w);

/* Warp w begins its next instruction (its reads and writes are at the new index). */
void rst_next_inst(rst_t *t, unsigned w);

/* Warp w's storage was flushed (it took a new CCU): its values from before are gone.
 * Counted into *c. */
void rst_new_tenure(rst_t *t, rst_counts *c, unsigned w);

/* Warp w reads register r in its current instruction; hit: served by the design's
 * storage. Counted into *c. A register out of range is ignored. */
void rst_read(rst_t *t, rst_counts *c, unsigned w, unsigned r, int hit);

/* Warp w writes register r in its current instruction (after its reads). */
void rst_write(rst_t *t, unsigned w, unsigned r);

/* The bin of a reuse distance d >= 1 (0, a register read again in a later pass of the
 * same instruction, counts as 1). */
unsigned rst_bin(uint32_t d);

/* *a += *b, field by field. */
void rst_add(rst_counts *a, const rst_counts *b);

#endif
