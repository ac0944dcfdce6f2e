/* rffate.c - results kept out of the register file (see rffate.h). */
#include "rffate.h"

#include <stdlib.h>

int rff_init(rff_t *f, unsigned warps, unsigned regs)
{
    f->warps = warps;
    f->regs = regs;
    f->saved = f->open_unneeded = 0;
    f->open = calloc((size_t)warps * regs, 1);
    f->need = calloc((size_t)warps * regs, 1);
    return f->open && f->need ? 0 : -1;
}

void rff_free(rff_t *f)
{
    free(f->open);
    free(f->need);
    f->open = f->need = NULL;
}

/* Close result i: saved unless a read needed it. */
static void close_one(rff_t *f, size_t i)
{
    if (!f->open[i]) return;
    if (!f->need[i]) {
        f->saved++;
        f->open_unneeded--;
    }
    f->open[i] = f->need[i] = 0;
}

void rff_read(rff_t *f, unsigned w, unsigned r, int hit)
{
    size_t i = (size_t)w * f->regs + r;
    if (r < f->regs && f->open[i] && !hit && !f->need[i]) {
        f->need[i] = 1;
        f->open_unneeded--;
    }
}

void rff_write(rff_t *f, unsigned w, unsigned r)
{
    if (r >= f->regs) return;
    size_t i = (size_t)w * f->regs + r;
    close_one(f, i);
    f->open[i] = 1;
    f->open_unneeded++;
}

void rff_end_warp(rff_t *f, unsigned w)
{
    for (unsigned r = 0; r < f->regs; r++) close_one(f, (size_t)w * f->regs + r);
}

uint64_t rff_saved(const rff_t *f)
{
    return f->saved + f->open_unneeded;
}
