/* pwr.h - gate-level power from simulated switching activity: every cell of a mapped
 * netlist priced with its Liberty internal-power tables at the slew and load it sees, every
 * net's switching energy (1/2 C V^2 per toggle) on its pin and wire-load capacitance, the
 * clock network as a buffer tree, and each cell's leakage; split by what the energy is for
 * (clock pins, clock network and gates, storage, operand multiplexers, the RF banks' read
 * data, control) and by
 * module. docs/power.md gives the method and its limits. */
#ifndef PW_PWR_H
#define PW_PWR_H

#include <stdint.h>
#include "lib.h"
#include "net.h"
#include "vcd.h"

/* what energy is for: flip-flop and latch clock pins; clock nets, their buffer tree and the
 * clock gates; storage registers (and the logic feeding them); the logic feeding the operand
 * output port; the nets a black box drives (the RF banks' read data: the crossbar to the
 * collectors); everything else */
enum { PW_CLOCK_PINS = 0, PW_CLOCK_NET, PW_STORAGE, PW_OPERAND, PW_XBAR, PW_CONTROL, PW_NCAT };

typedef struct {
    double period_ns;      /* clock period */
    const char *clock;     /* the clock port ("clk_i") */
    const char *tree_cell; /* buffer of the clock tree model */
    int tree_fanout;       /* sinks per buffer of the tree model at most */
    const char *drive_cell;/* the cell driving every input port (its slew) */
    double input_slew;     /* without drive_cell: every input port's slew, ns (0: 0.05) */
    double out_load;       /* pF on each output port */
    const char *storage;   /* a register whose instance path holds this is storage ("u_data") */
    const char *operand;   /* logic whose output reaches this output port is the operand mux */
} pw_opts;

typedef struct { double internal, switching, leakage; } pw_e;   /* pJ over the window */

typedef struct {
    char *name;            /* instance path, generate indices as [*] */
    pw_e e;
    int cells;
} pw_mod;

typedef struct {
    uint64_t cycles;       /* clock cycles of the window (the clock's toggles / 2) */
    double seconds;
    pw_e cat[PW_NCAT];
    pw_e total;
    pw_mod *mod; int nmod;
    int cells, blackboxes, flops, latches, gates;
    int nets, nets_no_activity, clock_nets;
    int tree_buffers, clock_tree_buffers;   /* buffers of the tree model: all, the clock's */
    int extrapolated;
    double clock_sink_slew_ns; /* the slew at the clock pins of the largest clock net */
    /* the storage registers' clock, for the energy ledger: their clock pins, their share of
     * the clock nets and trees (by sinks), and their clock gates' own energy (pJ) */
    double storage_clock_pins, storage_clock_net, storage_gate_energy;
    int storage_regs, storage_gates;
} pw_result;

/* Price netlist nl (cells of lib) under activity a with options o into res; -1 with a
 * message in err (size n) when the clock is missing or never toggles. */
int pw_power(pw_lib *lib, pw_netlist *nl, const pw_activity *a, const pw_opts *o,
             pw_result *res, char *err, size_t n);

/* Free the module list of a result. */
void pw_result_free(pw_result *r);

/* Name of category i ("clock_pins", ...). */
const char *pw_cat_name(int i);

/* Sum of the three parts of e. */
double pw_e_sum(const pw_e *e);

#endif
