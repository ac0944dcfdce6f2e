/* sc_harness.h - the sub-core scenario harness of test_subcore.c and test_golden.c: one
 * model (sc_step) driven cycle by cycle with hand-set inputs, the invariants checked after
 * every cycle, and checks of its outputs against values the scenario writes out. It works
 * out no expected value itself: sch_val only names the RF's initial contents, and the
 * cycle numbers, warps, tags and operands come from the caller.
 * Cycle n is the (n+1)-th sch_step after sch_mk. */
#ifndef SC_HARNESS_H
#define SC_HARNESS_H

#include <stdint.h>
#include <stdio.h>

#include "cfg.h"
#include "sc.h"
#include "sc_state.h"
#include "tt.h"

static sc_in sch_in;     /* the inputs of the next cycle */
static sc_out sch_out;   /* the outputs of the last cycle */
static unsigned sch_cyc; /* cycles stepped since sch_mk = the number of the next cycle */

/* The small configuration: C=2 units, E=4 entries, S=3 slots, B=2 banks, W=4 warps,
 * R=16 registers, 64-bit data, 2 write-back ports, 8-bit tags, write filter on, hint
 * replacement, malekeh scheduler, shared units, LFSR seed 0xACE1, adaptive STHLD from 0,
 * interval 10000; the rest cfg_defaults. */
static inline void sch_small_cfg(cfg_t *c)
{
    cfg_defaults(c);
    c->ccus = 2;
    c->entries = 4;
    c->slots = 3;
    c->banks = 2;
    c->warps = 4;
    c->regs = 16;
    c->data_bits = 64;
    c->wb_ports = 2;
    c->tag_bits = 8;
    c->interval = 10000;
    c->sthld_init = 0;
    c->sthld_adaptive = 1;
    c->lfsr_seed = 0xACE1;
    c->caching = 1;
    c->write_filter = 1;
    c->repl_lru_only = 0;
    c->sched_gto = 0;
    c->private_ccus = 0;
}

/* Initial RF value of (w, r): distinct for every register. */
static inline uint64_t sch_val(unsigned w, unsigned r)
{
    return 0xD00D000000000000ull | ((uint64_t)w << 8) | r;
}

/* The (first) RF word of (w, r) in m. */
static inline uint64_t *sch_rf(sc_t *m, unsigned w, unsigned r)
{
    return &m->mem[((size_t)w * m->cfg.regs + r) * m->words];
}

/* A fresh model of c with the RF preloaded with sch_val, inputs cleared, disp_ready 1,
 * cycle 0; NULL (a failed check) when sc_create fails. */
static inline sc_t *sch_mk(const cfg_t *c)
{
    sc_t *m = sc_create(c);
    TT_CHECK(m != NULL);
    if (!m)
        return NULL;
    for (unsigned w = 0; w < c->warps; w++)
        for (unsigned r = 0; r < c->regs; r++)
            *sch_rf(m, w, r) = sch_val(w, r);
    sc_in_clear(&sch_in);
    sch_in.disp_ready = 1;
    sch_cyc = 0;
    return m;
}

/* sch_mk of the small configuration (sch_small_cfg). */
static inline sc_t *sch_mk_small(void)
{
    cfg_t c;
    sch_small_cfg(&c);
    return sch_mk(&c);
}

/* One cycle with the current inputs; the invariants must hold after it. */
static inline void sch_step(sc_t *m)
{
    char msg[256];
    sc_step(m, &sch_in, &sch_out);
    int rc = sc_check_invariants(m, msg, sizeof msg);
    if (rc)
        fprintf(stderr, "  cycle %u: invariant: %s\n", sch_cyc, msg);
    TT_EQ(rc, 0);
    sch_cyc++;
}

/* Offer warp w's head instruction: registers r0..r2 (< 0: slot unused), every hint near. */
static inline void sch_offer(unsigned w, uint32_t tag, int r0, int r1, int r2, int near)
{
    int r[3] = {r0, r1, r2};
    sch_in.inst_valid[w] = 1;
    sch_in.inst_tag[w] = tag;
    for (unsigned s = 0; s < 3; s++) {
        sch_in.inst_src_valid[w][s] = r[s] >= 0;
        sch_in.inst_src_reg[w][s] = (uint16_t)(r[s] >= 0 ? r[s] : 0);
        sch_in.inst_src_near[w][s] = (uint8_t)near;
    }
}

/* Warp w offers nothing from the next cycle on. */
static inline void sch_withdraw(unsigned w)
{
    sch_in.inst_valid[w] = 0;
}

/* Present the write-back (w, r) = d with hint near on port p. */
static inline void sch_wb(unsigned p, unsigned w, unsigned r, int near, uint64_t d)
{
    sch_in.wb_valid[p] = 1;
    sch_in.wb_wid[p] = (uint16_t)w;
    sch_in.wb_reg[p] = (uint16_t)r;
    sch_in.wb_near[p] = (uint8_t)near;
    sch_in.wb_data[p][0] = d;
}

/* No write-back on either port from the next cycle on. */
static inline void sch_no_wb(void)
{
    sch_in.wb_valid[0] = sch_in.wb_valid[1] = 0;
}

/* Step cycle `at` (which must be the next one) and expect warp w to issue in it. */
static inline void sch_issue_at(sc_t *m, unsigned at, unsigned w)
{
    TT_EQ(sch_cyc, at);
    sch_step(m);
    TT_EQ(sch_out.issue_valid, 1);
    TT_EQ(sch_out.issue_wid, w);
    if (!sch_out.issue_valid || sch_out.issue_wid != w)
        fprintf(stderr, "  (cycle %u: expected warp %u to issue)\n", at, w);
}

/* Warps a and b both offer: a issues in cycle `at`, then b in the next one; each offer is
 * withdrawn once it has issued. */
static inline void sch_issue_two(sc_t *m, unsigned at, unsigned a, unsigned b)
{
    sch_issue_at(m, at, a);
    sch_withdraw(a);
    sch_issue_at(m, at + 1, b);
    sch_withdraw(b);
}

/* Offer warp w's instruction in cycle `at` only (see sch_offer) and expect it to issue. */
static inline void sch_issue_one(sc_t *m, unsigned at, unsigned w, uint32_t tag, int r0, int r1,
                                 int r2, int near)
{
    sch_offer(w, tag, r0, r1, r2, near);
    sch_issue_at(m, at, w);
    sch_withdraw(w);
}

/* The last cycle's dispatch: (w, tag) with n operands d0..d2 (the others invalid, zero). */
static inline void sch_expect_disp(unsigned w, uint32_t tag, unsigned n, uint64_t d0, uint64_t d1,
                                   uint64_t d2)
{
    const uint64_t d[3] = {d0, d1, d2};
    TT_EQ(sch_out.disp_valid, 1);
    TT_EQ(sch_out.disp_wid, w);
    TT_EQ(sch_out.disp_tag, tag);
    for (unsigned s = 0; s < 3; s++) {
        TT_EQ(sch_out.disp_src_valid[s], s < n);
        TT_EQ(sch_out.disp_src_data[s][0], s < n ? d[s] : 0);
    }
    if (!sch_out.disp_valid)
        fprintf(stderr, "  (cycle %u: expected the dispatch of tag %u)\n", sch_cyc - 1, tag);
}

/* Step cycle `at` (which must be the next one) and expect the dispatch of sch_expect_disp. */
static inline void sch_disp_at(sc_t *m, unsigned at, unsigned w, uint32_t tag, unsigned n,
                               uint64_t d0, uint64_t d1, uint64_t d2)
{
    TT_EQ(sch_cyc, at);
    sch_step(m);
    sch_expect_disp(w, tag, n, d0, d1, d2);
}

/* Step until cycle `until` (exclusive) with the current inputs: no dispatch and no issue
 * in those cycles. */
static inline void sch_quiet_until(sc_t *m, unsigned until)
{
    while (sch_cyc < until) {
        unsigned c = sch_cyc;
        sch_step(m);
        if (sch_out.disp_valid || sch_out.issue_valid)
            fprintf(stderr, "  cycle %u: unexpected %s\n", c,
                    sch_out.disp_valid ? "dispatch" : "issue");
        TT_EQ(sch_out.disp_valid, 0);
        TT_EQ(sch_out.issue_valid, 0);
    }
}

#endif
