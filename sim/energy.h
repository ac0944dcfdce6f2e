/* energy.h - register-file energy of a run, every design priced by one energy ledger
 * (sim/ledger.h, docs/energy.md): events x per-event energy x data_bits, plus the storage
 * clock of every data entry, the clock gates, the collectors' control and the banks' idle
 * energy, each per cycle. A report, not behaviour: nothing here feeds back into the model. */
#ifndef ENERGY_H
#define ENERGY_H

#include <stdint.h>
#include "simcfg.h"
#include "ledger.h"
#include "stats.h"

/* Components: the six events of cfg.h's ENK_* (same order, same names), then the four
 * per-cycle ones. */
enum {
    ENERGY_STORAGE_CLOCK = ENK_COUNT, /* data storage bits x cycles */
    ENERGY_GATES,                       /* data entries x cycles (clock_gating = on) */
    ENERGY_CONTROL,                     /* collectors x cycles */
    ENERGY_BANK_IDLE,                   /* banks x cycles */
    ENERGY_NCOMP
};

/* What a design holds per sub-core, from its configuration: what the per-cycle components
 * and the crossbar are priced on. */
typedef struct {
    unsigned collectors;   /* baseline OCUs or CCUs (ccus): the crossbar's outputs */
    uint64_t entries;      /* data entries: collectors' (ccus x slots, or ccus x entries with
                              caching on) plus the operand cache's (opc_entries) */
    uint64_t storage_bits; /* entries x data_bits */
    unsigned banks;        /* RF banks */
    unsigned data_bits;    /* bits of one register (all threads) */
} energy_shape;

typedef struct {
    uint64_t count[ENERGY_NCOMP]; /* events, or units (bit-, entry-, collector-, bank-cycles;
                                     UINT64_MAX if they overflow, pj[] is still right) */
    double per_unit[ENERGY_NCOMP];/* pJ of one event or unit */
    double pj[ENERGY_NCOMP];      /* energy of each component over the run, pJ */
    double total_pj;              /* sum of pj[] */
    double pj_per_inst;           /* total_pj / instructions (0 without instructions) */
    energy_shape shape;           /* what the design was priced on */
    uint64_t cycles;              /* sub-core cycles the per-cycle components ran */
} energy_t;

/* Short name of component i (ENERGY_* / ENK_* order): "bank_read", ..., "bank_idle". */
const char *energy_name(unsigned i);

/* The old energy_* keys are per access of a register of ENERGY_REF_BITS bits (32 threads
 * x 32 bits); the ledger's figures are per bit. */
#define ENERGY_REF_BITS 1024.0

/* The shape configuration c prices (see energy_shape). */
void energy_shape_of(const sim_cfg *c, energy_shape *s);

/* The events of each of the six event components in the statistics s: bank reads
 * performed, bank writes, operand slots read at dispatch (src_slots), CCU data writes
 * (port D), crossbar transfers and collector fills (port S, one per bank read delivered). */
void energy_counts(const sc_stats *s, uint64_t count[ENK_COUNT]);

/* The energy of a run of insts instructions and `cycles` sub-core cycles (summed over the
 * sub-cores that ran) with statistics s, configuration c, priced by ledger L. */
void energy_of(const ledger_t *L, const sim_cfg *c, const sc_stats *s, uint64_t insts,
               uint64_t cycles, energy_t *e);

/* Share of component i in the total (0 when the total is 0). */
double energy_share(const energy_t *e, unsigned i);

#endif
