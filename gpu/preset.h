/* preset.h - architecture presets of the GPU model: every GPU key (and the execution
 * latencies) that a configuration leaves unset takes the preset's value. Sources of every
 * value: docs/gpu.md.
 */
#ifndef PRESET_H
#define PRESET_H

#include <stdint.h>
#include "gcfg.h"

/* The preset c->arch names, or (auto) the one of the trace's binary version (90 and up:
 * hopper, 80-89: ampere, else turing). */
unsigned preset_pick(const gpu_cfg *c, int binary_version);

/* "turing", "ampere", "hopper". */
const char *preset_name(unsigned arch);

/* The GPU the preset models, e.g. "NVIDIA H100 PCIe". */
const char *preset_gpu(unsigned arch);

/* The L1 (KiB) of a kernel whose resident blocks take shmem_bytes of an SM's shared
 * memory: with c->gpu.l1_adaptive, l1_unified_kb less the smallest carve-out of the
 * architecture that holds them (the largest if none does), as Accel-Sim's adaptive cache
 * (shader.cc) with NVIDIA's carve-outs; else l1_kb. */
unsigned preset_l1_kb(const gpu_cfg *c, uint64_t shmem_bytes);

/* Set every key of preset `arch` that c leaves unset (cfg_is_set); a configuration that
 * sets l1_kb and not l1_adaptive gets l1_adaptive = off. 0, or -1 with err. */
int preset_apply(gpu_cfg *c, unsigned arch, char *err);

#endif
