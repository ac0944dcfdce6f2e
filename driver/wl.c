/* wl.c - the seeded per-warp instruction stream generator (see wl.h). */
#include <stdlib.h>
#include <string.h>
#include "wl.h"
#include "rng.h"

struct wl {
    cfg_t c;
    drv_keys k;
    rng_t rng;
    unsigned nregs;      /* registers drawn from 0..nregs-1 */
    unsigned nsrc_min, nsrc_max;
    /* recently named distinct registers, most recent first */
    uint16_t *recent;
    unsigned nrecent, recent_cap;
    /* lookahead ring buffer: buf[head .. head+count-1 mod cap] */
    wl_inst *buf;
    unsigned cap, head, count;
    int head_hinted;     /* hints of buf[head] computed */
    uint64_t next_seq;
};

unsigned wl_regs_span(const cfg_t *c, const drv_keys *k)
{
    unsigned n = k->wl_regs_used;
    if (n > c->regs) n = c->regs;
    if (n < 1) n = 1;
    return n;
}

int wl_reads(const wl_inst *in, unsigned r)
{
    for (unsigned s = 0; s < in->nsrc; s++)
        if (in->src[s] == r) return 1;
    return 0;
}

wl_t *wl_create(const cfg_t *c, const drv_keys *k, unsigned wid)
{
    wl_t *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->c = *c;
    w->k = *k;
    w->nregs = wl_regs_span(c, k);
    w->nsrc_max = k->wl_src_max < c->slots ? k->wl_src_max : c->slots;
    w->nsrc_min = k->wl_src_min < w->nsrc_max ? k->wl_src_min : w->nsrc_max;
    w->recent_cap = k->wl_reuse_window;
    if (w->recent_cap > w->nregs) w->recent_cap = w->nregs;
    if (w->recent_cap > 0) {
        w->recent = calloc(w->recent_cap, sizeof *w->recent);
        if (!w->recent) {
            free(w);
            return NULL;
        }
    }
    w->cap = k->rthld + 1;
    w->buf = calloc(w->cap, sizeof *w->buf);
    if (!w->buf) {
        free(w->recent);
        free(w);
        return NULL;
    }
    rng_seed(&w->rng, rng_mix64((uint64_t)k->wl_seed) ^ rng_mix64(0x5741525000000000ULL + wid));
    return w;
}

void wl_destroy(wl_t *w)
{
    if (!w) return;
    free(w->recent);
    free(w->buf);
    free(w);
}

/* Move r to the front of the recent list (inserting it, dropping the oldest if full). */
static void recent_touch(wl_t *w, uint16_t r)
{
    unsigned i;
    if (w->recent_cap == 0) return;
    for (i = 0; i < w->nrecent; i++)
        if (w->recent[i] == r) break;
    if (i == w->nrecent) {
        if (w->nrecent < w->recent_cap) w->nrecent++;
        i = w->nrecent - 1;
    }
    memmove(&w->recent[1], &w->recent[0], i * sizeof w->recent[0]);
    w->recent[0] = r;
}

/* A register: a recent one with probability wl_reuse_pct, else uniform. */
static uint16_t pick_reg(wl_t *w)
{
    if (w->nrecent > 0 && rng_pct(&w->rng, w->k.wl_reuse_pct))
        return w->recent[rng_below(&w->rng, w->nrecent)];
    return (uint16_t)rng_below(&w->rng, w->nregs);
}

static wl_class pick_class(wl_t *w)
{
    uint64_t a = w->k.wl_mix_alu, s = w->k.wl_mix_sfu, m = w->k.wl_mix_mem;
    uint64_t x;
    if (a + s + m == 0) return WL_ALU;
    x = rng_below(&w->rng, a + s + m);
    if (x < a) return WL_ALU;
    if (x < a + s) return WL_SFU;
    return WL_MEM;
}

static void gen_inst(wl_t *w, wl_inst *in)
{
    memset(in, 0, sizeof *in);
    in->seq = w->next_seq++;
    in->nsrc = w->nsrc_min + (unsigned)rng_below(&w->rng, w->nsrc_max - w->nsrc_min + 1);
    for (unsigned s = 0; s < in->nsrc; s++) {
        if (s > 0 && rng_pct(&w->rng, w->k.wl_dup_pct))
            in->src[s] = in->src[rng_below(&w->rng, s)];
        else
            in->src[s] = pick_reg(w);
    }
    in->has_dst = rng_pct(&w->rng, w->k.wl_dst_pct);
    if (in->has_dst) in->dst = pick_reg(w);
    in->cls = pick_class(w);
    in->lat = in->cls == WL_ALU ? w->k.wl_lat_alu : in->cls == WL_SFU ? w->k.wl_lat_sfu
                                                                       : w->k.wl_lat_mem;
    for (unsigned s = 0; s < in->nsrc; s++) recent_touch(w, in->src[s]);
    if (in->has_dst) recent_touch(w, in->dst);
}

static wl_inst *at(wl_t *w, unsigned k)
{
    return &w->buf[(w->head + k) % w->cap];
}

/* Near iff buf[1..count-1] reads r before writing it (read-and-write counts as read). */
static uint8_t oracle(wl_t *w, unsigned r)
{
    for (unsigned k = 1; k < w->count; k++) {
        const wl_inst *in = at(w, k);
        if (wl_reads(in, r)) return 1;
        if (in->has_dst && in->dst == r) return 0;
    }
    return 0;
}

const wl_inst *wl_peek(wl_t *w)
{
    wl_inst *h;
    if (!w) return NULL;
    while (w->count < w->cap) {
        gen_inst(w, at(w, w->count));
        w->count++;
    }
    h = at(w, 0);
    if (!w->head_hinted) {
        for (unsigned s = 0; s < h->nsrc; s++) h->src_near[s] = oracle(w, h->src[s]);
        if (h->has_dst) h->dst_near = oracle(w, h->dst);
        w->head_hinted = 1;
    }
    return h;
}

void wl_pop(wl_t *w)
{
    if (!w) return;
    if (w->count == 0) (void)wl_peek(w);
    w->head = (w->head + 1) % w->cap;
    w->count--;
    w->head_hinted = 0;
}
