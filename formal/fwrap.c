/* fwrap.c - generate the formal property wrapper of one configuration (issue 12, item 1).
 *
 *   fwrap [--config FILE] [--set k=v]... [--no-props] [--oct-valid] [--no-inv6]  > <prefix>_formal.v
 *
 * The wrapper instantiates the sub-core generated with `ccugen --debug` (its module name and
 * ports are the port table's, cmodel/mlk_ports.h: the generated Verilog is not read back),
 * leaves every input free, assumes reset in the first cycle and inputs in
 * range (warp < W, register < R, like the adversarial co-simulation), and asserts the
 * contract's invariants over dbg_state_o. The dbg_state_o layout is not written here: every
 * field is found by name through the model's own packer (sc_dbg_field, cmodel/dbg.c), which
 * the co-simulation checks bit for bit against the RTL, so the properties follow the layout.
 * --oct-valid adds "the entry an OCT slot names is valid" (not an invariant of this design:
 * a far write-back to a register a slot still waits for invalidates the locked entry).
 * Output: Verilog for `read_verilog -formal` only (initial values, assert/assume); it is kept
 * out of rtl/ and of every synthesis file list. Exit 2 with one line on bad input.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "simcfg.h"
#include "dbg.h"
#include "mlk_ports.h"
#include "sc.h"

#define FW_MAX_FIELDS 8192
#define FW_NAME 64

typedef struct {
    char name[FW_NAME];
    unsigned lsb, width;
} fw_field;

static fw_field fields[FW_MAX_FIELDS];
static unsigned nfields;

/* Fill fields[] by walking dbg_state_o bit by bit; 0 or -1. */
static int load_fields(const sc_t *m)
{
    unsigned width = sc_dbg_width(m), bit = 0;
    while (bit < width) {
        fw_field *f = &fields[nfields];
        if (nfields == FW_MAX_FIELDS || sc_dbg_field(m, bit, f->name, sizeof f->name, &f->lsb,
                                                     &f->width) != 0 || f->width == 0)
            return -1;
        bit = f->lsb + f->width;
        nfields++;
    }
    return 0;
}

/* "dbg[lsb +: w]" of the field named by the printf format, or exit 2 if absent. */
static const char *fld(const char *fmt, ...)
{
    static char buf[8][64];
    static unsigned turn;
    char name[FW_NAME];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(name, sizeof name, fmt, ap);
    va_end(ap);
    for (unsigned i = 0; i < nfields; i++)
        if (strcmp(fields[i].name, name) == 0) {
            char *b = buf[turn++ % 8];
            snprintf(b, 64, "dbg[%u +: %u]", fields[i].lsb, fields[i].width);
            return b;
        }
    fprintf(stderr, "fwrap: dbg_state_o has no field '%s' (cmodel/dbg.c names changed?)\n", name);
    exit(2);
}

/* Whether a field exists. */
static int has(const char *name)
{
    for (unsigned i = 0; i < nfields; i++)
        if (strcmp(fields[i].name, name) == 0) return 1;
    return 0;
}

/* Port p's range in configuration c: "[w-1:0]", or "" for a scalar. */
static const char *range(const cfg_t *c, int p)
{
    static char buf[32];
    buf[0] = '\0';
    if (mlk_port(p)->vec)
        snprintf(buf, sizeof buf, "[%u:0]", mlk_port_width(c, p) - 1);
    return buf;
}

/* Print "(slot s of unit u waits for its bank read and is the first waiting slot naming
 * its register)" as a Verilog expression: the slot a queued read or a fill names (bank
 * reads name slots, decision 15; a register hits or misses in all its slots alike). */
static void print_first_wait(unsigned u, unsigned s, unsigned S)
{
    char rs[64];
    snprintf(rs, sizeof rs, "%s", fld("ccu%u.pend_reg[%u]", u, s));
    printf("(%s && ", fld("ccu%u.oct_valid[%u]", u, s));
    printf("!%s", fld("ccu%u.oct_ready[%u]", u, s));
    for (unsigned t = 0; t < s && t < S; t++) {
        printf(" && !(%s && ", fld("ccu%u.oct_valid[%u]", u, t));
        printf("!%s && ", fld("ccu%u.oct_ready[%u]", u, t));
        printf("%s == %s)", fld("ccu%u.pend_reg[%u]", u, t), rs);
    }
    printf(")");
}

/* Bits [off +: w] of bank b's queue position i (field arb.bankB.q[I]) as "dbg[lsb +: w]",
 * or "0" when w = 0 (a one-element id). */
static const char *qpart(unsigned b, unsigned i, unsigned off, unsigned w)
{
    static char buf[4][48];
    static unsigned turn;
    char *r = buf[turn++ % 4];
    unsigned lsb = 0;
    if (w == 0) {
        snprintf(r, 48, "0");
        return r;
    }
    sscanf(fld("arb.bank%u.q[%u]", b, i), "dbg[%u", &lsb);
    snprintf(r, 48, "dbg[%u +: %u]", lsb + off, w);
    return r;
}

/* Invariant 6, request by request (caching units): every request queued in a bank FIFO,
 * and every fill in flight, names a busy unit and a slot of it that is the first waiting
 * slot of its register, with that register's row and bank (warp = the owner, bank =
 * (reg + wid) mod B); no two of them name the same (unit, slot). With the conservation
 * count this makes the queues a bijection with the waiting registers: no request lost or
 * duplicated. The queue is the arb.bankB.q[i] debug field (0 at and beyond the count). */
static void inv6_requests(const cfg_t *c)
{
    const unsigned C = c->ccus, S = c->slots, B = c->banks, FD = C * S;
    const unsigned SB = cfg_clog2(S), CB = cfg_clog2(C), WB = cfg_clog2(c->warps);
    const unsigned RB = cfg_clog2(c->regs);
    unsigned BB = 0;
    while ((1u << BB) < B) BB++;
    const unsigned RRB = RB > BB ? RB - BB : 0;
    printf("  // invariant 6, request by request: queue entry = {ccu, slot, wid, reg >> %u}\n", BB);
    printf("  always @* if (!init && rst_ni) begin\n");
    for (unsigned b = 0; b < B; b++)
        printf("    assert(%s); // inv6 bank%u pointers = count\n", fld("arb.bank%u.ptr_ok", b), b);
    /* a unit in its lookup cycle was free in the cycle before (decision 15): busy, no slot,
     * no lock, so no request of its own is queued or in flight */
    for (unsigned u = 0; u < C; u++) {
        printf("    if (%s) assert(%s", fld("ccu%u.pend", u), fld("ccu%u.busy", u));
        for (unsigned s2 = 0; s2 < S; s2++) printf(" && !%s", fld("ccu%u.oct_valid[%u]", u, s2));
        for (unsigned e = 0; e < c->entries; e++) printf(" && !%s", fld("ccu%u.lock[%u]", u, e));
        printf("); // inv6 ccu%u lookup cycle: nothing outstanding\n", u);
    }
    /* a unit in its claim cycle claims exactly its first waiting slots (their reads were
     * queued by the lookup) */
    for (unsigned u = 0; u < C; u++)
        for (unsigned s = 0; s < S; s++) {
            printf("    if (%s) assert(%s == ", fld("ccu%u.claim", u), fld("ccu%u.claim_first[%u]", u, s));
            print_first_wait(u, s, S);
            printf("); // inv6 ccu%u claim cycle: slot %u claims iff it waits first\n", u, s);
        }
    for (unsigned b = 0; b < B; b++)
        for (unsigned i = 0; i < FD; i++) {
            char on[96];
            snprintf(on, sizeof on, "%s > %u", fld("arb.bank%u.count", b), i);
            for (unsigned u = 0; u < C; u++)
                for (unsigned s = 0; s < S; s++) {
                    char cond[256], nm[80];
                    snprintf(cond, sizeof cond, "%s && %s == %u && ", on, qpart(b, i, SB + WB + RRB, CB), u);
                    snprintf(cond + strlen(cond), sizeof cond - strlen(cond), "%s == %u",
                             qpart(b, i, WB + RRB, SB), s);
                    snprintf(nm, sizeof nm, "inv6 bank%u q%u -> ccu%u s%u", b, i, u, s);
                    printf("    if (%s) assert(%s && %s && ", cond, fld("ccu%u.busy", u),
                           fld("ccu%u.owner_valid", u));
                    printf("%s == %s); // %s: busy, owner\n", fld("ccu%u.owner", u), qpart(b, i, RRB, WB), nm);
                    printf("    if (%s) assert(", cond);
                    print_first_wait(u, s, S);
                    printf("); // %s: the slot waits\n", nm);
                    if (RRB)
                        printf("    if (%s) assert((%s >> %u) == %s); // %s: row\n", cond,
                               fld("ccu%u.pend_reg[%u]", u, s), BB, qpart(b, i, 0, RRB), nm);
                    printf("    if (%s) assert(((%s + ", cond, fld("ccu%u.pend_reg[%u]", u, s));
                    printf("%s) %% %u) == %u); // %s: bank\n", fld("ccu%u.owner", u), B, b, nm);
                }
            if ((1u << CB) != C)
                printf("    if (%s) assert(%s < %u); // inv6 bank%u q%u unit in range\n", on,
                       qpart(b, i, SB + WB + RRB, CB), C, b, i);
            if ((1u << SB) != S)
                printf("    if (%s) assert(%s < %u); // inv6 bank%u q%u slot in range\n", on,
                       qpart(b, i, WB + RRB, SB), S, b, i);
        }
    /* pairwise distinct (unit, slot) over every queued request and every fill */
    for (unsigned b = 0; b < B; b++)
        for (unsigned i = 0; i < FD; i++)
            for (unsigned b2 = b; b2 < B; b2++)
                for (unsigned i2 = (b2 == b ? i + 1 : 0); i2 < FD; i2++) {
                    char e1[48];
                    snprintf(e1, sizeof e1, "%s", qpart(b, i, WB + RRB, CB + SB));
                    printf("    if (%s > %u && ", fld("arb.bank%u.count", b), i);
                    printf("%s > %u) assert(%s != %s); // inv6 distinct bank%u q%u, bank%u q%u\n",
                           fld("arb.bank%u.count", b2), i2, e1, qpart(b2, i2, WB + RRB, CB + SB), b, i,
                           b2, i2);
                }
    for (unsigned b = 0; b < B; b++) {
        char fv[64];
        snprintf(fv, sizeof fv, "%s", fld("arb.bank%u.fill_valid", b));
        if ((1u << SB) != S)
            printf("    if (%s) assert(%s < %u); // inv6 fill bank%u slot in range\n", fv,
                   fld("arb.bank%u.fill_slot", b), S, b);
        for (unsigned u = 0; u < C; u++)
            for (unsigned s = 0; s < S; s++) {
                char cond[256], nm[80];
                snprintf(cond, sizeof cond, "%s && %s == %u && ", fv,
                         CB ? fld("arb.bank%u.fill_ccu", b) : "0", u);
                snprintf(cond + strlen(cond), sizeof cond - strlen(cond), "%s == %u",
                         fld("arb.bank%u.fill_slot", b), s);
                snprintf(nm, sizeof nm, "inv6 fill bank%u -> ccu%u s%u", b, u, s);
                printf("    if (%s) assert(%s && ", cond, fld("ccu%u.busy", u));
                print_first_wait(u, s, S);
                printf("); // %s: the slot waits\n", nm);
                for (unsigned b2 = 0; b2 < B; b2++)
                    for (unsigned i2 = 0; i2 < FD; i2++)
                        printf("    if (%s && %s > %u) assert(%s != %u); // %s: not queued\n",
                               cond, fld("arb.bank%u.count", b2), i2, qpart(b2, i2, WB + RRB, CB + SB),
                               (u << SB) | s, nm);
                for (unsigned b2 = b + 1; b2 < B; b2++) {
                    printf("    if (%s && %s) assert(!(", cond, fld("arb.bank%u.fill_valid", b2));
                    printf("%s == %u && ", CB ? fld("arb.bank%u.fill_ccu", b2) : "0", u);
                    printf("%s == %u)); // %s: one fill\n", fld("arb.bank%u.fill_slot", b2), s, nm);
                }
            }
    }
    printf("  end\n\n");
}

int main(int argc, char **argv)
{
    cfg_t c;
    char err[CFG_ERR_LEN], mod[64] = "", *rest[64];
    int nrest = 0, no_props = 0, oct_valid = 0, no_inv6 = 0;
    if (argc > 60) return 2;
    if (simcfg_hw_from_args(&c, argc, argv, rest, &nrest, err) != 0) {
        fprintf(stderr, "fwrap: %s\n", err);
        return 2;
    }
    for (int i = 0; i < nrest; i++) {
        if (rest[i] == argv[0]) continue;
        if (strcmp(rest[i], "--no-props") == 0) no_props = 1;
        else if (strcmp(rest[i], "--oct-valid") == 0) oct_valid = 1;
        else if (strcmp(rest[i], "--no-inv6") == 0) no_inv6 = 1;
        else {
            fprintf(stderr, "fwrap: unknown argument '%s' (allowed: --config, --set, --no-props, --oct-valid, --no-inv6)\n", rest[i]);
            return 2;
        }
    }
    sc_t *m = sc_create(&c);
    if (!m || load_fields(m) != 0) {
        fprintf(stderr, "fwrap: cannot walk the dbg_state_o fields of this configuration\n");
        return 2;
    }
    mlk_prefix(&c, 1, mod, sizeof mod); /* the --debug RTL's */
    unsigned dbgw = sc_dbg_width(m);
    const unsigned C = c.ccus, W = c.warps, S = c.slots, P = c.wb_ports, B = c.banks;
    const unsigned E = c.caching ? c.entries : c.slots, R = c.regs;
    const unsigned RB = cfg_clog2(R), WB = cfg_clog2(W), IB = cfg_clog2(E);

    /* ports: inputs free; outputs become wires */
    printf("// %s_formal.v - generated by formal/fwrap from the configuration and the model's\n"
           "// dbg_state_o field table; do not edit. Formal only (read_verilog -formal):\n"
           "// never part of rtl/ or a synthesis file list. docs/verification.md.\n", mod);
    cfg_write(&c, stdout, "//   ", 1);
    printf("module %s_formal (\n", mod);
    const char *sep = "";
    for (int p = 0; p < MLK_NPORTS; p++)
        if (mlk_port(p)->dir == MLK_IN) {
            printf("%s  input wire %s %s", sep, range(&c, p), mlk_port_name(p));
            sep = ",\n";
        }
    printf("\n);\n");
    for (int p = 0; p < MLK_NPORTS; p++)
        if (mlk_port(p)->dir == MLK_OUT)
            printf("  wire %s %s;\n", range(&c, p), mlk_port_name(p));
    printf("  %s_subcore dut (\n", mod);
    sep = "";
    for (int p = 0; p < MLK_NPORTS; p++) {
        printf("%s    .%s(%s)", sep, mlk_port_name(p), mlk_port_name(p));
        sep = ",\n";
    }
    printf("\n  );\n");
    printf("  wire [%u:0] dbg = dbg_state_o;\n\n", dbgw - 1);

    /* environment */
    printf("  // environment: reset in the first cycle; ids in range (as tb/adv.c)\n");
    printf("  reg init = 1'b1;\n  always @(posedge clk_i) init <= 1'b0;\n");
    printf("  always @* if (init) assume(!rst_ni);\n");
    printf("  always @* begin\n");
    for (unsigned p = 0; p < P; p++) {
        printf("    assume(wb_wid_i[%u +: %u] < %u);\n", p * WB, WB, W);
        printf("    assume(wb_reg_i[%u +: %u] < %u);\n", p * RB, RB, R);
    }
    for (unsigned i = 0; i < W * S; i++)
        printf("    assume(inst_src_reg_i[%u +: %u] < %u);\n", i * RB, RB, R);
    printf("  end\n\n");
    if (no_props) {
        printf("endmodule\n");
        sc_destroy(m);
        return 0;
    }

    /* previous-cycle copies for invariant 2 (checked only across two cycles out of reset) */
    printf("  reg prev_ok = 1'b0;\n  reg [%u:0] prev_dbg;\n", dbgw - 1);
    printf("  always @(posedge clk_i) begin\n    prev_ok <= rst_ni && !init;\n"
           "    prev_dbg <= dbg;\n  end\n\n");
    printf("  always @* if (!init && rst_ni) begin\n");
    for (unsigned u = 0; u < C; u++) {
        if (c.caching) {
            printf("    // unit %u: invariant 1 (no two valid entries share a tag), 5 (ranks a "
                   "permutation of 0..E-1)\n", u);
            for (unsigned i = 0; i < E; i++)
                for (unsigned j = i + 1; j < E; j++) {
                    printf("    assert(!(%s && ", fld("ccu%u.valid[%u]", u, i));
                    printf("%s && ", fld("ccu%u.valid[%u]", u, j));
                    printf("%s == ", fld("ccu%u.tag[%u]", u, i));
                    printf("%s)); // inv1 ccu%u e%u e%u\n", fld("ccu%u.tag[%u]", u, j), u, i, j);
                }
            for (unsigned i = 0; i < E; i++) {
                if ((1u << IB) != E)
                    printf("    assert(%s < %u); // inv5 ccu%u rank%u\n", fld("ccu%u.rank[%u]", u, i), E, u, i);
                for (unsigned j = i + 1; j < E; j++) {
                    printf("    assert(%s != ", fld("ccu%u.rank[%u]", u, i));
                    printf("%s); // inv5 ccu%u e%u e%u\n", fld("ccu%u.rank[%u]", u, j), u, i, j);
                }
            }
            printf("    // unit %u: an OCT slot's index names a valid entry locked by this unit; "
                   "a locked entry is named by a slot; slots only in a busy unit\n", u);
            for (unsigned s = 0; s < S; s++) {
                const char *ov = fld("ccu%u.oct_valid[%u]", u, s), *ix = fld("ccu%u.oct_idx[%u]", u, s);
                char ovb[64], ixb[64];
                snprintf(ovb, sizeof ovb, "%s", ov);
                snprintf(ixb, sizeof ixb, "%s", ix);
                printf("    if (%s) assert(%s && (%s < %u)); // oct ccu%u slot%u busy, idx in range\n",
                       ovb, fld("ccu%u.busy", u), ixb, E, u, s);
                /* a missing slot in its claim cycle names no entry yet (decision 15) */
                char named[192];
                snprintf(named, sizeof named, "%s && !(", ovb);
                snprintf(named + strlen(named), sizeof named - strlen(named), "%s && ",
                         fld("ccu%u.claim", u));
                snprintf(named + strlen(named), sizeof named - strlen(named), "!%s)",
                         fld("ccu%u.oct_ready[%u]", u, s));
                printf("    if (%s) assert(%s && ", fld("ccu%u.claim_first[%u]", u, s), ovb);
                printf("!%s && ", fld("ccu%u.oct_ready[%u]", u, s));
                printf("%s); // claim ccu%u slot%u waits in a claim cycle\n", fld("ccu%u.claim", u), u, s);
                for (unsigned i = 0; i < E; i++) {
                    printf("    if (%s && %s == %u) assert(%s); // oct ccu%u slot%u -> e%u locked\n", named,
                           ixb, i, fld("ccu%u.lock[%u]", u, i), u, s, i);
                    printf("    if (%s && %s == %u) assert(%s == ", named, ixb, i, fld("ccu%u.tag[%u]", u, i));
                    printf("%s); // oct ccu%u slot%u -> e%u holds its register\n",
                           fld("ccu%u.pend_reg[%u]", u, s), u, s, i);
                    if (oct_valid)
                        printf("    if (%s && %s == %u) assert(%s); // oct ccu%u slot%u -> e%u valid\n",
                               named, ixb, i, fld("ccu%u.valid[%u]", u, i), u, s, i);
                }
            }
            /* slots naming one register share its entry and its readiness (one lookup, one
             * claim, one fill per register; bank reads name the first such slot) */
            for (unsigned s = 0; s < S; s++)
                for (unsigned t = 0; t < s; t++) {
                    printf("    if (%s && ", fld("ccu%u.oct_valid[%u]", u, s));
                    printf("%s && ", fld("ccu%u.oct_valid[%u]", u, t));
                    printf("%s == ", fld("ccu%u.pend_reg[%u]", u, s));
                    printf("%s) assert(", fld("ccu%u.pend_reg[%u]", u, t));
                    printf("%s == ", fld("ccu%u.oct_idx[%u]", u, s));
                    printf("%s && ", fld("ccu%u.oct_idx[%u]", u, t));
                    printf("%s == ", fld("ccu%u.oct_ready[%u]", u, s));
                    printf("%s); // oct ccu%u slots %u, %u: one register, one entry\n",
                           fld("ccu%u.oct_ready[%u]", u, t), u, t, s);
                }
            printf("    if (%s) assert(%s && !%s && (1'b0", fld("ccu%u.claim", u), fld("ccu%u.busy", u),
                   fld("ccu%u.pend", u));
            for (unsigned s = 0; s < S; s++) printf(" || %s", fld("ccu%u.claim_first[%u]", u, s));
            printf(")); // claim ccu%u: busy, after its lookup, something to claim\n", u);
            for (unsigned i = 0; i < E; i++) {
                printf("    if (%s) assert(1'b0", fld("ccu%u.lock[%u]", u, i));
                for (unsigned s = 0; s < S; s++) {
                    printf(" || (%s && ", fld("ccu%u.oct_valid[%u]", u, s));
                    printf("%s == %u)", fld("ccu%u.oct_idx[%u]", u, s), i);
                }
                printf("); // lock ccu%u e%u named by a slot\n", u, i);
            }
        }
    }
    if (c.caching) {
        printf("    // invariant 3: no warp owns more than one CCU\n");
        for (unsigned u = 0; u < C; u++)
            for (unsigned v = u + 1; v < C; v++) {
                printf("    assert(!(%s && ", fld("ccu%u.owner_valid", u));
                printf("%s && ", fld("ccu%u.owner_valid", v));
                printf("%s == ", fld("ccu%u.owner", u));
                printf("%s)); // inv3 ccu%u ccu%u\n", fld("ccu%u.owner", v), u, v);
            }
    }
    printf("    // invariant 6: no bank FIFO overflow (at most C*S = %u requests); the fill names a unit\n", C * S);
    for (unsigned b = 0; b < B && !no_inv6; b++) {
        printf("    assert(%s <= %u); // inv6 bank%u count\n", fld("arb.bank%u.count", b), C * S, b);
        if ((1u << cfg_clog2(C)) != C)
            printf("    if (%s) assert(%s < %u); // inv6 bank%u fill unit\n",
                   fld("arb.bank%u.fill_valid", b), fld("arb.bank%u.fill_ccu", b), C, b);
    }
    if (c.caching && !no_inv6) {
        printf("    // invariant 6, conservation: the requests in bank b's FIFO plus its fill in flight\n"
               "    // equal the waiting registers (first waiting slot of each) that map to bank b\n");
        for (unsigned b = 0; b < B; b++) {
            printf("    assert(%s + %s == 0", fld("arb.bank%u.count", b), fld("arb.bank%u.fill_valid", b));
            for (unsigned u = 0; u < C; u++)
                for (unsigned s = 0; s < S; s++) {
                    printf(" + (");
                    print_first_wait(u, s, S);
                    printf(" && (((%s + ", fld("ccu%u.pend_reg[%u]", u, s));
                    printf("%s) %% %u) == %u) ? 1 : 0)", fld("ccu%u.owner", u), B, b);
                }
            printf("); // inv6 bank%u conservation\n", b);
        }
    }
    if (c.caching && has("fsm.sthld")) {
        printf("    // invariant 7: STHLD in [0, %u]; FSM state one of 1..%u\n", c.sthld_max, c.fsm_states);
        printf("    assert(%s <= %u); // inv7 sthld\n", fld("fsm.sthld"), c.sthld_max);
        printf("    assert(%s >= 1 && ", fld("fsm.state"));
        printf("%s <= %u); // inv7 fsm state\n", fld("fsm.state"), c.fsm_states);
    }
    printf("  end\n\n");
    if (c.caching && !no_inv6)
        inv6_requests(&c);
    if (c.caching) {
        printf("  // invariant 2: a locked entry is never chosen as a victim: its tag does not change\n");
        printf("  // while it stays locked (victims are taken at allocation and on port D)\n");
        printf("  always @* if (!init && rst_ni && prev_ok) begin\n");
        for (unsigned u = 0; u < C; u++)
            for (unsigned i = 0; i < E; i++) {
                const char *lk = fld("ccu%u.lock[%u]", u, i), *tg = fld("ccu%u.tag[%u]", u, i);
                char lkb[64], tgb[64];
                snprintf(lkb, sizeof lkb, "%s", lk);
                snprintf(tgb, sizeof tgb, "%s", tg);
                printf("    if (prev_%s && %s) assert(%s == prev_%s); // inv2 ccu%u e%u\n", lkb, lkb,
                       tgb, tgb, u, i);
            }
        printf("  end\n");
    }
    printf("endmodule\n");
    sc_destroy(m);
    return 0;
}
