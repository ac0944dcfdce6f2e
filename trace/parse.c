/* parse.c - scan one instruction line:
 *   [tb_x tb_y tb_z warp] [line_num] PC mask dest_num [dests] OPCODE src_num [srcs]
 *   mem_width [addr_mode addresses...] [immediate]
 * Address modes (Accel-Sim trace_parser.cc): 0 list all (one hex address per active
 * thread), 1 base_stride (hex base, decimal stride), 2 base_delta (hex base, then one
 * decimal delta per further active thread). */
#include "parse.h"

#include <stdio.h>
#include <string.h>

#define MAX_MEM_WIDTH 4096u

typedef struct {
    const char *p;
    char *what;
    size_t wn;
} scan;

static int is_ws(char c)
{
    return c == ' ' || c == '\t';
}

static int is_end(char c)
{
    return c == '\0' || is_ws(c);
}

static void skip_ws(scan *s)
{
    while (is_ws(*s->p)) s->p++;
}

/* The current token, quoted for a message. */
static int fail(scan *s, const char *fmt, const char *field)
{
    char tok[40];
    size_t n = 0;
    while (!is_end(s->p[n]) && n < sizeof tok - 4) n++;
    memcpy(tok, s->p, n);
    if (!is_end(s->p[n])) memcpy(tok + n, "...", 3), n += 3;
    tok[n] = '\0';
    if (*s->p == '\0') snprintf(s->what, s->wn, fmt, "end of line", field);
    else {
        char q[48];
        snprintf(q, sizeof q, "'%s'", tok);
        snprintf(s->what, s->wn, fmt, q, field);
    }
    return -1;
}

static int dec_u32(scan *s, uint32_t max, uint32_t *v, const char *field)
{
    skip_ws(s);
    const char *p = s->p;
    uint64_t x = 0;
    if (*p < '0' || *p > '9') return fail(s, "bad %s for %s (expected a decimal number)", field);
    while (*p >= '0' && *p <= '9') {
        x = x * 10 + (uint64_t)(*p - '0');
        if (x > max) {
            snprintf(s->what, s->wn, "%s out of range (expected 0..%u)", field, (unsigned)max);
            return -1;
        }
        p++;
    }
    if (!is_end(*p)) return fail(s, "bad %s for %s (expected a decimal number)", field);
    s->p = p;
    *v = (uint32_t)x;
    return 0;
}

/* Hex digit values, -1 for anything else (built on first use). */
static signed char hex_tab[256];
static int hex_ready;

static void hex_init(void)
{
    for (unsigned c = 0; c < 256; c++) {
        hex_tab[c] = -1;
        if (c >= '0' && c <= '9') hex_tab[c] = (signed char)(c - '0');
        if (c >= 'a' && c <= 'f') hex_tab[c] = (signed char)(c - 'a' + 10);
        if (c >= 'A' && c <= 'F') hex_tab[c] = (signed char)(c - 'A' + 10);
    }
    hex_ready = 1;
}

static int hexval(char c)
{
    return hex_tab[(unsigned char)c];
}

/* Hex number of at most maxdig significant digits, optional 0x. */
static int hex_u64(scan *s, unsigned maxdig, uint64_t *v, const char *field)
{
    skip_ws(s);
    const char *p = s->p;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) p += 2;
    const char *q = p;
    uint64_t x = 0;
    unsigned nd = 0;
    int d;
    while ((d = hexval(*p)) >= 0) {
        p++;
        if (x == 0 && d == 0) continue;  /* leading zeros */
        if (++nd > maxdig) return fail(s, "%s too large for %s (expected fewer hex digits)", field);
        x = x << 4 | (uint64_t)d;
    }
    if (p == q || !is_end(*p)) return fail(s, "bad %s for %s (expected a hex number)", field);
    s->p = p;
    *v = x;
    return 0;
}

/* Signed decimal within +-2^62 (or hex with 0x for immediates). */
static int dec_s64(scan *s, const char *field)
{
    skip_ws(s);
    const char *p = s->p;
    if (*p == '-' || *p == '+') p++;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        scan t = *s;
        t.p = p;
        uint64_t v;
        if (hex_u64(&t, 16, &v, field)) return fail(s, "bad %s for %s (expected a number)", field);
        s->p = t.p;
        return 0;
    }
    if (*p < '0' || *p > '9') return fail(s, "bad %s for %s (expected a decimal number)", field);
    unsigned nd = 0;
    while (*p >= '0' && *p <= '9') {
        if (++nd > 19) return fail(s, "%s out of range for %s (expected a 64-bit number)", field);
        p++;
    }
    if (!is_end(*p)) return fail(s, "bad %s for %s (expected a decimal number)", field);
    s->p = p;
    return 0;
}

static int reg(scan *s, uint8_t *r, const char *side)
{
    skip_ws(s);
    const char *p = s->p;
    unsigned v = 0, nd = 0;
    if (*p == 'R') {
        p++;
        while (*p >= '0' && *p <= '9' && nd < 4) v = v * 10 + (unsigned)(*p++ - '0'), nd++;
    }
    if (nd == 0 || nd > 3 || v > 255 || !is_end(*p))
        return fail(s, "bad register %s in the %s list (expected R0..R255 as many as the count says)",
                    side);
    s->p = p;
    *r = (uint8_t)v;
    return 0;
}

static int is_op_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '.' || c == '_';
}

/* Registers of one side, expanded by width; RZ dropped. */
static int expand(scan *s, const uint8_t *listed, unsigned nl, const uint8_t *w, uint8_t *out,
                  uint8_t *nout, const char *side)
{
    unsigned n = 0;
    for (unsigned i = 0; i < nl; i++) {
        if (listed[i] == TRC_RZ) continue;
        if ((unsigned)listed[i] + w[i] - 1 > 254) {
            snprintf(s->what, s->wn,
                     "%s register R%u of width %u runs past R254 (expected a register pair/quad below RZ)",
                     side, listed[i], w[i]);
            return -1;
        }
        for (unsigned k = 0; k < w[i]; k++) {
            if (n >= TRC_MAX_XREGS) {
                snprintf(s->what, s->wn, "more than %d %s registers after width expansion (expected fewer)",
                         TRC_MAX_XREGS, side);
                return -1;
            }
            out[n++] = (uint8_t)(listed[i] + k);
        }
    }
    *nout = (uint8_t)n;
    return 0;
}

static int addresses(scan *s, uint32_t mask)
{
    uint32_t mode;
    uint64_t v;
    unsigned active = (unsigned)__builtin_popcount(mask);
    if (dec_u32(s, 2, &mode, "the address mode")) return -1;
    if (mode == 0) {
        for (unsigned i = 0; i < active; i++)
            if (hex_u64(s, 16, &v, "an address (one per active thread)")) return -1;
    } else if (mode == 1) {
        if (hex_u64(s, 16, &v, "the base address")) return -1;
        if (dec_s64(s, "the address stride")) return -1;
    } else {
        if (hex_u64(s, 16, &v, "the base address")) return -1;
        for (unsigned i = 1; i < active; i++)
            if (dec_s64(s, "an address delta (one per further active thread)")) return -1;
    }
    return 0;
}

int parse_inst(const char *line, const parse_fmt *f, parse_intern_fn intern, void *ctx,
               trc_inst *o, char *what, size_t wn)
{
    scan s = {line, what, wn};
    if (!hex_ready) hex_init();
    uint32_t u, nd, ns, mw;
    uint64_t v;
    uint8_t ld[TRC_MAX_LISTED], ls[TRC_MAX_LISTED];

    if (f->version < 3) {
        const char *names[4] = {"tb_x", "tb_y", "tb_z", "warp id"};
        for (unsigned i = 0; i < 4; i++)
            if (dec_u32(&s, 0xffffffffu, &u, names[i])) return -1;
    }
    if (f->lineinfo && dec_u32(&s, 0xffffffffu, &u, "the line number")) return -1;
    if (hex_u64(&s, 8, &v, "the PC")) return -1;
    o->pc = (uint32_t)v;
    if (hex_u64(&s, 8, &v, "the active mask")) return -1;
    o->mask = (uint32_t)v;
    if (dec_u32(&s, TRC_MAX_LISTED, &nd, "the destination count")) return -1;
    for (unsigned i = 0; i < nd; i++)
        if (reg(&s, &ld[i], "destination")) return -1;

    skip_ws(&s);
    const char *op = s.p;
    size_t oplen = 0;
    while (is_op_char(op[oplen])) oplen++;
    if (oplen == 0 || !is_end(op[oplen]) || !((op[0] >= 'A' && op[0] <= 'Z') || (op[0] >= 'a' && op[0] <= 'z')))
        return fail(&s, "bad opcode %s%s (expected a SASS opcode like IADD3 after the destinations)", "");
    if (op[0] == 'R' && oplen > 1 && op[1] >= '0' && op[1] <= '9' && oplen <= 4)
        return fail(&s, "register %s where the opcode belongs%s (expected the destination count to match the listed registers)", "");
    if (oplen > PARSE_MAX_OPCODE)
        return fail(&s, "opcode %s longer than 63 characters%s (expected a SASS opcode)", "");
    const isa_info *info;
    int id = intern(ctx, op, oplen, &info);
    if (id < 0) {
        snprintf(what, wn, "too many distinct opcodes (expected at most %d)", 4096);
        return -1;
    }
    s.p = op + oplen;
    o->op = (uint16_t)id;
    o->cls = info->cls;
    o->flags = info->flags;

    if (dec_u32(&s, TRC_MAX_LISTED, &ns, "the source count")) return -1;
    for (unsigned i = 0; i < ns; i++)
        if (reg(&s, &ls[i], "source")) return -1;
    if (dec_u32(&s, MAX_MEM_WIDTH, &mw, "the memory width")) return -1;
    if (mw > 0 && addresses(&s, o->mask)) return -1;
    skip_ws(&s);
    if (f->version >= 5 && *s.p && dec_s64(&s, "the immediate")) return -1;
    skip_ws(&s);
    if (*s.p) return fail(&s, "unexpected %s at the end of the line%s (expected nothing more; do the counts match?)", "");

    uint8_t dw[TRC_MAX_LISTED];
    for (unsigned i = 0; i < nd; i++) dw[i] = info->dst_w;
    if (expand(&s, ld, nd, dw, o->dst, &o->ndst, "destination")) return -1;
    if (expand(&s, ls, ns, info->src_w, o->src, &o->nsrc, "source")) return -1;
    memset(o->dst_near, 0, sizeof o->dst_near);
    memset(o->src_near, 0, sizeof o->src_near);
    return 0;
}
