/* cfg.h - the one configuration format of the project (model, generator, driver).
 *
 * A configuration file is a text file of `key = value` lines; `#` starts a comment.
 * `--set key=value` overrides on a command line are applied after the file, in order.
 * Every key, its meaning, range and default is documented in docs/config.md.
 */
#ifndef CFG_H
#define CFG_H

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
#define CFG_MAX_FSM 16     /* FSM states */
#define CFG_ERR_LEN 512
#define CFG_MAX_KEYS 128   /* provenance slots: every key, fsm.1..fsm.16 included */
#define CFG_PATH_LEN 256   /* a file name a key holds (energy_table), with its NUL */

/* One row of the STHLD FSM table (D-16); states are numbered 1..fsm_states. */
typedef struct {
    unsigned s_next;  /* next state on a Small IPC change */
    int s_delta;      /* STHLD delta on S, in units of sthld_step */
    unsigned l_next;  /* next state on a Large IPC change */
    int l_delta;      /* STHLD delta on L, in units of sthld_step */
} cfg_fsm_row;

/* Hint modes of trace runs (hints/hint.h hint_mode, same order). */
enum { CFG_HINT_EXACT = 0, CFG_HINT_PROFILE, CFG_HINT_ALL_NEAR, CFG_HINT_ALL_FAR, CFG_HINT_STATIC };

/* The machine a trace runs on, the architecture preset, warp -> sub-core assignment. */
enum { CFG_MACHINE_SUBCORE = 0, CFG_MACHINE_GPU };
enum { CFG_ARCH_AUTO = 0, CFG_ARCH_TURING, CFG_ARCH_AMPERE, CFG_ARCH_HOPPER };
enum { CFG_ASSIGN_RR = 0, CFG_ASSIGN_HASHED };

/* Operand caches beside the baseline collectors (comparison designs, compare/). */
enum { CFG_OPC_NONE = 0, CFG_OPC_REUSE, CFG_OPC_BOW, CFG_OPC_BOW_WR, CFG_OPC_RFC, CFG_OPC_PROTO };

/* Execution classes of trace instructions, in trace/trc.h trc_cls order. */
#define CFG_NCLS 8

/* Per-access dynamic energies of the register file (cfg_t.energy[], femtojoules = pJ / 1000;
 * keys energy_*; docs/config.md "RF dynamic energy" gives the source of the defaults). */
enum {
    CFG_E_BANK_READ = 0, /* one register read from an RF bank */
    CFG_E_BANK_WRITE,    /* one register written into an RF bank */
    CFG_E_CCU_READ,      /* one source operand read out of a collector entry at dispatch */
    CFG_E_CCU_WRITE,     /* one write-back written into a CCU entry (port D) */
    CFG_E_CROSSBAR,      /* one register carried by the crossbar from a bank to a collector */
    CFG_E_LATCH,         /* one register latched into a collector entry (port S fill) */
    CFG_NENERGY
};

/* Latency and initiation interval of one execution class, cycles. */
typedef struct {
    unsigned lat; /* cycles from the start of execution to the write-back */
    unsigned ii;  /* cycles between two starts on the class's unit */
} cfg_exec;

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
    unsigned subcores_per_sm; /* for area/overhead reports only */

    /* --- workload generator and driver (not part of the RTL) --- */
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

    /* --- reuse hints and trace-driven runs (not part of the RTL) --- */
    unsigned rthld;          /* RTHLD: near iff reused within RTHLD dynamic instructions */
    unsigned hint_mode;      /* CFG_HINT_*: how trace runs get their hints */
    unsigned hint_profile_warps; /* profile mode: warps profiled */
    cfg_exec exec[CFG_NCLS]; /* per execution class (trace/trc.h trc_cls order) */

    /* --- RF dynamic energy model of the reports (not part of the RTL) --- */
    unsigned energy[CFG_NENERGY]; /* CFG_E_*: femtojoules per access */
    char energy_table[CFG_PATH_LEN]; /* an energy ledger file (sim/ledger.h); "": the
                                        built-in table of the energy_* keys above */

    /* --- the GPU around the sub-core (gpu/; not part of the RTL); 0 = the preset's --- */
    unsigned machine;        /* CFG_MACHINE_*: one sub-core, or the GPU */
    unsigned arch;           /* CFG_ARCH_*: the preset (auto: from the trace) */
    unsigned sms;            /* SMs of the GPU */
    unsigned sm_subset;      /* simulate only this many SMs, with their share of the blocks */
    int sm_fill;             /* 1: only as many SMs as the kernel's blocks fill completely */
    int fast_idle;           /* 1: a sub-core waiting on memory is not stepped cycle by cycle
                                (the same results: sc_idle, drv_skip) */
    unsigned sm_batch;       /* cycles one SM is stepped at a time before the next SM (1: every
                                SM every cycle); requests reach the L2 SM by SM per batch */
    unsigned grid_scale;     /* K: a kernel's blocks replicated K times, each replica's
                                addresses offset (gpu/gscale.h; 1: the trace as it is) */
    unsigned subcore_assign; /* CFG_ASSIGN_*: warp -> sub-core */
    unsigned max_blocks_sm, regs_sm, shmem_sm; /* per-SM limits (blocks, registers, bytes) */
    unsigned l1_kb, l1_ways, l1_mshrs;          /* per-SM L1 data cache */
    unsigned l2_kb, l2_ways, l2_slices, l2_lat, l2_bw; /* L2: bw = bytes/cycle per slice */
    unsigned dram_lat, dram_bw;                 /* DRAM: bw = bytes/cycle, whole GPU */
    unsigned const_lat, const_miss_lat;         /* constant cache hit / miss */
    unsigned icache_miss_lat;                   /* a cold 128-byte instruction line */
    unsigned launch_lat, launch_min, exit_lat;  /* kernel launch, cycles */
    unsigned launch_min_block;                  /* launch_min grows by this per block, thousandths */
    unsigned block_interval;                    /* block dispatch, thousandths of a cycle */
    unsigned block_exit_lat;                    /* a retired block holds its SM this long */
    unsigned warp_exit_lat;                     /* ... plus this per warp, thousandths */

    /* --- comparison designs (compare/; not part of the RTL) --- */
    unsigned operand_cache;  /* CFG_OPC_*: an operand cache beside the baseline collectors */
    unsigned bow_window;     /* BOW: instructions of a warp's operand window */
    unsigned rfc_entries;    /* RFC: results cached per active warp */
    unsigned rfc_active;     /* RFC: warps in the two-level scheduler's active set */
    int reuse_direct;        /* reuse: 1 = NVIDIA's machine, operands read from the banks by
                                one in-order read stage, no collector buffering (compare/reuse.h) */
    int reuse_bits;          /* reuse: 0 = the compiler sets no reuse bit (the cache is off) */
    int ccu_writeback;       /* 1: price the CCUs as write-back (a variant of Malekeh, energy
                                only): a result a CCU holds reaches the register file only
                                if a later read misses it (driver/drv.c) */
    int rf_states;           /* 1: count register-cycles by the power state a liveness-aware
                                register file could put them in (GReEneR; driver/tsrc.c) */
    unsigned sleep_window;   /* rf_states: a live value whose next read is more than this many
                                instructions of its warp away could sleep (GReEneR's W) */
    unsigned leak_sleep_pct; /* rf_states: leakage of a SLEEP register, % of an ON one */
    unsigned leak_off_pct;   /* rf_states: leakage of an OFF register, % of an ON one */
    int rba;                 /* 1: register-bank-aware issue (Barnes et al., HPCA 2023): only
                                the warps whose sources wait on the shortest bank queues
                                present an instruction (driver/drv.c) */

    /* --- provenance, kept by cfg.c; not configuration (cfg_write/cfg_hash ignore it):
     *     where each key was last set: 0 = default, N = line N of the file,
     *     0x80000000 | n = the n-th --set. Used to name the line in cross-key errors and
     *     to keep unset workload defaults inside ranges that depend on other keys. --- */
    unsigned origin[CFG_MAX_KEYS];
} cfg_t;

/* Fill *c with the defaults (configs/default.cfg has the same values). */
void cfg_defaults(cfg_t *c);

/* Apply one `key = value` (or `key=value`) text; `where` names the origin for errors
 * (e.g. "configs/x.cfg:12" or "--set"). Returns 0, or -1 with a one-line message in err. */
int cfg_set(cfg_t *c, const char *key, const char *value, const char *where, char *err);

/* Read a configuration file over *c. Returns 0, or -1 with a one-line message in err. */
int cfg_load_file(cfg_t *c, const char *path, char *err);

/* One `key = value` line of a file: key and value trimmed, where = "PATH:LINE".
 * Returns 0, or -1 with a one-line message in err (CFG_ERR_LEN bytes). */
typedef int (*cfg_line_fn)(void *ctx, const char *key, const char *value, const char *where,
                           char *err);

/* Read the `key = value` lines of path in order (`#` starts a comment, blank lines are
 * skipped), giving each to fn; stops at the first error. The reader of every file in this
 * format (configurations, energy ledgers). Returns 0, or -1 with a one-line message. */
int cfg_each_line(const char *path, cfg_line_fn fn, void *ctx, char *err);

/* 1 if key (by name) was set by a file or --set, 0 if it holds its default. */
int cfg_is_set(const cfg_t *c, const char *key);

/* Cross-key checks (E > S, C <= W, FSM table reachable, ...). 0 or -1 with err. */
int cfg_validate(const cfg_t *c, const char *path, char *err);

/* Parse a command line: `[--config FILE] [--set k=v]...`; unknown options are returned
 * through rest/nrest untouched. Defaults, then file, then --set, then validate.
 * Returns 0, or -1 with err. */
int cfg_from_args(cfg_t *c, int argc, char **argv, char **rest, int *nrest, char *err);

/* Write the full resolved configuration, one `key = value` per line, each line prefixed
 * with `prefix` (e.g. "// " for Verilog headers). hw_only = 1 skips wl_* keys. */
void cfg_write(const cfg_t *c, FILE *f, const char *prefix, int hw_only);

/* 64-bit FNV-1a hash of the resolved hardware configuration text (cfg_write, hw_only),
 * less keys added later that are at their defaults (ct_storage = ff). */
unsigned long long cfg_hash(const cfg_t *c);

/* ceil(log2(n)) with a minimum of 1 bit: the width of an index over n things. */
unsigned cfg_clog2(unsigned n);

#endif
