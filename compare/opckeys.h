/* opckeys.h - the comparison designs' keys: which operand cache sits beside the baseline
 * collectors, and each design's settings. One part of the simulator's configuration
 * (sim/simcfg.h); not part of the RTL.
 */
#ifndef OPCKEYS_H
#define OPCKEYS_H

#include "cfg.h"

/* Operand caches beside the baseline collectors (compare/). */
enum { OPC_NONE = 0, OPC_REUSE, OPC_BOW, OPC_BOW_WR, OPC_RFC, OPC_PROTO, OPC_GTO_ANY,
       OPC_GTO_OWN };

#define OPCK_MAX_KEYS 16

typedef struct {
    unsigned operand_cache;  /* OPC_*: an operand cache beside the baseline collectors */
    unsigned bow_window;     /* BOW: instructions of a warp's operand window */
    unsigned rfc_entries;    /* RFC: results cached per active warp */
    unsigned rfc_active;     /* RFC: warps in the two-level scheduler's active set */
    int reuse_direct;        /* reuse: 1 = NVIDIA's machine, operands read from the banks by
                                one in-order read stage, no collector buffering (compare/reuse.h) */
    int reuse_bits;          /* reuse: 0 = the compiler sets no reuse bit (the cache is off) */
    unsigned origin[OPCK_MAX_KEYS]; /* provenance (cfgkey.h cfg_part) */
} opc_keys;

/* The comparison designs' part of a configuration: their key table bound to *k. */
cfg_part opck_part(opc_keys *k);

/* The word of an operand_cache value ("none", "bow", ...). */
const char *opck_name(unsigned operand_cache);

/* Cross-key checks of the designs' keys against the hardware's. 0, or -1 with err. */
int opck_check(const opc_keys *k, const cfg_t *hw, const char *path, char *err);

#endif
