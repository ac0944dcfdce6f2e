/* ledger.c - the energy ledger's file, built-in table and writer (see ledger.h). */
#include "ledger.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define VAL_SHOW "%.60s"  /* how much of an offending value a message echoes */

static const char *const keys[LEDGER_NVAL] = {
    "bank_read_pj_per_bit", "bank_write_pj_per_bit", "bank_idle_pj_per_bank_cycle",
    "entry_fill_pj_per_bit", "entry_wb_pj_per_bit", "operand_read_pj_per_bit",
    "crossbar_pj_per_bit_base", "crossbar_pj_per_bit_per_collector",
    "storage_clock_pj_per_bit_cycle_ungated", "storage_clock_pj_per_bit_cycle_gated",
    "gate_pj_per_entry_cycle", "ccu_control_pj_per_collector_cycle",
    "ocu_control_pj_per_collector_cycle",
};

/* The two keys that are not figures; they follow the figures in `seen` order. */
enum { K_SOURCE = LEDGER_NVAL, K_GATING, K_ALL };

/* Format a one-line message into err (CFG_ERR_LEN bytes) and return -1. */
static int fail(char *err, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static int fail(char *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, CFG_ERR_LEN, fmt, ap);
    va_end(ap);
    for (char *p = err; *p; p++)   /* one line, whatever the echoed text held */
        if ((unsigned char)*p < 0x20) *p = '?';
    return -1;
}

/* See ledger.h. */
const char *ledger_key(unsigned i) { return i < LEDGER_NVAL ? keys[i] : "?"; }

/* See ledger.h. The energy_* keys are fJ per access of a 1024-bit register (ENERGY_REF_BITS
 * in energy.h): / 1000 / 1024 is pJ per bit, exact in binary for every power-of-two factor. */
void ledger_builtin(const sim_cfg *c, ledger_t *L)
{
    static const int from[ENK_COUNT] = {
        [ENK_BANK_READ] = LEDGER_BANK_READ, [ENK_BANK_WRITE] = LEDGER_BANK_WRITE,
        [ENK_CCU_READ] = LEDGER_OPERAND_READ, [ENK_CCU_WRITE] = LEDGER_ENTRY_WB,
        [ENK_CROSSBAR] = LEDGER_XBAR_BASE, [ENK_LATCH] = LEDGER_ENTRY_FILL,
    };
    en_keys d;
    cfg_part dp = enk_part(&d);
    cfg_parts dps = {.p = {dp}, .n = 1};
    int moved = 0;
    cfg_parts_defaults(&dps);
    memset(L, 0, sizeof *L);
    for (unsigned i = 0; i < ENK_COUNT; i++) {
        L->v[from[i]] = (double)c->en.energy[i] / 1000.0 / 1024.0;
        moved |= c->en.energy[i] != d.energy[i];
    }
    snprintf(L->source, sizeof L->source, "%s",
             moved ? "built-in: the configuration's energy_* keys (pJ per 1024-bit access / 1024)"
                   : "built-in: 45 nm, SRAM from Horowitz ISSCC 2014, crossbar wire from the DARPA "
                     "Exascale report 2008 over an assumed 1 mm (docs/config.md \"RF dynamic "
                     "energy\"); no storage clock, control or idle energy");
}

/* Parse a non-negative decimal number `D[.D][e[+-]D]` (no sign, hex, inf or nan) into *out.
 * 0 ok, -1 not such a number, -2 above LEDGER_MAX_PJ. */
static int parse_pj(const char *s, double *out)
{
    const char *p = s;
    char *end;
    if (!isdigit((unsigned char)*p)) return -1;
    while (isdigit((unsigned char)*p)) p++;
    if (*p == '.') {
        p++;
        if (!isdigit((unsigned char)*p)) return -1;
        while (isdigit((unsigned char)*p)) p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-') p++;
        if (!isdigit((unsigned char)*p)) return -1;
        while (isdigit((unsigned char)*p)) p++;
    }
    if (*p) return -1;
    errno = 0;
    *out = strtod(s, &end);
    if (end != p) return -1;
    return !isfinite(*out) || *out > LEDGER_MAX_PJ ? -2 : 0;
}

/* The index of key name (a figure, K_SOURCE or K_GATING), or -1. */
static int find(const char *name)
{
    for (int i = 0; i < LEDGER_NVAL; i++)
        if (strcmp(name, keys[i]) == 0) return i;
    if (strcmp(name, "source") == 0) return K_SOURCE;
    if (strcmp(name, "clock_gating") == 0) return K_GATING;
    return -1;
}

/* The name of key index i (a figure, K_SOURCE or K_GATING). */
static const char *name_of(int i)
{
    return i == K_SOURCE ? "source" : i == K_GATING ? "clock_gating" : keys[i];
}

typedef struct {
    ledger_t *L;
    unsigned seen[K_ALL]; /* the line each key was given on, 0 = not yet */
    unsigned last;        /* the last line read */
} load_ctx;

/* The line number at the end of where ("PATH:LINE"). */
static unsigned line_of(const char *where)
{
    const char *colon = strrchr(where, ':');
    return colon ? (unsigned)strtoul(colon + 1, NULL, 10) : 0;
}

/* cfg_each_line's callback: one `key = value` of a ledger. */
static int load_kv(void *vctx, const char *key, const char *value, const char *where, char *err)
{
    load_ctx *x = vctx;
    int i = find(key);
    double v;
    x->last = line_of(where);
    if (i < 0) {
        char list[400];
        size_t len = 0;
        for (int k = 0; k < K_ALL; k++) /* in the file's order: source first */
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", k ? ", " : "",
                                    name_of(k == 0 ? K_SOURCE : k == K_ALL - 1 ? K_GATING
                                                                              : k - 1));
        return fail(err, "%s: unknown key '%.40s' (expected one of: %s)", where, key, list);
    }
    if (x->seen[i])
        return fail(err, "%s: key '%s' given twice (first on line %u; expected each key once)",
                    where, name_of(i), x->seen[i]);
    x->seen[i] = x->last ? x->last : 1;
    if (i == K_SOURCE) {
        if (!value[0] || strlen(value) >= LEDGER_SOURCE_LEN)
            return fail(err, "%s: key 'source': expected where the numbers come from, 1..%d "
                        "characters", where, LEDGER_SOURCE_LEN - 1);
        snprintf(x->L->source, sizeof x->L->source, "%s", value);
    } else if (i == K_GATING) {
        if (strcmp(value, "on") && strcmp(value, "off"))
            return fail(err, "%s: key 'clock_gating': value '" VAL_SHOW "' is not a valid word "
                        "(expected on or off)", where, value);
        x->L->clock_gating = strcmp(value, "on") == 0;
    } else {
        int rc = parse_pj(value, &v);
        if (rc)
            return fail(err, "%s: key '%s': value '" VAL_SHOW "' is %s (expected pJ, a decimal "
                        "number 0..%g such as 0.3125 or 1.5e-4)", where, keys[i], value,
                        rc == -1 ? "not a non-negative decimal number" : "out of range",
                        LEDGER_MAX_PJ);
        x->L->v[i] = v;
    }
    return 0;
}

/* See ledger.h. */
int ledger_load(const char *path, ledger_t *L, char *err)
{
    load_ctx x;
    memset(&x, 0, sizeof x);
    memset(L, 0, sizeof *L);
    x.L = L;
    if (strlen(path) >= CFG_PATH_LEN)
        return fail(err, "%.200s...: file name longer than %d characters", path, CFG_PATH_LEN - 1);
    if (cfg_each_line(path, load_kv, &x, err)) return -1;
    for (int k = 0; k < K_ALL; k++) { /* in the file's order: source first */
        int i = k == 0 ? K_SOURCE : k == K_ALL - 1 ? K_GATING : k - 1;
        if (!x.seen[i])
            return fail(err, "%.300s:%u: end of file without key '%s' (expected every key of "
                        "docs/energy.md once)", path, x.last ? x.last : 1, name_of(i));
    }
    snprintf(L->path, sizeof L->path, "%s", path);
    return 0;
}

/* See ledger.h. */
int ledger_of(const sim_cfg *c, ledger_t *L, char *err)
{
    if (!c->en.energy_table[0]) {
        ledger_builtin(c, L);
        return 0;
    }
    return ledger_load(c->en.energy_table, L, err);
}

/* See ledger.h. %.17g: every double reads back to itself. */
void ledger_write(const ledger_t *L, FILE *f)
{
    fprintf(f, "source = %s\n", L->source);
    for (int i = 0; i < LEDGER_NVAL; i++) fprintf(f, "%s = %.17g\n", keys[i], L->v[i]);
    fprintf(f, "clock_gating = %s\n", L->clock_gating ? "on" : "off");
}
