/* bow.c - BOW and BOW-WR (see bow.h). */
#include "bow.h"

#include <stdlib.h>
#include "rffate.h"

#define REGS_PER_INST 4u /* registers the paper's collector keeps per windowed instruction */

struct bow {
    unsigned warps, regs, win;
    int wr;
    uint32_t *now;      /* [warps] instructions issued by the warp in the slot, plus gaps */
    uint32_t *last;     /* [warps][regs] the instruction that last read or wrote r (0: never) */
    rff_t fate;         /* BOW-WR: the results kept out of the register file */
    opc_stats st, out;
};

bow_t *bow_create(const cfg_t *c, const opc_keys *ok, int wr)
{
    bow_t *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->warps = c->warps ? c->warps : 1;
    b->regs = c->regs ? c->regs : 1;
    b->win = ok->bow_window;
    b->wr = wr;
    b->now = calloc(b->warps, sizeof *b->now);
    b->last = calloc((size_t)b->warps * b->regs, sizeof *b->last);
    if (!b->now || !b->last || (wr && rff_init(&b->fate, b->warps, b->regs))) {
        bow_destroy(b);
        return NULL;
    }
    return b;
}

void bow_destroy(bow_t *b)
{
    if (!b) return;
    free(b->now);
    free(b->last);
    rff_free(&b->fate);
    free(b);
}

/* Is register r of warp w in its window for the warp's next instruction? */
static int in_window(const bow_t *b, unsigned w, unsigned r)
{
    uint32_t l = r < b->regs ? b->last[(size_t)w * b->regs + r] : 0;
    return l && b->now[w] + 1 - l <= b->win - 1;
}

static uint32_t bow_hits(void *ctx, unsigned w, const drv_inst *h)
{
    const bow_t *b = ctx;
    uint32_t m = 0;
    if (h->seq == 0) return 0; /* a new warp in the slot: nothing of it is kept yet */
    for (unsigned s = 0; s < h->nsrc; s++)
        if (in_window(b, w, h->src[s])) m |= 1u << s;
    return m;
}

static void bow_issued(void *ctx, unsigned w, const drv_inst *h, uint32_t hits)
{
    bow_t *b = ctx;
    size_t row = (size_t)w * b->regs;
    if (h->seq == 0) { /* a new warp: the old one's window and open results end */
        if (b->wr) rff_end_warp(&b->fate, w);
        b->now[w] += b->win; /* every earlier access falls out of the window */
    }
    uint32_t n = ++b->now[w];
    opc_note_sources(&b->st, h, h->nsrc ? ~0u >> (32 - h->nsrc) : 0, hits);
    for (unsigned s = 0; s < h->nsrc; s++) {
        unsigned r = h->src[s];
        if (r >= b->regs) continue;
        if (b->wr) rff_read(&b->fate, w, r, hits >> s & 1u);
        b->last[row + r] = n;
    }
    for (unsigned d = 0; d < h->ndst; d++) {
        unsigned r = h->dst[d];
        b->st.fills++; /* every result goes into the warp's collector */
        if (r >= b->regs) continue;
        b->last[row + r] = n;
        if (b->wr) rff_write(&b->fate, w, r);
    }
}

drv_opc bow_opc(bow_t *b)
{
    drv_opc o = {b, bow_hits, bow_issued, 0, NULL, NULL, NULL, NULL};
    return o;
}

const opc_stats *bow_get_stats(bow_t *b)
{
    b->out = b->st;
    if (b->wr) b->out.rf_writes_saved = rff_saved(&b->fate);
    return &b->out;
}

uint64_t bow_entries(const cfg_t *c, const opc_keys *ok)
{
    return (uint64_t)c->warps * (ok->bow_window - 1) * REGS_PER_INST;
}

uint64_t bow_storage_bits(const cfg_t *c, const opc_keys *ok)
{
    return bow_entries(c, ok) * ((uint64_t)c->data_bits + 1 + cfg_clog2(c->regs));
}

/* ---------------------------------------------------------------- the descriptor */

static void *d_create(const cfg_t *c, const opc_keys *ok, const drv_keys *dk)
{
    return (void)dk, bow_create(c, ok, 0);
}
static void *d_create_wr(const cfg_t *c, const opc_keys *ok, const drv_keys *dk)
{
    return (void)dk, bow_create(c, ok, 1);
}
static void d_destroy(void *d) { bow_destroy(d); }
static drv_opc d_hook(void *d) { return bow_opc(d); }
static const opc_stats *d_stats(void *d) { return bow_get_stats(d); }

const opc_design bow_design = {
    .name = "bow",
    .what = "BOW operand windows (results written through)",
    .create = d_create, .destroy = d_destroy, .hook = d_hook, .stats = d_stats,
    .storage_bits = bow_storage_bits, .entries = bow_entries,
};

const opc_design bow_wr_design = {
    .name = "bow_wr",
    .what = "BOW-WR operand windows (results to the RF only when read later)",
    .create = d_create_wr, .destroy = d_destroy, .hook = d_hook, .stats = d_stats,
    .storage_bits = bow_storage_bits, .entries = bow_entries,
};
