/* bitvec.c - little-endian bit vectors (see bitvec.h). */
#include "bitvec.h"

#include <stdlib.h>
#include <string.h>

/* See bitvec.h. */
int bv_alloc(bv_t *b, unsigned width)
{
    b->width = width;
    b->words = (width + 31) / 32 + 2;
    b->v = calloc(b->words, sizeof(uint32_t));
    return b->v ? 0 : -1;
}

/* See bitvec.h. */
void bv_free(bv_t *b)
{
    free(b->v);
    b->v = NULL;
    b->words = b->width = 0;
}

/* See bitvec.h. */
void bv_clear(bv_t *b)
{
    memset(b->v, 0, sizeof(uint32_t) * b->words);
}

/* See bitvec.h. */
void bv_put_wide(bv_t *b, unsigned lsb, unsigned width, uint64_t val)
{
    for (unsigned i = 0; i < width;) {
        unsigned pos = lsb + i, off = pos % 32, n = 32 - off;
        if (n > width - i)
            n = width - i;
        uint32_t chunk = (uint32_t)(val >> i) & (n == 32 ? 0xffffffffu : ((1u << n) - 1));
        b->v[pos / 32] |= chunk << off;
        i += n;
    }
}

/* See bitvec.h. */
void bv_put_data(bv_t *b, unsigned lsb, unsigned width, const uint64_t *src)
{
    if (lsb % 32 == 0) { /* word-aligned (every data port): whole 64-bit words at once */
        uint32_t *v = b->v + lsb / 32;
        unsigned i = 0;
        for (; i + 64 <= width; i += 64, v += 2) {
            v[0] |= (uint32_t)src[i / 64];
            v[1] |= (uint32_t)(src[i / 64] >> 32);
        }
        if (i < width) bv_put(b, lsb + i, width - i, src[i / 64]);
        return;
    }
    for (unsigned i = 0; i < width; i += 64) {
        unsigned n = width - i < 64 ? width - i : 64;
        bv_put(b, lsb + i, n, src[i / 64]);
    }
}

/* See bitvec.h. */
int bv_bit(const uint32_t *v, unsigned i)
{
    return (int)((v[i / 32] >> (i % 32)) & 1u);
}

/* See bitvec.h. */
void bv_hex(const uint32_t *v, unsigned lsb, unsigned width, FILE *f)
{
    unsigned nd = (width + 3) / 4;
    fputs("0x", f);
    for (unsigned d = nd; d-- > 0;) {
        unsigned x = 0;
        for (unsigned j = 0; j < 4; j++) {
            unsigned bit = d * 4 + j;
            if (bit < width)
                x |= (unsigned)bv_bit(v, lsb + bit) << j;
        }
        fputc("0123456789abcdef"[x], f);
    }
}
