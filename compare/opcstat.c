/* opcstat.c - the comparison designs' shared counting (see opcstat.h). */
#include "opcstat.h"

void opc_note_sources(opc_stats *st, const drv_inst *h, uint32_t looked, uint32_t hits)
{
    st->lookups += (uint64_t)__builtin_popcount(looked);
    st->hit_slots += (uint64_t)__builtin_popcount(hits);
    for (unsigned s = 0; hits && s < h->nsrc; s++) { /* each register at its first operand */
        int first = 1, whole = 1;
        for (unsigned k = 0; k < h->nsrc; k++) {
            if (h->src[k] != h->src[s]) continue;
            if (k < s) first = 0;
            if (!(hits >> k & 1u)) whole = 0;
        }
        st->hit_regs += (uint64_t)(first && whole);
    }
}

void opc_add(opc_stats *t, const opc_stats *a)
{
    t->lookups += a->lookups;
    t->hit_slots += a->hit_slots;
    t->hit_regs += a->hit_regs;
    t->fills += a->fills;
    t->rf_writes_saved += a->rf_writes_saved;
    t->admit_far += a->admit_far;
    t->admit_wait += a->admit_wait;
    t->admit_refused += a->admit_refused;
    t->evict_live += a->evict_live;
    t->read_stalls += a->read_stalls;
    t->moves += a->moves;
    t->drops_nonempty += a->drops_nonempty;
}

void opc_fold(const opc_stats *s, sc_stats *st)
{
    st->src_slots += s->hit_slots;
    st->src_regs += s->hit_regs;
    st->src_hits += s->hit_regs;
    st->ccu_data_writes += s->fills;
    st->bank_writes -= s->rf_writes_saved < st->bank_writes ? s->rf_writes_saved : st->bank_writes;
}
