/* dbg.c - state packing in the RTL's dbg_state_o order (see gen/templates: ccu.vt,
 * ocu.vt, arbiter.vt, subcore.vt). */
#include "dbg.h"

#include <stdio.h>
#include <string.h>

#include "sc_state.h"

/* A walk over every field; each visit appends `width` bits of `value`. */
typedef struct {
    unsigned pos;          /* next bit */
    uint32_t *words;       /* pack target, or NULL */
    unsigned want;         /* field lookup: bit wanted */
    char *name;            /* field lookup: name out, or NULL */
    size_t len;
    unsigned lsb, width;
    int found;
} walker;

/* Append one field. */
static void put(walker *w, uint64_t value, unsigned width, const char *fmt, int a, int b)
{
    /* a word at a time; fields come in bit order and cover every bit, so the first write
       into a word (at its bit 0) sets it and the later ones OR into it: no clearing pass */
    if (w->words)
        for (unsigned i = 0; i < width;) {
            unsigned p = w->pos + i, off = p % 32, n = 32 - off;
            if (n > width - i) n = width - i;
            uint32_t chunk = i < 64 ? (uint32_t)(value >> i) : 0u;
            if (n < 32) chunk &= (1u << n) - 1u;
            if (off == 0) w->words[p / 32] = chunk;
            else w->words[p / 32] |= chunk << off;
            i += n;
        }
    if (w->name && !w->found && w->want >= w->pos && w->want < w->pos + width) {
        char f[64];
        snprintf(f, sizeof f, fmt, a, b);
        snprintf(w->name, w->len, "%s", f);
        w->lsb = w->pos;
        w->width = width;
        w->found = 1;
    }
    w->pos += width;
}

/* The fields of one unit (ccu.vt / ocu.vt dbg_o order). */
static void walk_unit(walker *w, const sc_t *m, unsigned k)
{
    const cfg_t *c = &m->cfg;
    const ccu_t *u = &m->ccu[k];
    unsigned ne = c->caching ? c->entries : c->slots;
    unsigned ib = cfg_clog2(ne), rb = cfg_clog2(c->regs);
    if (c->caching) {
        for (unsigned i = 0; i < ne; i++) put(w, ccu_bit(u->valid, i), 1, "ccu%d.valid[%d]", (int)k, (int)i);
        for (unsigned i = 0; i < ne; i++) put(w, ccu_bit(u->lock, i), 1, "ccu%d.lock[%d]", (int)k, (int)i);
        for (unsigned i = 0; i < ne; i++) put(w, ccu_bit(u->near, i), 1, "ccu%d.near[%d]", (int)k, (int)i);
        for (unsigned i = 0; i < ne; i++) put(w, u->ct[i].tag, rb, "ccu%d.tag[%d]", (int)k, (int)i);
        for (unsigned i = 0; i < ne; i++) put(w, u->ct[i].rank, ib, "ccu%d.rank[%d]", (int)k, (int)i);
    }
    for (unsigned s = 0; s < c->slots; s++) put(w, u->oct_valid >> s & 1u, 1, "ccu%d.oct_valid[%d]", (int)k, (int)s);
    for (unsigned s = 0; s < c->slots; s++) put(w, u->oct_ready >> s & 1u, 1, "ccu%d.oct_ready[%d]", (int)k, (int)s);
    for (unsigned s = 0; s < c->slots; s++) put(w, u->oct_idx[s], ib, "ccu%d.oct_idx[%d]", (int)k, (int)s);
    put(w, u->busy, 1, "ccu%d.busy", (int)k, 0);
    if (c->caching) /* baseline units have no owner, only the warp they hold */
        put(w, u->owner_valid, 1, "ccu%d.owner_valid", (int)k, 0);
    put(w, u->owner, cfg_clog2(c->warps), "ccu%d.owner", (int)k, 0);
    put(w, u->tag, c->tag_bits, "ccu%d.inst_tag", (int)k, 0);
    /* the captured instruction awaiting its allocation (docs/spec.md 3) */
    put(w, u->pend, 1, "ccu%d.pend", (int)k, 0);
    if (c->caching)
        put(w, u->p_flush, 1, "ccu%d.pend_flush", (int)k, 0);
    /* a free CCU's RTL captures whatever is offered (decision 15): its fields show as 0 */
    unsigned vis = !c->caching || u->busy;
    for (unsigned s = 0; s < c->slots; s++) put(w, vis && u->p_valid[s], 1, "ccu%d.pend_valid[%d]", (int)k, (int)s);
    for (unsigned s = 0; s < c->slots; s++) put(w, vis ? u->p_reg[s] : 0, rb, "ccu%d.pend_reg[%d]", (int)k, (int)s);
    if (c->caching)
        for (unsigned s = 0; s < c->slots; s++) put(w, vis && u->p_near[s], 1, "ccu%d.pend_near[%d]", (int)k, (int)s);
    /* the claim cycle: the slots whose registers claim the victims chosen last cycle */
    if (c->caching) {
        put(w, u->claim, 1, "ccu%d.claim", (int)k, 0);
        for (unsigned s = 0; s < c->slots; s++) put(w, u->c_first >> s & 1u, 1, "ccu%d.claim_first[%d]", (int)k, (int)s);
    }
}

/* A queued request as the bank FIFO stores it: {ccu, slot, row}, row = {wid, reg >> bb}. */
static uint64_t req_bits(const arb_req *r, unsigned sb, unsigned wb, unsigned rrb, unsigned bb)
{
    uint64_t row = ((uint64_t)r->wid << rrb) | (rrb ? (uint64_t)(r->reg >> bb) : 0);
    return row | ((uint64_t)r->slot << (wb + rrb)) | ((uint64_t)r->ccu << (wb + rrb + sb));
}

/* The fields of one bank of the arbiter (arbiter.vt dbg_o order). */
static void walk_bank(walker *w, const sc_t *m, unsigned b)
{
    const cfg_t *c = &m->cfg;
    unsigned ib = cfg_clog2(c->slots), cb = cfg_clog2(c->ccus), wb = cfg_clog2(c->warps);
    unsigned rb = cfg_clog2(c->regs), bb = 0;
    while ((1u << bb) < c->banks)
        bb++;
    unsigned rrb = rb > bb ? rb - bb : 0, fd = c->ccus * c->slots;
    unsigned cnt = arb_count(&m->arb, b);
    uint64_t head = cnt ? req_bits(arb_at(&m->arb, b, 0), ib, wb, rrb, bb) : 0;
    put(w, cnt, cfg_clog2(fd + 1), "arb.bank%d.count", (int)b, 0);
    put(w, head, cb + ib + wb + rrb, "arb.bank%d.head", (int)b, 0);
    put(w, m->fill[b].valid, 1, "arb.bank%d.fill_valid", (int)b, 0);
    put(w, m->fill[b].ccu, cb, "arb.bank%d.fill_ccu", (int)b, 0);
    put(w, m->fill[b].slot, ib, "arb.bank%d.fill_slot", (int)b, 0);
    for (unsigned i = 0; i < fd; i++) /* the queue from the head, 0 beyond the count */
        put(w, i < cnt ? req_bits(arb_at(&m->arb, b, i), ib, wb, rrb, bb) : 0,
            cb + ib + wb + rrb, "arb.bank%d.q[%d]", (int)b, (int)i);
    /* the RTL's write pointer = read pointer + count (mod depth): a ring has no other */
    put(w, 1, 1, "arb.bank%d.ptr_ok", (int)b, 0);
}

/* Every field in dbg_state_o order. */
static void walk(walker *w, const sc_t *m)
{
    const cfg_t *c = &m->cfg;
    unsigned sb = cfg_clog2(c->sthld_max + 1), wb = cfg_clog2(c->warps);
    for (unsigned k = 0; k < c->ccus; k++)
        walk_unit(w, m, k);
    for (unsigned b = 0; b < c->banks; b++)
        walk_bank(w, m, b);
    put(w, m->lfsr, 16, "lfsr", 0, 0);
    put(w, m->last_valid, 1, "sched.last_valid", 0, 0);
    put(w, m->last_wid, wb, "sched.last_wid", 0, 0);
    put(w, m->rr, cfg_clog2(c->ccus), "dispatch.rr", 0, 0);
    if (!c->caching) /* baseline: no waiting counter, no STHLD */
        return;
    put(w, m->counter, sb, "alloc.counter", 0, 0);
    if (c->sthld_adaptive) {
        unsigned iib = cfg_clog2(c->interval + 1);
        put(w, m->fsm.cycle, cfg_clog2(c->interval), "fsm.cycle", 0, 0);
        put(w, m->fsm.issued, iib, "fsm.issued", 0, 0);
        put(w, m->fsm.prev, iib, "fsm.prev", 0, 0);
        put(w, m->fsm.have_prev, 1, "fsm.have_prev", 0, 0);
        put(w, m->fsm.state, cfg_clog2(c->fsm_states + 1), "fsm.state", 0, 0);
        put(w, m->fsm.sthld, sb, "fsm.sthld", 0, 0);
        put(w, m->fsm_issue, 1, "fsm.last_issue", 0, 0);
    }
}

/* See dbg.h. */
unsigned sc_dbg_width(const sc_t *m)
{
    walker w;
    memset(&w, 0, sizeof w);
    walk(&w, m);
    return w.pos;
}

/* See dbg.h. */
void sc_dbg_pack(const sc_t *m, uint32_t *words)
{
    walker w;
    memset(&w, 0, sizeof w);
    w.words = words; /* every word is set by its first field (put): no clearing walk */
    walk(&w, m);
}

/* See dbg.h. */
int sc_dbg_field(const sc_t *m, unsigned bit, char *name, size_t len, unsigned *lsb,
                 unsigned *width)
{
    walker w;
    memset(&w, 0, sizeof w);
    w.want = bit;
    w.name = name;
    w.len = len;
    walk(&w, m);
    if (!w.found)
        return -1;
    *lsb = w.lsb;
    *width = w.width;
    return 0;
}
