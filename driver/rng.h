/* rng.h - a small deterministic PRNG for the test bench: xoshiro256** seeded through
 * splitmix64. Same seed -> same sequence on every platform (no libc rand()). */
#ifndef RNG_H
#define RNG_H

#include <stdint.h>

typedef struct {
    uint64_t s[4];
} rng_t;

/* The splitmix64 finaliser of x + golden gamma: a stateless 64-bit mix (good for hashing
 * seeds and deriving per-item values). */
uint64_t rng_mix64(uint64_t x);

/* Seed the generator from one 64-bit value (any value, 0 included). */
void rng_seed(rng_t *r, uint64_t seed);

/* Next 64 uniformly distributed bits. */
uint64_t rng_next(rng_t *r);

/* Uniform integer in [0, n) without modulo bias (Lemire's method); n = 0 returns 0. */
uint64_t rng_below(rng_t *r, uint64_t n);

/* 1 with probability pct/100 (pct >= 100 always 1, pct = 0 never), else 0. */
int rng_pct(rng_t *r, unsigned pct);

#endif
