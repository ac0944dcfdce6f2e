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

#define TRC_ERR_LEN 512
#define TRC_MAX_LISTED 8    /* registers listed per side on one trace line, at most */
#define TRC_MAX_XREGS 32    /* registers per side after width expansion, at most */
#define TRC_RZ 255          /* R255 = RZ, no register */

/* Execution class of an opcode (docs/trace.md has the table). */
typedef enum {
    TRC_CLS_INT = 0,  /* integer ALU */
    TRC_CLS_FP,       /* single-precision / half FP ALU */
    TRC_CLS_DP,       /* double-precision FP */
    TRC_CLS_SFU,      /* special functions (MUFU, conversions) */
    TRC_CLS_LDST,     /* global / local / generic / constant memory */
    TRC_CLS_SHMEM,    /* shared memory */
    TRC_CLS_TENSOR,   /* tensor core (HMMA, IMMA, ...) */
    TRC_CLS_BRANCH,   /* branch, barrier, exit, other control */
    TRC_NCLS
} trc_cls;

/* Memory space of an instruction (trace/isa.c decides from the opcode; docs/trace.md). */
enum {
    TRC_M_NONE = 0,   /* no memory access */
    TRC_M_LOAD,       /* global, local or generic load (LD, LDG, LDL) */
    TRC_M_STORE,      /* global, local or generic store (ST, STG, STL) */
    TRC_M_ATOMIC,     /* global atomic or reduction (ATOM, ATOMG, RED, REDG) */
    TRC_M_CONST,      /* constant load (LDC) */
    TRC_M_SHARED,     /* shared memory (LDS, STS, ATOMS, LDSM, STSM) */
    TRC_M_OTHER       /* texture, surface, fences, bulk copies, ...: an L1 access of its
                         own kind, timed as a load when it has addresses */
};

#define TRC_MAX_ADDR 32
#define TRC_REUSE_SLOTS 3 /* operand positions with a reuse bit (NVIDIA's a, b, c) */   /* addresses of one warp instruction (one per active thread) */

/* Register values (tracer 6 `Val` lines, trc_keep_values): one row per register that has
 * them, TRC_VAL_ROW words: [0] the lanes it gives (bit i: lane i, the active mask), then
 * [1 + i] lane i's 32-bit value (0 for a lane not given). docs/trace.md section 1. */
#define TRC_VAL_LANES 32
#define TRC_VAL_ROW (1 + TRC_VAL_LANES)

/* Instruction flags. */
#define TRC_F_BARRIER 1u  /* BAR.SYNC / BAR.RED...: the warps of the block wait for each other */
#define TRC_F_EXIT    2u  /* EXIT: ends the warp */
#define TRC_F_LOCAL   4u  /* LDL / STL: per-thread local memory (addresses are each thread's own) */
#define TRC_F_UNKNOWN 8u  /* an opcode of no known class: timed as integer ALU (isa.h) */

#define TRC_INLINE_REGS 16  /* registers (destinations + sources) an instruction holds itself */

/* A warp's pool of the register lists too long to be held inline (trace/trc.c). */
typedef struct trc_xregs trc_xregs;

/* One warp instruction: 64 bytes, one cache line (a GPU run keeps every resident warp's
 * instructions). Its registers are read through trc_dsts and trc_srcs: dst[k] and src[k]
 * below are trc_dsts(in)[k] and trc_srcs(in)[k]. */
typedef struct {
    uint32_t pc;                      /* program counter (hex in the trace) */
    uint32_t mask;                    /* active mask */
    uint32_t line;                    /* line number in the trace file */
    uint16_t op;                      /* interned opcode (trc_opcode_name) */
    uint8_t cls;                      /* trc_cls */
    uint8_t flags;                    /* TRC_F_* */
    uint8_t ndst, nsrc;               /* registers after expansion, RZ dropped, each at most
                                         TRC_MAX_XREGS */
    uint8_t top;                      /* highest register of dst and src, 0 when none */
    uint8_t src_reuse;                /* bit s: the compiler's operand reuse bit of src[s],
                                         s < TRC_REUSE_SLOTS (hint_reuse_bits) */
    uint32_t dst_near, src_near;      /* reuse hints, bit k: dst[k] / src[k] is near (1) or
                                         far (0); filled by hints/ (trc_src_near) */
    uint8_t mspace;                   /* TRC_M_* */
    uint8_t naddr;                    /* addresses kept (trc_keep_addresses), 0..32 */
    uint16_t mwidth;                  /* memory width of the line, bytes per thread */
    uint32_t maddr;                   /* index of its first address in trc_warp.addr */
    uint32_t vdst, vsrc;              /* values kept (trc_keep_values): bit i, dst[i] / src[i]
                                         has a row of register values; 0: none */
    uint32_t vrow;                    /* index of its first row in trc_warp.val: a row per set
                                         bit of vdst in order, then per set bit of vsrc */
    union {
        uint8_t inl[TRC_INLINE_REGS]; /* ndst + nsrc <= TRC_INLINE_REGS: the destination
                                         registers in order, then the sources in operand
                                         order (may repeat) */
        const uint8_t *ext;           /* more: the same lists, in its warp's pool
                                         (trc_warp.xregs; valid while the warp lives) */
    } reg;
} trc_inst;

_Static_assert(sizeof(trc_inst) == 64, "trc_inst is one 64-byte cache line");

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

/* 1 when instruction in holds its registers itself (trc_inst.reg.inl), 0 when its warp's
 * pool holds them (trc_inst.reg.ext). */
static inline int trc_regs_inline(const trc_inst *in)
{
    return (unsigned)in->ndst + in->nsrc <= TRC_INLINE_REGS;
}

/* The ndst destination registers of instruction in, in order. */
static inline const uint8_t *trc_dsts(const trc_inst *in)
{
    return trc_regs_inline(in) ? in->reg.inl : in->reg.ext;
}

/* The nsrc source registers of instruction in, in operand order (may repeat). */
static inline const uint8_t *trc_srcs(const trc_inst *in)
{
    return trc_dsts(in) + in->ndst;
}

/* Give instruction in the registers dst[0..ndst) and src[0..nsrc) (each count at most
 * TRC_MAX_XREGS): inline when they fit (store unused), else copied to store (room for
 * ndst + nsrc bytes, alive as long as in and its copies) and pointed to. */
void trc_set_regs(trc_inst *in, const uint8_t *dst, unsigned ndst, const uint8_t *src,
                  unsigned nsrc, uint8_t *store);

/* The reuse hint of source / destination k of instruction in (1 = near). */
static inline unsigned trc_src_near(const trc_inst *in, unsigned k) { return in->src_near >> k & 1u; }
static inline unsigned trc_dst_near(const trc_inst *in, unsigned k) { return in->dst_near >> k & 1u; }

/* Set the reuse hint of source / destination k (k < TRC_MAX_XREGS) to v (0 or 1). */
static inline void trc_set_src_near(trc_inst *in, unsigned k, unsigned v)
{
    in->src_near = (in->src_near & ~(1u << k)) | (uint32_t)(v & 1u) << k;
}
static inline void trc_set_dst_near(trc_inst *in, unsigned k, unsigned v)
{
    in->dst_near = (in->dst_near & ~(1u << k)) | (uint32_t)(v & 1u) << k;
}

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

/* The text of an interned opcode, e.g. "IMAD.WIDE"; "?" if out of range. */
const char *trc_opcode_name(const trc_t *t, unsigned op);

/* The opcodes of no known class read so far (TRC_F_UNKNOWN), as "OP1 OP2 ..." cut to
 * n bytes; their count. */
unsigned trc_unknown_opcodes(const trc_t *t, char *buf, size_t n);

/* The name of an execution class ("int", "fp", ...). */
const char *trc_cls_name(unsigned cls);

#endif
