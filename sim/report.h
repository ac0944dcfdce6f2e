/* report.h - what a run means: derived figures, the summary a person reads, and the
 * JSON with every counter (schema: docs/json.md). */
#ifndef REPORT_H
#define REPORT_H

#include <stdio.h>
#include "simcfg.h"
#include "ledger.h"
#include "run.h"

typedef struct {
    double ipc;                  /* instructions / cycles */
    double hit_ratio;            /* src_hits / src_regs (distinct registers per instruction) */
    double bank_reads_per_inst;  /* bank reads performed / instructions */
    double bank_writes_per_inst;
    double ccu_writes_per_wb;    /* CCU data writes (port D) / accepted write-backs */
    double flushes_per_kinst;    /* flushes of non-empty CCUs per 1000 instructions */
    /* the papers' counting (their prototype: every source operand, a register whose fill is
       still pending for the same instruction a hit): 1 - (src_regs - src_hits) / src_slots,
       meaningful with caching on; and 1 - bank reads / src_slots, against a baseline that
       reads every operand */
    double hit_ratio_operands;
    double bank_read_reduction_operands;
} rep_metrics;

/* The derived figures of a run (0 where a denominator is 0). */
void rep_metrics_of(const run_result *r, rep_metrics *x);

/* Bits of storage configuration c's design adds per sub-core over the papers' baseline of
 * two operand collectors of `slots` entries, counting registers (flip-flops) only:
 *   a collector slot: data_bits + valid + register id;
 *   a CCU (caching on): entries x (data_bits + register id + valid + lock + near hint +
 *     LRU rank of log2 E bits) + slots x (OCT valid + ready + log2 E entry index);
 *   baseline collectors (caching off): slots collector slots each;
 *   an operand cache (compare/): opc_storage_bits.
 * Negative when the design has fewer collectors than the baseline. */
int64_t rep_storage_bits(const sim_cfg *c);

/* A short summary a person reads at a glance, its energy priced by ledger L (sim/ledger.h).
 * cfg_path may be NULL (defaults). */
void rep_summary(FILE *f, const char *prog, const sim_cfg *c, const char *cfg_path,
                 const run_opts *o, const run_result *r, const ledger_t *L);

/* Write every counter as JSON to path, atomically (temporary file, then rename), the
 * energy priced by ledger L. 0, or -1 with err (one line). */
int rep_json(const char *path, const char *prog, const sim_cfg *c, const char *cfg_path,
             const run_opts *o, const run_result *r, const ledger_t *L, char *err,
             size_t errlen);

#endif
