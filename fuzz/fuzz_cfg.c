/* fuzz_cfg.c - libFuzzer target: the configuration file parser (simcfg_load), then the
 * cross-key checks and the writer/hash on whatever was accepted. Any input must give 0 or
 * -1 with a one-line message, never a crash, a leak or a hang. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "simcfg.h"
#include "fuzz_mem.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An error message must be one non-empty line. */
static void check_err(const char *err)
{
    size_t n = strnlen(err, CFG_ERR_LEN);
    if (n == 0 || n >= CFG_ERR_LEN || memchr(err, '\n', n)) __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    static sim_cfg c;
    char err[CFG_ERR_LEN];
    const char *path = fuzz_mem_path(data, size);
    if (!path) return 0;
    if (!sink) sink = fopen("/dev/null", "w");
    simcfg_defaults(&c);
    err[0] = '\0';
    if (simcfg_load(&c, path, err) != 0) {
        check_err(err);
        return 0;
    }
    if (simcfg_validate(&c, path, err) != 0) {
        check_err(err);
        return 0;
    }
    if (sink) simcfg_write(&c, sink, "// ");
    (void)cfg_hash(&c.m.hw);
    return 0;
}
