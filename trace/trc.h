/* trc.h - streaming reader of Accel-Sim SASS instruction traces (`.traceg`).
 *
 * Tracer versions 3 to 6 (a leading `tb_x tb_y tb_z warp` prefix on instruction lines
 * when the version is below 3, one or two trailing immediates from version 5, NoVal/Val
 * and register values from version 6 (kept on request: trc_keep_values), cluster lines
 * in blocks, a leading line number when the header says `-enable lineinfo = 1`), plain,
 * xz or gzip compressed (detected from the first bytes, not the file name). docs/trace.md
 * describes the format and every decision (register widths, execution classes).
 *
 * Streaming: trc_next_block() returns one thread block at a time, so memory is bounded by
 * the blocks a caller keeps alive, not by the file size.
 *
 * Instructions come out decoded: R255 (RZ) dropped, register widths expanded from the
 * opcode (trace/isa.h), a register repeated inside one instruction kept as such.
 *
 * Errors: every function that can fail writes one line `file:line: what is wrong (what
 * was expected)` into err (TRC_ERR_LEN bytes) and returns an error value.
 */
#ifndef TRC_H
#define TRC_H

#include <stdint.h>
#include <stdio.h>
#include "tinst.h"

#define TRC_ERR_LEN 512

/* A warp's pool of the register lists too long to be held inline (trace/trc.c). */
typedef struct trc_xregs trc_xregs;

typedef struct {
    uint32_t n;        /* instructions (the `insts = n` count) */
    trc_inst *inst;    /* [n], program order */
    uint64_t *addr;    /* memory addresses of its instructions (trc_keep_addresses), in
                          order of the active threads; NULL when none were kept */
    uint32_t naddr, cap_addr;
    uint32_t *val;     /* register value rows of its instructions (trc_keep_values), each
                          TRC_VAL_ROW words; NULL when none were kept */
    uint32_t nval, cap_val;  /* rows */
    trc_xregs *xregs;  /* the register lists of its instructions of more than
                          TRC_INLINE_REGS registers (trc_inst.reg.ext); NULL when none */
    uint8_t flags_any; /* the TRC_F_* flags of its instructions, or-ed (a caller that
                          builds a warp by hand sets it too) */
} trc_warp;

typedef struct {
    unsigned x, y, z;
} trc_dim3;

typedef struct {
    trc_dim3 id;       /* `thread block = x,y,z` */
    uint64_t index;    /* 0, 1, 2, ... in trace order */
    unsigned nwarps;   /* warps of this block (warp ids 0..nwarps-1) */
    trc_warp *warp;    /* [nwarps] */
} trc_block;

typedef struct {
    char name[512];           /* `-kernel name`, cut to fit */
    unsigned kernel_id;
    trc_dim3 grid, block;
    unsigned shmem, nregs;
    uint64_t shmem_base;      /* `-shmem base_addr`: the shared-memory window of generic
                                 addresses (0: none given) */
    uint64_t local_base;      /* `-local mem base_addr`: the local-memory window's */
    int binary_version;
    unsigned tracer_version;
    int lineinfo;             /* `-enable lineinfo` */
    char compression[8];      /* "none", "xz" or "gzip" */
} trc_kernel;

typedef struct trc trc_t;

/* Open a trace file and read its header; NULL with err on failure. */
trc_t *trc_open(const char *path, char *err);

/* Open a trace held in memory (for tests and fuzzing); name is used in messages.
 * The buffer must outlive the reader. NULL with err on failure. */
trc_t *trc_open_mem(const void *buf, size_t len, const char *name, char *err);

/* From now on keep each memory instruction's addresses (trc_inst.maddr, naddr) in its
 * warp's trc_warp.addr; off by default: the statistics-only path does not pay for them. */
void trc_keep_addresses(trc_t *t);

/* From now on keep the register values of tracer-6 lines that carry them (`Val`) as rows
 * in the warp's trc_warp.val (trc_inst.vdst, vsrc, vrow); off by default: the statistics-
 * only path does not pay for them (the values are checked either way). */
void trc_keep_values(trc_t *t);


/* The first value row of instruction in of warp w (its vdst rows, then its vsrc rows);
 * NULL when it has none. */
const uint32_t *trc_val_rows(const trc_warp *w, const trc_inst *in);

/* The kernel header fields. */
const trc_kernel *trc_kernel_info(const trc_t *t);

/* Read the next thread block: 1 and *b set (free with trc_block_free), 0 at the end of
 * the trace, -1 with err on bad input (the reader is unusable afterwards). */
int trc_next_block(trc_t *t, trc_block **b, char *err);

/* Free a block from trc_next_block (NULL is fine). */
void trc_block_free(trc_block *b);

/* Close a reader (NULL is fine). */
void trc_close(trc_t *t);

/* Instruction lines scanned in full so far: a line equal (from its operands on) to the
 * last one at its PC slot is not (the parser's memo, trace/parse.c). */
uint64_t trc_lines_scanned(const trc_t *t);

/* The text of an interned opcode, e.g. "IMAD.WIDE"; "?" if out of range. */
const char *trc_opcode_name(const trc_t *t, unsigned op);

/* The opcodes of no known class read so far (TRC_F_UNKNOWN), as "OP1 OP2 ..." cut to
 * n bytes; their count. */
unsigned trc_unknown_opcodes(const trc_t *t, char *buf, size_t n);

/* The name of an execution class ("int", "fp", ...). */
const char *trc_cls_name(unsigned cls);

#endif
