/* run.h - one simulation run of the sub-core model under the workload driver: a trace to
 * completion on the machine cfg.machine names (both run by gpu_run, gpu.h: the GPU, or a
 * GPU of one SM of one sub-core), or the synthetic streams on one sub-core for a number of
 * instructions, then drained.
 *
 * Every run ends with every issued instruction retired (dispatched, all write-backs
 * accepted), unless the cycle limit stops it first (then `complete` is 0). Per-instruction
 * figures are therefore comparable between configurations run on the same workload.
 */
#ifndef RUN_H
#define RUN_H

#include "simcfg.h"
#include "runres.h"

/* Run configuration c (copied) with options o. Returns 0 on success; 1 when the driver
 * or the invariant checker found a violation (err says which); 2 on bad input or no
 * memory (err: one line). r is filled in every case. */
int run_sim(const sim_cfg *c, const run_opts *o, run_result *r, char *err);

#endif
