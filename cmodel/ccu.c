/* ccu.c - cache table, operand collector table and their policies (D-3..D-8, D-11). */
#include "ccu.h"

#include <string.h>

#include "lfsr.h"

/* Reset: all entries invalid and unlocked, rank[i] = i (D-8), OCT empty, unit free. */
void ccu_reset(ccu_t *u)
{
    for (unsigned i = 0; i < CFG_MAX_E; i++) {
        ccu_entry e = {0, (uint8_t)i};
        u->ct[i] = e;
    }
    u->valid = u->lock = u->near = 0;
    u->oct_valid = u->oct_ready = 0;
    memset(u->oct_idx, 0, sizeof u->oct_idx);
    u->busy = 0;
    u->owner_valid = 0;
    u->owner = 0;
    u->tag = 0;
    u->pend = 0;
    u->p_flush = 0;
    memset(u->p_valid, 0, sizeof u->p_valid);
    memset(u->p_reg, 0, sizeof u->p_reg);
    memset(u->p_near, 0, sizeof u->p_near);
    u->claim = 0;
    u->c_first = 0;
    memset(u->c_idx, 0, sizeof u->c_idx);
    memset(u->repl_alloc, 0, sizeof u->repl_alloc);
    memset(u->repl_portd, 0, sizeof u->repl_portd);
    memset(u->data, 0, sizeof(uint64_t) * u->n_ent * u->words);
}

/* Invalidate every entry; the rest of the state is kept. */
void ccu_flush(ccu_t *u)
{
    u->valid = 0;
}

/* Valid entry tagged reg, or -1. At most one exists (invariant 1). */
int ccu_lookup(const ccu_t *u, uint16_t reg)
{
    for (uint64_t v = u->valid; v; v &= v - 1) {
        unsigned i = (unsigned)__builtin_ctzll(v);
        if (u->ct[i].tag == reg)
            return (int)i;
    }
    return -1;
}

/* Lowest-index invalid unlocked entry, or -1. */
static int first_invalid(const ccu_t *u)
{
    uint64_t cand = ~(u->lock | u->valid) & ccu_entries(u);
    return cand ? __builtin_ctzll(cand) : -1;
}

/* Unlocked entry with the highest LRU rank, or -1. */
static int least_recent(const ccu_t *u)
{
    int best = -1;
    for (uint64_t v = ~u->lock & ccu_entries(u); v; v &= v - 1) {
        unsigned i = (unsigned)__builtin_ctzll(v);
        if (best < 0 || u->ct[i].rank > u->ct[best].rank)
            best = (int)i;
    }
    return best;
}

/* D-7: invalid first, then a far entry picked by the LFSR, then LRU. */
int ccu_victim_branch(const ccu_t *u, uint16_t lfsr, int lru_only, int *branch)
{
    int v = first_invalid(u);
    *branch = REPL_INVALID;
    if (v >= 0)
        return v;
    if (!lru_only) {
        v = lfsr_pick(lfsr, ~(u->lock | u->near) & ccu_entries(u), u->n_ent);
        *branch = REPL_FAR;
        if (v >= 0)
            return v;
    }
    *branch = REPL_LRU;
    return least_recent(u);
}

/* D-7 without the branch. */
int ccu_victim(const ccu_t *u, uint16_t lfsr, int lru_only)
{
    int branch;
    return ccu_victim_branch(u, lfsr, lru_only, &branch);
}

/* D-8 touch: entries more recent than i age by one, i becomes rank 0. */
void ccu_touch(ccu_t *u, unsigned i)
{
    uint8_t r = u->ct[i].rank;
    for (unsigned j = 0; j < u->n_ent; j++)
        if (u->ct[j].rank < r)
            u->ct[j].rank++;
    u->ct[i].rank = 0;
}

/* Some valid entry holds a near value. */
int ccu_has_near(const ccu_t *u)
{
    return (u->valid & u->near) != 0;
}

/* See ccu.h. */
int ccu_has_valid(const ccu_t *u)
{
    return u->valid != 0;
}

/* Issue: the unit becomes busy and keeps the instruction until its allocation cycle. */
void ccu_capture(ccu_t *u, const uint8_t *src_valid, const uint16_t *src_reg,
                 const uint8_t *src_near, uint32_t tag, int flush)
{
    for (unsigned s = 0; s < u->n_slot; s++) {
        u->p_valid[s] = src_valid[s];
        u->p_reg[s] = src_reg[s];
        u->p_near[s] = src_near[s];
    }
    u->p_flush = (uint8_t)(flush ? 1 : 0);
    u->pend = 1;
    u->busy = 1;
    u->tag = tag;
}

/* See ccu.h: invalidations only, every register looked up on the pre-cycle state. */
unsigned ccu_invalidate_regs(ccu_t *u, const uint16_t *regs, unsigned n)
{
    int hit[CFG_MAX_P];
    unsigned cnt = 0;
    for (unsigned q = 0; q < n; q++)
        hit[q] = ccu_lookup(u, regs[q]);
    for (unsigned q = 0; q < n; q++)
        if (hit[q] >= 0 && ccu_bit(u->valid, (unsigned)hit[q])) {
            ccu_put(&u->valid, (unsigned)hit[q], 0);
            cnt++;
        }
    return cnt;
}

/* Fill the OCT and metadata once every slot has its entry (an invalid slot: index 0). */
static void fill_oct(ccu_t *u, const uint8_t *src_valid, const int *idx, const int *ready,
                     uint32_t tag)
{
    u->oct_valid = u->oct_ready = 0;
    for (unsigned s = 0; s < u->n_slot; s++) {
        u->oct_idx[s] = 0;
        if (!src_valid[s])
            continue;
        u->oct_valid |= (uint32_t)1 << s;
        u->oct_ready |= (uint32_t)(ready[s] != 0) << s;
        u->oct_idx[s] = (uint8_t)idx[s];
    }
    u->busy = 1;
    u->tag = tag;
}

/* First slot t <= s of mask `slots` naming the register of slot s. */
static unsigned first_naming(const ccu_t *u, uint32_t slots, unsigned s)
{
    for (uint32_t v = slots; v; v &= v - 1) {
        unsigned t = (unsigned)__builtin_ctz(v);
        if (t >= s || u->p_reg[t] == u->p_reg[s])
            return t;
    }
    return s;
}

/* D-11 lookup cycle: hits lock, hint and touch (slot order); the OCT is written; the
 * victims of the distinct missing registers are chosen in slot order (each pick excludes
 * the earlier ones) on the state after the hits' locks, and kept for the claim cycle. */
unsigned ccu_lookup_stage(ccu_t *u, uint16_t lfsr, int lru_only, ccu_miss *misses)
{
    int idx[CFG_MAX_S], ready[CFG_MAX_S];
    uint32_t miss = 0;
    u->c_first = 0;
    for (unsigned s = 0; s < u->n_slot; s++) {
        idx[s] = ready[s] = 0;
        if (!u->p_valid[s])
            continue;
        int h = ccu_lookup(u, u->p_reg[s]);
        if (h < 0) {
            miss |= (uint32_t)1 << s;
            continue;
        }
        idx[s] = h;
        ready[s] = 1;
        ccu_put(&u->lock, (unsigned)h, 1);
    }
    for (unsigned s = 0; s < u->n_slot; s++)
        if (ready[s]) {
            ccu_put(&u->near, (unsigned)idx[s], u->p_near[s]);
            ccu_touch(u, (unsigned)idx[s]);
        }
    const uint64_t locked = u->lock;
    unsigned n = 0;
    for (uint32_t v = miss; v; v &= v - 1) {
        unsigned s = (unsigned)__builtin_ctz(v);
        if (first_naming(u, miss, s) != s)
            continue;
        int branch;
        int c = ccu_victim_branch(u, lfsr, lru_only, &branch);
        u->repl_alloc[branch]++;
        ccu_put(&u->lock, (unsigned)c, 1); /* excluded from the next picks only */
        u->c_first |= (uint32_t)1 << s;
        u->c_idx[s] = (uint8_t)c;
        misses[n].slot = (uint8_t)s;
        misses[n].reg = u->p_reg[s];
        n++;
    }
    u->lock = locked;
    fill_oct(u, u->p_valid, idx, ready, u->tag);
    u->pend = 0;
    u->claim = n != 0;
    return n;
}

/* D-11 claim cycle: write the victims chosen in the lookup cycle, point the missing slots
 * at them, hints and touches in slot order (their bank reads were queued last cycle). */
void ccu_claim(ccu_t *u)
{
    const uint32_t miss = u->oct_valid & ~u->oct_ready;
    for (uint32_t v = u->c_first; v; v &= v - 1) {
        unsigned s = (unsigned)__builtin_ctz(v), c = u->c_idx[s];
        u->ct[c].tag = u->p_reg[s];
        ccu_put(&u->valid, c, 1);
        ccu_put(&u->lock, c, 1);
    }
    for (uint32_t v = miss; v; v &= v - 1) {
        unsigned s = (unsigned)__builtin_ctz(v);
        unsigned c = u->c_idx[first_naming(u, u->c_first, s)];
        u->oct_idx[s] = (uint8_t)c;
        ccu_put(&u->near, c, u->p_near[s]);
        ccu_touch(u, c);
    }
    u->claim = 0;
    u->c_first = 0;
}

/* See ccu.h: capture, lookup cycle and claim cycle in one call (policy tests). */
unsigned ccu_allocate(ccu_t *u, const uint8_t *src_valid, const uint16_t *src_reg,
                      const uint8_t *src_near, uint32_t tag, uint16_t lfsr, int lru_only,
                      ccu_miss *misses)
{
    ccu_capture(u, src_valid, src_reg, src_near, tag, 0);
    unsigned n = ccu_lookup_stage(u, lfsr, lru_only, misses);
    if (n)
        ccu_claim(u);
    return n;
}

/* Baseline OCU: every distinct register gets the next private entry and a bank read. */
unsigned ccu_allocate_base(ccu_t *u, const uint8_t *src_valid, const uint16_t *src_reg,
                           uint32_t tag, ccu_miss *misses)
{
    int idx[CFG_MAX_S], ready[CFG_MAX_S];
    unsigned n = 0;
    ccu_flush(u);
    for (unsigned s = 0; s < u->n_slot; s++) {
        ready[s] = 0;
        idx[s] = -1;
        if (!src_valid[s])
            continue;
        idx[s] = ccu_lookup(u, src_reg[s]);
        if (idx[s] >= 0)
            continue;
        idx[s] = (int)n;
        u->ct[n].tag = src_reg[s];
        ccu_put(&u->valid, n, 1);
        ccu_put(&u->lock, n, 1);
        misses[n].slot = (uint8_t)s;
        misses[n].reg = src_reg[s];
        n++;
    }
    fill_oct(u, src_valid, idx, ready, tag);
    return n;
}

/* Port S: write the bank data, then every slot waiting on idx becomes ready. */
void ccu_fill(ccu_t *u, unsigned idx, const uint64_t *data)
{
    if (u->words) /* statistics-only models carry no values */
        memcpy(&u->data[(size_t)idx * u->words], data, sizeof(uint64_t) * u->words);
    for (uint32_t v = u->oct_valid; v; v &= v - 1) {
        unsigned s = (unsigned)__builtin_ctz(v);
        if (u->oct_idx[s] == idx)
            u->oct_ready |= (uint32_t)1 << s;
    }
}

/* Port D: update a hit in place, else claim a D-7 victim; hint and LRU as D-5. */
int ccu_write(ccu_t *u, uint16_t reg, int near, const uint64_t *data, uint16_t lfsr,
              int lru_only)
{
    int i = ccu_lookup(u, reg);
    if (i < 0) {
        int branch;
        i = ccu_victim_branch(u, lfsr, lru_only, &branch);
        if (i < 0)
            return -1;
        u->repl_portd[branch]++;
        ccu_put(&u->valid, (unsigned)i, 1);
        u->ct[i].tag = reg;
    }
    ccu_put(&u->near, (unsigned)i, near);
    if (u->words)
        memcpy(&u->data[(size_t)i * u->words], data, sizeof(uint64_t) * u->words);
    ccu_touch(u, (unsigned)i);
    return i;
}

/* Dispatch: unlock everything, clear the OCT, free the unit. */
void ccu_release(ccu_t *u)
{
    u->lock = 0;
    u->oct_valid = u->oct_ready = 0;
    memset(u->oct_idx, 0, sizeof u->oct_idx);
    u->busy = 0;
}
