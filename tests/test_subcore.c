/* test_subcore.c - cycle-level scenarios on sc_step with hand-built inputs.
 *
 * Small configuration: DATA_BITS 64, C=2, E=4, S=3, B=2, W=4, R=16, 2 write-back ports,
 * write filter on, LFSR seed 0xACE1. Cycle n is the (n+1)-th sc_step call after reset.
 * Expected cycle numbers are derived by hand from the contract and the cycle order of
 * cmodel/sc.c ("Inside one cycle"):
 *   - outputs (issue decision, dispatch, wb_ready) come from the pre-cycle state;
 *   - an instruction issued in cycle t is captured by its unit (pend); t+1 is its LOOKUP
 *     cycle (flush if the issue flushed, lookups on the pre-cycle state, hits locked,
 *     hinted and touched, OCT written with misses not ready at index 0, the D-7 victims of
 *     the missing registers chosen with the LFSR of t+1 but not written; src_* and
 *     bank_read_reqs counted here) and the cycle its bank reads are PUSHED: one per
 *     distinct missing register, in slot order, each naming the first OCT slot that names
 *     the register (not an entry). With no miss the unit is ready from t+2 and dispatches
 *     in t+2. Otherwise t+2 is its CLAIM cycle: the victims take their registers (valid,
 *     tag, lock), the missing slots their entries, hints and touches; nothing is pushed;
 *     the unit cannot dispatch in it;
 *   - read grants are decided on the FIFO heads BEFORE this cycle's pushes, so a miss of
 *     an instruction issued in t has its first grant at t+2 at the earliest: in its claim
 *     cycle;
 *   - a grant in cycle g registers the bank data; the port S fill happens in g+1 (t+3 at
 *     the earliest, after the claim) into the entry the request's slot points to then,
 *     and readies every valid slot pointing there; the unit is ready in the state after
 *     g+1, so it dispatches at g+2 at the earliest = the cycle after its last fill (t+4
 *     for one miss of an instruction issued in t, alone; t+3+k for k distinct missing
 *     registers of one unit with nothing else in the way);
 *   - write-backs accepted in cycle t update the owner's CCU and the bank at the end of t,
 *     except in the unit's lookup and claim cycles, where a hit (on the pre-cycle state)
 *     only invalidates and port D is idle; port D looks up and picks its victim on the
 *     pre-cycle state, the other ports' invalidations apply in parallel;
 *   - bank b grants nothing in a cycle it is written (D-12), and when two banks' heads
 *     target the same CCU only the lower bank grants (arb.h: fixed priority).
 * LFSR in cycles 0..8 = 0xACE1, 0x59C3, 0xB387, 0x670F, 0xCE1E, 0x9C3C, 0x3879, 0x70F2,
 * 0xE1E4 (test_policy.c checks the first ones): a "random" pick among C=2 units starts at
 * unit 1 in cycles 0-3 and 6, at unit 0 in cycles 4, 5, 7, 8.
 * sc_check_invariants is called after every cycle of every scenario.
 */
#include <string.h>
#include "simcfg.h"
#include "dbg.h"
#include "drv.h"
#include "sc_harness.h"
#include "stats.h"
#include "tt.h"

/* ------------------------------------------------------------------ timing */

/* Warp 0 reads r0 (bank 0) and r3 (bank 1), both missing, tag 0x5A.
 *  c0: issue (both units free and empty = far; LFSR 0xACE1 odd -> unit 1): unit 1 becomes
 *      busy, owned by warp 0, and captures the instruction (pend); OCT still empty, no
 *      request (decision 15).
 *  c1: lookup cycle of unit 1 (flush: nothing valid): both miss. OCT s0, s1 valid, not
 *      ready, index 0. Victims chosen (first invalid, each pick excluding the earlier
 *      one): r0 -> e0, r3 -> e1; nothing written (no entry valid or locked). The reads
 *      are pushed after the grant decision: bank 0 [unit 1, slot 0, r0], bank 1 [unit 1,
 *      slot 1, r3]. Counted here: 2 bank read requests.
 *  c2: claim cycle: e0 <- r0, e1 <- r3 (valid, locked), s1 -> index 1. Grants on the
 *      FIFOs as they were after c1: both heads target unit 1: bank 0 grants r0 (slot 0),
 *      bank 1 is blocked (port S taken).
 *  c3: r0 filled into s0's entry e0 (slot 0 ready); bank 1 grants r3 (slot 1).
 *  c4: r3 filled into s1's entry e1 (slot 1 ready). No dispatch yet (decided on the
 *      pre-cycle state).
 *  c5: dispatch {val(0,0), val(0,3)}, tag 0x5A. Warp 0's next instruction (r3, r0, r3) is
 *      offered in c5 but its unit is still busy in the pre-cycle state -> no issue.
 *  c6: issue (OWNED_FREE, no flush). c7: lookup, all three slots hit: no bank read, no
 *      claim cycle; two distinct registers (r3 named twice counts once), both hits.
 *  c8: dispatch {val(0,3), val(0,0), val(0,3)} (an all-hit instruction issued in t
 *      dispatches at t+2), but disp_ready = 0: refused, the unit stays busy.
 *  c9: shown again and accepted. c10: nothing. */
static void test_sc_miss_timing(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    sch_offer(0, 0x5A, 0, 3, -1, 1);
    sch_issue_at(m, 0, 0);
    TT_EQ(sch_out.disp_valid, 0);
    sch_withdraw(0);
    const ccu_t *u = &m->ccu[1];
    TT_EQ(u->owner_valid, 1);
    TT_EQ(u->owner, 0);
    TT_EQ(u->busy, 1);
    TT_EQ(u->pend, 1);
    TT_EQ(u->p_flush, 1);
    TT_EQ(u->p_valid[0], 1);
    TT_EQ(u->p_reg[1], 3);
    TT_EQ(u->p_valid[2], 0);
    TT_EQ((u->oct_valid >> 0 & 1u), 0);
    TT_EQ(m->ccu[0].owner_valid, 0);
    TT_EQ(arb_count(&m->arb, 0) + arb_count(&m->arb, 1), 0);
    TT_EQ(m->lfsr, 0x59C3); /* D-10: one LFSR step per cycle */

    sch_step(m); /* c1: lookup, reads pushed */
    TT_EQ(sch_out.issue_valid, 0);
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(u->pend, 0);
    TT_EQ(u->claim, 1);
    TT_EQ(u->busy, 1);
    TT_EQ((u->oct_valid >> 0 & 1u), 1);
    TT_EQ((u->oct_ready >> 0 & 1u), 0);
    TT_EQ(u->oct_idx[0], 0);
    TT_EQ((u->oct_valid >> 1 & 1u), 1);
    TT_EQ((u->oct_ready >> 1 & 1u), 0);
    TT_EQ(u->oct_idx[1], 0);
    TT_EQ((u->oct_valid >> 2 & 1u), 0);
    TT_EQ(u->c_first, 0x3);
    TT_EQ(u->c_idx[0], 0);
    TT_EQ(u->c_idx[1], 1);
    TT_EQ(u->valid, 0);
    TT_EQ(u->lock, 0);
    TT_EQ(m->stats.bank_read_reqs, 2);
    TT_EQ(m->fill[0].valid, 0);
    TT_EQ(arb_count(&m->arb, 0), 1);
    TT_EQ(arb_count(&m->arb, 1), 1);
    if (arb_count(&m->arb, 0) == 1 && arb_count(&m->arb, 1) == 1) {
        TT_EQ(arb_at(&m->arb, 0, 0)->ccu, 1);
        TT_EQ(arb_at(&m->arb, 0, 0)->slot, 0);
        TT_EQ(arb_at(&m->arb, 0, 0)->wid, 0);
        TT_EQ(arb_at(&m->arb, 0, 0)->reg, 0);
        TT_EQ(arb_at(&m->arb, 1, 0)->ccu, 1);
        TT_EQ(arb_at(&m->arb, 1, 0)->slot, 1);
        TT_EQ(arb_at(&m->arb, 1, 0)->reg, 3);
    }

    sch_step(m); /* c2: claim, bank 0 grants */
    TT_EQ(sch_out.issue_valid, 0);
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(u->claim, 0);
    TT_EQ(u->valid, 0x3);
    TT_EQ(u->lock, 0x3);
    TT_EQ(u->ct[0].tag, 0);
    TT_EQ(u->ct[1].tag, 3);
    TT_EQ(u->oct_idx[0], 0);
    TT_EQ(u->oct_idx[1], 1);
    TT_EQ(u->oct_ready, 0);
    TT_EQ(m->fill[0].valid, 1);
    TT_EQ(m->fill[0].ccu, 1);
    TT_EQ(m->fill[0].slot, 0);
    TT_EQ(m->fill[0].reg, 0);
    TT_EQ(m->fill[1].valid, 0);
    TT_EQ(m->stats.grant_blocked_port, 1);
    TT_EQ(arb_count(&m->arb, 0), 0);
    TT_EQ(arb_count(&m->arb, 1), 1);

    sch_step(m); /* c3 */
    TT_EQ(sch_out.issue_valid, 0);
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ((u->oct_ready >> 0 & 1u), 1);
    TT_EQ((u->oct_ready >> 1 & 1u), 0);
    TT_EQ(u->data[0 * m->words], sch_val(0, 0));
    TT_EQ(m->fill[0].valid, 0);
    TT_EQ(m->fill[1].valid, 1);
    TT_EQ(m->fill[1].ccu, 1);
    TT_EQ(m->fill[1].slot, 1);
    TT_EQ(m->fill[1].reg, 3);
    TT_EQ(arb_count(&m->arb, 1), 0);
    TT_EQ(m->stats.ccu_fills, 1);

    sch_step(m); /* c4 */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ((u->oct_ready >> 1 & 1u), 1);
    TT_EQ(u->data[1 * m->words], sch_val(0, 3));
    TT_EQ(m->stats.ccu_fills, 2);
    TT_EQ(m->lfsr, 0x9C3C); /* LFSR of cycle 5 */

    sch_offer(0, 0x11, 3, 0, 3, 1);
    sch_disp_at(m, 5, 0, 0x5A, 2, sch_val(0, 0), sch_val(0, 3), 0);
    TT_EQ(sch_out.issue_valid, 0);
    TT_EQ(u->busy, 0);
    TT_EQ(m->stats.alloc[ALLOC_OWNED_BUSY], 1);

    sch_issue_at(m, 6, 0); /* c6: issue */
    TT_EQ(sch_out.disp_valid, 0);
    sch_withdraw(0);
    TT_EQ(m->stats.alloc[ALLOC_OWNED_FREE], 1);
    TT_EQ(u->pend, 1);
    TT_EQ(u->p_flush, 0);
    TT_EQ(ccu_ready(u), 0);

    sch_step(m); /* c7: lookup, all hits */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(u->claim, 0);
    TT_EQ(m->stats.bank_read_reqs, 2);
    TT_EQ(m->stats.src_hits, 2);   /* r3 and r0 of the second instruction */
    TT_EQ(m->stats.src_regs, 4);   /* {r0, r3} + {r3, r0} */
    TT_EQ(m->stats.src_slots, 5);
    TT_EQ(m->stats.bank_reads, 2); /* granted in c2 and c3 */
    TT_EQ(arb_count(&m->arb, 0) + arb_count(&m->arb, 1), 0);
    TT_EQ(ccu_ready(u), 1);

    sch_in.disp_ready = 0;
    /* c8: shown, refused */
    sch_disp_at(m, 8, 0, 0x11, 3, sch_val(0, 3), sch_val(0, 0), sch_val(0, 3));
    TT_EQ(u->busy, 1);
    TT_EQ(m->stats.disp_refused, 1);
    sch_in.disp_ready = 1;
    /* c9: accepted */
    sch_disp_at(m, 9, 0, 0x11, 3, sch_val(0, 3), sch_val(0, 0), sch_val(0, 3));
    TT_EQ(u->busy, 0);
    sch_step(m); /* c10 */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(m->stats.dispatched, 2);
    TT_EQ(m->stats.bank_read_reqs, 2);
    sc_destroy(m);
}

/* The claim cycle on its own (one miss, then all hits). Warp 0 reads r1 (bank 1), tag 0x15.
 *  c0: issue into unit 1 (LFSR 0xACE1 odd). c1: lookup: r1 misses; s0 valid, not ready,
 *      index 0; victim e0 (first invalid) chosen, not written (e0 neither valid nor
 *      locked); the unit is in its claim cycle next; the read [unit 1, slot 0, r1] is
 *      pushed to bank 1 after c1's grant decision.
 *  c2: claim cycle: the unit is busy and not ready in c2's pre-cycle state -> no dispatch;
 *      e0 <- r1 (valid, locked); bank 1 grants the read in the same cycle (its FIFO held
 *      it before c2). c3: fill of s0's entry e0. c4 = t+4: dispatch val(0,1).
 *  c5: warp 0 issues r1 again (unit free from c5). c6: lookup: r1 hits e0: no claim
 *      cycle, the unit is ready in c6's post state. c7 = t+2: dispatch val(0,1). */
static void test_sc_claim_cycle(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    const ccu_t *u = &m->ccu[1];
    sch_issue_one(m, 0, 0, 0x15, 1, -1, -1, 1);
    sch_step(m); /* c1: lookup */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(u->pend, 0);
    TT_EQ(u->claim, 1);
    TT_EQ(u->oct_valid, 0x1);
    TT_EQ(u->oct_ready, 0);
    TT_EQ(u->c_idx[0], 0);
    TT_EQ(ccu_bit(u->valid, 0), 0);
    TT_EQ(ccu_bit(u->lock, 0), 0);
    TT_EQ(arb_count(&m->arb, 1), 1);
    TT_EQ(m->fill[1].valid, 0);
    TT_EQ(u->busy, 1);
    TT_EQ(ccu_ready(u), 0);
    sch_step(m); /* c2: claim and grant */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(sch_out.issue_valid, 0);
    TT_EQ(u->claim, 0);
    TT_EQ(ccu_lookup(u, 1), 0);
    TT_EQ(ccu_bit(u->lock, 0), 1);
    TT_EQ(arb_count(&m->arb, 1), 0);
    TT_EQ(m->fill[1].valid, 1);
    TT_EQ(m->fill[1].slot, 0);
    TT_EQ(ccu_ready(u), 0);
    sch_step(m); /* c3: fill */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(ccu_ready(u), 1);
    sch_disp_at(m, 4, 0, 0x15, 1, sch_val(0, 1), 0, 0);
    sch_issue_one(m, 5, 0, 0x16, 1, -1, -1, 1);
    sch_step(m); /* c6: lookup, hit */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(u->claim, 0);
    TT_EQ(ccu_ready(u), 1);
    sch_disp_at(m, 7, 0, 0x16, 1, sch_val(0, 1), 0, 0);
    TT_EQ(m->stats.bank_read_reqs, 1);
    TT_EQ(m->stats.src_hits, 1);
    sc_destroy(m);
}

/* Warp 0 reads r0, r1, r2 (banks 0, 1, 0), all missing: issue c0, lookup c1 (victims
 * e0, e1, e2 chosen) pushes bank 0 FIFO [r0 (slot 0), r2 (slot 2)], bank 1 [r1 (slot 1)],
 * all for unit 1. Lower bank first for the shared port S:
 *  c2 (claim): bank 0 grants r0, bank 1 blocked;  c3: bank 0 grants r2, bank 1 blocked;
 *  c4: bank 1 grants r1. Fills c3 (r0), c4 (r2), c5 (r1) -> dispatch exactly in c6. */
static void test_sc_bank_queue(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    sch_issue_one(m, 0, 0, 0x21, 0, 1, 2, 1);
    sch_step(m); /* c1: lookup */
    TT_EQ(arb_count(&m->arb, 0), 2);
    TT_EQ(arb_count(&m->arb, 1), 1);
    TT_EQ(m->fill[0].valid, 0);
    sch_step(m); /* c2: claim */
    TT_EQ(m->fill[0].valid, 1);
    TT_EQ(m->fill[0].reg, 0);
    TT_EQ(m->fill[0].slot, 0);
    TT_EQ(m->fill[1].valid, 0);
    sch_step(m); /* c3 */
    TT_EQ(m->fill[0].valid, 1);
    TT_EQ(m->fill[0].reg, 2);
    TT_EQ(m->fill[0].slot, 2);
    TT_EQ(m->fill[1].valid, 0);
    sch_step(m); /* c4 */
    TT_EQ(m->fill[0].valid, 0);
    TT_EQ(m->fill[1].valid, 1);
    TT_EQ(m->fill[1].reg, 1);
    TT_EQ(m->fill[1].slot, 1);
    TT_EQ(m->stats.grant_blocked_port, 2);
    sch_quiet_until(m, 6);
    sch_disp_at(m, 6, 0, 0x21, 3, sch_val(0, 0), sch_val(0, 1), sch_val(0, 2));
    TT_EQ(m->stats.bank_read_reqs, 3);
    TT_EQ(m->stats.ccu_fills, 3);
    sc_destroy(m);
}

/* Duplicated register: warp 0 reads r4, r4, r6 (both bank 0): one read of r4, one of r6
 * (2 read requests; 2 distinct registers, no hit: a duplicate is not a hit), counted in
 * the lookup cycle c1, where the victims are chosen for s0 (r4 -> e0) and s2 (r6 -> e1)
 * only (s1 names s0's register) and the reads pushed: bank 0 FIFO [r4 for slot 0, r6 for
 * slot 2]. Claim c2: s0 and s1 -> e0, s2 -> e1; bank 0 grants r4. c3: fill of s0's entry
 * e0 (s0 and s1 ready), grant of r6. c4: fill of s2's entry e1. Dispatch c5 with
 * {val(0,4), val(0,4), val(0,6)}. */
static void test_sc_duplicate_source(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    const ccu_t *u = &m->ccu[1];
    sch_issue_one(m, 0, 0, 0x22, 4, 4, 6, 1);
    TT_EQ(m->stats.bank_read_reqs, 0);
    sch_step(m); /* c1: lookup */
    TT_EQ(m->stats.bank_read_reqs, 2);
    TT_EQ(m->stats.src_hits, 0);
    TT_EQ(m->stats.src_regs, 2);
    TT_EQ(m->stats.src_slots, 3);
    TT_EQ(u->c_first, 0x5);
    TT_EQ(u->c_idx[0], 0);
    TT_EQ(u->c_idx[2], 1);
    TT_EQ(arb_count(&m->arb, 0), 2);
    if (arb_count(&m->arb, 0) == 2) {
        TT_EQ(arb_at(&m->arb, 0, 0)->slot, 0);
        TT_EQ(arb_at(&m->arb, 0, 0)->reg, 4);
        TT_EQ(arb_at(&m->arb, 0, 1)->slot, 2);
        TT_EQ(arb_at(&m->arb, 0, 1)->reg, 6);
    }
    sch_step(m); /* c2: claim */
    TT_EQ(u->oct_idx[0], 0);
    TT_EQ(u->oct_idx[1], 0);
    TT_EQ(u->oct_idx[2], 1);
    TT_EQ(m->fill[0].valid, 1);
    TT_EQ(arb_count(&m->arb, 0), 1);
    sch_step(m); /* c3 */
    TT_EQ(u->oct_ready, 0x3);
    sch_quiet_until(m, 5);
    sch_disp_at(m, 5, 0, 0x22, 3, sch_val(0, 4), sch_val(0, 4), sch_val(0, 6));
    sc_destroy(m);
}

/* Two warps, two units. c0: warp 0 (r0, bank 0) issues into unit 1. c1: warp 1 (r0, bank
 * 1 = (0+1) mod 2) is the only ready warp; unit 1 is busy (lookup cycle), unit 0 free
 * and empty -> far; LFSR 0x59C3 odd -> start at 1 (busy) -> wraps to unit 0. Unit 1's
 * lookup c1 pushes bank 0, granted in its claim cycle c2; unit 0's lookup c2 pushes bank 1,
 * granted in its claim cycle c3. Fills c3 (unit 1), c4 (unit 0): dispatch warp 0 in c4,
 * warp 1 in c5. */
static void test_sc_two_warps(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    sch_offer(0, 0x30, 0, -1, -1, 1);
    sch_offer(1, 0x31, 0, -1, -1, 1);
    sch_issue_two(m, 0, 0, 1);
    TT_EQ(m->ccu[0].owner, 1);
    TT_EQ(m->ccu[0].owner_valid, 1);
    TT_EQ(m->ccu[0].pend, 1);
    TT_EQ(m->ccu[1].owner, 0);
    TT_EQ(m->ccu[1].pend, 0);
    TT_EQ(m->ccu[1].claim, 1);
    TT_EQ(arb_count(&m->arb, 0), 1);
    TT_EQ(arb_count(&m->arb, 1), 0);
    sch_step(m); /* c2 */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(m->fill[0].valid, 1);
    TT_EQ(m->fill[0].ccu, 1);
    TT_EQ(m->fill[1].valid, 0);
    TT_EQ(arb_count(&m->arb, 0), 0);
    TT_EQ(arb_count(&m->arb, 1), 1);
    TT_EQ(m->ccu[0].claim, 1);
    TT_EQ(m->ccu[1].claim, 0);
    sch_step(m); /* c3 */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(m->fill[0].valid, 0);
    TT_EQ(m->fill[1].valid, 1);
    TT_EQ(m->fill[1].ccu, 0);
    TT_EQ(arb_count(&m->arb, 1), 0);
    sch_disp_at(m, 4, 0, 0x30, 1, sch_val(0, 0), 0, 0);
    sch_disp_at(m, 5, 1, 0x31, 1, sch_val(1, 0), 0, 0);
    sch_step(m);
    TT_EQ(sch_out.disp_valid, 0);
    sc_destroy(m);
}

/* One register in three slots (issue 9): warp 0 reads r4, r4, r4. The first instruction
 * (issue c0, lookup c1) misses: ONE bank read request (pushed in c1, naming slot 0), one
 * distinct register, no hit, three slots; claim and grant c2 (the only bank read), fill
 * c3, dispatch c4. The same instruction again (issue c5, lookup c6): r4 is in the unit,
 * one distinct register, one hit, still one bank read in total; no claim cycle: dispatch
 * c7. Hit ratio = src_hits / src_regs = 1/2. */
static void test_sc_one_register_three_slots(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    sch_issue_one(m, 0, 0, 0x23, 4, 4, 4, 1);
    sch_step(m); /* c1: lookup */
    TT_EQ(m->stats.bank_read_reqs, 1);
    TT_EQ(m->stats.src_regs, 1);
    TT_EQ(m->stats.src_hits, 0);
    TT_EQ(m->stats.src_slots, 3);
    TT_EQ(arb_count(&m->arb, 0), 1);
    sch_quiet_until(m, 4);
    sch_disp_at(m, 4, 0, 0x23, 3, sch_val(0, 4), sch_val(0, 4), sch_val(0, 4));
    sch_issue_one(m, 5, 0, 0x24, 4, 4, 4, 1);
    sch_step(m); /* c6: lookup */
    TT_EQ(m->stats.bank_read_reqs, 1);
    TT_EQ(m->stats.bank_reads, 1);
    TT_EQ(m->stats.src_regs, 2);
    TT_EQ(m->stats.src_hits, 1);
    TT_EQ(m->stats.src_slots, 6);
    sch_disp_at(m, 7, 0, 0x24, 3, sch_val(0, 4), sch_val(0, 4), sch_val(0, 4));
    sc_destroy(m);
}

/* ------------------------------------------------------------------ write-backs */

/* c0..c4: warp 1 reads register r (tag) into unit 1: issue c0 (LFSR 0xACE1 odd -> unit 1),
 * lookup c1 (a miss into e0, the read pushed), claim and grant c2, fill c3, dispatch of
 * sch_val(1, r) in c4. The unit is free from c5. */
static void w1_reads_into_unit1(sc_t *m, uint32_t tag, unsigned r)
{
    sch_issue_one(m, 0, 1, tag, (int)r, -1, -1, 1);
    TT_EQ(m->ccu[1].owner, 1);
    sch_quiet_until(m, 4);
    sch_disp_at(m, 4, 1, tag, 1, sch_val(1, r), 0, 0);
}

/* Warp 1 takes unit 1 with a read of r5 (c0 issue, c1 lookup, c2 claim of e0 and grant,
 * c3 fill, c4 dispatch).
 *  c5: near write-back (w1, r7) = 0xBEEF01 on port 0: accepted; it misses in unit 1 (free,
 *      in neither a lookup nor a claim cycle) and allocates (D-5) the first invalid
 *      unlocked entry of the pre-cycle state (1); the bank gets it too (D-2).
 *  c6: warp 1 reads r7 and r5 (issue); c7 lookup: both hit (no bank read, no claim cycle,
 *      src_hits += 2). c8: dispatch {0xBEEF01, val(1,5)}.
 *  c9: far write-back (w1, r7) = 0xCAFE02 on port 1: with the filter on it is not written
 *      into the CCU; it hits -> the entry is invalidated (D-3, model's choice).
 *  c10: warp 1 reads r7 (issue); c11 lookup: miss, one bank read pushed (bank
 *  (7+1) mod 2 = 0); c12 claim and grant, c13 fill, c14: dispatch 0xCAFE02 (the bank
 *  holds the new value).
 *  c15: far write-back (w1, r9) misses: allocates nothing (CT unchanged). */
static void test_sc_wb_visibility(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    const ccu_t *u = &m->ccu[1];
    w1_reads_into_unit1(m, 0x40, 5);

    sch_wb(0, 1, 7, 1, 0xBEEF01);
    sch_step(m); /* c5 */
    TT_EQ(sch_out.wb_ready[0], 1);
    sch_no_wb();
    TT_EQ(ccu_lookup(u, 7), 1);
    TT_EQ(u->data[1 * m->words], 0xBEEF01);
    TT_EQ(ccu_bit(u->near, 1), 1);
    TT_EQ(ccu_bit(u->lock, 1), 0);
    TT_EQ(*sch_rf(m, 1, 7), 0xBEEF01);
    TT_EQ(m->stats.ccu_data_writes, 1);
    TT_EQ(ccu_lookup(&m->ccu[0], 7), -1);

    sch_issue_one(m, 6, 1, 0x41, 7, 5, -1, 1);
    sch_step(m); /* c7 */
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(u->claim, 0);
    TT_EQ(m->stats.bank_read_reqs, 1);
    TT_EQ(m->stats.src_hits, 2);
    TT_EQ(m->stats.src_regs, 3);
    TT_EQ(arb_count(&m->arb, 0) + arb_count(&m->arb, 1), 0);
    sch_disp_at(m, 8, 1, 0x41, 2, 0xBEEF01, sch_val(1, 5), 0);

    sch_wb(1, 1, 7, 0, 0xCAFE02);
    sch_step(m); /* c9 */
    TT_EQ(sch_out.wb_ready[1], 1);
    sch_no_wb();
    TT_EQ(ccu_lookup(u, 7), -1);
    TT_EQ(*sch_rf(m, 1, 7), 0xCAFE02);
    TT_EQ(m->stats.wb_invalidations, 1);
    TT_EQ(m->stats.ccu_data_writes, 1);

    sch_issue_one(m, 10, 1, 0x42, 7, -1, -1, 1);
    sch_step(m); /* c11: lookup */
    TT_EQ(m->stats.bank_read_reqs, 2);
    TT_EQ(arb_count(&m->arb, 0), 1);
    sch_step(m); /* c12: claim and grant */
    TT_EQ(arb_count(&m->arb, 0), 0);
    TT_EQ(m->fill[0].valid, 1);
    sch_quiet_until(m, 14);
    sch_disp_at(m, 14, 1, 0x42, 1, 0xCAFE02, 0, 0);

    uint8_t valid_before[4];
    for (unsigned i = 0; i < 4; i++)
        valid_before[i] = ccu_bit(u->valid, i);
    sch_wb(0, 1, 9, 0, 0x99);
    sch_step(m); /* c15 */
    sch_no_wb();
    TT_EQ(ccu_lookup(u, 9), -1);
    for (unsigned i = 0; i < 4; i++)
        TT_EQ(ccu_bit(u->valid, i), valid_before[i]);
    TT_EQ(m->stats.ccu_data_writes, 1);
    TT_EQ(*sch_rf(m, 1, 9), 0x99);
    sc_destroy(m);
}

/* D-4: two write-backs of warp 1 in one cycle on different banks.
 *  c0..c4: warp 1 reads r3 into unit 1 (entry 0), dispatched in c4.
 *  c5: port 0 (w1, r2) near = 0xA2 (bank 1), port 1 (w1, r3) near = 0xB3 (bank 0):
 *      both accepted; port 0 is the first near write -> port D writes r2; port 1's r3 is
 *      present -> invalidated (D-3/D-4). Port D looks up and picks on the pre-cycle state
 *      (e0 = r3 valid, e1..e3 invalid): r2 misses and lands in e1, the lowest invalid
 *      entry before the cycle (not e0, which port 1 invalidates in the same cycle).
 *  c6: warp 1 reads r2 and r3 (issue); c7 lookup: r2 hits e1, r3 misses: victim e0 (first
 *  invalid unlocked), read pushed to bank 0 naming slot 1. c8 claim and grant, c9 fill
 *  of s1's entry e0, c10: dispatch {0xA2, 0xB3}.
 *  c11: port 0 (w1, r2) FAR = 0xC2, port 1 (w1, r3) near = 0xD3: the first NEAR write in
 *      port order is port 1 -> r3 updated in place (e0); r2 (far, filtered) invalidated.
 *  c12: warp 1 reads r3 and r2 (issue); c13 lookup: r3 hits, r2 misses (read pushed to
 *  bank 1). c14 claim and grant, c15 fill, c16: dispatch {0xD3, 0xC2}. */
static void test_sc_two_wb_same_warp(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    const ccu_t *u = &m->ccu[1];
    w1_reads_into_unit1(m, 0x50, 3);
    TT_EQ(ccu_lookup(u, 3), 0);

    sch_wb(0, 1, 2, 1, 0xA2);
    sch_wb(1, 1, 3, 1, 0xB3);
    sch_step(m); /* c5 */
    TT_EQ(sch_out.wb_ready[0], 1);
    TT_EQ(sch_out.wb_ready[1], 1);
    sch_no_wb();
    TT_EQ(ccu_lookup(u, 2), 1);
    TT_EQ(u->data[1 * m->words], 0xA2);
    TT_EQ(ccu_lookup(u, 3), -1);
    TT_EQ(ccu_bit(u->valid, 0), 0);
    TT_EQ(m->stats.ccu_data_writes, 1);
    TT_EQ(m->stats.wb_port_lost, 1);
    TT_EQ(m->stats.wb_invalidations, 1);
    TT_EQ(*sch_rf(m, 1, 2), 0xA2);
    TT_EQ(*sch_rf(m, 1, 3), 0xB3);

    sch_issue_one(m, 6, 1, 0x51, 2, 3, -1, 1);
    sch_step(m); /* c7: lookup */
    TT_EQ(m->stats.bank_read_reqs, 2);
    TT_EQ(u->c_idx[1], 0);
    TT_EQ(arb_count(&m->arb, 0), 1);
    if (arb_count(&m->arb, 0) == 1)
        TT_EQ(arb_at(&m->arb, 0, 0)->slot, 1);
    sch_quiet_until(m, 10);
    sch_disp_at(m, 10, 1, 0x51, 2, 0xA2, 0xB3, 0);
    TT_EQ(ccu_lookup(u, 3), 0);

    sch_wb(0, 1, 2, 0, 0xC2);
    sch_wb(1, 1, 3, 1, 0xD3);
    sch_step(m); /* c11 */
    TT_EQ(sch_out.wb_ready[0], 1);
    TT_EQ(sch_out.wb_ready[1], 1);
    sch_no_wb();
    TT_EQ(ccu_lookup(u, 2), -1);
    TT_EQ(ccu_lookup(u, 3), 0);
    TT_EQ(u->data[0], 0xD3);
    TT_EQ(m->stats.ccu_data_writes, 2);
    TT_EQ(m->stats.wb_filtered, 1);
    TT_EQ(m->stats.wb_invalidations, 2);

    sch_issue_one(m, 12, 1, 0x52, 3, 2, -1, 1);
    sch_step(m); /* c13: lookup */
    TT_EQ(m->stats.bank_read_reqs, 3);
    TT_EQ(arb_count(&m->arb, 1), 1);
    sch_quiet_until(m, 16);
    sch_disp_at(m, 16, 1, 0x52, 2, 0xD3, 0xC2, 0);
    sc_destroy(m);
}

/* Write filter off (ablation): a far write-back that misses allocates (near = 0), and a
 * far write that hits updates in place; both are then read as hits.
 *  c0..c4 warp 1 reads r5 into unit 1. c5 far wb (w1, r7) = 0xE7 -> allocated.
 *  c6 warp 1 reads r7 (issue), c7 lookup: hit, no claim cycle -> c8 dispatch 0xE7.
 *  c9 far wb (w1, r7) = 0xF7 -> updated. c10 read r7, c11 hit -> c12 dispatch 0xF7.
 *  Only one bank read in all (r5, counted and queued in c1). */
static void test_sc_filter_off(void)
{
    sim_cfg c;
    sch_small_cfg(&c.m.hw);
    c.m.hw.write_filter = 0;
    sc_t *m = sch_mk(&c.m.hw);
    if (!m)
        return;
    const ccu_t *u = &m->ccu[1];
    w1_reads_into_unit1(m, 0x60, 5);
    sch_wb(0, 1, 7, 0, 0xE7);
    sch_step(m); /* c5 */
    sch_no_wb();
    int e = ccu_lookup(u, 7);
    TT_CHECK(e >= 0);
    if (e >= 0)
        TT_EQ(ccu_bit(u->near, e), 0);
    sch_issue_one(m, 6, 1, 0x61, 7, -1, -1, 1);
    sch_step(m); /* c7 */
    TT_EQ(sch_out.disp_valid, 0);
    sch_disp_at(m, 8, 1, 0x61, 1, 0xE7, 0, 0);
    sch_wb(1, 1, 7, 0, 0xF7);
    sch_step(m); /* c9 */
    sch_no_wb();
    TT_EQ(ccu_lookup(u, 7), e);
    sch_issue_one(m, 10, 1, 0x62, 7, -1, -1, 1);
    sch_step(m); /* c11 */
    sch_disp_at(m, 12, 1, 0x62, 1, 0xF7, 0, 0);
    TT_EQ(m->stats.bank_read_reqs, 1);
    sc_destroy(m);
}

/* D-6: c0: port 0 (w0, r0) bank 0 and port 1 (w2, r4) bank (4+2) mod 2 = 0: wb_ready
 * {1,0}; only port 0's value reaches the RF. c1: port 1 held by its producer, port 0
 * idle: accepted. c2: two write-backs on different banks ((w1,r0) bank 1, (w0,r2) bank
 * 0): {1,1}. No warp owns a CCU: nothing enters a CCU. */
static void test_sc_wb_backpressure(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    sch_wb(0, 0, 0, 1, 0x100);
    sch_wb(1, 2, 4, 1, 0x204);
    sch_step(m); /* c0 */
    TT_EQ(sch_out.wb_ready[0], 1);
    TT_EQ(sch_out.wb_ready[1], 0);
    TT_EQ(*sch_rf(m, 0, 0), 0x100);
    TT_EQ(*sch_rf(m, 2, 4), sch_val(2, 4));
    TT_EQ(m->stats.wb_refused, 1);
    TT_EQ(m->stats.bank_writes, 1);
    sch_in.wb_valid[0] = 0;
    sch_step(m); /* c1 */
    TT_EQ(sch_out.wb_ready[1], 1);
    TT_EQ(*sch_rf(m, 2, 4), 0x204);
    TT_EQ(m->stats.bank_writes, 2);
    sch_no_wb();
    sch_wb(0, 1, 0, 1, 0x110);
    sch_wb(1, 0, 2, 1, 0x002);
    sch_step(m); /* c2 */
    TT_EQ(sch_out.wb_ready[0], 1);
    TT_EQ(sch_out.wb_ready[1], 1);
    TT_EQ(*sch_rf(m, 1, 0), 0x110);
    TT_EQ(*sch_rf(m, 0, 2), 0x002);
    TT_EQ(m->stats.ccu_data_writes, 0);
    TT_EQ(m->stats.wb_refused, 1);
    sc_destroy(m);
}

/* D-12: a read head is not granted in a cycle its bank is written, the claim cycle
 * included.
 *  c0: warp 0 reads r0 (bank 0) into unit 1; c1: lookup (victim chosen), the request is
 *      pushed after c1's grant decision.
 *  c2: claim cycle of unit 1 and write-back (w2, r2) -> bank 0 written: no grant
 *      (blocked_write 1); the claim goes on (warp 2 owns no unit: nothing else changes).
 *  c3: write-back (w3, r1) -> bank (1+3) mod 2 = 0 again: no grant (blocked_write 2).
 *  c4: write-back (w2, r3) -> bank 1: bank 0 is free -> grant.
 *  c5: fill. c6: dispatch val(0,0). */
static void test_sc_read_blocked_by_write(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    const ccu_t *u = &m->ccu[1];
    sch_issue_one(m, 0, 0, 0x70, 0, -1, -1, 1);
    sch_step(m); /* c1: lookup */
    TT_EQ(arb_count(&m->arb, 0), 1);
    TT_EQ(m->stats.grant_blocked_write, 0);
    sch_wb(0, 2, 2, 1, 0x222);
    sch_step(m); /* c2: claim */
    TT_EQ(sch_out.wb_ready[0], 1);
    TT_EQ(u->claim, 0);
    TT_EQ(ccu_lookup(u, 0), 0);
    TT_EQ(m->fill[0].valid, 0);
    TT_EQ(arb_count(&m->arb, 0), 1);
    TT_EQ(m->stats.grant_blocked_write, 1);
    sch_wb(0, 3, 1, 1, 0x331);
    sch_step(m); /* c3 */
    TT_EQ(m->fill[0].valid, 0);
    TT_EQ(m->stats.grant_blocked_write, 2);
    sch_wb(0, 2, 3, 1, 0x223);
    sch_step(m); /* c4 */
    sch_no_wb();
    TT_EQ(m->fill[0].valid, 1);
    TT_EQ(arb_count(&m->arb, 0), 0);
    TT_EQ(m->stats.grant_blocked_write, 2);
    sch_step(m); /* c5 */
    TT_EQ(sch_out.disp_valid, 0);
    sch_disp_at(m, 6, 0, 0x70, 1, sch_val(0, 0), 0, 0);
    sc_destroy(m);
}

/* ------------------------------------------------------------------ D-9 in the sub-core */

/* Common prologue: c0 warp 0 reads r0 (near) into unit 1; c1 warp 1 reads r0 (near) into
 * unit 0 (see test_sc_two_warps); dispatches in c4 (unit 1) and c5 (unit 0). From c5 on,
 * both units hold a near value; unit 1 is free in c5's pre-cycle state, unit 0 from c6. */
static void two_near_units(sc_t *m)
{
    sch_offer(0, 0x30, 0, -1, -1, 1);
    sch_offer(1, 0x31, 0, -1, -1, 1);
    sch_issue_two(m, 0, 0, 1);
    TT_EQ(m->ccu[1].owner, 0);
    TT_EQ(m->ccu[0].owner, 1);
    sch_quiet_until(m, 4);
    sch_disp_at(m, 4, 0, 0x30, 1, sch_val(0, 0), 0, 0);
}

/* STHLD 0 never waits. c5: warp 2 (owns nothing) reads r0. Unit 0 busy (it dispatches in
 * c5), unit 1 free but holds a near value -> step 4 with counter 0 >= STHLD 0 ->
 * NEAR_FLUSH among the free units: only unit 1 (LFSR of c5 = 0x9C3C even -> start 0,
 * busy -> unit 1), owned by warp 2 from c6; warp 0 owns nothing any more. c6: lookup with
 * flush: warp 2's r0 must MISS (warp 0's r0 was in unit 1): one bank read (bank
 * (0+2) mod 2 = 0) pushed, c7 claim and grant, c8 fill, c9 dispatch val(2,0). Same c5:
 * warp 1's dispatch from unit 0. Flushes: c1, c2, c6 = 3 (counted in the lookup cycle). */
static void test_sc_near_flush(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    two_near_units(m);
    sch_offer(2, 0x32, 0, -1, -1, 1);
    sch_disp_at(m, 5, 1, 0x31, 1, sch_val(1, 0), 0, 0);
    TT_EQ(sch_out.issue_valid, 1);
    TT_EQ(sch_out.issue_wid, 2);
    sch_withdraw(2);
    TT_EQ(m->stats.alloc[ALLOC_NEAR_FLUSH], 1);
    TT_EQ(m->ccu[1].owner, 2);
    TT_EQ(m->ccu[1].owner_valid, 1);
    TT_EQ(m->ccu[1].p_flush, 1);
    TT_EQ(m->ccu[0].owner, 1);
    TT_EQ(m->stats.flushes, 2);
    TT_EQ(m->counter, 0);
    sch_step(m); /* c6: lookup */
    TT_EQ(m->stats.flushes, 3);
    TT_EQ(m->stats.bank_read_reqs, 3);
    TT_EQ(m->stats.src_hits, 0);
    TT_EQ(arb_count(&m->arb, 0), 1);
    sch_quiet_until(m, 9);
    sch_disp_at(m, 9, 2, 0x32, 1, sch_val(2, 0), 0, 0);
    sc_destroy(m);
}

/* Fixed STHLD 2. c5: warp 2 offers: as above but counter 0 < 2 -> WAIT, counter 1 (no
 * issue). c6: both units free (unit 0 released in c5), both near -> WAIT, counter 2.
 * c7: counter 2 >= 2 -> NEAR_FLUSH, counter 0; LFSR of c7 = 0x70F2 (even) -> unit 0.
 * c8 lookup (miss, read pushed), c9 claim and grant, c10 fill, c11 dispatch val(2,0). */
static void test_sc_sthld_wait(void)
{
    sim_cfg c;
    sch_small_cfg(&c.m.hw);
    c.m.hw.sthld_adaptive = 0;
    c.m.hw.sthld_init = 2;
    sc_t *m = sch_mk(&c.m.hw);
    if (!m)
        return;
    TT_EQ(m->fsm.sthld, 2);
    two_near_units(m);
    sch_offer(2, 0x32, 0, -1, -1, 1);
    sch_step(m); /* c5 */
    TT_EQ(sch_out.issue_valid, 0);
    TT_EQ(m->counter, 1);
    sch_step(m); /* c6 */
    TT_EQ(sch_out.issue_valid, 0);
    TT_EQ(m->counter, 2);
    TT_EQ(m->ccu[0].busy, 0);
    TT_EQ(m->ccu[1].busy, 0);
    sch_issue_at(m, 7, 2);
    sch_withdraw(2);
    TT_EQ(m->counter, 0);
    TT_EQ(m->stats.alloc[ALLOC_WAIT], 2);
    TT_EQ(m->stats.alloc[ALLOC_NEAR_FLUSH], 1);
    TT_EQ(m->ccu[0].owner, 2);
    TT_EQ(m->ccu[1].owner, 0);
    sch_quiet_until(m, 11);
    sch_disp_at(m, 11, 2, 0x32, 1, sch_val(2, 0), 0, 0);
    TT_EQ(m->fsm.sthld, 2);
    sc_destroy(m);
}

/* The `stallthresh` variant of `make eval` (eval/variants.txt: the authors' prototype's fixed
 * wait of 50 stalls, sthld_mode = fixed, sthld_init = 50). As test_sc_sthld_wait: c5 warp 2
 * offers, both units hold a near value -> WAIT with counter 0 < 50, counter 1; every cycle
 * up to c54 waits again (counter 50 after c54; nothing issues or dispatches after c5's
 * dispatch of warp 1); c55: counter 50 >= 50 -> NEAR_FLUSH, warp 2 issues; 50 waits. Its
 * r0 misses in the flushed unit: c56 lookup, c57 claim and grant, c58 fill, c59 dispatch. */
static void test_sc_stallthresh_wait(void)
{
    sim_cfg c;
    char err[256];
    sch_small_cfg(&c.m.hw);
    TT_EQ(simcfg_set(&c, "sthld_mode", "fixed", "test", err), 0);
    TT_EQ(simcfg_set(&c, "sthld_init", "50", "test", err), 0);
    sc_t *m = sch_mk(&c.m.hw);
    if (!m)
        return;
    two_near_units(m);
    sch_offer(2, 0x32, 0, -1, -1, 1);
    sch_step(m); /* c5 */
    TT_EQ(sch_out.issue_valid, 0);
    TT_EQ(m->counter, 1);
    sch_quiet_until(m, 55);
    TT_EQ(m->counter, 50);
    TT_EQ(m->stats.alloc[ALLOC_WAIT], 50);
    sch_issue_at(m, 55, 2);
    sch_withdraw(2);
    TT_EQ(m->counter, 0);
    TT_EQ(m->stats.alloc[ALLOC_NEAR_FLUSH], 1);
    TT_CHECK(m->ccu[0].owner == 2 || m->ccu[1].owner == 2);
    sch_quiet_until(m, 59);
    sch_disp_at(m, 59, 2, 0x32, 1, sch_val(2, 0), 0, 0);
    TT_EQ(m->fsm.sthld, 50);
    sc_destroy(m);
}

/* Write-backs around issue and lookup (docs/spec.md decision 15, section 4).
 *  c0..c4: warp 1 reads r5 into unit 1 (entry 0), dispatched in c4 (unit free from c5).
 *  c5: near wb (w1, r7) = 0x77 AND warp 1 issues (r7, r5): c5 is the unit's issue cycle,
 *      neither a lookup nor a claim cycle, so port D allocates r7 (entry 1) in c5; c6
 *      lookup: both hit, no claim cycle -> dispatch c7 {0x77, val(1,5)}; no new bank read.
 *  c8: far wb (w1, r5) = 0x55 (filter on: invalidates r5 in the issue cycle) AND warp 1
 *      issues (r5): c9 lookup misses, victim e0 (the first invalid one), read of bank
 *      (5+1) mod 2 = 0 pushed; c10 claim (r5 back in e0) and grant, c11 fill, dispatch
 *      c12 with the new value 0x55.
 *  c13: warp 1 issues (r5, r7). c14 = its lookup cycle: near wb (w1, r8) = 0x88 on port 1
 *      (bank 1) misses -> ignored (port D idle: not allocated, although near). r5 and r7
 *      hit -> no claim cycle, dispatch c15 {0x55, 0x77}. */
static void test_sc_wb_same_cycle_issue(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    const ccu_t *u = &m->ccu[1];
    w1_reads_into_unit1(m, 0x80, 5);
    sch_wb(0, 1, 7, 1, 0x77);
    sch_issue_one(m, 5, 1, 0x81, 7, 5, -1, 1);
    TT_EQ(sch_out.wb_ready[0], 1);
    TT_EQ(sch_out.disp_valid, 0);
    sch_no_wb();
    TT_EQ(ccu_lookup(u, 7), 1);
    TT_EQ(m->stats.ccu_data_writes, 1);
    sch_step(m); /* c6 */
    TT_EQ(m->stats.bank_read_reqs, 1);
    TT_EQ(m->stats.src_hits, 2);
    sch_disp_at(m, 7, 1, 0x81, 2, 0x77, sch_val(1, 5), 0);
    sch_wb(1, 1, 5, 0, 0x55);
    sch_issue_one(m, 8, 1, 0x82, 5, -1, -1, 1);
    TT_EQ(sch_out.wb_ready[1], 1);
    sch_no_wb();
    TT_EQ(m->stats.wb_invalidations, 1);
    TT_EQ(ccu_lookup(u, 5), -1);
    sch_step(m); /* c9: lookup */
    TT_EQ(m->stats.bank_read_reqs, 2);
    TT_EQ(u->c_idx[0], 0);
    TT_EQ(arb_count(&m->arb, 0), 1);
    sch_step(m); /* c10: claim and grant */
    TT_EQ(ccu_lookup(u, 5), 0);
    TT_EQ(m->fill[0].valid, 1);
    sch_quiet_until(m, 12);
    sch_disp_at(m, 12, 1, 0x82, 1, 0x55, 0, 0);
    TT_EQ(ccu_lookup(u, 5), 0);
    TT_EQ(ccu_lookup(u, 7), 1);

    sch_issue_one(m, 13, 1, 0x83, 5, 7, -1, 1);
    TT_EQ(u->pend, 1);
    sch_wb(1, 1, 8, 1, 0x88);
    sch_step(m); /* c14: lookup cycle */
    TT_EQ(sch_out.wb_ready[1], 1);
    sch_no_wb();
    TT_EQ(m->stats.ccu_data_writes, 1);
    TT_EQ(m->stats.wb_invalidations, 1);
    TT_EQ(ccu_lookup(u, 8), -1);
    TT_EQ(u->claim, 0);
    TT_EQ(m->stats.bank_read_reqs, 2);
    TT_EQ(m->stats.src_hits, 4);  /* 0 + 2 + 0 + 2 */
    TT_EQ(m->stats.src_regs, 6);
    TT_EQ(u->oct_ready, 0x3);
    TT_EQ(arb_count(&m->arb, 0) + arb_count(&m->arb, 1), 0);
    TT_EQ(*sch_rf(m, 1, 8), 0x88);
    sch_disp_at(m, 15, 1, 0x83, 2, 0x55, 0x77, 0);
    sc_destroy(m);
}

/* Private CCUs (C = W = 4): unit w is owned by warp w from reset and never flushed.
 *  c0: near wb (w2, r4) = 0x24 enters unit 2 (owner from reset): allocated.
 *  c1: warps 2 and 3 both offer an instruction reading r4; both own a CCU, warp 2 is
 *      older -> warp 2 issues: OWNED_FREE unit 2; c2 lookup: hit, no bank read, no claim
 *      cycle -> c3 dispatch 0x24.
 *  c2: greedy warp 2 has no instruction -> warp 3 issues into unit 3 (no flush); c3
 *      lookup: miss (bank (4+3) mod 2 = 1, counted and pushed in c3); c4 claim and grant,
 *      c5 fill, dispatch c6 val(3,4). No flush ever. */
static void test_sc_private(void)
{
    sim_cfg c;
    sch_small_cfg(&c.m.hw);
    c.m.hw.ccus = 4;
    c.m.hw.entries = 4;
    c.m.hw.private_ccus = 1;
    sc_t *m = sch_mk(&c.m.hw);
    if (!m)
        return;
    for (unsigned k = 0; k < 4; k++) {
        TT_EQ(m->ccu[k].owner_valid, 1);
        TT_EQ(m->ccu[k].owner, k);
    }
    sch_wb(0, 2, 4, 1, 0x24);
    sch_step(m); /* c0 */
    sch_no_wb();
    TT_CHECK(ccu_lookup(&m->ccu[2], 4) >= 0);
    sch_offer(2, 0x90, 4, -1, -1, 1);
    sch_offer(3, 0x91, 4, -1, -1, 1);
    sch_issue_two(m, 1, 2, 3);
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(m->ccu[3].busy, 1);
    TT_EQ(m->stats.bank_read_reqs, 0);
    sch_disp_at(m, 3, 2, 0x90, 1, 0x24, 0, 0);
    TT_EQ(m->stats.bank_read_reqs, 1);
    TT_EQ(m->ccu[3].claim, 1);
    TT_EQ(arb_count(&m->arb, 1), 1);
    sch_quiet_until(m, 6);
    sch_disp_at(m, 6, 3, 0x91, 1, sch_val(3, 4), 0, 0);
    TT_EQ(m->stats.flushes, 0);
    TT_EQ(m->stats.alloc[ALLOC_OWNED_FREE], 2);
    sc_destroy(m);
}

/* Baseline OCUs (caching off; E = S = 3 data entries per unit; their own timing: the
 * reads are pushed in the allocation cycle t+1, as the caching units' lookup cycle).
 *  c0: warp 0 (r0, r0, r1): LFSR 0xACE1 odd -> unit 1 (captured). c1: allocation (the
 *      baseline has no claim cycle: entries and reads in t+1): distinct registers r0 ->
 *      e0 (s0, s1), r1 -> e1 (s2); two reads, each naming the first slot of its register:
 *      (slot 0, r0) to bank 0, (slot 2, r1) to bank 1. c2: bank 0 grants, bank 1 blocked
 *      (port S of unit 1 taken); c3: fill of slot 0's entry e0 (s0, s1 ready), bank 1
 *      grants; c4: fill of slot 2's entry e1 (not entry 2); dispatch c5. Warp 0's next
 *      instruction (r0) is offered from c1: refused while warp 0 has an instruction in a
 *      unit (c1..c5: c5's pre-cycle state is still busy).
 *  c1: a near wb (w0, r1) = 0x1234 goes to the bank only (never into a unit). r1's read,
 *      granted in c3, returns the new value.
 *  c6: issue; LFSR 0x3879 odd -> unit 1 (free again); c7 allocation: r0 is read from the
 *      bank again (no caching): grant c8, fill c9, dispatch c10. */
static void test_sc_baseline(void)
{
    sim_cfg c;
    sch_small_cfg(&c.m.hw);
    c.m.hw.caching = 0;
    sc_t *m = sch_mk(&c.m.hw);
    if (!m)
        return;
    const ccu_t *u = &m->ccu[1];
    sch_offer(0, 0xA0, 0, 0, 1, 1);
    sch_issue_at(m, 0, 0);
    TT_EQ(u->busy, 1);
    TT_EQ(u->pend, 1);
    TT_EQ(u->owner, 0);
    TT_EQ(m->stats.bank_read_reqs, 0);
    sch_offer(0, 0xA1, 0, -1, -1, 1);
    sch_wb(0, 0, 1, 1, 0x1234);
    sch_step(m); /* c1 */
    sch_no_wb();
    TT_EQ(sch_out.issue_valid, 0);
    TT_EQ(m->stats.bank_read_reqs, 2);
    TT_EQ(m->stats.src_hits, 0);  /* the baseline has no cache: never a hit */
    TT_EQ(m->stats.src_regs, 2);
    TT_EQ(m->stats.src_slots, 3);
    TT_EQ(m->stats.ccu_data_writes, 0);
    TT_EQ(*sch_rf(m, 0, 1), 0x1234);
    TT_EQ(u->oct_idx[0], 0);
    TT_EQ(u->oct_idx[1], 0);
    TT_EQ(u->oct_idx[2], 1);
    TT_EQ(arb_count(&m->arb, 0), 1);
    TT_EQ(arb_count(&m->arb, 1), 1);
    sch_step(m); /* c2 */
    TT_EQ(sch_out.issue_valid, 0);
    TT_EQ(m->fill[0].valid, 1);
    TT_EQ(m->fill[0].slot, 0);
    TT_EQ(m->fill[1].valid, 0);
    sch_step(m); /* c3 */
    TT_EQ(sch_out.issue_valid, 0);
    TT_EQ(u->oct_ready, 0x3);
    TT_EQ(m->fill[1].valid, 1);
    TT_EQ(m->fill[1].slot, 2);
    sch_step(m); /* c4 */
    TT_EQ(sch_out.issue_valid, 0);
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(u->oct_ready, 0x7);
    TT_EQ(u->data[1 * m->words], 0x1234);
    sch_disp_at(m, 5, 0, 0xA0, 3, sch_val(0, 0), sch_val(0, 0), 0x1234);
    TT_EQ(sch_out.issue_valid, 0);
    sch_issue_at(m, 6, 0);
    sch_withdraw(0);
    TT_EQ(u->busy, 1);
    TT_EQ(u->owner, 0);
    sch_step(m); /* c7 */
    TT_EQ(m->stats.bank_read_reqs, 3);
    sch_quiet_until(m, 10);
    sch_disp_at(m, 10, 0, 0xA1, 1, sch_val(0, 0), 0, 0);
    TT_EQ(m->stats.flushes, 0);
    sc_destroy(m);
}

/* D-13 round-robin and refused dispatch (docs/spec.md decision 13).
 *  c0..c5: two_near_units; dispatches: unit 1 in c4 (rr <- 0), unit 0 in c5 (rr <- 1).
 *  c6: warps 0 and 1 offer all-hit instructions (r0); greedy: warp 1 issued last (c1) ->
 *      warp 1 into unit 0 (lookup c7, hit, no claim cycle, ready from c8).
 *  c7: warp 0 (owner of unit 1) issues (lookup c8, all hit). No unit is ready.
 *  c8: dispatch offers unit 0 (the only ready one; unit 1 is in its lookup cycle)
 *      but disp_ready = 0: refused.
 *  c9: both ready; scan from rr = 1 -> unit 1 (warp 0) dispatches; rr <- 0.
 *  c10: unit 0 (warp 1) dispatches. */
static void test_sc_dispatch_rr(void)
{
    sc_t *m = sch_mk_small();
    if (!m)
        return;
    two_near_units(m);
    sch_disp_at(m, 5, 1, 0x31, 1, sch_val(1, 0), 0, 0);
    TT_EQ(m->rr, 1);
    sch_offer(0, 0xB0, 0, -1, -1, 1);
    sch_offer(1, 0xB1, 0, -1, -1, 1);
    sch_issue_two(m, 6, 1, 0);
    TT_EQ(sch_out.disp_valid, 0);
    sch_in.disp_ready = 0;
    sch_disp_at(m, 8, 1, 0xB1, 1, sch_val(1, 0), 0, 0);
    TT_EQ(m->ccu[0].busy, 1);
    TT_EQ(m->stats.disp_refused, 1);
    sch_in.disp_ready = 1;
    sch_disp_at(m, 9, 0, 0xB0, 1, sch_val(0, 0), 0, 0);
    TT_EQ(m->stats.disp_contention, 1);
    sch_disp_at(m, 10, 1, 0xB1, 1, sch_val(1, 0), 0, 0);
    sch_step(m);
    TT_EQ(sch_out.disp_valid, 0);
    TT_EQ(m->stats.bank_read_reqs, 2);
    sc_destroy(m);
}

/* sc_idle(n) is exactly n empty sc_step calls on a quiescent sub-core: the same packed
 * state (LFSR, FSM, STHLD included) and the same statistics, for runs that end inside an
 * interval, on an interval's last cycle, across many intervals and across the LFSR's
 * period; the model first runs a synthetic stream so that the FSM has history. */
static void test_sc_idle(void)
{
    static const uint64_t ns[] = {1, 2, 63, 64, 65, 499, 500, 501, 1234, 65535, 65536, 200003};
    static const char *const modes[] = {"adaptive", "fixed"};
    for (unsigned mi = 0; mi < 2; mi++) {
        for (unsigned k = 0; k < sizeof ns / sizeof ns[0]; k++) {
            sim_cfg c;
            simcfg_defaults(&c);
            c.m.hw.data_bits = 64;
            c.m.hw.warps = 4;
            c.m.hw.entries = 4;
            c.m.hw.slots = 3;
            c.m.hw.interval = 500;
            char err[CFG_ERR_LEN];
            TT_EQ(simcfg_set(&c, "sthld_mode", modes[mi], "test", err), 0);
            sc_t *a = sc_create_nodata(&c.m.hw), *b = sc_create_nodata(&c.m.hw);
            drv_t *d = drv_create(&c.m.hw, &c.m.drv);
            TT_CHECK(a && b && d);
            if (!a || !b || !d) return;
            drv_no_values(d);
            static sc_in in, none;
            static sc_out oa, ob;
            none.disp_ready = 1; /* nothing offered; a dispatch is taken */
            for (unsigned t = 0; t < 777 + 37 * k; t++) { /* history, then drain */
                if (t < 700 + 37 * k) drv_inputs(d, &in);
                else in = none;
                sc_step(a, &in, &oa);
                sc_step(b, &in, &ob);
                if (t < 700 + 37 * k) drv_consume(d, &in, &oa);
            }
            for (unsigned t = 0; t < 200 && !sc_quiescent(a); t++) {
                sc_step(a, &none, &oa);
                sc_step(b, &none, &ob);
            }
            TT_CHECK(sc_quiescent(a));
            sc_idle(a, ns[k]);
            for (uint64_t t = 0; t < ns[k]; t++) sc_step(b, &none, &ob);
            static uint32_t pa[4096], pb[4096];
            unsigned w = (sc_dbg_width(a) + 31) / 32;
            memset(pa, 0, sizeof pa);
            memset(pb, 0, sizeof pb);
            sc_dbg_pack(a, pa);
            sc_dbg_pack(b, pb);
            TT_CHECK(memcmp(pa, pb, w * sizeof *pa) == 0);
            TT_CHECK(memcmp(sc_stats_get(a), sc_stats_get(b), sizeof(sc_stats)) == 0);
            drv_destroy(d);
            sc_destroy(a);
            sc_destroy(b);
        }
    }
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    TT_RUN(test_sc_idle);
    TT_RUN(test_sc_miss_timing);
    TT_RUN(test_sc_claim_cycle);
    TT_RUN(test_sc_bank_queue);
    TT_RUN(test_sc_duplicate_source);
    TT_RUN(test_sc_one_register_three_slots);
    TT_RUN(test_sc_two_warps);
    TT_RUN(test_sc_wb_visibility);
    TT_RUN(test_sc_two_wb_same_warp);
    TT_RUN(test_sc_filter_off);
    TT_RUN(test_sc_wb_backpressure);
    TT_RUN(test_sc_read_blocked_by_write);
    TT_RUN(test_sc_near_flush);
    TT_RUN(test_sc_sthld_wait);
    TT_RUN(test_sc_stallthresh_wait);
    TT_RUN(test_sc_wb_same_cycle_issue);
    TT_RUN(test_sc_dispatch_rr);
    TT_RUN(test_sc_private);
    TT_RUN(test_sc_baseline);
    TT_EXIT();
}
