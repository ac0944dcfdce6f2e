/* test_subunit.c - the sub-core unit both machines assemble (gpu/subcore.h): folded alone
 * into an empty result it gives the model's and the driver's counters whole (a counter the
 * sums leave out fails here), folded twice it sums them (cycles, the STHLD history and the
 * high-water mark excepted), the synthetic streams' run (run_sim) returns what the unit
 * stepped by hand returns, and a trace on machine = subcore runs on a GPU of one SM of one
 * sub-core as the earlier machine did (docs/gpu.md). */
#include <stdlib.h>
#include <string.h>
#include "simcfg.h"
#include "run.h"
#include "subcore.h"
#include "tt.h"

#define INSTS 3000u

/* Open a synthetic sub-core of the default configuration and run it until its INSTS
 * instructions have retired. 0, or -1. */
static int run_unit(subcore_t *s, const sim_cfg *c)
{
    char err[RUN_ERR_LEN];
    memset(s, 0, sizeof *s);
    if (subcore_open(s, &c->m, NULL, 0, 1, "", err)) {
        fprintf(stderr, "  open: %s\n", err);
        return -1;
    }
    drv_set_issue_limit(s->d, INSTS);
    for (uint64_t cyc = 0; cyc < 1000000; cyc++) {
        if (drv_get_counts(s->d)->issued >= INSTS && drv_idle(s->d)) return 0;
        if (subcore_step(s, cyc, err)) {
            fprintf(stderr, "  step: %s\n", err);
            return -1;
        }
    }
    return -1;
}

static void test_fold_alone_is_whole(void)
{
    sim_cfg c;
    subcore_t s;
    run_result *r = calloc(1, sizeof *r);
    if (!r) return;
    simcfg_defaults(&c);
    TT_EQ(run_unit(&s, &c), 0);
    subcore_fold(&s, r, 1);
    const sc_stats *a = sc_stats_get(s.m);
    TT_CHECK(a->issued >= INSTS);
    TT_EQ(memcmp(&r->st, a, sizeof r->st), 0);
    TT_EQ(memcmp(&r->dc, drv_get_counts(s.d), sizeof r->dc), 0);
    subcore_close(&s);
    free(r);
}

static void test_fold_twice_sums(void)
{
    sim_cfg c;
    subcore_t s;
    run_result *r = calloc(1, sizeof *r);
    if (!r) return;
    simcfg_defaults(&c);
    TT_EQ(run_unit(&s, &c), 0);
    subcore_fold(&s, r, 1);
    subcore_fold(&s, r, 0);
    const sc_stats *a = sc_stats_get(s.m);
    TT_EQ(r->st.cycles, a->cycles);
    TT_EQ(r->st.intervals, a->intervals);
    TT_EQ(r->st.fifo_high_water, a->fifo_high_water);
    TT_EQ(r->st.issued, 2 * a->issued);
    TT_EQ(r->st.bank_reads, 2 * a->bank_reads);
    TT_EQ(r->dc.issued, 2 * drv_get_counts(s.d)->issued);
    subcore_close(&s);
    free(r);
}

static void test_run_sim_is_the_unit(void)
{
    sim_cfg c;
    subcore_t s;
    run_opts o;
    char err[RUN_ERR_LEN];
    run_result *r = calloc(1, sizeof *r), *u = calloc(1, sizeof *u);
    if (!r || !u) return;
    simcfg_defaults(&c);
    memset(&o, 0, sizeof o);
    o.insts = INSTS;
    o.check_invariants = 1;
    TT_EQ(run_sim(&c, &o, r, err), 0);
    TT_EQ(r->complete, 1);
    TT_EQ(run_unit(&s, &c), 0);
    subcore_fold(&s, u, 1);
    TT_EQ(memcmp(&r->st, &u->st, sizeof r->st), 0);
    TT_EQ(memcmp(&r->dc, &u->dc, sizeof r->dc), 0);
    TT_EQ(r->cycles, u->st.cycles);
    subcore_close(&s);
    free(r);
    free(u);
}

/* The shipped trace (1 block of 32 warps, 4,416 instructions) on machine = subcore: the
 * block in four groups of the 8 warp slots, the earlier machine's 11,455 cycles, no GPU
 * counters, and every warp-slot cycle either empty or held (counted after placements). */
static void test_subcore_machine(void)
{
    sim_cfg c;
    run_opts o;
    char err[RUN_ERR_LEN];
    run_result *r = calloc(1, sizeof *r);
    if (!r) return;
    simcfg_defaults(&c);
    c.m.gpu.machine = GPU_MACHINE_SUBCORE;
    memset(&o, 0, sizeof o);
    o.trace = "workloads/matrixmul32_sm61_kernel-1.traceg.xz";
    TT_EQ(run_sim(&c, &o, r, err), 0);
    TT_EQ(r->complete, 1);
    TT_EQ(r->g.used, 0);
    TT_EQ(r->tc.blocks, 1);
    TT_EQ(r->tc.warps, 32);
    TT_EQ(r->insts, 4416);
    TT_EQ(r->cycles, 11455);
    TT_EQ(r->cycles, r->st.cycles);
    TT_EQ(r->tc.max_held, c.m.hw.warps);
    TT_EQ(r->tc.empty_slot_cycles + r->tc.held_slot_cycles, (uint64_t)c.m.hw.warps * r->cycles);
    free(r);
}

int main(void)
{
    TT_RUN(test_fold_alone_is_whole);
    TT_RUN(test_fold_twice_sums);
    TT_RUN(test_subcore_machine);
    TT_RUN(test_run_sim_is_the_unit);
    TT_EXIT();
}
