/* cpgrp.c - one warp's groups of asynchronous copies (see cpgrp.h). */
#include "cpgrp.h"

#include <string.h>

void cpg_reset(cpg_t *g)
{
    memset(g, 0, sizeof *g);
    g->open.close_seq = UINT64_MAX;
}

void cpg_copy(cpg_t *g)
{
    g->open.pending++;
}

void cpg_close(cpg_t *g, uint64_t seq)
{
    if (g->n == CPG_GROUPS) { /* merge the two oldest: waiting for one waits for both */
        cpg_group *a = &g->g[0], *b = &g->g[1];
        b->pending += a->pending;
        if (a->done > b->done) b->done = a->done;
        memmove(g->g, g->g + 1, (CPG_GROUPS - 1) * sizeof *g->g);
        g->n--;
    }
    g->g[g->n] = g->open;
    g->g[g->n].close_seq = seq;
    g->n++;
    g->open = (cpg_group){UINT64_MAX, 0, 0};
}

void cpg_landed(cpg_t *g, uint64_t seq, uint64_t ready)
{
    cpg_group *p = &g->open;
    for (unsigned i = 0; i < g->n; i++)
        if (seq < g->g[i].close_seq) {
            p = &g->g[i];
            break;
        }
    if (p->pending) p->pending--;
    if (ready > p->done) p->done = ready;
}

uint64_t cpg_wait(cpg_t *g, unsigned keep, uint64_t now)
{
    unsigned r = 0;
    while (r < g->n && !g->g[r].pending && g->g[r].done <= now) r++;
    if (r) { /* landed: retired */
        memmove(g->g, g->g + r, (g->n - r) * sizeof *g->g);
        g->n -= r;
    }
    if (g->n <= keep) return 0;
    uint64_t until = 0;
    for (unsigned i = 0; i < g->n - keep; i++) {
        if (g->g[i].pending) return UINT64_MAX;
        if (g->g[i].done > until) until = g->g[i].done;
    }
    return until;
}
