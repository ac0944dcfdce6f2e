/* test_preset.c - the architecture presets (gpu/preset.c) against their one source, the
 * preset table of docs/gpu.md ("| key | Turing (RTX 2060) | Ampere (A100) | Hopper ..."):
 * the table is parsed, and for every key and preset the value the preset gives must be
 * the one the table gives (both written by cfg_write, so "64" and "64" or "1.152" and
 * "1.152" compare as the configuration reads them); every key a preset changes from the
 * defaults must be in the table. Cells: `same` is the Turing cell; text in parentheses
 * is a note; a cell of several keys gives each key its value, in order, separated by
 * ", " (one value: every key). Run from the repository's top folder (make check). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "simcfg.h"
#include "cfg.h"
#include "preset.h"
#include "tt.h"

#define MAXROWS 64
#define MAXKEYS 4

typedef struct {
    char key[MAXKEYS][32];
    unsigned nkeys;
    char val[3][MAXKEYS][32];   /* [turing, ampere, hopper][key] */
} row_t;

static row_t rows[MAXROWS];
static unsigned nrows;

/* s without leading/trailing spaces and without a " (note)" (in place). */
static char *trim(char *s)
{
    char *p = strchr(s, '(');
    if (p) *p = 0;
    while (*s == ' ') s++;
    size_t n = strlen(s);
    while (n && s[n - 1] == ' ') s[--n] = 0;
    return s;
}

/* Cell text -> the values of row r's keys for preset a (0, 1, 2). */
static int cell_values(row_t *r, unsigned a, char *cell)
{
    cell = trim(cell);
    if (a > 0 && strcmp(cell, "same") == 0) {
        memcpy(r->val[a], r->val[0], sizeof r->val[0]);
        return 0;
    }
    char part[MAXKEYS][32];
    unsigned n = 0;
    for (char *p = cell; n < MAXKEYS;) {
        char *q = strstr(p, ", ");
        size_t len = q ? (size_t)(q - p) : strlen(p);
        if (len == 0 || len >= 32) return -1;
        memcpy(part[n], p, len);
        part[n++][len] = 0;
        if (!q) break;
        p = q + 2;
    }
    if (n != 1 && n != r->nkeys) return -1;
    for (unsigned k = 0; k < r->nkeys; k++) strcpy(r->val[a][k], part[n == 1 ? 0 : k]);
    return 0;
}

/* Read the preset table of docs/gpu.md into rows; 0 or -1. */
static int read_table(void)
{
    FILE *f = fopen("docs/gpu.md", "r");
    if (!f) return -1;
    char line[1024];
    int in = 0;
    while (fgets(line, sizeof line, f)) {
        if (!in) {
            in = strncmp(line, "| key | Turing", 14) == 0;
            continue;
        }
        if (strncmp(line, "|---", 4) == 0) continue;
        if (line[0] != '|') break;
        char *col[6];
        unsigned nc = 0;
        for (char *p = line + 1; nc < 6 && *p;) {
            char *q = strchr(p, '|');
            if (!q) break;
            *q = 0;
            col[nc++] = p;
            p = q + 1;
        }
        if (nc < 5 || nrows == MAXROWS) { fclose(f); return -1; }
        row_t *r = &rows[nrows];
        memset(r, 0, sizeof *r);
        for (char *p = col[0]; (p = strchr(p, '`')) && r->nkeys < MAXKEYS;) {
            char *q = strchr(p + 1, '`');
            if (!q || q - p - 1 >= 32) { fclose(f); return -1; }
            memcpy(r->key[r->nkeys], p + 1, (size_t)(q - p - 1));
            r->key[r->nkeys++][q - p - 1] = 0;
            p = q + 1;
        }
        for (unsigned a = 0; a < 3; a++)
            if (cell_values(r, a, col[1 + a])) {
                fprintf(stderr, "  docs/gpu.md: cannot read the %s cell of %s\n", preset_name(a), r->key[0]);
                fclose(f);
                return -1;
            }
        nrows++;
    }
    fclose(f);
    return nrows ? 0 : -1;
}

/* The line "key = value" of cfg_write(c) (without the newline) into out. */
static void value_of(const sim_cfg *c, const char *key, char *out, size_t n)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    out[0] = 0;
    if (!f) return;
    simcfg_write(c, f, "");
    fclose(f);
    size_t kl = strlen(key);
    for (char *p = buf; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (strncmp(p, key, kl) == 0 && (p[kl] == ' ' || p[kl] == '=')) {
            size_t l = strcspn(p, "\n");
            snprintf(out, n, "%.*s", (int)(l < n ? l : n - 1), p);
            break;
        }
    free(buf);
}

/* 1 when row table lists key. */
static int documented(const char *key)
{
    for (unsigned i = 0; i < nrows; i++)
        for (unsigned k = 0; k < rows[i].nkeys; k++)
            if (strcmp(rows[i].key[k], key) == 0) return 1;
    return 0;
}

static void test_presets_match_docs(void)
{
    TT_EQ(read_table(), 0);
    TT_CHECK(nrows >= 20);
    static const unsigned arch[3] = {GPU_ARCH_TURING, GPU_ARCH_AMPERE, GPU_ARCH_HOPPER};
    char err[CFG_ERR_LEN], want[256], got[256];
    unsigned checked = 0;
    for (unsigned a = 0; a < 3; a++) {
        sim_cfg p, d;
        simcfg_defaults(&p);
        TT_EQ(preset_apply(&p.m, arch[a], err), 0);
        for (unsigned i = 0; i < nrows; i++)
            for (unsigned k = 0; k < rows[i].nkeys; k++) {
                sim_cfg q = p;
                const char *key = rows[i].key[k], *v = rows[i].val[a][k];
                if (simcfg_set(&q, key, v, "docs/gpu.md", err)) {
                    fprintf(stderr, "  %s: %s = %s: %s\n", preset_name(arch[a]), key, v, err);
                    TT_CHECK(0);
                    continue;
                }
                value_of(&q, key, want, sizeof want);
                value_of(&p, key, got, sizeof got);
                if (strcmp(want, got) != 0 || !want[0]) {
                    fprintf(stderr, "  preset %s: '%s', docs/gpu.md: '%s'\n", preset_name(arch[a]), got, want);
                    TT_CHECK(0);
                }
                checked++;
            }
        /* every key the preset changes is in the table */
        simcfg_defaults(&d);
        char *bp = NULL, *bd = NULL;
        size_t lp = 0, ld = 0;
        FILE *fp = open_memstream(&bp, &lp), *fd = open_memstream(&bd, &ld);
        if (!fp || !fd) return;
        simcfg_write(&p, fp, "");
        simcfg_write(&d, fd, "");
        fclose(fp);
        fclose(fd);
        for (char *x = bp, *y = bd; x && y && *x && *y;) {
            size_t nx = strcspn(x, "\n"), ny = strcspn(y, "\n");
            if (nx != ny || strncmp(x, y, nx) != 0) {
                char key[64];
                snprintf(key, sizeof key, "%.*s", (int)strcspn(x, " ="), x);
                if (!documented(key)) {
                    fprintf(stderr, "  preset %s sets %s, not in docs/gpu.md's table\n", preset_name(arch[a]), key);
                    TT_CHECK(0);
                }
            }
            x += nx + (x[nx] == '\n');
            y += ny + (y[ny] == '\n');
        }
        free(bp);
        free(bd);
    }
    TT_CHECK(checked >= 3 * 25);
}

/* The preset of a trace's binary version (docs/gpu.md): 90 and up Hopper, 80 to 89
 * Ampere, anything else Turing; arch names one whatever the version. */
static void test_preset_pick(void)
{
    sim_cfg c;
    char err[CFG_ERR_LEN];
    simcfg_defaults(&c);
    TT_EQ(preset_pick(&c.m, 61), GPU_ARCH_TURING);
    TT_EQ(preset_pick(&c.m, 79), GPU_ARCH_TURING);
    TT_EQ(preset_pick(&c.m, 80), GPU_ARCH_AMPERE);
    TT_EQ(preset_pick(&c.m, 89), GPU_ARCH_AMPERE);
    TT_EQ(preset_pick(&c.m, 90), GPU_ARCH_HOPPER);
    TT_EQ(preset_pick(&c.m, 120), GPU_ARCH_HOPPER);
    TT_EQ(simcfg_set(&c, "arch", "ampere", "test", err), 0);
    TT_EQ(preset_pick(&c.m, 90), GPU_ARCH_AMPERE);
    /* a key the configuration sets is kept */
    simcfg_defaults(&c);
    TT_EQ(simcfg_set(&c, "dram_lat", "1234", "test", err), 0);
    TT_EQ(preset_apply(&c.m, GPU_ARCH_TURING, err), 0);
    TT_EQ(c.m.gpu.dram_lat, 1234);
}

/* The L1 of a kernel by its resident blocks' shared memory (docs/gpu.md section 3): the
 * unified size less the smallest carve-out that holds it, the largest when none does;
 * l1_kb when l1_adaptive is off, which setting l1_kb implies, unless l1_adaptive is set
 * too. */
static void test_l1_carveout(void)
{
    sim_cfg c;
    char err[CFG_ERR_LEN];
    simcfg_defaults(&c);
    TT_EQ(preset_apply(&c.m, GPU_ARCH_HOPPER, err), 0);
    c.m.gpu.arch = GPU_ARCH_HOPPER;
    TT_EQ(preset_l1_kb(&c.m, 0), 256);            /* carve-out 0 */
    TT_EQ(preset_l1_kb(&c.m, 1), 248);            /* 8 */
    TT_EQ(preset_l1_kb(&c.m, 64 * 1024), 192);    /* exactly 64 */
    TT_EQ(preset_l1_kb(&c.m, 64 * 1024 + 1), 156); /* 100 */
    TT_EQ(preset_l1_kb(&c.m, 200 * 1024), 28);    /* 228 */
    TT_EQ(preset_l1_kb(&c.m, 300 * 1024), 28);    /* none holds it: the largest */
    simcfg_defaults(&c);
    TT_EQ(preset_apply(&c.m, GPU_ARCH_AMPERE, err), 0);
    c.m.gpu.arch = GPU_ARCH_AMPERE;
    TT_EQ(preset_l1_kb(&c.m, 50 * 1024), 128);    /* 64 of 192 */
    TT_EQ(preset_l1_kb(&c.m, 150 * 1024), 28);    /* 164 */
    simcfg_defaults(&c);
    TT_EQ(preset_apply(&c.m, GPU_ARCH_TURING, err), 0);
    c.m.gpu.arch = GPU_ARCH_TURING;
    TT_EQ(preset_l1_kb(&c.m, 0), 64);             /* Turing's smallest carve-out is 32 */
    TT_EQ(preset_l1_kb(&c.m, 40 * 1024), 32);
    simcfg_defaults(&c);                          /* l1_kb set: every kernel's */
    TT_EQ(simcfg_set(&c, "l1_kb", "100", "test", err), 0);
    TT_EQ(preset_apply(&c.m, GPU_ARCH_HOPPER, err), 0);
    c.m.gpu.arch = GPU_ARCH_HOPPER;
    TT_EQ(c.m.gpu.l1_adaptive, 0);
    TT_EQ(preset_l1_kb(&c.m, 0), 100);
    simcfg_defaults(&c);                          /* ... unless adaptive is asked for */
    TT_EQ(simcfg_set(&c, "l1_kb", "100", "test", err), 0);
    TT_EQ(simcfg_set(&c, "l1_adaptive", "on", "test", err), 0);
    TT_EQ(preset_apply(&c.m, GPU_ARCH_HOPPER, err), 0);
    c.m.gpu.arch = GPU_ARCH_HOPPER;
    TT_EQ(preset_l1_kb(&c.m, 0), 256);
}

int main(void)
{
    TT_RUN(test_presets_match_docs);
    TT_RUN(test_preset_pick);
    TT_RUN(test_l1_carveout);
    TT_EXIT();
}
