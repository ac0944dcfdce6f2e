/* sched.h - warp priority for issue (D-14). */
#ifndef SCHED_H
#define SCHED_H

#include <stdint.h>

/* Top warp among ready[0..nwarps-1]: the last issued warp (if ready), then warps that own
 * a CCU (skipped when gto), then the rest; lowest index first in each class. -1 if none. */
int sched_pick(unsigned nwarps, const uint8_t *ready, int last_valid, unsigned last_wid,
               const uint8_t *owns, int gto);

#endif
