/* drv.c - the workload driver (see drv.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include "drv.h"
#include "rffate.h"
#include "reusestat.h"
#include "rng.h"
#include "wl.h"

_Static_assert(CFG_MAX_W <= 64, "drv.watch is a 64-bit mask of warps");
_Static_assert(CFG_MAX_S == 16 && CFG_MAX_P == 8, "slot valids are two words, port valids one");

typedef struct {
    uint32_t tag;   /* the tag it was issued with (valid while drv.collecting has the warp) */
    drv_inst inst;  /* inst_copy of the head issued: its distances are not kept */
} coll_rec;

typedef struct {
    uint64_t ready;  /* first cycle the write-back may be presented */
    uint64_t order;  /* dispatch order, tie-break for "oldest first" */
    union {
        uint64_t key;        /* invented data: its seed, the value is a pure function of it */
        const uint32_t *tv;  /* traced: the row of trace values (drv.h "Write data") */
    } u;
    uint16_t wid, reg;
    uint8_t near;
    uint8_t seen;    /* considered for a port in present_wbs (scratch) */
    uint8_t done;    /* accepted this cycle (removed at the end of drv_consume) */
    uint8_t traced;  /* the data comes from the trace's row u.tv */
} wb_rec;

_Static_assert(sizeof(wb_rec) == 32, "the write-back records stay four words");

/* drv.pmem: what the last writer of a pending register is (0: no memory instruction). */
enum { DRV_PMEM_LONG = 1, DRV_PMEM_SHARED = 2 };

struct drv {
    cfg_t c;
    drv_keys k;
    unsigned words;       /* 64-bit words per register value (0: values not carried) */
    uint64_t last_mask;   /* valid bits of the last word */
    uint32_t tag_mask;
    unsigned nregs;       /* registers the streams use (arch/pending are sized by it) */
    rng_t rng;
    drv_src src;          /* where instructions come from */
    unsigned disp_stall_pct, wb_stall_pct; /* random stalls (synthetic streams only) */
    wl_t **wl;            /* [warps] synthetic streams (drv_create), else NULL */
    drv_inst *head;       /* [warps] synthetic: the converted head of each stream */
    uint8_t *head_ok;     /* [warps] head[w] is up to date */
    uint64_t unit_free[DRV_NCLS]; /* first cycle each execution unit can start one */
    uint64_t issue_limit;         /* synthetic: no instruction after this many (0 = none) */
    const sc_in *in_cleared;      /* the input struct last cleared whole */
    uint64_t in_set;              /* bit w: warp w's instruction inputs show an instruction */
    uint64_t in_stale;            /* bit w: ... which was issued since (the head changed) */
    uint16_t blocked[CFG_MAX_W];  /* 1 + a pending register that kept warp w's head back
                                     (0: none); the head stays until w issues (drv_src) */
    unsigned ncoll;               /* warps with an instruction between issue and dispatch */
    uint64_t collecting;          /* ... as a mask (bit w: coll[w] holds one): one word to
                                     test, not a cache line per warp */
    coll_rec *coll;       /* [warps] */
    uint64_t *arch;       /* [warps][nregs][words] architectural values (one zero word
                             until the first cycle with values, then all of them) */
    int arch_full;
    uint8_t *pending;     /* [warps][nregs] scoreboard: write-backs outstanding */
    uint8_t *pmem;        /* [warps][nregs] the last writer issued is a memory instruction:
                             DRV_PMEM_LONG (global, local, constant) or DRV_PMEM_SHARED */
    wb_rec *wb;           /* executing or waiting write-backs */
    unsigned nwb, wb_cap;  /* records, room (grown on demand up to wb_max) */
    unsigned wb_max;
    uint64_t wb_next;     /* the earliest ready cycle among wb[] (UINT64_MAX: none) */
    uint64_t wb_serial;
    int port_rec[CFG_MAX_P];       /* wb index presented on port p this cycle, or -1 */
    unsigned nshown;               /* ports 0..nshown-1 carry a write-back this cycle */
    uint64_t port_bytes;           /* the configured ports' bytes of wb_valid (word8) */
    uint64_t slot_bytes[2];        /* the configured slots' bytes of disp_src_valid */
    uint64_t valid_pat[CFG_MAX_S + 1][2]; /* n: disp_src_valid of slots 0..n-1 valid */
    uint64_t presented;            /* bit w: inst_valid given for warp w this cycle */
    uint64_t watch;                /* warps whose presentation drv_inputs decides again:
                                      the source had nothing, or an event of the warp
                                      (issue, dispatch, write-back) since (bit w) */
    uint64_t last_progress;
    drv_opc opc;                   /* operand cache (drv_set_opc); opc.hits NULL: none */
    drv_inst *filt;                /* [warps] with opc: the presented head, cached sources
                                      dropped */
    uint32_t *fhits;               /* [warps] with opc: the sources filt[w] dropped */
    uint64_t act;                  /* two-level scheduling: the active set (bit w) */
    uint64_t *since;               /* [warps] two-level: when warp w left the active set */
    uint64_t left;                 /* two-level: departures so far (the order of since[]) */
    uint64_t empty;                /* bit w: the source had nothing for warp w when last asked */
    const sc_t *model;             /* drv_set_model: observed for RBA and write-back CCUs */
    rff_t wbfate;                  /* write-back CCUs: which results the register file needs */
    rst_t reuse;                   /* reuse_stats: the reuse anatomy (reuse.last NULL: off) */
    uint64_t own_before;           /* reuse_stats, caching: the CCU owners before this cycle */
    uint64_t rba_hidden;           /* presented warps whose inst_valid RBA cleared this cycle */
    drv_counts cnt;
    char err[DRV_ERR_LEN];
};

static void fail(drv_t *d, const char *fmt, ...)
{
    d->cnt.errors++;
    if (d->err[0]) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->err, sizeof d->err, fmt, ap);
    va_end(ap);
}

static uint64_t *arch_at(drv_t *d, unsigned w, unsigned r)
{
    return &d->arch[((size_t)w * d->nregs + r) * d->words];
}

static uint8_t *pend_at(drv_t *d, unsigned w, unsigned r)
{
    return &d->pending[(size_t)w * d->nregs + r];
}

/* The 8 bytes at p as one word (the callers only compare such words with each other). */
static uint64_t word8(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* The word8 masks and patterns the per-cycle checks compare with. */
static void init_patterns(drv_t *d)
{
    uint8_t b[CFG_MAX_S];
    memset(b, 0, sizeof b);
    memset(b, 0xff, d->c.wb_ports);
    d->port_bytes = word8(b);
    memset(b, 0, sizeof b);
    memset(b, 0xff, d->c.slots);
    d->slot_bytes[0] = word8(b);
    d->slot_bytes[1] = word8(b + 8);
    for (unsigned n = 0; n <= d->c.slots; n++) {
        memset(b, 0, sizeof b);
        memset(b, 1, n);
        d->valid_pat[n][0] = word8(b);
        d->valid_pat[n][1] = word8(b + 8);
    }
}

/* The common part of both constructors: nregs registers per warp. */
static drv_t *drv_alloc(const cfg_t *c, const drv_keys *k, unsigned nregs)
{
    drv_t *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->c = *c;
    d->k = *k;
    d->words = (c->data_bits + 63) / 64;
    if (d->words < 1) d->words = 1;
    d->last_mask = (c->data_bits % 64) ? ((1ULL << (c->data_bits % 64)) - 1) : ~0ULL;
    d->tag_mask = c->tag_bits >= 32 ? 0xffffffffu : (uint32_t)((1ULL << c->tag_bits) - 1);
    d->nregs = nregs;
    /* one write per pending (warp, reg) and per destination of the warps' instructions */
    d->wb_max = c->warps * (d->nregs + DRV_MAX_DST) + 1;
    d->wb_cap = d->wb_max < 64 ? d->wb_max : 64;
    rng_seed(&d->rng, rng_mix64((uint64_t)k->wl_seed) ^ 0x4452495645520000ULL);
    d->coll = calloc(c->warps ? c->warps : 1, sizeof *d->coll);
    d->arch = calloc(1, sizeof *d->arch); /* the values: at the first cycle (drv_no_values
                                              may come first and need none) */
    d->pending = calloc((size_t)c->warps * d->nregs + 1, 1);
    d->pmem = calloc((size_t)c->warps * d->nregs + 1, 1);
    d->wb = calloc(d->wb_cap, sizeof *d->wb);
    if (!d->coll || !d->arch || !d->pending || !d->pmem || !d->wb
        || (k->reuse_stats && rst_init(&d->reuse, c->warps, d->nregs) != 0)) {
        drv_destroy(d);
        return NULL;
    }
    for (unsigned p = 0; p < CFG_MAX_P; p++) d->port_rec[p] = -1;
    d->wb_next = UINT64_MAX;
    init_patterns(d);
    return d;
}

/* Synthetic streams as a drv_src: the head of wl stream w, converted once per head. */
static const drv_inst *wl_src_peek(void *ctx, unsigned w)
{
    drv_t *d = ctx;
    drv_inst *h = &d->head[w];
    if (d->head_ok[w]) return h;
    const wl_inst *in = wl_peek(d->wl[w]);
    memset(h, 0, sizeof *h);
    h->seq = in->seq;
    h->nsrc = in->nsrc;
    for (unsigned s = 0; s < in->nsrc; s++) {
        h->src[s] = in->src[s];
        h->src_near[s] = in->src_near[s];
    }
    h->ndst = in->has_dst ? 1 : 0;
    h->dst[0] = in->dst;
    h->dst_near[0] = in->dst_near;
    h->cls = (unsigned)in->cls;
    h->lat = in->lat;
    d->head_ok[w] = 1;
    return h;
}

static void wl_src_pop(void *ctx, unsigned w)
{
    drv_t *d = ctx;
    wl_pop(d->wl[w]);
    d->head_ok[w] = 0;
}

drv_t *drv_create(const cfg_t *c, const drv_keys *k)
{
    drv_t *d = drv_alloc(c, k, wl_regs_span(c, k));
    if (!d) return NULL;
    d->wl = calloc(c->warps ? c->warps : 1, sizeof *d->wl);
    d->head = calloc(c->warps ? c->warps : 1, sizeof *d->head);
    d->head_ok = calloc(c->warps ? c->warps : 1, 1);
    if (!d->wl || !d->head || !d->head_ok) {
        drv_destroy(d);
        return NULL;
    }
    for (unsigned w = 0; w < c->warps; w++) {
        d->wl[w] = wl_create(c, k, w);
        if (!d->wl[w]) {
            drv_destroy(d);
            return NULL;
        }
    }
    d->src.ctx = d;
    d->src.peek = wl_src_peek;
    d->src.pop = wl_src_pop;
    d->src.complete = NULL;
    d->src.active = NULL;
    d->src.exec_done = NULL;
    d->src.held = NULL;
    d->disp_stall_pct = k->wl_disp_stall_pct;
    d->wb_stall_pct = k->wl_wb_stall_pct;
    return d;
}

drv_t *drv_create_src(const cfg_t *c, const drv_keys *k, const drv_src *src)
{
    drv_t *d = drv_alloc(c, k, c->regs);
    if (!d) return NULL;
    d->src = *src;
    return d;
}

void drv_no_values(drv_t *d)
{
    d->words = 0;
}

void drv_set_issue_limit(drv_t *d, uint64_t n)
{
    d->issue_limit = n;
}

int drv_idle(const drv_t *d)
{
    return d->nwb == 0 && d->ncoll == 0;
}

void drv_destroy(drv_t *d)
{
    if (!d) return;
    if (d->wl)
        for (unsigned w = 0; w < d->c.warps; w++) wl_destroy(d->wl[w]);
    free(d->wl);
    free(d->head);
    free(d->head_ok);
    free(d->coll);
    free(d->arch);
    free(d->pending);
    free(d->pmem);
    free(d->wb);
    free(d->filt);
    free(d->fhits);
    free(d->since);
    rff_free(&d->wbfate);
    rst_free(&d->reuse);
    free(d);
}

int drv_set_opc(drv_t *d, const drv_opc *opc)
{
    unsigned n = d->c.warps ? d->c.warps : 1;
    d->filt = calloc(n, sizeof *d->filt);
    d->fhits = calloc(n, sizeof *d->fhits);
    d->since = calloc(n, sizeof *d->since);
    if (!d->filt || !d->fhits || !d->since) return -1;
    d->opc = *opc;
    return 0;
}

/* Instruction h without the sources in mask `hits`, the others moved down in order (a
 * source's slot in the sub-core is its place in the presented list). */
static void drop_sources(const drv_inst *h, uint32_t hits, drv_inst *f)
{
    *f = *h;
    unsigned k = 0;
    for (unsigned s = 0; s < h->nsrc; s++) {
        if (hits >> s & 1u) continue;
        f->src[k] = h->src[s];
        f->src_near[k] = h->src_near[s];
        f->src_dist[k] = h->src_dist[s];
        k++;
    }
    f->nsrc = k;
    if (hits) { /* the trace's source values are not checked on such an instruction */
        f->vsrc = 0;
        f->sval = NULL;
    }
}

const char *drv_error(const drv_t *d)
{
    return d->err;
}

const drv_counts *drv_get_counts(const drv_t *d)
{
    return &d->cnt;
}

/* Keep drv_counts.ccu_wb_saved current (O(1)). */
static inline void wb_saved_now(drv_t *d)
{
    d->cnt.ccu_wb_saved = rff_saved(&d->wbfate);
}

/* Word k of the value written by record r (invented data). */
static uint64_t wb_word(const drv_t *d, const wb_rec *r, unsigned k)
{
    uint64_t v = rng_mix64(r->u.key ^ rng_mix64(0x574f5244ULL + k));
    return k == d->words - 1 ? v & d->last_mask : v;
}

/* Word k of the value written by traced record r: its row's lanes 2k and 2k + 1 where the
 * row gives them, the register's current bits elsewhere (drv.h "Write data"). */
static uint64_t trace_word(drv_t *d, const wb_rec *r, unsigned k)
{
    uint64_t v = arch_at(d, r->wid, r->reg)[k];
    const uint32_t *row = r->u.tv;
    for (unsigned h = 0; h < 2; h++) {
        unsigned lane = 2 * k + h;
        if (lane < 32 && (row[0] >> lane & 1u))
            v = (v & ~(0xffffffffULL << (32 * h))) | (uint64_t)row[1 + lane] << (32 * h);
    }
    return k == d->words - 1 ? v & d->last_mask : v;
}

/* The value written by record r into out[0..words). */
static void wb_value(drv_t *d, const wb_rec *r, uint64_t *out)
{
    for (unsigned k = 0; k < d->words; k++)
        out[k] = r->traced ? trace_word(d, r, k) : wb_word(d, r, k);
}

/* Row i (one per set bit of mask below bit i) of rows: the row of bit i of mask. */
static const uint32_t *row_of(const uint32_t *rows, uint32_t mask, unsigned i)
{
    return rows + (size_t)__builtin_popcount(mask & ((1u << i) - 1u)) * DRV_VAL_ROW;
}

/* Compare the dispatched operand got[0..words) with the trace's row of its register, in
 * every lane the row gives that lies below data_bits (counted, not an error: drv.h). */
static void check_trace_src(drv_t *d, const uint64_t *got, const uint32_t *row)
{
    d->cnt.src_trace_checks++;
    for (unsigned lane = 0; lane < 32 && 32 * (lane + 1) <= d->c.data_bits; lane++) {
        if (!(row[0] >> lane & 1u)) continue;
        if ((uint32_t)(got[lane / 2] >> (32 * (lane % 2))) != row[1 + lane]) {
            d->cnt.src_trace_diffs++;
            return;
        }
    }
}

/* 1 if register r of warp w is pending; then it is noted as what holds w's head back. */
static int holds_back(drv_t *d, unsigned w, unsigned r)
{
    if (!*pend_at(d, w, r)) return 0;
    d->blocked[w] = (uint16_t)(r + 1);
    return 1;
}

/* 1 if warp w's head h may be presented: no source and no destination pending. */
static int head_presentable(drv_t *d, unsigned w, const drv_inst *h)
{
    for (unsigned s = 0; s < h->nsrc; s++)
        if (holds_back(d, w, h->src[s])) return 0;
    for (unsigned i = 0; i < h->ndst; i++)
        if (holds_back(d, w, h->dst[i])) return 0;
    d->blocked[w] = 0;
    return 1;
}

/* 1 if the register that held warp w's head back last time is still pending (the head
 * is the same until w issues, so it is still held back). */
static int still_blocked(drv_t *d, unsigned w)
{
    return d->blocked[w] && *pend_at(d, w, d->blocked[w] - 1u);
}

static int wb_older(const wb_rec *a, const wb_rec *b)
{
    return a->ready < b->ready || (a->ready == b->ready && a->order < b->order);
}

/* Indices of the (at most) `ports` oldest records ready at `now`, oldest first, into idx;
 * returns their count. One pass, insertion into the short sorted list. */
static unsigned oldest_ready(const drv_t *d, uint64_t now, unsigned ports, unsigned *idx)
{
    unsigned n = 0;
    for (unsigned i = 0; i < d->nwb; i++) {
        if (d->wb[i].ready > now) continue;
        if (n == ports && !wb_older(&d->wb[i], &d->wb[idx[n - 1]])) continue;
        unsigned k = n < ports ? n++ : n - 1; /* a full list drops its youngest */
        while (k > 0 && wb_older(&d->wb[i], &d->wb[idx[k - 1]])) {
            idx[k] = idx[k - 1];
            k--;
        }
        idx[k] = i;
    }
    return n;
}

/* Present ready write-backs oldest first, each held back with wl_wb_stall_pct. */
static void present_wbs(drv_t *d, sc_in *in)
{
    unsigned idx[CFG_MAX_P];
    unsigned n = 0, ports = d->c.wb_ports < CFG_MAX_P ? d->c.wb_ports : CFG_MAX_P;
    uint64_t now = d->cnt.cycles;

    for (unsigned p = 0; p < d->nshown; p++) d->port_rec[p] = -1;
    d->nshown = 0;
    if (now < d->wb_next || ports == 0 || d->wb_stall_pct >= 100) return;
    if (!d->wb_stall_pct) /* no stalls: the `ports` oldest ready records in one pass */
        n = oldest_ready(d, now, ports, idx);
    /* Repeatedly take the oldest ready record not yet considered, until ports are full. */
    while (d->wb_stall_pct && n < ports) {
        int best = -1;
        for (unsigned i = 0; i < d->nwb; i++) {
            const wb_rec *r = &d->wb[i];
            if (r->ready > now || r->seen) continue;
            if (best < 0 || wb_older(r, &d->wb[best])) best = (int)i;
        }
        if (best < 0) break;
        d->wb[best].seen = 1;
        if (d->wb_stall_pct && rng_pct(&d->rng, d->wb_stall_pct)) continue;
        idx[n++] = (unsigned)best;
    }
    for (unsigned i = 0; d->wb_stall_pct && i < d->nwb; i++) d->wb[i].seen = 0;
    d->nshown = n;
    for (unsigned p = 0; p < n; p++) {
        const wb_rec *r = &d->wb[idx[p]];
        d->port_rec[p] = (int)idx[p];
        in->wb_valid[p] = 1;
        in->wb_wid[p] = r->wid;
        in->wb_reg[p] = r->reg;
        in->wb_near[p] = r->near;
        wb_value(d, r, in->wb_data[p]);
    }
}

/* Bit w of a warp mask. */
static uint64_t wbit(unsigned w)
{
    return (uint64_t)1 << w;
}

/* Zero warp w's instruction inputs (every slot row whole: a fixed size, so no call). */
static void clear_warp(drv_t *d, sc_in *in, unsigned w)
{
    d->in_set &= ~wbit(w);
    in->inst_valid[w] = 0;
    in->inst_tag[w] = 0;
    memset(in->inst_src_valid[w], 0, sizeof in->inst_src_valid[w]);
    memset(in->inst_src_reg[w], 0, sizeof in->inst_src_reg[w]);
    memset(in->inst_src_near[w], 0, sizeof in->inst_src_near[w]);
}

/* Zero the write-back ports the previous cycle set. */
static void clear_wbs(drv_t *d, sc_in *in)
{
    if (d->port_rec[0] < 0) return; /* none: ports are taken from 0 up (present_wbs) */
    for (unsigned p = 0; p < d->c.wb_ports && p < CFG_MAX_P; p++) {
        if (!in->wb_valid[p]) continue;
        in->wb_valid[p] = 0;
        in->wb_wid[p] = 0;
        in->wb_reg[p] = 0;
        in->wb_near[p] = 0;
        if (d->words) memset(in->wb_data[p], 0, sizeof(uint64_t) * d->words);
    }
}

/* 1 if the inputs show warp w's head and w has not issued since: it is still presentable,
 * since only w's own issue makes a register of w pending or fills w's collection record,
 * and the head stays until w issues (drv_src). */
static int still_shown(const drv_t *d, unsigned w)
{
    return (d->in_set & ~d->in_stale) >> w & 1u;
}

/* Show warp w's instruction h on the inputs, unless they show it already (a warp's
 * inputs stay while its head is unchanged: only an issue changes the head). */
static void show_warp(drv_t *d, sc_in *in, unsigned w, const drv_inst *h)
{
    if (still_shown(d, w)) return;
    if (d->in_set & wbit(w)) clear_warp(d, in, w);
    d->in_set |= wbit(w);
    d->in_stale &= ~wbit(w);
    in->inst_valid[w] = 1;
    for (unsigned s = 0; s < h->nsrc; s++) {
        in->inst_src_valid[w][s] = 1;
        in->inst_src_reg[w][s] = h->src[s];
        in->inst_src_near[w][s] = h->src_near[s];
    }
    in->inst_tag[w] = (uint32_t)h->seq & d->tag_mask;
}

/* Outcomes of try_present. */
enum { SHOWN, HELD, EMPTY };

/* Warp w has an instruction between issue and dispatch. */
static int in_collection(const drv_t *d, unsigned w)
{
    return d->collecting >> w & 1u;
}

/* Present warp w's head if it may be presented (SHOWN). HELD: it may not, and that stays so
 * until an event of w (issue, dispatch, write-back); EMPTY: the source had nothing now. */
static int try_present(drv_t *d, sc_in *in, unsigned w)
{
    if (still_shown(d, w)) return SHOWN;
    if (in_collection(d, w) || still_blocked(d, w)) return HELD;
    const drv_inst *h = d->src.peek(d->src.ctx, w);
    if (!h) return EMPTY;
    if (!head_presentable(d, w, h)) return HELD;
    if (d->opc.hits) {
        d->fhits[w] = d->opc.hits(d->opc.ctx, w, h);
        drop_sources(h, d->fhits[w], &d->filt[w]);
        h = &d->filt[w];
    }
    show_warp(d, in, w, h);
    return SHOWN;
}

/* Decide warp w again; it stays watched only while the source has nothing for it. */
static void decide_warp(drv_t *d, sc_in *in, unsigned w)
{
    int r = try_present(d, in, w);
    d->empty = (d->empty & ~wbit(w)) | (r == EMPTY ? wbit(w) : 0);
    if (r == SHOWN)
        d->presented |= wbit(w);
    else
        d->presented &= ~wbit(w);
    if (r != SHOWN && (d->in_set & wbit(w))) clear_warp(d, in, w);
    if (r != EMPTY) d->watch &= ~wbit(w);
}

/* An event of warp w: decide its presentation again next cycle. */
static void watch_warp(drv_t *d, unsigned w)
{
    d->watch |= wbit(w);
}

/* The counter of why no warp presented an instruction this cycle (drv_counts.stall_*). */
static uint64_t *stall_reason(drv_t *d)
{
    uint64_t active = d->src.active ? d->src.active(d->src.ctx) : 0;
    int dep = 0, coll = 0;
    if (d->wl) active = d->c.warps >= 64 ? ~0ULL : (1ULL << d->c.warps) - 1;
    for (uint64_t todo = active; todo; todo &= todo - 1) {
        unsigned w = (unsigned)__builtin_ctzll(todo);
        if (w >= d->c.warps) break;
        if (still_blocked(d, w)) {
            if (d->pmem[pend_at(d, w, d->blocked[w] - 1u) - d->pending]) return &d->cnt.stall_mem;
            dep = 1;
        } else if (in_collection(d, w)) {
            coll = 1;
        }
    }
    return dep ? &d->cnt.stall_dep : coll ? &d->cnt.stall_collect
                                    : active ? &d->cnt.stall_other : &d->cnt.stall_empty;
}

/* Warp w waits for a register a global, local or constant memory load will write
 * (two-level scheduling's long-latency dependence; a shared-memory load is short, as in
 * GPGPU-Sim's scoreboard, whose two_level_active scheduler the papers ran). */
static int mem_blocked(drv_t *d, unsigned w)
{
    return still_blocked(d, w) &&
           d->pmem[pend_at(d, w, d->blocked[w] - 1u) - d->pending] == DRV_PMEM_LONG;
}

/* Warp w's source has nothing for it for a reason time alone does not end (a barrier): a
 * two-level scheduler lets another warp in. */
static int src_stuck(drv_t *d, unsigned w)
{
    return (d->empty >> w & 1u) && !in_collection(d, w) && !still_blocked(d, w) &&
           !(d->src.held && d->src.held(d->src.ctx, w));
}

/* Two-level scheduling: warp w leaves the active set (its cache is flushed). */
static void leave_active(drv_t *d, sc_in *in, unsigned w)
{
    d->act &= ~wbit(w);
    d->cnt.active_swaps++;
    d->since[w] = ++d->left;
    if (d->in_set & wbit(w)) clear_warp(d, in, w);
    d->presented &= ~wbit(w);
    d->watch |= wbit(w);
    if (d->opc.flush) d->opc.flush(d->opc.ctx, w);
}

/* Two-level scheduling: drop from the active set the warps that ended, wait on memory or
 * wait at a barrier (with an admission rule, drv_opc.admit: only those that ended), then
 * fill it from the warps outside, the one waiting longest first (drv_opc). */
static void update_active(drv_t *d, sc_in *in, uint64_t have)
{
    for (uint64_t todo = d->act; todo; todo &= todo - 1) {
        unsigned w = (unsigned)__builtin_ctzll(todo);
        if ((have >> w & 1u) && (d->opc.admit || (!mem_blocked(d, w) && !src_stuck(d, w))))
            continue;
        leave_active(d, in, w);
    }
    while ((unsigned)__builtin_popcountll(d->act) < d->opc.active_max) {
        int best = -1;
        for (uint64_t todo = have & ~d->act; todo; todo &= todo - 1) {
            unsigned w = (unsigned)__builtin_ctzll(todo);
            if (w >= d->c.warps || mem_blocked(d, w)) continue;
            if (best < 0 || d->since[w] < d->since[best]) best = (int)w;
        }
        if (best < 0) break;
        d->act |= wbit((unsigned)best);
        d->watch |= wbit((unsigned)best);
        d->empty &= ~wbit((unsigned)best); /* asked again before it may leave */
    }
}

/* Two-level scheduling: a warp outside the active set could present an instruction. */
static int inactive_ready(drv_t *d, uint64_t have)
{
    for (uint64_t todo = have & ~d->act; todo; todo &= todo - 1) {
        unsigned w = (unsigned)__builtin_ctzll(todo);
        if (w < d->c.warps && !in_collection(d, w) && !still_blocked(d, w)) return 1;
    }
    return 0;
}

/* Admission rule (drv_opc.admit): in a stall cycle, the warp outside the full active set
 * waiting longest among those with an instruction ready to issue (its source gives one and
 * no register holds it back) is offered; the warp admit names leaves and the offered one
 * takes its place from the next cycle. */
static void try_admit(drv_t *d, sc_in *in, uint64_t have)
{
    if ((unsigned)__builtin_popcountll(d->act) < d->opc.active_max) return; /* filled next cycle */
    int best = -1;
    for (uint64_t todo = have & ~d->act; todo; todo &= todo - 1) {
        unsigned u = (unsigned)__builtin_ctzll(todo);
        if (u >= d->c.warps || in_collection(d, u) || (best >= 0 && d->since[u] >= d->since[best]))
            continue;
        const drv_inst *h = d->src.peek(d->src.ctx, u);
        if (h && head_presentable(d, u, h)) best = (int)u;
    }
    if (best < 0) return;
    unsigned w = (unsigned)best;
    uint64_t avail = 0;
    for (uint64_t todo = d->act; todo; todo &= todo - 1) {
        unsigned a = (unsigned)__builtin_ctzll(todo);
        if (!in_collection(d, a)) avail |= wbit(a);
    }
    int v = d->opc.admit(d->opc.ctx, w, avail);
    if (v < 0 || !(d->act >> (unsigned)v & 1u)) return;
    leave_active(d, in, (unsigned)v); /* v waits after every warp outside now */
    d->act |= wbit(w);
    d->watch |= wbit(w);
    d->empty &= ~wbit(w);
}

void drv_hot(const drv_t *d, void (*add)(void *ctx, const void *p, size_t n), void *ctx)
{
    add(ctx, d, sizeof *d);
    add(ctx, d->pending, (size_t)d->c.warps * d->nregs);
    add(ctx, d->pmem, (size_t)d->c.warps * d->nregs);
    add(ctx, d->wb, d->nwb * sizeof *d->wb);
}

uint64_t drv_quiet_until(drv_t *d)
{
    if (d->wl || d->ncoll || d->presented) return 0;
    uint64_t active = d->src.active ? d->src.active(d->src.ctx) : ~0ULL;
    if (d->opc.active_max) return 0; /* two-level scheduling: its active set is decided
                                        every cycle (a sleeping sub-core would not) */
    uint64_t until = d->nwb ? d->wb_next : UINT64_MAX;
    for (uint64_t todo = active; todo; todo &= todo - 1) {
        unsigned w = (unsigned)__builtin_ctzll(todo);
        if (w >= d->c.warps) return 0;
        if (still_blocked(d, w)) continue; /* until a write-back: wb_next at the latest */
        uint64_t h = d->src.held ? d->src.held(d->src.ctx, w) : 0;
        if (!h) return 0;
        if (d->cnt.cycles - 1 + h < until) until = d->cnt.cycles - 1 + h; /* from the cycle
                                                                               just consumed */
    }
    if (until == UINT64_MAX && active) return 0; /* blocked with nothing outstanding */
    return until > d->cnt.cycles ? until : 0;
}

void drv_skip(drv_t *d, uint64_t n)
{
    *stall_reason(d) += n; /* never with two-level scheduling (drv_quiet_until) */
    d->cnt.cycles += n;
}

int drv_set_model(drv_t *d, const sc_t *m)
{
    d->model = m;
    if (m && d->k.ccu_writeback && !d->wbfate.open)
        return rff_init(&d->wbfate, d->c.warps, d->c.regs);
    return 0;
}

/* Register-bank-aware issue (Barnes et al., HPCA 2023, section IV-C): a presented warp's
 * score is the sum, over the sources it presents, of the requests queued at the source's
 * bank (two sources in one bank count that queue twice); only the warps of the lowest
 * score keep their inst_valid this cycle, and the sub-core's own scheduler picks among
 * them (its order breaks the ties, as the warp age does in the paper). */
static void rba_filter(drv_t *d, sc_in *in)
{
    if (__builtin_popcountll(d->presented) < 2) return;
    unsigned q[CFG_MAX_B], best = ~0u, score[CFG_MAX_W];
    for (unsigned b = 0; b < d->c.banks; b++) q[b] = sc_bank_queued(d->model, b);
    for (uint64_t todo = d->presented; todo; todo &= todo - 1) {
        unsigned w = (unsigned)__builtin_ctzll(todo), s = 0;
        for (unsigned k = 0; k < d->c.slots; k++)
            if (in->inst_src_valid[w][k]) s += q[(in->inst_src_reg[w][k] + w) & (d->c.banks - 1u)];
        score[w] = s;
        if (s < best) best = s;
    }
    for (uint64_t todo = d->presented; todo; todo &= todo - 1) {
        unsigned w = (unsigned)__builtin_ctzll(todo);
        if (score[w] == best) continue;
        in->inst_valid[w] = 0;
        d->rba_hidden |= wbit(w);
        d->cnt.rba_hidden++;
    }
}

void drv_inputs(drv_t *d, sc_in *in)
{
    if (d->words && !d->arch_full) { /* the first cycle with values: their store */
        uint64_t *a = calloc((size_t)d->c.warps * d->nregs * d->words + 1, sizeof *a);
        if (!a) {
            fail(d, "out of memory (register values of %u warps)", d->c.warps);
        } else {
            free(d->arch);
            d->arch = a;
            d->arch_full = 1;
        }
    }
    if (d->in_cleared != in) { /* a struct not seen before: clear it whole, once */
        memset(in, 0, sizeof *in);
        d->in_set = 0;
        d->in_cleared = in;
        d->watch = d->c.warps >= 64 ? ~0ULL : (1ULL << d->c.warps) - 1;
    }
    for (uint64_t todo = d->rba_hidden & d->presented; todo; todo &= todo - 1)
        in->inst_valid[__builtin_ctzll(todo)] = 1; /* hidden last cycle only */
    d->rba_hidden = 0;
    clear_wbs(d, in);
    if (d->reuse.last && d->model) d->own_before = sc_ccu_owners(d->model);
    in->disp_ready = d->wl ? !rng_pct(&d->rng, d->disp_stall_pct) : 1;
    if ((d->issue_limit && d->cnt.issued >= d->issue_limit) /* synthetic: no more issue */
        || (d->opc.gate && !d->opc.gate(d->opc.ctx, d->cnt.cycles))) { /* the gate: not now */
        d->presented = 0;
        for (uint64_t todo = d->in_set; todo; todo &= todo - 1)
            clear_warp(d, in, (unsigned)__builtin_ctzll(todo));
        if (d->opc.gate) d->watch = d->c.warps >= 64 ? ~0ULL : (1ULL << d->c.warps) - 1;
    } else { /* the warps not watched present what they presented last cycle */
        uint64_t active = d->src.active ? d->src.active(d->src.ctx) : ~0ULL;
        uint64_t idle = d->watch & ~active; /* the source has nothing: stay watched */
        d->presented &= ~idle;
        for (uint64_t todo = idle & d->in_set; todo; todo &= todo - 1)
            clear_warp(d, in, (unsigned)__builtin_ctzll(todo));
        uint64_t may = active;
        if (d->opc.active_max) {
            update_active(d, in, active);
            may &= d->act;
        }
        for (uint64_t todo = d->watch & may; todo; todo &= todo - 1)
            decide_warp(d, in, (unsigned)__builtin_ctzll(todo));
        if (d->model && d->k.rba) rba_filter(d, in);
        if (d->opc.active_max && !d->presented && inactive_ready(d, active)) {
            d->cnt.stall_inactive++;
            if (d->ncoll < d->c.ccus) d->cnt.stall_inactive_free++;
            if (d->opc.admit) try_admit(d, in, active);
            present_wbs(d, in);
            return;
        }
    }
    present_wbs(d, in);
    if (!d->presented) (*stall_reason(d))++;
}

/* 1 if the dispatched slot valids are exactly 1 for slots 0..nsrc-1 and 0 after: the usual
 * case, told by two word compares (any other pattern goes through the per-slot checks). */
static int valids_as_expected(const drv_t *d, const sc_out *out, const coll_rec *cr)
{
    unsigned n = cr->inst.nsrc;
    return n <= d->c.slots &&
           ((word8(out->disp_src_valid) ^ d->valid_pat[n][0]) & d->slot_bytes[0]) == 0 &&
           ((word8(out->disp_src_valid + 8) ^ d->valid_pat[n][1]) & d->slot_bytes[1]) == 0;
}

/* Check one dispatch against the warp's collection record; release the record and start
 * execution. */
static void do_dispatch(drv_t *d, const sc_out *out)
{
    uint64_t cyc = d->cnt.cycles;
    unsigned w = out->disp_wid;
    coll_rec *cr;

    d->cnt.dispatched++;
    if (w >= d->c.warps || !in_collection(d, w)) {
        fail(d, "cycle %llu: dispatch of warp %u tag 0x%x, which has no instruction in "
                "collection", (unsigned long long)cyc, w, (unsigned)out->disp_tag);
        return;
    }
    cr = &d->coll[w];
    if (out->disp_tag != cr->tag)
        fail(d, "cycle %llu: dispatch of warp %u: tag 0x%x, expected 0x%x",
             (unsigned long long)cyc, w, (unsigned)out->disp_tag, (unsigned)cr->tag);
    for (unsigned s = 0; !(d->words == 0 && valids_as_expected(d, out, cr)) && s < d->c.slots;
         s++) {
        int exp_valid = s < cr->inst.nsrc;
        if ((out->disp_src_valid[s] != 0) != exp_valid) {
            fail(d, "cycle %llu: dispatch of warp %u tag 0x%x: slot %u valid %u, expected %d",
                 (unsigned long long)cyc, w, (unsigned)cr->tag, s,
                 (unsigned)out->disp_src_valid[s], exp_valid);
            continue;
        }
        if (!exp_valid) {
            for (unsigned k = 0; k < d->words; k++)
                if (out->disp_src_data[s][k]) {
                    fail(d, "cycle %llu: dispatch of warp %u tag 0x%x: invalid slot %u "
                            "carries data (word %u = 0x%016llx)",
                         (unsigned long long)cyc, w, (unsigned)cr->tag, s, k,
                         (unsigned long long)out->disp_src_data[s][k]);
                    break;
                }
            continue;
        }
        if (!d->words) continue; /* no values: nothing to compare */
        unsigned r = cr->inst.src[s];
        const uint64_t *exp = arch_at(d, w, r);
        d->cnt.operand_checks++;
        if (cr->inst.vsrc >> s & 1u)
            check_trace_src(d, out->disp_src_data[s], row_of(cr->inst.sval, cr->inst.vsrc, s));
        for (unsigned k = 0; k < d->words; k++)
            if (out->disp_src_data[s][k] != exp[k]) {
                fail(d, "cycle %llu: invariant 4: warp %u tag 0x%x slot %u r%u: word %u "
                        "expected 0x%016llx got 0x%016llx",
                     (unsigned long long)cyc, w, (unsigned)cr->tag, s, r, k,
                     (unsigned long long)exp[k], (unsigned long long)out->disp_src_data[s][k]);
                break;
            }
    }
    uint64_t start = cyc;
    if (cr->inst.ii && cr->inst.cls < DRV_NCLS) {
        uint64_t *uf = &d->unit_free[cr->inst.cls];
        if (*uf > start) start = *uf;
        *uf = start + cr->inst.ii;
    }
    uint64_t ready = start + (cr->inst.lat ? cr->inst.lat : 1);
    if (d->src.exec_done) {
        ready = d->src.exec_done(d->src.ctx, w, &cr->inst, start);
        if (ready <= start) ready = start + 1;
    }
    for (unsigned i = 0; i < cr->inst.ndst; i++) {
        if (d->nwb >= d->wb_cap && d->wb_cap < d->wb_max) { /* room for more */
            unsigned nc = d->wb_cap * 2 < d->wb_max ? d->wb_cap * 2 : d->wb_max;
            wb_rec *nw = realloc(d->wb, (size_t)nc * sizeof *nw);
            if (nw) {
                d->wb = nw;
                d->wb_cap = nc;
            }
        }
        if (d->nwb >= d->wb_cap) {
            fail(d, "cycle %llu: driver write-back table overflow", (unsigned long long)cyc);
            break;
        }
        wb_rec *r = &d->wb[d->nwb++];
        *r = (wb_rec){0};
        r->ready = ready;
        if (r->ready < d->wb_next) d->wb_next = r->ready;
        r->order = d->wb_serial++;
        r->wid = (uint16_t)w;
        r->reg = cr->inst.dst[i];
        r->near = cr->inst.dst_near[i];
        if (d->words && (cr->inst.vdst >> i & 1u)) {
            r->traced = 1;
            r->u.tv = row_of(cr->inst.dval, cr->inst.vdst, i);
        } else if (d->words) {
            r->u.key = rng_mix64((uint64_t)d->k.wl_seed ^ rng_mix64(r->order) ^
                                 rng_mix64(((uint64_t)w << 32) | r->reg));
        }
    }
    if (d->src.complete) d->src.complete(d->src.ctx, w);
    d->collecting &= ~wbit(w);
    d->ncoll--;
    watch_warp(d, w);
    if (d->opc.dispatched) { /* the cache may have changed: decide every presented warp again */
        d->opc.dispatched(d->opc.ctx, w);
        d->in_stale |= d->in_set;
        d->watch |= d->in_set;
    }
}

/* Drop the accepted write-back records; wb_next is the earliest of those left. */
static void drop_done(drv_t *d)
{
    unsigned j = 0;
    d->wb_next = UINT64_MAX;
    for (unsigned i = 0; i < d->nwb; i++) {
        if (d->wb[i].done) continue;
        if (d->wb[i].ready < d->wb_next) d->wb_next = d->wb[i].ready;
        d->wb[j++] = d->wb[i];
    }
    d->nwb = j;
}

/* 1 if some configured write-back port of in is valid. */
static int any_wb_valid(const drv_t *d, const sc_in *in)
{
    return (word8(in->wb_valid) & d->port_bytes) != 0;
}

/* Accept or keep the write-backs presented this cycle. */
static void do_writebacks(drv_t *d, const sc_in *in, const sc_out *out)
{
    int accepted = 0;
    if (d->nshown == 0 && !any_wb_valid(d, in)) return;
    for (unsigned p = 0; p < d->c.wb_ports && p < CFG_MAX_P; p++) {
        int i = d->port_rec[p];
        if ((i >= 0) != (in->wb_valid[p] != 0)) {
            fail(d, "cycle %llu: write-back port %u: inputs differ from drv_inputs",
                 (unsigned long long)d->cnt.cycles, p);
            continue;
        }
        if (i < 0) continue;
        wb_rec *r = &d->wb[i];
        if (!out->wb_ready[p]) {
            d->cnt.wb_refused++;
            continue;
        }
        uint64_t *a = arch_at(d, r->wid, r->reg);
        for (unsigned k = 0; k < d->words; k++) a[k] = in->wb_data[p][k];
        d->cnt.wb_trace_values += r->traced;
        uint8_t *pd = pend_at(d, r->wid, r->reg);
        if (*pd) (*pd)--;
        r->done = 1;
        accepted = 1;
        if (d->wbfate.open) { /* a write-back CCU keeps what its warp's CCU took */
            int held = sc_ccu_holds(d->model, r->wid, r->reg);
            d->cnt.ccu_wb_cached += (uint64_t)held;
            rff_write(&d->wbfate, r->wid, r->reg);
            if (!held) rff_read(&d->wbfate, r->wid, r->reg, 0); /* to the register file now */
            wb_saved_now(d);
        }
        watch_warp(d, r->wid);
        d->cnt.written_back++;
        if (d->src.complete) d->src.complete(d->src.ctx, r->wid);
    }
    if (accepted) drop_done(d);
}

/* *to = *from as far as the collector reads it: the scalars, the sources and the first ndst
 * (at least 4) destinations (drv.h: entries past nsrc and ndst are not valid), and
 * not the distances (only the operand cache reads them, from the source's head at
 * issue). Most of the struct's five cache lines stay untouched on an instruction with a
 * few operands. */
static void inst_copy(drv_inst *to, const drv_inst *from)
{
    /* fixed sizes (a few vector moves, no call) except for a wide destination list */
    memcpy(to, from, offsetof(drv_inst, src));
    memcpy(to->src, from->src, sizeof to->src);
    memcpy(to->src_near, from->src_near, sizeof to->src_near);
    unsigned nd = from->ndst < DRV_MAX_DST ? from->ndst : DRV_MAX_DST;
    if (nd <= 4) {
        memcpy(to->dst, from->dst, 4 * sizeof *to->dst);
        memcpy(to->dst_near, from->dst_near, 4 * sizeof *to->dst_near);
    } else {
        memcpy(to->dst, from->dst, nd * sizeof *to->dst);
        memcpy(to->dst_near, from->dst_near, nd * sizeof *to->dst_near);
    }
}

/* reuse_stats: warp w issues h (its sources as the source gave them): its distinct
 * sources, served by the operand cache (drv_set_opc) or by the warp's CCU, then its
 * destinations, into the reuse anatomy. A warp that owned no CCU before this cycle took a
 * new (flushed) one at this issue. */
static void reuse_issue(drv_t *d, unsigned w, const drv_inst *h)
{
    rst_t *t = &d->reuse;
    if (h->seq == 0 && h->src_pos == 0) rst_start_warp(t, w);
    if (h->src_pos == 0) rst_next_inst(t, w);
    if (d->model && d->c.caching && !(d->own_before >> w & 1u)) rst_new_tenure(t, &d->cnt.reuse, w);
    for (unsigned s = 0; s < h->nsrc; s++) {
        unsigned r = h->src[s], dup = 0;
        for (unsigned q = 0; q < s && !dup; q++) dup = h->src[q] == r;
        if (dup) continue;
        int hit = (d->opc.hits && (d->fhits[w] >> s & 1u))
                  || (d->model && d->c.caching && sc_ccu_holds(d->model, w, r));
        rst_read(t, &d->cnt.reuse, w, r, hit);
    }
    for (unsigned i = 0; i < h->ndst && i < DRV_MAX_DST; i++) rst_write(t, w, h->dst[i]);
}

static void do_issue(drv_t *d, const sc_out *out)
{
    unsigned w = out->issue_wid;
    if (w >= d->c.warps || !((d->presented & ~d->rba_hidden) >> w & 1u)) {
        fail(d, "cycle %llu: issue of warp %u, which presented no instruction",
             (unsigned long long)d->cnt.cycles, w);
        return;
    }
    const drv_inst *h = d->src.peek(d->src.ctx, w);
    coll_rec *cr = &d->coll[w];
    d->collecting |= wbit(w);
    d->ncoll++;
    inst_copy(&cr->inst, d->opc.hits ? &d->filt[w] : h);
    if (d->opc.hits) { /* the cache changed: every presented warp is decided again */
        d->opc.issued(d->opc.ctx, w, h, d->fhits[w]);
        d->in_stale |= d->in_set;
        d->watch |= d->in_set;
    }
    if (d->wbfate.open) { /* the lookup (next cycle) sees the state after this cycle: now */
        for (unsigned s = 0; s < cr->inst.nsrc; s++)
            rff_read(&d->wbfate, w, cr->inst.src[s], sc_ccu_holds(d->model, w, cr->inst.src[s]));
        wb_saved_now(d);
    }
    if (d->reuse.last) reuse_issue(d, w, h);
    cr->tag = (uint32_t)h->seq & d->tag_mask;
    uint8_t mem = d->wl ? (h->cls == WL_MEM ? DRV_PMEM_LONG : 0)
                        : h->cls == DRV_CLS_LDST ? DRV_PMEM_LONG
                        : h->cls == DRV_CLS_SHMEM ? DRV_PMEM_SHARED : 0;
    for (unsigned i = 0; i < h->ndst; i++) {
        uint8_t *pd = pend_at(d, w, h->dst[i]);
        if (*pd < 255) (*pd)++;
        d->pmem[pend_at(d, w, h->dst[i]) - d->pending] = mem;
    }
    d->src.pop(d->src.ctx, w);
    d->in_stale |= wbit(w);
    d->blocked[w] = 0;
    watch_warp(d, w);
    d->cnt.issued++;
}

int drv_consume(drv_t *d, const sc_in *in, const sc_out *out)
{
    uint64_t errs = d->cnt.errors;
    int progress = 0;

    if (out->disp_valid && in->disp_ready) {
        do_dispatch(d, out);
        progress = 1;
    }
    uint64_t wbs = d->cnt.written_back;
    do_writebacks(d, in, out);
    if (d->cnt.written_back != wbs) progress = 1;
    if (out->issue_valid) {
        do_issue(d, out);
        progress = 1;
    }
    if (progress) {
        d->last_progress = d->cnt.cycles;
    } else if (d->disp_stall_pct < 100 && d->wb_stall_pct < 100 &&
               d->cnt.cycles - d->last_progress >= DRV_STALL_LIMIT) {
        fail(d, "cycle %llu: no issue, dispatch or write-back for %llu cycles (deadlock?)",
             (unsigned long long)d->cnt.cycles, (unsigned long long)DRV_STALL_LIMIT);
        d->last_progress = d->cnt.cycles;
    }
    d->cnt.cycles++;
    return d->cnt.errors != errs ? -1 : 0;
}
