/* trace_bench.c - reader speed: trace-bench FILE [--hints] reads every block of FILE
 * (with exact hints at RTHLD 12 when --hints) and prints instructions and instructions/s. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "hint.h"
#include "trc.h"

static double now(clockid_t c)
{
    struct timespec ts;
    clock_gettime(c, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc < 2 || (argc == 3 && strcmp(argv[2], "--hints")) || argc > 3) {
        fprintf(stderr, "usage: trace-bench FILE [--hints]\n");
        return 2;
    }
    int hints = argc == 3;
    char err[TRC_ERR_LEN];
    double t0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
    trc_t *t = trc_open(argv[1], err);
    if (!t) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    trc_block *b;
    int r;
    unsigned long long n = 0, blocks = 0, regs = 0;
    while ((r = trc_next_block(t, &b, err)) == 1) {
        blocks++;
        for (unsigned w = 0; w < b->nwarps; w++) {
            if (hints) hint_exact(b->warp[w].inst, b->warp[w].n, 12);
            n += b->warp[w].n;
            for (uint32_t i = 0; i < b->warp[w].n; i++) regs += b->warp[w].inst[i].nsrc;
        }
        trc_block_free(b);
    }
    double dt = now(CLOCK_MONOTONIC) - t0, dc = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
    if (r < 0) {
        fprintf(stderr, "%s\n", err);
        trc_close(t);
        return 2;
    }
    printf("%s%s: %llu blocks, %llu instructions (%llu source registers); wall %.3f s = %.2f M inst/s; "
           "CPU %.3f s = %.2f M inst/s\n",
           argv[1], hints ? " +exact hints" : "", blocks, n, regs, dt, dt > 0 ? (double)n / dt / 1e6 : 0.0,
           dc, dc > 0 ? (double)n / dc / 1e6 : 0.0);
    trc_close(t);
    return 0;
}
