/* tinst.h - one decoded warp instruction of an Accel-Sim trace (trc_inst): its register
 * lists, reuse hints, memory space and flags, and the limits and classes they use. The
 * line parser (parse.h) fills it, the reader (trc.h) gathers it into warps and blocks;
 * both include this header, neither the other's. docs/trace.md describes the fields.
 */
#ifndef TINST_H
#define TINST_H

#include <stdint.h>

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

#define TRC_MAX_ADDR 32    /* addresses of one warp instruction (one per active thread) */
#define TRC_REUSE_SLOTS 3 /* operand positions with a reuse bit (NVIDIA's a, b, c) */

/* Register values (tracer 6 `Val` lines, trc_keep_values): one row per register that has
 * them, TRC_VAL_ROW words: [0] the lanes it gives (bit i: lane i, the active mask), then
 * [1 + i] lane i's 32-bit value (0 for a lane not given). docs/trace.md section 1. */
#define TRC_VAL_LANES 32
#define TRC_VAL_ROW (1 + TRC_VAL_LANES)

/* Instruction flags. */
#define TRC_F_BARRIER 1u  /* BAR.SYNC / BAR.RED...: the warps of the block wait for each other
                             at barrier trc_inst.bar; BAR.ARV: arrives there, no wait */
#define TRC_F_EXIT    2u  /* EXIT: ends the warp */
#define TRC_F_LOCAL   4u  /* LDL / STL: per-thread local memory (addresses are each thread's own) */
#define TRC_F_UNKNOWN 8u  /* an opcode of no known class: timed as integer ALU (isa.h) */
#define TRC_F_CPCOPY  16u /* LDGSTS: an asynchronous copy (cp.async) into the open group */
#define TRC_F_CPCLOSE 32u /* LDGDEPBAR: closes the open group of copies (cp.async.commit_group);
                             a warpgroup MMA (*GMMA) with the tracer's commit flag: closes
                             the open group of them after itself (wgmma.commit_group) */
#define TRC_F_DEPBAR  64u /* DEPBAR: waits until at most dep_keep closed groups are in flight
                             (cp.async.wait_group; docs/trace.md "Asynchronous copies");
                             WARPGROUP.DEPBAR: of warpgroup MMAs (wgmma.wait_group) */
#define TRC_DEP_GMMA 0x8000u /* in dep_keep: a WARPGROUP.DEPBAR, waiting for groups of
                                warpgroup MMAs, not of copies */
#define TRC_F_L1BYPASS 128u /* a load that bypasses L1 (.BYPASS, .STRONG.GPU, .STRONG.SYS:
                               cp.async.cg, volatile and coherent loads; Accel-Sim's
                               CACHE_GLOBAL) */

/* trc_inst.bar: the barrier's id (its first immediate, 0..15), the warps it waits for
 * (its second, a thread count, rounded up to warps; 0: every warp of the block) and
 * TRC_BAR_ARV for BAR.ARV, which arrives without waiting (docs/trace.md "Barriers"). */
#define TRC_BAR_ID(b) ((unsigned)(b) & 15u)
#define TRC_BAR_WARPS(b) (((unsigned)(b) >> 4) & 0x7ffu)
#define TRC_BAR_ARV 0x8000u

#define TRC_INLINE_REGS 16  /* registers (destinations + sources) an instruction holds itself */


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
    union {                           /* by kind of instruction: */
        uint16_t mwidth;              /* memory (mspace != TRC_M_NONE): the line's memory
                                         width, bytes per thread */
        uint16_t dep_keep;            /* TRC_F_DEPBAR: the closed groups it leaves in
                                         flight, its immediate (0 when the line has none,
                                         as Accel-Sim; at most 0x7fff), with TRC_DEP_GMMA
                                         for WARPGROUP.DEPBAR */
        uint16_t unit_cycles;         /* TRC_CLS_TENSOR: Hopper's warpgroup MMAs (*GMMA)
                                         hold the unit this many cycles, the latency too
                                         (isa_info.unit_cycles); 0: the class's */
        uint16_t bar;                 /* TRC_F_BARRIER: which barrier, for how many warps,
                                         arriving only: TRC_BAR_* */
    };
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

#endif
