/* test_drv.c - the model driven by the workload driver: invariant 4 on many
 * configurations, driver/model count agreement, a corrupted operand is caught, and the
 * adversarial generator (determinism, ranges, the model survives it).
 * `--quick` runs 20k cycles per configuration instead of 200k. */
#include <string.h>
#include "simcfg.h"
#include "adv.h"
#include "cfg.h"
#include "drv.h"
#include "sc.h"
#include "sc_state.h" /* sc_check_invariants */
#include "tt.h"
#include "wl.h"

static unsigned long run_cycles = 200000;

/* Model + driver for n cycles, the model's invariant checker after every cycle (stops at
 * the first driver error or invariant failure); copies out the final
 * driver counts and model statistics. 0, or -1 on an error. */
static int run(const sim_cfg *c, unsigned long n, const char *name, drv_counts *dc,
               sc_stats *st)
{
    sc_t *m = sc_create(&c->m.hw);
    drv_t *d = drv_create(&c->m.hw, &c->m.drv);
    static sc_in in;
    static sc_out out;
    int bad = 0;
    memset(dc, 0, sizeof *dc);
    memset(st, 0, sizeof *st);
    TT_CHECK(m && d);
    if (!m || !d) {
        sc_destroy(m);
        drv_destroy(d);
        return -1;
    }
    char msg[512];
    for (unsigned long t = 0; t < n && !bad; t++) {
        drv_inputs(d, &in);
        memset(&out, 0, sizeof out);
        sc_step(m, &in, &out);
        bad = drv_consume(d, &in, &out) != 0;
        if (bad) {
            fprintf(stderr, "  %s: %s\n", name, drv_error(d));
        } else if (sc_check_invariants(m, msg, sizeof msg) != 0) {
            fprintf(stderr, "  %s: cycle %lu: model invariant: %s\n", name, t, msg);
            bad = 1;
        }
    }
    *dc = *drv_get_counts(d);
    *st = *sc_stats_get(m);
    sc_destroy(m);
    drv_destroy(d);
    return bad ? -1 : 0;
}

static void check_config(const char *name, sim_cfg *c)
{
    char err[CFG_ERR_LEN] = "";
    drv_counts dc;
    sc_stats st;
    if (simcfg_validate(c, NULL, err) != 0) {
        fprintf(stderr, "  %s: config rejected: %s\n", name, err);
        TT_CHECK(0);
        return;
    }
    int rc = run(c, run_cycles, name, &dc, &st);
    TT_EQ(rc, 0);
    TT_EQ(dc.errors, 0);
    TT_CHECK(dc.dispatched > 0);
    TT_CHECK(dc.operand_checks > 0);
    TT_EQ(dc.issued, st.issued);
    TT_EQ(dc.dispatched, st.dispatched);
    TT_EQ(dc.written_back, st.bank_writes);
    TT_EQ(dc.wb_refused, st.wb_refused);
    TT_EQ(dc.cycles, st.cycles);
    fprintf(stderr, "  %-16s issued %llu dispatched %llu wb %llu checks %llu ccu %llu/%llu\n",
            name, (unsigned long long)dc.issued, (unsigned long long)dc.dispatched,
            (unsigned long long)dc.written_back, (unsigned long long)dc.operand_checks,
            (unsigned long long)st.src_hits, (unsigned long long)st.src_regs);
}

/* Defaults plus `key=value` overrides through cfg_set (so dependent workload defaults
 * such as wl_src_max <= slots follow), then cfg_validate. 0, or -1 (reported). */
static int make_cfg(sim_cfg *c, const char *name, const char *const *sets)
{
    char err[CFG_ERR_LEN] = "";
    simcfg_defaults(c);
    for (unsigned i = 0; sets && sets[i]; i++) {
        char k[64];
        const char *eq = strchr(sets[i], '=');
        size_t n = eq ? (size_t)(eq - sets[i]) : 0;
        if (!eq || n >= sizeof k) {
            fprintf(stderr, "  %s: bad override '%s'\n", name, sets[i]);
            return -1;
        }
        memcpy(k, sets[i], n);
        k[n] = '\0';
        if (simcfg_set(c, k, eq + 1, "--set", err) != 0) {
            fprintf(stderr, "  %s: %s\n", name, err);
            return -1;
        }
    }
    if (simcfg_validate(c, NULL, err) != 0) {
        fprintf(stderr, "  %s: config rejected: %s\n", name, err);
        return -1;
    }
    return 0;
}

static void check_sets(const char *name, const char *const *sets)
{
    sim_cfg c;
    int rc = make_cfg(&c, name, sets);
    TT_EQ(rc, 0);
    if (rc == 0) check_config(name, &c);
}

#define CHECK_SETS(name, ...)                                                          \
    do {                                                                               \
        static const char *const sets_[] = {__VA_ARGS__, NULL};                        \
        check_sets(name, sets_);                                                       \
    } while (0)

static void test_default(void)
{
    sim_cfg c;
    simcfg_defaults(&c);
    check_config("default", &c);
}

static void test_caching_off(void) { CHECK_SETS("caching=off", "caching=off"); }
static void test_write_filter_off(void) { CHECK_SETS("write_filter=off", "write_filter=off"); }
static void test_repl_lru(void) { CHECK_SETS("replacement=lru", "replacement=lru"); }
static void test_sched_gto(void) { CHECK_SETS("scheduler=gto", "scheduler=gto"); }
static void test_private(void)
{
    CHECK_SETS("ccu_sharing=private", "warps=4", "ccus=4", "ccu_sharing=private");
}
static void test_one_bank(void) { CHECK_SETS("banks=1", "banks=1"); }
static void test_one_wb_port(void) { CHECK_SETS("wb_ports=1", "wb_ports=1"); }
static void test_one_slot(void) { CHECK_SETS("slots=1", "slots=1", "entries=2"); }

/* Stress: tiny working set, many duplicates, both stall kinds high, short ALU latency,
 * odd data width, narrow tags, instructions without sources, fixed STHLD. */
static void test_stress(void)
{
    CHECK_SETS("stress", "wl_regs_used=6", "wl_dup_pct=40", "wl_reuse_pct=90",
               "wl_disp_stall_pct=60", "wl_wb_stall_pct=50", "wl_lat_alu=1",
               "data_bits=100", "tag_bits=3", "wl_src_min=0", "banks=4", "wb_ports=3",
               "sthld_mode=fixed", "sthld_init=8");
}

/* Many warps sharing few CCUs, 64-bit data, wide working set, high adaptation activity. */
static void test_many_warps(void)
{
    CHECK_SETS("many_warps", "warps=32", "ccus=3", "entries=7", "data_bits=64",
               "wl_regs_used=200", "wl_reuse_pct=30", "interval=500", "rthld=4");
}

/* Issue warp w's presented head through a fake output, then dispatch it with operand
 * data from `data` (all-zero = correct initial values) and one corrupted word. */
static void test_corrupt_operand_caught(void)
{
    sim_cfg c;
    static sc_in in;
    static sc_out out;
    simcfg_defaults(&c);
    c.m.drv.wl_src_min = 1;
    if (c.m.drv.wl_src_max < 1) c.m.drv.wl_src_max = 1;
    c.m.drv.wl_disp_stall_pct = 0;
    c.m.drv.wl_wb_stall_pct = 0;
    for (int corrupt = 0; corrupt <= 1; corrupt++) {
        drv_t *d = drv_create(&c.m.hw, &c.m.drv);
        TT_CHECK(d != NULL);
        if (!d) return;
        drv_inputs(d, &in);
        unsigned w = 0;
        while (w < c.m.hw.warps && !in.inst_valid[w]) w++;
        TT_CHECK(w < c.m.hw.warps); /* nothing pending at reset: every warp presents */
        if (w >= c.m.hw.warps) {
            drv_destroy(d);
            return;
        }
        uint32_t tag = in.inst_tag[w];
        uint16_t reg = in.inst_src_reg[w][0];
        uint8_t valid[CFG_MAX_S];
        memcpy(valid, in.inst_src_valid[w], sizeof valid);
        memset(&out, 0, sizeof out);
        out.issue_valid = 1;
        out.issue_wid = (uint16_t)w;
        TT_EQ(drv_consume(d, &in, &out), 0);

        drv_inputs(d, &in);
        TT_EQ(in.inst_valid[w], 0); /* in collection: not presented again */
        TT_EQ(in.disp_ready, 1);
        memset(&out, 0, sizeof out);
        out.disp_valid = 1;
        out.disp_wid = (uint16_t)w;
        out.disp_tag = tag;
        for (unsigned s = 0; s < c.m.hw.slots; s++) out.disp_src_valid[s] = valid[s];
        unsigned words = (c.m.hw.data_bits + 63) / 64;
        if (corrupt) out.disp_src_data[0][words - 1] = 1; /* initial value is 0 */
        int rc = drv_consume(d, &in, &out);
        char want[32];
        snprintf(want, sizeof want, " r%u:", (unsigned)reg);
        if (corrupt) {
            TT_EQ(rc, -1);
            TT_CHECK(strstr(drv_error(d), want) != NULL);
            TT_CHECK(strstr(drv_error(d), "invariant 4") != NULL);
            TT_EQ(drv_get_counts(d)->errors, 1);
            fprintf(stderr, "  caught: %s\n", drv_error(d));
        } else {
            TT_EQ(rc, 0);
            TT_EQ(drv_error(d)[0], '\0');
            TT_CHECK(drv_get_counts(d)->operand_checks >= 1);
        }
        drv_destroy(d);
    }
}

/* A dispatch with a wrong tag, a wrong slot valid or an unknown warp is caught too. */
static void test_protocol_errors_caught(void)
{
    sim_cfg c;
    static sc_in in;
    static sc_out out;
    simcfg_defaults(&c);
    c.m.drv.wl_disp_stall_pct = 0;
    for (int kind = 0; kind < 3; kind++) {
        drv_t *d = drv_create(&c.m.hw, &c.m.drv);
        TT_CHECK(d != NULL);
        if (!d) return;
        drv_inputs(d, &in);
        memset(&out, 0, sizeof out);
        out.issue_valid = 1;
        out.issue_wid = 0;
        TT_EQ(drv_consume(d, &in, &out), 0);
        uint32_t tag = in.inst_tag[0];
        uint8_t valid[CFG_MAX_S];
        memcpy(valid, in.inst_src_valid[0], sizeof valid);
        drv_inputs(d, &in);
        memset(&out, 0, sizeof out);
        out.disp_valid = 1;
        out.disp_wid = kind == 2 ? 1 : 0;
        out.disp_tag = kind == 0 ? tag + 1 : tag;
        for (unsigned s = 0; s < c.m.hw.slots; s++) out.disp_src_valid[s] = valid[s];
        if (kind == 1) out.disp_src_valid[c.m.hw.slots - 1] ^= 1;
        TT_EQ(drv_consume(d, &in, &out), -1);
        TT_CHECK(drv_error(d)[0] != '\0');
        drv_destroy(d);
    }
}

static void test_adv_determinism_ranges(void)
{
    sim_cfg c;
    static sc_in a_in, b_in;
    simcfg_defaults(&c);
    c.m.hw.data_bits = 100;
    c.m.hw.tag_bits = 5;
    c.m.hw.regs = 200; /* not a power of two */
    c.m.hw.warps = 6;
    adv_t *a = adv_create(&c.m.hw, 9), *b = adv_create(&c.m.hw, 9);
    TT_CHECK(a && b);
    if (!a || !b) {
        adv_destroy(a);
        adv_destroy(b);
        return;
    }
    unsigned diff = 0, bad = 0, low = 0, same_bank = 0, longest_low = 0, cur_low = 0;
    for (unsigned t = 0; t < 20000; t++) {
        adv_inputs(a, &a_in);
        adv_inputs(b, &b_in);
        diff += memcmp(&a_in, &b_in, sizeof a_in) != 0;
        for (unsigned w = 0; w < CFG_MAX_W; w++) {
            if (w >= c.m.hw.warps) bad += a_in.inst_valid[w] != 0;
            bad += (a_in.inst_tag[w] & ~0x1fu) != 0;
            for (unsigned s = 0; s < CFG_MAX_S; s++) {
                if (s >= c.m.hw.slots) bad += a_in.inst_src_valid[w][s] != 0;
                bad += a_in.inst_src_reg[w][s] >= c.m.hw.regs;
            }
        }
        for (unsigned p = 0; p < CFG_MAX_P; p++) {
            if (p >= c.m.hw.wb_ports) bad += a_in.wb_valid[p] != 0;
            bad += a_in.wb_wid[p] >= c.m.hw.warps || a_in.wb_reg[p] >= c.m.hw.regs;
            bad += (a_in.wb_data[p][1] >> 36) != 0; /* 100 bits = 64 + 36 */
            for (unsigned k = 2; k < CFG_MAX_WORDS; k++) bad += a_in.wb_data[p][k] != 0;
        }
        if (a_in.wb_valid[0] && a_in.wb_valid[1] &&
            (a_in.wb_reg[0] + a_in.wb_wid[0]) % c.m.hw.banks ==
                (a_in.wb_reg[1] + a_in.wb_wid[1]) % c.m.hw.banks)
            same_bank++;
        if (!a_in.disp_ready) {
            low++;
            if (++cur_low > longest_low) longest_low = cur_low;
        } else {
            cur_low = 0;
        }
    }
    TT_EQ(diff, 0);
    TT_EQ(bad, 0);
    TT_CHECK(low > 1000 && low < 15000);
    TT_CHECK(longest_low >= 50);
    TT_CHECK(same_bank > 1000);
    adv_destroy(a);
    adv_destroy(b);
}

/* The model under adversarial inputs on one configuration: no crash, outputs within
 * their ranges, and the model's own invariant checker (contract 1, 2, 3, 5, 6, 7) clean
 * every cycle. */
static void adv_run(const char *name, const char *const *sets, unsigned long seed)
{
    sim_cfg c;
    static sc_in in;
    static sc_out out;
    char msg[512];
    if (make_cfg(&c, name, sets) != 0) {
        TT_CHECK(0);
        return;
    }
    sc_t *m = sc_create(&c.m.hw);
    adv_t *a = adv_create(&c.m.hw, seed);
    TT_CHECK(m && a);
    if (!m || !a) {
        sc_destroy(m);
        adv_destroy(a);
        return;
    }
    unsigned bad_issue = 0, bad_disp = 0, bad_inv = 0, issues = 0, disps = 0;
    unsigned long n = run_cycles / 4;
    for (unsigned long t = 0; t < n; t++) {
        adv_inputs(a, &in);
        memset(&out, 0, sizeof out);
        sc_step(m, &in, &out);
        if (out.issue_valid) {
            issues++;
            bad_issue += out.issue_wid >= c.m.hw.warps || !in.inst_valid[out.issue_wid];
        }
        if (out.disp_valid) {
            disps += in.disp_ready;
            bad_disp += out.disp_wid >= c.m.hw.warps;
            for (unsigned s = c.m.hw.slots; s < CFG_MAX_S; s++) bad_disp += out.disp_src_valid[s];
        }
        if (sc_check_invariants(m, msg, sizeof msg) != 0) {
            if (!bad_inv++) fprintf(stderr, "  %s: cycle %lu: %s\n", name, t, msg);
            break;
        }
    }
    TT_EQ(bad_issue, 0);
    TT_EQ(bad_disp, 0);
    TT_EQ(bad_inv, 0);
    TT_CHECK(issues > 0);
    TT_CHECK(disps > 0);
    sc_destroy(m);
    adv_destroy(a);
}

#define ADV_RUN(name, seed, ...)                                                       \
    do {                                                                               \
        static const char *const sets_[] = {__VA_ARGS__, NULL};                        \
        adv_run(name, sets_, seed);                                                    \
    } while (0)

static void test_adv_model_survives(void)
{
    adv_run("adv default", NULL, 3);
    ADV_RUN("adv caching=off", 4, "caching=off");
    ADV_RUN("adv private", 5, "warps=4", "ccus=4", "ccu_sharing=private");
    ADV_RUN("adv small", 6, "slots=1", "entries=2", "banks=1", "wb_ports=1", "regs=3",
            "data_bits=1", "tag_bits=1", "warps=3", "ccus=1");
    ADV_RUN("adv wide", 7, "slots=8", "entries=12", "banks=8", "wb_ports=4", "regs=200",
            "data_bits=130", "warps=16", "ccus=5", "write_filter=off", "replacement=lru",
            "scheduler=gto", "interval=50");
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--quick") == 0) run_cycles = 20000;
    TT_RUN(test_corrupt_operand_caught);
    TT_RUN(test_protocol_errors_caught);
    TT_RUN(test_adv_determinism_ranges);
    TT_RUN(test_default);
    TT_RUN(test_caching_off);
    TT_RUN(test_write_filter_off);
    TT_RUN(test_repl_lru);
    TT_RUN(test_sched_gto);
    TT_RUN(test_private);
    TT_RUN(test_one_bank);
    TT_RUN(test_one_wb_port);
    TT_RUN(test_one_slot);
    TT_RUN(test_stress);
    TT_RUN(test_many_warps);
    TT_RUN(test_adv_model_survives);
    TT_EXIT();
}
