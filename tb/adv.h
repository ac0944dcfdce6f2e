/* adv.h - adversarial ("legal = 0") inputs for the sub-core model: every input field is
 * random every cycle, with no scoreboard and no protocol: any warp valid, any registers,
 * duplicate sources, random hints and tags, every write-back port randomly valid (often
 * two ports to one bank, often the same warp and register), random data, and disp_ready
 * low for random stretches of 0..ADV_MAX_RUN cycles.
 *
 * Ranges: values always fit their port widths AND stay inside the configuration: warp ids
 * < cfg.warps, register ids < cfg.regs, tags masked to cfg.tag_bits, data masked to
 * cfg.data_bits (zero above), src_valid only for s < cfg.slots, inst/wb valids only for
 * w < cfg.warps and p < cfg.wb_ports; everything beyond is 0. (A wid >= warps or a
 * reg >= regs would fit the port width when warps/regs is not a power of two; we do not
 * generate those: the top level's behaviour for them is not specified.)
 */
#ifndef ADV_H
#define ADV_H

#include "cfg.h"
#include "sc.h"

#define ADV_MAX_RUN 200

typedef struct adv adv_t;

/* Create a generator for configuration c (copied) and seed; NULL on allocation failure. */
adv_t *adv_create(const cfg_t *c, unsigned long seed);

/* Free a generator (NULL is fine). */
void adv_destroy(adv_t *a);

/* Fill every field of *in with this cycle's random values (cleared first). */
void adv_inputs(adv_t *a, sc_in *in);

#endif
