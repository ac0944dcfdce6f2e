/* opc.h - operand caches beside the baseline collectors: the comparison designs of
 * docs/compare.md, chosen by cfg.operand_cache, each plugged into the driver as a drv_opc.
 *
 *   reuse   NVIDIA's operand reuse cache (Huerta et al., MICRO 2025; reuse.h)
 *   bow     BOW, a per-warp window over the last instructions' operands (Esfeden et al.,
 *           MICRO 2020; bow.h), results written through to the register file
 *   bow_wr  BOW-WR: the same window, a result written to the register file only when an
 *           instruction after the window reads it (the compiler's liveness hints)
 *   rfc     RFC with a two-level scheduler (Gebhart et al., ISCA 2011; rfc.h)
 *   proto   the authors' prototype policy (`stallthresh`; proto.h): CCUs owned by warps,
 *           replacement by the farthest next read, admission above rthld or after a wait
 *
 * This is the registry: each design exports one descriptor (opcdesign.h), this file picks
 * one by cfg.operand_cache. The counters and the helpers the designs share are opcstat.h.
 */
#ifndef OPC_H
#define OPC_H

#include <stdint.h>
#include "cfg.h"
#include "opckeys.h"
#include "drv.h"
#include "opcstat.h"

typedef struct opc opc_t;

/* The operand cache ok->operand_cache names, empty; NULL when it names none or when out of
 * memory. */
opc_t *opc_create(const cfg_t *c, const opc_keys *ok, const drv_keys *dk);

/* Free a cache (NULL is fine). */
void opc_destroy(opc_t *o);

/* The driver hook of cache o (drv_set_opc); o must outlive the driver. */
drv_opc opc_hook(opc_t *o);

/* Counters since creation (BOW-WR: write-backs whose fate is still open count as needed). */
const opc_stats *opc_get_stats(opc_t *o);

/* Bits of storage the design adds per sub-core (0 for none). */
uint64_t opc_storage_bits(const cfg_t *c, const opc_keys *ok);

/* Data entries (registers of data_bits) the design adds per sub-core (0 for none): what its
 * storage clock is priced on (sim/energy.h). */
uint64_t opc_entries(const cfg_t *c, const opc_keys *ok);

/* The design's name ("none", "reuse", "bow", "bow_wr", "rfc", "proto") and a few words on it. */
const char *opc_name(unsigned design);
const char *opc_what(unsigned design);

#endif
