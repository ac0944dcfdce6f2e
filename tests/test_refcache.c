/* test_refcache.c - the reference caches of eval/refcache.c: hand-worked streams, and OPT
 * checked against an exhaustive search over every allocate/bypass/evict choice on small
 * random warps (the search does not share code with refcache.c). */
#include <stdlib.h>
#include <string.h>
#include "refcache.h"
#include "tt.h"

/* One instruction: dst (255 = none) = op(srcs). */
static trc_inst mk(int dst, int s0, int s1, int s2)
{
    trc_inst t;
    memset(&t, 0, sizeof t);
    uint8_t d[1], src[3];
    unsigned nd = 0, ns = 0;
    if (dst >= 0) d[nd++] = (uint8_t)dst;
    int s[3] = {s0, s1, s2};
    for (int i = 0; i < 3; i++)
        if (s[i] >= 0) src[ns++] = (uint8_t)s[i];
    trc_set_regs(&t, d, nd, src, ns, NULL);
    return t;
}

/* R1 = ..; R2 = ..; R3 = R1 + R2; R4 = R1 + R1 + R3.
 * Reads (distinct per instruction): R1 R2 | R1 R3 = 4.
 * E = 2, LRU (write-allocate): after writes R1 R2 -> {R1,R2}: reads R1 R2 hit (2); write R3
 * evicts the LRU (R1, read before R2) -> {R2,R3}; read R1 misses (allocates, evicts R2),
 * read R3 hits: 3 hits. OPT: R2 is dead after its read, so R3 replaces R2: R1 and R3 hit:
 * 4 hits. */
static void test_hand_worked(void)
{
    trc_inst w[4] = {mk(1, -1, -1, -1), mk(2, -1, -1, -1), mk(3, 1, 2, -1), mk(4, 1, 1, 3)};
    ref_counts c = {0, 0, 0, 0};
    TT_EQ(ref_warp(w, 4, 2, &c), 0);
    TT_EQ(c.reads, 4);
    TT_EQ(c.lru_hits, 3);
    TT_EQ(c.opt_hits, 4);
    TT_EQ(c.cold_reads, 0);
    /* LRU, not FIFO: R1 R2 written, R5 = f(R1) reads R1 (now the most recent) and its
     * write evicts R2, not R1; R6 = f(R1) then hits. FIFO would have evicted R1. */
    trc_inst l[4] = {mk(1, -1, -1, -1), mk(2, -1, -1, -1), mk(5, 1, -1, -1), mk(6, 1, -1, -1)};
    ref_counts e2 = {0, 0, 0, 0};
    TT_EQ(ref_warp(l, 4, 2, &e2), 0);
    TT_EQ(e2.reads, 2);
    TT_EQ(e2.lru_hits, 2);
    ref_counts d = {0, 0, 0, 0};
    trc_inst cold[1] = {mk(5, 7, 7, -1)}; /* R7 never written: one cold read, a miss */
    TT_EQ(ref_warp(cold, 1, 4, &d), 0);
    TT_EQ(d.reads, 1);
    TT_EQ(d.cold_reads, 1);
    TT_EQ(d.opt_hits, 0);
}

/* ---- exhaustive search: every policy, on streams of reads and writes ---- */

typedef struct {
    int reg, write;
} acc;

static int best;

/* Depth-first over all choices; cache = bit set of registers, at most e of them. */
static void search(const acc *a, int n, int i, unsigned cache, int e, int hits)
{
    if (hits + (n - i) <= best) return; /* cannot beat the best any more */
    if (i == n) {
        best = hits;
        return;
    }
    unsigned bit = 1u << a[i].reg;
    if (cache & bit) {
        search(a, n, i + 1, cache, e, hits + !a[i].write);
        return;
    }
    search(a, n, i + 1, cache, e, hits); /* bypass */
    if (__builtin_popcount(cache) < e) {
        search(a, n, i + 1, cache | bit, e, hits);
    } else {
        for (int r = 0; r < 8; r++)
            if (cache & (1u << r)) search(a, n, i + 1, (cache & ~(1u << r)) | bit, e, hits);
    }
}

static void test_opt_is_optimal(void)
{
    srand(12345);
    for (int trial = 0; trial < 300; trial++) {
        int n = 3 + rand() % 6, e = 1 + rand() % 3;
        trc_inst w[8];
        acc a[40];
        int na = 0;
        for (int i = 0; i < n; i++) {
            int s0 = rand() % 5, s1 = rand() % 3 ? rand() % 5 : -1, d = rand() % 4 ? rand() % 5 : -1;
            w[i] = mk(d, s0, s1, -1);
            a[na++] = (acc){s0, 0};
            if (s1 >= 0 && s1 != s0) a[na++] = (acc){s1, 0};
            if (d >= 0) a[na++] = (acc){d, 1};
        }
        ref_counts c = {0, 0, 0, 0};
        TT_EQ(ref_warp(w, (uint32_t)n, (unsigned)e, &c), 0);
        best = -1;
        search(a, na, 0, 0, e, 0);
        if ((long long)c.opt_hits != best)
            fprintf(stderr, "  trial %d: n %d e %d: opt %llu, exhaustive %d\n", trial, n, e,
                    (unsigned long long)c.opt_hits, best);
        TT_EQ(c.opt_hits, best);
        TT_CHECK(c.lru_hits <= c.opt_hits);
    }
}

int main(void)
{
    TT_RUN(test_hand_worked);
    TT_RUN(test_opt_is_optimal);
    TT_EXIT();
}
