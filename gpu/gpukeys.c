/* gpukeys.c - the GPU's key table (gpukeys.h); 0 = the architecture preset's value
 * (gpu/preset.c, sources in docs/gpu.md). */
#include "gpukeys.h"

#include <stddef.h>

enum {
    KI_MACHINE, KI_ARCH, KI_SMS, KI_CLOCK_MHZ, KI_SM_SUBSET, KI_SM_FILL, KI_FAST_IDLE, KI_SM_BATCH,
    KI_GRID_SCALE, KI_SUBCORE_ASSIGN, KI_MAX_BLOCKS_SM, KI_REGS_SM, KI_SHMEM_SM, KI_L1_KB,
    KI_L1_ADAPTIVE, KI_L1_UNIFIED_KB, KI_L1_WAYS, KI_L1_MSHRS, KI_L2_KB, KI_L2_WAYS, KI_L2_SLICES, KI_L2_LAT, KI_L2_BW,
    KI_MEMCPY_L2, KI_DRAM_LAT, KI_DRAM_BW, KI_DRAM_READ_EFF, KI_DRAM_WRITE_EFF, KI_CONST_LAT, KI_CONST_MISS_LAT, KI_ICACHE_MISS_LAT,
    KI_LAUNCH_LAT, KI_LAUNCH_MIN, KI_LAUNCH_MIN_BLOCK, KI_EXIT_LAT, KI_BLOCK_INTERVAL,
    KI_BLOCK_EXIT_LAT, KI_WARP_EXIT_LAT, KI_COUNT
};
_Static_assert(KI_COUNT <= GPUK_MAX_KEYS, "GPUK_MAX_KEYS too small");

static const char *const machine_words[] = {"subcore", "gpu", NULL};
static const char *const arch_words[] = {"auto", "turing", "ampere", "hopper", NULL};
static const char *const assign_words[] = {"rr", "hashed", NULL};

#define F(f) offsetof(gpu_keys, f)
#define PRESET " (0: the preset's value)"
#define GPU(n, f, h) {n, CFG_K_UINT, F(f), 0, h, 0, NULL, NULL, PRESET, 0, NULL, 0, 0}
#define MILLI(n, f) {n, CFG_K_MILLI, F(f), 0, 100000000, 0, NULL, NULL, PRESET, 0, NULL, 0, 0}
#define FRAC(n, f) {n, CFG_K_MILLI, F(f), 0, 1000, 0, NULL, NULL, PRESET, 0, NULL, 0, 0}
#define WORDS(n, f, w, hi, d) {n, CFG_K_WORDS, F(f), 0, hi, d, NULL, NULL, NULL, 0, w, 0, 0}
#define ONOFF(n, f, d) {n, CFG_K_ENUM, F(f), 0, 1, d, "off", "on", NULL, 0, NULL, 0, 0}
#define U(n, f, l, h, d, nt) {n, CFG_K_UINT, F(f), l, h, d, NULL, NULL, nt, 0, NULL, 0, 0}

static const cfg_key keys[KI_COUNT] = {
    [KI_MACHINE] = WORDS("machine", machine, machine_words, 1, GPU_MACHINE_GPU),
    [KI_ARCH] = WORDS("arch", arch, arch_words, 3, 0),
    [KI_SMS] = GPU("sms", sms, 1024),
    [KI_CLOCK_MHZ] = GPU("clock_mhz", clock_mhz, 100000),
    [KI_SM_SUBSET] = GPU("sm_subset", sm_subset, 1024),
    [KI_SM_FILL] = ONOFF("sm_fill", sm_fill, 0),
    [KI_FAST_IDLE] = ONOFF("fast_idle", fast_idle, 1),
    [KI_SM_BATCH] = U("sm_batch", sm_batch, 1, 1024, 128, NULL),
    [KI_GRID_SCALE] = U("grid_scale", grid_scale, 1, 1024, 1, ", the copies of each block"),
    [KI_SUBCORE_ASSIGN] = WORDS("subcore_assign", subcore_assign, assign_words, 1, 0),
    [KI_MAX_BLOCKS_SM] = GPU("max_blocks_sm", max_blocks_sm, 1024),
    [KI_REGS_SM] = GPU("regs_sm", regs_sm, 1u << 24),
    [KI_SHMEM_SM] = GPU("shmem_sm", shmem_sm, 1u << 24),
    [KI_L1_KB] = GPU("l1_kb", l1_kb, 65536),
    [KI_L1_ADAPTIVE] = ONOFF("l1_adaptive", l1_adaptive, 1),
    [KI_L1_UNIFIED_KB] = GPU("l1_unified_kb", l1_unified_kb, 65536),
    [KI_L1_WAYS] = GPU("l1_ways", l1_ways, 1024),
    [KI_L1_MSHRS] = GPU("l1_mshrs", l1_mshrs, 65536),
    [KI_L2_KB] = GPU("l2_kb", l2_kb, 1u << 20),
    [KI_L2_WAYS] = GPU("l2_ways", l2_ways, 1024),
    [KI_L2_SLICES] = GPU("l2_slices", l2_slices, 1024),
    [KI_L2_LAT] = GPU("l2_lat", l2_lat, 100000),
    [KI_L2_BW] = GPU("l2_bw", l2_bw, 65536),
    [KI_MEMCPY_L2] = ONOFF("memcpy_l2", memcpy_l2, 1),
    [KI_DRAM_LAT] = GPU("dram_lat", dram_lat, 100000),
    [KI_DRAM_BW] = GPU("dram_bw", dram_bw, 65536),
    [KI_DRAM_READ_EFF] = FRAC("dram_read_eff", dram_read_eff),
    [KI_DRAM_WRITE_EFF] = FRAC("dram_write_eff", dram_write_eff),
    [KI_CONST_LAT] = GPU("const_lat", const_lat, 100000),
    [KI_CONST_MISS_LAT] = GPU("const_miss_lat", const_miss_lat, 100000),
    [KI_ICACHE_MISS_LAT] = GPU("icache_miss_lat", icache_miss_lat, 100000),
    [KI_LAUNCH_LAT] = GPU("launch_lat", launch_lat, 10000000),
    [KI_LAUNCH_MIN] = GPU("launch_min", launch_min, 10000000),
    [KI_LAUNCH_MIN_BLOCK] = MILLI("launch_min_block", launch_min_block),
    [KI_EXIT_LAT] = GPU("exit_lat", exit_lat, 10000000),
    [KI_BLOCK_INTERVAL] = MILLI("block_interval", block_interval),
    [KI_BLOCK_EXIT_LAT] = GPU("block_exit_lat", block_exit_lat, 10000000),
    [KI_WARP_EXIT_LAT] = MILLI("warp_exit_lat", warp_exit_lat),
};

static const cfg_table table = {keys, KI_COUNT};

cfg_part gpuk_part(gpu_keys *k) { return (cfg_part){&table, k, k->origin}; }
