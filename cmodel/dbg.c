/* dbg.c - the model's state packed in dbg_state_o's layout (cmodel/mlk_dbgmap.h: the
 * fields, their order and widths; here only each field's value). */
#include "dbg.h"

#include <stdio.h>
#include <string.h>

#include "mlk_dbgmap.h"
#include "sc_state.h"

/* A walk over every field; each visit appends `width` bits of `value`. */
typedef struct {
    unsigned pos;          /* next bit */
    uint32_t *words;       /* pack target, or NULL */
    uint64_t acc;          /* pack: bits not yet stored, LSB first (fewer than 32) */
    unsigned nacc;         /* how many */
    unsigned out;          /* pack: next word of words */
    unsigned want;         /* field lookup: bit wanted */
    char *name;            /* field lookup: name out, or NULL */
    size_t len;
    unsigned lsb, width;
    int found;
    unsigned sb, wb, rrb, bb; /* a queued request's field widths (req_bits), set once */
} walker;

/* Pack: append the low `width` (<= 32) bits of v; each word is stored once, when full. */
static inline void acc32(walker *w, uint64_t v, unsigned width)
{
    if (width < 32) v &= (1ull << width) - 1u;
    else v &= 0xffffffffull;
    w->acc |= v << w->nacc; /* nacc < 32 and width <= 32: fits in 64 bits */
    w->nacc += width;
    if (w->nacc >= 32) {
        w->words[w->out++] = (uint32_t)w->acc;
        w->acc >>= 32;
        w->nacc -= 32;
    }
}

/* Pack: append the low `width` (<= 64) bits of v. */
static inline void acc64(walker *w, uint64_t v, unsigned width)
{
    if (width > 32) {
        acc32(w, v, 32);
        acc32(w, v >> 32, width - 32);
    } else {
        acc32(w, v, width);
    }
}

/* Append one field of `width` bits named prefix + name (+ "[i]" when idx >= 0). */
static inline void put(walker *w, uint64_t value, unsigned width, const char *prefix, const char *name,
                int idx)
{
    if (w->words) /* beyond 64 bits a field is 0 */
        for (unsigned i = 0; i < width; i += 64)
            acc64(w, i ? 0 : value, width - i < 64 ? width - i : 64);
    if (w->name && !w->found && w->want >= w->pos && w->want < w->pos + width) {
        if (idx >= 0)
            snprintf(w->name, w->len, "%s%s[%d]", prefix, name, idx);
        else
            snprintf(w->name, w->len, "%s%s", prefix, name);
        w->lsb = w->pos;
        w->width = width;
        w->found = 1;
    }
    w->pos += width;
}

/* A queued request as the bank FIFO stores it: {ccu, slot, row}, row = {wid, reg >> bb}. */
static uint64_t req_bits(const arb_req *r, unsigned sb, unsigned wb, unsigned rrb, unsigned bb)
{
    uint64_t row = ((uint64_t)r->wid << rrb) | (rrb ? (uint64_t)(r->reg >> bb) : 0);
    return row | ((uint64_t)r->slot << (wb + rrb)) | ((uint64_t)r->ccu << (wb + rrb + sb));
}

/* Bank b's queued request i (0 beyond its count) as {ccu, slot, row}. */
static uint64_t bank_req(const walker *w, const sc_t *m, unsigned b, unsigned i)
{
    return i < arb_count(&m->arb, b) ? req_bits(arb_at(&m->arb, b, i), w->sb, w->wb, w->rrb, w->bb)
                                     : 0;
}

/* The model's value of field f, element i, of instance k (unit or bank; 0 otherwise). The
 * fields, their order and widths are mlk_dbgmap.h's; only their values are here. */
static uint64_t value(const walker *w, const sc_t *m, int f, unsigned k, unsigned i)
{
    int g = mlk_dbg_field(f)->group;
    const ccu_t *u = &m->ccu[g == MLK_DG_UNIT || g == MLK_DG_PEND ? k : 0];
    const arb_grant *fl = &m->fill[g == MLK_DG_BANK ? k : 0];
    /* a free CCU's RTL captures whatever is offered (decision 15): its fields show as 0 */
    unsigned vis = !m->cfg.caching || u->busy;
    switch (f) {
    case MLK_DF_CT_VALID: return ccu_bit(u->valid, i);
    case MLK_DF_CT_LOCK: return ccu_bit(u->lock, i);
    case MLK_DF_CT_NEAR: return ccu_bit(u->near, i);
    case MLK_DF_CT_TAG: return u->ct[i].tag;
    case MLK_DF_CT_RANK: return u->ct[i].rank;
    case MLK_DF_OCT_VALID: return u->oct_valid >> i & 1u;
    case MLK_DF_OCT_READY: return u->oct_ready >> i & 1u;
    case MLK_DF_OCT_IDX: return u->oct_idx[i];
    case MLK_DF_BUSY: return u->busy;
    case MLK_DF_OWNER_VALID: return u->owner_valid;
    case MLK_DF_OWNER: return u->owner;
    case MLK_DF_INST_TAG: return u->tag;
    /* the captured instruction awaiting its allocation (docs/spec.md 3) */
    case MLK_DF_PEND: return u->pend;
    case MLK_DF_PEND_FLUSH: return u->p_flush;
    case MLK_DF_PEND_VALID: return vis && u->p_valid[i];
    case MLK_DF_PEND_REG: return vis ? u->p_reg[i] : 0;
    case MLK_DF_PEND_NEAR: return vis && u->p_near[i];
    /* the claim cycle: the slots whose registers claim the victims chosen last cycle */
    case MLK_DF_CLAIM: return u->claim;
    case MLK_DF_CLAIM_FIRST: return u->c_first >> i & 1u;
    case MLK_DF_Q_COUNT: return arb_count(&m->arb, k);
    case MLK_DF_Q_HEAD: return bank_req(w, m, k, 0);
    case MLK_DF_FILL_VALID: return fl->valid;
    case MLK_DF_FILL_CCU: return fl->ccu;
    case MLK_DF_FILL_SLOT: return fl->slot;
    case MLK_DF_Q: return bank_req(w, m, k, i); /* the queue from the head, 0 beyond the count */
    /* the RTL's write pointer = read pointer + count (mod depth): a ring has no other */
    case MLK_DF_PTR_OK: return 1;
    case MLK_DF_LFSR: return m->lfsr;
    case MLK_DF_LAST_VALID: return m->last_valid;
    case MLK_DF_LAST_WID: return m->last_wid;
    case MLK_DF_RR: return m->rr;
    case MLK_DF_COUNTER: return m->counter;
    case MLK_DF_FSM_CYCLE: return m->fsm.cycle;
    case MLK_DF_FSM_ISSUED: return m->fsm.issued;
    case MLK_DF_FSM_PREV: return m->fsm.prev;
    case MLK_DF_FSM_HAVE_PREV: return m->fsm.have_prev;
    case MLK_DF_FSM_STATE: return m->fsm.state;
    case MLK_DF_FSM_STHLD: return m->fsm.sthld;
    case MLK_DF_FSM_LAST_ISSUE: return m->fsm_issue;
    }
    return 0;
}

/* The one-bit array fields the model keeps as a bit mask (bit i = element i): *bits := the
 * mask of field f of unit k and 1, or 0 for any other field. Same bits as value() per i. */
static int mask(const sc_t *m, int f, unsigned k, uint64_t *bits)
{
    switch (f) {
    case MLK_DF_CT_VALID: *bits = m->ccu[k].valid; return 1;
    case MLK_DF_CT_LOCK: *bits = m->ccu[k].lock; return 1;
    case MLK_DF_CT_NEAR: *bits = m->ccu[k].near; return 1;
    case MLK_DF_OCT_VALID: *bits = m->ccu[k].oct_valid; return 1;
    case MLK_DF_OCT_READY: *bits = m->ccu[k].oct_ready; return 1;
    case MLK_DF_CLAIM_FIRST: *bits = m->ccu[k].c_first; return 1;
    }
    return 0;
}

/* The fields of group g (shapes s; the table lists each group's fields together, from
 * first[g] up to first[g + 1]) for instance k, named with prefix. */
static void walk_group(walker *w, const sc_t *m, const mlk_dbg_shape *s, const int *first,
                       int g, unsigned k, const char *prefix)
{
    for (int f = first[g]; f < first[g + 1]; f++) {
        uint64_t bits;
        if (!w->name && s[f].width == 1 && s[f].n > 1 && s[f].n <= 64 && mask(m, f, k, &bits)) {
            put(w, bits, s[f].n, "", "", -1); /* a pack: n one-bit fields at once */
            continue;
        }
        const char *name = w->name ? mlk_dbg_field(f)->name : "";
        for (unsigned i = 0; i < s[f].n; i++)
            put(w, value(w, m, f, k, i), s[f].width, prefix, name, s[f].indexed ? (int)i : -1);
    }
}

/* Every field in dbg_state_o order (mlk_dbgmap.h). */
static void walk(walker *w, const sc_t *m)
{
    const cfg_t *c = &m->cfg;
    mlk_dbg_shape s[MLK_NDF];
    char prefix[32] = "";
    int first[MLK_NDG + 1] = {0};
    mlk_dbg_shapes(c, s);
    for (int f = 0; f < MLK_NDF; f++) /* the fields of groups 0..g come before first[g + 1] */
        first[mlk_dbg_field(f)->group + 1] = f + 1;
    for (int g = 1; g <= MLK_NDG; g++)
        if (first[g] < first[g - 1]) first[g] = first[g - 1];
    unsigned rb = cfg_clog2(c->regs);
    w->sb = cfg_clog2(c->slots);
    w->wb = cfg_clog2(c->warps);
    for (w->bb = 0; (1u << w->bb) < c->banks; w->bb++)
        ;
    w->rrb = rb > w->bb ? rb - w->bb : 0;
    for (unsigned k = 0; k < c->ccus; k++) {
        if (w->name) /* names only for a field lookup: the pack needs none */
            snprintf(prefix, sizeof prefix, "ccu%u.", k);
        walk_group(w, m, s, first, MLK_DG_UNIT, k, prefix);
        walk_group(w, m, s, first, MLK_DG_PEND, k, prefix);
    }
    for (unsigned b = 0; b < c->banks; b++) {
        if (w->name)
            snprintf(prefix, sizeof prefix, "arb.bank%u.", b);
        walk_group(w, m, s, first, MLK_DG_BANK, b, prefix);
    }
    walk_group(w, m, s, first, MLK_DG_TOP, 0, "");
    walk_group(w, m, s, first, MLK_DG_FSM, 0, "");
}

/* See dbg.h. */
unsigned sc_dbg_width(const sc_t *m) { return mlk_dbg_width(&m->cfg); }

/* See dbg.h. */
void sc_dbg_pack(const sc_t *m, uint32_t *words)
{
    walker w;
    memset(&w, 0, sizeof w);
    w.words = words; /* every word is stored once, whole: no clearing walk */
    walk(&w, m);
    if (w.nacc) /* the last, partial word */
        words[w.out] = (uint32_t)w.acc;
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
