/* opcdesign.h - the descriptor each comparison design exports (reuse_design, bow_design,
 * bow_wr_design, rfc_design, proto_design, gtoany_design): its name and the calls the registry (opc.h)
 * makes on it, its state behind a void pointer.
 */
#ifndef OPCDESIGN_H
#define OPCDESIGN_H

#include <stdint.h>
#include "cfg.h"
#include "opckeys.h"
#include "drv.h"
#include "opcstat.h"

typedef struct {
    const char *name;                       /* the cfg.operand_cache word: "reuse", ... */
    const char *what;                       /* a few words on it, for the summary */
    /* empty state for c, its keys ok and the driver's dk; NULL when out of memory */
    void *(*create)(const cfg_t *c, const opc_keys *ok, const drv_keys *dk);
    void (*destroy)(void *d);               /* free it (NULL is fine) */
    drv_opc (*hook)(void *d);               /* the driver hook (drv_set_opc) */
    const opc_stats *(*stats)(void *d);     /* counters since creation */
    uint64_t (*storage_bits)(const cfg_t *c, const opc_keys *ok); /* bits it adds per sub-core */
    uint64_t (*entries)(const cfg_t *c, const opc_keys *ok);    /* data entries it adds per sub-core */
} opc_design;

#endif
