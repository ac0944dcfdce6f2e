/* gsum.h - sums of statistics: the sub-cores of a GPU into one run, the kernels of an
 * application into its total. Every counter is added; high-water marks take the larger;
 * cycles, intervals and the STHLD history are left to the caller. */
#ifndef GSUM_H
#define GSUM_H

#include "drv.h"
#include "mem.h"
#include "stats.h"
#include "tsrc.h"

/* t += a, the model's counters. */
void gsum_stats(sc_stats *t, const sc_stats *a);

/* t += a, the driver's counters. */
void gsum_driver(drv_counts *t, const drv_counts *a);

/* t += a, the trace source's counters (max_held: the larger of the two). */
void gsum_trace(tsrc_counts *t, const tsrc_counts *a);

/* t += a, the memory system's counters. */
void gsum_mem(mem_counts *t, const mem_counts *a);

#endif
