/* run.c - one simulation run (see run.h). */
#include "run.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include "gpu.h"
#include "subcore.h"

#define PROGRESS_EVERY (1u << 20) /* cycles between progress lines */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void progress(const drv_t *d, uint64_t cyc, const run_opts *o)
{
    fprintf(stderr, "\r  cycle %llu: %llu of %llu instructions   ", (unsigned long long)cyc,
            (unsigned long long)drv_get_counts(d)->issued, (unsigned long long)o->insts);
}

/* The synthetic streams' run loop: 0 complete or stopped at the limit, 1 violation. */
static int loop(subcore_t *s, const run_opts *o, run_result *r, char *err)
{
    int rc;
    for (uint64_t cyc = 0;; cyc++) {
        if (drv_get_counts(s->d)->issued >= o->insts && drv_idle(s->d)) {
            r->complete = 1;
            return 0;
        }
        if (o->max_cycles && cyc >= o->max_cycles) return 0;
        if ((rc = subcore_step(s, cyc, err))) return rc;
        if (o->progress && (cyc + 1) % PROGRESS_EVERY == 0) progress(s->d, cyc + 1, o);
    }
}

int run_sim(const sim_cfg *c, const run_opts *o, run_result *r, char *err)
{
    if (c->m.gpu.grid_scale > 1 && (!o->trace || c->m.gpu.machine != GPU_MACHINE_GPU)) {
        memset(r, 0, sizeof *r); /* replicas need the GPU's memory system and SMs */
        snprintf(err, RUN_ERR_LEN, "key 'grid_scale': %u needs a trace on machine = gpu "
                 "(expected grid_scale = 1 with %s)", c->m.gpu.grid_scale,
                 o->trace ? "machine = subcore" : "the synthetic workload");
        return 2;
    }
    if (o->trace) return gpu_run(&c->m, o, r, err); /* machine = subcore: one SM of one sub-core */
    subcore_t s = {0};
    int rc = 2;
    memset(r, 0, sizeof *r);
    err[0] = '\0';
    if (c->m.opc.operand_cache != OPC_NONE) {
        snprintf(err, RUN_ERR_LEN, "operand_cache = %s needs a trace (--trace FILE: the "
                 "comparison designs follow the trace's instruction order; synthetic streams "
                 "have none)", opc_name(c->m.opc.operand_cache));
        return rc;
    }
    if (subcore_open(&s, &c->m, NULL, o->values, o->check_invariants, "", err)) goto out;
    drv_set_issue_limit(s.d, o->insts);
    double t0 = now_s();
    rc = loop(&s, o, r, err);
    r->seconds = now_s() - t0;
    if (o->progress) fprintf(stderr, "\r%*s\r", 70, "");
    subcore_fold(&s, r, 1);
    r->cycles = r->st.cycles;
    r->insts = drv_get_counts(s.d)->issued;
out:
    subcore_close(&s);
    return rc;
}
