/* preset.h - architecture presets of the GPU model: every GPU key (and the execution
 * latencies) that a configuration leaves unset takes the preset's value. Sources of every
 * value: docs/gpu.md.
 */
#ifndef PRESET_H
#define PRESET_H

#include "gcfg.h"

/* The preset c->arch names, or (auto) the one of the trace's binary version (90 and up:
 * hopper, 80-89: ampere, else turing). */
unsigned preset_pick(const gpu_cfg *c, int binary_version);

/* "turing", "ampere", "hopper". */
const char *preset_name(unsigned arch);

/* The GPU the preset models, e.g. "NVIDIA H100 PCIe". */
const char *preset_gpu(unsigned arch);

/* Set every key of preset `arch` that c leaves unset (cfg_is_set). 0, or -1 with err. */
int preset_apply(gpu_cfg *c, unsigned arch, char *err);

#endif
