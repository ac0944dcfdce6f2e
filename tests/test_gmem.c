/* test_gmem.c - rules of the GPU's memory system (gpu/mem.c) that need a cache small
 * enough to evict or a cycle exactly on a boundary, each expected value worked out by
 * hand from docs/gpu.md: a lookup at the very cycle its fill arrives is a hit (not a
 * pending hit), L1 eviction in LRU order seen through the L2's latency, the L2 slice's
 * and DRAM's bandwidths one sector at a time, a new kernel freeing the L1 lookup
 * slots, shared memory, MSHRs, L2 and DRAM while its caches keep their lines, and the
 * write-back L2's dirty sectors taking DRAM bandwidth when evicted. */
#include <string.h>
#include "mem.h"
#include "tt.h"

/* One SM; L1 of one set of 2 ways, 64 MSHRs, 30 cycles; L2 of 64 KB, 4 ways, 1 slice,
 * 200 cycles, one sector per cycle; DRAM 500 cycles, one sector per cycle. */
static mem_cfg cfg1(void)
{
    mem_cfg m;
    memset(&m, 0, sizeof m);
    m.sms = 1;
    m.l1_bytes = 256;
    m.l1_ways = 2;
    m.l1_mshrs = 64;
    m.l1_lat = 30;
    m.shmem_lat = 25;
    m.l2_bytes = 65536;
    m.l2_ways = 4;
    m.l2_slices = 1;
    m.l2_lat = 200;
    m.l2_bw = 32;
    m.dram_lat = 500;
    m.dram_bw = 32;
    m.const_lat = 10;
    m.const_miss_lat = 150;
    m.icache_miss_lat = 40;
    return m;
}

static mem_t *mk(const mem_cfg *mc)
{
    char err[256];
    mem_t *m = mem_create(mc, err, sizeof err);
    TT_CHECK(m != NULL);
    if (m) mem_new_kernel(m); /* as the GPU does before each kernel */
    return m;
}

/* A load by one thread of the 4 bytes at address a, at cycle now, with flags. */
static uint64_t ldf(mem_t *m, uint64_t a, uint64_t now, unsigned flags)
{
    trc_warp tw;
    trc_inst ti;
    memset(&tw, 0, sizeof tw);
    memset(&ti, 0, sizeof ti);
    tw.addr = &a;
    tw.naddr = 1;
    ti.mspace = TRC_M_LOAD;
    ti.flags = (uint8_t)flags;
    ti.naddr = 1;
    ti.mwidth = 4;
    return mem_access(m, 0, &tw, &ti, now);
}

static uint64_t ld(mem_t *m, uint64_t a, uint64_t now) { return ldf(m, a, now, 0); }

/* n threads' addresses a of space sp, width 4, at cycle now. */
static uint64_t acc(mem_t *m, unsigned sp, uint64_t *a, unsigned n, uint64_t now)
{
    trc_warp tw;
    trc_inst ti;
    memset(&tw, 0, sizeof tw);
    memset(&ti, 0, sizeof ti);
    tw.addr = a;
    tw.naddr = n;
    ti.mspace = (uint8_t)sp;
    ti.naddr = (uint8_t)n;
    ti.mwidth = 4;
    return mem_access(m, 0, &tw, &ti, now);
}

/* A cold load at 0: L1, L2 and DRAM miss, back at 0 + 500. The same sector at 499 finds
 * the fill on its way (pending: max(499 + 30, 500) = 529); at 500, the cycle it arrives,
 * it is there: a hit, 500 + 30. */
static void test_pending_at_fill_cycle(void)
{
    mem_cfg mc = cfg1();
    mem_t *m = mk(&mc);
    if (!m) return;
    TT_EQ(ld(m, 0x1000, 0), 500);
    TT_EQ(ld(m, 0x1000, 499), 529);
    TT_EQ(ld(m, 0x1000, 500), 530);
    const mem_counts *n = mem_get_counts(m);
    TT_EQ(n->l1_misses, 1);
    TT_EQ(n->l1_pending_hits, 1);
    TT_EQ(n->l1_hits, 1);
    mem_destroy(m);
}

/* The L1 looks up 4 lines a cycle: 8 lines of one instruction at 0, 0, 0, 0, 1, 1, 1, 1.
 * Once they are all there (from DRAM, one sector a cycle: the last at 7 + 500), the same
 * 8 lines at 1000 hit, the last 4 looked up at 1001: back at 1001 + 30. */
static void test_l1_lookup_slots(void)
{
    mem_cfg mc = cfg1();
    mc.l1_bytes = 4096;
    mc.l1_ways = 4;
    mem_t *m = mk(&mc);
    if (!m) return;
    uint64_t a[8];
    for (unsigned i = 0; i < 8; i++) a[i] = 0x8000 + 128 * i;
    TT_EQ(acc(m, TRC_M_LOAD, a, 8, 0), 507);
    TT_EQ(acc(m, TRC_M_LOAD, a, 8, 1000), 1031);
    TT_EQ(mem_get_counts(m)->l1_hits, 8);
    TT_EQ(mem_get_counts(m)->l1_lines, 16);
    mem_destroy(m);
}

/* The L1's one set holds 2 lines. A (0x0) at 0, B (0x80) at 1000: both from DRAM. A
 * looked up again at 2000 (a hit, 2030) is the most recent, so C (0x100, from DRAM) at
 * 3000 evicts B: B at 4000 misses L1 and hits L2 (4000 + 200), and its refill takes the
 * LRU way, A's (last used at 2000, C at 3000); C at 5000 hits (5030); A at 6000 misses
 * L1 and hits L2: 6200. */
static void test_l1_lru_eviction(void)
{
    mem_cfg mc = cfg1();
    mem_t *m = mk(&mc);
    if (!m) return;
    TT_EQ(ld(m, 0x000, 0), 500);
    TT_EQ(ld(m, 0x080, 1000), 1500);
    TT_EQ(ld(m, 0x000, 2000), 2030);
    TT_EQ(ld(m, 0x100, 3000), 3500);   /* DRAM: C was never loaded */
    TT_EQ(ld(m, 0x080, 4000), 4200);   /* B evicted from L1, in L2 */
    TT_EQ(ld(m, 0x100, 5000), 5030);   /* the ways hold C and B */
    TT_EQ(ld(m, 0x000, 6000), 6200);
    const mem_counts *n = mem_get_counts(m);
    TT_EQ(n->l1_hits, 2);
    TT_EQ(n->l1_misses, 5);
    TT_EQ(n->l2_hits, 2);
    TT_EQ(n->l2_misses, 3);
    mem_destroy(m);
}

/* Two sectors of one line (0x1000 and 0x1020) missing everywhere at 0. The L1 looks the
 * line up at 0; sector 0 takes the L2 slice at 0 and DRAM at 0; sector 1 the slice after
 * it and DRAM after it. 32 B/cycle each: sector 1 at 1, back at 501. An L2 slice of
 * 8 B/cycle (4 cycles a sector): sector 1 at 4, 504. DRAM of 8 B/cycle: sector 1 reaches
 * DRAM at 1, which is busy until 4: 504. */
static void test_l2_dram_bandwidth(void)
{
    uint64_t a[2] = {0x1000, 0x1020};
    mem_cfg mc = cfg1();
    mem_t *m = mk(&mc);
    if (!m) return;
    TT_EQ(acc(m, TRC_M_LOAD, a, 2, 0), 501);
    TT_EQ(mem_get_counts(m)->dram_read_bytes, 64);
    mem_destroy(m);
    mc.l2_bw = 8;
    if (!(m = mk(&mc))) return;
    TT_EQ(acc(m, TRC_M_LOAD, a, 2, 0), 504);
    mem_destroy(m);
    mc = cfg1();
    mc.dram_bw = 8;
    if (!(m = mk(&mc))) return;
    TT_EQ(acc(m, TRC_M_LOAD, a, 2, 0), 504);
    /* a third sector at 2 (0x1040): DRAM busy until 8 (two sectors of 4 cycles): 508 */
    TT_EQ(ld(m, 0x1040, 2), 508);
    mem_destroy(m);
}

/* The L2's slices share the lines (a hash of the line picks one) and each has its own
 * bandwidth: 64 lines, one sector each, requested at once, on an L2 slice of 8 B/cycle
 * (4 cycles a sector, DRAM fast): one slice serves them one after the other, the last at
 * 63 x 4 = 252 + 500; two slices serve them side by side, each its own share, done
 * sooner unless the hash put every line in one slice. */
static void test_l2_slices(void)
{
    uint64_t a[32];
    mem_cfg mc = cfg1();
    mc.l1_bytes = 65536;
    mc.l1_ways = 4;
    mc.l1_mshrs = 128;
    mc.l2_bw = 8;
    mc.dram_bw = 1024;
    uint64_t t[2];
    for (unsigned s = 1; s <= 2; s++) {
        mc.l2_slices = s;
        mem_t *m = mk(&mc);
        if (!m) return;
        for (unsigned i = 0; i < 32; i++) a[i] = 0x100000 + 128 * i;
        t[s - 1] = acc(m, TRC_M_LOAD, a, 32, 0);
        for (unsigned i = 0; i < 32; i++) a[i] = 0x100000 + 128 * (32 + i);
        uint64_t t2 = acc(m, TRC_M_LOAD, a, 32, 0);
        if (t2 > t[s - 1]) t[s - 1] = t2;
        mem_destroy(m);
    }
    TT_EQ(t[0], 252 + 500);
    TT_CHECK(t[1] < t[0]);
}

/* A new kernel counts its cycles from 0: every resource is free again and every fill
 * has arrived, the L2 keeps its lines and the L1 loses them (invalidated), the constant
 * cache starts cold. */
static void test_new_kernel_resets(void)
{
    mem_cfg mc = cfg1();
    mc.l1_mshrs = 1;
    mem_t *m = mk(&mc);
    if (!m) return;
    uint64_t sh[1] = {0};
    TT_EQ(acc(m, TRC_M_SHARED, sh, 1, 1000), 1025);  /* shared memory busy until 1001 */
    TT_EQ(ld(m, 0x1000, 1000), 1500);                /* the L1 looks up at 1000, the one
                                                        MSHR is held until 1500 */
    trc_warp tw;
    trc_inst lc;
    memset(&tw, 0, sizeof tw);
    memset(&lc, 0, sizeof lc);
    lc.mspace = TRC_M_CONST;
    lc.pc = 0x20;
    TT_EQ(mem_access(m, 0, &tw, &lc, 1000), 1150);   /* constant miss */
    mem_new_kernel(m);
    TT_EQ(acc(m, TRC_M_SHARED, sh, 1, 0), 25);       /* not 1001 + 25 */
    TT_EQ(ld(m, 0x2000, 0), 500);                    /* the MSHR, L2 and DRAM free at 0 */
    TT_EQ(ld(m, 0x1000, 600), 800);                  /* an L2 hit (its fill has arrived):
                                                        the L1 was invalidated */
    TT_EQ(mem_access(m, 0, &tw, &lc, 0), 150);       /* constants start cold */
    const mem_counts *n = mem_get_counts(m);
    TT_EQ(n->l1_hits, 0);
    TT_EQ(n->l1_pending_hits, 0);
    TT_EQ(n->l2_hits, 1);
    TT_EQ(n->l1_mshr_stall_cycles, 0);
    TT_EQ(n->const_misses, 2);
    mem_clear_counts(m);
    TT_EQ(mem_get_counts(m)->l1_misses, 0);
    mem_destroy(m);
}

/* An L2 of one set of 4 ways (512 bytes), DRAM of 8 B/cycle (4 cycles a sector). Stores
 * of one sector to lines 0..3 at cycles 0..3 fill the 4 ways dirty (the slice takes one a
 * cycle: each at its own cycle; stores do not allocate in L1). Line 4 stored at 4 evicts
 * line 0, the least recently used: its dirty sector is written to DRAM at 4, busy
 * [4, 8). A load of line 32 at 4 (its L1 lookup in the same cycle as the store's) misses
 * L1; the slice is busy until 5, DRAM until 8: back at 8 + 500 (505 without the write).
 * Its fill evicts line 1: written [12, 16) after the load's read [8, 12). A load of line
 * 64 at 6 starts at 16: 516; it evicts line 2. Loads only (clean lines) write nothing;
 * an atomic leaves its sector dirty. */
/* The stores and loads described above on an L2 of one set of 4 ways and a DRAM of 8
 * B/cycle that sustains read_eff and write_eff thousandths of it; the two loads come back
 * at t32 and t64; the write-backs of lines 0, 1 and 2 are counted as they go. */
static void stores_then_loads(unsigned read_eff, unsigned write_eff, uint64_t t32, uint64_t t64)
{
    mem_cfg mc = cfg1();
    mc.l2_bytes = 512;
    mc.dram_bw = 8;
    mc.dram_read_eff = read_eff;
    mc.dram_write_eff = write_eff;
    mem_t *m = mk(&mc);
    if (!m) return;
    for (uint64_t l = 0; l < 5; l++) {
        uint64_t a = l * 128;
        TT_EQ(acc(m, TRC_M_STORE, &a, 1, l), l + 1);
    }
    TT_EQ(mem_get_counts(m)->dram_write_bytes, 32);
    TT_EQ(ld(m, 32 * 128, 4), t32);
    TT_EQ(mem_get_counts(m)->dram_write_bytes, 64);
    TT_EQ(ld(m, 64 * 128, 6), t64);
    TT_EQ(mem_get_counts(m)->dram_write_bytes, 96);
    TT_EQ(mem_get_counts(m)->dram_read_bytes, 64);
    mem_destroy(m);
}

static void test_dram_writes(void)
{
    stores_then_loads(0, 0, 508, 516); /* 0: the peak */
    mem_cfg mc = cfg1();
    mc.l2_bytes = 512;
    mc.dram_bw = 8;
    mem_t *m;
    if (!(m = mk(&mc))) return; /* clean lines */
    for (uint64_t l = 0; l < 6; l++) ld(m, l * 1000 * 128, l * 1000);
    TT_EQ(mem_get_counts(m)->dram_write_bytes, 0);
    TT_EQ(mem_get_counts(m)->dram_read_bytes, 6 * 32);
    mem_destroy(m);
    if (!(m = mk(&mc))) return; /* an atomic's sector, then 4 clean lines evict it */
    uint64_t a = 0x40; /* line 0, sector 2 */
    acc(m, TRC_M_ATOMIC, &a, 1, 0);
    for (uint64_t l = 1; l < 5; l++) ld(m, l * 128, l * 1000);
    TT_EQ(mem_get_counts(m)->dram_write_bytes, 32);
    mem_destroy(m);
}

/* The DRAM's efficiencies: test_dram_writes's accesses on a DRAM that sustains half its
 * 8 B/cycle for reads (a sector in 8 cycles) and 0.8 of it for writes (5 cycles): line 0's
 * write-back takes [4, 9), the load of line 32 reads from 9 (back at 509) until 17, line
 * 1's write-back [17, 22), the load of line 64 reads from 22: 522. */
static void test_dram_efficiency(void)
{
    stores_then_loads(500, 800, 509, 522);
}

/* A bypassing load (cp.async.cg, .STRONG.GPU) skips L1: A, loaded at 0 (DRAM, 500) and
 * in L1, loaded again bypassing at 1000 is an L2 hit (1200); B bypassing at 2000 comes
 * from DRAM (2500) and is not filled into L1: a plain load of B at 3000 misses L1 and
 * hits L2 (3200); A plain at 4000 still hits L1 (4030). */
static void test_l1_bypass(void)
{
    mem_cfg mc = cfg1();
    mem_t *m = mk(&mc);
    if (!m) return;
    TT_EQ(ld(m, 0x000, 0), 500);
    TT_EQ(ldf(m, 0x000, 1000, TRC_F_L1BYPASS), 1200);
    TT_EQ(ldf(m, 0x1000, 2000, TRC_F_L1BYPASS), 2500);
    TT_EQ(ld(m, 0x1000, 3000), 3200);
    TT_EQ(ld(m, 0x000, 4000), 4030);
    const mem_counts *n = mem_get_counts(m);
    TT_EQ(n->l1_bypassed, 2);
    TT_EQ(n->l1_hits, 1);
    TT_EQ(n->l1_misses, 2);
    mem_destroy(m);
}

int main(void)
{
    TT_RUN(test_pending_at_fill_cycle);
    TT_RUN(test_l1_lookup_slots);
    TT_RUN(test_l1_lru_eviction);
    TT_RUN(test_l2_dram_bandwidth);
    TT_RUN(test_l2_slices);
    TT_RUN(test_new_kernel_resets);
    TT_RUN(test_dram_writes);
    TT_RUN(test_dram_efficiency);
    TT_RUN(test_l1_bypass);
    TT_EXIT();
}
