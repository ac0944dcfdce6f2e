/* coal.c - coalescing of a warp's addresses (see coal.h). */
#include "coal.h"

#include <string.h>

#define MAX_WORDS 4096  /* distinct 4-byte words one shared access is counted over */

#define HASH 256u  /* slots of the line index: > 2 x COAL_MAX_LINES */
#define LINEAR_MAX 16u /* lines scanned one by one before the hash index is built */

/* The hash slot a line starts its search at. */
static inline unsigned hash_of(uint64_t line)
{
    return (unsigned)((line * 0x9E3779B97F4A7C15ull) >> 56);
}

/* Enter out-list index idx for line into the hash index. */
static void hash_insert(uint16_t *slot, uint64_t line, unsigned idx)
{
    unsigned h = hash_of(line);
    while (slot[h]) h = (h + 1) % HASH;
    slot[h] = (uint16_t)(idx + 1);
}

/* The index of line in out[0..nl), or nl when absent: the last line first (a warp's
 * consecutive threads mostly share it), then a linear scan while the list is short, then
 * the hash index (built from the list the first time it is needed). */
static unsigned line_index(uint64_t line, const coal_line *out, unsigned nl, uint16_t *slot,
                           int *hashed)
{
    if (nl && out[nl - 1].line == line) return nl - 1;
    if (nl <= LINEAR_MAX) {
        for (unsigned k = 0; k < nl; k++)
            if (out[k].line == line) return k;
        return nl;
    }
    if (!*hashed) { /* the list outgrew the scan: index what it holds */
        memset(slot, 0, HASH * sizeof *slot);
        for (unsigned k = 0; k < nl; k++) hash_insert(slot, out[k].line, k);
        *hashed = 1;
    }
    unsigned h = hash_of(line);
    while (slot[h] && out[slot[h] - 1].line != line) h = (h + 1) % HASH;
    return slot[h] ? slot[h] - 1u : nl;
}

unsigned coal_lines(const uint64_t *addr, unsigned n, unsigned width, coal_line *out)
{
    uint16_t slot[HASH]; /* line index + 1 at the line's hash slot; 0: empty (once hashed) */
    int hashed = 0;
    unsigned nl = 0;
    if (width == 0) width = 1;
    for (unsigned i = 0; i < n; i++) {
        uint64_t first = addr[i] / COAL_SECTOR, last = (addr[i] + width - 1) / COAL_SECTOR;
        for (uint64_t s = first; s <= last; s++) {
            uint64_t line = s / (COAL_LINE / COAL_SECTOR);
            unsigned bit = 1u << (s % (COAL_LINE / COAL_SECTOR));
            unsigned k = line_index(line, out, nl, slot, &hashed);
            if (k < nl) {
                out[k].sectors |= bit;
            } else if (nl < COAL_MAX_LINES) {
                out[nl].line = line;
                out[nl].sectors = bit;
                if (hashed) hash_insert(slot, line, nl);
                nl++;
            }
        }
    }
    return nl;
}

unsigned coal_sector_count(const coal_line *lines, unsigned n)
{
    unsigned c = 0;
    for (unsigned i = 0; i < n; i++)
        for (unsigned m = lines[i].sectors; m; m &= m - 1) c++;
    return c;
}

unsigned coal_shmem_wavefronts(const uint64_t *addr, unsigned n, unsigned width)
{
    uint64_t words[MAX_WORDS];
    unsigned nw = 0, per_bank[COAL_SHMEM_BANKS] = {0}, most = 0;
    if (width == 0) width = 1;
    for (unsigned i = 0; i < n; i++) {
        uint64_t first = addr[i] / 4, last = (addr[i] + width - 1) / 4;
        for (uint64_t w = first; w <= last && nw < MAX_WORDS; w++) {
            unsigned k = 0;
            while (k < nw && words[k] != w) k++;
            if (k < nw) continue; /* the same word: broadcast */
            words[nw++] = w;
            unsigned b = (unsigned)(w % COAL_SHMEM_BANKS);
            if (++per_bank[b] > most) most = per_bank[b];
        }
    }
    return most;
}

unsigned coal_local(const uint64_t *addr, unsigned n, uint32_t mask, unsigned width,
                    uint64_t *out)
{
    unsigned words = (width + 3) / 4, k = 0, lane = 0;
    if (words == 0) words = 1;
    if (words > COAL_LOCAL_WORDS) words = COAL_LOCAL_WORDS;
    for (unsigned i = 0; i < n && lane < 32; i++, lane++) {
        while (lane < 32 && !(mask >> lane & 1)) lane++;
        if (lane == 32) break;
        for (unsigned w = 0; w < words; w++) out[k++] = ((addr[i] / 4 + w) * 32 + lane) * 4;
    }
    return k;
}
