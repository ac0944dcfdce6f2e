/* coal.c - coalescing of a warp's addresses (see coal.h). */
#include "coal.h"

#define MAX_WORDS 4096  /* distinct 4-byte words one shared access is counted over */

#define HASH 256u  /* slots of the line index: > 2 x COAL_MAX_LINES */

unsigned coal_lines(const uint64_t *addr, unsigned n, unsigned width, coal_line *out)
{
    uint16_t slot[HASH] = {0}; /* line index + 1 at the line's hash slot; 0: empty */
    unsigned nl = 0;
    if (width == 0) width = 1;
    for (unsigned i = 0; i < n; i++) {
        uint64_t first = addr[i] / COAL_SECTOR, last = (addr[i] + width - 1) / COAL_SECTOR;
        for (uint64_t s = first; s <= last; s++) {
            uint64_t line = s / (COAL_LINE / COAL_SECTOR);
            unsigned bit = 1u << (s % (COAL_LINE / COAL_SECTOR));
            unsigned h = (unsigned)((line * 0x9E3779B97F4A7C15ull) >> 56);
            while (slot[h] && out[slot[h] - 1].line != line) h = (h + 1) % HASH;
            if (slot[h]) {
                out[slot[h] - 1].sectors |= bit;
            } else if (nl < COAL_MAX_LINES) {
                out[nl].line = line;
                out[nl].sectors = bit;
                slot[h] = (uint16_t)++nl;
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
