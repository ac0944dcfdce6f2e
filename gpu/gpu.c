/* gpu.c - the GPU of SMs of sub-cores (see gpu.h; docs/gpu.md). */
#include "gpu.h"
#include "gscale.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "hint.h"
#include "mem.h"
#include "preset.h"
#include "subcore.h"

#define MILLI 1000u
#define REG_GRAIN 256u               /* registers are allocated per warp in 256s */
#define MAX_THREAD_REGS 255u         /* registers one thread can have (R0..R254) */
#define PROGRESS_EVERY (1u << 16)    /* cycles between progress lines */

struct gpu;

typedef struct {
    struct gpu *g;
    unsigned sm;
    subcore_t core;                  /* model, fed trace source, driver, operand cache */
    int started;                     /* has run a warp: stepped every cycle from then on */
    uint64_t t0;                     /* the GPU cycle of its first step: its driver counts
                                        cycles from there, the memory system from 0 */
    uint64_t sleep_from, sleep_until;/* asleep (fast_idle): not stepped in the GPU cycles
                                        [sleep_from, sleep_until); 0, 0: awake */
} gsub;

typedef struct gblk {
    struct gpu *g;
    unsigned sm, nwarps;
    trc_block *b;
    uint64_t regs, shmem;
    uint64_t at;                     /* the cycle it is placed on its SM's sub-cores */
    uint64_t release;                /* retired: the cycle its SM's resources are free */
    struct gblk *next;               /* the SM's planned placements, by cycle; once retired,
                                        the release queue, by release cycle */
} gblk;

typedef struct {
    unsigned blocks;                 /* resident */
    unsigned warps_held;             /* warp slots of resident blocks */
    unsigned warps_assigned;         /* W of the round-robin / hashed assignment */
    uint64_t regs, shmem;            /* in use */
    gsub **run;                      /* its started sub-cores, in start order */
    unsigned nrun;
    gblk *plan_head, *plan_tail;     /* blocks given to it, not yet on its sub-cores */
} gsm;

/* Memory regions of the SM stepped next, loaded into the CPU's caches a few lines per cycle
 * while the current SM runs its batch: an SM's state (its L1 above all) is cold after the
 * other SMs' batches (a hint only: no effect on results). */
#define WARM_REGIONS 64u
#define WARM_LINES 16u               /* cache lines asked for per cycle of the batch */
#define WARM_MIN_SUBS 64u            /* fewer started sub-cores: their state stays in the
                                        CPU's caches from batch to batch, no warming */
typedef struct {
    const void *p[WARM_REGIONS];
    size_t len[WARM_REGIONS];
    unsigned n, i;                   /* regions, the region being asked for */
    size_t off;                      /* its next byte */
} warm_t;

typedef struct gpu {
    cfg_t c;
    const run_opts *o;
    hsrc_t *h;
    mem_t *mem;
    unsigned nsm, nsub;
    gsm *sm;
    gsub *sub;                       /* [nsm * nsub] */
    gsub **run;                      /* started sub-cores, in start order */
    unsigned nrun;
    unsigned batch;                  /* cycles an SM is stepped at a time (cfg.sm_batch) */
    unsigned rot;                    /* batches so far: the first SM of a batch rotates */
    unsigned nplanned;               /* blocks given to SMs, not yet on their sub-cores */
    gpu_counts *gc;
    trc_block *next;                 /* read, not yet placed */
    int eof;
    uint64_t dispatch_at;            /* milli-cycle the next block may be dispatched */
    uint64_t first_dispatch;         /* cycle of the first dispatch (UINT64_MAX: none) */
    unsigned rr;                     /* SM the next block is offered to first */
    uint64_t resident;               /* blocks resident on the GPU */
    uint64_t cyc;
    uint64_t regs_block, shmem_block;
    uint64_t interval;               /* milli-cycles between two dispatches to these SMs */
    gblk *rel_head, *rel_tail;       /* retired blocks not yet released, by release */
    int own_mem;                     /* the memory system is this run's (else an app's) */
    warm_t warm;
    gpu_scale_t scale;               /* grid_scale: the replica being read (gscale.h) */
} gpu_t;

int gpu_resolve(cfg_t *c, int bv, char *err)
{
    unsigned arch = preset_pick(c, bv);
    if (preset_apply(c, arch, err)) return -1;
    c->arch = arch;
    if (c->sm_subset > c->sms) {
        snprintf(err, CFG_ERR_LEN, "key 'sm_subset': %u is more than sms = %u (expected 0..sms)",
                 c->sm_subset, c->sms);
        return -1;
    }
    if (c->sms > GPU_MAX_SMS || c->subcores_per_sm > GPU_MAX_SUB) {
        snprintf(err, CFG_ERR_LEN, "sms = %u, subcores_per_sm = %u (expected at most %u and %u)",
                 c->sms, c->subcores_per_sm, GPU_MAX_SMS, GPU_MAX_SUB);
        return -1;
    }
    return 0;
}

uint64_t gpu_least_cycles(const cfg_t *c, uint64_t blocks)
{
    return c->launch_min + (uint64_t)c->launch_min_block * blocks / MILLI;
}

uint64_t gpu_empty_cycles(const cfg_t *c, uint64_t blocks, unsigned threads)
{
    uint64_t nsm = c->sm_subset ? c->sm_subset : c->sms;
    uint64_t run = (blocks * nsm + c->sms - 1) / c->sms; /* their share with sm_subset */
    uint64_t interval = (uint64_t)c->block_interval * c->sms / (nsm ? nsm : 1);
    unsigned w = (threads + 31) / 32, slots = c->warps * c->subcores_per_sm;
    uint64_t per_sm = w ? slots / w : c->max_blocks_sm;
    if (per_sm > c->max_blocks_sm) per_sm = c->max_blocks_sm;
    if (per_sm == 0 || run == 0) return gpu_least_cycles(c, blocks);
    uint64_t cap = per_sm * nsm; /* blocks resident at once */
    uint64_t life = (uint64_t)c->block_exit_lat * MILLI + (uint64_t)c->warp_exit_lat * w;
    uint64_t *ring = calloc(cap < run ? cap : run, sizeof *ring), t = 0; /* milli-cycles */
    if (!ring) return 0;
    /* block i starts when it is due and when the block `cap` places earlier has left */
    for (uint64_t i = 0; i < run; i++) {
        uint64_t due = (uint64_t)c->launch_lat * MILLI + i * interval;
        if (i >= cap && ring[i % cap] + life > due) due = ring[i % cap] + life;
        t = due > t ? due : t;
        ring[i % (cap < run ? cap : run)] = t;
    }
    free(ring);
    uint64_t end = (t + life) / MILLI + c->exit_lat, least = gpu_least_cycles(c, blocks);
    return end > least ? end : least;
}

/* ---------------------------------------------------------------- hooks of the sub-cores */

static int sub_fetch(void *ctx, unsigned w, uint32_t pc)
{
    gsub *s = ctx;
    (void)w;
    return mem_fetch(s->g->mem, s->sm, pc, s->g->cyc);
}

static uint64_t sub_fetch_wait(void *ctx, unsigned w, uint32_t pc)
{
    gsub *s = ctx;
    uint64_t r = mem_fetch_ready(s->g->mem, s->sm, pc);
    (void)w;
    return r > s->g->cyc ? r - s->g->cyc : 0;
}

static uint64_t sub_mem(void *ctx, const trc_warp *warp, const trc_inst *ti, uint64_t start)
{
    gsub *s = ctx; /* the driver's cycles are the sub-core's: the GPU's less t0 */
    return mem_access(s->g->mem, s->sm, warp, ti, start + s->t0) - s->t0;
}

/* A block retired (its last warp retired): its SM's resources are free block_exit_lat +
 * warp_exit_lat per warp later (the exit of its warps; measured on empty kernels). */
static void blk_done(void *ctx, void *arg)
{
    gpu_t *g = ctx;
    gblk *gb = arg;
    trc_block_free(gb->b);
    gb->b = NULL;
    gb->release = g->cyc + g->c.block_exit_lat + (uint64_t)g->c.warp_exit_lat * gb->nwarps / MILLI;
    gblk **p = &g->rel_head; /* sorted: almost always at the tail */
    if (g->rel_tail && g->rel_tail->release <= gb->release) p = &g->rel_tail->next;
    else
        while (*p && (*p)->release <= gb->release) p = &(*p)->next;
    gb->next = *p;
    *p = gb;
    if (!gb->next) g->rel_tail = gb;
}

/* Release the blocks due by this cycle. */
static void release_due(gpu_t *g)
{
    while (g->rel_head && g->rel_head->release <= g->cyc) {
        gblk *gb = g->rel_head;
        gsm *p = &g->sm[gb->sm];
        g->rel_head = gb->next;
        if (!g->rel_head) g->rel_tail = NULL;
        p->blocks--;
        p->warps_held -= gb->nwarps;
        p->regs -= gb->regs;
        p->shmem -= gb->shmem;
        g->resident--;
        free(gb);
    }
}

/* Bring a sleeping sub-core to GPU cycle `now` (the cycles [sleep_from, now) as idle
 * cycles: the same state and counters as stepping them) and wake it. */
static void wake(gsub *s, uint64_t now)
{
    if (!s->sleep_until) return;
    uint64_t n = now - s->sleep_from;
    sc_idle(s->core.m, n);
    drv_skip(s->core.d, n);
    tsrc_skip(s->core.t, n);
    s->sleep_from = s->sleep_until = 0;
}

/* After sub-core s stepped GPU cycle now: let it sleep while nothing can happen in it
 * (a quiescent model, every warp waiting for a write-back that is not due yet). */
static void maybe_sleep(gsub *s, uint64_t now)
{
    if (!sc_quiescent(s->core.m)) return;
    uint64_t u = drv_quiet_until(s->core.d);
    if (!u) return;
    uint64_t due = u == UINT64_MAX ? UINT64_MAX : u + s->t0; /* the GPU cycle to step again */
    if (due <= now + 2) return;
    s->sleep_from = now + 1;
    s->sleep_until = due;
}

/* ---------------------------------------------------------------- block scheduler */

/* Does block b fit SM p now? */
static int fits(const gpu_t *g, unsigned p, const trc_block *b)
{
    const gsm *s = &g->sm[p];
    return s->blocks < g->c.max_blocks_sm &&
           s->regs + (uint64_t)b->nwarps * g->regs_block <= g->c.regs_sm &&
           s->shmem + g->shmem_block <= g->c.shmem_sm &&
           s->warps_held + b->nwarps <= g->nsub * g->c.warps;
}

/* The sub-core of SM p the next warp goes to: round robin (W mod N) or the skewed round
 * robin hash of Barnes et al. ((W + W / N) mod N), then the next one with a free slot. */
static unsigned pick_sub(gpu_t *g, unsigned p, unsigned *slot)
{
    gsm *s = &g->sm[p];
    unsigned w = s->warps_assigned++, n = g->nsub;
    *slot = 0;
    unsigned k = g->c.subcore_assign == CFG_ASSIGN_HASHED ? (w + w / n) % n : w % n;
    for (unsigned i = 0; i < n; i++, k = (k + 1) % n) {
        const gsub *sub = &g->sub[p * n + k]; /* not created yet: every slot free */
        uint64_t m = sub->core.t ? tsrc_free_slots(sub->core.t)
                            : g->c.warps >= 64 ? ~0ULL : (1ULL << g->c.warps) - 1;
        if (m) {
            *slot = (unsigned)__builtin_ctzll(m);
            return k;
        }
    }
    return 0; /* not reached: fits() counted the free slots */
}

/* Start sub-core s (it gets its first warp): from now on it is stepped every cycle. */
static void start_sub(gpu_t *g, gsub *s)
{
    if (s->started) return;
    s->started = 1;
    s->t0 = g->cyc;
    g->run[g->nrun++] = s;
    gsm *p = &g->sm[s->sm];
    p->run[p->nrun++] = s;
}

/* Create sub-core s at its first warp (a GPU run allocates only the sub-cores its warps
 * reach). 0, or -1 with err. */
static int sub_open(gpu_t *g, gsub *s, char *err)
{
    char terr[TSRC_ERR_LEN], label[16];
    if (s->core.t) return 0;
    tsrc_t *t = tsrc_create_fed(&g->c, g->o->trace, terr);
    if (!t) {
        snprintf(err, RUN_ERR_LEN, "%s", terr);
        return -1;
    }
    tsrc_set_fetch(t, sub_fetch, sub_fetch_wait, s);
    tsrc_set_mem(t, sub_mem, s);
    snprintf(label, sizeof label, "SM %u", s->sm);
    return subcore_open(&s->core, &g->c, t, g->o->values, g->o->check_invariants, label, err);
}

static int place(gpu_t *g, gblk *gb, char *err);

/* Give block b to SM p at this cycle: its resources are taken now, its warps go to the
 * SM's sub-cores when the SM is stepped at this cycle (place). 0, or -1 with err. */
static int plan_block(gpu_t *g, unsigned p, trc_block *b, char *err)
{
    if (b->nwarps == 0) { /* nothing to run, nothing held */
        trc_block_free(b);
        g->gc->blocks_run++;
        return 0;
    }
    gblk *gb = calloc(1, sizeof *gb);
    if (!gb) {
        snprintf(err, RUN_ERR_LEN, "%s: out of memory", g->o->trace);
        return -1;
    }
    gb->g = g;
    gb->sm = p;
    gb->b = b;
    gb->regs = (uint64_t)b->nwarps * g->regs_block;
    gb->shmem = g->shmem_block;
    gb->nwarps = b->nwarps;
    gb->at = g->cyc;
    gsm *s = &g->sm[p];
    s->blocks++;
    s->warps_held += b->nwarps;
    s->regs += gb->regs;
    s->shmem += gb->shmem;
    if (s->blocks > g->gc->max_resident) g->gc->max_resident = s->blocks;
    g->resident++;
    g->gc->blocks_run++;
    if (g->batch == 1) return place(g, gb, err); /* every SM every cycle: at once */
    if (s->plan_tail) s->plan_tail->next = gb;
    else s->plan_head = gb;
    s->plan_tail = gb;
    g->nplanned++;
    return 0;
}

/* Place planned block gb on its SM's sub-cores (at cycle gb->at). 0, or -1 with err. */
static int place(gpu_t *g, gblk *gb, char *err)
{
    unsigned p = gb->sm;
    trc_block *b = gb->b;
    gb->next = NULL;
    tsrc_blk *tb = tsrc_blk_create(blk_done, g, gb);
    if (!tb) {
        snprintf(err, RUN_ERR_LEN, "%s: out of memory", g->o->trace);
        return -1;
    }
    char terr[TSRC_ERR_LEN];
    gsub *first = NULL;
    for (unsigned w = 0; w < b->nwarps; w++) {
        unsigned slot, k = pick_sub(g, p, &slot);
        gsub *sub = &g->sub[p * g->nsub + k];
        if (sub_open(g, sub, err)) { /* out of memory: the run ends */
            if (first) tsrc_blk_seal(first->core.t, tb);
            return -1;
        }
        if (!first) first = sub;
        wake(sub, g->cyc); /* its slots change: bring it to this cycle first */
        if (tsrc_place(sub->core.t, tb, &b->warp[w], slot, terr)) {
            snprintf(err, RUN_ERR_LEN, "%s", terr);
            tsrc_blk_seal(sub->core.t, tb);
            return -1;
        }
        if (b->warp[w].n) start_sub(g, sub);
    }
    tsrc_blk_seal(first->core.t, tb);
    return 0;
}

/* Read the next block to simulate into g->next (with sm_subset, the blocks of the other
 * SMs are read and dropped). 0, or -1 with err. */
static int read_next(gpu_t *g, char *err)
{
    char herr[TRC_ERR_LEN];
    while (!g->next && !g->eof) {
        trc_block *b = NULL;
        int rc = gpu_scale_next(&g->scale, &g->h, &b, herr);
        if (rc < 0) {
            snprintf(err, RUN_ERR_LEN, "%s", herr);
            return -1;
        }
        if (rc == 0) {
            g->eof = 1;
            break;
        }
        uint64_t i = g->gc->blocks++;
        if (g->o->max_blocks && i >= g->o->max_blocks) {
            trc_block_free(b);
            g->eof = 1;
            break;
        }
        if (g->c.sm_subset && i % g->c.sms >= g->c.sm_subset) {
            trc_block_free(b);
            continue;
        }
        char terr[TSRC_ERR_LEN];
        if (tsrc_check_block(&g->c, g->o->trace, b, terr)) {
            snprintf(err, RUN_ERR_LEN, "%s", terr);
            trc_block_free(b);
            return -1;
        }
        if (b->nwarps > g->nsub * g->c.warps || (uint64_t)b->nwarps * g->regs_block > g->c.regs_sm ||
            g->shmem_block > g->c.shmem_sm) {
            snprintf(err, RUN_ERR_LEN, "%s:%u: thread block %u,%u,%u cannot fit an SM: %u warps "
                     "of %u registers per thread and %llu bytes of shared memory (expected at "
                     "most %u warps (warps x subcores_per_sm), regs_sm = %u registers, shmem_sm "
                     "= %u bytes)", g->o->trace, b->nwarps && b->warp[0].n ? b->warp[0].inst[0].line : 0,
                     b->id.x, b->id.y, b->id.z, b->nwarps,
                     (unsigned)(g->regs_block / 32), (unsigned long long)g->shmem_block,
                     g->nsub * g->c.warps, g->c.regs_sm, g->c.shmem_sm);
            trc_block_free(b);
            return -1;
        }
        g->next = b;
    }
    return 0;
}

/* Dispatch the blocks due at this cycle. 0, or -1 with err. */
static int dispatch(gpu_t *g, char *err)
{
    release_due(g);
    while (g->cyc * MILLI >= g->dispatch_at) {
        if (!g->next && read_next(g, err)) return -1;
        if (!g->next) return 0;
        unsigned p = g->rr, i;
        for (i = 0; i < g->nsm && !fits(g, p, g->next); i++) p = (p + 1) % g->nsm;
        if (i == g->nsm) {
            g->gc->block_full_cycles++;
            return 0;
        }
        trc_block *b = g->next;
        g->next = NULL;
        if (plan_block(g, p, b, err)) return -1;
        g->rr = (p + 1) % g->nsm;
        if (g->first_dispatch == UINT64_MAX) g->first_dispatch = g->cyc;
        /* on time (due within this cycle): the next is due an interval later; late
         * (waited for room): an interval from now, no credit for the wait */
        uint64_t base = g->dispatch_at + MILLI > g->cyc * MILLI ? g->dispatch_at : g->cyc * MILLI;
        g->dispatch_at = base + g->interval;
    }
    return 0;
}

/* ---------------------------------------------------------------- set-up and the run */

static void gpu_free(gpu_t *g)
{
    if (!g) return;
    if (g->sub)
        for (unsigned i = 0; i < g->nsm * g->nsub; i++) subcore_close(&g->sub[i].core);
    trc_block_free(g->next);
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
static mem_t *make_mem(const cfg_t *c, unsigned nsm, unsigned share, char *err)
{
    mem_cfg m = {0};
    m.sms = nsm;
    m.l1_bytes = (uint64_t)c->l1_kb * 1024;
    m.l1_ways = c->l1_ways;
    m.l1_mshrs = c->l1_mshrs;
    m.l1_lat = c->exec[TRC_CLS_LDST].lat;
    m.shmem_lat = c->exec[TRC_CLS_SHMEM].lat;
    m.l2_slices = (unsigned)((uint64_t)c->l2_slices * share / c->sms);
    if (m.l2_slices == 0) m.l2_slices = 1;
    m.l2_bytes = (uint64_t)c->l2_kb * 1024 * m.l2_slices / c->l2_slices;
    m.l2_ways = c->l2_ways;
    m.l2_lat = c->l2_lat;
    m.l2_bw = c->l2_bw;
    m.dram_lat = c->dram_lat;
    m.dram_bw = (unsigned)((uint64_t)c->dram_bw * share / c->sms);
    if (m.dram_bw == 0) m.dram_bw = 1;
    m.const_lat = c->const_lat;
    m.const_miss_lat = c->const_miss_lat;
    m.icache_miss_lat = c->icache_miss_lat;
    return mem_create(&m, err, RUN_ERR_LEN);
}

/* sm_fill: the fewest SMs the kernel's grid fills completely, at the blocks per SM its
 * warps, registers and shared memory allow (at least 1). */
static uint64_t fill_sms(const gpu_t *g, const trc_kernel *k)
{
    uint64_t blocks = (uint64_t)k->grid.x * k->grid.y * k->grid.z * g->scale.k;
    uint64_t wpb = ((uint64_t)k->block.x * k->block.y * k->block.z + 31) / 32;
    if (wpb == 0) wpb = 1;
    uint64_t per = g->c.max_blocks_sm, t = (uint64_t)g->nsub * g->c.warps / wpb;
    if (t < per) per = t;
    if (g->regs_block && (t = g->c.regs_sm / (wpb * g->regs_block)) < per) per = t;
    if (g->shmem_block && (t = g->c.shmem_sm / g->shmem_block) < per) per = t;
    if (per == 0) per = 1;
    uint64_t need = (blocks + per - 1) / per;
    return need ? need : 1;
}

/* Open the trace, resolve the preset, build SMs and sub-cores. NULL with err. */
static gpu_t *gpu_open(const cfg_t *c0, const run_opts *o, gpu_counts *gc, mem_t **shared,
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
    hint_opts ho = {(hint_mode)c0->hint_mode, c0->rthld, c0->hint_profile_warps, NULL,
                    c0->banks};
    if (o->hint_file) {
        ho.mode = HINT_FILE;
        ho.file = o->hint_file;
    }
    unsigned keep = HSRC_KEEP_ADDRESSES | (o->values ? HSRC_KEEP_VALUES : 0); /* drv.h */
    if (!(g->h = hsrc_open_keep(o->trace, &ho, keep, herr))) {
        snprintf(err, RUN_ERR_LEN, "%s", herr);
        goto fail;
    }
    const trc_kernel *k = hsrc_kernel(g->h);
    gpu_scale_init(&g->scale, c0->grid_scale, o->trace, &ho, keep, k->grid.x);
    char cerr[CFG_ERR_LEN];
    if (gpu_resolve(&g->c, k->binary_version, cerr)) {
        snprintf(err, RUN_ERR_LEN, "%s", cerr);
        goto fail;
    }
    g->nsm = g->c.sm_subset ? g->c.sm_subset : g->c.sms;
    g->nsub = g->c.subcores_per_sm;
    unsigned nregs = k->nregs ? k->nregs : 1;
    if (nregs > MAX_THREAD_REGS) { /* a header no GPU can have (seen in real traces) */
        fprintf(stderr, "malekeh-sim: warning: %s: -nregs = %u is more than the %u registers "
                "a thread can have; the GPU model allocates %u per thread\n", o->trace, nregs,
                MAX_THREAD_REGS, MAX_THREAD_REGS);
        nregs = MAX_THREAD_REGS;
    }
    g->regs_block = ((uint64_t)nregs * 32 + REG_GRAIN - 1) / REG_GRAIN * REG_GRAIN;
    g->shmem_block = k->shmem;
    gc->used = 1;
    gc->cfg = g->c;
    gc->arch = g->c.arch;
    gc->sms = g->c.sms;
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
    g->batch = g->c.sm_batch ? g->c.sm_batch : 1;
    if (g->batch > g->c.block_exit_lat) g->batch = g->c.block_exit_lat ? g->c.block_exit_lat : 1;
    g->interval = (uint64_t)g->c.block_interval;
    if (g->c.sm_subset) g->interval = g->interval * g->c.sms / g->nsm;
    if (g->c.sm_fill && !g->c.sm_subset) {
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
        unsigned share = g->c.sm_subset ? g->nsm : g->c.sms;
        if (!(g->mem = make_mem(&g->c, shared ? share : g->nsm, share, err))) goto fail;
        if (shared) *shared = g->mem;
        else g->own_mem = 1;
    }
    mem_clear_counts(g->mem);
    for (unsigned i = 0; i < g->nsm * g->nsub; i++) {
        g->sub[i].g = g;
        g->sub[i].sm = i / g->nsub;
    }
    g->dispatch_at = (uint64_t)g->c.launch_lat * MILLI;
    return g;
fail:
    gpu_free(g);
    return NULL;
}

/* Every started sub-core has retired all it was given. */
static int subs_idle(const gpu_t *g)
{
    for (unsigned i = 0; i < g->nrun; i++)
        if (!tsrc_done(g->run[i]->core.t) || !drv_idle(g->run[i]->core.d)) return 0;
    return 1;
}

/* One cycle (g->cyc) of started sub-core s. 0, 1 violation (err), 2 trace error (err). */
static int step_sub(gpu_t *g, gsub *s, char *err)
{
    int rc;
    if (s->sleep_until > g->cyc) return 0;
    wake(s, g->cyc);
    if ((rc = subcore_step(&s->core, g->cyc, err))) return rc;
    if (g->c.fast_idle) maybe_sleep(s, g->cyc);
    return 0;
}

/* One cycle of every started sub-core, in start order. 0, 1 violation, 2 trace error. */
static int step_subs(gpu_t *g, char *err)
{
    int rc;
    for (unsigned i = 0; i < g->nrun; i++)
        if ((rc = step_sub(g, g->run[i], err))) return rc;
    return 0;
}

/* Add the n bytes at p to the regions to warm (a full list drops the rest: a hint). */
static void warm_add(void *ctx, const void *p, size_t n)
{
    warm_t *w = ctx;
    if (n && w->n < WARM_REGIONS) {
        w->p[w->n] = p;
        w->len[w->n++] = n;
    }
}

/* Ask the CPU to load up to `lines` more cache lines of the regions to warm (a hint:
 * no effect on results). */
static void warm_step(warm_t *w, unsigned lines)
{
    while (lines && w->i < w->n) {
        const char *c = w->p[w->i];
        for (; lines && w->off < w->len[w->i]; w->off += 64, lines--) __builtin_prefetch(c + w->off);
        if (w->off >= w->len[w->i]) {
            w->i++;
            w->off = 0;
        }
    }
}

/* The regions SM q's next cycles read, to warm while another SM runs: its sub-cores'
 * model state (the units it has, the arbiter, the per-cycle counters), drivers and
 * sources, then its part of the memory system (its L1 above all). About 1,500 cache lines
 * on the default configuration, asked for over the batch's cycles. */
static void sm_hot(gpu_t *g, unsigned q)
{
    const gsm *p = &g->sm[q];
    for (unsigned i = 0; i < p->nrun; i++) {
        subcore_hot(&p->run[i]->core, warm_add, &g->warm);
    }
    mem_hot(g->mem, q, warm_add, &g->warm);
}

/* Cycles [c0, c1) of SM p's sub-cores, its planned blocks placed at their cycles. 0, 1
 * violation (err), 2 trace error or no memory (err). */
static int step_sm(gpu_t *g, gsm *p, uint64_t c0, uint64_t c1, char *err)
{
    int rc;
    for (uint64_t c = c0; c < c1; c++) {
        g->cyc = c;
        while (p->plan_head && p->plan_head->at <= c) {
            gblk *gb = p->plan_head;
            p->plan_head = gb->next;
            if (!p->plan_head) p->plan_tail = NULL;
            g->nplanned--;
            if (place(g, gb, err)) return 2;
        }
        /* every sub-core of the SM asleep past this cycle (step_sub would return at once for
         * each): go on at the first cycle one wakes, a planned block arrives or the batch
         * ends */
        uint64_t wake = UINT64_MAX;
        for (unsigned i = 0; i < p->nrun && wake > c; i++)
            if (p->run[i]->sleep_until < wake) wake = p->run[i]->sleep_until;
        if (p->nrun && wake > c + 1) {
            uint64_t next = wake < c1 ? wake : c1;
            if (p->plan_head && p->plan_head->at < next) next = p->plan_head->at;
            c = next - 1;
            continue;
        }
        for (unsigned i = 0; i < p->nrun; i++)
            if ((rc = step_sub(g, p->run[i], err))) return rc;
        warm_step(&g->warm, WARM_LINES);
    }
    return 0;
}

/* The block scheduler over cycles [c0, c0 + n): per cycle the releases due, the blocks
 * given to SMs, the end and limit checks, as the cycle-by-cycle loop does them. *upto: the
 * first cycle not to step (c0 + n, the kernel's end with *done, the cycle limit with
 * *stop, or the next dispatch when nothing runs before it). 0, or -1 with err. */
static int plan_batch(gpu_t *g, uint64_t c0, uint64_t n, uint64_t *upto, int *done, int *stop,
                      char *err)
{
    for (uint64_t c = c0; c < c0 + n; c++) {
        g->cyc = c;
        if (dispatch(g, err)) return -1;
        if (g->eof && !g->next && g->resident == 0 && subs_idle(g)) {
            *upto = c;
            *done = 1;
            return 0;
        }
        if (g->o->max_cycles && c >= g->o->max_cycles) {
            *upto = c;
            *stop = 1;
            return 0;
        }
        if (g->nrun == 0 && g->nplanned == 0 && g->dispatch_at / MILLI > c + 1) {
            *upto = g->dispatch_at / MILLI; /* nothing runs before the next dispatch */
            return 0;
        }
    }
    *upto = c0 + n;
    return 0;
}

/* The progress line at g->cyc. */
static void progress(const gpu_t *g)
{
    fprintf(stderr, "\r  cycle %llu: %llu blocks placed, %llu resident   ",
            (unsigned long long)(g->cyc + 1), (unsigned long long)g->gc->blocks_run,
            (unsigned long long)g->resident);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int gpu_run(const cfg_t *c, const run_opts *o, run_result *r, char *err)
{
    return gpu_run_shared(c, o, r, NULL, err);
}

int gpu_run_shared(const cfg_t *c, const run_opts *o, run_result *r, mem_t **mem, char *err)
{
    memset(r, 0, sizeof *r);
    err[0] = '\0';
    gpu_t *g = gpu_open(c, o, &r->g, mem, err);
    if (!g) return 2;
    int rc = 0;
    double t0 = now_s();
    mem_new_kernel(g->mem);
    if (g->batch == 1) { /* every SM every cycle, sub-cores in start order */
        for (g->cyc = 0;; g->cyc++) {
            if ((rc = dispatch(g, err) ? 2 : 0)) break;
            if (g->eof && !g->next && g->resident == 0 && subs_idle(g)) {
                r->complete = 1;
                break;
            }
            if (o->max_cycles && g->cyc >= o->max_cycles) break;
            if (g->nrun == 0 && g->dispatch_at / MILLI > g->cyc + 1) {
                g->cyc = g->dispatch_at / MILLI - 1; /* nothing runs before the next dispatch */
                continue;
            }
            if ((rc = step_subs(g, err))) break;
            if (g->cyc % 64 == 63) mem_forget(g->mem, g->cyc + 1); /* now and then: cheap */
            if (o->progress && (g->cyc + 1) % PROGRESS_EVERY == 0) progress(g);
        }
    } else { /* batches: the scheduler plans the cycles, then each SM steps them in turn */
        for (uint64_t cy = 0;;) {
            uint64_t upto = cy;
            int done = 0, stop = 0;
            if (plan_batch(g, cy, g->batch, &upto, &done, &stop, err)) {
                rc = 2;
                break;
            }
            mem_forget(g->mem, cy); /* every request of the batch arrives at cy or later */
            for (unsigned k = 0, p0 = g->rot++ % g->nsm; k < g->nsm && !rc; k++) {
                unsigned p = p0 + k < g->nsm ? p0 + k : p0 + k - g->nsm;
                if (g->sm[p].nrun || g->sm[p].plan_head) {
                    unsigned q = p + 1 < g->nsm ? p + 1 : 0; /* stepped next */
                    g->warm.n = g->warm.i = 0;
                    g->warm.off = 0;
                    if (g->nrun > WARM_MIN_SUBS && k + 1 < g->nsm && g->sm[q].nrun) sm_hot(g, q);
                    rc = step_sm(g, &g->sm[p], cy, upto, err);
                }
            }
            if (o->progress && upto / PROGRESS_EVERY != cy / PROGRESS_EVERY) progress(g);
            g->cyc = cy = upto;
            if (rc || stop) break;
            if (done) {
                r->complete = 1;
                break;
            }
        }
    }
    if (o->progress) fprintf(stderr, "\r%*s\r", 70, "");
    if (!rc && mem_failed(g->mem)) {
        snprintf(err, RUN_ERR_LEN, "out of memory (the bandwidth timelines of the L2 and DRAM)");
        rc = 2;
    }
    r->seconds = now_s() - t0;
    uint64_t end = g->cyc + g->c.exit_lat, least = gpu_least_cycles(&g->c, g->gc->blocks);
    r->cycles = end > least ? end : least;
    g->gc->launch_cycles = g->first_dispatch != UINT64_MAX ? g->first_dispatch : g->c.launch_lat;
    g->gc->body_cycles = g->cyc > g->gc->launch_cycles ? g->cyc - g->gc->launch_cycles : 0;
    for (unsigned i = 0; i < g->nrun; i++) wake(g->run[i], g->cyc);
    for (unsigned i = 0; i < g->nrun; i++) {
        gsub *s = g->run[i];
        subcore_fold(&s->core, r, i == 0);
        g->gc->sub_insts[s - g->sub] = tsrc_get_counts(s->core.t)->insts;
    }
    g->gc->subs_used = g->nrun;
    r->st.cycles = r->cycles;
    r->insts = r->tc.insts;
    r->kernel = *hsrc_kernel(g->h);
    hsrc_hint_match(g->h, &r->hint_matched, &r->hint_total);
    hsrc_hint_differ(g->h, &r->hint_differ, &r->hint_compared);
    trc_unknown_opcodes(hsrc_reader(g->h), r->unknown_ops, sizeof r->unknown_ops);
    gpu_scale_finish(&g->scale, r);
    const char *hk = hsrc_hint_kernel_mismatch(g->h);
    if (hk) snprintf(r->hint_kernel, sizeof r->hint_kernel, "%s", hk);
    g->gc->mem = *mem_get_counts(g->mem);
    gpu_free(g);
    return rc;
}
