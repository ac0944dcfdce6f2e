/* power_main.c - mlk-power: gate-level power of a mapped netlist from a value change dump
 * of its simulation (power/pwr.h; docs/power.md). Prints a summary; --json writes every
 * figure. Exit 0; 2 on a bad command line or unreadable input (one line on stderr). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include "net.h"
#include "pwr.h"
#include "vcd.h"

#define PROG "mlk-power"

static void usage(FILE *f)
{
    fprintf(f, "usage: " PROG " --liberty LIB --netlist NETLIST.v --vcd DUMP --period NS\n"
               "       [--top MODULE] [--scope NAME] [--clock PORT] [--tree-cell CELL] [--tree-fanout N]\n"
               "       [--drive-cell CELL | --input-slew NS] [--out-load PF] [--storage TEXT] [--operand PORT]\n"
               "       [--instructions N] [--json FILE] [--label TEXT]\n"
               "Gate-level power: internal energy from LIB's tables at each pin's slew and load,\n"
               "switching energy 1/2 C V^2 per toggle of every net, leakage, the clock as a tree of\n"
               "--tree-cell buffers of at most --tree-fanout loads (default 16). DUMP: '-' for stdin.\n");
}

static int num(const char *opt, const char *v, double *out)
{
    char *e;
    errno = 0;
    double d = strtod(v, &e);
    if (errno || e == v || *e || d < 0) {
        fprintf(stderr, PROG ": %s: expected a non-negative number, not '%s'\n", opt, v);
        return -1;
    }
    *out = d;
    return 0;
}

static void jstr(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void je(FILE *f, const pw_e *e, double per_cycle)
{
    fprintf(f, "{\"internal_pj\": %.6g, \"switching_pj\": %.6g, \"leakage_pj\": %.6g, \"total_pj\": %.6g, \"pj_per_cycle\": %.6g}",
            e->internal, e->switching, e->leakage, pw_e_sum(e), pw_e_sum(e) * per_cycle);
}

static int cmp_mod(const void *a, const void *b)
{
    const pw_mod *x = a, *y = b;
    double u = pw_e_sum(&x->e), v = pw_e_sum(&y->e);
    if (u != v) return u < v ? 1 : -1;
    return strcmp(x->name, y->name);
}

int main(int argc, char **argv)
{
    const char *libp = NULL, *netp = NULL, *vcdp = NULL, *top = NULL, *scope = NULL, *json = NULL, *label = "";
    pw_opts o = { .clock = "clk_i", .tree_fanout = 16 };
    double insts = 0, fan = 16;
    int have_period = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) { usage(stdout); return 0; }
        if (i + 1 >= argc) { fprintf(stderr, PROG ": %s: expected a value after it (--help lists the options)\n", a); return 2; }
        const char *v = argv[++i];
        if (strcmp(a, "--liberty") == 0) libp = v;
        else if (strcmp(a, "--netlist") == 0) netp = v;
        else if (strcmp(a, "--vcd") == 0) vcdp = v;
        else if (strcmp(a, "--top") == 0) top = v;
        else if (strcmp(a, "--scope") == 0) scope = v;
        else if (strcmp(a, "--clock") == 0) o.clock = v;
        else if (strcmp(a, "--tree-cell") == 0) o.tree_cell = v;
        else if (strcmp(a, "--drive-cell") == 0) o.drive_cell = v;
        else if (strcmp(a, "--storage") == 0) o.storage = v;
        else if (strcmp(a, "--operand") == 0) o.operand = v;
        else if (strcmp(a, "--json") == 0) json = v;
        else if (strcmp(a, "--label") == 0) label = v;
        else if (strcmp(a, "--period") == 0) { if (num(a, v, &o.period_ns)) return 2; have_period = 1; }
        else if (strcmp(a, "--out-load") == 0) { if (num(a, v, &o.out_load)) return 2; }
        else if (strcmp(a, "--input-slew") == 0) { if (num(a, v, &o.input_slew)) return 2; }
        else if (strcmp(a, "--instructions") == 0) { if (num(a, v, &insts)) return 2; }
        else if (strcmp(a, "--tree-fanout") == 0) {
            if (num(a, v, &fan)) return 2;
            if (fan < 2 || fan > 1000 || fan != (int)fan) { fprintf(stderr, PROG ": --tree-fanout: expected a whole number from 2 to 1000, not '%s'\n", v); return 2; }
        } else { fprintf(stderr, PROG ": unknown option '%s' (--help lists the options)\n", a); return 2; }
    }
    o.tree_fanout = (int)fan;
    if (!libp || !netp || !vcdp || !have_period || o.period_ns <= 0) {
        fprintf(stderr, PROG ": --liberty, --netlist, --vcd and a positive --period are required (--help)\n");
        return 2;
    }
    char err[1024];
    /* the dump first: a simulator writing into a FIFO waits for its reader */
    FILE *vf = strcmp(vcdp, "-") == 0 ? stdin : fopen(vcdp, "r");
    if (!vf) { fprintf(stderr, PROG ": %s: cannot read the value change dump\n", vcdp); return 2; }
    pw_lib *lib = pw_lib_read(libp, err, sizeof err);
    if (!lib) { fprintf(stderr, PROG ": %s\n", err); return 2; }
    pw_netlist *nl = pw_net_read(netp, top, err, sizeof err);
    if (!nl) { fprintf(stderr, PROG ": %s\n", err); pw_lib_free(lib); return 2; }
    pw_activity *act = pw_vcd_read_stream(vf, vcdp, scope ? scope : nl->top, err, sizeof err);
    if (vf != stdin) fclose(vf);
    if (!act) { fprintf(stderr, PROG ": %s\n", err); pw_net_free(nl); pw_lib_free(lib); return 2; }
    pw_result r;
    if (pw_power(lib, nl, act, &o, &r, err, sizeof err)) {
        fprintf(stderr, PROG ": %s\n", err);
        pw_vcd_free(act); pw_net_free(nl); pw_lib_free(lib);
        return 2;
    }
    qsort(r.mod, (size_t)r.nmod, sizeof *r.mod, cmp_mod);
    double per_cycle = 1.0 / (double)r.cycles, tot = pw_e_sum(&r.total);
    double mw = tot * 1e-12 / r.seconds * 1e3;
    printf("power %s: %.3f mW at %.1f MHz over %llu cycles = %.2f pJ per cycle (internal %.2f, switching %.2f, leakage %.3f)",
           nl->top, mw, 1e3 / o.period_ns, (unsigned long long)r.cycles, tot * per_cycle,
           r.total.internal * per_cycle, r.total.switching * per_cycle, r.total.leakage * per_cycle);
    if (insts > 0) printf(", %.2f pJ per instruction", tot / insts);
    printf("\n");
    for (int k = 0; k < PW_NCAT; k++)
        printf("  %-14s %10.2f pJ/cycle  %5.1f %%\n", pw_cat_name(k), pw_e_sum(&r.cat[k]) * per_cycle,
               tot > 0 ? 100 * pw_e_sum(&r.cat[k]) / tot : 0);
    printf("  cells %d (flip-flops %d, latches %d, clock gates %d), black boxes %d, nets %d (%d without activity), "
           "clock nets %d, tree buffers %d (%d on clocks; clock sink slew %.3f ns), table lookups far outside a table %d\n",
           r.cells, r.flops, r.latches, r.gates, r.blackboxes, r.nets, r.nets_no_activity, r.clock_nets,
           r.tree_buffers, r.clock_tree_buffers, r.clock_sink_slew_ns, r.extrapolated);
    int rc = 0;
    if (json) {
        char tmp[4096];
        snprintf(tmp, sizeof tmp, "%s.tmp", json);
        FILE *f = fopen(tmp, "w");
        if (!f) { fprintf(stderr, PROG ": %s: cannot write\n", json); rc = 2; }
        else {
            fprintf(f, "{\n  \"label\": "); jstr(f, label);
            fprintf(f, ",\n  \"top\": "); jstr(f, nl->top);
            fprintf(f, ",\n  \"liberty\": "); jstr(f, lib->name);
            fprintf(f, ",\n  \"period_ns\": %.6g,\n  \"cycles\": %llu,\n  \"instructions\": %.0f,\n", o.period_ns, (unsigned long long)r.cycles, insts);
            fprintf(f, "  \"power_mw\": %.6g,\n  \"pj_per_cycle\": %.6g,\n  \"pj_per_instruction\": %.6g,\n", mw, tot * per_cycle, insts > 0 ? tot / insts : 0);
            fprintf(f, "  \"total\": "); je(f, &r.total, per_cycle);
            fprintf(f, ",\n  \"categories\": {");
            for (int k = 0; k < PW_NCAT; k++) { fprintf(f, "%s\n    \"%s\": ", k ? "," : "", pw_cat_name(k)); je(f, &r.cat[k], per_cycle); }
            fprintf(f, "\n  },\n  \"modules\": [");
            for (int k = 0; k < r.nmod; k++) {
                fprintf(f, "%s\n    {\"module\": ", k ? "," : ""); jstr(f, r.mod[k].name);
                fprintf(f, ", \"cells\": %d, \"energy\": ", r.mod[k].cells); je(f, &r.mod[k].e, per_cycle); fputc('}', f);
            }
            fprintf(f, "\n  ],\n  \"cells\": %d, \"flip_flops\": %d, \"latches\": %d, \"clock_gates\": %d, \"black_boxes\": %d,\n",
                    r.cells, r.flops, r.latches, r.gates, r.blackboxes);
            fprintf(f, "  \"nets\": %d, \"nets_without_activity\": %d, \"clock_nets\": %d, \"tree_buffers\": %d, \"clock_tree_buffers\": %d,\n",
                    r.nets, r.nets_no_activity, r.clock_nets, r.tree_buffers, r.clock_tree_buffers);
            fprintf(f, "  \"storage_registers\": %d, \"storage_clock_gates\": %d, \"storage_clock_pins_pj\": %.6g, \"storage_clock_net_pj\": %.6g, \"storage_gate_pj\": %.6g,\n",
                    r.storage_regs, r.storage_gates, r.storage_clock_pins, r.storage_clock_net, r.storage_gate_energy);
            fprintf(f, "  \"clock_sink_slew_ns\": %.6g, \"extrapolated_lookups\": %d\n}\n", r.clock_sink_slew_ns, r.extrapolated);
            if (fclose(f) != 0 || rename(tmp, json) != 0) { fprintf(stderr, PROG ": %s: cannot write\n", json); remove(tmp); rc = 2; }
        }
    }
    pw_result_free(&r);
    pw_vcd_free(act); pw_net_free(nl); pw_lib_free(lib);
    return rc;
}
