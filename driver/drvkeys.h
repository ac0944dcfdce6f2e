/* drvkeys.h - the driver's keys: the synthetic workload (wl_*), reuse hints and execution
 * latencies of trace runs, and the driver's variants (rba, ccu_writeback, rf_states).
 * One part of the simulator's configuration (sim/simcfg.h); not part of the RTL.
 */
#ifndef DRVKEYS_H
#define DRVKEYS_H

#include "cfg.h"

/* Hint modes of trace runs (hints/hint.h hint_mode, same order). */
enum { DRV_HINT_EXACT = 0, DRV_HINT_PROFILE, DRV_HINT_ALL_NEAR, DRV_HINT_ALL_FAR, DRV_HINT_STATIC };

/* Execution classes of trace instructions, in trace/trc.h trc_cls order. */
#define DRVK_NCLS 8
#define DRVK_MAX_KEYS 48

typedef struct {
    /* --- workload generator --- */
    unsigned long wl_seed;
    unsigned long wl_cycles;
    unsigned wl_regs_used;   /* working set of registers per warp */
    unsigned wl_reuse_pct;   /* % of sources that reuse a recent register */
    unsigned wl_reuse_window;/* "recent" = among the last N registers of the warp */
    unsigned wl_src_min, wl_src_max; /* sources per instruction */
    unsigned wl_dup_pct;     /* % of sources that repeat an earlier source */
    unsigned wl_dst_pct;     /* % of instructions that write a register */
    unsigned wl_mix_alu, wl_mix_sfu, wl_mix_mem; /* instruction mix, weights */
    unsigned wl_lat_alu, wl_lat_sfu, wl_lat_mem; /* execution latencies */
    unsigned wl_disp_stall_pct; /* % of cycles the execution side refuses dispatch */
    unsigned wl_wb_stall_pct;   /* % of cycles a ready write-back is held back */

    /* --- reuse hints and trace-driven runs --- */
    unsigned rthld;          /* RTHLD: near iff reused within RTHLD dynamic instructions */
    unsigned hint_mode;      /* DRV_HINT_*: how trace runs get their hints */
    unsigned hint_profile_warps; /* profile mode: warps profiled */
    cfg_exec exec[DRVK_NCLS]; /* per execution class (trace/trc.h trc_cls order) */

    /* --- the driver's variants --- */
    int rba;                 /* 1: register-bank-aware issue (Barnes et al., HPCA 2023): only
                                the warps whose sources wait on the shortest bank queues
                                present an instruction (driver/drv.c) */
    int ccu_writeback;       /* 1: price the CCUs as write-back (a variant of Malekeh, energy
                                only): a result a CCU holds reaches the register file only
                                if a later read misses it (driver/drv.c) */
    int rf_states;           /* 1: count register-cycles by the power state a liveness-aware
                                register file could put them in (GReEneR; driver/tsrc.c) */
    int reuse_stats;         /* 1: count every source read by its reuse distance, served or
                                not, and the misses by cause (driver/reusestat.h) */
    unsigned sleep_window;   /* rf_states: a live value whose next read is more than this many
                                instructions of its warp away could sleep (GReEneR's W) */

    unsigned origin[DRVK_MAX_KEYS]; /* provenance (cfgkey.h cfg_part) */
} drv_keys;

/* The driver's part of a configuration: its key table bound to *k. */
cfg_part drvk_part(drv_keys *k);

/* Workload defaults that depend on hardware keys (wl_src_* <= slots, wl_regs_used <= regs)
 * follow them while they are not set explicitly. */
void drvk_fit(drv_keys *k, const cfg_t *hw);

/* Cross-key checks of the driver's keys against the hardware's. 0, or -1 with err. */
int drvk_check(const drv_keys *k, const cfg_t *hw, const char *path, char *err);

#endif
