/* ports.c - the top module's port declarations from the port table (see ports.h). */
#include "ports.h"

#include <string.h>

#include "mlk_ports.h"

/* Blanks between "name," and its comment: up to column 19 (as the hand-written list had
 * them); wb_near_i and dbg_state_o had 3, kept so the generated RTL stays byte-identical. */
static unsigned gap(const char *name, size_t used)
{
    if (strcmp(name, "wb_near_i") == 0 || strcmp(name, "dbg_state_o") == 0)
        return 3;
    return used < 19 ? (unsigned)(19 - used) : 1;
}

/* The port table's size expressions (its C text) and the subcore's parameters that stand
 * for them, so that the port list keeps its formulas (docs/rtl.md "Parameters"). */
static const struct {
    const char *c_text, *param;
} size_params[] = {
    {"c->warps", "WARPS"},
    {"c->warps * c->slots", "WARPS*SLOTS"},
    {"c->slots", "SLOTS"},
    {"c->wb_ports", "WRITEBACK_PORTS"},
    {"c->data_bits", "DATA_BITS"},
    {"c->tag_bits", "TAG_BITS"},
    {"cfg_clog2(c->warps)", "WARP_BITS"},
    {"cfg_clog2(c->regs)", "REG_BITS"},
    {"mlk_dbg_width(c)", "DEBUG_BITS"},
};

/* The parameter form of a size expression: "" for 1, the parameters' formula, or NULL
 * when it has none (a number, or an expression the table above lacks). */
static const char *param_of(const char *c_text)
{
    if (strcmp(c_text, "1") == 0) return "";
    for (size_t i = 0; i < sizeof size_params / sizeof size_params[0]; i++)
        if (strcmp(c_text, size_params[i].c_text) == 0) return size_params[i].param;
    return NULL;
}

/* The range of a vector port: [COUNT*ELEM-1:0] in the subcore's parameters, or the number
 * when either size has no parameter form (a port of numbers only, as a test adds). */
static void port_range(char *b, size_t n, const cfg_t *c, int p, const char *count,
                       const char *elem)
{
    const char *pc = param_of(count), *pe = param_of(elem);
    if (!pc || !pe || (!*pc && !*pe))
        snprintf(b, n, " [%u:0]", mlk_port_width(c, p) - 1);
    else if (*pc && *pe)
        snprintf(b, n, " [%s*%s-1:0]", pc, pe);
    else
        snprintf(b, n, " [%s-1:0]", *pc ? pc : pe);
}

/* One port's declaration line; `last`: no comma (the list's end); count and elem: the
 * table's size expressions as text. */
static void port_line(FILE *f, const cfg_t *c, int p, const char *count, const char *elem,
                      int last, int *first)
{
    const mlk_port_t *d = mlk_port(p);
    int waive = (d->flags & MLK_PF_HINT) && !c->caching; /* baseline OCUs read no hints */
    char range[96] = "";
    if (d->vec) port_range(range, sizeof range, c, p, count, elem);
    if (!*first)
        fputc('\n', f);
    *first = 0;
    if (waive)
        fprintf(f, "  /* verilator lint_off UNUSEDSIGNAL */\n");
    size_t used = strlen(d->name) + !last;
    fprintf(f, "  %s wire%s %s%s%*s// %s", d->dir == MLK_IN ? "input " : "output", range, d->name,
            last ? "" : ",", (int)gap(d->name, used), "", d->doc);
    if (waive)
        fprintf(f, "\n  /* verilator lint_on UNUSEDSIGNAL */");
}

/* See ports.h. */
void ports_write(FILE *f, const cfg_t *c, int debug)
{
    int last = -1, first = 1;
#define P_LAST(ID, ...) last = MLK_P_##ID;
#define P_LAST_D(ID, ...) if (debug) last = MLK_P_##ID;
    MLK_PORTS(P_LAST, P_LAST_D, MLK_PORTS_NONE)
#undef P_LAST
#undef P_LAST_D
#define P_PORT(ID, name, dir, vec, count, elem, ...)                                          \
    port_line(f, c, MLK_P_##ID, #count, #elem, MLK_P_##ID == last, &first);
#define P_PORT_D(ID, name, dir, vec, count, elem, ...)                                        \
    if (debug) port_line(f, c, MLK_P_##ID, #count, #elem, MLK_P_##ID == last, &first);
#define P_HEAD(when, text)                                                                   \
    if (when) {                                                                             \
        fprintf(f, "%s  // %s", first ? "" : "\n", text);                                   \
        first = 0;                                                                          \
    }
    MLK_PORTS(P_PORT, P_PORT_D, P_HEAD)
#undef P_PORT
#undef P_PORT_D
#undef P_HEAD
}
