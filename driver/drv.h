/* drv.h - the workload driver: a small issue/execute/write-back pipeline around the
 * sub-core model, fed by per-warp instruction sources (the seeded streams of wl.h, or a
 * trace through tsrc.h), checking contract invariant 4.
 *
 * Per cycle:  drv_inputs(d, &in);  sc_step(m, &in, &out);  drv_consume(d, &in, &out);
 *
 * - Scoreboard: register (warp, reg) is pending from the cycle its writer issues until the
 *   cycle its write-back is accepted (inclusive). A warp's head instruction is presented
 *   only if no source and not its destination is pending and the warp has no instruction
 *   between issue and dispatch. (Only the warp's own issue can change that from yes to
 *   no, so a presented head is not checked again until the warp issues, and a head held
 *   back by a pending register only once that register is written back.)
 * - Tags: per-warp sequence number masked to cfg.tag_bits.
 * - Dispatch: disp_ready is low with probability wl_disp_stall_pct. At every dispatch the
 *   driver checks the tag, the slot valids (slot s valid iff s < nsrc), every valid
 *   operand against its architectural copy (invariant 4) and that invalid slots carry 0.
 * - Execution: an instruction with an initiation interval (ii > 0, trace runs) starts on
 *   its class's unit at the first cycle the unit is free (ii cycles after the previous
 *   start); synthetic instructions start at dispatch. Latency max(1, lat) cycles after
 *   the start, each destination's write-back waits for a port. Ready write-backs are presented oldest first, one per
 *   port; each is held back for the cycle with probability wl_wb_stall_pct. A refused
 *   write-back (wb_ready = 0) is presented again later, with the same data.
 * - Write data: rng_mix64 of (wl_seed, warp, reg, write number, word), masked to
 *   data_bits. The initial value of every register is 0. (None after drv_no_values.)
 *   Trace values: a destination the instruction gives a row of values for (drv_inst.vdst,
 *   from a tracer-6 `Val` line) is written with them instead: lane i's 32-bit value in
 *   bits 32i..32i+31, for every lane the row gives (the active lanes) that lies below
 *   data_bits. Every other bit keeps what the register held before: the inactive lanes
 *   (as on the GPU, where an inactive thread's register is not written) and, when
 *   data_bits > 1024, the bits from 1024 up. The value is made when the write-back is
 *   presented; the scoreboard leaves only this write-back outstanding for the register,
 *   so a refused write-back is presented again with the same data. Destinations without
 *   a row (a pair's second register, lines without values) get the invented data. At
 *   dispatch, a source slot with a row (drv_inst.vsrc) is also compared with it in every
 *   lane the row gives below data_bits (src_trace_checks, src_trace_diffs): counted, not
 *   an error (the trace describes the program; the model is checked against the
 *   driver's own copy, invariant 4). docs/trace.md section 7.
 * - Liveness: if work is outstanding and nothing was issued, dispatched or written back
 *   for DRV_STALL_LIMIT cycles, that is reported as an error (skipped when a stall
 *   percentage is 100).
 */
#ifndef DRV_H
#define DRV_H

#include <stdint.h>
#include "cfg.h"
#include "drvkeys.h"
#include "reusestat.h"
#include "sc.h"

#define DRV_ERR_LEN 256
#define DRV_STALL_LIMIT 100000ULL
#define DRV_MAX_DST 32   /* destination registers of one instruction */
#define DRV_NCLS 8       /* execution classes with a unit of their own (cfg.exec) */
#define DRV_CLS_LDST 4   /* the memory classes (trace/trc.h TRC_CLS_LDST, TRC_CLS_SHMEM) */
#define DRV_CLS_SHMEM 5
#define DRV_VAL_ROW 33   /* a row of trace values: [0] the lanes it gives (bit i: lane i),
                            [1 + i] lane i's 32-bit value (trace/trc.h TRC_VAL_ROW) */

/* One instruction as the driver presents it to the sub-core. The scalars come first and
 * the arrays after them, the distances (read only by operand_cache = proto) last: an
 * instruction with a few operands is its first two cache lines, and the driver copies
 * only the valid entries at issue. */
typedef struct {
    uint64_t seq;                  /* per-warp sequence number (the tag is seq & mask) */
    unsigned nsrc;                 /* valid sources, 0..cfg.slots, in slots 0..nsrc-1 */
    unsigned ndst;                 /* destination registers, 0..DRV_MAX_DST */
    uint32_t src_reuse;            /* bit s: the compiler's reuse bit of src[s] (an operand
                                      cache's allocation hint, drv_opc; 0: none) */
    unsigned src_pos;              /* the instruction's operand position of src[0] (> 0 in
                                      a later pass of an instruction wider than the slots) */
    unsigned cls;                  /* execution unit, < DRV_NCLS (used when ii > 0) */
    unsigned lat;                  /* latency, cycles */
    unsigned ii;                   /* initiation interval of its unit, 0 = no unit limit */
    uint32_t vdst, vsrc;           /* trace values: bit i, dst[i] / slot i has a row (0: none) */
    const void *ext;               /* the source's own reference (tsrc: its trc_inst when
                                      it accesses memory), for drv_src.exec_done; NULL:
                                      none */
    const uint32_t *dval, *sval;   /* the rows, DRV_VAL_ROW words each: one per set bit of
                                      vdst / vsrc in order; they stay valid until every
                                      write-back of the instruction is accepted */
    uint16_t src[CFG_MAX_S];
    uint8_t src_near[CFG_MAX_S];
    uint16_t dst[DRV_MAX_DST];
    uint8_t dst_near[DRV_MAX_DST];
    uint16_t src_dist[CFG_MAX_S];  /* how many of the warp's instructions on the register of
                                      src[s] is next read, when it is read before written
                                      (hint_next_use; 1: the next one); 0: not read again
                                      before written, or not known (only trace sources fill
                                      it, and only for operand_cache = proto) */
    uint16_t dst_dist[DRV_MAX_DST]; /* the same for dst[d] */
} drv_inst;

/* Where a driver's instructions come from. Every call names a warp slot w < cfg.warps. */
typedef struct {
    void *ctx;
    /* Warp w's head instruction, or NULL when w has nothing to present now. Once it
     * returned an instruction, peek(w) returns that same instruction (and has no further
     * effect) until pop(w): the driver may skip calls in between. The pointer stays
     * valid until pop(w). */
    const drv_inst *(*peek)(void *ctx, unsigned w);
    /* Warp w's head was issued. */
    void (*pop)(void *ctx, unsigned w);
    /* One piece of an instruction of w completed: called once at its dispatch and once
     * per accepted write-back of it (so 1 + ndst calls per instruction). May be NULL. */
    void (*complete)(void *ctx, unsigned w);
    /* The warps peek may give an instruction to, now or later without a pop (bit w =
     * warp w): for a warp outside it, peek returns NULL and has no effect, so the driver
     * does not ask. NULL: every warp. */
    uint64_t (*active)(void *ctx);
    /* The cycle warp w's instruction i, which starts executing at cycle `start`, makes
     * its write-backs ready (>= start + 1): a memory system's answer. Called once per
     * executed instruction, in dispatch order. NULL: start + max(1, i->lat). */
    uint64_t (*exec_done)(void *ctx, unsigned w, const drv_inst *i, uint64_t start);
    /* How many cycles from the current one peek(w) keeps returning NULL for a reason only
     * time ends (an instruction fetch), with no effect; 0: not held so, or not known.
     * NULL: never known (drv_quiet_until). */
    uint64_t (*held)(void *ctx, unsigned w);
} drv_src;

/* An operand cache beside the collectors (a comparison design, compare/): the sources it
 * serves are not presented to the sub-core, so they take no bank read and no collector
 * slot. Its state may change only at an issue (and at a dispatch, with `dispatched`). */
typedef struct {
    void *ctx;
    /* The sources of h (bit s: slot s) warp w would read from the cache if it issued now,
     * from the cache's current state; no effect. */
    uint32_t (*hits)(void *ctx, unsigned w, const drv_inst *h);
    /* Warp w issued h, with `hits` what hits() gave for it this cycle: update the cache. */
    void (*issued)(void *ctx, unsigned w, const drv_inst *h, uint32_t hits);
    /* Two-level scheduling (0: none): at most active_max warps may present instructions;
     * an active warp whose head waits for a register a global, local or constant load will
     * write (not a shared-memory load: a short dependence) leaves the active set (flush(ctx, w) is called, may be NULL), and a waiting warp that is not
     * held so takes a free place, the one waiting longest first. */
    unsigned active_max;
    void (*flush)(void *ctx, unsigned w);
    /* Admission into a full active set (NULL: the rule above). When set, an active warp
     * leaves the set only when its source has nothing more for it (it ended), never for a
     * memory wait or a barrier; and in every cycle in which no warp presented an
     * instruction while a warp outside the set could have (stall_inactive), admit(ctx, w,
     * avail) is asked with w the one of those waiting longest and avail the active warps
     * with no instruction in collection (bit w, maybe 0): it returns the active warp whose
     * place w takes from the next cycle (flush is called for it), or -1 (w waits). */
    int (*admit)(void *ctx, unsigned w, uint64_t avail);
    /* An issue gate (NULL: none): asked once per cycle, with the cycle's number, before any
     * warp is decided; 0 means no warp may present an instruction this cycle (every warp is
     * decided again the next). A design without collectors uses it to hold the issue while
     * its read stage is busy (compare/reuse.h, reuse_read = direct). */
    int (*gate)(void *ctx, uint64_t cycle);
    /* Warp w's instruction in collection was dispatched (its collector is free again); NULL:
     * not told. A design that sets it may change its state here too: every presented warp
     * is then decided again, as after an issue (compare/gtoany.h). */
    void (*dispatched)(void *ctx, unsigned w);
} drv_opc;

typedef struct {
    uint64_t cycles;         /* drv_consume calls */
    uint64_t issued;         /* instructions accepted at issue */
    uint64_t dispatched;     /* instructions dispatched (disp_valid && disp_ready) */
    uint64_t written_back;   /* write-backs accepted (wb_valid && wb_ready) */
    uint64_t wb_refused;     /* presented write-backs refused (wb_valid && !wb_ready) */
    uint64_t operand_checks; /* valid operands compared at dispatch */
    uint64_t wb_trace_values;  /* accepted write-backs whose data came from the trace */
    uint64_t src_trace_checks; /* dispatched sources compared with the trace's values */
    uint64_t src_trace_diffs;  /* of those, ones that differ from them in a lane */
    uint64_t errors;         /* violations found (the first one is kept, drv_error) */
    /* cycles no warp presented an instruction, by the first reason that applies: a warp
     * waits for a register a memory instruction (ldst, shmem class) will write; for a
     * register another instruction will write; a warp's instruction is between issue
     * and dispatch (operand collection); a warp is held by its source (a barrier, an
     * instruction fetch); no warp (none placed, or only write-backs left) */
    uint64_t stall_mem, stall_dep, stall_collect, stall_other, stall_empty;
    /* two-level scheduling (drv_opc.active_max): cycles no warp presented an instruction
     * while a warp outside the active set could have (counted before the reasons above);
     * of those, the cycles a collector was free, so that the warp outside would have issued
     * on a one-level scheduler (the rule's binding cycles); warps that left the active set */
    uint64_t stall_inactive, stall_inactive_free, active_swaps;
    /* register-bank-aware issue (drv_set_model): warp-cycles a presented instruction was held
     * back because another warp's sources met shorter bank queues */
    uint64_t rba_hidden;
    /* write-back CCUs (cfg.ccu_writeback): accepted write-backs a CCU of their warp then
     * held, and of all results, those never needed in the register file: overwritten
     * (or still open at the end) with no read missing the CCUs in between (a result the
     * CCUs did not take is needed at once) */
    uint64_t ccu_wb_cached, ccu_wb_saved;
    /* reuse_stats: the reuse anatomy (driver/reusestat.h); all 0 when off */
    rst_counts reuse;
} drv_counts;

typedef struct drv drv_t;

/* Create a driver for configuration c (copied), streams seeded by c->wl_seed; NULL on
 * allocation failure. */
drv_t *drv_create(const cfg_t *c, const drv_keys *k);

/* Create a driver fed by src (copied; it must outlive the driver): no random dispatch or
 * write-back stalls (the wl_*_stall_pct keys are ignored). NULL on allocation failure. */
drv_t *drv_create_src(const cfg_t *c, const drv_keys *k, const drv_src *src);

/* Statistics-only, for a model from sc_create_nodata; call before the first cycle. The
 * same cycle behaviour, but write-backs carry no data and dispatched operands are not
 * compared (tags and slot valids still are; operand_checks stays 0). */
void drv_no_values(drv_t *d);

/* Put operand cache opc (copied; its ctx must outlive the driver) in front of the
 * sub-core: from now on each presented instruction lacks the sources opc->hits names, and
 * every issue re-decides every presented warp. Call before the first cycle. 0, or -1 when
 * out of memory. */
int drv_set_opc(drv_t *d, const drv_opc *opc);

/* Let the driver observe model m (read-only; m must outlive the driver): with cfg.rba,
 * register-bank-aware issue (each cycle only the presented warps whose sources wait on
 * the shortest queues of m's banks, sc_bank_queued, keep their instruction valid); with
 * cfg.ccu_writeback, the write-back CCUs' fates (drv_counts.ccu_wb_*). Call before the
 * first cycle. 0, or -1 when out of memory. */
int drv_set_model(drv_t *d, const sc_t *m);

/* Synthetic streams: present no instruction once n have been issued (0 = no limit). */
void drv_set_issue_limit(drv_t *d, uint64_t n);

/* 1 if nothing issued is still executing or waiting for a write-back port. */
int drv_idle(const drv_t *d);

/* Free a driver (NULL is fine). */
void drv_destroy(drv_t *d);

/* Compute this cycle's model inputs into *in (cleared first). Call once per cycle. */
void drv_inputs(drv_t *d, sc_in *in);

/* Update the driver from this cycle's inputs (those drv_inputs produced) and the model's
 * outputs. Returns 0, or -1 if an invariant or protocol violation was seen this cycle. */
int drv_consume(drv_t *d, const sc_in *in, const sc_out *out);

/* Give add(ctx, p, n) each region of memory the driver's next cycles read (its state, the
 * scoreboard, the write-backs in flight), so a caller can ask the CPU to load them early
 * (no effect). */
void drv_hot(const drv_t *d, void (*add)(void *ctx, const void *p, size_t n), void *ctx);

/* The driver's cycle (drv_counts.cycles) before which it will present no instruction and
 * no write-back, when it can tell: no instruction between issue and dispatch, and every
 * warp its source gives held back by a register whose write-back is not ready before
 * then (UINT64_MAX: no warp and nothing outstanding). 0 when it cannot tell. */
uint64_t drv_quiet_until(drv_t *d);

/* Account n cycles in which drv_inputs would present nothing and drv_consume see nothing
 * (within what drv_quiet_until allowed): the cycle and stall counters. */
void drv_skip(drv_t *d, uint64_t n);

/* The first error message (one line, no newline), or "" if none. */
const char *drv_error(const drv_t *d);

/* The driver's counters. */
const drv_counts *drv_get_counts(const drv_t *d);

#endif
