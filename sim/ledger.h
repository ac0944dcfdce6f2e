/* ledger.h - the energy ledger: one table of per-event and per-cycle energies that prices
 * every design (sim/energy.h) by its storage and collector count. A file of `key = value`
 * lines in the configuration format (cfg_each_line), named by the key energy_table; without
 * one, the built-in table of the energy_* keys (45 nm; docs/config.md). Format, units and
 * the source of every figure: docs/energy.md. A report, not behaviour. */
#ifndef LEDGER_H
#define LEDGER_H

#include <stdio.h>
#include "simcfg.h"

#define LEDGER_SOURCE_LEN 256  /* the `source` text, with its NUL */
#define LEDGER_MAX_PJ 1e6      /* largest figure accepted, pJ */

/* The figures of a ledger, in the order of its file (ledger_key names them). */
enum {
    LEDGER_BANK_READ = 0,   /* bank_read_pj_per_bit: a register read from an RF bank */
    LEDGER_BANK_WRITE,      /* bank_write_pj_per_bit: a register written into an RF bank */
    LEDGER_BANK_IDLE,       /* bank_idle_pj_per_bank_cycle: a bank's leakage + clock, per cycle */
    LEDGER_ENTRY_FILL,      /* entry_fill_pj_per_bit: an entry written from a bank (port S) */
    LEDGER_ENTRY_WB,        /* entry_wb_pj_per_bit: an entry written by a write-back (port D) */
    LEDGER_OPERAND_READ,    /* operand_read_pj_per_bit: a source operand read at dispatch */
    LEDGER_XBAR_BASE,       /* crossbar_pj_per_bit_base: bank -> collector, fixed part */
    LEDGER_XBAR_PER_COLL,   /* crossbar_pj_per_bit_per_collector: ... per collector */
    LEDGER_CLOCK_UNGATED,   /* storage_clock_pj_per_bit_cycle_ungated */
    LEDGER_CLOCK_GATED,     /* storage_clock_pj_per_bit_cycle_gated */
    LEDGER_GATE,            /* gate_pj_per_entry_cycle: a clock gate's own energy (gated) */
    LEDGER_CONTROL,         /* ccu_control_pj_per_collector_cycle: a caching collector's
                               control logic, tags, locks, hints and LRU (caching = on) */
    LEDGER_CONTROL_OCU,     /* ocu_control_pj_per_collector_cycle: a plain operand
                               collector's control (caching = off: the baseline and the
                               designs built on its collectors) */
    LEDGER_NVAL
};

typedef struct {
    double v[LEDGER_NVAL];          /* LEDGER_*: pJ (per bit, bit-cycle, entry-, bank- or
                                       collector-cycle, as the key's name says) */
    int clock_gating;               /* 1: the gated storage clock and the gates apply */
    char source[LEDGER_SOURCE_LEN]; /* where the numbers come from */
    char path[CFG_PATH_LEN];        /* the file read, "" for the built-in table */
} ledger_t;

/* The file key of figure i (LEDGER_*), e.g. "bank_read_pj_per_bit"; "?" out of range. */
const char *ledger_key(unsigned i);

/* The built-in table of configuration c: its six energy_* keys (fJ per 1024-bit access)
 * as pJ per bit, every storage, clock, control and idle figure 0, clock_gating off. */
void ledger_builtin(const sim_cfg *c, ledger_t *L);

/* Read the ledger file path into *L: every key exactly once, nothing else. 0, or -1 with
 * a one-line message "PATH:LINE: what was expected" in err (CFG_ERR_LEN bytes). */
int ledger_load(const char *path, ledger_t *L, char *err);

/* The ledger configuration c names (energy_table), else its built-in table. 0 or -1/err. */
int ledger_of(const sim_cfg *c, ledger_t *L, char *err);

/* Write *L as a ledger file that ledger_load reads back to the same figures (the path is
 * not written). */
void ledger_write(const ledger_t *L, FILE *f);

#endif
