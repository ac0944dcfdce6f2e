/* parse.h - one Accel-Sim instruction line -> trc_inst (hand-written scanners). */
#ifndef PARSE_H
#define PARSE_H

#include <stddef.h>
#include "isa.h"
#include "tinst.h"

#define PARSE_MAX_OPCODE 63  /* longest opcode text accepted */

typedef struct {
    unsigned version;  /* tracer version: < 3 has the `tb_x tb_y tb_z warp` prefix, >= 5 an immediate */
    int lineinfo;      /* a leading line number */
} parse_fmt;

/* Intern an opcode text of len bytes: its id and *info, or -1 when the table is full. */
typedef int (*parse_intern_fn)(void *ctx, const char *op, size_t len, const isa_info **info);

typedef struct parse parse_t;

/* A parser of lines in format f, interning opcodes through intern(ctx, ...); NULL when
 * out of memory. */
parse_t *parse_create(const parse_fmt *f, parse_intern_fn intern, void *ctx);

/* Free a parser (NULL is fine). */
void parse_destroy(parse_t *ps);

/* Parse line s of n bytes (s[n] is its NUL; s starts at the line's first character that
 * is not a space or tab) into *out (all fields but `line`, hints cleared; register lists
 * too long to be inline in the parser's storage until the next call: the caller copies
 * them). 0, or -1 with `what is wrong (what was expected)` in what[wn]. */
int parse_inst(parse_t *ps, const char *s, size_t n, trc_inst *out, char *what, size_t wn);

/* From now on decode the addresses of every memory line (parse_addresses). */
void parse_keep_addresses(parse_t *ps);

/* The addresses of the line parse_inst parsed last (kept only after parse_keep_addresses):
 * their count (0: none, or not a memory line), *addr their values in order of the active
 * threads, *mwidth the line's memory width in bytes. */
unsigned parse_addresses(const parse_t *ps, const uint64_t **addr, uint32_t *mwidth);

/* Lines scanned in full so far (the others came from the memo, parse.c). */
uint64_t parse_full_lines(const parse_t *ps);

/* From now on decode the register values of `Val` lines (tracer 6; parse_values). */
void parse_keep_values(parse_t *ps);

/* The register values of the line parse_inst parsed last (kept only after
 * parse_keep_values): their rows (tinst.h TRC_VAL_ROW words each; 0: none) at *rows, a row
 * per set bit of *vdst (bit i: the line's dst[i] after width expansion) in order, then per
 * set bit of *vsrc (src[i]). */
unsigned parse_values(const parse_t *ps, const uint32_t **rows, uint32_t *vdst, uint32_t *vsrc);

#endif
