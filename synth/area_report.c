/* area_report.c - turn the Yosys runs of synth/area.sh into area.json and area.md.
 *
 * build/area-report [--config FILE] [--set k=v]... -- --runs RUNS --prefix P --unit GE|um2
 *     --library NAME --method fit|exact --abc MODE --period PS --seconds N --json F --md F
 *     [--cell-areas F] [--sta STA_TXT --sta-path CRITICAL_PATH_TXT [--sta-groups PATH_GROUPS_TXT]]
 *     [--sram-um2-per-bit X | --sram-macro-area UM2 --sram-source TEXT] [--um2-per-unit X]
 *
 * --cell-areas: `cell area` lines (flip-flop area per module); --sta: synth/sta.sh's
 * `key value` lines (OpenSTA timing, FO4), --sta-groups its register groups nearest the worst path; the SRAM options set the RF-bank area model
 * (default 9.631 um^2/bit, docs/area.md); --um2-per-unit converts um^2 to the unit (GE:
 * 3.7536, sky130 HD's NAND2).
 *
 * RUNS has one line per Yosys run: `run KIND WIDTH PREFIX DIR SECONDS` (KIND main|base).
 * DIR holds lib.txt (stat -liberty), cmos.txt (stat -tech cmos), ltp.txt (ltp -noff) and
 * yosys.log (ABC's "Delay =" lines). Two widths per kind: every module's area, cells, flops
 * and transistors are extrapolated linearly to the configured data_bits; one width: taken
 * as is. Schema and method: docs/area.md.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cfg.h"
#include "simcfg.h"

#define MAXM 24
#define MAXCH 16
#define MAXRUN 8

static const char *const MODS[] = {
    "subcore", "lfsr", "sched", "alloc", "sthld_fsm", "ccu", "ocu", "ccu_ctrl", "ocu_ctrl",
    "cache_table", "oct", "ct_data", "clk_gate", "arbiter", "bank_fifo", "dispatch", "rf_bank"};
#define NMODS ((int)(sizeof MODS / sizeof MODS[0]))

typedef struct {
    int present;
    int dep;                          /* depends on data_bits (RTL differs between widths) */
    double area, cells, flops, trans; /* own leaf cells only */
    double latches;                   /* latch cells among them (ct_storage = latch) */
    double flop_area;                 /* area of the storage cells among them: flip-flops and
                                         latches (--cell-areas) */
    int ltp;                          /* gate levels, -1 unknown */
    double delay;                     /* ABC delay, ps, -1 unknown */
    int nch;
    int ch[MAXCH];
    int chn[MAXCH];
} mod_t;

typedef struct {
    char kind[8];
    int width;
    char prefix[64];
    char dir[1024];
    int seconds;
    mod_t m[NMODS];
} run_t;

static int midx(const char *n);

/* cell name -> area, from --cell-areas (lines `name area`, written by synth/area.sh) */
#define MAXCELLS 1024
static char cell_names[MAXCELLS][96];
static double cell_areas[MAXCELLS];
static int ncell_areas;

static int read_cell_areas(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) { fprintf(stderr, "area-report: cannot open %s\n", path); return -1; }
    char n[96];
    double a;
    while (ncell_areas < MAXCELLS && fscanf(f, "%95s %lf", n, &a) == 2) {
        snprintf(cell_names[ncell_areas], sizeof cell_names[0], "%s", n);
        cell_areas[ncell_areas++] = a;
    }
    fclose(f);
    return 0;
}

static double cell_area(const char *n)
{
    if (n[0] == '\\') n++;
    for (int i = 0; i < ncell_areas; i++) if (strcmp(cell_names[i], n) == 0) return cell_areas[i];
    return 0;
}

static int mod_index(const char *prefix, const char *name)
{
    size_t n = strlen(prefix);
    if (name[0] == '\\') name++;
    if (strncmp(name, prefix, n) != 0 || name[n] != '_') return -1;
    for (int i = 0; i < NMODS; i++)
        if (strcmp(name + n + 1, MODS[i]) == 0) return i;
    return -1;
}

/* l := cell type t in lower case, cut to n - 1 characters. */
static void lower(const char *t, char *l, size_t n)
{
    size_t i;
    for (i = 0; t[i] && i < n - 1; i++) l[i] = (char)tolower((unsigned char)t[i]);
    l[i] = 0;
}

/* A latch cell: the generic LATCH, LATCHN, sky130's dl* (dlxtp, dlxtn, ...); not an
   integrated clock gate (sky130's dlclkp: a latch inside, but it stores no data bit). */
static int is_latch(const char *t)
{
    char l[128];
    lower(t, l, sizeof l);
    const char *u = strstr(l, "__");
    return strncmp(l, "latch", 5) == 0 || (u && strncmp(u + 2, "dl", 2) == 0 && strncmp(u + 2, "dlclkp", 6) != 0) ||
           strncmp(l, "$_dlatch", 8) == 0;
}

/* A flip-flop cell (latches are not). */
static int is_flop(const char *t)
{
    char l[128];
    lower(t, l, sizeof l);
    if (strncmp(l, "dff", 3) == 0) return 1;       /* generic DFF, DFFR, DFFS */
    const char *u = strstr(l, "__");                /* sky130_fd_sc_hd__dfxtp_1 etc. */
    if (u && (strncmp(u + 2, "df", 2) == 0 || strncmp(u + 2, "edf", 3) == 0 ||
              strncmp(u + 2, "sdf", 3) == 0))
        return 1;
    return strncmp(l, "$_dff", 5) == 0 || strncmp(l, "$_sdff", 6) == 0;
}

static FILE *open_in(const char *dir, const char *file)
{
    char p[1200];
    snprintf(p, sizeof p, "%s/%s", dir, file);
    FILE *f = fopen(p, "r");
    if (!f) fprintf(stderr, "area-report: cannot open %s\n", p);
    return f;
}

/* "=== name ===" starts a module section; returns the module index or -1 */
static int section(const char *line, const char *prefix)
{
    char name[256];
    if (sscanf(line, " === %255s ===", name) == 1) return mod_index(prefix, name);
    return -2;
}

static int read_run(run_t *r)
{
    char line[2048], a[256];
    double v;
    int cur = -1, in_cells = 0;
    FILE *f = open_in(r->dir, "lib.txt");
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) {
        int s = section(line, r->prefix);
        if (s != -2) { cur = s; in_cells = 0; if (cur >= 0) r->m[cur].present = 1; continue; }
        if (cur < 0) continue;
        mod_t *m = &r->m[cur];
        if (strstr(line, "Number of cells:")) { in_cells = 1; continue; }
        if (strstr(line, "Chip area for module")) {
            char *c = strrchr(line, ':');
            if (c) m->area = atof(c + 1);
            in_cells = 0;
            continue;
        }
        if (in_cells && sscanf(line, " %255s %lf", a, &v) == 2) {
            int ci = mod_index(r->prefix, a);
            if (ci >= 0) {
                if (m->nch < MAXCH) { m->ch[m->nch] = ci; m->chn[m->nch++] = (int)v; }
            } else {
                m->cells += v;
                if (is_flop(a)) { m->flops += v; m->flop_area += v * cell_area(a); }
                if (is_latch(a)) { m->latches += v; m->flop_area += v * cell_area(a); }
            }
        } else if (in_cells && line[0] == '\n') {
            in_cells = 0;
        }
    }
    fclose(f);
    if (!r->m[0].present) {
        fprintf(stderr, "area-report: %s/lib.txt has no module %s_subcore\n", r->dir, r->prefix);
        return -1;
    }
    if ((f = open_in(r->dir, "cmos.txt")) != NULL) {
        cur = -1;
        while (fgets(line, sizeof line, f)) {
            int s = section(line, r->prefix);
            if (s != -2) { cur = s; continue; }
            char *t = strstr(line, "Estimated number of transistors:");
            if (cur >= 0 && t) r->m[cur].trans = atof(t + 32);
        }
        fclose(f);
    }
    for (int i = 0; i < NMODS; i++) { r->m[i].ltp = -1; r->m[i].delay = -1; }
    if ((f = open_in(r->dir, "ltp.txt")) != NULL) {
        int n;
        while (fgets(line, sizeof line, f))
            if (sscanf(line, "Longest topological path in %255s (length=%d)", a, &n) == 2) {
                int i = mod_index(r->prefix, a);
                if (i >= 0) r->m[i].ltp = n;
            }
        fclose(f);
    }
    if ((f = open_in(r->dir, "yosys.log")) != NULL) {
        cur = -1;
        while (fgets(line, sizeof line, f)) {
            char *t = strstr(line, "Extracting gate netlist of module `");
            if (t) {
                t += strlen("Extracting gate netlist of module `");
                char *e = strchr(t, '\'');
                if (e) *e = 0;
                cur = mod_index(r->prefix, t);
                continue;
            }
            t = strstr(line, "Delay =");
            if (t && cur >= 0) r->m[cur].delay = atof(t + 7);
        }
        fclose(f);
    }
    return 0;
}

/* the figures of one kind at the configured width: fitted from 1 or 2 runs */
typedef struct {
    int ok;
    char prefix[64];
    int w1, w2;
    mod_t m[NMODS];       /* own figures at data_bits */
    double tot_area[NMODS], tot_flops[NMODS], tot_cells[NMODS], tot_trans[NMODS];
    double tot_latches[NMODS];
    double inst[NMODS];   /* instances in the sub-core */
    int seconds;
} kind_t;

static void totals(kind_t *k, int i, int depth)
{
    mod_t *m = &k->m[i];
    k->tot_area[i] = m->area; k->tot_flops[i] = m->flops; k->tot_latches[i] = m->latches;
    k->tot_cells[i] = m->cells; k->tot_trans[i] = m->trans;
    if (depth > 8) return;
    for (int c = 0; c < m->nch; c++) {
        int j = m->ch[c];
        totals(k, j, depth + 1);
        k->tot_area[i] += m->chn[c] * k->tot_area[j];
        k->tot_flops[i] += m->chn[c] * k->tot_flops[j];
        k->tot_latches[i] += m->chn[c] * k->tot_latches[j];
        k->tot_cells[i] += m->chn[c] * k->tot_cells[j];
        k->tot_trans[i] += m->chn[c] * k->tot_trans[j];
    }
}

static void count_inst(kind_t *k, int i, double n, int depth)
{
    k->inst[i] += n;
    if (depth > 8) return;
    for (int c = 0; c < k->m[i].nch; c++) count_inst(k, k->m[i].ch[c], n * k->m[i].chn[c], depth + 1);
}

static int build_kind(kind_t *k, run_t *runs, int nrun, const char *kind, int data_bits)
{
    run_t *a = NULL, *b = NULL;
    memset(k, 0, sizeof *k);
    for (int i = 0; i < nrun; i++) {
        if (strcmp(runs[i].kind, kind) != 0) continue;
        k->seconds += runs[i].seconds;
        if (!a || runs[i].width < a->width) a = &runs[i];
        if (!b || runs[i].width > b->width) b = &runs[i];
    }
    if (!a) return 0;
    if (!b) b = a;
    k->w1 = a->width; k->w2 = b->width;
    double f = (b->width == a->width) ? 0.0 : (double)(data_bits - a->width) / (b->width - a->width);
    for (int i = 0; i < NMODS; i++) {
        mod_t *x = &a->m[i], *y = &b->m[i], *o = &k->m[i];
        *o = *y; /* structure, ltp and delay: from the widest run */
        if (!y->dep) continue; /* independent of data_bits: the widest run's figures */
        o->present = x->present || y->present;
        o->area = x->area + (y->area - x->area) * f;
        o->cells = x->cells + (y->cells - x->cells) * f;
        o->flops = x->flops + (y->flops - x->flops) * f;
        o->latches = x->latches + (y->latches - x->latches) * f;
        o->trans = x->trans + (y->trans - x->trans) * f;
        o->flop_area = x->flop_area + (y->flop_area - x->flop_area) * f;
    }
    /* the RTL prefix of the configuration itself is the one of the full-width RTL; runs
     * are named by their own prefix */
    snprintf(k->prefix, sizeof k->prefix, "%s", b->prefix);
    totals(k, 0, 0);
    count_inst(k, 0, 1.0, 0);
    k->ok = 1;
    return 1;
}

/* breakdown groups: name, modules (by index into MODS) */
typedef struct { const char *name; const char *mods[3]; int storage; } group_t;
static const group_t GROUPS[] = {
    {"CT data storage (data entries)", {"ct_data", "clk_gate"}, 1},
    {"cache table (valid/tag/lock/reuse/LRU)", {"cache_table"}, 0},
    {"OCT", {"oct"}, 0},
    {"CCU control (incl. CCU glue)", {"ccu_ctrl", "ccu"}, 0},
    {"OCU control (incl. OCU glue)", {"ocu_ctrl", "ocu"}, 0},
    {"arbiter + write filter (arbiter, bank_fifo)", {"arbiter", "bank_fifo"}, 0},
    {"CCU allocator", {"alloc"}, 0},
    {"warp scheduler", {"sched"}, 0},
    {"STHLD FSM", {"sthld_fsm"}, 0},
    {"dispatch", {"dispatch"}, 0},
    {"LFSR", {"lfsr"}, 0},
    {"sub-core glue (top level)", {"subcore"}, 0},
};
#define NGROUPS ((int)(sizeof GROUPS / sizeof GROUPS[0]))

static int midx(const char *n)
{
    for (int i = 0; i < NMODS; i++) if (strcmp(MODS[i], n) == 0) return i;
    return -1;
}

static double group_area(const kind_t *k, const group_t *g)
{
    double s = 0;
    for (int j = 0; j < 3 && g->mods[j]; j++) {
        int i = midx(g->mods[j]);
        s += k->m[i].area * k->inst[i];
    }
    return s;
}

static double group_flops(const kind_t *k, const group_t *g)
{
    double s = 0;
    for (int j = 0; j < 3 && g->mods[j]; j++) {
        int i = midx(g->mods[j]);
        s += k->m[i].flops * k->inst[i];
    }
    return s;
}

/* sta.txt of synth/sta.sh: `key value...` lines */
#define MAXKV 32
typedef struct { int n; char k[MAXKV][32]; char v[MAXKV][256]; } kv_t;

static int read_kv(kv_t *t, const char *path)
{
    FILE *f = fopen(path, "r");
    char line[512];
    t->n = 0;
    if (!f) { fprintf(stderr, "area-report: cannot open %s\n", path); return -1; }
    while (t->n < MAXKV && fgets(line, sizeof line, f)) {
        char *sp = strchr(line, ' ');
        if (!sp) continue;
        *sp = 0;
        sp[1 + strcspn(sp + 1, "\n")] = 0;
        snprintf(t->k[t->n], sizeof t->k[0], "%.31s", line);
        snprintf(t->v[t->n], sizeof t->v[0], "%.255s", sp + 1);
        t->n++;
    }
    fclose(f);
    return 0;
}

static const char *kv(const kv_t *t, const char *k)
{
    for (int i = 0; i < t->n; i++) if (strcmp(t->k[i], k) == 0) return t->v[i];
    return NULL;
}

/* the value of key k as a number (0 when absent) */
static double kvnum(const kv_t *t, const char *k)
{
    const char *v = kv(t, k);
    return v ? atof(v) : 0;
}

/* JSON string without quotes or backslashes from a free text (start/end point names) */
static void jstr(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) fputc(*s == '"' || *s == '\\' ? '\'' : *s, f);
    fputc('"', f);
}

/* path_groups.txt of synth/sta.sh: "min_period_ps fo4 endpoints end start" per line */
#define MAXPG 32
typedef struct { double mp, fo4; int n; char end[160], start[160]; } pgroup_t;
static int read_pgroups(pgroup_t *g, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char l[512];
    int n = 0;
    while (n < MAXPG && fgets(l, sizeof l, f))
        if (sscanf(l, "%lf %lf %d %159s %159s", &g[n].mp, &g[n].fo4, &g[n].n, g[n].end, g[n].start) == 5) n++;
    fclose(f);
    return n;
}

/* own cells of module NAME over all its instances; storage cells (flip-flops, latches) only
 * with FLOPS */
static double mod_total(const kind_t *k, const char *name, int flops)
{
    int i = midx(name);
    if (i < 0 || !k->ok || !k->m[i].present) return 0;
    return (flops ? k->m[i].flop_area : k->m[i].area) * k->inst[i];
}

/* the ~7 headline lines of a datasheet */
static void headline(FILE *m, const cfg_t *c, const char *prefix, const char *lib, const char *u, const char *period,
                     const char *target, double total, double logic, double storage, const kv_t *t, double ov_rf, const double *dec,
                     double ov_logic, int have_ov, const char *corner, const char *io)
{
    fprintf(m, "%s: C=%u E=%u S=%u B=%u data_bits=%u; library %s; clock %s ps (constraints/default.sdc), "
               "synthesis target abc -D %s ps\n",
            prefix, c->ccus, c->entries, c->slots, c->banks, c->data_bits, lib, period ? period : "?",
            target ? target : "?");
    fprintf(m, "corner: %s; %s\n", corner ? corner : "?", io ? io : "?");
    fprintf(m, "area at %s ps: sub-core %.0f %s without RF banks (control logic %.1f %%, data entries %.1f %%), per SM x%u %.0f %s\n",
            period ? period : "?", total, u, 100 * logic / total, 100 * storage / total, c->subcores_per_sm,
            total * c->subcores_per_sm, u);
    if (t) {
        fprintf(m, "timing (OpenSTA, flat netlist, data_bits=%s): Fmax %s MHz, worst reg-to-reg slack %s ps (%s), "
                   "min period %s ps = %s FO4\n", kv(t, "data_bits") ? kv(t, "data_bits") : "?", kv(t, "fmax_mhz"),
                kv(t, "r2r_slack_ps"), kvnum(t, "r2r_slack_ps") >= 0 ? "met" : "VIOLATED",
                kv(t, "min_period_ps"), kv(t, "min_period_fo4"));
        fprintf(m, "critical path: %s -> %s (%s cells between them, arrival %s ps)\n", kv(t, "r2r_start"), kv(t, "r2r_end"),
                kv(t, "r2r_levels"), kv(t, "r2r_arrival_ps"));
        fprintf(m, "FO4 = %s ps (measured: %s driving 4 copies of itself, OpenSTA, synth/fo4.sh)\n", kv(t, "fo4_ps"),
                kv(t, "fo4_cell"));
    } else {
        fprintf(m, "timing: not run (--no-sta)\n");
    }
    if (have_ov) {
        double sum = dec[0] + dec[1] + dec[2] + dec[3] + dec[4] + dec[5];
        if (sum == 0) sum = 1;
        fprintf(m, "overhead vs the whole RF (banks + collectors + arbiter + dispatch): %+.2f %% per sub-core and per SM "
                   "(papers: 0.04 %% control + 0.78 %% data)\n", 100 * ov_rf);
        fprintf(m, "  of the whole RF: data entries %.2f %%, operand muxes %.2f %%, tags/metadata %.2f %%, allocation %.2f %%, "
                   "write filter/port D %.2f %%, other %.2f %%; vs the baseline's logic alone %+.1f %%\n",
                100 * dec[0] * ov_rf / sum,
                100 * dec[1] * ov_rf / sum,
                100 * dec[2] * ov_rf / sum,
                100 * dec[3] * ov_rf / sum,
                100 * dec[4] * ov_rf / sum,
                100 * dec[5] * ov_rf / sum, 100 * ov_logic);
    } else {
        fprintf(m, "overhead: not computed (no caching=off baseline run)\n");
    }
}

/* The RF banks' area per bit the sensitivity table tries, as factors of the SRAM model's. */
static const struct { double f; const char *what; } SENS[] = {
    {0.25, "a dense foundry RF macro (a quarter of the model's area per bit)"},
    {0.5, "half the model's area per bit (large single-port macros)"},
    {1.0, "the model (OpenRAM 2 KiB single-port tiles)"},
    {12.03 / 9.631, "OpenRAM's 8 KiB dual-port macro (12.03 um^2/bit)"},
    {2.0, "twice the model's area per bit"},
};
#define NSENS (sizeof SENS / sizeof SENS[0])

static void jnum(FILE *f, double v)
{
    if (v < 0) fprintf(f, "null");
    else if (v == (double)(long long)v) fprintf(f, "%lld", (long long)v);
    else fprintf(f, "%.3f", v);
}

static const char *opt(int argc, char **argv, const char *name)
{
    for (int i = 0; i + 1 < argc; i++) if (strcmp(argv[i], name) == 0) return argv[i + 1];
    return NULL;
}

int main(int argc, char **argv)
{
    cfg_t c;
    char err[CFG_ERR_LEN];
    char *rest[64];
    int nrest = 0;
    if (simcfg_hw_from_args(&c, argc, argv, rest, &nrest, err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    const char *runs_p = opt(nrest, rest, "--runs"), *json_p = opt(nrest, rest, "--json");
    const char *md_p = opt(nrest, rest, "--md"), *prefix = opt(nrest, rest, "--prefix");
    const char *unit = opt(nrest, rest, "--unit"), *lib = opt(nrest, rest, "--library");
    const char *method = opt(nrest, rest, "--method"), *abc = opt(nrest, rest, "--abc");
    const char *period = opt(nrest, rest, "--period"), *secs = opt(nrest, rest, "--seconds");
    const char *target = opt(nrest, rest, "--target");
    /* provenance: what a reviewer asks next (the library's corner, the I/O constraints, the
       tools and the commit); area.sh fills them, each "?" when unknown */
    const char *corner = opt(nrest, rest, "--corner"), *io = opt(nrest, rest, "--io");
    const char *tools = opt(nrest, rest, "--tools"), *commit = opt(nrest, rest, "--commit");
    /* the dont_use list the mapping library was cut by (synth/dont_use.py: its source and count) */
    const char *dont_use = opt(nrest, rest, "--dont-use");
    if (!runs_p || !json_p || !md_p || !prefix) {
        fprintf(stderr, "usage: area-report [--config F] [--set k=v]... -- --runs F --prefix P "
                        "--json F --md F [--unit U --library L --method M --abc A --period PS --target PS --seconds N]\n"
                        "           [--corner TEXT --io TEXT --tools TEXT --commit TEXT --dont-use TEXT]\n");
        return 2;
    }
    const char *sta_p = opt(nrest, rest, "--sta"), *path_p = opt(nrest, rest, "--sta-path");
    const char *groups_p = opt(nrest, rest, "--sta-groups");
    static pgroup_t PG[MAXPG];
    int npg = groups_p ? read_pgroups(PG, groups_p) : 0;
    if (npg < 0) { fprintf(stderr, "area-report: %s: cannot read\n", groups_p); return 1; }
    const char *cells_p = opt(nrest, rest, "--cell-areas"), *sram_bit = opt(nrest, rest, "--sram-um2-per-bit");
    const char *sram_macro = opt(nrest, rest, "--sram-macro-area"), *sram_src = opt(nrest, rest, "--sram-source");
    const char *um2u = opt(nrest, rest, "--um2-per-unit");
    if (cells_p && read_cell_areas(cells_p) != 0) return 1;
    static kv_t T;
    int have_sta = sta_p && read_kv(&T, sta_p) == 0 && kv(&T, "fmax_mhz") != NULL;
    if (sta_p && !have_sta) { fprintf(stderr, "area-report: %s: no timing figures\n", sta_p); return 1; }
    if (!unit) unit = "GE";
    if (!lib) lib = "generic_cells.lib";
    if (!method) method = "exact";
    if (!abc) abc = "default";

    static run_t runs[MAXRUN];
    static struct { char kind[8]; char mod[64]; } deps[64];
    int ndep = 0;
    int nrun = 0;
    FILE *f = fopen(runs_p, "r");
    if (!f) { fprintf(stderr, "area-report: cannot open %s\n", runs_p); return 1; }
    char line[2048];
    while (fgets(line, sizeof line, f) && nrun < MAXRUN) {
        run_t *r = &runs[nrun];
        memset(r, 0, sizeof *r);
        char dk[8], dm[64];
        if (sscanf(line, "dep %7s %63s", dk, dm) == 2) {
            if (ndep < 64) { snprintf(deps[ndep].kind, sizeof deps[ndep].kind, "%s", dk);
                             snprintf(deps[ndep].mod, sizeof deps[ndep].mod, "%s", dm); ndep++; }
            continue;
        }
        if (sscanf(line, "run %7s %d %63s %1023s %d", r->kind, &r->width, r->prefix, r->dir,
                   &r->seconds) != 5) continue;
        if (read_run(r) != 0) { fclose(f); return 1; }
        nrun++;
    }
    fclose(f);
    for (int r = 0; r < nrun; r++)
        for (int d = 0; d < ndep; d++) {
            int i = midx(deps[d].mod);
            if (i >= 0 && strcmp(deps[d].kind, runs[r].kind) == 0) runs[r].m[i].dep = 1;
        }
    static kind_t K, B;
    if (!build_kind(&K, runs, nrun, "main", (int)c.data_bits)) {
        fprintf(stderr, "area-report: no main run in %s\n", runs_p);
        return 1;
    }
    int have_base = build_kind(&B, runs, nrun, "base", (int)c.data_bits);

    /* --- derived figures ---------------------------------------------------------------- */
    const int unit_ge = strcmp(unit, "GE") == 0;
    double total = K.tot_area[0], flops = K.tot_flops[0];
    int iccu = midx(c.caching ? "ccu" : "ocu");
    /* the data entries: ct_data and, with ct_storage = latch, its clock gates */
    double storage = group_area(&K, &GROUPS[0]), logic = total - storage;
    double storage_flops = group_flops(&K, &GROUPS[0]), latches = K.tot_latches[0];
    unsigned rows = c.warps * c.regs / c.banks;
    double rf_bits = (double)c.banks * rows * c.data_bits;
    /* the RTL's bits: the LRU state is the pairwise order, E(E-1)/2 bits (the papers' ranks
       would be E x clog2(E)) */
    unsigned tagb = cfg_clog2(c.regs), idxb = cfg_clog2(c.entries);
    double ordb = (double)c.entries * (c.entries - 1) / 2;
    double ctrl_bits = (double)c.entries * (1 + tagb + 1 + 1) + ordb + (double)c.slots * idxb;
    double data_bits_extra = (double)(c.entries > c.slots ? c.entries - c.slots : 0) * c.data_bits;
    double per_sm = (double)c.ccus * c.subcores_per_sm;
    double rf_sm_bits = rf_bits * c.subcores_per_sm;
    double b_total = have_base ? B.tot_area[0] : -1;
    int ibccu = midx("ocu");
    double b_ccu = have_base ? B.tot_area[ibccu] : -1;
    double ccu_each = K.tot_area[iccu];
    double ov_sc = have_base ? total - b_total : -1;
    double ov_ccu = have_base ? ccu_each - b_ccu : -1;
    double fl_sc = have_base ? flops - B.tot_flops[0] : -1;
    static const char *PATHS[] = {"ccu_ctrl", "alloc", "arbiter", "sthld_fsm", "sched", "dispatch"};
    double maxdelay = -1;
    for (int i = 0; i < NMODS; i++) if (K.m[i].present && K.m[i].delay > maxdelay) maxdelay = K.m[i].delay;

    /* RF banks (SRAM model) and the overhead against the whole register file */
    const double um2_unit = um2u ? atof(um2u) : (unit_ge ? 3.7536 : 1.0);
    const double sram_per_bit = sram_bit ? atof(sram_bit) : 9.631;
    const double rf_um2 = sram_macro ? atof(sram_macro) * c.banks : rf_bits * sram_per_bit;
    const double rf_area = rf_um2 / um2_unit;
    const int have_ov = have_base && c.caching;
    const double b_whole = have_base ? b_total + rf_area : -1;
    enum { D_DATA, D_MUX, D_TAGS, D_ALLOC, D_WF, D_OTHER, ND };
    static const char *const DNAME[ND] = {
        "extra data entries (ct_data flip-flops or latches)",
        "operand multiplexers (ct_data read/write logic: the OCT's indirection)",
        "tags and metadata (cache_table; OCT index vs OCU)",
        "allocation and replacement (ccu_ctrl + CCU glue, alloc, STHLD FSM, LFSR, scheduler)",
        "write filter and port D (arbiter, bank FIFOs)",
        "dispatch and top-level glue"};
    static const char *const DKEY[ND] = {"data_entries", "operand_muxes", "tags_metadata",
                                         "allocation_replacement", "write_filter_port_d", "other"};
    double dec[ND] = {0};
    if (have_ov) {
        dec[D_DATA] = mod_total(&K, "ct_data", 1) - mod_total(&B, "ct_data", 1);
        dec[D_MUX] = (mod_total(&K, "ct_data", 0) - mod_total(&K, "ct_data", 1)) -
                     (mod_total(&B, "ct_data", 0) - mod_total(&B, "ct_data", 1)) +
                     mod_total(&K, "clk_gate", 0) - mod_total(&B, "clk_gate", 0);
        dec[D_TAGS] = mod_total(&K, "cache_table", 0) + mod_total(&K, "oct", 0) - mod_total(&B, "oct", 0);
        dec[D_ALLOC] = mod_total(&K, "ccu_ctrl", 0) + mod_total(&K, "ccu", 0) + mod_total(&K, "alloc", 0) +
                       mod_total(&K, "sthld_fsm", 0) + mod_total(&K, "lfsr", 0) + mod_total(&K, "sched", 0) -
                       (mod_total(&B, "ocu_ctrl", 0) + mod_total(&B, "ocu", 0) + mod_total(&B, "alloc", 0) +
                        mod_total(&B, "lfsr", 0) + mod_total(&B, "sched", 0));
        dec[D_WF] = mod_total(&K, "arbiter", 0) + mod_total(&K, "bank_fifo", 0) -
                    mod_total(&B, "arbiter", 0) - mod_total(&B, "bank_fifo", 0);
        dec[D_OTHER] = ov_sc;
        for (int d = 0; d < D_OTHER; d++) dec[D_OTHER] -= dec[d];
    }

    /* --- area.json ----------------------------------------------------------------------- */
    FILE *j = fopen(json_p, "w");
    if (!j) { fprintf(stderr, "area-report: cannot write %s\n", json_p); return 1; }
    fprintf(j, "{\n  \"schema\": \"malekeh-area/1\",\n");
    fprintf(j, "  \"prefix\": \"%s\",\n  \"config_hash\": \"%016llx\",\n", prefix, cfg_hash(&c));
    fprintf(j, "  \"unit\": \"%s\",\n  \"library\": \"%s\",\n", unit, lib);
    fprintf(j, "  \"method\": \"%s\",\n  \"fit_widths\": [%d, %d],\n  \"abc\": \"%s\",\n", method, K.w1, K.w2, abc);
    fprintf(j, "  \"period_ps\": %s,\n  \"synth_target_ps\": %s,\n  \"runtime_s\": %s,\n", period ? period : "null",
            target ? target : "null", secs ? secs : "null");
    fprintf(j, "  \"corner\": "); jstr(j, corner ? corner : "?");
    fprintf(j, ",\n  \"io_constraints\": "); jstr(j, io ? io : "?");
    fprintf(j, ",\n  \"tools\": "); jstr(j, tools ? tools : "?");
    fprintf(j, ",\n  \"commit\": "); jstr(j, commit ? commit : "?");
    fprintf(j, ",\n  \"dont_use\": "); jstr(j, dont_use ? dont_use : "?");
    fprintf(j, ",\n");
    fprintf(j, "  \"config\": {\"ccus\": %u, \"entries\": %u, \"slots\": %u, \"banks\": %u, \"warps\": %u, "
               "\"regs\": %u, \"data_bits\": %u, \"wb_ports\": %u, \"subcores_per_sm\": %u, \"caching\": \"%s\"},\n",
            c.ccus, c.entries, c.slots, c.banks, c.warps, c.regs, c.data_bits, c.wb_ports,
            c.subcores_per_sm, c.caching ? "on" : "off");
    fprintf(j, "  \"subcore\": {\"area\": "); jnum(j, total);
    fprintf(j, ", \"logic_area\": "); jnum(j, logic);
    fprintf(j, ", \"storage_area\": "); jnum(j, storage);
    fprintf(j, ", \"flops\": "); jnum(j, flops);
    fprintf(j, ", \"storage_flops\": "); jnum(j, storage_flops);
    fprintf(j, ", \"latches\": "); jnum(j, latches);
    fprintf(j, ", \"cells\": "); jnum(j, K.tot_cells[0]);
    fprintf(j, ", \"transistors\": "); jnum(j, K.tot_trans[0]);
    fprintf(j, ", \"area_per_sm\": "); jnum(j, total * c.subcores_per_sm);
    fprintf(j, "},\n  \"modules\": [\n");
    int first = 1;
    for (int i = 0; i < NMODS; i++) {
        if (!K.m[i].present) continue;
        fprintf(j, "%s    {\"name\": \"%s\", \"instances\": %d, \"area_each\": ", first ? "" : ",\n", MODS[i], (int)K.inst[i]);
        jnum(j, K.m[i].area);
        fprintf(j, ", \"area_total\": "); jnum(j, K.m[i].area * K.inst[i]);
        fprintf(j, ", \"hier_area_each\": "); jnum(j, K.tot_area[i]);
        fprintf(j, ", \"flops_each\": "); jnum(j, K.m[i].flops);
        fprintf(j, ", \"cells_each\": "); jnum(j, K.m[i].cells);
        fprintf(j, ", \"transistors_each\": "); jnum(j, K.m[i].trans);
        fprintf(j, ", \"ltp_levels\": "); jnum(j, K.m[i].ltp);
        fprintf(j, ", \"delay_ps\": "); jnum(j, K.m[i].delay);
        fprintf(j, "}");
        first = 0;
    }
    fprintf(j, "\n  ],\n  \"groups\": [\n");
    first = 1;
    for (int g = 0; g < NGROUPS; g++) {
        double a = group_area(&K, &GROUPS[g]);
        int any = 0;
        for (int q = 0; q < 3 && GROUPS[g].mods[q]; q++) any |= K.m[midx(GROUPS[g].mods[q])].present;
        if (!any) continue;
        fprintf(j, "%s    {\"name\": \"%s\", \"kind\": \"%s\", \"area\": ", first ? "" : ",\n", GROUPS[g].name,
                GROUPS[g].storage ? "storage" : "logic");
        jnum(j, a);
        fprintf(j, ", \"flops\": "); jnum(j, group_flops(&K, &GROUPS[g]));
        fprintf(j, ", \"share\": %.5f}", total > 0 ? a / total : 0);
        first = 0;
    }
    fprintf(j, "\n  ],\n  \"rf_banks\": {\"banks\": %u, \"rows\": %u, \"data_bits\": %u, \"bits\": %.0f, \"bytes\": %.0f, "
               "\"counted\": \"bits only (blackbox)\"},\n", c.banks, rows, c.data_bits, rf_bits, rf_bits / 8);
    fprintf(j, "  \"paths\": {");
    for (int p = 0; p < (int)(sizeof PATHS / sizeof PATHS[0]); p++) {
        int i = midx(PATHS[p]);
        fprintf(j, "%s\"%s\": {\"ltp_levels\": ", p ? ", " : "", PATHS[p]);
        jnum(j, K.m[i].present ? K.m[i].ltp : -1);
        fprintf(j, ", \"delay_ps\": "); jnum(j, K.m[i].present ? K.m[i].delay : -1);
        fprintf(j, "}");
    }
    fprintf(j, "},\n  \"delay_ps_max\": "); jnum(j, maxdelay);
    fprintf(j, ",\n  \"baseline\": ");
    if (have_base) {
        fprintf(j, "{\"prefix\": \"%s\", \"area\": ", B.prefix); jnum(j, b_total);
        fprintf(j, ", \"flops\": "); jnum(j, B.tot_flops[0]);
        fprintf(j, ", \"ocu_area_each\": "); jnum(j, b_ccu);
        fprintf(j, "}");
    } else fprintf(j, "null");
    fprintf(j, ",\n  \"overhead\": ");
    if (have_base && c.caching) {
        fprintf(j, "{\"per_ccu\": {\"area\": "); jnum(j, ov_ccu);
        fprintf(j, ", \"relative\": %.5f}, \"per_subcore\": {\"area\": ", b_ccu > 0 ? ov_ccu / b_ccu : 0); jnum(j, ov_sc);
        fprintf(j, ", \"relative\": %.5f, \"flops\": ", b_total > 0 ? ov_sc / b_total : 0); jnum(j, fl_sc);
        fprintf(j, "}, \"per_sm\": {\"area\": "); jnum(j, ov_sc * c.subcores_per_sm);
        fprintf(j, ", \"relative\": %.5f}}", b_total > 0 ? ov_sc / b_total : 0);
    } else fprintf(j, "null");
    fprintf(j, ",\n  \"paper_accounting\": {\"control_bits_per_ccu\": %.0f, \"data_bits_per_ccu\": %.0f, "
               "\"control_bytes_per_sm\": %.1f, \"data_bytes_per_sm\": %.1f, \"rf_bytes_per_sm\": %.0f, "
               "\"control_share_of_rf\": %.6f, \"data_share_of_rf\": %.6f, "
               "\"paper\": {\"rf_bytes_per_sm\": 262144, \"control_bytes_per_sm\": 128, \"data_bytes_per_sm\": 2048, "
               "\"control_share_of_rf\": 0.0004, \"data_share_of_rf\": 0.0078}}",
            ctrl_bits, data_bits_extra, ctrl_bits * per_sm / 8, data_bits_extra * per_sm / 8, rf_sm_bits / 8,
            ctrl_bits * per_sm / rf_sm_bits, data_bits_extra * per_sm / rf_sm_bits);
    fprintf(j, ",\n  \"rf_model\": {\"bits_per_subcore\": %.0f, \"um2\": %.1f, \"area\": ", rf_bits, rf_um2);
    jnum(j, rf_area);
    fprintf(j, ", \"um2_per_unit\": %.4f, \"source\": ", um2_unit);
    jstr(j, sram_src ? sram_src : (sram_macro ? "user macro" : "OpenRAM sky130_sram_2kbyte_1rw_32x512_8"));
    if (sram_macro) fprintf(j, ", \"macro_area_um2\": %s}", sram_macro);
    else fprintf(j, ", \"um2_per_bit\": %.4f}", sram_per_bit);
    fprintf(j, ",\n  \"overhead_whole_rf\": ");
    if (have_ov) {
        fprintf(j, "{\"baseline_rf_area\": "); jnum(j, b_whole);
        fprintf(j, ", \"malekeh_rf_area\": "); jnum(j, total + rf_area);
        fprintf(j, ", \"per_subcore\": {\"area\": "); jnum(j, ov_sc);
        fprintf(j, ", \"relative\": %.6f}, \"per_sm\": {\"area\": ", ov_sc / b_whole); jnum(j, ov_sc * c.subcores_per_sm);
        fprintf(j, ", \"relative\": %.6f}, \"decomposition\": {", ov_sc / b_whole);
        for (int d = 0; d < ND; d++) {
            fprintf(j, "%s\"%s\": {\"area\": %.3f, \"share_of_overhead\": %.5f, \"share_of_rf\": %.6f}", d ? ", " : "",
                    DKEY[d], dec[d], ov_sc != 0 ? dec[d] / ov_sc : 0, dec[d] / b_whole);
        }
        fprintf(j, "}, \"rf_model_sensitivity\": [");
        for (size_t k = 0; k < NSENS; k++)
            fprintf(j, "%s{\"rf_area_factor\": %.4f, \"relative\": %.6f}", k ? ", " : "", SENS[k].f,
                    ov_sc / (b_total + rf_area * SENS[k].f));
        fprintf(j, "]}");
    } else fprintf(j, "null");
    fprintf(j, ",\n  \"timing\": ");
    if (have_sta) {
        fprintf(j, "{\"tool\": \"OpenSTA\", \"data_bits\": %s, \"period_ps\": %s, \"synth_target_ps\": %s, "
                   "\"fo4_ps\": %s, \"fo4_cell\": ",
                kv(&T, "data_bits") ? kv(&T, "data_bits") : "null", kv(&T, "period_ps"),
                kv(&T, "synth_target_ps") ? kv(&T, "synth_target_ps") : "null", kv(&T, "fo4_ps"));
        jstr(j, kv(&T, "fo4_cell"));
        fprintf(j, ", \"reg2reg\": {\"start\": "); jstr(j, kv(&T, "r2r_start"));
        fprintf(j, ", \"end\": "); jstr(j, kv(&T, "r2r_end"));
        fprintf(j, ", \"arrival_ps\": %s, \"slack_ps\": %s, \"levels\": %s}", kv(&T, "r2r_arrival_ps"),
                kv(&T, "r2r_slack_ps"), kv(&T, "r2r_levels"));
        fprintf(j, ", \"min_period_ps\": %s, \"fmax_mhz\": %s, \"min_period_fo4\": %s, \"wns_ps\": %s, \"tns_ps\": %s",
                kv(&T, "min_period_ps"), kv(&T, "fmax_mhz"), kv(&T, "min_period_fo4"), kv(&T, "wns_ps"), kv(&T, "tns_ps"));
        fprintf(j, ", \"worst_any\": {\"start\": "); jstr(j, kv(&T, "any_start"));
        fprintf(j, ", \"end\": "); jstr(j, kv(&T, "any_end"));
        fprintf(j, ", \"slack_ps\": %s}, \"netlist_area\": %s, \"netlist_cells\": %s, \"yosys_s\": %s, \"sta_s\": %s",
                kv(&T, "any_slack_ps"), kv(&T, "netlist_area"), kv(&T, "netlist_cells"), kv(&T, "yosys_s"), kv(&T, "sta_s"));
        fprintf(j, ", \"path_groups\": [");
        for (int g = 0; g < npg; g++) {
            fprintf(j, "%s{\"end\": ", g ? ", " : ""); jstr(j, PG[g].end);
            fprintf(j, ", \"start\": "); jstr(j, PG[g].start);
            fprintf(j, ", \"min_period_ps\": %.0f, \"min_period_fo4\": %.1f, \"endpoints\": %d}", PG[g].mp, PG[g].fo4, PG[g].n);
        }
        fprintf(j, "]}");
    } else fprintf(j, "null");
    fprintf(j, "\n}\n");
    if (fclose(j) != 0) return 1;

    /* --- area.md ------------------------------------------------------------------------- */
    FILE *m = fopen(md_p, "w");
    if (!m) { fprintf(stderr, "area-report: cannot write %s\n", md_p); return 1; }
    const char *u = unit_ge ? "GE" : "um^2";
    fprintf(m, "# Area datasheet: %s\n\n", prefix);
    /* the headline: printed by synth/area.sh and, verbatim, by `make` (synth/summary.sh) */
    fprintf(m, "<!-- headline -->\n```\n");
    headline(m, &c, prefix, lib, u, period, target, total, logic, storage, have_sta ? &T : NULL,
             have_ov ? ov_sc / b_whole : -2, dec, have_base ? ov_sc / b_total : -2, have_ov, corner, io);
    fprintf(m, "```\n<!-- /headline -->\n\n");
    fprintf(m, "Configuration hash %016llx. C=%u CCUs, E=%u entries, S=%u slots, B=%u banks, W=%u warps, "
               "R=%u registers, data_bits=%u, %u write-back ports, caching=%s, %u sub-cores per SM.\n\n",
            cfg_hash(&c), c.ccus, c.entries, c.slots, c.banks, c.warps, c.regs, c.data_bits, c.wb_ports,
            c.caching ? "on" : "off", c.subcores_per_sm);
    fprintf(m, "Provenance: corner %s; %s; tools %s; code at commit %s.\n\n", corner ? corner : "?",
            io ? io : "?", tools ? tools : "?", commit ? commit : "?");
    fprintf(m, "Forbidden cells: Yosys maps onto a copy of the library without the cells of its dont_use list "
               "(synth/dont_use.py; OpenSTA reads the full library): %s.\n\n", dont_use ? dont_use : "?");
    fprintf(m, "Library: `%s` (area in %s%s). Yosys `synth` (hierarchical), `dfflibmap`, `abc%s -liberty -D %s`: "
               "**all areas are at the %s ps clock** of constraints/default.sdc, synthesized for %s ps "
               "(the SDC's synthesis_target_pct of the clock; section Timing for the slack at the clock).\n\n",
            lib, u, unit_ge ? ", NAND2 = 1; synth/README.md" : "", strcmp(abc, "fast") == 0 ? " -fast" : "",
            target ? target : "?", period ? period : "?", target ? target : "?");
    fprintf(m, "## Summary (one sub-core, RF banks excluded)\n\n| figure | value |\n|---|---|\n");
    fprintf(m, "| total area | %.0f %s |\n| control logic | %.0f %s (%.1f %%) |\n| data entries (storage) | %.0f %s (%.1f %%) |\n",
            total, u, logic, u, 100 * logic / total, storage, u, 100 * storage / total);
    fprintf(m, "| flip-flops | %.0f (%.0f of them data entries) |\n", flops, storage_flops);
    if (latches > 0)
        fprintf(m, "| latches (ct_storage = latch: data entries and their clock gates) | %.0f |\n", latches);
    fprintf(m, "| cells | %.0f |\n| transistors (stat -tech cmos) | %.0f |\n", K.tot_cells[0], K.tot_trans[0]);
    fprintf(m, "| per SM (x%u) | %.0f %s |\n", c.subcores_per_sm, total * c.subcores_per_sm, u);
    fprintf(m, "| RF banks (not synthesized; SRAM model below) | %u x %u rows x %u bits = %.0f bits (%.0f KiB), %.0f %s |\n",
            c.banks, rows, c.data_bits, rf_bits, rf_bits / 8192, rf_area, u);
    if (maxdelay >= 0)
        fprintf(m, "| longest ABC delay (any module) | %.0f ps (target %s ps) |\n", maxdelay, target ? target : "?");
    if (have_sta) {
        fprintf(m, "\n## Timing (OpenSTA, flattened netlist)\n\n");
        fprintf(m, "The whole sub-core at data_bits = %s, synthesized flat for the %s ps clock of the SDC "
                   "(`abc -D %s`: ABC maps for the SDC's synthesis_target_pct of the clock, since its own delay "
                   "model ends short of OpenSTA's), timed by OpenSTA with `%s` and constraints/default.sdc "
                   "(RF banks: register-like timing model, docs/area.md).\n\n",
                kv(&T, "data_bits") ? kv(&T, "data_bits") : "?", kv(&T, "period_ps"),
                kv(&T, "synth_target_ps") ? kv(&T, "synth_target_ps") : "?", lib);
        fprintf(m, "| figure | value |\n|---|---|\n");
        fprintf(m, "| clock period (SDC) | %s ps (%.1f MHz) |\n", kv(&T, "period_ps"), kvnum(&T, "period_ps") > 0 ? 1e6 / kvnum(&T, "period_ps") : 0);
        fprintf(m, "| synthesis target (`abc -D`) | %s ps |\n", kv(&T, "synth_target_ps") ? kv(&T, "synth_target_ps") : "?");
        fprintf(m, "| worst register-to-register slack at the clock | %s ps (%s) |\n", kv(&T, "r2r_slack_ps"),
                kvnum(&T, "r2r_slack_ps") >= 0 ? "met" : "VIOLATED");
        fprintf(m, "| minimum period (period - slack) | %s ps = **%s FO4** |\n", kv(&T, "min_period_ps"), kv(&T, "min_period_fo4"));
        fprintf(m, "| **Fmax** | **%s MHz** |\n", kv(&T, "fmax_mhz"));
        fprintf(m, "| worst path: start | %s |\n| worst path: end | %s |\n", kv(&T, "r2r_start"), kv(&T, "r2r_end"));
        fprintf(m, "| worst path: arrival, cells between the registers | %s ps, %s |\n", kv(&T, "r2r_arrival_ps"), kv(&T, "r2r_levels"));
        fprintf(m, "| FO4 of the library (measured) | %s ps (%s driving 4 copies of itself, synth/fo4.sh) |\n",
                kv(&T, "fo4_ps"), kv(&T, "fo4_cell"));
        fprintf(m, "| worst slack of any path (incl. I/O) | %s ps (%s -> %s) |\n", kv(&T, "any_slack_ps"),
                kv(&T, "any_start"), kv(&T, "any_end"));
        fprintf(m, "| WNS / TNS (report_wns, report_tns) | %s ps / %s ps |\n", kv(&T, "wns_ps"), kv(&T, "tns_ps"));
        fprintf(m, "| flat netlist | %s %s, %s cells (RF banks excluded) |\n", kv(&T, "netlist_area"), u, kv(&T, "netlist_cells"));
        fprintf(m, "| run time | Yosys %s s, OpenSTA + FO4 %s s |\n", kv(&T, "yosys_s"), kv(&T, "sta_s"));
        if (path_p) {
            FILE *cp = fopen(path_p, "r");
            if (cp) {
                char l[1024];
                fprintf(m, "\nThe worst register-to-register path (`report_checks -path_delay max -format full_clock_expanded "
                           "-fields {capacitance slew input_pin net} -digits 3`; delays in ns):\n\n```\n");
                while (fgets(l, sizeof l, cp)) fputs(l, m);
                fprintf(m, "```\n");
                fclose(cp);
            }
        }
        if (npg > 0) {
            fprintf(m, "\nWhere the time goes: every endpoint whose worst register-to-register path needs at least 75 %% "
                       "of the worst path's period, grouped by end and start register (bit and generate indices dropped; "
                       "`endpoints` = flip-flop inputs of the end register whose worst path starts in that register); "
                       "worst first, at most 30 rows (OpenSTA `find_timing_paths -endpoint_count 1`):\n\n"
                       "| minimum period (ps) | FO4 | endpoints | end register | start register |\n|---:|---:|---:|---|---|\n");
            for (int g = 0; g < npg; g++)
                fprintf(m, "| %.0f | %.1f | %d | `%s` | `%s` |\n", PG[g].mp, PG[g].fo4, PG[g].n, PG[g].end, PG[g].start);
        }
    }
    fprintf(m, "\n## Breakdown\n\n| part | kind | area (%s) | share | flops |\n|---|---|---:|---:|---:|\n", u);
    for (int g = 0; g < NGROUPS; g++) {
        int any = 0;
        for (int q = 0; q < 3 && GROUPS[g].mods[q]; q++) any |= K.m[midx(GROUPS[g].mods[q])].present;
        if (!any) continue;
        double a = group_area(&K, &GROUPS[g]);
        fprintf(m, "| %s | %s | %.0f | %.1f %% | %.0f |\n", GROUPS[g].name, GROUPS[g].storage ? "storage" : "logic",
                a, 100 * a / total, group_flops(&K, &GROUPS[g]));
    }
    fprintf(m, "\n## Modules\n\n| module | instances | area each (%s) | area total | flops each | gate levels (ltp -noff) | ABC delay (ps) |\n"
               "|---|---:|---:|---:|---:|---:|---:|\n", u);
    for (int i = 0; i < NMODS; i++) {
        if (!K.m[i].present) continue;
        fprintf(m, "| %s | %.0f | %.1f | %.1f | %.0f | ", MODS[i], K.inst[i], K.m[i].area, K.m[i].area * K.inst[i], K.m[i].flops);
        if (K.m[i].ltp >= 0) fprintf(m, "%d | ", K.m[i].ltp); else fprintf(m, "- | ");
        if (K.m[i].delay >= 0) fprintf(m, "%.0f |\n", K.m[i].delay); else fprintf(m, "- |\n");
    }
    fprintf(m, "\nGate levels: `ltp -noff` on the mapped module (flip-flops cut paths; for modules with "
               "sub-modules (ccu, arbiter, subcore) an instance counts as one level and the figure is not a path length). "
               "Allocation path: ccu_ctrl and alloc; arbiter; STHLD FSM.\n");
    fprintf(m, "\n## Overhead against the baseline (caching = off)\n\n");
    if (have_base && c.caching) {
        fprintf(m, "| | Malekeh | baseline OCU | overhead | relative |\n|---|---:|---:|---:|---:|\n");
        fprintf(m, "| per CCU | %.0f | %.0f | %.0f | %+.1f %% |\n", ccu_each, b_ccu, ov_ccu, 100 * ov_ccu / b_ccu);
        fprintf(m, "| per sub-core | %.0f | %.0f | %.0f | %+.1f %% |\n", total, b_total, ov_sc, 100 * ov_sc / b_total);
        fprintf(m, "| per SM (x%u) | %.0f | %.0f | %.0f | %+.1f %% |\n", c.subcores_per_sm, total * c.subcores_per_sm,
                b_total * c.subcores_per_sm, ov_sc * c.subcores_per_sm, 100 * ov_sc / b_total);
        fprintf(m, "| flip-flops per sub-core | %.0f | %.0f | %.0f | |\n", flops, B.tot_flops[0], fl_sc);
        fprintf(m, "\nRelative figures are against the baseline's synthesized logic (RF banks excluded).\n");
    } else {
        fprintf(m, "Not computed (no baseline run, or this configuration is the baseline).\n");
    }
    fprintf(m, "\n## Overhead against the whole register file\n\n");
    if (sram_macro)
        fprintf(m, "RF banks: %u x the user macro (`%s`, %s um^2 each) = %.0f um^2 per sub-core (%.0f %s).\n\n",
                c.banks, sram_src ? sram_src : "SRAM_LIB", sram_macro, rf_um2, rf_area, u);
    else
        fprintf(m, "RF banks: SRAM area model, %.0f bits x %.3f um^2/bit = %.0f um^2 per sub-core (%.0f %s%s). "
                   "%.3f um^2/bit is the density of OpenRAM's single-port sky130 macro `sky130_sram_2kbyte_1rw_32x512_8` "
                   "(483.86 x 326.1 um for 512 x 32 bits, periphery included; docs/area.md cites it); a bank is "
                   "modelled as tiles of such macros.\n\n",
                rf_bits, sram_per_bit, rf_um2, rf_area, u, unit_ge ? ", 1 GE = 3.7536 um^2" : "", sram_per_bit);
    if (have_ov) {
        fprintf(m, "| per sub-core | baseline (caching = off) | Malekeh | overhead |\n|---|---:|---:|---:|\n");
        fprintf(m, "| RF banks (SRAM model) | %.0f | %.0f | 0 |\n", rf_area, rf_area);
        fprintf(m, "| collectors, arbiter, bank FIFOs, dispatch, scheduler (synthesized) | %.0f | %.0f | %.0f |\n", b_total, total, ov_sc);
        fprintf(m, "| **whole register file** | %.0f | %.0f | **%.0f (%+.2f %%)** |\n", b_whole, total + rf_area, ov_sc,
                100 * ov_sc / b_whole);
        fprintf(m, "| per SM (x%u) | %.0f | %.0f | %.0f (%+.2f %%) |\n", c.subcores_per_sm, b_whole * c.subcores_per_sm,
                (total + rf_area) * c.subcores_per_sm, ov_sc * c.subcores_per_sm, 100 * ov_sc / b_whole);
        /* how much the percentage rests on the SRAM model: the same overhead over an RF whose
           banks are denser or sparser than the model (the logic areas stay measured) */
        fprintf(m, "\nHow much the percentage rests on the RF banks' area model (the synthesized logic "
                   "unchanged; the papers' 0.78 %% + 0.04 %% count bits, not area):\n\n"
                   "| RF banks' area per bit | banks (%s) | overhead vs the whole RF |\n|---|---:|---:|\n", u);
        for (size_t k = 0; k < NSENS; k++) {
            double rf_k = rf_area * SENS[k].f;
            fprintf(m, "| %.2f x: %s | %.0f | %+.2f %% |\n", SENS[k].f, SENS[k].what, rf_k,
                    100 * ov_sc / (b_total + rf_k));
        }
        fprintf(m, "\nWhere the overhead comes from (Malekeh minus baseline, module by module; areas in %s):\n\n"
                   "| part | area | share of the overhead | share of the whole RF |\n|---|---:|---:|---:|\n", u);
        for (int d = 0; d < ND; d++)
            fprintf(m, "| %s | %.0f | %.1f %% | %.3f %% |\n", DNAME[d], dec[d], 100 * dec[d] / ov_sc, 100 * dec[d] / b_whole);
        fprintf(m, "\nBeside the papers (which count storage bits of a 256 KiB SM RF, not area):\n\n"
                   "| | this design: area share of the whole RF | this design: bit share of the RF | papers |\n|---|---:|---:|---:|\n");
        fprintf(m, "| extra data entries | %.3f %% | %.3f %% | 0.78 %% (2 KiB) |\n", 100 * dec[D_DATA] / b_whole,
                100 * data_bits_extra * per_sm / rf_sm_bits);
        fprintf(m, "| control bits: tags and metadata | %.3f %% | %.3f %% | 0.04 %% (128 B) |\n", 100 * dec[D_TAGS] / b_whole,
                100 * ctrl_bits * per_sm / rf_sm_bits);
        fprintf(m, "| logic the papers do not count (muxes, allocation, write filter, other) | %.3f %% | - | - |\n",
                100 * (dec[D_MUX] + dec[D_ALLOC] + dec[D_WF] + dec[D_OTHER]) / b_whole);
        fprintf(m, "| **total** | **%.3f %%** | %.3f %% | 0.82 %% |\n", 100 * ov_sc / b_whole,
                100 * (data_bits_extra + ctrl_bits) * per_sm / rf_sm_bits);
    } else {
        fprintf(m, "Not computed (no baseline run, or this configuration is the baseline).\n");
    }
    fprintf(m, "\n## Storage accounting: this configuration vs the papers\n\n");
    fprintf(m, "Per CCU: control = E x (valid + tag(%u) + lock + reuse) + LRU order (E(E-1)/2 = %.0f pair bits) "
               "+ S x index(%u) = %.0f bits (the OCT valid/ready bits exist in the baseline too; ranks would be "
               "E x %u = %u bits); data = (E - S) x data_bits = %.0f bits.\n\n",
            tagb, ordb, idxb, ctrl_bits, cfg_clog2(c.entries), c.entries * cfg_clog2(c.entries), data_bits_extra);
    fprintf(m, "| per SM (%u CCUs) | this configuration | papers |\n|---|---:|---:|\n", (unsigned)per_sm);
    fprintf(m, "| extra control | %.0f B (%.3f %% of RF) | 128 B (0.04 %%) |\n", ctrl_bits * per_sm / 8,
            100 * ctrl_bits * per_sm / rf_sm_bits);
    fprintf(m, "| extra data entries | %.0f B (%.3f %% of RF) | 2048 B (0.78 %%) |\n", data_bits_extra * per_sm / 8,
            100 * data_bits_extra * per_sm / rf_sm_bits);
    fprintf(m, "| RF size | %.0f KiB (W x R x data_bits x %u) | 256 KiB |\n", rf_sm_bits / 8192, c.subcores_per_sm);
    fprintf(m, "\nThe papers divide by a 256 KiB SM register file; this configuration's RF (every warp holding R "
               "registers) is %.0f KiB per SM, so its shares are smaller by that ratio.\n", rf_sm_bits / 8192);
    fprintf(m, "\n## Method and what is an estimate\n\n");
    fprintf(m, "- Everything here is a pre-layout synthesis estimate: no placement, wires, clock tree or scan.\n");
    fprintf(m, "- RF banks are a blackbox in synthesis (an SRAM macro in a real design): their area is the SRAM model's, "
               "their timing a register-like model (docs/area.md).\n");
    if (strcmp(method, "fit") == 0)
        fprintf(m, "- **Linear fit in data_bits**: the design was synthesized at data_bits = %d and %d and every "
                   "module's area, cells, flops and transistors extrapolated linearly to %u (the data paths are bit-sliced: "
                   "every data bit is the same logic; `make area AREA_FLAGS=--exact` synthesizes the full width). Gate "
                   "levels and delays come from the data_bits = %d run.\n",
                K.w1, K.w2, c.data_bits, K.w2);
    else
        fprintf(m, "- Synthesized at the full data width (no extrapolation).\n");
    if (strcmp(abc, "fast") == 0) fprintf(m, "- ABC ran with `-fast` (less optimization; slightly larger area).\n");
    if (unit_ge)
        fprintf(m, "- GE: areas of the project's generic library, sky130_fd_sc_hd ratios, with sky130_fd_sc_hd timing "
                   "(synth/README.md); transistors: Yosys `stat -tech cmos` on the internal gate netlist.\n");
    fprintf(m, "- Module delays in the table: ABC's `stime` estimate per module (`abc -D %s -constr`), module inputs to "
               "outputs, no wires; the register-to-register timing is OpenSTA's (section Timing).\n", target ? target : "?");
    fprintf(m, "- Yosys run time: %s s in all.\n", secs ? secs : "?");
    if (fclose(m) != 0) return 1;
    return 0;
}
