/* test_gblock.c - the GPU's block scheduler and launch model (gpu/gsched.c, gpu/gpu.c, gpu/gsum.c),
 * each expected value worked out by hand from docs/gpu.md: a block is admitted while it
 * fits every per-SM limit exactly (blocks, registers, shared memory, warp slots: one more
 * than the limit waits), sm_fill's SM count rounded up, sm_subset's share of the blocks,
 * the launch and exit costs of empty kernels, and the sums of a kernel list's counters
 * (every counter added, high-water marks the larger). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "simcfg.h"
#include "cfg.h"
#include "gpu.h"
#include "gsum.h"
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

/* One SM of 2 sub-cores of 4 warp slots (8 slots: 4 blocks by warps), room for every
 * block by default; a block holds its resources 200 cycles after its warps end
 * (block_exit_lat), so all 4 blocks, dispatched one a cycle, overlap if they fit. */
static void base_cfg(sim_cfg *c)
{
    simcfg_defaults(c);
    static const char *const kv[][2] = {
        {"machine", "gpu"}, {"arch", "turing"}, {"sms", "1"}, {"subcores_per_sm", "2"},
        {"warps", "4"}, {"ccus", "2"}, {"regs", "32"}, {"launch_lat", "10"},
        {"launch_min", "0"}, {"exit_lat", "0"}, {"block_interval", "1"},
        {"block_exit_lat", "200"}, {"warp_exit_lat", "0"}, {"icache_miss_lat", "0"},
        {"max_blocks_sm", "16"}, {"regs_sm", "65536"}, {"shmem_sm", "65536"}};
    for (unsigned i = 0; i < sizeof kv / sizeof kv[0]; i++) set(c, kv[i][0], kv[i][1]);
}

/* Run `blocks` blocks of `shmem` bytes on c; the result in *r (0 when it ran). */
static int run(const sim_cfg *c, unsigned blocks, unsigned shmem, run_result *r)
{
    char err[RUN_ERR_LEN];
    run_opts o;
    memset(&o, 0, sizeof o);
    if (gtrace_write(path, "test_gblock", blocks, shmem, NULL)) return -1;
    o.trace = path;
    o.check_invariants = 1;
    int rc = run_sim(c, &o, r, err);
    if (rc) fprintf(stderr, "  run: %s\n", err);
    unlink(path);
    return rc;
}

/* Blocks resident on the SM at once, at most, with key k set to v (4 blocks). */
static unsigned resident(const char *k, const char *v, unsigned shmem)
{
    sim_cfg c;
    run_result *r = calloc(1, sizeof *r);
    if (!r) return 0;
    base_cfg(&c);
    if (k) set(&c, k, v);
    unsigned n = run(&c, 4, shmem, r) == 0 && r->complete ? r->g.max_resident : 0;
    TT_EQ(r->g.blocks_run, 4);
    free(r);
    return n;
}

/* Each limit admits blocks up to and including the one that fills it exactly. */
static void test_admission_limits(void)
{
    TT_EQ(resident(NULL, NULL, 0), 4);               /* 8 warp slots / 2 warps */
    TT_EQ(resident("max_blocks_sm", "2", 0), 2);     /* blocks < 2: the third waits */
    TT_EQ(resident("max_blocks_sm", "1", 0), 1);
    TT_EQ(resident("regs_sm", "2048", 0), 2);        /* 1024 + 1024 <= 2048 */
    TT_EQ(resident("regs_sm", "3071", 0), 2);        /* a third: 3072 > 3071 */
    TT_EQ(resident("regs_sm", "3072", 0), 3);
    TT_EQ(resident("shmem_sm", "3000", 1000), 3);    /* 3 x 1000 <= 3000 */
    TT_EQ(resident("shmem_sm", "2999", 1000), 2);
    TT_EQ(resident("warps", "3", 0), 3);             /* 6 slots: 3 blocks of 2 warps */
    TT_EQ(resident("warps", "2", 0), 2);             /* 4 slots: exactly 2 */
}

/* sm_fill: the fewest SMs the grid fills: 5 blocks at 4 a SM (warp slots) need
 * ceil(5 / 4) = 2 SMs; at 2 a SM (registers: 2048 / 1024) ceil(5 / 2) = 3; at 1 a SM
 * (shared memory 1000 of 1999) 5, more than the 4 SMs: all 4. sm_subset = 1 of 2 SMs:
 * the blocks whose number mod 2 is 0 run on the one SM simulated. */
static void test_sm_fill_subset(void)
{
    sim_cfg c;
    run_result *r = calloc(1, sizeof *r);
    if (!r) return;
    base_cfg(&c);
    set(&c, "sms", "4");
    set(&c, "sm_fill", "on");
    TT_EQ(run(&c, 5, 0, r), 0);
    TT_EQ(r->g.sms_run, 2);
    TT_EQ(r->g.blocks_run, 5);
    set(&c, "regs_sm", "2048");
    TT_EQ(run(&c, 5, 0, r), 0);
    TT_EQ(r->g.sms_run, 3);
    base_cfg(&c);
    set(&c, "sms", "4");
    set(&c, "sm_fill", "on");
    set(&c, "shmem_sm", "1999");
    TT_EQ(run(&c, 5, 1000, r), 0);
    TT_EQ(r->g.sms_run, 4);
    base_cfg(&c);
    set(&c, "sms", "2");
    set(&c, "sm_subset", "1");
    TT_EQ(run(&c, 5, 0, r), 0);
    TT_EQ(r->g.sms_run, 1);
    TT_EQ(r->g.blocks, 5);
    TT_EQ(r->g.blocks_run, 3);                       /* blocks 0, 2, 4 */
    TT_EQ(r->insts, 3 * 6);
    free(r);
}

/* Launch and exit of empty kernels (gpu_empty_cycles): launch_lat 100, block_interval 10,
 * block_exit_lat 50, warp_exit_lat 2 a warp, exit_lat 30; blocks of 64 threads (2 warps),
 * 2 SMs of 2 x 2 warp slots: 2 blocks an SM, 4 at once. A block lives 50 + 2 x 2 = 54
 * cycles from its dispatch; block i is due at 100 + 10 i. */
static void test_launch_exit_costs(void)
{
    sim_cfg c;
    char err[CFG_ERR_LEN];
    simcfg_defaults(&c);
    static const char *const kv[][2] = {
        {"machine", "gpu"}, {"arch", "turing"}, {"sms", "2"}, {"subcores_per_sm", "2"},
        {"warps", "2"}, {"launch_lat", "100"}, {"block_interval", "10"},
        {"block_exit_lat", "50"}, {"warp_exit_lat", "2"}, {"exit_lat", "30"},
        {"launch_min", "0"}, {"launch_min_block", "0"}};
    for (unsigned i = 0; i < sizeof kv / sizeof kv[0]; i++) set(&c, kv[i][0], kv[i][1]);
    TT_EQ(gpu_resolve(&c.m, 75, err), 0);
    /* 4 blocks: the last at 130, gone at 184, the kernel at 184 + 30 */
    TT_EQ(gpu_empty_cycles(&c.m, 4, 64), 214);
    /* 6 blocks: block 4 (due 140) waits for block 0 to leave (154), block 5 (due 150)
     * for block 1 (110 + 54 = 164): gone at 218, 248 */
    TT_EQ(gpu_empty_cycles(&c.m, 6, 64), 248);
    /* 1 block of 32 threads: 100 + 50 + 2 + 30 */
    TT_EQ(gpu_empty_cycles(&c.m, 1, 32), 182);
    /* launch_min: a floor */
    set(&c, "launch_min", "300");
    TT_EQ(gpu_empty_cycles(&c.m, 4, 64), 300);
    TT_EQ(gpu_empty_cycles(&c.m, 0, 64), 300);
    /* launch_min_block: the floor grows by 2.5 cycles a block: 300 + 4 x 2.5 */
    set(&c, "launch_min_block", "2.5");
    TT_EQ(gpu_empty_cycles(&c.m, 4, 64), 310);
    set(&c, "launch_min_block", "0");
    set(&c, "launch_min", "0");
    /* sm_subset 1 of 2: its share, ceil(6 / 2) = 3 blocks, one every 20 cycles on 2 slots:
     * 100, 120, then block 2 (due 140) after block 0 (154): gone at 208, 238 */
    set(&c, "sm_subset", "1");
    TT_EQ(gpu_empty_cycles(&c.m, 6, 64), 238);
    /* 4 blocks: its 2, at 100 and 120 (not 110): gone at 174, 204 */
    TT_EQ(gpu_empty_cycles(&c.m, 4, 64), 204);
}

/* The sums of a kernel list: every counter of the memory system, driver and trace source
 * added (each field of a and b set to its own value; the trace source's most warps
 * resident, a high-water mark, the larger); of the model's, every counter but
 * cycles, intervals and the STHLD history (left to the caller), the FIFO high-water mark
 * the larger. */
static void test_gsum_every_counter(void)
{
#define SUM_ALL(type, fn, hw)                                                          \
    do {                                                                               \
        type t, a;                                                                     \
        uint64_t *pt = (uint64_t *)&t, *pa = (uint64_t *)&a;                           \
        size_t n = sizeof t / sizeof(uint64_t);                                        \
        TT_EQ(sizeof t % sizeof(uint64_t), 0);                                         \
        for (size_t i = 0; i < n; i++) { pt[i] = 1000 + i; pa[i] = 7 * i + 1; }        \
        fn(&t, &a);                                                                    \
        int all = 1;                                                                   \
        for (size_t i = 0; i < n; i++)                                                 \
            if (pt[i] != (i == (hw) ? 1000 + i : 1000 + i + 7 * i + 1)) {              \
                fprintf(stderr, "  " #fn ": counter %zu of %zu not summed\n", i, n);   \
                all = 0;                                                               \
            }                                                                          \
        TT_CHECK(all);                                                                 \
    } while (0)
    SUM_ALL(mem_counts, gsum_mem, SIZE_MAX);
    SUM_ALL(drv_counts, gsum_driver, SIZE_MAX);
    /* max_held, a high-water mark: the larger (1000 + i against 7 i + 1 for i < 166) */
    SUM_ALL(tsrc_counts, gsum_trace, offsetof(tsrc_counts, max_held) / sizeof(uint64_t));
#undef SUM_ALL
    sc_stats t, a;
    memset(&t, 0, sizeof t);
    memset(&a, 0, sizeof a);
    uint64_t *pt = &t.issued, *pa = &a.issued;
    size_t n1 = (offsetof(sc_stats, fifo_high_water) - offsetof(sc_stats, issued)) / 8;
    for (size_t i = 0; i < n1; i++) { pt[i] = 10 + i; pa[i] = 3 * i + 2; }
    uint64_t *qt = t.repl_alloc, *qa = a.repl_alloc;
    size_t n2 = (offsetof(sc_stats, intervals) - offsetof(sc_stats, repl_alloc)) / 8;
    for (size_t i = 0; i < n2; i++) { qt[i] = 500 + i; qa[i] = 5 * i + 1; }
    t.cycles = 9;
    a.cycles = 4;
    t.intervals = 2;
    a.intervals = 3;
    t.fifo_high_water = 3;
    a.fifo_high_water = 5;
    gsum_stats(&t, &a);
    int all = 1;
    for (size_t i = 0; i < n1; i++) all &= pt[i] == 10 + i + 3 * i + 2;
    for (size_t i = 0; i < n2; i++) all &= qt[i] == 500 + i + 5 * i + 1;
    TT_CHECK(all);
    TT_EQ(t.fifo_high_water, 5);
    TT_EQ(t.cycles, 9);
    TT_EQ(t.intervals, 2);
}

int main(void)
{
    TT_RUN(test_admission_limits);
    TT_RUN(test_sm_fill_subset);
    TT_RUN(test_launch_exit_costs);
    TT_RUN(test_gsum_every_counter);
    TT_EXIT();
}
