/* bow.h - BOW, "Breathing Operand Windows to Exploit Bypassing in GPUs" (Esfeden et al.,
 * MICRO 2020), as a comparison design beside the baseline collectors (docs/compare.md).
 *
 * Each warp has a collector of its own (ccus = warps) that keeps the registers of its last
 * bow_window instructions: a source register read or written by one of the warp's previous
 * bow_window - 1 instructions is taken from the collector instead of a bank. Results are
 * written into the collector and, in BOW, through to the register file; in BOW-WR a result
 * reaches the register file only when a later read of it, before the register is written
 * again, does not find it in the window (the compiler's liveness hints of the paper; here
 * known exactly from the warp's own stream).
 */
#ifndef BOW_H
#define BOW_H

#include <stdint.h>
#include "cfg.h"
#include "opckeys.h"
#include "drv.h"
#include "opcdesign.h"

typedef struct bow bow_t;

/* An empty window for each of configuration c's warps; wr: BOW-WR. NULL when out of
 * memory. */
bow_t *bow_create(const cfg_t *c, const opc_keys *ok, int wr);

/* Free it (NULL is fine). */
void bow_destroy(bow_t *b);

/* The driver hook (drv_set_opc); b must outlive the driver. */
drv_opc bow_opc(bow_t *b);

/* Counters since creation: lookups are every source operand, fills the results written
 * into the collectors; BOW-WR: rf_writes_saved counts the results no later read needs from
 * the register file (a result still open at the end of a run: by the reads so far). */
const opc_stats *bow_get_stats(bow_t *b);

/* Bits BOW adds per sub-core: per warp, 4 registers (data, valid, register id) for each
 * of the bow_window - 1 instructions kept beyond the current one (the paper's sizing). */
uint64_t bow_storage_bits(const cfg_t *c, const opc_keys *ok);

/* Data entries (registers of data_bits) BOW adds per sub-core: warps x (bow_window - 1) x 4. */
uint64_t bow_entries(const cfg_t *c, const opc_keys *ok);

/* The BOW design behind the registry's interface (opc.h, cfg.operand_cache = bow). */
extern const opc_design bow_design;

/* The BOW-WR design behind the registry's interface (opc.h, cfg.operand_cache = bow_wr). */
extern const opc_design bow_wr_design;

#endif
