/* test_golden.c - hand-worked cycle-by-cycle scenarios of the sub-core (sc_step), whose
 * expected values come from the contract (decisions D-n, restated in docs/spec.md section 1.2)
 * and docs/spec.md (decision N, section 3 "Inside one cycle", section 4 "Timing"), never
 * from the model's own output. Each scenario targets a rule a silent performance bug can
 * break without any invariant or operand check noticing (issue 12: victims chosen with the
 * next LFSR value, "owns a CCU" counting busy units only, the greedy warp taken as the last
 * offered one, the FSM counting offered instructions), the three-stage allocation of
 * decision 15 (write-backs in the lookup and claim cycles, port D and its victim on the
 * pre-cycle state, hits touched before claims, a read granted in the claim cycle filling
 * the entry its slot was pointed at by that claim), plus the FSM's S/L boundary at exact
 * equality and both STHLD clamps (D-15), driven through the sub-core.
 *
 * Configuration (sch_small_cfg): C=2 units, E=4 entries, S=3 slots, B=2 banks, W=4 warps,
 * R=16 registers, 64-bit data, 2 write-back ports, write filter on, replacement = hint,
 * scheduler = malekeh, shared units, LFSR seed 0xACE1. Cycle n is the (n+1)-th sc_step.
 * Facts used everywhere (spec section 3/4):
 *  - bank(w, r) = (r + w) mod 2 (D-1): for warp 0, even registers in bank 0, odd in bank 1;
 *  - an instruction issued in t has its lookup cycle in t+1 (decision 15): lookups on the
 *    pre-cycle state, hits locked, hinted and LRU-touched, OCT written (a missing slot
 *    not ready, index 0), the D-7 victims of the missing registers chosen with lfsr(t+1)
 *    (each pick excluding the earlier ones) but not written, and one bank read per
 *    distinct missing register pushed after the grant decision, in slot order, naming
 *    {unit, first slot naming the register, warp, register}. All hits (or no valid
 *    source): dispatch in t+2. Otherwise t+2 is the claim cycle: victims written (valid,
 *    tag, lock), missing slots pointed at them, their hints and touches (no dispatch in
 *    it); a read is granted at t+2 at the earliest (grants see the FIFOs before the
 *    cycle's pushes), filled in the next cycle into the entry its slot points to (the
 *    claim has happened by then) and the unit dispatches in the cycle after its last
 *    fill: one miss at t+4, k distinct missing registers of one unit at t+3+k;
 *  - write-backs of the owner in its lookup or claim cycle: a hit on the pre-cycle state
 *    is invalidated at the edge, in parallel (port D idle; a claimed entry is written
 *    anyway). In other cycles port D looks up and picks its victim on the pre-cycle
 *    state, in parallel with the other ports' invalidations;
 *  - one port S per unit: when both banks' heads target one unit, only bank 0 grants
 *    (decision 4); a bank written in a cycle grants nothing in it (D-12); after a
 *    dispatch in d the unit is free from d+1;
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

/* The LRU ranks of unit u's four entries are exp[0..3] (D-8). */
static void expect_ranks(const ccu_t *u, const unsigned *exp)
{
    for (unsigned i = 0; i < 4; i++) {
        if (u->ct[i].rank != exp[i])
            fprintf(stderr, "  cycle %u: entry %u rank %u, expected %u\n", sch_cyc - 1, i,
                    u->ct[i].rank, exp[i]);
        TT_EQ(u->ct[i].rank, exp[i]);
    }
}

/* ------------------------------------------------------------------ common prologue */

/* Warp 0 reads r0, r1, r2 (all missing, far hints), tag 1, offered in c0 only:
 *  c0: issue. Both units free and empty = far CCUs (D-9 step 2); pick from lfsr(c0) mod 2
 *      = 1 -> unit 1, flush, owner 0.
 *  c1: lookup cycle of unit 1: all miss; D-7 first invalid, lowest index, picks in slot
 *      order: e0 for r0, e1 for r1, e2 for r2 (chosen, not written). Reads pushed after
 *      the grant decision: r0 (slot 0) -> bank 0, r1 (slot 1) -> bank 1, r2 (slot 2) ->
 *      bank 0 behind r0.
 *  c2: claim cycle: e0 <- r0, e1 <- r1, e2 <- r2, all far (D-11 hints), touched in slot
 *      order e0, e1, e2: ranks [0,1,2,3] -> [0,1,2,3] -> [1,0,2,3] -> [2,1,0,3]. Grants:
 *      bank 0 grants r0; bank 1's head (r1, unit 1) blocked: port S taken (decision 4).
 *  c3: fill of slot 0's entry e0; bank 0 grants r2; bank 1 blocked again.
 *  c4: fill of slot 2's entry e2; bank 1 grants r1.  c5: fill of slot 1's entry e1.
 *  c6: dispatch {val(0,0), val(0,1), val(0,2)} (t+3+3). Unit 1 is free from c7 with
 *      e0 = r0, e1 = r1, e2 = r2 (valid, far, unlocked), e3 invalid, ranks [2,1,0,3]
 *      (fills and the dispatch touch nothing).
 *  c7: nothing offered, no write-back: the scenarios begin in c8, so that their lookup
 *      and write-back cycles fall on the LFSR values listed above. */
static void prologue_three_far(sc_t *m)
{
    sch_issue_one(m, 0, 0, 1, 0, 1, 2, 0);
    sch_quiet_until(m, 6);
    sch_disp_at(m, 6, 0, 1, 3, sch_val(0, 0), sch_val(0, 1), sch_val(0, 2));
    sch_quiet_until(m, 8);
    const ccu_t *u = &m->ccu[1];
    TT_EQ(u->busy, 0);
    TT_EQ(u->owner_valid, 1);
    TT_EQ(u->owner, 0);
    for (unsigned i = 0; i < 3; i++) {
        TT_EQ(ccu_bit(u->valid, i), 1);
        TT_EQ(u->ct[i].tag, i);
        TT_EQ(ccu_bit(u->near, i), 0);
        TT_EQ(u->data[i * m->words], sch_val(0, i));
    }
    TT_EQ(ccu_bit(u->valid, 3), 0);
    static const unsigned ranks[4] = {2, 1, 0, 3};
    expect_ranks(u, ranks);
}

/* ------------------------------------------------------------------ victims and the LFSR */

/* Allocation victim with the LOOKUP cycle's LFSR value (D-7, D-10, decisions 3 and 15).
 * After the prologue (c8 quiet):
 *  c9:  warp 0 offers r3, r4 (far), tag 2: owns free unit 1 (D-9 step 1): issue, no flush.
 *  c10: lookup cycle, lfsr(c10) = 0x8791, mod 4 = 1. r3 misses: first invalid entry e3.
 *       r4 misses: no invalid unlocked entry left (e3 is excluded, already picked); far
 *       unlocked entries e0, e1, e2; scan from 1 -> e1. Nothing written yet: e1 still
 *       holds r1, e3 is still invalid. Reads pushed: r3 (slot 0) -> bank 1, r4 (slot 1)
 *       -> bank 0.
 *  c11: claim cycle: e3 <- r3, e1 <- r4 (r1 is evicted). (Had the pick used lfsr(c11) =
 *       0x0F22, mod 4 = 2, r2 would go instead.) Grants: bank 0 grants r4; bank 1 (r3)
 *       blocked (port S).
 *  c12: fill of slot 1's entry e1; bank 1 grants r3. c13: fill of slot 0's entry e3.
 *  c14: dispatch {val(0,3), val(0,4)}.
 *  c15: warp 0 offers r2, tag 3: issue (unit free from c15). c16: r2 HITS (e2 kept it).
 *  c17: dispatch {val(0,2)} (all hits: t+2).
 *  c18: warp 0 offers r1, tag 4: issue. c19: r1 misses (evicted in c11), read pushed to
 *       bank 1; c20 claim and grant, c21 fill, c22 dispatch {val(0,1)}.
 * Bank reads asked: 3 + 2 + 0 + 1 = 6. */
static void test_golden_alloc_victim_lfsr(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    const ccu_t *u = &m->ccu[1];
    TT_EQ(lfsr_at(10), 0x8791);
    TT_EQ(lfsr_at(10) % 4, 1);
    TT_EQ(lfsr_at(11) % 4, 2);
    prologue_three_far(m);
    sch_quiet_until(m, 9);
    sch_issue_one(m, 9, 0, 2, 3, 4, -1, 0);
    TT_EQ(u->p_flush, 0);
    sch_step(m); /* c10: lookup */
    TT_EQ(u->c_idx[0], 3);
    TT_EQ(u->c_idx[1], 1);
    TT_EQ(ccu_lookup(u, 1), 1);
    TT_EQ(ccu_bit(u->valid, 3), 0);
    TT_EQ(arb_count(&m->arb, 0), 1);
    TT_EQ(arb_count(&m->arb, 1), 1);
    sch_step(m); /* c11: claim */
    TT_EQ(u->ct[3].tag, 3);
    TT_EQ(u->ct[1].tag, 4);
    TT_EQ(u->ct[2].tag, 2);
    TT_EQ(u->ct[0].tag, 0);
    TT_EQ(ccu_lookup(u, 1), -1);
    TT_EQ(m->fill[0].valid, 1);
    TT_EQ(m->fill[0].slot, 1);
    TT_EQ(m->fill[1].valid, 0);
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
 *  c8:  near write-back of (warp 0, r3) = D3 on port 0 (accepted: port 0 is always ready,
 *       D-6). Cacheable (near, filter on), first of its warp: port D. Miss -> D-7 victim:
 *       first invalid unlocked entry e3 <- r3, near, D3.
 *  c10: near write-back (warp 0, r5) = D5. Miss; no invalid entry; far unlocked entries
 *       e0, e1, e2 (e3 is near); lfsr(c10) mod 4 = 1 -> e1: r1 is evicted, e1 <- r5, near.
 *       (lfsr(c11) mod 4 = 2 would evict r2.)
 *  c11: warp 0 offers r1, tag 2: issue. c12: lookup: r1 MISSES; victim: no invalid;
 *       far unlocked: e0, e2; lfsr(c12) mod 4 = 1 -> scan e1 (near), e2 -> e2 (r2 goes);
 *       read of r1 pushed to bank 1. c13 claim and grant, c14 fill, c15 dispatch
 *       {val(0,1)}.
 *  c16: warp 0 offers r5, r3, tag 3: issue. c17: both hit (e1, e3), no claim cycle.
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
    sch_step(m); /* c8 */
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
    TT_EQ(m->ccu[1].ct[2].tag, 1);
    sch_issue_one(m, 16, 0, 3, 5, 3, -1, 1);
    sch_quiet_until(m, 18);
    sch_disp_at(m, 18, 0, 3, 2, D5, D3, 0);
    TT_EQ(sc_stats_get(m)->ccu_data_writes, 2);
    sc_destroy(m);
}

/* Port D on the pre-cycle state, in parallel with another port's invalidation (D-4,
 * D-5, D-7). After the prologue (e0..e2 = r0..r2, e3 invalid, unit 1 free):
 *  c8: port 0: near (w0, r4) = D4 (bank 0); port 1: near (w0, r1) = W1 (bank 1): different
 *      banks, both accepted (D-6). Port 0 is warp 0's first cacheable write: port D; port
 *      1 loses port D (wb_port_lost) and, hitting e1, invalidates it. r4 misses; its
 *      victim is picked on the pre-cycle state, where the lowest invalid unlocked entry
 *      is e3 (e1 becomes invalid only at this edge): e3 <- r4, near, D4. After c8: e0, e2
 *      unchanged, e1 invalid, e3 = r4.
 *  c9: warp 0 offers r4, r1 (far), tag 2: issue. c10 lookup: r4 hits e3, r1 misses:
 *      victim e1 (first invalid unlocked); read of r1 pushed to bank 1 (slot 1). c11
 *      claim and grant (the RF holds W1 since c8), c12 fill, c13 dispatch {D4, W1}. */
static void test_golden_portd_parallel_invalidation(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    const uint64_t D4 = 0xD4D4D4D4000000A4ull, W1 = 0x5151515100000011ull;
    const ccu_t *u = &m->ccu[1];
    prologue_three_far(m);
    sch_wb(0, 0, 4, 1, D4);
    sch_wb(1, 0, 1, 1, W1);
    sch_step(m); /* c8 */
    TT_EQ(sch_out.wb_ready[0], 1);
    TT_EQ(sch_out.wb_ready[1], 1);
    sch_no_wb();
    TT_EQ(ccu_lookup(u, 4), 3);
    TT_EQ(u->data[3 * m->words], D4);
    TT_EQ(ccu_bit(u->near, 3), 1);
    TT_EQ(ccu_bit(u->valid, 1), 0);
    TT_EQ(ccu_lookup(u, 1), -1);
    TT_EQ(ccu_lookup(u, 0), 0);
    TT_EQ(ccu_lookup(u, 2), 2);
    TT_EQ(sc_stats_get(m)->ccu_data_writes, 1);
    TT_EQ(sc_stats_get(m)->wb_port_lost, 1);
    TT_EQ(sc_stats_get(m)->wb_invalidations, 1);
    sch_issue_one(m, 9, 0, 2, 4, 1, -1, 0);
    sch_step(m); /* c10: lookup */
    TT_EQ(u->c_idx[1], 1);
    TT_EQ(arb_count(&m->arb, 1), 1);
    sch_quiet_until(m, 13);
    sch_disp_at(m, 13, 0, 2, 2, D4, W1, 0);
    sc_destroy(m);
}

/* ------------------------------------------------------------------ write-backs in the
 * lookup and claim cycles (decision 15) */

/* A write-back in the lookup cycle to a register the instruction does not read, which
 * hits: invalidated at the end of that cycle, in parallel with the lookups and victim
 * picks (which see the pre-cycle state), port D idle. After the prologue:
 *  c8:  warp 0 offers r0, r3 (far), tag 2: issue.
 *  c9:  lookup cycle: near wb (w0, r1) = W1 on port 0: hits e1 on the pre-cycle state ->
 *       e1 invalid at the end of c9, no data write although near. r0 hits e0; r3 misses:
 *       victim e3, the lowest invalid unlocked entry of the pre-cycle state (e1 is still
 *       valid there). The read of r3 (slot 1) is pushed to bank 1 (the write to bank 1
 *       in c9 only blocks c9's grant, decided before the push).
 *  c10: claim: e3 <- r3; bank 1 (not written in c10) grants r3. c11 fill of slot 1's entry
 *       e3, c12 dispatch {val(0,0), val(0,3)}.
 *  c13: warp 0 offers r1, tag 3: issue. c14 lookup: r1 MISSES (invalidated in c9):
 *       victim e1 (the only invalid entry), read pushed to bank 1; c15 claim and grant
 *       (the RF holds W1 since c9), c16 fill, c17 dispatch {W1}.
 * Read requests 3 + 1 + 1 = 5, hits 1. */
static void test_golden_wb_in_lookup_cycle(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    const uint64_t W1 = 0x5151515100000011ull;
    const ccu_t *u = &m->ccu[1];
    prologue_three_far(m);
    sch_issue_one(m, 8, 0, 2, 0, 3, -1, 0);
    sch_wb(0, 0, 1, 1, W1);
    sch_step(m); /* c9: lookup */
    TT_EQ(sch_out.wb_ready[0], 1);
    sch_no_wb();
    TT_EQ(ccu_bit(u->valid, 1), 0);
    TT_EQ(ccu_lookup(u, 1), -1);
    TT_EQ(ccu_lookup(u, 0), 0);
    TT_EQ(u->claim, 1);
    TT_EQ(u->c_idx[1], 3);
    TT_EQ(u->oct_ready, 0x1);
    TT_EQ(sc_stats_get(m)->ccu_data_writes, 0);
    TT_EQ(sc_stats_get(m)->wb_invalidations, 1);
    TT_EQ(*sch_rf(m, 0, 1), W1);
    TT_EQ(arb_count(&m->arb, 1), 1);
    sch_step(m); /* c10: claim */
    TT_EQ(ccu_lookup(u, 3), 3);
    TT_EQ(ccu_bit(u->valid, 1), 0);
    TT_EQ(m->fill[1].valid, 1);
    sch_quiet_until(m, 12);
    sch_disp_at(m, 12, 0, 2, 2, sch_val(0, 0), sch_val(0, 3), 0);
    sch_issue_one(m, 13, 0, 3, 1, -1, -1, 0);
    sch_step(m); /* c14: lookup */
    TT_EQ(u->claim, 1);
    TT_EQ(u->c_idx[0], 1);
    sch_quiet_until(m, 17);
    sch_disp_at(m, 17, 0, 3, 1, W1, 0, 0);
    TT_EQ(sc_stats_get(m)->bank_read_reqs, 5);
    TT_EQ(sc_stats_get(m)->src_hits, 1);
    sc_destroy(m);
}

/* A write-back in the claim cycle that hits an entry not being claimed: invalidated; its
 * bank is the one the read waits on, so the read is not granted in the claim cycle (D-12).
 * After the prologue:
 *  c8:  warp 0 offers r3 (far), tag 2: issue.
 *  c9:  lookup: r3 misses; victim e3 (first invalid), not written; read of r3 (slot 0)
 *       pushed to bank 1.
 *  c10: claim cycle: near wb (w0, r1) = W1 on port 0 hits e1 (pre-cycle state), which is
 *       not claimed -> e1 invalid, no data write (port D idle). The claim: e3 <- r3
 *       (valid, locked). Bank 1 is written by the write-back ((1+0) mod 2 = 1): it grants
 *       nothing in c10 (blocked_write 1).
 *  c11: bank 1 grants r3 (not written in c11). c12 fill e3. c13 dispatch {val(0,3)}. */
static void test_golden_wb_in_claim_cycle(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    const uint64_t W1 = 0x5151515100000011ull;
    const ccu_t *u = &m->ccu[1];
    prologue_three_far(m);
    sch_issue_one(m, 8, 0, 2, 3, -1, -1, 0);
    sch_step(m); /* c9: lookup */
    TT_EQ(u->claim, 1);
    TT_EQ(u->c_idx[0], 3);
    TT_EQ(arb_count(&m->arb, 1), 1);
    sch_wb(0, 0, 1, 1, W1);
    sch_step(m); /* c10: claim */
    TT_EQ(sch_out.wb_ready[0], 1);
    TT_EQ(sch_out.disp_valid, 0);
    sch_no_wb();
    TT_EQ(ccu_bit(u->valid, 1), 0);
    TT_EQ(ccu_lookup(u, 1), -1);
    TT_EQ(ccu_lookup(u, 3), 3);
    TT_EQ(ccu_bit(u->lock, 3), 1);
    TT_EQ(ccu_lookup(u, 0), 0);
    TT_EQ(ccu_lookup(u, 2), 2);
    TT_EQ(sc_stats_get(m)->ccu_data_writes, 0);
    TT_EQ(sc_stats_get(m)->wb_invalidations, 1);
    TT_EQ(sc_stats_get(m)->grant_blocked_write, 1);
    TT_EQ(m->fill[1].valid, 0);
    TT_EQ(arb_count(&m->arb, 1), 1);
    sch_step(m); /* c11: grant */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(m->fill[1].valid, 1);
    TT_EQ(arb_count(&m->arb, 1), 0);
    sch_quiet_until(m, 13);
    sch_disp_at(m, 13, 0, 2, 1, sch_val(0, 3), 0, 0);
    sc_destroy(m);
}

/* A write-back in the claim cycle whose hit entry IS the chosen victim: the claim wins,
 * and the read, on the other bank, is granted in the same claim cycle. After the prologue:
 *  c8:  near wb (w0, r3) = D3: port D fills e3 (first invalid): every entry valid now,
 *       e0..e2 far, e3 near.
 *  c9:  warp 0 offers r4 (far), tag 2: issue.
 *  c10: lookup: r4 misses; no invalid entry; far unlocked e0, e1, e2; lfsr(c10) mod 4 = 1
 *       -> e1 chosen (still r1, valid). Read of r4 (slot 0) pushed to bank (4+0) mod 2 = 0.
 *  c11: claim cycle: near wb (w0, r1) = W1 on port 0 hits e1 on the pre-cycle state and
 *       invalidates it (one write-back invalidation counted); e1 is claimed at the same
 *       edge: valid, tag r4, locked (the claim wins); no data write. (lfsr(c11) mod 4 = 2
 *       would have picked e2.) Bank 0 is not written (the write-back goes to bank 1): it
 *       grants r4 in c11.
 *  c12: fill of slot 0's entry e1 with val(0,4). c13 dispatch {val(0,4)}. */
static void test_golden_wb_hits_claimed_victim(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    const uint64_t D3 = 0xD3D3D3D3000000A3ull, W1 = 0x5151515100000011ull;
    const ccu_t *u = &m->ccu[1];
    TT_EQ(lfsr_at(10) % 4, 1);
    TT_EQ(lfsr_at(11) % 4, 2);
    prologue_three_far(m);
    sch_wb(0, 0, 3, 1, D3);
    sch_step(m); /* c8 */
    sch_no_wb();
    TT_EQ(ccu_lookup(u, 3), 3);
    sch_issue_one(m, 9, 0, 2, 4, -1, -1, 0);
    sch_step(m); /* c10: lookup */
    TT_EQ(u->c_idx[0], 1);
    TT_EQ(ccu_lookup(u, 1), 1);
    TT_EQ(arb_count(&m->arb, 0), 1);
    sch_wb(0, 0, 1, 1, W1);
    sch_step(m); /* c11: claim */
    TT_EQ(sch_out.wb_ready[0], 1);
    sch_no_wb();
    TT_EQ(ccu_bit(u->valid, 1), 1);
    TT_EQ(ccu_bit(u->lock, 1), 1);
    TT_EQ(u->ct[1].tag, 4);
    TT_EQ(ccu_lookup(u, 1), -1);
    TT_EQ(sc_stats_get(m)->wb_invalidations, 1);
    TT_EQ(sc_stats_get(m)->ccu_data_writes, 1);
    TT_EQ(*sch_rf(m, 0, 1), W1);
    TT_EQ(m->fill[0].valid, 1);
    TT_EQ(m->fill[0].slot, 0);
    sch_step(m); /* c12: fill */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(u->data[1 * m->words], sch_val(0, 4));
    sch_disp_at(m, 13, 0, 2, 1, sch_val(0, 4), 0, 0);
    sc_destroy(m);
}

/* A read granted in the claim cycle fills the entry the claim gave its slot (t+3), not the
 * index the slot had before the claim, nor the entry numbered like the slot. After the
 * prologue (e0..e2 = r0..r2 holding val(0,0..2), e3 invalid):
 *  c8:  warp 0 offers s0 = r2, s1 = r5, s2 = r5 (far), tag 2: issue (own free unit 1).
 *  c9:  lookup: r2 hits e2 (s0 ready, index 2); r5 misses in s1 (the first slot naming
 *       it) and s2: victim e3 (first invalid), not written; s1 and s2 not ready at index
 *       0 (e0, r0's entry). One read [unit 1, slot 1, warp 0, r5] pushed to bank
 *       (5+0) mod 2 = 1.
 *  c10: claim: e3 <- r5 (valid, locked), s1 and s2 -> e3. Bank 1 (not written) grants
 *       the read in this same cycle: the bank is read at the edge ending c10.
 *  c11: port S fill: the read names slot 1, whose entry is e3 since c10: e3 <- val(0,5),
 *       s1 and s2 ready (both point at e3). e0 (slot 1's index before the claim) keeps
 *       val(0,0), e1 (the entry numbered like the slot) keeps val(0,1).
 *  c12 = t+4: dispatch {val(0,2), val(0,5), val(0,5)}. */
static void test_golden_fill_in_claimed_entry(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    const ccu_t *u = &m->ccu[1];
    prologue_three_far(m);
    sch_issue_one(m, 8, 0, 2, 2, 5, 5, 0);
    TT_EQ(u->p_flush, 0);
    sch_step(m); /* c9: lookup */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(u->claim, 1);
    TT_EQ(u->oct_valid, 0x7);
    TT_EQ(u->oct_ready, 0x1);
    TT_EQ(u->oct_idx[0], 2);
    TT_EQ(u->oct_idx[1], 0);
    TT_EQ(u->oct_idx[2], 0);
    TT_EQ(u->c_first, 0x2);
    TT_EQ(u->c_idx[1], 3);
    TT_EQ(ccu_bit(u->valid, 3), 0);
    TT_EQ(arb_count(&m->arb, 0), 0);
    TT_EQ(arb_count(&m->arb, 1), 1);
    if (arb_count(&m->arb, 1) == 1) {
        const arb_req *r = arb_at(&m->arb, 1, 0);
        TT_EQ(r->ccu, 1);
        TT_EQ(r->slot, 1);
        TT_EQ(r->wid, 0);
        TT_EQ(r->reg, 5);
    }
    sch_step(m); /* c10: claim and grant */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(u->claim, 0);
    TT_EQ(ccu_lookup(u, 5), 3);
    TT_EQ(ccu_bit(u->lock, 3), 1);
    TT_EQ(u->oct_idx[1], 3);
    TT_EQ(u->oct_idx[2], 3);
    TT_EQ(u->oct_ready, 0x1);
    TT_EQ(m->fill[1].valid, 1);
    TT_EQ(m->fill[1].ccu, 1);
    TT_EQ(m->fill[1].slot, 1);
    TT_EQ(m->fill[1].reg, 5);
    TT_EQ(arb_count(&m->arb, 1), 0);
    sch_step(m); /* c11: fill */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(u->oct_ready, 0x7);
    TT_EQ(u->data[3 * m->words], sch_val(0, 5));
    TT_EQ(u->data[0 * m->words], sch_val(0, 0));
    TT_EQ(u->data[1 * m->words], sch_val(0, 1));
    TT_EQ(u->data[2 * m->words], sch_val(0, 2));
    TT_EQ(sc_stats_get(m)->ccu_fills, 4);
    sch_disp_at(m, 12, 0, 2, 3, sch_val(0, 2), sch_val(0, 5), sch_val(0, 5));
    TT_EQ(sc_stats_get(m)->bank_read_reqs, 4);
    TT_EQ(sc_stats_get(m)->src_hits, 1);
    sc_destroy(m);
}

/* ------------------------------------------------------------------ LRU (D-8) */

/* One hit and one miss: the hit is touched in the lookup cycle, the claim in the claim
 * cycle, so the claimed entry ends MORE recent than the hit one even when its slot comes
 * first. After the prologue (ranks [2,1,0,3]):
 *  c8:  warp 0 offers s0 = r3 (miss), s1 = r0 (hit), far, tag 2: issue.
 *  c9:  lookup: r0 hits e0: touch e0 (rank 2 -> 0; e1 1 -> 2, e2 0 -> 1): [0,2,1,3]. r3
 *       misses: victim e3, not touched yet; read of r3 pushed to bank 1.
 *  c10: claim: e3 <- r3, touch e3 (rank 3 -> 0, all others + 1): [1,3,2,0]. (One touch
 *       pass in slot order, e3 then e0, would give [0,3,2,1].) Bank 1 grants r3.
 *  c11 fill, c12 dispatch {val(0,3), val(0,0)}. */
static void test_golden_lru_hit_then_claim(void)
{
    static const unsigned after_lookup[4] = {0, 2, 1, 3}, after_claim[4] = {1, 3, 2, 0};
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    const ccu_t *u = &m->ccu[1];
    prologue_three_far(m);
    sch_issue_one(m, 8, 0, 2, 3, 0, -1, 0);
    sch_step(m); /* c9: lookup */
    expect_ranks(u, after_lookup);
    TT_EQ(u->c_idx[0], 3);
    sch_step(m); /* c10: claim */
    expect_ranks(u, after_claim);
    TT_EQ(ccu_lookup(u, 3), 3);
    sch_quiet_until(m, 12);
    sch_disp_at(m, 12, 0, 2, 2, sch_val(0, 3), sch_val(0, 0), 0);
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
 *     in c2, unit 0 is in its lookup cycle) -> D-9 step 3, no issue (no_free).
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
 * only when its unit is free: c0 (far unit 1), then every 3 cycles (issue t, lookup t+1
 * with no claim cycle (no source), dispatch t+2, free t+3): c3, c6, c9, c12, c15. In c1,
 * c2, c4, ... the offer is refused (owned_busy). Intervals (decision 12: cycle c counts
 * the issue of cycle c-1, so an interval counts the issues of its cycles shifted by one):
 * I0 = c0..c3 counts c-1..c2: 1 (c0); I1 = c4..c7 counts c3..c6: 2 (c3, c6);
 * I2 = c8..c11 counts c7..c10: 1 (c9); I3 = c12..c15 counts c11..c14: 1 (c12).
 * Default table (D-16), step 2, 1/50:
 *  end of I0: prev = 1 recorded, no edge (state 1, STHLD 0);
 *  end of I1: 50*|2-1| = 50 > 1*1 -> Large: 1 -> 3, STHLD 0 + 2 = 2;
 *  end of I2: 50*|1-2| = 50 > 1*2 -> Large: 3 -> 4, STHLD 2 - 4 -> clamped to 0;
 *  end of I3: 50*0 <= 1*1 -> Small: 4 -> 5, STHLD 0 - 2 -> clamped to 0. */
static void test_golden_fsm_counts_issued(void)
{
    cfg_t c;
    sch_small_cfg(&c);
    c.interval = 4;
    sc_t *m = sch_mk(&c);
    if (!m)
        return;
    static const struct { unsigned prev, state, sthld; } end[4] = {
        {1, 1, 0}, {2, 3, 2}, {1, 4, 0}, {1, 5, 0},
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
    TT_EQ(sc_stats_get(m)->fsm_edge[3][1], 1);
    TT_EQ(sc_stats_get(m)->fsm_edge[4][0], 1);
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
    TT_RUN(test_golden_portd_parallel_invalidation);
    TT_RUN(test_golden_wb_in_lookup_cycle);
    TT_RUN(test_golden_wb_in_claim_cycle);
    TT_RUN(test_golden_wb_hits_claimed_victim);
    TT_RUN(test_golden_fill_in_claimed_entry);
    TT_RUN(test_golden_lru_hit_then_claim);
    TT_RUN(test_golden_owner_idle_unit);
    TT_RUN(test_golden_greedy_last_issued);
    TT_RUN(test_golden_fsm_counts_issued);
    TT_RUN(test_golden_fsm_boundary_and_clamps);
    TT_EXIT();
}
