/* enkeys.c - the energy key table (enkeys.h) and its check. */
#include "enkeys.h"

#include <stddef.h>

enum {
    KI_E_BANK_READ, KI_E_BANK_WRITE, KI_E_CCU_READ, KI_E_CCU_WRITE, KI_E_CROSSBAR, KI_E_LATCH,
    KI_ENERGY_TABLE, KI_LEAK_SLEEP, KI_LEAK_OFF, KI_COUNT
};
_Static_assert(KI_COUNT <= ENK_MAX_KEYS, "ENK_MAX_KEYS too small");

#define F(f) offsetof(en_keys, f)
#define ENERGY(n, i, d) {n, CFG_K_MILLI, F(energy[i]), 0, 100000000, d, NULL, NULL, NULL, 0, NULL, 0, 0}
#define U(n, f, l, h, d) {n, CFG_K_UINT, F(f), l, h, d, NULL, NULL, NULL, 0, NULL, 0, 0}

static const cfg_key keys[KI_COUNT] = {
    /* femtojoules; sources and scaling in docs/config.md "RF dynamic energy" */
    [KI_E_BANK_READ] = ENERGY("energy_bank_read", ENK_BANK_READ, 320000),
    [KI_E_BANK_WRITE] = ENERGY("energy_bank_write", ENK_BANK_WRITE, 320000),
    [KI_E_CCU_READ] = ENERGY("energy_ccu_read", ENK_CCU_READ, 160000),
    [KI_E_CCU_WRITE] = ENERGY("energy_ccu_write", ENK_CCU_WRITE, 160000),
    [KI_E_CROSSBAR] = ENERGY("energy_crossbar", ENK_CROSSBAR, 112640),
    [KI_E_LATCH] = ENERGY("energy_latch", ENK_LATCH, 160000),
    /* the energy ledger (sim/ledger.h, docs/energy.md); empty: the energy_* keys above */
    [KI_ENERGY_TABLE] = {"energy_table", CFG_K_PATH, F(energy_table), 0, 0, 0, NULL, NULL, NULL,
                         0, NULL, 0, 0},
    /* a register's leakage in SLEEP and OFF, % of ON: SLEEP holds the cell at its data
       retention voltage, which saves over 90 % of an SRAM's leakage (Qin et al., ISQED
       2004, a 4 KB SRAM measured in 0.13 um); OFF gates it to 0 V (GReEneR) */
    [KI_LEAK_SLEEP] = U("leak_sleep_pct", leak_sleep_pct, 0, 100, 10),
    [KI_LEAK_OFF] = U("leak_off_pct", leak_off_pct, 0, 100, 0),
};

static const cfg_table table = {keys, KI_COUNT};

cfg_part enk_part(en_keys *k) { return (cfg_part){&table, k, k->origin}; }

int enk_check(const en_keys *k, const char *path, char *err)
{
    char wh[320], v[32];
    unsigned o[2];
    cfg_part p = enk_part((en_keys *)k);
    if (!k->energy_table[0]) return 0;
    for (int i = KI_E_BANK_READ; i <= KI_E_LATCH; i++)
        if (k->energy[i] != keys[i].def) {
            cfg_key_format(&p, &keys[i], v, sizeof v);
            o[0] = k->origin[i], o[1] = k->origin[KI_ENERGY_TABLE];
            return cfg_fail(err, "%s: %s = %s beside energy_table = %.200s, which prices every "
                            "event (allowed: one of them; the ledger's keys in docs/energy.md)",
                            cfg_where(path, o, 2, wh, sizeof wh), keys[i].name, v,
                            k->energy_table);
        }
    return 0;
}
