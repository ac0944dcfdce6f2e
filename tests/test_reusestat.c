/* test_reusestat.c - the reuse anatomy (driver/reusestat.c, reuse_stats = on), worked out
 * by hand on one warp's accesses, and checked against the model: on synthetic streams
 * through Malekeh's sub-core (8 warps, 2 CCUs: flushes happen), the anatomy's reads and
 * hits are the model's distinct source registers and hits, and every read after a first
 * access that misses is a flush miss or a miss within the tenure. */
#include <string.h>
#include "simcfg.h"
#include "cfg.h"
#include "drv.h"
#include "reusestat.h"
#include "sc.h"
#include "tt.h"

/* One warp (slot 1 of 2), 8 registers:
 *   i1: R1 = f(R2)       R2 cold (never named): cold miss
 *   i2: R3 = f(R1, R2)   R1 at distance 1 (hit), R2 at distance 1 (miss: within the tenure)
 *   -- the warp takes a new CCU (flush)
 *   i3: f(R1)            distance 1 (R1 last named at i2), miss: flushed
 *   i4..i7: f(R5)        R5 cold, then distance 1 hits x3 (6 reads at distance 1, 4 hit)
 *   i8: f(R3)            R3 written at i2: distance 6 (4-10), hit
 *   i19: f(R1)           R1 read at i3: distance 16 (11+), miss within the tenure
 *   -- a new warp in slot 1: R5 is cold again */
static void test_reusestat_by_hand(void)
{
    rst_t t;
    rst_counts c;
    memset(&c, 0, sizeof c);
    TT_EQ(rst_init(&t, 2, 8), 0);
    rst_start_warp(&t, 1);
    rst_next_inst(&t, 1);                           /* i1 */
    rst_read(&t, &c, 1, 2, 0);
    rst_write(&t, 1, 1);
    rst_next_inst(&t, 1);                           /* i2 */
    rst_read(&t, &c, 1, 1, 1);
    rst_read(&t, &c, 1, 2, 0);
    rst_write(&t, 1, 3);
    rst_new_tenure(&t, &c, 1);
    rst_next_inst(&t, 1);                           /* i3 */
    rst_read(&t, &c, 1, 1, 0);
    for (unsigned i = 4; i <= 7; i++) {             /* i4..i7 */
        rst_next_inst(&t, 1);
        rst_read(&t, &c, 1, 5, i > 4);
    }
    rst_next_inst(&t, 1);                           /* i8 */
    rst_read(&t, &c, 1, 3, 1);
    for (unsigned i = 9; i <= 19; i++) rst_next_inst(&t, 1);
    rst_read(&t, &c, 1, 1, 0);                      /* i19 */
    rst_read(&t, &c, 1, 9, 1);                      /* out of range: ignored */
    TT_EQ(c.reads[RST_COLD], 2);
    TT_EQ(c.hits[RST_COLD], 0);
    TT_EQ(c.reads[RST_D1], 6);
    TT_EQ(c.hits[RST_D1], 4);
    TT_EQ(c.reads[RST_D2] + c.reads[RST_D3], 0);
    TT_EQ(c.reads[RST_D4_10], 1);
    TT_EQ(c.hits[RST_D4_10], 1);
    TT_EQ(c.reads[RST_D11], 1);
    TT_EQ(c.hits[RST_D11], 0);
    TT_EQ(c.miss_flushed, 1);  /* i3's R1 */
    TT_EQ(c.miss_kept, 2);     /* i2's R2, i19's R1 (read at i3, in this tenure) */
    TT_EQ(c.tenures, 1);
    rst_start_warp(&t, 1);
    rst_next_inst(&t, 1);
    rst_read(&t, &c, 1, 5, 0);
    TT_EQ(c.reads[RST_COLD], 3);
    TT_EQ(c.miss_flushed + c.miss_kept, 3);
    TT_EQ(rst_bin(0), RST_D1);
    TT_EQ(rst_bin(3), RST_D3);
    TT_EQ(rst_bin(10), RST_D4_10);
    TT_EQ(rst_bin(11), RST_D11);
    rst_counts s;
    memset(&s, 0, sizeof s);
    rst_add(&s, &c);
    rst_add(&s, &c);
    TT_EQ(s.reads[RST_D1], 12);
    TT_EQ(s.tenures, 2);
    rst_free(&t);
}

/* Synthetic streams through the model with reuse_stats = on: the anatomy agrees with the
 * model's counters (which a CCU taken this cycle, still holding its previous owner's
 * entries, would break: sc_ccu_holds). */
static void test_reusestat_matches_model(void)
{
    static const unsigned warps[] = {2, 8};
    for (unsigned v = 0; v < 2; v++) {
        sim_cfg c;
        simcfg_defaults(&c);
        c.m.hw.warps = warps[v];
        c.m.hw.ccus = 2;
        c.m.drv.reuse_stats = 1;
        c.m.drv.wl_seed = 7 + v;
        sc_t *m = sc_create(&c.m.hw);
        drv_t *d = drv_create(&c.m.hw, &c.m.drv);
        TT_CHECK(m && d);
        if (!m || !d) return;
        TT_EQ(drv_set_model(d, m), 0);
        drv_set_issue_limit(d, 20000);
        static sc_in in;
        static sc_out out;
        for (unsigned long k = 0; k < 200000 && !(drv_get_counts(d)->issued >= 20000 && drv_idle(d)); k++) {
            drv_inputs(d, &in);
            sc_step(m, &in, &out);
            TT_EQ(drv_consume(d, &in, &out), 0);
        }
        const rst_counts *u = &drv_get_counts(d)->reuse;
        const sc_stats *s = sc_stats_get(m);
        uint64_t reads = 0, hits = 0;
        for (unsigned b = 0; b < RST_NBIN; b++) {
            reads += u->reads[b];
            hits += u->hits[b];
            TT_CHECK(u->hits[b] <= u->reads[b]);
        }
        TT_CHECK(s->src_regs > 10000);
        TT_EQ(reads, s->src_regs);
        TT_EQ(hits, s->src_hits);
        TT_EQ(u->miss_flushed + u->miss_kept, reads - hits - (u->reads[RST_COLD] - u->hits[RST_COLD]));
        TT_CHECK(u->tenures > 0);
        if (v == 1) TT_CHECK(u->miss_flushed > 0); /* 8 warps on 2 CCUs: flushes */
        drv_destroy(d);
        sc_destroy(m);
    }
}

int main(void)
{
    TT_RUN(test_reusestat_by_hand);
    TT_RUN(test_reusestat_matches_model);
    TT_EXIT();
}
