/* gfeed.h - the GPU's block scheduler feeding one sub-core that someone else steps (the
 * lockstep co-simulation, unit tests): the GPU of one SM of one sub-core (machine =
 * subcore, gpu.h) reads the trace, places each block's warps into the sub-core's free warp
 * slots in groups, and retires blocks, exactly as `malekeh-sim` does; the caller builds the
 * model and the driver over gfeed_source and steps them.
 *
 *   gfeed_t *f = gfeed_open(&cfg, &opts, err);          // opts.trace, hint_file, values
 *   drv_t *d = drv_create_src(&cfg.hw, &cfg.drv, tsrc_iface(gfeed_source(f)));
 *   while (!(gfeed_done(f) && drv_idle(d))) {
 *       if (gfeed_tick(f, err)) ...;                     // placement, then the source's tick
 *       drv_inputs(d, &in); sc_step(m, &in, &out); drv_consume(d, &in, &out);
 *   }
 *   drv_destroy(d); gfeed_close(f);                       // the source goes with f
 */
#ifndef GFEED_H
#define GFEED_H

#include "gcfg.h"
#include "runres.h"
#include "tsrc.h"

typedef struct gfeed gfeed_t;

/* Open the trace o->trace (o->hint_file, o->values, o->max_blocks as a run's) for
 * configuration c, whatever its machine key; o is copied. NULL with err (RUN_ERR_LEN). */
gfeed_t *gfeed_open(const gpu_cfg *c, const run_opts *o, char *err);

/* The sub-core's trace source (owned by f). */
tsrc_t *gfeed_source(gfeed_t *f);

/* One cycle's block placement, then the source's tick (tsrc_tick): call once per cycle
 * before drv_inputs. 0, or -1 with err (bad trace input, out of memory). */
int gfeed_tick(gfeed_t *f, char *err);

/* 1 when every block of the trace was placed and all their warps retired. */
int gfeed_done(const gfeed_t *f);

/* Close f and its source (NULL is fine). */
void gfeed_close(gfeed_t *f);

#endif
