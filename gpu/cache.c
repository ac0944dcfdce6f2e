/* cache.c - sectored set-associative LRU cache for timing (see cache.h). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "cache.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define NSECT 4

/* Zero means empty. A set's ways and fingerprints are placed in the next free block of
 * the cache's arrays when a line is first filled into it, so the memory a run touches
 * (zero pages the OS maps on first write) grows with the sets it uses, packed, not one page
 * per set used: an L2 of 50 MB has 20,000 sets of 20 ways; a short run touches a few
 * thousand of them. */
typedef struct {
    uint64_t line1;          /* line address + 1; 0: invalid way */
    uint64_t used;           /* last use (LRU stamp) */
    uint64_t ready1[NSECT];  /* 1 + cycle each sector's data is there; 0: not present */
    unsigned dirty;          /* bit s: sector s is dirty (cache_fill) */
} way_t;

/* Each way also has a one-byte fingerprint of its line (0: invalid way), eight to a word,
 * so a lookup reads one fingerprint word per eight ways and only the ways whose
 * fingerprint matches: an L1 set of 64 ways is one 64-byte line of fingerprints instead of
 * 3 KB of ways. Same ways chosen, same results as comparing every way. */
struct cache {
    unsigned sets, ways, fpw;   /* sets of all slices; fpw: fingerprint words per set */
    unsigned per;               /* sets per slice */
    unsigned placed;            /* blocks given to sets so far */
    uint64_t mask;              /* per - 1 when per is a power of two (no division), else 0 */
    uint64_t stamp;
    way_t *last;                /* the way find() returned last and the line it held then
                                   (a line's sectors, and its fill after a sector miss,
                                   look it up again at once) */
    uint64_t last_line1;
    unsigned last_slice;        /* the slice of that line (a line may be in several) */
    uint32_t *block;            /* [sets]: 1 + the set's block, 0: not placed yet */
    way_t *w;                   /* [block][ways] */
    uint64_t *fp;               /* [block][fpw]: way i in bits 8 * (i % 8) up of word i / 8 */
    size_t bytes, fp_bytes, block_bytes; /* of w, fp and block when mapped (0: calloc) */
};

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

/* n zero bytes that take memory only where written: an anonymous mapping when large
 * (calloc may take a large block from the heap and clear all of it), else calloc;
 * *mapped = n when mapped. NULL when out of memory. */
static void *zalloc(size_t n, size_t *mapped)
{
    void *p = n >= (1u << 15) ? mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                              : MAP_FAILED;
    *mapped = 0;
    if (p != MAP_FAILED) {
        *mapped = n;
        return p;
    }
    return calloc(1, n);
}

static void zfree(void *p, size_t mapped)
{
    if (mapped) munmap(p, mapped);
    else free(p);
}

cache_t *cache_create(uint64_t bytes, unsigned ways, unsigned slices)
{
    if (ways == 0 || slices == 0 || bytes < 128ull * ways) return NULL;
    uint64_t per = bytes / (128ull * ways);
    if (per * slices > UINT32_MAX) return NULL;
    cache_t *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->ways = ways;
    c->fpw = (ways + 7) / 8;
    c->per = (unsigned)per;
    c->sets = (unsigned)(per * slices);
    c->mask = (c->per & (c->per - 1)) == 0 ? c->per - 1 : 0;
    c->block = zalloc((size_t)c->sets * sizeof *c->block, &c->block_bytes);
    c->w = zalloc((size_t)c->sets * ways * sizeof *c->w, &c->bytes);
    c->fp = zalloc((size_t)c->sets * c->fpw * sizeof *c->fp, &c->fp_bytes);
    if (!c->block || !c->w || !c->fp) {
        cache_destroy(c);
        return NULL;
    }
    return c;
}

void cache_destroy(cache_t *c)
{
    if (!c) return;
    if (c->block) zfree(c->block, c->block_bytes);
    if (c->w) zfree(c->w, c->bytes);
    if (c->fp) zfree(c->fp, c->fp_bytes);
    free(c);
}

void cache_hot(const cache_t *c, void (*add)(void *ctx, const void *p, size_t n), void *ctx)
{
    add(ctx, c->block, (size_t)c->sets * sizeof *c->block);
    add(ctx, c->fp, (size_t)c->placed * c->fpw * sizeof *c->fp);
    add(ctx, c->w, (size_t)c->placed * c->ways * sizeof *c->w);
}

void cache_clear(cache_t *c)
{
    c->last = NULL;
    c->last_line1 = 0;
    memset(c->w, 0, (size_t)c->placed * c->ways * sizeof *c->w);
    memset(c->fp, 0, (size_t)c->placed * c->fpw * sizeof *c->fp);
}

/* The fingerprint of line: 1..255 (0 marks an invalid way). */
static inline uint64_t fingerprint(uint64_t line)
{
    return ((line * 0x9E3779B97F4A7C15ull) >> 32) % 255 + 1;
}

/* Bytes of x that are zero: their high bit set, exactly for the lowest such byte (a byte
 * above a zero byte may be marked too; callers check the way). */
static inline uint64_t zero_bytes(uint64_t x)
{
    return (x - ONES) & ~x & HIGHS;
}

/* The set of line in slice: the slice's sets, then line modulo their number. */
static inline size_t set_of(const cache_t *c, unsigned slice, uint64_t line)
{
    return (size_t)slice * c->per + (size_t)(c->mask || c->per == 1 ? line & c->mask : line % c->per);
}

/* The way holding line in slice, or NULL. */
static way_t *find(cache_t *c, unsigned slice, uint64_t line)
{
    if (c->last_line1 == line + 1 && c->last_slice == slice && c->last->line1 == line + 1)
        return c->last;
    uint32_t b = c->block[set_of(c, slice, line)];
    if (!b--) return NULL;
    way_t *ways = &c->w[(size_t)b * c->ways];
    const uint64_t *fp = &c->fp[(size_t)b * c->fpw], key = fingerprint(line) * ONES;
    for (unsigned k = 0; k < c->fpw; k++) {
        for (uint64_t m = zero_bytes(fp[k] ^ key); m; m &= m - 1) {
            unsigned i = 8 * k + (unsigned)__builtin_ctzll(m) / 8;
            if (i < c->ways && ways[i].line1 == line + 1) {
                c->last_line1 = line + 1;
                c->last_slice = slice;
                return c->last = &ways[i];
            }
        }
    }
    return NULL;
}

int cache_lookup(cache_t *c, unsigned slice, uint64_t line, unsigned sector, uint64_t now,
                 uint64_t *ready)
{
    (void)now;
    way_t *w = find(c, slice, line);
    if (!w) return 0;
    w->used = ++c->stamp;
    if (w->ready1[sector & (NSECT - 1)] == 0) return 0;
    *ready = w->ready1[sector & (NSECT - 1)] - 1;
    return 1;
}

/* The way a new line takes in block b: the first invalid way, else the least recently
 * used. */
static unsigned victim(const cache_t *c, size_t b)
{
    const uint64_t *fp = &c->fp[b * c->fpw];
    for (unsigned k = 0; k < c->fpw; k++) {
        uint64_t m = zero_bytes(fp[k]);
        if (m) {
            unsigned i = 8 * k + (unsigned)__builtin_ctzll(m) / 8;
            if (i < c->ways) return i;
            break;
        }
    }
    const way_t *ways = &c->w[b * c->ways];
    unsigned v = 0;
    for (unsigned i = 1; i < c->ways; i++)
        if (ways[i].used < ways[v].used) v = i;
    return v;
}

unsigned cache_fill(cache_t *c, unsigned slice, uint64_t line, unsigned sector, uint64_t ready,
                    uint64_t now, int dirty)
{
    (void)now;
    unsigned evicted = 0;
    way_t *w = find(c, slice, line);
    if (!w) {
        uint32_t *bp = &c->block[set_of(c, slice, line)];
        if (!*bp) *bp = ++c->placed; /* at most sets blocks: one per set */
        size_t b = *bp - 1;
        unsigned i = victim(c, b);
        w = &c->w[b * c->ways + i];
        evicted = w->line1 ? w->dirty : 0;
        w->dirty = 0;
        uint64_t *f = &c->fp[b * c->fpw + i / 8];
        *f = (*f & ~(0xffull << 8 * (i % 8))) | fingerprint(line) << 8 * (i % 8);
        w->line1 = line + 1;
        c->last = w;
        c->last_line1 = line + 1;
        c->last_slice = slice;
        for (unsigned s = 0; s < NSECT; s++) w->ready1[s] = 0;
    }
    w->used = ++c->stamp;
    w->ready1[sector & (NSECT - 1)] = ready + 1;
    if (dirty) w->dirty |= 1u << (sector & (NSECT - 1));
    return evicted;
}

void cache_settle(cache_t *c)
{
    for (size_t i = 0; i < (size_t)c->placed * c->ways; i++)
        for (unsigned s = 0; c->w[i].line1 && s < NSECT; s++)
            if (c->w[i].ready1[s]) c->w[i].ready1[s] = 1;
}
