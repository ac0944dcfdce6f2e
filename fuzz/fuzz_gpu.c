/* fuzz_gpu.c - libFuzzer target: any input run as a trace to completion on a small machine
 * (run_sim): the GPU of 2 SMs, or one sub-core, with fast_idle on or off (by the input's
 * length, so a seed tries all four), register values carried and every operand checked,
 * and the model's invariants checked every cycle, within 200,000 cycles. The run must end
 * in 0 (complete, or stopped at the limit) or 2 with a one-line message; 1 (a wrong
 * operand, a broken invariant, a stuck driver) and any crash are findings. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_mem.h"
#include "run.h"
#include "simcfg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static run_result res; /* large: not on the stack */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sim_cfg c;
    run_opts o;
    char err[RUN_ERR_LEN];
    const char *path = fuzz_mem_path(data, size);
    if (!path) return 0;
    simcfg_defaults(&c);
    if (simcfg_set(&c, "sms", "2", "fuzz", err) ||
        simcfg_set(&c, "machine", size & 1 ? "subcore" : "gpu", "fuzz", err) ||
        simcfg_set(&c, "fast_idle", size & 2 ? "off" : "on", "fuzz", err))
        __builtin_trap();
    memset(&o, 0, sizeof o);
    o.trace = path;
    o.values = 1;
    o.check_invariants = 1;
    o.max_cycles = 200000;
    err[0] = '\0';
    int rc = run_sim(&c, &o, &res, err);
    size_t n = strnlen(err, RUN_ERR_LEN);
    if (rc == 1) __builtin_trap(); /* the model or the driver broke on a trace it read */
    if (rc == 2 && (n == 0 || n >= RUN_ERR_LEN || memchr(err, '\n', n))) __builtin_trap();
    if (rc != 0 && rc != 2) __builtin_trap();
    return 0;
}
