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

/* One port's declaration line; `last`: no comma (the list's end). */
static void port_line(FILE *f, const cfg_t *c, int p, int last, int *first)
{
    const mlk_port_t *d = mlk_port(p);
    int waive = (d->flags & MLK_PF_HINT) && !c->caching; /* baseline OCUs read no hints */
    char range[32] = "";
    if (d->vec)
        snprintf(range, sizeof range, " [%u:0]", mlk_port_width(c, p) - 1);
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
#define P_PORT(ID, ...) port_line(f, c, MLK_P_##ID, MLK_P_##ID == last, &first);
#define P_PORT_D(ID, ...) if (debug) port_line(f, c, MLK_P_##ID, MLK_P_##ID == last, &first);
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
