/* app.h - a whole application: Accel-Sim's kernelslist.g (one line per kernel trace file,
 * relative to the list's folder, and MemcpyHtoD/MemcpyDtoH lines, in order) run kernel
 * after kernel on the same machine; on the GPU the L1s and L2 keep their lines from one
 * kernel to the next. Memory copies are listed and counted, not timed; a host-to-device
 * one is in the L2 when the next kernel starts (memcpy_l2). docs/gpu.md.
 */
#ifndef APP_H
#define APP_H

#include <stdint.h>
#include "simcfg.h"
#include "run.h"

#define APP_MAX_KERNELS 4096

typedef struct {
    char trace[1024];       /* the kernel's trace file */
    char name[128];         /* its kernel name, cut */
    uint64_t insts, cycles;
    double hit_ratio;       /* src_hits / src_regs */
    double bank_reads;      /* per instruction */
} app_kernel;

typedef struct app_result {
    app_kernel *k;          /* [nk], in order */
    unsigned nk;
    unsigned memcpys;       /* MemcpyHtoD / MemcpyDtoH lines */
    uint64_t memcpy_bytes;
    uint64_t memcpy_l2_bytes; /* of the host-to-device ones, placed in the L2 before the
                                 next kernel (memcpy_l2; gpu_counts.copied_l2_bytes) */
} app_result;

/* 1 if path is a kernel list (its first line that is not blank is a memory copy or a file
 * name, where a trace starts with "-kernel name"), 0 if it is a trace or cannot be read
 * (the trace reader then says why). */
int app_is_list(const char *path);

/* The kernel list of folder dir, as Accel-Sim lays out traces: dir/kernelslist.g, else
 * dir/traces/kernelslist.g, written to out[n]. 0; -1 when dir is not a folder; -2 when it
 * is one without either list. */
int app_list_in(const char *dir, char *out, size_t n);

/* Run every kernel of list `list` with configuration c and options o (o->trace is
 * ignored). *total: the sums over the kernels (cycles: their sum; the last kernel's
 * header); *a: one entry per kernel (free with app_free). Returns as run_sim: 0, 1, 2
 * with err (a bad list line: file:line: what was expected). */
int app_run(const sim_cfg *c, const run_opts *o, const char *list, run_result *total,
            app_result *a, char *err);

/* Free what app_run allocated in *a (NULL fields are fine). */
void app_free(app_result *a);

#endif
