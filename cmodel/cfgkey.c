/* cfgkey.c - the engine of the configuration format (cfgkey.h): parsing `key = value`
 * text into the parts of a configuration, static ranges, writing and hashing.
 *
 * A part's keys are a table (name, kind, offset of the field, static range, default); the
 * engine knows nothing of what a key means. Ranges that depend on other keys are checked
 * by each part's owner once every key is known (cfg.c for the hardware, and the
 * simulator's components for theirs).
 */
#include "cfgkey.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_LEN 1024          /* longest accepted line of a file / --set text */
#define FSM_DELTA_MAX 255          /* static bound of an FSM delta (|delta|) */
#define VAL_SHOW "%.60s"           /* how much of an offending value a message echoes */

/* Format a one-line message into err (if non-NULL, CFG_ERR_LEN bytes) and return -1. */
int cfg_fail(char *err, const char *fmt, ...)
{
    va_list ap;
    if (!err) return -1;
    va_start(ap, fmt);
    vsnprintf(err, CFG_ERR_LEN, fmt, ap);
    va_end(ap);
    for (char *p = err; *p; p++)   /* one line, whatever the echoed text held */
        if ((unsigned char)*p < 0x20) *p = '?';
    return -1;
}

/* Smaller of two unsigned values. */
static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }

/* Copy s (n chars) into buf (size cap) without surrounding whitespace; 0, or -1 if too long. */
static int trim_copy(char *buf, size_t cap, const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s)) s++, n--;
    while (n && isspace((unsigned char)s[n - 1])) n--;
    if (n >= cap) return -1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return 0;
}

/* Parse an unsigned integer (decimal, or 0x hex), the whole string. 0 ok, -1 not an
 * integer, -2 too large for 64 bits. */
static int parse_u64(const char *s, unsigned long long *out)
{
    int base = 10;
    char *end;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, s += 2;
    if (base == 10 ? !isdigit((unsigned char)*s) : !isxdigit((unsigned char)*s)) return -1;
    errno = 0;
    *out = strtoull(s, &end, base);
    if (*end != '\0') return -1;
    return errno == ERANGE ? -2 : 0;
}

/* Parse a signed integer with optional + or - sign, |value| <= FSM_DELTA_MAX.
 * 0 ok, -1 not an integer, -2 out of range. */
static int parse_delta(const char *s, int *out)
{
    unsigned long long m;
    int neg = (*s == '-'), rc;
    if (*s == '+' || *s == '-') s++;
    rc = parse_u64(s, &m);
    if (rc) return rc;
    if (m > FSM_DELTA_MAX) return -2;
    *out = neg ? -(int)m : (int)m;
    return 0;
}

/* Read key k's value from the part struct at base (enums as their int, possibly outside
 * 0/1). */
static unsigned long long get_val(const void *base, const cfg_key *k)
{
    const char *p = (const char *)base + k->off;
    if (k->kind == CFG_K_ENUM) return (unsigned long long)(long long)*(const int *)p;
    if (k->kind == CFG_K_ULONG) return *(const unsigned long *)p;
    return *(const unsigned *)p;
}

/* Store v into key k's field of the part struct at base (scalar kinds only). */
static void put_val(void *base, const cfg_key *k, unsigned long long v)
{
    char *p = (char *)base + k->off;
    if (k->kind == CFG_K_ENUM) *(int *)p = (int)v;
    else if (k->kind == CFG_K_ULONG) *(unsigned long *)p = (unsigned long)v;
    else *(unsigned *)p = (unsigned)v;
}

/* Provenance slots of part p: one per key, and the FSM rows' when it has them. */
static unsigned nslots(const cfg_part *p)
{
    for (unsigned i = 0; i < p->t->nkeys; i++)
        if (p->t->keys[i].kind == CFG_K_FSM) return p->t->nkeys + CFG_MAX_FSM;
    return p->t->nkeys;
}

unsigned cfg_origin(const cfg_part *p, int ki) { return p->origin[ki]; }

/* Write the allowed values of key k into b (size n). */
void cfg_key_allowed(const cfg_key *k, char *b, size_t n)
{
    size_t len = 0;
    switch (k->kind) {
    case CFG_K_ENUM:
        snprintf(b, n, "%s, %s", k->def ? k->w1 : k->w0, k->def ? k->w0 : k->w1);
        break;
    case CFG_K_POW2:
        b[0] = '\0';
        for (unsigned long long v = k->lo; v <= k->hi && len < n; v *= 2)
            len += (size_t)snprintf(b + len, n - len, "%s%llu", v == k->lo ? "" : ", ", v);
        break;
    case CFG_K_RATIO:
        snprintf(b, n, "NUM/DEN with DEN 1..%llu and NUM 0..DEN, e.g. 1/50", k->hi);
        break;
    case CFG_K_WORDS:
        b[0] = '\0';
        for (int i = 0; k->words[i] && len < n; i++)
            len += (size_t)snprintf(b + len, n - len, "%s%s", i ? ", " : "", k->words[i]);
        break;
    case CFG_K_PAIR:
        snprintf(b, n, "LATENCY,II (cycles, each %llu..%llu), e.g. %llu,%llu", k->lo, k->hi,
                 k->def, k->def2);
        break;
    case CFG_K_MILLI:
        snprintf(b, n, "%llu..%llu pJ, at most 3 decimals, e.g. 112.64", k->lo / 1000,
                 k->hi / 1000);
        break;
    case CFG_K_PATH:
        snprintf(b, n, "a file name of at most %d characters, or nothing", CFG_PATH_LEN - 1);
        break;
    case CFG_K_FSM:
        snprintf(b, n, "'S_NEXT S_DELTA L_NEXT L_DELTA', next states 1..fsm_states (<= %d), "
                 "deltas -%d..+%d in units of sthld_step", CFG_MAX_FSM, FSM_DELTA_MAX,
                 FSM_DELTA_MAX);
        break;
    default:
        snprintf(b, n, "%llu..%llu%s", k->lo, k->hi, k->note ? k->note : "");
    }
}

/* Levenshtein distance of a and b, capped: strings longer than 47 chars give 99. */
static unsigned edit_distance(const char *a, const char *b)
{
    unsigned row[48], la = (unsigned)strlen(a), lb = (unsigned)strlen(b);
    if (la > 47 || lb > 47) return 99;
    for (unsigned j = 0; j <= lb; j++) row[j] = j;
    for (unsigned i = 1; i <= la; i++) {
        unsigned diag = row[0];
        row[0] = i;
        for (unsigned j = 1; j <= lb; j++) {
            unsigned up = row[j], best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            diag = up;
            row[j] = best;
        }
    }
    return row[lb];
}

/* The key named `name` (not fsm rows) in the parts: its part in *pp, its index, or -1. */
static int find_key(const cfg_parts *ps, const char *name, const cfg_part **pp)
{
    for (unsigned j = 0; j < ps->n; j++)
        for (unsigned i = 0; i < ps->p[j].t->nkeys; i++)
            if (ps->p[j].t->keys[i].kind != CFG_K_FSM &&
                strcmp(ps->p[j].t->keys[i].name, name) == 0) {
                *pp = &ps->p[j];
                return (int)i;
            }
    return -1;
}

/* The part holding the FSM rows, or NULL. */
static const cfg_part *fsm_part(const cfg_parts *ps, const cfg_key **k)
{
    for (unsigned j = 0; j < ps->n; j++)
        for (unsigned i = 0; i < ps->p[j].t->nkeys; i++)
            if (ps->p[j].t->keys[i].kind == CFG_K_FSM) {
                *k = &ps->p[j].t->keys[i];
                return &ps->p[j];
            }
    return NULL;
}

/* Error for an unknown key: the nearest known key if close, and the known keys. */
static int unknown_key(const cfg_parts *ps, const char *key, const char *where, char *err)
{
    char list[CFG_ERR_LEN], hint[96] = "";
    size_t len = 0;
    const char *best = NULL;
    unsigned bd = 99, all = 0, shown = 0;
    for (unsigned j = 0; j < ps->n; j++)
        for (unsigned i = 0; i < ps->p[j].t->nkeys; i++) {
            unsigned d = edit_distance(key, ps->p[j].t->keys[i].name);
            if (d < bd) bd = d, best = ps->p[j].t->keys[i].name;
        }
    if (best && bd <= 2 && bd < strlen(key))
        snprintf(hint, sizeof hint, "did you mean '%s'? ", best);
    /* as many names as fit in one message, then a pointer to the documentation */
    size_t cap = CFG_ERR_LEN - 100 - umin(CFG_ERR_LEN - 100, (unsigned)(strlen(where) +
                 strlen(hint) + umin(40, (unsigned)strlen(key))));
    list[0] = '\0';
    for (unsigned j = 0; j < ps->n; j++)
        for (unsigned i = 0; i < ps->p[j].t->nkeys; i++, all++) {
            const cfg_key *k = &ps->p[j].t->keys[i];
            const char *name = k->kind == CFG_K_FSM ? "fsm.1..fsm.16" : k->name;
            if (shown < all || len + strlen(name) + 2 > cap) continue;
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", all ? ", " : "", name);
            shown++;
        }
    return cfg_fail(err, "%s: unknown key '%.40s' (%sknown keys: %s%s)", where, key, hint, list,
                    shown < all ? ", ... (all in docs/config.md)" : "");
}

/* The origin a `where` text stands for: the number after its last ':' if all digits,
 * else the next --set ordinal (over every part). */
static unsigned origin_of(const cfg_parts *ps, const char *where)
{
    const char *colon = where ? strrchr(where, ':') : NULL;
    unsigned long long line;
    unsigned n = 0;
    if (colon && parse_u64(colon + 1, &line) == 0 && line > 0 && line < CFG_ORIGIN_SET)
        return (unsigned)line;
    for (unsigned j = 0; j < ps->n; j++)
        for (unsigned i = 0, m = nslots(&ps->p[j]); i < m; i++) {
            unsigned o = ps->p[j].origin[i];
            if ((o & CFG_ORIGIN_SET) && (o & ~CFG_ORIGIN_SET) > n) n = o & ~CFG_ORIGIN_SET;
        }
    return CFG_ORIGIN_SET | (n + 1);
}

/* ---------------------------------------------------------------- setting one key */

/* Set an enum key from its word. */
static int set_enum(void *base, const cfg_key *k, const char *value, const char *where, char *err)
{
    char al[64];
    if (strcmp(value, k->w0) == 0) put_val(base, k, 0);
    else if (strcmp(value, k->w1) == 0) put_val(base, k, 1);
    else {
        cfg_key_allowed(k, al, sizeof al);
        return cfg_fail(err, "%s: key '%s': value '" VAL_SHOW "' is not a valid word (allowed: %s)",
                    where, k->name, value, al);
    }
    return 0;
}

/* Set a CFG_K_WORDS key from one of its words. */
static int set_words(void *base, const cfg_key *k, const char *value, const char *where, char *err)
{
    char al[128];
    for (int i = 0; k->words[i]; i++)
        if (strcmp(value, k->words[i]) == 0) {
            put_val(base, k, (unsigned long long)i);
            return 0;
        }
    cfg_key_allowed(k, al, sizeof al);
    return cfg_fail(err, "%s: key '%s': value '" VAL_SHOW "' is not a valid word (allowed: %s)",
                where, k->name, value, al);
}

/* Two unsigned integers `X<sep>Y` (blanks around each allowed): 0, or -1 if value is not
 * that. The form of CFG_K_PAIR (`LATENCY,II`) and CFG_K_RATIO (`NUM/DEN`). */
static int parse_two(const char *value, char sep, unsigned long long *x, unsigned long long *y)
{
    const char *at = strchr(value, sep);
    char a[32], b[32];
    if (!at || trim_copy(a, sizeof a, value, (size_t)(at - value)) ||
        trim_copy(b, sizeof b, at + 1, strlen(at + 1)))
        return -1;
    return parse_u64(a, x) || parse_u64(b, y) ? -1 : 0;
}

/* Set a CFG_K_PAIR key (cfg_exec) from `LATENCY,II`. */
static int set_pair(void *base, const cfg_key *k, const char *value, const char *where, char *err)
{
    char al[128];
    unsigned long long lat, ii;
    cfg_key_allowed(k, al, sizeof al);
    if (parse_two(value, ',', &lat, &ii))
        return cfg_fail(err, "%s: key '%s': value '" VAL_SHOW "' is not LATENCY,II (allowed: %s)",
                    where, k->name, value, al);
    if (lat < k->lo || lat > k->hi || ii < k->lo || ii > k->hi)
        return cfg_fail(err, "%s: key '%s': value '" VAL_SHOW "' is out of range (allowed: %s)",
                    where, k->name, value, al);
    cfg_exec *e = (cfg_exec *)((char *)base + k->off);
    e->lat = (unsigned)lat;
    e->ii = (unsigned)ii;
    return 0;
}

/* Set ipc_threshold from NUM/DEN. */
static int set_ratio(void *base, const cfg_key *k, const char *value, const char *where,
                     char *err)
{
    char al[96];
    unsigned long long n, d;
    cfg_key_allowed(k, al, sizeof al);
    if (parse_two(value, '/', &n, &d))
        return cfg_fail(err, "%s: key '%s': value '" VAL_SHOW "' is not NUM/DEN (allowed: %s)",
                    where, k->name, value, al);
    if (d < 1 || d > k->hi || n > d)
        return cfg_fail(err, "%s: key '%s': value '" VAL_SHOW "' is out of range (allowed: %s)",
                    where, k->name, value, al);
    unsigned *f = (unsigned *)((char *)base + k->off);
    f[0] = (unsigned)n;
    f[1] = (unsigned)d;
    return 0;
}

/* Set an integer key (CFG_K_UINT, CFG_K_HEX, CFG_K_ULONG, CFG_K_POW2). */
static int set_int(void *base, const cfg_key *k, const char *value, const char *where, char *err)
{
    unsigned long long v;
    char al[128];
    int rc = parse_u64(value, &v);
    cfg_key_allowed(k, al, sizeof al);
    if (rc == -1)
        return cfg_fail(err, "%s: key '%s': value '" VAL_SHOW "' is not an integer (allowed: %s)",
                    where, k->name, value, al);
    if (rc == -2 || v < k->lo || v > k->hi)
        return cfg_fail(err, "%s: key '%s': value '" VAL_SHOW "' is out of range (allowed: %s)",
                    where, k->name, value, al);
    if (k->kind == CFG_K_POW2 && (v & (v - 1)) != 0)
        return cfg_fail(err, "%s: key '%s': value '" VAL_SHOW "' is not a power of two "
                    "(allowed: %s)", where, k->name, value, al);
    put_val(base, k, v);
    return 0;
}

/* Set a CFG_K_MILLI key from `UNITS[.D[D[D]]]` (decimal digits only), stored in thousandths. */
static int set_milli(void *base, const cfg_key *k, const char *value, const char *where, char *err)
{
    char al[128];
    unsigned long long v = 0, scale = 1000;
    size_t nw = strspn(value, "0123456789"), nf = 0;
    const char *p = value + nw;
    cfg_key_allowed(k, al, sizeof al);
    if (*p == '.') {
        nf = strspn(p + 1, "0123456789");
        p += 1 + nf;
    }
    if (nw == 0 || *p || (value[nw] == '.' && (nf == 0 || nf > 3)))
        return cfg_fail(err, "%s: key '%s': value '" VAL_SHOW "' is not a decimal number with at "
                    "most 3 decimals (allowed: %s)", where, k->name, value, al);
    for (size_t i = 0; i < nw; i++) {
        v = v * 10 + (unsigned long long)(value[i] - '0');
        if (v > k->hi) break;
    }
    v *= 1000;
    for (size_t i = 0; i < nf; i++) v += (unsigned long long)(value[nw + 1 + i] - '0') * (scale /= 10);
    if (v < k->lo || v > k->hi)
        return cfg_fail(err, "%s: key '%s': value '" VAL_SHOW "' is out of range (allowed: %s)",
                    where, k->name, value, al);
    put_val(base, k, v);
    return 0;
}

/* Set a CFG_K_PATH key: the (trimmed) text as it is; empty for none. */
static int set_path(void *base, const cfg_key *k, const char *value, const char *where, char *err)
{
    char al[96];
    if (strlen(value) >= CFG_PATH_LEN) {
        cfg_key_allowed(k, al, sizeof al);
        return cfg_fail(err, "%s: key '%s': value '" VAL_SHOW "...' is too long (allowed: %s)",
                    where, k->name, value, al);
    }
    snprintf((char *)base + k->off, CFG_PATH_LEN, "%s", value);
    return 0;
}

/* Split value into whitespace-separated tokens (each < 32 chars); returns the count,
 * at most max + 1 (so that "too many" is visible), or -1 if a token is too long. */
static int tokens(const char *value, char tok[][32], int max)
{
    int n = 0;
    const char *p = value;
    while (*p) {
        size_t len;
        while (isspace((unsigned char)*p)) p++;
        if (!*p) break;
        len = strcspn(p, " \t\r\n\v\f");
        if (n <= max) {
            if (len >= 32) return -1;
            memcpy(tok[n], p, len);
            tok[n][len] = '\0';
        }
        n++;
        p += len;
    }
    return n > max ? max + 1 : n;
}

/* Set row n of the FSM table from `S_NEXT S_DELTA L_NEXT L_DELTA`. */
static int set_fsm(void *base, const cfg_key *k, unsigned n, const char *value, const char *where, char *err)
{
    static const char *const what[4] = {"S_NEXT", "S_DELTA", "L_NEXT", "L_DELTA"};
    char tok[5][32], al[192];
    unsigned long long nx[2];
    int d[2], cnt = tokens(value, tok, 4);
    cfg_key_allowed(k, al, sizeof al);
    if (cnt < 0)
        return cfg_fail(err, "%s: key 'fsm.%u': value '" VAL_SHOW "' is not 4 integers (allowed: "
                    "%s)", where, n, value, al);
    if (cnt != 4)
        return cfg_fail(err, "%s: key 'fsm.%u': value '" VAL_SHOW "' has %s%d tokens, expected 4 "
                    "(allowed: %s)", where, n, value, cnt > 4 ? "more than " : "",
                    cnt > 4 ? 4 : cnt, al);
    for (int i = 0; i < 4; i++) {
        int rc = (i % 2 == 0) ? parse_u64(tok[i], &nx[i / 2]) : parse_delta(tok[i], &d[i / 2]);
        if (rc == 0 && i % 2 == 0 && (nx[i / 2] < 1 || nx[i / 2] > CFG_MAX_FSM)) rc = -2;
        if (rc)
            return cfg_fail(err, "%s: key 'fsm.%u': %s '%s' is %s (allowed: %s)", where, n,
                        what[i], tok[i], rc == -1 ? "not an integer" : "out of range", al);
    }
    ((cfg_fsm_row *)((char *)base + k->off))[n] = (cfg_fsm_row){(unsigned)nx[0], d[0], (unsigned)nx[1], d[1]};
    return 0;
}

/* Apply key = value with a known origin; the core of cfg_parts_set and the file reader. */
static int set_one(const cfg_parts *ps, const char *key, const char *value, const char *where,
                   unsigned origin, char *err)
{
    const cfg_part *p = NULL;
    const cfg_key *k;
    int ki, rc;
    unsigned slot;
    if (strncmp(key, "fsm.", 4) == 0) {
        unsigned long long n;
        p = fsm_part(ps, &k);
        if (!p || !isdigit((unsigned char)key[4]) || parse_u64(key + 4, &n) || n < 1 ||
            n > CFG_MAX_FSM)
            return cfg_fail(err, "%s: unknown key '%.40s' (FSM rows are fsm.1..fsm.%d)", where,
                            key, CFG_MAX_FSM);
        rc = set_fsm(p->base, k, (unsigned)n, value, where, err);
        slot = p->t->nkeys + (unsigned)n - 1;
    } else {
        ki = find_key(ps, key, &p);
        if (ki < 0) return unknown_key(ps, key, where, err);
        k = &p->t->keys[ki];
        if (k->kind == CFG_K_ENUM) rc = set_enum(p->base, k, value, where, err);
        else if (k->kind == CFG_K_WORDS) rc = set_words(p->base, k, value, where, err);
        else if (k->kind == CFG_K_PAIR) rc = set_pair(p->base, k, value, where, err);
        else if (k->kind == CFG_K_RATIO) rc = set_ratio(p->base, k, value, where, err);
        else if (k->kind == CFG_K_MILLI) rc = set_milli(p->base, k, value, where, err);
        else if (k->kind == CFG_K_PATH) rc = set_path(p->base, k, value, where, err);
        else rc = set_int(p->base, k, value, where, err);
        slot = (unsigned)ki;
    }
    if (rc) return rc;
    p->origin[slot] = origin;
    return 0;
}

/* ---------------------------------------------------------------- public: set, load */

/* Every key of every part at its default (the values of configs/default.cfg). */
void cfg_parts_defaults(const cfg_parts *ps)
{
    for (unsigned j = 0; j < ps->n; j++) {
        const cfg_part *p = &ps->p[j];
        memset(p->origin, 0, nslots(p) * sizeof *p->origin);
        for (unsigned i = 0; i < p->t->nkeys; i++) {
            const cfg_key *k = &p->t->keys[i];
            if (k->kind == CFG_K_PAIR) {
                cfg_exec *e = (cfg_exec *)((char *)p->base + k->off);
                e->lat = (unsigned)k->def;
                e->ii = (unsigned)k->def2;
            } else if (k->kind == CFG_K_RATIO) {
                unsigned *f = (unsigned *)((char *)p->base + k->off);
                f[0] = (unsigned)k->def;
                f[1] = (unsigned)k->def2;
            } else if (k->kind == CFG_K_PATH) {
                *((char *)p->base + k->off) = '\0';
            } else if (k->kind != CFG_K_FSM) {
                put_val(p->base, k, k->def);
            }
        }
    }
}

/* Apply one key/value (both trimmed here); where = "FILE:LINE" or "--set" for messages. */
int cfg_parts_set(const cfg_parts *ps, const char *key, const char *value, const char *where,
                  char *err)
{
    char k[64], v[LINE_MAX_LEN];
    if (!where) where = "--set";
    if (!key || !value || trim_copy(k, sizeof k, key, strlen(key)) || !k[0])
        return cfg_fail(err, "%s: expected 'key = value', got key '%.40s'", where,
                        key ? key : "(null)");
    if (trim_copy(v, sizeof v, value, strlen(value)))
        return cfg_fail(err, "%s: key '%s': value longer than %d characters", where, k,
                        LINE_MAX_LEN - 1);
    return set_one(ps, k, v, where, origin_of(ps, where), err);
}

/* Split one line of a file (comment already removed) into key and value and give them to
 * fn; 0 or -1 with err. */
static int split_line(char *s, const char *path, unsigned line, cfg_line_fn fn, void *ctx,
                      char *err)
{
    char where[320], key[LINE_MAX_LEN], val[LINE_MAX_LEN];
    char *eq = strchr(s, '=');
    snprintf(where, sizeof where, "%.300s:%u", path, line);
    if (!eq || trim_copy(key, sizeof key, s, (size_t)(eq - s)) || !key[0]) {
        trim_copy(val, sizeof val, s, strlen(s));
        return cfg_fail(err, "%s: expected 'key = value', got '" VAL_SHOW "'", where, val);
    }
    trim_copy(val, sizeof val, eq + 1, strlen(eq + 1));
    return fn(ctx, key, val, where, err);
}

/* Read the `key = value` lines of path, giving each to fn (see cfg.h). */
int cfg_each_line(const char *path, cfg_line_fn fn, void *ctx, char *err)
{
    char buf[LINE_MAX_LEN + 1];
    unsigned line = 0;
    int rc = 0;
    FILE *f = fopen(path, "r");
    if (!f) return cfg_fail(err, "%.300s: cannot open: %s", path, strerror(errno));
    while (rc == 0 && fgets(buf, sizeof buf, f)) {
        size_t len = strlen(buf);
        char *hash = strchr(buf, '#');
        line++;
        if (len == sizeof buf - 1 && buf[len - 1] != '\n' && !feof(f)) {
            rc = cfg_fail(err, "%.300s:%u: line longer than %d characters", path, line,
                      LINE_MAX_LEN - 1);
            break;
        }
        if (hash) *hash = '\0';
        len = strspn(buf, " \t\r\n\v\f");
        if (buf[len]) rc = split_line(buf, path, line, fn, ctx, err);
    }
    if (rc == 0 && ferror(f)) rc = cfg_fail(err, "%.300s: read error: %s", path, strerror(errno));
    fclose(f);
    return rc;
}

/* cfg_each_line's callback of cfg_parts_load: one key of the parts ctx. */
static int load_kv(void *ctx, const char *key, const char *value, const char *where, char *err)
{
    const cfg_parts *ps = ctx;
    return set_one(ps, key, value, where, origin_of(ps, where), err);
}

/* Read `key = value` lines of path over the parts (no validation). Later duplicates win. */
int cfg_parts_load(const cfg_parts *ps, const char *path, char *err)
{
    return cfg_each_line(path, load_kv, (void *)ps, err);
}

/* ---------------------------------------------------------------- checks */

const char *cfg_where(const char *path, const unsigned *o, int n, char *b, size_t bn)
{
    unsigned last = 0;
    for (int i = 0; i < n; i++)
        if (o[i] > last) last = o[i];
    if (!path) path = "(configuration)";
    if (last & CFG_ORIGIN_SET) snprintf(b, bn, "--set");
    else if (last) snprintf(b, bn, "%.300s:%u", path, last);
    else snprintf(b, bn, "%.300s", path);
    return b;
}

/* Every key of part p inside its static range. */
static int part_ranges(const cfg_part *p, const char *path, char *err)
{
    char wh[320], al[192];
    for (unsigned i = 0; i < p->t->nkeys; i++) {
        const cfg_key *k = &p->t->keys[i];
        unsigned long long v;
        const char *at = cfg_where(path, &p->origin[i], 1, wh, sizeof wh);
        if (k->kind == CFG_K_FSM || k->kind == CFG_K_PATH) continue;
        v = get_val(p->base, k);
        cfg_key_allowed(k, al, sizeof al);
        if (k->kind == CFG_K_PAIR) {
            const cfg_exec *e = (const cfg_exec *)((const char *)p->base + k->off);
            if (e->lat < k->lo || e->lat > k->hi || e->ii < k->lo || e->ii > k->hi)
                return cfg_fail(err, "%s: key '%s': value %u,%u is out of range (allowed: %s)",
                                at, k->name, e->lat, e->ii, al);
        } else if (k->kind == CFG_K_RATIO) {
            const unsigned *f = (const unsigned *)((const char *)p->base + k->off);
            if (f[1] < 1 || f[1] > k->hi || f[0] > f[1])
                return cfg_fail(err, "%s: key '%s': value %u/%u is out of range (allowed: %s)",
                                at, k->name, f[0], f[1], al);
        } else if (k->kind == CFG_K_MILLI && (v < k->lo || v > k->hi)) {
            return cfg_fail(err, "%s: key '%s': value %llu.%03llu is out of range (allowed: %s)",
                            at, k->name, v / 1000, v % 1000, al);
        } else if (v < k->lo || v > k->hi) {
            return cfg_fail(err, "%s: key '%s': value %llu is out of range (allowed: %s)", at,
                            k->name, v, al);
        } else if (k->kind == CFG_K_POW2 && (v & (v - 1)) != 0) {
            return cfg_fail(err, "%s: key '%s': value %llu is not a power of two (allowed: %s)",
                            at, k->name, v, al);
        }
    }
    return 0;
}

int cfg_parts_ranges(const cfg_parts *ps, const char *path, char *err)
{
    for (unsigned j = 0; j < ps->n; j++)
        if (part_ranges(&ps->p[j], path, err)) return -1;
    return 0;
}

int cfg_parts_is_set(const cfg_parts *ps, const char *key)
{
    const cfg_part *p;
    int ki = find_key(ps, key, &p);
    return ki >= 0 && p->origin[ki] != 0;
}

/* ---------------------------------------------------------------- command line */

/* Apply one --set argument `key=value`. */
static int apply_set(const cfg_parts *ps, const char *arg, char *err)
{
    const char *eq = strchr(arg, '=');
    char key[64];
    if (!eq || trim_copy(key, sizeof key, arg, (size_t)(eq - arg)) || !key[0])
        return cfg_fail(err, "--set: expected 'key=value', got '" VAL_SHOW "'", arg);
    return cfg_parts_set(ps, key, eq + 1, "--set", err);
}

/* Is argument a exactly the option name? */
static int is_opt(const char *a, const char *name) { return strcmp(a, name) == 0; }

/* --config FILE (or --config=FILE), then every --set k=v in order, over the parts. rest
 * (room for argc pointers, may be NULL) receives argv[0] and every other argument untouched,
 * in order; everything from a "--" on is passed through as is. With rest == NULL an argument
 * that is not a cfg option is an error. */
int cfg_parts_args(const cfg_parts *ps, int argc, char **argv, char **rest, int *nrest,
                   const char **pathp, char *err)
{
    const char *path = NULL;
    int n = 0, i;
    *pathp = NULL;
    if (nrest) *nrest = 0;
    if (argc > 0 && rest) rest[n++] = argv[0];
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        int cfg_opt = is_opt(a, "--config") || is_opt(a, "--set");
        if (strcmp(a, "--") == 0) break;
        if (cfg_opt && i + 1 >= argc)
            return cfg_fail(err, "%s: missing argument (usage: --config FILE, --set key=value)", a);
        if (is_opt(a, "--config") || strncmp(a, "--config=", 9) == 0) {
            const char *p = a[8] == '=' ? a + 9 : argv[++i];
            if (path) return cfg_fail(err, "--config: given twice ('%.200s' and '%.200s')", path, p);
            path = p;
        } else if (cfg_opt) {
            i++;
        } else if (rest) {
            rest[n++] = argv[i];
        } else {
            return cfg_fail(err, "%.100s: unknown option (allowed: --config FILE, --set key=value)",
                        a);
        }
    }
    if (i < argc && !rest)
        return cfg_fail(err, "--: unknown option (allowed: --config FILE, --set key=value)");
    for (; i < argc && rest; i++) rest[n++] = argv[i];
    if (nrest) *nrest = n;
    *pathp = path;
    if (path && cfg_parts_load(ps, path, err)) return -1;
    for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (is_opt(argv[i], "--config")) i++;
        else if (is_opt(argv[i], "--set") && apply_set(ps, argv[++i], err)) return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- writing, hashing */

typedef void (*sink_fn)(void *ctx, const char *text);

/* Thousandths v as a decimal: "320", "112.64" (no trailing zeros). */
static void format_milli(unsigned long long v, char *b, size_t n)
{
    int len = snprintf(b, n, "%llu.%03llu", v / 1000, v % 1000);
    while (len > 0 && b[len - 1] == '0') b[--len] = '\0';
    if (len > 0 && b[len - 1] == '.') b[--len] = '\0';
}

/* Format key k's value as it is written in a file. */
void cfg_key_format(const cfg_part *p, const cfg_key *k, char *b, size_t n)
{
    if (k->kind == CFG_K_PATH) {
        snprintf(b, n, "%s", (const char *)p->base + k->off);
        return;
    }
    unsigned long long v = get_val(p->base, k);
    if (k->kind == CFG_K_ENUM) snprintf(b, n, "%s", v ? k->w1 : k->w0);
    else if (k->kind == CFG_K_WORDS) snprintf(b, n, "%s", v <= k->hi ? k->words[v] : "?");
    else if (k->kind == CFG_K_PAIR) {
        const cfg_exec *e = (const cfg_exec *)((const char *)p->base + k->off);
        snprintf(b, n, "%u,%u", e->lat, e->ii);
    }
    else if (k->kind == CFG_K_RATIO) {
        const unsigned *f = (const unsigned *)((const char *)p->base + k->off);
        snprintf(b, n, "%u/%u", f[0], f[1]);
    }
    else if (k->kind == CFG_K_HEX) snprintf(b, n, "0x%04llX", v);
    else if (k->kind == CFG_K_MILLI) format_milli(v, b, n);
    else snprintf(b, n, "%llu", v);
}

/* Format an FSM delta: 0, or with its sign. */
static const char *format_delta(int d, char *b, size_t n)
{
    if (d) snprintf(b, n, "%+d", d);
    else snprintf(b, n, "0");
    return b;
}

/* Emit the rows fsm.1..fsm_states. */
static void emit_fsm(const cfg_part *p, const cfg_key *k, const char *prefix, sink_fn fn,
                     void *ctx)
{
    char line[128], d1[8], d2[8];
    const cfg_fsm_row *rows = (const cfg_fsm_row *)((const char *)p->base + k->off);
    unsigned last = umin(*(const unsigned *)((const char *)p->base + k->off2), CFG_MAX_FSM);
    for (unsigned n = 1; n <= last; n++) {
        const cfg_fsm_row *r = &rows[n];
        snprintf(line, sizeof line, "fsm.%u = %u %s %u %s\n", n, r->s_next,
                 format_delta(r->s_delta, d1, sizeof d1), r->l_next,
                 format_delta(r->l_delta, d2, sizeof d2));
        fn(ctx, prefix);
        fn(ctx, line);
    }
}

/* The shared writer of cfg_part_write and cfg_part_hash: every key of p in order. */
static void emit_all(const cfg_part *p, const char *prefix, int hw_only, int hashing,
                     sink_fn fn, void *ctx)
{
    char line[CFG_PATH_LEN + 64], val[CFG_PATH_LEN];
    for (unsigned i = 0; i < p->t->nkeys; i++) {
        const cfg_key *k = &p->t->keys[i];
        if (hw_only && !k->hw) continue;
        if (hashing && k->hw == 2 && get_val(p->base, k) == k->def) continue;
        if (k->kind == CFG_K_FSM) {
            emit_fsm(p, k, prefix, fn, ctx);
            continue;
        }
        cfg_key_format(p, k, val, sizeof val);
        snprintf(line, sizeof line, "%s = %s\n", k->name, val);
        fn(ctx, prefix);
        fn(ctx, line);
    }
}

/* Sink writing to a FILE. */
static void sink_file(void *ctx, const char *text) { fputs(text, (FILE *)ctx); }

/* Sink folding text into a 64-bit FNV-1a hash. */
static void sink_fnv(void *ctx, const char *text)
{
    unsigned long long *h = ctx;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        *h = (*h ^ *p) * 0x100000001b3ull;
}

void cfg_part_write(const cfg_part *p, FILE *f, const char *prefix, int hw_only)
{
    emit_all(p, prefix ? prefix : "", hw_only, 0, sink_file, f);
}

void cfg_part_hash(const cfg_part *p, unsigned long long *h)
{
    emit_all(p, "", 1, 1, sink_fnv, h);
}
