/* exact.c - the exact reuse hint of every operand of one warp (hint.h), one backward pass:
 * per register the index of its next read and of its next write after instruction i. */
#include <stdint.h>
#include <string.h>

#include "hint.h"

#define NONE UINT32_MAX

const char *hint_mode_name(hint_mode m)
{
    switch (m) {
    case HINT_EXACT: return "exact";
    case HINT_PROFILE: return "profile";
    case HINT_ALL_NEAR: return "all-near";
    case HINT_ALL_FAR: return "all-far";
    case HINT_FILE: return "file";
    }
    return "?";
}

/* Near iff the first later instruction touching r reads it (a read-and-write counts as a
 * read) and lies within rthld instructions of i. */
static uint8_t near(uint32_t i, uint32_t next_rd, uint32_t next_wr, unsigned rthld)
{
    return next_rd != NONE && next_rd - i <= rthld && next_rd <= next_wr;
}

void hint_exact(trc_inst *inst, uint32_t n, unsigned rthld)
{
    uint32_t next_rd[256], next_wr[256];
    for (unsigned r = 0; r < 256; r++) next_rd[r] = next_wr[r] = NONE;
    for (uint32_t i = n; i-- > 0;) {
        trc_inst *in = &inst[i];
        for (unsigned k = 0; k < in->nsrc; k++) {
            uint8_t r = in->src[k];
            in->src_near[k] = near(i, next_rd[r], next_wr[r], rthld);
        }
        for (unsigned k = 0; k < in->ndst; k++) {
            uint8_t r = in->dst[k];
            in->dst_near[k] = near(i, next_rd[r], next_wr[r], rthld);
        }
        for (unsigned k = 0; k < in->ndst; k++) next_wr[in->dst[k]] = i;
        for (unsigned k = 0; k < in->nsrc; k++) next_rd[in->src[k]] = i;
    }
}
