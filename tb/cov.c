/* cov.c - functional coverage bins of the co-simulation (see cov.h, docs/coverage.md). */
#include <stdlib.h>
#include <string.h>
#include "cov.h"
#include "sc_state.h"

#define COV_MAX_BINS 256
#define COV_NAME_LEN 40

struct cov {
    unsigned nbins;
    char name[COV_MAX_BINS][COV_NAME_LEN];
    uint64_t count[COV_MAX_BINS];
    /* pre-cycle snapshot */
    sc_stats st;
    uint8_t busy[CFG_MAX_C], owner_valid[CFG_MAX_C];
    uint16_t owner[CFG_MAX_C];
    uint8_t pend[CFG_MAX_C];       /* lookup cycle (spec decision 15) */
    uint8_t claim[CFG_MAX_C];      /* claim cycle (spec decision 15) */
    ccu_entry ct[CFG_MAX_C][CFG_MAX_E];
    uint64_t ct_valid[CFG_MAX_C];
    fsm_t fsm;  /* pre-cycle FSM (interval counters, prev, state, STHLD) */
    int waited; /* an alloc_wait happened since the last near flush */
    int above;  /* STHLD was > 0 at some interval end since it was last 0 */
};

static unsigned bin(cov_t *cv, const char *name)
{
    for (unsigned i = 0; i < cv->nbins; i++)
        if (strcmp(cv->name[i], name) == 0) return i;
    if (cv->nbins == COV_MAX_BINS) return COV_MAX_BINS - 1; /* cannot happen: fixed set */
    snprintf(cv->name[cv->nbins], COV_NAME_LEN, "%s", name);
    cv->count[cv->nbins] = 0;
    return cv->nbins++;
}

static void hit(cov_t *cv, const char *name, uint64_t n)
{
    cv->count[bin(cv, name)] += n;
}

static const char *const alloc_bin[ALLOC_NCASES] = {
    "alloc_owned_free", "alloc_owned_busy", "alloc_far_ccu",
    "alloc_no_free",    "alloc_wait",       "alloc_near_flush",
    "alloc_base_free",
};

cov_t *cov_create(const sc_t *m)
{
    cov_t *cv = calloc(1, sizeof *cv);
    if (!cv) return NULL;
    const cfg_t *c = &m->cfg;
    char nm[COV_NAME_LEN];
    /* register every bin up front so that empty ones are printed */
    for (unsigned i = 0; i < ALLOC_NCASES; i++) bin(cv, alloc_bin[i]);
    bin(cv, "alloc_near_flush_after_wait");
    bin(cv, "alloc_near_flush_no_wait");
    static const char *const fixed[] = {
        "alloc_repl_invalid", "alloc_repl_far_lfsr", "alloc_repl_lru",
        "portd_repl_invalid", "portd_repl_far_lfsr", "portd_repl_lru",
        "wb_filtered", "wb_portd_write", "wb_invalidation", "wb_port_lost",
        "wb_multi_same_ccu", "wb_alloc_cycle_hit", "wb_alloc_cycle_miss", "wb_claim_cycle_hit", "wb_claim_cycle_miss", "grant_blocked_write", "grant_blocked_port", "wb_refused",
        "disp_contention", "disp_refused", "dispatched", "fifo_any_ge2", "fifo_any_geS",
    };
    for (unsigned i = 0; i < sizeof fixed / sizeof fixed[0]; i++) bin(cv, fixed[i]);
    for (unsigned b = 0; b < c->banks && b < 16; b++) {
        snprintf(nm, sizeof nm, "fifo_b%u_ge2", b);
        bin(cv, nm);
        snprintf(nm, sizeof nm, "fifo_b%u_geS", b);
        bin(cv, nm);
    }
    if (c->sthld_adaptive) {
        bin(cv, "fsm_small_at_equality");
        bin(cv, "sthld_at_max");
        bin(cv, "sthld_clamped_max");
        bin(cv, "sthld_min_after_above");
        bin(cv, "sthld_clamped_min");
    }
    if (c->sthld_adaptive)
        for (unsigned s = 1; s <= c->fsm_states; s++) {
            snprintf(nm, sizeof nm, "fsm_edge_%u_S", s);
            bin(cv, nm);
            snprintf(nm, sizeof nm, "fsm_edge_%u_L", s);
            bin(cv, nm);
        }
    return cv;
}

void cov_destroy(cov_t *cv)
{
    free(cv);
}

void cov_pre(cov_t *cv, const sc_t *m)
{
    const cfg_t *c = &m->cfg;
    cv->st = m->stats;
    for (unsigned k = 0; k < c->ccus; k++) {
        const ccu_t *u = &m->ccu[k];
        cv->busy[k] = u->busy;
        cv->owner_valid[k] = u->owner_valid;
        cv->owner[k] = u->owner;
        cv->pend[k] = u->pend;
        cv->claim[k] = u->claim;
        memcpy(cv->ct[k], u->ct, sizeof cv->ct[k]);
        cv->ct_valid[k] = u->valid;
    }
    cv->fsm = m->fsm;
}

/* The FSM boundary bins of an interval end (D-15): the S/L decision at exact equality
 * DEN*|cur-prev| == NUM*prev (must be Small), STHLD at sthld_max, a clamp at either end
 * (the edge's delta would leave [0, sthld_max]), STHLD back at 0 after being above. */
static void cov_fsm(cov_t *cv, const sc_t *m, const sc_stats *a, const sc_stats *b)
{
    const cfg_t *c = &m->cfg;
    if (!c->sthld_adaptive || a->intervals == b->intervals)
        return;
    const fsm_t *f = &cv->fsm;
    if (f->have_prev) {
        uint64_t cur = f->issued + (a->issued - b->issued), prev = f->prev;
        uint64_t diff = cur > prev ? cur - prev : prev - cur;
        int large = a->fsm_edge[f->state][1] > b->fsm_edge[f->state][1];
        if ((uint64_t)c->ipc_den * diff == (uint64_t)c->ipc_num * prev && !large)
            hit(cv, "fsm_small_at_equality", 1);
        const cfg_fsm_row *row = &c->fsm[f->state];
        long v = (long)f->sthld + (long)(large ? row->l_delta : row->s_delta) * (long)c->sthld_step;
        if (v > (long)c->sthld_max)
            hit(cv, "sthld_clamped_max", 1);
        if (v < 0)
            hit(cv, "sthld_clamped_min", 1);
    }
    if (m->fsm.sthld == c->sthld_max)
        hit(cv, "sthld_at_max", 1);
    if (m->fsm.sthld > 0)
        cv->above = 1;
    else if (cv->above) {
        hit(cv, "sthld_min_after_above", 1);
        cv->above = 0;
    }
}

void cov_post(cov_t *cv, const sc_t *m, const sc_in *in, const sc_out *out)
{
    const cfg_t *c = &m->cfg;
    const sc_stats *a = &m->stats, *b = &cv->st;
    char nm[COV_NAME_LEN + 16];

    for (unsigned i = 0; i < ALLOC_NCASES; i++)
        if (a->alloc[i] > b->alloc[i]) hit(cv, alloc_bin[i], a->alloc[i] - b->alloc[i]);
    if (a->alloc[ALLOC_WAIT] > b->alloc[ALLOC_WAIT]) cv->waited = 1;
    if (a->alloc[ALLOC_NEAR_FLUSH] > b->alloc[ALLOC_NEAR_FLUSH]) {
        hit(cv, cv->waited ? "alloc_near_flush_after_wait" : "alloc_near_flush_no_wait", 1);
        cv->waited = 0;
    }
#define DELTA(field, name) \
    if (a->field > b->field) hit(cv, name, a->field - b->field)
    DELTA(wb_filtered, "wb_filtered");
    DELTA(wb_invalidations, "wb_invalidation");
    DELTA(wb_port_lost, "wb_port_lost");
    DELTA(grant_blocked_write, "grant_blocked_write");
    DELTA(grant_blocked_port, "grant_blocked_port");
    DELTA(wb_refused, "wb_refused");
    DELTA(disp_contention, "disp_contention");
    DELTA(disp_refused, "disp_refused");
    DELTA(dispatched, "dispatched");
    DELTA(ccu_data_writes, "wb_portd_write");
#undef DELTA
    cov_fsm(cv, m, a, b);
    for (unsigned s = 1; s <= c->fsm_states && c->sthld_adaptive; s++)
        for (int l = 0; l < 2; l++)
            if (a->fsm_edge[s][l] > b->fsm_edge[s][l]) {
                snprintf(nm, sizeof nm, "fsm_edge_%u_%c", s, l ? 'L' : 'S');
                hit(cv, nm, a->fsm_edge[s][l] - b->fsm_edge[s][l]);
            }
    int any2 = 0, anyS = 0;
    for (unsigned bk = 0; bk < c->banks; bk++) {
        unsigned n = arb_count(&m->arb, bk);
        if (n >= 2) any2 = 1;
        if (n >= c->slots) anyS = 1;
        if (bk < 16 && n >= 2) {
            snprintf(nm, sizeof nm, "fifo_b%u_ge2", bk);
            hit(cv, nm, 1);
        }
        if (bk < 16 && n >= c->slots) {
            snprintf(nm, sizeof nm, "fifo_b%u_geS", bk);
            hit(cv, nm, 1);
        }
    }
    if (any2) hit(cv, "fifo_any_ge2", 1);
    if (anyS) hit(cv, "fifo_any_geS", 1);

    if (!c->caching) return; /* the rest is about caching CCUs */
    /* accepted write-backs per owning CCU (pre-cycle owners) */
    unsigned per_unit[CFG_MAX_C] = {0};
    for (unsigned p = 0; p < c->wb_ports; p++) {
        if (!in->wb_valid[p] || !out->wb_ready[p]) continue;
        for (unsigned k = 0; k < c->ccus; k++)
            if (cv->owner_valid[k] && cv->owner[k] == in->wb_wid[p]) per_unit[k]++;
    }
    /* write-backs of the owner during its unit's lookup ("alloc") or claim cycle: hit
     * (invalidate) or miss (ignored) */
    for (unsigned p = 0; p < c->wb_ports; p++) {
        if (!in->wb_valid[p] || !out->wb_ready[p]) continue;
        for (unsigned k = 0; k < c->ccus; k++) {
            if (!(cv->pend[k] || cv->claim[k]) || !cv->owner_valid[k] || cv->owner[k] != in->wb_wid[p])
                continue;
            int h = 0;
            for (unsigned i = 0; i < c->entries; i++)
                h |= ccu_bit(cv->ct_valid[k], i) && cv->ct[k][i].tag == in->wb_reg[p];
            if (cv->pend[k])
                hit(cv, h ? "wb_alloc_cycle_hit" : "wb_alloc_cycle_miss", 1);
            else
                hit(cv, h ? "wb_claim_cycle_hit" : "wb_claim_cycle_miss", 1);
        }
    }
    for (unsigned k = 0; k < c->ccus; k++)
        if (per_unit[k] >= 2) {
            hit(cv, "wb_multi_same_ccu", 1);
            break;
        }
    /* D-7 branch of every claim, counted by the model itself */
    static const char *const br[3] = {"invalid", "far_lfsr", "lru"};
    for (int k = 0; k < 3; k++) {
        if (a->repl_alloc[k] > b->repl_alloc[k]) {
            snprintf(nm, sizeof nm, "alloc_repl_%s", br[k]);
            hit(cv, nm, a->repl_alloc[k] - b->repl_alloc[k]);
        }
        if (a->repl_portd[k] > b->repl_portd[k]) {
            snprintf(nm, sizeof nm, "portd_repl_%s", br[k]);
            hit(cv, nm, a->repl_portd[k] - b->repl_portd[k]);
        }
    }
}

void cov_print(const cov_t *cv, FILE *f)
{
    unsigned hitn = 0;
    for (unsigned i = 0; i < cv->nbins; i++) {
        fprintf(f, "cov %s %llu\n", cv->name[i], (unsigned long long)cv->count[i]);
        if (cv->count[i]) hitn++;
    }
    fprintf(f, "cov_summary %u/%u bins hit\n", hitn, cv->nbins);
    if (hitn < cv->nbins) { /* name what this run never exercised */
        fprintf(f, "cov_missed");
        for (unsigned i = 0; i < cv->nbins; i++)
            if (!cv->count[i]) fprintf(f, " %s", cv->name[i]);
        fprintf(f, "\n");
    }
}

void cov_brief(const cov_t *cv, FILE *f)
{
    unsigned hitn = 0;
    for (unsigned i = 0; i < cv->nbins; i++) hitn += cv->count[i] != 0;
    fprintf(f, " coverage=%u/%u", hitn, cv->nbins);
    const char *sep = " missed=";
    for (unsigned i = 0; i < cv->nbins; i++)
        if (!cv->count[i]) {
            fprintf(f, "%s%s", sep, cv->name[i]);
            sep = ",";
        }
}
