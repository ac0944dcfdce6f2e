/* cache.c - sectored set-associative LRU cache for timing (see cache.h). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "cache.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define NSECT 4

/* Zero means empty, so a cache is a calloc'd array whose pages the OS maps only when a
 * set is first used (an L2 of 50 MB has 400,000 ways; a run touches a few). */
typedef struct {
    uint64_t line1;          /* line address + 1; 0: invalid way */
    uint64_t used;           /* last use (LRU stamp) */
    uint64_t ready1[NSECT];  /* 1 + cycle each sector's data is there; 0: not present */
} way_t;

struct cache {
    unsigned sets, ways;
    uint64_t stamp;
    way_t *w;                /* [sets][ways] */
    size_t bytes;            /* of w, when mapped (0: from calloc) */
};

cache_t *cache_create(uint64_t bytes, unsigned ways)
{
    if (ways == 0 || bytes < 128ull * ways) return NULL;
    cache_t *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->ways = ways;
    c->sets = (unsigned)(bytes / (128ull * ways));
    size_t n = (size_t)c->sets * ways * sizeof *c->w;
    /* an anonymous mapping is zero and takes memory only where it is written (calloc may
     * take a large block from the heap and clear all of it) */
    void *p = n >= (1u << 15) ? mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                              : MAP_FAILED;
    if (p != MAP_FAILED) {
        c->w = p;
        c->bytes = n;
    } else if (!(c->w = calloc(1, n))) {
        free(c);
        return NULL;
    }
    return c;
}

void cache_destroy(cache_t *c)
{
    if (!c) return;
    if (c->bytes) munmap(c->w, c->bytes);
    else free(c->w);
    free(c);
}

void cache_clear(cache_t *c)
{
    memset(c->w, 0, (size_t)c->sets * c->ways * sizeof *c->w);
}

/* The way holding line, or NULL. */
static way_t *find(cache_t *c, uint64_t line)
{
    way_t *set = &c->w[(size_t)(line % c->sets) * c->ways];
    for (unsigned i = 0; i < c->ways; i++)
        if (set[i].line1 == line + 1) return &set[i];
    return NULL;
}

int cache_lookup(cache_t *c, uint64_t line, unsigned sector, uint64_t now, uint64_t *ready)
{
    (void)now;
    way_t *w = find(c, line);
    if (!w) return 0;
    w->used = ++c->stamp;
    if (w->ready1[sector & (NSECT - 1)] == 0) return 0;
    *ready = w->ready1[sector & (NSECT - 1)] - 1;
    return 1;
}

void cache_fill(cache_t *c, uint64_t line, unsigned sector, uint64_t ready, uint64_t now)
{
    (void)now;
    way_t *w = find(c, line);
    if (!w) {
        way_t *set = &c->w[(size_t)(line % c->sets) * c->ways];
        w = &set[0];
        for (unsigned i = 1; i < c->ways; i++) {
            if (w->line1 == 0) break;
            if (set[i].line1 == 0 || set[i].used < w->used) w = &set[i];
        }
        w->line1 = line + 1;
        for (unsigned s = 0; s < NSECT; s++) w->ready1[s] = 0;
    }
    w->used = ++c->stamp;
    w->ready1[sector & (NSECT - 1)] = ready + 1;
}

void cache_settle(cache_t *c)
{
    for (size_t i = 0; i < (size_t)c->sets * c->ways; i++)
        for (unsigned s = 0; c->w[i].line1 && s < NSECT; s++)
            if (c->w[i].ready1[s]) c->w[i].ready1[s] = 1;
}
