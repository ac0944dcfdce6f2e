/* bitvec.h - little-endian bit vectors of 32-bit words: how the co-simulation and the
 * vector generator lay out port values (bit i = word i/32, bit i%32). */
#ifndef BITVEC_H
#define BITVEC_H

#include <stdint.h>
#include <stdio.h>

typedef struct {
    unsigned width, words;
    uint32_t *v;
} bv_t;

/* Allocate a zeroed vector of `width` bits, with two spare words so that a 64-bit read
 * at the top stays inside. 0, or -1 when out of memory. */
int bv_alloc(bv_t *b, unsigned width);

/* Free the words (b stays reusable with bv_alloc). */
void bv_free(bv_t *b);

/* Zero every bit. */
void bv_clear(bv_t *b);

/* bv_put for any width (<= 64). */
void bv_put_wide(bv_t *b, unsigned lsb, unsigned width, uint64_t val);

/* OR the low `width` (<= 64) bits of val into bits [lsb, lsb+width). Inline: the
 * co-simulation puts every port element every cycle. */
static inline void bv_put(bv_t *b, unsigned lsb, unsigned width, uint64_t val)
{
    if (width > 32) {
        bv_put_wide(b, lsb, width, val);
        return;
    }
    /* one 64-bit OR covers it (bv_alloc pads two words past the width) */
    uint32_t *v = b->v + lsb / 32;
    val &= width == 32 ? 0xffffffffull : (1ull << width) - 1u;
    val <<= lsb % 32;
    v[0] |= (uint32_t)val;
    v[1] |= (uint32_t)(val >> 32);
}

/* OR a `width`-bit value held in 64-bit words (LSB first) into bits [lsb, lsb+width);
 * bits of src above width are dropped. */
void bv_put_data(bv_t *b, unsigned lsb, unsigned width, const uint64_t *src);

/* Bit i of a word array. */
int bv_bit(const uint32_t *v, unsigned i);

/* Print bits [lsb, lsb+width) of v as 0x-prefixed hexadecimal, MSB first. */
void bv_hex(const uint32_t *v, unsigned lsb, unsigned width, FILE *f);

#endif
