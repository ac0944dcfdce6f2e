/* cpgrp.h - one warp's groups of asynchronous copies (Ampere's cp.async: LDGSTS copies
 * global to shared memory without a destination register, LDGDEPBAR closes the open
 * group, `DEPBAR.LE SB0, N` waits until at most N closed groups are still in flight).
 * The trace source (tsrc.c) tells it what the warp issues and when each copy lands, and
 * asks it whether a DEPBAR may issue. Accel-Sim's rule (shader.cc, m_ldgdepbar_buf):
 * docs/trace.md "Asynchronous copies".
 */
#ifndef CPGRP_H
#define CPGRP_H

#include <stdint.h>

/* Closed groups held apart; beyond, the two oldest are merged (a DEPBAR that leaves
 * CPG_GROUPS or more groups in flight may then pass early). */
#define CPG_GROUPS 16

typedef struct {
    uint64_t close_seq;   /* sequence number of the LDGDEPBAR that closed it (UINT64_MAX:
                             the open group) */
    uint64_t done;        /* cycle its last executed copy lands (0: none yet) */
    uint32_t pending;     /* its copies issued and not executed yet */
} cpg_group;

typedef struct {
    cpg_group g[CPG_GROUPS];  /* closed groups not retired, oldest first */
    unsigned n;               /* of them */
    cpg_group open;           /* the group new copies join */
} cpg_t;

/* Clear g: no group, an empty open group (a warp's start). */
void cpg_reset(cpg_t *g);

/* A copy (LDGSTS) of the warp issued: it joins the open group. */
void cpg_copy(cpg_t *g);

/* An LDGDEPBAR of sequence number seq issued: the open group closes. */
void cpg_close(cpg_t *g, uint64_t seq);

/* The copy of sequence number seq executed; it lands at cycle ready. */
void cpg_landed(cpg_t *g, uint64_t seq, uint64_t ready);

/* May a DEPBAR leaving keep closed groups in flight issue at cycle now? 0: yes (groups
 * that landed by now are retired); else the cycle it may, or UINT64_MAX while a copy it
 * waits for has not executed (its landing is not known yet). */
uint64_t cpg_wait(cpg_t *g, unsigned keep, uint64_t now);

#endif
