/* lfsr.c - 16-bit LFSR and circular pick (contract D-10, decisions in docs/spec.md). */
#include "lfsr.h"

/* First candidate at or after s mod n, scanning circularly; -1 when cand is empty. */
int lfsr_pick(uint16_t s, uint64_t cand, unsigned n)
{
    if (n == 0)
        return -1;
    if (n < 64)
        cand &= ((uint64_t)1 << n) - 1;
    unsigned start = s % n;
    uint64_t at_or_after = cand >> start << start;
    if (at_or_after)
        return __builtin_ctzll(at_or_after);
    return cand ? __builtin_ctzll(cand) : -1;
}

/* jump[k][j]: the state 2^k steps of lfsr_next after the state with only bit j set.
 * lfsr_next is linear over GF(2) (a shift and an XOR feedback), so the state n steps
 * after s is the XOR of the columns of the bits of s, applied per set bit of n. */
static uint16_t jump[16][16];
static int jump_ready;

/* The linear map of columns col applied to s. */
static uint16_t apply(const uint16_t *col, uint16_t s)
{
    uint16_t r = 0;
    for (unsigned j = 0; j < 16; j++)
        if (s >> j & 1u)
            r ^= col[j];
    return r;
}

uint16_t lfsr_jump(uint16_t s, uint64_t n)
{
    if (n < 64) {
        for (; n; n--)
            s = lfsr_next(s);
        return s;
    }
    if (!jump_ready) {
        for (unsigned j = 0; j < 16; j++)
            jump[0][j] = lfsr_next((uint16_t)(1u << j));
        for (unsigned k = 1; k < 16; k++)
            for (unsigned j = 0; j < 16; j++)
                jump[k][j] = apply(jump[k - 1], jump[k - 1][j]);
        jump_ready = 1;
    }
    n %= 65535u; /* the period of every nonzero state; 0 stays 0 */
    for (unsigned k = 0; k < 16; k++)
        if (n >> k & 1u)
            s = apply(jump[k], s);
    return s;
}
