/* rng.c - xoshiro256** (Blackman & Vigna) seeded with splitmix64. */
#include "rng.h"

uint64_t rng_mix64(uint64_t x)
{
    uint64_t z = x + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void rng_seed(rng_t *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) {
        r->s[i] = rng_mix64(x);
        x += 0x9e3779b97f4a7c15ULL;
    }
    /* splitmix64 outputs are a bijection of distinct inputs, so not all four are zero */
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t rng_next(rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* 64x64 -> 128-bit multiply without relying on __int128 (strict C11). */
static void mul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t al = a & 0xffffffffULL, ah = a >> 32;
    uint64_t bl = b & 0xffffffffULL, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffULL) + (hl & 0xffffffffULL);
    *lo = (ll & 0xffffffffULL) | (mid << 32);
    *hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

uint64_t rng_below(rng_t *r, uint64_t n)
{
    uint64_t hi, lo;
    if (n == 0) return 0;
    mul64(rng_next(r), n, &hi, &lo);
    if (lo < n) {
        uint64_t thresh = (0 - n) % n; /* 2^64 mod n */
        while (lo < thresh) mul64(rng_next(r), n, &hi, &lo);
    }
    return hi;
}

int rng_pct(rng_t *r, unsigned pct)
{
    if (pct == 0) return 0;
    if (pct >= 100) return 1;
    return rng_below(r, 100) < pct;
}
