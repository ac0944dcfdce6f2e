/* opc.c - the operand caches of the comparison designs (see opc.h). */
#include "opc.h"

#include <stdlib.h>
#include "bow.h"
#include "proto.h"
#include "reuse.h"
#include "rfc.h"

/* One comparison design behind the common interface. */
typedef struct {
    const char *name, *what;
    void *(*create)(const cfg_t *c);
    void (*destroy)(void *d);
    drv_opc (*hook)(void *d);
    const opc_stats *(*stats)(void *d);
    uint64_t (*storage)(const cfg_t *c);
    uint64_t (*entries)(const cfg_t *c);
} opc_design;

static void *reuse_new(const cfg_t *c) { return rc_create(c); }
static void reuse_free(void *d) { rc_destroy(d); }
static drv_opc reuse_hook(void *d) { return rc_opc(d); }
static const opc_stats *reuse_stats(void *d) { return rc_get_stats(d); }
static void *bow_new(const cfg_t *c) { return bow_create(c, 0); }
static void *bow_wr_new(const cfg_t *c) { return bow_create(c, 1); }
static void bow_free(void *d) { bow_destroy(d); }
static drv_opc bow_hook(void *d) { return bow_opc(d); }
static const opc_stats *bow_stats(void *d) { return bow_get_stats(d); }
static void *rfc_new(const cfg_t *c) { return rfc_create(c); }
static void rfc_free(void *d) { rfc_destroy(d); }
static drv_opc rfc_hook(void *d) { return rfc_opc(d); }
static const opc_stats *rfc_stats(void *d) { return rfc_get_stats(d); }
static void *proto_new(const cfg_t *c) { return proto_create(c); }
static void proto_free(void *d) { proto_destroy(d); }
static drv_opc proto_hook(void *d) { return proto_opc(d); }
static const opc_stats *proto_stats(void *d) { return proto_get_stats(d); }

/* By CFG_OPC_* (none first: no design). */
static const opc_design designs[] = {
    [CFG_OPC_NONE] = {"none", "no operand cache", NULL, NULL, NULL, NULL, NULL, NULL},
    [CFG_OPC_REUSE] = {"reuse", "NVIDIA's operand reuse cache", reuse_new, reuse_free,
                       reuse_hook, reuse_stats, rc_storage_bits, rc_entries},
    [CFG_OPC_BOW] = {"bow", "BOW operand windows (results written through)", bow_new,
                     bow_free, bow_hook, bow_stats, bow_storage_bits, bow_entries},
    [CFG_OPC_BOW_WR] = {"bow_wr", "BOW-WR operand windows (results to the RF only when read later)",
                        bow_wr_new, bow_free, bow_hook, bow_stats, bow_storage_bits, bow_entries},
    [CFG_OPC_RFC] = {"rfc", "RFC with a two-level scheduler", rfc_new, rfc_free, rfc_hook,
                     rfc_stats, rfc_storage_bits, rfc_entries_of},
    [CFG_OPC_PROTO] = {"proto", "the authors' prototype: farthest next use, admission above rthld or after sthld_init stalls",
                       proto_new, proto_free, proto_hook, proto_stats, proto_storage_bits, proto_entries},
};
#define NDESIGNS (sizeof designs / sizeof designs[0])

struct opc {
    const opc_design *d;
    void *impl;
};

opc_t *opc_create(const cfg_t *c)
{
    if (c->operand_cache >= NDESIGNS || !designs[c->operand_cache].create) return NULL;
    opc_t *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    o->d = &designs[c->operand_cache];
    if (!(o->impl = o->d->create(c))) {
        free(o);
        return NULL;
    }
    return o;
}

void opc_destroy(opc_t *o)
{
    if (!o) return;
    o->d->destroy(o->impl);
    free(o);
}

drv_opc opc_hook(opc_t *o)
{
    return o->d->hook(o->impl);
}

const opc_stats *opc_get_stats(opc_t *o)
{
    return o->d->stats(o->impl);
}

void opc_note_sources(opc_stats *st, const drv_inst *h, uint32_t looked, uint32_t hits)
{
    st->lookups += (uint64_t)__builtin_popcount(looked);
    st->hit_slots += (uint64_t)__builtin_popcount(hits);
    for (unsigned s = 0; hits && s < h->nsrc; s++) { /* each register at its first operand */
        int first = 1, whole = 1;
        for (unsigned k = 0; k < h->nsrc; k++) {
            if (h->src[k] != h->src[s]) continue;
            if (k < s) first = 0;
            if (!(hits >> k & 1u)) whole = 0;
        }
        st->hit_regs += (uint64_t)(first && whole);
    }
}

void opc_add(opc_stats *t, const opc_stats *a)
{
    t->lookups += a->lookups;
    t->hit_slots += a->hit_slots;
    t->hit_regs += a->hit_regs;
    t->fills += a->fills;
    t->rf_writes_saved += a->rf_writes_saved;
    t->admit_far += a->admit_far;
    t->admit_wait += a->admit_wait;
    t->admit_refused += a->admit_refused;
    t->evict_live += a->evict_live;
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
    return c->operand_cache < NDESIGNS && designs[c->operand_cache].storage
               ? designs[c->operand_cache].storage(c) : 0;
}

uint64_t opc_entries(const cfg_t *c)
{
    return c->operand_cache < NDESIGNS && designs[c->operand_cache].entries
               ? designs[c->operand_cache].entries(c) : 0;
}

const char *opc_name(unsigned design)
{
    return design < NDESIGNS ? designs[design].name : "?";
}

const char *opc_what(unsigned design)
{
    return design < NDESIGNS ? designs[design].what : "?";
}
