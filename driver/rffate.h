/* rffate.h - which results a design keeps out of the register file: BOW-WR, RFC and
 * write-back CCUs (driver/drv.c, ccu_writeback) write a
 * result to the register file only when a later read of it, before the register is written
 * again, cannot find it in the design's own storage (the compilers' liveness hints of their
 * papers, known here exactly from each warp's stream). A result is open from its write
 * until the register is written again or its warp ends; it is needed when a read misses
 * while it is open. Every closed result that was not needed is a register-file write saved.
 */
#ifndef RFFATE_H
#define RFFATE_H

#include <stdint.h>

typedef struct {
    unsigned warps, regs;
    uint8_t *open, *need;   /* [warps][regs] */
    uint64_t saved;         /* closed results never needed in the register file */
    uint64_t open_unneeded; /* open results no read has needed yet */
} rff_t;

/* No open result for warps x regs registers. 0, or -1 when out of memory. */
int rff_init(rff_t *f, unsigned warps, unsigned regs);

/* Free its arrays (a zeroed rff_t is fine). */
void rff_free(rff_t *f);

/* Warp w reads register r; hit: from the design's storage (else from the register file). */
void rff_read(rff_t *f, unsigned w, unsigned r, int hit);

/* Warp w writes register r: its previous result closes, a new one opens. */
void rff_write(rff_t *f, unsigned w, unsigned r);

/* Warp w's slot gets a new warp: every open result of the old one closes. */
void rff_end_warp(rff_t *f, unsigned w);

/* Register-file writes saved so far, results still open counted by the reads so far
 * (O(1)). */
uint64_t rff_saved(const rff_t *f);

#endif
