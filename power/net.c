/* net.c - structural Verilog netlist reader (see net.h). */
#include "net.h"
#include "hash.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *name;
    int msb, lsb, vec;     /* vec: declared with a range */
    int first;             /* index of bit lsb (or of the scalar) */
} decl;

typedef struct {
    const char *s, *path;
    size_t i, n;
    int line, failed;
    char *err; size_t errn;
    char tok[4096];        /* the current token */
    int tline;
    pw_netlist *nl;
    decl *d; int nd, capd;
    pw_hash names;         /* declaration name -> index + 1 */
    pw_hash bits;          /* bit name -> index + 1 */
} rd;

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) { fprintf(stderr, "power: out of memory\n"); exit(3); }
    return q;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s);
    char *p = xrealloc(NULL, n + 1);
    memcpy(p, s, n + 1);
    return p;
}

static void fail(rd *r, const char *what)
{
    if (r->failed) return;
    snprintf(r->err, r->errn, "%s:%d: expected %s, not '%.60s'", r->path, r->tline, what, r->tok);
    r->failed = 1;
}

/* the next token into r->tok ("" at the end) */
static void next(rd *r)
{
    for (;;) {
        while (r->i < r->n && isspace((unsigned char)r->s[r->i])) { if (r->s[r->i] == '\n') r->line++; r->i++; }
        if (r->i + 1 < r->n && r->s[r->i] == '/' && r->s[r->i + 1] == '/') {
            while (r->i < r->n && r->s[r->i] != '\n') r->i++;
            continue;
        }
        if (r->i + 1 < r->n && r->s[r->i] == '/' && r->s[r->i + 1] == '*') {
            r->i += 2;
            while (r->i + 1 < r->n && !(r->s[r->i] == '*' && r->s[r->i + 1] == '/')) { if (r->s[r->i] == '\n') r->line++; r->i++; }
            r->i += 2;
            continue;
        }
        if (r->i + 1 < r->n && r->s[r->i] == '(' && r->s[r->i + 1] == '*') {   /* (* attributes *) */
            r->i += 2;
            while (r->i + 1 < r->n && !(r->s[r->i] == '*' && r->s[r->i + 1] == ')')) { if (r->s[r->i] == '\n') r->line++; r->i++; }
            r->i += 2;
            continue;
        }
        break;
    }
    r->tline = r->line;
    size_t b = r->i, k = 0;
    if (r->i >= r->n) { r->tok[0] = 0; return; }
    char c = r->s[r->i];
    if (c == '\\') {                       /* escaped identifier: to the next blank */
        r->i++;
        while (r->i < r->n && !isspace((unsigned char)r->s[r->i])) r->i++;
        b++;
    } else if (isalnum((unsigned char)c) || c == '_' || c == '$') {
        while (r->i < r->n && (isalnum((unsigned char)r->s[r->i]) || r->s[r->i] == '_' || r->s[r->i] == '$' ||
                               r->s[r->i] == '\'')) {
            if (r->s[r->i] == '\'') {      /* a sized constant: 4'hA */
                r->i++;
                while (r->i < r->n && (isalnum((unsigned char)r->s[r->i]) || r->s[r->i] == '_')) r->i++;
                break;
            }
            r->i++;
        }
    } else r->i++;
    k = r->i - b;
    if (k >= sizeof r->tok) k = sizeof r->tok - 1;
    memcpy(r->tok, r->s + b, k);
    r->tok[k] = 0;
    if (c == '\\') { memmove(r->tok + 1, r->tok, k + 1); r->tok[0] = '\\'; }
}

static int is(rd *r, const char *t) { return strcmp(r->tok, t) == 0; }

static int expect(rd *r, const char *t)
{
    if (!is(r, t)) { char w[32]; snprintf(w, sizeof w, "'%s'", t); fail(r, w); return -1; }
    next(r);
    return 0;
}

static const char *ident(rd *r) { return r->tok[0] == '\\' ? r->tok + 1 : r->tok; }

static int is_ident(rd *r)
{
    return r->tok[0] == '\\' || isalpha((unsigned char)r->tok[0]) || r->tok[0] == '_' || r->tok[0] == '$';
}

static int new_bit(rd *r, const char *name)
{
    pw_netlist *nl = r->nl;
    if (nl->nnet % 1024 == 0) nl->net = xrealloc(nl->net, (size_t)(nl->nnet + 1024) * sizeof *nl->net);
    pw_bit *b = &nl->net[nl->nnet];
    b->name = xstrdup(name);
    b->kind = PW_NET_WIRE;
    b->root = nl->nnet;
    pw_hash_put(&r->bits, b->name, nl->nnet + 1);
    return nl->nnet++;
}

/* input / output / inout / wire / reg [msb:lsb] a, b, c; */
static void declaration(rd *r, int kind)
{
    next(r);
    int msb = 0, lsb = 0, vec = 0;
    if (is(r, "[")) {
        next(r); msb = atoi(r->tok); next(r);
        if (expect(r, ":")) return;
        lsb = atoi(r->tok); next(r);
        if (expect(r, "]")) return;
        vec = 1;
    }
    for (;;) {
        if (!is_ident(r)) { fail(r, "a net name"); return; }
        const char *nm = ident(r);
        long k = pw_hash_get(&r->names, nm);
        decl *d;
        if (k) d = &r->d[k - 1];
        else {
            if (r->nd == r->capd) { r->capd = r->capd ? 2 * r->capd : 256; r->d = xrealloc(r->d, (size_t)r->capd * sizeof *r->d); }
            d = &r->d[r->nd];
            d->name = xstrdup(nm);
            d->msb = msb; d->lsb = lsb; d->vec = vec;
            int lo = msb < lsb ? msb : lsb, hi = msb < lsb ? lsb : msb;
            d->first = r->nl->nnet;
            char b[4200];
            for (int i = lo; i <= hi; i++) {
                if (vec) snprintf(b, sizeof b, "%s[%d]", nm, i); else snprintf(b, sizeof b, "%s", nm);
                new_bit(r, b);
            }
            pw_hash_put(&r->names, d->name, ++r->nd);
        }
        if (kind != PW_NET_WIRE) {
            int w = (d->msb > d->lsb ? d->msb - d->lsb : d->lsb - d->msb) + 1;
            for (int i = 0; i < w; i++) r->nl->net[d->first + i].kind = kind;
        }
        next(r);
        if (is(r, ",")) { next(r); continue; }
        expect(r, ";");
        return;
    }
}

/* bits of one expression, most significant first, appended to *v (-1: a constant bit) */
static void expr(rd *r, int **v, int *n)
{
    if (is(r, "{")) {
        next(r);
        for (;;) {
            expr(r, v, n);
            if (r->failed) return;
            if (is(r, ",")) { next(r); continue; }
            expect(r, "}");
            return;
        }
    }
    if (isdigit((unsigned char)r->tok[0])) {       /* 4'hA: four constant bits */
        int w = atoi(r->tok);
        if (!strchr(r->tok, '\'')) w = 32;
        for (int i = 0; i < w; i++) { *v = xrealloc(*v, (size_t)(*n + 1) * sizeof **v); (*v)[(*n)++] = -1; }
        next(r);
        return;
    }
    if (!is_ident(r)) { fail(r, "a net, a constant or '{'"); return; }
    long k = pw_hash_get(&r->names, ident(r));
    if (!k) { fail(r, "a declared net"); return; }
    decl *d = &r->d[k - 1];
    next(r);
    int hi = d->msb, lo = d->lsb;
    if (is(r, "[")) {
        next(r); hi = lo = atoi(r->tok); next(r);
        if (is(r, ":")) { next(r); lo = atoi(r->tok); next(r); }
        if (expect(r, "]")) return;
    }
    int lo_d = d->msb < d->lsb ? d->msb : d->lsb, hi_d = d->msb < d->lsb ? d->lsb : d->msb;
    int step = hi >= lo ? -1 : 1;
    for (int i = hi;; i += step) {
        if (i < lo_d || i > hi_d) { fail(r, "a bit inside the net's range"); return; }
        *v = xrealloc(*v, (size_t)(*n + 1) * sizeof **v);
        (*v)[(*n)++] = d->first + (i - lo_d);
        if (i == lo) break;
    }
}

static int find_root(pw_netlist *nl, int i)
{
    while (nl->net[i].root != i) { nl->net[i].root = nl->net[nl->net[i].root].root; i = nl->net[i].root; }
    return i;
}

/* assign lhs = rhs; each bit of lhs is one net with the bit of rhs */
static void assignment(rd *r)
{
    next(r);
    int *a = NULL, *b = NULL, na = 0, nb = 0;
    expr(r, &a, &na);
    if (!r->failed && !expect(r, "=")) expr(r, &b, &nb);
    if (!r->failed && na != nb) fail(r, "as many bits on the right of assign as on the left");
    if (!r->failed) expect(r, ";");
    for (int i = 0; !r->failed && i < na; i++) {
        if (a[i] < 0) continue;
        if (b[i] < 0) continue;                    /* a constant: the net stays its own */
        int x = find_root(r->nl, a[i]), y = find_root(r->nl, b[i]);
        if (x == y) continue;
        /* the root is a port bit when there is one (its name is the one a simulator keeps) */
        if (r->nl->net[x].kind != PW_NET_WIRE) r->nl->net[y].root = x;
        else r->nl->net[x].root = y;
    }
    free(a); free(b);
}

/* TYPE NAME ( .PIN(expr), ... ); */
static void instance(rd *r)
{
    pw_netlist *nl = r->nl;
    nl->inst = xrealloc(nl->inst, (size_t)(nl->ninst + 1) * sizeof *nl->inst);
    pw_inst *c = &nl->inst[nl->ninst++];
    memset(c, 0, sizeof *c);
    c->type = xstrdup(ident(r));
    next(r);
    if (is(r, "#")) { fail(r, "a cell instance without parameters"); return; }
    if (!is_ident(r)) { fail(r, "an instance name"); return; }
    c->name = xstrdup(ident(r));
    next(r);
    if (expect(r, "(")) return;
    while (!r->failed && !is(r, ")")) {
        if (expect(r, ".")) return;
        if (!is_ident(r)) { fail(r, "a pin name"); return; }
        char *pin = xstrdup(ident(r));
        next(r);
        if (expect(r, "(")) { free(pin); return; }
        int *v = NULL, n = 0;
        if (!is(r, ")")) expr(r, &v, &n);
        if (!r->failed) expect(r, ")");
        /* a multi-bit pin (a black box's bus) becomes pin[i], lsb first */
        for (int i = 0; i < (n ? n : 1); i++) {
            c->conn = xrealloc(c->conn, (size_t)(c->nconn + 1) * sizeof *c->conn);
            pw_conn *k = &c->conn[c->nconn++];
            if (n <= 1) k->pin = xstrdup(pin);
            else { char b[512]; snprintf(b, sizeof b, "%s[%d]", pin, i); k->pin = xstrdup(b); }
            k->net = n ? v[n - 1 - i] : -1;
        }
        free(pin); free(v);
        if (is(r, ",")) next(r);
    }
    if (!r->failed) { next(r); expect(r, ";"); }
}

static void module_body(rd *r)
{
    while (!r->failed) {
        if (r->tok[0] == 0) { fail(r, "endmodule"); return; }
        if (is(r, "endmodule")) return;
        if (is(r, "input")) declaration(r, PW_NET_IN);
        else if (is(r, "output")) declaration(r, PW_NET_OUT);
        else if (is(r, "inout")) declaration(r, PW_NET_IN);
        else if (is(r, "wire") || is(r, "reg")) declaration(r, PW_NET_WIRE);
        else if (is(r, "assign")) assignment(r);
        else if (is_ident(r)) instance(r);
        else fail(r, "a declaration, an assign or a cell instance");
    }
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 20, n = 0, k;
    char *b = xrealloc(NULL, cap);
    while ((k = fread(b + n, 1, cap - n - 1, f)) > 0) {
        n += k;
        if (n + 1 >= cap) { cap *= 2; b = xrealloc(b, cap); }
    }
    fclose(f);
    b[n] = 0;
    *len = n;
    return b;
}

/* See net.h. */
pw_netlist *pw_net_read(const char *path, const char *top, char *err, size_t n)
{
    size_t len;
    char *s = slurp(path, &len);
    if (!s) { snprintf(err, n, "%s: cannot read the netlist", path); return NULL; }
    rd r;
    memset(&r, 0, sizeof r);
    r.s = s; r.path = path; r.n = len; r.line = 1; r.err = err; r.errn = n;
    r.nl = calloc(1, sizeof *r.nl);
    if (!r.nl) exit(3);
    pw_hash_init(&r.names);
    pw_hash_init(&r.bits);
    next(&r);
    int found = 0;
    while (!r.failed && r.tok[0]) {
        if (!is(&r, "module")) { fail(&r, "module"); break; }
        next(&r);
        int mine = !found && (!top || strcmp(ident(&r), top) == 0);
        if (!mine) {                              /* another module: skip to its end */
            while (r.tok[0] && !is(&r, "endmodule")) next(&r);
            next(&r);
            continue;
        }
        found = 1;
        r.nl->top = xstrdup(ident(&r));
        next(&r);
        if (is(&r, "(")) { while (r.tok[0] && !is(&r, ";")) next(&r); next(&r); }
        module_body(&r);
        next(&r);
    }
    if (!r.failed && !found) { r.tline = r.line; snprintf(r.tok, sizeof r.tok, "the end of the file"); fail(&r, top ? "the top module" : "a module"); }
    for (int i = 0; i < r.nd; i++) free(r.d[i].name);
    free(r.d);
    pw_hash_free(&r.names);
    pw_hash_free(&r.bits);
    free(s);
    if (r.failed) { pw_net_free(r.nl); return NULL; }
    for (int i = 0; i < r.nl->nnet; i++) r.nl->net[i].root = find_root(r.nl, i);
    return r.nl;
}

/* See net.h. */
void pw_net_free(pw_netlist *nl)
{
    if (!nl) return;
    for (int i = 0; i < nl->nnet; i++) free(nl->net[i].name);
    for (int i = 0; i < nl->ninst; i++) {
        for (int k = 0; k < nl->inst[i].nconn; k++) free(nl->inst[i].conn[k].pin);
        free(nl->inst[i].conn); free(nl->inst[i].name); free(nl->inst[i].type);
    }
    free(nl->net); free(nl->inst); free(nl->top); free(nl);
}

/* See net.h. */
int pw_net_root(pw_netlist *nl, int i) { return find_root(nl, i); }

/* See net.h. */
int pw_net_find(const pw_netlist *nl, const char *name)
{
    for (int i = 0; i < nl->nnet; i++) if (strcmp(nl->net[i].name, name) == 0) return i;
    return -1;
}
