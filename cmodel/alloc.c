/* alloc.c - D-9 allocation steps, the STHLD waiting counter, Malekeh_PR and baseline. */
#include "alloc.h"

#include "lfsr.h"

/* Result constructor. */
static alloc_result res(int outcome, int ccu, int flush)
{
    alloc_result r = {outcome, ccu, flush};
    return r;
}

/* Baseline OCUs: one instruction per warp in the collectors, any free unit by LFSR. */
static alloc_result decide_base(const cfg_t *c, const ccu_t *u, unsigned w, uint16_t lfsr)
{
    uint64_t free_u = 0; /* bit k: unit k is free */
    for (unsigned k = 0; k < c->ccus; k++) {
        if (u[k].busy && u[k].owner == w)
            return res(ALLOC_OWNED_BUSY, -1, 0);
        free_u |= (uint64_t)!u[k].busy << k;
    }
    int k = lfsr_pick(lfsr, free_u, c->ccus);
    return k < 0 ? res(ALLOC_NO_FREE, -1, 0) : res(ALLOC_BASE_FREE, k, 1);
}

/* Step 1 of D-9: the CCU owned by w, or -1. */
static int owned_by(const cfg_t *c, const ccu_t *u, unsigned w)
{
    for (unsigned k = 0; k < c->ccus; k++)
        if (u[k].owner_valid && u[k].owner == w)
            return (int)k;
    return -1;
}

/* See alloc.h. */
alloc_result alloc_decide(const cfg_t *c, const ccu_t *u, unsigned w, unsigned counter,
                          unsigned sthld, uint16_t lfsr, unsigned *counter_next)
{
    *counter_next = counter;
    if (!c->caching)
        return decide_base(c, u, w, lfsr);
    int own = owned_by(c, u, w);
    if (own >= 0)
        return u[own].busy ? res(ALLOC_OWNED_BUSY, -1, 0) : res(ALLOC_OWNED_FREE, own, 0);
    if (c->private_ccus) /* cannot happen: CCU w is owned by w from reset */
        return res(ALLOC_NO_FREE, -1, 0);
    uint64_t free_u = 0, far_u = 0; /* bit k: unit k is free / free and holds no near value */
    for (unsigned k = 0; k < c->ccus; k++) {
        if (u[k].busy)
            continue;
        free_u |= (uint64_t)1 << k;
        if (!ccu_has_near(&u[k]))
            far_u |= (uint64_t)1 << k;
    }
    int k = lfsr_pick(lfsr, far_u, c->ccus);
    if (k >= 0)
        return res(ALLOC_FAR_CCU, k, 1);
    if (free_u == 0)
        return res(ALLOC_NO_FREE, -1, 0);
    if (counter < sthld) {
        *counter_next = counter + 1 > c->sthld_max ? c->sthld_max : counter + 1;
        return res(ALLOC_WAIT, -1, 0);
    }
    *counter_next = 0;
    return res(ALLOC_NEAR_FLUSH, lfsr_pick(lfsr, free_u, c->ccus), 1);
}
