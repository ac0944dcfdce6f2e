/* tsrc.h - a trace's warps as the driver's instruction source: the warps a block scheduler
 * places into the sub-core's warp slots, barriers, EXIT, and instructions cut to the
 * collector's slots.
 *
 * - Placement is the caller's: the GPU's block scheduler (gpu/gsched.c; gpu/gfeed.h for a
 *   sub-core stepped by someone else) places a block's warps, or a group of them, with
 *   tsrc_place and seals it; BAR.SYNC synchronizes the warps of a block (or group) across
 *   every source they were placed on.
 * - A warp slot frees when its warp has issued EXIT (or its last instruction) and every
 *   instruction it issued has retired (dispatched, every write-back accepted).
 * - BAR.SYNC: a warp whose next instruction is a barrier waits until every warp of its
 *   group that has not exited has reached it; then each of them issues it.
 * - An instruction naming more source registers than cfg.slots is issued as
 *   ceil(n / slots) collector passes in operand order; only the last carries the
 *   destinations and executes (the earlier ones only read their operands). Counts of
 *   "instructions" are trace instructions; the model counts collector allocations.
 * - Hints: hints/hint.h, mode cfg.hint_mode, RTHLD cfg.rthld, or a hint file.
 * - Execution class -> cfg.exec[cls] latency and initiation interval.
 * - Register values (warps from a reader that keeps them, hsrc HSRC_KEEP_VALUES): each
 *   pass carries the trace's value rows of its sources, the last one those of
 *   its destinations (drv_inst.vdst, vsrc; drv.h "Write data").
 */
#ifndef TSRC_H
#define TSRC_H

#include <stdint.h>
#include "cfg.h"
#include "drvkeys.h"
#include "drv.h"
#include "trc.h"

#define TSRC_ERR_LEN 640

typedef struct {
    uint64_t blocks, blocks_done;  /* blocks placed (sealed) / fully retired */
    uint64_t warps;                /* warps placed */
    uint64_t insts;                /* trace instructions issued (all their passes) */
    uint64_t insts_retired;        /* trace instructions retired */
    uint64_t passes;               /* collector passes issued (= model allocations) */
    uint64_t split_insts;          /* instructions issued in more than one pass */
    uint64_t barriers;             /* barrier instructions issued */
    uint64_t src_regs, dst_regs;   /* registers read / written, after width expansion */
    uint64_t src_near, dst_near;   /* of those, near hints */
    uint64_t bar_wait_slot_cycles; /* warp-slot cycles spent waiting at a barrier */
    uint64_t empty_slot_cycles;    /* warp-slot cycles with no warp placed */
    /* warps resident (docs/gpu.md, "Warps per sub-core"): a warp is resident from the
     * cycle it is placed in a slot to the cycle its slot frees; counted per cycle after the
     * cycle's placements */
    uint64_t held_slot_cycles;     /* warp-slot cycles with a warp resident */
    uint64_t busy_cycles;          /* cycles with at least one warp resident */
    uint64_t max_held;             /* warps resident in one cycle, at most (gsum: max) */
    uint64_t unknown_insts;        /* trace instructions of an opcode of no known class */
    uint64_t val_insts;            /* trace instructions issued with register values
                                      (tracer 6 `Val`, when kept) */
    /* asynchronous copies (docs/trace.md "Asynchronous copies") */
    uint64_t cp_groups;            /* groups of copies closed (LDGDEPBAR issued) */
    uint64_t gmma_groups;          /* groups of warpgroup MMAs closed (the commit flag, or
                                      a WARPGROUP.DEPBAR in a trace without it) */
    uint64_t depbar_waits;         /* DEPBARs (either kind) that waited for a group */
    uint64_t depbar_wait_slot_cycles; /* warp-slot cycles spent so */
    /* cfg.rf_states: register-cycles of the warps' registers (R0 up to the highest one a
     * warp names, from its first issue to its last), by the state a liveness-aware
     * register file could keep them in: OFF (dead: the next access writes it, or there is
     * none), SLEEP (live, its next read more than cfg.sleep_window instructions of the
     * warp away), ON (the rest) */
    uint64_t reg_cycles_off, reg_cycles_sleep, reg_cycles_on;
} tsrc_counts;

typedef struct tsrc tsrc_t;

/* Warps resident per sub-core of counts t: the mean over the cycles a sub-core holds at
 * least one warp (held_slot_cycles / busy_cycles; 0 when none). */
double tsrc_warps_mean(const tsrc_counts *t);

/* Close (NULL is fine). */
void tsrc_close(tsrc_t *t);

/* The drv_src of this trace (valid while t lives). */
const drv_src *tsrc_iface(tsrc_t *t);

/* Call once per cycle before drv_inputs (after the cycle's placements): the slot-cycle
 * counters. */
void tsrc_tick(tsrc_t *t);

/* 1 when no warp holds a slot (every warp placed so far retired everything). */
int tsrc_done(const tsrc_t *t);

/* A source for configuration c and the driver's keys k (both copied), every slot free; a
 * block's warps may be placed on several sources, and barriers span them all
 * (bar_wait_slot_cycles counts a warp from its arrival until it issues the barrier). path
 * names the trace in messages. NULL with err when out of memory. */
tsrc_t *tsrc_create_fed(const cfg_t *c, const drv_keys *k, const char *path, char *err);

/* From now on every warp placed gets the next-use distances of its operands
 * (drv_inst.src_dist, dst_dist: the prototype design of compare/proto.h reads them). */
void tsrc_next_use(tsrc_t *t);

/* Whether warp slot w may fetch the instruction at pc now: 1 yes, 0 not yet (the first
 * ask of a line may start its fetch). */
typedef int (*tsrc_fetch_fn)(void *ctx, unsigned w, uint32_t pc);

/* How many cycles from now the instruction at pc of warp slot w stays unfetchable, with
 * no effect (0: fetchable, or not known). */
typedef uint64_t (*tsrc_fetch_wait_fn)(void *ctx, unsigned w, uint32_t pc);

/* Ask fn before presenting each new trace instruction of t (an instruction
 * cache), and wait for how long a warp is held by it (drv_src.held); NULL: always. */
void tsrc_set_fetch(tsrc_t *t, tsrc_fetch_fn fn, tsrc_fetch_wait_fn wait, void *ctx);

/* The cycle the memory instruction ti of warp `warp`, starting at `start`, has its data
 * back (a memory system). */
typedef uint64_t (*tsrc_mem_fn)(void *ctx, const trc_warp *warp, const trc_inst *ti,
                                uint64_t start);

/* Time every memory instruction (trc_inst.mspace != TRC_M_NONE) of t with fn instead of
 * its class's latency (drv_src.exec_done). */
void tsrc_set_mem(tsrc_t *t, tsrc_mem_fn fn, void *ctx);

/* A block of the caller's: done(ctx, arg) once tsrc_blk_seal was called and none of its
 * warps holds a slot any more (then the handle is freed). NULL when out of memory. */
typedef struct tsrc_blk tsrc_blk;
tsrc_blk *tsrc_blk_create(void (*done)(void *ctx, void *arg), void *ctx, void *arg);

/* Every register of block b (of trace `path`) within configuration c's range: 0, or -1
 * with err naming the first instruction out of it. A caller feeding warps checks each block
 * once, when it reads it (its instructions are still in the CPU's caches then). */
int tsrc_check_block(const cfg_t *c, const char *path, const trc_block *b, char *err);

/* Place warp tw (alive until blk's done) of blk into free slot w of t; a warp
 * without instructions takes no slot. The caller checked its block (tsrc_check_block).
 * 0, or -1 with err (slot not free). */
int tsrc_place(tsrc_t *t, tsrc_blk *blk, const trc_warp *tw, unsigned w, char *err);

/* Every warp of blk is placed (t: any source; it counts the block). */
void tsrc_blk_seal(tsrc_t *t, tsrc_blk *blk);

/* tsrc_blk_seal for a further group of a block run in groups (a block larger than a
 * sub-core on the one-sub-core machine) whose first group was sealed with tsrc_blk_seal:
 * it counts no block (the block counts as done when its first group is). */
void tsrc_blk_seal_more(tsrc_t *t, tsrc_blk *blk);

/* The free warp slots of t (bit w: slot w). */
uint64_t tsrc_free_slots(const tsrc_t *t);

/* Give add(ctx, p, n) each region of memory the source's next cycles read (its state and
 * its warp slots), so a caller can ask the CPU to load them early (no effect). */
void tsrc_hot(const tsrc_t *t, void (*add)(void *ctx, const void *p, size_t n), void *ctx);

/* n calls of tsrc_tick on a source in which nothing changes (a sub-core asleep): the
 * slot-cycle counters. */
void tsrc_skip(tsrc_t *t, uint64_t n);

/* Counters so far. */
const tsrc_counts *tsrc_get_counts(const tsrc_t *t);

#endif
