/* mem.c - the GPU memory system for timing (see mem.h). */
#include "mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cache.h"
#include "coal.h"
#include "tline.h"

#define MILLI 1000u
#define L1_LOOKUPS 4u  /* L1 line lookups per cycle per SM */
#define PC_TAB 1024u   /* per SM: constant-load PCs / instruction lines remembered */

typedef struct {
    uint64_t key;      /* PC or line + 1; 0: empty */
    uint64_t ready;
} pc_ent;

typedef struct {
    cache_t *l1;
    uint64_t l1_free;        /* first milli-cycle the L1 takes another line lookup */
    uint64_t shmem_free;     /* first cycle shared memory takes another wavefront */
    uint64_t *mshr;          /* [l1_mshrs] cycle each MSHR frees, a min-heap (mshr_wait) */
    pc_ent cpc[PC_TAB];      /* constant cache, by PC of the constant load */
    pc_ent ipc[PC_TAB];      /* instruction lines */
} sm_mem;

struct mem {
    mem_cfg c;
    sm_mem *sm;
    cache_t *l2;             /* l2_slices slices */
    tline_t *l2_busy;        /* [l2_slices] milli-cycles each slice is taking a sector */
    tline_t dram_busy;       /* milli-cycles DRAM is taking a sector */
    int oom;                 /* a timeline ran out of memory (mem_failed) */
    int used;                /* a kernel ran on it (mem_new_kernel) */
    mem_counts n;
};

mem_t *mem_create(const mem_cfg *mc, char *err, unsigned errlen)
{
    mem_t *m = calloc(1, sizeof *m);
    if (!m) goto oom;
    m->c = *mc;
    if (m->c.l2_slices == 0) m->c.l2_slices = 1;
    if (m->c.l1_mshrs == 0) m->c.l1_mshrs = 1;
    m->sm = calloc(mc->sms ? mc->sms : 1, sizeof *m->sm);
    m->l2_busy = calloc(m->c.l2_slices, sizeof *m->l2_busy);
    if (!m->sm || !m->l2_busy) goto oom;
    for (unsigned s = 0; s < mc->sms; s++) {
        m->sm[s].mshr = calloc(m->c.l1_mshrs, sizeof *m->sm[s].mshr);
        if (!m->sm[s].mshr) goto oom;
        if (!(m->sm[s].l1 = cache_create(mc->l1_bytes, mc->l1_ways, 1))) {
            snprintf(err, errlen, "L1 of %llu bytes cannot hold %u ways of 128-byte lines "
                     "(expected l1_kb * 1024 >= 128 * l1_ways)",
                     (unsigned long long)mc->l1_bytes, mc->l1_ways);
            mem_destroy(m);
            return NULL;
        }
    }
    if (!(m->l2 = cache_create(mc->l2_bytes / m->c.l2_slices, mc->l2_ways, m->c.l2_slices))) {
        snprintf(err, errlen, "L2 slice of %llu bytes cannot hold %u ways of 128-byte "
                 "lines (expected l2_kb * 1024 / l2_slices >= 128 * l2_ways)",
                 (unsigned long long)(mc->l2_bytes / m->c.l2_slices), mc->l2_ways);
        mem_destroy(m);
        return NULL;
    }
    return m;
oom:
    snprintf(err, errlen, "out of memory (the memory system)");
    mem_destroy(m);
    return NULL;
}

void mem_destroy(mem_t *m)
{
    if (!m) return;
    if (m->sm)
        for (unsigned s = 0; s < m->c.sms; s++) {
            cache_destroy(m->sm[s].l1);
            free(m->sm[s].mshr);
        }
    cache_destroy(m->l2);
    free(m->sm);
    if (m->l2_busy)
        for (unsigned s = 0; s < m->c.l2_slices; s++) tline_free(&m->l2_busy[s]);
    free(m->l2_busy);
    tline_free(&m->dram_busy);
    free(m);
}

void mem_new_kernel(mem_t *m)
{
    if (!m->used) { /* nothing cached yet: nothing to settle */
        m->used = 1;
        return;
    }
    for (unsigned s = 0; s < m->c.sms; s++) {
        sm_mem *p = &m->sm[s];
        memset(p->cpc, 0, sizeof p->cpc);
        memset(p->ipc, 0, sizeof p->ipc);
        p->l1_free = p->shmem_free = 0;
        memset(p->mshr, 0, m->c.l1_mshrs * sizeof *p->mshr);
        cache_clear(p->l1); /* not coherent: invalidated at each kernel (Accel-Sim's
                               gpgpu_flush_l1_cache 1 in all three presets' configs) */
    }
    for (unsigned s = 0; s < m->c.l2_slices; s++) tline_clear(&m->l2_busy[s]);
    cache_settle(m->l2);
    tline_clear(&m->dram_busy);
}

int mem_set_l1(mem_t *m, uint64_t bytes, char *err, unsigned errlen)
{
    uint64_t way_bytes = 128ull * (m->c.l1_ways ? m->c.l1_ways : 1);
    if (bytes < way_bytes) bytes = way_bytes; /* at least one set */
    bytes -= bytes % way_bytes;
    if (bytes == m->c.l1_bytes) return 0;
    for (unsigned s = 0; s < m->c.sms; s++) {
        cache_destroy(m->sm[s].l1);
        if (!(m->sm[s].l1 = cache_create(bytes, m->c.l1_ways, 1))) {
            snprintf(err, errlen, "out of memory (an L1 of %llu bytes)", (unsigned long long)bytes);
            for (unsigned t = s + 1; t < m->c.sms; t++) { /* none freed twice by mem_destroy */
                cache_destroy(m->sm[t].l1);
                m->sm[t].l1 = NULL;
            }
            return -1;
        }
    }
    m->c.l1_bytes = bytes;
    return 0;
}

uint64_t mem_l1_bytes(const mem_t *m)
{
    return m->c.l1_bytes;
}

void mem_forget(mem_t *m, uint64_t cycle)
{
    for (unsigned s = 0; s < m->c.l2_slices; s++) tline_forget(&m->l2_busy[s], cycle * MILLI);
    tline_forget(&m->dram_busy, cycle * MILLI);
}

int mem_failed(const mem_t *m)
{
    return m->oom;
}

void mem_hot(const mem_t *m, unsigned sm, void (*add)(void *ctx, const void *p, size_t n),
             void *ctx)
{
    const sm_mem *p = &m->sm[sm];
    cache_hot(p->l1, add, ctx);
    add(ctx, p->mshr, m->c.l1_mshrs * sizeof *p->mshr);
}

void mem_clear_counts(mem_t *m)
{
    memset(&m->n, 0, sizeof m->n);
}

const mem_counts *mem_get_counts(const mem_t *m)
{
    return &m->n;
}

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* The entry of key in tab (open addressing; a full table forgets the slot it lands on). */
static pc_ent *pc_slot(pc_ent *tab, uint64_t key, int *found)
{
    uint64_t h = (key * 0x9E3779B97F4A7C15ull) >> 54; /* 10 bits */
    for (unsigned i = 0; i < 8; i++) {
        pc_ent *e = &tab[(h + i) % PC_TAB];
        if (e->key == key + 1) {
            *found = 1;
            return e;
        }
        if (e->key == 0) {
            *found = 0;
            return e;
        }
    }
    *found = 0;
    return &tab[h % PC_TAB];
}

/* The L2 slice of a line (a multiplicative hash spreads strided lines over the slices). */
static unsigned slice_of(const mem_t *m, uint64_t line)
{
    return (unsigned)(((line * 0x9E3779B97F4A7C15ull) >> 32) % m->c.l2_slices);
}

/* The milli-cycle a sector arriving at milli-cycle t starts on resource tl, which it
 * holds q milli-cycles; out of memory: counted as taken at t (mem_failed reports it). */
static uint64_t take(mem_t *m, tline_t *tl, uint64_t t, uint64_t q)
{
    uint64_t s = tline_take(tl, t, q);
    if (s != UINT64_MAX) return s;
    m->oom = 1;
    return t;
}

/* The cycle that milli-cycle t falls in, rounded up. */
static uint64_t cycle_up(uint64_t t)
{
    return (t + MILLI - 1) / MILLI;
}

/* Milli-cycles the DRAM takes for one sector read (write: written): a sector at the
 * bandwidth a stream of them sustains, dram_bw x the efficiency, rounded to the nearest. */
static uint64_t dram_sector_q(const mem_t *m, int write)
{
    uint64_t eff = write ? m->c.dram_write_eff : m->c.dram_read_eff;
    uint64_t per = (uint64_t)(m->c.dram_bw ? m->c.dram_bw : 1) * (eff ? eff : 1000);
    return ((uint64_t)COAL_SECTOR * MILLI * 1000 + per / 2) / per;
}

/* What a sector does at L2 (l2_sector). */
enum { L2_LOAD, L2_STORE, L2_ATOM };

/* The L2 evicted a line with the dirty sectors `dirty` at cycle t: they are written to
 * DRAM, taking its bandwidth from t on (the write does not hold up the access that
 * evicted it: a write-back buffer). */
static void dram_write(mem_t *m, unsigned dirty, uint64_t t)
{
    uint64_t q = dram_sector_q(m, 1);
    for (; dirty; dirty &= dirty - 1) {
        take(m, &m->dram_busy, t * MILLI, q);
        m->n.dram_write_bytes += COAL_SECTOR;
    }
}

/* One sector reaches L2 at cycle t: the cycle its data is back at the SM. A store is
 * written into the L2 (no DRAM read for a full sector); an atomic reads it like a load and
 * leaves it dirty. The L2 is write-back: a line's dirty sectors go to DRAM when it is
 * evicted. */
static uint64_t l2_sector(mem_t *m, uint64_t line, unsigned sect, uint64_t t, int kind)
{
    unsigned s = slice_of(m, line);
    uint64_t tm = take(m, &m->l2_busy[s], t * MILLI,
                       (uint64_t)COAL_SECTOR * MILLI / (m->c.l2_bw ? m->c.l2_bw : 1));
    uint64_t ts = cycle_up(tm), ready;
    if (kind == L2_STORE) {
        dram_write(m, cache_fill(m->l2, s, line, sect, ts, ts, 1), ts);
        return ts + 1;
    }
    uint64_t in_l2 = m->c.l2_lat < m->c.dram_lat ? m->c.l2_lat : 0; /* the fill's lead */
    uint64_t q = dram_sector_q(m, 0);
    /* a hit, unless the sector is still on its way for a request that arrived after this
     * one (a later cycle of an SM stepped earlier in the batch) and a miss now would bring
     * it sooner: then this request is the one that misses (the first test is the cheap
     * case of the second: no miss is back before ts + dram_lat) */
    if (cache_lookup(m->l2, s, line, sect, ts, &ready) &&
        (ready + in_l2 <= ts + m->c.dram_lat ||
         ready + in_l2 <= cycle_up(tline_peek(&m->dram_busy, ts * MILLI, q)) + m->c.dram_lat)) {
        m->n.l2_hits++;
        if (kind == L2_ATOM) cache_fill(m->l2, s, line, sect, ready, ts, 1); /* present: evicts nothing */
        return max64(ts + m->c.l2_lat, ready + (m->c.l2_lat > 0));
    }
    m->n.l2_misses++;
    uint64_t td = take(m, &m->dram_busy, ts * MILLI, q);
    m->n.dram_read_bytes += COAL_SECTOR;
    ready = cycle_up(td) + m->c.dram_lat;
    dram_write(m, cache_fill(m->l2, s, line, sect, ready - in_l2, ts, kind == L2_ATOM), ts);
    return ready;
}

uint64_t mem_copy_in(mem_t *m, uint64_t addr, uint64_t bytes)
{
    uint64_t span = MEM_COPY_L2_SPAN * m->c.l2_bytes;
    if (bytes == 0 || addr > UINT64_MAX - (bytes - 1)) return 0; /* empty, or past the top */
    if (bytes > span) {
        addr += bytes - span;
        bytes = span;
    }
    uint64_t first = addr / COAL_SECTOR, last = (addr + bytes - 1) / COAL_SECTOR;
    for (uint64_t s = first; s <= last; s++) {
        uint64_t line = s / (128 / COAL_SECTOR);
        cache_fill(m->l2, slice_of(m, line), line, (unsigned)(s % (128 / COAL_SECTOR)), 0, 0, 0);
    }
    return bytes;
}

/* The cycle SM p's L1 looks up a line requested at cycle now: L1_LOOKUPS lines per cycle
 * (Accel-Sim's gpgpu_l1_banks = 4 in all three presets' configurations). */
static uint64_t l1_slot(sm_mem *p, uint64_t now)
{
    uint64_t t = max64(now * MILLI, p->l1_free);
    p->l1_free = t + MILLI / L1_LOOKUPS;
    return t / MILLI;
}

/* SM p's MSHRs are a binary min-heap of the cycles they free (p->mshr[0]: the earliest).
 * A miss at cycle t takes the earliest: free at t or later, when it then starts. Which of
 * several free MSHRs is taken changes nothing: l1_slot's cycles never decrease, so an
 * MSHR free at t is free for every later miss. The miss holds it until `until`. */
static uint64_t mshr_wait(mem_t *m, const sm_mem *p, uint64_t t)
{
    if (p->mshr[0] <= t) return t;
    m->n.l1_mshr_stall_cycles += p->mshr[0] - t;
    return p->mshr[0];
}

/* The earliest MSHR of p is taken until cycle `until`: restore the heap order. */
static void mshr_hold(const mem_t *m, sm_mem *p, uint64_t until)
{
    uint64_t *h = p->mshr;
    unsigned n = m->c.l1_mshrs, i = 0;
    for (;;) {
        unsigned c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && h[c + 1] < h[c]) c++;
        if (h[c] >= until) break;
        h[i] = h[c];
        i = c;
    }
    h[i] = until;
}

/* A global/local load (or an access timed like one) through L1; bypass: it neither looks
 * up nor fills L1 (still an L1 lookup slot and an MSHR: it goes down the same pipeline). */
static uint64_t load(mem_t *m, sm_mem *p, const coal_line *ln, unsigned nl, uint64_t now,
                     int bypass)
{
    uint64_t done = now + m->c.l1_lat;
    for (unsigned i = 0; i < nl; i++) {
        uint64_t t = l1_slot(p, now), ready;
        m->n.l1_lines++;
        for (unsigned sct = 0; sct < 4; sct++) {
            if (!(ln[i].sectors >> sct & 1)) continue;
            if (!bypass && cache_lookup(p->l1, 0, ln[i].line, sct, t, &ready)) {
                if (ready > t) m->n.l1_pending_hits++;
                else m->n.l1_hits++;
                done = max64(done, max64(t + m->c.l1_lat, ready));
                continue;
            }
            if (bypass) m->n.l1_bypassed++;
            else m->n.l1_misses++;
            uint64_t tm = mshr_wait(m, p, t);
            ready = l2_sector(m, ln[i].line, sct, tm, L2_LOAD);
            if (ready < tm + m->c.l1_lat) ready = tm + m->c.l1_lat;
            mshr_hold(m, p, ready);
            if (!bypass) cache_fill(p->l1, 0, ln[i].line, sct, ready, t, 0); /* write-through */
            done = max64(done, ready);
        }
    }
    return done;
}

uint64_t mem_access(mem_t *m, unsigned sm, const trc_warp *warp, const trc_inst *ti,
                    uint64_t now)
{
    sm_mem *p = &m->sm[sm];
    const uint64_t *addr = warp->addr ? warp->addr + ti->maddr : NULL;
    unsigned na = addr ? ti->naddr : 0;
    coal_line ln[COAL_MAX_LINES];
    if (ti->mspace == TRC_M_SHARED) {
        unsigned wf = na ? coal_shmem_wavefronts(addr, na, ti->mwidth) : 1;
        if (wf == 0) wf = 1;
        uint64_t t = max64(now, p->shmem_free);
        p->shmem_free = t + wf;
        m->n.shmem_insts++;
        m->n.shmem_wavefronts += wf;
        return t + m->c.shmem_lat + (wf - 1);
    }
    if (ti->mspace == TRC_M_CONST) {
        int found;
        pc_ent *e = pc_slot(p->cpc, ti->pc, &found);
        if (found) {
            m->n.const_hits++;
            return max64(now + m->c.const_lat, e->ready);
        }
        m->n.const_misses++;
        e->key = (uint64_t)ti->pc + 1;
        e->ready = now + m->c.const_miss_lat;
        return e->ready;
    }
    if (na == 0) return now + m->c.l1_lat; /* fences, ... or no addresses traced */
    uint64_t loc[COAL_LOCAL_MAX];
    unsigned width = ti->mwidth;
    if (ti->flags & TRC_F_LOCAL) {
        na = coal_local(addr, na, ti->mask, width, loc);
        addr = loc;
        width = 4;
    }
    unsigned nl = coal_lines(addr, na, width, ln);
    if (ti->mspace == TRC_M_STORE || ti->mspace == TRC_M_ATOMIC) {
        int atom = ti->mspace == TRC_M_ATOMIC;
        uint64_t done = now + 1;
        if (atom) m->n.atom_insts++;
        else m->n.st_insts++;
        for (unsigned i = 0; i < nl; i++) {
            uint64_t t = l1_slot(p, now);
            m->n.l1_lines++;
            for (unsigned sct = 0; sct < 4; sct++) {
                if (!(ln[i].sectors >> sct & 1)) continue;
                if (atom) m->n.atom_sectors++;
                else m->n.st_sectors++;
                uint64_t r = l2_sector(m, ln[i].line, sct, t, atom ? L2_ATOM : L2_STORE);
                done = max64(done, atom ? r : t + 1);
            }
        }
        return done;
    }
    if (ti->mspace == TRC_M_LOAD) m->n.ld_insts++;
    else m->n.other_insts++;
    return load(m, p, ln, nl, now, (ti->flags & TRC_F_L1BYPASS) != 0);
}

uint64_t mem_fetch_ready(const mem_t *m, unsigned sm, uint32_t pc)
{
    int found;
    pc_ent *e = pc_slot((pc_ent *)m->sm[sm].ipc, (uint64_t)pc / COAL_LINE, &found);
    return found ? e->ready : 0;
}

int mem_fetch(mem_t *m, unsigned sm, uint32_t pc, uint64_t now)
{
    int found;
    uint64_t line = pc / COAL_LINE;
    pc_ent *e = pc_slot(m->sm[sm].ipc, line, &found);
    if (found) return e->ready <= now;
    m->n.icache_misses++;
    e->key = line + 1;
    e->ready = now + m->c.icache_miss_lat;
    return m->c.icache_miss_lat == 0;
}
