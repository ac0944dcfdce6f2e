/* drvkeys.c - the driver's key table (drvkeys.h), its workload defaults and checks. */
#include "drvkeys.h"

#include <stddef.h>

enum {
    KI_WL_SEED, KI_WL_CYCLES, KI_WL_REGS_USED, KI_WL_REUSE_PCT, KI_WL_REUSE_WINDOW,
    KI_WL_SRC_MIN, KI_WL_SRC_MAX, KI_WL_DUP_PCT, KI_WL_DST_PCT, KI_WL_MIX_ALU,
    KI_WL_MIX_SFU, KI_WL_MIX_MEM, KI_WL_LAT_ALU, KI_WL_LAT_SFU, KI_WL_LAT_MEM,
    KI_WL_DISP_STALL, KI_WL_WB_STALL,
    KI_RTHLD, KI_HINTS, KI_HINT_PROFILE_WARPS,
    KI_EXEC_INT, KI_EXEC_FP, KI_EXEC_DP, KI_EXEC_SFU, KI_EXEC_LDST, KI_EXEC_SHMEM,
    KI_EXEC_TENSOR, KI_EXEC_BRANCH,
    KI_RBA, KI_CCU_WB, KI_RF_STATES, KI_SLEEP_WINDOW, KI_REUSE_STATS,
    KI_COUNT
};
_Static_assert(KI_COUNT <= DRVK_MAX_KEYS, "DRVK_MAX_KEYS too small");
_Static_assert(sizeof(unsigned long) >= 8, "wl_seed and wl_cycles need a 64-bit unsigned long");

static const char *const hint_words[] = {"exact", "profile", "all-near", "all-far", "static", NULL};

#define F(f) offsetof(drv_keys, f)
#define WLU(n, f, l, h, d, nt) {n, CFG_K_UINT, F(f), l, h, d, NULL, NULL, nt, 0, NULL, 0, 0}
#define EXEC(n, i, lat, ii) {n, CFG_K_PAIR, F(exec[i]), 1, 10000, lat, NULL, NULL, NULL, 0, NULL, ii, 0}
#define ONOFF(n, f) {n, CFG_K_ENUM, F(f), 0, 1, 0, "off", "on", NULL, 0, NULL, 0, 0}

static const cfg_key keys[KI_COUNT] = {
    [KI_WL_SEED] = {"wl_seed", CFG_K_ULONG, F(wl_seed), 0, 1ull << 63, 1, NULL, NULL, NULL, 0,
                    NULL, 0, 0},
    [KI_WL_CYCLES] = {"wl_cycles", CFG_K_ULONG, F(wl_cycles), 1, 10000000000ull, 200000, NULL,
                      NULL, NULL, 0, NULL, 0, 0},
    [KI_WL_REGS_USED] = WLU("wl_regs_used", wl_regs_used, 1, CFG_MAX_R, 32, ", and <= regs"),
    [KI_WL_REUSE_PCT] = WLU("wl_reuse_pct", wl_reuse_pct, 0, 100, 60, NULL),
    [KI_WL_REUSE_WINDOW] = WLU("wl_reuse_window", wl_reuse_window, 1, 64, 6, NULL),
    [KI_WL_SRC_MIN] = WLU("wl_src_min", wl_src_min, 0, CFG_MAX_S, 1, ", and <= slots"),
    [KI_WL_SRC_MAX] = WLU("wl_src_max", wl_src_max, 0, CFG_MAX_S, 3, ", and wl_src_min..slots"),
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
    [KI_HINTS] = {"hints", CFG_K_WORDS, F(hint_mode), 0, 4, DRV_HINT_EXACT, NULL, NULL, NULL, 0,
                  hint_words, 0, 0},
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
    [KI_RBA] = ONOFF("rba", rba),
    [KI_CCU_WB] = ONOFF("ccu_writeback", ccu_writeback),
    [KI_RF_STATES] = ONOFF("rf_states", rf_states),
    [KI_SLEEP_WINDOW] = WLU("sleep_window", sleep_window, 1, 1000000, 3, NULL),
    [KI_REUSE_STATS] = ONOFF("reuse_stats", reuse_stats),
};

static const cfg_table table = {keys, KI_COUNT};

cfg_part drvk_part(drv_keys *k) { return (cfg_part){&table, k, k->origin}; }

/* Smaller of two unsigned values. */
static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }

void drvk_fit(drv_keys *k, const cfg_t *hw)
{
    if (!k->origin[KI_WL_REGS_USED])
        k->wl_regs_used = umin((unsigned)keys[KI_WL_REGS_USED].def, hw->regs);
    if (!k->origin[KI_WL_SRC_MAX]) {
        unsigned v = umin((unsigned)keys[KI_WL_SRC_MAX].def, hw->slots);
        if (k->origin[KI_WL_SRC_MIN] && k->wl_src_min > v) v = umin(k->wl_src_min, hw->slots);
        k->wl_src_max = v;
    }
    if (!k->origin[KI_WL_SRC_MIN])
        k->wl_src_min = umin(umin((unsigned)keys[KI_WL_SRC_MIN].def, hw->slots), k->wl_src_max);
}

int drvk_check(const drv_keys *k, const cfg_t *hw, const char *path, char *err)
{
    char wh[320];
    unsigned o[3];
    /* wl_regs_used and wl_src_* are upper bounds: the workload clamps them to regs and
     * slots (driver/wl.c), so a file's workload keys never block a hardware override */
    if (k->wl_src_max < k->wl_src_min) {
        o[0] = k->origin[KI_WL_SRC_MAX], o[1] = k->origin[KI_WL_SRC_MIN];
        return cfg_fail(err, "%s: wl_src_max = %u must be >= wl_src_min = %u (allowed: %u..%u)",
                        cfg_where(path, o, 2, wh, sizeof wh), k->wl_src_max, k->wl_src_min,
                        k->wl_src_min, CFG_MAX_S);
    }
    if (k->wl_mix_alu + k->wl_mix_sfu + k->wl_mix_mem == 0) {
        o[0] = k->origin[KI_WL_MIX_ALU], o[1] = k->origin[KI_WL_MIX_SFU];
        o[2] = k->origin[KI_WL_MIX_MEM];
        return cfg_fail(err, "%s: wl_mix_alu + wl_mix_sfu + wl_mix_mem must be > 0 (allowed: "
                        "each 0..1000, not all 0)", cfg_where(path, o, 3, wh, sizeof wh));
    }
    if (k->ccu_writeback && !hw->caching) {
        o[0] = k->origin[KI_CCU_WB], o[1] = cfg_hw_origin(hw, "caching");
        return cfg_fail(err, "%s: ccu_writeback = on prices Malekeh's CCUs as write-back "
                        "(allowed: caching = on, or ccu_writeback = off)",
                        cfg_where(path, o, 2, wh, sizeof wh));
    }
    return 0;
}
