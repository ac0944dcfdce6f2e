/* gscale.c - grid_scale = K: a kernel's blocks replicated K times (gscale.h). */
#include "gscale.h"

#include <stdio.h>
#include <string.h>

/* Whether instruction i's addresses are per-replica data (not shared memory, which is the
 * block's own, nor constants, which the replicas share). */
static int offset_space(const trc_inst *i)
{
    return i->naddr && i->mspace != TRC_M_SHARED && i->mspace != TRC_M_CONST &&
           i->mspace != TRC_M_NONE;
}

void gpu_scale_init(gpu_scale_t *s, unsigned k, const char *path, const hint_opts *ho,
                    unsigned keep, unsigned grid_x)
{
    memset(s, 0, sizeof *s);
    s->k = k ? k : 1;
    s->path = path;
    s->ho = *ho;
    s->keep = keep;
    s->grid_x = grid_x;
    s->lo = UINT64_MAX;
}

uint64_t gpu_scale_stride(uint64_t lo, uint64_t hi)
{
    if (lo > hi) return 0;
    uint64_t g = (hi - lo) / GPU_SCALE_ALIGN + 1; /* granules of hi - lo + 1 bytes */
    return g > UINT64_MAX / GPU_SCALE_ALIGN ? UINT64_MAX : g * GPU_SCALE_ALIGN;
}

void gpu_scale_offset(trc_block *b, uint64_t off)
{
    for (unsigned w = 0; w < b->nwarps; w++) {
        trc_warp *tw = &b->warp[w];
        for (uint32_t i = 0; tw->addr && i < tw->n; i++) {
            const trc_inst *in = &tw->inst[i];
            if (!offset_space(in)) continue;
            for (uint32_t a = 0; a < in->naddr; a++) tw->addr[in->maddr + a] += off;
        }
    }
}

/* Widen replica 0's footprint by block b's addresses. */
static void note(gpu_scale_t *s, const trc_block *b)
{
    for (unsigned w = 0; w < b->nwarps; w++) {
        const trc_warp *tw = &b->warp[w];
        for (uint32_t i = 0; tw->addr && i < tw->n; i++) {
            const trc_inst *in = &tw->inst[i];
            if (!offset_space(in)) continue;
            uint64_t width = in->mwidth ? in->mwidth : 1;
            for (uint32_t a = 0; a < in->naddr; a++) {
                uint64_t x = tw->addr[in->maddr + a];
                uint64_t top = x > UINT64_MAX - (width - 1) ? UINT64_MAX : x + width - 1;
                if (x < s->lo) s->lo = x;
                if (top > s->hi) s->hi = top;
            }
        }
    }
}

int gpu_scale_next(gpu_scale_t *s, hsrc_t **h, trc_block **b, char *err)
{
    for (;;) {
        int rc = hsrc_next_block(*h, b, err);
        if (rc < 0) return rc;
        if (rc > 0) {
            if (s->rep == 0) {
                if (s->k > 1) note(s, *b);
            } else {
                gpu_scale_offset(*b, s->rep * s->stride);
                (*b)->id.x += s->rep * s->grid_x;
            }
            return 1;
        }
        if (s->rep + 1 >= s->k) return 0;
        if (s->rep == 0) {
            s->stride = gpu_scale_stride(s->lo, s->hi);
            if (s->stride && (uint64_t)(s->k - 1) > (UINT64_MAX - s->hi) / s->stride) {
                snprintf(err, TRC_ERR_LEN, "%s: grid_scale = %u: the replicas' addresses "
                         "would pass 2^64 (footprint 0x%llx..0x%llx; expected a smaller "
                         "grid_scale)", s->path, s->k, (unsigned long long)s->lo,
                         (unsigned long long)s->hi);
                return -1;
            }
        }
        uint64_t m, t;
        hsrc_hint_match(*h, &m, &t);
        s->hint_matched += m;
        s->hint_total += t;
        hsrc_hint_differ(*h, &m, &t);
        s->hint_differ += m;
        s->hint_compared += t;
        hsrc_t *n = hsrc_open_keep(s->path, &s->ho, s->keep, err);
        if (!n) return -1; /* *h stays open: the caller still reads its header */
        hsrc_close(*h);
        *h = n;
        s->rep++;
    }
}

void gpu_scale_finish(const gpu_scale_t *s, run_result *r)
{
    r->hint_matched += s->hint_matched;
    r->hint_total += s->hint_total;
    r->hint_differ += s->hint_differ;
    r->hint_compared += s->hint_compared;
    r->g.grid_scale = s->k;
    r->g.scale_stride = s->stride;
}
