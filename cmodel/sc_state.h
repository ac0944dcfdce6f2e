/* sc_state.h - the complete state of the sub-core model (every RTL register has its
 * counterpart here). For the model itself, the invariant checker, tests and co-simulation;
 * users of the model go through sc.h. */
#ifndef SC_STATE_H
#define SC_STATE_H

#include <stdint.h>
#include "arb.h"
#include "ccu.h"
#include "cfg.h"
#include "fsm.h"
#include "stats.h"

typedef struct sc sc_t; /* sc.h names it too (the same type) */

struct sc {
    cfg_t cfg;
    unsigned words;                /* 64-bit words kept per register value (0: no data) */
    unsigned reg_bits, wid_bits;   /* port widths of register and warp ids (cfg_clog2) */
    uint64_t port_ones;            /* byte q = 1 for each write-back port q (a word of 8) */
    ccu_t ccu[CFG_MAX_C];
    uint64_t *ccu_data;            /* backing store of every ccu[k].data */
    arb_t arb;
    arb_grant fill[CFG_MAX_B];     /* reads granted last cycle: port S fills this cycle */
    unsigned nfill;                /* how many fill[] are valid (0: the loops are skipped) */
    uint64_t pend;                 /* bit k: ccu[k].pend (units in their lookup cycle) */
    uint64_t claim;                /* bit k: ccu[k].claim (units in their claim cycle) */
    uint64_t *rdata;               /* banks x words: each bank's registered read data */
    uint64_t *mem;                 /* warps x regs x words: RF contents, (wid, reg) order */
    uint16_t lfsr;
    uint8_t last_valid;            /* D-14 greedy warp */
    uint16_t last_wid;
    uint8_t rr;                    /* D-13 round-robin pointer */
    uint16_t counter;              /* D-9 waiting counter */
    fsm_t fsm;
    uint8_t fsm_issue;             /* the FSM counts the issue of the previous cycle */
    sc_stats stats;
};

#endif
