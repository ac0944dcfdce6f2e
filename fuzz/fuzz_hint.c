/* fuzz_hint.c - libFuzzer target: the reuse-hint file reader (hint_tab_read) and, on an
 * accepted table, hint_tab_apply over a few synthetic instructions. */
#include <stdint.h>
#include <string.h>

#include "fuzz_mem.h"
#include "hint.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An error message must be one non-empty line. */
static void check_err(const char *err)
{
    size_t n = strnlen(err, TRC_ERR_LEN);
    if (n == 0 || n >= TRC_ERR_LEN || memchr(err, '\n', n)) __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[TRC_ERR_LEN];
    trc_inst inst[4];
    const char *path = fuzz_mem_path(data, size);
    if (!path) return 0;
    err[0] = '\0';
    hint_tab *t = hint_tab_read(path, err);
    if (!t) {
        check_err(err);
        return 0;
    }
    memset(inst, 0, sizeof inst);
    for (unsigned i = 0; i < 4; i++) {
        const uint8_t dst[1] = {(uint8_t)i}, src[3] = {(uint8_t)i, (uint8_t)(i + 1), (uint8_t)(i + 2)};
        inst[i].pc = 16u * i;
        trc_set_regs(&inst[i], dst, 1, src, 3, NULL);
    }
    hint_tab_apply(t, inst, 4);
    hint_tab_destroy(t);
    return 0;
}
