/* run.c - one simulation run (see run.h). */
#include "run.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include "gpu.h"
#include "sc_state.h"

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
static int loop(sc_t *m, drv_t *d, tsrc_t *t, const run_opts *o, run_result *r, char *err)
{
    static sc_in in;
    static sc_out out;
    char ierr[256];
    for (uint64_t cyc = 0;; cyc++) {
        if (t ? (tsrc_done(t) && drv_idle(d))
              : (insts_of(d, t) >= o->insts && drv_idle(d))) {
            r->complete = 1;
            return 0;
        }
        if (o->max_cycles && cyc >= o->max_cycles) return 0;
        if (t && tsrc_tick(t, err)) return 2;
        drv_inputs(d, &in);
        sc_step(m, &in, &out);
        if (drv_consume(d, &in, &out)) {
            snprintf(err, RUN_ERR_LEN, "%s", drv_error(d));
            return 1;
        }
        if (o->check_invariants && sc_check_invariants(m, ierr, sizeof ierr)) {
            snprintf(err, RUN_ERR_LEN, "cycle %llu: %s", (unsigned long long)cyc, ierr);
            return 1;
        }
        if (o->progress && (cyc + 1) % PROGRESS_EVERY == 0) progress(d, t, cyc + 1, o);
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
    sc_t *m = o->values ? sc_create(c) : sc_create_nodata(c);
    tsrc_t *t = NULL;
    drv_t *d = NULL;
    opc_t *opc = NULL;
    int rc = 2;
    memset(r, 0, sizeof *r);
    err[0] = '\0';
    if (c->operand_cache != CFG_OPC_NONE && !o->trace) {
        snprintf(err, RUN_ERR_LEN, "operand_cache = %s needs a trace (--trace FILE: the "
                 "comparison designs follow the trace's instruction order; synthetic streams "
                 "have none)", opc_name(c->operand_cache));
        goto out;
    }
    if (o->trace) {
        char terr[TSRC_ERR_LEN] = "";
        t = (o->values ? tsrc_open_values : tsrc_open)(c, o->trace, o->hint_file, o->max_blocks,
                                                      terr);
        if (!t) snprintf(err, RUN_ERR_LEN, "%s", terr);
        else d = drv_create_src(c, tsrc_iface(t));
    } else {
        d = drv_create(c);
        if (d) drv_set_issue_limit(d, o->insts);
    }
    if (!m || (o->trace && !t) || !d) {
        if (!err[0]) snprintf(err, RUN_ERR_LEN, "out of memory");
        goto out;
    }
    if (!o->values) drv_no_values(d);
    if ((c->rba || c->ccu_writeback) && drv_set_model(d, m)) {
        snprintf(err, RUN_ERR_LEN, "out of memory (the write-back CCUs' result fates)");
        goto out;
    }
    if (c->operand_cache != CFG_OPC_NONE) {
        drv_opc h;
        if (!(opc = opc_create(c)) || (h = opc_hook(opc), drv_set_opc(d, &h))) {
            snprintf(err, RUN_ERR_LEN, "out of memory (the operand cache)");
            goto out;
        }
    }
    double t0 = now_s();
    rc = loop(m, d, t, o, r, err);
    r->seconds = now_s() - t0;
    if (o->progress) fprintf(stderr, "\r%*s\r", 70, "");
    r->st = *sc_stats_get(m);
    r->dc = *drv_get_counts(d);
    if (c->ccu_writeback) /* energy only: the timing still writes every result */
        r->st.bank_writes -= r->dc.ccu_wb_saved < r->st.bank_writes ? r->dc.ccu_wb_saved : r->st.bank_writes;
    if (opc) {
        r->opc = *opc_get_stats(opc);
        opc_fold(&r->opc, &r->st);
    }
    r->cycles = r->st.cycles;
    r->insts = insts_of(d, t);
    if (t) {
        const char *hk;
        r->tc = *tsrc_get_counts(t);
        r->kernel = *tsrc_kernel(t);
        tsrc_hint_match(t, &r->hint_matched, &r->hint_total, &hk);
        tsrc_hint_differ(t, &r->hint_differ, &r->hint_compared);
        trc_unknown_opcodes(tsrc_reader(t), r->unknown_ops, sizeof r->unknown_ops);
        if (hk) snprintf(r->hint_kernel, sizeof r->hint_kernel, "%s", hk);
    }
out:
    drv_destroy(d);
    opc_destroy(opc);
    tsrc_close(t);
    sc_destroy(m);
    return rc;
}
