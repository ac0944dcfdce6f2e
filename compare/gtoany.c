/* gtoany.c - GTO + LRU caches on the baseline's any-free collectors (see gtoany.h). */
#include "gtoany.h"

#include <stdlib.h>
#include "lfsr.h"

#define NONE (-1)

typedef struct {
    uint64_t lru;   /* when last touched */
    uint16_t reg;
    uint8_t valid;
} gent;

struct gtoany {
    unsigned warps, regs, ent, ccus;
    int own;          /* gto_own: a warp's own collector first when it is free */
    gent *e;          /* [ccus][ent]: collector k's cache */
    int *owner;       /* [ccus] the warp whose values collector k holds, or NONE */
    int *at;          /* [warps] the collector of warp w's instruction in collection, or NONE */
    uint64_t busy;    /* bit k: collector k holds an instruction in collection */
    uint64_t freed;   /* bit k: collector k was dispatched from this cycle: free from the next */
    uint16_t lfsr;    /* the random pick among the free collectors, stepped at each issue */
    uint64_t tick;    /* LRU stamps */
    opc_stats st;
};

gtoany_t *gtoany_create(const cfg_t *c, int own)
{
    gtoany_t *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->own = own;
    g->warps = c->warps ? c->warps : 1;
    g->regs = c->regs ? c->regs : 1;
    g->ent = c->entries ? c->entries : 1;
    g->ccus = c->ccus ? c->ccus : 1;
    g->lfsr = (uint16_t)(c->lfsr_seed & 0xFFFFu) ? (uint16_t)(c->lfsr_seed & 0xFFFFu) : 1;
    g->e = calloc((size_t)g->ccus * g->ent, sizeof *g->e);
    g->owner = malloc(g->ccus * sizeof *g->owner);
    g->at = malloc(g->warps * sizeof *g->at);
    if (!g->e || !g->owner || !g->at) {
        gtoany_destroy(g);
        return NULL;
    }
    for (unsigned k = 0; k < g->ccus; k++) g->owner[k] = NONE;
    for (unsigned w = 0; w < g->warps; w++) g->at[w] = NONE;
    return g;
}

void gtoany_destroy(gtoany_t *g)
{
    if (!g) return;
    free(g->e);
    free(g->owner);
    free(g->at);
    free(g);
}

static gent *cache_of(const gtoany_t *g, unsigned k)
{
    return &g->e[(size_t)k * g->ent];
}

/* The collector warp w's next issue goes to: a free one at random (the baseline's rule;
 * gto_own: the one w owns if it is free), or -1. */
static int pick(const gtoany_t *g, unsigned w)
{
    uint64_t all = g->ccus >= 64 ? ~0ULL : (1ULL << g->ccus) - 1;
    for (unsigned k = 0; g->own && k < g->ccus; k++)
        if (g->owner[k] == (int)w && !(g->busy >> k & 1u)) return (int)k;
    return lfsr_pick(g->lfsr, all & ~g->busy, g->ccus);
}

/* Entry of register reg in collector k's cache, or -1. */
static int find(const gtoany_t *g, unsigned k, unsigned reg)
{
    const gent *e = cache_of(g, k);
    for (unsigned i = 0; i < g->ent; i++)
        if (e[i].valid && e[i].reg == reg) return (int)i;
    return -1;
}

/* Collector k's values are gone and it has no owner. */
static void drop(gtoany_t *g, unsigned k)
{
    gent *e = cache_of(g, k);
    unsigned held = 0;
    for (unsigned i = 0; i < g->ent; i++) {
        held |= e[i].valid;
        e[i].valid = 0;
    }
    g->st.drops_nonempty += held;
    g->owner[k] = NONE;
}

/* Warp w's values (in whichever collector holds them) are gone. */
static void drop_warp(gtoany_t *g, unsigned w)
{
    for (unsigned k = 0; k < g->ccus; k++)
        if (g->owner[k] == (int)w) drop(g, k);
}

static uint32_t ga_hits(void *ctx, unsigned w, const drv_inst *h)
{
    const gtoany_t *g = ctx;
    int k = pick(g, w);
    uint32_t m = 0;
    if (h->seq == 0 || k < 0 || g->owner[k] != (int)w) return 0;
    for (unsigned s = 0; s < h->nsrc; s++)
        if (find(g, (unsigned)k, h->src[s]) >= 0) m |= 1u << s;
    return m;
}

/* Collector k's cache takes register reg: refresh its entry, or put it into one (an invalid
 * one, else the least recently touched, never one in `busy`, the entries this instruction
 * touched), counted as a fill when `write` or when it was not there. */
static void touch(gtoany_t *g, unsigned k, unsigned reg, int write, uint32_t *busy)
{
    gent *e = cache_of(g, k);
    int i = find(g, k, reg);
    if (i < 0) {
        for (unsigned j = 0; j < g->ent; j++) {
            if (*busy >> j & 1u) continue;
            if (!e[j].valid) {
                i = (int)j;
                break;
            }
            if (i < 0 || e[j].lru < e[i].lru) i = (int)j;
        }
        if (i < 0) return; /* every entry holds a value of this instruction */
        e[i].reg = (uint16_t)reg;
        e[i].valid = 1;
        write = 1;
    }
    g->st.fills += (uint64_t)write;
    e[i].lru = ++g->tick;
    *busy |= 1u << i;
}

static void ga_issued(void *ctx, unsigned w, const drv_inst *h, uint32_t hits)
{
    gtoany_t *g = ctx;
    int k = pick(g, w);
    opc_note_sources(&g->st, h, h->nsrc ? ~0u >> (32 - h->nsrc) : 0, hits);
    if (h->seq == 0) drop_warp(g, w); /* a new warp in the slot: nothing of it is cached */
    g->lfsr = lfsr_next(g->lfsr);
    if (k < 0) return; /* cannot happen: the sub-core has no free collector either */
    g->busy |= 1ULL << k;
    g->at[w] = k;
    if (g->owner[k] != (int)w) { /* another collector: k's values and w's old ones go */
        g->st.moves++;
        drop(g, (unsigned)k);
        drop_warp(g, w);
        g->owner[k] = (int)w;
    }
    uint32_t busy = 0;
    for (unsigned s = 0; s < h->nsrc; s++)
        if (h->src[s] < g->regs) touch(g, (unsigned)k, h->src[s], 0, &busy);
    for (unsigned d = 0; d < h->ndst; d++)
        if (h->dst[d] < g->regs) touch(g, (unsigned)k, h->dst[d], 1, &busy);
}

/* Warp w's instruction left its collector: free from the next cycle (the sub-core decides
 * an issue on the state before the cycle, and the driver tells the dispatch first). */
static void ga_dispatched(void *ctx, unsigned w)
{
    gtoany_t *g = ctx;
    if (w >= g->warps || g->at[w] == NONE) return;
    g->freed |= 1ULL << g->at[w];
    g->at[w] = NONE;
}

/* A new cycle, before any warp is decided: last cycle's dispatches free their collectors.
 * Never holds the issue. */
static int ga_cycle(void *ctx, uint64_t cycle)
{
    gtoany_t *g = ctx;
    (void)cycle;
    g->busy &= ~g->freed;
    g->freed = 0;
    return 1;
}

drv_opc gtoany_opc(gtoany_t *g)
{
    drv_opc o = {g, ga_hits, ga_issued, 0, NULL, NULL, ga_cycle, ga_dispatched};
    return o;
}

const opc_stats *gtoany_get_stats(const gtoany_t *g)
{
    return &g->st;
}

uint64_t gtoany_entries(const cfg_t *c) { return (uint64_t)c->ccus * c->entries; }

uint64_t gtoany_storage_bits(const cfg_t *c)
{
    uint64_t per = (uint64_t)c->data_bits + 1 + cfg_clog2(c->regs);
    return gtoany_entries(c) * per + (uint64_t)c->ccus * (1 + cfg_clog2(c->warps));
}

/* ---------------------------------------------------------------- the descriptor */

static void *d_create(const cfg_t *c, const opc_keys *ok, const drv_keys *dk)
{
    return (void)dk, gtoany_create(c, ok->operand_cache == OPC_GTO_OWN);
}
static uint64_t d_storage_bits(const cfg_t *c, const opc_keys *ok)
{
    return (void)ok, gtoany_storage_bits(c);
}
static uint64_t d_entries(const cfg_t *c, const opc_keys *ok)
{
    return (void)ok, gtoany_entries(c);
}
static void d_destroy(void *d) { gtoany_destroy(d); }
static drv_opc d_hook(void *d) { return gtoany_opc(d); }
static const opc_stats *d_stats(void *d) { return gtoany_get_stats(d); }

const opc_design gtoany_design = {
    .name = "gto_any",
    .what = "GTO + LRU caches on the baseline's collectors (any free one; a warp's values in "
            "one collector)",
    .create = d_create, .destroy = d_destroy, .hook = d_hook, .stats = d_stats,
    .storage_bits = d_storage_bits, .entries = d_entries,
};

const opc_design gtoown_design = {
    .name = "gto_own",
    .what = "GTO + LRU caches on the baseline's collectors (the warp's own one when free, "
            "else any free one)",
    .create = d_create, .destroy = d_destroy, .hook = d_hook, .stats = d_stats,
    .storage_bits = d_storage_bits, .entries = d_entries,
};
