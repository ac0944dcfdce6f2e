/* test_goccupancy.c - warps resident per sub-core (driver/tsrc.c counters, docs/gpu.md
 * "Warps per sub-core"): a warp counts from the cycle it is placed to the cycle its slot
 * frees; the mean is over the cycles a sub-core holds at least one warp, the max over every
 * cycle. Worked by hand on a fed source placed warp by warp, checked cycle by cycle
 * against the slots a trace run holds, and on tiny GPUs whose warp placement is known. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "simcfg.h"
#include "gfeed.h"
#include "cfg.h"
#include "drv.h"
#include "gsum.h"
#include "gtrace.h"
#include "run.h"
#include "sc.h"
#include "tsrc.h"
#include "tt.h"

static char path[64];

static void done_cb(void *ctx, void *arg)
{
    (void)arg;
    ++*(int *)ctx;
}

/* A fed source of 4 slots, placed and ticked by hand:
 *   3 ticks, nothing placed                    busy 0, held 0
 *   place warps in slots 0 and 1, 5 ticks      busy 5, held 2 x 5 = 10
 *   place slot 2, skip 4 cycles (asleep)       busy 4, held 3 x 4 = 12
 *   1 tick                                     busy 1, held 3
 * held 25 over 10 busy cycles: mean 2.5, max 3. */
static void test_fed_by_hand(void)
{
    sim_cfg c;
    char err[RUN_ERR_LEN] = "";
    simcfg_defaults(&c);
    c.m.hw.warps = 4;
    tsrc_t *t = tsrc_create_fed(&c.m.hw, &c.m.drv, "hand", err);
    TT_CHECK(t != NULL);
    if (!t) return;
    trc_inst in[1];
    memset(in, 0, sizeof in);
    in[0].flags = TRC_F_EXIT;
    trc_warp w;
    memset(&w, 0, sizeof w);
    w.n = 1;
    w.inst = in;
    int done = 0;
    tsrc_blk *b = tsrc_blk_create(done_cb, &done, NULL);
    TT_CHECK(b != NULL);
    if (!b) return;
    for (int i = 0; i < 3; i++) tsrc_tick(t);
    TT_EQ(tsrc_place(t, b, &w, 0, err), 0);
    TT_EQ(tsrc_place(t, b, &w, 1, err), 0);
    for (int i = 0; i < 5; i++) tsrc_tick(t);
    TT_EQ(tsrc_place(t, b, &w, 2, err), 0);
    tsrc_blk_seal(t, b);
    tsrc_skip(t, 4);
    tsrc_tick(t);
    const tsrc_counts *k = tsrc_get_counts(t);
    TT_EQ(k->busy_cycles, 10);
    TT_EQ(k->held_slot_cycles, 25);
    TT_EQ(k->max_held, 3);
    TT_CHECK(tsrc_warps_mean(k) == 2.5);
    TT_EQ(k->held_slot_cycles + k->empty_slot_cycles, 4 * 13); /* every slot-cycle once */
    /* two sub-cores summed (gsum_trace): cycle-weighted, the max the larger */
    tsrc_counts s;
    memset(&s, 0, sizeof s);
    s.held_slot_cycles = 3;
    s.busy_cycles = 3;
    s.max_held = 1;
    gsum_trace(&s, k);
    TT_EQ(s.max_held, 3);
    TT_CHECK(tsrc_warps_mean(&s) == 28.0 / 13.0);
    tsrc_close(t);
    TT_EQ(done, 1);
}

/* One sub-core of 4 slots runs one block of 2 warps (warp 0: 3 dependent IADD3 + EXIT,
 * warp 1: IADD3 + EXIT): the counters equal the slots held after each cycle's tick, summed
 * cycle by cycle from tsrc_free_slots; warp 1 frees first, so the mean lies strictly
 * between 1 and 2 and the max is 2. */
static void test_trace_cycle_by_cycle(void)
{
    sim_cfg c;
    char err[RUN_ERR_LEN] = "";
    simcfg_defaults(&c);
    c.m.hw.warps = 4;
    c.m.gpu.machine = GPU_MACHINE_SUBCORE;
    TT_EQ(gtrace_write(path, "test_goccupancy", 1, 0, NULL), 0);
    run_opts ro = {0};
    ro.trace = path;
    gfeed_t *f = gfeed_open(&c.m, &ro, err);
    TT_CHECK(f != NULL);
    if (!f) {
        unlink(path);
        return;
    }
    tsrc_t *t = gfeed_source(f);
    sc_t *m = sc_create(&c.m.hw);
    drv_t *d = drv_create_src(&c.m.hw, &c.m.drv, tsrc_iface(t));
    static sc_in in;
    static sc_out out;
    uint64_t held = 0, busy = 0, max = 0;
    for (long cyc = 0; cyc < 1000 && !(gfeed_done(f) && drv_idle(d)); cyc++) {
        TT_EQ(gfeed_tick(f, err), 0);
        uint64_t h = 4 - (uint64_t)__builtin_popcountll(tsrc_free_slots(t));
        held += h;
        busy += h > 0;
        max = h > max ? h : max;
        drv_inputs(d, &in);
        sc_step(m, &in, &out);
        TT_EQ(drv_consume(d, &in, &out), 0);
    }
    const tsrc_counts *k = tsrc_get_counts(t);
    TT_EQ(k->held_slot_cycles, held);
    TT_EQ(k->busy_cycles, busy);
    TT_EQ(k->max_held, 2);
    TT_EQ(max, 2);
    TT_CHECK(tsrc_warps_mean(k) > 1.0 && tsrc_warps_mean(k) < 2.0);
    drv_destroy(d);
    sc_destroy(m);
    gfeed_close(f);
    unlink(path);
}

/* A GPU of one SM of `subs` sub-cores of 4 slots running `blocks` blocks of 2 warps,
 * dispatched one a cycle; r filled, 0 when it ran to completion. */
static int gpu_run_blocks(unsigned subs, unsigned blocks, run_result *r)
{
    sim_cfg c;
    char err[RUN_ERR_LEN], s[16];
    simcfg_defaults(&c);
    static const char *const kv[][2] = {
        {"machine", "gpu"}, {"arch", "turing"}, {"sms", "1"}, {"warps", "4"}, {"ccus", "2"},
        {"regs", "32"}, {"launch_lat", "10"}, {"launch_min", "0"}, {"exit_lat", "0"},
        {"block_interval", "1"}, {"block_exit_lat", "200"}, {"warp_exit_lat", "0"},
        {"icache_miss_lat", "0"}, {"max_blocks_sm", "16"}};
    for (unsigned i = 0; i < sizeof kv / sizeof kv[0]; i++)
        TT_EQ(simcfg_set(&c, kv[i][0], kv[i][1], "test", err), 0);
    snprintf(s, sizeof s, "%u", subs);
    TT_EQ(simcfg_set(&c, "subcores_per_sm", s, "test", err), 0);
    run_opts o;
    memset(&o, 0, sizeof o);
    if (gtrace_write(path, "test_goccupancy", blocks, 0, NULL)) return -1;
    o.trace = path;
    o.check_invariants = 1;
    int rc = run_sim(&c, &o, r, err);
    if (rc) fprintf(stderr, "  run: %s\n", err);
    unlink(path);
    return rc || !r->complete;
}

/* 2 sub-cores, 1 block: round robin puts warp 0 on sub-core 0 and warp 1 on sub-core 1;
 * each holds exactly one warp while busy: mean 1, max 1 (not more than ccus = 2).
 * 1 sub-core, 2 blocks: block 1 arrives a cycle after block 0, before warp 0 of block 0
 * can retire its dependent chain, so all 4 slots are held at once: max 4. */
static void test_gpu_placement(void)
{
    run_result *r = calloc(1, sizeof *r);
    TT_CHECK(r != NULL);
    if (!r) return;
    TT_EQ(gpu_run_blocks(2, 1, r), 0);
    TT_EQ(r->tc.max_held, 1);
    TT_CHECK(tsrc_warps_mean(&r->tc) == 1.0);
    TT_EQ(gpu_run_blocks(1, 2, r), 0);
    TT_EQ(r->tc.max_held, 4);
    TT_CHECK(tsrc_warps_mean(&r->tc) > 1.0 && tsrc_warps_mean(&r->tc) < 4.0);
    free(r);
}

int main(void)
{
    TT_RUN(test_fed_by_hand);
    TT_RUN(test_trace_cycle_by_cycle);
    TT_RUN(test_gpu_placement);
    TT_EXIT();
}
