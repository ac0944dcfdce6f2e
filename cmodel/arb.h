/* arb.h - the bank arbiter: one read-request FIFO per bank (D-12), write-port conflicts
 * (D-6) and the bank mapping (D-1). */
#ifndef ARB_H
#define ARB_H

#include <stdint.h>
#include "cfg.h"

typedef struct {
    uint8_t ccu;
    uint8_t slot;    /* OCT slot whose entry the data fills (its first slot naming reg) */
    uint16_t wid;
    uint16_t reg;
} arb_req;

typedef struct {
    unsigned depth;           /* C x S: cannot overflow (docs/spec.md) */
    unsigned nbanks;
    arb_req *q;               /* nbanks x depth ring buffers */
    unsigned head[CFG_MAX_B];
    unsigned count[CFG_MAX_B];
    unsigned queued;          /* sum of count[]: requests in all FIFOs */
    int overflow;             /* set if a push ever found a full FIFO (a model bug) */
} arb_t;

/* A granted read: bank b reads (wid, reg) and fills ccu's entry of `slot` next cycle. */
typedef struct {
    uint8_t valid;
    uint8_t ccu;
    uint8_t slot;
    uint16_t wid;
    uint16_t reg;
} arb_grant;

/* D-1: bank of (wid, reg) with nbanks a power of two. */
static inline unsigned arb_bank(unsigned wid, unsigned reg, unsigned nbanks)
{
    return (reg + wid) & (nbanks - 1u);
}

/* Allocate FIFOs for the configuration; 0 or -1 on allocation failure. */
int arb_init(arb_t *a, const cfg_t *c);

/* Free the FIFOs. */
void arb_free(arb_t *a);

/* Empty every FIFO. */
void arb_reset(arb_t *a);

/* D-6: ready[p] = no lower port with a valid write-back to the same bank. */
void arb_wb_ready(const cfg_t *c, const uint8_t *valid, const uint16_t *wid,
                  const uint16_t *reg, uint8_t *ready);

/* D-12 grants from the FIFO heads: bank b grants unless written this cycle or its head's
 * CCU port S is taken by a lower bank. Counts blocked heads. Does not pop. Returns the
 * number of grants. */
unsigned arb_grants(const arb_t *a, const uint8_t *bank_written, arb_grant *g,
                    uint64_t *blocked_write, uint64_t *blocked_port);

/* Pop the head of every granted bank. */
void arb_pop(arb_t *a, const arb_grant *g);

/* Append a request to its bank's FIFO (sets overflow if full). */
void arb_push(arb_t *a, const arb_req *r);

/* Current occupancy of bank b's FIFO. */
unsigned arb_count(const arb_t *a, unsigned b);

/* The k-th oldest request of bank b (k < arb_count). */
const arb_req *arb_at(const arb_t *a, unsigned b, unsigned k);

#endif
