/* stats.c - print the model's statistics as `name value` lines. */
#include "stats.h"

#include <inttypes.h>

static const char *const alloc_names[ALLOC_NCASES] = {
    "alloc_owned_free", "alloc_owned_busy", "alloc_far_ccu",
    "alloc_no_free",    "alloc_wait",       "alloc_near_flush",
    "alloc_base_free",
};

/* Call fn for every scalar counter, in print order. */
void stats_each(const sc_stats *s, const cfg_t *c, stats_fn fn, void *ctx)
{
    fn(ctx, "cycles", s->cycles);
    fn(ctx, "issued", s->issued);
    fn(ctx, "dispatched", s->dispatched);
    fn(ctx, "idle_no_warp", s->idle_no_warp);
    for (int i = 0; i < ALLOC_NCASES; i++)
        fn(ctx, alloc_names[i], s->alloc[i]);
    fn(ctx, "src_slots", s->src_slots);
    fn(ctx, "src_regs", s->src_regs);
    fn(ctx, "src_hits", s->src_hits);
    fn(ctx, "bank_read_reqs", s->bank_read_reqs);
    fn(ctx, "bank_reads", s->bank_reads);
    fn(ctx, "bank_writes", s->bank_writes);
    fn(ctx, "wb_refused", s->wb_refused);
    fn(ctx, "ccu_data_writes", s->ccu_data_writes);
    fn(ctx, "ccu_fills", s->ccu_fills);
    fn(ctx, "wb_filtered", s->wb_filtered);
    fn(ctx, "wb_port_lost", s->wb_port_lost);
    fn(ctx, "wb_invalidations", s->wb_invalidations);
    fn(ctx, "flushes", s->flushes);
    fn(ctx, "flushes_nonempty", s->flushes_nonempty);
    fn(ctx, "grant_blocked_write", s->grant_blocked_write);
    fn(ctx, "grant_blocked_port", s->grant_blocked_port);
    fn(ctx, "disp_refused", s->disp_refused);
    fn(ctx, "disp_contention", s->disp_contention);
    fn(ctx, "fifo_high_water", s->fifo_high_water);
    fn(ctx, "repl_alloc_invalid", s->repl_alloc[0]);
    fn(ctx, "repl_alloc_far", s->repl_alloc[1]);
    fn(ctx, "repl_alloc_lru", s->repl_alloc[2]);
    fn(ctx, "repl_portd_invalid", s->repl_portd[0]);
    fn(ctx, "repl_portd_far", s->repl_portd[1]);
    fn(ctx, "repl_portd_lru", s->repl_portd[2]);
    fn(ctx, "intervals", s->intervals);
    char name[32];
    for (unsigned st = 1; st <= c->fsm_states && st <= CFG_MAX_FSM; st++) {
        snprintf(name, sizeof name, "fsm_edge_%u_S", st);
        fn(ctx, name, s->fsm_edge[st][0]);
        snprintf(name, sizeof name, "fsm_edge_%u_L", st);
        fn(ctx, name, s->fsm_edge[st][1]);
    }
}

/* One `name value` line. */
static void line(void *ctx, const char *name, uint64_t v)
{
    fprintf((FILE *)ctx, "%-22s %" PRIu64 "\n", name, v);
}

/* See stats.h. */
void stats_print(const sc_stats *s, const cfg_t *c, FILE *f)
{
    stats_each(s, c, line, f);
    fprintf(f, "sthld_trace           ");
    uint64_t n = s->intervals < STATS_STHLD_TRACE ? s->intervals : STATS_STHLD_TRACE;
    for (uint64_t i = 0; i < n; i++)
        fprintf(f, " %u", s->sthld_trace[i]);
    fprintf(f, "\n");
}
