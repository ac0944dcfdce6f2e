/* test_opcrules.c - rules of the comparison designs (compare/), worked out by hand from
 * docs/compare.md and reuse.h / opc.h: the reuse cache's entry (bank, position) hits only
 * for the warp that filled it (another warp whose register falls in the same bank
 * misses), a read without its reuse bit empties the entry; hits are counted per register
 * (R2 * R2 with both operands served is one register hit, with one served none); the
 * counters of two sub-cores add up field by field. */
#include <string.h>
#include "simcfg.h"
#include "arb.h"
#include "opc.h"
#include "reuse.h"
#include "tt.h"

/* An instruction reading registers r0, r1 at operand positions 0, 1 (reuse bits `reuse`). */
static drv_inst inst2(unsigned r0, unsigned r1, uint32_t reuse)
{
    drv_inst h;
    memset(&h, 0, sizeof h);
    h.nsrc = 2;
    h.src[0] = (uint16_t)r0;
    h.src[1] = (uint16_t)r1;
    h.src_reuse = reuse;
    return h;
}

/* 2 banks (bank = (reg + warp) mod 2): warp 0's R4 and warp 2's R4 share bank 0. */
static void test_reuse_needs_same_warp(void)
{
    sim_cfg c;
    simcfg_defaults(&c);
    c.m.hw.banks = 2;
    TT_EQ(arb_bank(0, 4, 2), arb_bank(2, 4, 2));   /* the case this test is about */
    rc_t *r = rc_create(&c.m.hw, &c.m.opc);
    TT_CHECK(r != NULL);
    if (!r) return;
    drv_opc o = rc_opc(r);
    drv_inst fill = inst2(4, 7, 1u);                 /* R4 at position 0, reuse bit set */
    TT_EQ(o.hits(o.ctx, 0, &fill), 0);               /* empty: a miss */
    o.issued(o.ctx, 0, &fill, 0);                    /* fills entry (bank 0, position 0) */
    drv_inst again = inst2(4, 9, 1u);
    TT_EQ(o.hits(o.ctx, 2, &again), 0);              /* same bank and register, warp 2 */
    TT_EQ(o.hits(o.ctx, 0, &again), 1u);             /* warp 0: slot 0 hits */
    drv_inst pos1 = inst2(9, 4, 0);                  /* R4 at position 1: another entry */
    TT_EQ(o.hits(o.ctx, 0, &pos1), 0);
    drv_inst later = inst2(4, 9, 0);                 /* a later pass: R4 at position 1 */
    later.src_pos = 1;
    TT_EQ(o.hits(o.ctx, 0, &later), 0);
    drv_inst other = inst2(6, 9, 0);                 /* R6: bank 0 too, another register */
    TT_EQ(o.hits(o.ctx, 0, &other), 0);
    o.issued(o.ctx, 0, &again, 1u);                  /* a hit, bit set: kept, no fill */
    drv_inst drop = inst2(4, 9, 0);
    TT_EQ(o.hits(o.ctx, 0, &drop), 1u);
    o.issued(o.ctx, 0, &drop, 1u);                   /* read without the bit: emptied */
    TT_EQ(o.hits(o.ctx, 0, &drop), 0);
    const opc_stats *s = rc_get_stats(r);
    TT_EQ(s->fills, 1);
    TT_EQ(s->lookups, 6);                            /* three issues of two positions */
    TT_EQ(s->hit_slots, 2);
    rc_destroy(r);
}

static void test_hits_per_register(void)
{
    opc_stats st;
    memset(&st, 0, sizeof st);
    drv_inst sq = inst2(2, 2, 0);                    /* R2 * R2 */
    opc_note_sources(&st, &sq, 3u, 3u);              /* both served: one register */
    TT_EQ(st.hit_regs, 1);
    TT_EQ(st.hit_slots, 2);
    TT_EQ(st.lookups, 2);
    opc_note_sources(&st, &sq, 3u, 1u);              /* one served: R2 still read */
    TT_EQ(st.hit_regs, 1);
    TT_EQ(st.hit_slots, 3);
    opc_note_sources(&st, &sq, 3u, 2u);              /* the second only: the same */
    TT_EQ(st.hit_regs, 1);
    drv_inst two = inst2(2, 3, 0);                   /* R2 * R3, both: two registers */
    opc_note_sources(&st, &two, 3u, 3u);
    TT_EQ(st.hit_regs, 3);
    drv_inst three = inst2(2, 3, 0);                 /* R2, R3, R2: R2's last missed */
    three.nsrc = 3;
    three.src[2] = 2;
    opc_note_sources(&st, &three, 7u, 3u);           /* R3 only */
    TT_EQ(st.hit_regs, 4);
    TT_EQ(st.lookups, 2 + 2 + 2 + 2 + 3);
    TT_EQ(st.hit_slots, 2 + 1 + 1 + 2 + 2);
    /* folded into a sub-core: served operands add slots, registers and hits */
    sc_stats sc;
    memset(&sc, 0, sizeof sc);
    sc.bank_writes = 10;
    st.fills = 6;
    st.rf_writes_saved = 4;
    opc_fold(&st, &sc);
    TT_EQ(sc.src_slots, 8);
    TT_EQ(sc.src_regs, 4);
    TT_EQ(sc.src_hits, 4);
    TT_EQ(sc.ccu_data_writes, 6);
    TT_EQ(sc.bank_writes, 6);
}

/* opc_add: every counter of opc_stats (each its own value) summed. */
static void test_opc_add_every_counter(void)
{
    opc_stats t, a;
    uint64_t *pt = (uint64_t *)&t, *pa = (uint64_t *)&a;
    size_t n = sizeof t / sizeof(uint64_t);
    TT_EQ(sizeof t % sizeof(uint64_t), 0);
    for (size_t i = 0; i < n; i++) {
        pt[i] = 100 + i;
        pa[i] = 3 * i + 1;
    }
    opc_add(&t, &a);
    int all = 1;
    for (size_t i = 0; i < n; i++) all &= pt[i] == 100 + i + 3 * i + 1;
    TT_CHECK(all);
}

int main(void)
{
    TT_RUN(test_reuse_needs_same_warp);
    TT_RUN(test_hits_per_register);
    TT_RUN(test_opc_add_every_counter);
    TT_EXIT();
}
