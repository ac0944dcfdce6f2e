/* test_power.c - the gate-level power engine (power/) on toy libraries, netlists and dumps
 * whose energies are worked out by hand in the comments: the clock pins of N free-running
 * flip-flops, N flip-flops behind one clock gate whose enable is on a known share of the
 * cycles, an inverter chain's 1/2 C V^2 per toggle, table interpolation, the clock-tree
 * model, the categories, and every reader's bad input (one "file:line: expected" line). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib.h"
#include "net.h"
#include "pwr.h"
#include "tt.h"
#include "vcd.h"

#define NEAR(a, b) do { double n_a_ = (a), n_b_ = (b); if (!(fabs(n_a_ - n_b_) <= 1e-9 + 1e-6 * fabs(n_b_))) { fprintf(stderr, "  %s:%d: %s = %.9g, expected %.9g\n", __FILE__, __LINE__, #a, n_a_, n_b_); tt_failed_now++; } } while (0)

static char dir[64];

static const char *path(const char *name)
{
    static char p[4][256];
    static int k;
    k = (k + 1) % 4;
    snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
    return p[k];
}

static void put(const char *name, const char *text)
{
    FILE *f = fopen(path(name), "w");
    if (!f) { perror(name); exit(2); }
    fputs(text, f);
    fclose(f);
}

/* 1.8 V, wire loads of zero capacitance; INV: A 2 fF, Y 4 + 2 fJ per rise / fall, 2 nW;
 * DFF: CLK 1 fF and 20 / 30 fJ per rise / fall at 0.05 ns (40 / 50 at 1.05 ns), D 1 fF;
 * ICG: CLK 3 fF and 10 / 10 fJ, GCLK 6 / 4 fJ; BUF (the clock tree): A 2 fF, 5 / 5 fJ, 0.1 ns */
static const char *toy_lib =
    "/* a toy library */\n"
    "library (toy) {\n"
    "  time_unit : \"1ns\"; voltage_unit : \"1V\"; leakage_power_unit : \"1nW\";\n"
    "  capacitive_load_unit (1, pf);\n"
    "  nom_voltage : 1.8;\n"
    "  wire_load (\"zero\") { capacitance : 0; slope : 0; fanout_length (1, 0); }\n"
    "  default_wire_load : \"zero\";\n"
    "  power_lut_template (p1) { variable_1 : input_transition_time; index_1 (\"0.05, 1.05\"); }\n"
    "  power_lut_template (p2) { variable_1 : total_output_net_capacitance; variable_2 : input_transition_time; }\n"
    "  cell (INV) { area : 1; cell_leakage_power : 2.0;\n"
    "    pin (A) { direction : input; capacitance : 0.002; }\n"
    "    pin (Y) { direction : output; function : \"!A\";\n"
    "      internal_power () { related_pin : \"A\"; rise_power (scalar) { values (\"0.004\"); } fall_power (scalar) { values (\"0.002\"); } }\n"
    "      timing () { related_pin : \"A\"; rise_transition (scalar) { values (\"0.05\"); } fall_transition (scalar) { values (\"0.05\"); } } } }\n"
    "  cell (DFF) { area : 5; ff (IQ, IQN) { clocked_on : \"CLK\"; next_state : \"D\"; }\n"
    "    pin (CLK) { direction : input; clock : true; capacitance : 0.001;\n"
    "      internal_power () { rise_power (p1) { values (\"0.02, 0.04\"); } fall_power (p1) { values (\"0.03, 0.05\"); } } }\n"
    "    pin (D) { direction : input; capacitance : 0.001; }\n"
    "    pin (Q) { direction : output; function : \"IQ\";\n"
    "      timing () { related_pin : \"CLK\"; rise_transition (scalar) { values (\"0.1\"); } fall_transition (scalar) { values (\"0.1\"); } } } }\n"
    "  cell (ICG) { clock_gating_integrated_cell : \"latch_posedge\";\n"
    "    pin (CLK) { direction : input; clock : true; capacitance : 0.003;\n"
    "      internal_power () { rise_power (scalar) { values (\"0.01\"); } fall_power (scalar) { values (\"0.01\"); } } }\n"
    "    pin (GATE) { direction : input; capacitance : 0.001; }\n"
    "    pin (GCLK) { direction : output;\n"
    "      internal_power () { related_pin : \"CLK\"; rise_power (scalar) { values (\"0.006\"); } fall_power (scalar) { values (\"0.004\"); } }\n"
    "      timing () { related_pin : \"CLK\"; rise_transition (scalar) { values (\"0.2\"); } fall_transition (scalar) { values (\"0.2\"); } } } }\n"
    "  cell (BUF) { area : 2;\n"
    "    pin (A) { direction : input; capacitance : 0.002; }\n"
    "    pin (X) { direction : output; function : \"A\";\n"
    "      internal_power () { related_pin : \"A\"; rise_power (scalar) { values (\"0.005\"); } fall_power (scalar) { values (\"0.005\"); } }\n"
    "      timing () { related_pin : \"A\"; rise_transition (scalar) { values (\"0.1\"); } fall_transition (scalar) { values (\"0.1\"); } } } }\n"
    "  cell (NAND2) { area : 1;\n"
    "    pin (A) { direction : input; capacitance : 0.001; }\n"
    "    pin (B) { direction : input; capacitance : 0.001; }\n"
    "    pin (Y) { direction : output; function : \"!(A&B)\";\n"
    "      internal_power () { related_pin : \"A\"; rise_power (scalar) { values (\"0.004\"); } fall_power (scalar) { values (\"0.004\"); } }\n"
    "      internal_power () { related_pin : \"B\"; rise_power (scalar) { values (\"0.010\"); } fall_power (scalar) { values (\"0.010\"); } } } }\n"
    "  cell (TAB) { area : 1;\n"
    "    pin (A) { direction : input; capacitance : 0.001; }\n"
    "    pin (Y) { direction : output;\n"
    "      internal_power () { related_pin : \"A\";\n"
    "        rise_power (p2) { index_1 (\"0.0, 1.0\"); index_2 (\"0.0, 2.0\"); values (\"1, 3\", \"5, 7\"); }\n"
    "        fall_power (p2) { index_1 (\"0.0, 1.0\"); index_2 (\"0.0, 2.0\"); values (\"1, 3\", \"5, 7\"); } } } }\n"
    "}\n";

static const double V2 = 1.8 * 1.8;

/* a dump of scope "top" with one-bit variables names[i], variable i toggling toggles[i]
 * times (at steps 1, 2, ... of 5 ns), all starting at 0; the clock variable first */
static void dump(const char *file, int n, const char *const *names, const int *toggles, int steps)
{
    FILE *f = fopen(path(file), "w");
    if (!f) exit(2);
    fprintf(f, "$timescale 1ns $end\n$scope module TOP $end\n$scope module top $end\n");
    for (int i = 0; i < n; i++) fprintf(f, "$var wire 1 %c %s $end\n", '!' + i, names[i]);
    fprintf(f, "$upscope $end\n$upscope $end\n$enddefinitions $end\n#0\n$dumpvars\n");
    for (int i = 0; i < n; i++) fprintf(f, "0%c\n", '!' + i);
    fprintf(f, "$end\n");
    for (int s = 1; s <= steps; s++) {
        fprintf(f, "#%d\n", 5 * s);
        for (int i = 0; i < n; i++) if (s <= toggles[i]) fprintf(f, "%d%c\n", s % 2, '!' + i);
    }
    fclose(f);
}

static pw_opts opts(void)
{
    pw_opts o = { .period_ns = 10.0, .clock = "clk", .tree_fanout = 16, .storage = "u_data", .operand = "dout" };
    return o;
}

/* run the engine on netlist file nf and dump df */
static int run(const char *nf, const char *df, const pw_opts *o, pw_result *r, char *err, size_t n)
{
    pw_lib *l = pw_lib_read(path("toy.lib"), err, n);
    if (!l) return -1;
    pw_netlist *nl = pw_net_read(path(nf), NULL, err, n);
    if (!nl) { pw_lib_free(l); return -1; }
    pw_activity *a = pw_vcd_read(path(df), "top", err, n);
    int rc = a ? pw_power(l, nl, a, o, r, err, n) : -1;
    pw_vcd_free(a); pw_net_free(nl); pw_lib_free(l);
    return rc;
}

static void test_lookup(void)
{
    char err[256];
    pw_lib *l = pw_lib_read(path("toy.lib"), err, sizeof err);
    TT_CHECK(l != NULL);
    if (!l) { fprintf(stderr, "  %s\n", err); return; }
    TT_EQ(l->ncell, 6);
    NEAR(l->volt, 1.8);
    NEAR(l->leak_unit_w, 1e-9);
    const pw_cell *t = pw_lib_cell(l, "TAB");
    const pw_table *tb = &pw_cell_pin(t, "Y")->ip[0].rise;
    /* p2 puts the load first: transposed, x1 = slew (0, 2), x2 = load (0, 1); v(s, c) =
     * 1 + s + 4 c: at (1, 0.5): 1 + 1 + 2 = 4; beyond the table (s = 4, c = 0): 5 */
    NEAR(pw_lookup(l, tb, 1.0, 0.5), 4.0);
    TT_EQ(l->extrapolated, 0);
    NEAR(pw_lookup(l, tb, 4.0, 0.0), 5.0);
    TT_EQ(l->extrapolated, 1);
    TT_EQ(pw_lib_cell(l, "DFF")->kind, PW_FF);
    TT_EQ(pw_lib_cell(l, "ICG")->kind, PW_ICG);
    TT_CHECK(pw_cell_pin(pw_lib_cell(l, "DFF"), "CLK")->clock);
    pw_lib_free(l);
}

/* four free-running flip-flops, ten cycles: clock pins 4 x 10 x (0.02 + 0.03) = 2.0 pJ;
 * the clock net 20 toggles x 1/2 x 4 fF x 1.8^2 = 0.1296 pJ; Q never toggles */
static void test_ungated_flops(void)
{
    put("ff.v", "module top(clk, d);\n  input clk;\n  input d;\n  wire q0, q1, q2, q3;\n"
                "  DFF \\u_data.r0 (.CLK(clk), .D(d), .Q(q0));\n  DFF \\u_data.r1 (.CLK(clk), .D(d), .Q(q1));\n"
                "  DFF \\u_data.r2 (.CLK(clk), .D(d), .Q(q2));\n  DFF \\u_data.r3 (.CLK(clk), .D(d), .Q(q3));\nendmodule\n");
    const char *nm[] = { "clk", "d" };
    int tg[] = { 20, 0 };
    dump("ff.vcd", 2, nm, tg, 20);
    pw_opts o = opts();
    pw_result r;
    char err[256];
    TT_EQ(run("ff.v", "ff.vcd", &o, &r, err, sizeof err), 0);
    TT_EQ(r.cycles, 10);
    TT_EQ(r.flops, 4);
    NEAR(r.cat[PW_CLOCK_PINS].internal, 2.0);
    NEAR(r.cat[PW_CLOCK_NET].switching, 20 * 0.5 * 0.004 * V2);
    NEAR(pw_e_sum(&r.cat[PW_STORAGE]), 0);
    NEAR(pw_e_sum(&r.total), 2.0 + 20 * 0.5 * 0.004 * V2);
    TT_EQ(r.nets_no_activity, 4);   /* q0..q3 are not in the dump */
    /* all four are storage (u_data): their clock pins and the whole clock net */
    TT_EQ(r.storage_regs, 4);
    NEAR(r.storage_clock_pins, 2.0);
    NEAR(r.storage_clock_net, 20 * 0.5 * 0.004 * V2);
    pw_result_free(&r);
}

/* eight flip-flops behind one clock gate, enabled 3 of 10 cycles (6 toggles of gclk):
 * clock pins 8 x 3 x (0.023 + 0.033) = 1.344 pJ (the gate's 0.2 ns output slew: 20 + 0.15 x
 * 20 fJ rising, 30 + 0.15 x 20 falling); the gate's CLK 20 / 2 x 0.02 = 0.2, its GCLK 6 / 2 x
 * 0.01 = 0.03; gclk's net 6 x 1/2 x 8 fF x V^2, clk's 20 x 1/2 x 3 fF x V^2; the enable's
 * net 2 toggles x 1/2 x 1 fF x V^2 (an input port's net: priced with its first sink) */
static void test_gated_flops(void)
{
    char v[4096];
    int k = snprintf(v, sizeof v, "module top(clk, en, d);\n  input clk;\n  input en;\n  input d;\n  wire gclk;\n"
                                  "  ICG \\u_data.cg (.CLK(clk), .GATE(en), .GCLK(gclk));\n");
    for (int i = 0; i < 8; i++) k += snprintf(v + k, sizeof v - (size_t)k, "  DFF \\u_data.r%d (.CLK(gclk), .D(d), .Q());\n", i);
    snprintf(v + k, sizeof v - (size_t)k, "endmodule\n");
    put("icg.v", v);
    const char *nm[] = { "clk", "gclk", "en", "d" };
    int tg[] = { 20, 6, 2, 0 };
    dump("icg.vcd", 4, nm, tg, 20);
    pw_opts o = opts();
    pw_result r;
    char err[256];
    TT_EQ(run("icg.v", "icg.vcd", &o, &r, err, sizeof err), 0);
    TT_EQ(r.gates, 1);
    NEAR(r.cat[PW_CLOCK_PINS].internal, 8 * 3 * (0.023 + 0.033));
    NEAR(r.cat[PW_CLOCK_NET].internal, 0.2 + 0.03);
    NEAR(r.cat[PW_CLOCK_NET].switching, 6 * 0.5 * 0.008 * V2 + 20 * 0.5 * 0.003 * V2 + 2 * 0.5 * 0.001 * V2);
    NEAR(r.cat[PW_CLOCK_NET].switching + r.cat[PW_CLOCK_NET].internal + r.cat[PW_CLOCK_PINS].internal +
         r.cat[PW_STORAGE].switching, pw_e_sum(&r.total));
    /* the enable's net is priced with the gate it drives: the clock network */
    NEAR(pw_e_sum(&r.cat[PW_STORAGE]), 0);
    /* the gate serves storage: its own energy, and both clock nets wholly (every sink is a
     * storage register or the storage's gate) */
    TT_EQ(r.storage_regs, 8);
    TT_EQ(r.storage_gates, 1);
    NEAR(r.storage_gate_energy, 0.2 + 0.03);
    NEAR(r.storage_clock_pins, 8 * 3 * (0.023 + 0.033));
    NEAR(r.storage_clock_net, 6 * 0.5 * 0.008 * V2 + 20 * 0.5 * 0.003 * V2);
    pw_result_free(&r);
}

/* in -> INV -> n1 -> INV -> n2 -> INV -> dout (an output port of 10 fF), ten toggles each:
 * switching 10 x 1/2 x C x V^2 on in, n1, n2 (2 fF) and dout (10 fF); internal 3 x 10 / 2 x
 * (0.004 + 0.002); leakage 3 x 2 nW x 100 ns = 6e-4 pJ; all of it the operand mux (dout) */
static void test_inverter_chain(void)
{
    put("inv.v", "module top(clk, in, dout);\n  input clk;\n  input in;\n  output dout;\n  wire n1;\n  wire n2;\n"
                 "  INV u1 (.A(in), .Y(n1));\n  INV u2 (.A(n1), .Y(n2));\n  INV u3 (.A(n2), .Y(dout));\nendmodule\n");
    const char *nm[] = { "clk", "in", "n1", "n2", "dout" };
    int tg[] = { 20, 10, 10, 10, 10 };
    dump("inv.vcd", 5, nm, tg, 20);
    pw_opts o = opts();
    o.out_load = 0.010;
    pw_result r;
    char err[256];
    TT_EQ(run("inv.v", "inv.vcd", &o, &r, err, sizeof err), 0);
    double sw = 3 * 10 * 0.5 * 0.002 * V2 + 10 * 0.5 * 0.010 * V2;
    NEAR(r.total.switching, sw);
    NEAR(r.total.internal, 3 * 5 * 0.006);
    NEAR(r.total.leakage, 3 * 2e-9 * 100e-9 * 1e12);
    NEAR(pw_e_sum(&r.cat[PW_OPERAND]), pw_e_sum(&r.total));
    pw_result_free(&r);
}

/* an output with two related inputs: each group weighted by its input's toggles (A 6 times
 * at 0.008 pJ per rise + fall, B twice at 0.020: 0.011 per output pair, 4 output toggles =
 * 2 pairs = 0.022 pJ); with neither input toggling, the plain mean (0.014 per pair) */
static void test_related_pins(void)
{
    put("nand.v", "module top(clk, a, b, dout);\n  input clk;\n  input a;\n  input b;\n  output dout;\n"
                  "  NAND2 u1 (.A(a), .B(b), .Y(dout));\nendmodule\n");
    const char *nm[] = { "clk", "a", "b", "dout" };
    int tg[] = { 20, 6, 2, 4 };
    dump("nand.vcd", 4, nm, tg, 20);
    pw_opts o = opts();
    pw_result r;
    char err[256];
    TT_EQ(run("nand.v", "nand.vcd", &o, &r, err, sizeof err), 0);
    NEAR(r.total.internal, 2 * (6 * 0.008 + 2 * 0.020) / 8);
    pw_result_free(&r);
    int tg0[] = { 20, 0, 0, 4 };
    dump("nand0.vcd", 4, nm, tg0, 20);
    TT_EQ(run("nand.v", "nand0.vcd", &o, &r, err, sizeof err), 0);
    NEAR(r.total.internal, 2 * (0.008 + 0.020) / 2);
    pw_result_free(&r);
}

/* 40 flip-flops on one clock, a tree of BUF with at most 16 loads: 3 leaf buffers, each
 * priced at 40 / 3 rounded up = 14 sinks, driven by the port itself (3 loads <= 16); per
 * cycle each buffer 0.01 pJ internal (0.005 + 0.005); the leaf nets 14 x 1 fF each, the
 * root net the buffers' 3 x 2 fF; the clock pins at the buffers' 0.1 ns slew */
static void test_clock_tree(void)
{
    char v[8192];
    int k = snprintf(v, sizeof v, "module top(clk, d);\n  input clk;\n  input d;\n");
    for (int i = 0; i < 40; i++) k += snprintf(v + k, sizeof v - (size_t)k, "  DFF r%d (.CLK(clk), .D(d), .Q());\n", i);
    snprintf(v + k, sizeof v - (size_t)k, "endmodule\n");
    put("tree.v", v);
    const char *nm[] = { "clk", "d" };
    int tg[] = { 20, 0 };
    dump("tree.vcd", 2, nm, tg, 20);
    pw_opts o = opts();
    o.tree_cell = "BUF";
    pw_result r;
    char err[256];
    TT_EQ(run("tree.v", "tree.vcd", &o, &r, err, sizeof err), 0);
    TT_EQ(r.clock_tree_buffers, 3);
    TT_EQ(r.tree_buffers, 6);      /* d's 40 sinks get a tree too; d never toggles: no energy */
    NEAR(r.clock_sink_slew_ns, 0.1);
    NEAR(r.cat[PW_CLOCK_PINS].internal, 40 * 10 * (0.0 + 0.02 + (0.1 - 0.05) * 0.02 + 0.03 + (0.1 - 0.05) * 0.02));
    double sw = 20 * 0.5 * V2 * (3 * 14 * 0.001 + 3 * 0.002);
    NEAR(r.cat[PW_CLOCK_NET].switching, sw);
    NEAR(r.cat[PW_CLOCK_NET].internal, 3 * 10 * 0.01);
    pw_result_free(&r);
}

/* a vector variable: per-bit toggles, names x[i] from the declared range, x and z no toggle */
static void test_vcd_vector(void)
{
    put("vec.vcd", "$scope module TOP $end\n$scope module top $end\n$var wire 3 # x [2:0] $end\n$var wire 1 ! clk $end\n"
                   "$upscope $end\n$upscope $end\n$enddefinitions $end\n#0\nb000 #\n0!\n#5\nb101 #\n1!\n#10\nb1x0 #\n0!\n#15\nb010 #\n");
    char err[256];
    pw_activity *a = pw_vcd_read(path("vec.vcd"), "top", err, sizeof err);
    TT_CHECK(a != NULL);
    if (!a) { fprintf(stderr, "  %s\n", err); return; }
    TT_EQ(a->nbit, 4);
    /* x[0]: 0 1 0 0 -> 2; x[1]: 0 0 x 1 -> 0; x[2]: 0 1 1 0 -> 2 */
    TT_CHECK(strcmp(a->bit[0].name, "x[0]") == 0);
    TT_EQ(a->bit[0].toggles, 2);
    TT_EQ(a->bit[1].toggles, 0);
    TT_EQ(a->bit[2].toggles, 2);
    TT_EQ(a->bit[2].high, 10);     /* from 5 to 15 */
    TT_EQ(a->bit[3].toggles, 2);
    pw_vcd_free(a);
}

/* every reader's bad input: one line naming the file and the line */
static void test_bad_input(void)
{
    char err[256], want[300];
    put("bad.lib", "library (b) {\n  nom_voltage : 1.8;\n  cell (X) {\n    area : 1;\n");
    TT_CHECK(pw_lib_read(path("bad.lib"), err, sizeof err) == NULL);
    snprintf(want, sizeof want, "%s:5: expected '}'", path("bad.lib"));
    TT_CHECK(strcmp(err, want) == 0);
    put("bad2.lib", "library (b) {\n  cell (X) { pin (A) { rise_power (t) { index_1 (\"1, 2\"); values (\"1\"); } } }\n}\n");
    TT_CHECK(pw_lib_read(path("bad2.lib"), err, sizeof err) == NULL);
    put("bad.v", "module top(a);\n  input a;\n  INV u1 (.A(a), .Y(nope));\nendmodule\n");
    TT_CHECK(pw_net_read(path("bad.v"), NULL, err, sizeof err) == NULL);
    snprintf(want, sizeof want, "%s:3: expected a declared net, not 'nope'", path("bad.v"));
    TT_CHECK(strcmp(err, want) == 0);
    put("bad.vcd", "$scope module TOP $end\n$var wire 1 ! a $end\n$enddefinitions $end\n#0\n0!\n?!\n");
    TT_CHECK(pw_vcd_read(path("bad.vcd"), NULL, err, sizeof err) == NULL);
    snprintf(want, sizeof want, "%s:6: expected a time stamp or a value change", path("bad.vcd"));
    TT_CHECK(strcmp(err, want) == 0);
    TT_CHECK(pw_vcd_read(path("bad.vcd"), "nosuch", err, sizeof err) == NULL);
    TT_CHECK(pw_lib_read(path("missing.lib"), err, sizeof err) == NULL);
    /* a clock that never toggles */
    const char *nm[] = { "clk", "d" };
    int tg[] = { 0, 0 };
    dump("still.vcd", 2, nm, tg, 4);
    pw_opts o = opts();
    pw_result r;
    TT_EQ(run("ff.v", "still.vcd", &o, &r, err, sizeof err), -1);
    TT_CHECK(strstr(err, "never toggles") != NULL);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/test_power.XXXXXX");
    if (!mkdtemp(dir)) { perror("mkdtemp"); return 2; }
    put("toy.lib", toy_lib);
    TT_RUN(test_lookup);
    TT_RUN(test_ungated_flops);
    TT_RUN(test_gated_flops);
    TT_RUN(test_inverter_chain);
    TT_RUN(test_related_pins);
    TT_RUN(test_clock_tree);
    TT_RUN(test_vcd_vector);
    TT_RUN(test_bad_input);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) return 2;
    TT_EXIT();
}
