/* preset.c - architecture presets (see preset.h; docs/gpu.md cites every value). */
#include "preset.h"

#include <stdio.h>

typedef struct {
    const char *key, *value;
} kv;

/* Launch costs: measured on the H100 PCIe (../shared/hw-cycles/launch_overhead.csv, empty
 * kernels), used for every preset: no other GPU's launch was measured (docs/gpu.md). */
#define LAUNCH \
    {"launch_lat", "800"}, {"exit_lat", "695"}, {"launch_min", "2360"}, \
    {"block_interval", "1.172"}, {"block_exit_lat", "472"}, {"warp_exit_lat", "5.75"}, \
    {"launch_min_block", "0.8"}

/* Turing, NVIDIA RTX 2060 (the papers' GPU): Accel-Sim SM75_RTX2060 gpgpusim.config and
 * trace.config; latencies from microbenchmarks (docs/gpu.md); the share of the DRAM's
 * peak a stream of reads or writes sustains measured on the nearest GPU mt4g measured
 * (RTX 2080 Ti, A100 PCIe 40GB, H100 80GB HBM3; docs/gpu.md). exec_* stay the defaults
 * (Accel-Sim's RTX 2060 trace.config). */
static const kv turing[] = {
    {"sms", "30"}, {"clock_mhz", "1365"}, {"max_blocks_sm", "16"}, {"regs_sm", "65536"}, {"shmem_sm", "65536"},
    {"l1_kb", "64"}, {"l1_unified_kb", "96"}, {"l1_ways", "64"}, {"l1_mshrs", "256"},
    {"l2_kb", "3072"}, {"l2_ways", "16"}, {"l2_slices", "24"}, {"l2_lat", "211"},
    {"l2_bw", "32"}, {"dram_lat", "567"}, {"dram_bw", "246"},
    {"dram_read_eff", "0.948"}, {"dram_write_eff", "0.714"},
    {"const_lat", "18"}, {"const_miss_lat", "211"}, {"icache_miss_lat", "38"},
    LAUNCH, {NULL, NULL}};

/* Ampere, NVIDIA A100 (sm_80): Accel-Sim SM80_A100; latencies: Accel-Sim's trace latencies
 * and microbenchmarks, less the 3 cycles the sub-core pipeline spends itself. */
static const kv ampere[] = {
    {"sms", "108"}, {"clock_mhz", "1410"}, {"max_blocks_sm", "32"}, {"regs_sm", "65536"}, {"shmem_sm", "167936"},
    {"l1_kb", "128"}, {"l1_unified_kb", "192"}, {"l1_ways", "64"}, {"l1_mshrs", "512"},
    {"l2_kb", "40960"}, {"l2_ways", "16"}, {"l2_slices", "160"}, {"l2_lat", "207"},
    {"l2_bw", "32"}, {"dram_lat", "547"}, {"dram_bw", "1372"},
    {"dram_read_eff", "0.758"}, {"dram_write_eff", "0.803"},
    {"const_lat", "18"}, {"const_miss_lat", "207"}, {"icache_miss_lat", "38"},
    {"exec_int", "1,2"}, {"exec_fp", "1,2"}, {"exec_dp", "3,4"}, {"exec_sfu", "20,8"},
    {"exec_ldst", "36,4"}, {"exec_shmem", "25,4"}, {"exec_tensor", "9,8"},
    {"exec_branch", "1,4"},
    LAUNCH, {NULL, NULL}};

/* Hopper, NVIDIA H100 PCIe (the GPU of ../shared/hw-cycles): 114 SMs; Accel-Sim SM90_H100
 * (an SXM5) for the memory hierarchy; latencies from microbenchmarks, less the 3 cycles
 * of the sub-core pipeline; exec_fp calibrated on the dependent-FFMA kernels. */
static const kv hopper[] = {
    {"sms", "114"}, {"clock_mhz", "1755"}, {"max_blocks_sm", "32"}, {"regs_sm", "65536"}, {"shmem_sm", "233472"},
    {"l1_kb", "192"}, {"l1_unified_kb", "256"}, {"l1_ways", "64"}, {"l1_mshrs", "512"},
    {"l2_kb", "51200"}, {"l2_ways", "20"}, {"l2_slices", "80"}, {"l2_lat", "235"},
    {"l2_bw", "32"}, {"dram_lat", "800"}, {"dram_bw", "1140"},
    {"dram_read_eff", "0.820"}, {"dram_write_eff", "0.899"},
    {"const_lat", "18"}, {"const_miss_lat", "235"}, {"icache_miss_lat", "38"},
    {"exec_int", "1,2"}, {"exec_fp", "1,2"}, {"exec_dp", "5,2"}, {"exec_sfu", "20,8"},
    {"exec_ldst", "35,4"}, {"exec_shmem", "27,4"}, {"exec_tensor", "21,8"},
    {"exec_branch", "1,4"},
    LAUNCH, {NULL, NULL}};

/* The shared-memory capacities (KiB) an SM of each architecture can be configured to, the
 * rest of its unified storage being L1: NVIDIA's CUDA C++ Programming Guide, compute
 * capabilities 7.5 (96 KB unified), 8.0 (192) and 9.0 (256). Accel-Sim's configurations
 * list a subset (gpgpu_shmem_option 32,64; 0,8,16,32,64,164; 0,8,16,32,64,228). */
static const unsigned carve_turing[] = {32, 64, 0};
static const unsigned carve_ampere[] = {0, 8, 16, 32, 64, 100, 132, 164, 0};
static const unsigned carve_hopper[] = {0, 8, 16, 32, 64, 100, 132, 164, 196, 228, 0};

unsigned preset_l1_kb(const gpu_cfg *c, uint64_t shmem_bytes)
{
    if (!c->gpu.l1_adaptive || !c->gpu.l1_unified_kb) return c->gpu.l1_kb;
    const unsigned *o = c->gpu.arch == GPU_ARCH_HOPPER   ? carve_hopper
                        : c->gpu.arch == GPU_ARCH_AMPERE ? carve_ampere
                                                         : carve_turing;
    unsigned carve = o[0];
    for (unsigned i = 0; o[i] || i == 0; i++) { /* ascending; the list ends at a later 0 */
        carve = o[i];
        if ((uint64_t)o[i] * 1024 >= shmem_bytes) break;
    }
    return c->gpu.l1_unified_kb > carve ? c->gpu.l1_unified_kb - carve : 0;
}

unsigned preset_pick(const gpu_cfg *c, int binary_version)
{
    if (c->gpu.arch != GPU_ARCH_AUTO) return c->gpu.arch;
    if (binary_version >= 90) return GPU_ARCH_HOPPER;
    if (binary_version >= 80) return GPU_ARCH_AMPERE;
    return GPU_ARCH_TURING;
}

const char *preset_name(unsigned arch)
{
    return arch == GPU_ARCH_HOPPER ? "hopper" : arch == GPU_ARCH_AMPERE ? "ampere" : "turing";
}

const char *preset_gpu(unsigned arch)
{
    return arch == GPU_ARCH_HOPPER   ? "NVIDIA H100 PCIe"
           : arch == GPU_ARCH_AMPERE ? "NVIDIA A100"
                                     : "NVIDIA RTX 2060";
}

int preset_apply(gpu_cfg *c, unsigned arch, char *err)
{
    const kv *p = arch == GPU_ARCH_HOPPER ? hopper : arch == GPU_ARCH_AMPERE ? ampere : turing;
    char where[64];
    cfg_parts ps = {.n = 2}; /* a preset sets the GPU's keys and the execution latencies */
    ps.p[0] = gpuk_part(&c->gpu);
    ps.p[1] = drvk_part(&c->drv);
    snprintf(where, sizeof where, "preset %s", preset_name(arch));
    /* an L1 size the configuration sets is the L1 of every kernel, unless it asks for the
     * adaptive carve-out itself */
    if (cfg_parts_is_set(&ps, "l1_kb") && !cfg_parts_is_set(&ps, "l1_adaptive") &&
        cfg_parts_set(&ps, "l1_adaptive", "off", "l1_kb set", err))
        return -1;
    for (; p->key; p++)
        if (!cfg_parts_is_set(&ps, p->key) && cfg_parts_set(&ps, p->key, p->value, where, err))
            return -1;
    return 0;
}
