/* gtoany.h - GTO + LRU with the baseline's collector allocation (operand_cache = gto_any):
 * a test of hypothesis (1) of docs/compare.md, section "GTO + LRU against the long paper's
 * 7.9 %", that the paper's GTO + LRU system gives a warp any free collector, as the baseline
 * does, and so loses the warp's cached values whenever it lands in another collector.
 *
 * On the baseline collectors (caching = off; run with scheduler = gto) each of the `ccus`
 * collectors has a cache of `entries` registers, holding the values of at most one warp
 * (its owner), and a warp's values live in at most one collector. An instruction of warp w
 * goes to a free collector k chosen as the baseline chooses (any free one, by a 16-bit LFSR,
 * cmodel/lfsr.h's lfsr_pick, seeded with lfsr_seed and stepped at each issue). Its sources
 * are looked up in k only if k's owner is w; otherwise k's values are dropped (k's owner
 * loses them), w's values in any other collector are dropped, and w owns k from then on.
 * Misses fill k (LRU; an entry the instruction itself read or wrote is not replaced by it),
 * and every result of w is written into k too (no write filter, no hints).
 *
 * The collector is the design's own: drv_opc does not say which baseline collector the
 * sub-core gave, and the sources an instruction reads from the cache must be known before it
 * issues. The design follows the same occupancy as the sub-core (a collector is busy from
 * the issue to the dispatch, drv_opc.dispatched, one instruction per warp), so at every
 * issue it has as many free collectors as the sub-core and picks one at random as the
 * baseline does; only which of the free ones is drawn differs. A dispatch frees its
 * collector from the next cycle (drv_opc.gate, asked once per cycle, is its clock: it never
 * holds the issue), as the sub-core decides an issue on the state before the cycle.
 *
 * operand_cache = gto_own, the control: the same caches, but a warp goes to the collector
 * holding its values whenever that one is free (a random free one only when it is busy, or
 * when the warp holds none). So gto_any against gto_own is the cost of the any-free rule
 * alone, on the same cache organisation.
 */
#ifndef GTOANY_H
#define GTOANY_H

#include <stdint.h>
#include "cfg.h"
#include "opckeys.h"
#include "drv.h"
#include "opcdesign.h"

typedef struct gtoany gtoany_t;

/* Empty collectors' caches for configuration c (ccus of entries each); own: gto_own's pick.
 * NULL when out of memory. */
gtoany_t *gtoany_create(const cfg_t *c, int own);

/* Free it (NULL is fine). */
void gtoany_destroy(gtoany_t *g);

/* The driver hook (drv_set_opc): lookups and fills at issue, collectors freed after dispatch. */
drv_opc gtoany_opc(gtoany_t *g);

/* Counters since creation: lookups are every source operand, fills the values written into
 * the caches (source misses and results), moves the instructions given a collector their
 * warp did not own, drops_nonempty the caches dropped while they held a value. */
const opc_stats *gtoany_get_stats(const gtoany_t *g);

/* Bits the design adds per sub-core: ccus x entries entries (data, valid, register id) and
 * an owner per collector (valid, warp id). */
uint64_t gtoany_storage_bits(const cfg_t *c);

/* Data entries (registers of data_bits) the design adds per sub-core: ccus x entries. */
uint64_t gtoany_entries(const cfg_t *c);

/* The gto_any design behind the registry's interface (opc.h, cfg.operand_cache = gto_any). */
extern const opc_design gtoany_design;

/* The gto_own control (cfg.operand_cache = gto_own): the same, with gto_own's pick. */
extern const opc_design gtoown_design;

#endif
