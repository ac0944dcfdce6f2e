/* tab.c - the per-(PC, side, position) hint table: counting, applying, text file I/O. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hint.h"
#include "rd.h"

#define HT_MAGIC "# malekeh hints v1"

typedef struct {
    uint64_t key;     /* pc << 16 | side << 8 | pos, +1 (0 = empty slot) */
    uint64_t near, total;
    int8_t hint;      /* -1: majority of the counts; 0 far, 1 near: given by a file */
} ht_ent;

struct hint_tab {
    ht_ent *e;
    size_t cap, n;    /* cap a power of two */
    char kernel[512]; /* a hint file's kernel (its "# kernel NAME" line), "" if none */
};

static uint64_t mkkey(uint32_t pc, unsigned side, unsigned pos)
{
    return ((uint64_t)pc << 16 | (uint64_t)side << 8 | pos) + 1;
}

static size_t slot_of(uint64_t key, size_t cap)
{
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 20) & (cap - 1);
}

hint_tab *hint_tab_create(void)
{
    hint_tab *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->cap = 1024;
    t->e = calloc(t->cap, sizeof *t->e);
    if (!t->e) {
        free(t);
        return NULL;
    }
    return t;
}

void hint_tab_destroy(hint_tab *t)
{
    if (!t) return;
    free(t->e);
    free(t);
}

static int grow(hint_tab *t)
{
    size_t nc = t->cap * 2;
    ht_ent *ne = calloc(nc, sizeof *ne);
    if (!ne) return -1;
    for (size_t i = 0; i < t->cap; i++) {
        if (!t->e[i].key) continue;
        size_t j = slot_of(t->e[i].key, nc);
        while (ne[j].key) j = (j + 1) & (nc - 1);
        ne[j] = t->e[i];
    }
    free(t->e);
    t->e = ne;
    t->cap = nc;
    return 0;
}

static ht_ent *find(const hint_tab *t, uint64_t key)
{
    for (size_t j = slot_of(key, t->cap);; j = (j + 1) & (t->cap - 1)) {
        if (t->e[j].key == key) return &t->e[j];
        if (!t->e[j].key) return NULL;
    }
}

/* The entry of key, created (counts 0) if missing; NULL on allocation failure. */
static ht_ent *get(hint_tab *t, uint64_t key)
{
    ht_ent *e = find(t, key);
    if (e) return e;
    if ((t->n + 1) * 2 > t->cap && grow(t)) return NULL;
    size_t j = slot_of(key, t->cap);
    while (t->e[j].key) j = (j + 1) & (t->cap - 1);
    t->e[j].key = key;
    t->e[j].hint = -1;
    t->n++;
    return &t->e[j];
}

int hint_tab_set(hint_tab *t, uint32_t pc, unsigned side, unsigned pos, int hint)
{
    ht_ent *e = get(t, mkkey(pc, side, pos));
    if (!e) return -1;
    e->hint = (int8_t)(hint != 0);
    return 0;
}

int hint_tab_count(hint_tab *t, const trc_inst *inst, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        const trc_inst *in = &inst[i];
        for (unsigned k = 0; k < in->nsrc; k++) {
            ht_ent *e = get(t, mkkey(in->pc, 0, k));
            if (!e) return -1;
            e->near += trc_src_near(in, k);
            e->total++;
        }
        for (unsigned k = 0; k < in->ndst; k++) {
            ht_ent *e = get(t, mkkey(in->pc, 1, k));
            if (!e) return -1;
            e->near += trc_dst_near(in, k);
            e->total++;
        }
    }
    return 0;
}

static uint8_t ent_hint(const ht_ent *e)
{
    if (!e) return 0;
    if (e->hint >= 0) return (uint8_t)e->hint;
    return e->near * 2 > e->total;  /* majority; ties far */
}

uint64_t hint_tab_apply(const hint_tab *t, trc_inst *inst, uint32_t n)
{
    uint64_t missed = 0;
    for (uint32_t i = 0; i < n; i++) {
        trc_inst *in = &inst[i];
        for (unsigned k = 0; k < in->nsrc; k++) {
            const ht_ent *e = find(t, mkkey(in->pc, 0, k));
            missed += !e;
            trc_set_src_near(in, k, ent_hint(e));
        }
        for (unsigned k = 0; k < in->ndst; k++) {
            const ht_ent *e = find(t, mkkey(in->pc, 1, k));
            missed += !e;
            trc_set_dst_near(in, k, ent_hint(e));
        }
    }
    return missed;
}

const char *hint_tab_kernel(const hint_tab *t)
{
    return t->kernel;
}

static int cmp_ent(const void *a, const void *b)
{
    uint64_t x = ((const ht_ent *)a)->key, y = ((const ht_ent *)b)->key;
    return x < y ? -1 : x > y;
}

static void set_err(char *err, const char *path, unsigned long long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rd_verr(err, path, line, fmt, ap);
    va_end(ap);
}

int hint_tab_write(const hint_tab *t, const char *path, const trc_kernel *k, const hint_opts *o,
                   char *err)
{
    ht_ent *v = malloc((t->n ? t->n : 1) * sizeof *v);
    if (!v) {
        set_err(err, path, 0, "out of memory (expected room for %zu hints)", t->n);
        return -1;
    }
    size_t m = 0;
    for (size_t i = 0; i < t->cap; i++)
        if (t->e[i].key) v[m++] = t->e[i];
    qsort(v, m, sizeof *v, cmp_ent);

    size_t plen = strlen(path);
    char *tmp = malloc(plen + 32);
    if (!tmp) {
        free(v);
        set_err(err, path, 0, "out of memory (expected room for a file name)");
        return -1;
    }
    snprintf(tmp, plen + 32, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        set_err(err, path, 0, "cannot write %s: %s (expected a writable directory)", tmp, strerror(errno));
        free(tmp);
        free(v);
        return -1;
    }
    fprintf(f, HT_MAGIC "\n");
    fprintf(f, "# kernel %s  mode %s  rthld %u", k && k->name[0] ? k->name : "?",
            hint_mode_name(o->mode), o->rthld);
    if (o->mode == HINT_PROFILE) fprintf(f, "  profile_warps %u", o->profile_warps);
    fprintf(f, "\n# pc      side pos hint  near total\n");
    for (size_t i = 0; i < m; i++) {
        uint64_t key = v[i].key - 1;
        fprintf(f, "0x%04llx    %s  %-3u %-5s %-4llu %llu\n", (unsigned long long)(key >> 16),
                (key >> 8 & 0xff) ? "dst" : "src", (unsigned)(key & 0xff),
                ent_hint(&v[i]) ? "near" : "far", (unsigned long long)v[i].near,
                (unsigned long long)v[i].total);
    }
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, path) != 0) {
        set_err(err, path, 0, "cannot write: %s (expected a writable file)", strerror(errno));
        remove(tmp);
        free(tmp);
        free(v);
        return -1;
    }
    free(tmp);
    free(v);
    return 0;
}

/* Next whitespace-separated token of *p into tok (at most n-1 chars); 0 if none. */
static int token(const char **p, char *tok, size_t n)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t') s++;
    size_t k = 0;
    while (*s && *s != ' ' && *s != '\t') {
        if (k + 1 < n) tok[k++] = *s;
        else return -1;
        s++;
    }
    tok[k] = '\0';
    *p = s;
    return k > 0;
}

static int parse_u64(const char *s, int hex, uint64_t max, uint64_t *v)
{
    uint64_t x = 0;
    if (hex && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s += 2;
    if (!*s) return -1;
    for (; *s; s++) {
        unsigned d;
        if (*s >= '0' && *s <= '9') d = (unsigned)(*s - '0');
        else if (hex && *s >= 'a' && *s <= 'f') d = (unsigned)(*s - 'a' + 10);
        else if (hex && *s >= 'A' && *s <= 'F') d = (unsigned)(*s - 'A' + 10);
        else return -1;
        if (x > (max - d) / (hex ? 16 : 10)) return -1;
        x = x * (hex ? 16 : 10) + d;
    }
    *v = x;
    return 0;
}

/* One data line; 0 or -1 with err. */
static int read_entry(hint_tab *t, const char *line, const char *path, uint64_t ln, char *err)
{
    char tk[6][32], extra[32];
    const char *p = line;
    int n = 0, r;
    while (n < 6 && (r = token(&p, tk[n], sizeof tk[n])) == 1) n++;
    if (r < 0 || (n == 6 && token(&p, extra, sizeof extra) != 0)) {
        set_err(err, path, ln, "too many or too long fields (expected pc side pos hint [near total])");
        return -1;
    }
    if (n != 4 && n != 6) {
        set_err(err, path, ln, "%d fields (expected pc side pos hint [near total])", n);
        return -1;
    }
    uint64_t pc, pos, nr = 0, tot = 0;
    if (parse_u64(tk[0], 1, 0xffffffffu, &pc)) {
        set_err(err, path, ln, "bad pc '%s' (expected a 32-bit hex number)", tk[0]);
        return -1;
    }
    unsigned side = strcmp(tk[1], "src") == 0 ? 0 : strcmp(tk[1], "dst") == 0 ? 1 : 2;
    if (side == 2) {
        set_err(err, path, ln, "bad side '%s' (expected src or dst)", tk[1]);
        return -1;
    }
    if (parse_u64(tk[2], 0, TRC_MAX_XREGS - 1, &pos)) {
        set_err(err, path, ln, "bad position '%s' (expected 0..%d)", tk[2], TRC_MAX_XREGS - 1);
        return -1;
    }
    int h = strcmp(tk[3], "near") == 0 ? 1 : strcmp(tk[3], "far") == 0 ? 0 : -1;
    if (h < 0) {
        set_err(err, path, ln, "bad hint '%s' (expected near or far)", tk[3]);
        return -1;
    }
    if (n == 6 && (parse_u64(tk[4], 0, UINT64_MAX / 4, &nr) ||
                   parse_u64(tk[5], 0, UINT64_MAX / 4, &tot) || nr > tot)) {
        set_err(err, path, ln, "bad counts '%s %s' (expected near total, near <= total)", tk[4], tk[5]);
        return -1;
    }
    uint64_t key = mkkey((uint32_t)pc, side, (unsigned)pos);
    if (find(t, key)) {
        set_err(err, path, ln, "%s %s %s repeated (expected one line per pc, side and position)",
                tk[0], tk[1], tk[2]);
        return -1;
    }
    ht_ent *e = get(t, key);
    if (!e) {
        set_err(err, path, ln, "out of memory (expected room for the hint table)");
        return -1;
    }
    e->hint = (int8_t)h;
    e->near = nr;
    e->total = tot;
    return 0;
}

hint_tab *hint_tab_read(const char *path, char *err)
{
    rd_t *r = rd_open_file(path, err);
    if (!r) return NULL;
    hint_tab *t = hint_tab_create();
    if (!t) {
        set_err(err, path, 0, "out of memory (expected room for the hint table)");
        rd_close(r);
        return NULL;
    }
    char *line;
    size_t n;
    int k = 0, ok = 1;
    while (ok && (k = rd_line(r, &line, &n, err)) == 1) {
        uint64_t ln = rd_lineno(r);
        const char *s = line;
        while (*s == ' ' || *s == '\t') s++;
        if (ln == 1) {
            if (strncmp(s, HT_MAGIC, strlen(HT_MAGIC)) != 0) {
                set_err(err, path, ln, "not a hint file (expected the first line '" HT_MAGIC "')");
                ok = 0;
            }
            continue;
        }
        if (strncmp(s, "# kernel ", 9) == 0 && !t->kernel[0]) { /* "# kernel NAME  mode ..." */
            size_t l = strcspn(s + 9, " \t");
            if (l >= sizeof t->kernel) l = sizeof t->kernel - 1;
            memcpy(t->kernel, s + 9, l);
            t->kernel[l] = '\0';
        }
        if (*s == '\0' || *s == '#') continue;
        if (read_entry(t, s, path, ln, err)) ok = 0;
    }
    if (ok && k == 0 && rd_lineno(r) == 0) {
        set_err(err, path, 0, "empty hint file (expected the first line '" HT_MAGIC "')");
        ok = 0;
    }
    if (k < 0) ok = 0;
    rd_close(r);
    if (!ok) {
        hint_tab_destroy(t);
        return NULL;
    }
    return t;
}
