/* txtrun.h - run a whole trace given as text (header and blocks) to completion, on one
 * sub-core or on the GPU with the default configuration, for the tests of trace rules
 * (test_async, test_bar). */
#ifndef TXTRUN_H
#define TXTRUN_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "run.h"
#include "simcfg.h"

/* Run trace text txt on the GPU (gpu 1) or one sub-core (0), with fast_idle, checking
 * the model's invariants every cycle when check; *r its results. 0, or -1 (said on
 * stderr) when it fails or does not complete. */
static inline int txtrun(const char *txt, int gpu, int fast_idle, int check, run_result *r)
{
    sim_cfg c;
    run_opts o;
    char err[RUN_ERR_LEN], path[64];
    simcfg_defaults(&c);
    if (!gpu) c.m.gpu.machine = GPU_MACHINE_SUBCORE;
    c.m.gpu.fast_idle = fast_idle;
    memset(&o, 0, sizeof o);
    memset(r, 0, sizeof *r);
    snprintf(path, sizeof path, "/tmp/txtrun_XXXXXX");
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) return -1;
    fputs(txt, f);
    if (fclose(f)) return -1;
    o.trace = path;
    o.check_invariants = check;
    int rc = run_sim(&c, &o, r, err);
    if (rc) fprintf(stderr, "  run_sim: %d: %s\n", rc, err);
    unlink(path);
    return rc || !r->complete ? -1 : 0;
}

#endif
