/* run.h - one simulation run of the sub-core model under the workload driver: a trace to
 * completion, or the synthetic streams for a number of instructions, then drained.
 *
 * Every run ends with every issued instruction retired (dispatched, all write-backs
 * accepted), unless the cycle limit stops it first (then `complete` is 0). Per-instruction
 * figures are therefore comparable between configurations run on the same workload.
 */
#ifndef RUN_H
#define RUN_H

#include <stdint.h>
#include "cfg.h"
#include "drv.h"
#include "gstat.h"
#include "opc.h"
#include "sc.h"
#include "tsrc.h"

#define RUN_ERR_LEN 700

typedef struct {
    const char *trace;      /* trace file, or NULL for the synthetic streams */
    const char *hint_file;  /* trace runs: hints from this file (NULL: cfg.hints) */
    uint64_t max_blocks;    /* trace runs: only the first N blocks (0 = all) */
    uint64_t insts;         /* synthetic runs: instructions to issue */
    uint64_t max_cycles;    /* stop here even if not complete (0 = no limit) */
    int progress;           /* progress lines on stderr */
    int check_invariants;   /* run sc_check_invariants after every cycle */
    int values;             /* bit-accurate: carry register values, check every operand;
                               0: statistics only (the same statistics, no payloads) */
} run_opts;

typedef struct {
    sc_stats st;            /* the model's statistics */
    drv_counts dc;          /* the driver's counters (operand checks, ...) */
    tsrc_counts tc;         /* trace runs: the trace source's counters */
    opc_stats opc;          /* cfg.operand_cache set: the operand caches' counters (already
                               folded into st, opc_fold) */
    trc_kernel kernel;      /* trace runs: the kernel header */
    uint64_t cycles;
    uint64_t insts;         /* instructions issued: trace instructions, or synthetic */
    int complete;           /* every instruction retired before the cycle limit */
    double seconds;         /* wall time of the run */
    gpu_counts g;           /* GPU runs (cfg.machine = gpu): the GPU's own figures */
    const struct app_result *app; /* a whole application (gpu/app.h): its kernels; else NULL */
    uint64_t hint_matched, hint_total; /* --hints FILE: operands the file had a hint for, of all */
    uint64_t hint_differ, hint_compared; /* hint modes other than exact: operands whose hint
                                            differs from the exact rule's, of all */
    char hint_kernel[128];  /* --hints FILE: the kernel the file names when not the trace's */
    char unknown_ops[256];  /* trace runs: the opcodes of no known class, "" if none */
} run_result;

/* Run configuration c (copied) with options o. Returns 0 on success; 1 when the driver
 * or the invariant checker found a violation (err says which); 2 on bad input or no
 * memory (err: one line). r is filled in every case. */
int run_sim(const cfg_t *c, const run_opts *o, run_result *r, char *err);

#endif
