/* mlk_dbgmap.h - the layout of dbg_state_o (ccugen --debug), written once (docs/spec.md
 * "Debug state"): which fields, in which order (LSB first), how wide. The generator's
 * widths (gen/vars.c: CCU_DBG_W, PEND_DBG_W, ARB_DBG_BW, FSM_DBG_W, DBG_W) and the model's
 * packer (cmodel/dbg.c) both walk this table; the templates' dbg_o concatenations
 * (ccu.vt, ocu.vt, ccu_ctrl.vt, ocu_ctrl.vt, arbiter.vt, sched.vt, sthld_fsm.vt, subcore.vt)
 * follow the same order, checked bit for bit by the co-simulation. C and C++. */
#ifndef MLK_DBGMAP_H
#define MLK_DBGMAP_H

#include "cfg.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Widths derived from the configuration that the fields use (docs/spec.md "Widths"). */
typedef struct {
    unsigned ne;  /* entries per unit: E (caching) or S */
    unsigned ib;  /* entry index bits */
    unsigned rb, wb, cb, slb;  /* register, warp, unit, slot id bits */
    unsigned fd;  /* bank FIFO depth C*S */
    unsigned fcb; /* FIFO count bits */
    unsigned fw;  /* a queued request {ccu, slot, row} */
    unsigned sb, icb, iib, stb; /* STHLD, interval cycle, issue count, FSM state bits */
} mlk_dims;

/* MLK_DBG_FIELDS(X): every field, in packing order within its group.
 *   X(ID, group, name, n, width, when)
 * ID: the index is MLK_DF_<ID>; group: MLK_DG_* (the instance it repeats with); name:
 * the field's name after the group's prefix (cmodel/dbg.c, fwrap and cosim reports use
 * it); n: 0 a single field, else n fields name[0..n-1]; width: bits of each; n, width and
 * when are expressions of `c` (const cfg_t *) and `d` (const mlk_dims *); a field whose
 * `when` is 0 is absent. Groups in order: per unit k (UNIT then PEND, "ccu<k>."), per
 * bank b (BANK, "arb.bank<b>."), then TOP and FSM once. */
#define MLK_DBG_FIELDS(X)                                                          \
    X(CT_VALID, MLK_DG_UNIT, "valid", d->ne, 1, c->caching)                         \
    X(CT_LOCK, MLK_DG_UNIT, "lock", d->ne, 1, c->caching)                           \
    X(CT_NEAR, MLK_DG_UNIT, "near", d->ne, 1, c->caching)                           \
    X(CT_TAG, MLK_DG_UNIT, "tag", d->ne, d->rb, c->caching)                         \
    X(CT_RANK, MLK_DG_UNIT, "rank", d->ne, d->ib, c->caching)                       \
    X(OCT_VALID, MLK_DG_UNIT, "oct_valid", c->slots, 1, 1)                          \
    X(OCT_READY, MLK_DG_UNIT, "oct_ready", c->slots, 1, 1)                          \
    X(OCT_IDX, MLK_DG_UNIT, "oct_idx", c->slots, d->ib, 1)                          \
    X(BUSY, MLK_DG_UNIT, "busy", 0, 1, 1)                                           \
    X(OWNER_VALID, MLK_DG_UNIT, "owner_valid", 0, 1, c->caching)                    \
    X(OWNER, MLK_DG_UNIT, "owner", 0, d->wb, 1)                                     \
    X(INST_TAG, MLK_DG_UNIT, "inst_tag", 0, c->tag_bits, 1)                         \
    X(PEND, MLK_DG_PEND, "pend", 0, 1, 1)                                           \
    X(PEND_FLUSH, MLK_DG_PEND, "pend_flush", 0, 1, c->caching)                      \
    X(PEND_VALID, MLK_DG_PEND, "pend_valid", c->slots, 1, 1)                        \
    X(PEND_REG, MLK_DG_PEND, "pend_reg", c->slots, d->rb, 1)                        \
    X(PEND_NEAR, MLK_DG_PEND, "pend_near", c->slots, 1, c->caching)                 \
    X(CLAIM, MLK_DG_PEND, "claim", 0, 1, c->caching)                                \
    X(CLAIM_FIRST, MLK_DG_PEND, "claim_first", c->slots, 1, c->caching)             \
    X(Q_COUNT, MLK_DG_BANK, "count", 0, d->fcb, 1)                                  \
    X(Q_HEAD, MLK_DG_BANK, "head", 0, d->fw, 1)                                     \
    X(FILL_VALID, MLK_DG_BANK, "fill_valid", 0, 1, 1)                               \
    X(FILL_CCU, MLK_DG_BANK, "fill_ccu", 0, d->cb, 1)                               \
    X(FILL_SLOT, MLK_DG_BANK, "fill_slot", 0, d->slb, 1)                            \
    X(Q, MLK_DG_BANK, "q", d->fd, d->fw, 1)                                         \
    X(PTR_OK, MLK_DG_BANK, "ptr_ok", 0, 1, 1)                                       \
    X(LFSR, MLK_DG_TOP, "lfsr", 0, 16, 1)                                           \
    X(LAST_VALID, MLK_DG_TOP, "sched.last_valid", 0, 1, 1)                          \
    X(LAST_WID, MLK_DG_TOP, "sched.last_wid", 0, d->wb, 1)                          \
    X(RR, MLK_DG_TOP, "dispatch.rr", 0, d->cb, 1)                                   \
    X(COUNTER, MLK_DG_TOP, "alloc.counter", 0, d->sb, c->caching)                   \
    X(FSM_CYCLE, MLK_DG_FSM, "fsm.cycle", 0, d->icb, 1)                             \
    X(FSM_ISSUED, MLK_DG_FSM, "fsm.issued", 0, d->iib, 1)                           \
    X(FSM_PREV, MLK_DG_FSM, "fsm.prev", 0, d->iib, 1)                               \
    X(FSM_HAVE_PREV, MLK_DG_FSM, "fsm.have_prev", 0, 1, 1)                          \
    X(FSM_STATE, MLK_DG_FSM, "fsm.state", 0, d->stb, 1)                             \
    X(FSM_STHLD, MLK_DG_FSM, "fsm.sthld", 0, d->sb, 1)                              \
    X(FSM_LAST_ISSUE, MLK_DG_FSM, "fsm.last_issue", 0, 1, 1)

/* Field groups: one instance per unit (UNIT, then its PEND tail: ccu_ctrl's pend_dbg_o),
 * one per bank, then the top-level fields and the adaptive STHLD FSM's (caching and
 * sthld_mode = adaptive only). */
enum { MLK_DG_UNIT, MLK_DG_PEND, MLK_DG_BANK, MLK_DG_TOP, MLK_DG_FSM, MLK_NDG };

/* Field indices, in table order. */
enum {
#define MLK_DF_ENUM(ID, ...) MLK_DF_##ID,
    MLK_DBG_FIELDS(MLK_DF_ENUM)
#undef MLK_DF_ENUM
    MLK_NDF
};

/* The fixed attributes of one field. */
typedef struct {
    int group;        /* MLK_DG_* */
    const char *name; /* after the group's prefix */
} mlk_dbg_field_t;

/* Fill d with the derived widths of configuration c. */
void mlk_dims_of(const cfg_t *c, mlk_dims *d);

/* Attributes of field f (0 <= f < MLK_NDF). */
const mlk_dbg_field_t *mlk_dbg_field(int f);

/* Field f's shape in one configuration. */
typedef struct {
    unsigned n;     /* 0 absent, 1 a single field, else n fields name[0..n-1] */
    int indexed;    /* 1: named with an index, name[i] (also when n = 1) */
    unsigned width; /* bits of each */
} mlk_dbg_shape;

/* Fill s[0..MLK_NDF-1] with every field's shape in configuration c. */
void mlk_dbg_shapes(const cfg_t *c, mlk_dbg_shape *s);

/* Whether group g is present in configuration c (FSM: caching with adaptive STHLD). */
int mlk_dbg_group_on(const cfg_t *c, int g);

/* Bits of one instance of group g in configuration c (0 when absent). */
unsigned mlk_dbg_group_width(const cfg_t *c, int g);

/* Width in bits of dbg_state_o in configuration c. */
unsigned mlk_dbg_width(const cfg_t *c);

#ifdef __cplusplus
}
#endif
#endif
