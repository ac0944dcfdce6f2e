/* test_compare.c - the comparison designs of compare/: NVIDIA's operand reuse cache on the
 * four examples of Huerta et al. (MICRO 2025, Listing 4), worked out by hand, and the
 * compiler's reuse bits (hints/reuse.c) on the same patterns. */
#include <string.h>
#include "cfg.h"
#include "hint.h"
#include "reuse.h"
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
static void run(const drv_inst *in, unsigned n, uint32_t *hits, rc_stats *st)
{
    cfg_t c;
    cfg_defaults(&c);
    c.banks = 2;
    rc_t *r = rc_create(&c);
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
    rc_stats st;
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
    cfg_t c;
    cfg_defaults(&c);
    c.banks = 2;
    rc_t *r = rc_create(&c);
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
    rc_stats before = *rc_get_stats(r);
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
    cfg_defaults(&c);
    TT_EQ(rc_storage_bits(&c), (uint64_t)c.banks * 3 * (c.data_bits + 1 + cfg_clog2(c.warps) +
                                                          cfg_clog2(c.regs)));
    TT_EQ(rc_storage_bits(&c), 2 * 3 * (1024 + 1 + 3 + 8));
}

/* A trace instruction at pc of sources a, b, c and destination d (-1: none). */
static trc_inst ti(uint32_t pc, int d, int a, int b, int c)
{
    trc_inst t;
    memset(&t, 0, sizeof t);
    t.pc = pc;
    if (d >= 0) t.dst[t.ndst++] = (uint8_t)d;
    int s[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        if (s[i] >= 0) t.src[t.nsrc++] = (uint8_t)s[i];
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

int main(void)
{
    TT_RUN(test_listing4);
    TT_RUN(test_warps_and_regs);
    TT_RUN(test_reuse_bits);
    TT_EXIT();
}
