/* test_drvwb.c - the driver's write-back rules (driver/drv.c) and its random draws
 * (driver/rng.c), worked out by hand: a result is presented exactly its latency after
 * its dispatch, two ready write-backs on one port go oldest first (the younger waits
 * while the older is refused; of two ready at the same cycle, the one recorded first), and rng_pct(pct) is 1 for pct in 100 of the draws: 1 % and
 * 99 % pinned at their ends. */
#include <string.h>
#include "simcfg.h"
#include "cfg.h"
#include "drv.h"
#include "rng.h"
#include "tt.h"

static sc_in in;
static sc_out out;

/* Issue warp w's presented instruction (out), remembering what to dispatch. */
static void issue(drv_t *d, unsigned w, uint32_t *tag, uint8_t *valid)
{
    *tag = in.inst_tag[w];
    memcpy(valid, in.inst_src_valid[w], CFG_MAX_S);
    memset(&out, 0, sizeof out);
    out.issue_valid = 1;
    out.issue_wid = (uint16_t)w;
    TT_EQ(drv_consume(d, &in, &out), 0);
}

/* Dispatch warp w's instruction (operands all zero: nothing was written yet). */
static void dispatch(drv_t *d, unsigned w, uint32_t tag, const uint8_t *valid, const sim_cfg *c)
{
    memset(&out, 0, sizeof out);
    out.disp_valid = 1;
    out.disp_wid = (uint16_t)w;
    out.disp_tag = tag;
    for (unsigned s = 0; s < c->m.hw.slots; s++) out.disp_src_valid[s] = valid[s];
    TT_EQ(drv_consume(d, &in, &out), 0);
}

/* Nothing issued or dispatched; write-back port 0 accepted iff accept. */
static void idle(drv_t *d, int accept)
{
    memset(&out, 0, sizeof out);
    out.wb_ready[0] = (uint8_t)accept;
    TT_EQ(drv_consume(d, &in, &out), 0);
}

/* Every instruction writes a register 5 cycles after its dispatch; one write-back port;
 * no stalls. Cycle k is the k-th drv_consume (its inputs from the drv_inputs before it).
 * Warp a: issued at 0, dispatched at 1, ready at 1 + 5 = 6. Warp b: issued at 2,
 * dispatched at 3, ready at 8. The port refuses at 6 and 7: a is presented at 6, 7 and
 * 8 (at 8 both are ready: a is older), accepted at 8; b at 9. */
static void test_wb_latency_and_order(void)
{
    sim_cfg c;
    simcfg_defaults(&c);
    c.m.drv.wl_lat_alu = c.m.drv.wl_lat_sfu = c.m.drv.wl_lat_mem = 5;
    c.m.drv.wl_dst_pct = 100;
    c.m.drv.wl_disp_stall_pct = 0;
    c.m.drv.wl_wb_stall_pct = 0;
    c.m.hw.wb_ports = 1;
    drv_t *d = drv_create(&c.m.hw, &c.m.drv);
    TT_CHECK(d != NULL);
    if (!d) return;
    uint32_t ta, tb;
    uint8_t va[CFG_MAX_S], vb[CFG_MAX_S];
    unsigned a = 0, b;
    drv_inputs(d, &in);                                  /* cycle 0 */
    while (a < c.m.hw.warps && !in.inst_valid[a]) a++;
    TT_CHECK(a < c.m.hw.warps);
    if (a >= c.m.hw.warps) { drv_destroy(d); return; }
    issue(d, a, &ta, va);
    drv_inputs(d, &in);                                  /* 1 */
    dispatch(d, a, ta, va, &c);
    drv_inputs(d, &in);                                  /* 2 */
    for (b = 0; b < c.m.hw.warps && (b == a || !in.inst_valid[b]); b++) {}
    TT_CHECK(b < c.m.hw.warps);
    if (b >= c.m.hw.warps) { drv_destroy(d); return; }
    issue(d, b, &tb, vb);
    drv_inputs(d, &in);                                  /* 3 */
    dispatch(d, b, tb, vb, &c);
    for (unsigned cyc = 4; cyc < 6; cyc++) {             /* 4, 5: nothing ready */
        drv_inputs(d, &in);
        TT_EQ(in.wb_valid[0], 0);
        idle(d, 0);
    }
    for (unsigned cyc = 6; cyc <= 8; cyc++) {            /* a, refused at 6 and 7 */
        drv_inputs(d, &in);
        TT_EQ(in.wb_valid[0], 1);
        TT_EQ(in.wb_wid[0], a);
        idle(d, cyc == 8);
    }
    drv_inputs(d, &in);                                  /* 9: b */
    TT_EQ(in.wb_valid[0], 1);
    TT_EQ(in.wb_wid[0], b);
    idle(d, 1);
    drv_inputs(d, &in);                                  /* 10: none left */
    TT_EQ(in.wb_valid[0], 0);
    TT_EQ(drv_get_counts(d)->written_back, 2);
    TT_EQ(drv_get_counts(d)->wb_refused, 2);             /* at 6 and 7 */
    drv_destroy(d);
}

/* A source of one instruction of warp 0: no sources, results R1 and R2 (two write-backs
 * ready at the same cycle), latency 4. */
static drv_inst one;
static int popped;
static const drv_inst *one_peek(void *ctx, unsigned w)
{
    (void)ctx;
    return w == 0 && !popped ? &one : NULL;
}
static void one_pop(void *ctx, unsigned w)
{
    (void)ctx;
    (void)w;
    popped = 1;
}

/* Issued at 0, dispatched at 1: R1 and R2 ready at 1 + 4 = 5, one port: at 5 the older
 * record, R1 (the instruction's first destination, recorded first), then R2 at 6. */
static void test_wb_same_cycle_order(void)
{
    sim_cfg c;
    simcfg_defaults(&c);
    c.m.hw.wb_ports = 1;
    memset(&one, 0, sizeof one);
    one.ndst = 2;
    one.dst[0] = 1;
    one.dst[1] = 2;
    one.lat = 4;
    popped = 0;
    drv_src src = {NULL, one_peek, one_pop, NULL, NULL, NULL, NULL};
    drv_t *d = drv_create_src(&c.m.hw, &c.m.drv, &src);
    TT_CHECK(d != NULL);
    if (!d) return;
    uint32_t tag;
    uint8_t v[CFG_MAX_S];
    drv_inputs(d, &in);                                  /* cycle 0 */
    TT_EQ(in.inst_valid[0], 1);
    issue(d, 0, &tag, v);
    drv_inputs(d, &in);                                  /* 1 */
    dispatch(d, 0, tag, v, &c);
    for (unsigned cyc = 2; cyc < 5; cyc++) {
        drv_inputs(d, &in);
        TT_EQ(in.wb_valid[0], 0);
        idle(d, 0);
    }
    drv_inputs(d, &in);                                  /* 5 */
    TT_EQ(in.wb_valid[0], 1);
    TT_EQ(in.wb_reg[0], 1);
    idle(d, 1);
    drv_inputs(d, &in);                                  /* 6 */
    TT_EQ(in.wb_valid[0], 1);
    TT_EQ(in.wb_reg[0], 2);
    idle(d, 1);
    drv_inputs(d, &in);
    TT_EQ(in.wb_valid[0], 0);
    drv_destroy(d);
}

/* rng_pct: 1 with probability pct / 100. Over 100,000 draws, 1 % is 1,000 ones (the
 * standard deviation sqrt(100000 x 0.01 x 0.99) = 31.5: [811, 1189] is six of them
 * either side); 99 % is 1,000 zeros; 50 % is 50,000 (sd 158: [49052, 50948]). An
 * off-by-one boundary (2 %, 100 %, 51 %) is far outside. Each draw below 100 takes one
 * uniform value of [0, 100): the first pct values of it give 1. 0 % and 100 % draw nothing. */
static void test_rng_pct_boundaries(void)
{
    rng_t r, q;
    unsigned ones1 = 0, zeros99 = 0, ones50 = 0;
    rng_seed(&r, 7);
    for (unsigned i = 0; i < 100000; i++) {
        ones1 += (unsigned)rng_pct(&r, 1);
        zeros99 += (unsigned)!rng_pct(&r, 99);
        ones50 += (unsigned)rng_pct(&r, 50);
    }
    TT_CHECK(ones1 >= 811 && ones1 <= 1189);
    TT_CHECK(zeros99 >= 811 && zeros99 <= 1189);
    TT_CHECK(ones50 >= 49052 && ones50 <= 50948);
    rng_seed(&r, 9);
    rng_seed(&q, 9);
    int same = 1;
    for (unsigned i = 0; i < 10000; i++) {
        unsigned pct = 1 + i % 99;
        same &= rng_pct(&r, pct) == (rng_below(&q, 100) < pct);
    }
    TT_CHECK(same);
    for (unsigned i = 0; i < 100; i++) {          /* 0 and 100: no draw, fixed answers */
        TT_EQ(rng_pct(&r, 0), 0);
        TT_EQ(rng_pct(&r, 100), 1);
    }
    TT_EQ(rng_next(&r), rng_next(&q));            /* r and q still in step */
}

int main(void)
{
    TT_RUN(test_wb_latency_and_order);
    TT_RUN(test_wb_same_cycle_order);
    TT_RUN(test_rng_pct_boundaries);
    TT_EXIT();
}
