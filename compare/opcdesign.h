/* opcdesign.h - the descriptor each comparison design exports (reuse_design, bow_design,
 * bow_wr_design, rfc_design, proto_design): its name and the calls the registry (opc.h)
 * makes on it, its state behind a void pointer.
 */
#ifndef OPCDESIGN_H
#define OPCDESIGN_H

#include <stdint.h>
#include "cfg.h"
#include "drv.h"
#include "opcstat.h"

typedef struct {
    const char *name;                       /* the cfg.operand_cache word: "reuse", ... */
    const char *what;                       /* a few words on it, for the summary */
    void *(*create)(const cfg_t *c);        /* empty state for c; NULL when out of memory */
    void (*destroy)(void *d);               /* free it (NULL is fine) */
    drv_opc (*hook)(void *d);               /* the driver hook (drv_set_opc) */
    const opc_stats *(*stats)(void *d);     /* counters since creation */
    uint64_t (*storage_bits)(const cfg_t *c); /* bits it adds per sub-core */
    uint64_t (*entries)(const cfg_t *c);    /* data entries it adds per sub-core */
} opc_design;

#endif
