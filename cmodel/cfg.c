/* cfg.c - the configuration format of the project: defaults, parsing of `key = value`
 * files and `--set` overrides, cross-key validation, writing and hashing.
 *
 * Every key is one row of the table `keys` below (name, kind, field, static range,
 * default); the table order is the documented order (docs/config.md) and the order of
 * cfg_write. Ranges that depend on other keys (entries > slots, ccus <= warps, the FSM
 * table, ...) are checked by cfg_validate, once every key is known.
 *
 * Provenance: cfg_t.origin[] records where each key was last set (0 = default, N = line N
 * of the file, 0x80000000 | n = the n-th `--set` or any other origin without a line), so
 * that cross-key errors name the line of the key set last, and so that workload defaults
 * that depend on other keys (wl_src_min/wl_src_max <= slots, wl_regs_used <= regs) follow
 * those keys silently while they are not set explicitly.
 */
#include "cfg.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(unsigned long) >= 8, "wl_seed and wl_cycles need a 64-bit unsigned long");

#define LINE_MAX_LEN 1024          /* longest accepted line of a file / --set text */
#define FSM_DELTA_MAX 255          /* static bound of an FSM delta (|delta|) */
#define ORIGIN_SET 0x80000000u     /* origin flag: set by --set (or a `where` without line) */
#define VAL_SHOW "%.60s"           /* how much of an offending value a message echoes */

#ifdef __GNUC__
#define PRINTF_LIKE(a, b) __attribute__((format(printf, a, b)))
#else
#define PRINTF_LIKE(a, b)
#endif

enum kind {
    K_UINT,  /* unsigned, decimal or 0x hex */
    K_HEX,   /* unsigned, written in hex */
    K_ULONG, /* unsigned long */
    K_POW2,  /* unsigned, power of two */
    K_ENUM,  /* int 0/1, written as one of two words */
    K_RATIO, /* ipc_num/ipc_den */
    K_FSM,   /* the rows fsm.1..fsm.16 */
    K_WORDS, /* unsigned, written as one of the words of key_def.words */
    K_PAIR,  /* cfg_exec: `LATENCY,II` */
    K_MILLI, /* unsigned thousandths, written as a decimal with up to 3 places (pJ -> fJ) */
    K_PATH   /* a file name (char[CFG_PATH_LEN]); empty: none */
};

/* Key indices, in the documented order. */
enum {
    KI_CCUS, KI_ENTRIES, KI_SLOTS, KI_BANKS, KI_WARPS, KI_REGS, KI_DATA_BITS, KI_WB_PORTS,
    KI_TAG_BITS, KI_INTERVAL, KI_IPC, KI_STHLD_MODE, KI_STHLD_INIT, KI_STHLD_MAX,
    KI_STHLD_STEP, KI_FSM_START, KI_FSM_STATES, KI_FSM, KI_LFSR_SEED, KI_CACHING, KI_REPL,
    KI_WFILTER, KI_SCHED, KI_SHARING, KI_CT_STORAGE, KI_CLOCK_GATING, KI_SUBCORES,
    KI_WL_SEED, KI_WL_CYCLES, KI_WL_REGS_USED, KI_WL_REUSE_PCT, KI_WL_REUSE_WINDOW,
    KI_WL_SRC_MIN, KI_WL_SRC_MAX, KI_WL_DUP_PCT, KI_WL_DST_PCT, KI_WL_MIX_ALU,
    KI_WL_MIX_SFU, KI_WL_MIX_MEM, KI_WL_LAT_ALU, KI_WL_LAT_SFU, KI_WL_LAT_MEM,
    KI_WL_DISP_STALL, KI_WL_WB_STALL,
    KI_RTHLD, KI_HINTS, KI_HINT_PROFILE_WARPS,
    KI_EXEC_INT, KI_EXEC_FP, KI_EXEC_DP, KI_EXEC_SFU, KI_EXEC_LDST, KI_EXEC_SHMEM,
    KI_EXEC_TENSOR, KI_EXEC_BRANCH,
    KI_E_BANK_READ, KI_E_BANK_WRITE, KI_E_CCU_READ, KI_E_CCU_WRITE, KI_E_CROSSBAR, KI_E_LATCH,
    KI_ENERGY_TABLE,
    KI_MACHINE, KI_ARCH, KI_SMS, KI_SM_SUBSET, KI_SM_FILL, KI_FAST_IDLE, KI_SM_BATCH, KI_GRID_SCALE, KI_SUBCORE_ASSIGN, KI_MAX_BLOCKS_SM, KI_REGS_SM,
    KI_SHMEM_SM, KI_L1_KB, KI_L1_WAYS, KI_L1_MSHRS, KI_L2_KB, KI_L2_WAYS, KI_L2_SLICES,
    KI_L2_LAT, KI_L2_BW, KI_DRAM_LAT, KI_DRAM_BW, KI_CONST_LAT, KI_CONST_MISS_LAT,
    KI_ICACHE_MISS_LAT, KI_LAUNCH_LAT, KI_LAUNCH_MIN, KI_LAUNCH_MIN_BLOCK, KI_EXIT_LAT, KI_BLOCK_INTERVAL,
    KI_BLOCK_EXIT_LAT, KI_WARP_EXIT_LAT, KI_OPERAND_CACHE, KI_BOW_WINDOW, KI_RFC_ENTRIES, KI_RFC_ACTIVE, KI_REUSE_READ, KI_REUSE_BITS, KI_RBA, KI_CCU_WB, KI_RF_STATES, KI_SLEEP_WINDOW, KI_LEAK_SLEEP, KI_LEAK_OFF,
    KI_COUNT
};

/* Provenance slot of FSM row n (1..CFG_MAX_FSM). */
#define ROW(n) (KI_COUNT - 1 + (int)(n))
_Static_assert(KI_COUNT + CFG_MAX_FSM <= CFG_MAX_KEYS, "CFG_MAX_KEYS too small");

typedef struct {
    const char *name;
    enum kind kind;
    size_t off;                /* offsetof(cfg_t, field) */
    unsigned long long lo, hi; /* static range; cross-key bounds are in `note` */
    unsigned long long def;
    const char *w0, *w1;       /* K_ENUM: the words for 0 and 1 */
    const char *note;          /* appended to the allowed range in messages */
    int hw;                    /* 1 = hardware key (cfg_write hw_only, cfg_hash); 2 = the
                                  same, hashed only when not at its default (a key added
                                  after RTL was named keeps that RTL's name) */
    const char *const *words;  /* K_WORDS: the words, NULL-terminated; K_PAIR: def ii */
    unsigned long long def2;   /* K_PAIR: default initiation interval */
} key_def;

static const char *const hint_words[] = {"exact", "profile", "all-near", "all-far", "static", NULL};
static const char *const machine_words[] = {"subcore", "gpu", NULL};
static const char *const arch_words[] = {"auto", "turing", "ampere", "hopper", NULL};
static const char *const assign_words[] = {"rr", "hashed", NULL};
static const char *const opc_words[] = {"none", "reuse", "bow", "bow_wr", "rfc", "proto", NULL};

#define F(f) offsetof(cfg_t, f)
#define HWU(n, f, l, h, d, nt) {n, K_UINT, F(f), l, h, d, NULL, NULL, nt, 1, NULL, 0}
#define HWE(n, f, d, a, b) {n, K_ENUM, F(f), 0, 1, d, a, b, NULL, 1, NULL, 0}
#define WLU(n, f, l, h, d, nt) {n, K_UINT, F(f), l, h, d, NULL, NULL, nt, 0, NULL, 0}
#define ENERGY(n, i, d) {n, K_MILLI, F(energy[i]), 0, 100000000, d, NULL, NULL, NULL, 0, NULL, 0}
#define WORDS(n, f, w, hi) {n, K_WORDS, F(f), 0, hi, 0, NULL, NULL, NULL, 0, w, 0}
#define GPU(n, f, h) {n, K_UINT, F(f), 0, h, 0, NULL, NULL, " (0: the preset's value)", 0, NULL, 0}
#define EXEC(n, i, lat, ii) {n, K_PAIR, F(exec[i]), 1, 10000, lat, NULL, NULL, NULL, 0, NULL, ii}

static const key_def keys[KI_COUNT] = {
    [KI_CCUS] = HWU("ccus", ccus, 1, CFG_MAX_C, 2, ", and <= warps"),
    [KI_ENTRIES] = HWU("entries", entries, 2, CFG_MAX_E, 8, ", and > slots unless caching = off"),
    [KI_SLOTS] = HWU("slots", slots, 1, CFG_MAX_S, 6, NULL),
    [KI_BANKS] = {"banks", K_POW2, F(banks), 1, CFG_MAX_B, 2, NULL, NULL, NULL, 1, NULL, 0},
    [KI_WARPS] = HWU("warps", warps, 1, CFG_MAX_W, 8, NULL),
    [KI_REGS] = HWU("regs", regs, 2, CFG_MAX_R, 256, NULL),
    [KI_DATA_BITS] = HWU("data_bits", data_bits, 1, CFG_MAX_DATA, 1024, NULL),
    [KI_WB_PORTS] = HWU("wb_ports", wb_ports, 1, CFG_MAX_P, 2, NULL),
    [KI_TAG_BITS] = HWU("tag_bits", tag_bits, 1, CFG_MAX_TAG, 8, NULL),
    [KI_INTERVAL] = HWU("interval", interval, 2, 1000000, 10000, NULL),
    [KI_IPC] = {"ipc_threshold", K_RATIO, F(ipc_num), 1, 1000000, 0, NULL, NULL, NULL, 1, NULL, 0},
    [KI_STHLD_MODE] = HWE("sthld_mode", sthld_adaptive, 1, "fixed", "adaptive"),
    [KI_STHLD_INIT] = HWU("sthld_init", sthld_init, 0, 255, 0, ", and <= sthld_max"),
    [KI_STHLD_MAX] = HWU("sthld_max", sthld_max, 0, 255, 63, NULL),
    [KI_STHLD_STEP] = HWU("sthld_step", sthld_step, 0, 255, 2, ", and <= sthld_max"),
    [KI_FSM_START] = HWU("fsm_start", fsm_start, 1, CFG_MAX_FSM, 1, ", and <= fsm_states"),
    [KI_FSM_STATES] = HWU("fsm_states", fsm_states, 1, CFG_MAX_FSM, 6, NULL),
    [KI_FSM] = {"fsm.N", K_FSM, F(fsm), 1, CFG_MAX_FSM, 0, NULL, NULL, NULL, 1, NULL, 0},
    [KI_LFSR_SEED] = {"lfsr_seed", K_HEX, F(lfsr_seed), 1, 65535, 0xACE1, NULL, NULL, NULL, 1, NULL, 0},
    [KI_CACHING] = HWE("caching", caching, 1, "off", "on"),
    [KI_REPL] = HWE("replacement", repl_lru_only, 0, "hint", "lru"),
    [KI_WFILTER] = HWE("write_filter", write_filter, 1, "off", "on"),
    [KI_SCHED] = HWE("scheduler", sched_gto, 0, "malekeh", "gto"),
    [KI_SHARING] = HWE("ccu_sharing", private_ccus, 0, "shared", "private"),
    [KI_CT_STORAGE] = {"ct_storage", K_ENUM, F(ct_latch), 0, 1, 0, "ff", "latch", NULL, 2, NULL, 0},
    [KI_CLOCK_GATING] = {"clock_gating", K_ENUM, F(clock_gating), 0, 1, 1, "off", "on", NULL, 2, NULL, 0},
    [KI_SUBCORES] = WLU("subcores_per_sm", subcores_per_sm, 1, 16, 4, NULL), /* reports only: not in the RTL hash */
    [KI_WL_SEED] = {"wl_seed", K_ULONG, F(wl_seed), 0, 1ull << 63, 1, NULL, NULL, NULL, 0, NULL, 0},
    [KI_WL_CYCLES] = {"wl_cycles", K_ULONG, F(wl_cycles), 1, 10000000000ull, 200000,
                      NULL, NULL, NULL, 0, NULL, 0},
    [KI_WL_REGS_USED] = WLU("wl_regs_used", wl_regs_used, 1, CFG_MAX_R, 32, ", and <= regs"),
    [KI_WL_REUSE_PCT] = WLU("wl_reuse_pct", wl_reuse_pct, 0, 100, 60, NULL),
    [KI_WL_REUSE_WINDOW] = WLU("wl_reuse_window", wl_reuse_window, 1, 64, 6, NULL),
    [KI_WL_SRC_MIN] = WLU("wl_src_min", wl_src_min, 0, CFG_MAX_S, 1, ", and <= slots"),
    [KI_WL_SRC_MAX] = WLU("wl_src_max", wl_src_max, 0, CFG_MAX_S, 3,
                          ", and wl_src_min..slots"),
    [KI_WL_DUP_PCT] = WLU("wl_dup_pct", wl_dup_pct, 0, 100, 5, NULL),
    [KI_WL_DST_PCT] = WLU("wl_dst_pct", wl_dst_pct, 0, 100, 90, NULL),
    [KI_WL_MIX_ALU] = WLU("wl_mix_alu", wl_mix_alu, 0, 1000, 70, ", sum of wl_mix_* > 0"),
    [KI_WL_MIX_SFU] = WLU("wl_mix_sfu", wl_mix_sfu, 0, 1000, 10, ", sum of wl_mix_* > 0"),
    [KI_WL_MIX_MEM] = WLU("wl_mix_mem", wl_mix_mem, 0, 1000, 20, ", sum of wl_mix_* > 0"),
    [KI_WL_LAT_ALU] = WLU("wl_lat_alu", wl_lat_alu, 1, 10000, 4, NULL),
    [KI_WL_LAT_SFU] = WLU("wl_lat_sfu", wl_lat_sfu, 1, 10000, 16, NULL),
    [KI_WL_LAT_MEM] = WLU("wl_lat_mem", wl_lat_mem, 1, 10000, 40, NULL),
    [KI_WL_DISP_STALL] = WLU("wl_disp_stall_pct", wl_disp_stall_pct, 0, 100, 5, NULL),
    [KI_WL_WB_STALL] = WLU("wl_wb_stall_pct", wl_wb_stall_pct, 0, 100, 5, NULL),
    [KI_RTHLD] = WLU("rthld", rthld, 1, 1000, 12, NULL),
    [KI_HINTS] = {"hints", K_WORDS, F(hint_mode), 0, 4, CFG_HINT_EXACT, NULL, NULL, NULL, 0,
                  hint_words, 0},
    [KI_HINT_PROFILE_WARPS] = WLU("hint_profile_warps", hint_profile_warps, 1, 1000000, 4, NULL),
    /* Accel-Sim SM75_RTX2060 (Turing) trace.config / gpgpusim.config; docs/config.md */
    [KI_EXEC_INT] = EXEC("exec_int", 0, 2, 2),
    [KI_EXEC_FP] = EXEC("exec_fp", 1, 2, 2),
    [KI_EXEC_DP] = EXEC("exec_dp", 2, 64, 64),
    [KI_EXEC_SFU] = EXEC("exec_sfu", 3, 21, 8),
    [KI_EXEC_LDST] = EXEC("exec_ldst", 4, 32, 4),
    [KI_EXEC_SHMEM] = EXEC("exec_shmem", 5, 30, 4),
    [KI_EXEC_TENSOR] = EXEC("exec_tensor", 6, 16, 16),
    [KI_EXEC_BRANCH] = EXEC("exec_branch", 7, 4, 4),
    /* femtojoules; sources and scaling in docs/config.md "RF dynamic energy" */
    [KI_E_BANK_READ] = ENERGY("energy_bank_read", CFG_E_BANK_READ, 320000),
    [KI_E_BANK_WRITE] = ENERGY("energy_bank_write", CFG_E_BANK_WRITE, 320000),
    [KI_E_CCU_READ] = ENERGY("energy_ccu_read", CFG_E_CCU_READ, 160000),
    [KI_E_CCU_WRITE] = ENERGY("energy_ccu_write", CFG_E_CCU_WRITE, 160000),
    [KI_E_CROSSBAR] = ENERGY("energy_crossbar", CFG_E_CROSSBAR, 112640),
    [KI_E_LATCH] = ENERGY("energy_latch", CFG_E_LATCH, 160000),
    /* the energy ledger (sim/ledger.h, docs/energy.md); empty: the energy_* keys above */
    [KI_ENERGY_TABLE] = {"energy_table", K_PATH, F(energy_table), 0, 0, 0, NULL, NULL, NULL, 0,
                         NULL, 0},
    /* the GPU model (gpu/); 0 = the architecture preset's value (gpu/preset.c, sources in
       docs/gpu.md) */
    [KI_MACHINE] = {"machine", K_WORDS, F(machine), 0, 1, CFG_MACHINE_GPU, NULL, NULL, NULL, 0,
                    machine_words, 0},
    [KI_ARCH] = WORDS("arch", arch, arch_words, 3),
    [KI_SMS] = GPU("sms", sms, 1024),
    [KI_SM_SUBSET] = GPU("sm_subset", sm_subset, 1024),
    [KI_SM_FILL] = {"sm_fill", K_ENUM, F(sm_fill), 0, 1, 0, "off", "on", NULL, 0, NULL, 0},
    [KI_FAST_IDLE] = {"fast_idle", K_ENUM, F(fast_idle), 0, 1, 1, "off", "on", NULL, 0, NULL, 0},
    [KI_SM_BATCH] = WLU("sm_batch", sm_batch, 1, 1024, 128, NULL),
    [KI_GRID_SCALE] = WLU("grid_scale", grid_scale, 1, 1024, 1, ", the copies of each block"),
    [KI_SUBCORE_ASSIGN] = WORDS("subcore_assign", subcore_assign, assign_words, 1),
    [KI_MAX_BLOCKS_SM] = GPU("max_blocks_sm", max_blocks_sm, 1024),
    [KI_REGS_SM] = GPU("regs_sm", regs_sm, 1u << 24),
    [KI_SHMEM_SM] = GPU("shmem_sm", shmem_sm, 1u << 24),
    [KI_L1_KB] = GPU("l1_kb", l1_kb, 65536),
    [KI_L1_WAYS] = GPU("l1_ways", l1_ways, 1024),
    [KI_L1_MSHRS] = GPU("l1_mshrs", l1_mshrs, 65536),
    [KI_L2_KB] = GPU("l2_kb", l2_kb, 1u << 20),
    [KI_L2_WAYS] = GPU("l2_ways", l2_ways, 1024),
    [KI_L2_SLICES] = GPU("l2_slices", l2_slices, 1024),
    [KI_L2_LAT] = GPU("l2_lat", l2_lat, 100000),
    [KI_L2_BW] = GPU("l2_bw", l2_bw, 65536),
    [KI_DRAM_LAT] = GPU("dram_lat", dram_lat, 100000),
    [KI_DRAM_BW] = GPU("dram_bw", dram_bw, 65536),
    [KI_CONST_LAT] = GPU("const_lat", const_lat, 100000),
    [KI_CONST_MISS_LAT] = GPU("const_miss_lat", const_miss_lat, 100000),
    [KI_ICACHE_MISS_LAT] = GPU("icache_miss_lat", icache_miss_lat, 100000),
    [KI_LAUNCH_LAT] = GPU("launch_lat", launch_lat, 10000000),
    [KI_LAUNCH_MIN] = GPU("launch_min", launch_min, 10000000),
    [KI_LAUNCH_MIN_BLOCK] = {"launch_min_block", K_MILLI, F(launch_min_block), 0, 100000000, 0,
                             NULL, NULL, " (0: the preset's value)", 0, NULL, 0},
    [KI_EXIT_LAT] = GPU("exit_lat", exit_lat, 10000000),
    [KI_BLOCK_INTERVAL] = {"block_interval", K_MILLI, F(block_interval), 0, 100000000, 0, NULL,
                           NULL, " (0: the preset's value)", 0, NULL, 0},
    [KI_BLOCK_EXIT_LAT] = GPU("block_exit_lat", block_exit_lat, 10000000),
    [KI_WARP_EXIT_LAT] = {"warp_exit_lat", K_MILLI, F(warp_exit_lat), 0, 100000000, 0, NULL,
                          NULL, " (0: the preset's value)", 0, NULL, 0},
    [KI_OPERAND_CACHE] = WORDS("operand_cache", operand_cache, opc_words, 5),
    [KI_BOW_WINDOW] = WLU("bow_window", bow_window, 2, 8, 3, NULL),
    [KI_RFC_ENTRIES] = WLU("rfc_entries", rfc_entries, 0, 64, 6, ", 0: the two-level scheduler alone"),
    [KI_RFC_ACTIVE] = WLU("rfc_active", rfc_active, 1, CFG_MAX_W, 2, ", and <= warps"),
    [KI_REUSE_READ] = {"reuse_read", K_ENUM, F(reuse_direct), 0, 1, 0, "ocu", "direct", NULL, 0, NULL, 0},
    [KI_REUSE_BITS] = {"reuse_bits", K_ENUM, F(reuse_bits), 0, 1, 1, "off", "on", NULL, 0, NULL, 0},
    [KI_RBA] = {"rba", K_ENUM, F(rba), 0, 1, 0, "off", "on", NULL, 0, NULL, 0},
    [KI_RF_STATES] = {"rf_states", K_ENUM, F(rf_states), 0, 1, 0, "off", "on", NULL, 0, NULL, 0},
    [KI_SLEEP_WINDOW] = WLU("sleep_window", sleep_window, 1, 1000000, 3, NULL),
    /* a register's leakage in SLEEP and OFF, % of ON: SLEEP holds the cell at its data
       retention voltage, which saves over 90 % of an SRAM's leakage (Qin et al., ISQED
       2004, a 4 KB SRAM measured in 0.13 um); OFF gates it to 0 V (GReEneR) */
    [KI_LEAK_SLEEP] = WLU("leak_sleep_pct", leak_sleep_pct, 0, 100, 10, NULL),
    [KI_LEAK_OFF] = WLU("leak_off_pct", leak_off_pct, 0, 100, 0, NULL),
    [KI_CCU_WB] = {"ccu_writeback", K_ENUM, F(ccu_writeback), 0, 1, 0, "off", "on", NULL, 0, NULL, 0},
};

/* The default STHLD FSM table (contract D-16). */
static const cfg_fsm_row fsm_default[7] = {
    {0, 0, 0, 0}, {2, 1, 3, 1}, {2, 1, 3, 1}, {2, 1, 4, -2},
    {5, -1, 4, -1}, {6, 0, 4, -1}, {6, 0, 3, 1},
};

/* ---------------------------------------------------------------- small helpers */

/* Format a one-line message into err (if non-NULL, CFG_ERR_LEN bytes) and return -1. */
static int fail(char *err, const char *fmt, ...) PRINTF_LIKE(2, 3);
static int fail(char *err, const char *fmt, ...)
{
    va_list ap;
    if (!err) return -1;
    va_start(ap, fmt);
    vsnprintf(err, CFG_ERR_LEN, fmt, ap);
    va_end(ap);
    for (char *p = err; *p; p++)   /* one line, whatever the echoed text held */
        if ((unsigned char)*p < 0x20) *p = '?';
    return -1;
}

static void format_milli(unsigned long long v, char *b, size_t n);

/* Smaller of two unsigned values. */
static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }

/* Copy s (n chars) into buf (size cap) without surrounding whitespace; 0, or -1 if too long. */
static int trim_copy(char *buf, size_t cap, const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s)) s++, n--;
    while (n && isspace((unsigned char)s[n - 1])) n--;
    if (n >= cap) return -1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return 0;
}

/* Parse an unsigned integer (decimal, or 0x hex), the whole string. 0 ok, -1 not an
 * integer, -2 too large for 64 bits. */
static int parse_u64(const char *s, unsigned long long *out)
{
    int base = 10;
    char *end;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, s += 2;
    if (base == 10 ? !isdigit((unsigned char)*s) : !isxdigit((unsigned char)*s)) return -1;
    errno = 0;
    *out = strtoull(s, &end, base);
    if (*end != '\0') return -1;
    return errno == ERANGE ? -2 : 0;
}

/* Parse a signed integer with optional + or - sign, |value| <= FSM_DELTA_MAX.
 * 0 ok, -1 not an integer, -2 out of range. */
static int parse_delta(const char *s, int *out)
{
    unsigned long long m;
    int neg = (*s == '-'), rc;
    if (*s == '+' || *s == '-') s++;
    rc = parse_u64(s, &m);
    if (rc) return rc;
    if (m > FSM_DELTA_MAX) return -2;
    *out = neg ? -(int)m : (int)m;
    return 0;
}

/* Read key k's value from c (enums as their int, possibly outside 0/1). */
static unsigned long long get_val(const cfg_t *c, const key_def *k)
{
    const char *p = (const char *)c + k->off;
    if (k->kind == K_ENUM) return (unsigned long long)(long long)*(const int *)p;
    if (k->kind == K_ULONG) return *(const unsigned long *)p;
    return *(const unsigned *)p;
}

/* Store v into key k's field of c (scalar kinds only). */
static void put_val(cfg_t *c, const key_def *k, unsigned long long v)
{
    char *p = (char *)c + k->off;
    if (k->kind == K_ENUM) *(int *)p = (int)v;
    else if (k->kind == K_ULONG) *(unsigned long *)p = (unsigned long)v;
    else *(unsigned *)p = (unsigned)v;
}

/* Write the allowed values of key k into b (size n). */
static void allowed(const key_def *k, char *b, size_t n)
{
    size_t len = 0;
    switch (k->kind) {
    case K_ENUM:
        snprintf(b, n, "%s, %s", k->def ? k->w1 : k->w0, k->def ? k->w0 : k->w1);
        break;
    case K_POW2:
        b[0] = '\0';
        for (unsigned long long v = k->lo; v <= k->hi && len < n; v *= 2)
            len += (size_t)snprintf(b + len, n - len, "%s%llu", v == k->lo ? "" : ", ", v);
        break;
    case K_RATIO:
        snprintf(b, n, "NUM/DEN with DEN 1..%llu and NUM 0..DEN, e.g. 1/50", k->hi);
        break;
    case K_WORDS:
        b[0] = '\0';
        for (int i = 0; k->words[i] && len < n; i++)
            len += (size_t)snprintf(b + len, n - len, "%s%s", i ? ", " : "", k->words[i]);
        break;
    case K_PAIR:
        snprintf(b, n, "LATENCY,II (cycles, each %llu..%llu), e.g. %llu,%llu", k->lo, k->hi,
                 k->def, k->def2);
        break;
    case K_MILLI:
        snprintf(b, n, "%llu..%llu pJ, at most 3 decimals, e.g. 112.64", k->lo / 1000,
                 k->hi / 1000);
        break;
    case K_PATH:
        snprintf(b, n, "a file name of at most %d characters, or nothing", CFG_PATH_LEN - 1);
        break;
    case K_FSM:
        snprintf(b, n, "'S_NEXT S_DELTA L_NEXT L_DELTA', next states 1..fsm_states (<= %d), "
                 "deltas -%d..+%d in units of sthld_step", CFG_MAX_FSM, FSM_DELTA_MAX,
                 FSM_DELTA_MAX);
        break;
    default:
        snprintf(b, n, "%llu..%llu%s", k->lo, k->hi, k->note ? k->note : "");
    }
}

/* Index of the key named `name` (not fsm rows), or -1. */
static int find_key(const char *name)
{
    for (int i = 0; i < KI_COUNT; i++)
        if (keys[i].kind != K_FSM && strcmp(keys[i].name, name) == 0) return i;
    return -1;
}

/* Levenshtein distance of a and b, capped: strings longer than 47 chars give 99. */
static unsigned edit_distance(const char *a, const char *b)
{
    unsigned row[48], la = (unsigned)strlen(a), lb = (unsigned)strlen(b);
    if (la > 47 || lb > 47) return 99;
    for (unsigned j = 0; j <= lb; j++) row[j] = j;
    for (unsigned i = 1; i <= la; i++) {
        unsigned diag = row[0];
        row[0] = i;
        for (unsigned j = 1; j <= lb; j++) {
            unsigned up = row[j], best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            diag = up;
            row[j] = best;
        }
    }
    return row[lb];
}

/* Error for an unknown key: the nearest known key if close, and the known keys. */
static int unknown_key(const char *key, const char *where, char *err)
{
    char list[CFG_ERR_LEN], hint[96] = "";
    size_t len = 0;
    int best = -1;
    unsigned bd = 99;
    for (int i = 0; i < KI_COUNT; i++) {
        unsigned d = edit_distance(key, keys[i].name);
        if (d < bd) bd = d, best = i;
    }
    if (best >= 0 && bd <= 2 && bd < strlen(key))
        snprintf(hint, sizeof hint, "did you mean '%s'? ", keys[best].name);
    /* as many names as fit in one message, then a pointer to the documentation */
    size_t cap = CFG_ERR_LEN - 100 - umin(CFG_ERR_LEN - 100, (unsigned)(strlen(where) +
                 strlen(hint) + umin(40, (unsigned)strlen(key))));
    int i = 0;
    list[0] = '\0';
    for (; i < KI_COUNT; i++) {
        const char *name = keys[i].kind == K_FSM ? "fsm.1..fsm.16" : keys[i].name;
        if (len + strlen(name) + 2 > cap) break;
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", name);
    }
    return fail(err, "%s: unknown key '%.40s' (%sknown keys: %s%s)", where, key, hint, list,
                i < KI_COUNT ? ", ... (all in docs/config.md)" : "");
}

/* Workload defaults that depend on other keys follow them while not set explicitly. */
static void fit_defaults(cfg_t *c)
{
    if (!c->origin[KI_WL_REGS_USED])
        c->wl_regs_used = umin((unsigned)keys[KI_WL_REGS_USED].def, c->regs);
    if (!c->origin[KI_WL_SRC_MAX]) {
        unsigned v = umin((unsigned)keys[KI_WL_SRC_MAX].def, c->slots);
        if (c->origin[KI_WL_SRC_MIN] && c->wl_src_min > v) v = umin(c->wl_src_min, c->slots);
        c->wl_src_max = v;
    }
    if (!c->origin[KI_WL_SRC_MIN])
        c->wl_src_min = umin(umin((unsigned)keys[KI_WL_SRC_MIN].def, c->slots), c->wl_src_max);
}

/* The origin a `where` text stands for: the number after its last ':' if all digits,
 * else the next --set ordinal. */
static unsigned origin_of(const cfg_t *c, const char *where)
{
    const char *colon = where ? strrchr(where, ':') : NULL;
    unsigned long long line;
    unsigned n = 0;
    if (colon && parse_u64(colon + 1, &line) == 0 && line > 0 && line < ORIGIN_SET)
        return (unsigned)line;
    for (int i = 0; i < CFG_MAX_KEYS; i++)
        if ((c->origin[i] & ORIGIN_SET) && (c->origin[i] & ~ORIGIN_SET) > n)
            n = c->origin[i] & ~ORIGIN_SET;
    return ORIGIN_SET | (n + 1);
}

/* ---------------------------------------------------------------- setting one key */

/* Set an enum key from its word. */
static int set_enum(cfg_t *c, int ki, const char *value, const char *where, char *err)
{
    const key_def *k = &keys[ki];
    char al[64];
    if (strcmp(value, k->w0) == 0) put_val(c, k, 0);
    else if (strcmp(value, k->w1) == 0) put_val(c, k, 1);
    else {
        allowed(k, al, sizeof al);
        return fail(err, "%s: key '%s': value '" VAL_SHOW "' is not a valid word (allowed: %s)",
                    where, k->name, value, al);
    }
    return 0;
}

/* Set a K_WORDS key from one of its words. */
static int set_words(cfg_t *c, int ki, const char *value, const char *where, char *err)
{
    const key_def *k = &keys[ki];
    char al[128];
    for (int i = 0; k->words[i]; i++)
        if (strcmp(value, k->words[i]) == 0) {
            put_val(c, k, (unsigned long long)i);
            return 0;
        }
    allowed(k, al, sizeof al);
    return fail(err, "%s: key '%s': value '" VAL_SHOW "' is not a valid word (allowed: %s)",
                where, k->name, value, al);
}

/* Set a K_PAIR key (cfg_exec) from `LATENCY,II`. */
static int set_pair(cfg_t *c, int ki, const char *value, const char *where, char *err)
{
    const key_def *k = &keys[ki];
    const char *comma = strchr(value, ',');
    char a[32], b[32], al[128];
    unsigned long long lat, ii;
    allowed(k, al, sizeof al);
    if (!comma || trim_copy(a, sizeof a, value, (size_t)(comma - value)) ||
        trim_copy(b, sizeof b, comma + 1, strlen(comma + 1)) || parse_u64(a, &lat) ||
        parse_u64(b, &ii))
        return fail(err, "%s: key '%s': value '" VAL_SHOW "' is not LATENCY,II (allowed: %s)",
                    where, k->name, value, al);
    if (lat < k->lo || lat > k->hi || ii < k->lo || ii > k->hi)
        return fail(err, "%s: key '%s': value '" VAL_SHOW "' is out of range (allowed: %s)",
                    where, k->name, value, al);
    cfg_exec *e = (cfg_exec *)((char *)c + k->off);
    e->lat = (unsigned)lat;
    e->ii = (unsigned)ii;
    return 0;
}

/* Set ipc_threshold from NUM/DEN. */
static int set_ratio(cfg_t *c, const char *value, const char *where, char *err)
{
    const key_def *k = &keys[KI_IPC];
    const char *slash = strchr(value, '/');
    char num[32], den[32], al[96];
    unsigned long long n, d;
    allowed(k, al, sizeof al);
    if (!slash || trim_copy(num, sizeof num, value, (size_t)(slash - value)) ||
        trim_copy(den, sizeof den, slash + 1, strlen(slash + 1)) || parse_u64(num, &n) ||
        parse_u64(den, &d))
        return fail(err, "%s: key '%s': value '" VAL_SHOW "' is not NUM/DEN (allowed: %s)",
                    where, k->name, value, al);
    if (d < 1 || d > k->hi || n > d)
        return fail(err, "%s: key '%s': value '" VAL_SHOW "' is out of range (allowed: %s)",
                    where, k->name, value, al);
    c->ipc_num = (unsigned)n;
    c->ipc_den = (unsigned)d;
    return 0;
}

/* Set an integer key (K_UINT, K_HEX, K_ULONG, K_POW2). */
static int set_int(cfg_t *c, int ki, const char *value, const char *where, char *err)
{
    const key_def *k = &keys[ki];
    unsigned long long v;
    char al[128];
    int rc = parse_u64(value, &v);
    allowed(k, al, sizeof al);
    if (rc == -1)
        return fail(err, "%s: key '%s': value '" VAL_SHOW "' is not an integer (allowed: %s)",
                    where, k->name, value, al);
    if (rc == -2 || v < k->lo || v > k->hi)
        return fail(err, "%s: key '%s': value '" VAL_SHOW "' is out of range (allowed: %s)",
                    where, k->name, value, al);
    if (k->kind == K_POW2 && (v & (v - 1)) != 0)
        return fail(err, "%s: key '%s': value '" VAL_SHOW "' is not a power of two "
                    "(allowed: %s)", where, k->name, value, al);
    put_val(c, k, v);
    return 0;
}

/* Set a K_MILLI key from `UNITS[.D[D[D]]]` (decimal digits only), stored in thousandths. */
static int set_milli(cfg_t *c, int ki, const char *value, const char *where, char *err)
{
    const key_def *k = &keys[ki];
    char al[128];
    unsigned long long v = 0, scale = 1000;
    size_t nw = strspn(value, "0123456789"), nf = 0;
    const char *p = value + nw;
    allowed(k, al, sizeof al);
    if (*p == '.') {
        nf = strspn(p + 1, "0123456789");
        p += 1 + nf;
    }
    if (nw == 0 || *p || (value[nw] == '.' && (nf == 0 || nf > 3)))
        return fail(err, "%s: key '%s': value '" VAL_SHOW "' is not a decimal number with at "
                    "most 3 decimals (allowed: %s)", where, k->name, value, al);
    for (size_t i = 0; i < nw; i++) {
        v = v * 10 + (unsigned long long)(value[i] - '0');
        if (v > k->hi) break;
    }
    v *= 1000;
    for (size_t i = 0; i < nf; i++) v += (unsigned long long)(value[nw + 1 + i] - '0') * (scale /= 10);
    if (v < k->lo || v > k->hi)
        return fail(err, "%s: key '%s': value '" VAL_SHOW "' is out of range (allowed: %s)",
                    where, k->name, value, al);
    put_val(c, k, v);
    return 0;
}

/* Set a K_PATH key: the (trimmed) text as it is; empty for none. */
static int set_path(cfg_t *c, int ki, const char *value, const char *where, char *err)
{
    const key_def *k = &keys[ki];
    char al[96];
    if (strlen(value) >= CFG_PATH_LEN) {
        allowed(k, al, sizeof al);
        return fail(err, "%s: key '%s': value '" VAL_SHOW "...' is too long (allowed: %s)",
                    where, k->name, value, al);
    }
    snprintf((char *)c + k->off, CFG_PATH_LEN, "%s", value);
    return 0;
}

/* Split value into whitespace-separated tokens (each < 32 chars); returns the count,
 * at most max + 1 (so that "too many" is visible), or -1 if a token is too long. */
static int tokens(const char *value, char tok[][32], int max)
{
    int n = 0;
    const char *p = value;
    while (*p) {
        size_t len;
        while (isspace((unsigned char)*p)) p++;
        if (!*p) break;
        len = strcspn(p, " \t\r\n\v\f");
        if (n <= max) {
            if (len >= 32) return -1;
            memcpy(tok[n], p, len);
            tok[n][len] = '\0';
        }
        n++;
        p += len;
    }
    return n > max ? max + 1 : n;
}

/* Set row n of the FSM table from `S_NEXT S_DELTA L_NEXT L_DELTA`. */
static int set_fsm(cfg_t *c, unsigned n, const char *value, const char *where, char *err)
{
    static const char *const what[4] = {"S_NEXT", "S_DELTA", "L_NEXT", "L_DELTA"};
    char tok[5][32], al[192];
    unsigned long long nx[2];
    int d[2], cnt = tokens(value, tok, 4);
    allowed(&keys[KI_FSM], al, sizeof al);
    if (cnt < 0)
        return fail(err, "%s: key 'fsm.%u': value '" VAL_SHOW "' is not 4 integers (allowed: "
                    "%s)", where, n, value, al);
    if (cnt != 4)
        return fail(err, "%s: key 'fsm.%u': value '" VAL_SHOW "' has %s%d tokens, expected 4 "
                    "(allowed: %s)", where, n, value, cnt > 4 ? "more than " : "",
                    cnt > 4 ? 4 : cnt, al);
    for (int i = 0; i < 4; i++) {
        int rc = (i % 2 == 0) ? parse_u64(tok[i], &nx[i / 2]) : parse_delta(tok[i], &d[i / 2]);
        if (rc == 0 && i % 2 == 0 && (nx[i / 2] < 1 || nx[i / 2] > CFG_MAX_FSM)) rc = -2;
        if (rc)
            return fail(err, "%s: key 'fsm.%u': %s '%s' is %s (allowed: %s)", where, n,
                        what[i], tok[i], rc == -1 ? "not an integer" : "out of range", al);
    }
    c->fsm[n] = (cfg_fsm_row){(unsigned)nx[0], d[0], (unsigned)nx[1], d[1]};
    return 0;
}

/* Apply key = value with a known origin; the core of cfg_set and the file reader. */
static int set_one(cfg_t *c, const char *key, const char *value, const char *where,
                   unsigned origin, char *err)
{
    int ki, rc, slot;
    if (strncmp(key, "fsm.", 4) == 0) {
        unsigned long long n;
        if (!isdigit((unsigned char)key[4]) || parse_u64(key + 4, &n) || n < 1 ||
            n > CFG_MAX_FSM)
            return fail(err, "%s: unknown key '%.40s' (FSM rows are fsm.1..fsm.%d)", where, key,
                        CFG_MAX_FSM);
        rc = set_fsm(c, (unsigned)n, value, where, err);
        slot = ROW(n);
    } else {
        ki = find_key(key);
        if (ki < 0) return unknown_key(key, where, err);
        if (keys[ki].kind == K_ENUM) rc = set_enum(c, ki, value, where, err);
        else if (keys[ki].kind == K_WORDS) rc = set_words(c, ki, value, where, err);
        else if (keys[ki].kind == K_PAIR) rc = set_pair(c, ki, value, where, err);
        else if (keys[ki].kind == K_RATIO) rc = set_ratio(c, value, where, err);
        else if (keys[ki].kind == K_MILLI) rc = set_milli(c, ki, value, where, err);
        else if (keys[ki].kind == K_PATH) rc = set_path(c, ki, value, where, err);
        else rc = set_int(c, ki, value, where, err);
        slot = ki;
    }
    if (rc) return rc;
    c->origin[slot] = origin;
    fit_defaults(c);
    return 0;
}

/* ---------------------------------------------------------------- public: set, load */

/* Fill *c with the defaults of every key (the values of configs/default.cfg). */
void cfg_defaults(cfg_t *c)
{
    memset(c, 0, sizeof *c);
    for (int i = 0; i < KI_COUNT; i++)
        if (keys[i].kind == K_PAIR) {
            cfg_exec *e = (cfg_exec *)((char *)c + keys[i].off);
            e->lat = (unsigned)keys[i].def;
            e->ii = (unsigned)keys[i].def2;
        } else if (keys[i].kind != K_RATIO && keys[i].kind != K_FSM && keys[i].kind != K_PATH) {
            put_val(c, &keys[i], keys[i].def);
        }
    c->ipc_num = 1;
    c->ipc_den = 50;
    for (int n = 1; n <= 6; n++) c->fsm[n] = fsm_default[n];
}

/* Apply one key/value (both trimmed here); where = "FILE:LINE" or "--set" for messages. */
int cfg_set(cfg_t *c, const char *key, const char *value, const char *where, char *err)
{
    char k[64], v[LINE_MAX_LEN];
    if (!where) where = "--set";
    if (!key || !value || trim_copy(k, sizeof k, key, strlen(key)) || !k[0])
        return fail(err, "%s: expected 'key = value', got key '%.40s'", where,
                    key ? key : "(null)");
    if (trim_copy(v, sizeof v, value, strlen(value)))
        return fail(err, "%s: key '%s': value longer than %d characters", where, k,
                    LINE_MAX_LEN - 1);
    return set_one(c, k, v, where, origin_of(c, where), err);
}

/* Split one line of a file (comment already removed) into key and value and give them to
 * fn; 0 or -1 with err. */
static int split_line(char *s, const char *path, unsigned line, cfg_line_fn fn, void *ctx,
                      char *err)
{
    char where[320], key[LINE_MAX_LEN], val[LINE_MAX_LEN];
    char *eq = strchr(s, '=');
    snprintf(where, sizeof where, "%.300s:%u", path, line);
    if (!eq || trim_copy(key, sizeof key, s, (size_t)(eq - s)) || !key[0]) {
        trim_copy(val, sizeof val, s, strlen(s));
        return fail(err, "%s: expected 'key = value', got '" VAL_SHOW "'", where, val);
    }
    trim_copy(val, sizeof val, eq + 1, strlen(eq + 1));
    return fn(ctx, key, val, where, err);
}

/* Read the `key = value` lines of path, giving each to fn (see cfg.h). */
int cfg_each_line(const char *path, cfg_line_fn fn, void *ctx, char *err)
{
    char buf[LINE_MAX_LEN + 1];
    unsigned line = 0;
    int rc = 0;
    FILE *f = fopen(path, "r");
    if (!f) return fail(err, "%.300s: cannot open: %s", path, strerror(errno));
    while (rc == 0 && fgets(buf, sizeof buf, f)) {
        size_t len = strlen(buf);
        char *hash = strchr(buf, '#');
        line++;
        if (len == sizeof buf - 1 && buf[len - 1] != '\n' && !feof(f)) {
            rc = fail(err, "%.300s:%u: line longer than %d characters", path, line,
                      LINE_MAX_LEN - 1);
            break;
        }
        if (hash) *hash = '\0';
        len = strspn(buf, " \t\r\n\v\f");
        if (buf[len]) rc = split_line(buf, path, line, fn, ctx, err);
    }
    if (rc == 0 && ferror(f)) rc = fail(err, "%.300s: read error: %s", path, strerror(errno));
    fclose(f);
    return rc;
}

/* cfg_each_line's callback of cfg_load_file: one key of the configuration ctx. */
static int load_kv(void *ctx, const char *key, const char *value, const char *where, char *err)
{
    cfg_t *c = ctx;
    return set_one(c, key, value, where, origin_of(c, where), err);
}

/* Read `key = value` lines of path over *c (no validation). Later duplicates win. */
int cfg_load_file(cfg_t *c, const char *path, char *err)
{
    return cfg_each_line(path, load_kv, c, err);
}

/* ---------------------------------------------------------------- validation */

/* Message prefix naming the key set last among idx[0..n-1]: "--set", "path:LINE", or
 * path (all defaults). Written into b, returned. */
static const char *at(const cfg_t *c, const char *path, char *b, size_t bn, const int *idx,
                      int n)
{
    unsigned last = 0;
    for (int i = 0; i < n; i++)
        if (c->origin[idx[i]] > last) last = c->origin[idx[i]];
    if (!path) path = "(configuration)";
    if (last & ORIGIN_SET) snprintf(b, bn, "--set");
    else if (last) snprintf(b, bn, "%.300s:%u", path, last);
    else snprintf(b, bn, "%.300s", path);
    return b;
}

#define NARGS(...) ((int)(sizeof((const int[]){__VA_ARGS__}) / sizeof(int)))
#define AT(...) at(c, path, wh, sizeof wh, (const int[]){__VA_ARGS__}, NARGS(__VA_ARGS__))

/* Every key inside its static range (for structs filled or changed in code). */
static int check_ranges(const cfg_t *c, const char *path, char *err)
{
    char wh[320], al[192];
    for (int i = 0; i < KI_COUNT; i++) {
        const key_def *k = &keys[i];
        unsigned long long v;
        if (k->kind == K_FSM || k->kind == K_PATH) continue;
        v = get_val(c, k);
        allowed(k, al, sizeof al);
        if (k->kind == K_PAIR) {
            const cfg_exec *e = (const cfg_exec *)((const char *)c + k->off);
            if (e->lat < k->lo || e->lat > k->hi || e->ii < k->lo || e->ii > k->hi)
                return fail(err, "%s: key '%s': value %u,%u is out of range (allowed: %s)",
                            AT(i), k->name, e->lat, e->ii, al);
        } else if (k->kind == K_RATIO) {
            if (c->ipc_den < 1 || c->ipc_den > k->hi || c->ipc_num > c->ipc_den)
                return fail(err, "%s: key '%s': value %u/%u is out of range (allowed: %s)",
                            AT(i), k->name, c->ipc_num, c->ipc_den, al);
        } else if (k->kind == K_MILLI && (v < k->lo || v > k->hi)) {
            return fail(err, "%s: key '%s': value %llu.%03llu is out of range (allowed: %s)",
                        AT(i), k->name, v / 1000, v % 1000, al);
        } else if (v < k->lo || v > k->hi) {
            return fail(err, "%s: key '%s': value %llu is out of range (allowed: %s)", AT(i),
                        k->name, v, al);
        } else if (k->kind == K_POW2 && (v & (v - 1)) != 0) {
            return fail(err, "%s: key '%s': value %llu is not a power of two (allowed: %s)",
                        AT(i), k->name, v, al);
        }
    }
    return 0;
}

/* Cross-key checks of the hardware keys other than the FSM table. */
static int check_hw(const cfg_t *c, const char *path, char *err)
{
    char wh[320];
    if (c->ccus > c->warps)
        return fail(err, "%s: ccus = %u must be <= warps = %u (a warp owns at most one CCU; "
                    "allowed: ccus 1..%u)", AT(KI_CCUS, KI_WARPS), c->ccus, c->warps, c->warps);
    if (c->caching && c->entries <= c->slots)
        return fail(err, "%s: entries = %u must be greater than slots = %u (contract D-7: a "
                    "victim must always exist; allowed: entries %u..%d, or caching = off)",
                    AT(KI_ENTRIES, KI_SLOTS, KI_CACHING), c->entries, c->slots, c->slots + 1,
                    CFG_MAX_E);
    if (c->operand_cache != CFG_OPC_NONE && c->caching)
        return fail(err, "%s: operand_cache = %s is a comparison design on the baseline "
                    "collectors (allowed: caching = off, or operand_cache = none)",
                    AT(KI_OPERAND_CACHE, KI_CACHING), opc_words[c->operand_cache]);
    if (c->ccu_writeback && !c->caching)
        return fail(err, "%s: ccu_writeback = on prices Malekeh's CCUs as write-back "
                    "(allowed: caching = on, or ccu_writeback = off)", AT(KI_CCU_WB, KI_CACHING));
    if (c->operand_cache == CFG_OPC_RFC && c->rfc_active > c->warps)
        return fail(err, "%s: rfc_active = %u must be <= warps = %u (allowed: 1..%u)",
                    AT(KI_RFC_ACTIVE, KI_WARPS), c->rfc_active, c->warps, c->warps);
    if ((c->reuse_direct || !c->reuse_bits) && c->operand_cache != CFG_OPC_REUSE)
        return fail(err, "%s: %s is a setting of NVIDIA's reuse cache (allowed: operand_cache "
                    "= reuse, or reuse_read = ocu and reuse_bits = on)",
                    c->reuse_direct ? AT(KI_REUSE_READ, KI_OPERAND_CACHE)
                                    : AT(KI_REUSE_BITS, KI_OPERAND_CACHE),
                    c->reuse_direct ? "reuse_read = direct" : "reuse_bits = off");
    if ((c->operand_cache == CFG_OPC_BOW || c->operand_cache == CFG_OPC_BOW_WR) && c->ccus != c->warps)
        return fail(err, "%s: operand_cache = %s dedicates a collector to each warp (ccus = %u, "
                    "warps = %u; allowed: ccus = %u)", AT(KI_OPERAND_CACHE, KI_CCUS, KI_WARPS),
                    opc_words[c->operand_cache], c->ccus, c->warps, c->warps);
    if (c->private_ccus && !c->caching)
        return fail(err, "%s: ccu_sharing = private requires caching = on (allowed: "
                    "ccu_sharing = shared with caching = off)", AT(KI_SHARING, KI_CACHING));
    if (c->private_ccus && c->ccus != c->warps)
        return fail(err, "%s: ccu_sharing = private requires ccus == warps (ccus = %u, warps = "
                    "%u; allowed: ccus = %u)", AT(KI_SHARING, KI_CCUS, KI_WARPS), c->ccus,
                    c->warps, c->warps);
    if (c->sthld_init > c->sthld_max)
        return fail(err, "%s: sthld_init = %u must be <= sthld_max = %u (allowed: 0..%u)",
                    AT(KI_STHLD_INIT, KI_STHLD_MAX), c->sthld_init, c->sthld_max, c->sthld_max);
    if (c->sthld_step > c->sthld_max)
        return fail(err, "%s: sthld_step = %u must be <= sthld_max = %u (allowed: 0..%u)",
                    AT(KI_STHLD_STEP, KI_STHLD_MAX), c->sthld_step, c->sthld_max, c->sthld_max);
    if (c->fsm_start > c->fsm_states)
        return fail(err, "%s: fsm_start = %u must be <= fsm_states = %u (allowed: 1..%u)",
                    AT(KI_FSM_START, KI_FSM_STATES), c->fsm_start, c->fsm_states,
                    c->fsm_states);
    return 0;
}

/* One edge (next state, delta) of FSM row n; e = 'S' or 'L'. */
static int check_edge(const cfg_t *c, const char *path, unsigned n, char e, unsigned next,
                      int delta, char *err)
{
    char wh[320];
    long long step = (long long)delta * c->sthld_step;
    int known = c->origin[ROW(n)] != 0;
    if (next < 1 || next > c->fsm_states)
        return fail(err, "%s: fsm.%u: next state %u on %c is not a state (allowed: 1..%u, "
                    "fsm_states = %u)", known ? AT(ROW(n)) : AT(KI_FSM_STATES), n, next, e,
                    c->fsm_states, c->fsm_states);
    if (step > (long long)c->sthld_max || -step > (long long)c->sthld_max)
        return fail(err, "%s: fsm.%u: delta %+d on %c times sthld_step = %u exceeds sthld_max "
                    "= %u (allowed: |delta| <= %u)",
                    known ? AT(ROW(n)) : AT(KI_STHLD_STEP, KI_STHLD_MAX), n, delta, e,
                    c->sthld_step, c->sthld_max,
                    c->sthld_step ? c->sthld_max / c->sthld_step : FSM_DELTA_MAX);
    return 0;
}

/* Every state reachable from fsm_start (rows already checked). */
static int check_reach(const cfg_t *c, const char *path, char *err)
{
    unsigned long reach = 1ul << c->fsm_start, all = 0;
    char wh[320], list[96];
    size_t len = 0;
    int blame[CFG_MAX_FSM + 2], nb = 0;
    for (int grew = 1; grew;) {
        unsigned long old = reach;
        for (unsigned s = 1; s <= c->fsm_states; s++)
            if (reach & (1ul << s)) reach |= (1ul << c->fsm[s].s_next) | (1ul << c->fsm[s].l_next);
        grew = reach != old;
    }
    for (unsigned s = 1; s <= c->fsm_states; s++) all |= 1ul << s;
    if ((reach & all) == all) return 0;
    list[0] = '\0';
    for (unsigned s = 1; s <= c->fsm_states; s++) {
        if (!(reach & (1ul << s)))
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%u", len ? ", " : "", s);
        else blame[nb++] = ROW(s);
    }
    blame[nb++] = KI_FSM_START;
    blame[nb++] = KI_FSM_STATES;
    return fail(err, "%s: fsm state(s) %s unreachable from fsm_start = %u (allowed: every "
                "state 1..%u reachable through the rows' next states)",
                at(c, path, wh, sizeof wh, blame, nb), list, c->fsm_start, c->fsm_states);
}

/* The FSM table: rows 1..fsm_states set, edges valid, every state reachable. */
static int check_fsm(const cfg_t *c, const char *path, char *err)
{
    char wh[320];
    for (unsigned n = 1; n <= c->fsm_states; n++) {
        const cfg_fsm_row *r = &c->fsm[n];
        if (r->s_next == 0 && r->l_next == 0)
            return fail(err, "%s: fsm.%u is not set (fsm_states = %u needs rows fsm.1..fsm.%u; "
                        "allowed row value: 'S_NEXT S_DELTA L_NEXT L_DELTA')",
                        AT(KI_FSM_STATES), n, c->fsm_states, c->fsm_states);
        if (check_edge(c, path, n, 'S', r->s_next, r->s_delta, err) ||
            check_edge(c, path, n, 'L', r->l_next, r->l_delta, err))
            return -1;
    }
    return check_reach(c, path, err);
}

/* Cross-key checks of the workload keys. */
static int check_wl(const cfg_t *c, const char *path, char *err)
{
    char wh[320];
    /* wl_regs_used and wl_src_* are upper bounds: the workload clamps them to regs and
     * slots (driver/wl.c), so a file's workload keys never block a hardware override */
    if (c->wl_src_max < c->wl_src_min)
        return fail(err, "%s: wl_src_max = %u must be >= wl_src_min = %u (allowed: %u..%u)",
                    AT(KI_WL_SRC_MAX, KI_WL_SRC_MIN), c->wl_src_max, c->wl_src_min,
                    c->wl_src_min, CFG_MAX_S);
    if (c->wl_mix_alu + c->wl_mix_sfu + c->wl_mix_mem == 0)
        return fail(err, "%s: wl_mix_alu + wl_mix_sfu + wl_mix_mem must be > 0 (allowed: each "
                    "0..1000, not all 0)", AT(KI_WL_MIX_ALU, KI_WL_MIX_SFU, KI_WL_MIX_MEM));
    return 0;
}

/* An energy ledger prices every event: an energy_* key moved off its default beside it
 * would be ignored silently (at their defaults, as configs/default.cfg writes them, they
 * are harmless). */
static int check_energy(const cfg_t *c, const char *path, char *err)
{
    char wh[320], v[32];
    if (!c->energy_table[0]) return 0;
    for (int i = KI_E_BANK_READ; i <= KI_E_LATCH; i++)
        if (get_val(c, &keys[i]) != keys[i].def) {
            format_milli(get_val(c, &keys[i]), v, sizeof v);
            return fail(err, "%s: %s = %s beside energy_table = %.200s, which prices every "
                        "event (allowed: one of them; the ledger's keys in docs/energy.md)",
                        AT(i, KI_ENERGY_TABLE), keys[i].name, v, c->energy_table);
        }
    return 0;
}

/* Static ranges, then cross-key checks; path names the file in messages (NULL ok). */
int cfg_validate(const cfg_t *c, const char *path, char *err)
{
    if (check_ranges(c, path, err) || check_hw(c, path, err) || check_fsm(c, path, err) ||
        check_wl(c, path, err) || check_energy(c, path, err))
        return -1;
    return 0;
}

/* ---------------------------------------------------------------- command line */

/* Apply one --set argument `key=value`. */
static int apply_set(cfg_t *c, const char *arg, char *err)
{
    const char *eq = strchr(arg, '=');
    char key[64];
    if (!eq || trim_copy(key, sizeof key, arg, (size_t)(eq - arg)) || !key[0])
        return fail(err, "--set: expected 'key=value', got '" VAL_SHOW "'", arg);
    return cfg_set(c, key, eq + 1, "--set", err);
}

/* Is argument a exactly the option name? */
static int is_opt(const char *a, const char *name) { return strcmp(a, name) == 0; }

/* Defaults, then --config FILE (or --config=FILE), then every --set k=v in order, then
 * cfg_validate. rest (room for argc pointers, may be NULL) receives argv[0] and every other
 * argument untouched, in order; everything from a "--" on is passed through as is. With
 * rest == NULL an argument that is not a cfg option is an error. */
int cfg_from_args(cfg_t *c, int argc, char **argv, char **rest, int *nrest, char *err)
{
    const char *path = NULL;
    int n = 0, i;
    cfg_defaults(c);
    if (nrest) *nrest = 0;
    if (argc > 0 && rest) rest[n++] = argv[0];
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        int cfg_opt = is_opt(a, "--config") || is_opt(a, "--set");
        if (strcmp(a, "--") == 0) break;
        if (cfg_opt && i + 1 >= argc)
            return fail(err, "%s: missing argument (usage: --config FILE, --set key=value)", a);
        if (is_opt(a, "--config") || strncmp(a, "--config=", 9) == 0) {
            const char *p = a[8] == '=' ? a + 9 : argv[++i];
            if (path) return fail(err, "--config: given twice ('%.200s' and '%.200s')", path, p);
            path = p;
        } else if (cfg_opt) {
            i++;
        } else if (rest) {
            rest[n++] = argv[i];
        } else {
            return fail(err, "%.100s: unknown option (allowed: --config FILE, --set key=value)",
                        a);
        }
    }
    if (i < argc && !rest)
        return fail(err, "--: unknown option (allowed: --config FILE, --set key=value)");
    for (; i < argc && rest; i++) rest[n++] = argv[i];
    if (nrest) *nrest = n;
    if (path && cfg_load_file(c, path, err)) return -1;
    for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (is_opt(argv[i], "--config")) i++;
        else if (is_opt(argv[i], "--set") && apply_set(c, argv[++i], err)) return -1;
    }
    return cfg_validate(c, path, err);
}

int cfg_is_set(const cfg_t *c, const char *key)
{
    for (int i = 0; i < KI_COUNT; i++)
        if (strcmp(keys[i].name, key) == 0) return c->origin[i] != 0;
    return 0;
}

/* ---------------------------------------------------------------- writing, hashing */

typedef void (*sink_fn)(void *ctx, const char *text);

/* Thousandths v as a decimal: "320", "112.64" (no trailing zeros). */
static void format_milli(unsigned long long v, char *b, size_t n)
{
    int len = snprintf(b, n, "%llu.%03llu", v / 1000, v % 1000);
    while (len > 0 && b[len - 1] == '0') b[--len] = '\0';
    if (len > 0 && b[len - 1] == '.') b[--len] = '\0';
}

/* Format key k's value as it is written in a file. */
static void format_value(const cfg_t *c, const key_def *k, char *b, size_t n)
{
    if (k->kind == K_PATH) {
        snprintf(b, n, "%s", (const char *)c + k->off);
        return;
    }
    unsigned long long v = get_val(c, k);
    if (k->kind == K_ENUM) snprintf(b, n, "%s", v ? k->w1 : k->w0);
    else if (k->kind == K_WORDS) snprintf(b, n, "%s", v <= k->hi ? k->words[v] : "?");
    else if (k->kind == K_PAIR) {
        const cfg_exec *e = (const cfg_exec *)((const char *)c + k->off);
        snprintf(b, n, "%u,%u", e->lat, e->ii);
    }
    else if (k->kind == K_RATIO) snprintf(b, n, "%u/%u", c->ipc_num, c->ipc_den);
    else if (k->kind == K_HEX) snprintf(b, n, "0x%04llX", v);
    else if (k->kind == K_MILLI) format_milli(v, b, n);
    else snprintf(b, n, "%llu", v);
}

/* Format an FSM delta: 0, or with its sign. */
static const char *format_delta(int d, char *b, size_t n)
{
    if (d) snprintf(b, n, "%+d", d);
    else snprintf(b, n, "0");
    return b;
}

/* Emit the rows fsm.1..fsm_states. */
static void emit_fsm(const cfg_t *c, const char *prefix, sink_fn fn, void *ctx)
{
    char line[128], d1[8], d2[8];
    unsigned last = umin(c->fsm_states, CFG_MAX_FSM);
    for (unsigned n = 1; n <= last; n++) {
        const cfg_fsm_row *r = &c->fsm[n];
        snprintf(line, sizeof line, "fsm.%u = %u %s %u %s\n", n, r->s_next,
                 format_delta(r->s_delta, d1, sizeof d1), r->l_next,
                 format_delta(r->l_delta, d2, sizeof d2));
        fn(ctx, prefix);
        fn(ctx, line);
    }
}

/* The shared writer of cfg_write and cfg_hash: every key in order, through fn. */
static void emit_all(const cfg_t *c, const char *prefix, int hw_only, int hashing, sink_fn fn,
                     void *ctx)
{
    char line[CFG_PATH_LEN + 64], val[CFG_PATH_LEN];
    for (int i = 0; i < KI_COUNT; i++) {
        if (hw_only && !keys[i].hw) continue;
        if (hashing && keys[i].hw == 2 && get_val(c, &keys[i]) == keys[i].def) continue;
        if (keys[i].kind == K_FSM) {
            emit_fsm(c, prefix, fn, ctx);
            continue;
        }
        format_value(c, &keys[i], val, sizeof val);
        snprintf(line, sizeof line, "%s = %s\n", keys[i].name, val);
        fn(ctx, prefix);
        fn(ctx, line);
    }
}

/* Sink writing to a FILE. */
static void sink_file(void *ctx, const char *text) { fputs(text, (FILE *)ctx); }

/* Sink folding text into a 64-bit FNV-1a hash. */
static void sink_fnv(void *ctx, const char *text)
{
    unsigned long long *h = ctx;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        *h = (*h ^ *p) * 0x100000001b3ull;
}

/* Write every key = value (hw_only: hardware keys only), each line after prefix. */
void cfg_write(const cfg_t *c, FILE *f, const char *prefix, int hw_only)
{
    emit_all(c, prefix ? prefix : "", hw_only, 0, sink_file, f);
}

/* FNV-1a 64 of the text cfg_write(c, f, "", 1) writes, less the lines of keys with hw = 2
 * at their defaults. */
unsigned long long cfg_hash(const cfg_t *c)
{
    unsigned long long h = 0xcbf29ce484222325ull;
    emit_all(c, "", 1, 1, sink_fnv, &h);
    return h;
}

/* ceil(log2(n)), at least 1. */
unsigned cfg_clog2(unsigned n)
{
    unsigned b = 1;
    while (b < 32 && (1ull << b) < n) b++;
    return b;
}
