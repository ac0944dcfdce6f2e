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

/* Instructions issued so far. */
static uint64_t insts_of(const drv_t *d, const tsrc_t *t)
{
    return t ? tsrc_get_counts(t)->insts : drv_get_counts(d)->issued;
}

static void progress(const drv_t *d, const tsrc_t *t, uint64_t cyc, const run_opts *o)
{
    if (t) {
        const tsrc_counts *tc = tsrc_get_counts(t);
        fprintf(stderr, "\r  cycle %llu: %llu instructions, %llu blocks done   ",
                (unsigned long long)cyc, (unsigned long long)tc->insts,
                (unsigned long long)tc->blocks_done);
    } else {
        fprintf(stderr, "\r  cycle %llu: %llu of %llu instructions   ",
                (unsigned long long)cyc, (unsigned long long)insts_of(d, t),
                (unsigned long long)o->insts);
    }
}

/* The run loop: 0 complete or stopped at the limit, 1 violation, 2 trace error. */
static int loop(subcore_t *s, const run_opts *o, run_result *r, char *err)
{
    int rc;
    for (uint64_t cyc = 0;; cyc++) {
        if (s->t ? (tsrc_done(s->t) && drv_idle(s->d))
                 : (insts_of(s->d, s->t) >= o->insts && drv_idle(s->d))) {
            r->complete = 1;
            return 0;
        }
        if (o->max_cycles && cyc >= o->max_cycles) return 0;
        if ((rc = subcore_step(s, cyc, err))) return rc;
        if (o->progress && (cyc + 1) % PROGRESS_EVERY == 0) progress(s->d, s->t, cyc + 1, o);
    }
}

int run_sim(const cfg_t *c, const run_opts *o, run_result *r, char *err)
{
    if (o->trace && c->machine == CFG_MACHINE_GPU) return gpu_run(c, o, r, err);
    if (c->grid_scale > 1) { /* replicas need the GPU's memory system and SMs */
        memset(r, 0, sizeof *r);
        snprintf(err, RUN_ERR_LEN, "key 'grid_scale': %u needs a trace on machine = gpu "
                 "(expected grid_scale = 1 with %s)", c->grid_scale,
                 o->trace ? "machine = subcore" : "the synthetic workload");
        return 2;
    }
    subcore_t s = {0};
    tsrc_t *t = NULL;
    int rc = 2;
    memset(r, 0, sizeof *r);
    err[0] = '\0';
    if (c->operand_cache != CFG_OPC_NONE && !o->trace) {
        snprintf(err, RUN_ERR_LEN, "operand_cache = %s needs a trace (--trace FILE: the "
                 "comparison designs follow the trace's instruction order; synthetic streams "
                 "have none)", opc_name(c->operand_cache));
        return rc;
    }
    if (o->trace) {
        char terr[TSRC_ERR_LEN] = "";
        t = (o->values ? tsrc_open_values : tsrc_open)(c, o->trace, o->hint_file, o->max_blocks,
                                                      terr);
        if (!t) {
            snprintf(err, RUN_ERR_LEN, "%s", terr[0] ? terr : "out of memory");
            return rc;
        }
    }
    if (subcore_open(&s, c, t, o->values, o->check_invariants, "", err)) goto out;
    if (!t) drv_set_issue_limit(s.d, o->insts);
    double t0 = now_s();
    rc = loop(&s, o, r, err);
    r->seconds = now_s() - t0;
    if (o->progress) fprintf(stderr, "\r%*s\r", 70, "");
    subcore_fold(&s, r, 1);
    r->cycles = r->st.cycles;
    r->insts = insts_of(s.d, t);
    if (t) {
        const char *hk;
        r->kernel = *tsrc_kernel(t);
        tsrc_hint_match(t, &r->hint_matched, &r->hint_total, &hk);
        tsrc_hint_differ(t, &r->hint_differ, &r->hint_compared);
        trc_unknown_opcodes(tsrc_reader(t), r->unknown_ops, sizeof r->unknown_ops);
        if (hk) snprintf(r->hint_kernel, sizeof r->hint_kernel, "%s", hk);
    }
out:
    subcore_close(&s);
    return rc;
}
