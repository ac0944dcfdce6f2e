/* sched.c - greedy, then CCU-owning, then oldest warp (D-14). */
#include "sched.h"

#include "cfg.h"

_Static_assert(CFG_MAX_W <= 64, "warp sets are 64-bit masks (sc.c, sched.h)");

/* See sched.h. The oldest warp of a set is its lowest set bit. */
int sched_pick(uint64_t ready, int last_valid, unsigned last_wid, uint64_t owns, int gto)
{
    if (last_valid && last_wid < 64 && (ready >> last_wid & 1u))
        return (int)last_wid;
    if (!gto && (ready & owns))
        ready &= owns;
    return ready ? __builtin_ctzll(ready) : -1;
}
