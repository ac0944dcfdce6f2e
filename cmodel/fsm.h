/* fsm.h - STHLD adaptation (D-15, D-16): interval counting and the table-driven FSM. */
#ifndef FSM_H
#define FSM_H

#include <stdint.h>
#include "cfg.h"

typedef struct {
    uint32_t cycle;       /* cycle inside the interval, 0..interval-1 */
    uint32_t issued;      /* instructions issued so far in this interval */
    uint32_t prev;        /* issued in the previous interval */
    uint8_t have_prev;    /* the first interval only records prev */
    uint8_t state;        /* 1..fsm_states */
    uint16_t sthld;       /* current threshold */
} fsm_t;

/* What happened at the end of an interval (for statistics). */
typedef struct {
    int ended;            /* an interval ended this cycle */
    int stepped;          /* ... and the FSM took an edge */
    unsigned from;        /* state the edge left */
    int large;            /* 1 = L, 0 = S */
} fsm_event;

/* Reset: start state, STHLD = sthld_init, counters zero. */
void fsm_reset(fsm_t *f, const cfg_t *c);

/* D-15 change class: 1 (Large) unless den*|cur-prev| <= num*prev. */
int fsm_is_large(const cfg_t *c, uint32_t cur, uint32_t prev);

/* STHLD + delta_units*step, saturated to [0, sthld_max]. */
unsigned fsm_apply_delta(const cfg_t *c, unsigned sthld, int delta_units);

/* The last cycle of an interval (fsm_tick): compare with the previous interval, step the
 * FSM (adaptive mode, not in the first interval), start the next interval. */
fsm_event fsm_end_interval(fsm_t *f, const cfg_t *c, int issued_now);

/* One cycle: issued_now (0/1) counts toward the interval; at its last cycle the FSM steps
 * (adaptive mode, not in the first interval). Inline: it runs every cycle. */
static inline fsm_event fsm_tick(fsm_t *f, const cfg_t *c, int issued_now)
{
    if (f->cycle + 1 < c->interval) {
        fsm_event none = {0, 0, 0, 0};
        f->cycle++;
        f->issued += issued_now ? 1u : 0u;
        return none;
    }
    return fsm_end_interval(f, c, issued_now);
}

#endif
