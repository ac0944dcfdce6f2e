/* vecgen.c - build/vecgen: vector files for a second simulator (Icarus Verilog) of the
 * generated RTL, written by the C model on the legal driver workload.
 *
 *   vecgen [--config FILE] [--set k=v]... --cycles N --out DIR
 *
 * Runs N cycles of drv + model (as build/malekeh-sim does) and writes into DIR:
 *   in.hex        one line per cycle: every input port of that cycle, concatenated;
 *   out.hex       one line per cycle: every output port the model shows during that cycle
 *                 (before the rising edge), concatenated;
 *   tb_vectors.v  a plain Verilog-2005 test bench, module `tb`, that replays in.hex into
 *                 <prefix>_subcore and compares every output with out.hex, cycle by cycle.
 * Both .hex files are $readmemh-friendly: one hexadecimal word per line, most significant
 * digit first, ceil(width/4) digits. Port order, least significant field first (each port
 * flattened as in docs/spec.md "Top-level ports", element i at [i*w +: w]): the port
 * table's order (cmodel/mlk_ports.h), today
 *   in  = inst_valid_i, inst_src_valid_i, inst_src_reg_i, inst_src_near_i, inst_tag_i,
 *         wb_valid_i, wb_wid_i, wb_reg_i, wb_near_i, wb_data_i, disp_ready_i
 *   out = issue_valid_o, issue_wid_o, wb_ready_o, disp_valid_o, disp_wid_o, disp_tag_o,
 *         disp_src_valid_o, disp_src_data_o
 * (tb_vectors.v names them in its header).
 * The test bench reads DIR/in.hex and DIR/out.hex (paths as given to --out, relative to the
 * directory vvp runs in); plusargs +in=FILE and +out=FILE override them, +cycles=K replays
 * only the first K cycles (1 <= K <= N; other values mean N). It prints
 * `icarus: PASS cycles=N` (K with +cycles) or `icarus: FAIL mismatches=M first_cycle=C`
 * (M = cycles with any differing output bit; X/Z count as different), then $finish.
 * Exit: 0 ok; 1 the driver found a violation or a write failed; 2 usage or configuration
 * error (including an --out directory or file that cannot be created).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cfg.h"
#include "simcfg.h"
#include "bitvec.h"
#include "drv.h"
#include "mlk_ports.h"
#include "sc.h"

#define PROG "vecgen"
#define ALLOWED "--config FILE, --set key=value, --cycles N, --out DIR"

/* ---- port layout ------------------------------------------------------------------ */

/* The ports and their widths are the port table's (cmodel/mlk_ports.h): the in vector holds
 * every input a bench drives (mlk_port_driven), the out vector every compared output
 * (mlk_port_compared), each in table order. */
typedef struct {
    unsigned W, S, P;                  /* warps, slots, write-back ports */
    unsigned width[MLK_NPORTS];        /* port width */
    unsigned elem[MLK_NPORTS];         /* element width */
    unsigned lsb[MLK_NPORTS];          /* offset inside the in / out concatenation */
    unsigned in_w, out_w;              /* concatenation widths */
} layout_t;

/* Fill the port widths and offsets of configuration c. */
static void layout_init(layout_t *l, const cfg_t *c)
{
    l->W = c->warps; l->S = c->slots; l->P = c->wb_ports;
    l->in_w = l->out_w = 0;
    for (int p = 0; p < MLK_NPORTS; p++) {
        l->width[p] = mlk_port_width(c, p);
        l->elem[p] = mlk_port_elem(c, p);
        unsigned *off = mlk_port_driven(p) ? &l->in_w : mlk_port_compared(p) ? &l->out_w : NULL;
        l->lsb[p] = off ? *off : 0;
        if (off) *off += l->width[p];
    }
}

/* ---- bit vectors (uint32 words, LSB first) ------------------------------------------ */

/* Write b as one hexadecimal word (ceil(width/4) digits, MSB first) and a newline. */
static void bv_write_hex(const bv_t *b, FILE *f)
{
    unsigned nd = (b->width + 3) / 4;
    for (unsigned d = nd; d-- > 0;) {
        unsigned bit = d * 4;
        unsigned x = (b->v[bit / 32] >> (bit % 32)) & 0xfu; /* 4 | 32: never straddles */
        if (bit + 4 > b->width) x &= (1u << (b->width - bit)) - 1u;
        fputc("0123456789abcdef"[x], f);
    }
    fputc('\n', f);
}

/* ---- packing ------------------------------------------------------------------------ */

/* Element i of port p := v, in its concatenation b. */
static void put_el(const layout_t *l, bv_t *b, int p, unsigned i, uint64_t v)
{
    bv_put(b, l->lsb[p] + i * l->elem[p], l->elem[p], v);
}

/* Element i of port p := a register value (words), in its concatenation b. */
static void put_data(const layout_t *l, bv_t *b, int p, unsigned i, const uint64_t *v)
{
    bv_put_data(b, l->lsb[p] + i * l->elem[p], l->elem[p], v);
}

/* The model's inputs of one cycle -> the in concatenation. */
static void pack_inputs(const layout_t *l, const sc_in *in, bv_t *b)
{
    bv_clear(b);
    for (unsigned w = 0; w < l->W; w++) {
        put_el(l, b, MLK_P_INST_VALID, w, in->inst_valid[w]);
        put_el(l, b, MLK_P_INST_TAG, w, in->inst_tag[w]);
        for (unsigned s = 0; s < l->S; s++) {
            unsigned i = w * l->S + s;
            put_el(l, b, MLK_P_INST_SRC_VALID, i, in->inst_src_valid[w][s]);
            put_el(l, b, MLK_P_INST_SRC_REG, i, in->inst_src_reg[w][s]);
            put_el(l, b, MLK_P_INST_SRC_NEAR, i, in->inst_src_near[w][s]);
        }
    }
    for (unsigned p = 0; p < l->P; p++) {
        put_el(l, b, MLK_P_WB_VALID, p, in->wb_valid[p]);
        put_el(l, b, MLK_P_WB_WID, p, in->wb_wid[p]);
        put_el(l, b, MLK_P_WB_REG, p, in->wb_reg[p]);
        put_el(l, b, MLK_P_WB_NEAR, p, in->wb_near[p]);
        put_data(l, b, MLK_P_WB_DATA, p, in->wb_data[p]);
    }
    put_el(l, b, MLK_P_DISP_READY, 0, in->disp_ready);
}

/* The model's outputs of one cycle -> the out concatenation. */
static void pack_outputs(const layout_t *l, const sc_out *o, bv_t *b)
{
    bv_clear(b);
    put_el(l, b, MLK_P_ISSUE_VALID, 0, o->issue_valid);
    put_el(l, b, MLK_P_ISSUE_WID, 0, o->issue_wid);
    for (unsigned p = 0; p < l->P; p++) put_el(l, b, MLK_P_WB_READY, p, o->wb_ready[p]);
    put_el(l, b, MLK_P_DISP_VALID, 0, o->disp_valid);
    put_el(l, b, MLK_P_DISP_WID, 0, o->disp_wid);
    put_el(l, b, MLK_P_DISP_TAG, 0, o->disp_tag);
    for (unsigned s = 0; s < l->S; s++) {
        put_el(l, b, MLK_P_DISP_SRC_VALID, s, o->disp_src_valid[s]);
        put_data(l, b, MLK_P_DISP_SRC_DATA, s, o->disp_src_data[s]);
    }
}

/* ---- the test bench ----------------------------------------------------------------- */

/* Write s as the body of a Verilog string literal (quotes and backslashes escaped). */
static void put_vstring(const char *s, FILE *f)
{
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', f);
        fputc(*s, f);
    }
}

/* One compare statement of the checker task: field [lsb +: width] named `name`. */
static void tb_check_field(FILE *f, const char *name, unsigned lsb, unsigned width)
{
    fprintf(f, "      if (out_vec[%u +: %u] !== exp_vec[%u +: %u])\n", lsb, width, lsb, width);
    fprintf(f, "        $display(\"icarus: cycle %%0d: %s expected %%h actual %%h\", cyc,\n"
               "                 exp_vec[%u +: %u], out_vec[%u +: %u]);\n",
            name, lsb, width, lsb, width);
}

/* Zero-initialise one non-reset memory `path` (rows 0..rows-1) in the initial block. */
static void tb_zero_mem(FILE *f, const char *path, unsigned rows)
{
    fprintf(f, "    for (i = 0; i < %u; i = i + 1) %s[i] = 0;\n", rows, path);
}

/* Write tb_vectors.v for layout l, configuration c, n cycles, vector files in dir. */
static void write_tb(FILE *f, const layout_t *l, const cfg_t *c, unsigned long n,
                     const char *dir, const char *prefix)
{
    unsigned bb = 0, rb = cfg_clog2(c->regs);
    while ((1u << bb) < c->banks) bb++;
    unsigned rows = c->warps << (rb > bb ? rb - bb : 0);  /* rf_bank ROWS (gen/vars.c) */
    unsigned ne = c->caching ? c->entries : c->slots;      /* ct_data entries */

    fprintf(f, "// tb_vectors.v - written by " PROG " (tb/vecgen.c); do not edit.\n");
    fprintf(f, "// Configuration hash (FNV-1a 64): %016llx, top %s_subcore, %lu cycles.\n",
            (unsigned long long)cfg_hash(c), prefix, n);
    fprintf(f, "// Replays in.hex into the DUT and compares every output with out.hex.\n");
    for (int out = 0; out < 2; out++) {
        const char *sep = out ? "// out = {" : "// in  = {";
        for (int p = MLK_NPORTS - 1; p >= 0; p--)
            if (out ? mlk_port_compared(p) : mlk_port_driven(p)) {
                fprintf(f, "%s%s", sep, mlk_port_name(p));
                sep = ", ";
            }
        fprintf(f, "}  (MSB .. LSB)\n");
    }
    fprintf(f, "// Timing (1 unit steps, period 10): rst_ni low during [0,2); cycle c's inputs\n"
               "// at 10c+3, outputs compared at 10c+8, rising edge at 10c+10. No edge while\n"
               "// reset is low. Plusargs +in=FILE / +out=FILE override the vector files;\n"
               "// +cycles=K replays only the first K cycles (1 <= K <= N).\n");
    fprintf(f, "`timescale 1ns/1ns\nmodule tb;\n");
    fprintf(f, "  localparam N = %lu;\n  localparam IN_W = %u;\n  localparam OUT_W = %u;\n",
            n, l->in_w, l->out_w);
    fprintf(f, "  reg  [IN_W-1:0]  in_mem  [0:N-1];\n  reg  [OUT_W-1:0] out_mem [0:N-1];\n");
    fprintf(f, "  reg  [IN_W-1:0]  in_vec;\n  reg  [OUT_W-1:0] exp_vec;\n"
               "  wire [OUT_W-1:0] out_vec;\n");
    fprintf(f, "  reg  clk, rst_n;\n  reg  [8*1024-1:0] in_file, out_file;\n");
    fprintf(f, "  integer cyc, ncyc, i, mismatches, first_cycle;\n\n");
    fprintf(f, "  %s_subcore dut (\n    .clk_i(clk), .rst_ni(rst_n),\n", prefix);
    const char *sep = "";
    for (int out = 0; out < 2; out++)
        for (int p = 0; p < MLK_NPORTS; p++)
            if (out ? mlk_port_compared(p) : mlk_port_driven(p)) {
                fprintf(f, "%s    .%s(%s[%u +: %u])", sep, mlk_port_name(p),
                        out ? "out_vec" : "in_vec", l->lsb[p], l->width[p]);
                sep = ",\n";
            }
    fprintf(f, "\n  );\n\n");

    fprintf(f, "  // the model assumes the non-reset memories start at 0\n  initial begin\n");
    for (unsigned b = 0; b < c->banks; b++) {
        char path[128];
        snprintf(path, sizeof path, "dut.g_rf[%u].u_bank.mem_q", b);
        tb_zero_mem(f, path, rows);
    }
    for (unsigned k = 0; k < c->ccus; k++) {
        char path[128];
        if (c->clock_gating && !c->ct_latch) {
            /* gated flip-flop entries: one register per generate block (ct_data.vt) */
            for (unsigned e = 0; e < ne; e++)
                fprintf(f, "    dut.g_unit[%u].%s.u_data.g_entry[%u].data_q = 0;\n", k,
                        c->caching ? "u_ccu" : "u_ocu", e);
            continue;
        }
        snprintf(path, sizeof path, "dut.g_unit[%u].%s.u_data.data_q", k,
                 c->caching ? "u_ccu" : "u_ocu");
        tb_zero_mem(f, path, ne);
    }
    fprintf(f, "  end\n\n");

    fprintf(f, "  // out_vec vs exp_vec; the first bad cycle prints every differing field\n");
    fprintf(f, "  task check;\n    begin\n      if (out_vec !== exp_vec) begin\n");
    fprintf(f, "        mismatches = mismatches + 1;\n");
    fprintf(f, "        if (mismatches == 1) begin\n          first_cycle = cyc;\n");
    fprintf(f, "          report;\n        end\n      end\n    end\n  endtask\n\n");
    fprintf(f, "  task report;\n    begin\n");
    for (int p = 0; p < MLK_NPORTS; p++) {
        if (!mlk_port_compared(p))
            continue;
        if (mlk_port(p)->flags & MLK_PF_DATA) { /* register values: one check each */
            for (unsigned i = 0; i < l->width[p] / l->elem[p]; i++) {
                char name[96];
                snprintf(name, sizeof name, "%s[%s %u]", mlk_port_name(p), mlk_port(p)->unit, i);
                tb_check_field(f, name, l->lsb[p] + i * l->elem[p], l->elem[p]);
            }
        } else {
            tb_check_field(f, mlk_port_name(p), l->lsb[p], l->width[p]);
        }
    }
    fprintf(f, "    end\n  endtask\n\n");

    fprintf(f, "  initial begin\n    clk = 1'b0;\n    #10 clk = 1'b1;\n"
               "    forever #5 clk = ~clk;\n  end\n\n");
    fprintf(f, "  initial begin\n    rst_n = 1'b0;\n    in_vec = {IN_W{1'b0}};\n"
               "    mismatches = 0;\n    first_cycle = -1;\n");
    fprintf(f, "    if (!$value$plusargs(\"in=%%s\", in_file)) in_file = \"");
    put_vstring(dir, f);
    fprintf(f, "/in.hex\";\n    if (!$value$plusargs(\"out=%%s\", out_file)) out_file = \"");
    put_vstring(dir, f);
    fprintf(f, "/out.hex\";\n    $readmemh(in_file, in_mem);\n    $readmemh(out_file, out_mem);\n");
    fprintf(f, "    if (!$value$plusargs(\"cycles=%%d\", ncyc) || ncyc < 1 || ncyc > N)"
               " ncyc = N;\n");
    fprintf(f, "    #2 rst_n = 1'b1;\n"
               "    for (cyc = 0; cyc < ncyc; cyc = cyc + 1) begin\n"
               "      #1 in_vec = in_mem[cyc];    // 10c+3: after the previous rising edge\n"
               "      #5 exp_vec = out_mem[cyc];  // 10c+8: just before the rising edge\n"
               "      check;\n"
               "      @(posedge clk);             // 10c+10\n"
               "      #2;\n"
               "    end\n");
    fprintf(f, "    if (mismatches == 0) $display(\"icarus: PASS cycles=%%0d\", ncyc);\n"
               "    else $display(\"icarus: FAIL mismatches=%%0d first_cycle=%%0d\", mismatches,"
               " first_cycle);\n    $finish;\n  end\nendmodule\n");
}

/* ---- command line ------------------------------------------------------------------- */

typedef struct {
    const char *out;  /* --out DIR */
    int have_cycles;  /* --cycles given (its value is wl_cycles) */
} opts_t;

/* Is arg option `name`, as "--name" or "--name=V"? */
static int is_opt(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

/* The value of option `name` at rest[*i]: "--name=V" or "--name V". NULL if missing. */
static const char *opt_value(char **rest, int nrest, int *i, const char *name)
{
    size_t n = strlen(name);
    if (rest[*i][n] == '=') return rest[*i] + n + 1;
    if (*i + 1 < nrest) return rest[++*i];
    return NULL;
}

/* Parse what simcfg_from_args left over. 0 ok, 2 usage error (message printed). */
static int parse_rest(char **rest, int nrest, char *argv0, sim_cfg *c, opts_t *o)
{
    char err[CFG_ERR_LEN];
    for (int i = 0; i < nrest; i++) {
        const char *a = rest[i], *v;
        if (a == argv0) continue;
        if (is_opt(a, "--cycles")) {
            v = opt_value(rest, nrest, &i, "--cycles");
            if (!v) {
                fprintf(stderr, PROG ": --cycles: missing value (usage: --cycles N, N >= 1)\n");
                return 2;
            }
            if (simcfg_set(c, "wl_cycles", v, "--cycles", err)) { /* same range as wl_cycles */
                fprintf(stderr, PROG ": %s\n", err);
                return 2;
            }
            o->have_cycles = 1;
        } else if (is_opt(a, "--out")) {
            v = opt_value(rest, nrest, &i, "--out");
            if (!v || !*v) {
                fprintf(stderr, PROG ": --out: missing value (usage: --out DIR)\n");
                return 2;
            }
            o->out = v;
        } else {
            fprintf(stderr, PROG ": unknown option '%s' (allowed: " ALLOWED ")\n", a);
            return 2;
        }
    }
    if (!o->have_cycles || !o->out) {
        fprintf(stderr, PROG ": %s is required (allowed: " ALLOWED ")\n",
                o->have_cycles ? "--out DIR" : "--cycles N");
        return 2;
    }
    return 0;
}

/* fopen DIR/name for writing; NULL (message printed) on failure. */
static FILE *open_out(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *path = malloc(n);
    if (!path) {
        fprintf(stderr, PROG ": out of memory\n");
        return NULL;
    }
    snprintf(path, n, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) fprintf(stderr, PROG ": --out: cannot write '%s': %s\n", path, strerror(errno));
    free(path);
    return f;
}

/* Close f; -1 (message printed) if anything written to it failed. */
static int close_out(FILE *f, const char *name)
{
    int bad = ferror(f);
    if (fclose(f) != 0) bad = 1;
    if (bad) fprintf(stderr, PROG ": --out: write error on %s\n", name);
    return bad ? -1 : 0;
}

/* Run the model and driver for k->wl_cycles cycles, writing the vectors. 0 ok, 1 error. */
static int run(const cfg_t *c, const drv_keys *k, const layout_t *l, FILE *fin, FILE *fout)
{
    sc_t *m = sc_create(c);
    drv_t *d = drv_create(c, k);
    bv_t bin = {0}, bout = {0};
    int rc = 0;
    if (!m || !d || bv_alloc(&bin, l->in_w) || bv_alloc(&bout, l->out_w)) {
        fprintf(stderr, PROG ": out of memory\n");
        rc = 1;
    }
    sc_in in;
    sc_out out;
    for (unsigned long t = 0; rc == 0 && t < k->wl_cycles; t++) {
        drv_inputs(d, &in);
        memset(&out, 0, sizeof out);
        sc_step(m, &in, &out);
        if (drv_consume(d, &in, &out) != 0) {
            fprintf(stderr, PROG ": driver violation at cycle %lu: %s\n", t, drv_error(d));
            rc = 1;
        }
        pack_inputs(l, &in, &bin);
        pack_outputs(l, &out, &bout);
        bv_write_hex(&bin, fin);
        bv_write_hex(&bout, fout);
    }
    free(bin.v);
    free(bout.v);
    sc_destroy(m);
    drv_destroy(d);
    return rc;
}

/* vecgen: parse, run the model and driver, write in.hex, out.hex and tb_vectors.v. */
int main(int argc, char **argv)
{
    static sim_cfg s; /* the model's keys and the driver's */
    char err[CFG_ERR_LEN] = "";
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    int nrest = 0, rc;
    opts_t o = {0};

    if (!rest) {
        fprintf(stderr, PROG ": out of memory\n");
        return 2;
    }
    if (simcfg_from_args(&s, argc, argv, rest, &nrest, err) != 0) {
        fprintf(stderr, PROG ": %s\n", err);
        free(rest);
        return 2;
    }
    rc = parse_rest(rest, nrest, argv[0], &s, &o);
    free(rest);
    if (rc) return rc;
    if (mkdir(o.out, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, PROG ": --out: cannot create '%s': %s\n", o.out, strerror(errno));
        return 2;
    }

    const cfg_t c = s.m.hw;
    const drv_keys *k = &s.m.drv;
    layout_t l = {0};
    layout_init(&l, &c);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "mlk_%08llx", cfg_hash(&c) & 0xffffffffull);

    FILE *fin = open_out(o.out, "in.hex"), *fout = open_out(o.out, "out.hex");
    FILE *ftb = open_out(o.out, "tb_vectors.v");
    if (!fin || !fout || !ftb) {
        if (fin) fclose(fin);
        if (fout) fclose(fout);
        if (ftb) fclose(ftb);
        return 2;
    }
    write_tb(ftb, &l, &c, k->wl_cycles, o.out, prefix);
    rc = run(&c, k, &l, fin, fout);
    if (close_out(fin, "in.hex") || close_out(fout, "out.hex") || close_out(ftb, "tb_vectors.v"))
        rc = 1;
    if (rc == 0)
        printf(PROG ": %lu cycles, top %s_subcore, in %u bits, out %u bits -> %s\n",
               k->wl_cycles, prefix, l.in_w, l.out_w, o.out);
    return rc;
}
