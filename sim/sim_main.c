/* sim_main.c - build/malekeh-sim: the sub-core model under the workload driver.
 *
 *   malekeh-sim [--config FILE] [--set key=value]...
 *               [--trace FILE [--hints FILE] [--blocks N]]     a trace, to completion
 *               (FILE may be Accel-Sim's kernelslist.g: every kernel in order, gpu/app.h)
 *               [--insts N]                                     synthetic: N instructions
 *               [--max-cycles N] [--json FILE] [--stats] [--values] [--check]
 *               [--progress|--quiet]
 *
 * Without --trace it runs the seeded synthetic streams for N instructions (default
 * 100,000) and drains them. By default the run carries no register values (statistics
 * only: every statistic is the same, tests/sim_nodata.sh checks it); --values runs the
 * bit-accurate path and checks every dispatched operand (invariant 4), and so does --check,
 * which also checks the other invariants every cycle. Prints a short summary (sim/report.h); --stats adds every
 * model counter as `name value` lines; --json writes every counter (docs/json.md).
 * Exit: 0 ok; 1 the driver or the invariant checker found a violation (invariant 4,
 * protocol; the message goes to stderr); 2 usage, configuration or trace error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "simcfg.h"
#include "cli.h"
#include "app.h"
#include "gpu.h"
#include "ledger.h"
#include "preset.h"
#include "report.h"
#include "run.h"
#include "stats.h"

#define PROG "malekeh-sim"
#define ALLOWED "--config FILE, --set key=value, --trace FILE, --hints FILE, --blocks N, " \
                "--insts N, --max-cycles N, --json FILE, --stats, --values, --check, --progress, " \
                "--quiet, --empty-kernel N, --threads N, --strict-hints, --strict-isa, --help, --version"
#define DEFAULT_INSTS 100000ULL
#ifndef SIM_VERSION
#define SIM_VERSION "unknown"
#endif
#define HELP \
    "usage: malekeh-sim [--config FILE] [--set key=value]... [--trace FILE | --insts N]\n" \
    "                   [options]\n" \
    "Runs the Malekeh sub-core model on a trace (on the GPU of its architecture, or on one\n" \
    "sub-core with --set machine=subcore) or on the seeded synthetic workload, to\n" \
    "completion; prints a summary. Exit 0; 1 a violation; 2 bad input or usage.\n" \
    "  --config FILE      configuration file (default: the built-in defaults; docs/config.md)\n" \
    "  --set key=value    override one key (repeatable; after the file)\n" \
    "  --trace FILE       Accel-Sim trace (.traceg, .xz, .gz), kernelslist.g or a folder holding\n" \
    "                     one (FOLDER/kernelslist.g, FOLDER/traces/kernelslist.g), to completion\n" \
    "  --hints FILE       reuse hints from a hint file (malekeh-hints --out); operands it\n" \
    "                     has no hint for are far, and the summary says how many\n" \
    "  --strict-hints     an operand without a hint, or another kernel's file: an error\n" \
    "  --strict-isa       an opcode of no known class (else counted and named): an error\n" \
    "  --blocks N         only the first N thread blocks of the trace\n" \
    "  --insts N          synthetic workload: N instructions (default 100000)\n" \
    "  --max-cycles N     stop after N cycles\n" \
    "  --json FILE        every counter as JSON (docs/json.md), written atomically\n" \
    "  --stats            every model counter as name value lines\n" \
    "  --values           bit-accurate: carry register values, check every operand\n" \
    "  --check            --values and the model's invariants every cycle\n" \
    "  --progress         progress lines on stderr (default when stderr is a terminal)\n" \
    "  --quiet            no summary (warnings still go to stderr)\n" \
    "  --empty-kernel N   the cycles of N empty blocks on the GPU (with --threads T)\n" \
    "  --threads T        threads per empty block (default 32)\n" \
    "  --help, --version  this text; the version\n" \
    "Example:\n" \
    "  malekeh-sim --trace workloads/matrixmul32_sm61_kernel-1.traceg.xz --json run.json\n"
#define MAX_COUNT 10000000000000ULL

typedef struct {
    run_opts r;
    const char *json;
    int stats, quiet, progress_set, strict_hints, strict_isa;
    unsigned long long empty;       /* --empty-kernel N: blocks */
    unsigned long long threads;     /* --threads N: of each empty block (default 32) */
} opts_t;

/* A file option given a second time (as --config): 2 with the message printed, else 0. */
static int once(const cli_args *a, const char *name, const char *prev, const char *val)
{
    if (!prev) return 0;
    fprintf(stderr, "%s: %s: given twice ('%.200s' and '%.200s')\n", a->prog, name, prev, val);
    return 2;
}

/* Options after the configuration. 0, or 2 with the message printed. */
static int parse(cli_args *a, opts_t *o)
{
    unsigned long long v;
    for (int i = 0; i < a->n; i++) {
        const char *arg = a->rest[i], *val = NULL;
        if (cli_opt(a, &i, "--trace", "--trace FILE", &val)) {
            if (!val || once(a, "--trace", o->r.trace, val)) return 2;
            o->r.trace = val;
        } else if (cli_opt(a, &i, "--hints", "--hints FILE", &val)) {
            if (!val || once(a, "--hints", o->r.hint_file, val)) return 2;
            o->r.hint_file = val;
        } else if (cli_opt(a, &i, "--json", "--json FILE", &val)) {
            if (!val || once(a, "--json", o->json, val)) return 2;
            o->json = val;
        } else if (cli_opt(a, &i, "--blocks", "--blocks N", &val)) {
            if (!val || cli_u64(a, "--blocks", val, 1, MAX_COUNT, &v)) return 2;
            o->r.max_blocks = v;
        } else if (cli_opt(a, &i, "--insts", "--insts N", &val)) {
            if (!val || cli_u64(a, "--insts", val, 1, MAX_COUNT, &v)) return 2;
            o->r.insts = v;
        } else if (cli_opt(a, &i, "--max-cycles", "--max-cycles N", &val)) {
            if (!val || cli_u64(a, "--max-cycles", val, 1, MAX_COUNT, &v)) return 2;
            o->r.max_cycles = v;
        } else if (cli_opt(a, &i, "--empty-kernel", "--empty-kernel N", &val)) {
            if (!val || cli_u64(a, "--empty-kernel", val, 1, MAX_COUNT, &v)) return 2;
            o->empty = v;
        } else if (cli_opt(a, &i, "--threads", "--threads N", &val)) {
            if (!val || cli_u64(a, "--threads", val, 1, 1024, &v)) return 2;
            o->threads = v;
        } else if (cli_flag(a, i, "--strict-hints")) {
            o->strict_hints = 1;
        } else if (cli_flag(a, i, "--strict-isa")) {
            o->strict_isa = 1;
        } else if (cli_flag(a, i, "--stats")) {
            o->stats = 1;
        } else if (cli_flag(a, i, "--values")) {
            o->r.values = 1;
        } else if (cli_flag(a, i, "--check")) {
            o->r.check_invariants = 1;
            o->r.values = 1;
        } else if (cli_flag(a, i, "--progress")) {
            o->r.progress = 1;
            o->progress_set = 1;
        } else if (cli_flag(a, i, "--quiet")) {
            o->quiet = 1;
        } else {
            return cli_unknown(a, arg, ALLOWED);
        }
    }
    if (!o->r.trace && (o->r.hint_file || o->r.max_blocks)) {
        fprintf(stderr, PROG ": --hints and --blocks need --trace FILE\n");
        return 2;
    }
    if (o->r.trace && o->r.insts) {
        fprintf(stderr, PROG ": --insts is for the synthetic workload (a trace runs to "
                        "completion; use --blocks N or --max-cycles N)\n");
        return 2;
    }
    if (!o->r.trace && !o->r.insts) o->r.insts = DEFAULT_INSTS;
    if (!o->progress_set) o->r.progress = !o->quiet && isatty(2);
    return 0;
}

/* 1 (message printed) if the JSON could not be written where --json says: its folder is
 * missing or not writable. Checked by creating and removing a file beside it. */
static int json_unwritable(const char *path)
{
    char probe[4200];
    snprintf(probe, sizeof probe, "%s.probe%ld", path, (long)getpid());
    FILE *f = fopen(probe, "w");
    if (!f) {
        fprintf(stderr, PROG ": --json %s: cannot write there (%s; expected a writable folder)\n",
                path, strerror(errno));
        return 1;
    }
    fclose(f);
    remove(probe);
    return 0;
}

/* The kernels of an application, one line each (the total follows as the summary). */
static void print_app(const app_result *ap, const char *list)
{
    printf(PROG ": application %s: %u kernels, %u memory copies (%llu bytes, not timed; %llu "
           "bytes in the L2 when the next kernel starts)\n", list, ap->nk, ap->memcpys,
           (unsigned long long)ap->memcpy_bytes, (unsigned long long)ap->memcpy_l2_bytes);
    for (unsigned i = 0; i < ap->nk; i++) {
        const app_kernel *k = &ap->k[i];
        printf("  kernel %-3u %-40.40s %10llu instructions %10llu cycles  IPC %.4f  hit ratio "
               "%5.1f %%  bank reads / inst %.3f\n", i + 1, k->name, (unsigned long long)k->insts,
               (unsigned long long)k->cycles, k->cycles ? (double)k->insts / (double)k->cycles : 0.0,
               100.0 * k->hit_ratio, k->bank_reads);
    }
    printf("  total (the kernels one after the other):\n");
}

/* --empty-kernel N [--threads T]: the cycles of a kernel of N empty blocks on the GPU of c (launch,
 * block dispatch, exit; the preset of `arch`, turing when auto). */
static int empty_kernel(sim_cfg *c, unsigned long long blocks, unsigned threads)
{
    char err[CFG_ERR_LEN];
    if (gpu_resolve(&c->m, 0, err)) {
        fprintf(stderr, PROG ": %s\n", err);
        return 2;
    }
    printf("empty kernel: %llu blocks of %u threads: %llu cycles (%s preset)\n", blocks, threads,
           (unsigned long long)gpu_empty_cycles(&c->m, blocks, threads), preset_name(c->m.gpu.arch));
    return 0;
}

int main(int argc, char **argv)
{
    sim_cfg c;
    cli_args a;
    opts_t o;
    run_result *r = calloc(1, sizeof *r);
    char err[RUN_ERR_LEN];

    memset(&o, 0, sizeof o);
    if (cli_info(PROG, SIM_VERSION, HELP, argc, argv)) {
        free(r);
        return 0;
    }
    if (!r) {
        fprintf(stderr, PROG ": out of memory\n");
        return 2;
    }
    if (cli_begin(PROG, argc, argv, simcfg_parse, &c, &a)) {
        free(r);
        return 2;
    }
    int rc = parse(&a, &o);
    if (rc) {
        cli_end(&a);
        free(r);
        return rc;
    }
    if (o.empty) {
        rc = empty_kernel(&c, o.empty, o.threads ? (unsigned)o.threads : 32);
        cli_end(&a);
        free(r);
        return rc;
    }
    app_result app;
    ledger_t ledger;
    char lerr[CFG_ERR_LEN];
    memset(&app, 0, sizeof app);
    if (ledger_of(&c, &ledger, lerr)) { /* a bad energy table: before the run, no output */
        fprintf(stderr, PROG ": %s\n", lerr);
        cli_end(&a);
        free(r);
        return 2;
    }
    if (o.json && json_unwritable(o.json)) { /* before the run, not after it */
        cli_end(&a);
        free(r);
        return 2;
    }
    char list_path[4096];
    if (o.r.trace) { /* a folder: its kernel list (Accel-Sim's layout) */
        int l = app_list_in(o.r.trace, list_path, sizeof list_path);
        if (l == -2) {
            fprintf(stderr, PROG ": %s is a folder without kernelslist.g or traces/kernelslist.g "
                            "(expected a trace, a kernel list or a folder holding one)\n",
                    o.r.trace);
            cli_end(&a);
            free(r);
            return 2;
        }
        if (l == 0) o.r.trace = list_path;
    }
    if (o.r.trace && app_is_list(o.r.trace)) {
        if (o.r.hint_file) {
            fprintf(stderr, PROG ": --hints FILE is for one kernel, not a kernel list (%s)\n",
                    o.r.trace);
            cli_end(&a);
            free(r);
            return 2;
        }
        rc = app_run(&c, &o.r, o.r.trace, r, &app, err);
        r->app = &app;
    } else {
        rc = run_sim(&c, &o.r, r, err);
    }
    if (rc != 2 && o.r.hint_file && (r->hint_matched < r->hint_total || r->hint_kernel[0])) {
        char what[400];
        if (r->hint_kernel[0])
            snprintf(what, sizeof what, "%s: written for kernel %.100s, not %.100s", o.r.hint_file,
                     r->hint_kernel, r->kernel.name);
        else
            snprintf(what, sizeof what, "%s: %llu of %llu operands of %s have no hint in it",
                     o.r.hint_file, (unsigned long long)(r->hint_total - r->hint_matched),
                     (unsigned long long)r->hint_total, o.r.trace);
        if (o.strict_hints) {
            fprintf(stderr, PROG ": %s (--strict-hints: expected a hint for every operand, "
                            "from this kernel's file)\n", what);
            rc = 2;
            err[0] = '\0';
        } else {
            fprintf(stderr, PROG ": warning: %s (%s; --strict-hints makes this an error)\n",
                    what, r->hint_kernel[0] ? "its hints apply where the PCs match"
                                            : "they are taken as far");
        }
    }
    if (rc != 2 && o.strict_isa && r->tc.unknown_insts) {
        fprintf(stderr, PROG ": %s: %llu instructions of opcodes of no known class (%s) "
                        "(--strict-isa: expected only opcodes of docs/trace.md's table)\n",
                o.r.trace, (unsigned long long)r->tc.unknown_insts, r->unknown_ops);
        rc = 2;
        err[0] = '\0';
    } else if (rc != 2 && r->tc.unknown_insts) { /* on stderr, with --quiet too */
        fprintf(stderr, PROG ": warning: %s: %llu instructions of opcodes of no known class "
                        "(%s), timed as integer ALU (--strict-isa makes this an error)\n",
                o.r.trace, (unsigned long long)r->tc.unknown_insts, r->unknown_ops);
    }
    if (rc == 2) {
        if (err[0]) fprintf(stderr, PROG ": %s\n", err);
    } else {
        sim_cfg *rc_cfg = malloc(sizeof *rc_cfg); /* a GPU run: its preset resolved */
        if (!rc_cfg) {
            fprintf(stderr, PROG ": out of memory\n");
            rc = 2;
        } else {
            *rc_cfg = c;
            if (r->g.used) rc_cfg->m = r->g.cfg;
            if (!o.quiet && r->app) print_app(r->app, o.r.trace);
            if (!o.quiet) rep_summary(stdout, PROG, rc_cfg, a.path, &o.r, r, &ledger);
            if (o.stats) stats_print(&r->st, &rc_cfg->m.hw, stdout);
            fflush(stdout);
            if (rc == 1) fprintf(stderr, PROG ": %s\n", err);
            if (rc == 0 && o.json) {
                char jerr[512];
                if (rep_json(o.json, PROG, rc_cfg, a.path, &o.r, r, &ledger, jerr, sizeof jerr)) {
                    fprintf(stderr, PROG ": %s\n", jerr);
                    rc = 2;
                }
            }
            free(rc_cfg);
        }
    }
    app_free(&app);
    cli_end(&a);
    free(r);
    return rc;
}
