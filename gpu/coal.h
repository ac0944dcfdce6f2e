/* coal.h - what one warp instruction's addresses cost the memory system: the 32-byte
 * sectors of 128-byte lines a global access touches (Accel-Sim's sector coalescing), and
 * the wavefronts of a shared-memory access over 32 banks of 4 bytes.
 */
#ifndef COAL_H
#define COAL_H

#include <stdint.h>

#define COAL_LINE 128u          /* bytes per cache line */
#define COAL_SECTOR 32u         /* bytes per sector */
#define COAL_SHMEM_BANKS 32u    /* shared-memory banks, 4 bytes wide */
#define COAL_MAX_LINES 128      /* lines one instruction can touch, at most (32 x 4 KB) */

/* One line an instruction touches and the sectors of it (bit s: bytes 32s..32s+31). */
typedef struct {
    uint64_t line;     /* byte address / 128 */
    unsigned sectors;  /* 4-bit mask */
} coal_line;

/* The distinct lines touched by n threads each accessing width bytes (>= 1) from addr[i],
 * in order of first touch, into out[COAL_MAX_LINES]; returns their count. A thread's
 * bytes may span sectors and lines. */
unsigned coal_lines(const uint64_t *addr, unsigned n, unsigned width, coal_line *out);

#define COAL_LOCAL_WORDS 8      /* 4-byte words per thread a local access is counted over */
#define COAL_LOCAL_MAX (32 * COAL_LOCAL_WORDS)

/* Local memory (LDL, STL): the trace gives each thread's own local address, which the
 * hardware interleaves word by word across the warp's threads (word w of lane l at byte
 * (w * 32 + l) * 4 of the warp's local memory). The physical 4-byte word addresses of n
 * active threads (lanes: the set bits of mask, in order), each accessing width bytes
 * (at most COAL_LOCAL_WORDS words counted), into out[COAL_LOCAL_MAX]; returns their count. */
unsigned coal_local(const uint64_t *addr, unsigned n, uint32_t mask, unsigned width,
                    uint64_t *out);

/* Sectors in lines[0..n) (the sum of their mask bits). */
unsigned coal_sector_count(const coal_line *lines, unsigned n);

/* Wavefronts of a shared-memory access: n threads each accessing width bytes from
 * addr[i]; the largest number of distinct 4-byte words that fall into one bank (threads
 * reading the same word share it: a broadcast). 0 when n == 0. */
unsigned coal_shmem_wavefronts(const uint64_t *addr, unsigned n, unsigned width);

#endif
