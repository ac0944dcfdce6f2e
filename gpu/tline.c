/* tline.c - busy intervals of a bandwidth-limited resource (see tline.h). */
#include "tline.h"

#include <stdlib.h>
#include <string.h>

void tline_init(tline_t *tl)
{
    memset(tl, 0, sizeof *tl);
}

void tline_free(tline_t *tl)
{
    free(tl->s);
    free(tl->e);
    tline_init(tl);
}

void tline_clear(tline_t *tl)
{
    tl->n = 0;
}

/* The first interval that ends after t (n when none): the ends are sorted. */
static unsigned first_after(const tline_t *tl, uint64_t t)
{
    unsigned lo = 0, hi = tl->n;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (tl->e[mid] > t) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

/* Room for one more interval. 0, or -1 when out of memory. */
static int grow(tline_t *tl)
{
    if (tl->n < tl->cap) return 0;
    unsigned nc = tl->cap ? 2 * tl->cap : 64;
    uint64_t *s = realloc(tl->s, (size_t)nc * sizeof *s);
    if (!s) return -1;
    tl->s = s;
    uint64_t *e = realloc(tl->e, (size_t)nc * sizeof *e);
    if (!e) return -1;
    tl->e = e;
    tl->cap = nc;
    return 0;
}

/* The earliest free [cur, cur + q) at or after t; *at: the interval it would precede. */
static uint64_t find(const tline_t *tl, uint64_t t, uint64_t q, unsigned *at)
{
    unsigned i = first_after(tl, t);
    uint64_t cur = t;
    while (i < tl->n && tl->s[i] < cur + q) { /* interval i overlaps [cur, cur + q) */
        if (tl->e[i] > cur) cur = tl->e[i];
        i++;
    }
    *at = i;
    return cur;
}

uint64_t tline_peek(const tline_t *tl, uint64_t t, uint64_t q)
{
    unsigned i;
    return find(tl, t, q, &i);
}

uint64_t tline_take(tline_t *tl, uint64_t t, uint64_t q)
{
    unsigned i;
    uint64_t cur = find(tl, t, q, &i);
    /* [cur, cur + q) is free, between interval i - 1 and interval i */
    int left = i > 0 && tl->e[i - 1] == cur, right = i < tl->n && tl->s[i] == cur + q;
    if (left && right) { /* fills the gap: intervals i - 1 and i become one */
        tl->e[i - 1] = tl->e[i];
        memmove(&tl->s[i], &tl->s[i + 1], (tl->n - i - 1) * sizeof *tl->s);
        memmove(&tl->e[i], &tl->e[i + 1], (tl->n - i - 1) * sizeof *tl->e);
        tl->n--;
    } else if (left) {
        tl->e[i - 1] = cur + q;
    } else if (right) {
        tl->s[i] = cur;
    } else {
        if (grow(tl)) return UINT64_MAX;
        memmove(&tl->s[i + 1], &tl->s[i], (tl->n - i) * sizeof *tl->s);
        memmove(&tl->e[i + 1], &tl->e[i], (tl->n - i) * sizeof *tl->e);
        tl->s[i] = cur;
        tl->e[i] = cur + q;
        tl->n++;
    }
    return cur;
}

void tline_forget(tline_t *tl, uint64_t before)
{
    unsigned k = first_after(tl, before);
    if (k == 0) return;
    memmove(tl->s, tl->s + k, (tl->n - k) * sizeof *tl->s);
    memmove(tl->e, tl->e + k, (tl->n - k) * sizeof *tl->e);
    tl->n -= k;
}
