/* mlk_ports.c - the top-level port table's queries (see mlk_ports.h). */
#include "mlk_ports.h"

#include <stdio.h>

#include "mlk_dbgmap.h"

static const mlk_port_t ports[MLK_NPORTS] = {
#define P(ID, name, dir, vec, count, elem, unit, flags, doc) {#name, MLK_##dir, vec, unit, flags, doc},
    MLK_PORTS(P, P, MLK_PORTS_NONE)
#undef P
};

/* See mlk_ports.h. */
const mlk_port_t *mlk_port(int p) { return &ports[p]; }

/* See mlk_ports.h. */
const char *mlk_port_name(int p) { return p >= 0 && p < MLK_NPORTS ? ports[p].name : "?"; }

/* See mlk_ports.h. */
unsigned mlk_port_count(const cfg_t *c, int p)
{
    switch (p) {
#define P(ID, name, dir, vec, count, elem, unit, flags, doc) case MLK_P_##ID: return (unsigned)(count);
        MLK_PORTS(P, P, MLK_PORTS_NONE)
#undef P
    }
    return 0;
}

/* See mlk_ports.h. */
unsigned mlk_port_elem(const cfg_t *c, int p)
{
    switch (p) {
#define P(ID, name, dir, vec, count, elem, unit, flags, doc) case MLK_P_##ID: return (unsigned)(elem);
        MLK_PORTS(P, P, MLK_PORTS_NONE)
#undef P
    }
    return 0;
}

/* See mlk_ports.h. */
unsigned mlk_port_width(const cfg_t *c, int p) { return mlk_port_count(c, p) * mlk_port_elem(c, p); }

/* See mlk_ports.h. */
int mlk_port_driven(int p) { return ports[p].dir == MLK_IN && !(ports[p].flags & MLK_PF_CTRL); }

/* See mlk_ports.h. */
int mlk_port_compared(int p) { return ports[p].dir == MLK_OUT && !(ports[p].flags & MLK_PF_DEBUG); }

/* See mlk_ports.h. --debug RTL has extra ports: its modules get their own prefix, so a
 * debug build can never be linked in place of the production modules of the same hash. */
void mlk_prefix(const cfg_t *c, int debug, char *buf, size_t len)
{
    snprintf(buf, len, "%s_%08llx", debug ? "mlkd" : "mlk", cfg_hash(c) & 0xffffffffull);
}
