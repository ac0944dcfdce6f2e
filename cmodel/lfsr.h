/* lfsr.h - the sub-core's 16-bit maximal-length LFSR and the "random" pick (D-10). */
#ifndef LFSR_H
#define LFSR_H

#include <stdint.h>

/* Next LFSR state: Fibonacci, x^16 + x^14 + x^13 + x^11 + 1, shifting left:
 * new bit 0 = b15 ^ b13 ^ b12 ^ b10. Period 65535 over nonzero states. */
static inline uint16_t lfsr_next(uint16_t s)
{
    unsigned fb = ((s >> 15) ^ (s >> 13) ^ (s >> 12) ^ (s >> 10)) & 1u;
    return (uint16_t)(((unsigned)s << 1 | fb) & 0xFFFFu);
}

/* The state n steps of lfsr_next after s (n of any size: the period is 65535). */
uint16_t lfsr_jump(uint16_t s, uint64_t n);

/* D-10 pick: the first i < n with bit i of cand set at or after (s mod n), circularly;
 * -1 if none (n <= 64). */
int lfsr_pick(uint16_t s, uint64_t cand, unsigned n);

#endif
