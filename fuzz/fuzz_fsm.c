/* fuzz_fsm.c - libFuzzer target: the STHLD FSM table rows (`fsm.N = ...` values through
 * cfg_set) and the table checks of cfg_validate (row syntax, next states, deltas,
 * reachability). The input is lines `N value`; N selects the row (any number, out of
 * range included), a line without a number sets fsm_states/fsm_start/sthld keys. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An error message must be one non-empty line. */
static void check_err(const char *err)
{
    size_t n = strnlen(err, CFG_ERR_LEN);
    if (n == 0 || n >= CFG_ERR_LEN || memchr(err, '\n', n)) __builtin_trap();
}

/* Apply one input line; returns 0 or -1 (an error message was produced and checked). */
static int apply_line(cfg_t *c, char *line)
{
    static const char *const other[] = {"fsm_states", "fsm_start", "sthld_max",
                                        "sthld_step", "sthld_init", "sthld_mode"};
    char key[48], err[CFG_ERR_LEN];
    char *end;
    long n = strtol(line, &end, 10);
    if (end != line) {
        snprintf(key, sizeof key, "fsm.%ld", n);
    } else {
        unsigned pick = (unsigned char)line[0] % 6u;
        snprintf(key, sizeof key, "%s", other[pick]);
        end = line[0] ? line + 1 : line;
    }
    err[0] = '\0';
    if (cfg_set(c, key, end, "fuzz", err) != 0) {
        check_err(err);
        return -1;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cfg_t c;
    char err[CFG_ERR_LEN];
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    cfg_defaults(&c);
    for (char *save = NULL, *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
        if (apply_line(&c, l) != 0) break;
    err[0] = '\0';
    if (cfg_validate(&c, "fuzz", err) != 0) check_err(err);
    free(text);
    return 0;
}
