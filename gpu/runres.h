/* runres.h - what one run is asked (run_opts) and what it returns (run_result): the types
 * every machine shares, the GPU (gpu.h), the one sub-core and the dispatcher above them
 * (sim/run.h), and what reports a run (sim/report.h). Types only.
 */
#ifndef RUNRES_H
#define RUNRES_H

#include <stdint.h>
#include "drv.h"
#include "gstat.h"
#include "opcstat.h"
#include "stats.h"
#include "trc.h"
#include "tsrc.h"

#define RUN_ERR_LEN 700

/* A host-to-device memory copy of an application (a kernel list's MemcpyHtoD line). */
typedef struct {
    uint64_t addr, bytes;
} run_copy;

typedef struct {
    const char *trace;      /* trace file, or NULL for the synthetic streams */
    const char *hint_file;  /* trace runs: hints from this file (NULL: cfg.hints) */
    uint64_t max_blocks;    /* trace runs: only the first N blocks (0 = all) */
    uint64_t insts;         /* synthetic runs: instructions to issue */
    uint64_t max_cycles;    /* stop here even if not complete (0 = no limit) */
    int progress;           /* progress lines on stderr */
    const char *progress_tag; /* what they start with (a kernel list's "kernel 3 of 120"),
                               or NULL */
    int check_invariants;   /* run sc_check_invariants after every cycle */
    int values;             /* bit-accurate: carry register values, check every operand;
                               0: statistics only (the same statistics, no payloads) */
    const run_copy *copies; /* GPU runs: the host-to-device copies made since the previous
                               kernel, in order, placed in the L2 before this one starts
                               (memcpy_l2; mem_copy_in) */
    unsigned ncopies;
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
    const struct app_result *app; /* a whole application (sim/app.h): its kernels; else NULL */
    uint64_t hint_matched, hint_total; /* --hints FILE: operands the file had a hint for, of all */
    uint64_t hint_differ, hint_compared; /* hint modes other than exact: operands whose hint
                                            differs from the exact rule's, of all */
    char hint_kernel[128];  /* --hints FILE: the kernel the file names when not the trace's */
    char unknown_ops[256];  /* trace runs: the opcodes of no known class, "" if none */
} run_result;

#endif
