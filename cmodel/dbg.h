/* dbg.h - the model's state packed exactly like the RTL's dbg_state_o (ccugen --debug),
 * LSB first: units 0..C-1, arbiter banks 0..B-1, LFSR, scheduler, dispatch, allocator,
 * FSM (adaptive only). Co-simulation compares the two every cycle. */
#ifndef DBG_H
#define DBG_H

#include <stddef.h>
#include <stdint.h>
#include "sc.h"

/* Width in bits of the packed state (equals the RTL's dbg_state_o width). */
unsigned sc_dbg_width(const sc_t *m);

/* Pack the state into words[0..(width+31)/32-1], bit i of the vector = words[i/32] bit i%32. */
void sc_dbg_pack(const sc_t *m, uint32_t *words);

/* Name of the field that holds bit `bit` (e.g. "ccu1.rank[3]"), its lsb and width. 0, or
 * -1 when bit is out of range. */
int sc_dbg_field(const sc_t *m, unsigned bit, char *name, size_t len, unsigned *lsb,
                 unsigned *width);

#endif
