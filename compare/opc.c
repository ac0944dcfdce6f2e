/* opc.c - the operand caches of the comparison designs (see opc.h). */
#include "opc.h"

#include <stdlib.h>
#include "bow.h"
#include "reuse.h"
#include "rfc.h"

struct opc {
    unsigned design; /* CFG_OPC_* */
    rc_t *rc;
    bow_t *bow;
    rfc_t *rfc;
};

opc_t *opc_create(const cfg_t *c)
{
    if (c->operand_cache == CFG_OPC_NONE) return NULL;
    opc_t *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    o->design = c->operand_cache;
    if (o->design == CFG_OPC_REUSE) o->rc = rc_create(c);
    else if (o->design == CFG_OPC_RFC) o->rfc = rfc_create(c);
    else o->bow = bow_create(c, o->design == CFG_OPC_BOW_WR);
    if (!o->rc && !o->bow && !o->rfc) {
        free(o);
        return NULL;
    }
    return o;
}

void opc_destroy(opc_t *o)
{
    if (!o) return;
    rc_destroy(o->rc);
    bow_destroy(o->bow);
    rfc_destroy(o->rfc);
    free(o);
}

drv_opc opc_hook(opc_t *o)
{
    return o->rc ? rc_opc(o->rc) : o->rfc ? rfc_opc(o->rfc) : bow_opc(o->bow);
}

const opc_stats *opc_get_stats(opc_t *o)
{
    return o->rc ? rc_get_stats(o->rc) : o->rfc ? rfc_get_stats(o->rfc) : bow_get_stats(o->bow);
}

void opc_add(opc_stats *t, const opc_stats *a)
{
    t->lookups += a->lookups;
    t->hit_slots += a->hit_slots;
    t->hit_regs += a->hit_regs;
    t->fills += a->fills;
    t->rf_writes_saved += a->rf_writes_saved;
}

void opc_fold(const opc_stats *s, sc_stats *st)
{
    st->src_slots += s->hit_slots;
    st->src_regs += s->hit_regs;
    st->src_hits += s->hit_regs;
    st->ccu_data_writes += s->fills;
    st->bank_writes -= s->rf_writes_saved < st->bank_writes ? s->rf_writes_saved : st->bank_writes;
}

uint64_t opc_storage_bits(const cfg_t *c)
{
    switch (c->operand_cache) {
    case CFG_OPC_REUSE: return rc_storage_bits(c);
    case CFG_OPC_BOW:
    case CFG_OPC_BOW_WR: return bow_storage_bits(c);
    case CFG_OPC_RFC: return rfc_storage_bits(c);
    }
    return 0;
}

const char *opc_name(unsigned design)
{
    static const char *const n[] = {"none", "reuse", "bow", "bow_wr", "rfc"};
    return design < sizeof n / sizeof n[0] ? n[design] : "?";
}

const char *opc_what(unsigned design)
{
    switch (design) {
    case CFG_OPC_REUSE: return "NVIDIA's operand reuse cache";
    case CFG_OPC_BOW: return "BOW operand windows (results written through)";
    case CFG_OPC_BOW_WR: return "BOW-WR operand windows (results to the RF only when read later)";
    case CFG_OPC_RFC: return "RFC with a two-level scheduler";
    }
    return "no operand cache";
}
