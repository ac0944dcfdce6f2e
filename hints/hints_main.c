/* hints_main.c - malekeh-hints: reuse hints of an Accel-Sim trace.
 *   malekeh-hints --trace FILE [--mode exact|profile|static|all-near|all-far] [--rthld N]
 *                 [--profile-warps N] [--out FILE] [--summary]
 * --out writes the per-(PC, side, position) table (docs/trace.md): in profile mode the
 * outcomes of the profiled warps, otherwise the hints of every warp; --summary prints the
 * kernel's blocks, warps, instructions, registers read/written and the near share.
 * Bad input or usage: one line on stderr, exit 2, no output file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hint.h"

#define USAGE "usage: malekeh-hints --trace FILE [--mode exact|profile|static|all-near|all-far] " \
              "[--rthld N] [--profile-warps N] [--out FILE] [--summary]"
#ifndef SIM_VERSION
#define SIM_VERSION "unknown"
#endif
#define HELP \
    USAGE "\n" \
    "Reuse hints (near/far) of every operand of an Accel-Sim trace. Exit 0; 2 bad input.\n" \
    "  --trace FILE         Accel-Sim trace (.traceg, .xz, .gz)\n" \
    "  --mode M             profile (the first warps profiled, each static operand's\n" \
    "                       majority; the default), exact (every dynamic operand),\n" \
    "                       static (the code and control flow of the whole trace, each\n" \
    "                       static operand near when some path reads it in time),\n" \
    "                       all-near, all-far\n" \
    "  --rthld N            near iff read again within N instructions (default 12)\n" \
    "  --profile-warps N    profile mode: warps profiled (default 4)\n" \
    "  --out FILE           the per-(PC, side, position) table (docs/trace.md), for --hints\n" \
    "  --summary            blocks, warps, instructions, registers, near share\n" \
    "  --help, --version    this text; the version\n" \
    "Example:\n" \
    "  malekeh-hints --trace workloads/matrixmul32_sm61_kernel-1.traceg.xz --mode profile \\\n" \
    "      --out hints.txt && malekeh-sim --trace ... --hints hints.txt\n"

typedef struct {
    uint64_t blocks, warps, insts, rd, wr, near;
} summ;

static int usage_err(const char *what, const char *arg)
{
    fprintf(stderr, "malekeh-hints: %s%s%s (%s)\n", what, arg ? " " : "", arg ? arg : "", USAGE);
    return 2;
}

static int parse_uint(const char *s, unsigned max, unsigned *v)
{
    char *e;
    if (!s || *s < '0' || *s > '9') return -1;
    unsigned long x = strtoul(s, &e, 10);
    if (*e || x > max) return -1;
    *v = (unsigned)x;
    return 0;
}

static int parse_mode(const char *s, hint_mode *m)
{
    static const hint_mode modes[] = {HINT_EXACT, HINT_PROFILE, HINT_STATIC, HINT_ALL_NEAR, HINT_ALL_FAR};
    for (unsigned i = 0; s && i < sizeof modes / sizeof modes[0]; i++)
        if (strcmp(s, hint_mode_name(modes[i])) == 0) {
            *m = modes[i];
            return 0;
        }
    return -1;
}

static void add_block(summ *s, const trc_block *b)
{
    s->blocks++;
    s->warps += b->nwarps;
    for (unsigned w = 0; w < b->nwarps; w++) {
        s->insts += b->warp[w].n;
        for (uint32_t i = 0; i < b->warp[w].n; i++) {
            const trc_inst *in = &b->warp[w].inst[i];
            s->rd += in->nsrc;
            s->wr += in->ndst;
            s->near += (uint64_t)__builtin_popcount(in->src_near) + (uint64_t)__builtin_popcount(in->dst_near);
        }
    }
}

/* Profile mode table: the exact outcomes of the first profile_warps warps. */
static hint_tab *profile_table(const char *trace, const hint_opts *o, char *err)
{
    hint_opts e = *o;
    e.mode = HINT_EXACT;
    hsrc_t *h = hsrc_open(trace, &e, err);
    hint_tab *t = h ? hint_tab_create() : NULL;
    uint64_t seen = 0;
    trc_block *b;
    int r = 1;
    if (h && !t) snprintf(err, TRC_ERR_LEN, "malekeh-hints: out of memory");
    while (t && seen < o->profile_warps && (r = hsrc_next_block(h, &b, err)) == 1) {
        for (unsigned w = 0; w < b->nwarps && seen < o->profile_warps; w++, seen++)
            if (hint_tab_count(t, b->warp[w].inst, b->warp[w].n)) r = -1;
        trc_block_free(b);
        if (r < 0) break;
    }
    hsrc_close(h);
    if (r < 0) {
        hint_tab_destroy(t);
        return NULL;
    }
    return t;
}

int main(int argc, char **argv)
{
    const char *trace = NULL, *out = NULL;
    int summary = 0;
    hint_opts o = {HINT_PROFILE, 12, 4, NULL, 2};
    if (cli_info("malekeh-hints", SIM_VERSION, HELP, argc, argv)) return 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--summary") == 0) {
            summary = 1;
            continue;
        }
        if (strcmp(a, "--trace") && strcmp(a, "--out") && strcmp(a, "--mode") &&
            strcmp(a, "--rthld") && strcmp(a, "--profile-warps"))
            return usage_err("unknown argument", a);
        if (!v) return usage_err("missing value after", a);
        i++;
        if (strcmp(a, "--trace") == 0) trace = v;
        else if (strcmp(a, "--out") == 0) out = v;
        else if (strcmp(a, "--mode") == 0 && parse_mode(v, &o.mode))
            return usage_err("bad --mode", v);
        else if (strcmp(a, "--rthld") == 0 && (parse_uint(v, 1u << 20, &o.rthld) || o.rthld < 1))
            return usage_err("bad --rthld (expected 1..1048576)", v);
        else if (strcmp(a, "--profile-warps") == 0 &&
                 (parse_uint(v, 1u << 30, &o.profile_warps) || o.profile_warps < 1))
            return usage_err("bad --profile-warps (expected 1..2^30)", v);
    }
    if (!trace) return usage_err("missing --trace", NULL);
    if (!out && !summary) return usage_err("nothing to do: give --out FILE or --summary", NULL);

    char err[TRC_ERR_LEN];
    hint_tab *tab = NULL;
    if (out && o.mode == HINT_PROFILE && !(tab = profile_table(trace, &o, err))) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (out && !tab && !(tab = hint_tab_create())) {
        fprintf(stderr, "malekeh-hints: out of memory\n");
        return 2;
    }
    hsrc_t *h = hsrc_open(trace, &o, err);
    if (!h) {
        fprintf(stderr, "%s\n", err);
        hint_tab_destroy(tab);
        return 2;
    }
    summ s = {0};
    trc_block *b;
    int r;
    while ((r = hsrc_next_block(h, &b, err)) == 1) {
        add_block(&s, b);
        if (out && o.mode != HINT_PROFILE)
            for (unsigned w = 0; w < b->nwarps && r >= 0; w++)
                if (hint_tab_count(tab, b->warp[w].inst, b->warp[w].n)) r = -1;
        trc_block_free(b);
        if (r < 0) {
            snprintf(err, sizeof err, "malekeh-hints: out of memory");
            break;
        }
    }
    if (r == 0 && out && hint_tab_write(tab, out, hsrc_kernel(h), &o, err)) r = -1;
    if (r < 0) {
        fprintf(stderr, "%s\n", err);
        hsrc_close(h);
        hint_tab_destroy(tab);
        return 2;
    }
    if (summary) {
        const trc_kernel *k = hsrc_kernel(h);
        uint64_t ops = s.rd + s.wr;
        printf("kernel %s (id %u, tracer v%u, %s)\n", k->name, k->kernel_id, k->tracer_version,
               k->compression);
        printf("  blocks %llu  warps %llu  instructions %llu\n", (unsigned long long)s.blocks,
               (unsigned long long)s.warps, (unsigned long long)s.insts);
        printf("  registers read %llu  written %llu\n", (unsigned long long)s.rd,
               (unsigned long long)s.wr);
        printf("  near operands %llu of %llu (%.2f %%), mode %s, rthld %u\n",
               (unsigned long long)s.near, (unsigned long long)ops,
               ops ? 100.0 * (double)s.near / (double)ops : 0.0, hint_mode_name(o.mode), o.rthld);
    }
    hsrc_close(h);
    hint_tab_destroy(tab);
    return 0;
}
