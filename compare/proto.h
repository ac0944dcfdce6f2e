/* proto.h - the authors' prototype policy (`stallthresh`, upc-arco/accel-sim-framework
 * branch stallthresh, gpu-simulator/gpgpu-sim/src/gpgpu-sim/rfwithcache.cc) as a
 * comparison design beside the baseline collectors (docs/compare.md), with a CCU model of
 * its own: cmodel/, the RTL's twin, keeps one hint bit per entry and no distance.
 *
 * `ccus` CCUs, each owned by one warp (the driver's active set, drv_opc.active_max =
 * ccus), each holding up to `entries` registers of its owner. Every source of the owner
 * is looked up in its CCU: a hit takes no bank read; a miss is read from the banks and
 * fills an entry; every result of the owner is written into its CCU too (and to the
 * register file, as before). Each entry keeps the position in its warp's stream of the
 * register's next read (the exact next-use distance, hint_next_use, counted from the
 * instruction that last touched it; none when the register is written before it is read
 * again). Replacement: an invalid entry, else the one whose next read is farthest (a value
 * never read again first), ties to the least recently touched; the entries the issuing
 * instruction reads or writes are not replaced by it.
 * Admission (drv_opc.admit): in a cycle in which no owner presented an instruction while
 * a warp without a CCU could have, that warp takes the CCU of an owner with no instruction
 * in collection at once when every live value that owner holds is next read more than
 * rthld instructions on (the prototype's distance threshold, 10); else it waits, and once
 * sthld_init such cycles were refused since the last forced admission (the prototype's 50)
 * the next one admits it anyway. The CCU given is the one whose nearest live value is
 * farthest (ties: fewer live values, then the lowest warp). The owner that loses its CCU
 * is flushed. A warp keeps its CCU while it waits on memory or at a barrier; it loses it
 * only to an admission or when it ends.
 */
#ifndef PROTO_H
#define PROTO_H

#include <stdint.h>
#include "cfg.h"
#include "opckeys.h"
#include "drv.h"
#include "opcdesign.h"

#define PROTO_DIST_BITS 16 /* an entry's distance field: hint_next_use's range */

typedef struct proto proto_t;

/* Empty CCUs for configuration c (ccus of entries each, threshold rthld, wait sthld_init).
 * NULL when out of memory. */
proto_t *proto_create(const cfg_t *c, const drv_keys *dk);

/* Free it (NULL is fine). */
void proto_destroy(proto_t *p);

/* The driver hook (drv_set_opc): active set of ccus warps, with the admission rule. */
drv_opc proto_opc(proto_t *p);

/* Counters since creation: lookups are every source operand, fills the values written into
 * the CCUs (source fills and results), and the admissions and live evictions (admit_far,
 * admit_wait, admit_refused, evict_live). */
const opc_stats *proto_get_stats(const proto_t *p);

/* Bits the design adds per sub-core: ccus x entries entries (data, valid, register id and
 * a PROTO_DIST_BITS distance) and the wait's stall counter (clog2(sthld_init + 1) bits). */
uint64_t proto_storage_bits(const cfg_t *c);

/* Data entries (registers of data_bits) the design adds per sub-core: ccus x entries. */
uint64_t proto_entries(const cfg_t *c);

/* The proto design behind the registry's interface (opc.h, cfg.operand_cache = proto). */
extern const opc_design proto_design;

#endif
