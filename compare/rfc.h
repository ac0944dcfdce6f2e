/* rfc.h - RFC, the register file cache with a two-level warp scheduler of Gebhart et al.
 * ("Energy-efficient mechanisms for managing thread context in throughput processors",
 * ISCA 2011), as a comparison design beside the baseline collectors (docs/compare.md), in
 * the sub-core form the long Malekeh paper evaluates (section VI-A: two active warps of
 * eight per sub-core, its 9.9 % IPC loss).
 *
 * Only the active set's warps (rfc_active of them) may issue; an active warp whose next
 * instruction waits for a register a global, local or constant load will write (a
 * long-latency dependence; a shared-memory load is short) leaves the set and its cache
 * entries are flushed; the warp that has waited longest among those not held so
 * takes its place (the driver's two-level scheduling, drv_opc.active_max). Each warp's
 * cache holds the results of its last rfc_entries register writes (FIFO, write-allocate:
 * every result goes into it; sources that miss are read from the banks and not
 * allocated; rfc_entries = 0: no cache, the two-level scheduler alone). A source found in the warp's cache takes no bank read. A result reaches the
 * register file only when it leaves the cache (evicted or flushed) and a later read of it,
 * before the register is written again, needs it there: the compiler's liveness of the
 * paper, here known exactly from the warp's own stream.
 */
#ifndef RFC_H
#define RFC_H

#include <stdint.h>
#include "cfg.h"
#include "opckeys.h"
#include "drv.h"
#include "opcdesign.h"

typedef struct rfc rfc_t;

/* Empty caches for configuration c's warps (rfc_entries each). NULL when out of memory. */
rfc_t *rfc_create(const cfg_t *c, const opc_keys *ok);

/* Free it (NULL is fine). */
void rfc_destroy(rfc_t *r);

/* The driver hook (drv_set_opc), two-level scheduling with rfc_active warps included. */
drv_opc rfc_opc(rfc_t *r);

/* Counters since creation: lookups are every source operand, fills the results written
 * into the caches, rf_writes_saved the results no later read needed from the register
 * file (a result still open at the end of a run: by the reads so far). */
const opc_stats *rfc_get_stats(rfc_t *r);

/* Bits RFC adds per sub-core: rfc_entries entries (data, valid, register id) for each of
 * the rfc_active active warps. */
uint64_t rfc_storage_bits(const cfg_t *c, const opc_keys *ok);

/* Data entries (registers of data_bits) RFC adds per sub-core: rfc_active x rfc_entries. */
uint64_t rfc_entries_of(const opc_keys *ok);

/* The RFC design behind the registry's interface (opc.h, cfg.operand_cache = rfc). */
extern const opc_design rfc_design;

#endif
