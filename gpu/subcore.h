/* subcore.h - one sub-core as every machine assembles it: the model (cmodel/sc.h), the
 * trace source that feeds it (driver/tsrc.h; none: the synthetic streams of driver/wl.h),
 * its driver (driver/drv.h) with the write-back CCUs' result fates and the operand cache
 * cfg.operand_cache names (compare/opc.h); one cycle of it; its statistics folded into a
 * run's result. The GPU (gpu.h) has one per sub-core its warps reach; the one-sub-core
 * machine (sim/run.c) has one.
 */
#ifndef SUBCORE_H
#define SUBCORE_H

#include <stdint.h>
#include "gcfg.h"
#include "drv.h"
#include "opc.h"
#include "runres.h"
#include "sc.h"
#include "tsrc.h"

typedef struct {
    sc_t *m;                /* the model */
    drv_t *d;               /* its driver */
    tsrc_t *t;              /* the trace source (closed with it); NULL: synthetic streams */
    opc_t *opc;             /* cfg.operand_cache set: its operand cache */
    sc_in *in;              /* its own inputs and outputs: the driver keeps what it wrote */
    sc_out *out;
    int check;              /* sc_check_invariants after every cycle */
    int wb_ccus;            /* cfg.ccu_writeback: results the CCUs keep are not written */
    char label[16];         /* who it is in messages ("SM 3"); "" for the only one */
} subcore_t;

/* Assemble *s (zeroed by the caller) for configuration c around trace source t (NULL: the
 * driver's synthetic streams; s owns t from now on): the model (values: bit-accurate, else
 * statistics only), its driver, the result fates (rba, ccu_writeback), the operand cache;
 * check: the invariants every cycle; label names it in messages. 0, or -1 with err
 * (RUN_ERR_LEN: "out of memory", with label and what). The caller closes s either way. */
int subcore_open(subcore_t *s, const gpu_cfg *c, tsrc_t *t, int values, int check,
                 const char *label, char *err);

/* Free everything s holds (a zeroed or partly opened s is fine). */
void subcore_close(subcore_t *s);

/* One cycle of s, cycle number cyc in messages: the source's tick, the driver's inputs,
 * the model's step, the driver's checks, the invariants if asked. 0; 1 a violation, 2 a
 * trace error (err, RUN_ERR_LEN). */
int subcore_step(subcore_t *s, uint64_t cyc, char *err);

/* Add the statistics of s to r: the model's counters (first: its cycles, intervals and
 * STHLD history too) less the write-backs the CCUs kept (ccu_writeback: energy only), the
 * operand cache's counters (into r->opc, and folded into r->st, opc_fold), the driver's
 * and the trace source's counters. */
void subcore_fold(const subcore_t *s, run_result *r, int first);

/* The memory the next cycles of s read most (the model's, its driver's, its source's), as
 * regions handed to add(ctx, start, bytes): a hint for warming the CPU's caches. */
void subcore_hot(const subcore_t *s, void (*add)(void *ctx, const void *p, size_t n),
                 void *ctx);

#endif
