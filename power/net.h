/* net.h - a flat structural Verilog netlist as Yosys writes it (`write_verilog -noattr
 * -noexpr`): one module of cell instances with named port connections and `assign`
 * aliases, every net reduced to single bits. Nets joined by an assign are one net. */
#ifndef PW_NET_H
#define PW_NET_H

#include <stddef.h>

typedef struct {
    char *pin;             /* the cell's pin name */
    int net;               /* the bit connected (index into pw_netlist.net), -1: constant */
} pw_conn;

typedef struct {
    char *name;            /* instance name */
    char *type;            /* cell (module) name */
    pw_conn *conn; int nconn;
} pw_inst;

enum { PW_NET_WIRE = 0, PW_NET_IN = 1, PW_NET_OUT = 2 };

typedef struct {
    char *name;            /* the bit's name: "x" for a scalar, "x[3]" for a bit of vector x */
    int kind;              /* PW_NET_WIRE, PW_NET_IN or PW_NET_OUT (a port bit) */
    int root;              /* the net it is one with (assign); itself when it is the root */
} pw_bit;

typedef struct {
    char *top;
    pw_bit *net; int nnet;
    pw_inst *inst; int ninst;
} pw_netlist;

/* Read the netlist file path whose module is top (NULL: the first module); NULL with a
 * "file:line: expected ..." message in err (size n) on anything it cannot read. */
pw_netlist *pw_net_read(const char *path, const char *top, char *err, size_t n);

/* Free a netlist of pw_net_read. */
void pw_net_free(pw_netlist *nl);

/* The root of bit i (the one net that assigns joined it to). */
int pw_net_root(pw_netlist *nl, int i);

/* The index of the bit called name, or -1. */
int pw_net_find(const pw_netlist *nl, const char *name);

#endif
