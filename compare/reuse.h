/* reuse.h - NVIDIA's operand reuse cache, as Huerta et al. reverse-engineered it (MICRO
 * 2025, "Dissecting and Modeling the Architecture of Modern GPU Cores", section 5.3.1), as
 * a comparison design beside the baseline collectors (docs/compare.md).
 *
 * Per sub-core, one entry per register-file bank and operand position (a, b, c: the first
 * TRC_REUSE_SLOTS sources), each holding one warp register. Source position p of warp w
 * naming register r in bank b hits when entry (b, p) holds (w, r). Every read of position p
 * in bank b, hit or miss, leaves the entry empty unless the instruction's reuse bit of that
 * operand is set, in which case the entry holds (w, r) afterwards (a hit with the bit set
 * keeps it; a miss with the bit set fills it). Write-backs do not touch it: the compiler
 * sets no reuse bit across a write of the register (hint_reuse_bits). Operands that hit are
 * not presented to the sub-core, so they take no bank read and no collector slot.
 *
 * reuse_read = direct puts it where NVIDIA has it, in front of one in-order operand-read
 * stage with no collectors to buffer for it (docs/compare.md): an instruction issued at
 * cycle t holds the stage for rc_read_cycles cycles (the most non-hit registers it reads from
 * one bank, at least 1) and no instruction issues before the stage is free again (the
 * driver's gate, drv_opc.gate). reuse_bits = off takes every reuse bit as clear: the cache
 * never holds anything (MICRO'25's cache turned off).
 */
#ifndef REUSE_H
#define REUSE_H

#include <stdint.h>
#include "cfg.h"
#include "opckeys.h"
#include "drv.h"
#include "opcdesign.h"

/* Its counters (opc_stats): lookups are the source operands at a cached position (<
 * TRC_REUSE_SLOTS); fills the entries written (a miss with its reuse bit set); no
 * register-file write is saved; read_stalls the cycles the read stage held the issue
 * (reuse_read = direct). */

typedef struct rc rc_t;

/* An empty reuse cache for configuration c's banks and warps; NULL when out of memory. */
rc_t *rc_create(const cfg_t *c, const opc_keys *ok);

/* Free a cache (NULL is fine). */
void rc_destroy(rc_t *r);

/* The driver hook of cache r (drv_set_opc); r must outlive the driver. */
drv_opc rc_opc(rc_t *r);

/* Counters since creation. */
const opc_stats *rc_get_stats(const rc_t *r);

/* reuse_read = direct: the cycles the read stage spends on warp w's instruction h when the
 * sources in `hits` come from the cache: the most distinct registers it reads from any one
 * of `banks` banks (one read port each), at least 1. */
unsigned rc_read_cycles(unsigned banks, unsigned w, const drv_inst *h, uint32_t hits);

/* Bits of storage the cache adds per sub-core: per bank and position, a value of
 * data_bits, a valid bit, a warp id and a register id. */
uint64_t rc_storage_bits(const cfg_t *c);

/* Data entries (registers of data_bits) the cache adds per sub-core: banks x 3 positions. */
uint64_t rc_entries(const cfg_t *c);

/* The reuse design behind the registry's interface (opc.h, cfg.operand_cache = reuse). */
extern const opc_design reuse_design;

#endif
