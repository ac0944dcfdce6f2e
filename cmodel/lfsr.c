/* lfsr.c - 16-bit LFSR and circular pick (contract D-10, decisions in docs/spec.md). */
#include "lfsr.h"

/* First candidate at or after s mod n, scanning circularly; -1 when cand is empty. */
int lfsr_pick(uint16_t s, const uint8_t *cand, unsigned n)
{
    if (n == 0)
        return -1;
    unsigned start = s % n;
    for (unsigned i = start; i < n; i++)
        if (cand[i])
            return (int)i;
    for (unsigned i = 0; i < start; i++)
        if (cand[i])
            return (int)i;
    return -1;
}
