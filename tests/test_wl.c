/* test_wl.c - the workload generator: determinism, exact hints, bounds, duplicates;
 * and the PRNG helpers it relies on. Needs only cfg_defaults from the model library. */
#include <string.h>
#include "simcfg.h"
#include "cfg.h"
#include "rng.h"
#include "tt.h"
#include "wl.h"

#define N_INST 20000

static int quick;

static void base_cfg(sim_cfg *c)
{
    simcfg_defaults(c);
}

/* Copy n instructions of a stream (peek + pop). */
static int take(wl_t *w, wl_inst *v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        const wl_inst *h = wl_peek(w);
        if (!h) return -1;
        v[i] = *h;
        wl_pop(w);
    }
    return 0;
}

static int same_inst(const wl_inst *a, const wl_inst *b)
{
    if (a->seq != b->seq || a->nsrc != b->nsrc || a->has_dst != b->has_dst ||
        a->cls != b->cls || a->lat != b->lat)
        return 0;
    for (unsigned s = 0; s < a->nsrc; s++)
        if (a->src[s] != b->src[s] || a->src_near[s] != b->src_near[s]) return 0;
    return !a->has_dst || (a->dst == b->dst && a->dst_near == b->dst_near);
}

static void test_rng_below_bounds(void)
{
    rng_t r;
    unsigned hist[7] = {0};
    rng_seed(&r, 42);
    for (unsigned i = 0; i < 70000; i++) {
        uint64_t x = rng_below(&r, 7);
        TT_CHECK(x < 7);
        if (x < 7) hist[x]++;
    }
    for (unsigned k = 0; k < 7; k++) TT_CHECK(hist[k] > 9000 && hist[k] < 11000);
    TT_EQ(rng_below(&r, 0), 0);
    TT_EQ(rng_below(&r, 1), 0);
    uint64_t big = 0xffffffffffffffffULL;
    for (unsigned i = 0; i < 1000; i++) TT_CHECK(rng_below(&r, big) < big);
    TT_EQ(rng_pct(&r, 0), 0);
    TT_EQ(rng_pct(&r, 100), 1);
    rng_t a, b;
    rng_seed(&a, 7);
    rng_seed(&b, 7);
    for (unsigned i = 0; i < 100; i++) TT_CHECK(rng_next(&a) == rng_next(&b));
}

static void test_determinism(void)
{
    static wl_inst x[N_INST], y[N_INST];
    sim_cfg c;
    base_cfg(&c);
    for (unsigned w = 0; w < 3; w++) {
        wl_t *a = wl_create(&c.m.hw, &c.m.drv, w), *b = wl_create(&c.m.hw, &c.m.drv, w);
        TT_CHECK(a && b);
        if (!a || !b) {
            wl_destroy(a);
            wl_destroy(b);
            return;
        }
        /* interleave peeks differently: hints must not depend on call pattern */
        (void)wl_peek(b);
        (void)wl_peek(b);
        TT_EQ(take(a, x, N_INST), 0);
        TT_EQ(take(b, y, N_INST), 0);
        unsigned diff = 0;
        for (unsigned i = 0; i < N_INST; i++) diff += !same_inst(&x[i], &y[i]);
        TT_EQ(diff, 0);
        wl_destroy(a);
        wl_destroy(b);
    }
    /* different warps and different seeds give different streams */
    wl_t *a = wl_create(&c.m.hw, &c.m.drv, 0), *b = wl_create(&c.m.hw, &c.m.drv, 1);
    TT_CHECK(a && b);
    if (a && b) {
        take(a, x, 200);
        take(b, y, 200);
        unsigned diff = 0;
        for (unsigned i = 0; i < 200; i++) diff += !same_inst(&x[i], &y[i]);
        TT_CHECK(diff > 100);
    }
    wl_destroy(a);
    wl_destroy(b);
    c.m.drv.wl_seed += 1;
    a = wl_create(&c.m.hw, &c.m.drv, 0);
    TT_CHECK(a != NULL);
    if (a) {
        take(a, y, 200);
        base_cfg(&c);
        wl_t *a0 = wl_create(&c.m.hw, &c.m.drv, 0);
        TT_CHECK(a0 != NULL);
        if (a0) {
            take(a0, x, 200);
            unsigned diff = 0;
            for (unsigned i = 0; i < 200; i++) diff += !same_inst(&x[i], &y[i]);
            TT_CHECK(diff > 100);
        }
        wl_destroy(a0);
    }
    wl_destroy(a);
}

/* Brute-force hint: near iff some j in i+1..i+rthld reads r, no earlier j' writes it
 * without reading it. */
static uint8_t brute_hint(const wl_inst *v, unsigned i, unsigned rthld, unsigned r)
{
    for (unsigned j = i + 1; j <= i + rthld; j++) {
        if (wl_reads(&v[j], r)) return 1;
        if (v[j].has_dst && v[j].dst == r) return 0;
    }
    return 0;
}

static void check_hints(sim_cfg *c, unsigned *near_seen, unsigned *far_seen)
{
    static wl_inst v[N_INST];
    unsigned n = quick ? 4000 : N_INST, bad = 0;
    wl_t *w = wl_create(&c->m.hw, &c->m.drv, 2);
    TT_CHECK(w != NULL);
    if (!w) return;
    TT_EQ(take(w, v, n), 0);
    wl_destroy(w);
    for (unsigned i = 0; i + c->m.drv.rthld < n; i++) {
        for (unsigned s = 0; s < v[i].nsrc; s++) {
            uint8_t h = brute_hint(v, i, c->m.drv.rthld, v[i].src[s]);
            if (h != v[i].src_near[s]) bad++;
            if (h) (*near_seen)++; else (*far_seen)++;
        }
        if (v[i].has_dst) {
            uint8_t h = brute_hint(v, i, c->m.drv.rthld, v[i].dst);
            if (h != v[i].dst_near) bad++;
            if (h) (*near_seen)++; else (*far_seen)++;
        }
    }
    if (bad) fprintf(stderr, "  rthld %u: %u wrong hints\n", c->m.drv.rthld, bad);
    TT_EQ(bad, 0);
}

static void test_hint_oracle(void)
{
    sim_cfg c;
    unsigned rthlds[] = {0, 1, 3, 12, 40};
    for (unsigned k = 0; k < sizeof rthlds / sizeof rthlds[0]; k++) {
        unsigned nnear = 0, nfar = 0;
        base_cfg(&c);
        c.m.drv.rthld = rthlds[k];
        c.m.drv.wl_regs_used = 24; /* small working set: plenty of both near and far */
        check_hints(&c, &nnear, &nfar);
        if (rthlds[k] == 0) {
            TT_EQ(nnear, 0);
        } else {
            TT_CHECK(nnear > 0);
        }
        TT_CHECK(nfar > 0);
    }
}

/* Hand-checked property on a tiny stream: one register, every instruction reads it and
 * nothing writes it -> every hint near (rthld >= 1); writes only -> every hint far. */
static void test_hint_hand_cases(void)
{
    sim_cfg c;
    base_cfg(&c);
    c.m.drv.wl_regs_used = 1;
    c.m.drv.wl_src_min = 1;
    c.m.drv.wl_src_max = 1;
    c.m.drv.wl_dst_pct = 0;
    c.m.drv.rthld = 4;
    wl_t *w = wl_create(&c.m.hw, &c.m.drv, 0);
    TT_CHECK(w != NULL);
    if (!w) return;
    for (unsigned i = 0; i < 50; i++) {
        const wl_inst *h = wl_peek(w);
        TT_EQ(h->nsrc, 1);
        TT_EQ(h->src[0], 0);
        TT_EQ(h->src_near[0], 1);
        wl_pop(w);
    }
    wl_destroy(w);
    c.m.drv.wl_src_min = 0;
    c.m.drv.wl_src_max = 0;
    c.m.drv.wl_dst_pct = 100;
    w = wl_create(&c.m.hw, &c.m.drv, 0);
    TT_CHECK(w != NULL);
    if (!w) return;
    for (unsigned i = 0; i < 50; i++) {
        const wl_inst *h = wl_peek(w);
        TT_EQ(h->nsrc, 0);
        TT_EQ(h->has_dst, 1);
        TT_EQ(h->dst_near, 0);
        wl_pop(w);
    }
    wl_destroy(w);
}

static void test_bounds(void)
{
    sim_cfg c;
    base_cfg(&c);
    struct { unsigned lo, hi, used, slots; } cases[] = {
        {0, 3, 16, c.m.hw.slots}, {2, 2, 5, c.m.hw.slots}, {1, 6, 64, c.m.hw.slots}, {0, 6, 3, 1}, {4, 9, 40, 3},
    };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        base_cfg(&c);
        c.m.drv.wl_src_min = cases[k].lo;
        c.m.drv.wl_src_max = cases[k].hi;
        c.m.drv.wl_regs_used = cases[k].used;
        c.m.hw.slots = cases[k].slots;
        unsigned hi = cases[k].hi < c.m.hw.slots ? cases[k].hi : c.m.hw.slots;
        unsigned lo = cases[k].lo < hi ? cases[k].lo : hi;
        unsigned seen_lo = 0, seen_hi = 0, bad_n = 0, bad_r = 0, bad_lat = 0;
        wl_t *w = wl_create(&c.m.hw, &c.m.drv, 1);
        TT_CHECK(w != NULL);
        if (!w) return;
        for (unsigned i = 0; i < 5000; i++) {
            const wl_inst *h = wl_peek(w);
            if (h->nsrc < lo || h->nsrc > hi) bad_n++;
            seen_lo += h->nsrc == lo;
            seen_hi += h->nsrc == hi;
            for (unsigned s = 0; s < h->nsrc; s++) bad_r += h->src[s] >= c.m.drv.wl_regs_used;
            if (h->has_dst) bad_r += h->dst >= c.m.drv.wl_regs_used;
            unsigned lat = h->cls == WL_ALU ? c.m.drv.wl_lat_alu
                           : h->cls == WL_SFU ? c.m.drv.wl_lat_sfu : c.m.drv.wl_lat_mem;
            bad_lat += h->lat != lat;
            wl_pop(w);
        }
        wl_destroy(w);
        TT_EQ(bad_n, 0);
        TT_EQ(bad_r, 0);
        TT_EQ(bad_lat, 0);
        TT_CHECK(seen_lo > 0 && seen_hi > 0);
    }
}

static void test_duplicates(void)
{
    sim_cfg c;
    unsigned dups = 0, multi = 0;
    base_cfg(&c);
    c.m.drv.wl_dup_pct = 100;
    c.m.drv.wl_src_min = 2;
    c.m.drv.wl_src_max = c.m.hw.slots;
    wl_t *w = wl_create(&c.m.hw, &c.m.drv, 0);
    TT_CHECK(w != NULL);
    if (!w) return;
    for (unsigned i = 0; i < 2000; i++) {
        const wl_inst *h = wl_peek(w);
        multi += h->nsrc > 1;
        /* dup = 100%: every later source equals the first */
        for (unsigned s = 1; s < h->nsrc; s++) {
            TT_CHECK(h->src[s] == h->src[0]);
            dups++;
        }
        wl_pop(w);
    }
    wl_destroy(w);
    TT_CHECK(multi > 0);
    TT_CHECK(dups > 0);
    /* dup = 0 with a large register span: duplicates are rare, and mix/class weights hold */
    base_cfg(&c);
    c.m.drv.wl_dup_pct = 0;
    c.m.drv.wl_reuse_pct = 0;
    c.m.drv.wl_regs_used = c.m.hw.regs;
    c.m.drv.wl_mix_alu = 1;
    c.m.drv.wl_mix_sfu = 0;
    c.m.drv.wl_mix_mem = 1;
    w = wl_create(&c.m.hw, &c.m.drv, 0);
    TT_CHECK(w != NULL);
    if (!w) return;
    unsigned sfu = 0, mem = 0;
    for (unsigned i = 0; i < 2000; i++) {
        const wl_inst *h = wl_peek(w);
        sfu += h->cls == WL_SFU;
        mem += h->cls == WL_MEM;
        wl_pop(w);
    }
    wl_destroy(w);
    TT_EQ(sfu, 0);
    TT_CHECK(mem > 800 && mem < 1200);
}

static void test_reuse(void)
{
    /* reuse = 100%, window 2: after the first instruction, every register is one of the
     * last 2 distinct registers named (sources, then destination, in order). */
    sim_cfg c;
    base_cfg(&c);
    c.m.drv.wl_reuse_pct = 100;
    c.m.drv.wl_reuse_window = 2;
    c.m.drv.wl_dup_pct = 0;
    c.m.drv.wl_src_min = 1;
    c.m.drv.wl_src_max = 1;
    c.m.drv.wl_dst_pct = 0;
    wl_t *w = wl_create(&c.m.hw, &c.m.drv, 0);
    TT_CHECK(w != NULL);
    if (!w) return;
    unsigned distinct[64], nd = 0, bad = 0;
    for (unsigned i = 0; i < 1000; i++) {
        const wl_inst *h = wl_peek(w);
        unsigned r = h->src[0], k;
        for (k = 0; k < nd; k++)
            if (distinct[k] == r) break;
        if (k == nd && nd < 64) distinct[nd++] = r;
        wl_pop(w);
    }
    bad = nd > 1; /* with one source and window 2 the first register is reused forever */
    wl_destroy(w);
    TT_EQ(bad, 0);
}

int main(int argc, char **argv)
{
    quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    TT_RUN(test_rng_below_bounds);
    TT_RUN(test_determinism);
    TT_RUN(test_hint_oracle);
    TT_RUN(test_hint_hand_cases);
    TT_RUN(test_bounds);
    TT_RUN(test_duplicates);
    TT_RUN(test_reuse);
    TT_EXIT();
}
