/* tsrc.c - a trace as the driver's instruction source (see tsrc.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpgrp.h"
#include "hint.h"
#include "tsrc.h"

_Static_assert(CFG_MAX_W <= 64, "tsrc.active is a 64-bit mask of warp slots");
_Static_assert(TRC_CLS_LDST == DRV_CLS_LDST && TRC_CLS_SHMEM == DRV_CLS_SHMEM,
               "the driver tells memory instructions by their class");
_Static_assert(TRC_MAX_XREGS <= DRV_MAX_DST, "a head carries every destination of its instruction");
_Static_assert(TRC_VAL_ROW == DRV_VAL_ROW && TRC_MAX_XREGS <= 32,
               "value rows go to the driver as they are, one bit per register");

#define TSRC_BARS 16 /* a block's barriers (BAR's id, TRC_BAR_ID) */

/* One barrier of a group: its current instance. */
typedef struct {
    unsigned arrived;     /* warps arrived at it (waiting, or BAR.ARV) */
    unsigned waiters;     /* of them, those that wait (BAR.SYNC, BAR.RED) */
    unsigned to_pass;     /* while open: waiting warps that have not issued it yet */
    unsigned need;        /* warps it opens at (TRC_BAR_WARPS; 0: every live warp) */
    unsigned early;       /* BAR.ARV arrivals made while it was open: the next instance's */
    unsigned epoch;       /* instance */
    int open;
} bar_t;

typedef struct {
    unsigned held;        /* warp slots still held by the group */
    unsigned live;        /* warps that have not issued their last instruction */
    bar_t bar[TSRC_BARS];
    /* a block of the caller's (tsrc_blk_create), its warps maybe on several sources:
     * done(dctx, darg) is called once it is sealed and no slot holds a warp of it any more */
    int sealed;
    int more;             /* sealed by tsrc_blk_seal_more: counts no block */
    void (*done)(void *ctx, void *arg);
    void *dctx, *darg;
} grp_t;

typedef struct {
    int used, exited;
    grp_t *g;
    const trc_warp *warp;
    uint32_t pc;          /* next trace instruction */
    unsigned part, nparts;
    unsigned near_src;    /* near source hints of the current instruction's passes built so far */
    unsigned near_dst;    /* near destination hints, once its last pass is built */
    int head_ok;
    const trc_inst *ti;   /* &warp->inst[pc] while pc < warp->n */
    /* what src_pop counts of ti, copied when its first pass is built: by the pop, hundreds
     * of warps later on the GPU machine, ti has left the CPU's caches */
    uint8_t ti_flags, ti_nsrc, ti_ndst, ti_val;
    uint64_t outstanding; /* pieces not completed (drv_src.complete) */
    uint64_t seq;
    unsigned arr_bar;     /* the barrier it arrived at last (its id) */
    unsigned arr_epoch;   /* epoch + 1 of that barrier's instance (0 = none) */
    unsigned pass_epoch;  /* epoch + 1 of the instance it issued, after arriving (0 = not
                             yet) */
    uint64_t born;        /* cfg.rf_states: the cycle of its first issue (0: none yet) */
    unsigned nreg;        /* cfg.rf_states: 1 + the highest register it named */
    uint16_t *dist;       /* operand_cache = proto: every operand's next-use distance
                             (hint_next_use), NULL otherwise */
    size_t dpos;          /* dist of ti's first operand */
    cpg_t *cp;            /* [2] when its stream closes or waits for groups (TRC_F_CPCLOSE,
                             TRC_F_DEPBAR), NULL otherwise: [CP_COPY] its asynchronous
                             copies, [CP_GMMA] its warpgroup MMAs */
    int gm_flagged;       /* a warpgroup MMA with the commit flag issued: WARPGROUP.DEPBAR
                             closes no group itself */
    int dep_armed;        /* a DEPBAR issued: the next instruction waits for its groups */
    unsigned dep_keep;    /* its trc_inst.dep_keep, without TRC_DEP_GMMA */
    unsigned dep_grp;     /* the groups it waits for: CP_COPY or CP_GMMA */
    uint64_t dep_from;    /* the cycle that wait began (0: not waiting) */
    drv_inst head;
} slot_t;

/* cfg.rf_states: a register's last access. */
typedef struct {
    uint64_t last;        /* its cycle */
    uint32_t idx;         /* 1 + the warp's instruction index; 0: not accessed yet */
} rs_ent;

struct tsrc {
    cfg_t c;
    drv_keys k;
    int next_use;         /* tsrc_next_use: every warp gets its operands' next-use distances */
    uint64_t now;         /* cycles ticked (tsrc_tick, tsrc_skip) */
    rs_ent *rs;           /* cfg.rf_states: [warps][regs] */
    const char *path;
    slot_t *slot;         /* [warps] */
    unsigned nfree;       /* slots holding no warp */
    uint64_t active;      /* slots holding a warp that has not ended (bit w: slot w) */
    unsigned waiting;     /* warps arrived at a barrier that is not open yet */
    tsrc_fetch_fn fetch;  /* may the warp's next instruction be fetched? (NULL: yes) */
    tsrc_fetch_wait_fn fetch_wait;
    void *fetch_ctx;
    tsrc_mem_fn mem;      /* times memory instructions (NULL: their class latency) */
    void *mem_ctx;
    drv_src iface;
    tsrc_counts cnt;
    int oom;              /* a warp's reuse distances found no memory (operand_cache = proto) */
};

/* Group g holds no slot any more: once sealed, its block is told and it goes. */
static void grp_release(tsrc_t *t, grp_t *g)
{
    if (!g->sealed) return;
    g->done(g->dctx, g->darg);
    t->cnt.blocks_done += !g->more;
    free(g);
}

/* Free slot s (its warp ended and retired everything). Out of line: the per-call check in
 * maybe_free stays small. */
__attribute__((noinline)) static void free_slot(tsrc_t *t, slot_t *s)
{
    grp_t *g = s->g;
    s->used = 0;
    s->g = NULL;
    free(s->dist);
    s->dist = NULL;
    free(s->cp);
    s->cp = NULL;
    t->nfree++;
    if (--g->held == 0) grp_release(t, g);
}

/* A slot whose warp ended and retired everything is free again. */
static inline void maybe_free(tsrc_t *t, slot_t *s)
{
    if (s->exited && !s->outstanding && s->used) free_slot(t, s);
}

/* Barrier b of group g opens when its warps have arrived: the number it names, or every
 * live warp (never more than are live: an ended warp arrives nowhere). An instance only
 * BAR.ARV arrived at holds nobody: the next one begins. */
static void check_open(grp_t *g, bar_t *b)
{
    unsigned need = b->need && b->need < g->live ? b->need : g->live;
    if (b->open || b->arrived == 0 || b->arrived < need) return;
    if (b->waiters) {
        b->open = 1;
        b->to_pass = b->waiters;
        return;
    }
    b->arrived = 0;
    b->epoch++;
}

/* Every barrier of g, after a warp of it ended. */
static void check_open_all(grp_t *g)
{
    for (unsigned i = 0; i < TSRC_BARS; i++) check_open(g, &g->bar[i]);
}

/* A warp arrives at barrier b of group g, which names `bar` (trc_inst.bar); it waits
 * there (BAR.SYNC, BAR.RED) or not (BAR.ARV). */
static void bar_arrive(grp_t *g, bar_t *b, uint16_t bar, int waits)
{
    b->arrived++;
    b->waiters += waits != 0;
    b->need = TRC_BAR_WARPS(bar);
    check_open(g, b);
}

/* 1 when slot s arrived at the current instance of barrier id of its group. */
static inline int arrived_at(const slot_t *s, unsigned id, const bar_t *b)
{
    return s->arr_bar == id && s->arr_epoch == b->epoch + 1;
}

/* The current trace instruction of slot s is a barrier it may not issue yet (BAR.SYNC,
 * BAR.RED: not before every warp it names arrived; BAR.ARV never waits). Registers its
 * arrival. */
static int bar_blocked(tsrc_t *t, slot_t *s)
{
    const trc_inst *ti = s->ti;
    if (s->part != 0 || !(ti->flags & TRC_F_BARRIER) || (ti->bar & TRC_BAR_ARV)) return 0;
    grp_t *g = s->g;
    unsigned id = TRC_BAR_ID(ti->bar);
    bar_t *b = &g->bar[id];
    if (b->open) return !(arrived_at(s, id, b) && s->pass_epoch != b->epoch + 1);
    if (!arrived_at(s, id, b)) {
        s->arr_bar = id;
        s->arr_epoch = b->epoch + 1;
        s->pass_epoch = 0;
        t->waiting++;
        bar_arrive(g, b, ti->bar, 1);
    }
    return !b->open;
}

enum { CP_COPY, CP_GMMA }; /* slot_t.cp's two kinds of groups */

/* 1 when ti is a warpgroup MMA (HGMMA, ...: it joins the open group of them). */
static inline int is_gmma(const trc_inst *ti)
{
    return ti->cls == TRC_CLS_TENSOR && ti->unit_cycles;
}

/* Slot s's DEPBAR waits from tick `from` on (counted once per DEPBAR). */
static void dep_wait_from(tsrc_t *t, slot_t *s, uint64_t from)
{
    if (s->dep_from) return;
    s->dep_from = from;
    t->cnt.depbar_waits++;
}

/* Slot s issued a DEPBAR whose groups of copies have not landed by the current cycle
 * (t->now - 1, the driver's): its next instruction waits, as Accel-Sim's warp after a
 * DEPBAR (m_waiting_ldgsts). Counts the wait; disarms once they landed. */
static int dep_blocked(tsrc_t *t, slot_t *s)
{
    if (!s->dep_armed) return 0;
    if (cpg_wait(&s->cp[s->dep_grp], s->dep_keep, t->now - 1)) {
        dep_wait_from(t, s, t->now);
        return 1;
    }
    if (s->dep_from) {
        t->cnt.depbar_wait_slot_cycles += t->now - s->dep_from;
        s->dep_from = 0;
    }
    s->dep_armed = 0;
    return 0;
}

/* The value rows of slot s's current pass, whose sources are the instruction's from
 * `first` on, n of them (drv_inst.vdst, vsrc, dval, sval): the last pass carries the
 * destinations'. */
static void head_values(slot_t *s, unsigned first, unsigned n)
{
    const trc_inst *ti = s->ti;
    drv_inst *h = &s->head;
    const uint32_t *rows = trc_val_rows(s->warp, ti);
    h->vdst = h->vsrc = 0;
    h->dval = h->sval = NULL;
    if (!rows) return;
    uint32_t before = ti->vsrc & ((1u << first) - 1u); /* first < TRC_MAX_XREGS */
    unsigned skip = (unsigned)(__builtin_popcount(ti->vdst) + __builtin_popcount(before));
    h->sval = rows + (size_t)skip * TRC_VAL_ROW;
    h->vsrc = ti->vsrc >> first & ((1u << n) - 1u);    /* n <= CFG_MAX_S < 32 */
    if (s->part + 1 == s->nparts) {
        h->vdst = ti->vdst;
        h->dval = rows;
    }
}

/* Build the driver instruction of slot s's current pass, counting its near hints. Entries
 * past nsrc and ndst keep what they held (drv.h: only the first nsrc / ndst are valid). */
static void build_head(const tsrc_t *t, slot_t *s)
{
    const trc_inst *ti = s->ti;
    const cfg_t *c = &t->c;
    const drv_keys *k = &t->k;
    drv_inst *h = &s->head;
    if (s->part == 0) {
        unsigned ns = ti->nsrc;
        s->nparts = ns > c->slots ? (ns + c->slots - 1) / c->slots : 1;
        s->ti_flags = ti->flags;
        s->ti_nsrc = ti->nsrc;
        s->ti_ndst = ti->ndst;
        s->ti_val = s->warp->val && (ti->vdst | ti->vsrc) != 0; /* no values: not read */
        if (ti->naddr && s->warp->addr) { /* its addresses, read when it executes (GPU) */
            const char *a = (const char *)(s->warp->addr + ti->maddr);
            for (size_t o = 0; o < ti->naddr * sizeof *s->warp->addr; o += 64) __builtin_prefetch(a + o);
        }
    }
    unsigned first = s->part * c->slots, n = ti->nsrc > first ? ti->nsrc - first : 0, near = 0;
    if (n > c->slots) n = c->slots;
    h->seq = s->seq;
    h->ext = NULL; /* the last pass executes: it carries a memory instruction */
    h->nsrc = n;
    h->src_pos = first;
    h->src_reuse = first < 8 ? (uint32_t)(ti->src_reuse >> first) & ((1u << n) - 1u) : 0;
    const uint8_t *dst = trc_dsts(ti), *src = trc_srcs(ti) + first;
    for (unsigned i = 0; i < n; i++) {
        h->src[i] = src[i];
        h->src_near[i] = (uint8_t)trc_src_near(ti, first + i);
        near += h->src_near[i];
    }
    if (s->dist) /* the distances, where the near bits are set */
        for (unsigned i = 0; i < n; i++) h->src_dist[i] = s->dist[s->dpos + ti->ndst + first + i];
    s->near_src += near;
    h->cls = ti->cls < DRV_NCLS ? ti->cls : 0;
    if (s->part + 1 == s->nparts) {
        h->ndst = ti->ndst;
        near = 0;
        for (unsigned i = 0; i < h->ndst; i++) {
            h->dst[i] = dst[i];
            h->dst_near[i] = (uint8_t)trc_dst_near(ti, i);
            near += h->dst_near[i];
        }
        if (s->dist)
            for (unsigned i = 0; i < h->ndst; i++) h->dst_dist[i] = s->dist[s->dpos + i];
        s->near_dst = near;
        h->ext = ti->mspace != TRC_M_NONE || (s->cp && is_gmma(ti)) ? ti : NULL; /* memory is
                                   timed by it, a warpgroup MMA's group told it finished */
        h->lat = k->exec[h->cls].lat;
        h->ii = k->exec[h->cls].ii;
        if (is_gmma(ti)) { /* by its N; the pipeline adds 3 (docs/gpu.md) */
            h->ii = ti->unit_cycles;
            h->lat = ti->unit_cycles > 3 ? ti->unit_cycles - 3u : 1u;
        }
    } else {
        h->ndst = 0;
        h->lat = 1; /* an operand-reading pass: nothing executes */
        h->ii = 0;
    }
    head_values(s, first, n);
    s->head_ok = 1;
}

/* Ask the CPU to load instruction ti before it is read: on the GPU machine hundreds of
 * warps are resident, and a warp's next instruction is cold by the time it is reached
 * (a hint only; no effect on results). */
static inline void prefetch_inst(const trc_inst *ti)
{
    const char *p = (const char *)ti;
    for (size_t o = 0; o < sizeof *ti; o += 64) __builtin_prefetch(p + o);
    __builtin_prefetch(p + sizeof *ti - 1);
}

/* cfg.rf_states: slot s's register r is accessed now by its instruction idx (a write:
 * write); the interval since its last access (or since the warp's first issue) is counted
 * in the state it allows. */
static void rs_access(tsrc_t *t, slot_t *s, unsigned r, uint32_t idx, int write)
{
    rs_ent *e = &t->rs[(size_t)(s - t->slot) * t->c.regs + r];
    uint64_t from = e->idx ? e->last : s->born, len = t->now - from;
    if (write) t->cnt.reg_cycles_off += len;                     /* dead until rewritten */
    else if (idx - (e->idx ? e->idx - 1u : 0u) > t->k.sleep_window) t->cnt.reg_cycles_sleep += len;
    else t->cnt.reg_cycles_on += len;
    e->last = t->now;
    e->idx = idx + 1u;
    if (r + 1u > s->nreg) s->nreg = r + 1u;
}

/* cfg.rf_states: slot s issues its trace instruction ti (index idx): its reads, then its
 * writes. */
static void rs_issue(tsrc_t *t, slot_t *s, const trc_inst *ti, uint32_t idx)
{
    if (!s->born) s->born = t->now ? t->now : 1;
    const uint8_t *dst = trc_dsts(ti), *src = trc_srcs(ti);
    for (unsigned k = 0; k < ti->nsrc; k++)
        if (src[k] < t->c.regs) rs_access(t, s, src[k], idx, 0);
    for (unsigned k = 0; k < ti->ndst; k++)
        if (dst[k] < t->c.regs) rs_access(t, s, dst[k], idx, 1);
}

/* cfg.rf_states: slot s's warp issued its last instruction: every register it named is
 * dead from its last access on (or all its life, if never accessed); the slot is cleared
 * for the next warp. */
static void rs_end(tsrc_t *t, slot_t *s)
{
    rs_ent *e = &t->rs[(size_t)(s - t->slot) * t->c.regs];
    for (unsigned r = 0; r < s->nreg; r++) {
        t->cnt.reg_cycles_off += t->now - (e[r].idx ? e[r].last : s->born);
        e[r].idx = 0;
    }
    s->nreg = 0;
    s->born = 0;
}

/* Start slot s's next trace instruction (or end the warp). */
static inline void next_inst(tsrc_t *t, slot_t *s)
{
    s->part = 0;
    s->head_ok = 0;
    s->near_src = s->near_dst = 0;
    if (s->pc >= s->warp->n) {
        if (t->rs && s->born) rs_end(t, s);
        s->exited = 1;
        t->active &= ~(1ULL << (s - t->slot));
        s->g->live--;
        check_open_all(s->g);
        maybe_free(t, s);
        return;
    }
    s->ti = &s->warp->inst[s->pc];
    s->nparts = 1; /* build_head sets it from ti on the first pass */
    prefetch_inst(s->ti); /* read by the next peek; cold after the warp's last wait */
    if (s->pc + 1 < s->warp->n) prefetch_inst(s->ti + 1);
}

/* Slot s issued its barrier instruction: a waiting warp passes (the last one to pass
 * closes the instance, the BAR.ARV arrivals made meanwhile begin the next); BAR.ARV
 * arrives. */
static void bar_issued(tsrc_t *t, slot_t *s)
{
    grp_t *g = s->g;
    const trc_inst *ti = s->ti;
    bar_t *b = &g->bar[TRC_BAR_ID(ti->bar)];
    t->cnt.barriers++;
    if (ti->bar & TRC_BAR_ARV) {
        if (b->open) {
            b->early++;
            return;
        }
        bar_arrive(g, b, ti->bar, 0);
        return;
    }
    t->waiting--; /* each source on its warps' issue (a block may span sources) */
    s->pass_epoch = b->epoch + 1;
    if (b->open && --b->to_pass == 0) {
        b->open = 0;
        b->arrived = b->early;
        b->waiters = 0;
        b->early = 0;
        b->epoch++;
        check_open(g, b);
    }
}

/* Slot s (with groups) issued ti's last pass: its groups follow. A copy (LDGSTS) or a
 * warpgroup MMA joins its kind's open group; LDGDEPBAR closes the copies' (at its own
 * sequence number), a warpgroup MMA with the commit flag the MMAs' (after itself); a
 * DEPBAR arms the wait of the next instruction, WARPGROUP.DEPBAR for the MMAs' groups,
 * closing the open one first when the warp has shown no commit flag (a trace of a tracer
 * that does not write it: the compiler commits right before each wait). */
static void cp_issued(tsrc_t *t, slot_t *s)
{
    const trc_inst *ti = s->ti;
    uint8_t f = s->ti_flags;
    if (is_gmma(ti)) {
        cpg_copy(&s->cp[CP_GMMA]);
        if (f & TRC_F_CPCLOSE) {
            cpg_close(&s->cp[CP_GMMA], s->seq); /* after its last pass (s->seq - 1) */
            s->gm_flagged = 1;
            t->cnt.gmma_groups++;
        }
        return;
    }
    if (f & TRC_F_CPCOPY) cpg_copy(&s->cp[CP_COPY]);
    if (f & TRC_F_CPCLOSE) {
        cpg_close(&s->cp[CP_COPY], s->seq - 1); /* its last pass's sequence number */
        t->cnt.cp_groups++;
    }
    if (f & TRC_F_DEPBAR) {
        s->dep_armed = 1;
        s->dep_keep = ti->dep_keep & ~TRC_DEP_GMMA;
        s->dep_grp = ti->dep_keep & TRC_DEP_GMMA ? CP_GMMA : CP_COPY;
        const cpg_group *o = &s->cp[CP_GMMA].open; /* not empty: one issued (maybe done) */
        if (s->dep_grp == CP_GMMA && !s->gm_flagged && (o->pending || o->done)) {
            cpg_close(&s->cp[CP_GMMA], s->seq - 1);
            t->cnt.gmma_groups++;
        }
    }
}

static const drv_inst *src_peek(void *ctx, unsigned w)
{
    tsrc_t *t = ctx;
    slot_t *s = &t->slot[w];
    if (s->head_ok) return &s->head; /* built: stays presentable until its pop */
    if (!s->used || s->exited || bar_blocked(t, s)) return NULL;
    if (t->fetch && s->part == 0 && !t->fetch(t->fetch_ctx, w, s->ti->pc)) return NULL;
    if (dep_blocked(t, s)) return NULL;
    build_head(t, s);
    return &s->head;
}

static void src_pop(void *ctx, unsigned w)
{
    tsrc_t *t = ctx;
    slot_t *s = &t->slot[w];
    s->outstanding += 1 + s->head.ndst;
    s->seq++;
    t->cnt.passes++;
    if (++s->part < s->nparts) {
        s->head_ok = 0;
        return;
    }
    t->cnt.insts++;
    if (s->cp) /* ti is still this instruction (next_inst below) */
        cp_issued(t, s);
    t->cnt.unknown_insts += (s->ti_flags & TRC_F_UNKNOWN) != 0;
    t->cnt.val_insts += s->ti_val;
    t->cnt.split_insts += s->nparts > 1;
    t->cnt.src_regs += s->ti_nsrc;
    t->cnt.dst_regs += s->ti_ndst;
    t->cnt.src_near += s->near_src;
    t->cnt.dst_near += s->near_dst;
    if (t->rs) rs_issue(t, s, s->ti, s->pc);
    if (s->ti_flags & TRC_F_BARRIER) /* ti is still this instruction */
        bar_issued(t, s);
    s->pc++;
    s->dpos += (size_t)s->ti_ndst + s->ti_nsrc;
    next_inst(t, s);
}

/* Slots whose peek may give an instruction: a warp placed that has not ended. */
static uint64_t src_active(void *ctx)
{
    const tsrc_t *t = ctx;
    return t->active;
}

static void src_complete(void *ctx, unsigned w)
{
    tsrc_t *t = ctx;
    slot_t *s = &t->slot[w];
    if (s->outstanding) s->outstanding--;
    maybe_free(t, s);
}

static uint64_t src_exec_done(void *ctx, unsigned w, const drv_inst *h, uint64_t start);

/* A source with every slot free and its drv_src, holding no warp yet. NULL with err when
 * out of memory. */
static tsrc_t *alloc_src(const cfg_t *c, const drv_keys *k, const char *path, char *err)
{
    tsrc_t *t = calloc(1, sizeof *t);
    if (t) t->slot = calloc(c->warps ? c->warps : 1, sizeof *t->slot);
    if (!t || !t->slot) {
        if (t) free(t->slot);
        free(t);
        snprintf(err, TSRC_ERR_LEN, "%s: out of memory", path);
        return NULL;
    }
    t->c = *c;
    t->k = *k;
    t->path = path;
    t->iface.ctx = t;
    t->iface.peek = src_peek;
    t->iface.pop = src_pop;
    t->iface.complete = src_complete;
    t->iface.active = src_active;
    t->iface.exec_done = src_exec_done; /* copies' landings (tsrc_set_mem: timed by memory) */
    t->nfree = c->warps;
    if (k->rf_states && !(t->rs = calloc((size_t)(c->warps ? c->warps : 1) * c->regs, sizeof *t->rs))) {
        free(t->slot);
        free(t);
        snprintf(err, TSRC_ERR_LEN, "%s: out of memory", path);
        return NULL;
    }
    return t;
}

void tsrc_close(tsrc_t *t)
{
    if (!t) return;
    for (unsigned w = 0; w < t->c.warps; w++) {
        slot_t *s = &t->slot[w];
        if (!s->used) continue;
        s->exited = 1;
        s->outstanding = 0;
        maybe_free(t, s);
    }
    for (unsigned w = 0; w < t->c.warps; w++) {
        free(t->slot[w].dist);
        free(t->slot[w].cp);
    }
    free(t->rs);
    free(t->slot);
    free(t);
}

const drv_src *tsrc_iface(tsrc_t *t)
{
    return &t->iface;
}

const tsrc_counts *tsrc_get_counts(const tsrc_t *t)
{
    return &t->cnt;
}

int tsrc_check_block(const cfg_t *c, const char *path, const trc_block *b, char *err)
{
    for (unsigned w = 0; w < b->nwarps; w++)
        for (uint32_t i = 0; i < b->warp[w].n; i++) {
            const trc_inst *ti = &b->warp[w].inst[i];
            if (ti->top >= c->regs) {
                snprintf(err, TSRC_ERR_LEN, "%s:%u: register R%u is out of range for this "
                         "configuration (expected R0..R%u: regs = %u)", path,
                         (unsigned)ti->line, (unsigned)ti->top, c->regs - 1, c->regs);
                return -1;
            }
        }
    return 0;
}

/* Warp tw of group g into free slot w, at its first instruction. */
static void start_warp(tsrc_t *t, unsigned w, grp_t *g, const trc_warp *tw)
{
    slot_t *s = &t->slot[w];
    free(s->dist);
    free(s->cp);
    memset(s, 0, sizeof *s);
    if (tw->flags_any & (TRC_F_CPCLOSE | TRC_F_DEPBAR)) { /* groups a DEPBAR may wait for */
        if ((s->cp = malloc(2 * sizeof *s->cp))) {
            cpg_reset(&s->cp[CP_COPY]);
            cpg_reset(&s->cp[CP_GMMA]);
        } else {
            t->oom = 1;
        }
    }
    if (t->next_use) { /* the distances of its whole stream */
        size_t nop = 0;
        for (uint32_t i = 0; i < tw->n; i++) nop += (size_t)tw->inst[i].ndst + tw->inst[i].nsrc;
        if ((s->dist = malloc((nop ? nop : 1) * sizeof *s->dist)))
            hint_next_use(tw->inst, tw->n, s->dist);
        else
            t->oom = 1;
    }
    s->used = 1;
    t->nfree--;
    t->active |= 1ULL << w;
    s->g = g;
    s->warp = tw;
    g->held++;
    g->live++;
    t->cnt.warps++;
    next_inst(t, s);
}

/* Count n cycles of the warps resident now (tsrc_counts.held_slot_cycles). */
static void count_held(tsrc_t *t, uint64_t n)
{
    uint64_t held = t->c.warps - t->nfree;
    if (!held) return;
    t->cnt.held_slot_cycles += n * held;
    t->cnt.busy_cycles += n;
    if (held > t->cnt.max_held) t->cnt.max_held = held;
}

double tsrc_warps_mean(const tsrc_counts *t)
{
    return t->busy_cycles ? (double)t->held_slot_cycles / (double)t->busy_cycles : 0.0;
}

void tsrc_tick(tsrc_t *t)
{
    t->now++;
    t->cnt.empty_slot_cycles += t->nfree;
    t->cnt.bar_wait_slot_cycles += t->waiting;
    count_held(t, 1);
}

tsrc_t *tsrc_create_fed(const cfg_t *c, const drv_keys *k, const char *path, char *err)
{
    return alloc_src(c, k, path, err);
}

void tsrc_next_use(tsrc_t *t) { t->next_use = 1; }

/* drv_src.held: a warp waiting for its next instruction's fetch, or at a DEPBAR for copies
 * that executed, for how long (the longer). */
static uint64_t src_held(void *ctx, unsigned w)
{
    tsrc_t *t = ctx;
    slot_t *s = &t->slot[w];
    if (!s->used || s->exited || s->head_ok || s->part != 0 || !t->fetch_wait) return 0;
    if ((s->ti->flags & TRC_F_BARRIER) && !(s->ti->bar & TRC_BAR_ARV)) {
        unsigned id = TRC_BAR_ID(s->ti->bar);
        const bar_t *b = &s->g->bar[id];
        if (!(b->open && arrived_at(s, id, b)))
            return 0; /* at a barrier: held until others arrive, not for a known time */
    }
    uint64_t f = t->fetch_wait(t->fetch_ctx, w, s->ti->pc), d = 0;
    if (s->dep_armed) {
        uint64_t u = cpg_wait(&s->cp[s->dep_grp], s->dep_keep, t->now - 1);
        if (u == UINT64_MAX) return 0; /* a copy it waits for has not executed */
        if (u) {
            d = u - (t->now - 1);
            dep_wait_from(t, s, t->now + 1); /* from the next cycle's peek, which a
                                                sleeping sub-core does not make */
        }
    }
    return f > d ? f : d;
}

void tsrc_set_fetch(tsrc_t *t, tsrc_fetch_fn fn, tsrc_fetch_wait_fn wait, void *ctx)
{
    t->fetch = fn;
    t->fetch_wait = wait;
    t->fetch_ctx = ctx;
    t->iface.held = wait ? src_held : NULL;
}

/* drv_src.exec_done of a source with a memory system. */
static uint64_t src_exec_done(void *ctx, unsigned w, const drv_inst *h, uint64_t start)
{
    tsrc_t *t = ctx;
    const trc_inst *ti = h->ext;
    slot_t *s = &t->slot[w];
    uint64_t ready = start + (h->lat ? h->lat : 1);
    if (ti && ti->mspace != TRC_M_NONE && s->used && t->mem) /* memory (build_head) */
        ready = t->mem(t->mem_ctx, s->warp, ti, start);
    if (ti && s->used && s->cp && ((ti->flags & TRC_F_CPCOPY) || is_gmma(ti)))
        cpg_landed(&s->cp[is_gmma(ti) ? CP_GMMA : CP_COPY], h->seq, ready > start ? ready : start + 1);
    return ready;
}

void tsrc_set_mem(tsrc_t *t, tsrc_mem_fn fn, void *ctx)
{
    t->mem = fn;
    t->mem_ctx = ctx;
}

tsrc_blk *tsrc_blk_create(void (*done)(void *ctx, void *arg), void *ctx, void *arg)
{
    grp_t *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->done = done;
    g->dctx = ctx;
    g->darg = arg;
    return (tsrc_blk *)g;
}

int tsrc_place(tsrc_t *t, tsrc_blk *blk, const trc_warp *tw, unsigned w, char *err)
{
    grp_t *g = (grp_t *)blk;
    if (w >= t->c.warps || t->slot[w].used) {
        snprintf(err, TSRC_ERR_LEN, "%s: warp slot %u is not free", t->path, w);
        return -1;
    }
    if (tw->n == 0) return 0;
    start_warp(t, w, g, tw);
    if (t->oom) {
        snprintf(err, TSRC_ERR_LEN, "%s: out of memory (reuse distances or copy groups)", t->path);
        return -1;
    }
    return 0;
}

void tsrc_blk_seal(tsrc_t *t, tsrc_blk *blk)
{
    grp_t *g = (grp_t *)blk;
    g->sealed = 1;
    t->cnt.blocks++;
    if (g->held == 0) grp_release(t, g);
}

void tsrc_blk_seal_more(tsrc_t *t, tsrc_blk *blk)
{
    grp_t *g = (grp_t *)blk;
    g->sealed = 1;
    g->more = 1;
    if (g->held == 0) grp_release(t, g);
}

uint64_t tsrc_free_slots(const tsrc_t *t)
{
    uint64_t m = 0;
    for (unsigned w = 0; w < t->c.warps; w++)
        if (!t->slot[w].used) m |= 1ULL << w;
    return m;
}

void tsrc_hot(const tsrc_t *t, void (*add)(void *ctx, const void *p, size_t n), void *ctx)
{
    add(ctx, t, sizeof *t);
    add(ctx, t->slot, t->c.warps * sizeof *t->slot);
}

void tsrc_skip(tsrc_t *t, uint64_t n)
{
    t->now += n;
    t->cnt.empty_slot_cycles += n * t->nfree;
    t->cnt.bar_wait_slot_cycles += n * t->waiting;
    count_held(t, n);
}

int tsrc_done(const tsrc_t *t)
{
    return t->nfree == t->c.warps;
}
