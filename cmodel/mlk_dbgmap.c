/* mlk_dbgmap.c - the dbg_state_o layout table's queries (see mlk_dbgmap.h). */
#include "mlk_dbgmap.h"

/* See mlk_dbgmap.h. */
void mlk_dims_of(const cfg_t *c, mlk_dims *d)
{
    unsigned bb = 0;
    while ((1u << bb) < c->banks)
        bb++;
    d->ne = c->caching ? c->entries : c->slots;
    d->ib = cfg_clog2(d->ne);
    d->rb = cfg_clog2(c->regs);
    d->wb = cfg_clog2(c->warps);
    d->cb = cfg_clog2(c->ccus);
    d->slb = cfg_clog2(c->slots);
    d->fd = c->ccus * c->slots;
    d->fcb = cfg_clog2(d->fd + 1);
    d->fw = d->cb + d->slb + d->wb + (d->rb > bb ? d->rb - bb : 0); /* row = {wid, reg >> bb} */
    d->sb = cfg_clog2(c->sthld_max + 1);
    d->icb = cfg_clog2(c->interval);
    d->iib = cfg_clog2(c->interval + 1);
    d->stb = cfg_clog2(c->fsm_states + 1);
}

static const mlk_dbg_field_t fields[MLK_NDF] = {
#define F(ID, group, name, n, width, when) {group, name},
    MLK_DBG_FIELDS(F)
#undef F
};

/* See mlk_dbgmap.h. */
const mlk_dbg_field_t *mlk_dbg_field(int f) { return &fields[f]; }

/* See mlk_dbgmap.h. */
void mlk_dbg_shapes(const cfg_t *c, mlk_dbg_shape *s)
{
    mlk_dims dd;
    const mlk_dims *d = &dd;
    mlk_dims_of(c, &dd);
#define F(ID, g_, name_, n_, w_, when_)                                                 \
    s[MLK_DF_##ID].indexed = (n_) != 0;                                                 \
    s[MLK_DF_##ID].n = !mlk_dbg_group_on(c, g_) || !(when_) ? 0u : (n_) ? (unsigned)(n_) : 1u; \
    s[MLK_DF_##ID].width = (unsigned)(w_);
    MLK_DBG_FIELDS(F)
#undef F
}

/* See mlk_dbgmap.h. */
int mlk_dbg_group_on(const cfg_t *c, int g)
{
    return g != MLK_DG_FSM || (c->caching && c->sthld_adaptive);
}

/* See mlk_dbgmap.h. */
unsigned mlk_dbg_group_width(const cfg_t *c, int g)
{
    mlk_dbg_shape s[MLK_NDF];
    unsigned w = 0;
    mlk_dbg_shapes(c, s);
    for (int f = 0; f < MLK_NDF; f++)
        if (fields[f].group == g)
            w += s[f].n * s[f].width;
    return w;
}

/* See mlk_dbgmap.h. */
unsigned mlk_dbg_width(const cfg_t *c)
{
    return c->ccus * (mlk_dbg_group_width(c, MLK_DG_UNIT) + mlk_dbg_group_width(c, MLK_DG_PEND)) +
           c->banks * mlk_dbg_group_width(c, MLK_DG_BANK) + mlk_dbg_group_width(c, MLK_DG_TOP) +
           mlk_dbg_group_width(c, MLK_DG_FSM);
}
