/* static.c - static reuse hints: the kernel's code and control flow recovered from its
 * trace, and the next-use distance of every static operand over all paths, as a compiler
 * pass computes it (hint.h, HINT_STATIC; docs/trace.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hint.h"

typedef struct {
    uint32_t pc;
    uint8_t nsrc, ndst;
    uint8_t src[TRC_MAX_XREGS], dst[TRC_MAX_XREGS];
    uint32_t *succ;       /* successors seen in some warp's stream (node indices) */
    unsigned nsucc, cap;
} snode;

typedef struct {
    snode *n;
    size_t nn, cap;
    uint32_t *slot;       /* open addressing by PC: node index + 1, 0 empty */
    size_t scap;          /* a power of two */
} scfg;

static size_t hash_pc(uint32_t pc, size_t cap)
{
    return (size_t)(((uint64_t)pc * 0x9E3779B97F4A7C15ull) >> 24) & (cap - 1);
}

static void cfg_free(scfg *g)
{
    for (size_t i = 0; i < g->nn; i++) free(g->n[i].succ);
    free(g->n);
    free(g->slot);
}

/* The node of in's PC, added (with in's registers) when new; -1 when out of memory. */
static long node_of(scfg *g, const trc_inst *in)
{
    if ((g->nn + 1) * 2 > g->scap) { /* grow the index */
        size_t nc = g->scap ? g->scap * 2 : 1024;
        uint32_t *ns = calloc(nc, sizeof *ns);
        if (!ns) return -1;
        for (size_t i = 0; i < g->nn; i++) {
            size_t j = hash_pc(g->n[i].pc, nc);
            while (ns[j]) j = (j + 1) & (nc - 1);
            ns[j] = (uint32_t)i + 1;
        }
        free(g->slot);
        g->slot = ns;
        g->scap = nc;
    }
    size_t j = hash_pc(in->pc, g->scap);
    for (; g->slot[j]; j = (j + 1) & (g->scap - 1))
        if (g->n[g->slot[j] - 1].pc == in->pc) return (long)g->slot[j] - 1;
    if (g->nn == g->cap) {
        size_t nc = g->cap ? g->cap * 2 : 256;
        snode *nn = realloc(g->n, nc * sizeof *nn);
        if (!nn) return -1;
        g->n = nn;
        g->cap = nc;
    }
    snode *s = &g->n[g->nn];
    memset(s, 0, sizeof *s);
    s->pc = in->pc;
    s->nsrc = in->nsrc;
    s->ndst = in->ndst;
    memcpy(s->src, trc_srcs(in), in->nsrc);
    memcpy(s->dst, trc_dsts(in), in->ndst);
    g->slot[j] = (uint32_t)g->nn + 1;
    return (long)g->nn++;
}

/* Edge a -> b (once). 0, or -1 when out of memory. */
static int add_edge(scfg *g, size_t a, size_t b)
{
    snode *s = &g->n[a];
    for (unsigned k = 0; k < s->nsucc; k++)
        if (s->succ[k] == b) return 0;
    if (s->nsucc == s->cap) {
        unsigned nc = s->cap ? s->cap * 2 : 2;
        uint32_t *ns = realloc(s->succ, nc * sizeof *ns);
        if (!ns) return -1;
        s->succ = ns;
        s->cap = nc;
    }
    s->succ[s->nsucc++] = (uint32_t)b;
    return 0;
}

static int reads(const snode *s, uint8_t r)
{
    for (unsigned k = 0; k < s->nsrc; k++)
        if (s->src[k] == r) return 1;
    return 0;
}

static int writes(const snode *s, uint8_t r)
{
    for (unsigned k = 0; k < s->ndst; k++)
        if (s->dst[k] == r) return 1;
    return 0;
}

/* Near: some path from node i reaches a read of r within rthld instructions with no write
 * of r before it (breadth first; an instruction that reads and writes r counts as a read).
 * seen, queue: scratch of g->nn entries; stamp: this search's mark in seen. */
static int near_static(const scfg *g, size_t i, uint8_t r, unsigned rthld, uint32_t *seen,
                       uint32_t stamp, uint32_t *queue, uint32_t *depth)
{
    size_t head = 0, tail = 0;
    const snode *s = &g->n[i];
    for (unsigned k = 0; k < s->nsucc; k++)
        if (seen[s->succ[k]] != stamp) {
            seen[s->succ[k]] = stamp;
            queue[tail] = s->succ[k];
            depth[tail++] = 1;
        }
    while (head < tail) {
        uint32_t v = queue[head], d = depth[head++];
        const snode *x = &g->n[v];
        if (reads(x, r)) return 1;
        if (writes(x, r) || d >= rthld) continue;
        for (unsigned k = 0; k < x->nsucc; k++)
            if (seen[x->succ[k]] != stamp) {
                seen[x->succ[k]] = stamp;
                queue[tail] = x->succ[k];
                depth[tail++] = d + 1;
            }
    }
    return 0;
}

hint_tab *hint_static_table(const char *path, unsigned rthld, uint64_t *nodes, char *err)
{
    scfg g = {0};
    hint_tab *t = NULL;
    uint32_t *seen = NULL, *queue = NULL, *depth = NULL;
    trc_t *rd = trc_open(path, err);
    if (!rd) return NULL;
    for (;;) { /* the code and every transition some warp took */
        trc_block *b;
        int r = trc_next_block(rd, &b, err);
        if (r < 0) goto out;
        if (r == 0) break;
        for (unsigned w = 0; w < b->nwarps; w++) {
            long prev = -1;
            for (uint32_t i = 0; i < b->warp[w].n; i++) {
                long v = node_of(&g, &b->warp[w].inst[i]);
                if (v < 0 || (prev >= 0 && add_edge(&g, (size_t)prev, (size_t)v))) {
                    trc_block_free(b);
                    snprintf(err, TRC_ERR_LEN, "%s:0: out of memory (expected room for the "
                             "kernel's control-flow graph)", path);
                    goto out;
                }
                prev = v;
            }
        }
        trc_block_free(b);
    }
    t = hint_tab_create();
    seen = calloc(g.nn + 1, sizeof *seen);
    queue = calloc(g.nn + 1, sizeof *queue);
    depth = calloc(g.nn + 1, sizeof *depth);
    if (!t || !seen || !queue || !depth) {
        hint_tab_destroy(t);
        t = NULL;
        snprintf(err, TRC_ERR_LEN, "%s:0: out of memory (expected room for the hint table)", path);
        goto out;
    }
    uint32_t stamp = 0;
    for (size_t i = 0; i < g.nn; i++) {
        const snode *s = &g.n[i];
        for (unsigned side = 0; side < 2; side++) {
            unsigned n = side ? s->ndst : s->nsrc;
            for (unsigned k = 0; k < n; k++) {
                uint8_t r = side ? s->dst[k] : s->src[k];
                int v = near_static(&g, i, r, rthld, seen, ++stamp, queue, depth);
                if (hint_tab_set(t, s->pc, side, k, v)) {
                    hint_tab_destroy(t);
                    t = NULL;
                    snprintf(err, TRC_ERR_LEN, "%s:0: out of memory (expected room for the hint table)", path);
                    goto out;
                }
            }
        }
    }
    if (nodes) *nodes = g.nn;
out:
    free(seen);
    free(queue);
    free(depth);
    cfg_free(&g);
    trc_close(rd);
    return t;
}
