/* gsched.c - the GPU's thread-block scheduler (see gsched.h). */
#include "gsched.h"

#include <stdio.h>
#include <stdlib.h>
#include "gsubs.h"

/* A block retired (its last warp retired): its SM's resources are free block_exit_lat +
 * warp_exit_lat per warp later (the exit of its warps; measured on empty kernels). */
static void blk_done(void *ctx, void *arg)
{
    gpu_t *g = ctx;
    gblk *gb = arg;
    trc_block_free(gb->b);
    gb->b = NULL;
    gb->release = g->cyc + g->c.gpu.block_exit_lat + (uint64_t)g->c.gpu.warp_exit_lat * gb->nwarps / MILLI;
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

/* Does block b fit SM p now? */
static int fits(const gpu_t *g, unsigned p, const trc_block *b)
{
    const gsm *s = &g->sm[p];
    return s->blocks < g->c.gpu.max_blocks_sm &&
           s->regs + (uint64_t)b->nwarps * g->regs_block <= g->c.gpu.regs_sm &&
           s->shmem + g->shmem_block <= g->c.gpu.shmem_sm &&
           s->warps_held + b->nwarps <= g->nsub * g->c.hw.warps;
}

/* The sub-core of SM p the next warp goes to: round robin (W mod N) or the skewed round
 * robin hash of Barnes et al. ((W + W / N) mod N), then the next one with a free slot. */
static unsigned pick_sub(gpu_t *g, unsigned p, unsigned *slot)
{
    gsm *s = &g->sm[p];
    unsigned w = s->warps_assigned++, n = g->nsub;
    *slot = 0;
    unsigned k = g->c.gpu.subcore_assign == GPU_ASSIGN_HASHED ? (w + w / n) % n : w % n;
    for (unsigned i = 0; i < n; i++, k = (k + 1) % n) {
        const gsub *sub = &g->sub[p * n + k]; /* not created yet: every slot free */
        uint64_t m = sub->core.t ? tsrc_free_slots(sub->core.t)
                            : g->c.hw.warps >= 64 ? ~0ULL : (1ULL << g->c.hw.warps) - 1;
        if (m) {
            *slot = (unsigned)__builtin_ctzll(m);
            return k;
        }
    }
    return 0; /* not reached: fits() counted the free slots */
}

/* Give block b to SM p at this cycle: its resources are taken now, its warps go to the
 * SM's sub-cores when the SM is stepped at this cycle (gpu_sched_place). 0, or -1 with err. */
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
    if (g->batch == 1) return gpu_sched_place(g, gb, err); /* every SM every cycle: at once */
    if (s->plan_tail) s->plan_tail->next = gb;
    else s->plan_head = gb;
    s->plan_tail = gb;
    g->nplanned++;
    return 0;
}

/* Place planned block gb on its SM's sub-cores (at cycle gb->at). 0, or -1 with err. */
int gpu_sched_place(gpu_t *g, gblk *gb, char *err)
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
        if (gpu_sub_open(g, sub, err)) { /* out of memory: the run ends */
            if (first) tsrc_blk_seal(first->core.t, tb);
            return -1;
        }
        if (!first) first = sub;
        gpu_sub_wake(sub, g->cyc); /* its slots change: bring it to this cycle first */
        if (tsrc_place(sub->core.t, tb, &b->warp[w], slot, terr)) {
            snprintf(err, RUN_ERR_LEN, "%s", terr);
            tsrc_blk_seal(sub->core.t, tb);
            return -1;
        }
        if (b->warp[w].n) gpu_sub_start(g, sub);
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
        if (g->solo && g->o->max_blocks && g->gc->blocks >= g->o->max_blocks) {
            g->eof = 1; /* the next block is not read */
            break;
        }
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
        if (g->solo) { /* one sub-core: every block, in groups (solo_dispatch) */
            char terr[TSRC_ERR_LEN];
            if (tsrc_check_block(&g->c.hw, g->o->trace, b, terr)) {
                snprintf(err, RUN_ERR_LEN, "%s", terr);
                trc_block_free(b);
                return -1;
            }
            g->next = b;
            break;
        }
        if (g->o->max_blocks && i >= g->o->max_blocks) {
            trc_block_free(b);
            g->eof = 1;
            break;
        }
        if (g->c.gpu.sm_subset && i % g->c.gpu.sms >= g->c.gpu.sm_subset) {
            trc_block_free(b);
            continue;
        }
        char terr[TSRC_ERR_LEN];
        if (tsrc_check_block(&g->c.hw, g->o->trace, b, terr)) {
            snprintf(err, RUN_ERR_LEN, "%s", terr);
            trc_block_free(b);
            return -1;
        }
        if (b->nwarps > g->nsub * g->c.hw.warps || (uint64_t)b->nwarps * g->regs_block > g->c.gpu.regs_sm ||
            g->shmem_block > g->c.gpu.shmem_sm) {
            snprintf(err, RUN_ERR_LEN, "%s:%u: thread block %u,%u,%u cannot fit an SM: %u warps "
                     "of %u registers per thread and %llu bytes of shared memory (expected at "
                     "most %u warps (warps x subcores_per_sm), regs_sm = %u registers, shmem_sm "
                     "= %u bytes)", g->o->trace, b->nwarps && b->warp[0].n ? b->warp[0].inst[0].line : 0,
                     b->id.x, b->id.y, b->id.z, b->nwarps,
                     (unsigned)(g->regs_block / 32), (unsigned long long)g->shmem_block,
                     g->nsub * g->c.hw.warps, g->c.gpu.regs_sm, g->c.gpu.shmem_sm);
            trc_block_free(b);
            return -1;
        }
        g->next = b;
    }
    return 0;
}

/* solo: a group of block gb retired (every warp of it). The block is done when all its
 * groups are and none remains to place. */
static void solo_group_done(void *ctx, void *arg)
{
    gpu_t *g = ctx;
    gblk *gb = arg;
    if (--gb->groups) return;
    trc_block_free(gb->b);
    free(gb);
    g->resident--;
}

/* solo: place the next group of g->next (at most cfg.warps of its warps, in the lowest
 * free slots, a warp without instructions taking none) if the sub-core has a free slot for
 * each. 1 placed, 0 not, -1 with err. */
static int solo_group(gpu_t *g, gsub *s, char *err)
{
    trc_block *b = g->next;
    unsigned n = b->nwarps - g->next_warp;
    if (n > g->c.hw.warps) n = g->c.hw.warps;
    if (n > (unsigned)__builtin_popcountll(tsrc_free_slots(s->core.t))) return 0;
    gblk *gb = g->next_blk;
    tsrc_blk *tb = NULL;
    if (!gb && (gb = calloc(1, sizeof *gb))) {
        gb->b = b;
        gb->groups = 1; /* until every group is placed */
        g->next_blk = gb;
        g->resident++;
        g->gc->blocks_run++;
    }
    if (!gb || !(tb = tsrc_blk_create(solo_group_done, g, gb))) {
        snprintf(err, RUN_ERR_LEN, "%s: out of memory", g->o->trace);
        return -1;
    }
    gb->groups++;
    gpu_sub_wake(s, g->cyc); /* its slots change: bring it to this cycle first */
    int first = g->next_warp == 0;
    char terr[TSRC_ERR_LEN];
    for (unsigned i = 0; i < n; i++) {
        const trc_warp *tw = &b->warp[g->next_warp + i];
        uint64_t m = tsrc_free_slots(s->core.t);
        if (tw->n && tsrc_place(s->core.t, tb, tw, (unsigned)__builtin_ctzll(m), terr)) {
            snprintf(err, RUN_ERR_LEN, "%s", terr);
            tsrc_blk_seal_more(s->core.t, tb);
            return -1;
        }
    }
    g->next_warp += n;
    (first ? tsrc_blk_seal : tsrc_blk_seal_more)(s->core.t, tb);
    return 1;
}

/* solo: place groups while they fit, reading blocks as the last group of one is placed
 * (a block without warps counts as placed and done at once). 0, or -1 with err. */
static int solo_dispatch(gpu_t *g, char *err)
{
    gsub *s = &g->sub[0];
    if (!s->started) { /* stepped from cycle 0, as the earlier machine was */
        if (gpu_sub_open(g, s, err)) return -1;
        gpu_sub_start(g, s);
    }
    for (;;) {
        if (!g->next && read_next(g, err)) return -1;
        if (!g->next) return 0;
        if (g->next_warp < g->next->nwarps || g->next->nwarps == 0) {
            int rc = solo_group(g, s, err);
            if (rc <= 0) return rc;
        }
        if (g->next_warp >= g->next->nwarps) { /* every group placed */
            gblk *gb = g->next_blk;
            g->next = NULL;
            g->next_blk = NULL;
            g->next_warp = 0;
            solo_group_done(g, gb);
        }
    }
}

/* Dispatch the blocks due at this cycle. 0, or -1 with err. */
int gpu_sched_dispatch(gpu_t *g, char *err)
{
    if (g->solo) return solo_dispatch(g, err);
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
