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
