/* refs_main.c - build/malekeh-refs: reference hit ratios of a trace (eval/refcache.h).
 *
 *   malekeh-refs [--config FILE] [--set key=value]... --trace FILE [--json FILE]
 *
 * For a private cache of `entries` registers per warp (the configuration's E): the hit
 * ratio of plain LRU and of Belady's optimum, over the distinct source registers of every
 * instruction of the trace. Exit 0; 2 on bad input (one line).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "simcfg.h"
#include "refcache.h"
#include "trc.h"

#define PROG "malekeh-refs"
#define ALLOWED "--config FILE, --set key=value, --trace FILE, --json FILE, --help, --version"
#ifndef SIM_VERSION
#define SIM_VERSION "unknown"
#endif
#define HELP \
    "usage: malekeh-refs [--config FILE] [--set key=value]... --trace FILE [--json FILE]\n" \
    "Reference hit ratios of a trace for a private cache of `entries` registers per warp:\n" \
    "plain LRU and Belady's optimum, over the distinct source registers of every\n" \
    "instruction. Exit 0; 2 bad input or usage.\n" \
    "  --config FILE      configuration file (its entries key)\n" \
    "  --set key=value    override one key (repeatable)\n" \
    "  --trace FILE       Accel-Sim trace (.traceg, .xz, .gz)\n" \
    "  --json FILE        the ratios as JSON, written atomically\n" \
    "  --help, --version  this text; the version\n" \
    "Example:\n" \
    "  malekeh-refs --trace workloads/matrixmul32_sm61_kernel-1.traceg.xz\n"

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

/* Write the JSON atomically. 0 or -1 (message printed). */
static int write_json(const char *path, const char *trace, unsigned e, const ref_counts *c)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, PROG ": %s: cannot write (%s)\n", path, strerror(errno));
        return -1;
    }
    fprintf(f, "{\n  \"refs\": {\n    \"schema\": \"malekeh-refs-1\",\n    \"trace\": \"%s\",\n"
               "    \"entries\": %u,\n    \"reads\": %llu,\n    \"lru_hits\": %llu,\n"
               "    \"opt_hits\": %llu,\n    \"cold_reads\": %llu,\n"
               "    \"lru_hit_ratio\": %.6f,\n"
               "    \"opt_hit_ratio\": %.6f,\n"
               "    \"unbounded_hit_ratio\": %.6f\n  }\n}\n",
            trace, e, (unsigned long long)c->reads, (unsigned long long)c->lru_hits,
            (unsigned long long)c->opt_hits, (unsigned long long)c->cold_reads,
            ratio(c->lru_hits, c->reads),
            ratio(c->opt_hits, c->reads),
            /* an unbounded cache per warp misses only a warp's first access of a register */
            c->reads ? 1.0 - ratio(c->cold_reads, c->reads) : 0.0);
    int bad = ferror(f) | (fclose(f) != 0);
    if (bad || rename(tmp, path)) {
        fprintf(stderr, PROG ": %s: cannot write (%s)\n", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    cfg_t c;
    cli_args a;
    const char *trace = NULL, *json = NULL, *v;
    if (cli_info(PROG, SIM_VERSION, HELP, argc, argv)) return 0;
    if (cli_begin(PROG, argc, argv, simcfg_hw_parse, &c, &a)) return 2;
    for (int i = 0; i < a.n; i++) {
        const char *arg = a.rest[i];
        if (cli_opt(&a, &i, "--trace", "--trace FILE", &v)) {
            if (!v) goto usage;
            trace = v;
        } else if (cli_opt(&a, &i, "--json", "--json FILE", &v)) {
            if (!v) goto usage;
            json = v;
        } else {
            cli_unknown(&a, arg, ALLOWED);
            goto usage;
        }
    }
    cli_end(&a);
    if (!trace) {
        fprintf(stderr, PROG ": --trace FILE is required (allowed: " ALLOWED ")\n");
        return 2;
    }
    char err[TRC_ERR_LEN];
    trc_t *t = trc_open(trace, err);
    if (!t) {
        fprintf(stderr, PROG ": %s\n", err);
        return 2;
    }
    ref_counts rc = {0, 0, 0, 0};
    trc_block *b;
    int r;
    while ((r = trc_next_block(t, &b, err)) == 1) {
        for (unsigned w = 0; w < b->nwarps && r == 1; w++)
            if (ref_warp(b->warp[w].inst, b->warp[w].n, c.entries, &rc)) {
                snprintf(err, sizeof err, "%s: out of memory", trace);
                r = -1;
            }
        trc_block_free(b);
    }
    trc_close(t);
    if (r < 0) {
        fprintf(stderr, PROG ": %s\n", err);
        return 2;
    }
    printf("%s: %s: private %u-entry cache per warp: %llu reads, LRU hit ratio %.2f %%, "
           "OPT hit ratio %.2f %% (%llu cold reads)\n", PROG, trace, c.entries,
           (unsigned long long)rc.reads, 100.0 * ratio(rc.lru_hits, rc.reads),
           100.0 * ratio(rc.opt_hits, rc.reads), (unsigned long long)rc.cold_reads);
    return json && write_json(json, trace, c.entries, &rc) ? 2 : 0;
usage:
    cli_end(&a);
    return 2;
}
