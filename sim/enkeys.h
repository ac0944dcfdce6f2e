/* enkeys.h - the energy keys of the reports: per-access energies of the register file, an
 * energy ledger file, and leakage of the liveness-aware register file's power states. One
 * part of the simulator's configuration (sim/simcfg.h); not part of the RTL.
 */
#ifndef ENKEYS_H
#define ENKEYS_H

#include "cfg.h"

/* Per-access dynamic energies of the register file (en_keys.energy[], femtojoules =
 * pJ / 1000; keys energy_*; docs/config.md "RF dynamic energy" gives the defaults' source). */
enum {
    ENK_BANK_READ = 0, /* one register read from an RF bank */
    ENK_BANK_WRITE,    /* one register written into an RF bank */
    ENK_CCU_READ,      /* one source operand read out of a collector entry at dispatch */
    ENK_CCU_WRITE,     /* one write-back written into a CCU entry (port D) */
    ENK_CROSSBAR,      /* one register carried by the crossbar from a bank to a collector */
    ENK_LATCH,         /* one register latched into a collector entry (port S fill) */
    ENK_COUNT
};

#define ENK_MAX_KEYS 16

typedef struct {
    unsigned energy[ENK_COUNT];      /* ENK_*: femtojoules per access */
    char energy_table[CFG_PATH_LEN]; /* an energy ledger file (sim/ledger.h); "": the
                                        built-in table of the energy_* keys above */
    unsigned leak_sleep_pct; /* rf_states: leakage of a SLEEP register, % of an ON one */
    unsigned leak_off_pct;   /* rf_states: leakage of an OFF register, % of an ON one */
    unsigned origin[ENK_MAX_KEYS]; /* provenance (cfgkey.h cfg_part) */
} en_keys;

/* The energy part of a configuration: its key table bound to *k. */
cfg_part enk_part(en_keys *k);

/* energy_* keys moved off their defaults beside an energy_table (which prices every event)
 * are refused. 0, or -1 with err. */
int enk_check(const en_keys *k, const char *path, char *err);

#endif
