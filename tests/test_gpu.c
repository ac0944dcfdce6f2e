/* test_gpu.c - the GPU model (gpu/) against values worked out by hand from docs/gpu.md:
 * coalescing into sectors of lines, shared-memory wavefronts, L1 hit / miss / pending
 * fill, L2 hit, DRAM bandwidth, MSHRs, stores, constant and instruction caches, block
 * placement by resources, round-robin and hashed warp assignment, the trace's addresses
 * through a whole GPU run, and a block that cannot fit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "simcfg.h"
#include "app.h"
#include "cfg.h"
#include "coal.h"
#include "gpu.h"
#include "mem.h"
#include "tline.h"
#include "run.h"
#include "tt.h"

/* ------------------------------------------------------------------ coalescing */

static unsigned lines_of(const uint64_t *a, unsigned n, unsigned w, unsigned *sectors)
{
    coal_line ln[COAL_MAX_LINES];
    unsigned nl = coal_lines(a, n, w, ln);
    *sectors = coal_sector_count(ln, nl);
    return nl;
}

static void test_coalesce(void)
{
    uint64_t a[32];
    unsigned s;
    for (unsigned i = 0; i < 32; i++) a[i] = 0x1000 + 4 * i;   /* 128 aligned bytes */
    TT_EQ(lines_of(a, 32, 4, &s), 1);
    TT_EQ(s, 4);
    for (unsigned i = 0; i < 32; i++) a[i] = 0x1010 + 4 * i;   /* 0x1010..0x108f */
    TT_EQ(lines_of(a, 32, 4, &s), 2);
    TT_EQ(s, 5);                                               /* 4 of line 0x20, 1 of 0x21 */
    for (unsigned i = 0; i < 32; i++) a[i] = 0x1000 + 8 * i;   /* 256 bytes */
    TT_EQ(lines_of(a, 32, 8, &s), 2);
    TT_EQ(s, 8);
    for (unsigned i = 0; i < 32; i++) a[i] = 0x1000 + 128 * i; /* one line each */
    TT_EQ(lines_of(a, 32, 4, &s), 32);
    TT_EQ(s, 32);
    for (unsigned i = 0; i < 32; i++) a[i] = 0x1234;           /* one address */
    TT_EQ(lines_of(a, 32, 4, &s), 1);
    TT_EQ(s, 1);
    /* 20 lines touched in the order 0, 7, 14, 1, ... then again: more lines than the
     * short scan takes (coal.c builds its hash index), each listed once, at first touch */
    for (unsigned i = 0; i < 32; i++) a[i] = 0x100000 + 128 * ((7 * i) % 20) + 32 * (i / 20);
    {
        coal_line ln[COAL_MAX_LINES];
        TT_EQ(coal_lines(a, 32, 4, ln), 20);
        for (unsigned k = 0; k < 20; k++) {
            TT_EQ(ln[k].line, 0x100000 / 128 + (7 * k) % 20);
            TT_EQ(ln[k].sectors, k < 12 ? 3u : 1u);                /* sector 1 again for i >= 20 */
        }
    }
    a[0] = 0x101e;                                             /* 4 bytes across a sector */
    TT_EQ(lines_of(a, 1, 4, &s), 1);
    TT_EQ(s, 2);
    /* local memory: every thread's own word 4 (byte 0x10) is interleaved across the warp:
     * bytes 512 + 4 * lane, one line; 8 bytes: words 4 and 5, two lines */
    uint64_t loc[COAL_LOCAL_MAX];
    for (unsigned i = 0; i < 32; i++) a[i] = 0x10;
    unsigned n = coal_local(a, 32, 0xffffffffu, 4, loc);
    TT_EQ(n, 32);
    TT_EQ(loc[0], 512);
    TT_EQ(loc[31], 512 + 124);
    TT_EQ(lines_of(loc, n, 4, &s), 1);
    TT_EQ(s, 4);
    n = coal_local(a, 32, 0xffffffffu, 8, loc);
    TT_EQ(lines_of(loc, n, 4, &s), 2);
    TT_EQ(s, 8);
    n = coal_local(a, 2, 0x80000001u, 4, loc);                 /* lanes 0 and 31 */
    TT_EQ(n, 2);
    TT_EQ(loc[1], 512 + 124);
}

static void test_shmem_wavefronts(void)
{
    uint64_t a[32];
    for (unsigned i = 0; i < 32; i++) a[i] = 4 * i;            /* one word per bank */
    TT_EQ(coal_shmem_wavefronts(a, 32, 4), 1);
    for (unsigned i = 0; i < 32; i++) a[i] = 8 * i;            /* even banks, twice */
    TT_EQ(coal_shmem_wavefronts(a, 32, 4), 2);
    for (unsigned i = 0; i < 32; i++) a[i] = 128 * i;          /* all in bank 0 */
    TT_EQ(coal_shmem_wavefronts(a, 32, 4), 32);
    for (unsigned i = 0; i < 32; i++) a[i] = 64;               /* one word: broadcast */
    TT_EQ(coal_shmem_wavefronts(a, 32, 4), 1);
    for (unsigned i = 0; i < 32; i++) a[i] = 8 * i;            /* 64-bit: 64 words */
    TT_EQ(coal_shmem_wavefronts(a, 32, 8), 2);
    for (unsigned i = 0; i < 32; i++) a[i] = (i % 2) * 128;    /* two words, bank 0 */
    TT_EQ(coal_shmem_wavefronts(a, 32, 4), 2);
}

/* ------------------------------------------------------------------ memory system */

static mem_cfg small_mem(void)
{
    mem_cfg m;
    memset(&m, 0, sizeof m);
    m.sms = 2;
    m.l1_bytes = 4096;
    m.l1_ways = 4;
    m.l1_mshrs = 4;
    m.l1_lat = 30;
    m.shmem_lat = 25;
    m.l2_bytes = 65536;
    m.l2_ways = 4;
    m.l2_slices = 1;
    m.l2_lat = 200;
    m.l2_bw = 32;       /* one sector per cycle */
    m.dram_lat = 500;
    m.dram_bw = 32;     /* one sector per cycle */
    m.const_lat = 10;
    m.const_miss_lat = 150;
    m.icache_miss_lat = 40;
    return m;
}

/* One instruction of space sp over n addresses a (width w) in warp *tw. */
static trc_inst inst_of(trc_warp *tw, uint64_t *a, unsigned n, unsigned w, unsigned sp)
{
    trc_inst ti;
    memset(&ti, 0, sizeof ti);
    tw->addr = a;
    tw->naddr = n;
    ti.mspace = (uint8_t)sp;
    ti.naddr = (uint8_t)n;
    ti.mwidth = (uint16_t)w;
    ti.maddr = 0;
    return ti;
}

/* The memory system of mc (checked: NULL fails the test). */
static mem_t *mk_mem(const mem_cfg *mc)
{
    char err[256];
    mem_t *m = mem_create(mc, err, sizeof err);
    TT_CHECK(m != NULL);
    return m;
}

static void test_l1_l2_dram(void)
{
    mem_cfg mc = small_mem();
    mem_t *m = mk_mem(&mc);
    if (!m) return;
    trc_warp tw;
    memset(&tw, 0, sizeof tw);
    uint64_t a[32] = {0x1000};
    trc_inst ld = inst_of(&tw, a, 1, 4, TRC_M_LOAD);
    /* cold: L1 miss, L2 miss, DRAM: 0 + 500 */
    TT_EQ(mem_access(m, 0, &tw, &ld, 0), 500);
    /* the fill is on its way: waits for it */
    TT_EQ(mem_access(m, 0, &tw, &ld, 100), 500);
    /* there: an L1 hit */
    TT_EQ(mem_access(m, 0, &tw, &ld, 1000), 1030);
    /* the other SM: its L1 misses, the L2 hits: 1000 + 200 */
    TT_EQ(mem_access(m, 1, &tw, &ld, 1000), 1200);
    const mem_counts *n = mem_get_counts(m);
    TT_EQ(n->l1_misses, 2);
    TT_EQ(n->l1_pending_hits, 1);
    TT_EQ(n->l1_hits, 1);
    TT_EQ(n->l2_misses, 1);
    TT_EQ(n->l2_hits, 1);
    TT_EQ(n->dram_read_bytes, 32);
    /* two cold lines in one instruction: L1 looks up four lines per cycle (both at 2000),
     * L2 and DRAM take one sector per cycle: 2000 + 500 and 2001 + 500 */
    uint64_t b[2] = {0x10000, 0x20000};
    trc_inst ld2 = inst_of(&tw, b, 2, 4, TRC_M_LOAD);
    TT_EQ(mem_access(m, 0, &tw, &ld2, 2000), 2501);
    /* a store: leaves the SM the next cycle, written through without allocating in L1 */
    uint64_t c[1] = {0x30000};
    trc_inst st = inst_of(&tw, c, 1, 4, TRC_M_STORE);
    TT_EQ(mem_access(m, 0, &tw, &st, 3000), 3001);
    TT_EQ(n->st_sectors, 1);
    trc_inst ld3 = inst_of(&tw, c, 1, 4, TRC_M_LOAD);
    TT_EQ(mem_access(m, 0, &tw, &ld3, 3100), 3300); /* L1 miss, L2 hit (the store's sector) */
    mem_destroy(m);
}

/* The busy intervals of one resource, worked out by hand; then, for requests arriving in
 * time order, the FIFO server it replaces (start = max(arrival, previous end)). */
static void test_tline(void)
{
    tline_t tl;
    tline_init(&tl);
    TT_EQ(tline_take(&tl, 0, 10), 0);   /* [0,10) */
    TT_EQ(tline_take(&tl, 5, 10), 10);  /* behind it: [0,20) */
    TT_EQ(tline_take(&tl, 40, 10), 40); /* [0,20) [40,50) */
    TT_EQ(tl.n, 2);
    TT_EQ(tline_take(&tl, 15, 10), 20); /* the gap: [0,30) [40,50) */
    TT_EQ(tline_take(&tl, 25, 10), 30); /* fills it: [0,50) */
    TT_EQ(tl.n, 1);
    TT_EQ(tline_take(&tl, 60, 5), 60);  /* [0,50) [60,65) */
    TT_EQ(tline_peek(&tl, 50, 10), 50); /* [50,60) fits exactly */
    TT_EQ(tline_peek(&tl, 50, 11), 65); /* it does not: after [60,65) */
    TT_EQ(tl.n, 2);                     /* peeking takes nothing */
    tline_forget(&tl, 50);              /* [0,50) ends at 50: gone */
    TT_EQ(tl.n, 1);
    TT_EQ(tline_take(&tl, 0, 5), 0);    /* free again */
    tline_clear(&tl);
    TT_EQ(tl.n, 0);
    uint64_t t = 0, free_at = 0, x = 12345;
    int same = 1;
    for (unsigned i = 0; i < 20000; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        t += (x >> 33) % 7;            /* in time order */
        uint64_t q = 1 + (x >> 40) % 5, fifo = t > free_at ? t : free_at;
        free_at = fifo + q;
        same &= tline_take(&tl, t, q) == fifo;
        if (i % 100 == 0) tline_forget(&tl, t);
    }
    TT_CHECK(same);
    tline_free(&tl);
}

/* Requests that reach the L2 out of time order (the batches of docs/gpu.md): a request
 * takes the bandwidth free at its own cycle, and a request whose sector is still on its
 * way for a LATER request misses itself when that brings it sooner. */
static void test_l2_out_of_order(void)
{
    mem_cfg mc = small_mem();
    mem_t *m = mk_mem(&mc);
    if (!m) return;
    trc_warp tw;
    memset(&tw, 0, sizeof tw);
    uint64_t a[1] = {0x1000};
    trc_inst ld = inst_of(&tw, a, 1, 4, TRC_M_LOAD);
    /* SM 0 at 100: L2 and DRAM at 100, back at 600 (in L2 at 400) */
    TT_EQ(mem_access(m, 0, &tw, &ld, 100), 600);
    /* SM 1 at 0, stepped after: the L2 and DRAM are free at 0; the sector would be in L2
     * at 400 for SM 0's later request, a miss now brings it at 0 + 500: it misses */
    TT_EQ(mem_access(m, 1, &tw, &ld, 0), 500);
    TT_EQ(mem_get_counts(m)->l2_misses, 2);
    TT_EQ(mem_get_counts(m)->l2_hits, 0);
    TT_EQ(mem_get_counts(m)->dram_read_bytes, 64);
    mem_destroy(m);
    /* bandwidth: SM 0's two lines at 10 take the L2 and DRAM at 10 and 11 (back at 511);
     * SM 1's line at 5, stepped after, takes them at 5, not behind them at 12 */
    if (!(m = mk_mem(&mc))) return;
    uint64_t b[2] = {0x10000, 0x20000}, c[1] = {0x30000};
    trc_inst ld2 = inst_of(&tw, b, 2, 4, TRC_M_LOAD);
    TT_EQ(mem_access(m, 0, &tw, &ld2, 10), 511);
    trc_inst ld1 = inst_of(&tw, c, 1, 4, TRC_M_LOAD); /* tw's addresses are now c */
    TT_EQ(mem_access(m, 1, &tw, &ld1, 5), 505);
    mem_destroy(m);
}

static void test_mshrs(void)
{
    char err[256];
    uint64_t a[8];
    for (unsigned i = 0; i < 8; i++) a[i] = 0x40000 + 128 * i;
    trc_warp tw;
    memset(&tw, 0, sizeof tw);
    trc_inst ld = inst_of(&tw, a, 8, 4, TRC_M_LOAD);
    /* 64 MSHRs: 8 lines looked up at 0, 0, 0, 0, 1, 1, 1, 1 (four per cycle), L2 and
     * DRAM one sector per cycle: the last at 7 + 500 */
    mem_cfg mc = small_mem();
    mc.l1_mshrs = 64;
    mem_t *m = mem_create(&mc, err, sizeof err);
    TT_EQ(mem_access(m, 0, &tw, &ld, 0), 507);
    TT_EQ(mem_get_counts(m)->l1_mshr_stall_cycles, 0);
    mem_destroy(m);
    /* 4 MSHRs: misses 5..8 (looked up at 1) wait for the first four (free at 500..503):
     * 500 + 500 + 3 */
    mc.l1_mshrs = 4;
    m = mem_create(&mc, err, sizeof err);
    TT_EQ(mem_access(m, 0, &tw, &ld, 0), 1003);
    TT_EQ(mem_get_counts(m)->l1_mshr_stall_cycles, (500 - 1) + (501 - 1) + (502 - 1) + (503 - 1));
    mem_destroy(m);
}

static void test_shared_const_icache(void)
{
    char err[256];
    mem_cfg mc = small_mem();
    mem_t *m = mem_create(&mc, err, sizeof err);
    trc_warp tw;
    memset(&tw, 0, sizeof tw);
    uint64_t a[32];
    for (unsigned i = 0; i < 32; i++) a[i] = 8 * i; /* 2-way bank conflict */
    trc_inst sh = inst_of(&tw, a, 32, 4, TRC_M_SHARED);
    TT_EQ(mem_access(m, 0, &tw, &sh, 10), 10 + 25 + 1);
    /* shared memory is busy for the two wavefronts: the next starts at 12 */
    for (unsigned i = 0; i < 32; i++) a[i] = 4 * i;
    TT_EQ(mem_access(m, 0, &tw, &sh, 10), 12 + 25);
    TT_EQ(mem_get_counts(m)->shmem_wavefronts, 3);
    /* constant loads, by PC: miss, then hits on the same SM; the other SM misses */
    trc_inst lc = inst_of(&tw, NULL, 0, 0, TRC_M_CONST);
    lc.pc = 0x10;
    TT_EQ(mem_access(m, 0, &tw, &lc, 0), 150);
    TT_EQ(mem_access(m, 0, &tw, &lc, 5), 150);
    TT_EQ(mem_access(m, 0, &tw, &lc, 200), 210);
    TT_EQ(mem_access(m, 1, &tw, &lc, 200), 350);
    TT_EQ(mem_get_counts(m)->const_misses, 2);
    /* instruction lines of 128 bytes: a cold line is there icache_miss_lat later */
    TT_EQ(mem_fetch(m, 0, 0x00, 0), 0);
    TT_EQ(mem_fetch(m, 0, 0x70, 39), 0);
    TT_EQ(mem_fetch(m, 0, 0x70, 40), 1);
    TT_EQ(mem_fetch(m, 0, 0x80, 40), 0);
    TT_EQ(mem_fetch(m, 1, 0x00, 40), 0);
    TT_EQ(mem_get_counts(m)->icache_misses, 3);
    mem_destroy(m);
}

/* ------------------------------------------------------------------ whole GPU runs */

static char path[64];

static const char *HEADER =
    "-kernel name = _Z4testv\n-kernel id = 1\n-grid dim = (4,1,1)\n-block dim = (64,1,1)\n"
    "-shmem = 0\n-nregs = 16\n-binary version = 75\n-cuda stream id = 0\n"
    "-shmem base_addr = 0x00007f0000000000\n-local mem base_addr = 0x00007f0100000000\n"
    "-nvbit version = 1.5.5\n-accelsim tracer version = 4\n-enable lineinfo = 0\n\n"
    "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] "
    "mem_width [adrrescompress?] [mem_addresses]\n\n";

/* One block: warp 0 of 4 instructions, warp 1 of 2. */
static const char *BLOCK =
    "#BEGIN_TB\n\nthread block = %u,0,0\n\nwarp = 0\ninsts = 4\n"
    "0000 ffffffff 1 R1 IADD3 2 R2 R3 0\n0010 ffffffff 1 R4 IADD3 2 R1 R3 0\n"
    "0020 ffffffff 1 R5 IADD3 2 R4 R1 0\n0030 ffffffff 0 EXIT 0 0\n"
    "warp = 1\ninsts = 2\n0000 ffffffff 1 R1 IADD3 2 R2 R3 0\n0010 ffffffff 0 EXIT 0 0\n"
    "\n#END_TB\n\n";

static int write_trace(unsigned blocks, const char *extra)
{
    snprintf(path, sizeof path, "/tmp/test_gpu_XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    FILE *f = fdopen(fd, "w");
    if (!f) return -1;
    fputs(HEADER, f);
    for (unsigned b = 0; b < blocks; b++) fprintf(f, BLOCK, b);
    if (extra) fputs(extra, f);
    return fclose(f) == 0 ? 0 : -1;
}

/* 2 SMs of 2 sub-cores of 2 warp slots; launch costs 0 but for 10 cycles to the first
 * dispatch, one block per cycle. */
static void gpu_setup(sim_cfg *c)
{
    char err[CFG_ERR_LEN];
    static const char *const kv[][2] = {
        {"machine", "gpu"}, {"arch", "turing"}, {"sms", "2"}, {"subcores_per_sm", "2"},
        {"warps", "2"}, {"ccus", "2"}, {"regs", "32"}, {"launch_lat", "10"},
        {"launch_min", "0"}, {"exit_lat", "0"}, {"block_interval", "1"},
        {"block_exit_lat", "0"}, {"warp_exit_lat", "0"}, {"icache_miss_lat", "0"},
        {"launch_min_block", "0"}};
    simcfg_defaults(c);
    for (unsigned i = 0; i < sizeof kv / sizeof kv[0]; i++)
        if (simcfg_set(c, kv[i][0], kv[i][1], "test", err)) fprintf(stderr, "  %s\n", err);
}

static int gpu(const sim_cfg *c, run_result *r, char *err)
{
    run_opts o;
    memset(&o, 0, sizeof o);
    o.trace = path;
    o.check_invariants = 1;
    o.values = 1;
    int rc = run_sim(c, &o, r, err);
    unlink(path);
    return rc;
}

/* The shortest kernel: launch_min + launch_min_block per block, for a run and for empty
 * kernels (the knee of the H100's empty kernels between 128 and 1,024 blocks). */
static void test_least_cycles(void)
{
    sim_cfg c;
    char err[RUN_ERR_LEN];
    run_result *r = calloc(1, sizeof *r);
    gpu_setup(&c);
    TT_EQ(simcfg_set(&c, "launch_min", "1000", "test", err), 0);
    TT_EQ(simcfg_set(&c, "launch_min_block", "0.5", "test", err), 0);
    TT_EQ(gpu_least_cycles(&c.m, 4), 1002);
    TT_EQ(write_trace(4, NULL), 0);
    TT_EQ(gpu(&c, r, err), 0);
    TT_EQ(r->cycles, 1002); /* the 4 blocks end far sooner: the floor */
    TT_EQ(gpu_empty_cycles(&c.m, 4000, 32), 3000);
    TT_EQ(simcfg_set(&c, "launch_min_block", "0", "test", err), 0);
    TT_CHECK(gpu_empty_cycles(&c.m, 4000, 32) < 3000);
    free(r);
}

static void test_placement_rr(void)
{
    sim_cfg c;
    char err[RUN_ERR_LEN];
    run_result *r = calloc(1, sizeof *r);
    gpu_setup(&c);
    TT_EQ(write_trace(4, NULL), 0);
    TT_EQ(gpu(&c, r, err), 0);
    TT_EQ(r->complete, 1);
    TT_EQ(r->insts, 24);
    TT_EQ(r->g.blocks_run, 4);
    TT_EQ(r->g.max_resident, 2);   /* 4 warp slots per SM: two blocks of 2 warps */
    /* blocks 0, 2 on SM 0 and 1, 3 on SM 1; warp W of an SM to sub-core W mod 2:
     * warps 0 (4 instructions) of both blocks on sub-core 0, warps 1 (2) on sub-core 1 */
    TT_EQ(r->g.sub_insts[0], 8);
    TT_EQ(r->g.sub_insts[1], 4);
    TT_EQ(r->g.sub_insts[2], 8);
    TT_EQ(r->g.sub_insts[3], 4);
    free(r);
}

static void test_placement_hashed_and_regs(void)
{
    sim_cfg c;
    char err[RUN_ERR_LEN], e2[CFG_ERR_LEN];
    run_result *r = calloc(1, sizeof *r);
    gpu_setup(&c);
    simcfg_set(&c, "subcore_assign", "hashed", "test", e2);
    TT_EQ(write_trace(4, NULL), 0);
    TT_EQ(gpu(&c, r, err), 0);
    /* (W + W / 2) mod 2 for W = 0, 1, 2, 3: sub-cores 0, 1, 1, 0 */
    TT_EQ(r->g.sub_insts[0], 6);
    TT_EQ(r->g.sub_insts[1], 6);
    /* registers for one block per SM (2 warps x 16 x 32 = 1024): the next block waits */
    gpu_setup(&c);
    simcfg_set(&c, "regs_sm", "1024", "test", e2);
    TT_EQ(write_trace(4, NULL), 0);
    TT_EQ(gpu(&c, r, err), 0);
    TT_EQ(r->complete, 1);
    TT_EQ(r->g.max_resident, 1);
    TT_CHECK(r->g.block_full_cycles > 0);
    /* a block that fits no SM: one line naming the trace, exit 2 */
    gpu_setup(&c);
    simcfg_set(&c, "regs_sm", "512", "test", e2);
    TT_EQ(write_trace(1, NULL), 0);
    TT_EQ(gpu(&c, r, err), 2);
    TT_CHECK(strstr(err, "cannot fit an SM") != NULL && strstr(err, "/tmp/test_gpu_") != NULL);
    free(r);
}

static void test_trace_addresses(void)
{
    /* one warp: a 32-thread load of 128 aligned bytes (base 0x1000, stride 4), then an add
     * that waits for it */
    static const char *ld =
        "#BEGIN_TB\n\nthread block = 9,0,0\n\nwarp = 0\ninsts = 3\n"
        "0000 ffffffff 1 R6 LDG.E 1 R2 4 1 0x1000 4\n"
        "0010 ffffffff 1 R7 IADD3 2 R6 R6 0\n0020 ffffffff 0 EXIT 0 0\n\n#END_TB\n";
    sim_cfg c;
    char err[RUN_ERR_LEN], e2[CFG_ERR_LEN];
    run_result *r = calloc(1, sizeof *r);
    gpu_setup(&c);
    simcfg_set(&c, "dram_lat", "1000", "test", e2);
    TT_EQ(write_trace(0, ld), 0);
    TT_EQ(gpu(&c, r, err), 0);
    TT_EQ(r->g.mem.ld_insts, 1);
    TT_EQ(r->g.mem.l1_lines, 1);
    TT_EQ(r->g.mem.l1_misses, 4);
    TT_EQ(r->g.mem.dram_read_bytes, 128);
    TT_CHECK(r->cycles > 1000 && r->cycles < 1100); /* the load's DRAM latency, then little */
    /* the add waits about 1000 cycles for the load: memory stalls; every cycle without an
     * offered instruction has one reason (the sub-core's idle cycles) */
    TT_CHECK(r->dc.stall_mem >= 990 && r->dc.stall_mem <= 1010);
    TT_EQ(r->dc.stall_mem + r->dc.stall_dep + r->dc.stall_collect + r->dc.stall_other +
              r->dc.stall_empty, r->st.idle_no_warp);
    free(r);
}

static void test_common_clock(void)
{
    /* two one-warp blocks, 100 cycles apart, on one SM's two sub-cores, load the same 128
     * bytes: the second finds the first's fill on its way and both have their data at the
     * same cycle (every sub-core's requests on the memory system's one clock) */
    static const char *two =
        "#BEGIN_TB\n\nthread block = 0,0,0\n\nwarp = 0\ninsts = 3\n"
        "0000 ffffffff 1 R6 LDG.E 1 R2 4 1 0x1000 4\n"
        "0010 ffffffff 1 R7 IADD3 2 R6 R6 0\n0020 ffffffff 0 EXIT 0 0\n\n#END_TB\n\n"
        "#BEGIN_TB\n\nthread block = 1,0,0\n\nwarp = 0\ninsts = 3\n"
        "0000 ffffffff 1 R6 LDG.E 1 R2 4 1 0x1000 4\n"
        "0010 ffffffff 1 R7 IADD3 2 R6 R6 0\n0020 ffffffff 0 EXIT 0 0\n\n#END_TB\n";
    sim_cfg c;
    char err[RUN_ERR_LEN], e2[CFG_ERR_LEN];
    run_result *r = calloc(1, sizeof *r);
    gpu_setup(&c);
    simcfg_set(&c, "sms", "1", "test", e2);
    simcfg_set(&c, "block_interval", "100", "test", e2);
    simcfg_set(&c, "dram_lat", "1000", "test", e2);
    TT_EQ(write_trace(0, two), 0);
    TT_EQ(gpu(&c, r, err), 0);
    TT_EQ(r->g.mem.l1_misses, 4);
    TT_EQ(r->g.mem.l1_pending_hits, 4);
    TT_CHECK(r->cycles > 1010 && r->cycles < 1070); /* not 100 cycles later */
    free(r);
}

/* Run the kernel list `text` (its %s: the kernel trace at path) with c: 0 and *a, *r. */
static int run_list(const sim_cfg *c, const char *text, run_result *r, app_result *a, char *err)
{
    char list[96];
    snprintf(list, sizeof list, "%s.g", path);
    FILE *f = fopen(list, "w");
    if (!f) return -1;
    fprintf(f, text, path, path);
    fclose(f);
    run_opts o;
    memset(&o, 0, sizeof o);
    int rc = app_run(c, &o, list, r, a, err);
    unlink(list);
    return rc;
}

/* A generic LD or ST (not LDG, LDS, LDL) finds its space from its address (Accel-Sim's
 * trace_driven.cc, the windows of the header's base addresses): in the shared window it
 * costs exactly what LDS of the offset does, in the local window what STL does, elsewhere
 * it is a global access (L1 and below). */
static void test_generic_space(void)
{
#define ONE(line) "#BEGIN_TB\n\nthread block = 0,0,0\n\nwarp = 0\ninsts = 3\n" line \
    "0010 ffffffff 1 R7 IADD3 2 R6 R6 0\n0020 ffffffff 0 EXIT 0 0\n\n#END_TB\n"
    static const char *const t[] = {
        ONE("0000 ffffffff 1 R6 LDS 1 R2 4 1 0x100 4\n"),
        ONE("0000 ffffffff 1 R6 LD 1 R2 4 1 0x7f0000000100 4\n"),
        ONE("0000 ffffffff 0 STL 2 R2 R3 4 1 0xfffb00 4\n"),
        ONE("0000 ffffffff 0 ST 2 R2 R3 4 1 0x7f0100fffb00 4\n"),
        ONE("0000 ffffffff 1 R6 LD 1 R2 4 1 0x7f0001000100 4\n"), /* past the window */
        ONE("0000 ffffffff 1 R6 LDG 1 R2 4 1 0x7f0001000100 4\n"),
    };
#undef ONE
    sim_cfg c;
    char err[RUN_ERR_LEN];
    run_result *r = calloc(6, sizeof *r);
    if (!r) return;
    gpu_setup(&c);
    for (unsigned i = 0; i < 6; i++) {
        TT_EQ(write_trace(0, t[i]), 0);
        TT_EQ(gpu(&c, &r[i], err), 0);
    }
    TT_EQ(r[1].cycles, r[0].cycles);
    TT_EQ(r[1].g.mem.shmem_insts, 1);
    TT_EQ(r[1].g.mem.l1_lines, 0);
    TT_EQ(r[3].cycles, r[2].cycles);
    TT_EQ(r[3].g.mem.st_sectors, r[2].g.mem.st_sectors);
    TT_EQ(r[3].g.mem.shmem_insts, 0);
    TT_EQ(r[4].cycles, r[5].cycles);
    TT_EQ(r[4].g.mem.shmem_insts, 0);
    TT_EQ(r[4].g.mem.l1_misses, 4); /* 32 threads x 4 bytes: 4 sectors */
    TT_CHECK(r[4].cycles > r[1].cycles + 100); /* DRAM, not shared memory */
    free(r);
}

/* A folder names its kernel list as Accel-Sim lays traces out: FOLDER/kernelslist.g, else
 * FOLDER/traces/kernelslist.g; a file is no folder, a folder without either list -2. */
static void test_app_folder(void)
{
    char dir[] = "/tmp/test_gpu_appXXXXXX", p[256], out[300];
    TT_CHECK(mkdtemp(dir) != NULL);
    TT_EQ(app_list_in(dir, out, sizeof out), -2);
    snprintf(p, sizeof p, "%s/traces", dir);
    TT_EQ(mkdir(p, 0700), 0);
    TT_EQ(app_list_in(dir, out, sizeof out), -2); /* traces/ without its list */
    snprintf(p, sizeof p, "%s/traces/kernelslist.g", dir);
    FILE *f = fopen(p, "w");
    TT_CHECK(f != NULL);
    fclose(f);
    TT_EQ(app_list_in(p, out, sizeof out), -1); /* a file */
    TT_EQ(app_list_in(dir, out, sizeof out), 0);
    TT_CHECK(strcmp(out, p) == 0);
    /* no room for the path: not found, though the cut path ("DIR/k") is a file */
    char cut[300];
    snprintf(cut, sizeof cut, "%s/k", dir);
    f = fopen(cut, "w");
    TT_CHECK(f != NULL);
    fclose(f);
    TT_EQ(app_list_in(dir, out, strlen(dir) + 3), -2);
    remove(cut);
    char top[256];
    snprintf(top, sizeof top, "%s/kernelslist.g", dir);
    f = fopen(top, "w");
    TT_CHECK(f != NULL);
    fclose(f);
    TT_EQ(app_list_in(dir, out, sizeof out), 0); /* the folder's own list first */
    TT_CHECK(strcmp(out, top) == 0);
    remove(top);
    remove(p);
    snprintf(p, sizeof p, "%s/traces", dir);
    rmdir(p);
    rmdir(dir);
}

static void test_application(void)
{
    /* a kernel list: a memory copy, the load kernel twice; the second kernel's block goes
     * to the same SM, whose L1 a new kernel invalidates, and finds its line in the L2 the
     * first left (the same GPU); its cycles count from 0 again */
    static const char *ld =
        "#BEGIN_TB\n\nthread block = 0,0,0\n\nwarp = 0\ninsts = 3\n"
        "0000 ffffffff 1 R6 LDG.E 1 R2 4 1 0x1000 4\n"
        "0010 ffffffff 1 R7 IADD3 2 R6 R6 0\n0020 ffffffff 0 EXIT 0 0\n\n#END_TB\n";
    sim_cfg c;
    char err[RUN_ERR_LEN], e2[CFG_ERR_LEN], list[96];
    run_result *r = calloc(1, sizeof *r);
    app_result a;
    gpu_setup(&c);
    simcfg_set(&c, "dram_lat", "1000", "test", e2);
    simcfg_set(&c, "l2_lat", "100", "test", e2);
    simcfg_set(&c, "memcpy_l2", "off", "test", e2); /* the copy is not in L2 */
    TT_EQ(write_trace(0, ld), 0);
    snprintf(list, sizeof list, "%s.g", path);
    FILE *f = fopen(list, "w");
    fprintf(f, "MemcpyHtoD,0x1000,128\n%s\n\n%s\n", path, path);
    fclose(f);
    TT_EQ(app_is_list(list), 1);
    TT_EQ(app_is_list(path), 0);
    TT_EQ(app_is_list("workloads/matrixmul32_sm61_kernel-1.traceg.xz"), 0); /* xz bytes */
    run_opts o;
    memset(&o, 0, sizeof o);
    TT_EQ(app_run(&c, &o, list, r, &a, err), 0);
    TT_EQ(a.nk, 2);
    TT_EQ(a.memcpys, 1);
    TT_EQ(a.memcpy_bytes, 128);
    TT_EQ(a.memcpy_l2_bytes, 0);
    TT_EQ(r->insts, 6);
    TT_EQ(r->cycles, a.k[0].cycles + a.k[1].cycles);
    TT_CHECK(a.k[0].cycles > 1000);                    /* DRAM */
    TT_CHECK(a.k[1].cycles > 100 && a.k[1].cycles < 1000); /* an L2 hit (100 cycles) */
    TT_EQ(r->g.mem.l1_hits, 0);
    TT_EQ(r->g.mem.l1_misses, 8);                      /* 4 sectors, once a kernel */
    TT_EQ(r->g.mem.l2_hits, 4);                        /* the second kernel's */
    app_free(&a);
    /* a line that is neither: file:line, exit 2 */
    f = fopen(list, "w");
    fprintf(f, "%s\nkernel-2.txt\n", path);
    fclose(f);
    TT_EQ(app_run(&c, &o, list, r, &a, err), 2);
    TT_CHECK(strstr(err, ".g:2: ") != NULL);
    app_free(&a);
    /* a copy line without its address or with a bad count: file:line, exit 2 */
    static const char *const bad[] = {"MemcpyHtoD,128\n%s\n", "MemcpyHtoD,0x1000,12k\n%s\n",
                                      "MemcpyHtoD,0x1000,99999999999999999999\n%s\n",
                                      "MemcpyDtoH,zz,4\n%s\n"};
    for (unsigned i = 0; i < 4; i++) {
        TT_EQ(run_list(&c, bad[i], r, &a, err), 2);
        TT_CHECK(strstr(err, ".g:1: ") != NULL && strstr(err, "ADDRESS,BYTES") != NULL);
        app_free(&a);
    }
    unlink(list);
    unlink(path);
    free(r);
}

static void test_copy_in_l2(void)
{
    /* memcpy_l2 (the default): a host-to-device copy is in the L2 when the next kernel
     * starts, sector by sector; a device-to-host copy, another address or a copy's head
     * beyond MEM_COPY_L2_SPAN L2 capacities is not */
    static const char *ld =
        "#BEGIN_TB\n\nthread block = 0,0,0\n\nwarp = 0\ninsts = 3\n"
        "0000 ffffffff 1 R6 LDG.E 1 R2 4 1 0x1000 4\n"
        "0010 ffffffff 1 R7 IADD3 2 R6 R6 0\n0020 ffffffff 0 EXIT 0 0\n\n#END_TB\n";
    static const struct {
        const char *list;
        unsigned l2_hits;      /* of the kernel's 4 sectors at 0x1000..0x107f, each kernel */
        uint64_t l2_bytes;     /* memcpy_l2_bytes */
    } cases[] = {
        {"MemcpyHtoD,0x1000,128\n%s\n%s\n", 4 + 4, 128},  /* both kernels hit */
        {"MemcpyHtoD,0x0000000000001001,32\n%s\n", 2, 32}, /* bytes 0x1001..0x1020: 2 sectors */
        {"MemcpyHtoD,0x1060,1\n%s\n", 1, 1},               /* the last sector */
        {"MemcpyHtoD,0x1080,4096\nMemcpyHtoD,0xfe0,32\n%s\n", 0, 4096 + 32}, /* beside it */
        {"MemcpyDtoH,0x1000,128\n%s\n", 0, 0},             /* to the host */
        {"MemcpyHtoD,0x1000,0\n%s\n", 0, 0},               /* empty */
        {"%s\nMemcpyHtoD,0x1000,128\n", 0, 0},             /* after the last kernel */
        {"%s\nMemcpyHtoD,0x1000,128\n%s\n", 4, 128},      /* before the second only */
        /* 1 GiB from 0x1000: only its last 4 x 1 MiB are placed, 0x1000 is not */
        {"MemcpyHtoD,0x1000,1073741824\n%s\n", 0, MEM_COPY_L2_SPAN * 1048576ull},
        /* one that ends at 0x1080 is placed whole when it is no longer than the span */
        {"MemcpyHtoD,0x0,4224\n%s\n", 4, 4224},
    };
    sim_cfg c;
    char err[RUN_ERR_LEN], e2[CFG_ERR_LEN];
    run_result *r = calloc(1, sizeof *r);
    app_result a;
    gpu_setup(&c);
    simcfg_set(&c, "dram_lat", "1000", "test", e2);
    simcfg_set(&c, "l2_lat", "100", "test", e2);
    simcfg_set(&c, "l2_kb", "1024", "test", e2);
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TT_EQ(write_trace(0, ld), 0);
        TT_EQ(run_list(&c, cases[i].list, r, &a, err), 0);
        TT_EQ(r->g.mem.l2_hits, cases[i].l2_hits);
        TT_EQ(a.memcpy_l2_bytes, cases[i].l2_bytes);
        TT_EQ(r->g.copied_l2_bytes, cases[i].l2_bytes);
        if (cases[i].l2_hits == 4) TT_CHECK(a.k[a.nk - 1].cycles < 1000); /* no DRAM */
        if (cases[i].l2_hits == 0) TT_CHECK(a.k[0].cycles > 1000);
        app_free(&a);
        unlink(path);
    }
    /* the tail of a long copy is what is placed: a load of its last 128 bytes hits */
    static const char *ld_end =
        "#BEGIN_TB\n\nthread block = 0,0,0\n\nwarp = 0\ninsts = 2\n"
        "0000 ffffffff 1 R6 LDG.E 1 R2 4 1 0x40000f80 4\n0010 ffffffff 0 EXIT 0 0\n\n#END_TB\n";
    TT_EQ(write_trace(0, ld_end), 0);
    TT_EQ(run_list(&c, "MemcpyHtoD,0x1000,1073741824\n%s\n", r, &a, err), 0);
    TT_EQ(r->g.mem.l2_hits, 4);
    app_free(&a);
    unlink(path);
    free(r);
}

int main(void)
{
    TT_RUN(test_coalesce);
    TT_RUN(test_shmem_wavefronts);
    TT_RUN(test_l1_l2_dram);
    TT_RUN(test_mshrs);
    TT_RUN(test_tline);
    TT_RUN(test_l2_out_of_order);
    TT_RUN(test_shared_const_icache);
    TT_RUN(test_least_cycles);
    TT_RUN(test_placement_rr);
    TT_RUN(test_placement_hashed_and_regs);
    TT_RUN(test_trace_addresses);
    TT_RUN(test_common_clock);
    TT_RUN(test_generic_space);
    TT_RUN(test_app_folder);
    TT_RUN(test_application);
    TT_RUN(test_copy_in_l2);
    TT_EXIT();
}
