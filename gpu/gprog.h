/* gprog.h - the GPU run's progress line on stderr (run_opts.progress). */
#ifndef GPROG_H
#define GPROG_H

#include "gmach.h"

#define GPU_PROGRESS_EVERY (1u << 16) /* cycles between progress lines */

/* Print the progress line of g at cycle g->cyc + 1 (blocks placed, resident). */
void gpu_progress(const gpu_t *g);

#endif
