/* report.c - derived figures, the summary and the JSON of a run (see report.h). */
#include "report.h"
#include "app.h"
#include "preset.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "energy.h"
#include "hint.h"
#include "opc.h"

#ifndef SIM_VERSION
#define SIM_VERSION "unknown"
#endif

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

void rep_metrics_of(const run_result *r, rep_metrics *x)
{
    const sc_stats *s = &r->st;
    double n = (double)r->insts;
    x->ipc = ratio(n, (double)r->cycles);
    x->hit_ratio = ratio((double)s->src_hits, (double)s->src_regs);
    x->bank_reads_per_inst = ratio((double)s->bank_reads, n);
    x->bank_writes_per_inst = ratio((double)s->bank_writes, n);
    x->ccu_writes_per_wb = ratio((double)s->ccu_data_writes, (double)s->bank_writes);
    x->flushes_per_kinst = ratio(1000.0 * (double)s->flushes_nonempty, n);
    double ops = (double)s->src_slots, missed = (double)s->src_regs - (double)s->src_hits;
    x->hit_ratio_operands = ops > 0 ? 1.0 - missed / ops : 0.0;
    x->bank_read_reduction_operands = ops > 0 ? 1.0 - (double)s->bank_reads / ops : 0.0;
}

int64_t rep_storage_bits(const sim_cfg *c)
{
    int64_t reg = cfg_clog2(c->m.hw.regs), ent = cfg_clog2(c->m.hw.entries);
    int64_t slot = (int64_t)c->m.hw.data_bits + 1 + reg;
    int64_t unit = (int64_t)c->m.hw.slots * slot; /* a baseline collector */
    if (c->m.hw.caching)
        unit = (int64_t)c->m.hw.entries * ((int64_t)c->m.hw.data_bits + reg + 1 + 1 + 1 + ent) +
               (int64_t)c->m.hw.slots * (1 + 1 + ent);
    /* RBA: a 5-bit score per warp in the scheduler's table (Barnes et al., section IV-C) */
    int64_t rba = c->m.drv.rba ? 5 * (int64_t)c->m.hw.warps : 0;
    /* write-back CCUs: a dirty bit per entry */
    rba += c->m.drv.ccu_writeback ? (int64_t)c->m.hw.ccus * c->m.hw.entries : 0;
    return (int64_t)c->m.hw.ccus * unit - 2 * (int64_t)c->m.hw.slots * slot + (int64_t)opc_storage_bits(&c->m.hw, &c->m.opc) + rba;
}

/* A count with thousands separators. */
static const char *num(uint64_t v, char *b, size_t n)
{
    char raw[32];
    int len = snprintf(raw, sizeof raw, "%" PRIu64, v), j = 0;
    for (int i = 0; i < len && (size_t)j + 2 < n; i++) {
        if (i && (len - i) % 3 == 0) b[j++] = ',';
        b[j++] = raw[i];
    }
    b[j] = '\0';
    return b;
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* The variant in a few words. */
static void variant(const sim_cfg *c, char *b, size_t n)
{
    if (!c->m.hw.caching) {
        if (c->m.opc.operand_cache != OPC_NONE)
            snprintf(b, n, "baseline OCUs with %s (compare/)", opc_what(c->m.opc.operand_cache));
        else
            snprintf(b, n, "baseline OCUs (caching off)");
        return;
    }
    snprintf(b, n, "%s CCUs, %s, filter %s, %s scheduler, STHLD %s%s",
             c->m.hw.private_ccus ? "private" : "shared",
             c->m.hw.repl_lru_only ? "LRU only" : "hint+LRU", c->m.hw.write_filter ? "on" : "off",
             c->m.hw.sched_gto ? "GTO" : "Malekeh", c->m.hw.sthld_adaptive ? "adaptive" : "fixed ",
             "");
    if (!c->m.hw.sthld_adaptive) {
        size_t l = strlen(b);
        snprintf(b + l, n - l, "%u", c->m.hw.sthld_init);
    }
}

/* Percent a of b, 0 when b is 0. */
static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

/* rf_states: the register file's leakage saved against one always ON, %: each register-cycle
 * leaks 100 % ON, leak_sleep_pct SLEEP, leak_off_pct OFF. */
static double rf_leak_saved_pct(const tsrc_counts *t, const sim_cfg *c)
{
    uint64_t all = t->reg_cycles_off + t->reg_cycles_sleep + t->reg_cycles_on;
    double leak = (double)t->reg_cycles_on + (double)t->reg_cycles_sleep * c->en.leak_sleep_pct / 100.0 +
                  (double)t->reg_cycles_off * c->en.leak_off_pct / 100.0;
    return all ? 100.0 * (1.0 - leak / (double)all) : 0.0;
}

/* IPC per SM: mean, lowest, highest over the SMs simulated (r->g.sub_insts). */
static void sm_ipc(const run_result *r, double *mean, double *lo, double *hi)
{
    const gpu_counts *g = &r->g;
    *mean = *lo = *hi = 0;
    for (unsigned s = 0; s < g->sms_run; s++) {
        uint64_t n = 0;
        for (unsigned k = 0; k < g->subcores; k++) n += g->sub_insts[s * g->subcores + k];
        double ipc = r->cycles ? (double)n / (double)r->cycles : 0.0;
        *mean += ipc / g->sms_run;
        if (s == 0 || ipc < *lo) *lo = ipc;
        if (s == 0 || ipc > *hi) *hi = ipc;
    }
}

/* The GPU lines of the summary. */
static void gpu_summary(FILE *f, const run_result *r)
{
    const gpu_counts *g = &r->g;
    const mem_counts *m = &g->mem;
    const gpu_cfg *c = &g->cfg;
    char n1[32], n2[32], n3[32], n4[32], n5[32], n6[32];
    double mean, lo, hi;
    fprintf(f, "  GPU      %s preset (%s, %u MHz): %u SMs x %u sub-cores", preset_name(g->arch),
            preset_gpu(g->arch), c->gpu.clock_mhz, g->sms, g->subcores);
    if (g->sms_run != g->sms && c->gpu.sm_subset)
        fprintf(f, ", %u simulated with their share of the blocks (%s of %s)", g->sms_run,
                num(g->blocks_run, n1, sizeof n1), num(g->blocks, n2, sizeof n2));
    else if (g->sms_run != g->sms)
        fprintf(f, ", of which %u, the fewest the kernel fills (sm_fill)", g->sms_run);
    fprintf(f, "; %u sub-cores ran warps, at most %u blocks resident on an SM; L1 %u KB%s\n",
            g->subs_used, g->max_resident, g->l1_kb,
            g->cfg.gpu.l1_adaptive ? " (the rest of the unified storage after the shared-memory "
                                     "carve-out)" : "");
    if (g->grid_scale > 1)
        fprintf(f, "  grid     scaled x %u (grid_scale, weak scaling: the blocks replicated, each "
                "replica's addresses %s bytes further; docs/gpu.md)\n", g->grid_scale,
                num(g->scale_stride, n1, sizeof n1));
    fprintf(f, "  time     launch %s + blocks %s + exit %u cycles (at least %u); a block "
            "waited %s cycles for an SM with room\n", num(g->launch_cycles, n1, sizeof n1),
            num(g->body_cycles, n2, sizeof n2), c->gpu.exit_lat, c->gpu.launch_min,
            num(g->block_full_cycles, n3, sizeof n3));
    sm_ipc(r, &mean, &lo, &hi);
    fprintf(f, "  IPC / SM                   %.4f mean (%.4f..%.4f)\n", mean, lo, hi);
    uint64_t ld = m->l1_hits + m->l1_pending_hits + m->l1_misses;
    fprintf(f, "  L1 (load sectors)          %.2f %% hits  (%s hits, %s on a pending fill, %s "
            "misses)\n", pct(m->l1_hits + m->l1_pending_hits, ld), num(m->l1_hits, n1, sizeof n1),
            num(m->l1_pending_hits, n2, sizeof n2), num(m->l1_misses, n3, sizeof n3));
    if (m->l1_bypassed)
        fprintf(f, "  L1 bypassed                %s load sectors (.BYPASS, .STRONG.GPU/.SYS: "
                "straight to L2)\n", num(m->l1_bypassed, n1, sizeof n1));
    fprintf(f, "  L2 (sectors)               %.2f %% hits  (%s of %s); DRAM %s bytes read, %s "
            "written\n", pct(m->l2_hits, m->l2_hits + m->l2_misses), num(m->l2_hits, n1, sizeof n1),
            num(m->l2_hits + m->l2_misses, n2, sizeof n2), num(m->dram_read_bytes, n3, sizeof n3),
            num(m->dram_write_bytes, n4, sizeof n4));
    fprintf(f, "  shared memory              %s instructions, %s wavefronts (%s from bank "
            "conflicts); constant %s hits, %s misses; %s cold instruction lines\n",
            num(m->shmem_insts, n1, sizeof n1), num(m->shmem_wavefronts, n2, sizeof n2),
            num(m->shmem_wavefronts - m->shmem_insts, n3, sizeof n3),
            num(m->const_hits, n4, sizeof n4), num(m->const_misses, n5, sizeof n5),
            num(m->icache_misses, n6, sizeof n6));
}

/* The warps-per-sub-core line of a trace run (docs/gpu.md, "Warps per sub-core"), and the
 * note that the CCU keys cannot matter when no sub-core ever held more warps than CCUs. */
static void warps_summary(FILE *f, const sim_cfg *c, const tsrc_counts *t)
{
    fprintf(f, "  warps    %.2f per sub-core (mean over the cycles a sub-core holds a warp), "
            "%llu at most; ccus = %u\n", tsrc_warps_mean(t), (unsigned long long)t->max_held,
            c->m.hw.ccus);
    if (t->max_held <= c->m.hw.ccus)
        fprintf(f, "  note     no sub-core ever held more warps (%llu) than CCUs (ccus = %u): "
                "every warp has a CCU of its own, the CCU keys (ccus, ccu_sharing) cannot "
                "matter on this run\n", (unsigned long long)t->max_held, c->m.hw.ccus);
}

/* Sub-core cycles of run r: its cycles times the sub-cores that ran warps (GPU runs; one
 * otherwise). What the per-cycle energies are charged on. */
/* The reuse anatomy (reuse_stats = on) in two lines: the share of reads per reuse distance
 * and each bin's hit ratio; the misses after an earlier access by cause. */
static void reuse_text(FILE *f, const rst_counts *u)
{
    static const char *const name[RST_NBIN] = {"first", "1", "2", "3", "4-10", "11+"};
    uint64_t n = 0, reuses = 0;
    for (unsigned b = 0; b < RST_NBIN; b++) n += u->reads[b];
    reuses = n - u->reads[RST_COLD];
    fprintf(f, "  reuse distance             of %" PRIu64 " source reads (share, hit ratio):", n);
    for (unsigned b = 0; b < RST_NBIN; b++)
        fprintf(f, " %s %.1f %% (%.1f %%)%s", name[b], pct(u->reads[b], n),
                pct(u->hits[b], u->reads[b]), b + 1 < RST_NBIN ? "," : "\n");
    fprintf(f, "  misses after a reuse       %" PRIu64 " flushed with the warp's CCU, %" PRIu64
            " within its tenure (%" PRIu64 " CCUs taken); %.1f %% of reuses farther than 3\n",
            u->miss_flushed, u->miss_kept, u->tenures,
            pct(u->reads[RST_D4_10] + u->reads[RST_D11], reuses));
}

static uint64_t subcore_cycles(const run_result *r)
{
    return r->cycles * (r->g.used && r->g.subs_used ? r->g.subs_used : 1);
}

void rep_summary(FILE *f, const char *prog, const sim_cfg *c, const char *cfg_path,
                 const run_opts *o, const run_result *r, const ledger_t *L)
{
    rep_metrics x;
    char n1[32], n2[32], n3[32], n4[32], n5[32], v[160];
    const sc_stats *s = &r->st;
    rep_metrics_of(r, &x);
    variant(c, v, sizeof v);
    if (o->trace)
        fprintf(f, "%s: trace %s: %.60s%s (binary version %d, tracer %u, %s)\n", prog,
                base_name(o->trace), r->kernel.name, strlen(r->kernel.name) > 60 ? "..." : "",
                r->kernel.binary_version, r->kernel.tracer_version, r->kernel.compression);
    else
        fprintf(f, "%s: synthetic workload, seed %lu\n", prog, c->m.drv.wl_seed);
    fprintf(f, "  config   %s (hash %016llx): C=%u E=%u S=%u B=%u W=%u, %s\n",
            cfg_path ? cfg_path : "(defaults)", cfg_hash(&c->m.hw), c->m.hw.ccus, c->m.hw.entries, c->m.hw.slots,
            c->m.hw.banks, c->m.hw.warps, v);
    if (o->trace && !o->hint_file && c->m.hw.caching) { /* the baseline OCUs use no hints */
        fprintf(f, "  hints    %s, RTHLD %u", hint_mode_name((hint_mode)c->m.drv.hint_mode), c->m.drv.rthld);
        if (r->hint_compared)
            fprintf(f, ": %.1f %% of %s operands differ from the exact rule's hint",
                    pct(r->hint_differ, r->hint_compared), num(r->hint_compared, n1, sizeof n1));
        fputc('\n', f);
    }
    if (o->trace && o->hint_file) {
        fprintf(f, "  hints    %s: %s of %s operands had a hint in the file (%.1f %%; the rest far)\n",
                o->hint_file, num(r->hint_matched, n1, sizeof n1), num(r->hint_total, n2, sizeof n2),
                r->hint_total ? 100.0 * (double)r->hint_matched / (double)r->hint_total : 0.0);
        if (r->hint_kernel[0])
            fprintf(f, "  WARNING  the hint file is for kernel %.60s, not this trace's\n",
                    r->hint_kernel);
    }
    if (o->trace)
        fprintf(f, "  %s %s blocks, %s warps, %s instructions in %s cycles\n",
                r->complete ? "ran     " : "STOPPED ", num(r->tc.blocks, n1, sizeof n1),
                num(r->tc.warps, n2, sizeof n2), num(r->insts, n3, sizeof n3),
                num(r->cycles, n4, sizeof n4));
    else
        fprintf(f, "  %s %s instructions in %s cycles\n", r->complete ? "ran     " : "STOPPED ",
                num(r->insts, n1, sizeof n1), num(r->cycles, n2, sizeof n2));
    if (!r->complete)
        fprintf(f, "  (stopped at the cycle limit before every instruction retired)\n");
    if (o->trace) warps_summary(f, c, &r->tc);
    if (r->tc.unknown_insts)
        fprintf(f, "  unknown    %s instructions of opcodes of no known class (%s), timed as "
                "integer ALU\n", num(r->tc.unknown_insts, n1, sizeof n1), r->unknown_ops);
    if (r->tc.cp_groups && !r->tc.gmma_groups)
        fprintf(f, "  cp.async   %s groups of copies closed; %s DEPBARs waited for theirs, "
                "%s warp cycles in all\n", num(r->tc.cp_groups, n1, sizeof n1),
                num(r->tc.depbar_waits, n2, sizeof n2), num(r->tc.depbar_wait_slot_cycles, n3, sizeof n3));
    if (r->tc.gmma_groups) {
        fprintf(f, "  async      %s groups of copies and %s of warpgroup MMAs closed; %s DEPBARs "
                "waited for theirs, %s warp cycles in all\n", num(r->tc.cp_groups, n1, sizeof n1),
                num(r->tc.gmma_groups, n4, sizeof n4), num(r->tc.depbar_waits, n2, sizeof n2),
                num(r->tc.depbar_wait_slot_cycles, n3, sizeof n3));
    }
    if (r->g.used) gpu_summary(f, r);
    fprintf(f, "  IPC                        %.4f\n", x.ipc);
    fprintf(f, "  hit ratio                  %.2f %%  (%s of %s distinct source registers)\n",
            100.0 * x.hit_ratio, num(s->src_hits, n1, sizeof n1),
            num(s->src_regs, n2, sizeof n2));
    if (c->m.hw.caching)
        fprintf(f, "  hit ratio, every operand   %.2f %%  (the papers' counting: a repeat of a register "
                   "being filled is a hit; docs/eval.md)\n", 100.0 * x.hit_ratio_operands);
    if (c->m.opc.operand_cache != OPC_NONE)
        fprintf(f, "  operand cache (%s) %s of %s operands looked up hit (%.2f %%), %s entries "
                "written, %s register-file writes saved; %llu bits per sub-core "
                "(docs/compare.md)\n", opc_name(c->m.opc.operand_cache),
                num(r->opc.hit_slots, n1, sizeof n1), num(r->opc.lookups, n2, sizeof n2),
                pct(r->opc.hit_slots, r->opc.lookups), num(r->opc.fills, n3, sizeof n3),
                num(r->opc.rf_writes_saved, n4, sizeof n4),
                (unsigned long long)opc_storage_bits(&c->m.hw, &c->m.opc));
    fprintf(f, "  bank reads / instruction   %.4f  (bank writes %.4f)\n", x.bank_reads_per_inst,
            x.bank_writes_per_inst);
    fprintf(f, "  CCU writes / write-back    %.4f\n", x.ccu_writes_per_wb);
    fprintf(f, "  flushes of non-empty CCUs  %s  (%.2f per 1000 instructions)\n",
            num(s->flushes_nonempty, n1, sizeof n1), x.flushes_per_kinst);
    fprintf(f, "  issue stalls (cycles)      no warp ready %s, own unit busy %s, no free unit "
            "%s, STHLD wait %s\n", num(s->idle_no_warp, n1, sizeof n1),
            num(s->alloc[ALLOC_OWNED_BUSY], n2, sizeof n2),
            num(s->alloc[ALLOC_NO_FREE], n3, sizeof n3), num(s->alloc[ALLOC_WAIT], n4, sizeof n4));
    fprintf(f, "  no instruction offered     memory %s, other dependence %s, operand collection "
            "%s, barrier, fetch or DEPBAR %s, no warp %s (cycles%s)\n",
            num(r->dc.stall_mem, n1, sizeof n1), num(r->dc.stall_dep, n2, sizeof n2),
            num(r->dc.stall_collect, n3, sizeof n3), num(r->dc.stall_other, n4, sizeof n4),
            num(r->dc.stall_empty, n5, sizeof n5), r->g.used ? ", summed over the sub-cores" : "");
    if (c->m.opc.operand_cache == OPC_RFC)
        fprintf(f, "  two-level scheduler        %s cycles with no active warp ready while a warp "
                "outside the active set was (%.1f %% of the sub-core cycles), %s of them with a "
                "collector free; %s warps left the active set\n",
                num(r->dc.stall_inactive, n1, sizeof n1), pct(r->dc.stall_inactive, r->dc.cycles),
                num(r->dc.stall_inactive_free, n2, sizeof n2), num(r->dc.active_swaps, n3, sizeof n3));
    if (c->m.drv.ccu_writeback)
        fprintf(f, "  write-back CCUs            %s of %s write-backs went into a CCU; %s register-file "
                "writes saved (%.1f %%; off the bank writes for the energy)\n",
                num(r->dc.ccu_wb_cached, n1, sizeof n1), num(r->dc.written_back, n2, sizeof n2),
                num(r->dc.ccu_wb_saved, n3, sizeof n3), pct(r->dc.ccu_wb_saved, r->dc.written_back));
    if (c->m.drv.reuse_stats) reuse_text(f, &r->dc.reuse);
    if (c->m.drv.rba)
        fprintf(f, "  register-bank-aware issue  %s warp-cycles an instruction was held back for "
                "another warp's shorter bank queues\n", num(r->dc.rba_hidden, n1, sizeof n1));
    energy_t e;
    energy_of(L, c, s, r->insts, subcore_cycles(r), &e);
    fprintf(f, "  RF energy                  %.1f pJ / instruction  (", e.pj_per_inst);
    for (unsigned i = 0, k = 0; i < ENERGY_NCOMP; i++)
        if (i < ENK_COUNT || e.pj[i] > 0)
            fprintf(f, "%s%s %.1f %%", k++ ? ", " : "", energy_name(i), 100.0 * energy_share(&e, i));
    fprintf(f, ")\n");
    fprintf(f, "  energy table               %s: %s  (%u collectors, %llu data entries, "
            "clock gating %s)\n", L->path[0] ? L->path : "built-in",
            L->path[0] ? L->source : "the energy_* keys (docs/config.md)", e.shape.collectors,
            (unsigned long long)e.shape.entries, L->clock_gating ? "on" : "off");
    if (c->m.hw.caching) { /* the baseline OCUs have no STHLD */
        fprintf(f, "  STHLD per %u-cycle interval%s:", c->m.hw.interval,
                r->g.used ? " (the first sub-core's)" : "");
        uint64_t n = s->intervals < STATS_STHLD_TRACE ? s->intervals : STATS_STHLD_TRACE;
        for (uint64_t i = 0; i < n && i < 40; i++) fprintf(f, " %u", s->sthld_trace[i]);
        if (n > 40) fprintf(f, " ... (%" PRIu64 " intervals)", s->intervals);
        if (n == 0) fprintf(f, " (no interval completed)");
        fprintf(f, "\n");
    }
    if (o->values)
        fprintf(f, "  operand values checked     %s, errors %s\n",
                num(r->dc.operand_checks, n1, sizeof n1), num(r->dc.errors, n2, sizeof n2));
    else
        fprintf(f, "  operand values             not carried (statistics only; --values checks "
                "them), errors %s\n", num(r->dc.errors, n2, sizeof n2));
    uint64_t rc = r->tc.reg_cycles_off + r->tc.reg_cycles_sleep + r->tc.reg_cycles_on;
    if (c->m.drv.rf_states && rc)
        fprintf(f, "  register-cycles by state   OFF (dead) %.1f %%, SLEEP (next read > %u instructions "
                "away) %.1f %%, ON %.1f %% of %s: leakage -%.1f %% (SLEEP %u %%, OFF %u %% of ON; "
                "GReEneR: -69 %% on its kernels)\n",
                100.0 * (double)r->tc.reg_cycles_off / (double)rc, c->m.drv.sleep_window,
                100.0 * (double)r->tc.reg_cycles_sleep / (double)rc,
                100.0 * (double)r->tc.reg_cycles_on / (double)rc, num(rc, n1, sizeof n1),
                rf_leak_saved_pct(&r->tc, c), c->en.leak_sleep_pct, c->en.leak_off_pct);
    if (r->tc.val_insts) /* a tracer-6 trace with `Val` lines, on the bit-accurate path */
        fprintf(f, "  trace register values      %s instructions carried them: %s write-backs "
                "wrote them, %s source operands compared with them, %s differ\n",
                num(r->tc.val_insts, n1, sizeof n1), num(r->dc.wb_trace_values, n2, sizeof n2),
                num(r->dc.src_trace_checks, n3, sizeof n3),
                num(r->dc.src_trace_diffs, n4, sizeof n4));
}

/* ------------------------------------------------------------------ JSON */

/* A JSON string literal of s. */
static void jstr(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
        else fputc(ch, f);
    }
    fputc('"', f);
}

typedef struct {
    FILE *f;
    int first;
} jobj;

static void jkey(jobj *o, const char *k)
{
    fprintf(o->f, "%s\n    ", o->first ? "" : ",");
    o->first = 0;
    jstr(o->f, k);
    fputs(": ", o->f);
}

static void ju64(void *ctx, const char *k, uint64_t v)
{
    jkey(ctx, k);
    fprintf(((jobj *)ctx)->f, "%" PRIu64, v);
}

static void jdbl(jobj *o, const char *k, double v)
{
    jkey(o, k);
    fprintf(o->f, "%.6f", v);
}

/* A figure read back exactly (%.17g; the energy ledger's small pJ figures). */
static void jexact(jobj *o, const char *k, double v)
{
    jkey(o, k);
    fprintf(o->f, "%.17g", v);
}

static void jtext(jobj *o, const char *k, const char *v)
{
    jkey(o, k);
    jstr(o->f, v ? v : "");
}

/* The resolved configuration as "key": "value" pairs (cfg_write's lines). */
static void jconfig(FILE *f, const sim_cfg *c)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    jobj o = {f, 1};
    if (!m) return;
    simcfg_write(c, m, "");
    fclose(m);
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
        char *eq = strstr(line, " = ");
        if (!eq) continue;
        *eq = '\0';
        jtext(&o, line, eq + 3);
    }
    free(buf);
}

static void section(FILE *f, const char *name, int *first)
{
    fprintf(f, "%s\n  ", *first ? "" : ",");
    *first = 0;
    jstr(f, name);
    fputs(": {", f);
}

static const char *const reuse_bins[RST_NBIN] = {"cold", "d1", "d2", "d3", "d4_10", "d11"};

/* The "reuse" section (reuse_stats = on): the reuse anatomy, driver/reusestat.h. */
static void reuse_json(FILE *f, const rst_counts *u, int *first)
{
    char k[32];
    section(f, "reuse", first);
    jobj o = {f, 1};
    for (unsigned b = 0; b < RST_NBIN; b++) {
        snprintf(k, sizeof k, "reads_%s", reuse_bins[b]);
        ju64(&o, k, u->reads[b]);
        snprintf(k, sizeof k, "hits_%s", reuse_bins[b]);
        ju64(&o, k, u->hits[b]);
    }
    ju64(&o, "miss_flushed", u->miss_flushed);
    ju64(&o, "miss_kept", u->miss_kept);
    ju64(&o, "tenures", u->tenures);
    fputs("\n  }", f);
}

/* The "gpu" section (GPU runs). */
static void gpu_json(FILE *f, const run_result *r, int *first)
{
    const gpu_counts *g = &r->g;
    const mem_counts *m = &g->mem;
    double mean, lo, hi;
    section(f, "gpu", first);
    jobj o = {f, 1};
    jtext(&o, "arch", preset_name(g->arch));
    jtext(&o, "gpu", preset_gpu(g->arch));
    ju64(&o, "clock_mhz", g->cfg.gpu.clock_mhz);
    ju64(&o, "sms", g->sms);
    ju64(&o, "sms_simulated", g->sms_run);
    ju64(&o, "subcores_per_sm", g->subcores);
    ju64(&o, "subcores_used", g->subs_used);
    ju64(&o, "blocks", g->blocks);
    ju64(&o, "blocks_simulated", g->blocks_run);
    ju64(&o, "max_resident_blocks_per_sm", g->max_resident);
    ju64(&o, "l1_kb", g->l1_kb);
    ju64(&o, "copied_l2_bytes", g->copied_l2_bytes);
    ju64(&o, "grid_scale", g->grid_scale);
    ju64(&o, "grid_scale_stride", g->scale_stride);
    ju64(&o, "launch_cycles", g->launch_cycles);
    ju64(&o, "body_cycles", g->body_cycles);
    ju64(&o, "block_full_cycles", g->block_full_cycles);
    sm_ipc(r, &mean, &lo, &hi);
    jdbl(&o, "ipc_per_sm_mean", mean);
    jdbl(&o, "ipc_per_sm_min", lo);
    jdbl(&o, "ipc_per_sm_max", hi);
    ju64(&o, "ld_insts", m->ld_insts);
    ju64(&o, "st_insts", m->st_insts);
    ju64(&o, "atom_insts", m->atom_insts);
    ju64(&o, "other_mem_insts", m->other_insts);
    ju64(&o, "l1_lines", m->l1_lines);
    ju64(&o, "l1_hits", m->l1_hits);
    ju64(&o, "l1_pending_hits", m->l1_pending_hits);
    ju64(&o, "l1_misses", m->l1_misses);
    ju64(&o, "l1_mshr_stall_cycles", m->l1_mshr_stall_cycles);
    ju64(&o, "st_sectors", m->st_sectors);
    ju64(&o, "atom_sectors", m->atom_sectors);
    ju64(&o, "l2_hits", m->l2_hits);
    ju64(&o, "l2_misses", m->l2_misses);
    ju64(&o, "l1_bypassed", m->l1_bypassed);
    ju64(&o, "dram_read_bytes", m->dram_read_bytes);
    ju64(&o, "dram_write_bytes", m->dram_write_bytes);
    ju64(&o, "shmem_insts", m->shmem_insts);
    ju64(&o, "shmem_wavefronts", m->shmem_wavefronts);
    ju64(&o, "const_hits", m->const_hits);
    ju64(&o, "const_misses", m->const_misses);
    ju64(&o, "icache_misses", m->icache_misses);
    jkey(&o, "subcore_instructions");
    fputc('[', f);
    for (unsigned i = 0; i < g->sms_run * g->subcores; i++)
        fprintf(f, "%s%" PRIu64, i ? ", " : "", g->sub_insts[i]);
    fputs("]\n  }", f);
}

/* The "app" section (a kernel list): one object per kernel. */
static void app_json(FILE *f, const app_result *a, int *first)
{
    section(f, "app", first);
    jobj o = {f, 1};
    ju64(&o, "kernels", a->nk);
    ju64(&o, "memcpys", a->memcpys);
    ju64(&o, "memcpy_bytes", a->memcpy_bytes);
    ju64(&o, "memcpy_l2_bytes", a->memcpy_l2_bytes);
    jkey(&o, "per_kernel");
    fputc('[', f);
    for (unsigned i = 0; i < a->nk; i++) {
        const app_kernel *k = &a->k[i];
        fprintf(f, "%s\n      {\"trace\": ", i ? "," : "");
        jstr(f, k->trace);
        fputs(", \"kernel\": ", f);
        jstr(f, k->name);
        fprintf(f, ", \"instructions\": %" PRIu64 ", \"cycles\": %" PRIu64
                   ", \"hit_ratio\": %.6f, \"bank_reads_per_inst\": %.6f}",
                k->insts, k->cycles, k->hit_ratio, k->bank_reads);
    }
    fputs("]\n  }", f);
}

static void write_json(FILE *f, const char *prog, const sim_cfg *c, const char *cfg_path,
                       const run_opts *o, const run_result *r, const ledger_t *L)
{
    rep_metrics x;
    int first = 1;
    char hash[32];
    rep_metrics_of(r, &x);
    snprintf(hash, sizeof hash, "%016llx", cfg_hash(&c->m.hw));
    fputs("{", f);
    section(f, "run", &first);
    jobj ro = {f, 1};
    jtext(&ro, "schema", "malekeh-run-1");
    jtext(&ro, "tool", prog);
    jtext(&ro, "version", SIM_VERSION);
    jtext(&ro, "config_file", cfg_path ? cfg_path : "");
    jtext(&ro, "config_hash", hash);
    jtext(&ro, "workload", o->trace ? "trace" : "synthetic");
    jtext(&ro, "trace", o->trace ? o->trace : "");
    jtext(&ro, "hints", o->trace ? (o->hint_file ? "file" : hint_mode_name((hint_mode)c->m.drv.hint_mode)) : "exact");
    jtext(&ro, "hint_file", o->hint_file ? o->hint_file : "");
    ju64(&ro, "hint_file_matched", r->hint_matched);
    ju64(&ro, "hint_file_operands", r->hint_total);
    jtext(&ro, "hint_file_kernel_mismatch", r->hint_kernel);
    ju64(&ro, "hint_differ", r->hint_differ);
    ju64(&ro, "hint_compared", r->hint_compared);
    ju64(&ro, "max_blocks", o->max_blocks);
    ju64(&ro, "max_cycles", o->max_cycles);
    ju64(&ro, "values", (uint64_t)(o->values != 0));
    ju64(&ro, "complete", (uint64_t)r->complete);
    ju64(&ro, "cycles", r->cycles);
    ju64(&ro, "instructions", r->insts);
    jdbl(&ro, "seconds", r->seconds);
    fputs("\n  }", f);
    section(f, "metrics", &first);
    jobj mo = {f, 1};
    jdbl(&mo, "ipc", x.ipc);
    jdbl(&mo, "hit_ratio", x.hit_ratio);
    jdbl(&mo, "hit_ratio_operands",
         c->m.hw.caching || c->m.opc.operand_cache != OPC_NONE ? x.hit_ratio_operands : 0.0);
    jdbl(&mo, "bank_read_reduction_operands", x.bank_read_reduction_operands);
    jdbl(&mo, "bank_reads_per_inst", x.bank_reads_per_inst);
    jdbl(&mo, "bank_writes_per_inst", x.bank_writes_per_inst);
    jdbl(&mo, "ccu_writes_per_wb", x.ccu_writes_per_wb);
    jdbl(&mo, "flushes_nonempty_per_kinst", x.flushes_per_kinst);
    jkey(&mo, "storage_bits");
    fprintf(f, "%lld", (long long)rep_storage_bits(c));
    fputs("\n  }", f);
    if (c->m.opc.operand_cache != OPC_NONE) {
        section(f, "operand_cache", &first);
        jobj po = {f, 1};
        jtext(&po, "design", opc_name(c->m.opc.operand_cache));
        ju64(&po, "lookups", r->opc.lookups);
        ju64(&po, "hit_slots", r->opc.hit_slots);
        ju64(&po, "hit_regs", r->opc.hit_regs);
        ju64(&po, "fills", r->opc.fills);
        ju64(&po, "rf_writes_saved", r->opc.rf_writes_saved);
        if (c->m.opc.operand_cache == OPC_PROTO) {
            ju64(&po, "admit_far", r->opc.admit_far);
            ju64(&po, "admit_wait", r->opc.admit_wait);
            ju64(&po, "admit_refused", r->opc.admit_refused);
            ju64(&po, "evict_live", r->opc.evict_live);
        }
        if (c->m.opc.operand_cache == OPC_GTO_ANY || c->m.opc.operand_cache == OPC_GTO_OWN) {
            ju64(&po, "moves", r->opc.moves);
            ju64(&po, "drops_nonempty", r->opc.drops_nonempty);
        }
        if (c->m.opc.operand_cache == OPC_REUSE && c->m.opc.reuse_direct)
            ju64(&po, "read_stalls", r->opc.read_stalls);
        ju64(&po, "storage_bits", opc_storage_bits(&c->m.hw, &c->m.opc));
        fputs("\n  }", f);
    }
    section(f, "energy", &first);
    jobj eo = {f, 1};
    energy_t e;
    char k[48];
    energy_of(L, c, &r->st, r->insts, subcore_cycles(r), &e);
    jdbl(&eo, "pj_per_inst", e.pj_per_inst);
    jdbl(&eo, "total_pj", e.total_pj);
    for (unsigned i = 0; i < ENERGY_NCOMP; i++) {
        snprintf(k, sizeof k, "%s_count", energy_name(i));
        ju64(&eo, k, e.count[i]);
        snprintf(k, sizeof k, "%s_pj_per_access", energy_name(i));
        jdbl(&eo, k, e.per_unit[i]);
        snprintf(k, sizeof k, "%s_pj", energy_name(i));
        jdbl(&eo, k, e.pj[i]);
        snprintf(k, sizeof k, "%s_share", energy_name(i));
        jdbl(&eo, k, energy_share(&e, i));
    }
    jtext(&eo, "table", L->path);
    jtext(&eo, "table_source", L->source);
    ju64(&eo, "clock_gating", (uint64_t)L->clock_gating);
    for (unsigned i = 0; i < LEDGER_NVAL; i++) jexact(&eo, ledger_key(i), L->v[i]);
    ju64(&eo, "collectors", e.shape.collectors);
    ju64(&eo, "data_entries", e.shape.entries);
    ju64(&eo, "storage_data_bits", e.shape.storage_bits);
    ju64(&eo, "banks", e.shape.banks);
    ju64(&eo, "subcore_cycles", e.cycles);
    fputs("\n  }", f);
    section(f, "model", &first);
    jobj so = {f, 1};
    stats_each(&r->st, &c->m.hw, ju64, &so);
    jkey(&so, "sthld_trace");
    fputc('[', f);
    uint64_t n = r->st.intervals < STATS_STHLD_TRACE ? r->st.intervals : STATS_STHLD_TRACE;
    for (uint64_t i = 0; i < n; i++) fprintf(f, "%s%u", i ? ", " : "", r->st.sthld_trace[i]);
    fputs("]\n  }", f);
    section(f, "driver", &first);
    jobj dob = {f, 1};
    ju64(&dob, "issued", r->dc.issued);
    ju64(&dob, "dispatched", r->dc.dispatched);
    ju64(&dob, "written_back", r->dc.written_back);
    ju64(&dob, "wb_refused", r->dc.wb_refused);
    ju64(&dob, "operand_checks", r->dc.operand_checks);
    if (r->tc.val_insts) { /* only when the trace's register values were used */
        ju64(&dob, "wb_trace_values", r->dc.wb_trace_values);
        ju64(&dob, "src_trace_checks", r->dc.src_trace_checks);
        ju64(&dob, "src_trace_diffs", r->dc.src_trace_diffs);
    }
    ju64(&dob, "errors", r->dc.errors);
    ju64(&dob, "stall_mem", r->dc.stall_mem);
    ju64(&dob, "stall_dep", r->dc.stall_dep);
    ju64(&dob, "stall_collect", r->dc.stall_collect);
    ju64(&dob, "stall_other", r->dc.stall_other);
    ju64(&dob, "stall_empty", r->dc.stall_empty);
    ju64(&dob, "stall_inactive", r->dc.stall_inactive);
    ju64(&dob, "stall_inactive_free", r->dc.stall_inactive_free);
    ju64(&dob, "active_swaps", r->dc.active_swaps);
    ju64(&dob, "rba_hidden", r->dc.rba_hidden);
    ju64(&dob, "ccu_wb_cached", r->dc.ccu_wb_cached);
    ju64(&dob, "ccu_wb_saved", r->dc.ccu_wb_saved);
    fputs("\n  }", f);
    if (o->trace) {
        section(f, "trace", &first);
        jobj to = {f, 1};
        const tsrc_counts *t = &r->tc;
        jtext(&to, "kernel", r->kernel.name);
        ju64(&to, "kernel_id", r->kernel.kernel_id);
        ju64(&to, "binary_version", (uint64_t)(int64_t)r->kernel.binary_version);
        ju64(&to, "tracer_version", r->kernel.tracer_version);
        jtext(&to, "compression", r->kernel.compression);
        ju64(&to, "nregs", r->kernel.nregs);
        ju64(&to, "blocks", t->blocks);
        ju64(&to, "warps", t->warps);
        ju64(&to, "instructions", t->insts);
        ju64(&to, "passes", t->passes);
        ju64(&to, "split_instructions", t->split_insts);
        ju64(&to, "barriers", t->barriers);
        ju64(&to, "src_regs", t->src_regs);
        ju64(&to, "dst_regs", t->dst_regs);
        ju64(&to, "src_near", t->src_near);
        ju64(&to, "dst_near", t->dst_near);
        ju64(&to, "barrier_wait_slot_cycles", t->bar_wait_slot_cycles);
        ju64(&to, "empty_slot_cycles", t->empty_slot_cycles);
        ju64(&to, "held_slot_cycles", t->held_slot_cycles);
        ju64(&to, "busy_subcore_cycles", t->busy_cycles);
        jdbl(&to, "warps_per_subcore", tsrc_warps_mean(t));
        ju64(&to, "warps_per_subcore_max", t->max_held);
        ju64(&to, "ccu_sharing_possible", t->max_held > c->m.hw.ccus);
        ju64(&to, "unknown_instructions", t->unknown_insts);
        jtext(&to, "unknown_opcodes", r->unknown_ops);
        if (t->val_insts) ju64(&to, "value_instructions", t->val_insts);
        if (t->cp_groups || t->gmma_groups) {
            ju64(&to, "cp_async_groups", t->cp_groups);
            ju64(&to, "gmma_groups", t->gmma_groups);
            ju64(&to, "depbar_waits", t->depbar_waits);
            ju64(&to, "depbar_wait_slot_cycles", t->depbar_wait_slot_cycles);
        }
        if (c->m.drv.rf_states) {
            ju64(&to, "reg_cycles_off", t->reg_cycles_off);
            ju64(&to, "reg_cycles_sleep", t->reg_cycles_sleep);
            ju64(&to, "reg_cycles_on", t->reg_cycles_on);
            jdbl(&to, "rf_leakage_saved_pct", rf_leak_saved_pct(t, c));
        }
        fputs("\n  }", f);
    }
    if (c->m.drv.reuse_stats) reuse_json(f, &r->dc.reuse, &first);
    if (r->g.used) gpu_json(f, r, &first);
    if (r->app) app_json(f, r->app, &first);
    fprintf(f, ",\n  \"config\": {");
    jconfig(f, c);
    fputs("\n  }\n}\n", f);
}

int rep_json(const char *path, const char *prog, const sim_cfg *c, const char *cfg_path,
             const run_opts *o, const run_result *r, const ledger_t *L, char *err,
             size_t errlen)
{
    size_t n = strlen(path) + 16;
    char *tmp = malloc(n);
    if (!tmp) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    snprintf(tmp, n, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write (%s)", path, strerror(errno));
        free(tmp);
        return -1;
    }
    write_json(f, prog, c, cfg_path, o, r, L);
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: cannot write (%s)", path, strerror(errno));
        remove(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}
