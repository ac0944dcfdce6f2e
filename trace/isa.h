/* isa.h - what an opcode text means for the register file: its execution class, flags,
 * and the width (in 32-bit registers) of each listed destination and source register.
 * The rules and their sources are in docs/trace.md ("Opcode table"). Unknown opcodes are
 * integer ALU with width 1 everywhere, and flagged (isa_info.unknown).
 */
#ifndef ISA_H
#define ISA_H

#include <stdint.h>
#include "tinst.h"

typedef struct {
    uint8_t cls;                     /* trc_cls */
    uint8_t flags;                   /* TRC_F_* */
    uint8_t mspace;                  /* TRC_M_* */
    uint8_t unknown;                 /* 1: an opcode of no known class (timed as integer) */
    uint8_t tma;                     /* 1: a TMA copy (UTMALDG, UTMASTG, UTMAPF, UTMAREDG,
                                        UBLKCP, UBLKPF, UBLKRED): newer tracers list its
                                        transfers in a layout of their own (parse.c) */
    uint8_t bar_arv;                 /* 1: BAR.ARV (arrives at a barrier, no wait) */
    uint8_t generic;                 /* 1: LD or ST, generic addressing: the trace reader
                                        finds the space from the address (trc.c) */
    uint8_t wgwait;                  /* 1: WARPGROUP.DEPBAR (wgmma.wait_group): its DEPBAR
                                        waits for warpgroup MMAs (TRC_DEP_GMMA) */
    uint16_t unit_cycles;            /* Hopper's warpgroup MMAs (*GMMA.MxNxK): the cycles
                                        its unit is held, from N (Accel-Sim); 0: the
                                        class's latency and interval */
    uint8_t dst_w;                   /* width of every listed destination, 1..8 */
    uint8_t src_w[TRC_MAX_LISTED];   /* width of the listed source at each position, 1..8 */
} isa_info;

/* Decode opcode text such as "IMAD.WIDE.U32" or "LDG.E.128.SYS" into *out (never fails). */
void isa_decode(const char *opcode, isa_info *out);

#endif
