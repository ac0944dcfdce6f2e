/* inv.c - the contract's invariants, checked on the model's state. */
#include <stdarg.h>
#include <stdio.h>

#include "sc_state.h"
#include "sc.h"

/* Format a failure message; always returns -1. */
static int fail(char *msg, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, len, fmt, ap);
    va_end(ap);
    return -1;
}

/* Invariants 1 (unique tags), 5 (ranks a permutation), locks == OCT references (2; a
 * unit's waiting slots in its claim cycle name no entry yet). */
static int check_ccu(const ccu_t *u, unsigned k, char *msg, size_t len)
{
    uint8_t seen[CFG_MAX_E] = {0}, ref[CFG_MAX_E] = {0};
    for (unsigned i = 0; i < u->n_ent; i++) {
        if (u->ct[i].rank >= u->n_ent || seen[u->ct[i].rank]++)
            return fail(msg, len, "ccu %u: LRU ranks are not a permutation (entry %u rank %u)",
                        k, i, u->ct[i].rank);
        for (unsigned j = i + 1; j < u->n_ent; j++)
            if (ccu_bit(u->valid, i) && ccu_bit(u->valid, j) && u->ct[i].tag == u->ct[j].tag)
                return fail(msg, len, "ccu %u: entries %u and %u both hold r%u", k, i, j,
                            u->ct[i].tag);
    }
    if ((u->valid | u->lock | u->near) & ~ccu_entries(u))
        return fail(msg, len, "ccu %u: valid, lock or near bit set beyond entry %u", k,
                    u->n_ent - 1);
    if ((u->oct_valid | u->oct_ready) >> u->n_slot)
        return fail(msg, len, "ccu %u: OCT bit set beyond slot %u", k, u->n_slot - 1);
    if (u->pend && !u->busy)
        return fail(msg, len, "ccu %u: pending allocation but not busy", k);
    if (u->claim && (!u->busy || u->pend || !u->c_first))
        return fail(msg, len, "ccu %u: claim cycle but busy=%u pend=%u claims=0x%x", k,
                    u->busy, u->pend, u->c_first);
    if (u->c_first & ~(u->claim ? u->oct_valid & ~u->oct_ready : 0))
        return fail(msg, len, "ccu %u: claims 0x%x outside the waiting slots of a claim cycle",
                    k, u->c_first);
    for (unsigned s = 0; s < u->n_slot; s++) {
        if (!(u->oct_valid >> s & 1u))
            continue;
        if (!u->busy || u->pend)
            return fail(msg, len, "ccu %u: %s but OCT slot %u valid", k,
                        u->busy ? "pending" : "free", s);
        if (u->claim && !(u->oct_ready >> s & 1u))
            continue; /* its entry is claimed this cycle */
        ref[u->oct_idx[s]] = 1;
    }
    for (unsigned i = 0; i < u->n_ent; i++)
        if (ccu_bit(u->lock, i) != ref[i])
            return fail(msg, len, "ccu %u: entry %u lock=%u but %sreferenced by the OCT", k, i,
                        ccu_bit(u->lock, i), ref[i] ? "" : "not ");
    return 0;
}

/* See sc_state.h. */
int sc_check_invariants(const sc_t *m, char *msg, size_t len)
{
    const cfg_t *c = &m->cfg;
    uint8_t owned[CFG_MAX_W] = {0};
    for (unsigned k = 0; k < c->ccus; k++) {
        const ccu_t *u = &m->ccu[k];
        if (check_ccu(u, k, msg, len))
            return -1;
        if (c->caching && u->owner_valid && owned[u->owner]++)
            return fail(msg, len, "warp %u owns more than one CCU (invariant 3)", u->owner);
        if ((unsigned)(m->pend >> k & 1u) != u->pend)
            return fail(msg, len, "ccu %u: pend=%u but the pending mask says %u", k, u->pend,
                        (unsigned)(m->pend >> k & 1u));
        if ((unsigned)(m->claim >> k & 1u) != u->claim)
            return fail(msg, len, "ccu %u: claim=%u but the claim mask says %u", k, u->claim,
                        (unsigned)(m->claim >> k & 1u));
    }
    unsigned nfill = 0;
    for (unsigned b = 0; b < c->banks; b++)
        nfill += m->fill[b].valid;
    if (nfill != m->nfill)
        return fail(msg, len, "%u port S fills pending but nfill says %u", nfill, m->nfill);
    if (m->arb.overflow)
        return fail(msg, len, "a bank request FIFO overflowed (invariant 6)");
    unsigned queued = 0;
    for (unsigned b = 0; b < c->banks; b++)
        queued += m->arb.count[b];
    if (queued != m->arb.queued)
        return fail(msg, len, "bank FIFOs hold %u requests but arb.queued says %u", queued,
                    m->arb.queued);
    if (m->fsm.sthld > c->sthld_max)
        return fail(msg, len, "STHLD %u > STHLD_MAX %u (invariant 7)", m->fsm.sthld,
                    c->sthld_max);
    if (m->fsm.state < 1 || m->fsm.state > c->fsm_states)
        return fail(msg, len, "FSM state %u not in 1..%u (invariant 7)", m->fsm.state,
                    c->fsm_states);
    return 0;
}
