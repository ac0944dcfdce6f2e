/* hsrc.c - a trace reader that returns blocks with reuse hints set (hint.h modes). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hint.h"

struct hsrc {
    trc_t *t;
    hint_opts o;
    char file[1024];
    hint_tab *tab;        /* profile, static and file modes */
    trc_block **q;        /* profile mode: blocks read ahead, returned first */
    size_t nq, qpos;
    uint64_t missed, total; /* file mode: operands without an entry, all operands */
    uint64_t differ, compared; /* modes other than exact: operands whose hint is not the
                                  exact rule's, of all operands given hints */
    uint64_t static_nodes;  /* static mode: static instructions found in the trace */
    uint32_t *ex;           /* scratch: the exact hints of a warp, 2 masks per instruction */
    size_t excap;
};

static void set_all(trc_inst *inst, uint32_t n, uint8_t v)
{
    for (uint32_t i = 0; i < n; i++) {
        trc_inst *in = &inst[i];
        in->src_near = v && in->nsrc ? ~0u >> (32 - in->nsrc) : 0;
        in->dst_near = v && in->ndst ? ~0u >> (32 - in->ndst) : 0;
    }
}

/* The mode's hints of one warp (not exact). */
static void mode_hints(hsrc_t *h, trc_inst *inst, uint32_t n)
{
    switch (h->o.mode) {
    case HINT_PROFILE:
    case HINT_STATIC: hint_tab_apply(h->tab, inst, n); break;
    case HINT_FILE:
        h->missed += hint_tab_apply(h->tab, inst, n);
        for (uint32_t i = 0; i < n; i++) h->total += inst[i].nsrc + inst[i].ndst;
        break;
    case HINT_ALL_NEAR: set_all(inst, n, 1); break;
    case HINT_ALL_FAR: set_all(inst, n, 0); break;
    case HINT_EXACT: break;
    }
}

/* Hints of one block read from the trace, by mode; outside exact mode, each operand's
 * hint is also compared with the exact rule's (hsrc_hint_differ). */
static void set_hints(hsrc_t *h, trc_block *b)
{
    for (unsigned w = 0; w < b->nwarps; w++) {
        trc_inst *inst = b->warp[w].inst;
        uint32_t n = b->warp[w].n;
        hint_reuse_bits(inst, n, h->o.banks);
        hint_exact(inst, n, h->o.rthld);
        if (h->o.mode == HINT_EXACT) continue;
        if (2 * (size_t)n > h->excap) {
            uint32_t *ne = realloc(h->ex, 2 * (size_t)n * sizeof *ne);
            if (!ne) { /* no room to compare: the hints are still the mode's */
                mode_hints(h, inst, n);
                continue;
            }
            h->ex = ne;
            h->excap = 2 * (size_t)n;
        }
        for (uint32_t i = 0; i < n; i++) {
            h->ex[2 * i] = inst[i].src_near;
            h->ex[2 * i + 1] = inst[i].dst_near;
        }
        mode_hints(h, inst, n);
        for (uint32_t i = 0; i < n; i++) {
            h->differ += (uint64_t)__builtin_popcount(h->ex[2 * i] ^ inst[i].src_near) +
                         (uint64_t)__builtin_popcount(h->ex[2 * i + 1] ^ inst[i].dst_near);
            h->compared += inst[i].nsrc + inst[i].ndst;
        }
    }
}

/* Profile mode: read the blocks holding the first profile_warps warps, count their exact
 * outcomes, then apply the table to them. 0 or -1 with err. */
static int profile(hsrc_t *h, char *err)
{
    size_t cap = 0;
    uint64_t seen = 0;
    h->tab = hint_tab_create();
    if (!h->tab) {
        snprintf(err, TRC_ERR_LEN, "hints: out of memory (expected room for the hint table)");
        return -1;
    }
    while (seen < h->o.profile_warps) {
        trc_block *b;
        int r = trc_next_block(h->t, &b, err);
        if (r < 0) return -1;
        if (r == 0) break;
        if (h->nq == cap) {
            size_t nc = cap ? 2 * cap : 8;
            trc_block **nq = realloc(h->q, nc * sizeof *nq);
            if (!nq) {
                trc_block_free(b);
                snprintf(err, TRC_ERR_LEN, "hints: out of memory (expected room for %zu blocks)", nc);
                return -1;
            }
            h->q = nq;
            cap = nc;
        }
        h->q[h->nq++] = b;
        for (unsigned w = 0; w < b->nwarps && seen < h->o.profile_warps; w++, seen++) {
            hint_exact(b->warp[w].inst, b->warp[w].n, h->o.rthld);
            if (hint_tab_count(h->tab, b->warp[w].inst, b->warp[w].n)) {
                snprintf(err, TRC_ERR_LEN, "hints: out of memory (expected room for the hint table)");
                return -1;
            }
        }
    }
    for (size_t i = 0; i < h->nq; i++) set_hints(h, h->q[i]);
    return 0;
}

/* hsrc_open, hsrc_open_addr and hsrc_open_keep; keep: HSRC_KEEP_* bits. */
static hsrc_t *open_src(const char *path, const hint_opts *o, unsigned keep, char *err)
{
    if (o->rthld < 1) {
        snprintf(err, TRC_ERR_LEN, "hints: rthld %u (expected >= 1)", o->rthld);
        return NULL;
    }
    if (o->mode == HINT_PROFILE && o->profile_warps < 1) {
        snprintf(err, TRC_ERR_LEN, "hints: profile_warps %u (expected >= 1)", o->profile_warps);
        return NULL;
    }
    if ((unsigned)o->mode > HINT_FILE) {
        snprintf(err, TRC_ERR_LEN, "hints: mode %d (expected exact, profile, all-near, all-far or file)",
                 (int)o->mode);
        return NULL;
    }
    if (o->mode == HINT_FILE && (!o->file || !o->file[0])) {
        snprintf(err, TRC_ERR_LEN, "hints: file mode without a file (expected a hint file name)");
        return NULL;
    }
    hsrc_t *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, TRC_ERR_LEN, "%s:0: out of memory (expected room for the reader)", path);
        return NULL;
    }
    h->o = *o;
    if (o->file) {
        snprintf(h->file, sizeof h->file, "%s", o->file);
        h->o.file = h->file;
    }
    if (o->mode == HINT_FILE && !(h->tab = hint_tab_read(h->file, err))) {
        hsrc_close(h);
        return NULL;
    }
    h->t = trc_open(path, err);
    if (h->t && (keep & HSRC_KEEP_ADDRESSES)) trc_keep_addresses(h->t);
    if (h->t && (keep & HSRC_KEEP_VALUES)) trc_keep_values(h->t);
    if (h->t && o->mode == HINT_STATIC &&
        !(h->tab = hint_static_table(path, h->o.rthld, &h->static_nodes, err))) {
        hsrc_close(h);
        return NULL;
    }
    if (!h->t || (o->mode == HINT_PROFILE && profile(h, err))) {
        hsrc_close(h);
        return NULL;
    }
    return h;
}

hsrc_t *hsrc_open(const char *path, const hint_opts *o, char *err)
{
    return open_src(path, o, 0, err);
}

hsrc_t *hsrc_open_addr(const char *path, const hint_opts *o, char *err)
{
    return open_src(path, o, HSRC_KEEP_ADDRESSES, err);
}

hsrc_t *hsrc_open_keep(const char *path, const hint_opts *o, unsigned keep, char *err)
{
    return open_src(path, o, keep, err);
}

void hsrc_hint_differ(const hsrc_t *h, uint64_t *differ, uint64_t *compared)
{
    *differ = h->differ;
    *compared = h->compared;
}

void hsrc_hint_match(const hsrc_t *h, uint64_t *matched, uint64_t *total)
{
    *matched = h->total - h->missed;
    *total = h->total;
}

const char *hsrc_hint_kernel_mismatch(const hsrc_t *h)
{
    if (h->o.mode != HINT_FILE || !h->tab) return NULL;
    const char *k = hint_tab_kernel(h->tab), *n = trc_kernel_info(h->t)->name;
    return k[0] && strcmp(k, "?") != 0 && strcmp(k, n) != 0 ? k : NULL;
}

int hsrc_next_block(hsrc_t *h, trc_block **b, char *err)
{
    if (h->qpos < h->nq) {
        *b = h->q[h->qpos];
        h->q[h->qpos++] = NULL;
        return 1;
    }
    int r = trc_next_block(h->t, b, err);
    if (r == 1) set_hints(h, *b);
    return r;
}

const trc_kernel *hsrc_kernel(const hsrc_t *h)
{
    return trc_kernel_info(h->t);
}

const trc_t *hsrc_reader(const hsrc_t *h)
{
    return h->t;
}

void hsrc_close(hsrc_t *h)
{
    if (!h) return;
    for (size_t i = h->qpos; i < h->nq; i++) trc_block_free(h->q[i]);
    free(h->q);
    free(h->ex);
    hint_tab_destroy(h->tab);
    trc_close(h->t);
    free(h);
}
