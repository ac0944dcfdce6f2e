/* reusestat.c - the reuse anatomy of a run (reusestat.h). */
#include "reusestat.h"

#include <stdlib.h>
#include <string.h>

int rst_init(rst_t *t, unsigned warps, unsigned regs)
{
    size_t n = (size_t)warps * regs;
    memset(t, 0, sizeof *t);
    t->warps = warps;
    t->regs = regs;
    t->last = calloc(n ? n : 1, sizeof *t->last);
    t->ten = calloc(n ? n : 1, sizeof *t->ten);
    t->idx = calloc(warps ? warps : 1, sizeof *t->idx);
    t->tenure = calloc(warps ? warps : 1, sizeof *t->tenure);
    if (t->last && t->ten && t->idx && t->tenure) return 0;
    rst_free(t);
    return -1;
}

void rst_free(rst_t *t)
{
    free(t->last);
    free(t->ten);
    free(t->idx);
    free(t->tenure);
    t->last = t->ten = t->idx = t->tenure = NULL;
}

void rst_start_warp(rst_t *t, unsigned w)
{
    if (w >= t->warps) return;
    memset(&t->last[(size_t)w * t->regs], 0, t->regs * sizeof *t->last);
    t->idx[w] = 0;
    t->tenure[w]++;
}

void rst_next_inst(rst_t *t, unsigned w)
{
    if (w < t->warps) t->idx[w]++;
}

void rst_new_tenure(rst_t *t, rst_counts *c, unsigned w)
{
    if (w >= t->warps) return;
    t->tenure[w]++;
    c->tenures++;
}

unsigned rst_bin(uint32_t d)
{
    return d <= 1 ? RST_D1 : d == 2 ? RST_D2 : d == 3 ? RST_D3 : d <= 10 ? RST_D4_10 : RST_D11;
}

void rst_read(rst_t *t, rst_counts *c, unsigned w, unsigned r, int hit)
{
    if (w >= t->warps || r >= t->regs) return;
    size_t i = (size_t)w * t->regs + r;
    unsigned b = t->last[i] ? rst_bin(t->idx[w] - t->last[i]) : RST_COLD;
    c->reads[b]++;
    c->hits[b] += hit != 0;
    if (!hit && b != RST_COLD) {
        if (t->ten[i] != t->tenure[w]) c->miss_flushed++;
        else c->miss_kept++;
    }
    t->last[i] = t->idx[w];
    t->ten[i] = t->tenure[w];
}

void rst_write(rst_t *t, unsigned w, unsigned r)
{
    if (w >= t->warps || r >= t->regs) return;
    size_t i = (size_t)w * t->regs + r;
    t->last[i] = t->idx[w];
    t->ten[i] = t->tenure[w];
}

void rst_add(rst_counts *a, const rst_counts *b)
{
    for (unsigned k = 0; k < RST_NBIN; k++) {
        a->reads[k] += b->reads[k];
        a->hits[k] += b->hits[k];
    }
    a->miss_flushed += b->miss_flushed;
    a->miss_kept += b->miss_kept;
    a->tenures += b->tenures;
}
