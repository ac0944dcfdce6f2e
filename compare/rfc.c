/* rfc.c - RFC with its two-level scheduler (see rfc.h). */
#include "rfc.h"

#include <stdlib.h>
#include <string.h>

enum { FATE_NONE = 0, FATE_IN, FATE_OUT }; /* a result: none open, in the cache, left it */

struct rfc {
    unsigned warps, regs, ent, active;
    uint16_t *fifo;     /* [warps][ent] registers, oldest first */
    unsigned *n;        /* [warps] entries in use */
    uint8_t *fate;      /* [warps][regs] FATE_* of the register's last result */
    uint8_t *need;      /* [warps][regs] ... and a read after it left the cache needed it */
    opc_stats st, out;
};

rfc_t *rfc_create(const cfg_t *c)
{
    rfc_t *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->warps = c->warps ? c->warps : 1;
    r->regs = c->regs ? c->regs : 1;
    r->ent = c->rfc_entries ? c->rfc_entries : 1;
    r->active = c->rfc_active ? c->rfc_active : 1;
    size_t n = (size_t)r->warps * r->regs;
    r->fifo = calloc((size_t)r->warps * r->ent, sizeof *r->fifo);
    r->n = calloc(r->warps, sizeof *r->n);
    r->fate = calloc(n, 1);
    r->need = calloc(n, 1);
    if (!r->fifo || !r->n || !r->fate || !r->need) {
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
    free(r->fate);
    free(r->need);
    free(r);
}

/* Close register i's open result: saved unless a read after it left the cache needed it. */
static void close_fate(rfc_t *r, size_t i)
{
    if (r->fate[i] == FATE_NONE) return;
    r->st.rf_writes_saved += !r->need[i];
    r->fate[i] = FATE_NONE;
    r->need[i] = 0;
}

/* Slot of register reg in warp w's cache, or -1. */
static int find(const rfc_t *r, unsigned w, unsigned reg)
{
    const uint16_t *f = &r->fifo[(size_t)w * r->ent];
    for (unsigned k = 0; k < r->n[w]; k++)
        if (f[k] == reg) return (int)k;
    return -1;
}

/* Empty warp w's cache: its results leave it (they are written back if a later read
 * needs them). */
static void flush(void *ctx, unsigned w)
{
    rfc_t *r = ctx;
    for (unsigned k = 0; k < r->n[w]; k++) {
        size_t i = (size_t)w * r->regs + r->fifo[(size_t)w * r->ent + k];
        if (r->fate[i] == FATE_IN) r->fate[i] = FATE_OUT;
    }
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
    size_t row = (size_t)w * r->regs;
    uint16_t *f = &r->fifo[(size_t)w * r->ent];
    if (h->seq == 0) { /* a new warp: the old one's results end with it */
        for (unsigned reg = 0; reg < r->regs; reg++) close_fate(r, row + reg);
        r->n[w] = 0;
    }
    for (unsigned s = 0; s < h->nsrc; s++) {
        unsigned reg = h->src[s];
        r->st.lookups++;
        r->st.hit_slots += hits >> s & 1u;
        int first = 1;
        for (unsigned k = 0; k < s; k++) first &= h->src[k] != reg;
        r->st.hit_regs += (uint64_t)(first && (hits >> s & 1u));
        if (reg < r->regs && r->fate[row + reg] == FATE_OUT && !(hits >> s & 1u)) r->need[row + reg] = 1;
    }
    for (unsigned d = 0; d < h->ndst; d++) {
        unsigned reg = h->dst[d];
        r->st.fills++;
        if (reg >= r->regs) continue;
        close_fate(r, row + reg); /* its previous result is overwritten */
        int k = find(r, w, reg);
        if (k < 0) {
            if (r->n[w] == r->ent) { /* full: the oldest leaves */
                size_t i = row + f[0];
                if (r->fate[i] == FATE_IN) r->fate[i] = FATE_OUT;
                memmove(f, f + 1, (r->ent - 1) * sizeof *f);
                r->n[w]--;
            }
            f[r->n[w]++] = (uint16_t)reg;
        }
        r->fate[row + reg] = FATE_IN;
    }
}

drv_opc rfc_opc(rfc_t *r)
{
    drv_opc o = {r, rfc_hits, rfc_issued, r->active, flush};
    return o;
}

const opc_stats *rfc_get_stats(rfc_t *r)
{
    r->out = r->st;
    for (size_t i = 0; i < (size_t)r->warps * r->regs; i++) /* results still open */
        r->out.rf_writes_saved += r->fate[i] != FATE_NONE && !r->need[i];
    return &r->out;
}

uint64_t rfc_storage_bits(const cfg_t *c)
{
    uint64_t per = (uint64_t)c->data_bits + 1 + cfg_clog2(c->regs);
    return (uint64_t)c->rfc_active * c->rfc_entries * per;
}
