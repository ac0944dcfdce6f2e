/* sc.c - one sub-core cycle: the order of docs/spec.md "Inside one cycle". */
#include "sc_state.h"
#include "sc.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "lfsr.h"
#include "sched.h"

_Static_assert(CFG_MAX_P == 8, "the write-back ports' valid and ready bytes are one 8-byte word");
_Static_assert(CFG_MAX_C <= 64, "unit sets (pending allocations, ready units) are 64-bit masks");

static void reset(sc_t *m, int fresh);

/* Create and reset a model carrying `words` 64-bit words of each register value (0: no
 * values at all). Every array gets one spare word, so none is empty. */
static sc_t *create(const cfg_t *cfg, unsigned words)
{
    sc_t *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->cfg = *cfg;
    m->words = words;
    m->reg_bits = cfg_clog2(cfg->regs);
    m->wid_bits = cfg_clog2(cfg->warps);
    for (unsigned q = 0; q < cfg->wb_ports; q++)
        m->port_ones |= (uint64_t)1 << (8 * q);
    unsigned n_ent = cfg->caching ? cfg->entries : cfg->slots;
    size_t per = (size_t)n_ent * m->words;
    m->ccu_data = calloc((size_t)cfg->ccus * per + 1, sizeof(uint64_t));
    m->rdata = calloc((size_t)cfg->banks * m->words + 1, sizeof(uint64_t));
    m->mem = calloc((size_t)cfg->warps * cfg->regs * m->words + 1, sizeof(uint64_t));
    if (!m->ccu_data || !m->rdata || !m->mem || arb_init(&m->arb, cfg) != 0) {
        sc_destroy(m);
        return NULL;
    }
    for (unsigned k = 0; k < cfg->ccus; k++) {
        m->ccu[k].n_ent = n_ent;
        m->ccu[k].n_slot = cfg->slots;
        m->ccu[k].words = m->words;
        m->ccu[k].data = m->ccu_data + k * per;
    }
    reset(m, 1);
    return m;
}

/* See sc.h: the bit-accurate model. */
sc_t *sc_create(const cfg_t *cfg)
{
    return create(cfg, (cfg->data_bits + 63) / 64);
}

/* See sc.h: no register values. */
sc_t *sc_create_nodata(const cfg_t *cfg)
{
    return create(cfg, 0);
}

/* Free everything. */
void sc_destroy(sc_t *m)
{
    if (!m)
        return;
    arb_free(&m->arb);
    free(m->ccu_data);
    free(m->rdata);
    free(m->mem);
    free(m);
}

/* Reset values of every register; RF and CT data are zero. fresh: m comes from calloc,
 * so the large arrays are zero already (not written: a GPU run creates hundreds of
 * models, and writing their zero pages maps them). */
static void reset(sc_t *m, int fresh)
{
    const cfg_t *c = &m->cfg;
    for (unsigned k = 0; k < c->ccus; k++) {
        ccu_reset(&m->ccu[k]);
        if (c->private_ccus) {
            m->ccu[k].owner_valid = 1;
            m->ccu[k].owner = (uint16_t)k;
        }
    }
    arb_reset(&m->arb);
    if (!fresh) memset(m->fill, 0, sizeof m->fill);
    m->nfill = 0;
    m->pend = 0;
    m->claim = 0;
    if (!fresh) memset(m->rdata, 0, sizeof(uint64_t) * c->banks * m->words);
    if (!fresh) memset(m->mem, 0, sizeof(uint64_t) * c->warps * c->regs * m->words);
    m->lfsr = (uint16_t)c->lfsr_seed;
    m->last_valid = 0;
    m->last_wid = 0;
    m->rr = 0;
    m->counter = 0;
    fsm_reset(&m->fsm, c);
    m->fsm_issue = 0;
    if (!fresh) memset(&m->stats, 0, sizeof m->stats);
}

/* See sc.h. */
unsigned sc_bank_queued(const sc_t *m, unsigned b)
{
    return b < m->cfg.banks ? m->arb.count[b] : 0;
}

/* See sc.h. */
int sc_ccu_holds(const sc_t *m, unsigned wid, unsigned reg)
{
    for (unsigned k = 0; m->cfg.caching && k < m->cfg.ccus; k++) {
        const ccu_t *u = &m->ccu[k];
        if (u->pend && u->p_flush) /* taken by wid this cycle: flushed at its lookup, the */
            continue;              /* entries left are the previous owner's */
        if (u->owner_valid && u->owner == wid && ccu_lookup(u, (uint16_t)reg) >= 0)
            return 1;
    }
    return 0;
}

/* See sc.h. */
void sc_reset(sc_t *m)
{
    reset(m, 0);
}

/* Zero every input. */
void sc_in_clear(sc_in *in)
{
    memset(in, 0, sizeof *in);
}

const sc_stats *sc_stats_get(const sc_t *m)
{
    return &m->stats;
}

const cfg_t *sc_cfg(const sc_t *m)
{
    return &m->cfg;
}

/* Inputs reduced to their port widths (the RTL sees only those bits). */
typedef struct {
    uint8_t src_valid[CFG_MAX_W][CFG_MAX_S];
    uint16_t src_reg[CFG_MAX_W][CFG_MAX_S];
    uint8_t src_near[CFG_MAX_W][CFG_MAX_S];
    uint64_t inst_valid;           /* bit w: inst_valid_i[w] */
    uint32_t tag[CFG_MAX_W];
    uint8_t wb_valid[CFG_MAX_P];
    uint16_t wb_wid[CFG_MAX_P];
    uint16_t wb_reg[CFG_MAX_P];
    uint8_t wb_near[CFG_MAX_P];
    uint8_t wb_any;                /* some wb_valid is set */
} ports_t;

static uint32_t mask_bits(uint32_t v, unsigned bits)
{
    return bits >= 32 ? v : v & ((1u << bits) - 1u);
}

/* x mod n for x < 2^clog2(n) <= 2n - 1 (a value masked to its port width): one compare
 * instead of a division in the per-cycle path. */
static unsigned wrap(unsigned x, unsigned n)
{
    return x >= n ? x - n : x;
}

/* Bit w = bit 0 of v[w], w < n: eight bytes at a time (the multiply moves bit 0 of every
 * byte into the top byte, byte 0 lowest). */
static uint64_t gather_valid(const uint8_t *v, unsigned n)
{
    uint64_t mask = 0;
    for (unsigned w = 0; w < n; w += 8) {
        uint64_t x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (n - w >= 8) /* byte i lands in bits 8i.. */
            memcpy(&x, v + w, 8);
        else
#endif
            for (unsigned i = 0; i < 8 && i < n - w; i++)
                x |= (uint64_t)v[w + i] << (8 * i);
        x &= 0x0101010101010101ULL;
        mask |= ((x * 0x0102040810204080ULL) >> 56) << w;
    }
    return mask;
}

/* Copy the inputs the cycle's decisions need, cut to port widths; ids beyond W or R wrap
 * (outside the port contract). The sources of a warp are read by read_inst, only for the
 * warp that issues; write-back ids only when some write-back is valid (else unused). */
static void read_ports(const sc_t *m, const sc_in *in, ports_t *p)
{
    const unsigned nw = m->cfg.warps, np = m->cfg.wb_ports, nr = m->cfg.regs;
    const unsigned wid_bits = m->wid_bits, reg_bits = m->reg_bits;
    p->inst_valid = gather_valid(in->inst_valid, nw);
    uint64_t v; /* bit 0 of every configured port's valid byte, eight ports at once */
    memcpy(&v, in->wb_valid, sizeof v);
    v &= m->port_ones;
    memcpy(p->wb_valid, &v, sizeof v);
    p->wb_any = v != 0;
    for (unsigned q = 0; p->wb_any && q < np; q++) {
        p->wb_wid[q] = (uint16_t)wrap(mask_bits(in->wb_wid[q], wid_bits), nw);
        p->wb_reg[q] = (uint16_t)wrap(mask_bits(in->wb_reg[q], reg_bits), nr);
        p->wb_near[q] = in->wb_near[q] & 1u;
    }
}

/* Copy warp w's instruction inputs (sources, hints, tag), cut to port widths. */
static void read_inst(const sc_t *m, const sc_in *in, ports_t *p, unsigned w)
{
    const cfg_t *c = &m->cfg;
    p->tag[w] = mask_bits(in->inst_tag[w], c->tag_bits);
    for (unsigned s = 0; s < c->slots; s++) {
        p->src_valid[w][s] = in->inst_src_valid[w][s] & 1u;
        p->src_reg[w][s] = (uint16_t)wrap(mask_bits(in->inst_src_reg[w][s], m->reg_bits), c->regs);
        p->src_near[w][s] = in->inst_src_near[w][s] & 1u;
    }
}

/* Copy a register value, clearing the bits at and above data_bits. */
static void copy_masked(const cfg_t *c, uint64_t *dst, const uint64_t *src, unsigned words)
{
    if (!words)
        return;
    memcpy(dst, src, sizeof(uint64_t) * words);
    unsigned top = c->data_bits % 64;
    if (top)
        dst[words - 1] &= (~0ull) >> (64 - top);
}

/* D-13: the dispatch candidate chosen round-robin from the pre-cycle state, or -1. */
static int dispatch_pick(sc_t *m, sc_out *out)
{
    uint64_t ready = 0; /* bit k: unit k is ready */
    for (unsigned k = 0; k < m->cfg.ccus; k++)
        ready |= (uint64_t)ccu_ready(&m->ccu[k]) << k;
    if (ready & (ready - 1))
        m->stats.disp_contention++;
    if (!ready)
        return -1;
    uint64_t from_rr = ready >> m->rr << m->rr; /* the first ready unit at or after rr */
    int pick = __builtin_ctzll(from_rr ? from_rr : ready);
    const ccu_t *u = &m->ccu[pick];
    out->disp_valid = 1;
    out->disp_wid = u->owner;
    out->disp_tag = u->tag;
    for (uint32_t v = u->oct_valid; v; v &= v - 1) {
        unsigned s = (unsigned)__builtin_ctz(v);
        out->disp_src_valid[s] = 1;
        if (m->words)
            memcpy(out->disp_src_data[s], &u->data[(size_t)u->oct_idx[s] * m->words],
                   sizeof(uint64_t) * m->words);
    }
    return pick;
}

/* The D-7 branch statistics (sums over the units) gain what a unit's counters cnt[3]
 * counted since they were before[3]. */
static void repl_add(uint64_t *sum, const uint64_t *cnt, const uint64_t *before)
{
    sum[0] += cnt[0] - before[0];
    sum[1] += cnt[1] - before[1];
    sum[2] += cnt[2] - before[2];
}

/* D-3/D-4/D-5 for the unit owned by warp v: the first cacheable write (port order) takes
 * port D, the other writes of v invalidate their hits; all look up the pre-cycle state
 * (port D first here: its entry cannot hold another port's register afterwards, and a
 * victim another port hit is overwritten anyway). A unit in its lookup or claim cycle
 * (quiet) only invalidates its hits (spec decision 15). */
static void ccu_writebacks(sc_t *m, ccu_t *u, const ports_t *p, const uint8_t *acc,
                           const sc_in *in, int quiet)
{
    const cfg_t *c = &m->cfg;
    if (quiet) {
        uint16_t regs[CFG_MAX_P];
        unsigned n = 0;
        for (unsigned q = 0; q < c->wb_ports; q++)
            if (acc[q] && p->wb_wid[q] == u->owner)
                regs[n++] = p->wb_reg[q];
        m->stats.wb_invalidations += ccu_invalidate_regs(u, regs, n);
        return;
    }
    int dport = -1;
    for (unsigned q = 0; q < c->wb_ports && dport < 0; q++)
        if (acc[q] && p->wb_wid[q] == u->owner && (!c->write_filter || p->wb_near[q]))
            dport = (int)q;
    if (dport >= 0) {
        uint64_t v[CFG_MAX_WORDS];
        copy_masked(c, v, in->wb_data[dport], m->words);
        const uint64_t before[3] = {u->repl_portd[0], u->repl_portd[1], u->repl_portd[2]};
        if (ccu_write(u, p->wb_reg[dport], p->wb_near[dport], v, m->lfsr, c->repl_lru_only) >= 0)
            m->stats.ccu_data_writes++;
        repl_add(m->stats.repl_portd, u->repl_portd, before);
    }
    for (unsigned q = 0; q < c->wb_ports; q++) {
        if (!acc[q] || p->wb_wid[q] != u->owner || (int)q == dport)
            continue;
        int h = ccu_lookup(u, p->wb_reg[q]);
        if (h >= 0) {
            ccu_put(&u->valid, (unsigned)h, 0);
            m->stats.wb_invalidations++;
        }
        if (!c->write_filter || p->wb_near[q])
            m->stats.wb_port_lost++;
        else
            m->stats.wb_filtered++;
    }
}

/* 1 if a valid slot before s names the same register as slot s. */
static int named_before(const uint8_t *valid, const uint16_t *reg, unsigned s)
{
    for (unsigned t = 0; t < s; t++)
        if (valid[t] && reg[t] == reg[s])
            return 1;
    return 0;
}

/* Issue into unit k (cycle t): owner change of a flush, capture for the allocation. */
static void do_issue(sc_t *m, const ports_t *p, unsigned w, unsigned k, int flush)
{
    ccu_t *u = &m->ccu[k];
    if (flush) {
        u->owner_valid = 1;
        u->owner = (uint16_t)w;
    }
    ccu_capture(u, p->src_valid[w], p->src_reg[w], p->src_near[w], p->tag[w], flush);
    m->pend |= (uint64_t)1 << k;
    m->stats.issued++;
}

/* Queue the n bank reads miss[] of unit k (its owner's registers); returns n. */
static unsigned push_reads(sc_t *m, unsigned k, const ccu_miss *miss, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        arb_req r = {(uint8_t)k, miss[i].slot, m->ccu[k].owner, miss[i].reg};
        arb_push(&m->arb, &r);
    }
    return n;
}

/* Lookup cycle (t+1) of the instruction unit k captured: D-9 flush, D-11 lookups and
 * victim choice (caching; the claim cycle follows if some register missed), or the
 * baseline allocation with its bank reads. Returns the number of bank reads queued. */
static unsigned do_alloc(sc_t *m, unsigned k)
{
    const cfg_t *c = &m->cfg;
    ccu_t *u = &m->ccu[k];
    ccu_miss miss[CFG_MAX_S];
    unsigned n, nvalid = 0, queued = 0;
    const uint64_t before[3] = {u->repl_alloc[0], u->repl_alloc[1], u->repl_alloc[2]};
    if (u->p_flush && c->caching) {
        m->stats.flushes_nonempty += (uint64_t)ccu_has_valid(u);
        ccu_flush(u);
        m->stats.flushes++;
    }
    m->pend &= ~((uint64_t)1 << k);
    if (c->caching) {
        n = ccu_lookup_stage(u, m->lfsr, c->repl_lru_only, miss);
        m->claim |= (uint64_t)(n != 0) << k;
    } else {
        n = ccu_allocate_base(u, u->p_valid, u->p_reg, u->tag, miss);
        u->pend = 0;
    }
    queued = push_reads(m, k, miss, n);
    unsigned ndistinct = 0;
    for (unsigned s = 0; s < c->slots; s++) {
        if (!u->p_valid[s])
            continue;
        nvalid++;
        ndistinct += !named_before(u->p_valid, u->p_reg, s);
    }
    repl_add(m->stats.repl_alloc, u->repl_alloc, before);
    m->stats.src_slots += nvalid;
    m->stats.src_regs += ndistinct;
    m->stats.src_hits += ndistinct - n;
    m->stats.bank_read_reqs += n;
    return queued;
}

/* Claim cycle (t+2) of unit k: its victims take their registers (the bank reads were
 * queued in the lookup cycle and name slots, not entries). */
static void do_claim(sc_t *m, unsigned k)
{
    m->claim &= ~((uint64_t)1 << k);
    ccu_claim(&m->ccu[k]);
}

/* Register value of (wid, reg) in the RF. */
static uint64_t *rf_word(sc_t *m, unsigned wid, unsigned reg)
{
    return &m->mem[((size_t)wid * m->cfg.regs + reg) * m->words];
}

/* Interval bookkeeping and statistics of the FSM. */
static void tick_fsm(sc_t *m, int issued)
{
    fsm_event ev = fsm_tick(&m->fsm, &m->cfg, issued);
    if (ev.stepped)
        m->stats.fsm_edge[ev.from][ev.large]++;
    if (ev.ended) {
        if (m->stats.intervals < STATS_STHLD_TRACE)
            m->stats.sthld_trace[m->stats.intervals] = m->fsm.sthld;
        m->stats.intervals++;
    }
}

/* D-14: the warps that own a CCU (caching units only), bit w = warp w < cfg.warps. */
static uint64_t owners(const sc_t *m)
{
    const cfg_t *c = &m->cfg;
    uint64_t owns = 0;
    for (unsigned k = 0; c->caching && k < c->ccus; k++)
        if (m->ccu[k].owner_valid && m->ccu[k].owner < c->warps)
            owns |= (uint64_t)1 << m->ccu[k].owner;
    return owns;
}

/* See sc.h. */
uint64_t sc_ccu_owners(const sc_t *m)
{
    return owners(m);
}

/* Zero the outputs of this configuration (slots, ports and words beyond it stay as they
 * are: sc.h documents that only the configured part of sc_out is driven). */
static void clear_out(const sc_t *m, sc_out *out)
{
    const cfg_t *c = &m->cfg;
    out->issue_valid = 0;
    out->issue_wid = 0;
    out->disp_valid = 0;
    out->disp_wid = 0;
    out->disp_tag = 0;
    memset(out->wb_ready, 0, sizeof out->wb_ready);
    memset(out->disp_src_valid, 0, sizeof out->disp_src_valid);
    for (unsigned s = 0; m->words && s < c->slots; s++)
        memset(out->disp_src_data[s], 0, sizeof(uint64_t) * m->words);
}

/* One clock cycle. */
void sc_step(sc_t *m, const sc_in *in, sc_out *out)
{
    const cfg_t *c = &m->cfg;
    ports_t p;
    uint8_t acc[CFG_MAX_P] = {0}, written[CFG_MAX_B] = {0};
    unsigned naccepted = 0, nqueued = 0;
    arb_grant g[CFG_MAX_B];
    clear_out(m, out);
    read_ports(m, in, &p);
    m->stats.cycles++;

    /* 1. write-back acceptance (D-6); with no valid port every port is ready */
    if (p.wb_any)
        arb_wb_ready(c, p.wb_valid, p.wb_wid, p.wb_reg, out->wb_ready);
    else
        memcpy(out->wb_ready, &m->port_ones, sizeof m->port_ones);
    for (unsigned q = 0; p.wb_any && q < c->wb_ports; q++) {
        acc[q] = p.wb_valid[q] && out->wb_ready[q];
        if (p.wb_valid[q] && !out->wb_ready[q])
            m->stats.wb_refused++;
        if (acc[q]) {
            written[arb_bank(p.wb_wid[q], p.wb_reg[q], c->banks)] = 1;
            m->stats.bank_writes++;
            naccepted++;
        }
    }
    /* 2. dispatch from the pre-cycle state (D-13) */
    int dk = dispatch_pick(m, out);
    int fire = dk >= 0 && (in->disp_ready & 1u);
    if (dk >= 0 && !fire)
        m->stats.disp_refused++;
    /* 3. warp priority (D-14) and allocation decision (D-9) from the pre-cycle state */
    int gto = c->sched_gto || !c->caching;
    int w = sched_pick(p.inst_valid, m->last_valid, m->last_wid, gto || !p.inst_valid ? 0 : owners(m), gto);
    alloc_result ar = {0, -1, 0};
    unsigned counter_next = m->counter;
    if (w < 0) {
        m->stats.idle_no_warp++;
    } else {
        ar = alloc_decide(c, m->ccu, (unsigned)w, m->counter, m->fsm.sthld, m->lfsr,
                          &counter_next);
        m->stats.alloc[ar.outcome]++;
    }
    if (ar.ccu >= 0) {
        out->issue_valid = 1;
        out->issue_wid = (uint16_t)w;
    }
    /* 4. read grants from the FIFO heads (D-12) */
    unsigned ngrant = arb_grants(&m->arb, written, g, &m->stats.grant_blocked_write,
                                 &m->stats.grant_blocked_port);
    m->stats.bank_reads += ngrant;

    /* 5a. port S fills of last cycle's grants */
    for (unsigned b = 0; m->nfill && b < c->banks; b++) {
        if (!m->fill[b].valid)
            continue;
        ccu_t *u = &m->ccu[m->fill[b].ccu];
        ccu_fill(u, u->oct_idx[m->fill[b].slot], &m->rdata[(size_t)b * m->words]);
        m->stats.ccu_fills++;
    }
    /* 5d (first part). lookup cycles, on the pre-cycle state: nothing before them in this
     * list touches those units (no fill, no port D, no release), and their write-backs
     * (5b) only invalidate, which is applied in parallel in the RTL */
    const uint64_t quiet = m->pend | m->claim, claiming = m->claim;
    for (uint64_t todo = m->pend; todo; todo &= todo - 1)
        nqueued += do_alloc(m, (unsigned)__builtin_ctzll(todo));
    /* 5b. write-backs into the owners' units (D-3, D-4, D-5) */
    for (unsigned k = 0; naccepted && c->caching && k < c->ccus; k++)
        if (m->ccu[k].owner_valid)
            ccu_writebacks(m, &m->ccu[k], &p, acc, in, (int)(quiet >> k & 1u));
    /* 5c. dispatch frees its unit */
    if (fire) {
        ccu_release(&m->ccu[dk]);
        m->rr = (uint8_t)((dk + 1) % (int)c->ccus);
        m->stats.dispatched++;
    }
    /* 5d. claim cycles (after 5b's invalidations: a claim wins), then capture */
    for (uint64_t todo = claiming; todo; todo &= todo - 1)
        do_claim(m, (unsigned)__builtin_ctzll(todo));
    if (ar.ccu >= 0) {
        read_inst(m, in, &p, (unsigned)w);
        do_issue(m, &p, (unsigned)w, (unsigned)ar.ccu, ar.flush);
    }
    /* 5e. banks: writes, registered reads, fill pipeline */
    for (unsigned q = 0; naccepted && q < c->wb_ports; q++)
        if (acc[q])
            copy_masked(c, rf_word(m, p.wb_wid[q], p.wb_reg[q]), in->wb_data[q], m->words);
    for (unsigned b = 0; (ngrant || m->nfill) && b < c->banks; b++) {
        m->fill[b] = g[b];
        if (g[b].valid && m->words)
            memcpy(&m->rdata[(size_t)b * m->words], rf_word(m, g[b].wid, g[b].reg),
                   sizeof(uint64_t) * m->words);
    }
    m->nfill = ngrant;
    /* 5f. FIFOs: pop grants (pushes happened in do_issue, after the grant decision) */
    if (ngrant)
        arb_pop(&m->arb, g);
    for (unsigned b = 0; nqueued && b < c->banks; b++) /* only a push can raise it */
        if (arb_count(&m->arb, b) > m->stats.fifo_high_water)
            m->stats.fifo_high_water = arb_count(&m->arb, b);
    /* 5g. small registers */
    m->counter = (uint16_t)counter_next;
    if (ar.ccu >= 0) {
        m->last_valid = 1;
        m->last_wid = (uint16_t)w;
    }
    tick_fsm(m, m->fsm_issue); /* last cycle's issue (spec decision 12) */
    m->fsm_issue = ar.ccu >= 0;
    m->lfsr = lfsr_next(m->lfsr);
}

int sc_quiescent(const sc_t *m)
{
    if (m->pend || m->claim || m->nfill || m->arb.queued) return 0;
    for (unsigned k = 0; k < m->cfg.ccus; k++)
        if (m->ccu[k].busy) return 0;
    return 1;
}

void sc_idle(sc_t *m, uint64_t n)
{
    /* sc_step with no instruction offered and no write-back, on a quiescent sub-core:
     * every step of sc_step is empty but the counters, the FSM tick and the LFSR. The
     * ticks inside an interval only count (fsm_tick), so they are added at once; only the
     * interval ends are stepped; the LFSR jumps n states. */
    if (n == 0) return;
    m->stats.cycles += n;
    m->stats.idle_no_warp += n;
    tick_fsm(m, m->fsm_issue);
    m->fsm_issue = 0;
    for (uint64_t left = n - 1; left;) {
        uint64_t room = (uint64_t)m->cfg.interval - 1u - m->fsm.cycle; /* ticks before the end */
        if (room >= left) {
            m->fsm.cycle += (uint32_t)left;
            break;
        }
        m->fsm.cycle += (uint32_t)room;
        left -= room + 1;
        tick_fsm(m, 0); /* the interval's last cycle */
    }
    m->lfsr = lfsr_jump(m->lfsr, n);
}

#define HOT_STATS_BYTES 512 /* the counters a cycle updates: sc_stats up into fsm_edge */

void sc_hot(const sc_t *m, void (*add)(void *ctx, const void *p, size_t n), void *ctx)
{
    add(ctx, m, offsetof(sc_t, ccu) + m->cfg.ccus * sizeof m->ccu[0]);
    add(ctx, &m->ccu_data, offsetof(sc_t, stats) + HOT_STATS_BYTES - offsetof(sc_t, ccu_data));
    add(ctx, m->arb.q, (size_t)m->arb.nbanks * m->arb.depth * sizeof *m->arb.q);
}
