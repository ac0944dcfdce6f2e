/* reuse.c - NVIDIA's operand reuse cache (see reuse.h). */
#include "reuse.h"

#include <stdlib.h>
#include "arb.h"
#include "trc.h"

typedef struct {
    uint8_t valid;
    uint16_t wid, reg;
} rc_entry;

struct rc {
    unsigned banks;
    rc_entry *e;        /* [banks][TRC_REUSE_SLOTS] */
    opc_stats st;
    int direct;         /* reuse_read = direct: the in-order read stage gates the issue */
    int bits;           /* reuse_bits: 0 = every reuse bit taken as clear (the cache is off) */
    uint64_t now;       /* direct: the cycle of the last gate call (the cycle an issue is in) */
    uint64_t free_at;   /* direct: the first cycle the read stage takes an instruction */
};

rc_t *rc_create(const cfg_t *c, const opc_keys *ok)
{
    rc_t *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->banks = c->banks ? c->banks : 1;
    r->direct = ok->reuse_direct;
    r->bits = ok->reuse_bits;
    r->e = calloc((size_t)r->banks * TRC_REUSE_SLOTS, sizeof *r->e);
    if (!r->e) {
        free(r);
        return NULL;
    }
    return r;
}

void rc_destroy(rc_t *r)
{
    if (!r) return;
    free(r->e);
    free(r);
}

/* The entry of source s of warp w's instruction h, or NULL when its position has none. */
static rc_entry *entry_of(rc_t *r, unsigned w, const drv_inst *h, unsigned s)
{
    unsigned pos = h->src_pos + s;
    if (pos >= TRC_REUSE_SLOTS) return NULL;
    return &r->e[(size_t)arb_bank(w, h->src[s], r->banks) * TRC_REUSE_SLOTS + pos];
}

static uint32_t rc_hits(void *ctx, unsigned w, const drv_inst *h)
{
    rc_t *r = ctx;
    uint32_t m = 0;
    for (unsigned s = 0; s < h->nsrc; s++) {
        const rc_entry *e = entry_of(r, w, h, s);
        if (e && e->valid && e->wid == w && e->reg == h->src[s]) m |= 1u << s;
    }
    return m;
}

static void rc_issued(void *ctx, unsigned w, const drv_inst *h, uint32_t hits)
{
    rc_t *r = ctx;
    uint32_t looked = 0;
    for (unsigned s = 0; s < h->nsrc; s++) {
        rc_entry *e = entry_of(r, w, h, s);
        if (!e) continue;
        looked |= 1u << s;
        if (r->bits && (h->src_reuse >> s & 1u)) {
            if (!(hits >> s & 1u)) r->st.fills++;
            e->valid = 1;
            e->wid = (uint16_t)w;
            e->reg = h->src[s];
        } else {
            e->valid = 0;
        }
    }
    opc_note_sources(&r->st, h, looked, hits);
    if (r->direct) r->free_at = r->now + rc_read_cycles(r->banks, w, h, hits);
}

unsigned rc_read_cycles(unsigned banks, unsigned w, const drv_inst *h, uint32_t hits)
{
    unsigned per[CFG_MAX_B] = {0}, k = 1;
    for (unsigned s = 0; s < h->nsrc; s++) {
        if (hits >> s & 1u) continue;
        int dup = 0; /* a register named twice is read once */
        for (unsigned t = 0; t < s && !dup; t++)
            dup = !(hits >> t & 1u) && h->src[t] == h->src[s];
        if (dup) continue;
        unsigned b = arb_bank(w, h->src[s], banks);
        if (++per[b] > k) k = per[b];
    }
    return k;
}

/* The read stage (direct): open at `cycle` when the last instruction's reads are done. */
static int rc_gate(void *ctx, uint64_t cycle)
{
    rc_t *r = ctx;
    r->now = cycle;
    if (cycle >= r->free_at) return 1;
    r->st.read_stalls++;
    return 0;
}

drv_opc rc_opc(rc_t *r)
{
    drv_opc o = {r, rc_hits, rc_issued, 0, NULL, NULL, r->direct ? rc_gate : NULL, NULL};
    return o;
}

const opc_stats *rc_get_stats(const rc_t *r)
{
    return &r->st;
}

uint64_t rc_entries(const cfg_t *c) { return (uint64_t)c->banks * TRC_REUSE_SLOTS; }

uint64_t rc_storage_bits(const cfg_t *c)
{
    uint64_t per = (uint64_t)c->data_bits + 1 + cfg_clog2(c->warps) + cfg_clog2(c->regs);
    return rc_entries(c) * per;
}

/* ---------------------------------------------------------------- the descriptor */

static void *d_create(const cfg_t *c, const opc_keys *ok, const drv_keys *dk)
{
    return (void)dk, rc_create(c, ok);
}
static uint64_t d_storage_bits(const cfg_t *c, const opc_keys *ok)
{
    return (void)ok, rc_storage_bits(c);
}
static uint64_t d_entries(const cfg_t *c, const opc_keys *ok)
{
    return (void)ok, rc_entries(c);
}
static void d_destroy(void *d) { rc_destroy(d); }
static drv_opc d_hook(void *d) { return rc_opc(d); }
static const opc_stats *d_stats(void *d) { return rc_get_stats(d); }

const opc_design reuse_design = {
    .name = "reuse",
    .what = "NVIDIA's operand reuse cache",
    .create = d_create, .destroy = d_destroy, .hook = d_hook, .stats = d_stats,
    .storage_bits = d_storage_bits, .entries = d_entries,
};
