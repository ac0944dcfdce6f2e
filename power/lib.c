/* lib.c - Liberty reader for gate-level power (see lib.h). Two steps: the text becomes a
 * tree of groups and attributes (any Liberty file parses, whatever it holds), then the
 * library, its templates, wire loads and cells are read off the tree. */
#include "lib.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct node {
    char *name;            /* group or attribute name */
    char *args;            /* text inside ( ) of a group or complex attribute, or NULL */
    char *value;           /* value of a simple attribute, or NULL */
    struct node *kid, *next;
    int line;
} node;

typedef struct {
    const char *s, *path;
    size_t i, n;
    int line;
    char *err; size_t errn;
    int failed;
} rd;

static void *xcalloc(size_t n, size_t k)
{
    void *p = calloc(n ? n : 1, k ? k : 1);
    if (!p) { fprintf(stderr, "power: out of memory\n"); exit(3); }
    return p;
}

static char *xstrndup(const char *s, size_t n)
{
    char *p = xcalloc(n + 1, 1);
    memcpy(p, s, n);
    return p;
}

static void fail(rd *r, const char *what)
{
    if (!r->failed) snprintf(r->err, r->errn, "%s:%d: expected %s", r->path, r->line, what);
    r->failed = 1;
}

/* skip blanks, newlines, comments and backslash line continuations */
static void skip(rd *r)
{
    while (r->i < r->n) {
        char c = r->s[r->i];
        if (c == '\n') { r->line++; r->i++; }
        else if (c == ' ' || c == '\t' || c == '\r' || c == '\\') r->i++;
        else if (c == '/' && r->i + 1 < r->n && r->s[r->i + 1] == '*') {
            r->i += 2;
            while (r->i + 1 < r->n && !(r->s[r->i] == '*' && r->s[r->i + 1] == '/')) {
                if (r->s[r->i] == '\n') r->line++;
                r->i++;
            }
            r->i += 2;
        } else if (c == '/' && r->i + 1 < r->n && r->s[r->i + 1] == '/') {
            while (r->i < r->n && r->s[r->i] != '\n') r->i++;
        } else break;
    }
}

static int is_word(char c) { return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '-' || c == '+' || c == '!' || c == '&' || c == '|' || c == '\'' || c == '*' || c == '[' || c == ']' || c == '^'; }

/* the text up to the ')' that closes the '(' just read, newlines counted */
static char *read_args(rd *r)
{
    size_t b = r->i;
    int depth = 1, q = 0;
    while (r->i < r->n) {
        char c = r->s[r->i];
        if (c == '\n') r->line++;
        if (c == '"') q = !q;
        else if (!q && c == '(') depth++;
        else if (!q && c == ')' && --depth == 0) break;
        r->i++;
    }
    if (r->i >= r->n) { fail(r, "')'"); return NULL; }
    char *a = xstrndup(r->s + b, r->i - b);
    r->i++;
    return a;
}

/* a simple attribute's value: a quoted string or the text up to ';' or the end of the line */
static char *read_value(rd *r)
{
    while (r->i < r->n && (r->s[r->i] == ' ' || r->s[r->i] == '\t')) r->i++;
    if (r->i < r->n && r->s[r->i] == '"') {
        size_t b = ++r->i;
        while (r->i < r->n && r->s[r->i] != '"') { if (r->s[r->i] == '\n') r->line++; r->i++; }
        if (r->i >= r->n) { fail(r, "a closing '\"'"); return NULL; }
        char *v = xstrndup(r->s + b, r->i - b);
        r->i++;
        while (r->i < r->n && (r->s[r->i] == ' ' || r->s[r->i] == '\t')) r->i++;
        if (r->i < r->n && r->s[r->i] == ';') r->i++;
        return v;
    }
    size_t b = r->i;
    while (r->i < r->n && r->s[r->i] != ';' && r->s[r->i] != '\n' && r->s[r->i] != '}') r->i++;
    size_t e = r->i;
    while (e > b && isspace((unsigned char)r->s[e - 1])) e--;
    if (r->i < r->n && r->s[r->i] == ';') r->i++;
    return xstrndup(r->s + b, e - b);
}

/* statements until '}' (inside a group) or the end of the text */
static node *read_block(rd *r, int inner)
{
    node *first = NULL, **tail = &first;
    for (;;) {
        skip(r);
        if (r->failed) return first;
        if (r->i >= r->n) { if (inner) fail(r, "'}'"); return first; }
        char c = r->s[r->i];
        if (c == '}') { if (!inner) fail(r, "a statement, not '}'"); r->i++; return first; }
        if (c == ';') { r->i++; continue; }
        if (!is_word(c)) { fail(r, "an attribute or group name"); return first; }
        size_t b = r->i;
        while (r->i < r->n && is_word(r->s[r->i])) r->i++;
        node *x = xcalloc(1, sizeof *x);
        x->name = xstrndup(r->s + b, r->i - b);
        x->line = r->line;
        *tail = x; tail = &x->next;
        skip(r);
        if (r->i < r->n && r->s[r->i] == ':') { r->i++; x->value = read_value(r); continue; }
        if (r->i >= r->n || r->s[r->i] != '(') { fail(r, "':' or '(' after a name"); return first; }
        r->i++;
        x->args = read_args(r);
        if (r->failed) return first;
        skip(r);
        if (r->i < r->n && r->s[r->i] == '{') { r->i++; x->kid = read_block(r, 1); }
        else if (r->i < r->n && r->s[r->i] == ';') r->i++;
    }
}

static void free_tree(node *x)
{
    while (x) {
        node *n = x->next;
        free_tree(x->kid);
        free(x->name); free(x->args); free(x->value); free(x);
        x = n;
    }
}

/* the whole file, gzip or plain (zlib reads both) */
static char *slurp(const char *path, size_t *len)
{
    gzFile g = gzopen(path, "rb");
    if (!g) return NULL;
    size_t cap = 1 << 20, n = 0;
    char *b = xcalloc(cap, 1);
    for (;;) {
        if (n + 65536 + 1 > cap) {
            cap *= 2;
            char *nb = realloc(b, cap);
            if (!nb) { free(b); gzclose(g); return NULL; }
            b = nb;
        }
        int k = gzread(g, b + n, 65536);
        if (k < 0) { free(b); gzclose(g); return NULL; }
        if (k == 0) break;
        n += (size_t)k;
    }
    gzclose(g);
    b[n] = 0;
    *len = n;
    return b;
}

/* ---- reading the tree ---------------------------------------------------------------- */

static const node *kid(const node *g, const char *name)
{
    for (const node *x = g ? g->kid : NULL; x; x = x->next) if (strcmp(x->name, name) == 0) return x;
    return NULL;
}

static const char *attr(const node *g, const char *name)
{
    const node *x = kid(g, name);
    return x ? (x->value ? x->value : x->args) : NULL;
}

/* the first name of a group's arguments, quotes removed */
static char *arg0(const node *x)
{
    if (!x->args) return xstrndup("", 0);
    const char *s = x->args;
    while (*s == ' ' || *s == '"') s++;
    size_t n = 0;
    while (s[n] && s[n] != '"' && s[n] != ',' && s[n] != ' ') n++;
    return xstrndup(s, n);
}

/* the numbers of a list such as "0.1, 0.2", "0.3" (quotes, commas, backslashes skipped) */
static int numbers(const char *s, double **out)
{
    int n = 0, cap = 16;
    double *v = xcalloc((size_t)cap, sizeof *v);
    while (s && *s) {
        if (strchr(" \t\r\n\",\\", *s)) { s++; continue; }
        char *e;
        double d = strtod(s, &e);
        if (e == s) { s++; continue; }
        if (n == cap) { cap *= 2; double *nv = realloc(v, (size_t)cap * sizeof *v); if (!nv) exit(3); v = nv; }
        v[n++] = d;
        s = e;
    }
    *out = v;
    return n;
}

typedef struct { char *name; int swap; double *x1, *x2; int n1, n2; } tmpl;
typedef struct { tmpl *t; int n; } tmpls;

static const tmpl *find_tmpl(const tmpls *ts, const char *name)
{
    for (int i = 0; i < ts->n; i++) if (strcmp(ts->t[i].name, name) == 0) return &ts->t[i];
    return NULL;
}

/* table group x: indices from the group or its template, values; two-variable tables whose
 * template puts the load first are transposed so that x1 is always the transition */
static int read_table(const node *x, const tmpls *ts, pw_table *t, rd *r)
{
    char *tn = arg0(x);
    const tmpl *tp = find_tmpl(ts, tn);
    free(tn);
    double *i1 = NULL, *i2 = NULL, *v = NULL;
    int n1 = 0, n2 = 0, nv;
    const char *a1 = attr(x, "index_1"), *a2 = attr(x, "index_2");
    if (a1) n1 = numbers(a1, &i1);
    else if (tp && tp->n1) { n1 = tp->n1; i1 = xcalloc((size_t)n1, sizeof *i1); memcpy(i1, tp->x1, (size_t)n1 * sizeof *i1); }
    if (a2) n2 = numbers(a2, &i2);
    else if (tp && tp->n2) { n2 = tp->n2; i2 = xcalloc((size_t)n2, sizeof *i2); memcpy(i2, tp->x2, (size_t)n2 * sizeof *i2); }
    nv = numbers(attr(x, "values"), &v);
    if (n1 == 0) { n1 = 1; free(i1); i1 = xcalloc(1, sizeof *i1); }
    if (n2 == 0) { n2 = 1; free(i2); i2 = xcalloc(1, sizeof *i2); }
    if (nv != n1 * n2) {
        r->line = x->line;
        fail(r, "a table whose values match its index sizes");
        free(i1); free(i2); free(v);
        return -1;
    }
    if (tp && tp->swap && n2 > 1) {
        double *w = xcalloc((size_t)nv, sizeof *w);
        for (int i = 0; i < n1; i++) for (int j = 0; j < n2; j++) w[j * n1 + i] = v[i * n2 + j];
        free(v); v = w;
        double *s = i1; i1 = i2; i2 = s;
        int k = n1; n1 = n2; n2 = k;
    }
    t->n1 = n1; t->n2 = n2; t->x1 = i1; t->x2 = i2; t->v = v;
    return 0;
}

static void free_table(pw_table *t) { free(t->x1); free(t->x2); free(t->v); }

static void read_pin(const node *p, const tmpls *ts, pw_pin *pin, rd *r)
{
    pin->name = arg0(p);
    const char *d = attr(p, "direction");
    pin->dir = d && strstr(d, "output") ? PW_OUT : d && strstr(d, "inout") ? PW_INOUT : PW_IN;
    const char *c = attr(p, "capacitance");
    pin->cap = c ? atof(c) : 0;
    const char *k = attr(p, "clock");
    pin->clock = k && strstr(k, "true");
    for (const node *x = p->kid; x; x = x->next) {
        if (strcmp(x->name, "internal_power") == 0) {
            pin->ip = realloc(pin->ip, (size_t)(pin->nip + 1) * sizeof *pin->ip);
            if (!pin->ip) exit(3);
            pw_ipower *ip = &pin->ip[pin->nip++];
            memset(ip, 0, sizeof *ip);
            const char *rp = attr(x, "related_pin");
            ip->related = rp ? xstrndup(rp, strlen(rp)) : NULL;
            const node *rt = kid(x, "rise_power"), *ft = kid(x, "fall_power");
            if (rt && read_table(rt, ts, &ip->rise, r)) return;
            if (ft && read_table(ft, ts, &ip->fall, r)) return;
        } else if (strcmp(x->name, "timing") == 0) {
            const node *rt = kid(x, "rise_transition"), *ft = kid(x, "fall_transition");
            if (!rt && !ft) continue;
            pin->arc = realloc(pin->arc, (size_t)(pin->narc + 1) * sizeof *pin->arc);
            if (!pin->arc) exit(3);
            pw_arc *a = &pin->arc[pin->narc++];
            memset(a, 0, sizeof *a);
            const char *rp = attr(x, "related_pin");
            a->related = rp ? xstrndup(rp, strlen(rp)) : NULL;
            if (rt && read_table(rt, ts, &a->rise, r)) return;
            if (ft && read_table(ft, ts, &a->fall, r)) return;
        }
    }
}

static void read_cell(const node *g, const tmpls *ts, pw_cell *c, rd *r)
{
    c->name = arg0(g);
    const char *a = attr(g, "area");
    c->area = a ? atof(a) : 0;
    a = attr(g, "cell_leakage_power");
    c->leak = a ? atof(a) : 0;
    a = attr(g, "dont_use");
    c->dont_use = a && strstr(a, "true");
    if (kid(g, "ff") || kid(g, "ff_bank")) c->kind = PW_FF;
    else if (kid(g, "latch") || kid(g, "latch_bank")) c->kind = PW_LATCH;
    if (attr(g, "clock_gating_integrated_cell")) c->kind = PW_ICG;
    for (const node *x = g->kid; x; x = x->next) if (strcmp(x->name, "pin") == 0) c->npin++;
    c->pin = xcalloc((size_t)c->npin, sizeof *c->pin);
    int k = 0;
    for (const node *x = g->kid; x && !r->failed; x = x->next)
        if (strcmp(x->name, "pin") == 0) read_pin(x, ts, &c->pin[k++], r);
}

static double unit_watts(const char *s)
{
    if (!s) return 1e-9;
    double v = atof(s);
    if (v == 0) v = 1;
    if (strstr(s, "pW")) return v * 1e-12;
    if (strstr(s, "nW")) return v * 1e-9;
    if (strstr(s, "uW")) return v * 1e-6;
    if (strstr(s, "mW")) return v * 1e-3;
    return v;
}

static void read_wire_load(pw_lib *l, const node *lib)
{
    const char *dn = attr(lib, "default_wire_load");
    for (const node *x = lib->kid; x; x = x->next) {
        if (strcmp(x->name, "wire_load") != 0) continue;
        char *n = arg0(x);
        int is_default = dn ? strcmp(n, dn) == 0 : !l->wl_name;
        if (!is_default) { free(n); continue; }
        free(l->wl_name);
        l->wl_name = n;
        const char *v = attr(x, "capacitance"); l->wl_cap = v ? atof(v) : 0;
        v = attr(x, "slope"); l->wl_slope = v ? atof(v) : 0;
        memset(l->wl_len, 0, sizeof l->wl_len);
        l->wl_max = 0;
        for (const node *f = x->kid; f; f = f->next) {
            if (strcmp(f->name, "fanout_length") != 0 || !f->args) continue;
            double *nv;
            int k = numbers(f->args, &nv);
            if (k == 2 && nv[0] >= 1 && nv[0] < 64) {
                int fo = (int)nv[0];
                l->wl_len[fo] = nv[1];
                if (fo > l->wl_max) l->wl_max = fo;
            }
            free(nv);
        }
        if (dn) break;
    }
}

static pw_lib *build(const node *lib, rd *r)
{
    pw_lib *l = xcalloc(1, sizeof *l);
    l->name = arg0(lib);
    const node *oc = kid(lib, "operating_conditions");
    const char *v = attr(lib, "nom_voltage");
    if (oc && attr(oc, "voltage")) v = attr(oc, "voltage");
    l->volt = v ? atof(v) : 0;
    l->leak_unit_w = unit_watts(attr(lib, "leakage_power_unit"));
    read_wire_load(l, lib);
    tmpls ts = {0};
    for (const node *x = lib->kid; x; x = x->next) {
        if (strcmp(x->name, "power_lut_template") && strcmp(x->name, "lu_table_template")) continue;
        ts.t = realloc(ts.t, (size_t)(ts.n + 1) * sizeof *ts.t);
        if (!ts.t) exit(3);
        tmpl *t = &ts.t[ts.n++];
        memset(t, 0, sizeof *t);
        t->name = arg0(x);
        const char *v1 = attr(x, "variable_1");
        t->swap = v1 && strstr(v1, "capacitance");
        if (attr(x, "index_1")) t->n1 = numbers(attr(x, "index_1"), &t->x1);
        if (attr(x, "index_2")) t->n2 = numbers(attr(x, "index_2"), &t->x2);
    }
    for (const node *x = lib->kid; x; x = x->next) if (strcmp(x->name, "cell") == 0) l->ncell++;
    l->cell = xcalloc((size_t)l->ncell, sizeof *l->cell);
    int k = 0;
    for (const node *x = lib->kid; x && !r->failed; x = x->next)
        if (strcmp(x->name, "cell") == 0) read_cell(x, &ts, &l->cell[k++], r);
    for (int i = 0; i < ts.n; i++) { free(ts.t[i].name); free(ts.t[i].x1); free(ts.t[i].x2); }
    free(ts.t);
    if (l->volt <= 0 && !r->failed) { r->line = lib->line; fail(r, "a library voltage (nom_voltage or operating_conditions voltage)"); }
    if (r->failed) { l->ncell = k; pw_lib_free(l); return NULL; }
    return l;
}

/* See lib.h. */
pw_lib *pw_lib_read(const char *path, char *err, size_t n)
{
    size_t len;
    char *s = slurp(path, &len);
    if (!s) { snprintf(err, n, "%s: cannot read the Liberty file", path); return NULL; }
    rd r = { s, path, 0, len, 1, err, n, 0 };
    node *top = read_block(&r, 0);
    pw_lib *l = NULL;
    const node *lib = NULL;
    for (const node *x = top; x; x = x->next) if (strcmp(x->name, "library") == 0) { lib = x; break; }
    if (!r.failed && !lib) { r.line = 1; fail(&r, "a library (...) { } group"); }
    if (!r.failed) l = build(lib, &r);
    free_tree(top);
    free(s);
    return l;
}

/* See lib.h. */
void pw_lib_free(pw_lib *l)
{
    if (!l) return;
    for (int i = 0; i < l->ncell; i++) {
        pw_cell *c = &l->cell[i];
        for (int j = 0; j < c->npin; j++) {
            pw_pin *p = &c->pin[j];
            for (int k = 0; k < p->nip; k++) { free(p->ip[k].related); free_table(&p->ip[k].rise); free_table(&p->ip[k].fall); }
            for (int k = 0; k < p->narc; k++) { free(p->arc[k].related); free_table(&p->arc[k].rise); free_table(&p->arc[k].fall); }
            free(p->ip); free(p->arc); free(p->name);
        }
        free(c->pin); free(c->name);
    }
    free(l->cell); free(l->name); free(l->wl_name); free(l);
}

/* See lib.h. */
const pw_cell *pw_lib_cell(const pw_lib *l, const char *name)
{
    for (int i = 0; i < l->ncell; i++) if (strcmp(l->cell[i].name, name) == 0) return &l->cell[i];
    return NULL;
}

/* See lib.h. */
const pw_pin *pw_cell_pin(const pw_cell *c, const char *name)
{
    for (int i = 0; i < c->npin; i++) if (strcmp(c->pin[i].name, name) == 0) return &c->pin[i];
    return NULL;
}

/* the segment of index x holding v (extrapolating from the first or last segment) and the
 * fraction along it */
static int seg(const double *x, int n, double v, double *f, int *out)
{
    if (n == 1) { *f = 0; return 0; }
    int i = 0;
    while (i < n - 2 && v > x[i + 1]) i++;
    double d = x[i + 1] - x[i];
    *f = d != 0 ? (v - x[i]) / d : 0;
    double span = x[n - 1] - x[0];
    if (v < x[0] - 0.05 * span || v > x[n - 1] + 0.05 * span) *out = 1;
    return i;
}

/* See lib.h. */
double pw_lookup(pw_lib *l, const pw_table *t, double x1, double x2)
{
    if (t->n1 == 0) return 0;
    double f1, f2;
    int out = 0;
    int i = seg(t->x1, t->n1, x1, &f1, &out);
    int j = seg(t->x2, t->n2, x2, &f2, &out);
    if (out && l) {
        l->extrapolated++;
        if (getenv("PW_DEBUG_EXTRAP")) fprintf(stderr, "extrapolated: %g [%g..%g] %g [%g..%g]\n", x1, t->x1[0], t->x1[t->n1 - 1], x2, t->x2[0], t->x2[t->n2 - 1]);
    }
    int i1 = t->n1 > 1 ? i + 1 : i, j1 = t->n2 > 1 ? j + 1 : j;
    double a = t->v[i * t->n2 + j], b = t->v[i * t->n2 + j1];
    double c = t->v[i1 * t->n2 + j], d = t->v[i1 * t->n2 + j1];
    double lo = a + (b - a) * f2, hi = c + (d - c) * f2;
    return lo + (hi - lo) * f1;
}

/* See lib.h. */
double pw_wire_cap(const pw_lib *l, int fanout)
{
    if (fanout <= 0 || l->wl_max == 0) return 0;
    double len;
    if (fanout <= l->wl_max && l->wl_len[fanout] > 0) len = l->wl_len[fanout];
    else len = l->wl_len[l->wl_max] + l->wl_slope * (fanout - l->wl_max);
    return len * l->wl_cap;
}
