/* cfgkey.h - the engine of the configuration format: key tables, and parsing, checking,
 * writing and hashing over them.
 *
 * A configuration is made of parts (the hardware's keys in cfg.c, and the simulator's in
 * its components: driver/drvkeys.c, compare/opckeys.c, gpu/gpukeys.c, sim/enkeys.c). Each
 * part is a table of keys (name, kind, offset of its field in the part's struct, range,
 * default) bound to its struct and to the provenance slots of its keys. The engine reads
 * `key = value` text into whichever part owns the key, so one file configures them all.
 */
#ifndef CFGKEY_H
#define CFGKEY_H

#include <stddef.h>
#include <stdio.h>

#define CFG_ERR_LEN 512
#define CFG_PATH_LEN 256   /* a file name a key holds (energy_table), with its NUL */
#define CFG_MAX_FSM 16     /* FSM states */
#define CFG_MAX_PARTS 8
#define CFG_ORIGIN_SET 0x80000000u /* provenance flag: set by --set (or a `where` without line) */

/* Kinds of keys. */
enum cfg_kind {
    CFG_K_UINT,  /* unsigned, decimal or 0x hex */
    CFG_K_HEX,   /* unsigned, written in hex */
    CFG_K_ULONG, /* unsigned long */
    CFG_K_POW2,  /* unsigned, power of two */
    CFG_K_ENUM,  /* int 0/1, written as one of two words */
    CFG_K_RATIO, /* two unsigned NUM/DEN: the field at off, and the next unsigned */
    CFG_K_FSM,   /* the rows fsm.1..fsm.16 (cfg_fsm_row[CFG_MAX_FSM + 1] at off) */
    CFG_K_WORDS, /* unsigned, written as one of the words of cfg_key.words */
    CFG_K_PAIR,  /* cfg_exec: `LATENCY,II` */
    CFG_K_MILLI, /* unsigned thousandths, written as a decimal with up to 3 places (pJ -> fJ) */
    CFG_K_PATH   /* a file name (char[CFG_PATH_LEN]); empty: none */
};

/* One row of the STHLD FSM table (D-16); states are numbered 1..fsm_states. */
typedef struct {
    unsigned s_next;  /* next state on a Small IPC change */
    int s_delta;      /* STHLD delta on S, in units of sthld_step */
    unsigned l_next;  /* next state on a Large IPC change */
    int l_delta;      /* STHLD delta on L, in units of sthld_step */
} cfg_fsm_row;

/* Latency and initiation interval of one execution class, cycles. */
typedef struct {
    unsigned lat; /* cycles from the start of execution to the write-back */
    unsigned ii;  /* cycles between two starts on the class's unit */
} cfg_exec;

/* One key of a table. */
typedef struct {
    const char *name;
    enum cfg_kind kind;
    size_t off;                /* offsetof(part struct, field) */
    unsigned long long lo, hi; /* static range; cross-key bounds are in `note` */
    unsigned long long def;
    const char *w0, *w1;       /* CFG_K_ENUM: the words for 0 and 1 */
    const char *note;          /* appended to the allowed range in messages */
    int hw;                    /* 1 = hardware key (written in hw_only, hashed); 2 = the
                                  same, hashed only when not at its default (a key added
                                  after RTL was named keeps that RTL's name) */
    const char *const *words;  /* CFG_K_WORDS: the words, NULL-terminated */
    unsigned long long def2;   /* CFG_K_PAIR: default initiation interval; CFG_K_RATIO: the
                                  default DEN (def: NUM) */
    size_t off2;               /* CFG_K_FSM: offset of the unsigned row count (fsm_states) */
} cfg_key;

/* A table of keys; a table with a CFG_K_FSM key keeps its rows' provenance in the slots
 * nkeys .. nkeys + CFG_MAX_FSM - 1. */
typedef struct {
    const cfg_key *keys;
    unsigned nkeys;
} cfg_table;

/* A table bound to the struct its offsets point into and to its provenance slots:
 * origin[i] is where key i was last set (0 = default, N = line N of the file,
 * CFG_ORIGIN_SET | n = the n-th --set). */
typedef struct {
    const cfg_table *t;
    void *base;
    unsigned *origin;
} cfg_part;

/* The parts of one configuration, searched in order. */
typedef struct {
    cfg_part p[CFG_MAX_PARTS];
    unsigned n;
} cfg_parts;

/* One `key = value` line of a file: key and value trimmed, where = "PATH:LINE".
 * Returns 0, or -1 with a one-line message in err (CFG_ERR_LEN bytes). */
typedef int (*cfg_line_fn)(void *ctx, const char *key, const char *value, const char *where,
                           char *err);

/* Read the `key = value` lines of path in order (`#` starts a comment, blank lines are
 * skipped), giving each to fn; stops at the first error. The reader of every file in this
 * format (configurations, energy ledgers). Returns 0, or -1 with a one-line message. */
int cfg_each_line(const char *path, cfg_line_fn fn, void *ctx, char *err);

/* Format a one-line message into err (CFG_ERR_LEN bytes; may be NULL) and return -1. */
int cfg_fail(char *err, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Every key of every part at its default, every provenance slot 0 (FSM rows stay 0). */
void cfg_parts_defaults(const cfg_parts *ps);

/* Apply one key = value (both trimmed here) to the part that owns key; where = "FILE:LINE"
 * or "--set". 0, or -1 with a one-line message (an unknown key names the nearest one). */
int cfg_parts_set(const cfg_parts *ps, const char *key, const char *value, const char *where,
                  char *err);

/* Read `key = value` lines of path over the parts (no validation). Later duplicates win. */
int cfg_parts_load(const cfg_parts *ps, const char *path, char *err);

/* Apply `[--config FILE] [--set k=v]...` of argv to the parts (after cfg_parts_defaults);
 * *path gets the file (or NULL). rest/nrest as cfg_from_args (cfg.h). 0 or -1 with err. */
int cfg_parts_args(const cfg_parts *ps, int argc, char **argv, char **rest, int *nrest,
                   const char **path, char *err);

/* Every key of the parts inside its static range. 0, or -1 with err. */
int cfg_parts_ranges(const cfg_parts *ps, const char *path, char *err);

/* 1 if key (by name) of some part was set by a file or --set, 0 if it holds its default. */
int cfg_parts_is_set(const cfg_parts *ps, const char *key);

/* Write the keys of part p (hw_only: hardware keys only), one `prefix key = value` line
 * each, in table order. */
void cfg_part_write(const cfg_part *p, FILE *f, const char *prefix, int hw_only);

/* Fold the hardware keys of p into the FNV-1a 64 hash *h, as cfg_part_write writes them
 * with no prefix, less the lines of keys with hw = 2 at their defaults. */
void cfg_part_hash(const cfg_part *p, unsigned long long *h);

/* The origin of key ki of part p (0: default). */
unsigned cfg_origin(const cfg_part *p, int ki);

/* Message prefix naming the origin set last among origins o[0..n-1]: "--set",
 * "path:LINE", or path (all defaults). Written into b (size bn), returned. */
const char *cfg_where(const char *path, const unsigned *o, int n, char *b, size_t bn);

/* The value of key k of part p as a file writes it, into b (size n). */
void cfg_key_format(const cfg_part *p, const cfg_key *k, char *b, size_t n);

/* The allowed values of key k as messages give them, into b (size n). */
void cfg_key_allowed(const cfg_key *k, char *b, size_t n);

#endif
