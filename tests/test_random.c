/* test_random.c - the contract's invariants checked every cycle over long random runs:
 * the model under the workload driver (legal traffic, operand values checked at every
 * dispatch: invariant 4) and under adversarial inputs (every input random; invariants
 * 1, 2, 3, 5, 6, 7 must still hold), across configurations covering every variant.
 * Full run: > 1,000,000 cycles in total; --quick (sanitizer build): a tenth. */
#include <stdio.h>
#include <string.h>

#include "simcfg.h"
#include "adv.h"
#include "drv.h"
#include "sc_state.h"

typedef struct {
    const char *name;
    const char *sets;   /* space-separated key=value overrides of the defaults */
} rcfg;

static const rcfg CONFIGS[] = {
    {"default-1024b", ""},
    {"baseline", "caching=off data_bits=64"},
    {"lru-only", "replacement=lru data_bits=64"},
    {"filter-off", "write_filter=off data_bits=64"},
    {"gto", "scheduler=gto data_bits=64"},
    {"fixed-sthld", "sthld_mode=fixed sthld_init=3 data_bits=64"},
    {"private", "ccu_sharing=private ccus=8 data_bits=64"},
    {"tiny", "slots=2 entries=3 banks=1 wb_ports=1 warps=4 ccus=2 regs=16 data_bits=8"},
    {"wide-fsm", "warps=32 ccus=4 banks=8 wb_ports=4 interval=300 data_bits=64 wl_regs_used=12"},
    {"odd-sizes", "warps=6 ccus=3 entries=7 slots=5 banks=4 regs=200 tag_bits=3 data_bits=16"},
};
#define NCFG (sizeof CONFIGS / sizeof CONFIGS[0])

/* Defaults plus the overrides of one entry; 0 or -1 (message printed). */
static int make_cfg(const rcfg *r, sim_cfg *c)
{
    char buf[256], err[CFG_ERR_LEN];
    simcfg_defaults(c);
    snprintf(buf, sizeof buf, "%s", r->sets);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return -1;
        *eq = '\0';
        if (simcfg_set(c, tok, eq + 1, "test_random", err) != 0) {
            printf("  %s\n", err);
            return -1;
        }
    }
    if (simcfg_validate(c, "test_random", err) != 0) {
        printf("  %s\n", err);
        return -1;
    }
    return 0;
}

/* Run one configuration in one mode; returns cycles run, or 0 on failure (printed). */
static unsigned long run(const rcfg *r, int legal, unsigned long cycles)
{
    sim_cfg c;
    static sc_in in;
    static sc_out out;
    char msg[256];
    if (make_cfg(r, &c) != 0)
        return 0;
    sc_t *m = sc_create(&c.m.hw);
    drv_t *d = legal ? drv_create(&c.m.hw, &c.m.drv) : NULL;
    adv_t *a = legal ? NULL : adv_create(&c.m.hw, 12345);
    unsigned long ok = 0;
    if (!m || (legal && !d) || (!legal && !a)) {
        printf("  allocation failed\n");
        goto done;
    }
    for (unsigned long t = 0; t < cycles; t++) {
        if (legal)
            drv_inputs(d, &in);
        else
            adv_inputs(a, &in);
        sc_step(m, &in, &out);
        if (legal && drv_consume(d, &in, &out) != 0) {
            printf("  cycle %lu: %s\n", t, drv_error(d));
            goto done;
        }
        if (sc_check_invariants(m, msg, sizeof msg) != 0) {
            printf("  cycle %lu: %s\n", t, msg);
            goto done;
        }
    }
    const sc_stats *s = sc_stats_get(m);
    if (legal && (s->dispatched == 0 || drv_get_counts(d)->operand_checks == 0)) {
        printf("  no instruction dispatched or checked: the run proves nothing\n");
        goto done;
    }
    ok = cycles;
done:
    sc_destroy(m);
    drv_destroy(d);
    adv_destroy(a);
    return ok;
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    unsigned long total = 0;
    int failed = 0;
    for (unsigned i = 0; i < NCFG; i++) {
        for (int legal = 1; legal >= 0; legal--) {
            unsigned long n = legal ? 100000 : 25000;
            if (quick)
                n /= 10;
            unsigned long got = run(&CONFIGS[i], legal, n);
            printf("%s: random_%s_%s (%lu cycles, invariants every cycle%s)\n",
                   got ? "PASS" : "FAIL", CONFIGS[i].name, legal ? "legal" : "adversarial", n,
                   legal ? ", operands at every dispatch" : "");
            failed += got == 0;
            total += got;
        }
    }
    printf("total random cycles checked: %lu\n", total);
    return failed ? 1 : 0;
}
