/* test_gapp.c - whole GPU runs and kernel lists (gpu/gpu.c, sim/app.c), each expected
 * value worked out by hand from docs/gpu.md: the launch latency delays the first dispatch
 * and the whole run by itself, the exit latency is added at the end, launch_min is a
 * floor; a kernel list's totals add blocks, instructions, launch and cycles, keep the
 * largest resident count, and its memory counters restart per kernel; an sm_subset run is
 * the machine of the subset with its share of the L2 slices and DRAM bandwidth. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "simcfg.h"
#include "app.h"
#include "cfg.h"
#include "gpu.h"
#include "gtrace.h"
#include "run.h"
#include "tt.h"

static char path[64];

static void set(sim_cfg *c, const char *k, const char *v)
{
    char err[CFG_ERR_LEN];
    if (simcfg_set(c, k, v, "test", err)) {
        fprintf(stderr, "  %s\n", err);
        TT_CHECK(0);
    }
}

/* One SM of 2 sub-cores of 4 warp slots; launch 10 cycles, no exit cost, no floor. */
static void base_cfg(sim_cfg *c)
{
    simcfg_defaults(c);
    static const char *const kv[][2] = {
        {"machine", "gpu"}, {"arch", "turing"}, {"sms", "1"}, {"subcores_per_sm", "2"},
        {"warps", "4"}, {"ccus", "2"}, {"regs", "32"}, {"launch_lat", "10"},
        {"launch_min", "0"}, {"exit_lat", "0"}, {"block_interval", "1"},
        {"block_exit_lat", "20"}, {"warp_exit_lat", "0"}, {"icache_miss_lat", "0"}};
    for (unsigned i = 0; i < sizeof kv / sizeof kv[0]; i++) set(c, kv[i][0], kv[i][1]);
}

/* Run a kernel of `blocks` blocks of `shmem` bytes of shared memory each (warp body
 * `body`, NULL: gtrace.h's) on c into *r. */
static int run_shmem(const sim_cfg *c, unsigned blocks, unsigned shmem, const char *body,
                     run_result *r)
{
    char err[RUN_ERR_LEN];
    run_opts o;
    memset(&o, 0, sizeof o);
    if (gtrace_write(path, "test_gapp", blocks, shmem, body)) return -1;
    o.trace = path;
    o.check_invariants = 1;
    int rc = run_sim(c, &o, r, err);
    if (rc) fprintf(stderr, "  run: %s\n", err);
    unlink(path);
    return rc;
}

static int run(const sim_cfg *c, unsigned blocks, const char *body, run_result *r)
{
    return run_shmem(c, blocks, 0, body, r);
}

/* The L1 follows the shared-memory carve-out (docs/gpu.md section 3; Turing: 96 KB
 * unified, carve-outs 32 and 64 KB). 8 warp slots per SM hold 4 blocks of 2 warps: with
 * 8,000 bytes each (32,000 <= 32 KB) the L1 is 64 KB, with 10,000 (40,000 > 32 KB) 32 KB;
 * l1_kb = 50 is every kernel's L1, rounded down to whole sets of 64 ways (8 KB): 48. */
static void test_l1_by_shmem(void)
{
    sim_cfg c;
    run_result *r = calloc(1, sizeof *r);
    if (!r) return;
    base_cfg(&c);
    TT_EQ(run_shmem(&c, 4, 8000, NULL, r), 0);
    TT_EQ(r->g.l1_kb, 64);
    TT_EQ(run_shmem(&c, 4, 10000, NULL, r), 0);
    TT_EQ(r->g.l1_kb, 32);
    set(&c, "l1_kb", "50");
    TT_EQ(run_shmem(&c, 4, 10000, NULL, r), 0);
    TT_EQ(r->g.l1_kb, 48);
    free(r);
}

/* Everything after the launch moves with it: launch 10 -> 510 adds 500 cycles and the
 * first dispatch is at the launch latency; exit_lat 700 adds 700; launch_min above the
 * run's cycles is the run's cycles. */
static void test_launch_exit_in_runs(void)
{
    sim_cfg c;
    run_result *r1 = calloc(1, sizeof *r1), *r2 = calloc(1, sizeof *r2);
    if (!r1 || !r2) return;
    base_cfg(&c);
    TT_EQ(run(&c, 2, NULL, r1), 0);
    TT_EQ(r1->g.launch_cycles, 10);
    set(&c, "launch_lat", "510");
    TT_EQ(run(&c, 2, NULL, r2), 0);
    TT_EQ(r2->g.launch_cycles, 510);
    TT_EQ(r2->cycles, r1->cycles + 500);
    TT_EQ(r2->g.body_cycles, r1->g.body_cycles);
    base_cfg(&c);
    set(&c, "exit_lat", "700");
    TT_EQ(run(&c, 2, NULL, r2), 0);
    TT_EQ(r2->cycles, r1->cycles + 700);
    base_cfg(&c);
    char floor[32];
    snprintf(floor, sizeof floor, "%llu", (unsigned long long)r1->cycles + 1000);
    set(&c, "launch_min", floor);
    set(&c, "launch_min_block", "0");     /* the floor alone, not its per-block growth */
    TT_EQ(run(&c, 2, NULL, r2), 0);
    TT_EQ(r2->cycles, r1->cycles + 1000);
    free(r1);
    free(r2);
}

/* One warp loading 32 sectors (stride 32 bytes: 8 lines of 4 sectors) then using them. */
static const char *LOAD =
    "warp = 0\ninsts = 3\n0000 ffffffff 1 R6 LDG.E 1 R2 4 1 0x1000 32\n"
    "0010 ffffffff 1 R7 IADD3 2 R6 R6 0\n0020 ffffffff 0 EXIT 0 0\n"
    "warp = 1\ninsts = 1\n0000 ffffffff 0 EXIT 0 0\n";

/* sm_subset = 1 of 2 SMs, DRAM 64 B/cycle, 2 L2 slices of 64 KB: the one SM simulated
 * gets half: 32 B/cycle, 1 slice of 64 KB, the very machine of 1 SM with those, so the
 * same cycles. The L2 slices are fast (128 B/cycle) so that DRAM's bandwidth decides:
 * the 1-SM machine with 64 B/cycle is faster (its 32 sectors take 16 cycles, not 32). */
static void test_subset_share(void)
{
    sim_cfg c;
    run_result *ra = calloc(1, sizeof *ra), *rb = calloc(1, sizeof *rb), *rc = calloc(1, sizeof *rc);
    if (!ra || !rb || !rc) return;
    base_cfg(&c);
    set(&c, "l2_bw", "128");
    set(&c, "l2_slices", "1");
    set(&c, "l2_kb", "64");
    set(&c, "dram_bw", "32");
    TT_EQ(run(&c, 1, LOAD, ra), 0);
    set(&c, "sms", "2");
    set(&c, "sm_subset", "1");
    set(&c, "l2_slices", "2");
    set(&c, "l2_kb", "128");
    set(&c, "dram_bw", "64");
    TT_EQ(run(&c, 1, LOAD, rb), 0);
    TT_EQ(rb->cycles, ra->cycles);
    TT_EQ(rb->g.mem.dram_read_bytes, 32 * 32);
    base_cfg(&c);
    set(&c, "l2_bw", "128");
    set(&c, "l2_slices", "1");
    set(&c, "l2_kb", "64");
    set(&c, "dram_bw", "64");
    TT_EQ(run(&c, 1, LOAD, rc), 0);
    TT_CHECK(rc->cycles + 10 < ra->cycles);
    free(ra);
    free(rb);
    free(rc);
}

/* A kernel list: 4 blocks of the loads, then 2 of them again (the same lines). Totals:
 * 6 blocks, 6 x 4 instructions, launch 10 + 10, cycles the kernels' sum, at most 4
 * blocks resident at once (the first kernel's; not 4 + 2), one SM. The memory counters
 * restart per kernel and add up: the first kernel misses its 32 sectors in L1 once (its
 * other 3 blocks find them there or on their way); the second starts with the L1
 * invalidated (a new kernel), so it misses them once more (its first block) and finds
 * them in L2: 64 misses, 3 x 32 + 32 hits, DRAM read once. */
static void test_kernel_list_sums(void)
{
    sim_cfg c;
    char err[RUN_ERR_LEN], k1[64], k2[64], list[80];
    run_result *t = calloc(1, sizeof *t);
    app_result a;
    if (!t) return;
    base_cfg(&c);
    set(&c, "block_exit_lat", "2000");  /* the 4 blocks overlap */
    TT_EQ(gtrace_write(k1, "test_gapp", 4, 0, LOAD), 0);
    TT_EQ(gtrace_write(k2, "test_gapp", 2, 0, LOAD), 0);
    snprintf(list, sizeof list, "%s.g", k1);
    FILE *f = fopen(list, "w");
    if (!f) return;
    fprintf(f, "%s\n%s\n", k1, k2);
    fclose(f);
    run_opts o;
    memset(&o, 0, sizeof o);
    TT_EQ(app_run(&c, &o, list, t, &a, err), 0);
    TT_EQ(a.nk, 2);
    TT_EQ(t->g.blocks, 6);
    TT_EQ(t->g.blocks_run, 6);
    TT_EQ(t->insts, 6 * 4);
    TT_EQ(t->g.launch_cycles, 20);
    TT_EQ(t->cycles, a.k[0].cycles + a.k[1].cycles);
    TT_EQ(t->g.max_resident, 4);
    TT_EQ(t->g.sms_run, 1);
    TT_EQ(t->g.mem.ld_insts, 6);
    TT_EQ(t->g.mem.l1_misses, 2 * 32);
    TT_EQ(t->g.mem.l1_hits + t->g.mem.l1_pending_hits, 4 * 32);
    TT_EQ(t->g.mem.l2_hits, 32);
    TT_EQ(t->g.mem.dram_read_bytes, 32 * 32);
    app_free(&a);
    unlink(list);
    unlink(k1);
    unlink(k2);
    free(t);
}

int main(void)
{
    TT_RUN(test_launch_exit_in_runs);
    TT_RUN(test_subset_share);
    TT_RUN(test_kernel_list_sums);
    TT_RUN(test_l1_by_shmem);
    TT_EXIT();
}
