/* sched.h - warp priority for issue (D-14). */
#ifndef SCHED_H
#define SCHED_H

#include <stdint.h>

/* Top warp among the ready ones (bit w of ready = warp w offers an instruction): the last
 * issued warp (if ready), then warps that own a CCU (bit w of owns; not used when gto),
 * then the rest; lowest index first in each class. -1 if none. */
int sched_pick(uint64_t ready, int last_valid, unsigned last_wid, uint64_t owns, int gto);

#endif
