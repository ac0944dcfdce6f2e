/* arb.c - bank request FIFOs and grants (D-1, D-6, D-12). */
#include "arb.h"

#include <stdlib.h>
#include <string.h>

/* One ring of C*S entries per bank. */
int arb_init(arb_t *a, const cfg_t *c)
{
    memset(a, 0, sizeof *a);
    a->depth = c->ccus * c->slots;
    a->nbanks = c->banks;
    a->q = calloc((size_t)a->nbanks * a->depth, sizeof *a->q);
    return a->q ? 0 : -1;
}

/* Release the rings. */
void arb_free(arb_t *a)
{
    free(a->q);
    a->q = NULL;
}

/* Empty all rings. */
void arb_reset(arb_t *a)
{
    memset(a->head, 0, sizeof a->head);
    memset(a->count, 0, sizeof a->count);
    a->queued = 0;
    a->overflow = 0;
}

/* Lower port wins a bank; a valid later port to the same bank is refused. */
void arb_wb_ready(const cfg_t *c, const uint8_t *valid, const uint16_t *wid,
                  const uint16_t *reg, uint8_t *ready)
{
    for (unsigned p = 0; p < c->wb_ports; p++) {
        unsigned b = arb_bank(wid[p], reg[p], c->banks);
        ready[p] = 1;
        for (unsigned q = 0; q < p; q++)
            if (valid[q] && arb_bank(wid[q], reg[q], c->banks) == b)
                ready[p] = 0;
    }
}

/* Fixed priority: lower bank index takes a contended CCU port S first. */
unsigned arb_grants(const arb_t *a, const uint8_t *bank_written, arb_grant *g,
                    uint64_t *blocked_write, uint64_t *blocked_port)
{
    if (!a->queued) { /* every FIFO empty: no grant */
        for (unsigned b = 0; b < a->nbanks; b++)
            g[b] = (arb_grant){0};
        return 0;
    }
    uint8_t port_taken[CFG_MAX_C] = {0};
    unsigned n = 0;
    for (unsigned b = 0; b < a->nbanks; b++) {
        g[b] = (arb_grant){0};
        if (a->count[b] == 0)
            continue;
        const arb_req *r = arb_at(a, b, 0);
        if (bank_written[b]) {
            (*blocked_write)++;
            continue;
        }
        if (port_taken[r->ccu]) {
            (*blocked_port)++;
            continue;
        }
        port_taken[r->ccu] = 1;
        g[b].valid = 1;
        g[b].ccu = r->ccu;
        g[b].slot = r->slot;
        g[b].wid = r->wid;
        g[b].reg = r->reg;
        n++;
    }
    return n;
}

/* Remove granted heads. */
void arb_pop(arb_t *a, const arb_grant *g)
{
    for (unsigned b = 0; b < a->nbanks; b++) {
        if (!g[b].valid)
            continue;
        a->head[b] = (a->head[b] + 1) % a->depth;
        a->count[b]--;
        a->queued--;
    }
}

/* Enqueue at the tail of the request's bank. */
void arb_push(arb_t *a, const arb_req *r)
{
    unsigned b = arb_bank(r->wid, r->reg, a->nbanks);
    if (a->count[b] == a->depth) {
        a->overflow = 1;
        return;
    }
    a->q[(size_t)b * a->depth + (a->head[b] + a->count[b]) % a->depth] = *r;
    a->count[b]++;
    a->queued++;
}

/* Occupancy of bank b. */
unsigned arb_count(const arb_t *a, unsigned b)
{
    return a->count[b];
}

/* k-th oldest entry of bank b. */
const arb_req *arb_at(const arb_t *a, unsigned b, unsigned k)
{
    return &a->q[(size_t)b * a->depth + (a->head[b] + k) % a->depth];
}
