/* ccu.h - one Caching Collector Unit: cache table (CT), operand collector table (OCT),
 * metadata; the policies of contract D-3..D-8, D-11. Also the baseline OCU (caching off),
 * which uses the same storage with "entries" = slots, no tags kept across instructions. */
#ifndef CCU_H
#define CCU_H

#include <stdint.h>
#include "cfg.h"

_Static_assert(CFG_MAX_E <= 64 && CFG_MAX_S <= 32, "CT and OCT bits are held in masks");

/* A cache-table entry; its valid, lock and near bits are bit i of ccu_t's masks. */
typedef struct {
    uint16_t tag;    /* register id */
    uint8_t rank;    /* LRU rank, 0 = most recent (D-8) */
} ccu_entry;

typedef struct {
    unsigned n_ent;                /* CT entries (E; S for the baseline OCU) */
    unsigned n_slot;               /* S */
    unsigned words;                /* 64-bit words per data entry */
    ccu_entry ct[CFG_MAX_E];
    uint64_t valid;                /* bit i: entry i holds a register */
    uint64_t lock;                 /* bit i: entry i is locked (an OCT slot points to it) */
    uint64_t near;                 /* bit i: entry i's reuse hint is near (1) or far (0) */
    uint32_t oct_valid;            /* bit s: OCT slot s holds a source */
    uint32_t oct_ready;            /* bit s: slot s's operand is in its entry */
    uint8_t oct_idx[CFG_MAX_S];    /* slot s's CT entry */
    uint8_t busy;                  /* holds an instruction (not free) */
    uint8_t owner_valid;
    uint16_t owner;                /* owner warp (D-9); the held warp for the baseline */
    uint32_t tag;                  /* opaque instruction tag */
    /* the instruction issued in the previous cycle, allocated this cycle (docs/spec.md 3) */
    uint8_t pend;                  /* issued last cycle, allocation this cycle */
    uint8_t p_flush;               /* its D-9 flush */
    uint8_t p_valid[CFG_MAX_S];    /* its source slots */
    uint16_t p_reg[CFG_MAX_S];
    uint8_t p_near[CFG_MAX_S];
    /* the claim cycle (the cycle after a lookup cycle with misses, docs/spec.md 3) */
    uint8_t claim;                 /* this cycle writes the victims chosen last cycle */
    uint32_t c_first;              /* bit s: slot s is the first to name a missing register */
    uint8_t c_idx[CFG_MAX_S];      /* the entry slot s claims (c_first slots) */
    uint64_t *data;                /* n_ent x words */
    uint64_t repl_alloc[3];        /* D-7 branch of allocation claims (statistics) */
    uint64_t repl_portd[3];        /* D-7 branch of port D claims (statistics) */
} ccu_t;

/* Bit i of mask m (0 or 1). */
static inline unsigned ccu_bit(uint64_t m, unsigned i)
{
    return (unsigned)(m >> i & 1u);
}

/* Set bit i of *m to v (nonzero: 1). */
static inline void ccu_put(uint64_t *m, unsigned i, int v)
{
    *m = (*m & ~((uint64_t)1 << i)) | ((uint64_t)(v != 0) << i);
}

/* Bits 0..n_ent-1: the unit's entries in a valid/lock/near mask. */
static inline uint64_t ccu_entries(const ccu_t *u)
{
    return u->n_ent >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << u->n_ent) - 1;
}

/* D-7 branches, for statistics and coverage. */
enum { REPL_INVALID = 0, REPL_FAR = 1, REPL_LRU = 2 };

/* A bank read the allocation asks for: register reg of the owner, for OCT slot `slot`
 * (the first slot naming it); the fill writes the entry that slot points to then. */
typedef struct {
    uint8_t slot;
    uint16_t reg;
} ccu_miss;

/* Initialise to the reset state (ranks i, all invalid, free); data must be preallocated. */
void ccu_reset(ccu_t *u);

/* Invalidate every entry (flush on owner change); ranks, locks and data stay. */
void ccu_flush(ccu_t *u);

/* Index of the valid entry tagged reg, or -1 (D-3 lookup). */
int ccu_lookup(const ccu_t *u, uint16_t reg);

/* D-7 victim among unlocked entries: invalid, else far by LFSR (unless lru_only),
 * else highest rank; -1 only if every entry is locked. */
int ccu_victim(const ccu_t *u, uint16_t lfsr, int lru_only);

/* ccu_victim, also telling which D-7 branch chose (REPL_*). */
int ccu_victim_branch(const ccu_t *u, uint16_t lfsr, int lru_only, int *branch);

/* D-8: make entry i most recent. */
void ccu_touch(ccu_t *u, unsigned i);

/* Port R "holds a near value": some valid entry has near = 1. */
int ccu_has_near(const ccu_t *u);

/* 1 if some entry is valid. */
int ccu_has_valid(const ccu_t *u);

/* D-13: busy, past its lookup and claim cycles, and every valid OCT slot is ready.
 * Inline: asked for every unit every cycle. */
static inline int ccu_ready(const ccu_t *u)
{
    return u->busy && !u->pend && !u->claim && !(u->oct_valid & ~u->oct_ready);
}

/* Issue (cycle t): capture the instruction for the allocation of cycle t+1; busy <= 1. */
void ccu_capture(ccu_t *u, const uint8_t *src_valid, const uint16_t *src_reg,
                 const uint8_t *src_near, uint32_t tag, int flush);

/* D-11, lookup cycle of the captured instruction (after any flush): hits lock their
 * entries, take their hints and LRU touches, the OCT is written (misses not ready, index
 * 0); the victims of the misses are chosen (D-7, lfsr = this cycle's LFSR) but written only
 * in the claim cycle (ccu_claim), which follows iff this returns nonzero. Fills misses[]
 * with the bank reads to queue now (one per distinct missing register, slot order);
 * returns their count. */
unsigned ccu_lookup_stage(ccu_t *u, uint16_t lfsr, int lru_only, ccu_miss *misses);

/* D-11, claim cycle: the chosen victims take their registers (valid, tag, lock), the
 * missing slots their entries, hints and LRU touches. */
void ccu_claim(ccu_t *u);

/* Capture (no flush), lookup cycle and claim cycle of one instruction in one call, with
 * nothing in between (policy tests): fills misses[] like ccu_lookup_stage, returns their
 * count. */
unsigned ccu_allocate(ccu_t *u, const uint8_t *src_valid, const uint16_t *src_reg,
                      const uint8_t *src_near, uint32_t tag, uint16_t lfsr, int lru_only,
                      ccu_miss *misses);

/* Baseline OCU allocation: slots get private entries, one per distinct register, all
 * read from the banks; returns the miss count like ccu_allocate. */
unsigned ccu_allocate_base(ccu_t *u, const uint8_t *src_valid, const uint16_t *src_reg,
                           uint32_t tag, ccu_miss *misses);

/* Port S fill: write data into entry idx and mark every valid slot pointing there ready.
 * (A bank read names a slot; the sub-core passes that slot's entry, oct_idx[slot].) */
void ccu_fill(ccu_t *u, unsigned idx, const uint64_t *data);

/* Lookup or claim cycle (caching): every accepted write-back of the owner warp that hits
 * (the registers regs[0..n-1], looked up on the pre-cycle state) only invalidates its
 * entry; port D stays idle. Returns the number of entries invalidated. */
unsigned ccu_invalidate_regs(ccu_t *u, const uint16_t *regs, unsigned n);

/* Port D write of a write-back (D-3/D-5): update on hit, else allocate a victim, both on
 * the pre-cycle state. Returns the entry written, or -1 if no unlocked victim exists. */
int ccu_write(ccu_t *u, uint16_t reg, int near, const uint64_t *data, uint16_t lfsr,
              int lru_only);

/* Dispatch (D-13): clear locks and OCT, free the unit; CT, owner and LRU stay. */
void ccu_release(ccu_t *u);

#endif
