/* cov.h - functional coverage of the co-simulation, sampled from the model side each cycle
 * (docs/coverage.md lists the bins and which configurations reach them).
 *
 * Per cycle:  cov_pre(cv, m);  sc_step(m, &in, &out);  cov_post(cv, m, &in, &out);
 * cov_pre snapshots what the bins need of the pre-cycle state (CT tags/valid/near, owners,
 * statistics); cov_post derives the events of the cycle from the differences.
 * Bins are named counters; cov_print writes `cov <name> <count>` lines. */
#ifndef COV_H
#define COV_H

#include <stdint.h>
#include <stdio.h>
#include "sc.h"

typedef struct cov cov_t;

cov_t *cov_create(const sc_t *m);
void cov_destroy(cov_t *cv);
void cov_pre(cov_t *cv, const sc_t *m);
void cov_post(cov_t *cv, const sc_t *m, const sc_in *in, const sc_out *out);
/* `cov <name> <count>` for every bin (zero counts included), a `cov_summary` line and, when
 * some bin was never hit, a `cov_missed` line naming those bins. */
void cov_print(const cov_t *cv, FILE *f);
/* The same on the rest of one line: " coverage=H/N", then " missed=a,b,..." when some bin
 * was never hit (no newline). */
void cov_brief(const cov_t *cv, FILE *f);

#endif
