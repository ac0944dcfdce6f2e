/* test_policy.c - unit tests of each policy of the C model against hand-worked values.
 *
 * Every expected value below was derived by hand from the design contract
 * (decisions D-1..D-16, restated in docs/spec.md section 1.2) and the documented
 * model choices (lfsr.h polynomial, arb.h fixed bank priority); the reasoning is in the
 * comment of each test. No expected value is computed by calling the function under test.
 */
#include <string.h>

#include "alloc.h"
#include "arb.h"
#include "ccu.h"
#include "cfg.h"
#include "fsm.h"
#include "lfsr.h"
#include "sched.h"
#include "stats.h"
#include "tt.h"

/* ------------------------------------------------------------------ helpers */

/* The contract's defaults (D-16 table included), from the configuration module; the
 * fields the tests depend on are then pinned explicitly so a changed default cannot
 * silently change what a test means. */
static void def_cfg(cfg_t *c)
{
    cfg_defaults(c);
    c->ccus = 2;
    c->entries = 8;
    c->slots = 6;
    c->banks = 2;
    c->warps = 8;
    c->regs = 256;
    c->data_bits = 128;
    c->wb_ports = 2;
    c->tag_bits = 8;
    c->interval = 10000;
    c->ipc_num = 1;
    c->ipc_den = 50;
    c->sthld_init = 0;
    c->sthld_max = 63;
    c->sthld_step = 2;
    c->sthld_adaptive = 1;
    c->fsm_start = 1;
    c->lfsr_seed = 0xACE1;
    c->caching = 1;
    c->repl_lru_only = 0;
    c->sched_gto = 0;
    c->private_ccus = 0;
}

#define WORDS 2 /* 128 data bits */

static uint64_t ccu_buf[CFG_MAX_C][CFG_MAX_E * WORDS];

/* A CCU with E entries and S slots in its reset state, data in ccu_buf[k]. */
static void mk_ccu(ccu_t *u, unsigned k, unsigned e, unsigned s)
{
    memset(u, 0, sizeof *u);
    u->n_ent = e;
    u->n_slot = s;
    u->words = WORDS;
    u->data = ccu_buf[k];
    ccu_reset(u);
}

/* Make entry i valid with tag and hint. */
static void set_ent(ccu_t *u, unsigned i, uint16_t tag, int near)
{
    ccu_put(&u->valid, i, 1);
    u->ct[i].tag = tag;
    ccu_put(&u->near, i, (uint8_t)near);
}

/* Ranks of entries 0..n-1 equal exp[]. */
static void check_ranks(const ccu_t *u, const unsigned *exp, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (u->ct[i].rank != exp[i])
            fprintf(stderr, "  entry %u: rank %u, expected %u\n", i, u->ct[i].rank, exp[i]);
        TT_EQ(u->ct[i].rank, exp[i]);
    }
}

/* Ranks form a permutation of 0..n-1 (invariant 5). */
static int ranks_perm(const ccu_t *u)
{
    uint8_t seen[CFG_MAX_E] = {0};
    for (unsigned i = 0; i < u->n_ent; i++) {
        if (u->ct[i].rank >= u->n_ent || seen[u->ct[i].rank])
            return 0;
        seen[u->ct[i].rank] = 1;
    }
    return 1;
}

static void check_slot(const ccu_t *u, unsigned s, int valid, int ready, int idx)
{
    TT_EQ((u->oct_valid >> s & 1u), valid);
    if (valid) {
        TT_EQ((u->oct_ready >> s & 1u), ready);
        TT_EQ(u->oct_idx[s], idx);
    }
}

/* ------------------------------------------------------------------ D-10 LFSR */

/* lfsr_next, by hand (new bit0 = b15^b13^b12^b10, shift left, 16 bits):
 * 0xACE1 = 1010 1100 1110 0001: b15=1 b13=1 b12=0 b10=1 -> fb=1; 0xACE1<<1 = 0x159C2,
 *   & 0xFFFF = 0x59C2, | 1 = 0x59C3.
 * 0x59C3 = 0101 1001 1100 0011: b15=0 b13=0 b12=1 b10=0 -> fb=1; <<1 = 0xB386 -> 0xB387.
 * 0xB387 = 1011 0011 1000 0111: b15=1 b13=1 b12=1 b10=0 -> fb=1; <<1 = 0x1670E -> 0x670F.
 * Single taps: 0x8000 -> 0x0000|1 = 0x0001; 0x2000 (b13) -> 0x4001; 0x1000 (b12) -> 0x2001;
 * 0x0400 (b10) -> 0x0801; 0x0001 (no tap) -> 0x0002; 0x4000 (b14, no tap) -> 0x8000;
 * 0xA400 (b15,b13,b10: three taps, fb=1) -> 0x4801. */
static void test_lfsr_next_by_hand(void)
{
    TT_EQ(lfsr_next(0xACE1), 0x59C3);
    TT_EQ(lfsr_next(0x59C3), 0xB387);
    TT_EQ(lfsr_next(0xB387), 0x670F);
    TT_EQ(lfsr_next(0x8000), 0x0001);
    TT_EQ(lfsr_next(0x2000), 0x4001);
    TT_EQ(lfsr_next(0x1000), 0x2001);
    TT_EQ(lfsr_next(0x0400), 0x0801);
    TT_EQ(lfsr_next(0x0001), 0x0002);
    TT_EQ(lfsr_next(0x4000), 0x8000);
    TT_EQ(lfsr_next(0xA400), 0x4801);
    /* b15^b13 cancel: 0xA000 -> fb 0 -> 0x4000 */
    TT_EQ(lfsr_next(0xA000), 0x4000);
}

/* x^16+x^14+x^13+x^11+1 is primitive: from any nonzero seed the sequence visits all
 * 65535 nonzero states before returning, and never reaches 0. */
static void test_lfsr_period(void)
{
    static uint8_t seen[65536];
    memset(seen, 0, sizeof seen);
    uint16_t s = 0xACE1;
    unsigned long n = 0;
    int zero = 0, repeat = 0;
    do {
        if (seen[s])
            repeat = 1;
        seen[s] = 1;
        s = lfsr_next(s);
        n++;
        if (s == 0)
            zero = 1;
    } while (s != 0xACE1 && n < 70000 && !zero && !repeat);
    TT_EQ(n, 65535);
    TT_EQ(zero, 0);
    TT_EQ(repeat, 0);
    TT_EQ(seen[0], 0);
}

/* lfsr_pick = first candidate at or after (s mod n), circular.
 * n=8, s=13: start 5. cand {2,6} -> 6; cand {2} -> wraps to 2; cand {5} -> 5 (at start).
 * n=6 (not a power of two), s=0xACE1=44257: 6*7376=44256 -> start 1: cand {0,1} -> 1;
 *   cand {0} -> wraps to 0; cand {0,4} -> 4. s=65535: 6*10922=65532 -> start 3:
 *   cand {0,2} -> wraps past 3,4,5 -> 0; cand {3} -> 3.
 * No candidate -> -1; n = 0 -> -1. Candidates are bit masks (bit i = candidate i).
 * n=8, s=13, cand {2, 9}: 9 >= n is not a candidate -> 2. */
static void test_lfsr_pick(void)
{
    TT_EQ(lfsr_pick(13, 1u << 2 | 1u << 6, 8), 6);
    TT_EQ(lfsr_pick(13, 1u << 2, 8), 2);
    TT_EQ(lfsr_pick(13, 1u << 5, 8), 5);
    TT_EQ(lfsr_pick(13, 0, 8), -1);
    TT_EQ(lfsr_pick(13, 1u << 9 | 1u << 2, 8), 2); /* bits at or above n are no candidates */

    TT_EQ(lfsr_pick(0xACE1, 1u << 0 | 1u << 1, 6), 1);
    TT_EQ(lfsr_pick(0xACE1, 1u << 0, 6), 0);
    TT_EQ(lfsr_pick(0xACE1, 1u << 0 | 1u << 4, 6), 4);
    TT_EQ(lfsr_pick(65535, 1u << 0 | 1u << 2, 6), 0);
    TT_EQ(lfsr_pick(65535, 1u << 3, 6), 3);
    TT_EQ(lfsr_pick(65535, 1u << 2 | 1u << 6, 0), -1);
    /* n = 64: s = 0xACE1 = 44257 = 64*691 + 33 -> start 33: cand {5, 40, 63} -> 40 */
    TT_EQ(lfsr_pick(0xACE1, 1ull << 5 | 1ull << 40 | 1ull << 63, 64), 40);
    TT_EQ(lfsr_pick(0xACE1, 1ull << 5 | 1ull << 32, 64), 5);
}

/* ------------------------------------------------------------------ D-8 LRU */

/* Reset ranks [0..7]. touch 5: entries with rank < 5 (0..4) age by one, 5 -> 0:
 *   [1,2,3,4,5,0,6,7].
 * From reset, touch 3, 6, 3 (one cycle, slot order). Contract's equivalent rule: touched
 * entries {3,6} become most recent ordered by last touch (3 last -> 0, 6 -> 1); an
 * untouched entry grows by the number of touched entries older than it: entries 0,1,2
 * (ranks 0..2) have both 3 and 6 older -> +2 -> 2,3,4; entries 4,5 have only 6 older ->
 * 5,6; entry 7 has none -> 7. Result [2,3,4,0,5,6,1,7]. */
static void test_lru_touch(void)
{
    ccu_t u;
    mk_ccu(&u, 0, 8, 6);
    static const unsigned r0[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    check_ranks(&u, r0, 8);
    ccu_touch(&u, 5);
    static const unsigned r1[8] = {1, 2, 3, 4, 5, 0, 6, 7};
    check_ranks(&u, r1, 8);
    TT_CHECK(ranks_perm(&u));

    mk_ccu(&u, 0, 8, 6);
    ccu_touch(&u, 3);
    ccu_touch(&u, 6);
    ccu_touch(&u, 3);
    static const unsigned r2[8] = {2, 3, 4, 0, 5, 6, 1, 7};
    check_ranks(&u, r2, 8);
    TT_CHECK(ranks_perm(&u));

    /* touching the most recent entry changes nothing */
    ccu_touch(&u, 3);
    check_ranks(&u, r2, 8);
    /* touching the least recent (entry 7, rank 7): everyone else ages by one */
    ccu_touch(&u, 7);
    static const unsigned r3[8] = {3, 4, 5, 1, 6, 7, 2, 0};
    check_ranks(&u, r3, 8);
    TT_CHECK(ranks_perm(&u));
}

/* ------------------------------------------------------------------ D-7 replacement */

/* (a) invalid first: all invalid -> 0; entries 0,1 invalid but locked -> skipped -> 2;
 *     entries 0..2 valid, 3 invalid+locked, 4 invalid -> 4 (the invalid locked one is
 *     never chosen, even before valid far entries).
 * (b) all valid; far = {1,6}, the rest near; ranks = reset (i). lfsr=3 -> start 3 -> 6;
 *     lfsr=7 -> start 7 -> wrap -> 1; lfsr=1 -> 1; lfsr=0xACE1 (low 3 bits 001) -> 1;
 *     lfsr=14 -> start 6 -> 6. Lock 6, lfsr=3 -> 6 is not a candidate -> wrap -> 1.
 * (c) no far: highest-rank unlocked. reset ranks -> entry 7; lock 7 -> entry 6.
 *     ranks [3,7,0,5,1,6,2,4] -> entry 1 (rank 7); lock 1 -> entry 5 (rank 6).
 * (d) far entries all locked -> LRU among unlocked.
 * (e) lru_only: far {1,6} ignored -> LRU -> entry 7 (reset ranks).
 * (f) everything locked -> -1. */
static void test_replacement(void)
{
    ccu_t u;
    /* (a) */
    mk_ccu(&u, 0, 8, 6);
    TT_EQ(ccu_victim(&u, 0xACE1, 0), 0);
    ccu_put(&u.lock, 0, 1);
    ccu_put(&u.lock, 1, 1);
    TT_EQ(ccu_victim(&u, 0xACE1, 0), 2);
    mk_ccu(&u, 0, 8, 6);
    for (unsigned i = 0; i < 8; i++)
        set_ent(&u, i, (uint16_t)(40 + i), 0); /* all far, so a far pick would differ */
    ccu_put(&u.valid, 3, 0);
    ccu_put(&u.lock, 3, 1);
    ccu_put(&u.valid, 4, 0);
    TT_EQ(ccu_victim(&u, 3, 0), 4);
    TT_EQ(ccu_victim(&u, 3, 1), 4);

    /* (b) */
    mk_ccu(&u, 0, 8, 6);
    for (unsigned i = 0; i < 8; i++)
        set_ent(&u, i, (uint16_t)(10 + i), 1);
    ccu_put(&u.near, 1, 0);
    ccu_put(&u.near, 6, 0);
    TT_EQ(ccu_victim(&u, 3, 0), 6);
    TT_EQ(ccu_victim(&u, 7, 0), 1);
    TT_EQ(ccu_victim(&u, 1, 0), 1);
    TT_EQ(ccu_victim(&u, 0xACE1, 0), 1);
    TT_EQ(ccu_victim(&u, 14, 0), 6);
    ccu_put(&u.lock, 6, 1);
    TT_EQ(ccu_victim(&u, 3, 0), 1);
    /* (d) far entries all locked */
    ccu_put(&u.lock, 1, 1);
    TT_EQ(ccu_victim(&u, 3, 0), 7);
    /* (e) */
    ccu_put(&u.lock, 1, 0);
    ccu_put(&u.lock, 6, 0);
    TT_EQ(ccu_victim(&u, 3, 1), 7);

    /* (c) */
    mk_ccu(&u, 0, 8, 6);
    for (unsigned i = 0; i < 8; i++)
        set_ent(&u, i, (uint16_t)(10 + i), 1);
    TT_EQ(ccu_victim(&u, 3, 0), 7);
    ccu_put(&u.lock, 7, 1);
    TT_EQ(ccu_victim(&u, 3, 0), 6);
    static const uint8_t rk[8] = {3, 7, 0, 5, 1, 6, 2, 4};
    for (unsigned i = 0; i < 8; i++) {
        u.ct[i].rank = rk[i];
        ccu_put(&u.lock, i, 0);
    }
    TT_EQ(ccu_victim(&u, 3, 0), 1);
    ccu_put(&u.lock, 1, 1);
    TT_EQ(ccu_victim(&u, 3, 0), 5);

    /* (f) */
    for (unsigned i = 0; i < 8; i++)
        ccu_put(&u.lock, i, 1);
    TT_EQ(ccu_victim(&u, 3, 0), -1);
}

/* ------------------------------------------------------------------ D-11 allocation */

/* All hits. CT: entry i = r(10+i), valid, near = (i even); ranks reset.
 * Instruction: s0 r13 near, s1 r16 far, s2 r13 near, s3..s5 invalid, tag 0x5A.
 * Expected: 0 misses; OCT s0 {v,ready,3}, s1 {v,ready,6}, s2 {v,ready,3}, others invalid;
 * locks exactly {3,6}; near rewritten only for 3 (0->1) and 6 (1->0):
 * [1,0,1,1,1,0,0,0]; LRU touches 3,6,3 in slot order -> [2,3,4,0,5,6,1,7] (see
 * test_lru_touch); ready, busy, tag kept; CT valid/tags unchanged. */
static void test_alloc_all_hits(void)
{
    ccu_t u;
    ccu_miss ms[CFG_MAX_S];
    mk_ccu(&u, 0, 8, 6);
    for (unsigned i = 0; i < 8; i++)
        set_ent(&u, i, (uint16_t)(10 + i), (i % 2) == 0);
    uint8_t v[6] = {1, 1, 1, 0, 0, 0};
    uint16_t r[6] = {13, 16, 13, 0, 0, 0};
    uint8_t nr[6] = {1, 0, 1, 0, 0, 0};
    TT_EQ(ccu_allocate(&u, v, r, nr, 0x5A, 0xACE1, 0, ms), 0);
    check_slot(&u, 0, 1, 1, 3);
    check_slot(&u, 1, 1, 1, 6);
    check_slot(&u, 2, 1, 1, 3);
    for (unsigned s = 3; s < 6; s++)
        check_slot(&u, s, 0, 0, 0);
    static const uint8_t lk[8] = {0, 0, 0, 1, 0, 0, 1, 0};
    static const uint8_t ne[8] = {1, 0, 1, 1, 1, 0, 0, 0};
    for (unsigned i = 0; i < 8; i++) {
        TT_EQ(ccu_bit(u.lock, i), lk[i]);
        TT_EQ(ccu_bit(u.near, i), ne[i]);
        TT_EQ(ccu_bit(u.valid, i), 1);
        TT_EQ(u.ct[i].tag, 10 + i);
    }
    static const unsigned rk[8] = {2, 3, 4, 0, 5, 6, 1, 7};
    check_ranks(&u, rk, 8);
    TT_EQ(u.busy, 1);
    TT_EQ(u.tag, 0x5A);
    TT_EQ(ccu_ready(&u), 1);

    /* Two slots naming one register with different hints: docs/spec.md 5d, hints are
     * applied in slot order, the last slot naming the register wins. s0 r12 near,
     * s1 r12 far -> entry 2 far; s0 r14 far, s1 r14 near -> entry 4 near. */
    mk_ccu(&u, 0, 8, 6);
    for (unsigned i = 0; i < 8; i++)
        set_ent(&u, i, (uint16_t)(10 + i), 0);
    uint8_t v2[6] = {1, 1, 0, 0, 0, 0};
    uint16_t r2[6] = {12, 12, 0, 0, 0, 0};
    uint8_t n2[6] = {1, 0, 0, 0, 0, 0};
    TT_EQ(ccu_allocate(&u, v2, r2, n2, 1, 0, 0, ms), 0);
    TT_EQ(ccu_bit(u.near, 2), 0);
    ccu_release(&u);
    uint16_t r3[6] = {14, 14, 0, 0, 0, 0};
    uint8_t n3[6] = {0, 1, 0, 0, 0, 0};
    TT_EQ(ccu_allocate(&u, v2, r3, n3, 1, 0, 0, ms), 0);
    TT_EQ(ccu_bit(u.near, 4), 1);
}

/* Misses. CT: entries 0..3 = r10..r13 valid near, 4..7 invalid; ranks reset.
 * Instruction: s0 r20 near, s1 r11 far, s2 r20 near (duplicate miss), s3 r21 near,
 * s4 invalid, s5 r11 far (duplicate hit).
 * Lookup stage: hits first: r11 = entry 1, locked, touched by s1 and s5. Victims of the
 * missing registers in slot order: r20 -> first invalid unlocked = 4; r21 -> 5 (4 already
 * picked); s2 reuses 4 with no second read. Claim stage: entries written, then the
 * missing slots s0, s2, s3 touch 4, 4, 5 (ccu_allocate = lookup then claim, so every hit
 * is touched before every claim).
 * misses = {(s0,r20), (s3,r21)} -> 2 reads, each naming the first slot of its register
 * (the sub-core fills the entry that slot points to). OCT: s0 {v,0,4}, s1 {v,1,1}, s2 {v,0,4},
 * s3 {v,0,5}, s4 invalid, s5 {v,1,1}. Locks {1,4,5}. Tags 4=r20, 5=r21 valid.
 * Touches 1,1 (lookup), then 4,4,5 (claim): last-touch order 5, 4, 1 -> ranks 5:0, 4:1,
 * 1:2. Untouched: 0 (rank 0): touched older = {1,4,5} -> 3; 2 (rank 2): {4,5} -> 4;
 * 3 (rank 3): {4,5} -> 5; 6, 7: none older -> 6, 7.
 * Ranks [3,2,4,5,1,0,6,7]. near: 1 -> 0, 4 -> 1, 5 -> 1; 0,2,3 stay 1.
 * Not ready; fill(4) readies s0 and s2 only; fill(5) readies s3 -> ready; data as filled. */
static void test_alloc_misses(void)
{
    ccu_t u;
    ccu_miss ms[CFG_MAX_S];
    mk_ccu(&u, 0, 8, 6);
    for (unsigned i = 0; i < 4; i++)
        set_ent(&u, i, (uint16_t)(10 + i), 1);
    uint8_t v[6] = {1, 1, 1, 1, 0, 1};
    uint16_t r[6] = {20, 11, 20, 21, 0, 11};
    uint8_t nr[6] = {1, 0, 1, 1, 0, 0};
    TT_EQ(ccu_allocate(&u, v, r, nr, 0x33, 0xACE1, 0, ms), 2);
    TT_EQ(ms[0].slot, 0);
    TT_EQ(ms[0].reg, 20);
    TT_EQ(ms[1].slot, 3);
    TT_EQ(ms[1].reg, 21);
    check_slot(&u, 0, 1, 0, 4);
    check_slot(&u, 1, 1, 1, 1);
    check_slot(&u, 2, 1, 0, 4);
    check_slot(&u, 3, 1, 0, 5);
    check_slot(&u, 4, 0, 0, 0);
    check_slot(&u, 5, 1, 1, 1);
    static const uint8_t lk[8] = {0, 1, 0, 0, 1, 1, 0, 0};
    static const uint8_t va[8] = {1, 1, 1, 1, 1, 1, 0, 0};
    static const uint8_t ne[8] = {1, 0, 1, 1, 1, 1, 0, 0};
    for (unsigned i = 0; i < 8; i++) {
        TT_EQ(ccu_bit(u.lock, i), lk[i]);
        TT_EQ(ccu_bit(u.valid, i), va[i]);
        if (va[i])
            TT_EQ(ccu_bit(u.near, i), ne[i]);
    }
    TT_EQ(u.ct[4].tag, 20);
    TT_EQ(u.ct[5].tag, 21);
    static const unsigned rk[8] = {3, 2, 4, 5, 1, 0, 6, 7};
    check_ranks(&u, rk, 8);
    TT_CHECK(ranks_perm(&u));
    TT_EQ(ccu_ready(&u), 0);

    uint64_t d20[WORDS] = {0x2020202020202020ull, 0x20ull};
    uint64_t d21[WORDS] = {0x2121ull, 0x2121212121212121ull};
    ccu_fill(&u, 4, d20);
    check_slot(&u, 0, 1, 1, 4);
    check_slot(&u, 2, 1, 1, 4);
    check_slot(&u, 3, 1, 0, 5);
    TT_EQ(ccu_ready(&u), 0);
    ccu_fill(&u, 5, d21);
    check_slot(&u, 3, 1, 1, 5);
    TT_EQ(ccu_ready(&u), 1);
    TT_CHECK(memcmp(&u.data[4 * WORDS], d20, sizeof d20) == 0);
    TT_CHECK(memcmp(&u.data[5 * WORDS], d21, sizeof d21) == 0);
    /* fill does not touch LRU */
    check_ranks(&u, rk, 8);

    /* D-13 release: locks and OCT cleared, unit free; CT valid/tags/ranks/data stay */
    u.owner_valid = 1;
    u.owner = 3;
    ccu_release(&u);
    for (unsigned i = 0; i < 8; i++) {
        TT_EQ(ccu_bit(u.lock, i), 0);
        TT_EQ(ccu_bit(u.valid, i), va[i]);
    }
    for (unsigned s = 0; s < 6; s++)
        TT_EQ((u.oct_valid >> s & 1u), 0);
    TT_EQ(u.busy, 0);
    TT_EQ(ccu_ready(&u), 0);
    TT_EQ(u.owner_valid, 1);
    TT_EQ(u.owner, 3);
    TT_EQ(u.ct[4].tag, 20);
    TT_EQ(u.ct[5].tag, 21);
    TT_EQ(u.ct[1].tag, 11);
    check_ranks(&u, rk, 8);
    TT_CHECK(memcmp(&u.data[4 * WORDS], d20, sizeof d20) == 0);
    TT_EQ(ccu_lookup(&u, 20), 4);
    TT_EQ(ccu_lookup(&u, 11), 1);
}

/* Hits are locked before any victim is chosen. CT full: entry i = r(10+i), all near,
 * ranks reset (entry 7 = least recent). Instruction: s0 r30 (miss), s1 r17 (hit on the
 * LRU entry 7), s2 r31 (miss). If victims were chosen before locking hits, r30 would
 * evict entry 7. Expected: r30 -> highest-rank unlocked = 6, r31 -> 5; entry 7 keeps r17;
 * the reads name slots 0 (r30) and 2 (r31).
 * Second case: entry 7 is also the only far entry and lfsr=7 points at it: the far pick
 * has no unlocked candidate (7 locked by the hit) -> LRU -> 6, then 5. */
static void test_alloc_hits_locked_first(void)
{
    ccu_t u;
    ccu_miss ms[CFG_MAX_S];
    uint8_t v[6] = {1, 1, 1, 0, 0, 0};
    uint16_t r[6] = {30, 17, 31, 0, 0, 0};
    uint8_t nr[6] = {1, 1, 1, 0, 0, 0};
    for (int far7 = 0; far7 < 2; far7++) {
        mk_ccu(&u, 0, 8, 6);
        for (unsigned i = 0; i < 8; i++)
            set_ent(&u, i, (uint16_t)(10 + i), 1);
        if (far7)
            ccu_put(&u.near, 7, 0);
        TT_EQ(ccu_allocate(&u, v, r, nr, 1, 7, 0, ms), 2);
        TT_EQ(ms[0].slot, 0);
        TT_EQ(ms[0].reg, 30);
        TT_EQ(ms[1].slot, 2);
        TT_EQ(ms[1].reg, 31);
        TT_EQ(u.ct[7].tag, 17);
        TT_EQ(ccu_bit(u.valid, 7), 1);
        check_slot(&u, 0, 1, 0, 6);
        check_slot(&u, 1, 1, 1, 7);
        check_slot(&u, 2, 1, 0, 5);
        TT_EQ(ccu_lookup(&u, 16), -1); /* evicted */
        TT_EQ(ccu_lookup(&u, 15), -1);
        TT_CHECK(ranks_perm(&u));
    }
}

/* Misses with far entries: CT full, entries 2 and 5 far, others near; lfsr = 0xACE1
 * (mod 8 = 1). First miss: far candidates {2,5}, start 1 -> 2. Second miss: 2 is already
 * picked (excluded) -> start 1 -> 5. A third miss: no unlocked far -> LRU (reset ranks:
 * the claims' touches come in the claim stage, after every victim is chosen) -> 7. The
 * reads name slots 0, 1, 2, which point at those entries. */
static void test_alloc_far_victims(void)
{
    ccu_t u;
    ccu_miss ms[CFG_MAX_S];
    mk_ccu(&u, 0, 8, 6);
    for (unsigned i = 0; i < 8; i++)
        set_ent(&u, i, (uint16_t)(10 + i), 1);
    ccu_put(&u.near, 2, 0);
    ccu_put(&u.near, 5, 0);
    uint8_t v[6] = {1, 1, 1, 0, 0, 0};
    uint16_t r[6] = {40, 41, 42, 0, 0, 0};
    uint8_t nr[6] = {0, 0, 0, 0, 0, 0};
    TT_EQ(ccu_allocate(&u, v, r, nr, 1, 0xACE1, 0, ms), 3);
    for (unsigned i = 0; i < 3; i++) {
        TT_EQ(ms[i].slot, i);
        TT_EQ(ms[i].reg, 40 + i);
    }
    check_slot(&u, 0, 1, 0, 2);
    check_slot(&u, 1, 1, 0, 5);
    check_slot(&u, 2, 1, 0, 7);
    /* lru_only: the same setup claims by rank only: 7, 6, 5 */
    mk_ccu(&u, 0, 8, 6);
    for (unsigned i = 0; i < 8; i++)
        set_ent(&u, i, (uint16_t)(10 + i), 1);
    ccu_put(&u.near, 2, 0);
    ccu_put(&u.near, 5, 0);
    TT_EQ(ccu_allocate(&u, v, r, nr, 1, 0xACE1, 1, ms), 3);
    for (unsigned i = 0; i < 3; i++)
        TT_EQ(ms[i].slot, i);
    check_slot(&u, 0, 1, 0, 7);
    check_slot(&u, 1, 1, 0, 6);
    check_slot(&u, 2, 1, 0, 5);
}

/* The two allocation stages apart (D-11, decision 15): the lookup stage names the reads,
 * the claim stage writes the entries. CT: entries 0..3 = r10..r13 valid far, 4..7 invalid;
 * ranks reset. Instruction (tag 0x77): s0 r11 far (hit), s1 r20 near, s2 r20 near
 * (duplicate), s3 r21 far, s4, s5 invalid.
 * Lookup stage: r11 hits e1: locked, hint far, touched -> ranks [1,0,2,3,4,5,6,7]. Victims
 * of the missing registers in slot order: r20 -> first invalid unlocked e4, r21 -> e5 (e4
 * excluded). Returns 2 reads naming the FIRST slot of each register: (s1, r20), (s3, r21).
 * Nothing is written: e4, e5 invalid and unlocked, r20 not found, locks {1}; OCT s0..s3
 * valid, s0 ready at index 1, s1..s3 not ready at index 0; c_first = {s1, s3} = 0xA,
 * c_idx[1] = 4, c_idx[3] = 5; claim = 1 (not ready).
 * Claim stage: e4 <- r20, e5 <- r21 (valid, locked); s1, s2 -> e4, s3 -> e5; hints and
 * touches in slot order: e4 near (rank 4 -> 0: [2,1,3,4,0,5,6,7]), e4 again (no change),
 * e5 far (rank 5 -> 0: [3,2,4,5,1,0,6,7]). Locks {1,4,5}; c_first and claim cleared.
 * The sub-core then fills the entry each read's slot points to: oct_idx[s1] = 4 readies
 * s1 and s2, oct_idx[s3] = 5 readies s3 -> ready. */
static void test_lookup_then_claim(void)
{
    ccu_t u;
    ccu_miss ms[CFG_MAX_S];
    mk_ccu(&u, 0, 8, 6);
    for (unsigned i = 0; i < 4; i++)
        set_ent(&u, i, (uint16_t)(10 + i), 0);
    uint8_t v[6] = {1, 1, 1, 1, 0, 0};
    uint16_t r[6] = {11, 20, 20, 21, 0, 0};
    uint8_t nr[6] = {0, 1, 1, 0, 0, 0};
    ccu_capture(&u, v, r, nr, 0x77, 0);
    TT_EQ(ccu_lookup_stage(&u, 0xACE1, 0, ms), 2);
    TT_EQ(ms[0].slot, 1);
    TT_EQ(ms[0].reg, 20);
    TT_EQ(ms[1].slot, 3);
    TT_EQ(ms[1].reg, 21);
    TT_EQ(u.valid, 0x0F);
    TT_EQ(u.lock, 0x02);
    TT_EQ(ccu_lookup(&u, 20), -1);
    TT_EQ(u.oct_valid, 0x0F);
    TT_EQ(u.oct_ready, 0x01);
    check_slot(&u, 0, 1, 1, 1);
    for (unsigned s = 1; s < 4; s++)
        check_slot(&u, s, 1, 0, 0);
    TT_EQ(u.c_first, 0xA);
    TT_EQ(u.c_idx[1], 4);
    TT_EQ(u.c_idx[3], 5);
    TT_EQ(u.pend, 0);
    TT_EQ(u.claim, 1);
    TT_EQ(ccu_ready(&u), 0);
    static const unsigned rk_lookup[8] = {1, 0, 2, 3, 4, 5, 6, 7};
    check_ranks(&u, rk_lookup, 8);

    ccu_claim(&u);
    TT_EQ(u.valid, 0x3F);
    TT_EQ(u.lock, 0x32);
    TT_EQ(u.ct[4].tag, 20);
    TT_EQ(u.ct[5].tag, 21);
    check_slot(&u, 1, 1, 0, 4);
    check_slot(&u, 2, 1, 0, 4);
    check_slot(&u, 3, 1, 0, 5);
    TT_EQ(ccu_bit(u.near, 1), 0);
    TT_EQ(ccu_bit(u.near, 4), 1);
    TT_EQ(ccu_bit(u.near, 5), 0);
    TT_EQ(u.c_first, 0);
    TT_EQ(u.claim, 0);
    static const unsigned rk_claim[8] = {3, 2, 4, 5, 1, 0, 6, 7};
    check_ranks(&u, rk_claim, 8);
    TT_EQ(ccu_ready(&u), 0);

    uint64_t d20[WORDS] = {0x20ull, 0x2020ull}, d21[WORDS] = {0x21ull, 0x2121ull};
    ccu_fill(&u, u.oct_idx[ms[0].slot], d20);
    TT_EQ(u.oct_ready, 0x07);
    ccu_fill(&u, u.oct_idx[ms[1].slot], d21);
    TT_EQ(u.oct_ready, 0x0F);
    TT_EQ(ccu_ready(&u), 1);
    TT_CHECK(memcmp(&u.data[4 * WORDS], d20, sizeof d20) == 0);
    TT_CHECK(memcmp(&u.data[5 * WORDS], d21, sizeof d21) == 0);
}

/* Baseline OCU: E = S = 6 private entries; leftover valid entries r5, r7, r9 (from a
 * previous instruction) must NOT be kept as hits. Instruction s0 r5, s1 r7, s2 r5
 * (duplicate), s3 invalid, s4 r9. Distinct registers take entries 0,1,2 in first-use
 * order; the reads name the first slot of each: misses {(s0,r5),(s1,r7),(s4,r9)}, 3 reads;
 * OCT s0 {v,0,0}, s1 {v,0,1}, s2 {v,0,0}, s3 invalid, s4 {v,0,2}; none ready. */
static void test_alloc_base(void)
{
    ccu_t u;
    ccu_miss ms[CFG_MAX_S];
    mk_ccu(&u, 0, 6, 6);
    set_ent(&u, 0, 9, 1);
    set_ent(&u, 3, 5, 1);
    set_ent(&u, 5, 7, 1);
    uint8_t v[6] = {1, 1, 1, 0, 1, 0};
    uint16_t r[6] = {5, 7, 5, 0, 9, 0};
    TT_EQ(ccu_allocate_base(&u, v, r, 0x44, ms), 3);
    TT_EQ(ms[0].slot, 0);
    TT_EQ(ms[0].reg, 5);
    TT_EQ(ms[1].slot, 1);
    TT_EQ(ms[1].reg, 7);
    TT_EQ(ms[2].slot, 4);
    TT_EQ(ms[2].reg, 9);
    check_slot(&u, 0, 1, 0, 0);
    check_slot(&u, 1, 1, 0, 1);
    check_slot(&u, 2, 1, 0, 0);
    check_slot(&u, 3, 0, 0, 0);
    check_slot(&u, 4, 1, 0, 2);
    check_slot(&u, 5, 0, 0, 0);
    TT_EQ(ccu_ready(&u), 0);
    TT_EQ(u.tag, 0x44);
    TT_EQ(ccu_bit(u.valid, 3), 0);
    TT_EQ(ccu_bit(u.valid, 5), 0);
}

/* ccu_ready: free unit -> 0; busy with no valid slot -> 1 (nothing to wait for);
 * busy with one unready valid slot -> 0; in its lookup (pend) or claim cycle -> 0 even
 * with every valid slot ready. */
static void test_ccu_ready(void)
{
    ccu_t u;
    mk_ccu(&u, 0, 8, 6);
    TT_EQ(ccu_ready(&u), 0);
    u.busy = 1;
    TT_EQ(ccu_ready(&u), 1);
    u.oct_valid |= 1u << 4;
    u.oct_ready &= ~(1u << 4);
    TT_EQ(ccu_ready(&u), 0);
    u.oct_ready |= 1u << 4;
    TT_EQ(ccu_ready(&u), 1);
    u.oct_ready &= ~(1u << 2); /* an invalid slot's ready bit does not matter */
    TT_EQ(ccu_ready(&u), 1);
    u.claim = 1;
    TT_EQ(ccu_ready(&u), 0);
    u.claim = 0;
    u.pend = 1;
    TT_EQ(ccu_ready(&u), 0);
    u.pend = 0;
    TT_EQ(ccu_ready(&u), 1);
}

/* Port D (D-3/D-5). Hit: entry 2 = r12 far; write r12 near -> entry 2, near 1, data
 * written, touched: reset ranks with 2 -> 0 -> [1,2,0,3,4,5,6,7]; lock unchanged (0).
 * Miss with an invalid entry: entries 0..7 valid except 3 -> victim 3.
 * Miss, CT full, far = {2,5}, 5 locked, lfsr=3: far candidates {2} (5 locked), start 3
 * -> wraps -> 2. New entry: valid, tag, near = hint (0), lock 0, data, rank 0.
 * All entries locked -> -1, nothing changes. */
static void test_ccu_write(void)
{
    ccu_t u;
    uint64_t d1[WORDS] = {0x1111, 0x1}, d2[WORDS] = {0x2222, 0x2}, d3[WORDS] = {0x3333, 3};
    mk_ccu(&u, 0, 8, 6);
    set_ent(&u, 2, 12, 0);
    TT_EQ(ccu_write(&u, 12, 1, d1, 0xACE1, 0), 2);
    TT_EQ(ccu_bit(u.near, 2), 1);
    TT_EQ(ccu_bit(u.lock, 2), 0);
    TT_EQ(ccu_bit(u.valid, 2), 1);
    TT_CHECK(memcmp(&u.data[2 * WORDS], d1, sizeof d1) == 0);
    static const unsigned rk1[8] = {1, 2, 0, 3, 4, 5, 6, 7};
    check_ranks(&u, rk1, 8);

    mk_ccu(&u, 0, 8, 6);
    for (unsigned i = 0; i < 8; i++)
        set_ent(&u, i, (uint16_t)(10 + i), 1);
    ccu_put(&u.valid, 3, 0);
    TT_EQ(ccu_write(&u, 50, 1, d2, 0, 0), 3);
    TT_EQ(u.ct[3].tag, 50);
    TT_EQ(ccu_bit(u.valid, 3), 1);

    mk_ccu(&u, 0, 8, 6);
    for (unsigned i = 0; i < 8; i++)
        set_ent(&u, i, (uint16_t)(10 + i), 1);
    ccu_put(&u.near, 2, 0);
    ccu_put(&u.near, 5, 0);
    ccu_put(&u.lock, 5, 1);
    TT_EQ(ccu_write(&u, 60, 0, d3, 3, 0), 2);
    TT_EQ(ccu_bit(u.valid, 2), 1);
    TT_EQ(u.ct[2].tag, 60);
    TT_EQ(ccu_bit(u.near, 2), 0);
    TT_EQ(ccu_bit(u.lock, 2), 0);
    TT_EQ(u.ct[2].rank, 0);
    TT_CHECK(memcmp(&u.data[2 * WORDS], d3, sizeof d3) == 0);
    TT_EQ(ccu_lookup(&u, 12), -1);
    TT_EQ(u.ct[5].tag, 15);
    TT_CHECK(ranks_perm(&u));
    /* lru_only: same miss picks the highest unlocked rank. After the touch of 2, ranks are
     * [1,2,0,3,4,5,6,7] -> entry 7. */
    TT_EQ(ccu_write(&u, 61, 1, d1, 3, 1), 7);

    for (unsigned i = 0; i < 8; i++)
        ccu_put(&u.lock, i, 1);
    TT_EQ(ccu_write(&u, 99, 1, d1, 3, 0), -1);
    TT_EQ(ccu_lookup(&u, 99), -1);
}

/* flush invalidates every entry, keeps ranks; has_near looks only at valid entries. */
static void test_ccu_flush_has_near(void)
{
    ccu_t u;
    mk_ccu(&u, 0, 8, 6);
    TT_EQ(ccu_has_near(&u), 0);
    ccu_put(&u.near, 4, 1); /* invalid near entry: no near value held */
    TT_EQ(ccu_has_near(&u), 0);
    set_ent(&u, 1, 11, 0);
    TT_EQ(ccu_has_near(&u), 0);
    set_ent(&u, 4, 14, 1);
    TT_EQ(ccu_has_near(&u), 1);
    ccu_touch(&u, 4);
    ccu_flush(&u);
    TT_EQ(ccu_has_near(&u), 0);
    TT_EQ(ccu_lookup(&u, 14), -1);
    TT_EQ(ccu_lookup(&u, 11), -1);
    static const unsigned rk[8] = {1, 2, 3, 4, 0, 5, 6, 7};
    check_ranks(&u, rk, 8);
}

/* ------------------------------------------------------------------ D-9 allocator */

static ccu_t units[CFG_MAX_C];

static void mk_units(unsigned n)
{
    for (unsigned k = 0; k < n; k++)
        mk_ccu(&units[k], k, 8, 6);
}

/* Step 1: owned & free -> OWNED_FREE on that unit, no flush, counter unchanged;
 * owned & busy -> OWNED_BUSY, no unit, counter unchanged (even with free far units). */
static void test_alloc_decide_owned(void)
{
    cfg_t c;
    def_cfg(&c);
    unsigned cn = 99;
    mk_units(2);
    units[1].owner_valid = 1;
    units[1].owner = 3;
    set_ent(&units[1], 0, 5, 1);
    alloc_result r = alloc_decide(&c, units, 3, 2, 4, 0xACE1, &cn);
    TT_EQ(r.outcome, ALLOC_OWNED_FREE);
    TT_EQ(r.ccu, 1);
    TT_EQ(r.flush, 0);
    TT_EQ(cn, 2);
    units[1].busy = 1;
    cn = 99;
    r = alloc_decide(&c, units, 3, 2, 4, 0xACE1, &cn);
    TT_EQ(r.outcome, ALLOC_OWNED_BUSY);
    TT_EQ(r.ccu, -1);
    TT_EQ(cn, 2);
    /* owner field without owner_valid does not count as owning */
    units[1].owner_valid = 0;
    units[1].busy = 0;
    units[0].owner = 3; /* stale id, owner_valid 0 */
    r = alloc_decide(&c, units, 3, 2, 4, 0xACE1, &cn);
    TT_CHECK(r.outcome != ALLOC_OWNED_FREE && r.outcome != ALLOC_OWNED_BUSY);
}

/* Step 2, C=4: unit 0 free, owned by warp 1, holds a valid near entry (not far);
 * unit 1 busy; unit 2 free, owned by warp 2, valid entries all far; unit 3 free and
 * empty except an INVALID entry with near=1 (holds no near value -> far).
 * Far candidates {2,3}. lfsr=0 -> start 0 -> 2; lfsr=1 -> 2; lfsr=2 -> 2; lfsr=3 -> 3;
 * lfsr=0xACE1 (mod 4 = 1) -> 2; lfsr=7 (mod 4 = 3) -> 3. Outcome FAR_CCU, flush 1,
 * counter unchanged (changes only in step 4), even when counter < STHLD. */
static void test_alloc_decide_far(void)
{
    cfg_t c;
    def_cfg(&c);
    c.ccus = 4;
    unsigned cn;
    mk_units(4);
    units[0].owner_valid = 1;
    units[0].owner = 1;
    set_ent(&units[0], 0, 5, 1);
    set_ent(&units[0], 1, 6, 0);
    units[1].owner_valid = 1;
    units[1].owner = 4;
    units[1].busy = 1;
    units[2].owner_valid = 1;
    units[2].owner = 2;
    set_ent(&units[2], 0, 5, 0);
    set_ent(&units[2], 3, 8, 0);
    ccu_put(&units[3].near, 0, 1);
    static const struct { uint16_t lfsr; int ccu; } cases[] = {
        {0, 2}, {1, 2}, {2, 2}, {3, 3}, {0xACE1, 2}, {7, 3},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cn = 99;
        alloc_result r = alloc_decide(&c, units, 5, 1, 10, cases[i].lfsr, &cn);
        TT_EQ(r.outcome, ALLOC_FAR_CCU);
        TT_EQ(r.ccu, cases[i].ccu);
        TT_EQ(r.flush, 1);
        TT_EQ(cn, 1);
    }
}

/* Step 3: no free unit (both busy, neither owned by w) -> NO_FREE, counter unchanged. */
static void test_alloc_decide_no_free(void)
{
    cfg_t c;
    def_cfg(&c);
    unsigned cn = 99;
    mk_units(2);
    for (unsigned k = 0; k < 2; k++) {
        units[k].busy = 1;
        units[k].owner_valid = 1;
        units[k].owner = (uint16_t)k;
    }
    alloc_result r = alloc_decide(&c, units, 5, 3, 10, 0xACE1, &cn);
    TT_EQ(r.outcome, ALLOC_NO_FREE);
    TT_EQ(r.ccu, -1);
    TT_EQ(cn, 3);
    /* a busy unit with no near value is not a far candidate (far needs free) */
    r = alloc_decide(&c, units, 5, 3, 0, 0xACE1, &cn);
    TT_EQ(r.outcome, ALLOC_NO_FREE);
}

/* Step 4, C=4: units 0,3 busy (owned by warps 0,3); units 1,2 free, owned by warps 1,2,
 * each holding a valid near entry. Warp 6 (owns nothing):
 *   counter 2 < STHLD 4 -> WAIT, counter 3; counter 3 -> WAIT, counter 4;
 *   counter 4 >= 4 -> NEAR_FLUSH, counter 0, unit = first free at/after lfsr mod 4:
 *   lfsr 3 -> 3 busy, wrap 0 busy -> 1; lfsr 2 -> 2; lfsr 0 -> 1; flush 1.
 *   counter 5 > STHLD 4 -> NEAR_FLUSH.
 *   STHLD 0: counter 0 -> NEAR_FLUSH immediately (never waits). */
static void test_alloc_decide_near(void)
{
    cfg_t c;
    def_cfg(&c);
    c.ccus = 4;
    unsigned cn;
    mk_units(4);
    for (unsigned k = 0; k < 4; k++) {
        units[k].owner_valid = 1;
        units[k].owner = (uint16_t)k;
        set_ent(&units[k], 2, 7, 1);
    }
    units[0].busy = units[3].busy = 1;
    alloc_result r = alloc_decide(&c, units, 6, 2, 4, 3, &cn);
    TT_EQ(r.outcome, ALLOC_WAIT);
    TT_EQ(r.ccu, -1);
    TT_EQ(cn, 3);
    r = alloc_decide(&c, units, 6, 3, 4, 3, &cn);
    TT_EQ(r.outcome, ALLOC_WAIT);
    TT_EQ(cn, 4);
    r = alloc_decide(&c, units, 6, 4, 4, 3, &cn);
    TT_EQ(r.outcome, ALLOC_NEAR_FLUSH);
    TT_EQ(r.ccu, 1);
    TT_EQ(r.flush, 1);
    TT_EQ(cn, 0);
    r = alloc_decide(&c, units, 6, 4, 4, 2, &cn);
    TT_EQ(r.ccu, 2);
    r = alloc_decide(&c, units, 6, 4, 4, 0, &cn);
    TT_EQ(r.ccu, 1);
    r = alloc_decide(&c, units, 6, 5, 4, 2, &cn);
    TT_EQ(r.outcome, ALLOC_NEAR_FLUSH);
    TT_EQ(cn, 0);
    cn = 99;
    r = alloc_decide(&c, units, 6, 0, 0, 2, &cn);
    TT_EQ(r.outcome, ALLOC_NEAR_FLUSH);
    TT_EQ(r.ccu, 2);
    TT_EQ(cn, 0);
    /* counter at STHLD_MAX - 1 with STHLD = STHLD_MAX: waits once more, to STHLD_MAX */
    r = alloc_decide(&c, units, 6, 62, 63, 2, &cn);
    TT_EQ(r.outcome, ALLOC_WAIT);
    TT_EQ(cn, 63);
}

/* Private CCUs (C = W = 4): unit k owned by warp k. Warp 2: unit 2 free -> OWNED_FREE,
 * no flush; busy -> OWNED_BUSY (never another unit even though others are free). */
static void test_alloc_decide_private(void)
{
    cfg_t c;
    def_cfg(&c);
    c.ccus = 4;
    c.warps = 4;
    c.private_ccus = 1;
    unsigned cn;
    mk_units(4);
    for (unsigned k = 0; k < 4; k++) {
        units[k].owner_valid = 1;
        units[k].owner = (uint16_t)k;
    }
    set_ent(&units[2], 0, 3, 1);
    alloc_result r = alloc_decide(&c, units, 2, 0, 0, 0xACE1, &cn);
    TT_EQ(r.outcome, ALLOC_OWNED_FREE);
    TT_EQ(r.ccu, 2);
    TT_EQ(r.flush, 0);
    units[2].busy = 1;
    r = alloc_decide(&c, units, 2, 0, 0, 0xACE1, &cn);
    TT_EQ(r.outcome, ALLOC_OWNED_BUSY);
    TT_EQ(r.ccu, -1);
}

/* Baseline (caching 0), C=3: unit 0 busy holding warp 3; units 1, 2 free.
 * Warp 3 -> refused (it already has an instruction in a unit): OWNED_BUSY, -1.
 * Warp 4 -> LFSR pick among free: lfsr 0 -> start 0 busy -> 1; lfsr 2 -> 2;
 * lfsr 0xACE1 (44257 = 3*14752 + 1 -> start 1) -> 1. Flush 1 (outcome FAR_CCU).
 * A free unit whose stale owner field is 4 does not refuse warp 4.
 * Near values and STHLD play no role: counter unchanged. All busy -> NO_FREE. */
static void test_alloc_decide_base(void)
{
    cfg_t c;
    def_cfg(&c);
    c.caching = 0;
    c.ccus = 3;
    unsigned cn;
    mk_units(3);
    units[0].busy = 1;
    units[0].owner = 3;
    units[0].owner_valid = 1;
    set_ent(&units[1], 0, 1, 1); /* near data is irrelevant for the baseline */
    alloc_result r = alloc_decide(&c, units, 3, 0, 5, 0, &cn);
    TT_EQ(r.outcome, ALLOC_OWNED_BUSY);
    TT_EQ(r.ccu, -1);
    cn = 99;
    r = alloc_decide(&c, units, 4, 1, 5, 0, &cn);
    TT_EQ(r.outcome, ALLOC_BASE_FREE);
    TT_EQ(r.ccu, 1);
    TT_EQ(r.flush, 1);
    TT_EQ(cn, 1);
    r = alloc_decide(&c, units, 4, 1, 5, 2, &cn);
    TT_EQ(r.ccu, 2);
    r = alloc_decide(&c, units, 4, 1, 5, 0xACE1, &cn);
    TT_EQ(r.ccu, 1);
    units[1].owner = 4;
    units[1].owner_valid = 1;
    r = alloc_decide(&c, units, 4, 1, 5, 0, &cn);
    TT_EQ(r.ccu, 1);
    units[1].busy = units[2].busy = 1;
    units[2].owner = 1;
    r = alloc_decide(&c, units, 5, 1, 5, 0, &cn);
    TT_EQ(r.outcome, ALLOC_NO_FREE);
    TT_EQ(r.ccu, -1);
}

/* ------------------------------------------------------------------ D-14 scheduler */

/* W=8, ready = {1,2,4,5,7}, owners = {4,7} (and 0, not ready).
 * last=5 ready -> 5 (greedy). last=3 not ready -> owners first, lowest: 4.
 * no last -> 4. GTO: owners ignored -> lowest ready 1 (and greedy still first: 5).
 * Owners {0,3,6}, none ready -> lowest ready 1. Nothing ready -> -1 (even with last). */
static void test_sched_pick(void)
{
    uint64_t rd = 1u << 1 | 1u << 2 | 1u << 4 | 1u << 5 | 1u << 7;
    uint64_t ow = 1u << 0 | 1u << 4 | 1u << 7;
    TT_EQ(sched_pick(rd, 1, 5, ow, 0), 5);
    TT_EQ(sched_pick(rd, 1, 3, ow, 0), 4);
    TT_EQ(sched_pick(rd, 0, 5, ow, 0), 4);
    TT_EQ(sched_pick(rd, 0, 5, ow, 1), 1);
    TT_EQ(sched_pick(rd, 1, 5, ow, 1), 5);
    TT_EQ(sched_pick(rd, 1, 2, ow, 0), 2);
    uint64_t ow2 = 1u << 0 | 1u << 3 | 1u << 6;
    TT_EQ(sched_pick(rd, 1, 0, ow2, 0), 1);
    uint64_t none = 0;
    TT_EQ(sched_pick(none, 1, 4, ow, 0), -1);
    TT_EQ(sched_pick(none, 0, 0, ow, 1), -1);
    /* only warp 7 ready, an owner: picked by either policy */
    uint64_t r7 = 1u << 7;
    TT_EQ(sched_pick(r7, 1, 2, ow, 0), 7);
    TT_EQ(sched_pick(r7, 1, 2, none, 1), 7);
    /* warp 63, the highest a mask holds */
    TT_EQ(sched_pick((uint64_t)1 << 63, 0, 0, 0, 0), 63);
}

/* ------------------------------------------------------------------ D-15/D-16 FSM */

/* Small iff DEN*|cur-prev| <= NUM*prev, NUM/DEN = 1/50.
 * prev 0: cur 0 -> 0 <= 0 Small; cur 1 -> 50 > 0 Large.
 * prev 100: cur 102 -> 100 <= 100 Small (exactly at the threshold); cur 98 -> Small;
 *   cur 103 -> 150 > 100 Large; cur 97 -> Large; cur 100 -> Small.
 * prev 50: cur 51 -> 50 <= 50 Small; cur 52 -> Large.
 * prev 49: cur 50 -> 50 > 49 Large.
 * Large values do not overflow: prev 4e9, cur 4e9 + 8e7 -> 50*8e7 = 4e9 <= 4e9 Small;
 *   + 1 more -> Large. */
static void test_fsm_is_large(void)
{
    cfg_t c;
    def_cfg(&c);
    TT_EQ(fsm_is_large(&c, 0, 0), 0);
    TT_EQ(fsm_is_large(&c, 1, 0), 1);
    TT_EQ(fsm_is_large(&c, 102, 100), 0);
    TT_EQ(fsm_is_large(&c, 98, 100), 0);
    TT_EQ(fsm_is_large(&c, 103, 100), 1);
    TT_EQ(fsm_is_large(&c, 97, 100), 1);
    TT_EQ(fsm_is_large(&c, 100, 100), 0);
    TT_EQ(fsm_is_large(&c, 51, 50), 0);
    TT_EQ(fsm_is_large(&c, 52, 50), 1);
    TT_EQ(fsm_is_large(&c, 50, 49), 1);
    TT_EQ(fsm_is_large(&c, 4080000000u, 4000000000u), 0);
    TT_EQ(fsm_is_large(&c, 4080000001u, 4000000000u), 1);
    TT_EQ(fsm_is_large(&c, 3920000000u, 4000000000u), 0);
}

/* step 2, max 63: 0-2 -> 0; 1-2 -> 0; 62+2 -> 63; 63+2 -> 63; 61+2 -> 63; 60+2 -> 62;
 * 10-4 -> 6; 5+0 -> 5; 63-80 -> 0. */
static void test_fsm_apply_delta(void)
{
    cfg_t c;
    def_cfg(&c);
    TT_EQ(fsm_apply_delta(&c, 0, -1), 0);
    TT_EQ(fsm_apply_delta(&c, 1, -1), 0);
    TT_EQ(fsm_apply_delta(&c, 62, 1), 63);
    TT_EQ(fsm_apply_delta(&c, 63, 1), 63);
    TT_EQ(fsm_apply_delta(&c, 61, 1), 63);
    TT_EQ(fsm_apply_delta(&c, 60, 1), 62);
    TT_EQ(fsm_apply_delta(&c, 10, -2), 6);
    TT_EQ(fsm_apply_delta(&c, 5, 0), 5);
    TT_EQ(fsm_apply_delta(&c, 63, -40), 0);
}

/* Run one interval of 2 cycles issuing `cur` (0..2) instructions; return the event of
 * its last cycle. With interval 2 and 1/50: Small iff cur == prev (a difference of 1 is
 * 50 > prev for prev <= 2). */
static fsm_event interval2(fsm_t *f, const cfg_t *c, unsigned cur)
{
    fsm_event e1 = fsm_tick(f, c, cur >= 1);
    TT_EQ(e1.ended, 0);
    return fsm_tick(f, c, cur >= 2);
}

/* The first interval only records prev; then a walk covering 11 of 12 edges of the D-16
 * table, STHLD in units of step 2 (deltas from the table: 1:S->2 +1, L->3 +1; 2:S->2 +1,
 * L->3 +1; 3:S->2 +1, L->4 -2; 4:S->5 -1, L->4 -1; 5:S->6 0, L->4 -1; 6:S->6 0, L->3 +1):
 *  I0 cur 2: record prev 2 (state 1, STHLD 0, no edge)
 *  I1 cur 2 S: 1->2, 0+2 = 2      I2 cur 2 S: 2->2, 4     I3 cur 1 L: 2->3, 6
 *  I4 cur 1 S: 3->2, 8            I5 cur 2 L: 2->3, 10    I6 cur 0 L: 3->4, 10-4 = 6
 *  I7 cur 0 S: 4->5, 4            I8 cur 2 L: 5->4, 2     I9 cur 1 L: 4->4, 0
 *  I10 cur 1 S: 4->5, 0-2 -> 0 (saturates)                I11 cur 1 S: 5->6, 0
 *  I12 cur 1 S: 6->6, 0           I13 cur 2 L: 6->3, 2    I14 cur 2 S: 3->2, 4
 * The remaining edge 1-L: reset, I0 cur 2, I1 cur 0 L: 1->3, 2. */
static void test_fsm_walk(void)
{
    cfg_t c;
    def_cfg(&c);
    c.interval = 2;
    fsm_t f;
    fsm_reset(&f, &c);
    TT_EQ(f.state, 1);
    TT_EQ(f.sthld, 0);
    fsm_event e = interval2(&f, &c, 2);
    TT_EQ(e.ended, 1);
    TT_EQ(e.stepped, 0);
    TT_EQ(f.state, 1);
    TT_EQ(f.sthld, 0);
    TT_EQ(f.prev, 2);
    static const struct { unsigned cur, from, large, to, sthld; } walk[] = {
        {2, 1, 0, 2, 2},  {2, 2, 0, 2, 4},  {1, 2, 1, 3, 6},  {1, 3, 0, 2, 8},
        {2, 2, 1, 3, 10}, {0, 3, 1, 4, 6},  {0, 4, 0, 5, 4},  {2, 5, 1, 4, 2},
        {1, 4, 1, 4, 0},  {1, 4, 0, 5, 0},  {1, 5, 0, 6, 0},  {1, 6, 0, 6, 0},
        {2, 6, 1, 3, 2},  {2, 3, 0, 2, 4},
    };
    for (unsigned i = 0; i < sizeof walk / sizeof walk[0]; i++) {
        e = interval2(&f, &c, walk[i].cur);
        TT_EQ(e.ended, 1);
        TT_EQ(e.stepped, 1);
        TT_EQ(e.from, walk[i].from);
        TT_EQ(e.large, walk[i].large);
        TT_EQ(f.state, walk[i].to);
        TT_EQ(f.sthld, walk[i].sthld);
        TT_EQ(f.prev, walk[i].cur);
        if (f.state != walk[i].to || f.sthld != walk[i].sthld)
            fprintf(stderr, "  walk step %u (I%u) wrong\n", i, i + 1);
    }
    fsm_reset(&f, &c);
    interval2(&f, &c, 2);
    e = interval2(&f, &c, 0);
    TT_EQ(e.stepped, 1);
    TT_EQ(e.from, 1);
    TT_EQ(e.large, 1);
    TT_EQ(f.state, 3);
    TT_EQ(f.sthld, 2);
}

/* Every edge in isolation from STHLD 10 (no saturation), prev 2: cur 2 -> S, cur 0 -> L.
 * Expected (next, 10 + 2*delta): 1S (2,12) 1L (3,12) 2S (2,12) 2L (3,12) 3S (2,12)
 * 3L (4,6) 4S (5,8) 4L (4,8) 5S (6,10) 5L (4,8) 6S (6,10) 6L (3,12).
 * Saturation at the top: state 2 S from STHLD 62 -> 63; state 6 L from 63 -> 63. */
static void test_fsm_edges(void)
{
    cfg_t c;
    def_cfg(&c);
    c.interval = 2;
    static const unsigned exp[7][2][2] = {
        {{0, 0}, {0, 0}},
        {{2, 12}, {3, 12}}, {{2, 12}, {3, 12}}, {{2, 12}, {4, 6}},
        {{5, 8}, {4, 8}},   {{6, 10}, {4, 8}},  {{6, 10}, {3, 12}},
    };
    for (unsigned st = 1; st <= 6; st++)
        for (unsigned l = 0; l < 2; l++) {
            fsm_t f;
            fsm_reset(&f, &c);
            f.state = (uint8_t)st;
            f.sthld = 10;
            f.have_prev = 1;
            f.prev = 2;
            fsm_event e = interval2(&f, &c, l ? 0 : 2);
            TT_EQ(e.stepped, 1);
            TT_EQ(e.from, st);
            TT_EQ(e.large, l);
            TT_EQ(f.state, exp[st][l][0]);
            TT_EQ(f.sthld, exp[st][l][1]);
        }
    fsm_t f;
    fsm_reset(&f, &c);
    f.state = 2;
    f.sthld = 62;
    f.have_prev = 1;
    f.prev = 2;
    interval2(&f, &c, 2);
    TT_EQ(f.sthld, 63);
    f.state = 6;
    f.prev = 2;
    interval2(&f, &c, 0);
    TT_EQ(f.state, 3);
    TT_EQ(f.sthld, 63);
}

/* Interval length: with interval 5 the edge is taken exactly on the 5th tick of each
 * interval (ticks 5, 10, ...), not before; the first end (tick 5) takes no edge. */
static void test_fsm_interval_length(void)
{
    cfg_t c;
    def_cfg(&c);
    c.interval = 5;
    fsm_t f;
    fsm_reset(&f, &c);
    for (unsigned t = 1; t <= 15; t++) {
        fsm_event e = fsm_tick(&f, &c, 1);
        TT_EQ(e.ended, t % 5 == 0);
        TT_EQ(e.stepped, t % 5 == 0 && t > 5);
    }
    /* I1 = I2 = 5 issued: two S edges: 1->2 (+2), 2->2 (+2) -> state 2, STHLD 4 */
    TT_EQ(f.state, 2);
    TT_EQ(f.sthld, 4);
}

/* Fixed mode: sthld_adaptive 0, sthld_init 7: STHLD and state never change, whatever the
 * issue counts (alternating Large changes). */
static void test_fsm_fixed(void)
{
    cfg_t c;
    def_cfg(&c);
    c.interval = 2;
    c.sthld_adaptive = 0;
    c.sthld_init = 7;
    fsm_t f;
    fsm_reset(&f, &c);
    TT_EQ(f.sthld, 7);
    for (unsigned i = 0; i < 20; i++) {
        fsm_event e = interval2(&f, &c, (i % 2) ? 0 : 2);
        TT_EQ(e.ended, 1);
        TT_EQ(e.stepped, 0);
        TT_EQ(f.sthld, 7);
        TT_EQ(f.state, 1);
    }
}

/* ------------------------------------------------------------------ D-1/D-6/D-12 arbiter */

/* bank = (reg + wid) mod B: (0,0,2) 0; (1,0,2) 1; (3,5,2) 8 -> 0; (3,6,4) 9 -> 1;
 * (7,255,8) 262 -> 6; (0,255,2) -> 1; (2,3,4) 5 -> 1; B=1 -> 0. */
static void test_arb_bank(void)
{
    TT_EQ(arb_bank(0, 0, 2), 0);
    TT_EQ(arb_bank(1, 0, 2), 1);
    TT_EQ(arb_bank(3, 5, 2), 0);
    TT_EQ(arb_bank(3, 6, 4), 1);
    TT_EQ(arb_bank(7, 255, 8), 6);
    TT_EQ(arb_bank(0, 255, 2), 1);
    TT_EQ(arb_bank(2, 3, 4), 1);
    TT_EQ(arb_bank(5, 9, 1), 0);
}

/* D-6. B=2, 2 ports: (w0,r4) bank 0, (w1,r5) bank 6 mod 2 = 0 -> {1,0}. Port 0 invalid
 * -> port 1 ready. Different banks ((w0,r4) 0, (w0,r5) 1) -> {1,1}.
 * B=4, 3 ports: (w0,r1) bank 1, (w0,r2) bank 2, (w2,r3) bank 5 mod 4 = 1 -> conflicts
 * with port 0 only -> {1,1,0}. Ports 1 and 2 on one bank, 0 elsewhere: (w0,r0) 0,
 * (w1,r1) 2, (w3,r3) 6 mod 4 = 2 -> {1,1,0}. All three on bank 3: {1,0,0}; port 0
 * invalid -> {1,1,0}. */
static void test_arb_wb_ready(void)
{
    cfg_t c;
    def_cfg(&c);
    uint8_t v[3] = {1, 1, 0}, rd[3];
    uint16_t w[3] = {0, 1, 0}, r[3] = {4, 5, 0};
    arb_wb_ready(&c, v, w, r, rd);
    TT_EQ(rd[0], 1);
    TT_EQ(rd[1], 0);
    v[0] = 0;
    arb_wb_ready(&c, v, w, r, rd);
    TT_EQ(rd[1], 1);
    v[0] = 1;
    w[1] = 0;
    arb_wb_ready(&c, v, w, r, rd);
    TT_EQ(rd[0], 1);
    TT_EQ(rd[1], 1);

    c.banks = 4;
    c.wb_ports = 3;
    uint8_t v3[3] = {1, 1, 1};
    uint16_t w3[3] = {0, 0, 2}, r3[3] = {1, 2, 3};
    arb_wb_ready(&c, v3, w3, r3, rd);
    TT_EQ(rd[0], 1);
    TT_EQ(rd[1], 1);
    TT_EQ(rd[2], 0);
    uint16_t w4[3] = {0, 1, 3}, r4[3] = {0, 1, 3};
    arb_wb_ready(&c, v3, w4, r4, rd);
    TT_EQ(rd[0], 1);
    TT_EQ(rd[1], 1);
    TT_EQ(rd[2], 0);
    uint16_t w5[3] = {0, 1, 2}, r5[3] = {3, 2, 1};
    arb_wb_ready(&c, v3, w5, r5, rd);
    TT_EQ(rd[0], 1);
    TT_EQ(rd[1], 0);
    TT_EQ(rd[2], 0);
    v3[0] = 0;
    arb_wb_ready(&c, v3, w5, r5, rd);
    TT_EQ(rd[1], 1);
    TT_EQ(rd[2], 0);
}

/* A request of unit ccu's OCT slot `slot` for (wid, reg). */
static arb_req rq(unsigned ccu, unsigned slot, unsigned wid, unsigned reg)
{
    arb_req r = {(uint8_t)ccu, (uint8_t)slot, (uint16_t)wid, (uint16_t)reg};
    return r;
}

/* D-12 grants, B=2, C=2, S=6 (depth 12).
 * (a) bank 0 head (ccu0, w0 r0), bank 1 head (ccu1, w0 r1); bank 0 written -> only bank 1
 *     grants; one blocked_write.
 * (b) both heads target ccu 0 -> only bank 0 (lower index, arb.h's fixed priority) grants;
 *     one blocked_port. After popping, bank 1's head gets its turn.
 * (c) FIFO order: bank 0 gets A (w0 r0), B (w0 r2), C (w0 r4) in that order; the grants
 *     over three cycles return A, B, C. */
static void test_arb_grants(void)
{
    cfg_t c;
    def_cfg(&c);
    arb_t a;
    TT_EQ(arb_init(&a, &c), 0);
    arb_grant g[CFG_MAX_B];
    uint64_t bw = 0, bp = 0;
    uint8_t wr[CFG_MAX_B] = {0};

    arb_req r0 = rq(0, 1, 0, 0), r1 = rq(1, 2, 0, 1);
    arb_push(&a, &r0);
    arb_push(&a, &r1);
    TT_EQ(arb_count(&a, 0), 1);
    TT_EQ(arb_count(&a, 1), 1);
    wr[0] = 1;
    arb_grants(&a, wr, g, &bw, &bp);
    TT_EQ(g[0].valid, 0);
    TT_EQ(g[1].valid, 1);
    TT_EQ(g[1].ccu, 1);
    TT_EQ(g[1].slot, 2);
    TT_EQ(g[1].wid, 0);
    TT_EQ(g[1].reg, 1);
    TT_EQ(bw, 1);
    TT_EQ(bp, 0);
    arb_pop(&a, g);
    TT_EQ(arb_count(&a, 0), 1);
    TT_EQ(arb_count(&a, 1), 0);
    wr[0] = 0;
    arb_grants(&a, wr, g, &bw, &bp);
    TT_EQ(g[0].valid, 1);
    TT_EQ(g[0].reg, 0);
    arb_pop(&a, g);
    TT_EQ(arb_count(&a, 0), 0);

    /* (b) */
    arb_reset(&a);
    bw = bp = 0;
    arb_req s0 = rq(0, 3, 2, 4), s1 = rq(0, 4, 2, 5); /* banks 6%2=0 and 7%2=1 */
    arb_push(&a, &s0);
    arb_push(&a, &s1);
    TT_EQ(arb_count(&a, 0), 1);
    TT_EQ(arb_count(&a, 1), 1);
    arb_grants(&a, wr, g, &bw, &bp);
    TT_EQ(g[0].valid, 1);
    TT_EQ(g[0].slot, 3);
    TT_EQ(g[1].valid, 0);
    TT_EQ(bp, 1);
    TT_EQ(bw, 0);
    arb_pop(&a, g);
    arb_grants(&a, wr, g, &bw, &bp);
    TT_EQ(g[0].valid, 0);
    TT_EQ(g[1].valid, 1);
    TT_EQ(g[1].slot, 4);
    arb_pop(&a, g);
    /* a written bank does not take the port: bank 0 written, both heads for ccu 0 ->
     * bank 1 grants */
    arb_push(&a, &s0);
    arb_push(&a, &s1);
    wr[0] = 1;
    arb_grants(&a, wr, g, &bw, &bp);
    TT_EQ(g[0].valid, 0);
    TT_EQ(g[1].valid, 1);
    wr[0] = 0;

    /* (c) */
    arb_reset(&a);
    arb_req A = rq(0, 0, 0, 0), B = rq(1, 1, 0, 2), C = rq(0, 2, 0, 4);
    arb_push(&a, &A);
    arb_push(&a, &B);
    arb_push(&a, &C);
    TT_EQ(arb_count(&a, 0), 3);
    TT_EQ(arb_at(&a, 0, 0)->reg, 0);
    TT_EQ(arb_at(&a, 0, 1)->reg, 2);
    TT_EQ(arb_at(&a, 0, 2)->reg, 4);
    static const unsigned order[3] = {0, 2, 4};
    for (unsigned i = 0; i < 3; i++) {
        arb_grants(&a, wr, g, &bw, &bp);
        TT_EQ(g[0].valid, 1);
        TT_EQ(g[0].reg, order[i]);
        arb_pop(&a, g);
    }
    TT_EQ(arb_count(&a, 0), 0);
    /* ring wrap-around keeps order: 12 pushes/pops then 3 more */
    for (unsigned i = 0; i < 11; i++) {
        arb_push(&a, &A);
        arb_grants(&a, wr, g, &bw, &bp);
        arb_pop(&a, g);
    }
    arb_push(&a, &A);
    arb_push(&a, &B);
    arb_push(&a, &C);
    for (unsigned i = 0; i < 3; i++) {
        arb_grants(&a, wr, g, &bw, &bp);
        TT_EQ(g[0].reg, order[i]);
        arb_pop(&a, g);
    }
    TT_EQ(a.overflow, 0);
    /* depth C x S = 12: a 13th push overflows (flag set; model bug detector) */
    for (unsigned i = 0; i < 12; i++)
        arb_push(&a, &A);
    TT_EQ(a.overflow, 0);
    arb_push(&a, &A);
    TT_EQ(a.overflow, 1);
    arb_free(&a);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    TT_RUN(test_lfsr_next_by_hand);
    TT_RUN(test_lfsr_period);
    TT_RUN(test_lfsr_pick);
    TT_RUN(test_lru_touch);
    TT_RUN(test_replacement);
    TT_RUN(test_alloc_all_hits);
    TT_RUN(test_alloc_misses);
    TT_RUN(test_alloc_hits_locked_first);
    TT_RUN(test_alloc_far_victims);
    TT_RUN(test_lookup_then_claim);
    TT_RUN(test_alloc_base);
    TT_RUN(test_ccu_ready);
    TT_RUN(test_ccu_write);
    TT_RUN(test_ccu_flush_has_near);
    TT_RUN(test_alloc_decide_owned);
    TT_RUN(test_alloc_decide_far);
    TT_RUN(test_alloc_decide_no_free);
    TT_RUN(test_alloc_decide_near);
    TT_RUN(test_alloc_decide_private);
    TT_RUN(test_alloc_decide_base);
    TT_RUN(test_sched_pick);
    TT_RUN(test_fsm_is_large);
    TT_RUN(test_fsm_apply_delta);
    TT_RUN(test_fsm_walk);
    TT_RUN(test_fsm_edges);
    TT_RUN(test_fsm_interval_length);
    TT_RUN(test_fsm_fixed);
    TT_RUN(test_arb_bank);
    TT_RUN(test_arb_wb_ready);
    TT_RUN(test_arb_grants);
    TT_EXIT();
}
