/* stats.c - print the model's statistics as `name value` lines. */
#include "stats.h"

#include <inttypes.h>

static const char *const alloc_names[ALLOC_NCASES] = {
    "alloc_owned_free", "alloc_owned_busy", "alloc_far_ccu",
    "alloc_no_free",    "alloc_wait",       "alloc_near_flush",
};

/* One `name value` line. */
static void line(FILE *f, const char *name, uint64_t v)
{
    fprintf(f, "%-22s %" PRIu64 "\n", name, v);
}

/* See stats.h. */
void stats_print(const sc_stats *s, const cfg_t *c, FILE *f)
{
    line(f, "cycles", s->cycles);
    line(f, "issued", s->issued);
    line(f, "dispatched", s->dispatched);
    line(f, "idle_no_warp", s->idle_no_warp);
    for (int i = 0; i < ALLOC_NCASES; i++)
        line(f, alloc_names[i], s->alloc[i]);
    line(f, "src_reads", s->src_reads);
    line(f, "src_from_ccu", s->src_from_ccu);
    line(f, "bank_reads", s->bank_reads);
    line(f, "bank_writes", s->bank_writes);
    line(f, "wb_refused", s->wb_refused);
    line(f, "ccu_data_writes", s->ccu_data_writes);
    line(f, "ccu_fills", s->ccu_fills);
    line(f, "wb_filtered", s->wb_filtered);
    line(f, "wb_port_lost", s->wb_port_lost);
    line(f, "wb_invalidations", s->wb_invalidations);
    line(f, "flushes", s->flushes);
    line(f, "grant_blocked_write", s->grant_blocked_write);
    line(f, "grant_blocked_port", s->grant_blocked_port);
    line(f, "disp_refused", s->disp_refused);
    line(f, "disp_contention", s->disp_contention);
    line(f, "fifo_high_water", s->fifo_high_water);
    line(f, "repl_alloc_invalid", s->repl_alloc[0]);
    line(f, "repl_alloc_far", s->repl_alloc[1]);
    line(f, "repl_alloc_lru", s->repl_alloc[2]);
    line(f, "repl_portd_invalid", s->repl_portd[0]);
    line(f, "repl_portd_far", s->repl_portd[1]);
    line(f, "repl_portd_lru", s->repl_portd[2]);
    line(f, "intervals", s->intervals);
    for (unsigned st = 1; st <= c->fsm_states; st++) {
        fprintf(f, "fsm_edge_%u_S           %" PRIu64 "\n", st, s->fsm_edge[st][0]);
        fprintf(f, "fsm_edge_%u_L           %" PRIu64 "\n", st, s->fsm_edge[st][1]);
    }
    fprintf(f, "sthld_trace           ");
    uint64_t n = s->intervals < STATS_STHLD_TRACE ? s->intervals : STATS_STHLD_TRACE;
    for (uint64_t i = 0; i < n; i++)
        fprintf(f, " %u", s->sthld_trace[i]);
    fprintf(f, "\n");
}
