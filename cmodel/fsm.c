/* fsm.c - interval IPC comparison and the STHLD FSM taken from the configuration. */
#include "fsm.h"

/* Start state, initial STHLD, empty interval. */
void fsm_reset(fsm_t *f, const cfg_t *c)
{
    f->cycle = 0;
    f->issued = 0;
    f->prev = 0;
    f->have_prev = 0;
    f->state = (uint8_t)c->fsm_start;
    f->sthld = (uint16_t)c->sthld_init;
}

/* Exact integer form of |cur-prev|/prev > num/den (prev = 0: any change is Large). */
int fsm_is_large(const cfg_t *c, uint32_t cur, uint32_t prev)
{
    uint64_t diff = cur > prev ? (uint64_t)cur - prev : (uint64_t)prev - cur;
    return (uint64_t)c->ipc_den * diff > (uint64_t)c->ipc_num * prev;
}

/* Saturating add of a signed multiple of the step. */
unsigned fsm_apply_delta(const cfg_t *c, unsigned sthld, int delta_units)
{
    long v = (long)sthld + (long)delta_units * (long)c->sthld_step;
    if (v < 0)
        v = 0;
    if (v > (long)c->sthld_max)
        v = (long)c->sthld_max;
    return (unsigned)v;
}

/* The interval's end: compare with prev and take one edge. */
fsm_event fsm_end_interval(fsm_t *f, const cfg_t *c, int issued_now)
{
    fsm_event ev = {0, 0, 0, 0};
    uint32_t cur = f->issued + (issued_now ? 1u : 0u);
    ev.ended = 1;
    if (c->sthld_adaptive && f->have_prev) {
        const cfg_fsm_row *row = &c->fsm[f->state];
        ev.stepped = 1;
        ev.from = f->state;
        ev.large = fsm_is_large(c, cur, f->prev);
        f->sthld = (uint16_t)fsm_apply_delta(c, f->sthld, ev.large ? row->l_delta : row->s_delta);
        f->state = (uint8_t)(ev.large ? row->l_next : row->s_next);
    }
    f->prev = cur;
    f->have_prev = 1;
    f->cycle = 0;
    f->issued = 0;
    return ev;
}
