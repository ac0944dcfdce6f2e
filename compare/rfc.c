/* rfc.c - RFC with its two-level scheduler (see rfc.h). */
#include "rfc.h"

#include <stdlib.h>
#include <string.h>
#include "rffate.h"

struct rfc {
    unsigned warps, regs, ent, active;
    uint16_t *fifo;     /* [warps][ent] registers, oldest first */
    unsigned *n;        /* [warps] entries in use */
    rff_t fate;         /* the results kept out of the register file */
    opc_stats st, out;
};

rfc_t *rfc_create(const cfg_t *c, const opc_keys *ok)
{
    rfc_t *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->warps = c->warps ? c->warps : 1;
    r->regs = c->regs ? c->regs : 1;
    r->ent = ok->rfc_entries; /* 0: the two-level scheduler alone, no cache */
    r->active = ok->rfc_active ? ok->rfc_active : 1;
    r->fifo = calloc((size_t)r->warps * r->ent + 1, sizeof *r->fifo);
    r->n = calloc(r->warps, sizeof *r->n);
    if (!r->fifo || !r->n || rff_init(&r->fate, r->warps, r->regs)) {
        rfc_destroy(r);
        return NULL;
    }
    return r;
}

void rfc_destroy(rfc_t *r)
{
    if (!r) return;
    free(r->fifo);
    free(r->n);
    rff_free(&r->fate);
    free(r);
}

/* Slot of register reg in warp w's cache, or -1. */
static int find(const rfc_t *r, unsigned w, unsigned reg)
{
    const uint16_t *f = &r->fifo[(size_t)w * r->ent];
    for (unsigned k = 0; k < r->n[w]; k++)
        if (f[k] == reg) return (int)k;
    return -1;
}

/* Empty warp w's cache (it left the active set): a later read of its results misses and
 * needs them in the register file. */
static void flush(void *ctx, unsigned w)
{
    rfc_t *r = ctx;
    r->n[w] = 0;
}

static uint32_t rfc_hits(void *ctx, unsigned w, const drv_inst *h)
{
    const rfc_t *r = ctx;
    uint32_t m = 0;
    if (h->seq == 0) return 0; /* a new warp in the slot: nothing of it is cached */
    for (unsigned s = 0; s < h->nsrc; s++)
        if (find(r, w, h->src[s]) >= 0) m |= 1u << s;
    return m;
}

static void rfc_issued(void *ctx, unsigned w, const drv_inst *h, uint32_t hits)
{
    rfc_t *r = ctx;
    uint16_t *f = &r->fifo[(size_t)w * r->ent];
    if (h->seq == 0) { /* a new warp: the old one's results end with it */
        rff_end_warp(&r->fate, w);
        r->n[w] = 0;
    }
    opc_note_sources(&r->st, h, h->nsrc ? ~0u >> (32 - h->nsrc) : 0, hits);
    if (r->ent == 0) return; /* no cache: every result goes to the register file */
    for (unsigned s = 0; s < h->nsrc; s++) rff_read(&r->fate, w, h->src[s], hits >> s & 1u);
    for (unsigned d = 0; d < h->ndst; d++) {
        unsigned reg = h->dst[d];
        r->st.fills++;
        if (reg >= r->regs) continue;
        rff_write(&r->fate, w, reg); /* its previous result is overwritten */
        if (find(r, w, reg) >= 0) continue; /* cached already: overwritten in place */
        if (r->n[w] == r->ent) { /* full: the oldest leaves */
            memmove(f, f + 1, (r->ent - 1) * sizeof *f);
            r->n[w]--;
        }
        f[r->n[w]++] = (uint16_t)reg;
    }
}

drv_opc rfc_opc(rfc_t *r)
{
    drv_opc o = {r, rfc_hits, rfc_issued, r->active, flush, NULL, NULL, NULL};
    return o;
}

const opc_stats *rfc_get_stats(rfc_t *r)
{
    r->out = r->st;
    r->out.rf_writes_saved = rff_saved(&r->fate);
    return &r->out;
}

uint64_t rfc_entries_of(const opc_keys *ok) { return (uint64_t)ok->rfc_active * ok->rfc_entries; }

uint64_t rfc_storage_bits(const cfg_t *c, const opc_keys *ok)
{
    return rfc_entries_of(ok) * ((uint64_t)c->data_bits + 1 + cfg_clog2(c->regs));
}

/* ---------------------------------------------------------------- the descriptor */

static void *d_create(const cfg_t *c, const opc_keys *ok, const drv_keys *dk)
{
    return (void)dk, rfc_create(c, ok);
}
static uint64_t d_entries(const cfg_t *c, const opc_keys *ok)
{
    return (void)c, rfc_entries_of(ok);
}
static void d_destroy(void *d) { rfc_destroy(d); }
static drv_opc d_hook(void *d) { return rfc_opc(d); }
static const opc_stats *d_stats(void *d) { return rfc_get_stats(d); }

const opc_design rfc_design = {
    .name = "rfc",
    .what = "RFC with a two-level scheduler",
    .create = d_create, .destroy = d_destroy, .hook = d_hook, .stats = d_stats,
    .storage_bits = rfc_storage_bits, .entries = d_entries,
};
