/* bench_model.c - speed of the C model in simulated cycles per second (make bench).
 * Runs the model under the workload driver for a configuration and reports two figures:
 * the model alone (time inside sc_step only) and model + driver (the whole loop).
 *   bench-model [--config FILE] [--set k=v]... [--cycles N] [--label TEXT] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "drv.h"
#include "sc.h"

/* Monotonic seconds. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    cfg_t c;
    char err[CFG_ERR_LEN];
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    int nrest = 0;
    unsigned long cycles = 200000;
    const char *label = "config";
    if (!rest || simcfg_hw_from_args(&c, argc, argv, rest, &nrest, err) != 0) {
        fprintf(stderr, "bench-model: %s\n", rest ? err : "out of memory");
        free(rest);
        return 2;
    }
    for (int i = 1; i < nrest; i++) {
        if (strcmp(rest[i], "--cycles") == 0 && i + 1 < nrest) {
            cycles = strtoul(rest[++i], NULL, 10);
        } else if (strcmp(rest[i], "--label") == 0 && i + 1 < nrest) {
            label = rest[++i];
        } else {
            fprintf(stderr, "bench-model: unknown option '%s' (allowed: --config FILE, "
                            "--set key=value, --cycles N, --label TEXT)\n", rest[i]);
            free(rest);
            return 2;
        }
    }
    free(rest);
    static sc_in in;
    static sc_out out;
    sc_t *m = sc_create(&c);
    drv_t *d = drv_create(&c);
    if (!m || !d) {
        fprintf(stderr, "bench-model: out of memory\n");
        return 1;
    }
    double in_step = 0, t0 = now();
    for (unsigned long t = 0; t < cycles; t++) {
        drv_inputs(d, &in);
        double a = now();
        sc_step(m, &in, &out);
        in_step += now() - a;
        drv_consume(d, &in, &out);
    }
    double total = now() - t0;
    printf("bench: %-28s data_bits=%-5u cycles=%lu  model %.0f cycles/s  model+driver %.0f cycles/s\n",
           label, c.data_bits, cycles, (double)cycles / in_step, (double)cycles / total);
    int bad = drv_get_counts(d)->errors != 0;
    sc_destroy(m);
    drv_destroy(d);
    return bad;
}
