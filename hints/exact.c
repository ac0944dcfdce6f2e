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
    case HINT_STATIC: return "static";
    case HINT_FILE: return "file";
    }
    return "?";
}

/* Per register: the index of the next instruction reading it and of the next one writing
 * it, NONE when there is none. */
typedef struct {
    uint32_t rd, wr;
} next_use;

/* Near iff the first later instruction touching the register reads it (a read-and-write
 * counts as a read) and lies at or before lim (i + rthld, below NONE). */
static inline uint8_t near(const next_use *u, uint32_t lim)
{
    return (uint8_t)((u->rd <= lim) & (u->rd <= u->wr));
}

void hint_exact(trc_inst *inst, uint32_t n, unsigned rthld)
{
    next_use nx[256];
    for (unsigned r = 0; r < 256; r++) nx[r].rd = nx[r].wr = NONE;
    for (uint32_t i = n; i-- > 0;) {
        trc_inst *in = &inst[i];
        uint32_t lim = rthld < NONE - 1 - i ? i + rthld : NONE - 1;
        const uint8_t *dst = trc_dsts(in), *src = trc_srcs(in);
        uint32_t sn = 0, dn = 0;
        for (unsigned k = 0; k < in->nsrc; k++) sn |= (uint32_t)near(&nx[src[k]], lim) << k;
        for (unsigned k = 0; k < in->ndst; k++) dn |= (uint32_t)near(&nx[dst[k]], lim) << k;
        in->src_near = sn;
        in->dst_near = dn;
        for (unsigned k = 0; k < in->ndst; k++) nx[dst[k]].wr = i;
        for (unsigned k = 0; k < in->nsrc; k++) nx[src[k]].rd = i;
    }
}

void hint_next_use(const trc_inst *inst, uint32_t n, uint16_t *dist)
{
    next_use nx[256];
    size_t at = 0;
    for (uint32_t i = 0; i < n; i++) at += (size_t)inst[i].ndst + inst[i].nsrc;
    for (unsigned r = 0; r < 256; r++) nx[r].rd = nx[r].wr = NONE;
    for (uint32_t i = n; i-- > 0;) { /* hint_exact's pass: the same next read and write */
        const trc_inst *in = &inst[i];
        const uint8_t *reg = trc_dsts(in); /* the destinations, then the sources */
        unsigned nr = (unsigned)in->ndst + in->nsrc;
        at -= nr;
        for (unsigned k = 0; k < nr; k++) {
            const next_use *u = &nx[reg[k]];
            uint32_t d = u->rd != NONE && u->rd <= u->wr ? u->rd - i : 0;
            dist[at + k] = (uint16_t)(d > UINT16_MAX ? UINT16_MAX : d);
        }
        for (unsigned k = 0; k < in->ndst; k++) nx[reg[k]].wr = i;
        for (unsigned k = 0; k < in->nsrc; k++) nx[trc_srcs(in)[k]].rd = i;
    }
}
