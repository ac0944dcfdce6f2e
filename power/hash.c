/* hash.c - string -> integer map (see hash.h). */
#include "hash.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t fnv(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    while (*s) { h ^= (unsigned char)*s++; h *= 1099511628211ULL; }
    return h;
}

/* See hash.h. */
void pw_hash_init(pw_hash *h) { memset(h, 0, sizeof *h); }

static void grow(pw_hash *h)
{
    pw_hash g;
    g.cap = h->cap ? 2 * h->cap : 1024;
    g.n = 0;
    g.key = calloc(g.cap, sizeof *g.key);
    g.val = calloc(g.cap, sizeof *g.val);
    if (!g.key || !g.val) { fprintf(stderr, "power: out of memory\n"); exit(3); }
    for (size_t i = 0; i < h->cap; i++) if (h->key[i]) pw_hash_put(&g, h->key[i], h->val[i]);
    free(h->key); free(h->val);
    *h = g;
}

/* See hash.h. */
void pw_hash_put(pw_hash *h, const char *key, long val)
{
    if (2 * (h->n + 1) > h->cap) grow(h);
    size_t i = (size_t)(fnv(key) & (h->cap - 1));
    while (h->key[i] && strcmp(h->key[i], key) != 0) i = (i + 1) & (h->cap - 1);
    if (!h->key[i]) { h->key[i] = key; h->n++; }
    h->val[i] = val;
}

/* See hash.h. */
long pw_hash_get(const pw_hash *h, const char *key)
{
    if (!h->cap) return 0;
    size_t i = (size_t)(fnv(key) & (h->cap - 1));
    while (h->key[i]) {
        if (strcmp(h->key[i], key) == 0) return h->val[i];
        i = (i + 1) & (h->cap - 1);
    }
    return 0;
}

/* See hash.h. */
void pw_hash_free(pw_hash *h) { free(h->key); free(h->val); memset(h, 0, sizeof *h); }
