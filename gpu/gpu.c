/* gpu.c - the GPU of SMs of sub-cores: its set-up, its run and its results (see gpu.h;
 * docs/gpu.md). The block scheduler is gsched.c, the sub-cores gsubs.c, the SM batches
 * gbatch.c, the progress line gprog.c; gmach.h is the state they share. */
#include "gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gbatch.h"
#include "gmach.h"
#include "gprog.h"
#include "gsched.h"
#include "gsubs.h"
#include "preset.h"

#define REG_GRAIN 256u               /* registers are allocated per warp in 256s */
#define MAX_THREAD_REGS 255u         /* registers one thread can have (R0..R254) */

int gpu_resolve(gpu_cfg *c, int bv, char *err)
{
    unsigned arch = preset_pick(c, bv);
    if (preset_apply(c, arch, err)) return -1;
    c->gpu.arch = arch;
    if (c->gpu.sm_subset > c->gpu.sms) {
        snprintf(err, CFG_ERR_LEN, "key 'sm_subset': %u is more than sms = %u (expected 0..sms)",
                 c->gpu.sm_subset, c->gpu.sms);
        return -1;
    }
    if (c->gpu.sms > GPU_MAX_SMS || c->hw.subcores_per_sm > GPU_MAX_SUB) {
        snprintf(err, CFG_ERR_LEN, "sms = %u, subcores_per_sm = %u (expected at most %u and %u)",
                 c->gpu.sms, c->hw.subcores_per_sm, GPU_MAX_SMS, GPU_MAX_SUB);
        return -1;
    }
    return 0;
}

uint64_t gpu_least_cycles(const gpu_cfg *c, uint64_t blocks)
{
    return c->gpu.launch_min + (uint64_t)c->gpu.launch_min_block * blocks / MILLI;
}

uint64_t gpu_empty_cycles(const gpu_cfg *c, uint64_t blocks, unsigned threads)
{
    uint64_t nsm = c->gpu.sm_subset ? c->gpu.sm_subset : c->gpu.sms;
    uint64_t run = (blocks * nsm + c->gpu.sms - 1) / c->gpu.sms; /* their share with sm_subset */
    uint64_t interval = (uint64_t)c->gpu.block_interval * c->gpu.sms / (nsm ? nsm : 1);
    unsigned w = (threads + 31) / 32, slots = c->hw.warps * c->hw.subcores_per_sm;
    uint64_t per_sm = w ? slots / w : c->gpu.max_blocks_sm;
    if (per_sm > c->gpu.max_blocks_sm) per_sm = c->gpu.max_blocks_sm;
    if (per_sm == 0 || run == 0) return gpu_least_cycles(c, blocks);
    uint64_t cap = per_sm * nsm; /* blocks resident at once */
    uint64_t life = (uint64_t)c->gpu.block_exit_lat * MILLI + (uint64_t)c->gpu.warp_exit_lat * w;
    uint64_t *ring = calloc(cap < run ? cap : run, sizeof *ring), t = 0; /* milli-cycles */
    if (!ring) return 0;
    /* block i starts when it is due and when the block `cap` places earlier has left */
    for (uint64_t i = 0; i < run; i++) {
        uint64_t due = (uint64_t)c->gpu.launch_lat * MILLI + i * interval;
        if (i >= cap && ring[i % cap] + life > due) due = ring[i % cap] + life;
        t = due > t ? due : t;
        ring[i % (cap < run ? cap : run)] = t;
    }
    free(ring);
    uint64_t end = (t + life) / MILLI + c->gpu.exit_lat, least = gpu_least_cycles(c, blocks);
    return end > least ? end : least;
}

/* ---------------------------------------------------------------- set-up and the run */

void gpu_free(gpu_t *g)
{
    if (!g) return;
    if (g->sub)
        for (unsigned i = 0; i < g->nsm * g->nsub; i++) subcore_close(&g->sub[i].core);
    trc_block_free(g->next);
    free(g->next_blk); /* solo: g->next's handle */
    for (unsigned i = 0; g->sm && i < g->nsm; i++) {
        while (g->sm[i].plan_head) { /* given to the SM, never placed */
            gblk *gb = g->sm[i].plan_head;
            g->sm[i].plan_head = gb->next;
            trc_block_free(gb->b);
            free(gb);
        }
        free(g->sm[i].run);
    }
    while (g->rel_head) {
        gblk *gb = g->rel_head;
        g->rel_head = gb->next;
        free(gb);
    }
    hsrc_close(g->h);
    if (g->own_mem) mem_destroy(g->mem);
    free(g->sub);
    free(g->run);
    free(g->sm);
    free(g);
}

/* The memory system of the resolved configuration c over nsm SMs, with `share` SMs'
 * share of the L2 slices and DRAM bandwidth (sm_subset: nsm; else sms, all of them). */
static mem_t *make_mem(const gpu_cfg *c, unsigned nsm, unsigned share, char *err)
{
    mem_cfg m = {0};
    m.sms = nsm;
    m.l1_bytes = (uint64_t)c->gpu.l1_kb * 1024;
    m.l1_ways = c->gpu.l1_ways;
    m.l1_mshrs = c->gpu.l1_mshrs;
    m.l1_lat = c->drv.exec[TRC_CLS_LDST].lat;
    m.shmem_lat = c->drv.exec[TRC_CLS_SHMEM].lat;
    m.l2_slices = (unsigned)((uint64_t)c->gpu.l2_slices * share / c->gpu.sms);
    if (m.l2_slices == 0) m.l2_slices = 1;
    m.l2_bytes = (uint64_t)c->gpu.l2_kb * 1024 * m.l2_slices / c->gpu.l2_slices;
    m.l2_ways = c->gpu.l2_ways;
    m.l2_lat = c->gpu.l2_lat;
    m.l2_bw = c->gpu.l2_bw;
    m.dram_lat = c->gpu.dram_lat;
    m.dram_bw = (unsigned)((uint64_t)c->gpu.dram_bw * share / c->gpu.sms);
    if (m.dram_bw == 0) m.dram_bw = 1;
    m.dram_read_eff = c->gpu.dram_read_eff;
    m.dram_write_eff = c->gpu.dram_write_eff;
    m.const_lat = c->gpu.const_lat;
    m.const_miss_lat = c->gpu.const_miss_lat;
    m.icache_miss_lat = c->gpu.icache_miss_lat;
    return mem_create(&m, err, RUN_ERR_LEN);
}

/* The blocks of kernel k one SM can hold at once: its warps, registers and shared memory
 * against the SM's limits (at least 1). */
static uint64_t blocks_per_sm(const gpu_t *g, const trc_kernel *k)
{
    uint64_t wpb = ((uint64_t)k->block.x * k->block.y * k->block.z + 31) / 32;
    if (wpb == 0) wpb = 1;
    uint64_t per = g->c.gpu.max_blocks_sm, t = (uint64_t)g->nsub * g->c.hw.warps / wpb;
    if (t < per) per = t;
    if (g->regs_block && (t = g->c.gpu.regs_sm / (wpb * g->regs_block)) < per) per = t;
    if (g->shmem_block && (t = g->c.gpu.shmem_sm / g->shmem_block) < per) per = t;
    return per ? per : 1;
}

/* sm_fill: the fewest SMs the kernel's grid fills completely, at the blocks per SM its
 * warps, registers and shared memory allow (at least 1). */
static uint64_t fill_sms(const gpu_t *g, const trc_kernel *k)
{
    uint64_t blocks = (uint64_t)k->grid.x * k->grid.y * k->grid.z * g->scale.k;
    uint64_t per = blocks_per_sm(g, k);
    uint64_t need = (blocks + per - 1) / per;
    return need ? need : 1;
}

/* The one SM of one sub-core of solo g (gmach.h): the configuration as given, no memory
 * system, no launch or dispatch cost. 0, or -1 with err. */
static int solo_open(gpu_t *g, char *err)
{
    g->c.gpu.sm_subset = 0;
    g->nsm = g->nsub = 1;
    g->batch = 1;
    g->sm = calloc(1, sizeof *g->sm);
    g->sub = calloc(1, sizeof *g->sub);
    g->run = calloc(1, sizeof *g->run);
    if (g->sm && !(g->sm[0].run = calloc(1, sizeof *g->sm[0].run))) {
        free(g->sm);
        g->sm = NULL;
    }
    if (!g->sm || !g->sub || !g->run) {
        snprintf(err, RUN_ERR_LEN, "out of memory");
        return -1;
    }
    g->sub[0].g = g;
    return 0;
}

/* Open the trace, resolve the preset, build SMs and sub-cores (solo: solo_open). NULL
 * with err. */
gpu_t *gpu_open(const gpu_cfg *c0, const run_opts *o, gpu_counts *gc, mem_t **shared,
                char *err)
{
    gpu_t *g = calloc(1, sizeof *g);
    char herr[TRC_ERR_LEN] = "";
    if (!g) {
        snprintf(err, RUN_ERR_LEN, "out of memory");
        return NULL;
    }
    g->c = *c0;
    g->o = o;
    g->gc = gc;
    g->first_dispatch = UINT64_MAX;
    g->solo = c0->gpu.machine == GPU_MACHINE_SUBCORE;
    hint_opts ho = {(hint_mode)c0->drv.hint_mode, c0->drv.rthld, c0->drv.hint_profile_warps, NULL,
                    c0->hw.banks};
    if (o->hint_file) {
        ho.mode = HINT_FILE;
        ho.file = o->hint_file;
    }
    unsigned keep = (g->solo ? 0 : HSRC_KEEP_ADDRESSES) | (o->values ? HSRC_KEEP_VALUES : 0);
    if (!(g->h = hsrc_open_keep(o->trace, &ho, keep, herr))) {
        snprintf(err, RUN_ERR_LEN, "%s", herr);
        goto fail;
    }
    const trc_kernel *k = hsrc_kernel(g->h);
    gpu_scale_init(&g->scale, c0->gpu.grid_scale, o->trace, &ho, keep, k->grid.x);
    if (g->solo) {
        if (solo_open(g, err)) goto fail;
        return g;
    }
    char cerr[CFG_ERR_LEN];
    if (gpu_resolve(&g->c, k->binary_version, cerr)) {
        snprintf(err, RUN_ERR_LEN, "%s", cerr);
        goto fail;
    }
    g->nsm = g->c.gpu.sm_subset ? g->c.gpu.sm_subset : g->c.gpu.sms;
    g->nsub = g->c.hw.subcores_per_sm;
    unsigned nregs = k->nregs ? k->nregs : 1;
    if (nregs > MAX_THREAD_REGS) { /* a header no GPU can have (seen in real traces) */
        fprintf(stderr, "malekeh-sim: warning: %s: -nregs = %u is more than the %u registers "
                "a thread can have; the GPU model allocates %u per thread\n", o->trace, nregs,
                MAX_THREAD_REGS, MAX_THREAD_REGS);
        nregs = MAX_THREAD_REGS;
    }
    g->regs_block = ((uint64_t)nregs * 32 + REG_GRAIN - 1) / REG_GRAIN * REG_GRAIN;
    g->shmem_block = k->shmem;
    g->l1_kb = preset_l1_kb(&g->c, blocks_per_sm(g, k) * g->shmem_block);
    gc->l1_kb = g->l1_kb;
    gc->used = 1;
    gc->cfg = g->c;
    gc->arch = g->c.gpu.arch;
    gc->sms = g->c.gpu.sms;
    gc->subcores = g->nsub;
    g->sm = calloc(g->nsm, sizeof *g->sm);
    g->sub = calloc((size_t)g->nsm * g->nsub, sizeof *g->sub);
    g->run = calloc((size_t)g->nsm * g->nsub, sizeof *g->run);
    if (!g->sm || !g->sub || !g->run) {
        snprintf(err, RUN_ERR_LEN, "out of memory (%u SMs)", g->nsm);
        goto fail;
    }
    /* a batch may not outlast the shortest hold of a retired block: its release must fall
     * in a later batch, whose plan sees it */
    g->batch = g->c.gpu.sm_batch ? g->c.gpu.sm_batch : 1;
    if (g->batch > g->c.gpu.block_exit_lat) g->batch = g->c.gpu.block_exit_lat ? g->c.gpu.block_exit_lat : 1;
    g->interval = (uint64_t)g->c.gpu.block_interval;
    if (g->c.gpu.sm_subset) g->interval = g->interval * g->c.gpu.sms / g->nsm;
    if (g->c.gpu.sm_fill && !g->c.gpu.sm_subset) {
        uint64_t need = fill_sms(g, k);
        if (need < g->nsm) g->nsm = (unsigned)need;
    }
    gc->sms_run = g->nsm;
    for (unsigned i = 0; i < g->nsm; i++)
        if (!(g->sm[i].run = calloc(g->nsub ? g->nsub : 1, sizeof *g->sm[i].run))) {
            snprintf(err, RUN_ERR_LEN, "out of memory (%u SMs)", g->nsm);
            goto fail;
        }
    if (shared && *shared) {
        g->mem = *shared; /* the application's: its caches persist from kernel to kernel */
    } else {
        unsigned share = g->c.gpu.sm_subset ? g->nsm : g->c.gpu.sms;
        if (!(g->mem = make_mem(&g->c, shared ? share : g->nsm, share, err))) goto fail;
        if (shared) *shared = g->mem;
        else g->own_mem = 1;
    }
    mem_clear_counts(g->mem);
    for (unsigned i = 0; i < g->nsm * g->nsub; i++) {
        g->sub[i].g = g;
        g->sub[i].sm = i / g->nsub;
    }
    g->dispatch_at = (uint64_t)g->c.gpu.launch_lat * MILLI;
    return g;
fail:
    gpu_free(g);
    return NULL;
}

/* What the trace of g says into r: its kernel, the hints' matches, unknown opcodes. */
static void trace_results(const gpu_t *g, run_result *r)
{
    r->kernel = *hsrc_kernel(g->h);
    hsrc_hint_match(g->h, &r->hint_matched, &r->hint_total);
    hsrc_hint_differ(g->h, &r->hint_differ, &r->hint_compared);
    trc_unknown_opcodes(hsrc_reader(g->h), r->unknown_ops, sizeof r->unknown_ops);
    const char *hk = hsrc_hint_kernel_mismatch(g->h);
    if (hk) snprintf(r->hint_kernel, sizeof r->hint_kernel, "%s", hk);
}

/* The results of solo g into r (run code rc): the sub-core's own, its cycles the run's,
 * nothing of a GPU (r->g unused). rc. */
static int solo_results(gpu_t *g, run_result *r, int rc)
{
    if (g->nrun) {
        gpu_sub_wake(g->run[0], g->cyc);
        subcore_fold(&g->run[0]->core, r, 1);
    }
    memset(&r->g, 0, sizeof r->g);
    r->cycles = r->st.cycles;
    r->insts = r->tc.insts;
    trace_results(g, r);
    return rc;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int gpu_run(const gpu_cfg *c, const run_opts *o, run_result *r, char *err)
{
    return gpu_run_shared(c, o, r, NULL, err);
}

int gpu_run_shared(const gpu_cfg *c, const run_opts *o, run_result *r, mem_t **mem, char *err)
{
    memset(r, 0, sizeof *r);
    err[0] = '\0';
    gpu_t *g = gpu_open(c, o, &r->g, mem, err);
    if (!g) return 2;
    int rc = 0;
    double t0 = now_s();
    if (g->mem) {
        mem_new_kernel(g->mem);
        if (mem_set_l1(g->mem, (uint64_t)g->l1_kb * 1024, err, RUN_ERR_LEN)) {
            gpu_free(g);
            return 2;
        }
        g->gc->l1_kb = (unsigned)(mem_l1_bytes(g->mem) / 1024);
        for (unsigned i = 0; g->c.gpu.memcpy_l2 && i < o->ncopies; i++)
            g->gc->copied_l2_bytes += mem_copy_in(g->mem, o->copies[i].addr, o->copies[i].bytes);
    }
    if (g->batch == 1) { /* every SM every cycle, sub-cores in start order */
        for (g->cyc = 0;; g->cyc++) {
            if ((rc = gpu_sched_dispatch(g, err) ? 2 : 0)) break;
            if (g->eof && !g->next && g->resident == 0 && gpu_subs_idle(g)) {
                r->complete = 1;
                break;
            }
            if (o->max_cycles && g->cyc >= o->max_cycles) break;
            if (g->nrun == 0 && g->dispatch_at / MILLI > g->cyc + 1) {
                g->cyc = g->dispatch_at / MILLI - 1; /* nothing runs before the next dispatch */
                continue;
            }
            if ((rc = gpu_subs_step(g, err))) break;
            if (g->mem && g->cyc % 64 == 63) mem_forget(g->mem, g->cyc + 1); /* now and then */
            if (o->progress && (g->cyc + 1) % GPU_PROGRESS_EVERY == 0) gpu_progress(g);
        }
    } else { /* batches: the scheduler plans the cycles, then each SM steps them in turn */
        rc = gpu_batch_run(g, &r->complete, err);
    }
    if (o->progress) fprintf(stderr, "\r%*s\r", 70, "");
    if (!rc && g->mem && mem_failed(g->mem)) {
        snprintf(err, RUN_ERR_LEN, "out of memory (the bandwidth timelines of the L2 and DRAM)");
        rc = 2;
    }
    r->seconds = now_s() - t0;
    if (g->solo) {
        rc = solo_results(g, r, rc);
        gpu_free(g);
        return rc;
    }
    uint64_t end = g->cyc + g->c.gpu.exit_lat, least = gpu_least_cycles(&g->c, g->gc->blocks);
    r->cycles = end > least ? end : least;
    g->gc->launch_cycles = g->first_dispatch != UINT64_MAX ? g->first_dispatch : g->c.gpu.launch_lat;
    g->gc->body_cycles = g->cyc > g->gc->launch_cycles ? g->cyc - g->gc->launch_cycles : 0;
    for (unsigned i = 0; i < g->nrun; i++) gpu_sub_wake(g->run[i], g->cyc);
    for (unsigned i = 0; i < g->nrun; i++) {
        gsub *s = g->run[i];
        subcore_fold(&s->core, r, i == 0);
        g->gc->sub_insts[s - g->sub] = tsrc_get_counts(s->core.t)->insts;
    }
    g->gc->subs_used = g->nrun;
    r->st.cycles = r->cycles;
    r->insts = r->tc.insts;
    trace_results(g, r);
    gpu_scale_finish(&g->scale, r);
    g->gc->mem = *mem_get_counts(g->mem);
    gpu_free(g);
    return rc;
}
