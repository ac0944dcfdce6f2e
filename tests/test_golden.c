/* test_golden.c - hand-worked cycle-by-cycle scenarios of the sub-core (sc_step), whose
 * expected values come from the contract (/work/shared/design/malekeh-contract.md, D-n)
 * and docs/spec.md (decision N, section 3 "Inside one cycle", section 4 "Timing"), never
 * from the model's own output. Each scenario targets a rule a silent performance bug can
 * break without any invariant or operand check noticing (issue 12: victims chosen with the
 * next LFSR value, "owns a CCU" counting busy units only, the greedy warp taken as the last
 * offered one, the FSM counting offered instructions), plus the FSM's S/L boundary at
 * exact equality and both STHLD clamps (D-15), driven through the sub-core.
 *
 * Configuration (sch_small_cfg): C=2 units, E=4 entries, S=3 slots, B=2 banks, W=4 warps,
 * R=16 registers, 64-bit data, 2 write-back ports, write filter on, replacement = hint,
 * scheduler = malekeh, shared units, LFSR seed 0xACE1. Cycle n is the (n+1)-th sc_step.
 * Facts used everywhere (spec section 3/4):
 *  - bank(w, r) = (r + w) mod 2 (D-1): for warp 0, even registers in bank 0, odd in bank 1;
 *  - an instruction issued in t is allocated in t+1 (decision 15); all hits (or no valid
 *    source) dispatch in t+2; a miss is pushed in t+1, granted at t+2 at the earliest,
 *    filled in the next cycle, and the unit dispatches in the cycle after its last fill;
 *  - one port S per unit: when both banks' heads target one unit, only bank 0 grants
 *    (decision 4); after a dispatch in d the unit is free from d+1;
 *  - LFSR (decision 3, polynomial of D-10 fixed in the spec): next = {s[14:0],
 *    s15^s13^s12^s10}, one step per cycle, every pick of cycle n uses the value of cycle
 *    n. lfsr_at() below computes it from that formula (not with cmodel/lfsr.c); the values
 *    used: c0 0xACE1 (mod 2 = 1), c1 0x59C3 (mod 2 = 1), c10 0x8791 (mod 4 = 1),
 *    c11 0x0F22 (mod 4 = 2), c12 0x1E45 (mod 4 = 1).
 */
#include "sc_harness.h"
#include "tt.h"

/* The LFSR value of cycle n from the spec's formula (decision 3), independent of lfsr.c. */
static unsigned lfsr_at(unsigned n)
{
    unsigned s = 0xACE1;
    for (unsigned i = 0; i < n; i++)
        s = ((s << 1) | (((s >> 15) ^ (s >> 13) ^ (s >> 12) ^ (s >> 10)) & 1u)) & 0xFFFFu;
    return s;
}

/* ------------------------------------------------------------------ common prologue */

/* Warp 0 reads r0, r1, r2 (all missing, far hints), tag 1, offered in c0 only:
 *  c0: issue. Both units free and empty = far CCUs (D-9 step 2); pick from lfsr(c0) mod 2
 *      = 1 -> unit 1, flush, owner 0.
 *  c1: allocation of unit 1: D-7 first invalid, lowest index, claims in slot order:
 *      e0 <- r0, e1 <- r1, e2 <- r2, all far (D-11 hints); requests r0 -> bank 0,
 *      r1 -> bank 1, r2 -> bank 0, pushed after the grant decision.
 *  c2: bank 0 grants r0; bank 1's head (r1, unit 1) blocked: port S taken (decision 4).
 *  c3: fill e0; bank 0 grants r2; bank 1 blocked again.
 *  c4: fill e2; bank 1 grants r1.  c5: fill e1.
 *  c6: dispatch {val(0,0), val(0,1), val(0,2)}. Unit 1 is free from c7 with
 *      e0 = r0, e1 = r1, e2 = r2 (valid, far, unlocked), e3 invalid. */
static void prologue_three_far(sc_t *m)
{
    sch_issue_one(m, 0, 0, 1, 0, 1, 2, 0);
    sch_quiet_until(m, 6);
    sch_disp_at(m, 6, 0, 1, 3, sch_val(0, 0), sch_val(0, 1), sch_val(0, 2));
    const ccu_t *u = &m->ccu[1];
    TT_EQ(u->owner_valid, 1);
    TT_EQ(u->owner, 0);
    for (unsigned i = 0; i < 3; i++) {
        TT_EQ(ccu_bit(u->valid, i), 1);
        TT_EQ(u->ct[i].tag, i);
        TT_EQ(ccu_bit(u->near, i), 0);
    }
    TT_EQ(ccu_bit(u->valid, 3), 0);
}

/* ------------------------------------------------------------------ victims and the LFSR */

/* Allocation victim with the allocation cycle's LFSR value (D-7, D-10, decision 3).
 * After the prologue:
 *  c9:  warp 0 offers r3, r4 (far), tag 2: owns free unit 1 (D-9 step 1): issue, no flush.
 *  c10: allocation, lfsr(c10) = 0x8791, mod 4 = 1. r3 misses: first invalid entry e3.
 *       r4 misses: no invalid unlocked entry left (e3 is now claimed = locked); far
 *       unlocked entries e0, e1, e2; scan from 1 -> e1: r1 is evicted, e1 <- r4.
 *       (With lfsr(c11) = 0x0F22, mod 4 = 2, r2 would go instead.)
 *       Requests: r3 -> bank 1 (e3), r4 -> bank 0 (e1).
 *  c11: bank 0 grants r4; bank 1 blocked (port S). c12: fill e1; bank 1 grants r3.
 *  c13: fill e3. c14: dispatch {val(0,3), val(0,4)}.
 *  c15: warp 0 offers r2, tag 3: issue (unit free from c15). c16: r2 HITS (e2 kept it).
 *  c17: dispatch {val(0,2)} (all hits: t+2).
 *  c18: warp 0 offers r1, tag 4: issue. c19: r1 misses (evicted in c10): request to
 *       bank 1. c20 grant, c21 fill, c22 dispatch {val(0,1)}.
 * Bank reads asked: 3 + 2 + 0 + 1 = 6. */
static void test_golden_alloc_victim_lfsr(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    TT_EQ(lfsr_at(10), 0x8791);
    TT_EQ(lfsr_at(10) % 4, 1);
    TT_EQ(lfsr_at(11) % 4, 2);
    prologue_three_far(m);
    sch_quiet_until(m, 9);
    sch_issue_one(m, 9, 0, 2, 3, 4, -1, 0);
    TT_EQ(m->ccu[1].p_flush, 0);
    sch_step(m); /* c10: allocation */
    TT_EQ(m->ccu[1].ct[3].tag, 3);
    TT_EQ(m->ccu[1].ct[1].tag, 4);
    TT_EQ(m->ccu[1].ct[2].tag, 2);
    TT_EQ(m->ccu[1].ct[0].tag, 0);
    sch_quiet_until(m, 14);
    sch_disp_at(m, 14, 0, 2, 2, sch_val(0, 3), sch_val(0, 4), 0);
    sch_issue_one(m, 15, 0, 3, 2, -1, -1, 0);
    sch_quiet_until(m, 17);
    sch_disp_at(m, 17, 0, 3, 1, sch_val(0, 2), 0, 0);
    sch_issue_one(m, 18, 0, 4, 1, -1, -1, 0);
    sch_quiet_until(m, 22);
    sch_disp_at(m, 22, 0, 4, 1, sch_val(0, 1), 0, 0);
    TT_EQ(sc_stats_get(m)->bank_read_reqs, 6);
    TT_EQ(sc_stats_get(m)->src_hits, 1);
    sc_destroy(m);
}

/* Port D victim with the write-back cycle's LFSR value (D-5, D-7, decision 3).
 * After the prologue (unit 1 of warp 0 free, e0..e2 = r0..r2 far, e3 invalid):
 *  c7:  near write-back of (warp 0, r3) = D3 on port 0 (accepted: port 0 is always ready,
 *       D-6). Cacheable (near, filter on), first of its warp: port D. Miss -> D-7 victim:
 *       first invalid unlocked entry e3 <- r3, near, D3.
 *  c10: near write-back (warp 0, r5) = D5. Miss; no invalid entry; far unlocked entries
 *       e0, e1, e2 (e3 is near); lfsr(c10) mod 4 = 1 -> e1: r1 is evicted, e1 <- r5, near.
 *       (lfsr(c11) mod 4 = 2 would evict r2.)
 *  c11: warp 0 offers r1, tag 2: issue. c12: allocation: r1 MISSES; victim: no invalid;
 *       far unlocked: e0, e2; lfsr(c12) mod 4 = 1 -> scan e1 (near), e2 -> e2 (r2 goes).
 *       Request r1 -> bank 1. c13 grant, c14 fill, c15 dispatch {val(0,1)}.
 *  c16: warp 0 offers r5, r3, tag 3: issue. c17: both hit (e1, e3).
 *  c18: dispatch {D5, D3}: the operands are the write-back values (D-3). */
static void test_golden_portd_victim_lfsr(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    const uint64_t D3 = 0xD3D3D3D3000000A3ull, D5 = 0xD5D5D5D5000000A5ull;
    TT_EQ(lfsr_at(12) % 4, 1);
    prologue_three_far(m);
    sch_wb(0, 0, 3, 1, D3);
    sch_step(m); /* c7 */
    TT_EQ(sch_out.wb_ready[0], 1);
    sch_no_wb();
    TT_EQ(ccu_bit(m->ccu[1].valid, 3), 1);
    TT_EQ(m->ccu[1].ct[3].tag, 3);
    TT_EQ(ccu_bit(m->ccu[1].near, 3), 1);
    sch_quiet_until(m, 10);
    sch_wb(0, 0, 5, 1, D5);
    sch_step(m); /* c10 */
    TT_EQ(sch_out.wb_ready[0], 1);
    sch_no_wb();
    TT_EQ(m->ccu[1].ct[1].tag, 5);
    TT_EQ(ccu_bit(m->ccu[1].near, 1), 1);
    TT_EQ(m->ccu[1].ct[2].tag, 2);
    sch_issue_one(m, 11, 0, 2, 1, -1, -1, 0);
    sch_quiet_until(m, 15);
    sch_disp_at(m, 15, 0, 2, 1, sch_val(0, 1), 0, 0);
    sch_issue_one(m, 16, 0, 3, 5, 3, -1, 1);
    sch_quiet_until(m, 18);
    sch_disp_at(m, 18, 0, 3, 2, D5, D3, 0);
    TT_EQ(sc_stats_get(m)->ccu_data_writes, 2);
    sc_destroy(m);
}

/* ------------------------------------------------------------------ warp priority (D-14) */

/* c0: warp 1 offers an instruction without sources (tag 0x11): far units 0 and 1,
 *     lfsr(c0) mod 2 = 1 -> unit 1, owner 1. (No source: all-hit timing, dispatch c2.)
 * c1: warp 2 offers (tag 0x21), warp 1 withdrawn. Greedy warp 1 is not ready; warp 2
 *     owns nothing and is the only ready warp. Far units: unit 0 (unit 1 is busy);
 *     lfsr(c1) mod 2 = 1, scan unit 1 (busy), unit 0 -> unit 0, owner 2.
 * c2: unit 1 dispatches (1, 0x11). Nothing offered. */
static void prologue_two_owners(sc_t *m)
{
    sch_issue_one(m, 0, 1, 0x11, -1, -1, -1, 0);
    sch_issue_one(m, 1, 2, 0x21, -1, -1, -1, 0);
    TT_EQ(m->ccu[1].owner, 1);
    TT_EQ(m->ccu[0].owner, 2);
}

/* Decision 14: "owns a CCU" = owner_valid && owner == w, busy or not.
 * After the prologue, c2: unit 1 dispatches (warp 1, 0x11); nothing offered.
 * c3: warps 0 (tag 0x02) and 1 (tag 0x12) offer. Greedy warp 2 is not ready. Owners:
 *     warp 1 (unit 1, FREE since c3) and warp 2 (unit 0, busy: it dispatches in c3).
 *     Warp 1 owns a unit -> it goes before the older warp 0; D-9 step 1: its own unit is
 *     free -> issue warp 1 into unit 1 without flush (owned_free). Unit 0 dispatches
 *     (2, 0x21) in the same cycle. */
static void test_golden_owner_idle_unit(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    prologue_two_owners(m);
    sch_step(m); /* c2 */
    TT_EQ(sch_out.disp_valid, 1);
    TT_EQ(sch_out.disp_wid, 1);
    TT_EQ(sch_out.disp_tag, 0x11);
    TT_EQ(sch_out.issue_valid, 0);
    sch_offer(0, 0x02, -1, -1, -1, 0);
    sch_offer(1, 0x12, -1, -1, -1, 0);
    sch_issue_at(m, 3, 1);
    TT_EQ(sch_out.disp_valid, 1);
    TT_EQ(sch_out.disp_wid, 2);
    TT_EQ(sch_out.disp_tag, 0x21);
    TT_EQ(m->ccu[1].p_flush, 0);
    TT_EQ(sc_stats_get(m)->alloc[ALLOC_OWNED_FREE], 1);
    TT_EQ(sc_stats_get(m)->alloc[ALLOC_FAR_CCU], 2);
    sc_destroy(m);
}

/* D-14 greedy = the last warp that ISSUED (an offer the allocator refuses changes nothing).
 * After the prologue:
 * c2: only warp 3 offers (tag 0x31). Greedy warp 2 not ready; warp 3 is the only ready
 *     warp; it owns nothing; both units are busy in the pre-cycle state (unit 1 dispatches
 *     in c2, unit 0 is in its allocation cycle) -> D-9 step 3, no issue (no_free).
 * c3: nothing offered; unit 0 dispatches (2, 0x21).
 * c4: warps 2 (tag 0x22) and 3 (tag 0x32) offer. The last warp that issued is warp 2
 *     (c1) and it is ready -> greedy warp 2; its unit 0 is free -> issue warp 2. */
static void test_golden_greedy_last_issued(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    prologue_two_owners(m);
    sch_offer(3, 0x31, -1, -1, -1, 0);
    sch_step(m); /* c2 */
    TT_EQ(sch_out.issue_valid, 0);
    TT_EQ(sch_out.disp_tag, 0x11);
    TT_EQ(sc_stats_get(m)->alloc[ALLOC_NO_FREE], 1);
    sch_withdraw(3);
    sch_step(m); /* c3 */
    TT_EQ(sch_out.issue_valid, 0);
    TT_EQ(sch_out.disp_tag, 0x21);
    sch_offer(2, 0x22, -1, -1, -1, 0);
    sch_offer(3, 0x32, -1, -1, -1, 0);
    sch_issue_at(m, 4, 2);
    TT_EQ(sc_stats_get(m)->alloc[ALLOC_OWNED_FREE], 1);
    sc_destroy(m);
}

/* ------------------------------------------------------------------ STHLD FSM (D-15, D-16) */

/* The FSM counts ISSUED instructions (D-15 "instructions issued in that interval").
 * interval = 4. Warp 0 offers an instruction without sources in EVERY cycle; it issues
 * only when its unit is free: c0 (far unit 1), then every 3 cycles (issue t, allocation
 * t+1, dispatch t+2, free t+3): c3, c6, c9, c12, c15. In c1, c2, c4, ... the offer is
 * refused (owned_busy). Intervals (decision 12: the issue of an interval's last cycle
 * counts in it): I0 = c0..c3: 2 issued; I1 = c4..c7: 1 (c6); I2 = c8..c11: 1 (c9);
 * I3 = c12..c15: 2. Default table (D-16), step 2, 1/50:
 *  end of I0: prev = 2 recorded, no edge (state 1, STHLD 0);
 *  end of I1: 50*|1-2| = 50 > 1*2 -> Large: 1 -> 3, STHLD 0 + 2 = 2;
 *  end of I2: 50*0 <= 1 -> Small: 3 -> 2, STHLD 4;
 *  end of I3: 50*1 > 1 -> Large: 2 -> 3, STHLD 6. */
static void test_golden_fsm_counts_issued(void)
{
    cfg_t c;
    sch_small_cfg(&c);
    c.interval = 4;
    sc_t *m = sch_mk(&c);
    if (!m)
        return;
    static const struct { unsigned prev, state, sthld; } end[4] = {
        {2, 1, 0}, {1, 3, 2}, {1, 2, 4}, {2, 3, 6},
    };
    sch_offer(0, 0x40, -1, -1, -1, 0);
    for (unsigned i = 0; i < 4; i++) {
        for (unsigned k = 0; k < 4; k++) {
            sch_step(m);
            TT_EQ(sch_out.issue_valid, (sch_cyc - 1) % 3 == 0);
        }
        TT_EQ(m->fsm.prev, end[i].prev);
        TT_EQ(m->fsm.state, end[i].state);
        TT_EQ(m->fsm.sthld, end[i].sthld);
        if (m->fsm.state != end[i].state)
            fprintf(stderr, "  (end of interval %u)\n", i);
    }
    TT_EQ(sc_stats_get(m)->issued, 6);
    TT_EQ(sc_stats_get(m)->fsm_edge[1][1], 1);
    TT_EQ(sc_stats_get(m)->fsm_edge[3][0], 1);
    TT_EQ(sc_stats_get(m)->fsm_edge[2][1], 1);
    sc_destroy(m);
}

/* FSM edges taken so far out of states 1..6: Small (large = 0) or Large (large = 1). */
static uint64_t fsm_edges(const sc_t *m, unsigned large)
{
    uint64_t n = 0;
    for (unsigned s = 1; s <= 6; s++)
        n += sc_stats_get(m)->fsm_edge[s][large];
    return n;
}

/* The S/L boundary at equality and both clamps, through the sub-core (D-15, D-16).
 * interval = 6, ipc_threshold = 1/2, sthld_step = 1, sthld_max = 3. Warp 0 offers an
 * instruction without sources at chosen cycles only, each at least 3 cycles after the
 * previous one, so every offer issues at once (its unit is free again): 2 issues in an
 * interval = offers at its cycles 0 and 3, 1 issue = an offer at cycle 0, 0 = none.
 * Default table: 1:S->2 +1 L->3 +1; 2:S->2 +1 L->3 +1; 3:S->2 +1 L->4 -2;
 * 4:S->5 -1 L->4 -1; 5:S->6 0 L->4 -1. Small iff 2*|cur-prev| <= 1*prev.
 *  I0 cur 2: record prev 2                        (state 1, STHLD 0)
 *  I1 cur 1: 2*|1-2| = 2 == 1*2: EQUALITY, Small   1 -> 2, STHLD 1
 *  I2 cur 1: 0 <= 1, Small                         2 -> 2, STHLD 2
 *  I3 cur 1: Small                                 2 -> 2, STHLD 3 = sthld_max
 *  I4 cur 1: Small                                 2 -> 2, 3 + 1 clamps to 3
 *  I5 cur 2: 2*1 > 1, Large                        2 -> 3, 3 + 1 clamps to 3
 *  I6 cur 0: 2*2 > 2, Large                        3 -> 4, 3 - 2 = 1
 *  I7 cur 0: prev 0 and cur 0: Small (decision 12) 4 -> 5, 1 - 1 = 0
 *  I8 cur 2: prev 0, cur != 0: Large               5 -> 4, 0 - 1 clamps to 0
 *  I9 cur 2: Small                                 4 -> 5, 0 - 1 clamps to 0 */
static void test_golden_fsm_boundary_and_clamps(void)
{
    cfg_t c;
    sch_small_cfg(&c);
    c.interval = 6;
    c.ipc_num = 1;
    c.ipc_den = 2;
    c.sthld_step = 1;
    c.sthld_max = 3;
    sc_t *m = sch_mk(&c);
    if (!m)
        return;
    static const struct { unsigned cur, state, sthld, large; } iv[10] = {
        {2, 1, 0, 0}, {1, 2, 1, 0}, {1, 2, 2, 0}, {1, 2, 3, 0}, {1, 2, 3, 0},
        {2, 3, 3, 1}, {0, 4, 1, 1}, {0, 5, 0, 0}, {2, 4, 0, 1}, {2, 5, 0, 0},
    };
    for (unsigned i = 0; i < 10; i++) {
        uint64_t small_before = fsm_edges(m, 0), large_before = fsm_edges(m, 1);
        for (unsigned k = 0; k < 6; k++) {
            if ((k == 0 && iv[i].cur >= 1) || (k == 3 && iv[i].cur == 2))
                sch_offer(0, 0x50 + i, -1, -1, -1, 0);
            else
                sch_withdraw(0);
            sch_step(m);
            TT_EQ(sch_out.issue_valid, sch_in.inst_valid[0]);
        }
        uint64_t small_after = fsm_edges(m, 0), large_after = fsm_edges(m, 1);
        TT_EQ(m->fsm.prev, iv[i].cur);
        TT_EQ(m->fsm.state, iv[i].state);
        TT_EQ(m->fsm.sthld, iv[i].sthld);
        if (i > 0) {
            TT_EQ(large_after - large_before, iv[i].large);
            TT_EQ(small_after - small_before, !iv[i].large);
        }
        if (m->fsm.state != iv[i].state || m->fsm.sthld != iv[i].sthld)
            fprintf(stderr, "  (end of interval %u)\n", i);
    }
    sc_destroy(m);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv; /* --quick: the same scenarios (all short) */
    TT_RUN(test_golden_alloc_victim_lfsr);
    TT_RUN(test_golden_portd_victim_lfsr);
    TT_RUN(test_golden_owner_idle_unit);
    TT_RUN(test_golden_greedy_last_issued);
    TT_RUN(test_golden_fsm_counts_issued);
    TT_RUN(test_golden_fsm_boundary_and_clamps);
    TT_EXIT();
}
