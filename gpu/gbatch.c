/* gbatch.c - the GPU stepped one SM a batch of cycles at a time (see gbatch.h). */
#include "gbatch.h"

#include <stdio.h>
#include "gprog.h"
#include "gsched.h"
#include "gsubs.h"

/* The regions SM q's next cycles read, to warm while another SM runs: its sub-cores'
 * model state (the units it has, the arbiter, the per-cycle counters), drivers and
 * sources, then its part of the memory system (its L1 above all). About 1,500 cache lines
 * on the default configuration, asked for over the batch's cycles. */
static void sm_hot(gpu_t *g, unsigned q)
{
    const gsm *p = &g->sm[q];
    for (unsigned i = 0; i < p->nrun; i++) {
        subcore_hot(&p->run[i]->core, gpu_warm_add, &g->warm);
    }
    mem_hot(g->mem, q, gpu_warm_add, &g->warm);
}

/* Cycles [c0, c1) of SM p's sub-cores, its planned blocks placed at their cycles. 0, 1
 * violation (err), 2 trace error or no memory (err). */
static int step_sm(gpu_t *g, gsm *p, uint64_t c0, uint64_t c1, char *err)
{
    int rc;
    for (uint64_t c = c0; c < c1; c++) {
        g->cyc = c;
        while (p->plan_head && p->plan_head->at <= c) {
            gblk *gb = p->plan_head;
            p->plan_head = gb->next;
            if (!p->plan_head) p->plan_tail = NULL;
            g->nplanned--;
            if (gpu_sched_place(g, gb, err)) return 2;
        }
        /* every sub-core of the SM asleep past this cycle (gpu_sub_step would return at once for
         * each): go on at the first cycle one wakes, a planned block arrives or the batch
         * ends */
        uint64_t wake = UINT64_MAX;
        for (unsigned i = 0; i < p->nrun && wake > c; i++)
            if (p->run[i]->sleep_until < wake) wake = p->run[i]->sleep_until;
        if (p->nrun && wake > c + 1) {
            uint64_t next = wake < c1 ? wake : c1;
            if (p->plan_head && p->plan_head->at < next) next = p->plan_head->at;
            c = next - 1;
            continue;
        }
        for (unsigned i = 0; i < p->nrun; i++)
            if ((rc = gpu_sub_step(g, p->run[i], err))) return rc;
        gpu_warm_step(&g->warm, WARM_LINES);
    }
    return 0;
}

/* The block scheduler over cycles [c0, c0 + n): per cycle the releases due, the blocks
 * given to SMs, the end and limit checks, as the cycle-by-cycle loop does them. *upto: the
 * first cycle not to step (c0 + n, the kernel's end with *done, the cycle limit with
 * *stop, or the next dispatch when nothing runs before it). 0, or -1 with err. */
static int plan_batch(gpu_t *g, uint64_t c0, uint64_t n, uint64_t *upto, int *done, int *stop,
                      char *err)
{
    for (uint64_t c = c0; c < c0 + n; c++) {
        g->cyc = c;
        if (gpu_sched_dispatch(g, err)) return -1;
        if (g->eof && !g->next && g->resident == 0 && gpu_subs_idle(g)) {
            *upto = c;
            *done = 1;
            return 0;
        }
        if (g->o->max_cycles && c >= g->o->max_cycles) {
            *upto = c;
            *stop = 1;
            return 0;
        }
        if (g->nrun == 0 && g->nplanned == 0 && g->dispatch_at / MILLI > c + 1) {
            *upto = g->dispatch_at / MILLI; /* nothing runs before the next dispatch */
            return 0;
        }
    }
    *upto = c0 + n;
    return 0;
}

int gpu_batch_run(gpu_t *g, int *complete, char *err)
{
    int rc = 0;
    for (uint64_t cy = 0;;) {
        uint64_t upto = cy;
        int done = 0, stop = 0;
        if (plan_batch(g, cy, g->batch, &upto, &done, &stop, err)) return 2;
        mem_forget(g->mem, cy); /* every request of the batch arrives at cy or later */
        for (unsigned k = 0, p0 = g->rot++ % g->nsm; k < g->nsm && !rc; k++) {
            unsigned p = p0 + k < g->nsm ? p0 + k : p0 + k - g->nsm;
            if (g->sm[p].nrun || g->sm[p].plan_head) {
                unsigned q = p + 1 < g->nsm ? p + 1 : 0; /* stepped next */
                gpu_warm_reset(&g->warm);
                if (g->nrun > WARM_MIN_SUBS && k + 1 < g->nsm && g->sm[q].nrun) sm_hot(g, q);
                rc = step_sm(g, &g->sm[p], cy, upto, err);
            }
        }
        if (g->o->progress && upto / GPU_PROGRESS_EVERY != cy / GPU_PROGRESS_EVERY) gpu_progress(g);
        g->cyc = cy = upto;
        if (rc || stop) return rc;
        if (done) {
            *complete = 1;
            return 0;
        }
    }
}
