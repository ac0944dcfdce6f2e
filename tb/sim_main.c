/* sim_main.c - build/malekeh-sim: the sub-core model on the seeded random workload.
 *
 *   malekeh-sim [--config FILE] [--set key=value]... [--cycles N] [--seed S] [--quiet]
 *
 * Runs wl_cycles cycles (--cycles N and --seed S are wl_cycles / wl_seed, applied after
 * --set and checked by cfg_set) of drv + model, prints a header line (configuration file,
 * cfg_hash), the model statistics (stats_print; omitted with --quiet), then the derived
 * lines `ipc`, `ccu_read_share`, `operand_checks`, `driver_errors`.
 * Exit: 0 ok; 1 the driver found a violation (invariant 4 or protocol; the run stops at
 * the first one and the message goes to stderr); 2 usage or configuration error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cfg.h"
#include "drv.h"
#include "sc.h"
#include "stats.h"

#define PROG "malekeh-sim"
#define ALLOWED "--config FILE, --set key=value, --cycles N, --seed S, --quiet"

/* The value of option `name` at rest[*i]: "--name=V" or "--name V". NULL if missing. */
static const char *opt_value(char **rest, int nrest, int *i, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(rest[*i], name, n) == 0 && rest[*i][n] == '=') return rest[*i] + n + 1;
    if (*i + 1 < nrest) return rest[++*i];
    return NULL;
}

static int is_opt(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

/* The configuration file named on the command line (last --config wins), or NULL. */
static const char *config_path(int argc, char **argv)
{
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
            path = argv[++i];
        else if (strncmp(argv[i], "--config=", 9) == 0)
            path = argv[i] + 9;
        else if (strcmp(argv[i], "--set") == 0)
            i++; /* skip its value (it could be spelled like an option) */
    }
    return path;
}

typedef struct {
    int quiet;
} opts_t;

/* Parse the options cfg_from_args left over. 0 ok, 2 usage error (message printed). */
static int parse_rest(char **rest, int nrest, char *argv0, cfg_t *c, opts_t *o)
{
    char err[CFG_ERR_LEN];
    for (int i = 0; i < nrest; i++) {
        const char *a = rest[i], *v;
        if (a == argv0) continue; /* in case cfg_from_args passes argv[0] through */
        if (is_opt(a, "--cycles") || is_opt(a, "--seed")) {
            /* validated by cfg_set as wl_cycles / wl_seed: same ranges, same messages */
            const char *name = is_opt(a, "--cycles") ? "--cycles" : "--seed";
            v = opt_value(rest, nrest, &i, name);
            if (!v) {
                fprintf(stderr, PROG ": %s: missing value (usage: %s N)\n", name, name);
                return 2;
            }
            if (cfg_set(c, name[2] == 'c' ? "wl_cycles" : "wl_seed", v, name, err)) {
                fprintf(stderr, PROG ": %s\n", err);
                return 2;
            }
        } else if (strcmp(a, "--quiet") == 0) {
            o->quiet = 1;
        } else {
            fprintf(stderr, PROG ": unknown option '%s' (allowed: " ALLOWED ")\n", a);
            return 2;
        }
    }
    return 0;
}

static void print_derived(const sc_stats *st, const drv_counts *dc, FILE *f)
{
    uint64_t cycles = st->cycles ? st->cycles : dc->cycles;
    fprintf(f, "ipc %.4f\n", cycles ? (double)st->issued / (double)cycles : 0.0);
    fprintf(f, "ccu_read_share %.2f\n",
            st->src_reads ? 100.0 * (double)st->src_from_ccu / (double)st->src_reads : 0.0);
    fprintf(f, "operand_checks %llu\n", (unsigned long long)dc->operand_checks);
    fprintf(f, "driver_errors %llu\n", (unsigned long long)dc->errors);
}

int main(int argc, char **argv)
{
    cfg_t c;
    char err[CFG_ERR_LEN] = "";
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    int nrest = 0, rc;
    opts_t o = {0};

    if (!rest) {
        fprintf(stderr, PROG ": out of memory\n");
        return 2;
    }
    if (cfg_from_args(&c, argc, argv, rest, &nrest, err) != 0) {
        fprintf(stderr, PROG ": %s\n", err);
        free(rest);
        return 2;
    }
    rc = parse_rest(rest, nrest, argv[0], &c, &o);
    free(rest);
    if (rc) return rc;

    const char *path = config_path(argc, argv);
    sc_t *m = sc_create(&c);
    drv_t *d = drv_create(&c);
    if (!m || !d) {
        fprintf(stderr, PROG ": out of memory\n");
        sc_destroy(m);
        drv_destroy(d);
        return 2;
    }
    printf("# " PROG " config %s hash %016llx cycles %lu seed %lu\n",
           path ? path : "(defaults)", (unsigned long long)cfg_hash(&c), c.wl_cycles,
           (unsigned long)c.wl_seed);

    sc_in in;
    sc_out out;
    int bad = 0;
    for (unsigned long t = 0; t < c.wl_cycles && !bad; t++) {
        drv_inputs(d, &in);
        memset(&out, 0, sizeof out);
        sc_step(m, &in, &out);
        bad = drv_consume(d, &in, &out) != 0;
    }
    if (!o.quiet) stats_print(sc_stats_get(m), &c, stdout);
    print_derived(sc_stats_get(m), drv_get_counts(d), stdout);
    fflush(stdout);
    if (bad) fprintf(stderr, PROG ": %s\n", drv_error(d));
    sc_destroy(m);
    drv_destroy(d);
    return bad ? 1 : 0;
}
