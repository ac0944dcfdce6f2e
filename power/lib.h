/* lib.h - the parts of a Liberty library that gate-level power needs: units, the wire-load
 * model, and per cell its area, leakage, kind (combinational, flip-flop, latch, integrated
 * clock gate), pins (direction, capacitance, clock), internal-power tables and output
 * transition tables. Reads the Liberty text syntax (groups, simple and complex attributes,
 * comments, line continuations); power/ is the project's gate-level power engine. */
#ifndef PW_LIB_H
#define PW_LIB_H

#include <stddef.h>

/* A lookup table of one or two variables: v[i * n2 + j] at (x1[i], x2[j]); x1 is the input
 * transition (ns), x2 the output load (pF) when the table has two. */
typedef struct {
    int n1, n2;            /* n2 = 1 for a one-variable table; n1 = 0: no table */
    double *x1, *x2, *v;
} pw_table;

typedef struct {
    char *related;         /* related_pin (NULL: none, an input pin's own energy) */
    pw_table rise, fall;   /* energy per rising / falling transition, library units (pJ) */
} pw_ipower;

typedef struct {
    char *related;         /* related_pin of the timing arc */
    pw_table rise, fall;   /* rise_transition / fall_transition (ns) over slew x load */
} pw_arc;

enum { PW_IN = 0, PW_OUT = 1, PW_INOUT = 2 };

typedef struct {
    char *name;
    int dir;               /* PW_IN, PW_OUT, PW_INOUT */
    double cap;            /* input capacitance, pF */
    int clock;             /* clock : true */
    pw_ipower *ip; int nip;
    pw_arc *arc; int narc;
} pw_pin;

enum { PW_COMB = 0, PW_FF = 1, PW_LATCH = 2, PW_ICG = 3 };

typedef struct {
    char *name;
    double area;
    double leak;           /* cell_leakage_power, library leakage units */
    int kind;              /* PW_COMB, PW_FF, PW_LATCH, PW_ICG */
    int dont_use;
    pw_pin *pin; int npin;
} pw_cell;

typedef struct {
    char *name;
    double volt;           /* nom_voltage or the operating conditions' voltage, V */
    double leak_unit_w;    /* leakage_power_unit in watts */
    double wl_cap;         /* default wire load: capacitance per unit length (pF) */
    double wl_slope;       /* length per fanout beyond the table */
    double wl_len[64];     /* fanout_length: length at fanout i (0: not given) */
    int wl_max;            /* the largest fanout the table gives */
    char *wl_name;
    pw_cell *cell; int ncell;
    int extrapolated;      /* lookups more than 5 % of an index's span outside it (pw_lookup) */
} pw_lib;

/* Read the Liberty file path (plain or .gz); NULL with a "file:line: expected ..." message
 * in err (size n) on a syntax error or a missing file. */
pw_lib *pw_lib_read(const char *path, char *err, size_t n);

/* Free a library of pw_lib_read. */
void pw_lib_free(pw_lib *l);

/* The cell called name, or NULL. */
const pw_cell *pw_lib_cell(const pw_lib *l, const char *name);

/* The pin called name of cell c, or NULL. */
const pw_pin *pw_cell_pin(const pw_cell *c, const char *name);

/* Table t at (x1, x2) by bilinear interpolation, extrapolating linearly beyond the index
 * range (as OpenSTA does) and counting in l->extrapolated (l may be NULL) the lookups more
 * than 5 % of an index's span outside it. */
double pw_lookup(pw_lib *l, const pw_table *t, double x1, double x2);

/* Wire capacitance (pF) of a net of fanout sinks under the default wire-load model. */
double pw_wire_cap(const pw_lib *l, int fanout);

#endif
