/* cosim.c - lockstep co-simulation of the C model (cmodel/) and the Verilated RTL
 * (ccugen --debug), built by scripts/cosim.sh with tb/vglue.cpp.
 *
 *   cosim [--config FILE] [--set k=v]... [--cycles N] [--seed S]
 *         [--mode legal|adversarial] [--vcd-dir DIR] [--waves FILE] [--bench N]
 *         [--trace FILE [--hints FILE] [--blocks N]] [--outputs-only] [--brief]
 *         [--activity FILE]
 *
 * --trace: legal traffic from an Accel-Sim trace (driver/tsrc.h), run to completion (every
 * instruction retired); --cycles N is then a limit.
 *
 * Each cycle: inputs from the driver (legal) or the adversarial generator; the model steps;
 * the RTL gets the same inputs (clk low, eval), every output port is compared bit for bit;
 * then the posedge, and dbg_state_o is compared with sc_dbg_pack. Legal mode also runs the
 * driver's checks (invariant 4) and sc_check_invariants. First mismatch: one report block,
 * then (if built with --trace) the same seed re-runs from reset with a VCD of the last
 * COSIM_VCD_WINDOW cycles into DIR/fail_<seed>.vcd. Exit 0 pass, 1 mismatch or violation,
 * 2 usage, configuration or build mismatch.
 * --outputs-only: compare the output ports only, never dbg_state_o (RTL edited by hand, a
 * netlist, or RTL generated without --debug; scripts/cosim.sh builds it with VG_NO_DBG).
 * --bench N: model-alone, RTL-alone (recorded inputs) and lockstep cycles/s over N cycles.
 * --activity FILE: after a pass, write the input ports' measured switching activity as
 * OpenSTA commands (set_power_activity -input_ports ... -activity A -duty D: A toggles per
 * bit per cycle, D the share of bit-cycles high; synth/power.sh).
 * --brief: a pass is one line (the PASS line with the coverage and the bins it missed),
 * without the statistics and per-bin counts (the co-simulation kit, make kit).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "adv.h"
#include "bitvec.h"
#include "cfg.h"
#include "simcfg.h"
#include "cli.h"
#include "cov.h"
#include "dbg.h"
#include "drv.h"
#include "gfeed.h"
#include "sc.h"
#include "sc_state.h"
#include "stats.h"
#include "tsrc.h"
#include "vglue.h"

#define PROG "cosim"
#define COSIM_VCD_WINDOW 64

typedef struct {
    const char *config;
    unsigned long cycles;
    unsigned long seed;
    int adversarial;
    const char *vcd_dir;
    const char *waves;   /* full-run VCD */
    unsigned long bench;
    const char *trace;   /* legal traffic from this trace, to completion */
    const char *hints;   /* its hint file (NULL: cfg.hints) */
    unsigned long blocks;/* only the first N blocks (0 = all) */
    int outputs_only;    /* 1: no dbg_state_o comparison */
    int brief;           /* 1: a pass prints one line */
    const char *activity;/* write the input ports' activity here (OpenSTA commands) */
} opts_t;

/* ---- bit vectors (uint32 words, LSB first) ---------------------------------------- */

static unsigned W_, S_, P_;
static bv_t port_exp[VG_NPORTS], port_act[VG_NPORTS];
static unsigned port_width[VG_NPORTS], port_elem[VG_NPORTS];

/* Every port's width and element width, from the port table (cmodel/mlk_ports.h). */
static void setup_widths(const cfg_t *c)
{
    W_ = c->warps; S_ = c->slots; P_ = c->wb_ports;
    for (int p = 0; p < VG_NPORTS; p++) {
        port_width[p] = mlk_port_width(c, p);
        port_elem[p] = mlk_port_elem(c, p);
    }
}

/* Element i of port p's expected vector := v (port_elem[p] bits). */
static void put_el(int p, unsigned i, uint64_t v) { bv_put(&port_exp[p], i * port_elem[p], port_elem[p], v); }

/* Element i of port p's expected vector := a register value (words). */
static void put_data(int p, unsigned i, const uint64_t *v)
{
    bv_put_data(&port_exp[p], i * port_elem[p], port_elem[p], v);
}

static int alloc_ports(void)
{
    for (int p = 0; p < VG_NPORTS; p++)
        if (bv_alloc(&port_exp[p], port_width[p]) || bv_alloc(&port_act[p], port_width[p]))
            return -1;
    return 0;
}

/* sc_in -> input port vectors (port_exp[] of the input ports). */
static void pack_inputs(const sc_in *in)
{
    for (int p = 0; p < VG_NPORTS; p++) if (mlk_port_driven(p)) bv_clear(&port_exp[p]);
    for (unsigned w = 0; w < W_; w++) {
        put_el(VG_INST_VALID, w, in->inst_valid[w]);
        put_el(VG_INST_TAG, w, in->inst_tag[w]);
        for (unsigned s = 0; s < S_; s++) {
            unsigned i = w * S_ + s;
            put_el(VG_INST_SRC_VALID, i, in->inst_src_valid[w][s]);
            put_el(VG_INST_SRC_REG, i, in->inst_src_reg[w][s]);
            put_el(VG_INST_SRC_NEAR, i, in->inst_src_near[w][s]);
        }
    }
    for (unsigned p = 0; p < P_; p++) {
        put_el(VG_WB_VALID, p, in->wb_valid[p]);
        put_el(VG_WB_WID, p, in->wb_wid[p]);
        put_el(VG_WB_REG, p, in->wb_reg[p]);
        put_el(VG_WB_NEAR, p, in->wb_near[p]);
        put_data(VG_WB_DATA, p, in->wb_data[p]);
    }
    put_el(VG_DISP_READY, 0, in->disp_ready);
}

static void pack_outputs(const sc_out *o)
{
    for (int p = 0; p < VG_NPORTS; p++) if (mlk_port_compared(p)) bv_clear(&port_exp[p]);
    put_el(VG_ISSUE_VALID, 0, o->issue_valid);
    put_el(VG_ISSUE_WID, 0, o->issue_wid);
    for (unsigned p = 0; p < P_; p++) put_el(VG_WB_READY, p, o->wb_ready[p]);
    put_el(VG_DISP_VALID, 0, o->disp_valid);
    put_el(VG_DISP_WID, 0, o->disp_wid);
    put_el(VG_DISP_TAG, 0, o->disp_tag);
    for (unsigned s = 0; s < S_; s++) {
        put_el(VG_DISP_SRC_VALID, s, o->disp_src_valid[s]);
        put_data(VG_DISP_SRC_DATA, s, o->disp_src_data[s]);
    }
}

/* --activity: per input port, bit toggles and high bits summed over the cycles, against
 * the previous cycle's vector. */
static uint64_t act_toggles[VG_NPORTS], act_high[VG_NPORTS], act_cycles;
static bv_t act_prev[VG_NPORTS];

static void activity_sample(void)
{
    for (int p = 0; p < VG_NPORTS; p++) {
        if (!mlk_port_driven(p)) continue;
        const bv_t *b = &port_exp[p];
        if (!act_prev[p].v && bv_alloc(&act_prev[p], port_width[p])) continue;
        for (unsigned k = 0; k < b->words; k++) {
            if (act_cycles) act_toggles[p] += (uint64_t)__builtin_popcount(b->v[k] ^ act_prev[p].v[k]);
            act_high[p] += (uint64_t)__builtin_popcount(b->v[k]);
            act_prev[p].v[k] = b->v[k];
        }
    }
    act_cycles++;
}

/* The activity file: one set_power_activity per input port (its bits together); reset held
 * high; the clock is the SDC's. 0, or -1 with a message. */
static int activity_write(const char *path, const char *what)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, PROG ": --activity: cannot write %s\n", path);
        return -1;
    }
    fprintf(f, "# input-port switching activity measured by the co-simulation (tb/cosim.c): %s, "
               "%llu cycles; activity = toggles per bit per cycle, duty = share of bit-cycles high\n",
            what, (unsigned long long)act_cycles);
    fprintf(f, "set_power_activity -input_ports [get_ports {%s}] -activity 0 -duty 1\n", vg_name(VG_RST_N));
    for (int p = 0; p < VG_NPORTS; p++) {
        if (!mlk_port_driven(p)) continue;
        double bits = (double)port_width[p] * (double)(act_cycles ? act_cycles : 1);
        double a = act_cycles > 1 ? (double)act_toggles[p] / ((double)port_width[p] * (double)(act_cycles - 1)) : 0;
        fprintf(f, "set_power_activity -input_ports [get_ports {%s*}] -activity %.6f -duty %.6f\n",
                vg_name(p), a, (double)act_high[p] / bits);
    }
    if (fclose(f)) {
        fprintf(stderr, PROG ": --activity: cannot write %s\n", path);
        return -1;
    }
    return 0;
}

static void rtl_set(vg_t *v, int port, unsigned val)
{
    bv_t *b = &port_exp[port];
    bv_clear(b);
    bv_put(b, 0, 1, val);
    vg_set(v, port, b->v);
}

static void rtl_apply_inputs(vg_t *v)
{
    for (int p = 0; p < VG_NPORTS; p++) if (mlk_port_driven(p)) vg_set(v, p, port_exp[p].v);
}

/* First differing bit of port p between port_exp and port_act, or -1. */
static long first_diff(int p)
{
    const bv_t *e = &port_exp[p], *a = &port_act[p];
    unsigned nw = (port_width[p] + 31) / 32;
    for (unsigned i = 0; i < nw; i++) {
        uint32_t x = e->v[i] ^ a->v[i];
        if (i == nw - 1 && port_width[p] % 32) x &= (1u << (port_width[p] % 32)) - 1;
        if (x) {
            unsigned bit = i * 32;
            while (!(x & 1u)) { x >>= 1; bit++; }
            return (long)bit;
        }
    }
    return -1;
}

/* ---- one run ------------------------------------------------------------------------ */

typedef struct {
    const cfg_t *c;
    const drv_keys *k;       /* the driver's keys (workload, hints, latencies) */
    const gpu_cfg *mc;       /* the machine's keys: the trace feeder's (gpu/gfeed.h) */
    const opts_t *o;
    unsigned long long hash;
    sc_t *m;
    drv_t *d;
    gfeed_t *f;              /* trace runs: the GPU's block scheduler feeding t */
    tsrc_t *t;
    adv_t *a;
    vg_t *v;
    cov_t *cov;
    /* first failure */
    long fail_cycle;
    unsigned long done_cycles; /* trace runs: cycles to completion */
} run_t;

static int run_open(run_t *r)
{
    r->m = sc_create(r->c);
    if (r->o->trace) {
        char terr[RUN_ERR_LEN] = "";
        run_opts ro = {0};
        ro.trace = r->o->trace;
        ro.hint_file = r->o->hints;
        ro.max_blocks = r->o->blocks;
        ro.values = 1; /* a tracer-6 trace's register values, where it has them */
        if (!(r->f = gfeed_open(r->mc, &ro, terr))) {
            fprintf(stderr, PROG ": %s\n", terr);
            return -2;
        }
        r->t = gfeed_source(r->f);
        r->d = drv_create_src(r->c, r->k, tsrc_iface(r->t));
    } else {
        r->d = r->o->adversarial ? NULL : drv_create(r->c, r->k);
    }
    r->a = r->o->adversarial ? adv_create(r->c, r->o->seed) : NULL;
    r->v = vg_new();
    return (r->m && (r->d || r->a) && r->v) ? 0 : -1;
}

static void run_close(run_t *r)
{
    sc_destroy(r->m);
    drv_destroy(r->d);
    gfeed_close(r->f); /* and its source r->t */
    r->f = NULL;
    r->t = NULL;
    adv_destroy(r->a);
    vg_free(r->v);
    r->m = NULL; r->d = NULL; r->a = NULL; r->v = NULL;
}

static void rtl_reset(vg_t *v)
{
    rtl_set(v, VG_CLK, 0);
    rtl_set(v, VG_RST_N, 0);
    for (int p = 0; p < VG_NPORTS; p++) {
        if (!mlk_port_driven(p)) continue;
        bv_clear(&port_exp[p]);
        vg_set(v, p, port_exp[p].v);
    }
    vg_eval(v);
    rtl_set(v, VG_CLK, 1);
    vg_eval(v);
    rtl_set(v, VG_CLK, 0);
    vg_eval(v);
    rtl_set(v, VG_RST_N, 1);
    vg_eval(v);
}

static void report_header(long cycle, const char *what)
{
    printf("cosim: FAIL first mismatch\n");
    printf("  cycle     %ld (%s)\n", cycle, what);
}

static void report_tail(const run_t *r)
{
    printf("  seed      %lu\n  mode      %s\n  config    %s\n  hash      %016llx\n",
           r->o->seed, r->o->adversarial ? "adversarial" : "legal",
           r->o->config ? r->o->config : "(defaults)", r->hash);
}

static void report_port(const run_t *r, long cycle, int p, long bit)
{
    unsigned ew = port_elem[p], el = (unsigned)bit / ew;
    report_header(cycle, "outputs before the rising edge");
    if (ew != port_width[p])
        printf("  signal    %s[element %u] (bits %u +: %u; first differing bit %ld)\n",
               vg_name(p), el, el * ew, ew, bit);
    else
        printf("  signal    %s (first differing bit %ld)\n", vg_name(p), bit);
    printf("  expected  ");
    bv_hex(port_exp[p].v, el * ew, ew, stdout);
    printf("  (model)\n  actual    ");
    bv_hex(port_act[p].v, el * ew, ew, stdout);
    printf("  (RTL)\n");
    report_tail(r);
}

static void report_dbg(const run_t *r, long cycle, long bit)
{
    char name[128] = "?";
    unsigned lsb = (unsigned)bit, w = 1;
    sc_dbg_field(r->m, (unsigned)bit, name, sizeof name, &lsb, &w);
    report_header(cycle, "state after the rising edge");
    printf("  signal    dbg_state_o.%s (bits %u +: %u; first differing bit %ld)\n", name, lsb,
           w, bit);
    printf("  expected  ");
    bv_hex(port_exp[VG_DBG_STATE].v, lsb, w, stdout);
    printf("  (model)\n  actual    ");
    bv_hex(port_act[VG_DBG_STATE].v, lsb, w, stdout);
    printf("  (RTL)\n");
    report_tail(r);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Run the lockstep loop for `cycles` cycles. report = 1: print the first mismatch.
 * trace_from >= 0: VCD dumping for cycles >= trace_from (already opened).
 * Returns 0 pass, 1 mismatch (r->fail_cycle set), 2 model-side violation. */
static int run_loop(run_t *r, unsigned long cycles, long trace_from, int report)
{
    sc_in in;
    sc_out out;
    char msg[512];
    unsigned dbgw = port_width[VG_DBG_STATE];

    rtl_reset(r->v);
    /* the state right after reset */
    long bit = -1;
    if (!r->o->outputs_only) {
        vg_get(r->v, VG_DBG_STATE, port_act[VG_DBG_STATE].v);
        bv_clear(&port_exp[VG_DBG_STATE]);
        sc_dbg_pack(r->m, port_exp[VG_DBG_STATE].v);
        bit = first_diff(VG_DBG_STATE);
    }
    if (bit >= 0) {
        r->fail_cycle = -1;
        if (report) report_dbg(r, -1, bit);
        return 1;
    }
    (void)dbgw;
    for (unsigned long t = 0; t < cycles; t++) {
        int tracing = trace_from >= 0 && (long)t >= trace_from;
        if (r->f) {
            char terr[RUN_ERR_LEN];
            if (gfeed_done(r->f) && drv_idle(r->d)) {
                r->done_cycles = t;
                return 0;
            }
            if (gfeed_tick(r->f, terr)) {
                r->fail_cycle = (long)t;
                if (report) printf("cosim: FAIL trace input: %s\n", terr);
                return 3;
            }
        }
        if (r->d) drv_inputs(r->d, &in);
        else adv_inputs(r->a, &in);
        memset(&out, 0, sizeof out);
        if (r->cov) cov_pre(r->cov, r->m);
        sc_step(r->m, &in, &out);
        if (r->cov) cov_post(r->cov, r->m, &in, &out);
        pack_inputs(&in);
        if (r->o->activity && report) activity_sample();
        pack_outputs(&out);
        rtl_apply_inputs(r->v);
        vg_eval(r->v);
        if (tracing) vg_trace_dump(r->v, (uint64_t)t * 10);
        for (int p = 0; p < VG_NPORTS; p++) {
            if (!mlk_port_compared(p)) continue;
            vg_get(r->v, p, port_act[p].v);
            bit = first_diff(p);
            if (bit >= 0) {
                r->fail_cycle = (long)t;
                if (report) report_port(r, (long)t, p, bit);
                if (tracing) {
                    rtl_set(r->v, VG_CLK, 1);
                    vg_eval(r->v);
                    vg_trace_dump(r->v, (uint64_t)t * 10 + 5);
                }
                return 1;
            }
        }
        rtl_set(r->v, VG_CLK, 1);
        vg_eval(r->v);
        if (tracing) vg_trace_dump(r->v, (uint64_t)t * 10 + 5);
        bit = -1;
        if (!r->o->outputs_only) {
            vg_get(r->v, VG_DBG_STATE, port_act[VG_DBG_STATE].v);
            bv_clear(&port_exp[VG_DBG_STATE]);
            sc_dbg_pack(r->m, port_exp[VG_DBG_STATE].v);
            bit = first_diff(VG_DBG_STATE);
        }
        if (bit >= 0) {
            r->fail_cycle = (long)t;
            if (report) report_dbg(r, (long)t, bit);
            return 1;
        }
        rtl_set(r->v, VG_CLK, 0);
        if (r->d) {
            if (drv_consume(r->d, &in, &out) != 0) {
                r->fail_cycle = (long)t;
                if (report)
                    printf("cosim: FAIL model-side violation at cycle %lu (driver): %s\n", t,
                           drv_error(r->d));
                return 2;
            }
            if (sc_check_invariants(r->m, msg, sizeof msg) != 0) {
                r->fail_cycle = (long)t;
                if (report)
                    printf("cosim: FAIL model-side violation at cycle %lu (invariant): %s\n",
                           t, msg);
                return 2;
            }
        }
    }
    return 0;
}

/* ---- options ------------------------------------------------------------------------ */


static int parse_rest(char **rest, int nrest, char *argv0, opts_t *o)
{
    for (int i = 0; i < nrest; i++) {
        const char *a = rest[i];
        if (a == argv0) continue;
        const char *eq = strchr(a, '=');
        char key[32];
        size_t kl = eq ? (size_t)(eq - a) : strlen(a);
        if (kl >= sizeof key) kl = sizeof key - 1;
        memcpy(key, a, kl);
        key[kl] = '\0';
        if (strcmp(a, "--outputs-only") == 0) {
            o->outputs_only = 1;
            continue;
        }
        if (strcmp(a, "--brief") == 0) {
            o->brief = 1;
            continue;
        }
        const char *v = eq ? eq + 1 : (i + 1 < nrest ? rest[i + 1] : NULL);
        int consumed = eq ? 0 : 1;
        if (!v) {
            fprintf(stderr, PROG ": %s: missing value\n", key);
            return 2;
        }
        if (strcmp(key, "--cycles") == 0) o->cycles = strtoul(v, NULL, 0);
        else if (strcmp(key, "--seed") == 0) o->seed = strtoul(v, NULL, 0);
        else if (strcmp(key, "--bench") == 0) o->bench = strtoul(v, NULL, 0);
        else if (strcmp(key, "--vcd-dir") == 0) o->vcd_dir = v;
        else if (strcmp(key, "--waves") == 0) o->waves = v;
        else if (strcmp(key, "--trace") == 0) o->trace = v;
        else if (strcmp(key, "--hints") == 0) o->hints = v;
        else if (strcmp(key, "--blocks") == 0) o->blocks = strtoul(v, NULL, 0);
        else if (strcmp(key, "--activity") == 0) o->activity = v;
        else if (strcmp(key, "--mode") == 0) {
            if (strcmp(v, "legal") == 0) o->adversarial = 0;
            else if (strcmp(v, "adversarial") == 0) o->adversarial = 1;
            else {
                fprintf(stderr, PROG ": --mode: '%s' (allowed: legal, adversarial)\n", v);
                return 2;
            }
        } else {
            fprintf(stderr, PROG ": unknown option '%s' (allowed: --config, --set, --cycles, "
                            "--seed, --mode, --vcd-dir, --waves, --bench, --trace, --hints, "
                            "--blocks, --outputs-only, --brief, --activity)\n", a);
            return 2;
        }
        i += consumed;
    }
    return 0;
}

/* ---- bench -------------------------------------------------------------------------- */

static int bench(run_t *r, unsigned long n)
{
    /* 1: model + driver alone, recording the packed inputs */
    unsigned nin = 0;
    for (int p = 0; p < VG_NPORTS; p++) if (mlk_port_driven(p)) nin += port_exp[p].words;
    uint32_t *rec = malloc(sizeof(uint32_t) * nin * n);
    if (!rec) return 2;
    sc_in in;
    sc_out out;
    double t0 = now_s();
    for (unsigned long t = 0; t < n; t++) {
        if (r->d) drv_inputs(r->d, &in);
        else adv_inputs(r->a, &in);
        sc_step(r->m, &in, &out);
        if (r->d) drv_consume(r->d, &in, &out);
    }
    double t_model = now_s() - t0;
    /* record (not timed): same inputs again from a fresh model + driver */
    run_close(r);
    if (run_open(r)) return 2;
    for (unsigned long t = 0; t < n; t++) {
        if (r->d) drv_inputs(r->d, &in);
        else adv_inputs(r->a, &in);
        sc_step(r->m, &in, &out);
        if (r->d) drv_consume(r->d, &in, &out);
        pack_inputs(&in);
        uint32_t *q = rec + (size_t)t * nin;
        for (int p = 0; p < VG_NPORTS; p++) {
            if (!mlk_port_driven(p)) continue;
            memcpy(q, port_exp[p].v, sizeof(uint32_t) * port_exp[p].words);
            q += port_exp[p].words;
        }
    }
    /* 2: RTL alone on the recorded inputs */
    rtl_reset(r->v);
    t0 = now_s();
    for (unsigned long t = 0; t < n; t++) {
        const uint32_t *q = rec + (size_t)t * nin;
        for (int p = 0; p < VG_NPORTS; p++) {
            if (!mlk_port_driven(p)) continue;
            vg_set(r->v, p, q);
            q += port_exp[p].words;
        }
        vg_eval(r->v);
        for (int p = 0; p < VG_NPORTS; p++) if (mlk_port_compared(p)) vg_get(r->v, p, port_act[p].v);
        rtl_set(r->v, VG_CLK, 1);
        vg_eval(r->v);
        rtl_set(r->v, VG_CLK, 0);
    }
    double t_rtl = now_s() - t0;
    free(rec);
    /* 3: lockstep */
    run_close(r);
    if (run_open(r)) return 2;
    t0 = now_s();
    int rc = run_loop(r, n, -1, 1);
    double t_lock = now_s() - t0;
    printf("bench cycles %lu\n", n);
    printf("bench model_cycles_per_second %.0f\n", (double)n / t_model);
    printf("bench rtl_cycles_per_second %.0f\n", (double)n / t_rtl);
    printf("bench lockstep_cycles_per_second %.0f\n", (double)n / t_lock);
    return rc ? 1 : 0;
}

/* ---- main --------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    static sim_cfg s; /* the whole configuration: the model's keys and the driver's */
    char err[CFG_ERR_LEN] = "";
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    int nrest = 0;
    opts_t o = {0};

    if (!rest) return 2;
    if (simcfg_from_args(&s, argc, argv, rest, &nrest, err) != 0) {
        fprintf(stderr, PROG ": %s\n", err);
        return 2;
    }
    cfg_t c = s.m.hw;
    drv_keys *k = &s.m.drv;
    o.seed = k->wl_seed;
    int rc = parse_rest(rest, nrest, argv[0], &o);
    free(rest);
    if (rc) return rc;
    if (o.trace && o.adversarial) {
        fprintf(stderr, PROG ": --trace runs legal traffic (drop --mode adversarial)\n");
        return 2;
    }
    if (o.cycles == 0) o.cycles = o.trace ? 4000000000UL : k->wl_cycles;
    k->wl_seed = o.seed;
    o.config = cli_config_path(argc, argv);

    run_t r = {0};
    r.c = &c;
    r.k = k;
    r.mc = &s.m;
    r.o = &o;
    r.hash = cfg_hash(&c);
#ifdef COSIM_HASH
    if (r.hash != COSIM_HASH) {
        fprintf(stderr, PROG ": configuration hash %016llx differs from the RTL this binary "
                        "was built for (%016llx)\n", r.hash, (unsigned long long)COSIM_HASH);
        return 2;
    }
#endif
    rc = run_open(&r);
    if (rc) {
        if (rc == -1) fprintf(stderr, PROG ": out of memory\n");
        run_close(&r);
        return 2;
    }
    setup_widths(&c);
    if (alloc_ports()) return 2;
    if (o.bench) {
        rc = bench(&r, o.bench);
        run_close(&r);
        return rc;
    }
    r.cov = cov_create(r.m);
    if (o.waves && vg_trace_open(r.v, o.waves) != 0)
        fprintf(stderr, PROG ": --waves: this binary was built without --trace\n");

    double t0 = now_s();
    rc = run_loop(&r, o.cycles, o.waves ? 0 : -1, 1);
    double secs = now_s() - t0;
    vg_trace_close(r.v);
    if (rc == 0 && o.trace && r.done_cycles == 0) {
        printf("cosim: FAIL trace %s did not complete in %lu cycles\n", o.trace, o.cycles);
        rc = 2;
    } else if (rc == 0) {
        unsigned long ran = o.trace ? r.done_cycles : o.cycles;
        printf("cosim: PASS config=%s mode=%s%s cycles=%lu seed=%lu seconds=%.2f "
               "cycles_per_second=%.0f",
               o.config ? o.config : "(defaults)", o.adversarial ? "adversarial" : "legal",
               o.outputs_only ? " outputs-only" : "",
               ran, o.seed, secs, secs > 0 ? (double)ran / secs : 0.0);
        if (o.trace)
            printf(" trace=%s instructions=%llu operand_checks=%llu", o.trace,
                   (unsigned long long)tsrc_get_counts(r.t)->insts,
                   (unsigned long long)drv_get_counts(r.d)->operand_checks);
        if (o.trace && tsrc_get_counts(r.t)->val_insts) /* a tracer-6 trace's own values */
            printf(" wb_trace_values=%llu src_trace_checks=%llu src_trace_diffs=%llu",
                   (unsigned long long)drv_get_counts(r.d)->wb_trace_values,
                   (unsigned long long)drv_get_counts(r.d)->src_trace_checks,
                   (unsigned long long)drv_get_counts(r.d)->src_trace_diffs);
        if (o.activity && activity_write(o.activity, o.trace ? o.trace : (o.adversarial ? "adversarial inputs" : "the synthetic workload")))
            rc = 2;
        if (o.brief) {
            cov_brief(r.cov, stdout);
            printf("\n");
        } else {
            printf("\n");
            stats_print(sc_stats_get(r.m), &c, stdout);
            cov_print(r.cov, stdout);
        }
    } else if (rc == 1) {
        long fc = r.fail_cycle;
        printf("cosim: re-run this case:");
        for (int i = 0; i < argc; i++) printf(" %s", argv[i]);
        printf("\n");
        const char *dir = o.vcd_dir ? o.vcd_dir : ".";
        char path[1024];
        snprintf(path, sizeof path, "%s/fail_%lu.vcd", dir, o.seed);
        if (!vg_can_trace()) {
            printf("cosim: no VCD (binary built without --trace); rerun traced for %s\n",
                   path);
        } else {
            cov_destroy(r.cov);
            r.cov = NULL;
            run_close(&r);
            if (run_open(&r) || vg_trace_open(r.v, path) != 0) {
                printf("cosim: could not write %s\n", path);
            } else {
                long from = fc - COSIM_VCD_WINDOW + 1;
                if (from < 0) from = 0;
                run_loop(&r, (unsigned long)(fc + 1), from, 0);
                vg_trace_close(r.v);
                printf("cosim: VCD of cycles %ld..%ld (time = 10*cycle, edge at +5): %s\n",
                       from, fc, path);
            }
        }
    } else if (rc == 3) {
        rc = 2; /* bad trace input: reported above */
    } else {
        rc = 1;
    }
    fflush(stdout);
    cov_destroy(r.cov);
    run_close(&r);
    return rc;
}
