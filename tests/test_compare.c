/* test_compare.c - the comparison designs of compare/: NVIDIA's operand reuse cache on the
 * four examples of Huerta et al. (MICRO 2025, Listing 4), worked out by hand, and the
 * compiler's reuse bits (hints/reuse.c) on the same patterns; BOW and BOW-WR's windows on
 * a hand-worked stream; register-bank-aware issue (driver/drv.c) on three warps. */
#include <string.h>
#include "simcfg.h"
#include "cfg.h"
#include "hint.h"
#include "bow.h"
#include "reuse.h"
#include "rfc.h"
#include "tt.h"

/* A driver instruction of sources a, b, c (-1: none) and reuse bits `reuse`. */
static drv_inst mk(int a, int b, int c, uint32_t reuse)
{
    drv_inst h;
    memset(&h, 0, sizeof h);
    int s[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        if (s[i] >= 0) h.src[h.nsrc++] = (uint16_t)s[i];
    h.src_reuse = reuse;
    return h;
}

/* Issue the instructions of one warp (w 0) in order on a fresh cache of 2 banks (bank =
 * register mod 2, as in the paper); hits[i]: the sources instruction i read from it. */
static void run(const drv_inst *in, unsigned n, uint32_t *hits, opc_stats *st)
{
    sim_cfg c;
    simcfg_defaults(&c);
    c.m.hw.banks = 2;
    rc_t *r = rc_create(&c.m.hw, &c.m.opc);
    TT_CHECK(r != NULL);
    if (!r) return;
    drv_opc o = rc_opc(r);
    for (unsigned i = 0; i < n; i++) {
        hits[i] = o.hits(o.ctx, 0, &in[i]);
        o.issued(o.ctx, 0, &in[i], hits[i]);
    }
    *st = *rc_get_stats(r);
    rc_destroy(r);
}

/* Listing 4. Bit 0 is source position a. */
static void test_listing4(void)
{
    uint32_t h[3];
    opc_stats st;
    /* 1: IADD3 R1, R2.reuse, R3, R4 / FFMA R5, R2, R7, R8 / IADD3 R10, R2, R12, R13: R2 hits
     * in the second and, read without its reuse bit, is gone for the third */
    drv_inst e1[3] = {mk(2, 3, 4, 1), mk(2, 7, 8, 0), mk(2, 12, 13, 0)};
    run(e1, 3, h, &st);
    TT_EQ(h[0], 0);
    TT_EQ(h[1], 1);
    TT_EQ(h[2], 0);
    TT_EQ(st.lookups, 9);
    TT_EQ(st.hit_slots, 1);
    TT_EQ(st.fills, 1);
    /* 2: the second sets R2's reuse bit too: R2 hits in the second and the third */
    drv_inst e2[3] = {mk(2, 3, 4, 1), mk(2, 7, 8, 1), mk(2, 12, 13, 0)};
    run(e2, 3, h, &st);
    TT_EQ(h[1], 1);
    TT_EQ(h[2], 1);
    TT_EQ(st.hit_slots, 2);
    TT_EQ(st.fills, 1); /* a hit with the bit set keeps the entry: nothing written */
    /* 3: FFMA R5, R7, R2, R8: R2 at position b misses (cached at a); R7 at a is in the
     * other bank, so (bank 0, a) still holds R2 for the third */
    drv_inst e3[3] = {mk(2, 3, 4, 1), mk(7, 2, 8, 0), mk(2, 12, 13, 0)};
    run(e3, 3, h, &st);
    TT_EQ(h[1], 0);
    TT_EQ(h[2], 1);
    /* 4: FFMA R5, R4, R7, R8: R4 at a is in R2's bank: R4 misses and R2 is gone */
    drv_inst e4[3] = {mk(2, 3, 4, 1), mk(4, 7, 8, 0), mk(2, 12, 13, 0)};
    run(e4, 3, h, &st);
    TT_EQ(h[1], 0);
    TT_EQ(h[2], 0);
    TT_EQ(st.hit_slots, 0);
}

/* Another warp's read of the same bank and position takes the entry; the same register of
 * another warp never hits; a register read at two positions counts as served whole only
 * when both hit. */
static void test_warps_and_regs(void)
{
    sim_cfg c;
    simcfg_defaults(&c);
    c.m.hw.banks = 2;
    rc_t *r = rc_create(&c.m.hw, &c.m.opc);
    TT_CHECK(r != NULL);
    if (!r) return;
    drv_opc o = rc_opc(r);
    drv_inst a = mk(2, 3, -1, 3), b = mk(2, 3, -1, 0); /* R2.reuse, R3.reuse */
    o.issued(o.ctx, 0, &a, o.hits(o.ctx, 0, &a));
    TT_EQ(o.hits(o.ctx, 0, &b), 3);
    TT_EQ(o.hits(o.ctx, 1, &b), 0); /* warp 1: same registers, other warp's values */
    /* warp 1 reads R4 at a: bank (4 + 1) & 1 = 1, which is not warp 0's R2 entry (bank 0) */
    drv_inst w1 = mk(4, -1, -1, 0);
    o.issued(o.ctx, 1, &w1, o.hits(o.ctx, 1, &w1));
    TT_EQ(o.hits(o.ctx, 0, &b), 3);
    /* warp 1 reads R3 at a: bank (3 + 1) & 1 = 0: warp 0's R2 at (0, a) is gone */
    drv_inst w1b = mk(3, -1, -1, 0);
    o.issued(o.ctx, 1, &w1b, o.hits(o.ctx, 1, &w1b));
    TT_EQ(o.hits(o.ctx, 0, &b), 2);
    /* R3 at b hits, R3 at c does not: R3 is not served whole */
    opc_stats before = *rc_get_stats(r);
    drv_inst d = mk(2, 3, 3, 0);
    uint32_t m = o.hits(o.ctx, 0, &d);
    TT_EQ(m, 2);
    o.issued(o.ctx, 0, &d, m);
    TT_EQ(rc_get_stats(r)->hit_slots - before.hit_slots, 1);
    TT_EQ(rc_get_stats(r)->hit_regs - before.hit_regs, 0);
    /* a source at position d (the fourth) has no entry: never looked up */
    drv_inst wide = mk(2, 3, 5, 0);
    wide.src[wide.nsrc++] = 6;
    before = *rc_get_stats(r);
    o.issued(o.ctx, 0, &wide, o.hits(o.ctx, 0, &wide));
    TT_EQ(rc_get_stats(r)->lookups - before.lookups, 3);
    rc_destroy(r);
    /* storage: 2 banks x 3 positions x (1024 data + valid + 3 warp id + 8 register id bits) */
    simcfg_defaults(&c);
    TT_EQ(rc_storage_bits(&c.m.hw), (uint64_t)c.m.hw.banks * 3 * (c.m.hw.data_bits + 1 + cfg_clog2(c.m.hw.warps) +
                                                          cfg_clog2(c.m.hw.regs)));
    TT_EQ(rc_storage_bits(&c.m.hw), 2 * 3 * (1024 + 1 + 3 + 8));
}

/* A trace instruction at pc of sources a, b, c and destination d (-1: none). */
static trc_inst ti(uint32_t pc, int d, int a, int b, int c)
{
    trc_inst t;
    memset(&t, 0, sizeof t);
    t.pc = pc;
    uint8_t dst[1], src[3];
    unsigned nd = 0, ns = 0;
    if (d >= 0) dst[nd++] = (uint8_t)d;
    int s[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        if (s[i] >= 0) src[ns++] = (uint8_t)s[i];
    trc_set_regs(&t, dst, nd, src, ns, NULL);
    return t;
}

/* The compiler's bits on the listing's patterns (2 banks). */
static void test_reuse_bits(void)
{
    /* example 2's code: R2 at a in all three: flagged in the first two */
    trc_inst e2[3] = {ti(0x00, 1, 2, 3, 4), ti(0x10, 5, 2, 7, 8), ti(0x20, 10, 2, 12, 13)};
    hint_reuse_bits(e2, 3, 2);
    TT_EQ(e2[0].src_reuse, 1);
    TT_EQ(e2[1].src_reuse, 1);
    TT_EQ(e2[2].src_reuse, 0); /* the last: nothing follows */
    /* example 3's code: R7 at a is in the other bank; the third reads R2 at a: flagged */
    trc_inst e3[3] = {ti(0x00, 1, 2, 3, 4), ti(0x10, 5, 7, 2, 8), ti(0x20, 10, 2, 12, 13)};
    hint_reuse_bits(e3, 3, 2);
    TT_EQ(e3[0].src_reuse, 1);
    /* example 4's code: R4 at a is in R2's bank: not flagged (it would be evicted) */
    trc_inst e4[3] = {ti(0x00, 1, 2, 3, 4), ti(0x10, 5, 4, 7, 8), ti(0x20, 10, 2, 12, 13)};
    hint_reuse_bits(e4, 3, 2);
    TT_EQ(e4[0].src_reuse, 0);
    /* with 4 banks R4 is not in R2's bank (4 - 2 = 2): flagged */
    hint_reuse_bits(e4, 3, 4);
    TT_EQ(e4[0].src_reuse, 1);
    /* 3 banks (not a power of two): R1 is in R4's bank (1 % 3 == 4 % 3) and evicts it; R3
     * is not (a bank computed as (unsigned)(q - r) % 3 got both the other way round) */
    trc_inst b3a[3] = {ti(0x00, 10, 4, -1, -1), ti(0x10, 11, 1, -1, -1), ti(0x20, 12, 4, -1, -1)};
    hint_reuse_bits(b3a, 3, 3);
    TT_EQ(b3a[0].src_reuse, 0);
    trc_inst b3b[3] = {ti(0x00, 10, 4, -1, -1), ti(0x10, 11, 3, -1, -1), ti(0x20, 12, 4, -1, -1)};
    hint_reuse_bits(b3b, 3, 3);
    TT_EQ(b3b[0].src_reuse, 1);
    /* a write of R2 in between, a branch taken, the instruction writing R2 itself */
    trc_inst wr[3] = {ti(0x00, 1, 2, 3, 4), ti(0x10, 2, 7, 9, 8), ti(0x20, 10, 2, 12, 13)};
    hint_reuse_bits(wr, 3, 2);
    TT_EQ(wr[0].src_reuse, 0);
    trc_inst br[2] = {ti(0x00, 1, 2, 3, 4), ti(0x80, 10, 2, 12, 13)};
    hint_reuse_bits(br, 2, 2);
    TT_EQ(br[0].src_reuse, 0);
    trc_inst self[2] = {ti(0x00, 2, 2, 3, 4), ti(0x10, 10, 2, 12, 13)};
    hint_reuse_bits(self, 2, 2);
    TT_EQ(self[0].src_reuse, 0);
    /* an instruction that reads R2 at a and writes it: the read hits, the chain ends there */
    trc_inst rw[3] = {ti(0x00, 1, 2, 3, 4), ti(0x10, 2, 2, 7, 8), ti(0x20, 10, 2, 12, 13)};
    hint_reuse_bits(rw, 3, 2);
    TT_EQ(rw[0].src_reuse, 1);
    TT_EQ(rw[1].src_reuse, 0);
    /* b and c: each position on its own */
    trc_inst bc[2] = {ti(0x00, 1, 5, 3, 4), ti(0x10, 9, 6, 3, 4)};
    hint_reuse_bits(bc, 2, 2);
    TT_EQ(bc[0].src_reuse, 6);
}

/* Instruction seq of one warp: dst (-1: none) = f(a, b). */
static drv_inst bi(uint64_t seq, int dst, int a, int b)
{
    drv_inst h = mk(a, b, -1, 0);
    h.seq = seq;
    if (dst >= 0) h.dst[h.ndst++] = (uint16_t)dst;
    return h;
}

/* Window of 3 (each instruction sees the registers of the two before it), one warp:
 *   1: R1 = f(R2, R3)   nothing kept yet (a new warp)
 *   2: R4 = f(R1, R2)   R1 (written by 1) and R2 (read by 1) hit
 *   3: R5 = f(R6)       miss
 *   4: R7 = f(R1, R4)   R1 (read by 2) and R4 (written by 2) hit: 4 - 2 <= 2
 *   5: R8 = f(R2)       R2 last read by 2: 5 - 2 = 3, out of the window: miss
 *   6: R9 = f(R5)       R5 written by 3: out of the window: miss, read from the RF
 *   7: R1 = f(R6)       R6 last read by 3: miss; R1's earlier result is overwritten
 * 4 of 10 operands hit, 7 results written into the collector. BOW-WR: only R5's result was
 * read from the RF (by 6); R1 (closed by 7), R4, R7, R8, R9 and the new R1 never are: 6
 * register-file writes saved of 7. Then a new warp in the slot: its first instruction
 * hits nothing, and R9 (the old warp's, 1 instruction ago) is not in its window. */
static void test_bow(void)
{
    sim_cfg c;
    simcfg_defaults(&c);
    c.m.opc.bow_window = 3;
    drv_inst s[7] = {bi(0, 1, 2, 3), bi(1, 4, 1, 2), bi(2, 5, 6, -1), bi(3, 7, 1, 4),
                     bi(4, 8, 2, -1), bi(5, 9, 5, -1), bi(6, 1, 6, -1)};
    uint32_t want[7] = {0, 3, 0, 3, 0, 0, 0};
    for (int wr = 0; wr < 2; wr++) {
        bow_t *b = bow_create(&c.m.hw, &c.m.opc, wr);
        TT_CHECK(b != NULL);
        if (!b) return;
        drv_opc o = bow_opc(b);
        for (int i = 0; i < 7; i++) {
            uint32_t h = o.hits(o.ctx, 0, &s[i]);
            TT_EQ(h, want[i]);
            o.issued(o.ctx, 0, &s[i], h);
        }
        const opc_stats *st = bow_get_stats(b);
        TT_EQ(st->lookups, 10);
        TT_EQ(st->hit_slots, 4);
        TT_EQ(st->hit_regs, 4);
        TT_EQ(st->fills, 7);
        TT_EQ(st->rf_writes_saved, wr ? 6 : 0);
        drv_inst n0 = bi(0, 3, 1, 9), n1 = bi(1, 3, 9, -1);
        TT_EQ(o.hits(o.ctx, 0, &n0), 0);
        o.issued(o.ctx, 0, &n0, 0);
        TT_EQ(o.hits(o.ctx, 0, &n1), 1); /* R9 was read by the new warp's first: kept */
        drv_inst n2 = bi(2, 3, 8, -1);
        TT_EQ(o.hits(o.ctx, 0, &n2), 0); /* R8: the old warp's */
        bow_destroy(b);
    }
    /* storage: 8 warps x 2 earlier instructions x 4 registers x (1024 + valid + 8) */
    TT_EQ(bow_storage_bits(&c.m.hw, &c.m.opc), 8 * 2 * 4 * (1024 + 1 + 8));
}

/* RFC with 2 entries per warp (write-allocate FIFO), one warp:
 *   1: R1 = f(R2)   R2 misses (sources are not allocated); R1 in: {R1}
 *   2: R3 = f(R1)   R1 hits; R3 in: {R1, R3}
 *   3: R4 = f(R1)   R1 hits; R4 in, R1 (oldest) leaves: {R3, R4}
 *   4: R5 = f(R1)   R1 misses: it left and is read from the RF (its write-back needed)
 *   5: R3 = f(R4)   R4 hits; R3 overwritten in place while cached (its first result never
 *                   reached the RF)
 *   then the warp is flushed (left the active set), and
 *   6: R6 = f(R3)   R3 misses (flushed) and is needed from the RF.
 * 3 of 6 operands hit (at 2, 3 and 5). Results: R1 needed, first R3
 * saved (overwritten in the cache), R4, R5 never read again (saved), second R3 needed
 * (read after the flush), R6 open at the end, never read (saved): 4 of 6 saved. */
static void test_rfc(void)
{
    sim_cfg c;
    simcfg_defaults(&c);
    c.m.opc.rfc_entries = 2;
    c.m.opc.rfc_active = 2;
    rfc_t *r = rfc_create(&c.m.hw, &c.m.opc);
    TT_CHECK(r != NULL);
    if (!r) return;
    drv_opc o = rfc_opc(r);
    TT_EQ(o.active_max, 2);
    TT_CHECK(o.flush != NULL);
    drv_inst s[6] = {bi(0, 1, 2, -1), bi(1, 3, 1, -1), bi(2, 4, 1, -1), bi(3, 5, 1, -1),
                     bi(4, 3, 4, -1), bi(5, 6, 3, -1)};
    uint32_t want[6] = {0, 1, 1, 0, 1, 0};
    for (int i = 0; i < 6; i++) {
        if (i == 5) o.flush(o.ctx, 0);
        uint32_t h = o.hits(o.ctx, 0, &s[i]);
        TT_EQ(h, want[i]);
        o.issued(o.ctx, 0, &s[i], h);
    }
    const opc_stats *st = rfc_get_stats(r);
    TT_EQ(st->lookups, 6);
    TT_EQ(st->hit_slots, 3);
    TT_EQ(st->fills, 6);
    TT_EQ(st->rf_writes_saved, 4);
    rfc_destroy(r);
    /* storage: 2 active warps x 6 entries x (1024 + valid + 8) */
    simcfg_defaults(&c);
    TT_EQ(rfc_storage_bits(&c.m.hw, &c.m.opc), 2 * 6 * (1024 + 1 + 8));
}

/* A source of hand-made instructions for register-bank-aware issue: warp w presents its
 * instructions from cycle start[w] on, one after the other. */
typedef struct {
    drv_inst inst[4][4];
    unsigned n[4], next[4], start[4];
    uint64_t cycle;
} rba_src;

static const drv_inst *rba_peek(void *ctx, unsigned w)
{
    rba_src *s = ctx;
    return s->cycle >= s->start[w] && s->next[w] < s->n[w] ? &s->inst[w][s->next[w]] : NULL;
}

static void rba_pop(void *ctx, unsigned w) { ((rba_src *)ctx)->next[w]++; }

/* A small sub-core of baseline collectors for the driver tests: GTO, 2 banks, 3 slots. */
static void small_baseline(sim_cfg *c, unsigned warps, unsigned ccus)
{
    simcfg_defaults(c);
    c->m.hw.caching = 0;
    c->m.hw.sched_gto = 1;
    c->m.hw.banks = 2;
    c->m.hw.warps = warps;
    c->m.hw.ccus = ccus;
    c->m.hw.slots = 3;
    c->m.hw.entries = 3;
}

/* Run driver d on model m for `cycles` cycles of source s; the issue order, warps as
 * digits (a leading warp 0 drops out). */
static unsigned issue_order(drv_t *d, sc_t *m, rba_src *s, uint64_t cycles)
{
    static sc_in in;
    static sc_out out;
    unsigned order = 0;
    for (s->cycle = 0; s->cycle < cycles; s->cycle++) {
        drv_inputs(d, &in);
        sc_step(m, &in, &out);
        if (out.issue_valid) order = order * 10 + out.issue_wid;
        TT_EQ(drv_consume(d, &in, &out), 0);
    }
    return order;
}

/* The order in which warps issue on the baseline collectors (2 banks: bank = (register +
 * warp) mod 2, docs/spec.md D-1), with or without RBA: warp 0 first issues a reader of R0,
 * R2 and R4, three requests to bank 0; from cycle 2 warp 1 offers a reader of R1 and R3
 * (bank 0 twice: score 2 x queue 0) and warp 2 a reader of R1 (bank 1: score queue 1 = 0).
 * GTO takes the older warp 1 first; RBA takes warp 2, whose bank is idle, while bank 0
 * still has warp 0's requests queued. Returns the issue order, warps as digits. */
static unsigned rba_order(int rba, uint64_t *hidden)
{
    sim_cfg c;
    small_baseline(&c, 4, 3);
    c.m.drv.rba = rba;
    rba_src s;
    memset(&s, 0, sizeof s);
    s.inst[0][0] = bi(0, 10, 0, 2);
    s.inst[0][0].src[s.inst[0][0].nsrc++] = 4;
    s.inst[1][0] = bi(0, 11, 1, 3);
    s.inst[2][0] = bi(0, 12, 1, -1);
    s.n[0] = s.n[1] = s.n[2] = 1;
    s.start[1] = s.start[2] = 2;
    for (int w = 0; w < 3; w++) s.inst[w][0].lat = 1;
    drv_src src = {&s, rba_peek, rba_pop, NULL, NULL, NULL, NULL};
    sc_t *m = sc_create_nodata(&c.m.hw);
    drv_t *d = drv_create_src(&c.m.hw, &c.m.drv, &src);
    unsigned order = 0;
    TT_CHECK(m && d);
    if (!m || !d) return 0;
    drv_no_values(d);
    drv_set_model(d, m); /* rba follows c.m.drv.rba */
    order = issue_order(d, m, &s, 40);
    *hidden = drv_get_counts(d)->rba_hidden;
    drv_destroy(d);
    sc_destroy(m);
    return order;
}

#define TL_INT_ALU 0 /* the integer ALU's class (trace/tinst.h TRC_CLS_INT) */

/* The two-level scheduler's issue rule (driver/drv.c, drv_opc.active_max), through the
 * driver and the baseline collectors: 2 warps, 2 collectors, an active set of 1.
 *   warp 0: A  R1 = f(R2), of class cls_a, latency 30
 *           B  R3 = f(R1)  depends on A
 *   warp 1: C  R5 = f(R6)  ready from cycle 0
 * Warp 0, the lower, takes the one place at cycle 0 and issues A. B then waits for R1.
 * With A an ALU instruction or a shared-memory load (a short dependence), warp 0 stays in
 * the set, so warp 1, ready and with a collector free, may not issue: C waits until B has
 * issued and warp 0 has nothing left, and the issue order is A B C ("001"); a one-level
 * scheduler would issue C at once (A C B). With A a global load (a long-latency
 * dependence), warp 0 leaves the set when B waits for R1, warp 1 takes the place and C
 * issues before B: A C B ("010"), and warp 0 comes back when R1 is written. Returns the
 * issue order, warps as digits (A B C = 1, A C B = 10); *cnt the driver's counters. */
static unsigned twolevel_order(unsigned cls_a, unsigned active, drv_counts *cnt)
{
    memset(cnt, 0, sizeof *cnt);
    sim_cfg c;
    small_baseline(&c, 2, 2);
    c.m.opc.operand_cache = OPC_RFC;
    c.m.opc.rfc_active = active;
    rba_src s;
    memset(&s, 0, sizeof s);
    s.inst[0][0] = bi(0, 1, 2, -1);
    s.inst[0][0].cls = cls_a;
    s.inst[0][0].lat = 30;
    s.inst[0][1] = bi(1, 3, 1, -1);
    s.inst[1][0] = bi(0, 5, 6, -1);
    s.inst[0][1].lat = s.inst[1][0].lat = 1;
    s.n[0] = 2;
    s.n[1] = 1;
    drv_src src = {&s, rba_peek, rba_pop, NULL, NULL, NULL, NULL};
    rfc_t *r = rfc_create(&c.m.hw, &c.m.opc);
    sc_t *m = sc_create_nodata(&c.m.hw);
    drv_t *d = drv_create_src(&c.m.hw, &c.m.drv, &src);
    unsigned order = 0;
    TT_CHECK(r && m && d);
    if (r && m && d) {
        drv_no_values(d);
        drv_set_model(d, m);
        drv_opc o = rfc_opc(r);
        TT_EQ(drv_set_opc(d, &o), 0);
        order = issue_order(d, m, &s, 100);
        *cnt = *drv_get_counts(d);
    }
    drv_destroy(d);
    sc_destroy(m);
    rfc_destroy(r);
    return order;
}

static void test_twolevel_rule(void)
{
    drv_counts alu, shm, glb, all;
    TT_EQ(twolevel_order(TL_INT_ALU, 1, &alu), 1); /* A B C */
    TT_CHECK(alu.stall_inactive >= 28); /* C waits while A's 30 cycles run */
    TT_CHECK(alu.stall_inactive_free >= 28); /* with a collector free all along */
    TT_EQ(twolevel_order(DRV_CLS_SHMEM, 1, &shm), 1); /* a shared load is short */
    TT_EQ(twolevel_order(DRV_CLS_LDST, 1, &glb), 10); /* a global load: swapped out */
    TT_CHECK(glb.active_swaps >= 1);
    TT_CHECK(glb.stall_inactive < alu.stall_inactive);
    TT_EQ(twolevel_order(TL_INT_ALU, 2, &all), 10); /* both active: the one-level order */
    TT_EQ(all.stall_inactive, 0);
    TT_EQ(alu.issued, 3); /* the orders above are of all three instructions */
    TT_EQ(shm.issued, 3);
    TT_EQ(glb.issued, 3);
    TT_EQ(all.issued, 3);
}

/* The issue cycles of warps 0 and 1 on the baseline collectors (2 warps, 2 collectors, 2
 * banks: bank = (register + warp) mod 2) with NVIDIA's reuse cache, both warps presenting
 * one instruction from cycle 0: warp 0 A = f(R2, ra), warp 1 C = f(R5), no reuse bit.
 * *a and *c: the cycles A and C issued. */
static void direct_issue(int direct, int ra, uint64_t *a, uint64_t *c)
{
    sim_cfg cf;
    small_baseline(&cf, 2, 2);
    cf.m.opc.operand_cache = OPC_REUSE;
    cf.m.opc.reuse_direct = direct;
    rba_src s;
    memset(&s, 0, sizeof s);
    s.inst[0][0] = bi(0, 1, 2, ra);
    s.inst[1][0] = bi(0, 3, 5, -1);
    s.inst[0][0].lat = s.inst[1][0].lat = 1;
    s.n[0] = s.n[1] = 1;
    drv_src src = {&s, rba_peek, rba_pop, NULL, NULL, NULL, NULL};
    rc_t *r = rc_create(&cf.m.hw, &cf.m.opc);
    sc_t *m = sc_create_nodata(&cf.m.hw);
    drv_t *d = drv_create_src(&cf.m.hw, &cf.m.drv, &src);
    *a = *c = UINT64_MAX;
    TT_CHECK(r && m && d);
    if (r && m && d) {
        static sc_in in;
        static sc_out out;
        drv_no_values(d);
        drv_opc o = rc_opc(r);
        TT_EQ(drv_set_opc(d, &o), 0);
        for (s.cycle = 0; s.cycle < 30; s.cycle++) {
            drv_inputs(d, &in);
            sc_step(m, &in, &out);
            if (out.issue_valid) *(out.issue_wid ? c : a) = s.cycle;
            TT_EQ(drv_consume(d, &in, &out), 0);
        }
    }
    drv_destroy(d);
    sc_destroy(m);
    rc_destroy(r);
}

/* reuse_read = direct, worked out by hand. The read stage's cycles (rc_read_cycles: the
 * most non-hit registers read from one bank, a register named twice read once): warp 0,
 * 2 banks, R2 R4 R3 -> bank 0 twice, bank 1 once: 2 cycles; R2 from the cache: 1; R2 R2:
 * 1; warp 1, R2 R4 -> banks 1 and 1: 2. Through the hook: an instruction of 2 cycles
 * issued at cycle 10 keeps the stage closed at 11 and open at 12; with R2 a hit it is open
 * at 11. Through the driver and the baseline collectors (direct_issue): A = f(R2, R4) reads
 * bank 0 twice, so C issues 2 cycles after A, where the OCU machine's second collector
 * takes C the next cycle; A = f(R2, R3) (one read per bank): 1 cycle after, on both. */
static void test_reuse_direct(void)
{
    drv_inst h = mk(2, 4, 3, 0);
    TT_EQ(rc_read_cycles(2, 0, &h, 0), 2);
    TT_EQ(rc_read_cycles(2, 0, &h, 1u), 1);
    TT_EQ(rc_read_cycles(2, 0, &h, 7u), 1); /* every source hit: still one cycle */
    drv_inst dd = mk(2, 2, -1, 0);
    TT_EQ(rc_read_cycles(2, 0, &dd, 0), 1);
    drv_inst w1 = mk(2, 4, -1, 0);
    TT_EQ(rc_read_cycles(2, 1, &w1, 0), 2);
    TT_EQ(rc_read_cycles(1, 0, &h, 0), 3); /* one bank: every register through its port */

    sim_cfg c;
    simcfg_defaults(&c);
    c.m.hw.banks = 2;
    c.m.hw.caching = 0;
    c.m.opc.operand_cache = OPC_REUSE;
    c.m.opc.reuse_direct = 1;
    for (uint32_t hits = 0; hits < 2; hits++) {
        rc_t *r = rc_create(&c.m.hw, &c.m.opc);
        TT_CHECK(r != NULL);
        if (!r) return;
        drv_opc o = rc_opc(r);
        TT_CHECK(o.gate != NULL);
        drv_inst a = mk(2, 4, -1, 0);
        TT_EQ(o.gate(o.ctx, 10), 1);
        o.issued(o.ctx, 0, &a, hits);
        TT_EQ(o.gate(o.ctx, 11), hits ? 1 : 0);
        TT_EQ(o.gate(o.ctx, 12), 1);
        TT_EQ(rc_get_stats(r)->read_stalls, hits ? 0u : 1u);
        rc_destroy(r);
    }
    c.m.opc.reuse_direct = 0; /* the OCU machine: no gate */
    rc_t *r = rc_create(&c.m.hw, &c.m.opc);
    TT_CHECK(r && !rc_opc(r).gate);
    rc_destroy(r);

    uint64_t a, cc;
    direct_issue(1, 4, &a, &cc);
    TT_CHECK(a < 30);
    TT_EQ(cc, a + 2);
    direct_issue(0, 4, &a, &cc);
    TT_CHECK(a < 30);
    TT_EQ(cc, a + 1);
    direct_issue(1, 3, &a, &cc);
    TT_EQ(cc, a + 1);
    direct_issue(0, 3, &a, &cc);
    TT_EQ(cc, a + 1);
}

static void test_rba(void)
{
    uint64_t hidden;
    TT_EQ(rba_order(0, &hidden), 12); /* warp 0, then 1, then 2: "012" */
    TT_EQ(hidden, 0);
    TT_EQ(rba_order(1, &hidden), 21); /* warp 0, then 2, then 1 */
    TT_CHECK(hidden >= 1);
}

/* Write-back CCUs (ccu_writeback = on) on one warp, worked out by hand with the write
 * filter on (only near results enter the owner's CCU) and the CCU's 8 entries never full:
 *   i0: R1 = f(R0)  near: R1 enters the CCU (open, unneeded)
 *   i1: R1 = f(R2)  near: i0's R1 closes, never read: saved; the new R1 enters the CCU
 *   i2: R3 = f(R1)  far: R1 read from the CCU (a hit: still unneeded); R3 does not enter
 *                   the CCU, so it goes to the register file at once: needed
 *   i3: R4 = f(R3)  near: R4 enters the CCU; R3 read from the register file
 * At the end R1 (i1) and R4 are open and unneeded: 3 of the 4 register-file writes saved,
 * 3 write-backs went into the CCU. */
static void test_ccu_writeback(void)
{
    sim_cfg c;
    simcfg_defaults(&c);
    c.m.hw.data_bits = 64;
    c.m.hw.warps = 4;
    c.m.hw.entries = 8;
    c.m.hw.slots = 3;
    c.m.drv.ccu_writeback = 1;
    rba_src s;
    memset(&s, 0, sizeof s);
    s.inst[0][0] = bi(0, 1, 0, -1);
    s.inst[0][1] = bi(1, 1, 2, -1);
    s.inst[0][2] = bi(2, 3, 1, -1);
    s.inst[0][3] = bi(3, 4, 3, -1);
    s.inst[0][0].dst_near[0] = s.inst[0][1].dst_near[0] = s.inst[0][3].dst_near[0] = 1;
    for (int i = 0; i < 4; i++) s.inst[0][i].lat = 4;
    s.n[0] = 4;
    drv_src src = {&s, rba_peek, rba_pop, NULL, NULL, NULL, NULL};
    sc_t *m = sc_create_nodata(&c.m.hw);
    drv_t *d = drv_create_src(&c.m.hw, &c.m.drv, &src);
    TT_CHECK(m && d);
    if (!m || !d) return;
    drv_no_values(d);
    TT_EQ(drv_set_model(d, m), 0);
    static sc_in in;
    static sc_out out;
    for (s.cycle = 0; s.cycle < 200; s.cycle++) {
        drv_inputs(d, &in);
        sc_step(m, &in, &out);
        TT_EQ(drv_consume(d, &in, &out), 0);
    }
    const drv_counts *dc = drv_get_counts(d);
    TT_EQ(dc->issued, 4);
    TT_EQ(dc->written_back, 4);
    TT_EQ(dc->ccu_wb_cached, 3);
    TT_EQ(dc->ccu_wb_saved, 3);
    drv_destroy(d);
    sc_destroy(m);
}

int main(void)
{
    TT_RUN(test_ccu_writeback);
    TT_RUN(test_rba);
    TT_RUN(test_rfc);
    TT_RUN(test_twolevel_rule);
    TT_RUN(test_bow);
    TT_RUN(test_listing4);
    TT_RUN(test_warps_and_regs);
    TT_RUN(test_reuse_bits);
    TT_RUN(test_reuse_direct);
    TT_EXIT();
}
