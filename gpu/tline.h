/* tline.h - the busy time of one bandwidth-limited resource (an L2 slice, DRAM) as a set of
 * intervals, so that a request takes the earliest free time at or after its arrival even
 * when requests arrive out of time order: the GPU model steps its SMs in batches of cycles
 * (docs/gpu.md, sm_batch), so SM 1's request of a batch's first cycle reaches the L2 after
 * SM 0's requests of the batch's last cycles. With requests in time order it is a FIFO
 * server: the earliest time at or after the arrival and after the previous request. */
#ifndef TLINE_H
#define TLINE_H

#include <stdint.h>

#define TLINE_INLINE 3 /* intervals kept in the struct itself (a 64-byte line) */

typedef struct {
    uint64_t s, e; /* busy [s, e) */
} tline_iv;

/* All zero is an empty timeline. The intervals are sorted, disjoint and never touch; up
 * to TLINE_INLINE of them live in `inl` (v NULL), more on the heap (v, cap): an array of
 * timelines stays compact and a request usually reads one cache line. */
typedef struct {
    tline_iv *v;
    unsigned n, cap;
    tline_iv inl[TLINE_INLINE];
} tline_t;

/* An empty timeline (no memory until it holds more than TLINE_INLINE intervals). */
void tline_init(tline_t *tl);

/* Free a timeline's memory (it is empty afterwards). */
void tline_free(tline_t *tl);

/* The earliest time s >= t at which [s, s + q) is free; [s, s + q) becomes busy.
 * UINT64_MAX when out of memory (the caller reports it). */
uint64_t tline_take(tline_t *tl, uint64_t t, uint64_t q);

/* The start tline_take(tl, t, q) would give, without taking it. */
uint64_t tline_peek(const tline_t *tl, uint64_t t, uint64_t q);

/* Forget the intervals that end at or before `before` (no later request arrives earlier). */
void tline_forget(tline_t *tl, uint64_t before);

/* Forget every interval. */
void tline_clear(tline_t *tl);

#endif
