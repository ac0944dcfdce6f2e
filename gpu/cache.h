/* cache.h - a sectored, set-associative cache with LRU replacement, for timing only: it
 * keeps, per sector, the cycle its data arrives (a fill still on its way is a "pending"
 * sector: an access to it waits for that cycle, as an MSHR merge would). Lines of 128
 * bytes, 4 sectors of 32 bytes. A cache may be several slices of the same size (an L2):
 * each slice has sets = bytes / (128 * ways) of its own, indexed by line address modulo
 * sets; the caller says which slice a line goes to. The slices share one store, so a run
 * that touches a few sets of each of 160 slices touches a few pages, not 160.
 */
#ifndef CACHE_H
#define CACHE_H

#include <stddef.h>
#include <stdint.h>

typedef struct cache cache_t;

/* Lines hold their sectors' arrival cycles and which sectors are dirty. */

/* A cache of `slices` slices (>= 1) of `bytes` bytes and `ways` ways each (>= 1 set);
 * NULL when out of memory or when bytes < 128 * ways. */
cache_t *cache_create(uint64_t bytes, unsigned ways, unsigned slices);

/* Free (NULL is fine). */
void cache_destroy(cache_t *c);

/* Look up sector `sector` (0..3) of `line` (byte address / 128) in slice `slice` at cycle
 * now: 1 present (*ready: the cycle its data is there, maybe later than now), 0 missing. A
 * lookup that finds the line makes it the most recently used. */
int cache_lookup(cache_t *c, unsigned slice, uint64_t line, unsigned sector, uint64_t now,
                 uint64_t *ready);

/* Make sector `sector` of `line` present in slice `slice` from cycle `ready` on,
 * allocating the line (the least recently used way of its set is evicted) if it is not
 * there; dirty: the sector now holds data not in memory (a write-back cache's store).
 * The dirty sectors (bit s: sector s) of the line it evicted: 0 when none. */
unsigned cache_fill(cache_t *c, unsigned slice, uint64_t line, unsigned sector, uint64_t ready,
                    uint64_t now, int dirty);

/* Every fill has arrived: each present sector is there from cycle 0 on (a new kernel,
 * whose cycles count from 0 again); dirty sectors stay dirty. */
void cache_settle(cache_t *c);

/* Give add(ctx, p, n) each region of memory a lookup may read (the set index, the
 * fingerprints, the ways of the sets placed so far), so a caller can ask the CPU to load
 * them before they are needed (no effect on results). */
void cache_hot(const cache_t *c, void (*add)(void *ctx, const void *p, size_t n), void *ctx);

/* Forget every line. */
void cache_clear(cache_t *c);

#endif
