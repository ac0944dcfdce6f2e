/* vars.c - everything the templates need, computed from the configuration. */
#include "vars.h"

#include "mlk_dbgmap.h"
#include "mlk_ports.h"
#include "ports.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Widths and sizes shared by the variables and the debug width. */
typedef struct {
    unsigned ne, ib, slb, cb, wb, rb, pb, bb, bib, rrb, rowb, fd, fpb, fcb, fw, sb, icb, iib, stb;
} widths;

/* is_pow2: 1 when n is a power of two (n >= 1) */
static int is_pow2(unsigned n) { return (n & (n - 1)) == 0; }

/* log2 of a power of two. */
static unsigned log2_exact(unsigned n)
{
    unsigned b = 0;
    while ((1u << b) < n)
        b++;
    return b;
}

/* All derived widths (docs/spec.md "Widths"). */
static widths compute(const cfg_t *c)
{
    widths w;
    w.ne = c->caching ? c->entries : c->slots;
    w.ib = cfg_clog2(w.ne);
    w.slb = cfg_clog2(c->slots);
    w.cb = cfg_clog2(c->ccus);
    w.wb = cfg_clog2(c->warps);
    w.rb = cfg_clog2(c->regs);
    w.pb = cfg_clog2(c->wb_ports);
    w.bb = log2_exact(c->banks);
    w.bib = w.bb ? w.bb : 1;
    w.rrb = w.rb > w.bb ? w.rb - w.bb : 0;
    w.rowb = w.wb + w.rrb;
    w.fd = c->ccus * c->slots;
    w.fpb = cfg_clog2(w.fd);
    w.fcb = cfg_clog2(w.fd + 1);
    w.fw = w.cb + w.slb + w.rowb; /* a request: {ccu, slot, row} */
    w.sb = cfg_clog2(c->sthld_max + 1);
    w.icb = cfg_clog2(c->interval);
    w.iib = cfg_clog2(c->interval + 1);
    w.stb = cfg_clog2(c->fsm_states + 1);
    return w;
}

/* The FSM table as Verilog case items (deltas in STHLD units). */
static void fsm_cases(const cfg_t *c, unsigned stb, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned s = 1; s <= c->fsm_states && n < len; s++) {
        const cfg_fsm_row *r = &c->fsm[s];
        long sd = (long)r->s_delta * c->sthld_step, ld = (long)r->l_delta * c->sthld_step;
        n += (size_t)snprintf(buf + n, len - n,
                              "      %u'd%u: begin s_next = %u'd%u; s_delta = %s16'sd%ld; "
                              "l_next = %u'd%u; l_delta = %s16'sd%ld; end\n",
                              stb, s, stb, r->s_next, sd < 0 ? "-" : "", sd < 0 ? -sd : sd,
                              stb, r->l_next, ld < 0 ? "-" : "", ld < 0 ? -ld : ld);
    }
    if (n > 0 && buf[n - 1] == '\n')
        buf[n - 1] = '\0';
}

/* {C-1, ..., 1, 0} in wb-bit fields: the warp of each private unit. */
static void unit_ids(unsigned c, unsigned wb, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "{");
    for (unsigned i = c; i-- > 0 && n < len;)
        n += (size_t)snprintf(buf + n, len - n, "%u'd%u%s", wb, i, i ? ", " : "}");
}

/* name[bits-1:0] resized to `to` bits: truncated, or zero-extended. */
static void ext_expr(const char *name, unsigned bits, unsigned to, char *buf, size_t len)
{
    if (bits >= to)
        snprintf(buf, len, "%s[%u:0]", name, to - 1);
    else
        snprintf(buf, len, "{{%u{1'b0}}, %s}", to - bits, name);
}

/* Set PORTS to the top module's port list (gen/ports.c) with the variables already in v
 * expanded in its comments. 0, or -1 (out of memory, or an unknown variable). */
static int set_ports(tpl_vars *v, const cfg_t *c, int debug)
{
    char *text = NULL, *out = NULL, err[256];
    size_t tlen = 0, olen = 0;
    int rc = -1;
    FILE *f = open_memstream(&text, &tlen);
    if (!f)
        return -1;
    ports_write(f, c, debug);
    if (fclose(f) == 0 && (f = open_memstream(&out, &olen)) != NULL) {
        rc = tpl_expand("ports", text, v, f, err, sizeof err);
        if (fclose(f) != 0)
            rc = -1;
        if (rc == 0)
            rc = tpl_set(v, "PORTS", out);
        else
            fprintf(stderr, "ccugen: internal: the port table: %s\n", err);
    }
    free(text);
    free(out);
    return rc;
}

#define SETI(name, val) rc |= tpl_seti(v, name, (long)(val))
#define SETS(name, val) rc |= tpl_set(v, name, val)

/* See vars.h. */
int vars_build(tpl_vars *v, const cfg_t *c, int debug)
{
    widths w = compute(c);
    char buf[8192];
    int rc = 0;
    mlk_prefix(c, debug, buf, sizeof buf); /* mlkd_ with --debug: other ports */
    SETS("P", buf);
    SETI("C", c->ccus); SETI("E", c->entries); SETI("S", c->slots); SETI("B", c->banks);
    SETI("W", c->warps); SETI("R", c->regs); SETI("NP", c->wb_ports); SETI("DW", c->data_bits);
    SETI("TB", c->tag_bits); SETI("NE", w.ne); SETI("IB", w.ib); SETI("CB", w.cb);
    SETI("WB", w.wb); SETI("RB", w.rb); SETI("PB", w.pb); SETI("BB", w.bb); SETI("BIB", w.bib);
    SETI("ROWB", w.rowb); SETI("ROWS", (unsigned long)(c->warps > 1 ? c->warps : 2) << w.rrb); /* W = 1 still has a 1-bit wid */
    SETI("E_MOD", c->entries & ((1u << cfg_clog2(c->entries)) - 1u));
    SETI("E_M1", c->entries - 1);
    SETI("SLB", w.slb);
    SETI("FD", w.fd); SETI("FD_M1", w.fd - 1);
    SETI("FD_MOD", w.fd % (1u << w.fpb));
    SETI("FIFO_COUNT_ABOVE_DEPTH", (1u << w.fcb) - 1u > w.fd); /* the count can exceed FD */ SETI("FPB", w.fpb); SETI("FCB", w.fcb);
    SETI("FW", w.fw); SETI("SB", w.sb); SETI("ICB", w.icb); SETI("IIB", w.iib);
    SETI("STB", w.stb); SETI("INTERVAL", c->interval); SETI("INTERVAL_M1", c->interval - 1);
    SETI("IPC_NUM", c->ipc_num); SETI("IPC_DEN", c->ipc_den);
    /* products den*|cur-prev| and num*prev: interval count bits + constant bits */
    SETI("MW", w.iib + cfg_clog2((c->ipc_den > c->ipc_num ? c->ipc_den : c->ipc_num) + 1));
    /* sthld_fsm: (DEN + NUM) x issued and (DEN - NUM) x issued kept as running sums */
    SETI("AW", w.iib + cfg_clog2(c->ipc_den + c->ipc_num + 1));
    SETI("DPN", c->ipc_den + c->ipc_num);
    SETI("DMN", c->ipc_den > c->ipc_num ? c->ipc_den - c->ipc_num : 0);
    SETI("LO_EN", c->ipc_den > c->ipc_num);
    SETI("STHLD_MAX", c->sthld_max); SETI("STHLD_INIT", c->sthld_init);
    SETI("STHLD_STEP", c->sthld_step); SETI("FSM_START", c->fsm_start);
    ext_expr("wid", w.wb, w.bib, buf, sizeof buf);
    SETS("WEXT", buf);
    ext_expr("r", w.rb, w.bib, buf, sizeof buf);
    SETS("REXT", buf);
    snprintf(buf, sizeof buf, "%04X", c->lfsr_seed);
    SETS("LFSR_SEED", buf);
    SETI("ONE_BANK", c->banks == 1);
    SETI("ROW_HAS_REG", w.rrb > 0);
    SETI("CACHING", c->caching);
    SETI("WFILTER", c->write_filter);
    SETI("CT_LATCH", c->ct_latch);
    SETI("CLK_GATING", c->clock_gating);
    SETI("DECODED_RD", c->ct_latch || c->clock_gating);   /* ct_data's AND-OR read mux */
    SETI("LRU_ONLY", c->repl_lru_only);
    SETI("PRIVATE", c->caching && c->private_ccus);
    SETI("GTO", c->sched_gto || !c->caching);
    SETI("FSM", c->caching && c->sthld_adaptive);
    SETI("FIXED_STHLD", c->caching && !c->sthld_adaptive);
    int use_start_e = c->caching && !c->repl_lru_only;   /* the D-7 start is used */
    SETI("USE_START_E", use_start_e);
    SETS("VICTIM_ARGS", c->repl_lru_only ? "older" : "ct_near_i, older, start_ge_i");
    SETI("ARB_NEAR", c->caching && c->write_filter);
    SETI("DEBUG", debug);
    /* the debug state's widths: its layout is cmodel/mlk_dbgmap.h's (the model packs it) */
    unsigned pend_dbg = mlk_dbg_group_width(c, MLK_DG_PEND);
    SETI("CCU_DBG_W", mlk_dbg_group_width(c, MLK_DG_UNIT) + pend_dbg);
    SETI("PEND_DBG_W", pend_dbg);
    SETI("ARB_DBG_BW", mlk_dbg_group_width(c, MLK_DG_BANK));
    SETI("ARB_DBG_W", c->banks * mlk_dbg_group_width(c, MLK_DG_BANK));
    SETI("FSM_DBG_W", mlk_dbg_group_width(c, MLK_DG_FSM));
    SETI("DBG_W", mlk_dbg_width(c));
    SETS("FSM_DBG_CAT", c->caching && c->sthld_adaptive ? "fsm_dbg, " : "");
    SETS("ALLOC_DBG_CAT", c->caching ? "alloc_dbg, " : "");
    SETS("WF_NOTE", c->write_filter ? "" : "; write_filter = off: every write-back");
    SETS("SCHED_NOTE", (c->sched_gto || !c->caching) ? " (skipped: GTO in this configuration)" : "");
    snprintf(buf, sizeof buf, "%u %s", c->ccus,
             c->caching ? "Malekeh caching collector units" : "baseline operand collector units");
    SETS("UNIT_DESC", buf);
    unit_ids(c->ccus, w.wb, buf, sizeof buf);
    SETS("UNIT_IDS", buf);
    SETI("NORD", c->entries * (c->entries - 1) / 2);   /* pairwise LRU order bits */
    /* lfsr mod N: bit slicing for a power of two, else kept incrementally (gen/templates/lfsr.vt) */
    int e_pow2 = is_pow2((unsigned)w.ne), c_pow2 = is_pow2((unsigned)c->ccus);
    SETI("MOD_E_POW2", e_pow2);
    SETI("MOD_C_POW2", c_pow2);
    SETI("MOD_E_K", 32768u % w.ne);
    SETI("MOD_C_K", 32768u % c->ccus);
    SETI("MOD_NEXT", (use_start_e && !e_pow2) || !c_pow2);
    fsm_cases(c, w.stb, buf, sizeof buf);
    SETS("FSM_CASES", buf);
    rc |= set_ports(v, c, debug); /* last: its comments may name the variables above */
    return rc ? -1 : 0;
}
