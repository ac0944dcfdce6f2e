/* gfeed.c - the GPU's block scheduler feeding a sub-core stepped by the caller (gfeed.h). */
#include "gfeed.h"

#include <stdio.h>
#include <stdlib.h>

#include "gmach.h"
#include "gsched.h"
#include "gsubs.h"

struct gfeed {
    gpu_t *g;
    run_opts o;        /* the GPU keeps a pointer to its options */
    gpu_counts gc;
};

gfeed_t *gfeed_open(const gpu_cfg *c, const run_opts *o, char *err)
{
    gfeed_t *f = calloc(1, sizeof *f);
    gpu_cfg solo = *c;
    if (!f) {
        snprintf(err, RUN_ERR_LEN, "out of memory");
        return NULL;
    }
    f->o = *o;
    solo.gpu.machine = GPU_MACHINE_SUBCORE;
    if (!(f->g = gpu_open(&solo, &f->o, &f->gc, NULL, err))) {
        free(f);
        return NULL;
    }
    gsub *s = &f->g->sub[0]; /* its source now; the caller builds model and driver over it */
    if (!(s->core.t = gpu_sub_source(f->g, err))) {
        gfeed_close(f);
        return NULL;
    }
    gpu_sub_start(f->g, s);
    return f;
}

tsrc_t *gfeed_source(gfeed_t *f) { return f->g->sub[0].core.t; }

int gfeed_tick(gfeed_t *f, char *err)
{
    if (gpu_sched_dispatch(f->g, err)) return -1;
    f->g->cyc++;
    tsrc_tick(gfeed_source(f));
    return 0;
}

int gfeed_done(const gfeed_t *f)
{
    return f->g->eof && !f->g->next && f->g->resident == 0;
}

void gfeed_close(gfeed_t *f)
{
    if (!f) return;
    gpu_free(f->g);
    free(f);
}
