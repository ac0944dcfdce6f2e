/* energy.c - register-file energy of a run priced by one ledger (see energy.h). */
#include "energy.h"
#include "opc.h"

#include <string.h>

static const char *const names[ENERGY_NCOMP] = {
    "bank_read", "bank_write", "ccu_read", "ccu_write", "crossbar", "latch",
    "storage_clock", "clock_gates", "control", "bank_idle",
};

/* See energy.h. */
const char *energy_name(unsigned i) { return i < ENERGY_NCOMP ? names[i] : "?"; }

/* See energy.h. */
void energy_shape_of(const sim_cfg *c, energy_shape *s)
{
    s->collectors = c->m.hw.ccus;
    s->entries = (uint64_t)c->m.hw.ccus * (c->m.hw.caching ? c->m.hw.entries : c->m.hw.slots) + opc_entries(&c->m.hw, &c->m.opc);
    s->storage_bits = s->entries * c->m.hw.data_bits;
    s->banks = c->m.hw.banks;
    s->data_bits = c->m.hw.data_bits;
}

/* See energy.h. */
void energy_counts(const sc_stats *s, uint64_t count[ENK_COUNT])
{
    count[ENK_BANK_READ] = s->bank_reads;
    count[ENK_BANK_WRITE] = s->bank_writes;
    count[ENK_CCU_READ] = s->src_slots;
    count[ENK_CCU_WRITE] = s->ccu_data_writes;
    count[ENK_CROSSBAR] = s->ccu_fills;
    count[ENK_LATCH] = s->ccu_fills;
}

/* See energy.h. An event moves one register: its figure per bit times data_bits (computed
 * first, so that the built-in table gives the old count x energy_per_access exactly). */
void energy_of(const ledger_t *L, const sim_cfg *c, const sc_stats *s, uint64_t insts,
               uint64_t cycles, energy_t *e)
{
    const double *v = L->v;
    energy_shape *sh = &e->shape;
    memset(e, 0, sizeof *e);
    energy_shape_of(c, sh);
    e->cycles = cycles;
    energy_counts(s, e->count);
    double bits = (double)sh->data_bits;
    e->per_unit[ENK_BANK_READ] = v[LEDGER_BANK_READ] * bits;
    e->per_unit[ENK_BANK_WRITE] = v[LEDGER_BANK_WRITE] * bits;
    e->per_unit[ENK_CCU_READ] = v[LEDGER_OPERAND_READ] * bits;
    e->per_unit[ENK_CCU_WRITE] = v[LEDGER_ENTRY_WB] * bits;
    e->per_unit[ENK_CROSSBAR] =
        (v[LEDGER_XBAR_BASE] + v[LEDGER_XBAR_PER_COLL] * (double)sh->collectors) * bits;
    e->per_unit[ENK_LATCH] = v[LEDGER_ENTRY_FILL] * bits;
    /* per cycle: units = what the design holds x cycles */
    uint64_t held[ENERGY_NCOMP] = {
        [ENERGY_STORAGE_CLOCK] = sh->storage_bits,
        [ENERGY_GATES] = L->clock_gating ? sh->entries : 0,
        [ENERGY_CONTROL] = sh->collectors,
        [ENERGY_BANK_IDLE] = sh->banks,
    };
    e->per_unit[ENERGY_STORAGE_CLOCK] =
        L->clock_gating ? v[LEDGER_CLOCK_GATED] : v[LEDGER_CLOCK_UNGATED];
    e->per_unit[ENERGY_GATES] = L->clock_gating ? v[LEDGER_GATE] : 0.0;
    e->per_unit[ENERGY_CONTROL] = c->m.hw.caching ? v[LEDGER_CONTROL] : v[LEDGER_CONTROL_OCU];
    e->per_unit[ENERGY_BANK_IDLE] = v[LEDGER_BANK_IDLE];
    for (unsigned i = 0; i < ENERGY_NCOMP; i++) {
        if (i < ENK_COUNT) {
            e->pj[i] = (double)e->count[i] * e->per_unit[i];
        } else { /* the count saturates (a long GPU run of a large design); the energy not */
            e->count[i] = cycles && held[i] > UINT64_MAX / cycles ? UINT64_MAX : held[i] * cycles;
            e->pj[i] = (double)held[i] * (double)cycles * e->per_unit[i];
        }
        e->total_pj += e->pj[i];
    }
    e->pj_per_inst = insts ? e->total_pj / (double)insts : 0.0;
}

/* See energy.h. */
double energy_share(const energy_t *e, unsigned i)
{
    return e->total_pj > 0 && i < ENERGY_NCOMP ? e->pj[i] / e->total_pj : 0.0;
}
