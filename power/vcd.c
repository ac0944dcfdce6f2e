/* vcd.c - value change dump reader for switching activity (see vcd.h). */
#include "vcd.h"
#include "hash.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int width, first;      /* its bits: a->bit[first .. first + width - 1], lsb first */
    unsigned char *val;    /* current value per bit: 0, 1, 2 (x/z), 3 (not yet seen) */
    uint64_t *since;       /* time the bit last became 1 */
} sig;

typedef struct {
    FILE *f;
    const char *path;
    int line;
    char *err; size_t errn;
    int failed;
} rd;

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) { fprintf(stderr, "power: out of memory\n"); exit(3); }
    return q;
}

static void fail(rd *r, const char *what)
{
    if (!r->failed) snprintf(r->err, r->errn, "%s:%d: expected %s", r->path, r->line, what);
    r->failed = 1;
}

/* the next blank-separated word into w (size n); 0 at the end of the file */
static int word(rd *r, char *w, size_t n)
{
    int c;
    while ((c = getc(r->f)) != EOF && isspace(c)) if (c == '\n') r->line++;
    if (c == EOF) return 0;
    size_t k = 0;
    do { if (k + 1 < n) w[k++] = (char)c; } while ((c = getc(r->f)) != EOF && !isspace(c));
    if (c != EOF) ungetc(c, r->f);     /* the blank after the word: its line is counted next */
    w[k] = 0;
    return 1;
}

/* the name of bit i (from the least significant) of variable name with range rng ("" or
 * "[msb:lsb]" or "[i]") */
static char *bit_name(const char *name, const char *rng, int i)
{
    char b[4400];
    if (rng[0] != '[') snprintf(b, sizeof b, "%s", name);
    else {
        int msb = atoi(rng + 1);
        const char *c = strchr(rng, ':');
        int lsb = c ? atoi(c + 1) : msb;
        snprintf(b, sizeof b, "%s[%d]", name, msb >= lsb ? lsb + i : lsb - i);
    }
    return strdup(b);
}

static void set_bit(pw_activity *a, sig *s, int i, int v, uint64_t t)
{
    unsigned char o = s->val[i];
    pw_vbit *b = &a->bit[s->first + i];
    if (o == 1 && v != 1) b->high += t - s->since[i];
    if (v == 1 && o != 1) s->since[i] = t;
    if ((o == 0 && v == 1) || (o == 1 && v == 0)) b->toggles++;
    s->val[i] = (unsigned char)v;
}

/* See vcd.h. */
pw_activity *pw_vcd_read(const char *path, const char *scope, char *err, size_t n)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) { snprintf(err, n, "%s: cannot read the value change dump", path); return NULL; }
    pw_activity *a = pw_vcd_read_stream(f, path, scope, err, n);
    if (f != stdin) fclose(f);
    return a;
}

/* See vcd.h. */
pw_activity *pw_vcd_read_stream(FILE *f, const char *path, const char *scope, char *err, size_t n)
{
    rd r = { f, path, 1, err, n, 0 };
    pw_activity *a = calloc(1, sizeof *a);
    if (!a) exit(3);
    pw_hash ids;                   /* id code -> signal index + 1 (only kept variables) */
    pw_hash_init(&ids);
    char **codes = NULL; int ncode = 0;
    struct { char *name; char rng[256]; int sig; } *al = NULL;   /* aliases */
    int nal = 0;
    sig *s = NULL; int ns = 0;
    char w[4096], path_s[8192] = "", kept[8192] = "";
    int depth = 0, keep_depth = -1, done_keep = 0;
    uint64_t t = 0;
    /* header */
    while (!r.failed && word(&r, w, sizeof w)) {
        if (strcmp(w, "$scope") == 0) {
            char kind[64], name[4096];
            if (!word(&r, kind, sizeof kind) || !word(&r, name, sizeof name)) { fail(&r, "$scope KIND NAME $end"); break; }
            size_t l = strlen(path_s);
            snprintf(path_s + l, sizeof path_s - l, "%s%s", l ? "." : "", name);
            depth++;
            if (keep_depth < 0 && !done_keep && scope && strcmp(name, scope) == 0) { keep_depth = depth; snprintf(kept, sizeof kept, "%s", path_s); }
            while (word(&r, w, sizeof w) && strcmp(w, "$end") != 0) {}
        } else if (strcmp(w, "$upscope") == 0) {
            char *d = strrchr(path_s, '.');
            if (d) *d = 0; else path_s[0] = 0;
            if (depth == keep_depth) { keep_depth = -1; done_keep = 1; }
            depth--;
            while (word(&r, w, sizeof w) && strcmp(w, "$end") != 0) {}
        } else if (strcmp(w, "$var") == 0) {
            char type[64], wid[64], code[256], name[4096], rng[256] = "";
            if (!word(&r, type, sizeof type) || !word(&r, wid, sizeof wid) || !word(&r, code, sizeof code) ||
                !word(&r, name, sizeof name)) { fail(&r, "$var TYPE WIDTH CODE NAME"); break; }
            if (!word(&r, w, sizeof w)) { fail(&r, "$end after a $var"); break; }
            if (strcmp(w, "$end") != 0) {
                snprintf(rng, sizeof rng, "%.250s", w);
                while (word(&r, w, sizeof w) && strcmp(w, "$end") != 0) {}
            }
            if (keep_depth < 0 && !done_keep && !scope && depth > 0) { keep_depth = depth; snprintf(kept, sizeof kept, "%s", path_s); }
            if (depth != keep_depth || strcmp(type, "real") == 0) continue;
            int width = atoi(wid);
            if (width < 1) { fail(&r, "a variable width of at least 1"); break; }
            long k = pw_hash_get(&ids, code);
            if (k) {                /* another name of a kept signal: the same toggles */
                al = xrealloc(al, (size_t)(nal + 1) * sizeof *al);
                al[nal].sig = (int)k - 1;
                snprintf(al[nal].rng, sizeof al[nal].rng, "%s", rng);
                al[nal++].name = strdup(name);
                continue;
            }
            s = xrealloc(s, (size_t)(ns + 1) * sizeof *s);
            sig *g = &s[ns];
            g->width = width;
            g->first = a->nbit;
            g->val = xrealloc(NULL, (size_t)width);
            memset(g->val, 3, (size_t)width);
            g->since = calloc((size_t)width, sizeof *g->since);
            a->bit = xrealloc(a->bit, (size_t)(a->nbit + width) * sizeof *a->bit);
            for (int i = 0; i < width; i++) {
                a->bit[a->nbit + i].name = bit_name(name, rng, i);
                a->bit[a->nbit + i].toggles = 0;
                a->bit[a->nbit + i].high = 0;
            }
            a->nbit += width;
            codes = xrealloc(codes, (size_t)(ncode + 1) * sizeof *codes);
            codes[ncode] = strdup(code);
            pw_hash_put(&ids, codes[ncode++], ++ns);
        } else if (strcmp(w, "$enddefinitions") == 0) {
            while (word(&r, w, sizeof w) && strcmp(w, "$end") != 0) {}
            break;
        } else if (w[0] == '$') {
            while (word(&r, w, sizeof w) && strcmp(w, "$end") != 0) {}
        }
    }
    if (!r.failed && !kept[0]) fail(&r, scope ? "a $scope of that name" : "a $scope with variables");
    /* value changes */
    while (!r.failed && word(&r, w, sizeof w)) {
        char c = w[0];
        if (c == '#') { t = strtoull(w + 1, NULL, 10); continue; }
        if (c == '$') continue;    /* $dumpvars, $end, ...: the values inside count as changes */
        if (c == 'b' || c == 'B') {
            char code[256];
            if (!word(&r, code, sizeof code)) { fail(&r, "an id code after a vector value"); break; }
            long k = pw_hash_get(&ids, code);
            if (!k) continue;
            sig *g = &s[k - 1];
            int len = (int)strlen(w + 1);
            for (int i = 0; i < g->width; i++) {
                char ch = i < len ? w[len - i] : (w[1] == 'x' || w[1] == 'z' ? w[1] : '0');
                set_bit(a, g, i, ch == '0' ? 0 : ch == '1' ? 1 : 2, t);
            }
            continue;
        }
        if (c == 'r' || c == 'R') { char code[256]; if (!word(&r, code, sizeof code)) break; continue; }
        if (strchr("01xXzZ", c)) {
            long k = pw_hash_get(&ids, w + 1);
            if (!k) continue;
            set_bit(a, &s[k - 1], 0, c == '0' ? 0 : c == '1' ? 1 : 2, t);
            continue;
        }
        fail(&r, "a time stamp or a value change");
    }
    a->end_time = t;
    for (int i = 0; i < ns; i++) {
        for (int b = 0; b < s[i].width; b++) if (s[i].val[b] == 1) a->bit[s[i].first + b].high += t - s[i].since[b];
        free(s[i].val); free(s[i].since);
    }
    /* the first value of a bit is no toggle: set_bit counted none from state 3 */
    for (int k = 0; k < nal; k++) {
        const sig *g = &s[al[k].sig];
        a->bit = xrealloc(a->bit, (size_t)(a->nbit + g->width) * sizeof *a->bit);
        for (int i = 0; i < g->width; i++) {
            a->bit[a->nbit + i] = a->bit[g->first + i];
            a->bit[a->nbit + i].name = bit_name(al[k].name, al[k].rng, i);
        }
        a->nbit += g->width;
        free(al[k].name);
    }
    free(al);
    free(s);
    for (int i = 0; i < ncode; i++) free(codes[i]);
    free(codes);
    pw_hash_free(&ids);
    a->scope = strdup(kept);
    if (r.failed) { pw_vcd_free(a); return NULL; }
    return a;
}

/* See vcd.h. */
void pw_vcd_free(pw_activity *a)
{
    if (!a) return;
    for (int i = 0; i < a->nbit; i++) free(a->bit[i].name);
    free(a->bit); free(a->scope); free(a);
}
