/* pwr.c - gate-level power from switching activity (see pwr.h, docs/power.md). */
#include "pwr.h"
#include "hash.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const cat_names[PW_NCAT] = { "clock_pins", "clock_network", "storage", "operand_mux", "bank_data", "control" };

/* See pwr.h. */
const char *pw_cat_name(int i) { return i >= 0 && i < PW_NCAT ? cat_names[i] : "?"; }

/* See pwr.h. */
double pw_e_sum(const pw_e *e) { return e->internal + e->switching + e->leakage; }

typedef struct { int inst, conn; } ref;

typedef struct {
    pw_lib *lib; pw_netlist *nl; const pw_opts *o;
    const pw_cell **cell;  /* per instance, NULL: a black box */
    const pw_pin ***pin;   /* per instance and connection */
    int *driver_inst, *driver_conn;   /* per root net; -1: none */
    int *sink_start, *sink_n; ref *sink;
    int *nout;             /* output-port bits on the root net */
    int *is_in;            /* an input-port bit on the root net */
    uint64_t *tog;         /* toggles of the root net */
    char *has_act;
    double *load, *slew;
    char *is_clock;
    int *tree_n;           /* clock nets: sinks per leaf buffer (0: no tree) */
    int *best;             /* per root: the bit whose name is most telling */
    double *share;         /* per clock net: the share of its sinks that are storage */
    int *end;              /* per instance: endpoint class (memo): -2 unknown, -3 visiting */
    char **end_mod;        /* per instance: the module of its endpoint */
    int *end_operand;
    pw_result *res;
    pw_hash mods;
} ctx;

static void *xc(size_t n, size_t k)
{
    void *p = calloc(n ? n : 1, k ? k : 1);
    if (!p) { fprintf(stderr, "power: out of memory\n"); exit(3); }
    return p;
}

/* a name with its last dotted part dropped and every [n] written [*]: the module path */
static char *module_of(const char *name)
{
    size_t n = strlen(name), cut = 0;
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        if (name[i] == '[') depth++;
        else if (name[i] == ']') depth--;
        else if (name[i] == '.' && depth == 0) cut = i;
    }
    if (cut == 0) return strdup("(top)");
    char *m = xc(cut * 2 + 2, 1);
    size_t k = 0;
    for (size_t i = 0; i < cut; i++) {
        if (name[i] == '[') {
            size_t j = i + 1;
            while (j < cut && name[j] >= '0' && name[j] <= '9') j++;
            if (j < cut && name[j] == ']' && j > i + 1) { memcpy(m + k, "[*]", 3); k += 3; i = j; continue; }
        }
        m[k++] = name[i];
    }
    m[k] = 0;
    return m;
}

static void add_e(ctx *c, int cat, const char *mod, double in, double sw, double lk)
{
    pw_result *r = c->res;
    r->cat[cat].internal += in; r->cat[cat].switching += sw; r->cat[cat].leakage += lk;
    r->total.internal += in; r->total.switching += sw; r->total.leakage += lk;
    if (!mod) return;
    long k = pw_hash_get(&c->mods, mod);
    if (!k) {
        r->mod = realloc(r->mod, (size_t)(r->nmod + 1) * sizeof *r->mod);
        if (!r->mod) exit(3);
        memset(&r->mod[r->nmod], 0, sizeof *r->mod);
        r->mod[r->nmod].name = strdup(mod);
        pw_hash_put(&c->mods, r->mod[r->nmod].name, r->nmod + 1);
        k = ++r->nmod;
    }
    pw_mod *m = &r->mod[k - 1];
    m->e.internal += in; m->e.switching += sw; m->e.leakage += lk;
}

static int is_seq(const pw_cell *cl) { return cl && (cl->kind == PW_FF || cl->kind == PW_LATCH); }

/* the root net on instance i's pin called name, -1 if none */
static int net_of(ctx *c, int i, const char *name)
{
    const pw_inst *in = &c->nl->inst[i];
    for (int k = 0; k < in->nconn; k++)
        if (strcmp(in->conn[k].pin, name) == 0) return in->conn[k].net < 0 ? -1 : c->nl->net[in->conn[k].net].root;
    return -1;
}

/* the first output net of instance i, -1 if none */
static int out_net(ctx *c, int i)
{
    const pw_inst *in = &c->nl->inst[i];
    for (int k = 0; k < in->nconn; k++)
        if (c->pin[i][k] && c->pin[i][k]->dir == PW_OUT && in->conn[k].net >= 0) return c->nl->net[in->conn[k].net].root;
    return -1;
}

/* the endpoint of instance i: the register, clock gate or output port its output reaches
 * first (following the first sink of each net); sets end_mod and end_operand */
static void endpoint(ctx *c, int i)
{
    if (c->end[i] != -2) return;
    c->end[i] = -3;
    const pw_cell *cl = c->cell[i];
    int q = out_net(c, i);
    char *mod = NULL;
    int operand = 0;
    if (is_seq(cl)) {
        const char *nm = strchr(c->nl->inst[i].name, '.') ? c->nl->inst[i].name : q >= 0 ? c->nl->net[c->best[q]].name : c->nl->inst[i].name;
        mod = module_of(nm);
    } else if (q >= 0) {
        for (int s = 0; s < c->sink_n[q] && !mod; s++) {
            int j = c->sink[c->sink_start[q] + s].inst;
            if (!c->cell[j]) continue;
            endpoint(c, j);
            if (c->end[j] == -3 || !c->end_mod[j]) continue;   /* a loop (through a latch) */
            mod = strdup(c->end_mod[j]);
            operand = c->end_operand[j];
        }
        if (!mod && c->nout[q]) {
            /* an output port: the operand mux when it is the operand port */
            for (int b = 0; b < c->nl->nnet; b++) {
                if (c->nl->net[b].root != q || c->nl->net[b].kind != PW_NET_OUT) continue;
                operand = c->o->operand && strncmp(c->nl->net[b].name, c->o->operand, strlen(c->o->operand)) == 0;
                char buf[512];
                snprintf(buf, sizeof buf, "port %.400s", c->nl->net[b].name);
                char *br = strchr(buf, '[');
                if (br) *br = 0;
                mod = strdup(buf);
                break;
            }
        }
    }
    c->end_mod[i] = mod ? mod : strdup("(unconnected)");
    c->end_operand[i] = operand;
    c->end[i] = 0;
}

/* what instance i's own energy is for */
static int category(ctx *c, int i)
{
    const pw_cell *cl = c->cell[i];
    if (cl->kind == PW_ICG) return PW_CLOCK_NET;
    endpoint(c, i);
    if (is_seq(cl)) return c->o->storage && strstr(c->end_mod[i], c->o->storage) ? PW_STORAGE : PW_CONTROL;
    if (c->end_operand[i]) return PW_OPERAND;
    return c->o->storage && strstr(c->end_mod[i], c->o->storage) ? PW_STORAGE : PW_CONTROL;
}

/* the output transition (ns) of cell cl's pin p at input slew s and load ld: the worst arc's
 * mean of rise and fall */
static double out_slew(ctx *c, int i, const pw_pin *p, double ld)
{
    double w = -1;
    for (int a = 0; a < p->narc; a++) {
        int rn = p->arc[a].related ? net_of(c, i, p->arc[a].related) : -1;
        double s = rn >= 0 ? c->slew[rn] : 0.05;
        double v = 0.5 * (pw_lookup(NULL, &p->arc[a].rise, s, ld) + pw_lookup(NULL, &p->arc[a].fall, s, ld));
        if (v > w) w = v;
    }
    return w;
}

/* mean over the groups of pin p related to rel (NULL: the groups without a related pin) of
 * rise + fall energy at slew s and load ld; 0 when there is none */
static double ip_pair(ctx *c, const pw_pin *p, const char *rel, double s, double ld, int *found)
{
    double sum = 0;
    int n = 0;
    for (int g = 0; g < p->nip; g++) {
        const pw_ipower *ip = &p->ip[g];
        if ((rel == NULL) != (ip->related == NULL)) continue;
        if (rel && strcmp(rel, ip->related) != 0) continue;
        sum += pw_lookup(c->lib, &ip->rise, s, ld) + pw_lookup(c->lib, &ip->fall, s, ld);
        n++;
    }
    *found = n > 0;
    return n ? sum / n : 0;
}

/* related_mean: over the distinct related inputs of output pin P of instance I at load LD,
 * add each group's internal energy to *ESUM weighted by that input's toggles (WEIGHTED) or
 * by 1, the weights to *WSUM; returns the number of distinct related inputs */
static int related_mean(ctx *c, int i, const pw_pin *p, double ld, int weighted, double *esum, double *wsum)
{
    int nrel = 0, found;
    for (int g = 0; g < p->nip; g++) {
        const char *rel = p->ip[g].related;
        if (!rel) continue;
        int dup = 0;
        for (int h = 0; h < g && !dup; h++) dup = p->ip[h].related && strcmp(p->ip[h].related, rel) == 0;
        if (dup) continue;
        int rn = net_of(c, i, rel);
        double e = ip_pair(c, p, rel, rn >= 0 ? c->slew[rn] : 0.05, ld, &found);
        double w = !weighted ? 1 : rn >= 0 ? (double)c->tog[rn] : 0;
        *esum += w * e; *wsum += w;
        nrel++;
    }
    return nrel;
}

/* the buffer tree on root net r (sinks > tree_fanout; placement would buffer any such net,
 * a clock tree synthesis its clock): levels of buffers, each driving at most tree_fanout
 * loads; prices the buffers and their nets (a clock's as the clock network, another's as
 * what its driver, or an input port's first sink, is for), returns the load the net's
 * driver sees and sets the sinks' slew */
static double buffer_tree(ctx *c, int r, const pw_cell *buf, double sink_cap)
{
    const pw_pin *bi = NULL, *bo = NULL;
    for (int k = 0; k < buf->npin; k++) {
        if (buf->pin[k].dir == PW_OUT) bo = &buf->pin[k];
        else if (!bi) bi = &buf->pin[k];
    }
    int f = c->o->tree_fanout, n = c->sink_n[r];
    double v2 = c->lib->volt * c->lib->volt, t = (double)c->tog[r];
    double secs = c->res->seconds;
    int level = 0, nb = n;
    double leaf_slew = 0, load_in = 0;
    double per = sink_cap / (n ? n : 1);
    int cat = PW_CLOCK_NET;
    const char *mod = "(clock tree)";
    if (!c->is_clock[r] && c->driver_inst[r] < 0 && !c->is_in[r]) {
        cat = PW_XBAR;                /* a black box's output: the RF banks' read data */
        mod = "(black-box outputs)";
    } else if (!c->is_clock[r]) {
        int i = c->driver_inst[r] >= 0 ? c->driver_inst[r] : c->sink[c->sink_start[r]].inst;
        cat = category(c, i);
        mod = c->end_mod[i];
    }
    /* level 0 drives the sinks; each level above drives the buffers below */
    double cap_each = per;
    int loads = n;
    while (loads > f || level == 0) {
        nb = (loads + f - 1) / f;
        int fo = (loads + nb - 1) / nb;
        double ld = fo * cap_each + pw_wire_cap(c->lib, fo);
        double s_in = 0.1;   /* a buffer's input slew: refined below by one more pass */
        double s_out = 0.5 * (pw_lookup(NULL, &bo->arc[0].rise, s_in, ld) + pw_lookup(NULL, &bo->arc[0].fall, s_in, ld));
        s_out = 0.5 * (pw_lookup(NULL, &bo->arc[0].rise, s_out, ld) + pw_lookup(NULL, &bo->arc[0].fall, s_out, ld));
        if (level == 0) leaf_slew = s_out;
        int found;
        double e_out = ip_pair(c, bo, bo->arc[0].related, s_out, ld, &found);
        double e_in = bi ? ip_pair(c, bi, NULL, s_out, 0, &found) : 0;
        double ei = nb * (t / 2) * (e_out + e_in), es = nb * t * 0.5 * ld * v2;
        add_e(c, cat, mod, ei, es, nb * buf->leak * c->lib->leak_unit_w * secs * 1e12);
        if (c->is_clock[r]) c->res->storage_clock_net += c->share[r] * (ei + es);
        c->res->tree_buffers += nb;
        if (c->is_clock[r]) c->res->clock_tree_buffers += nb;
        cap_each = bi ? bi->cap : 0;
        loads = nb;
        level++;
        if (nb == 1) break;
    }
    load_in = loads * cap_each + pw_wire_cap(c->lib, loads);
    c->tree_n[r] = f;
    c->slew[r] = leaf_slew;
    return load_in;
}

/* the name by which a net is looked up in the dump: backslashes and blanks dropped, and each
 * '.' of a flattened hierarchical name written "__" (synth/power.sh renames the nets so for
 * the simulation: a simulator takes a dot in a name for a scope) */
static void name_key(const char *s, char *out, size_t n)
{
    size_t k = 0;
    for (; *s && k + 2 < n; s++) {
        if (*s == '\\' || *s == ' ') continue;
        if (*s == '.') { out[k++] = '_'; out[k++] = '_'; continue; }
        out[k++] = *s;
    }
    out[k] = 0;
}

/* See pwr.h. */
int pw_power(pw_lib *lib, pw_netlist *nl, const pw_activity *a, const pw_opts *o,
             pw_result *res, char *err, size_t n)
{
    memset(res, 0, sizeof *res);
    ctx c;
    memset(&c, 0, sizeof c);
    c.lib = lib; c.nl = nl; c.o = o; c.res = res;
    pw_hash_init(&c.mods);
    int N = nl->nnet, I = nl->ninst;
    c.cell = xc((size_t)I, sizeof *c.cell);
    c.pin = xc((size_t)I, sizeof *c.pin);
    c.driver_inst = xc((size_t)N, sizeof(int)); c.driver_conn = xc((size_t)N, sizeof(int));
    c.sink_start = xc((size_t)N, sizeof(int)); c.sink_n = xc((size_t)N, sizeof(int));
    c.nout = xc((size_t)N, sizeof(int)); c.is_in = xc((size_t)N, sizeof(int));
    c.tog = xc((size_t)N, sizeof *c.tog); c.has_act = xc((size_t)N, 1);
    c.load = xc((size_t)N, sizeof(double)); c.slew = xc((size_t)N, sizeof(double));
    c.share = xc((size_t)N, sizeof(double));
    c.is_clock = xc((size_t)N, 1); c.tree_n = xc((size_t)N, sizeof(int)); c.best = xc((size_t)N, sizeof(int));
    c.end = xc((size_t)I, sizeof(int)); c.end_mod = xc((size_t)I, sizeof(char *)); c.end_operand = xc((size_t)I, sizeof(int));
    for (int r = 0; r < N; r++) { c.driver_inst[r] = -1; c.best[r] = r; c.slew[r] = o->input_slew > 0 ? o->input_slew : 0.05; }
    /* cells and pins */
    pw_hash cells;
    pw_hash_init(&cells);
    for (int k = 0; k < lib->ncell; k++) pw_hash_put(&cells, lib->cell[k].name, k + 1);
    int total_sinks = 0;
    for (int i = 0; i < I; i++) {
        long k = pw_hash_get(&cells, nl->inst[i].type);
        c.cell[i] = k ? &lib->cell[k - 1] : NULL;
        c.pin[i] = xc((size_t)nl->inst[i].nconn, sizeof **c.pin);
        c.end[i] = -2;
        if (!c.cell[i]) { res->blackboxes++; continue; }
        res->cells++;
        if (c.cell[i]->kind == PW_FF) res->flops++;
        else if (c.cell[i]->kind == PW_LATCH) res->latches++;
        else if (c.cell[i]->kind == PW_ICG) res->gates++;
        for (int j = 0; j < nl->inst[i].nconn; j++) {
            const pw_pin *p = pw_cell_pin(c.cell[i], nl->inst[i].conn[j].pin);
            if (!p) {
                snprintf(err, n, "netlist: instance %s: cell %s has no pin %s", nl->inst[i].name, c.cell[i]->name, nl->inst[i].conn[j].pin);
                goto fail;
            }
            c.pin[i][j] = p;
            int net = nl->inst[i].conn[j].net;
            if (net < 0) continue;
            int r = nl->net[net].root;
            if (p->dir == PW_OUT) { c.driver_inst[r] = i; c.driver_conn[r] = j; }
            else { c.sink_n[r]++; total_sinks++; }
        }
    }
    pw_hash_free(&cells);
    c.sink = xc((size_t)total_sinks, sizeof *c.sink);
    for (int r = 0, s = 0; r < N; r++) { c.sink_start[r] = s; s += c.sink_n[r]; c.sink_n[r] = 0; }
    for (int i = 0; i < I; i++) {
        if (!c.cell[i]) continue;
        for (int j = 0; j < nl->inst[i].nconn; j++) {
            int net = nl->inst[i].conn[j].net;
            if (net < 0 || c.pin[i][j]->dir == PW_OUT) continue;
            int r = nl->net[net].root;
            c.sink[c.sink_start[r] + c.sink_n[r]++] = (ref){ i, j };
            if (c.pin[i][j]->clock && c.cell[i]->kind != PW_COMB) c.is_clock[r] = 1;
        }
    }
    /* the storage share of each clock net's sinks (a storage register, or a clock gate whose
     * register is storage) */
    for (int r = 0; r < N; r++) {
        if (!c.is_clock[r] || !c.sink_n[r]) continue;
        int ns = 0;
        for (int s = 0; s < c.sink_n[r]; s++) {
            int j = c.sink[c.sink_start[r] + s].inst;
            if (is_seq(c.cell[j]) || c.cell[j]->kind == PW_ICG) {
                endpoint(&c, j);
                if (o->storage && strstr(c.end_mod[j], o->storage)) ns++;
            }
        }
        c.share[r] = (double)ns / c.sink_n[r];
    }
    /* ports, names, activity */
    pw_hash act;
    pw_hash_init(&act);
    char **keys = xc((size_t)a->nbit, sizeof *keys);
    for (int k = 0; k < a->nbit; k++) {
        char b[4400];
        name_key(a->bit[k].name, b, sizeof b);
        keys[k] = strdup(b);
        pw_hash_put(&act, keys[k], k + 1);
    }
    for (int b = 0; b < N; b++) {
        int r = nl->net[b].root;
        if (nl->net[b].kind == PW_NET_OUT) c.nout[r]++;
        if (nl->net[b].kind == PW_NET_IN) c.is_in[r] = 1;
        if (strchr(nl->net[b].name, '.') && !strchr(nl->net[c.best[r]].name, '.')) c.best[r] = b;
        char key[4400];
        name_key(nl->net[b].name, key, sizeof key);
        long k = pw_hash_get(&act, key);
        if (k) {
            c.has_act[r] = 1;
            if (a->bit[k - 1].toggles > c.tog[r]) c.tog[r] = a->bit[k - 1].toggles;
        }
    }
    for (int k = 0; k < a->nbit; k++) free(keys[k]);
    free(keys);
    pw_hash_free(&act);
    int clk = -1;
    for (int b = 0; b < N; b++) if (strcmp(nl->net[b].name, o->clock) == 0) clk = nl->net[b].root;
    if (clk < 0) { snprintf(err, n, "netlist: no clock port %s", o->clock); goto fail; }
    if (c.tog[clk] < 2) { snprintf(err, n, "activity: the clock %s never toggles (%s)", o->clock, c.has_act[clk] ? "constant in the dump" : "not in the dump"); goto fail; }
    res->cycles = c.tog[clk] / 2;
    res->seconds = (double)res->cycles * o->period_ns * 1e-9;
    for (int r = 0; r < N; r++) {
        if (nl->net[r].root != r) continue;
        int used = c.sink_n[r] || c.nout[r] || c.driver_inst[r] >= 0;
        if (!used) continue;
        res->nets++;
        if (!c.has_act[r]) {
            res->nets_no_activity++;
            if (getenv("PW_DEBUG_MISSING")) fprintf(stderr, "no activity: %s\n", nl->net[r].name);
        }
        if (c.is_clock[r]) res->clock_nets++;
    }
    /* loads; the clock trees */
    const pw_cell *buf = o->tree_cell ? pw_lib_cell(lib, o->tree_cell) : NULL;
    if (o->tree_cell && (!buf || buf->npin < 2 || !buf->pin[buf->npin - 1].narc)) {
        snprintf(err, n, "liberty: no buffer cell %s with timing for the clock tree", o->tree_cell); goto fail;
    }
    double v2 = lib->volt * lib->volt;
    for (int r = 0; r < N; r++) {
        double cap = 0;
        for (int s = 0; s < c.sink_n[r]; s++) { ref x = c.sink[c.sink_start[r] + s]; cap += c.pin[x.inst][x.conn]->cap; }
        if (buf && c.sink_n[r] > o->tree_fanout) {
            c.load[r] = -cap;                     /* priced below, once the toggles are final */
            continue;
        }
        c.load[r] = cap + pw_wire_cap(lib, c.sink_n[r] + c.nout[r]) + c.nout[r] * o->out_load;
    }
    /* slews: input ports from the driving cell, then every cell output, four passes */
    const pw_cell *dc = o->drive_cell ? pw_lib_cell(lib, o->drive_cell) : NULL;
    for (int r = 0; r < N; r++) {
        if (!c.is_in[r] || !dc) continue;
        for (int k = 0; k < dc->npin; k++)
            if (dc->pin[k].dir == PW_OUT && dc->pin[k].narc)
                c.slew[r] = 0.5 * (pw_lookup(NULL, &dc->pin[k].arc[0].rise, 0.05, fabs(c.load[r])) + pw_lookup(NULL, &dc->pin[k].arc[0].fall, 0.05, fabs(c.load[r])));
    }
    for (int r = 0; r < N; r++) if (c.load[r] < 0) c.load[r] = buffer_tree(&c, r, buf, -c.load[r]);
    for (int pass = 0; pass < 4; pass++)
        for (int i = 0; i < I; i++) {
            if (!c.cell[i]) continue;
            for (int j = 0; j < nl->inst[i].nconn; j++) {
                const pw_pin *p = c.pin[i][j];
                int net = nl->inst[i].conn[j].net;
                if (p->dir != PW_OUT || net < 0 || !p->narc) continue;
                int r = nl->net[net].root;
                if (c.tree_n[r]) continue;        /* the tree sets its sinks' slew */
                c.slew[r] = out_slew(&c, i, p, c.load[r]);
            }
        }
    double sink_slew_max = 0;
    int sink_max = -1;
    for (int r = 0; r < N; r++) if (c.is_clock[r] && (sink_max < 0 || c.sink_n[r] > c.sink_n[sink_max])) sink_max = r;
    if (sink_max >= 0) sink_slew_max = c.slew[sink_max];
    res->clock_sink_slew_ns = sink_slew_max;
    /* the cells */
    lib->extrapolated = 0;
    for (int i = 0; i < I; i++) {
        const pw_cell *cl = c.cell[i];
        if (!cl) continue;
        int cat = category(&c, i);
        const char *mod = c.end_mod[i];
        if (cat == PW_STORAGE && is_seq(cl)) res->storage_regs++;
        if (cl->kind == PW_ICG && o->storage && strstr(mod, o->storage)) res->storage_gates++;
        double lk = cl->leak * lib->leak_unit_w * res->seconds * 1e12;
        add_e(&c, cat, mod, 0, 0, lk);
        for (int j = 0; j < nl->inst[i].nconn; j++) {
            const pw_pin *p = c.pin[i][j];
            int net = nl->inst[i].conn[j].net;
            if (net < 0) continue;
            int r = nl->net[net].root, found;
            double t = (double)c.tog[r];
            if (p->dir != PW_OUT) {
                double e = ip_pair(&c, p, NULL, c.slew[r], 0, &found);
                int pc = p->clock && is_seq(cl) ? PW_CLOCK_PINS : cat;
                if (found) add_e(&c, pc, mod, t / 2 * e, 0, 0);
                if (found && pc == PW_CLOCK_PINS && cat == PW_STORAGE) res->storage_clock_pins += t / 2 * e;
                if (found && cl->kind == PW_ICG && o->storage && strstr(mod, o->storage)) res->storage_gate_energy += t / 2 * e;
                continue;
            }
            /* output pin: its groups per related input, weighted by that input's toggles;
             * when no related input toggled, a plain mean */
            double wsum = 0, esum = 0;
            int nrel = related_mean(&c, i, p, c.load[r], 1, &esum, &wsum);
            if (nrel && wsum == 0) related_mean(&c, i, p, c.load[r], 0, &esum, &wsum);
            double e_own = ip_pair(&c, p, NULL, c.slew[r], c.load[r], &found);
            double e_out = (wsum > 0 ? t / 2 * esum / wsum : 0) + (found ? t / 2 * e_own : 0);
            add_e(&c, cat, mod, e_out, 0, 0);
            if (cl->kind == PW_ICG && o->storage && strstr(mod, o->storage)) res->storage_gate_energy += e_out;
        }
    }
    /* the nets' switching energy: with the category of their driver */
    for (int r = 0; r < N; r++) {
        if (nl->net[r].root != r || c.tog[r] == 0) continue;
        int i = c.driver_inst[r];
        int cat = PW_CONTROL;
        const char *mod = "(ports)";
        if (i >= 0) { cat = category(&c, i); mod = c.end_mod[i]; }
        else if (!c.is_in[r]) { cat = PW_XBAR; mod = "(black-box outputs)"; }
        else if (c.sink_n[r]) { int j = c.sink[c.sink_start[r]].inst; cat = category(&c, j); mod = c.end_mod[j]; }
        double es = (double)c.tog[r] * 0.5 * c.load[r] * v2;
        if (c.is_clock[r]) { cat = PW_CLOCK_NET; res->storage_clock_net += c.share[r] * es; }
        add_e(&c, cat, mod, 0, es, 0);
    }
    res->extrapolated = lib->extrapolated;
    /* modules: count cells */
    for (int i = 0; i < I; i++) {
        if (!c.cell[i] || !c.end_mod[i]) continue;
        long k = pw_hash_get(&c.mods, c.end_mod[i]);
        if (k) res->mod[k - 1].cells++;
    }
    int rc = 0;
    if (0) {
fail:
        rc = -1;
    }
    for (int i = 0; i < I; i++) { free(c.pin[i]); free(c.end_mod[i]); }
    free(c.cell); free(c.pin); free(c.driver_inst); free(c.driver_conn); free(c.sink_start); free(c.sink_n);
    free(c.sink); free(c.nout); free(c.is_in); free(c.tog); free(c.has_act); free(c.load); free(c.slew);
    free(c.is_clock); free(c.share); free(c.tree_n); free(c.best); free(c.end); free(c.end_mod); free(c.end_operand);
    pw_hash_free(&c.mods);
    if (rc) pw_result_free(res);
    return rc;
}

/* See pwr.h. */
void pw_result_free(pw_result *r)
{
    for (int i = 0; i < r->nmod; i++) free(r->mod[i].name);
    free(r->mod);
    r->mod = NULL; r->nmod = 0;
}
