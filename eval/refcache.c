/* refcache.c - LRU and OPT hit ratios of a private per-warp register cache (refcache.h). */
#include "refcache.h"

#include <stdlib.h>
#include <string.h>

#define NEVER UINT32_MAX
#define NREG 256

typedef struct {
    uint8_t reg;
    uint8_t write;     /* 1 = write access */
    uint32_t next;     /* index of the next read of reg before any write of it, or NEVER */
} acc_t;

/* The access stream of the warp: distinct sources, then destinations. */
static acc_t *stream(const trc_inst *inst, uint32_t n, size_t *len)
{
    size_t cap = 0, k = 0;
    for (uint32_t i = 0; i < n; i++) cap += (size_t)inst[i].nsrc + inst[i].ndst;
    acc_t *a = malloc((cap ? cap : 1) * sizeof *a);
    if (!a) return NULL;
    for (uint32_t i = 0; i < n; i++) {
        const trc_inst *t = &inst[i];
        const uint8_t *dst = trc_dsts(t), *src = trc_srcs(t);
        for (unsigned s = 0; s < t->nsrc; s++) {
            int dup = 0;
            for (unsigned q = 0; q < s; q++) dup |= src[q] == src[s];
            if (!dup) a[k++] = (acc_t){src[s], 0, NEVER};
        }
        for (unsigned d = 0; d < t->ndst; d++) a[k++] = (acc_t){dst[d], 1, NEVER};
    }
    /* next read before the next write, scanning backwards */
    uint32_t next_read[NREG];
    for (unsigned r = 0; r < NREG; r++) next_read[r] = NEVER;
    for (size_t i = k; i-- > 0;) {
        a[i].next = next_read[a[i].reg];
        next_read[a[i].reg] = a[i].write ? NEVER : (uint32_t)i;
    }
    *len = k;
    return a;
}

/* LRU: stamp[r] = last access time of a cached register, 0 = not cached. */
static uint64_t run_lru(const acc_t *a, size_t len, unsigned entries)
{
    uint64_t stamp[NREG] = {0}, hits = 0;
    unsigned used = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned r = a[i].reg;
        if (stamp[r]) {
            hits += !a[i].write;
        } else if (used < entries) {
            used++;
        } else {
            unsigned victim = 0;
            uint64_t oldest = UINT64_MAX;
            for (unsigned q = 0; q < NREG; q++)
                if (stamp[q] && stamp[q] < oldest) {
                    oldest = stamp[q];
                    victim = q;
                }
            stamp[victim] = 0;
        }
        stamp[r] = i + 1;
    }
    return hits;
}

/* OPT with bypass: nxt[r] = next read of cached register r (NEVER: dead). */
static uint64_t run_opt(const acc_t *a, size_t len, unsigned entries)
{
    uint8_t in[NREG] = {0};
    uint32_t nxt[NREG];
    uint64_t hits = 0;
    unsigned used = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned r = a[i].reg;
        if (in[r]) {
            hits += !a[i].write;
            nxt[r] = a[i].next;
            continue;
        }
        if (a[i].next == NEVER) continue; /* never read again: bypass */
        if (used < entries) {
            used++;
        } else {
            unsigned victim = NREG;
            uint32_t far = 0;
            for (unsigned q = 0; q < NREG; q++)
                if (in[q] && (victim == NREG || nxt[q] > far)) {
                    far = nxt[q];
                    victim = q;
                }
            if (far <= a[i].next && far != NEVER) continue; /* every cached one is needed sooner */
            in[victim] = 0;
        }
        in[r] = 1;
        nxt[r] = a[i].next;
    }
    return hits;
}

int ref_warp(const trc_inst *inst, uint32_t n, unsigned entries, ref_counts *c)
{
    size_t len = 0;
    acc_t *a = stream(inst, n, &len);
    if (!a) return -1;
    uint8_t seen[NREG] = {0};
    for (size_t i = 0; i < len; i++) {
        c->reads += !a[i].write;
        c->cold_reads += !a[i].write && !seen[a[i].reg];
        seen[a[i].reg] = 1;
    }
    c->lru_hits += run_lru(a, len, entries);
    c->opt_hits += run_opt(a, len, entries);
    free(a);
    return 0;
}
