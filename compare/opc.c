/* opc.c - the registry of comparison designs (see opc.h). */
#include "opc.h"

#include <stdlib.h>
#include "bow.h"
#include "gtoany.h"
#include "opcdesign.h"
#include "proto.h"
#include "reuse.h"
#include "rfc.h"

static const opc_design no_design = {.name = "none", .what = "no operand cache"};

/* By OPC_* (none first: no design). */
static const opc_design *const designs[] = {
    [OPC_NONE] = &no_design,
    [OPC_REUSE] = &reuse_design,
    [OPC_BOW] = &bow_design,
    [OPC_BOW_WR] = &bow_wr_design,
    [OPC_RFC] = &rfc_design,
    [OPC_PROTO] = &proto_design,
    [OPC_GTO_ANY] = &gtoany_design,
    [OPC_GTO_OWN] = &gtoown_design,
};
#define NDESIGNS (sizeof designs / sizeof designs[0])

struct opc {
    const opc_design *d;
    void *impl;
};

opc_t *opc_create(const cfg_t *c, const opc_keys *ok, const drv_keys *dk)
{
    if (ok->operand_cache >= NDESIGNS || !designs[ok->operand_cache]->create) return NULL;
    opc_t *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    o->d = designs[ok->operand_cache];
    if (!(o->impl = o->d->create(c, ok, dk))) {
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

uint64_t opc_storage_bits(const cfg_t *c, const opc_keys *ok)
{
    return ok->operand_cache < NDESIGNS && designs[ok->operand_cache]->storage_bits
               ? designs[ok->operand_cache]->storage_bits(c, ok) : 0;
}

uint64_t opc_entries(const cfg_t *c, const opc_keys *ok)
{
    return ok->operand_cache < NDESIGNS && designs[ok->operand_cache]->entries
               ? designs[ok->operand_cache]->entries(c, ok) : 0;
}

const char *opc_name(unsigned design)
{
    return design < NDESIGNS ? designs[design]->name : "?";
}

const char *opc_what(unsigned design)
{
    return design < NDESIGNS ? designs[design]->what : "?";
}
