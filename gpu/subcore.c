/* subcore.c - one sub-core as every machine assembles it (see subcore.h). */
#include "subcore.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gsum.h"

/* "out of memory" with the sub-core's label and what ran out: "(SM 3: what)", "(what)",
 * "(SM 3)" or nothing. */
static int oom(const subcore_t *s, const char *what, char *err)
{
    if (s->label[0] && what) snprintf(err, RUN_ERR_LEN, "out of memory (%s: %s)", s->label, what);
    else if (s->label[0] || what)
        snprintf(err, RUN_ERR_LEN, "out of memory (%s)", s->label[0] ? s->label : what);
    else snprintf(err, RUN_ERR_LEN, "out of memory");
    return -1;
}

int subcore_open(subcore_t *s, const gpu_cfg *c, tsrc_t *t, int values, int check,
                 const char *label, char *err)
{
    s->t = t;
    s->check = check;
    s->wb_ccus = c->drv.ccu_writeback;
    snprintf(s->label, sizeof s->label, "%s", label);
    s->m = values ? sc_create(&c->hw) : sc_create_nodata(&c->hw);
    s->d = t ? drv_create_src(&c->hw, &c->drv, tsrc_iface(t)) : drv_create(&c->hw, &c->drv);
    s->in = calloc(1, sizeof *s->in);
    s->out = calloc(1, sizeof *s->out);
    if (!s->m || !s->d || !s->in || !s->out) return oom(s, NULL, err);
    if (!values) drv_no_values(s->d);
    if ((c->drv.rba || c->drv.ccu_writeback || c->drv.reuse_stats) && drv_set_model(s->d, s->m))
        return oom(s, "the write-back CCUs' result fates", err);
    if (c->opc.operand_cache != OPC_NONE) {
        drv_opc h;
        if (!(s->opc = opc_create(&c->hw, &c->opc, &c->drv)) || (h = opc_hook(s->opc), drv_set_opc(s->d, &h)))
            return oom(s, "the operand cache", err);
    }
    return 0;
}

void subcore_close(subcore_t *s)
{
    drv_destroy(s->d);
    opc_destroy(s->opc);
    tsrc_close(s->t);
    sc_destroy(s->m);
    free(s->in);
    free(s->out);
    memset(s, 0, sizeof *s);
}

int subcore_step(subcore_t *s, uint64_t cyc, char *err)
{
    char ierr[256];
    if (s->t) tsrc_tick(s->t);
    drv_inputs(s->d, s->in);
    sc_step(s->m, s->in, s->out);
    if (drv_consume(s->d, s->in, s->out)) {
        snprintf(err, RUN_ERR_LEN, "%s%s%s", s->label, s->label[0] ? ": " : "", drv_error(s->d));
        return 1;
    }
    if (s->check && sc_check_invariants(s->m, ierr, sizeof ierr)) {
        snprintf(err, RUN_ERR_LEN, "%s%scycle %llu: %s", s->label, s->label[0] ? " " : "",
                 (unsigned long long)cyc, ierr);
        return 1;
    }
    return 0;
}

void subcore_fold(const subcore_t *s, run_result *r, int first)
{
    const sc_stats *a = sc_stats_get(s->m);
    if (first) {
        r->st.cycles = a->cycles;
        memcpy(r->st.sthld_trace, a->sthld_trace, sizeof r->st.sthld_trace);
        r->st.intervals = a->intervals;
    }
    gsum_stats(&r->st, a);
    if (s->wb_ccus) { /* energy only: the timing still writes every result */
        uint64_t sv = drv_get_counts(s->d)->ccu_wb_saved;
        r->st.bank_writes -= sv < a->bank_writes ? sv : a->bank_writes;
    }
    if (s->opc) {
        const opc_stats *o = opc_get_stats(s->opc);
        opc_fold(o, &r->st);
        opc_add(&r->opc, o);
    }
    gsum_driver(&r->dc, drv_get_counts(s->d));
    if (s->t) gsum_trace(&r->tc, tsrc_get_counts(s->t));
}

void subcore_hot(const subcore_t *s, void (*add)(void *ctx, const void *p, size_t n),
                 void *ctx)
{
    sc_hot(s->m, add, ctx);
    drv_hot(s->d, add, ctx);
    if (s->t) tsrc_hot(s->t, add, ctx);
}
