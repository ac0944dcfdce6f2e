/* test_gtoany.c - GTO + LRU caches on the baseline's any-free collectors (compare/gtoany.c,
 * operand_cache = gto_any, and its control gto_own), worked out by hand: two warps, two
 * collectors of two entries, the hook called as the driver calls it. */
#include <string.h>
#include "simcfg.h"
#include "cfg.h"
#include "drv.h"
#include "gtoany.h"
#include "tt.h"

/* A driver instruction of warp sequence number seq reading a and b (-1: none) and writing d
 * (-1: none). */
static drv_inst gi(uint64_t seq, int a, int b, int d)
{
    drv_inst h;
    memset(&h, 0, sizeof h);
    h.seq = seq;
    h.lat = 1;
    if (a >= 0) h.src[h.nsrc++] = (uint16_t)a;
    if (b >= 0) h.src[h.nsrc++] = (uint16_t)b;
    if (d >= 0) h.dst[h.ndst++] = (uint16_t)d;
    return h;
}

/* Warp w issues h: hits() then issued(), as the driver calls them; returns the hits. */
static uint32_t issue(drv_opc *o, unsigned w, const drv_inst *h)
{
    uint32_t m = o->hits(o->ctx, w, h);
    o->issued(o->ctx, w, h, m);
    return m;
}

/* Warp w's instruction dispatched, and a new cycle begins (its collector free again). */
static void dispatch(drv_opc *o, unsigned w)
{
    o->dispatched(o->ctx, w);
    o->gate(o->ctx, 0);
}

/* *c: the defaults with the baseline collectors, `ccus` of them for 2 warps, and design
 * gto_own (own) or gto_any; entries and lfsr_seed set when not 0. Its design, or NULL. */
static gtoany_t *make(sim_cfg *c, int own, unsigned ccus, unsigned entries, unsigned seed)
{
    simcfg_defaults(c);
    c->m.hw.caching = 0;
    c->m.opc.operand_cache = own ? OPC_GTO_OWN : OPC_GTO_ANY;
    c->m.hw.warps = 2;
    c->m.hw.ccus = ccus;
    if (entries) c->m.hw.entries = entries;
    if (seed) c->m.hw.lfsr_seed = seed;
    return gtoany_create(&c->m.hw, own);
}

/* lfsr_seed = 1: the pick starts at collector (state mod 2) among the free ones; the state
 * is 1, 2, 4, 8, 16, 32 at issues 1..6 (no feedback bit before the 11th), so the first
 * issue prefers collector 1 and the later ones collector 0.
 *   1: w0 R1 = f(R2)      free {0,1}, start 1: c1, unowned: w0 takes it (a move). R2
 *                         misses: fills R2, then R1: c1 {R2, R1}; 2 fills
 *   2: w1 R5 = f(R6)      free {0}: c0, w1 takes it (a move); c0 {R6, R5}; 4 fills
 *      w0 dispatched: c1 free next cycle
 *   3: w0 R3 = f(R1, R2)  free {1}: c1, w0's own: R1 and R2 hit; R3 finds both entries
 *                         held by this instruction and is not cached; 4 fills
 *      w1 and w0 dispatched: both free
 *   4: w0 R4 = f(R1)      free {0,1}, start 0: c0, w1's: no hit (R1 is in c1); c0's values
 *                         (w1's R6, R5) and w0's in c1 are dropped (2 non-empty drops);
 *                         c0 {R1, R4}; 6 fills. (Before it, w1 would have hit R5 in c0.)
 *      w0 dispatched
 *   5: w1 f(R5)           free {0,1}, start 0: c0, w0's now: no hit, c0 dropped (3 drops);
 *                         c0 {R5}; 7 fills
 *      w1 dispatched, no new cycle yet: c0 is still busy, so w1's pick is c1 (not its own:
 *      R5 does not hit); from the next cycle c0 is free and picked (start 0): R5 hits.
 * 6 lookups, 2 hit, 7 fills, 4 moves (every issue but the third), 3 non-empty drops. */
static void test_gtoany_by_hand(void)
{
    sim_cfg c;
    gtoany_t *g = make(&c, 0, 2, 2, 1);
    TT_CHECK(g != NULL);
    if (!g) return;
    drv_opc o = gtoany_opc(g);
    TT_EQ(o.active_max, 0);
    TT_CHECK(o.dispatched != NULL && o.gate != NULL && o.admit == NULL);
    drv_inst i1 = gi(0, 2, -1, 1), i2 = gi(0, 6, -1, 5), i3 = gi(1, 1, 2, 3), i4 = gi(2, 1, -1, 4);
    drv_inst i5 = gi(1, 5, -1, -1), r5 = gi(2, 5, -1, -1);
    TT_EQ(issue(&o, 0, &i1), 0);
    TT_EQ(issue(&o, 1, &i2), 0);
    dispatch(&o, 0);
    TT_EQ(issue(&o, 0, &i3), 3);
    TT_EQ(gtoany_get_stats(g)->fills, 4);
    dispatch(&o, 1);
    dispatch(&o, 0);
    TT_EQ(o.hits(o.ctx, 1, &i5), 1); /* w1 would go to c0, its own, where R5 is */
    TT_EQ(issue(&o, 0, &i4), 0);
    TT_EQ(o.hits(o.ctx, 1, &i5), 0); /* c1 is free and unowned now; w1's values are gone */
    dispatch(&o, 0);
    TT_EQ(issue(&o, 1, &i5), 0);
    o.dispatched(o.ctx, 1);
    TT_EQ(o.hits(o.ctx, 1, &r5), 0); /* c0 is free only from the next cycle */
    TT_EQ(o.gate(o.ctx, 1), 1);      /* the next cycle: never holds the issue */
    TT_EQ(o.hits(o.ctx, 1, &r5), 1);
    const opc_stats *st = gtoany_get_stats(g);
    TT_EQ(st->lookups, 6);
    TT_EQ(st->hit_slots, 2);
    TT_EQ(st->hit_regs, 2);
    TT_EQ(st->fills, 7);
    TT_EQ(st->moves, 4);
    TT_EQ(st->drops_nonempty, 3);
    /* storage: 2 collectors x 2 entries x (1024 data + valid + 8 register id) and an owner
     * per collector (valid + 1-bit warp id) */
    TT_EQ(gtoany_storage_bits(&c.m.hw), 2 * 2 * (1024 + 1 + 8) + 2 * 2);
    TT_EQ(gtoany_entries(&c.m.hw), 4);
    gtoany_destroy(g);
}

/* gto_own, the same first four issues: at the fourth both collectors are free and the
 * random pick would give c0 (w1's), but w0's own c1 is free, so it goes there and R1 hits;
 * only the first two issues take a collector (2 moves), nothing is dropped. Then w1, whose
 * c0 is free, goes back to it and R5 hits. 6 lookups, 4 hit. */
static void test_gtoany_own(void)
{
    sim_cfg c;
    gtoany_t *g = make(&c, 1, 2, 2, 1);
    TT_CHECK(g != NULL);
    if (!g) return;
    drv_opc o = gtoany_opc(g);
    drv_inst i1 = gi(0, 2, -1, 1), i2 = gi(0, 6, -1, 5), i3 = gi(1, 1, 2, 3), i4 = gi(2, 1, -1, 4);
    drv_inst i5 = gi(1, 5, -1, -1);
    TT_EQ(issue(&o, 0, &i1), 0);
    TT_EQ(issue(&o, 1, &i2), 0);
    dispatch(&o, 0);
    TT_EQ(issue(&o, 0, &i3), 3);
    dispatch(&o, 1);
    dispatch(&o, 0);
    TT_EQ(issue(&o, 0, &i4), 1);
    TT_EQ(issue(&o, 1, &i5), 1);
    const opc_stats *st = gtoany_get_stats(g);
    TT_EQ(st->lookups, 6);
    TT_EQ(st->hit_slots, 4);
    TT_EQ(st->moves, 2);
    TT_EQ(st->drops_nonempty, 0);
    gtoany_destroy(g);
}

/* A new warp in a slot (seq 0) finds nothing of the slot's previous warp: warp 0 reads R2
 * twice (the second hits), then a new warp 0 reads R2: no hit, with one collector (so the
 * pick is fixed). */
static void test_gtoany_new_warp(void)
{
    sim_cfg c;
    gtoany_t *g = make(&c, 0, 1, 0, 0);
    TT_CHECK(g != NULL);
    if (!g) return;
    drv_opc o = gtoany_opc(g);
    drv_inst a = gi(0, 2, -1, -1), b = gi(1, 2, -1, -1), n = gi(0, 2, -1, -1);
    TT_EQ(issue(&o, 0, &a), 0);
    dispatch(&o, 0);
    TT_EQ(issue(&o, 0, &b), 1);
    dispatch(&o, 0);
    TT_EQ(issue(&o, 0, &n), 0);
    TT_EQ(gtoany_get_stats(g)->moves, 2);          /* the first warp's take and the new one's */
    TT_EQ(gtoany_get_stats(g)->drops_nonempty, 1); /* the old warp's R2 */
    gtoany_destroy(g);
}

int main(void)
{
    TT_RUN(test_gtoany_by_hand);
    TT_RUN(test_gtoany_own);
    TT_RUN(test_gtoany_new_warp);
    TT_EXIT();
}
