/* hint.h - reuse hints, the compiler side of Malekeh (contract section 5).
 *
 * An operand (source or destination register) of a dynamic instruction i of a warp,
 * naming register r, is NEAR when one of the instructions i+1 .. i+RTHLD of the same warp
 * reads r before any of them writes r (an instruction that both reads and writes r counts
 * as a read); otherwise FAR. Modes:
 *   exact     every dynamic operand gets its own outcome (the papers' evaluation);
 *   profile   the first `profile_warps` warps of the trace (trace order) are profiled with
 *             the exact rule; each static operand, keyed (PC, side, position after width
 *             expansion), takes its most common outcome (ties: far) and that is applied to
 *             every warp; an operand never seen while profiling is far (the papers' proposal);
 *   static    a compiler's view: the kernel's code and control flow recovered from the whole
 *             trace, each static operand near when some path from its instruction reads the
 *             register within RTHLD instructions before writing it (hint_static_table);
 *   all-near / all-far   ablations;
 *   file      per-(PC, side, position) hints read from a text file (docs/trace.md), e.g.
 *             written by `malekeh-hints` or by another profiler or a compiler.
 */
#ifndef HINT_H
#define HINT_H

#include <stdint.h>
#include "trc.h"

typedef enum { HINT_EXACT = 0, HINT_PROFILE, HINT_ALL_NEAR, HINT_ALL_FAR, HINT_STATIC, HINT_FILE } hint_mode;

typedef struct {
    hint_mode mode;
    unsigned rthld;          /* RTHLD, >= 1 */
    unsigned profile_warps;  /* profile mode: warps profiled, >= 1 */
    const char *file;        /* file mode: the hint file */
    unsigned banks;          /* register-file banks of the operand reuse bits (0: 2) */
} hint_opts;

/* The name of a mode ("exact", "profile", "all-near", "all-far", "file"). */
const char *hint_mode_name(hint_mode m);

/* Set the exact hints of one warp's instructions in place (src_near, dst_near). */
void hint_exact(trc_inst *inst, uint32_t n, unsigned rthld);

/* The exact rule's distances, for a cache that replaces by reuse distance (compare/proto.h):
 * for every operand of one warp's n instructions, in order (per instruction its ndst
 * destinations, then its nsrc sources, as trc_dsts lists them), how many instructions on
 * the register is next read (1: the next instruction) when the first later instruction
 * touching it reads it (a read-and-write counts as a read), else 0 (written first, or
 * never touched again); at most UINT16_MAX. An operand is near (hint_exact) iff its
 * distance is 1..rthld. dist holds the sum of ndst + nsrc over the n instructions. */
void hint_next_use(const trc_inst *inst, uint32_t n, uint16_t *dist);

/* Set the operand reuse bits of one warp's instructions in place (src_reuse), as a
 * compiler sets the `.reuse` flags NVIDIA's operand reuse cache follows (Huerta et al.,
 * MICRO 2025, section 5.3.1, Listing 4): register r at source position p < TRC_REUSE_SLOTS
 * of instruction i is flagged when r would still be in the cache's entry (bank of r,
 * position p) at its next read at p: i does not write r, and among the following
 * instructions, each the fall-through successor of the one before (0 < PC difference <=
 * 16: no branch taken), within 64 of i, the first one that reads a register of r's bank
 * (of `banks`, 0: 2) at position p reads r, and no instruction before it writes r.
 * Positions are the trace's register order (docs/compare.md says what that approximates). */
void hint_reuse_bits(trc_inst *inst, uint32_t n, unsigned banks);

/* Per-(PC, side, position) hint table. */
typedef struct hint_tab hint_tab;

/* An empty table; NULL on allocation failure. */
hint_tab *hint_tab_create(void);

/* Free a table (NULL is fine). */
void hint_tab_destroy(hint_tab *t);

/* Count the (already set) hints of one warp's instructions as profiling outcomes.
 * Returns 0, or -1 on allocation failure. */
int hint_tab_count(hint_tab *t, const trc_inst *inst, uint32_t n);

/* Give operand (pc, side: 0 source / 1 destination, position) the hint `hint` (0 far, 1
 * near). 0, or -1 when out of memory. */
int hint_tab_set(hint_tab *t, uint32_t pc, unsigned side, unsigned pos, int hint);

/* Static mode: read the whole trace `path` once, recover the kernel's code (every PC it
 * shows, with its registers) and control flow (every transition from an instruction to
 * the next that some warp took), and give every static operand naming register r the hint
 * near when some path from its instruction reaches a read of r within rthld instructions
 * with no write of r before it (an instruction reading and writing r counts as a read: the
 * exact rule's, over all paths instead of one dynamic stream). Code no warp ran and
 * transitions no warp took are not seen. *nodes: static instructions found. NULL with err. */
hint_tab *hint_static_table(const char *path, unsigned rthld, uint64_t *nodes, char *err);

/* Overwrite the hints of one warp's instructions from the table (majority, ties and
 * unknown operands far); returns how many operands the table had no entry for. */
uint64_t hint_tab_apply(const hint_tab *t, trc_inst *inst, uint32_t n);

/* The kernel a hint file was written for (its "# kernel NAME" line), "" if it names none. */
const char *hint_tab_kernel(const hint_tab *t);

/* Write the table as text, atomically (temporary file + rename); header comment lines
 * name the kernel and the options. 0, or -1 with err. */
int hint_tab_write(const hint_tab *t, const char *path, const trc_kernel *k,
                   const hint_opts *o, char *err);

/* Read a hint file. NULL with err (`file:line: ... (expected ...)`) on bad input. */
hint_tab *hint_tab_read(const char *path, char *err);

/* A trace reader that returns blocks with hints set by opts (profile mode reads ahead
 * the blocks holding the profiled warps and keeps them until they are returned). */
typedef struct hsrc hsrc_t;

/* Open trace `path` with hint options o (copied). NULL with err on failure. */
hsrc_t *hsrc_open(const char *path, const hint_opts *o, char *err);

/* hsrc_open that also keeps every memory instruction's addresses (trc_keep_addresses),
 * for the GPU model's memory system. */
hsrc_t *hsrc_open_addr(const char *path, const hint_opts *o, char *err);

/* What hsrc_open_keep keeps besides the instructions (bits). */
#define HSRC_KEEP_ADDRESSES 1u  /* trc_keep_addresses */
#define HSRC_KEEP_VALUES    2u  /* trc_keep_values: tracer-6 register values */

/* hsrc_open keeping what `keep` says (HSRC_KEEP_*; 0: hsrc_open). NULL with err. */
hsrc_t *hsrc_open_keep(const char *path, const hint_opts *o, unsigned keep, char *err);

/* Like trc_next_block, with hints set: 1 block, 0 end, -1 error with err. */
int hsrc_next_block(hsrc_t *h, trc_block **b, char *err);

/* The kernel header of the underlying trace. */
const trc_kernel *hsrc_kernel(const hsrc_t *h);

/* File mode: operands the hint file had a hint for, of all operands given hints so far
 * (*total); 0, 0 in the other modes. The rest were given far. */
void hsrc_hint_match(const hsrc_t *h, uint64_t *matched, uint64_t *total);

/* Modes other than exact: operands whose hint differs from the exact rule's (*differ), of
 * all operands given hints so far (*compared); 0, 0 in exact mode. */
void hsrc_hint_differ(const hsrc_t *h, uint64_t *differ, uint64_t *compared);

/* File mode: the kernel the hint file names when it differs from the trace's, else NULL. */
const char *hsrc_hint_kernel_mismatch(const hsrc_t *h);

/* The underlying reader (for trc_opcode_name). */
const trc_t *hsrc_reader(const hsrc_t *h);

/* Close (NULL is fine). */
void hsrc_close(hsrc_t *h);

#endif
