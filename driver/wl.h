/* wl.h - seeded random instruction streams, one per warp, with exact (oracle) reuse hints.
 *
 * Every stream is a pure function of the configuration's wl_* keys, cfg.slots and the warp
 * id: the same cfg always gives the same streams. Registers are drawn from
 * 0..wl_regs_used-1 (clamped to cfg.regs). A source (and the destination) reuses one of
 * the last wl_reuse_window distinct registers the warp named with probability
 * wl_reuse_pct, else it is uniform; a source repeats an earlier source of the same
 * instruction with probability wl_dup_pct.
 *
 * Hints: an operand (source or destination) of instruction i naming register r is near iff
 * one of instructions i+1..i+rthld of the same warp reads r before any of them writes r
 * (an instruction that both reads and writes r counts as a read). The generator keeps a
 * lookahead of rthld+1 instructions so the head's hints are exact.
 */
#ifndef WL_H
#define WL_H

#include <stdint.h>
#include "cfg.h"
#include "drvkeys.h"

typedef enum { WL_ALU = 0, WL_SFU = 1, WL_MEM = 2 } wl_class;

typedef struct {
    uint64_t seq;                 /* position in this warp's stream, from 0 */
    unsigned nsrc;                /* valid sources, 0..cfg.slots */
    uint16_t src[CFG_MAX_S];      /* source registers in slot order (may repeat) */
    uint8_t src_near[CFG_MAX_S];  /* reuse hint per source, 1 = near */
    int has_dst;                  /* 1 if the instruction writes dst */
    uint16_t dst;
    uint8_t dst_near;             /* reuse hint of the destination */
    wl_class cls;
    unsigned lat;                 /* execution latency in cycles (wl_lat_* of cls) */
} wl_inst;

typedef struct wl wl_t;

/* Create the stream of warp wid for configuration c (copied); NULL on allocation failure. */
wl_t *wl_create(const cfg_t *c, const drv_keys *k, unsigned wid);

/* Free a stream (NULL is fine). */
void wl_destroy(wl_t *w);

/* The head instruction, with exact hints; valid until the next wl_pop. Never NULL
 * (streams are infinite) unless w is NULL. */
const wl_inst *wl_peek(wl_t *w);

/* Drop the head instruction; the next one becomes the head. */
void wl_pop(wl_t *w);

/* 1 if instruction in reads register r as one of its sources. */
int wl_reads(const wl_inst *in, unsigned r);

/* The number of registers the streams draw from (wl_regs_used clamped to [1, regs]). */
unsigned wl_regs_span(const cfg_t *c, const drv_keys *k);

#endif
