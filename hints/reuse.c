/* reuse.c - the compiler's operand reuse bits of one warp (hint.h, hint_reuse_bits). */
#include "hint.h"

#define FALL_THROUGH_MAX 16u /* bytes from an instruction to its successor (sm_70+: 16) */
#define LOOKAHEAD 64u        /* instructions looked at after each operand */

/* 1 if instruction `in` writes register r. */
static int writes(const trc_inst *in, uint8_t r)
{
    const uint8_t *dst = trc_dsts(in);
    for (unsigned d = 0; d < in->ndst; d++)
        if (dst[d] == r) return 1;
    return 0;
}

/* Does the value of register r read at position p by inst[i] survive in the reuse cache
 * to a read of r at p by a later instruction? See hint.h. */
static int reused(const trc_inst *inst, uint32_t n, uint32_t i, unsigned p, unsigned banks)
{
    uint8_t r = trc_srcs(&inst[i])[p];
    if (writes(&inst[i], r)) return 0;
    for (uint32_t j = i + 1; j < n && j <= i + LOOKAHEAD; j++) {
        const trc_inst *pr = &inst[j - 1], *in = &inst[j];
        if (in->pc <= pr->pc || in->pc - pr->pc > FALL_THROUGH_MAX) return 0; /* a branch */
        if (p < in->nsrc) {
            uint8_t q = trc_srcs(in)[p];
            if (q % banks == r % banks) return q == r; /* any bank count, not only 2^k */
        }
        if (writes(in, r)) return 0;
    }
    return 0;
}

void hint_reuse_bits(trc_inst *inst, uint32_t n, unsigned banks)
{
    if (banks == 0) banks = 2;
    for (uint32_t i = 0; i < n; i++) {
        trc_inst *in = &inst[i];
        in->src_reuse = 0;
        for (unsigned p = 0; p < TRC_REUSE_SLOTS && p < in->nsrc; p++)
            if (reused(inst, n, i, p, banks)) in->src_reuse |= (uint8_t)(1u << p);
    }
}
