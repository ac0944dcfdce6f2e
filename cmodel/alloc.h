/* alloc.h - the CCU allocator (D-9) for shared, private and baseline units. */
#ifndef ALLOC_H
#define ALLOC_H

#include <stdint.h>
#include "ccu.h"
#include "stats.h"

typedef struct {
    int outcome;     /* ALLOC_* of stats.h */
    int ccu;         /* unit the instruction goes to, -1 when it does not issue */
    int flush;       /* the unit changes owner: flush before allocation */
} alloc_result;

/* Decide where warp w's instruction goes. units[] is the pre-cycle state, counter and
 * sthld the waiting counter and threshold; *counter_next gets the counter's next value. */
alloc_result alloc_decide(const cfg_t *c, const ccu_t *units, unsigned w, unsigned counter,
                          unsigned sthld, uint16_t lfsr, unsigned *counter_next);

#endif
