/* energy.c - register-file dynamic energy of a run (see energy.h). */
#include "energy.h"

static const char *const names[CFG_NENERGY] = {
    "bank_read", "bank_write", "ccu_read", "ccu_write", "crossbar", "latch",
};

/* See energy.h. */
const char *energy_name(unsigned i) { return i < CFG_NENERGY ? names[i] : "?"; }

/* See energy.h. */
void energy_counts(const sc_stats *s, uint64_t count[CFG_NENERGY])
{
    count[CFG_E_BANK_READ] = s->bank_reads;
    count[CFG_E_BANK_WRITE] = s->bank_writes;
    count[CFG_E_CCU_READ] = s->src_slots;
    count[CFG_E_CCU_WRITE] = s->ccu_data_writes;
    count[CFG_E_CROSSBAR] = s->ccu_fills;
    count[CFG_E_LATCH] = s->ccu_fills;
}

/* See energy.h. */
double energy_per_access(const cfg_t *c, unsigned i)
{
    if (i >= CFG_NENERGY) return 0.0;
    return (double)c->energy[i] / 1000.0 * (double)c->data_bits / ENERGY_REF_BITS;
}

/* See energy.h. */
void energy_of(const cfg_t *c, const sc_stats *s, uint64_t insts, energy_t *e)
{
    energy_counts(s, e->count);
    e->total_pj = 0;
    for (unsigned i = 0; i < CFG_NENERGY; i++) {
        e->pj[i] = (double)e->count[i] * energy_per_access(c, i);
        e->total_pj += e->pj[i];
    }
    e->pj_per_inst = insts ? e->total_pj / (double)insts : 0.0;
}

/* See energy.h. */
double energy_share(const energy_t *e, unsigned i)
{
    return e->total_pj > 0 && i < CFG_NENERGY ? e->pj[i] / e->total_pj : 0.0;
}
