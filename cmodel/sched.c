/* sched.c - greedy, then CCU-owning, then oldest warp (D-14). */
#include "sched.h"

/* Lowest-index ready warp, restricted to owners when only_owners. */
static int oldest(unsigned nwarps, const uint8_t *ready, const uint8_t *owns, int only_owners)
{
    for (unsigned w = 0; w < nwarps; w++)
        if (ready[w] && (!only_owners || owns[w]))
            return (int)w;
    return -1;
}

/* See sched.h. */
int sched_pick(unsigned nwarps, const uint8_t *ready, int last_valid, unsigned last_wid,
               const uint8_t *owns, int gto)
{
    if (last_valid && last_wid < nwarps && ready[last_wid])
        return (int)last_wid;
    if (!gto) {
        int w = oldest(nwarps, ready, owns, 1);
        if (w >= 0)
            return w;
    }
    return oldest(nwarps, ready, owns, 0);
}
