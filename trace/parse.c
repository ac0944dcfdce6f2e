/* parse.c - scan one instruction line:
 *   [tb_x tb_y tb_z warp] [line_num] PC mask dest_num [dests] OPCODE src_num [srcs]
 *   mem_width [addr_mode addresses...] [immediate]
 * Address modes (Accel-Sim trace_parser.cc): 0 list all (one hex address per active
 * thread), 1 base_stride (hex base, decimal stride), 2 base_delta (hex base, then one
 * decimal delta per further active thread).
 * The scanners keep the cursor in a local and return the new position, or NULL when the
 * token is malformed; the caller then describes the token at the old position.
 *
 * Memo: a static instruction repeats its operand text (destination count to source list)
 * on every dynamic instance. The parser keeps, per PC slot, the operand text of the last
 * line parsed in full there and what it decoded to; a line whose operand text is the same
 * byte for byte, and not followed by more white space, takes that decoding, and only its
 * PC, mask and memory part are scanned. A line without a memory part (memory width 0)
 * has nothing dynamic after its mask: its whole rest is remembered, and a line equal to
 * it from the destination count to the end needs no more scanning. The scan of those
 * bytes would have given the same result (it depends on nothing else: the mask only
 * counts addresses), so results and messages do not depend on the memo. A tracer-6 line
 * that carries register values (`Val`) is remembered up to its memory width only, with
 * where its listed registers went (vmap): its values are scanned on every line.
 *
 * Register values (tracer 6, after the immediates): `NoVal`, or `Val` and then, for each
 * listed destination register and then each listed source register (RZ and uniform
 * registers included), a decimal count and that many 32-bit hex values (optional 0x):
 * one per active thread, in lane order (the count is popcount(mask)), or one per lane
 * (32; the inactive lanes' values are ignored). Sources (docs/trace.md section 1 has the
 * details): the tracer's writer of version 6 was not found in public code (accel-sim/
 * accel-sim-framework util/tracer_nvbit/tracer_tool/tracer_tool.cu and inject_funcs.cu,
 * the newest read, 0ab7a67e9c4fe89bbae1b9592a7777760b069f92, write version 5, no values);
 * the layout is the format line the tracer puts in the header (`Val|NoVal [dest_val_num]
 * [dest_val] ... [src_val1_num] [src_val1] ... [src_valX_num] [src_valX] ...`, in the
 * fixture sarchlab/mgpusim nvidia/trace/testdata/atax-v6/kernel-1.traceg at
 * 35ebaf87faf23cddab1b8e130fdf359ca38cd171), read with NVBit's register values as 32-bit
 * per thread gathered lane by lane (facebookresearch/CUTracer src/inject_funcs.cu at
 * 0b8025cb4079dd9b8a949ecd2fd7f3494f5cd75a, record_reg_val) and written like the same
 * tracer's addresses (one hex number per active thread, lane order). */
#include "parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_MEM_WIDTH 4096u
#define MEMO_BITS 10      /* 1024 PC slots */
#define MEMO_TEXT 80      /* longest text remembered (operands, or a line's whole rest), bytes */

#define NOPOS 0xff           /* vmap.pos of a listed register dropped (RZ, uniform) */
#define MAX_ROWS (2 * TRC_MAX_LISTED)

/* Where the registers a line lists went, for its register values: the value groups come
 * in this order (destinations, then sources). */
typedef struct {
    uint8_t nd, ns;                  /* listed destinations, sources */
    uint8_t reg[MAX_ROWS];           /* each listed register (TRC_RZ: RZ or uniform) */
    uint8_t pos[MAX_ROWS];           /* its index in dst[] / src[] after width expansion,
                                        NOPOS when dropped */
} vmap;

typedef struct {
    size_t len;             /* bytes of text; 0: empty */
    int whole;              /* text is the rest of a line without a memory part, else it
                               ends at the memory width */
    char text[MEMO_TEXT];   /* from the destination count on */
    trc_inst inst;          /* its decoding: op, cls, flags, registers; hints cleared */
    uint8_t kind;           /* its memory part's layout (TAIL_*) */
    vmap map;               /* its listed registers (for register values) */
    uint8_t xreg[2 * TRC_MAX_XREGS];  /* its register lists when too long to be inline
                                         (inst.reg.ext points here) */
} memo_ent;

enum { MEMO_MISS, MEMO_OPS, MEMO_LINE };

struct parse {
    parse_fmt f;
    parse_intern_fn intern;
    void *ctx;
    uint64_t mask_text;     /* the last 8-character mask token read (0: none yet) */
    uint32_t mask;          /* its value */
    int keep;               /* decode the addresses of each memory line (parse_keep_addresses) */
    unsigned naddr;         /* the last line's addresses (keep), 0 when none */
    uint32_t mwidth;        /* its memory width */
    uint64_t addr[TRC_MAX_ADDR];
    int keep_vals;          /* decode register values (parse_keep_values) */
    unsigned nrows;         /* the last line's value rows (keep_vals), 0 when none */
    uint32_t vdst, vsrc;    /* which registers they belong to (parse_values) */
    uint32_t row[MAX_ROWS][TRC_VAL_ROW];
    uint8_t xreg[2 * TRC_MAX_XREGS];  /* the last line parsed in full: its registers after
                                         expansion, destinations then sources */
    memo_ent memo[1u << MEMO_BITS];
    uint64_t full_lines;    /* lines scanned in full (memo misses) */
};

/* Character classes: hex digit value + 1 (0 = not hex), and token ends. */
static uint8_t hex1[256];
static uint8_t endc[256];
static uint8_t opc[256];   /* 1: a character of an opcode (letters, digits, '.', '_') */
static int tabs_ready;

static void tabs_init(void)
{
    for (unsigned c = 0; c < 256; c++) {
        if (c >= '0' && c <= '9') hex1[c] = (uint8_t)(c - '0' + 1);
        if (c >= 'a' && c <= 'f') hex1[c] = (uint8_t)(c - 'a' + 11);
        if (c >= 'A' && c <= 'F') hex1[c] = (uint8_t)(c - 'A' + 11);
    }
    endc[0] = endc[' '] = endc['\t'] = 1;
    for (unsigned c = 0; c < 256; c++)
        opc[c] = (uint8_t)((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                           (c >= '0' && c <= '9') || c == '.' || c == '_');
    tabs_ready = 1;
}

#define IS_END(c) (endc[(uint8_t)(c)])

static inline const char *ws(const char *p)
{
    if (p[0] == ' ' && p[1] != ' ' && p[1] != '\t') /* the usual single space */
        return p + 1;
    while (*p == ' ' || *p == '\t') p++;
    return p;
}

/* Digits of the hex number [q, p) after its leading zeros. */
static size_t sig_digits(const char *q, const char *p)
{
    while (q < p && *q == '0') q++;
    return (size_t)(p - q);
}

/* Hex number, optional 0x, at most maxdig significant digits. */
static inline const char *rd_hex(const char *p, unsigned maxdig, uint64_t *v)
{
    if (p[0] == '0' && (p[1] | 0x20) == 'x') p += 2;
    const char *q = p;
    uint64_t x = 0;
    unsigned d;
    while ((d = hex1[(uint8_t)*p]) != 0) {
        x = x << 4 | (d - 1);
        p++;
    }
    if (p == q || !IS_END(*p) || ((size_t)(p - q) > maxdig && sig_digits(q, p) > maxdig)) return NULL;
    *v = x;
    return p;
}

/* SWAR: 8 bytes in a 64-bit word, the first in the low byte. */
#define ONES 0x0101010101010101ull

/* Bit 7 of each byte of w set where the byte lies in [lo, hi] (lo >= 1, hi < 0x80). */
static inline uint64_t in_range(uint64_t w, unsigned lo, unsigned hi)
{
    uint64_t x = w & ~(ONES * 0x80);       /* 7 bits: the sums below stay in their byte */
    uint64_t ge = x + ONES * (0x80 - lo);  /* bit 7: x >= lo */
    uint64_t gt = x + ONES * (0x7f - hi);  /* bit 7: x > hi */
    return ge & ~gt & ~w & ONES * 0x80;
}

/* Bit 7 of each byte of w set where the byte is a hex digit; *let: where it is a letter. */
static inline uint64_t hex_bytes(uint64_t w, uint64_t *let)
{
    *let = in_range(w | ONES * 0x20, 'a', 'f');  /* 'A'..'F' fold onto 'a'..'f' */
    return in_range(w, '0', '9') | *let;
}

/* The hex digits at the start of p[0..7] (all readable): their count, and their value in
 * *v. One pass over the 8 bytes instead of a loop per digit. */
static inline unsigned hex8(const char *p, uint64_t *v)
{
    uint64_t w, let;
    memcpy(&w, p, 8);
    uint64_t non = ~hex_bytes(w, &let) & ONES * 0x80;
    unsigned n = non ? (unsigned)__builtin_ctzll(non) / 8 : 8;
    uint64_t d = (w & ONES * 0x0f) + (let >> 7) * 9;  /* each byte's digit value (< 16 anyway) */
    d = (d & 0x00ff00ff00ff00ffull) << 4 | (d >> 8 & 0x00ff00ff00ff00ffull);  /* 2 digits */
    d = (d & 0x0000ffff0000ffffull) << 8 | (d >> 16 & 0x0000ffff0000ffffull); /* 4 digits */
    d = (d & 0xffffffffull) << 16 | d >> 32;                                   /* 8 digits */
    *v = d >> (32 - 4 * n);
    return n;
}

/* rd_hex without the value (addresses): the end of the hex number at p, or NULL; 8 bytes
 * at a time while 8 are left before end (the line's NUL). */
static inline const char *skip_hex(const char *p, const char *end, unsigned maxdig)
{
    if (p[0] == '0' && (p[1] | 0x20) == 'x') p += 2;
    const char *q = p, *t = p;
    for (;;) {
        uint64_t w, let, non;
        if (end - t < 8) {
            while (hex1[(uint8_t)*t]) t++;
            break;
        }
        memcpy(&w, t, 8);
        if ((non = ~hex_bytes(w, &let) & ONES * 0x80) != 0) {
            t += __builtin_ctzll(non) / 8;
            break;
        }
        t += 8;
    }
    if (t == q || !IS_END(*t) || ((size_t)(t - q) > maxdig && sig_digits(q, t) > maxdig)) return NULL;
    return t;
}

/* rd_hex for the usual token of 1..8 digits with 8 bytes left before end (the line's
 * NUL); anything else (0x, longer, malformed) goes to rd_hex. */
static inline const char *rd_hex_fast(const char *p, const char *end, unsigned maxdig, uint64_t *v)
{
    uint64_t d;
    unsigned n;
    if (end - p >= 8 && (n = hex8(p, &d)) > 0 && n <= maxdig && IS_END(p[n])) {
        *v = d;
        return p + n;
    }
    return rd_hex(p, maxdig, v);
}

/* Unsigned decimal, at most max. */
static inline const char *rd_dec(const char *p, uint32_t max, uint32_t *v)
{
    unsigned d0 = (unsigned)(p[0] - '0');
    if (d0 <= 9 && d0 <= max && IS_END(p[1])) { /* one digit: most counts */
        *v = d0;
        return p + 1;
    }
    uint64_t x = 0;
    const char *q = p;
    while (*p >= '0' && *p <= '9') {
        x = x * 10 + (unsigned)(*p++ - '0');
        if (x > max) return NULL;
    }
    if (p == q || !IS_END(*p)) return NULL;
    *v = (uint32_t)x;
    return p;
}

/* Signed decimal of at most 19 digits, or a 0x hex number (immediates). */
static const char *skip_sdec(const char *p)
{
    if (*p == '-' || *p == '+') p++;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        uint64_t v;
        return rd_hex(p, 16, &v);
    }
    const char *q = p;
    while (*p >= '0' && *p <= '9') p++;
    if (p == q || p - q > 19 || !IS_END(*p)) return NULL;
    return p;
}

/* R0..R255: 'R' and one to three decimal digits, then a token end. */
static const char *rd_reg(const char *p, uint8_t *r)
{
    if (p[0] == 'U' && p[1] == 'R') { /* a uniform register (URn, URZ; tracers 5, 6): not in
                                         the vector register file, dropped as RZ is */
        const char *q = p + 2;
        if (q[0] == 'Z' && IS_END(q[1])) q++;
        else if (*q >= '0' && *q <= '9') while (*q >= '0' && *q <= '9' && q - p < 5) q++;
        else return NULL;
        if (!IS_END(*q)) return NULL;
        *r = TRC_RZ;
        return q;
    }
    if (p[0] != 'R') return NULL;
    unsigned v = (unsigned)(p[1] - '0'), d;
    if (v > 9) return NULL;
    p += 2;
    if ((d = (unsigned)(*p - '0')) <= 9) {
        v = v * 10 + d;
        if ((d = (unsigned)(*++p - '0')) <= 9) {
            v = v * 10 + d;
            p++;
        }
    }
    if (v > 255 || !IS_END(*p)) return NULL; /* a fourth digit is not a token end */
    *r = (uint8_t)v;
    return p;
}

/* "'token'" (cut) or "end of line". */
static const char *tokq(const char *p, char *buf, size_t n)
{
    if (*p == '\0') return "end of line";
    size_t k = 0;
    while (!IS_END(p[k]) && k < 32) k++;
    snprintf(buf, n, "'%.*s%s'", (int)k, p, IS_END(p[k]) ? "" : "...");
    return buf;
}

typedef struct {
    char *what;
    size_t wn;
} ectx;

static int bad(const ectx *e, const char *p, const char *field, const char *expected)
{
    char q[48];
    snprintf(e->what, e->wn, "bad %s %s (expected %s)", field, tokq(p, q, sizeof q), expected);
    return -1;
}

static int bad_dec(const ectx *e, const char *p, const char *field, uint32_t max)
{
    char exp[48];
    snprintf(exp, sizeof exp, "a decimal number 0..%u", (unsigned)max);
    return bad(e, p, field, exp);
}

/* Registers of one side, expanded by width; RZ dropped. */
static int expand(const ectx *e, const uint8_t *listed, unsigned nl, const uint8_t *w, int same_w,
                  uint8_t *out, uint8_t *nout, const char *side)
{
    unsigned n = 0;
    for (unsigned i = 0; i < nl; i++) {
        unsigned r = listed[i], wi = same_w ? w[0] : w[i];
        if (r == TRC_RZ) continue;
        if (r + wi - 1 > 254) {
            snprintf(e->what, e->wn,
                     "%s register R%u of width %u runs past R254 (expected a register pair/quad below RZ)",
                     side, r, wi);
            return -1;
        }
        if (n + wi > TRC_MAX_XREGS) {
            snprintf(e->what, e->wn, "more than %d %s registers after width expansion (expected fewer)",
                     TRC_MAX_XREGS, side);
            return -1;
        }
        for (unsigned k = 0; k < wi; k++) out[n++] = (uint8_t)(r + k);
    }
    *nout = (uint8_t)n;
    return 0;
}

/* The highest of registers r[0..n), 0 when none. */
static uint8_t reg_top(const uint8_t *r, unsigned n)
{
    uint8_t top = 0;
    for (unsigned i = 0; i < n; i++) top = r[i] > top ? r[i] : top;
    return top;
}

/* Set bits of x. */
static inline unsigned popcount32(uint32_t x)
{
    x = x - (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    return ((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u >> 24;
}

/* The address part after mem_width > 0 (end: the line's NUL); returns the position after
 * it or NULL. */
static const char *addresses(const ectx *e, const char *p, const char *end, uint32_t mask)
{
    uint32_t mode;
    unsigned active = popcount32(mask);
    const char *q;
    p = ws(p);
    if (!(q = rd_dec(p, 2, &mode))) return bad_dec(e, p, "address mode", 2), NULL;
    p = ws(q);
    if (mode == 0) {
        for (unsigned i = 0; i < active; i++, p = ws(q))
            if (!(q = skip_hex(p, end, 16)))
                return bad(e, p, "address", "one hex address per active thread"), NULL;
        return p;
    }
    if (!(q = skip_hex(p, end, 16))) return bad(e, p, "base address", "a hex address"), NULL;
    p = ws(q);
    if (mode == 1) {
        if (!(q = skip_sdec(p))) return bad(e, p, "address stride", "a signed decimal number"), NULL;
        return ws(q);
    }
    for (unsigned i = 1; i < active; i++) {  /* hot: inlined [-]digits, else the full scanner */
        if (p[0] == '0' && p[1] == ' ') {      /* the most common delta */
            p += 2;
            while (*p == ' ') p++;
            continue;
        }
        const char *d = p + (*p == '-');
        const char *t = d;
        while ((unsigned)(*t - '0') < 10u) t++;
        if (t > d && t - d <= 19 && IS_END(*t)) q = t;
        else if (!(q = skip_sdec(p)))
            return bad(e, p, "address delta", "one signed decimal delta per further active thread"), NULL;
        p = q;
        while (*p == ' ') p++;
        if (*p == '\t') p = ws(p);
    }
    return p;
}

/* The hex number after the blanks at *p (an optional 0x), *p moved past it; the text was
 * checked by addresses(). */
static uint64_t scan_hex(const char **pp)
{
    const char *p = *pp;
    uint64_t v = 0;
    while (*p == ' ' || *p == '\t') p++;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) p += 2;
    for (unsigned d; (d = hex1[(uint8_t)*p]) != 0; p++) v = v << 4 | (d - 1);
    *pp = p;
    return v;
}

/* The signed decimal number after the blanks at *p, *p moved past it (checked text). */
static int64_t scan_sdec(const char **pp)
{
    const char *p = *pp;
    uint64_t v = 0;
    while (*p == ' ' || *p == '\t') p++;
    int neg = *p == '-';
    p += neg || *p == '+';
    while (*p >= '0' && *p <= '9') v = v * 10 + (uint64_t)(*p++ - '0');
    *pp = p;
    return neg ? -(int64_t)v : (int64_t)v;
}

/* Decode the address part at p, already checked by addresses(): one address per active
 * thread into ps->addr, in order of the active threads (Accel-Sim trace_parser.cc:
 * list; base + i * stride for the i-th active thread; base, then each address the last
 * plus its delta). Only with parse_keep_addresses. */
static void decode_addresses(parse_t *ps, const char *p, uint32_t mask, uint32_t mw)
{
    unsigned active = popcount32(mask), mode = 0;
    if (active > TRC_MAX_ADDR) active = TRC_MAX_ADDR;
    ps->mwidth = mw;
    ps->naddr = active;
    while (*p >= '0' && *p <= '9') mode = mode * 10 + (unsigned)(*p++ - '0');
    if (mode == 0) {
        for (unsigned i = 0; i < active; i++) ps->addr[i] = scan_hex(&p);
        return;
    }
    uint64_t a = scan_hex(&p);
    int64_t step = mode == 1 ? scan_sdec(&p) : 0;
    for (unsigned i = 0; i < active; i++) {
        if (i > 0) a += (uint64_t)(mode == 1 ? step : scan_sdec(&p));
        ps->addr[i] = a;
    }
}

uint64_t parse_full_lines(const parse_t *ps)
{
    return ps->full_lines;
}

void parse_keep_addresses(parse_t *ps)
{
    ps->keep = 1;
}

unsigned parse_addresses(const parse_t *ps, const uint64_t **addr, uint32_t *mwidth)
{
    *addr = ps->addr;
    *mwidth = ps->mwidth;
    return ps->naddr;
}

void parse_keep_values(parse_t *ps)
{
    ps->keep_vals = 1;
}

unsigned parse_values(const parse_t *ps, const uint32_t **rows, uint32_t *vdst, uint32_t *vsrc)
{
    *rows = ps->row[0];
    *vdst = ps->vdst;
    *vsrc = ps->vsrc;
    return ps->nrows;
}

parse_t *parse_create(const parse_fmt *f, parse_intern_fn intern, void *ctx)
{
    parse_t *ps = calloc(1, sizeof *ps);
    if (!ps) return NULL;
    ps->f = *f;
    ps->intern = intern;
    ps->ctx = ctx;
    if (!tabs_ready) tabs_init();
    return ps;
}

void parse_destroy(parse_t *ps)
{
    free(ps);
}

/* The memo slot of a PC (Fibonacci hashing: PCs are multiples of 8 or 16). */
static memo_ent *memo_slot(parse_t *ps, uint32_t pc)
{
    return &ps->memo[(uint32_t)(pc * 2654435761u) >> (32 - MEMO_BITS)];
}

/* How the text at p (end: the line's NUL) matches m: MEMO_LINE, it is m's whole text;
 * MEMO_OPS, it starts with m's operand text and the white space after it ends where it
 * did (the memory part is left to scan); else MEMO_MISS. */
static int memo_match(const memo_ent *m, const char *p, const char *end)
{
    size_t left = (size_t)(end - p);
    if (!m->len || m->len > left || (m->whole && m->len != left) || memcmp(p, m->text, m->len) != 0)
        return MEMO_MISS;
    if (m->whole) return MEMO_LINE;
    return p[m->len] != ' ' && p[m->len] != '\t' ? MEMO_OPS : MEMO_MISS;
}

/* Remember text[0..len) (whole: a line's whole rest) and its decoding in m; a text too
 * long to keep leaves m as it was. */
static void memo_store(memo_ent *m, const char *text, size_t len, int whole, const trc_inst *in,
                       const vmap *map, unsigned kind)
{
    if (len > MEMO_TEXT) return;
    memcpy(m->text, text, len);
    m->len = len;
    m->whole = whole;
    m->inst = *in;
    m->kind = (uint8_t)kind;
    if (!trc_regs_inline(in)) {
        memcpy(m->xreg, in->reg.ext, (size_t)in->ndst + in->nsrc);
        m->inst.reg.ext = m->xreg;
    }
    m->map = *map;
}

/* The registers and opcode a line lists, before width expansion. */
typedef struct {
    uint32_t nd, ns;
    uint8_t ld[TRC_MAX_LISTED], ls[TRC_MAX_LISTED];
    int op;
    const isa_info *info;
} listed;

/* From the destination count to the source list: fills *l and returns the position of
 * the memory width, or NULL with the message. */
static const char *operands(parse_t *ps, const ectx *e, const char *p, listed *l)
{
    const char *q;
    if (!(q = rd_dec(p, TRC_MAX_LISTED, &l->nd)))
        return bad_dec(e, p, "destination count", TRC_MAX_LISTED), NULL;
    p = ws(q);
    for (unsigned i = 0; i < l->nd; i++, p = ws(q))
        if (!(q = rd_reg(p, &l->ld[i])))
            return bad(e, p, "register", "R0..R255 in the destination list, as many as the count says"), NULL;

    size_t oplen = 0;
    while (opc[(uint8_t)p[oplen]]) oplen++;
    if (oplen == 0 || !IS_END(p[oplen]) || !((p[0] >= 'A' && p[0] <= 'Z') || (p[0] >= 'a' && p[0] <= 'z')))
        return bad(e, p, "opcode", "a SASS opcode like IADD3 after the destinations"), NULL;
    uint8_t r;
    if (p[0] == 'R' && oplen > 1 && oplen <= 4 && rd_reg(p, &r))
        return bad(e, p, "opcode", "an opcode, not a register: does the destination count match?"), NULL;
    if (oplen > PARSE_MAX_OPCODE) return bad(e, p, "opcode", "at most 63 characters"), NULL;
    if ((l->op = ps->intern(ps->ctx, p, oplen, &l->info)) < 0) {
        snprintf(e->what, e->wn, "too many distinct opcodes or out of memory (expected at most %d opcodes)", 4096);
        return NULL;
    }
    p = ws(p + oplen);

    if (!(q = rd_dec(p, TRC_MAX_LISTED, &l->ns))) return bad_dec(e, p, "source count", TRC_MAX_LISTED), NULL;
    p = ws(q);
    for (unsigned i = 0; i < l->ns; i++, p = ws(q))
        if (!(q = rd_reg(p, &l->ls[i])))
            return bad(e, p, "register", "R0..R255 in the source list, as many as the count says"), NULL;
    return p;
}

/* Where listed register r goes after width expansion, *pos registers being before it: its
 * index (NOPOS: dropped, or past TRC_MAX_XREGS, which expand() then reports); *pos moves
 * on by its width w. */
static uint8_t val_pos(uint8_t r, unsigned w, unsigned *pos)
{
    if (r == TRC_RZ) return NOPOS;
    unsigned at = *pos;
    *pos += w;
    return at < TRC_MAX_XREGS ? (uint8_t)at : NOPOS;
}

/* The listed registers of l and where width expansion puts them (vmap). */
static void val_map(const listed *l, vmap *m)
{
    unsigned pos = 0;
    m->nd = (uint8_t)l->nd;
    m->ns = (uint8_t)l->ns;
    for (unsigned i = 0; i < l->nd; i++) {
        m->reg[i] = l->ld[i];
        m->pos[i] = val_pos(l->ld[i], l->info->dst_w, &pos);
    }
    pos = 0;
    for (unsigned i = 0; i < l->ns; i++) {
        m->reg[l->nd + i] = l->ls[i];
        m->pos[l->nd + i] = val_pos(l->ls[i], l->info->src_w[i], &pos);
    }
}

/* "destination 1 (R4)", "source 2" (RZ or a uniform register): value group g of m. */
static const char *group_name(const vmap *m, unsigned g, char *buf, size_t n)
{
    int dst = g < m->nd;
    unsigned k = dst ? g + 1 : g - m->nd + 1;
    if (m->reg[g] == TRC_RZ) snprintf(buf, n, "%s %u", dst ? "destination" : "source", k);
    else snprintf(buf, n, "%s %u (R%u)", dst ? "destination" : "source", k, (unsigned)m->reg[g]);
    return buf;
}

/* A new value row of group g of m for lanes `mask` (keep_vals, a register not dropped):
 * the row to fill, its lanes zeroed; NULL when the group keeps none. */
static uint32_t *val_row(parse_t *ps, const vmap *m, unsigned g, uint32_t mask)
{
    if (!ps->keep_vals || m->pos[g] == NOPOS || ps->nrows >= MAX_ROWS) return NULL;
    uint32_t *row = ps->row[ps->nrows++];
    memset(row, 0, TRC_VAL_ROW * sizeof *row);
    row[0] = mask;
    if (g < m->nd) ps->vdst |= 1u << m->pos[g];
    else ps->vsrc |= 1u << m->pos[g];
    return row;
}

/* A bad count (value 0) or value (value k >= 1, of n) of value group g of m at p: the
 * message. Out of line: only a bad line comes here. */
__attribute__((noinline)) static int val_bad(const ectx *e, const char *p, uint32_t mask,
                                             const vmap *m, unsigned g, uint32_t k, uint32_t n)
{
    char name[32], field[80], exp[160];
    group_name(m, g, name, sizeof name);
    if (k == 0) {
        snprintf(field, sizeof field, "value count for %s", name);
        unsigned active = popcount32(mask);
        snprintf(exp, sizeof exp, "%u, one value per active thread%s: after Val a count and its "
                 "values for each of the %u listed registers", active,
                 active < TRC_VAL_LANES ? ", or 32, one per lane" : "", (unsigned)m->nd + m->ns);
    } else {
        snprintf(field, sizeof field, "value %u of %u for %s", (unsigned)k, (unsigned)n, name);
        snprintf(exp, sizeof exp, "a 32-bit hex number, as many as the count says");
    }
    return bad(e, p, field, exp);
}

/* Value group g of m at p: a count, popcount(mask) or 32, then that many 32-bit hex values
 * (into a row when kept: the i-th to the i-th active lane, or lane i when 32 of them). The
 * position after, or NULL with the message. */
static const char *val_group(parse_t *ps, const ectx *e, const char *p, uint32_t mask,
                             const vmap *m, unsigned g)
{
    const char *q;
    uint32_t n;
    if (!(q = rd_dec(p, TRC_VAL_LANES, &n)) || (n != popcount32(mask) && n != TRC_VAL_LANES))
        return val_bad(e, p, mask, m, g, 0, 0), NULL;
    p = ws(q);
    uint32_t *row = val_row(ps, m, g, mask), lanes = mask;
    for (uint32_t i = 0; i < n; i++, p = ws(q)) {
        uint64_t v;
        if (!(q = rd_hex(p, 8, &v))) return val_bad(e, p, mask, m, g, i + 1, n), NULL;
        if (!row) continue;
        if (n == TRC_VAL_LANES) {
            if (mask >> i & 1u) row[1 + i] = (uint32_t)v;
        } else {
            row[1 + __builtin_ctz(lanes)] = (uint32_t)v;  /* the i-th active lane */
            lanes &= lanes - 1;
        }
    }
    return p;
}

/* Tracer 6: NoVal, or Val and a group of values per listed register of m (val_group); *had
 * set when Val. The position after, or NULL with the message. */
static const char *reg_values(parse_t *ps, const ectx *e, const char *p, uint32_t mask,
                              const vmap *m, int *had)
{
    if (strncmp(p, "NoVal", 5) == 0 && IS_END(p[5])) return ws(p + 5);
    if (!(strncmp(p, "Val", 3) == 0 && IS_END(p[3])))
        return bad(e, p, "register values", "Val or NoVal (tracer 6)"), NULL;
    *had = 1;
    p = ws(p + 3);
    for (unsigned g = 0; g < (unsigned)m->nd + m->ns; g++)
        if (!(p = val_group(ps, e, p, mask, m, g))) return NULL;
    return p;
}

/* The immediate at p (checked by skip_sdec) as a count: 0 when negative, at most
 * 0x7fff (DEPBAR's groups left in flight, trc_inst.dep_keep beside TRC_DEP_GMMA). */
static uint16_t imm_count(const char *p)
{
    if (*p == '-') return 0;
    p += *p == '+';
    uint64_t v = 0;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        for (p += 2; hex1[(unsigned char)*p]; p++) v = v < 0x10000 ? v * 16 + hex1[(unsigned char)*p] - 1 : v;
    } else {
        for (; *p >= '0' && *p <= '9'; p++) v = v < 0x10000 ? v * 10 + (uint64_t)(*p - '0') : v;
    }
    return (uint16_t)(v > 0x7fff ? 0x7fff : v);
}

/* The layout of a line's memory part, by opcode (isa_info): plain; a TMA copy (UTMA*,
 * UBLK*), which newer tracers follow with a transfer list; a warpgroup MMA (*GMMA), which
 * the newest follow with a commit-group flag before the memory width. */
enum { TAIL_PLAIN, TAIL_TMA, TAIL_GMMA };

static unsigned tail_kind(const isa_info *i)
{
    return i->tma ? TAIL_TMA : i->unit_cycles ? TAIL_GMMA : TAIL_PLAIN;
}

/* A TMA copy's transfer list at p (after the memory width), as Accel-Sim's trace parsers
 * read it: `3 count addr...` or `4 base count delta...` (count - 1 deltas) in
 * accel-sim-framework's trace_parser.cc, the same after `mbar multicast [cta_mask]
 * bytes oob_bytes` in its newer one (docs/trace.md). The position after it, or NULL
 * with the message. The transfers are not timed: the copy is an access without
 * addresses (docs/gpu.md). */
static const char *tma_list(const ectx *e, const char *p, const char *end)
{
    const char *q;
    uint32_t v, mode, count;
    if (!((p[0] == '3' || p[0] == '4') && IS_END(p[1]))) { /* the newer header first */
        if (!(q = skip_hex(p, end, 16))) return bad(e, p, "TMA mbarrier address", "a hex address"), NULL;
        p = ws(q);
        if (!(q = rd_dec(p, 1, &v))) return bad_dec(e, p, "TMA multicast flag", 1), NULL;
        p = ws(q);
        if (v) {
            if (!(q = skip_hex(p, end, 4))) return bad(e, p, "TMA multicast CTA mask", "a hex mask"), NULL;
            p = ws(q);
        }
        for (unsigned k = 0; k < 2; k++, p = ws(q))
            if (!(q = rd_dec(p, 0xffffffffu, &v)))
                return bad_dec(e, p, k ? "TMA out-of-bounds byte count" : "TMA byte count", 0xffffffffu), NULL;
    }
    if (!(q = rd_dec(p, 4, &mode)) || mode < 3) return bad(e, p, "TMA address mode", "3 or 4"), NULL;
    p = ws(q);
    if (mode == 4) {
        if (!(q = skip_hex(p, end, 16))) return bad(e, p, "TMA base address", "a hex address"), NULL;
        p = ws(q);
    }
    if (!(q = rd_dec(p, 1u << 24, &count))) return bad_dec(e, p, "TMA transfer count", 1u << 24), NULL;
    p = ws(q);
    for (uint32_t i = mode == 4; i < count; i++, p = ws(q))
        if (!(q = mode == 3 ? skip_hex(p, end, 16) : skip_sdec(p)))
            return bad(e, p, mode == 3 ? "TMA transfer address" : "TMA transfer delta",
                       mode == 3 ? "count hex addresses" : "count - 1 signed decimal deltas"), NULL;
    return p;
}

static int tail_as(parse_t *ps, const ectx *e, const char *p, const char *end, uint32_t mask,
                   const vmap *m, uint32_t *mw, uint16_t *imm, int *had, unsigned kind);

/* From the memory width p to the end of the line (end: its NUL), m: where its listed
 * registers went, kind: its layout (TAIL_*). 0 and the width in *mw, the first two
 * immediates as counts in imm[0], imm[1] (0: none; imm_count; a GMMA line: imm[0] its
 * commit flag), *had set when it carries register values, or
 * -1 with the message. A TMA line is read as a plain one first (older tracers list no
 * transfers), a GMMA line skips the numbers before its immediates' end. */
static int tail(parse_t *ps, const ectx *e, const char *p, const char *end, uint32_t mask,
                const vmap *m, uint32_t *mw, uint16_t *imm, int *had, unsigned kind)
{
    if (kind != TAIL_TMA) return tail_as(ps, e, p, end, mask, m, mw, imm, had, kind);
    char first[256];
    if (tail_as(ps, e, p, end, mask, m, mw, imm, had, TAIL_PLAIN) == 0) return 0;
    snprintf(first, sizeof first, "%s", e->what);
    ps->naddr = 0;
    ps->nrows = 0;
    ps->vdst = ps->vsrc = 0;
    *had = 0;
    if (tail_as(ps, e, p, end, mask, m, mw, imm, had, TAIL_TMA) == 0) return 0;
    char second[256];
    snprintf(second, sizeof second, "%s", e->what);
    snprintf(e->what, e->wn, "%.200s; as a TMA transfer list: %.200s", first, second);
    return -1;
}

static int tail_as(parse_t *ps, const ectx *e, const char *p, const char *end, uint32_t mask,
                   const vmap *m, uint32_t *mw, uint16_t *imm, int *had, unsigned kind)
{
    const char *q;
    unsigned version = ps->f.version;
    unsigned nnum = version >= 5 ? 2 : 0; /* numbers after the memory part: one immediate
                                             (tracer 5) or two (later 5 and 6) */
    imm[0] = imm[1] = 0;
    const char *first = p; /* a GMMA line's first number */
    if (kind == TAIL_GMMA) { /* no memory part: [commit flag] 0 [immediates], numbers only */
        *mw = 0;
        if (!(q = skip_sdec(p))) return bad_dec(e, p, "memory width", MAX_MEM_WIDTH);
        p = ws(q);
        nnum = version >= 5 ? 3 : 1;
    } else {
        if (!(q = rd_dec(p, MAX_MEM_WIDTH, mw))) return bad_dec(e, p, "memory width", MAX_MEM_WIDTH);
        p = ws(q);
        if (kind == TAIL_TMA) {
            if (!(p = tma_list(e, p, end))) return -1;
        } else if (*mw > 0) {
            const char *a = p;
            if (!(p = addresses(e, p, end, mask))) return -1;
            if (ps->keep) decode_addresses(ps, a, mask, *mw);
        }
    }
    unsigned k = 0;
    for (; k < nnum && *p && !(*p >= 'A' && *p <= 'Z'); k++) {
        /* the first immediate is Accel-Sim's inst_trace_t.imm */
        if (!(q = skip_sdec(p))) return bad(e, p, "immediate", "a signed decimal number");
        if (k < 2 && kind != TAIL_GMMA) imm[k] = imm_count(p); /* k 1: imm2 */
        p = ws(q);
    }
    if (kind == TAIL_GMMA && k == nnum) /* every number there: the first is the commit
                                           flag; imm[0] = 1 when it is set */
        imm[0] = imm_count(first) != 0;
    if (version >= 6 && !(p = reg_values(ps, e, p, mask, m, had))) return -1;
    if (*p) {
        char t[48];
        snprintf(e->what, e->wn, "unexpected %s at the end of the line (expected nothing more; do the counts match?)",
                 tokq(p, t, sizeof t));
        return -1;
    }
    return 0;
}

/* The active mask at p (end: the line's NUL): its end and *mask, or NULL. Consecutive
 * lines mostly repeat their mask: the 8 bytes of the last 8-character mask token, followed
 * by a token end, have its value. */
static inline const char *rd_mask(parse_t *ps, const char *p, const char *end, uint32_t *mask)
{
    uint64_t w, v;
    const char *q;
    if (end - p >= 8) {
        memcpy(&w, p, 8);
        if (w == ps->mask_text && IS_END(p[8])) {
            *mask = ps->mask;
            return p + 8;
        }
    }
    if (!(q = rd_hex_fast(p, end, 8, &v))) return NULL;
    *mask = (uint32_t)v;
    if (q - p == 8) {
        memcpy(&ps->mask_text, p, 8);
        ps->mask = *mask;
    }
    return q;
}

/* The tb_x tb_y tb_z warp prefix (tracer version < 3) and the line number (lineinfo):
 * the position after them, or NULL with the message. */
__attribute__((noinline)) static const char *prefix(const parse_t *ps, const ectx *e, const char *p)
{
    static const char *const names[4] = {"tb_x", "tb_y", "tb_z", "warp id"};
    const char *q;
    uint32_t u;
    if (ps->f.version < 3)
        for (unsigned i = 0; i < 4; i++, p = ws(q))
            if (!(q = rd_dec(p, 0xffffffffu, &u))) return bad_dec(e, p, names[i], 0xffffffffu), NULL;
    if (ps->f.lineinfo) {
        if (!(q = rd_dec(p, 0xffffffffu, &u))) return bad_dec(e, p, "line number", 0xffffffffu), NULL;
        p = ws(q);
    }
    return p;
}

/* trc_inst.bar of a barrier line: its first immediate the barrier's id (0..15), its
 * second the threads it waits for (0: the whole block), arv: BAR.ARV (Accel-Sim's bar_id
 * and bar_count, trace_driven.cc). */
static uint16_t bar_of(const uint16_t *imm, int arv)
{
    unsigned warps = (imm[1] + 31u) / 32u;
    return (uint16_t)((imm[0] > 15 ? 15u : imm[0]) | (warps > 0x7ffu ? 0x7ffu : warps) << 4 |
                      (arv ? TRC_BAR_ARV : 0u));
}

/* What a line's immediates say of instruction o (kind: its layout): a DEPBAR's groups
 * left in flight (and whether it waits for warpgroup MMAs: wgwait), a warpgroup MMA's
 * commit flag, a barrier's id and count (BAR.ARV: arv). The memo keeps the rest of a line
 * whose immediates are read again (parse_inst). */
static void take_imms(trc_inst *o, const uint16_t *imm, unsigned kind, int wgwait, int arv)
{
    if (o->flags & TRC_F_DEPBAR) o->dep_keep = (uint16_t)(imm[0] | (wgwait ? TRC_DEP_GMMA : 0));
    if (kind == TAIL_GMMA) o->flags = (uint8_t)((o->flags & ~TRC_F_CPCLOSE) | (imm[0] ? TRC_F_CPCLOSE : 0));
    if (o->flags & TRC_F_BARRIER) o->bar = bar_of(imm, arv);
}

/* The line from the destination count p to end, scanned in full into *o (all but pc,
 * mask and line) and remembered in m. 0, or -1 with the message. Out of line: the rare
 * case, kept out of parse_inst's frame. */
__attribute__((noinline)) static int parse_full(parse_t *ps, const ectx *e, const char *p, const char *end, uint32_t mask,
                      memo_ent *m, trc_inst *o)
{
    listed l;
    vmap map;
    const char *ops = p;
    uint32_t mw;
    uint16_t imm[2];
    int had = 0;
    if (!(p = operands(ps, e, p, &l))) return -1;
    val_map(&l, &map);
    unsigned kind = tail_kind(l.info);
    if (tail(ps, e, p, end, mask, &map, &mw, imm, &had, kind)) return -1;
    uint8_t *x = ps->xreg, nd, ns;
    if (expand(e, l.ld, l.nd, &l.info->dst_w, 1, x, &nd, "destination")) return -1;
    if (expand(e, l.ls, l.ns, l.info->src_w, 0, x + nd, &ns, "source")) return -1;
    trc_set_regs(o, x, nd, x + nd, ns, x);
    o->op = (uint16_t)l.op;
    o->cls = l.info->cls;
    o->flags = (uint8_t)(l.info->flags | (l.info->unknown ? TRC_F_UNKNOWN : 0));
    o->mspace = l.info->mspace;
    o->top = reg_top(x, (unsigned)nd + ns);
    o->dst_near = o->src_near = 0;
    o->mwidth = 0; /* memory: the reader sets it from the addresses (trc.c) */
    if (o->cls == TRC_CLS_TENSOR) o->unit_cycles = l.info->unit_cycles;
    take_imms(o, imm, kind, l.info->wgwait, l.info->bar_arv);
    int whole = mw == 0 && !had; /* nothing dynamic after the mask: remember it all */
    memo_store(m, ops, (size_t)((whole ? end : p) - ops), whole, o, &map, kind);
    return 0;
}

int parse_inst(parse_t *ps, const char *line, size_t n, trc_inst *o, char *what, size_t wn)
{
    const ectx e = {what, wn};
    const char *p = line, *q, *end = line + n;
    uint64_t v;
    uint32_t mw;
    uint16_t imm[2] = {0, 0};
    int had = 0;
    if ((ps->f.version < 3 || ps->f.lineinfo) && !(p = prefix(ps, &e, p))) return -1;
    if (!(q = rd_hex_fast(p, end, 8, &v))) return bad(&e, p, "PC", "a hex number of at most 8 digits");
    uint32_t pc = (uint32_t)v;
    p = ws(q);
    uint32_t mask;
    if (!(q = rd_mask(ps, p, end, &mask))) return bad(&e, p, "active mask", "a hex number of at most 8 digits");
    p = ws(q);

    memo_ent *m = memo_slot(ps, pc);  /* the rest: from the memo, or scanned and remembered */
    int hit = memo_match(m, p, end);
    ps->naddr = 0;
    ps->mwidth = 0;
    ps->nrows = 0;
    ps->vdst = ps->vsrc = 0;
    if (hit == MEMO_OPS && tail(ps, &e, p + m->len, end, mask, &m->map, &mw, imm, &had, m->kind))
        return -1;
    if (hit == MEMO_MISS) {
        ps->full_lines++;
        if (parse_full(ps, &e, p, end, mask, m, o)) return -1;
    } else {
        *o = m->inst;
        if (hit == MEMO_OPS) /* its immediates, read again (a whole line's are in the memo) */
            take_imms(o, imm, m->kind, (o->flags & TRC_F_DEPBAR) && (o->dep_keep & TRC_DEP_GMMA),
                      (o->flags & TRC_F_BARRIER) && (o->bar & TRC_BAR_ARV));
    }
    o->pc = pc;
    o->mask = mask;
    return 0;
}
