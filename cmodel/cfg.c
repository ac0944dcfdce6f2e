/* cfg.c - the hardware's configuration (cfg.h): its key table, defaults and cross-key
 * checks, on the engine of cfgkey.c.
 *
 * Every hardware key is one row of the table `keys` below (name, kind, field, static
 * range, default); the table order is the documented order (docs/config.md) and the order
 * of cfg_write. Ranges that depend on other keys (entries > slots, ccus <= warps, the FSM
 * table, ...) are checked by cfg_validate, once every key is known.
 */
#include "cfg.h"

#include <stddef.h>
#include <string.h>

#define FSM_DELTA_MAX 255          /* static bound of an FSM delta (|delta|) */

/* Key indices, in the documented order. */
enum {
    KI_CCUS, KI_ENTRIES, KI_SLOTS, KI_BANKS, KI_WARPS, KI_REGS, KI_DATA_BITS, KI_WB_PORTS,
    KI_TAG_BITS, KI_INTERVAL, KI_IPC, KI_STHLD_MODE, KI_STHLD_INIT, KI_STHLD_MAX,
    KI_STHLD_STEP, KI_FSM_START, KI_FSM_STATES, KI_FSM, KI_LFSR_SEED, KI_CACHING, KI_REPL,
    KI_WFILTER, KI_SCHED, KI_SHARING, KI_CT_STORAGE, KI_CLOCK_GATING, KI_SUBCORES,
    KI_COUNT
};

/* Provenance slot of FSM row n (1..CFG_MAX_FSM). */
#define ROW(n) (KI_COUNT - 1 + (int)(n))
_Static_assert(KI_COUNT + CFG_MAX_FSM <= CFG_MAX_KEYS, "CFG_MAX_KEYS too small");
_Static_assert(offsetof(cfg_t, ipc_den) == offsetof(cfg_t, ipc_num) + sizeof(unsigned),
               "ipc_threshold is NUM/DEN in two adjacent fields");

#define F(f) offsetof(cfg_t, f)
#define HWU(n, f, l, h, d, nt) {n, CFG_K_UINT, F(f), l, h, d, NULL, NULL, nt, 1, NULL, 0, 0}
#define HWE(n, f, d, a, b) {n, CFG_K_ENUM, F(f), 0, 1, d, a, b, NULL, 1, NULL, 0, 0}

static const cfg_key keys[KI_COUNT] = {
    [KI_CCUS] = HWU("ccus", ccus, 1, CFG_MAX_C, 2, ", and <= warps"),
    [KI_ENTRIES] = HWU("entries", entries, 2, CFG_MAX_E, 8, ", and > slots unless caching = off"),
    [KI_SLOTS] = HWU("slots", slots, 1, CFG_MAX_S, 6, NULL),
    [KI_BANKS] = {"banks", CFG_K_POW2, F(banks), 1, CFG_MAX_B, 2, NULL, NULL, NULL, 1, NULL, 0, 0},
    [KI_WARPS] = HWU("warps", warps, 1, CFG_MAX_W, 8, NULL),
    [KI_REGS] = HWU("regs", regs, 2, CFG_MAX_R, 256, NULL),
    [KI_DATA_BITS] = HWU("data_bits", data_bits, 1, CFG_MAX_DATA, 1024, NULL),
    [KI_WB_PORTS] = HWU("wb_ports", wb_ports, 1, CFG_MAX_P, 2, NULL),
    [KI_TAG_BITS] = HWU("tag_bits", tag_bits, 1, CFG_MAX_TAG, 8, NULL),
    [KI_INTERVAL] = HWU("interval", interval, 2, 1000000, 10000, NULL),
    [KI_IPC] = {"ipc_threshold", CFG_K_RATIO, F(ipc_num), 1, 1000000, 1, NULL, NULL, NULL, 1,
                NULL, 50, 0},
    [KI_STHLD_MODE] = HWE("sthld_mode", sthld_adaptive, 1, "fixed", "adaptive"),
    [KI_STHLD_INIT] = HWU("sthld_init", sthld_init, 0, 255, 0, ", and <= sthld_max"),
    [KI_STHLD_MAX] = HWU("sthld_max", sthld_max, 0, 255, 63, NULL),
    [KI_STHLD_STEP] = HWU("sthld_step", sthld_step, 0, 255, 2, ", and <= sthld_max"),
    [KI_FSM_START] = HWU("fsm_start", fsm_start, 1, CFG_MAX_FSM, 1, ", and <= fsm_states"),
    [KI_FSM_STATES] = HWU("fsm_states", fsm_states, 1, CFG_MAX_FSM, 6, NULL),
    [KI_FSM] = {"fsm.N", CFG_K_FSM, F(fsm), 1, CFG_MAX_FSM, 0, NULL, NULL, NULL, 1, NULL, 0,
                F(fsm_states)},
    [KI_LFSR_SEED] = {"lfsr_seed", CFG_K_HEX, F(lfsr_seed), 1, 65535, 0xACE1, NULL, NULL, NULL, 1,
                      NULL, 0, 0},
    [KI_CACHING] = HWE("caching", caching, 1, "off", "on"),
    [KI_REPL] = HWE("replacement", repl_lru_only, 0, "hint", "lru"),
    [KI_WFILTER] = HWE("write_filter", write_filter, 1, "off", "on"),
    [KI_SCHED] = HWE("scheduler", sched_gto, 0, "malekeh", "gto"),
    [KI_SHARING] = HWE("ccu_sharing", private_ccus, 0, "shared", "private"),
    [KI_CT_STORAGE] = {"ct_storage", CFG_K_ENUM, F(ct_latch), 0, 1, 0, "ff", "latch", NULL, 2,
                       NULL, 0, 0},
    [KI_CLOCK_GATING] = {"clock_gating", CFG_K_ENUM, F(clock_gating), 0, 1, 1, "off", "on", NULL,
                         2, NULL, 0, 0},
    /* reports and the GPU only: not in the RTL hash */
    [KI_SUBCORES] = {"subcores_per_sm", CFG_K_UINT, F(subcores_per_sm), 1, 16, 4, NULL, NULL,
                     NULL, 0, NULL, 0, 0},
};

const cfg_table cfg_hw_table = {keys, KI_COUNT};

/* The default STHLD FSM table (contract D-16). */
static const cfg_fsm_row fsm_default[7] = {
    {0, 0, 0, 0}, {2, 1, 3, 1}, {2, 1, 3, 1}, {2, 1, 4, -2},
    {5, -1, 4, -1}, {6, 0, 4, -1}, {6, 0, 3, 1},
};

cfg_part cfg_hw_part(cfg_t *c) { return (cfg_part){&cfg_hw_table, c, c->origin}; }

/* The parts of a hardware-only configuration: *c alone. */
static cfg_parts alone(const cfg_t *c)
{
    cfg_parts ps = {.n = 1};
    ps.p[0] = cfg_hw_part((cfg_t *)c);
    return ps;
}

/* Fill *c with the defaults of every key (the values of configs/default.cfg). */
void cfg_defaults(cfg_t *c)
{
    cfg_parts ps;
    memset(c, 0, sizeof *c);
    ps = alone(c);
    cfg_parts_defaults(&ps);
    for (int n = 1; n <= 6; n++) c->fsm[n] = fsm_default[n];
}

int cfg_set(cfg_t *c, const char *key, const char *value, const char *where, char *err)
{
    cfg_parts ps = alone(c);
    return cfg_parts_set(&ps, key, value, where, err);
}

int cfg_is_set(const cfg_t *c, const char *key)
{
    cfg_parts ps = alone(c);
    return cfg_parts_is_set(&ps, key);
}

/* ---------------------------------------------------------------- validation */

#define NARGS(...) ((int)(sizeof((const int[]){__VA_ARGS__}) / sizeof(int)))
#define AT(...) at(c, path, wh, sizeof wh, (const int[]){__VA_ARGS__}, NARGS(__VA_ARGS__))
#define fail cfg_fail

/* Message prefix naming the key set last among idx[0..n-1] (cfg_where). */
static const char *at(const cfg_t *c, const char *path, char *b, size_t bn, const int *idx,
                      int n)
{
    unsigned o[CFG_MAX_FSM + 4];
    for (int i = 0; i < n; i++) o[i] = c->origin[idx[i]];
    return cfg_where(path, o, n, b, bn);
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

/* Static ranges, then cross-key checks; path names the file in messages (NULL ok). */
int cfg_validate(const cfg_t *c, const char *path, char *err)
{
    cfg_parts ps = alone(c);
    if (cfg_parts_ranges(&ps, path, err) || check_hw(c, path, err) || check_fsm(c, path, err))
        return -1;
    return 0;
}

/* ---------------------------------------------------------------- writing, hashing */

void cfg_write(const cfg_t *c, FILE *f, const char *prefix, int hw_only)
{
    cfg_part p = cfg_hw_part((cfg_t *)c);
    cfg_part_write(&p, f, prefix, hw_only);
}

unsigned long long cfg_hash(const cfg_t *c)
{
    unsigned long long h = 0xcbf29ce484222325ull;
    cfg_part p = cfg_hw_part((cfg_t *)c);
    cfg_part_hash(&p, &h);
    return h;
}

/* ceil(log2(n)), at least 1. */
unsigned cfg_clog2(unsigned n)
{
    unsigned b = 1;
    while (b < 32 && (1ull << b) < n) b++;
    return b;
}

unsigned cfg_hw_origin(const cfg_t *c, const char *key)
{
    for (int i = 0; i < KI_COUNT; i++)
        if (strcmp(keys[i].name, key) == 0) return c->origin[i];
    return 0;
}
