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
    free(tl->v);
    tline_init(tl);
}

void tline_clear(tline_t *tl)
{
    tl->n = 0;
}

/* The intervals: inline or on the heap. */
static tline_iv *ivs(const tline_t *tl)
{
    return tl->v ? tl->v : (tline_iv *)tl->inl;
}

/* The first interval that ends after t (n when none): the ends are sorted. */
static unsigned first_after(const tline_t *tl, uint64_t t)
{
    const tline_iv *v = ivs(tl);
    unsigned lo = 0, hi = tl->n;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (v[mid].e > t) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

/* Room for one more interval. 0, or -1 when out of memory. */
static int grow(tline_t *tl)
{
    unsigned cap = tl->v ? tl->cap : TLINE_INLINE;
    if (tl->n < cap) return 0;
    unsigned nc = 2 * cap < 16 ? 16 : 2 * cap;
    tline_iv *v = tl->v ? realloc(tl->v, (size_t)nc * sizeof *v) : malloc((size_t)nc * sizeof *v);
    if (!v) return -1;
    if (!tl->v) memcpy(v, tl->inl, sizeof tl->inl);
    tl->v = v;
    tl->cap = nc;
    return 0;
}

/* The earliest free [cur, cur + q) at or after t; *at: the interval it would precede. */
static uint64_t find(const tline_t *tl, uint64_t t, uint64_t q, unsigned *at)
{
    const tline_iv *v = ivs(tl);
    unsigned i = first_after(tl, t);
    uint64_t cur = t;
    while (i < tl->n && v[i].s < cur + q) { /* interval i overlaps [cur, cur + q) */
        if (v[i].e > cur) cur = v[i].e;
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
    tline_iv *v = ivs(tl);
    /* [cur, cur + q) is free, between interval i - 1 and interval i */
    int left = i > 0 && v[i - 1].e == cur, right = i < tl->n && v[i].s == cur + q;
    if (left && right) { /* fills the gap: intervals i - 1 and i become one */
        v[i - 1].e = v[i].e;
        memmove(&v[i], &v[i + 1], (tl->n - i - 1) * sizeof *v);
        tl->n--;
    } else if (left) {
        v[i - 1].e = cur + q;
    } else if (right) {
        v[i].s = cur;
    } else {
        if (grow(tl)) return UINT64_MAX;
        v = ivs(tl);
        memmove(&v[i + 1], &v[i], (tl->n - i) * sizeof *v);
        v[i].s = cur;
        v[i].e = cur + q;
        tl->n++;
    }
    return cur;
}

void tline_forget(tline_t *tl, uint64_t before)
{
    unsigned k = first_after(tl, before);
    if (k == 0) return;
    tline_iv *v = ivs(tl);
    memmove(v, v + k, (tl->n - k) * sizeof *v);
    tl->n -= k;
}
