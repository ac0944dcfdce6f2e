/* trc.c - the trace reader: kernel header, thread blocks, warps, opcode interning. */
#include "trc.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "parse.h"
#include "rd.h"

_Static_assert(RD_ERR_LEN == TRC_ERR_LEN, "the line source writes the reader's messages");

#define TRC_MAX_OPS 4096               /* distinct opcodes per trace */
#define TRC_HASH (2 * TRC_MAX_OPS)     /* open addressing, power of two */
#define TRC_MAX_WARPS 1024u            /* warps per thread block */
#define TRC_MAX_INSTS (1u << 26)       /* `insts = n` per warp */
#define TRC_MAX_VERSION 6u
#define TRC_WINDOW (16ull << 20)       /* bytes of the shared and the local window a
                                          generic address is looked for in: the tracer's
                                          LDL offsets reach just below 16 MiB (0xfffbd0) */

typedef struct {
    char name[PARSE_MAX_OPCODE + 1];
    isa_info info;
} op_ent;

struct trc {
    rd_t *rd;
    trc_kernel k;
    parse_t *ps;          /* the instruction line parser, after the header */
    char what[TRC_ERR_LEN - 64];  /* a bad instruction line's message, before its file:line */
    int begin_read;       /* the header loop consumed the first #BEGIN_TB */
    int failed;
    uint64_t nblocks;
    op_ent *ops;
    unsigned nops, cap_ops;
    uint16_t hash[TRC_HASH];  /* op id + 1, 0 = empty */
    int keep;                 /* trc_keep_addresses */
    int keep_vals;            /* trc_keep_values */
};

unsigned trc_unknown_opcodes(const trc_t *t, char *buf, size_t n)
{
    unsigned k = 0;
    size_t len = 0;
    if (n) buf[0] = '\0';
    for (unsigned i = 0; i < t->nops; i++) {
        if (!t->ops[i].info.unknown) continue;
        k++;
        if (n > len + 1) len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? " " : "", t->ops[i].name);
        if (len >= n) len = n - 1;
    }
    return k;
}

void trc_keep_addresses(trc_t *t)
{
    t->keep = 1;
    if (t->ps) parse_keep_addresses(t->ps);
}

void trc_keep_values(trc_t *t)
{
    t->keep_vals = 1;
    if (t->ps) parse_keep_values(t->ps);
}

const uint32_t *trc_val_rows(const trc_warp *w, const trc_inst *in)
{
    if (!(in->vdst | in->vsrc) || !w->val) return NULL;
    return w->val + (size_t)in->vrow * TRC_VAL_ROW;
}

static void t_err(const trc_t *t, char *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rd_verr(err, rd_name(t->rd), rd_lineno(t->rd), fmt, ap);
    va_end(ap);
}

static int intern(void *ctx, const char *op, size_t len, const isa_info **info)
{
    trc_t *t = ctx;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++) h = (h ^ (uint8_t)op[i]) * 16777619u;
    for (uint32_t i = h & (TRC_HASH - 1);; i = (i + 1) & (TRC_HASH - 1)) {
        unsigned e = t->hash[i];
        if (e == 0) {
            if (t->nops >= TRC_MAX_OPS) return -1;
            if (t->nops == t->cap_ops) {
                unsigned nc = t->cap_ops * 2;
                op_ent *no = realloc(t->ops, nc * sizeof *no);
                if (!no) return -1;
                t->ops = no;
                t->cap_ops = nc;
            }
            op_ent *o = &t->ops[t->nops];
            memcpy(o->name, op, len);
            o->name[len] = '\0';
            isa_decode(o->name, &o->info);
            t->hash[i] = (uint16_t)(++t->nops);
            *info = &o->info;
            return (int)(t->nops - 1);
        }
        const op_ent *o = &t->ops[e - 1];
        if (o->name[len] == '\0' && memcmp(o->name, op, len) == 0) {
            *info = &o->info;
            return (int)(e - 1);
        }
    }
}

static const char *skip_ws(const char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    return s;
}

/* s starts with word w followed by the end or whitespace. */
static int word_is(const char *s, const char *w)
{
    size_t n = strlen(w);
    return strncmp(s, w, n) == 0 && (s[n] == '\0' || s[n] == ' ' || s[n] == '\t');
}

/* Unsigned decimal at *p, at most max; advances *p. */
static int num(const char **p, unsigned long long max, unsigned long long *v)
{
    const char *s = skip_ws(*p);
    unsigned long long x = 0;
    if (*s < '0' || *s > '9') return -1;
    while (*s >= '0' && *s <= '9') {
        x = x * 10 + (unsigned)(*s++ - '0');
        if (x > max) return -1;
    }
    *p = s;
    *v = x;
    return 0;
}

/* "key = N" where s points after key: the number, nothing after it. */
static int key_num(const char *s, unsigned long long max, unsigned long long *v)
{
    s = skip_ws(s);
    if (*s++ != '=') return -1;
    if (num(&s, max, v)) return -1;
    return *skip_ws(s) ? -1 : 0;
}

/* "(x,y,z)" or "x,y,z". */
static int dim3(const char *s, int paren, trc_dim3 *d)
{
    unsigned long long v[3];
    s = skip_ws(s);
    if (paren && *s++ != '(') return -1;
    for (unsigned i = 0; i < 3; i++) {
        if (num(&s, 0xffffffffu, &v[i])) return -1;
        s = skip_ws(s);
        if (i < 2 && *s++ != ',') return -1;
    }
    if (paren && *s++ != ')') return -1;
    if (*skip_ws(s)) return -1;
    d->x = (unsigned)v[0], d->y = (unsigned)v[1], d->z = (unsigned)v[2];
    return 0;
}

/* One `-key = value` header line. */
static int header_line(trc_t *t, const char *line, char *err)
{
    const char *eq = strchr(line, '=');
    if (!eq) {
        t_err(t, err, "bad header line (expected -key = value)");
        return -1;
    }
    char key[64];
    const char *a = skip_ws(line + 1), *b = eq;
    while (b > a && (b[-1] == ' ' || b[-1] == '\t')) b--;
    size_t n = (size_t)(b - a) < sizeof key - 1 ? (size_t)(b - a) : sizeof key - 1;
    memcpy(key, a, n);
    key[n] = '\0';
    const char *val = skip_ws(eq + 1);
    unsigned long long v = 0;
    trc_kernel *k = &t->k;
    int bad = 0;
    if (strcmp(key, "kernel name") == 0) {
        snprintf(k->name, sizeof k->name, "%s", val);
    } else if (strcmp(key, "kernel id") == 0) {
        bad = key_num(eq, 0xffffffffu, &v);
        k->kernel_id = (unsigned)v;
    } else if (strcmp(key, "grid dim") == 0) {
        bad = dim3(val, 1, &k->grid);
    } else if (strcmp(key, "block dim") == 0) {
        bad = dim3(val, 1, &k->block);
    } else if (strcmp(key, "shmem") == 0) {
        bad = key_num(eq, 0xffffffffu, &v);
        k->shmem = (unsigned)v;
    } else if (strcmp(key, "nregs") == 0) {
        bad = key_num(eq, 0xffffffffu, &v);
        k->nregs = (unsigned)v;
    } else if (strcmp(key, "binary version") == 0) {
        bad = key_num(eq, 0x7fffffff, &v);
        k->binary_version = (int)v;
    } else if (strcmp(key, "accelsim tracer version") == 0) {
        if (key_num(eq, 0xffffffffu, &v) || v > TRC_MAX_VERSION) {
            t_err(t, err, "unsupported tracer version '%.40s' (expected 0..%u)", val, TRC_MAX_VERSION);
            return -1;
        }
        k->tracer_version = (unsigned)v;
    } else if (strcmp(key, "shmem base_addr") == 0 || strcmp(key, "local mem base_addr") == 0) {
        char *end;
        errno = 0;
        v = strtoull(val, &end, 16);
        if (end == val || *skip_ws(end) || errno || !isxdigit((unsigned char)*val)) {
            t_err(t, err, "bad value '%.60s' for -%s (expected a hex address)", val, key);
            return -1;
        }
        *(key[0] == 's' ? &k->shmem_base : &k->local_base) = v;
    } else if (strcmp(key, "enable lineinfo") == 0) {
        bad = key_num(eq, 1, &v);
        k->lineinfo = (int)v;
    }
    if (bad) {
        t_err(t, err, "bad value '%.60s' for -%s (expected %s)", val, key,
              strstr(key, "dim") ? "(x,y,z)" : strcmp(key, "enable lineinfo") == 0 ? "0 or 1"
                                                                                   : "a decimal number");
        return -1;
    }
    return 0;
}

static int read_header(trc_t *t, char *err)
{
    char *line;
    size_t n;
    unsigned nkeys = 0;
    int r;
    while ((r = rd_line(t->rd, &line, &n, err)) == 1) {
        const char *s = skip_ws(line);
        if (*s == '\0') continue;
        if (*s == '-') {
            if (header_line(t, s, err)) return -1;
            nkeys++;
        } else if (word_is(s, "#BEGIN_TB")) {
            t->begin_read = 1;
            break;
        } else if (word_is(s, "#END_TB")) {
            t_err(t, err, "#END_TB without #BEGIN_TB (expected #BEGIN_TB)");
            return -1;
        } else if (*s == '#') {
            continue;
        } else {
            t_err(t, err, "unexpected line in the header (expected -key = value lines, then #BEGIN_TB)");
            return -1;
        }
    }
    if (r < 0) return -1;
    if (nkeys == 0) {
        if (rd_lineno(t->rd) == 0) t_err(t, err, "empty trace (expected an Accel-Sim .traceg header)");
        else t_err(t, err, "no kernel header (expected -kernel name = ... lines before #BEGIN_TB)");
        return -1;
    }
    parse_fmt f = {t->k.tracer_version, t->k.lineinfo};
    if (!(t->ps = parse_create(&f, intern, t))) {
        t_err(t, err, "out of memory (expected room for the line parser)");
        return -1;
    }
    if (t->keep) parse_keep_addresses(t->ps);
    if (t->keep_vals) parse_keep_values(t->ps);
    return 0;
}

static trc_t *open_common(rd_t *rd, char *err)
{
    if (!rd) return NULL;
    trc_t *t = calloc(1, sizeof *t);
    if (t) t->ops = malloc(64 * sizeof *t->ops);
    if (t) t->cap_ops = 64;
    if (!t || !t->ops) {
        snprintf(err, TRC_ERR_LEN, "%s:0: out of memory (expected room for the reader)", rd_name(rd));
        if (t) free(t);
        rd_close(rd);
        return NULL;
    }
    t->rd = rd;
    snprintf(t->k.compression, sizeof t->k.compression, "%s", rd_kind(rd));
    if (read_header(t, err)) {
        trc_close(t);
        return NULL;
    }
    return t;
}

trc_t *trc_open(const char *path, char *err)
{
    return open_common(rd_open_file(path, err), err);
}

trc_t *trc_open_mem(const void *buf, size_t len, const char *name, char *err)
{
    return open_common(rd_open_mem(buf, len, name, err), err);
}

const trc_kernel *trc_kernel_info(const trc_t *t)
{
    return &t->k;
}

/* A chunk of a warp's pool of long register lists (trc_warp.xregs); the chunks never
 * move, so an instruction points into them. */
struct trc_xregs {
    trc_xregs *prev;     /* the chunk filled before this one, NULL for the first */
    uint32_t used, cap;  /* bytes */
    uint8_t reg[];
};

#define XREGS_FIRST 1024u     /* bytes of a warp's first chunk; each next one twice that */
#define XREGS_MAX (64u << 10) /* up to this */

void trc_block_free(trc_block *b)
{
    if (!b) return;
    for (unsigned w = 0; w < b->nwarps; w++) {
        free(b->warp[w].inst);
        free(b->warp[w].addr);
        free(b->warp[w].val);
        for (trc_xregs *c = b->warp[w].xregs, *p; c; c = p) {
            p = c->prev;
            free(c);
        }
    }
    free(b->warp);
    free(b);
}

/* Body parsing state of one block. */
typedef struct {
    trc_block *b;
    unsigned cap_w;        /* allocated warps */
    int in_warp;           /* after `warp =` */
    int have_n;            /* after `insts =` */
    uint32_t need, have, cap_i;
} blk_state;

static int add_warp(trc_t *t, blk_state *st, const char *line, char *err)
{
    unsigned long long w;
    if (key_num(line + 4, 0xffffffffu, &w)) {
        t_err(t, err, "bad warp line (expected warp = N)");
        return -1;
    }
    trc_block *b = st->b;
    if (w != b->nwarps) {
        t_err(t, err, "warp %llu repeated or out of order (expected warp = %u)", w, b->nwarps);
        return -1;
    }
    if (b->nwarps >= TRC_MAX_WARPS) {
        t_err(t, err, "more than %u warps in a thread block (expected fewer)", TRC_MAX_WARPS);
        return -1;
    }
    if (b->nwarps == st->cap_w) {
        unsigned nc = st->cap_w ? 2 * st->cap_w : 8;
        trc_warp *nw = realloc(b->warp, nc * sizeof *nw);
        if (!nw) {
            t_err(t, err, "out of memory (expected room for %u warps)", nc);
            return -1;
        }
        b->warp = nw;
        st->cap_w = nc;
    }
    memset(&b->warp[b->nwarps], 0, sizeof b->warp[b->nwarps]);
    b->nwarps++;
    st->in_warp = 1;
    st->have_n = 0;
    st->need = st->have = st->cap_i = 0;
    return 0;
}

static int set_insts(trc_t *t, blk_state *st, const char *line, char *err)
{
    unsigned long long n;
    if (!st->in_warp || st->have_n) {
        t_err(t, err, "insts line without a warp line before it (expected warp = N, then insts = n)");
        return -1;
    }
    if (key_num(line + 5, 0xffffffffu, &n)) {
        t_err(t, err, "bad insts line (expected insts = n)");
        return -1;
    }
    if (n > TRC_MAX_INSTS) {
        t_err(t, err, "insts = %llu too large (expected at most %u)", n, TRC_MAX_INSTS);
        return -1;
    }
    st->have_n = 1;
    st->need = (uint32_t)n;
    return 0;
}

/* Room for one more instruction line in the current warp, or -1 with err (no warp, or
 * the warp is full). Out of line: once per warp, or on bad input. */
__attribute__((noinline)) static int inst_room(trc_t *t, blk_state *st, char *err)
{
    trc_warp *w = st->b->nwarps ? &st->b->warp[st->b->nwarps - 1] : NULL;
    if (!st->have_n) {
        t_err(t, err, "instruction line outside a warp (expected warp = N and insts = n first)");
        return -1;
    }
    if (st->have == st->need) {
        t_err(t, err, "more instruction lines than insts = %u in warp %u (expected warp = N or #END_TB)",
              st->need, st->b->nwarps - 1);
        return -1;
    }
    if (st->have == st->cap_i) {
        /* the whole warp at once when small: a count without its lines wastes at most 64 Ki */
        uint32_t nc = st->cap_i ? 2 * st->cap_i : (st->need < 65536 ? st->need : 65536);
        if (nc > st->need) nc = st->need;
        trc_inst *ni = realloc(w->inst, (size_t)nc * sizeof *ni);
        if (!ni) {
            t_err(t, err, "out of memory (expected room for %u instructions)", nc);
            return -1;
        }
        w->inst = ni;
        st->cap_i = nc;
    }
    return 0;
}

/* A bad instruction line: its message (what) into err. */
__attribute__((noinline)) static int inst_error(const trc_t *t, const char *what, char *err)
{
    if (rd_partial(t->rd))
        t_err(t, err, "truncated trace: the file ends inside this instruction line: %s", what);
    else
        t_err(t, err, "%s", what);
    return -1;
}

/* Append the addresses of the line just parsed to warp w's pool. 0, or -1 with err. */
static int keep_addr(trc_t *t, trc_warp *w, trc_inst *in, char *err)
{
    const uint64_t *a;
    uint32_t mw;
    unsigned n = parse_addresses(t->ps, &a, &mw);
    if (in->mspace != TRC_M_NONE) in->mwidth = (uint16_t)(mw > 0xffff ? 0xffff : mw);
    if (n == 0) return 0;
    if (w->naddr + n > w->cap_addr) {
        uint32_t nc = w->cap_addr ? 2 * w->cap_addr : 256;
        while (nc < w->naddr + n) nc *= 2;
        uint64_t *na = realloc(w->addr, (size_t)nc * sizeof *na);
        if (!na) {
            t_err(t, err, "out of memory (expected room for %u addresses)", nc);
            return -1;
        }
        w->addr = na;
        w->cap_addr = nc;
    }
    memcpy(w->addr + w->naddr, a, n * sizeof *a);
    in->maddr = w->naddr;
    in->naddr = (uint8_t)n;
    w->naddr += n;
    return 0;
}

/* Append the register value rows of the line just parsed to warp w's pool. 0, or -1 with
 * err. */
static int keep_val(trc_t *t, trc_warp *w, trc_inst *in, char *err)
{
    const uint32_t *rows;
    unsigned n = parse_values(t->ps, &rows, &in->vdst, &in->vsrc);
    if (n == 0) return 0;
    if (w->nval + n > w->cap_val) {
        uint32_t nc = w->cap_val ? 2 * w->cap_val : 64;
        while (nc < w->nval + n) nc *= 2;
        uint32_t *nv = realloc(w->val, (size_t)nc * TRC_VAL_ROW * sizeof *nv);
        if (!nv) {
            t_err(t, err, "out of memory (expected room for %u rows of register values)", nc);
            return -1;
        }
        w->val = nv;
        w->cap_val = nc;
    }
    memcpy(w->val + (size_t)w->nval * TRC_VAL_ROW, rows, (size_t)n * TRC_VAL_ROW * sizeof *rows);
    in->vrow = w->nval;
    w->nval += n;
    return 0;
}

/* Move the register lists of instruction in, too long to be inline and held by the
 * parser, to warp w's pool. 0, or -1 with err. Out of line: rare. */
__attribute__((noinline)) static int keep_xregs(trc_t *t, trc_warp *w, trc_inst *in, char *err)
{
    uint32_t n = (uint32_t)in->ndst + in->nsrc;
    trc_xregs *c = w->xregs;
    if (!c || c->cap - c->used < n) {
        uint32_t cap = c ? (c->cap < XREGS_MAX ? 2 * c->cap : XREGS_MAX) : XREGS_FIRST;
        trc_xregs *nc = malloc(sizeof *nc + cap);
        if (!nc) {
            t_err(t, err, "out of memory (expected room for %u bytes of register lists)", cap);
            return -1;
        }
        nc->prev = c;
        nc->used = 0;
        nc->cap = cap;
        w->xregs = c = nc;
    }
    uint8_t *to = c->reg + c->used;
    c->used += n;
    trc_set_regs(in, trc_dsts(in), in->ndst, trc_srcs(in), in->nsrc, to);
    return 0;
}

/* 1 when address a lies in the window of generic addresses starting at base (0: none). */
static inline int in_window(uint64_t a, uint64_t base)
{
    return base && a >= base && a - base < TRC_WINDOW;
}

/* A generic access's space, from its first address, as Accel-Sim's trace_driven.cc resolves
 * LD and ST: in the shared-memory window (`-shmem base_addr` and the TRC_WINDOW bytes
 * after it) a shared access, in the local-memory window a local one, else global. Its
 * addresses become offsets into the window, as the tracer writes LDS's and LDL's. */
static void generic_space(trc_t *t, trc_warp *w, trc_inst *in)
{
    uint64_t *a = w->addr + in->maddr, base;
    if (in_window(a[0], t->k.shmem_base)) {
        base = t->k.shmem_base;
        in->mspace = TRC_M_SHARED;
        in->cls = TRC_CLS_SHMEM;
    } else if (in_window(a[0], t->k.local_base)) {
        base = t->k.local_base;
        in->flags |= TRC_F_LOCAL;
    } else {
        return;
    }
    for (unsigned i = 0; i < in->naddr; i++) a[i] -= base;
}

/* Instruction line s of n bytes. */
static int add_inst(trc_t *t, blk_state *st, const char *s, size_t n, char *err)
{
    if ((!st->have_n || st->have == st->need || st->have == st->cap_i) && inst_room(t, st, err))
        return -1;
    trc_warp *w = &st->b->warp[st->b->nwarps - 1];
    trc_inst *in = &w->inst[st->have];
    if (parse_inst(t->ps, s, n, in, t->what, sizeof t->what)) return inst_error(t, t->what, err);
    if (!trc_regs_inline(in) && keep_xregs(t, w, in, err)) return -1;
    in->line = (uint32_t)rd_lineno(t->rd);
    in->naddr = 0;
    in->maddr = 0;
    in->vdst = in->vsrc = in->vrow = 0;
    if (t->keep && keep_addr(t, w, in, err)) return -1;
    if (in->naddr && t->ops[in->op].info.generic) generic_space(t, w, in);
    if (t->keep_vals && keep_val(t, w, in, err)) return -1;
    w->flags_any |= in->flags;
    w->n = ++st->have;
    return 0;
}

/* The current warp holds all its instructions (before a new warp or #END_TB). */
static int warp_complete(trc_t *t, const blk_state *st, char *err)
{
    if (st->in_warp && !st->have_n) {
        t_err(t, err, "warp %u has no insts line (expected insts = n after warp = N)",
              st->b->nwarps - 1);
        return -1;
    }
    if (st->have < st->need) {
        t_err(t, err, "warp %u has %u instruction lines (expected insts = %u of them)",
              st->b->nwarps - 1, st->have, st->need);
        return -1;
    }
    return 0;
}

/* 1 if s is a thread-block cluster line: "cluster id|cta|rank = value". */
static int is_cluster_line(const char *s)
{
    static const char *const keys[] = {"cluster id", "cluster cta", "cluster rank"};
    for (unsigned i = 0; i < 3; i++) {
        size_t n = strlen(keys[i]);
        if (strncmp(s, keys[i], n) == 0) {
            const char *p = skip_ws(s + n);
            return *p == '=' && *skip_ws(p + 1) != '\0';
        }
    }
    return 0;
}

/* Find the next #BEGIN_TB: 1, 0 at the end, -1 error. */
static int find_begin(trc_t *t, char *err)
{
    char *line;
    size_t n;
    int r;
    if (t->begin_read) {
        t->begin_read = 0;
        return 1;
    }
    while ((r = rd_line(t->rd, &line, &n, err)) == 1) {
        const char *s = skip_ws(line);
        if (*s == '\0') continue;
        if (word_is(s, "#BEGIN_TB")) return 1;
        if (word_is(s, "#END_TB")) {
            t_err(t, err, "#END_TB without #BEGIN_TB (expected #BEGIN_TB)");
            return -1;
        }
        if (*s == '#') continue;
        t_err(t, err, "unexpected line between thread blocks (expected #BEGIN_TB)");
        return -1;
    }
    return r;
}

static int read_block(trc_t *t, blk_state *st, char *err)
{
    char *line;
    size_t n;
    int r, have_id = 0;
    while ((r = rd_line(t->rd, &line, &n, err)) == 1) {
        const char *s = skip_ws(line);
        char c = *s;
        if (c == '\0') continue;
        if (have_id && c == 'c' && is_cluster_line(s)) {
            /* tracer 5 on Hopper: cluster id = x,y,z / cluster cta = x,y,z / cluster rank =
             * n after the thread block line; the model has no clusters: checked, not kept */
            continue;
        }
        if (have_id && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
            /* an instruction line (no other line of a block starts with a hex digit) */
            if (add_inst(t, st, s, n - (size_t)(s - line), err)) return -1;
            continue;
        }
        if (c == '#') {
            if (word_is(s, "#END_TB")) {
                if (!have_id) {
                    t_err(t, err, "#END_TB before thread block = x,y,z (expected thread block = x,y,z)");
                    return -1;
                }
                return warp_complete(t, st, err);
            }
            if (word_is(s, "#BEGIN_TB")) {
                t_err(t, err, "#BEGIN_TB inside a thread block (expected #END_TB first)");
                return -1;
            }
            continue;
        }
        if (!have_id) {
            if (strncmp(s, "thread block", 12) != 0 || *(s = skip_ws(s + 12)) != '=' ||
                dim3(s + 1, 0, &st->b->id)) {
                t_err(t, err, "bad line after #BEGIN_TB (expected thread block = x,y,z)");
                return -1;
            }
            have_id = 1;
        } else if (word_is(s, "warp") || strncmp(s, "warp=", 5) == 0) {
            if (warp_complete(t, st, err) || add_warp(t, st, s, err)) return -1;
        } else if (word_is(s, "insts") || strncmp(s, "insts=", 6) == 0) {
            if (set_insts(t, st, s, err)) return -1;
        } else {
            t_err(t, err, "unknown line '%.40s' (expected an instruction line, warp = N, insts = n or #END_TB)", s);
            return -1;
        }
    }
    if (r == 0) {
        if (st->have < st->need)
            t_err(t, err, "truncated trace: end of file inside warp %u (expected %u instruction lines, read %u)",
                  st->b->nwarps - 1, st->need, st->have);
        else
            t_err(t, err, "truncated trace: end of file inside a thread block (expected #END_TB)");
    }
    return -1;
}

int trc_next_block(trc_t *t, trc_block **out, char *err)
{
    *out = NULL;
    if (t->failed) {
        snprintf(err, TRC_ERR_LEN, "%s:%llu: reader used after an error (expected a fresh reader)",
                 rd_name(t->rd), (unsigned long long)rd_lineno(t->rd));
        return -1;
    }
    int r = find_begin(t, err);
    if (r <= 0) {
        t->failed = r < 0;
        return r;
    }
    blk_state st;
    memset(&st, 0, sizeof st);
    st.b = calloc(1, sizeof *st.b);
    if (!st.b) {
        t_err(t, err, "out of memory (expected room for a thread block)");
        t->failed = 1;
        return -1;
    }
    st.b->index = t->nblocks;
    if (read_block(t, &st, err)) {
        trc_block_free(st.b);
        t->failed = 1;
        return -1;
    }
    t->nblocks++;
    *out = st.b;
    return 1;
}

void trc_close(trc_t *t)
{
    if (!t) return;
    rd_close(t->rd);
    parse_destroy(t->ps);
    free(t->ops);
    free(t);
}

uint64_t trc_lines_scanned(const trc_t *t)
{
    return t->ps ? parse_full_lines(t->ps) : 0;
}

const char *trc_opcode_name(const trc_t *t, unsigned op)
{
    return op < t->nops ? t->ops[op].name : "?";
}

const char *trc_cls_name(unsigned cls)
{
    static const char *const names[TRC_NCLS] = {"int", "fp", "dp", "sfu", "ldst", "shmem", "tensor",
                                                "branch"};
    return cls < TRC_NCLS ? names[cls] : "?";
}
