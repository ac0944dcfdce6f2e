/* gsubs.c - the GPU's sub-cores: their hooks into the memory system, opening one at its
 * first warp, starting, stepping, sleeping and waking (see gsubs.h). */
#include "gsubs.h"

#include <stdio.h>

static int sub_fetch(void *ctx, unsigned w, uint32_t pc)
{
    gsub *s = ctx;
    (void)w;
    return mem_fetch(s->g->mem, s->sm, pc, s->g->cyc);
}

static uint64_t sub_fetch_wait(void *ctx, unsigned w, uint32_t pc)
{
    gsub *s = ctx;
    uint64_t r = mem_fetch_ready(s->g->mem, s->sm, pc);
    (void)w;
    return r > s->g->cyc ? r - s->g->cyc : 0;
}

static uint64_t sub_mem(void *ctx, const trc_warp *warp, const trc_inst *ti, uint64_t start)
{
    gsub *s = ctx; /* the driver's cycles are the sub-core's: the GPU's less t0 */
    return mem_access(s->g->mem, s->sm, warp, ti, start + s->t0) - s->t0;
}

/* Bring a sleeping sub-core to GPU cycle `now` (the cycles [sleep_from, now) as idle
 * cycles: the same state and counters as stepping them) and wake it. */
void gpu_sub_wake(gsub *s, uint64_t now)
{
    if (!s->sleep_until) return;
    uint64_t n = now - s->sleep_from;
    sc_idle(s->core.m, n);
    drv_skip(s->core.d, n);
    tsrc_skip(s->core.t, n);
    s->sleep_from = s->sleep_until = 0;
}

/* After sub-core s stepped GPU cycle now: let it sleep while nothing can happen in it
 * (a quiescent model, every warp waiting for a write-back that is not due yet). */
static void maybe_sleep(gsub *s, uint64_t now)
{
    if (!sc_quiescent(s->core.m)) return;
    uint64_t u = drv_quiet_until(s->core.d);
    if (!u) return;
    uint64_t due = u == UINT64_MAX ? UINT64_MAX : u + s->t0; /* the GPU cycle to step again */
    if (due <= now + 2) return;
    s->sleep_from = now + 1;
    s->sleep_until = due;
}

/* Start sub-core s (it gets its first warp): from now on it is stepped every cycle. */
void gpu_sub_start(gpu_t *g, gsub *s)
{
    if (s->started) return;
    s->started = 1;
    s->t0 = g->cyc;
    g->run[g->nrun++] = s;
    gsm *p = &g->sm[s->sm];
    p->run[p->nrun++] = s;
}

/* See gsubs.h. */
tsrc_t *gpu_sub_source(const gpu_t *g, char *err)
{
    char terr[TSRC_ERR_LEN];
    tsrc_t *t = tsrc_create_fed(&g->c.hw, &g->c.drv, g->o->trace, terr);
    if (!t) {
        snprintf(err, RUN_ERR_LEN, "%s", terr);
        return NULL;
    }
    if (g->c.opc.operand_cache == OPC_PROTO) tsrc_next_use(t);
    return t;
}

/* Create sub-core s at its first warp (a GPU run allocates only the sub-cores its warps
 * reach). 0, or -1 with err. */
int gpu_sub_open(gpu_t *g, gsub *s, char *err)
{
    char label[16];
    if (s->core.t) return 0;
    tsrc_t *t = gpu_sub_source(g, err);
    if (!t) return -1;
    label[0] = '\0'; /* solo: no memory system, and "" names the only sub-core */
    if (!g->solo) {
        tsrc_set_fetch(t, sub_fetch, sub_fetch_wait, s);
        tsrc_set_mem(t, sub_mem, s);
        snprintf(label, sizeof label, "SM %u", s->sm);
    }
    return subcore_open(&s->core, &g->c, t, g->o->values, g->o->check_invariants, label, err);
}

/* Every started sub-core has retired all it was given. */
int gpu_subs_idle(const gpu_t *g)
{
    for (unsigned i = 0; i < g->nrun; i++)
        if (!tsrc_done(g->run[i]->core.t) || !drv_idle(g->run[i]->core.d)) return 0;
    return 1;
}

/* One cycle (g->cyc) of started sub-core s. 0, 1 violation (err), 2 trace error (err). */
int gpu_sub_step(gpu_t *g, gsub *s, char *err)
{
    int rc;
    if (s->sleep_until > g->cyc) return 0;
    gpu_sub_wake(s, g->cyc);
    if ((rc = subcore_step(&s->core, g->cyc, err))) return rc;
    if (g->c.gpu.fast_idle) maybe_sleep(s, g->cyc);
    return 0;
}

/* One cycle of every started sub-core, in start order. 0, 1 violation, 2 trace error. */
int gpu_subs_step(gpu_t *g, char *err)
{
    int rc;
    for (unsigned i = 0; i < g->nrun; i++)
        if ((rc = gpu_sub_step(g, g->run[i], err))) return rc;
    return 0;
}
