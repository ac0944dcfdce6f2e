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

/* Set TOP_PORTS to the top module's port list (gen/ports.c) with the variables already in v
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
            rc = tpl_set(v, "TOP_PORTS", out);
        else
            fprintf(stderr, "ccugen: internal: the port table: %s\n", err);
    }
    free(text);
    free(out);
    return rc;
}

#define SETI(name, val) rc |= tpl_seti(v, name, (long)(val))
#define SETS(name, val) rc |= tpl_set(v, name, val)

/* See vars.h. The variables are grouped by the modules that use them (gen/templates/):
 * first those of every module or of several, then one group per module. */
int vars_build(tpl_vars *v, const cfg_t *c, int debug)
{
    widths w = compute(c);
    char buf[8192];
    int rc = 0;
    int use_start_e = c->caching && !c->repl_lru_only;   /* the D-7 start is used */

    /* --- every module: the module-name prefix, the debug port --------------------------- */
    mlk_prefix(c, debug, buf, sizeof buf); /* mlkd_ with --debug: other ports */
    SETS("PREFIX", buf);
    SETI("DEBUG", debug);

    /* --- several modules: the configuration's sizes -------------------------------------- */
    SETI("UNITS", c->ccus);              /* collector units (ccus) */
    SETI("ENTRIES", c->entries);         /* cache entries per CCU */
    SETI("SLOTS", c->slots);             /* operand slots per unit */
    SETI("BANKS", c->banks);
    SETI("WARPS", c->warps);
    SETI("REGS", c->regs);               /* registers per warp */
    SETI("WRITEBACK_PORTS", c->wb_ports);       /* write-back ports */
    SETI("DATA_BITS", c->data_bits);     /* bits of one operand (all threads of a warp) */
    SETI("TAG_BITS", c->tag_bits);
    SETI("DATA_ENTRIES", w.ne);          /* data entries per unit: ENTRIES, or SLOTS (OCU) */

    /* --- several modules: index widths ----------------------------------------------------- */
    SETI("ENTRY_BITS", w.ib);        /* index of a data entry */
    SETI("UNIT_BITS", w.cb);
    SETI("WARP_BITS", w.wb);
    SETI("REG_BITS", w.rb);
    SETI("WRITEBACK_PORT_BITS", w.pb);
    SETI("SLOT_BITS", w.slb);
    SETI("FIFO_POSITION_BITS", w.fpb);        /* a position in a bank FIFO (depth FIFO_DEPTH) */
    SETI("ROW_BITS", w.rowb);            /* a row inside a bank: {wid, reg / BANKS} */
    SETI("STHLD_BITS", w.sb);            /* an STHLD value, 0 .. STHLD_MAX */
    SETI("STHLD_INIT", c->sthld_init);

    /* --- several modules: the variant flags -------------------------------------------- */
    SETI("CACHING", c->caching);                           /* CCUs, or baseline OCUs */
    SETI("PRIVATE_UNITS", c->caching && c->private_ccus);  /* a CCU per warp */
    SETI("SCHED_GTO", c->sched_gto || !c->caching);        /* sched: no owner class */
    SETI("USES_ENTRY_START", use_start_e);                 /* lfsr's D-7 start of entry picks */
    SETI("ONE_BANK", c->banks == 1);
    SETI("CLOCK_GATING", c->clock_gating);
    SETI("LATCH_STORAGE", c->ct_latch);                    /* ct_storage = latch */
    SETI("ARBITER_NEAR_HINT", c->caching && c->write_filter); /* arbiter reads wb_near_i */
    /* the debug state's widths: its layout is cmodel/mlk_dbgmap.h's (the model packs it) */
    SETI("UNIT_DEBUG_BITS",
         mlk_dbg_group_width(c, MLK_DG_UNIT) + mlk_dbg_group_width(c, MLK_DG_PEND));
    SETI("PEND_DEBUG_BITS", mlk_dbg_group_width(c, MLK_DG_PEND));
    SETI("ARBITER_DEBUG_BITS", c->banks * mlk_dbg_group_width(c, MLK_DG_BANK));
    SETI("FSM_DEBUG_BITS", mlk_dbg_group_width(c, MLK_DG_FSM));

    /* --- lfsr: lfsr mod N, bit slicing for a power of two, else kept incrementally -------- */
    snprintf(buf, sizeof buf, "%04X", c->lfsr_seed);
    SETS("LFSR_SEED", buf);
    int e_pow2 = is_pow2((unsigned)w.ne), c_pow2 = is_pow2((unsigned)c->ccus);
    SETI("LFSR_ENTRIES_POW2", e_pow2);
    SETI("LFSR_UNITS_POW2", c_pow2);
    SETI("LFSR_2P15_MOD_ENTRIES", 32768u % w.ne);   /* 2^15 mod DATA_ENTRIES */
    SETI("LFSR_2P15_MOD_UNITS", 32768u % c->ccus);
    SETI("LFSR_MOD_NEXT", (use_start_e && !e_pow2) || !c_pow2); /* mod_next is used */

    /* --- ct_data ----------------------------------------------------------------------- */
    SETI("DECODED_READ", c->ct_latch || c->clock_gating);   /* the AND-OR read mux */

    /* --- cache_table ------------------------------------------------------------------- */
    SETI("ORDER_BITS", c->entries * (c->entries - 1) / 2);   /* pairwise LRU order bits */

    /* --- ccu_ctrl ------------------------------------------------------------------------ */
    /* ENTRIES mod 2^ENTRY_BITS: nonzero when an entry index can name no entry */
    SETI("ENTRIES_NOT_POW2", c->entries & ((1u << cfg_clog2(c->entries)) - 1u));
    SETI("ENTRIES_MINUS_1", c->entries - 1);
    SETI("LRU_ONLY", c->repl_lru_only);
    SETS("VICTIM_ARGS", c->repl_lru_only ? "older" : "ct_near_i, older, start_ge_i");

    /* --- arbiter, bank_fifo, rf_bank, functions: banks and their FIFOs ----------------- */
    SETI("BANK_LOG2", w.bb);             /* log2(BANKS), 0 for one bank */
    SETI("BANK_BITS", w.bib);        /* bank-index bits: BANK_LOG2, at least 1 */
    SETI("BANK_ROWS", (unsigned long)(c->warps > 1 ? c->warps : 2) << w.rrb); /* W = 1 still has a 1-bit wid */
    SETI("ROW_HAS_REG", w.rrb > 0);      /* some register bits select the row */
    SETI("FIFO_DEPTH", w.fd);
    SETI("FIFO_DEPTH_MINUS_1", w.fd - 1);
    SETI("FIFO_DEPTH_MOD_POSITIONS", w.fd % (1u << w.fpb)); /* FIFO_DEPTH mod 2^FIFO_POSITION_BITS */
    SETI("FIFO_COUNT_BITS", w.fcb);
    SETI("FIFO_COUNT_ABOVE_DEPTH", (1u << w.fcb) - 1u > w.fd); /* the count can exceed FIFO_DEPTH */
    SETI("FIFO_ENTRY_BITS", w.fw);       /* a request: {ccu, slot, row} */
    SETI("WRITE_FILTER", c->write_filter);
    SETS("WRITE_FILTER_NOTE", c->write_filter ? "" : "; write_filter = off: every write-back");
    SETI("BANK_DEBUG_BITS", mlk_dbg_group_width(c, MLK_DG_BANK));
    ext_expr("wid", w.wb, w.bib, buf, sizeof buf);   /* bank_of's operands, BANK_BITS wide */
    SETS("WARP_TO_BANK_BITS", buf);
    ext_expr("r", w.rb, w.bib, buf, sizeof buf);
    SETS("REG_TO_BANK_BITS", buf);

    /* --- sched ------------------------------------------------------------------------- */
    SETS("SCHED_NOTE", (c->sched_gto || !c->caching) ? " (skipped: GTO in this configuration)" : "");

    /* --- sthld_fsm ----------------------------------------------------------------------- */
    SETI("FSM_STATE_BITS", w.stb);
    SETI("INTERVAL", c->interval);
    SETI("INTERVAL_MINUS_1", c->interval - 1);
    SETI("INTERVAL_CYCLE_BITS", w.icb);  /* a cycle of the interval, 0 .. INTERVAL - 1 */
    SETI("INTERVAL_ISSUE_BITS", w.iib);  /* instructions issued in an interval, 0 .. INTERVAL */
    SETI("IPC_NUM", c->ipc_num);
    SETI("IPC_DEN", c->ipc_den);
    /* products den*|cur-prev| and num*prev: interval count bits + constant bits */
    SETI("IPC_PRODUCT_BITS", w.iib + cfg_clog2((c->ipc_den > c->ipc_num ? c->ipc_den : c->ipc_num) + 1));
    /* (DEN + NUM) x issued and (DEN - NUM) x issued kept as running sums */
    SETI("IPC_SUM_BITS", w.iib + cfg_clog2(c->ipc_den + c->ipc_num + 1));
    SETI("IPC_DEN_PLUS_NUM", c->ipc_den + c->ipc_num);
    SETI("IPC_DEN_MINUS_NUM", c->ipc_den > c->ipc_num ? c->ipc_den - c->ipc_num : 0);
    SETI("IPC_DEN_ABOVE_NUM", c->ipc_den > c->ipc_num);
    SETI("STHLD_MAX", c->sthld_max);
    SETI("STHLD_STEP", c->sthld_step);
    SETI("FSM_START", c->fsm_start);
    fsm_cases(c, w.stb, buf, sizeof buf);
    SETS("STHLD_FSM_CASES", buf);

    /* --- subcore ------------------------------------------------------------------------- */
    SETI("STHLD_FSM", c->caching && c->sthld_adaptive);
    SETI("FIXED_STHLD", c->caching && !c->sthld_adaptive);
    SETI("DEBUG_BITS", mlk_dbg_width(c));    /* the whole debug state */
    SETS("FSM_DEBUG_CONCAT", c->caching && c->sthld_adaptive ? "fsm_dbg, " : "");
    SETS("ALLOC_DEBUG_CONCAT", c->caching ? "alloc_dbg, " : "");
    snprintf(buf, sizeof buf, "%u %s", c->ccus,
             c->caching ? "Malekeh caching collector units" : "baseline operand collector units");
    SETS("UNIT_DESCRIPTION", buf);
    unit_ids(c->ccus, w.wb, buf, sizeof buf);
    SETS("UNIT_IDS", buf);
    rc |= set_ports(v, c, debug); /* last: its comments may name the variables above */
    return rc ? -1 : 0;
}
