/* cfg.h - the hardware's configuration: the keys the generated RTL implements, their
 * checks, writer and hash (the generator and the RTL's source hash see only these).
 *
 * A configuration file is a text file of `key = value` lines; `#` starts a comment.
 * `--set key=value` overrides on a command line are applied after the file, in order.
 * The simulator's keys (GPU, workload, comparison designs, energy) live in the components
 * that read them and are composed with these by sim/simcfg.h; one file holds them all.
 * Every key, its meaning, range and default is documented in docs/config.md.
 */
#ifndef CFG_H
#define CFG_H

#include "cfgkey.h"

#include <stdio.h>

/* Hard limits of the implementation (the documented ranges stay inside them). */
#define CFG_MAX_C 64       /* CCUs */
#define CFG_MAX_E 64       /* cache-table entries per CCU */
#define CFG_MAX_S 16       /* source slots per CCU */
#define CFG_MAX_B 64       /* RF banks */
#define CFG_MAX_W 64       /* warps */
#define CFG_MAX_R 4096     /* registers per thread */
#define CFG_MAX_P 8        /* write-back ports */
#define CFG_MAX_DATA 4096  /* data bits per register (all threads) */
#define CFG_MAX_WORDS (CFG_MAX_DATA / 64)
#define CFG_MAX_TAG 32     /* opaque instruction tag bits */
#define CFG_MAX_KEYS 64    /* provenance slots: every hardware key, fsm.1..fsm.16 included */

typedef struct {
    /* --- hardware (every key below is part of the generated RTL's identity) --- */
    unsigned ccus;        /* C */
    unsigned entries;     /* E, > slots */
    unsigned slots;       /* S */
    unsigned banks;       /* B, power of two */
    unsigned warps;       /* W */
    unsigned regs;        /* R */
    unsigned data_bits;   /* DATA_BITS */
    unsigned wb_ports;    /* write-back ports */
    unsigned tag_bits;    /* opaque instruction tag passed to dispatch */
    unsigned interval;    /* STHLD interval, cycles */
    unsigned ipc_num;     /* Small iff den*|cur-prev| <= num*prev */
    unsigned ipc_den;
    unsigned sthld_init;  /* STHLD after reset (the fixed value in fixed mode) */
    unsigned sthld_max;
    unsigned sthld_step;
    int sthld_adaptive;   /* 1 = FSM adapts STHLD, 0 = fixed STHLD */
    unsigned fsm_states;
    unsigned fsm_start;
    cfg_fsm_row fsm[CFG_MAX_FSM + 1]; /* index 1..fsm_states */
    unsigned lfsr_seed;   /* nonzero 16-bit */
    int caching;          /* 1 = Malekeh CCUs, 0 = baseline OCUs */
    int repl_lru_only;    /* 1 = replacement ignores reuse hints */
    int write_filter;     /* 1 = only near write-backs enter a CCU */
    int sched_gto;        /* 1 = GTO scheduler (CCU-unaware) */
    int private_ccus;     /* 1 = Malekeh_PR: CCU w belongs to warp w, C == W */
    int ct_latch;         /* 1 = collector data entries are a latch array (RTL only) */
    int clock_gating;     /* 1 = data entries and control groups clocked through clock gates (RTL only) */
    unsigned subcores_per_sm; /* sub-cores of an SM: area/overhead reports and the GPU (not
                                 in the RTL's hash) */

    /* --- provenance, kept by the engine; not configuration (cfg_write/cfg_hash ignore
     *     it): where each key was last set (cfgkey.h cfg_part). --- */
    unsigned origin[CFG_MAX_KEYS];
} cfg_t;

/* The hardware's key table (bound to a cfg_t by cfg_hw_part). */
extern const cfg_table cfg_hw_table;

/* The hardware part of a configuration: cfg_hw_table bound to *c. */
cfg_part cfg_hw_part(cfg_t *c);

/* Fill *c with the defaults (configs/default.cfg has the same values). */
void cfg_defaults(cfg_t *c);

/* Apply one hardware `key = value` (or `key=value`) text; `where` names the origin for
 * errors (e.g. "configs/x.cfg:12" or "--set"). Returns 0, or -1 with a one-line message in
 * err. A simulator key is unknown here (sim/simcfg.h sets every key). */
int cfg_set(cfg_t *c, const char *key, const char *value, const char *where, char *err);

/* 1 if key (by name) was set by a file or --set, 0 if it holds its default. */
int cfg_is_set(const cfg_t *c, const char *key);

/* The origin of hardware key `key` (cfgkey.h cfg_part; 0: default or no such key): for
 * the messages of other parts' checks that involve it. */
unsigned cfg_hw_origin(const cfg_t *c, const char *key);

/* Static ranges and cross-key checks (E > S, C <= W, FSM table reachable, ...) of the
 * hardware keys. 0 or -1 with err. */
int cfg_validate(const cfg_t *c, const char *path, char *err);

/* Write the hardware configuration, one `key = value` per line, each line prefixed with
 * `prefix` (e.g. "// " for Verilog headers). hw_only = 1 skips subcores_per_sm. */
void cfg_write(const cfg_t *c, FILE *f, const char *prefix, int hw_only);

/* 64-bit FNV-1a hash of the resolved hardware configuration text (cfg_write, hw_only),
 * less keys added later that are at their defaults (ct_storage = ff). */
unsigned long long cfg_hash(const cfg_t *c);

/* ceil(log2(n)) with a minimum of 1 bit: the width of an index over n things. */
unsigned cfg_clog2(unsigned n);

#endif
