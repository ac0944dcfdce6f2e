/* sc.h - the bit-accurate, cycle-accurate model of one Malekeh sub-core.
 *
 * sc_in and sc_out are exactly the top-level ports of the generated RTL (docs/spec.md,
 * "Top-level ports"); one sc_step() is one clock cycle: outputs are those the RTL shows
 * during the cycle (before the rising edge), state advances at the edge.
 */
#ifndef SC_H
#define SC_H

#include <stddef.h>
#include <stdint.h>
#include "cfg.h"
#include "stats.h"

typedef struct {
    /* issue: the head instruction of each warp's instruction buffer */
    uint8_t inst_valid[CFG_MAX_W];                 /* inst_valid_i[w] */
    uint8_t inst_src_valid[CFG_MAX_W][CFG_MAX_S];  /* inst_src_valid_i */
    uint16_t inst_src_reg[CFG_MAX_W][CFG_MAX_S];   /* inst_src_reg_i */
    uint8_t inst_src_near[CFG_MAX_W][CFG_MAX_S];   /* inst_src_near_i: reuse hint, 1 = near */
    uint32_t inst_tag[CFG_MAX_W];                  /* inst_tag_i: opaque, passed to dispatch */
    /* write-back ports */
    uint8_t wb_valid[CFG_MAX_P];                   /* wb_valid_i */
    uint16_t wb_wid[CFG_MAX_P];                    /* wb_wid_i */
    uint16_t wb_reg[CFG_MAX_P];                    /* wb_reg_i */
    uint8_t wb_near[CFG_MAX_P];                    /* wb_near_i */
    uint64_t wb_data[CFG_MAX_P][CFG_MAX_WORDS];    /* wb_data_i */
    /* dispatch */
    uint8_t disp_ready;                            /* disp_ready_i */
} sc_in;

typedef struct {
    uint8_t issue_valid;                           /* issue_valid_o: an instruction issued */
    uint16_t issue_wid;                            /* issue_wid_o: its warp (0 if none) */
    uint8_t wb_ready[CFG_MAX_P];                   /* wb_ready_o (D-6) */
    uint8_t disp_valid;                            /* disp_valid_o */
    uint16_t disp_wid;                             /* disp_wid_o (0 if !disp_valid) */
    uint32_t disp_tag;                             /* disp_tag_o (0 if !disp_valid) */
    uint8_t disp_src_valid[CFG_MAX_S];             /* disp_src_valid_o */
    uint64_t disp_src_data[CFG_MAX_S][CFG_MAX_WORDS]; /* disp_src_data_o (0 if slot invalid) */
} sc_out;

typedef struct sc sc_t;

/* Create a sub-core model in its reset state; NULL on allocation failure. cfg is copied. */
sc_t *sc_create(const cfg_t *cfg);

/* Create a statistics-only model: every decision, output valid/id/tag and statistic is
 * exactly that of sc_create's model (the policies never look at data values), but no
 * register value is kept: wb_data_i is ignored and no disp_src_data_o word is written. */
sc_t *sc_create_nodata(const cfg_t *cfg);

/* Free a model created by sc_create (NULL is fine). */
void sc_destroy(sc_t *m);

/* Read requests waiting in bank b's FIFO now (an observation for a warp scheduler outside
 * the model, such as the driver's register-bank-aware issue; no effect). */
unsigned sc_bank_queued(const sc_t *m, unsigned b);

/* 1 if a CCU owned by warp wid holds register reg now (an observation for statistics
 * outside the model; no effect). A CCU wid took this cycle holds nothing of wid's: its
 * flush, at the lookup, drops the previous owner's entries. */
int sc_ccu_holds(const sc_t *m, unsigned wid, unsigned reg);

/* The warps that own a CCU now, bit w = warp w (caching units only; 0 with caching off):
 * an observation for statistics outside the model (the driver's reuse anatomy); no
 * effect. */
uint64_t sc_ccu_owners(const sc_t *m);

/* Reset all state to its reset values (statistics too). */
void sc_reset(sc_t *m);

/* Simulate one clock cycle: compute out from the current state and in, then advance.
 * Only the configured part of out is written (slots < cfg.slots, ports < cfg.wb_ports,
 * data words of cfg.data_bits); zero the rest once if you compare whole structs. */
void sc_step(sc_t *m, const sc_in *in, sc_out *out);

/* Statistics accumulated since reset. */
const sc_stats *sc_stats_get(const sc_t *m);

/* The configuration the model was created with. */
const cfg_t *sc_cfg(const sc_t *m);

/* Zero an input struct (all valids low, disp_ready low). */
void sc_in_clear(sc_in *in);

/* 1 if no unit holds an instruction, no bank read is queued or in flight and no fill is
 * pending: then a cycle with no instruction offered and no write-back changes nothing but
 * the counters, the FSM and the LFSR. */
int sc_quiescent(const sc_t *m);

/* Exactly n calls of sc_step with no instruction offered and no write-back presented, on
 * a quiescent sub-core (sc_quiescent), in O(n) small steps: the GPU model's sub-cores
 * that wait for memory. */
void sc_idle(sc_t *m, uint64_t n);

/* Check the contract's invariants 1, 2, 3, 5, 6, 7 on the current state (plus: locked
 * entries are exactly those a busy unit's OCT points to, and the summaries arb.queued,
 * pend and nfill agree with what they summarise). 0, or -1 with a message. */
int sc_check_invariants(const sc_t *m, char *msg, size_t len);

/* The memory the next sc_step calls read most, as regions (start, bytes) handed to
 * add(ctx, ...): the units the configuration has, their data, the arbiter's queues and the
 * counters a cycle updates. For a caller that warms the CPU's caches before stepping many
 * models in turn (a hint: no effect on the model). */
void sc_hot(const sc_t *m, void (*add)(void *ctx, const void *p, size_t n), void *ctx);

#endif
