/* test_cache.c - the timing cache of the GPU model (gpu/cache.c) on caches small enough to
 * evict, every expected value worked out by hand from cache.h: the LRU victim, a hit
 * making its line the most recently used, the set of a line (line modulo the sets of its
 * slice, for a power of two and for three sets), slices of their own, sectors, settling. */
#include <stdint.h>
#include "cache.h"
#include "tt.h"

/* 1 when sector 0 of line is present in slice s (its ready cycle in *r). */
static int has(cache_t *c, unsigned s, uint64_t line, uint64_t *r)
{
    uint64_t x = 0;
    int h = cache_lookup(c, s, line, 0, 0, &x);
    if (r) *r = x;
    return h;
}

/* One set of 2 ways: fill A, B; the LRU way (A) is the victim of C. With a lookup of A
 * between B and C, B is the least recently used and goes instead. */
static void test_lru_victim(void)
{
    cache_t *c = cache_create(2 * 128, 2, 1);
    TT_CHECK(c != NULL);
    if (!c) return;
    cache_fill(c, 0, 10, 0, 5, 0, 0);  /* A */
    cache_fill(c, 0, 11, 0, 5, 1, 0);  /* B */
    cache_fill(c, 0, 12, 0, 5, 2, 0);  /* C evicts A, the older */
    TT_EQ(cache_lookup(c, 0, 12, 0, 3, &(uint64_t){0}), 1);
    TT_EQ(cache_lookup(c, 0, 11, 0, 3, &(uint64_t){0}), 1);
    TT_EQ(cache_lookup(c, 0, 10, 0, 3, &(uint64_t){0}), 0);
    cache_destroy(c);

    c = cache_create(2 * 128, 2, 1);
    if (!c) return;
    cache_fill(c, 0, 10, 0, 5, 0, 0);   /* A */
    cache_fill(c, 0, 11, 0, 5, 1, 0);   /* B */
    TT_EQ(has(c, 0, 10, NULL), 1);   /* A used after B: B is now the LRU way */
    cache_fill(c, 0, 12, 0, 5, 2, 0);   /* C evicts B */
    TT_EQ(has(c, 0, 11, NULL), 0);
    TT_EQ(has(c, 0, 10, NULL), 1);
    TT_EQ(has(c, 0, 12, NULL), 1);
    /* now A (looked up last above, before C's own lookup) vs C: C was looked up last, so
     * D evicts A */
    cache_fill(c, 0, 13, 0, 5, 3, 0);
    TT_EQ(has(c, 0, 10, NULL), 0);
    TT_EQ(has(c, 0, 12, NULL), 1);
    TT_EQ(has(c, 0, 13, NULL), 1);
    cache_destroy(c);

    /* four ways, filled 20..23, then 20 and 21 looked up: the LRU order is 22, 23, 20,
     * 21; two new lines evict 22 then 23 */
    c = cache_create(4 * 128, 4, 1);
    if (!c) return;
    for (uint64_t l = 20; l < 24; l++) cache_fill(c, 0, l, 0, 0, 0, 0);
    TT_EQ(has(c, 0, 20, NULL), 1);
    TT_EQ(has(c, 0, 21, NULL), 1);
    cache_fill(c, 0, 30, 0, 0, 0, 0);
    TT_EQ(has(c, 0, 22, NULL), 0);   /* a miss touches nothing */
    cache_fill(c, 0, 31, 0, 0, 0, 0);
    TT_EQ(has(c, 0, 23, NULL), 0);
    TT_EQ(has(c, 0, 20, NULL) + has(c, 0, 21, NULL) + has(c, 0, 30, NULL) + has(c, 0, 31, NULL), 4);
    cache_destroy(c);
}

/* The set of a line: line modulo the sets. 2 sets of 1 way: lines 0 and 2 share set 0,
 * line 1 is alone in set 1. 3 sets (not a power of two): 0 and 3 share set 0; 1, 2 and 4
 * are in sets 1, 2, 1. */
static void test_set_index(void)
{
    cache_t *c = cache_create(2 * 128, 1, 1);
    TT_CHECK(c != NULL);
    if (!c) return;
    cache_fill(c, 0, 0, 0, 0, 0, 0);
    cache_fill(c, 0, 1, 0, 0, 0, 0);   /* set 1: line 0 stays */
    TT_EQ(has(c, 0, 0, NULL), 1);
    TT_EQ(has(c, 0, 1, NULL), 1);
    cache_fill(c, 0, 2, 0, 0, 0, 0);   /* set 0: evicts line 0, line 1 stays */
    TT_EQ(has(c, 0, 0, NULL), 0);
    TT_EQ(has(c, 0, 1, NULL), 1);
    TT_EQ(has(c, 0, 2, NULL), 1);
    cache_fill(c, 0, 5, 0, 0, 0, 0);   /* 5 mod 2 = 1: evicts line 1 */
    TT_EQ(has(c, 0, 1, NULL), 0);
    TT_EQ(has(c, 0, 2, NULL), 1);
    cache_destroy(c);

    c = cache_create(3 * 128, 1, 1);
    if (!c) return;
    cache_fill(c, 0, 0, 0, 0, 0, 0);
    cache_fill(c, 0, 1, 0, 0, 0, 0);
    cache_fill(c, 0, 2, 0, 0, 0, 0);
    TT_EQ(has(c, 0, 0, NULL) + has(c, 0, 1, NULL) + has(c, 0, 2, NULL), 3);
    cache_fill(c, 0, 3, 0, 0, 0, 0);   /* 3 mod 3 = 0: evicts 0 */
    TT_EQ(has(c, 0, 0, NULL), 0);
    TT_EQ(has(c, 0, 1, NULL), 1);
    cache_fill(c, 0, 4, 0, 0, 0, 0);   /* 4 mod 3 = 1: evicts 1 */
    TT_EQ(has(c, 0, 1, NULL), 0);
    TT_EQ(has(c, 0, 2, NULL), 1);
    TT_EQ(has(c, 0, 3, NULL), 1);
    cache_destroy(c);
}

/* Slices: 2 slices of 1 set of 1 way each (then of 2 sets). A line is where the caller puts it: the same
 * line in both slices is two copies, and a fill into slice 1 evicts nothing of slice 0. */
static void test_slices(void)
{
    cache_t *c = cache_create(128, 1, 2);
    TT_CHECK(c != NULL);
    if (!c) return;
    cache_fill(c, 0, 7, 0, 100, 0, 0);
    TT_EQ(has(c, 1, 7, NULL), 0);
    cache_fill(c, 1, 7, 0, 200, 0, 0);
    uint64_t r0 = 0, r1 = 0;
    TT_EQ(has(c, 0, 7, &r0), 1);
    TT_EQ(has(c, 1, 7, &r1), 1);
    TT_EQ(r0, 100);
    TT_EQ(r1, 200);
    cache_fill(c, 1, 8, 0, 0, 0, 0);   /* slice 1's one way: 7 goes there only */
    TT_EQ(has(c, 1, 7, NULL), 0);
    TT_EQ(has(c, 0, 7, NULL), 1);
    cache_destroy(c);
    /* 2 slices of 2 sets of 1 way: line 1 of slice 0 is set 1 of slice 0, line 0 of
     * slice 1 is set 0 of slice 1; neither evicts the other */
    c = cache_create(2 * 128, 1, 2);
    if (!c) return;
    cache_fill(c, 0, 1, 0, 0, 0, 0);
    cache_fill(c, 1, 0, 0, 0, 0, 0);
    cache_fill(c, 1, 2, 0, 0, 0, 0);   /* slice 1, set 0 again: evicts line 0 of slice 1 */
    TT_EQ(has(c, 0, 1, NULL), 1);
    TT_EQ(has(c, 1, 0, NULL), 0);
    TT_EQ(has(c, 1, 2, NULL), 1);
    cache_destroy(c);
}

/* Sectors: a line's sectors arrive on their own; a new line starts with none present;
 * settling makes every present sector there from cycle 0; clearing forgets every line. */
static void test_sectors_settle(void)
{
    cache_t *c = cache_create(128, 1, 1);
    TT_CHECK(c != NULL);
    if (!c) return;
    uint64_t r = 0;
    cache_fill(c, 0, 3, 2, 900, 0, 0);
    TT_EQ(cache_lookup(c, 0, 3, 2, 0, &r), 1);
    TT_EQ(r, 900);
    TT_EQ(cache_lookup(c, 0, 3, 1, 0, &r), 0);    /* sector 1 never filled */
    cache_fill(c, 0, 4, 0, 50, 0, 0);                /* evicts line 3 */
    TT_EQ(cache_lookup(c, 0, 4, 2, 0, &r), 0);    /* the new line has no sector 2 */
    cache_fill(c, 0, 3, 1, 70, 0, 0);                /* line 3 again: sector 1 only */
    TT_EQ(cache_lookup(c, 0, 3, 2, 0, &r), 0);
    TT_EQ(cache_lookup(c, 0, 3, 1, 0, &r), 1);
    TT_EQ(r, 70);
    cache_settle(c);
    TT_EQ(cache_lookup(c, 0, 3, 1, 0, &r), 1);
    TT_EQ(r, 0);
    TT_EQ(cache_lookup(c, 0, 3, 0, 0, &r), 0);    /* absent stays absent */
    cache_clear(c);
    TT_EQ(cache_lookup(c, 0, 3, 1, 0, &r), 0);
    TT_CHECK(cache_create(128, 2, 1) == NULL);    /* fewer bytes than one line per way */
    cache_destroy(c);
}

/* One set of 2 ways: A filled with sectors 1 and 3 dirty, 0 clean; B clean. C evicts
 * A (the older): its dirty sectors 0b1010; D evicts B: clean, 0. A dirty sector refilled
 * clean stays dirty; a new kernel (settle) keeps it so. */
static void test_dirty_eviction(void)
{
    cache_t *c = cache_create(256, 2, 1);
    TT_CHECK(c != NULL);
    if (!c) return;
    TT_EQ(cache_fill(c, 0, 10, 1, 5, 0, 1), 0);
    TT_EQ(cache_fill(c, 0, 10, 3, 5, 0, 1), 0);
    TT_EQ(cache_fill(c, 0, 10, 0, 5, 0, 0), 0);
    TT_EQ(cache_fill(c, 0, 11, 0, 5, 1, 0), 0);
    TT_EQ(cache_fill(c, 0, 12, 2, 5, 2, 0), 0xa);
    TT_EQ(cache_fill(c, 0, 13, 0, 5, 3, 1), 0);
    TT_EQ(cache_fill(c, 0, 13, 0, 5, 4, 0), 0);  /* present: stays dirty */
    cache_settle(c);
    TT_EQ(cache_fill(c, 0, 14, 0, 5, 5, 0), 0);  /* evicts 12 (clean) */
    TT_EQ(cache_fill(c, 0, 15, 0, 5, 6, 0), 0x1); /* evicts 13 (dirty sector 0) */
    cache_destroy(c);
}

int main(void)
{
    TT_RUN(test_lru_victim);
    TT_RUN(test_set_index);
    TT_RUN(test_slices);
    TT_RUN(test_sectors_settle);
    TT_RUN(test_dirty_eviction);
    TT_EXIT();
}
