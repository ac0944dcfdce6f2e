/* cache.c - sectored set-associative LRU cache for timing (see cache.h). */
#include "cache.h"

#include <stdlib.h>
#include <string.h>

#define NSECT 4
#define ABSENT UINT64_MAX

typedef struct {
    uint64_t line;           /* line address; ABSENT: invalid way */
    uint64_t used;           /* last use (LRU stamp) */
    uint64_t ready[NSECT];   /* cycle each sector's data is there; ABSENT: not present */
} way_t;

struct cache {
    unsigned sets, ways;
    uint64_t stamp;
    way_t *w;                /* [sets][ways] */
};

cache_t *cache_create(uint64_t bytes, unsigned ways)
{
    if (ways == 0 || bytes < 128ull * ways) return NULL;
    cache_t *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->ways = ways;
    c->sets = (unsigned)(bytes / (128ull * ways));
    c->w = malloc((size_t)c->sets * ways * sizeof *c->w);
    if (!c->w) {
        free(c);
        return NULL;
    }
    cache_clear(c);
    return c;
}

void cache_destroy(cache_t *c)
{
    if (!c) return;
    free(c->w);
    free(c);
}

void cache_clear(cache_t *c)
{
    for (size_t i = 0; i < (size_t)c->sets * c->ways; i++) {
        c->w[i].line = ABSENT;
        c->w[i].used = 0;
        for (unsigned s = 0; s < NSECT; s++) c->w[i].ready[s] = ABSENT;
    }
}

/* The way holding line, or NULL. */
static way_t *find(cache_t *c, uint64_t line)
{
    way_t *set = &c->w[(size_t)(line % c->sets) * c->ways];
    for (unsigned i = 0; i < c->ways; i++)
        if (set[i].line == line) return &set[i];
    return NULL;
}

int cache_lookup(cache_t *c, uint64_t line, unsigned sector, uint64_t now, uint64_t *ready)
{
    (void)now;
    way_t *w = find(c, line);
    if (!w) return 0;
    w->used = ++c->stamp;
    if (w->ready[sector & (NSECT - 1)] == ABSENT) return 0;
    *ready = w->ready[sector & (NSECT - 1)];
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
            if (w->line == ABSENT) break;
            if (set[i].line == ABSENT || set[i].used < w->used) w = &set[i];
        }
        w->line = line;
        for (unsigned s = 0; s < NSECT; s++) w->ready[s] = ABSENT;
    }
    w->used = ++c->stamp;
    w->ready[sector & (NSECT - 1)] = ready;
}

void cache_settle(cache_t *c)
{
    for (size_t i = 0; i < (size_t)c->sets * c->ways; i++)
        for (unsigned s = 0; s < NSECT; s++)
            if (c->w[i].ready[s] != ABSENT) c->w[i].ready[s] = 0;
}
