/* energy.h - register-file dynamic energy of a run: per-access energies of the
 * configuration (cfg_t.energy[], docs/config.md "RF dynamic energy") times the model's
 * event counts. A report, not behaviour: nothing here feeds back into the model. */
#ifndef ENERGY_H
#define ENERGY_H

#include <stdint.h>
#include "cfg.h"
#include "stats.h"

typedef struct {
    uint64_t count[CFG_NENERGY]; /* events of each component (CFG_E_* order) */
    double pj[CFG_NENERGY];      /* energy of each component over the run, pJ */
    double total_pj;             /* sum of pj[] */
    double pj_per_inst;          /* total_pj / instructions (0 without instructions) */
} energy_t;

/* Short name of component i (CFG_E_* order): "bank_read", ..., "latch". */
const char *energy_name(unsigned i);

/* The energy_* keys are per access of a register of ENERGY_REF_BITS bits (32 threads x 32
 * bits); an access of the configuration's data_bits costs that times data_bits / 1024
 * (bit lines, sense amplifiers and wires all scale with the bits moved). */
#define ENERGY_REF_BITS 1024.0

/* Picojoules of one access of component i (CFG_E_*) at the configuration's data_bits. */
double energy_per_access(const cfg_t *c, unsigned i);

/* The events of each component in the statistics s: bank reads performed, bank writes,
 * operand slots read at dispatch (src_slots), CCU data writes (port D), crossbar
 * transfers and collector latches (port S fills, one per bank read delivered). */
void energy_counts(const sc_stats *s, uint64_t count[CFG_NENERGY]);

/* The energy of a run of insts instructions with statistics s under configuration c. */
void energy_of(const cfg_t *c, const sc_stats *s, uint64_t insts, energy_t *e);

/* Share of component i in the total (0 when the total is 0). */
double energy_share(const energy_t *e, unsigned i);

#endif
