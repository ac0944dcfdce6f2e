/* proto.c - the authors' prototype policy on a CCU model of its own (see proto.h). */
#include "proto.h"

#include <stdlib.h>

#define NEVER UINT64_MAX /* next read of a value never read again */

typedef struct {
    uint64_t next;  /* position of the register's next read in its warp's stream, or NEVER */
    uint64_t lru;   /* when last touched */
    uint16_t reg;
    uint8_t valid;
} pent;

struct proto {
    unsigned warps, regs, ent, ccus, rthld, wait;
    pent *e;          /* [warps][ent]: the CCU of warp w while it owns one (else empty) */
    uint64_t *pos;    /* [warps] instructions of the warp issued (its current position) */
    uint64_t tick;    /* LRU stamps */
    uint64_t stalls;  /* refused stall cycles since the last forced admission */
    opc_stats st;
};

proto_t *proto_create(const cfg_t *c, const drv_keys *dk)
{
    proto_t *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->warps = c->warps ? c->warps : 1;
    p->regs = c->regs ? c->regs : 1;
    p->ent = c->entries ? c->entries : 1;
    p->ccus = c->ccus ? c->ccus : 1;
    p->rthld = dk->rthld;
    p->wait = c->sthld_init;
    p->e = calloc((size_t)p->warps * p->ent, sizeof *p->e);
    p->pos = calloc(p->warps, sizeof *p->pos);
    if (!p->e || !p->pos) {
        proto_destroy(p);
        return NULL;
    }
    return p;
}

void proto_destroy(proto_t *p)
{
    if (!p) return;
    free(p->e);
    free(p->pos);
    free(p);
}

static pent *ccu_of(const proto_t *p, unsigned w)
{
    return &p->e[(size_t)w * p->ent];
}

/* Entry of register reg in warp w's CCU, or -1. */
static int find(const proto_t *p, unsigned w, unsigned reg)
{
    const pent *e = ccu_of(p, w);
    for (unsigned k = 0; k < p->ent; k++)
        if (e[k].valid && e[k].reg == reg) return (int)k;
    return -1;
}

/* Warp w lost its CCU (or ended): its values are gone. */
static void flush(void *ctx, unsigned w)
{
    proto_t *p = ctx;
    pent *e = ccu_of(p, w);
    for (unsigned k = 0; k < p->ent; k++) e[k].valid = 0;
}

static uint32_t proto_hits(void *ctx, unsigned w, const drv_inst *h)
{
    const proto_t *p = ctx;
    uint32_t m = 0;
    if (h->seq == 0) return 0; /* a new warp in the slot: nothing of it is cached */
    for (unsigned s = 0; s < h->nsrc; s++)
        if (find(p, w, h->src[s]) >= 0) m |= 1u << s;
    return m;
}

/* Where a register touched at position cur with distance dist is next read. */
static uint64_t next_read(uint64_t cur, uint16_t dist)
{
    return dist ? cur + dist : NEVER;
}

/* Warp w's instruction at position cur touches register reg (next read `next`; `write`:
 * its result is written): refresh its entry, or put it into one (an invalid one, else the
 * one read farthest on, ties to the least recently touched; never one in `busy`, the
 * entries this instruction touched). The entry's bit is added to *busy. Values written
 * into an entry (a source's fill, a result) are counted as fills. */
static void touch(proto_t *p, unsigned w, unsigned reg, uint64_t next, int write, uint32_t *busy)
{
    pent *e = ccu_of(p, w);
    int k = find(p, w, reg);
    if (k < 0) {
        for (unsigned i = 0; i < p->ent; i++) {
            if (*busy >> i & 1u) continue;
            if (!e[i].valid) {
                k = (int)i;
                break;
            }
            if (k < 0 || e[i].next > e[k].next ||
                (e[i].next == e[k].next && e[i].lru < e[k].lru))
                k = (int)i;
        }
        if (k < 0) return; /* every entry holds a value of this instruction */
        if (e[k].valid && e[k].next != NEVER) p->st.evict_live++;
        e[k].reg = (uint16_t)reg;
        e[k].valid = 1;
        write = 1;
    }
    p->st.fills += (uint64_t)write;
    e[k].next = next;
    e[k].lru = ++p->tick;
    *busy |= 1u << k;
}

static void proto_issued(void *ctx, unsigned w, const drv_inst *h, uint32_t hits)
{
    proto_t *p = ctx;
    if (h->seq == 0) { /* a new warp in the slot */
        flush(p, w);
        p->pos[w] = 0;
    }
    if (h->src_pos == 0) p->pos[w]++; /* a later pass is the same instruction */
    uint64_t cur = p->pos[w];
    uint32_t busy = 0;
    opc_note_sources(&p->st, h, h->nsrc ? ~0u >> (32 - h->nsrc) : 0, hits);
    for (unsigned s = 0; s < h->nsrc; s++)
        if (h->src[s] < p->regs) touch(p, w, h->src[s], next_read(cur, h->src_dist[s]), 0, &busy);
    for (unsigned d = 0; d < h->ndst; d++)
        if (h->dst[d] < p->regs) touch(p, w, h->dst[d], next_read(cur, h->dst_dist[d]), 1, &busy);
}

/* Warp o's nearest live value: how many instructions on from its current position (UINT64_MAX:
 * none), and its live values. */
static uint64_t nearest(const proto_t *p, unsigned o, unsigned *live)
{
    const pent *e = ccu_of(p, o);
    uint64_t m = UINT64_MAX;
    *live = 0;
    for (unsigned k = 0; k < p->ent; k++) {
        if (!e[k].valid || e[k].next == NEVER) continue;
        uint64_t d = e[k].next > p->pos[o] ? e[k].next - p->pos[o] : 0;
        (*live)++;
        if (d < m) m = d;
    }
    return m;
}

static int proto_admit(void *ctx, unsigned w, uint64_t avail)
{
    proto_t *p = ctx;
    int best = -1;
    uint64_t bd = 0;
    unsigned bl = 0;
    (void)w;
    for (uint64_t todo = avail; todo; todo &= todo - 1) {
        unsigned o = (unsigned)__builtin_ctzll(todo), live;
        uint64_t d = nearest(p, o, &live);
        if (best < 0 || d > bd || (d == bd && live < bl)) {
            best = (int)o;
            bd = d;
            bl = live;
        }
    }
    if (best < 0) return -1; /* every CCU collects: not a refused cycle */
    if (bd > p->rthld) {
        p->st.admit_far++;
        return best;
    }
    if (p->stalls >= p->wait) {
        p->stalls = 0;
        p->st.admit_wait++;
        return best;
    }
    p->stalls++;
    p->st.admit_refused++;
    return -1;
}

drv_opc proto_opc(proto_t *p)
{
    drv_opc o = {p, proto_hits, proto_issued, p->ccus, flush, proto_admit, NULL, NULL};
    return o;
}

const opc_stats *proto_get_stats(const proto_t *p)
{
    return &p->st;
}

uint64_t proto_entries(const cfg_t *c) { return (uint64_t)c->ccus * c->entries; }

uint64_t proto_storage_bits(const cfg_t *c)
{
    uint64_t per = (uint64_t)c->data_bits + 1 + cfg_clog2(c->regs) + PROTO_DIST_BITS;
    return proto_entries(c) * per + cfg_clog2(c->sthld_init + 1);
}

/* ---------------------------------------------------------------- the descriptor */

static void *d_create(const cfg_t *c, const opc_keys *ok, const drv_keys *dk)
{
    return (void)ok, proto_create(c, dk);
}
static uint64_t d_storage_bits(const cfg_t *c, const opc_keys *ok)
{
    return (void)ok, proto_storage_bits(c);
}
static uint64_t d_entries(const cfg_t *c, const opc_keys *ok)
{
    return (void)ok, proto_entries(c);
}
static void d_destroy(void *d) { proto_destroy(d); }
static drv_opc d_hook(void *d) { return proto_opc(d); }
static const opc_stats *d_stats(void *d) { return proto_get_stats(d); }

const opc_design proto_design = {
    .name = "proto",
    .what = "the authors' prototype: farthest next use, admission above rthld or after "
            "sthld_init stalls",
    .create = d_create, .destroy = d_destroy, .hook = d_hook, .stats = d_stats,
    .storage_bits = d_storage_bits, .entries = d_entries,
};
