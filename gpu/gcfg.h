/* gcfg.h - the configuration of the machine the GPU model runs: the sub-core's hardware
 * keys, the driver's, the comparison designs' and the GPU's own, each a part read by its
 * component (composed and parsed with the energy keys by sim/simcfg.h).
 */
#ifndef GCFG_H
#define GCFG_H

#include "cfg.h"
#include "drvkeys.h"
#include "gpukeys.h"
#include "opckeys.h"

typedef struct {
    cfg_t hw;     /* the RTL's keys (cmodel/cfg.h) */
    drv_keys drv; /* workload, hints, execution latencies, driver variants (driver/drvkeys.h) */
    opc_keys opc; /* comparison designs (compare/opckeys.h) */
    gpu_keys gpu; /* the GPU around the sub-core (gpu/gpukeys.h) */
} gpu_cfg;

#endif
