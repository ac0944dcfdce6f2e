/* test_proto.c - the authors' prototype policy (compare/proto.c, operand_cache = proto),
 * worked out by hand on small handmade instruction streams: the exact next-use distances
 * it is given (hint_next_use), replacement by the farthest next read where LRU would evict
 * another value, admission at once above rthld = 10 and after a wait of 50 stall cycles
 * otherwise, through the driver. */
#include <string.h>
#include "simcfg.h"
#include "cfg.h"
#include "drv.h"
#include "hint.h"
#include "proto.h"
#include "sc.h"
#include "tt.h"

/* A trace instruction of destination d and sources a, b (-1: none). */
static trc_inst ti(int d, int a, int b)
{
    trc_inst t;
    memset(&t, 0, sizeof t);
    uint8_t dst[1], src[2];
    unsigned nd = 0, ns = 0;
    if (d >= 0) dst[nd++] = (uint8_t)d;
    if (a >= 0) src[ns++] = (uint8_t)a;
    if (b >= 0) src[ns++] = (uint8_t)b;
    trc_set_regs(&t, dst, nd, src, ns, NULL);
    return t;
}

/* One warp, operands in order (destinations, then sources):
 *   0: R1 = f(R2, R3)  R1 read by 2: 2;  R2 read by 1: 1;  R3 read by 3 (a read-and-write): 3
 *   1: R4 = f(R2)      R4 written by 4 before any read: 0;  R2 never touched again: 0
 *   2: R5 = f(R1)      R5 read by 5: 3;  R1 never again: 0
 *   3: R3 = f(R3)      R3 (written) never read again: 0;  R3 (read) never again: 0
 *   4: R4 = f(R6)      R4 never read: 0;  R6 never again: 0
 *   5: -   = f(R5)     R5: 0
 * Near with rthld = 2 (hint_exact) is exactly a distance of 1..2. */
static void test_proto_next_use(void)
{
    trc_inst w[6] = {ti(1, 2, 3), ti(4, 2, -1), ti(5, 1, -1), ti(3, 3, -1), ti(4, 6, -1),
                     ti(-1, 5, -1)};
    uint16_t d[12];
    uint16_t want[12] = {2, 1, 3, 0, 0, 3, 0, 0, 0, 0, 0, 0};
    memset(d, 0xff, sizeof d);
    hint_next_use(w, 6, d);
    for (int i = 0; i < 12; i++) TT_EQ(d[i], want[i]);
    hint_exact(w, 6, 2);
    unsigned k = 0;
    for (int i = 0; i < 6; i++) {
        for (unsigned j = 0; j < w[i].ndst; j++, k++)
            TT_EQ(trc_dst_near(&w[i], j), d[k] >= 1 && d[k] <= 2);
        for (unsigned j = 0; j < w[i].nsrc; j++, k++)
            TT_EQ(trc_src_near(&w[i], j), d[k] >= 1 && d[k] <= 2);
    }
    TT_EQ(k, 12);
}

/* A driver instruction of warp sequence number seq reading register a with distance da
 * (-1: no source) and writing d with distance dd (-1: no destination). */
static drv_inst pi(uint64_t seq, int a, unsigned da, int d, unsigned dd)
{
    drv_inst h;
    memset(&h, 0, sizeof h);
    h.seq = seq;
    h.lat = 1;
    if (a >= 0) {
        h.src[0] = (uint16_t)a;
        h.src_dist[0] = (uint16_t)da;
        h.nsrc = 1;
    }
    if (d >= 0) {
        h.dst[0] = (uint16_t)d;
        h.dst_dist[0] = (uint16_t)dd;
        h.ndst = 1;
    }
    return h;
}

/* One warp, a CCU of 2 entries, sources only (position = instruction number, from 1):
 *   1: read R1 (next read at 4)  miss, fills e0 {R1 @4}
 *   2: read R2 (next read at 6)  miss, fills e1 {R2 @6}
 *   3: read R3 (next read at 5)  miss; full: LRU would evict R1 (touched at 1), the
 *                                farthest next read is R2's (6): R2 leaves {R1 @4, R3 @5}
 *   4: read R1 (never again)     hit (with LRU: a miss)
 *   5: read R3 (never again)     hit
 *   6: read R2 (never again)     miss: it left at 3; it fills the entry of R1 or R3,
 *                                both never read again: the least recently touched, R1's
 * 2 of 6 hit; 4 fills; one live value evicted (R2 at 3). With the same start, an owner
 * whose nearest value is 6 on is given before one whose nearest is 2 on. */
static void test_proto_victim(void)
{
    sim_cfg c;
    simcfg_defaults(&c);
    c.m.hw.caching = 0;
    c.m.opc.operand_cache = OPC_PROTO;
    c.m.hw.warps = 2;
    c.m.hw.ccus = 2;
    c.m.hw.entries = 2;
    c.m.drv.rthld = 10;
    c.m.hw.sthld_init = 50;
    proto_t *p = proto_create(&c.m.hw, &c.m.drv);
    TT_CHECK(p != NULL);
    if (!p) return;
    drv_opc o = proto_opc(p);
    TT_EQ(o.active_max, 2);
    TT_CHECK(o.flush != NULL && o.admit != NULL);
    drv_inst s[6] = {pi(0, 1, 3, -1, 0), pi(1, 2, 4, -1, 0), pi(2, 3, 2, -1, 0),
                     pi(3, 1, 0, -1, 0), pi(4, 3, 0, -1, 0), pi(5, 2, 0, -1, 0)};
    uint32_t want[6] = {0, 0, 0, 1, 1, 0};
    for (int i = 0; i < 6; i++) {
        uint32_t h = o.hits(o.ctx, 0, &s[i]);
        TT_EQ(h, want[i]);
        o.issued(o.ctx, 0, &s[i], h);
    }
    drv_inst r1 = pi(6, 1, 0, -1, 0), r3 = pi(6, 3, 0, -1, 0), r2 = pi(6, 2, 0, -1, 0);
    TT_EQ(o.hits(o.ctx, 0, &r1), 0); /* R1 gave its entry to R2 at 6 */
    TT_EQ(o.hits(o.ctx, 0, &r3), 1);
    TT_EQ(o.hits(o.ctx, 0, &r2), 1);
    const opc_stats *st = proto_get_stats(p);
    TT_EQ(st->lookups, 6);
    TT_EQ(st->hit_slots, 2);
    TT_EQ(st->fills, 4);
    TT_EQ(proto_get_stats(p)->evict_live, 1);
    /* admission: warp 0 (at 6) holds only values never read again: no live value, so it is
     * the one given; warp 1 reads R7 at its 1, next read at 1 + 2 = 3 (2 on, near) */
    drv_inst w1 = pi(0, 7, 2, -1, 0);
    o.issued(o.ctx, 1, &w1, o.hits(o.ctx, 1, &w1));
    TT_EQ(o.admit(o.ctx, 1, 3), 0); /* (w argument is the waiting warp; any) */
    TT_EQ(proto_get_stats(p)->admit_far, 1);
    TT_EQ(o.admit(o.ctx, 0, 2), -1); /* only warp 1's CCU free: its value 2 on, refused */
    TT_EQ(proto_get_stats(p)->admit_refused, 1);
    TT_EQ(o.admit(o.ctx, 0, 0), -1); /* no CCU free: not a refused cycle */
    TT_EQ(proto_get_stats(p)->admit_refused, 1);
    proto_destroy(p);
    /* storage: 2 CCUs x 2 entries x (1024 data + valid + 8 register id + 16 distance) and a
     * stall counter of clog2(51) = 6 bits */
    TT_EQ(proto_storage_bits(&c.m.hw), 2 * 2 * (1024 + 1 + 8 + 16) + 6);
}

/* A handmade source: warp 0 presents ins[0] from cycle 0 and then nothing; warp 1 presents
 * ins[1] from cycle 0. Records the cycle warp 1 issued. */
typedef struct {
    drv_inst ins[2];
    unsigned next[2];
    uint64_t cycle, w1_issue;
} adm_src;

static const drv_inst *adm_peek(void *ctx, unsigned w)
{
    adm_src *s = ctx;
    return w < 2 && s->next[w] < 1 ? &s->ins[w] : NULL;
}

static void adm_pop(void *ctx, unsigned w)
{
    adm_src *s = ctx;
    s->next[w]++;
    if (w == 1) s->w1_issue = s->cycle;
}

/* One CCU, two warps; warp 0 takes it first (the two waited alike: the lower warp) and
 * issues R1 = f(R2) (R2 never read again; R1 next read d1 instructions on), then has
 * nothing to present: its CCU holds R1 only. Warp 1 waits outside. From the first cycle in
 * which nothing is presented and warp 0's instruction has left collection (cycle X), warp
 * 1 is asked about in every cycle: with d1 = 11 (> rthld = 10) it takes the CCU at X and
 * issues the next cycle; with d1 = 10 it is refused at X .. X + 49 (50 cycles) and takes
 * it at X + 50: it issues exactly 50 cycles later, and warp 0's CCU is flushed. Returns
 * the cycle warp 1 issued; *cnt the design's counters. */
static uint64_t admission(unsigned d1, opc_stats *cnt)
{
    sim_cfg c;
    simcfg_defaults(&c);
    c.m.hw.caching = 0;
    c.m.opc.operand_cache = OPC_PROTO;
    c.m.hw.warps = 2;
    c.m.hw.ccus = 1;
    c.m.hw.banks = 2;
    c.m.hw.slots = 3;
    c.m.hw.entries = 4;
    c.m.drv.rthld = 10;
    c.m.hw.sthld_adaptive = 0;
    c.m.hw.sthld_init = 50;
    adm_src s;
    memset(&s, 0, sizeof s);
    s.ins[0] = pi(0, 2, 0, 1, d1);
    s.ins[1] = pi(0, 5, 0, 4, 0);
    s.w1_issue = UINT64_MAX;
    drv_src src = {&s, adm_peek, adm_pop, NULL, NULL, NULL, NULL};
    proto_t *p = proto_create(&c.m.hw, &c.m.drv);
    sc_t *m = sc_create_nodata(&c.m.hw);
    drv_t *d = drv_create_src(&c.m.hw, &c.m.drv, &src);
    TT_CHECK(p && m && d);
    if (p && m && d) {
        drv_no_values(d);
        drv_opc o = proto_opc(p);
        TT_EQ(drv_set_opc(d, &o), 0);
        static sc_in in;
        static sc_out out;
        for (s.cycle = 0; s.cycle < 200; s.cycle++) {
            drv_inputs(d, &in);
            sc_step(m, &in, &out);
            TT_EQ(drv_consume(d, &in, &out), 0);
        }
        drv_inst r1 = pi(1, 1, 0, -1, 0);
        TT_EQ(o.hits(o.ctx, 0, &r1), 0); /* flushed when warp 1 took its CCU */
        TT_EQ(drv_get_counts(d)->issued, 2);
        *cnt = *proto_get_stats(p);
    }
    drv_destroy(d);
    sc_destroy(m);
    proto_destroy(p);
    return s.w1_issue;
}

static void test_proto_admission(void)
{
    opc_stats far, near;
    uint64_t t_far = admission(11, &far), t_near = admission(10, &near);
    TT_CHECK(t_far < 100);
    TT_EQ(t_near - t_far, 50);
    TT_EQ(far.admit_far, 1);
    TT_EQ(far.admit_wait, 0);
    TT_EQ(far.admit_refused, 0);
    TT_EQ(near.admit_far, 0);
    TT_EQ(near.admit_wait, 1);
    TT_EQ(near.admit_refused, 50);
}

int main(void)
{
    TT_RUN(test_proto_next_use);
    TT_RUN(test_proto_victim);
    TT_RUN(test_proto_admission);
    TT_EXIT();
}
