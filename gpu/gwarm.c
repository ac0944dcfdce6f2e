/* gwarm.c - warming the CPU's caches for the GPU's SM batches (see gwarm.h). */
#include "gwarm.h"

void gpu_warm_reset(warm_t *w)
{
    w->n = w->i = 0;
    w->off = 0;
}

void gpu_warm_add(void *ctx, const void *p, size_t n)
{
    warm_t *w = ctx;
    if (n && w->n < WARM_REGIONS) {
        w->p[w->n] = p;
        w->len[w->n++] = n;
    }
}

void gpu_warm_step(warm_t *w, unsigned lines)
{
    while (lines && w->i < w->n) {
        const char *c = w->p[w->i];
        for (; lines && w->off < w->len[w->i]; w->off += 64, lines--) __builtin_prefetch(c + w->off);
        if (w->off >= w->len[w->i]) {
            w->i++;
            w->off = 0;
        }
    }
}
