/* test_gscale.c - grid_scale = K (gpu/gscale.c, docs/gpu.md section 1): the replica stride
 * worked out by hand, only per-replica addresses offset, and on small GPUs K = 2 checked
 * against the unscaled run: every count doubled exactly, each replica's SM running what
 * its original's ran, and the replicas sharing no cache line (twice the DRAM bytes). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "simcfg.h"
#include "cfg.h"
#include "gscale.h"
#include "gtrace.h"
#include "run.h"
#include "tt.h"

static char path[64];

/* hi - lo + 1 bytes rounded up to 4 KiB; none: 0; too large for 64 bits: UINT64_MAX */
static void test_stride_by_hand(void)
{
    TT_EQ(gpu_scale_stride(0x1000, 0x107f), 4096);   /* 128 bytes */
    TT_EQ(gpu_scale_stride(0x1000, 0x1fff), 4096);   /* exactly 4 KiB */
    TT_EQ(gpu_scale_stride(0x1000, 0x2000), 8192);   /* one byte more */
    TT_EQ(gpu_scale_stride(0x10, 0x10), 4096);       /* one byte */
    TT_EQ(gpu_scale_stride(1, 0), 0);                /* no address */
    TT_EQ(gpu_scale_stride(0, UINT64_MAX), UINT64_MAX);
}

/* A global load, a shared-memory load, a constant load: only the first moves. */
static void test_offset_spaces(void)
{
    trc_inst in[3];
    uint64_t addr[3] = {0x1000, 0x40, 0x80};
    memset(in, 0, sizeof in);
    in[0].mspace = TRC_M_LOAD;
    in[1].mspace = TRC_M_SHARED;
    in[2].mspace = TRC_M_CONST;
    for (unsigned i = 0; i < 3; i++) {
        in[i].naddr = 1;
        in[i].maddr = i;
        in[i].mwidth = 4;
    }
    trc_warp w;
    memset(&w, 0, sizeof w);
    w.n = 3;
    w.inst = in;
    w.addr = addr;
    w.naddr = 3;
    trc_block b;
    memset(&b, 0, sizeof b);
    b.nwarps = 1;
    b.warp = &w;
    gpu_scale_offset(&b, 0x3000);
    TT_EQ(addr[0], 0x4000);
    TT_EQ(addr[1], 0x40);
    TT_EQ(addr[2], 0x80);
}

/* 4 SMs of 2 sub-cores of 4 slots, one block a cycle, no launch floor. */
static void small_gpu(sim_cfg *c, unsigned k)
{
    char err[CFG_ERR_LEN], ks[16];
    static const char *const kv[][2] = {
        {"machine", "gpu"}, {"arch", "turing"}, {"sms", "4"}, {"subcores_per_sm", "2"},
        {"warps", "4"}, {"ccus", "2"}, {"regs", "32"}, {"launch_lat", "10"},
        {"launch_min", "0"}, {"exit_lat", "0"}, {"block_interval", "1"},
        {"block_exit_lat", "0"}, {"warp_exit_lat", "0"}, {"icache_miss_lat", "0"},
        {"launch_min_block", "0"}, {"dram_lat", "1000"}};
    simcfg_defaults(c);
    for (unsigned i = 0; i < sizeof kv / sizeof kv[0]; i++)
        TT_EQ(simcfg_set(c, kv[i][0], kv[i][1], "test", err), 0);
    snprintf(ks, sizeof ks, "%u", k);
    TT_EQ(simcfg_set(c, "grid_scale", ks, "test", err), 0);
}

/* Run `blocks` blocks of body (NULL: gtrace's ALU warps) with grid_scale k. */
static int run(unsigned k, unsigned blocks, const char *body, run_result *r)
{
    sim_cfg c;
    char err[RUN_ERR_LEN];
    run_opts o;
    small_gpu(&c, k);
    memset(&o, 0, sizeof o);
    if (gtrace_write(path, "test_gscale", blocks, 0, body)) return -1;
    o.trace = path;
    o.check_invariants = 1;
    o.values = 1;
    int rc = run_sim(&c, &o, r, err);
    if (rc) fprintf(stderr, "  run: %s\n", err);
    unlink(path);
    return rc || !r->complete;
}

/* 2 blocks of ALU warps on SMs 0 and 1; with K = 2 their replicas go to SMs 2 and 3, alone
 * there as the originals are on theirs: every count doubles, each replica's sub-cores run
 * the instructions of its original's, the kernel takes the cycles of one more block. */
static void test_k2_doubles(void)
{
    run_result *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    TT_CHECK(a && b);
    if (!a || !b) goto out;
    TT_EQ(run(1, 2, NULL, a), 0);
    TT_EQ(run(2, 2, NULL, b), 0);
    TT_EQ(a->insts, 12);                 /* 6 instructions a block (gtrace.h) */
    TT_EQ(b->insts, 2 * a->insts);
    TT_EQ(b->g.blocks, 2 * a->g.blocks);
    TT_EQ(b->tc.warps, 2 * a->tc.warps);
    TT_EQ(b->st.issued, 2 * a->st.issued);
    TT_EQ(b->st.src_regs, 2 * a->st.src_regs);
    TT_EQ(b->st.src_hits, 2 * a->st.src_hits);
    TT_EQ(b->st.bank_reads, 2 * a->st.bank_reads);
    TT_EQ(b->st.bank_writes, 2 * a->st.bank_writes);
    TT_EQ(b->dc.errors, 0);
    for (unsigned k = 0; k < 2 * 2; k++) /* SM 2 and 3 (replicas) against SM 0 and 1 */
        TT_EQ(b->g.sub_insts[2 * 2 + k], a->g.sub_insts[k]);
    TT_EQ(b->cycles, a->cycles + 2);     /* blocks 2 and 3 dispatched 2 cycles later */
    TT_EQ(b->g.grid_scale, 2);
    TT_EQ(b->g.scale_stride, 0);         /* no memory instruction: nothing to offset */
    /* K = 1 is the run without the key: every statistic equal */
    run_result *c = calloc(1, sizeof *c);
    TT_CHECK(c != NULL);
    if (c) {
        TT_EQ(run(1, 2, NULL, c), 0);
        TT_CHECK(memcmp(&c->st, &a->st, sizeof a->st) == 0);
        TT_EQ(c->cycles, a->cycles);
        free(c);
    }
out:
    free(a);
    free(b);
}

/* One warp loads 128 aligned bytes (0x1000, stride 4) from DRAM: a footprint of 128 bytes,
 * stride 4 KiB. Its replica (another SM, a cycle later) loads 0x2000..0x207f: its own line,
 * read from DRAM too (with no offset it would be a pending hit in the L2: 128 bytes). */
static void test_replicas_share_no_line(void)
{
    static const char *ld =
        "warp = 0\ninsts = 3\n0000 ffffffff 1 R6 LDG.E 1 R2 4 1 0x1000 4\n"
        "0010 ffffffff 1 R7 IADD3 2 R6 R6 0\n0020 ffffffff 0 EXIT 0 0\n";
    run_result *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    TT_CHECK(a && b);
    if (!a || !b) goto out;
    TT_EQ(run(1, 1, ld, a), 0);
    TT_EQ(run(2, 1, ld, b), 0);
    TT_EQ(a->g.mem.dram_read_bytes, 128);
    TT_EQ(b->g.scale_stride, 4096);
    TT_EQ(b->g.mem.dram_read_bytes, 256);
    TT_EQ(b->g.mem.l2_misses, 2 * a->g.mem.l2_misses);
    TT_EQ(b->insts, 2 * a->insts);
out:
    free(a);
    free(b);
}

int main(void)
{
    TT_RUN(test_stride_by_hand);
    TT_RUN(test_offset_spaces);
    TT_RUN(test_k2_doubles);
    TT_RUN(test_replicas_share_no_line);
    TT_EXIT();
}
