/* test_ledger.c - the energy ledger's file format (sim/ledger.h): the shipped 45 nm file
 * against the built-in table, a write / read round trip, and every class of bad input,
 * each with its FILE:LINE message. Run from the repository root. */
#include <string.h>
#include <unistd.h>
#include "simcfg.h"
#include "ledger.h"
#include "tt.h"

/* A complete ledger text with every figure distinct (0.5 + i / 8, exact in binary). */
static const char *const good =
    "# a comment line\n"
    "source = hand-made test figures\n"
    "bank_read_pj_per_bit = 0.5\n"
    "bank_write_pj_per_bit = 0.625\n"
    "bank_idle_pj_per_bank_cycle = 0.75   # trailing comment\n"
    "\n"
    "entry_fill_pj_per_bit = 0.875\n"
    "entry_wb_pj_per_bit = 1\n"
    "operand_read_pj_per_bit = 1.125\n"
    "crossbar_pj_per_bit_base = 1.25\n"
    "crossbar_pj_per_bit_per_collector = 1.375\n"
    "storage_clock_pj_per_bit_cycle_ungated = 1.5\n"
    "storage_clock_pj_per_bit_cycle_gated = 1.625\n"
    "gate_pj_per_entry_cycle = 1.75\n"
    "ccu_control_pj_per_collector_cycle = 1.875e0\n"
    "ocu_control_pj_per_collector_cycle = 2\n"
    "clock_gating = on\n";

/* Write text to a fresh temporary file; its name into path (room for 64). 0 or -1. */
static int tmp_file(const char *text, char *path)
{
    strcpy(path, "/tmp/test_ledger_XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    size_t n = strlen(text);
    int ok = write(fd, text, n) == (ssize_t)n;
    close(fd);
    return ok ? 0 : -1;
}

/* Load text as a ledger file; the message (with the temporary name replaced by "F") into
 * msg. Returns ledger_load's result. */
static int load_text(const char *text, ledger_t *L, char *msg)
{
    char path[64], err[CFG_ERR_LEN] = "";
    if (tmp_file(text, path)) return -9;
    int rc = ledger_load(path, L, err);
    unlink(path);
    size_t n = strlen(path);
    msg[0] = '\0';
    if (strncmp(err, path, n) == 0) snprintf(msg, CFG_ERR_LEN, "F%s", err + n);
    else snprintf(msg, CFG_ERR_LEN, "%s", err);
    return rc;
}

/* Every key read to its figure, in the file order of ledger.h. */
static void test_good_file(void)
{
    ledger_t L;
    char msg[CFG_ERR_LEN];
    TT_EQ(load_text(good, &L, msg), 0);
    if (msg[0]) fprintf(stderr, "  %s\n", msg);
    for (unsigned i = 0; i < LEDGER_NVAL; i++) TT_CHECK(L.v[i] == 0.5 + i / 8.0);
    TT_EQ(L.clock_gating, 1);
    TT_CHECK(strcmp(L.source, "hand-made test figures") == 0);
    TT_CHECK(strncmp(L.path, "/tmp/test_ledger_", 17) == 0);
    TT_CHECK(strcmp(ledger_key(LEDGER_CONTROL), "ccu_control_pj_per_collector_cycle") == 0);
    TT_CHECK(strcmp(ledger_key(LEDGER_CONTROL_OCU), "ocu_control_pj_per_collector_cycle") == 0);
    TT_CHECK(strcmp(ledger_key(LEDGER_NVAL), "?") == 0);
}

/* ledger_write then ledger_load gives back every figure bit for bit (1/3 and 1e-7 are not
 * short decimals), the source and the gating. */
static void test_round_trip(void)
{
    ledger_t a, b;
    char path[64], err[CFG_ERR_LEN] = "";
    memset(&a, 0, sizeof a);
    for (unsigned i = 0; i < LEDGER_NVAL; i++) a.v[i] = (i + 1) / 3.0 * 1e-7 * (i % 3 ? 1 : 1e9);
    a.clock_gating = 1;
    snprintf(a.source, sizeof a.source, "round trip, sky130 tt 25C");
    strcpy(path, "/tmp/test_ledger_rt_XXXXXX");
    int fd = mkstemp(path);
    TT_CHECK(fd >= 0);
    if (fd < 0) return;
    FILE *f = fdopen(fd, "w");
    TT_CHECK(f != NULL);
    if (!f) return;
    ledger_write(&a, f);
    fclose(f);
    TT_EQ(ledger_load(path, &b, err), 0);
    if (err[0]) fprintf(stderr, "  %s\n", err);
    unlink(path);
    for (unsigned i = 0; i < LEDGER_NVAL; i++) TT_CHECK(a.v[i] == b.v[i]);
    TT_EQ(b.clock_gating, 1);
    TT_CHECK(strcmp(a.source, b.source) == 0);
}

/* The shipped configs/energy/45nm.ledger holds the built-in table of the default
 * configuration, figure for figure (the file's 0.11 is the built-in 112.64 / 1024). */
static void test_45nm_file(void)
{
    ledger_t f, b;
    sim_cfg c;
    char err[CFG_ERR_LEN] = "";
    TT_EQ(ledger_load("configs/energy/45nm.ledger", &f, err), 0);
    if (err[0]) fprintf(stderr, "  %s\n", err);
    simcfg_defaults(&c);
    ledger_builtin(&c, &b);
    for (unsigned i = 0; i < LEDGER_NVAL; i++) TT_CHECK(f.v[i] == b.v[i]);
    TT_EQ(f.clock_gating, 0);
    TT_EQ(b.clock_gating, 0);
    TT_CHECK(b.v[LEDGER_BANK_READ] == 0.3125 && b.v[LEDGER_XBAR_BASE] == 0.11);
    TT_CHECK(strstr(f.source, "Horowitz") && strstr(b.source, "Horowitz"));
    /* ledger_of: empty energy_table is the built-in table, a name is read */
    ledger_t o;
    TT_EQ(ledger_of(&c, &o, err), 0);
    TT_CHECK(o.path[0] == '\0' && o.v[LEDGER_ENTRY_FILL] == 0.15625);
    snprintf(c.en.energy_table, sizeof c.en.energy_table, "configs/energy/45nm.ledger");
    TT_EQ(ledger_of(&c, &o, err), 0);
    TT_CHECK(strcmp(o.path, "configs/energy/45nm.ledger") == 0);
    /* moved energy_* keys: the built-in table follows them and says so */
    simcfg_defaults(&c);
    c.en.energy[ENK_BANK_READ] = 204800;
    ledger_builtin(&c, &b);
    TT_CHECK(b.v[LEDGER_BANK_READ] == 0.2);
    TT_CHECK(strstr(b.source, "energy_* keys") != NULL);
}

/* good with line n (1-based) replaced by repl (NULL: removed). */
static void edit(char *out, size_t cap, unsigned n, const char *repl)
{
    const char *p = good;
    size_t len = 0;
    for (unsigned line = 1; *p; line++) {
        const char *nl = strchr(p, '\n');
        size_t l = (size_t)(nl - p) + 1;
        if (line != n) len += (size_t)snprintf(out + len, cap - len, "%.*s", (int)l, p);
        else if (repl) len += (size_t)snprintf(out + len, cap - len, "%s\n", repl);
        p += l;
    }
}

/* Every class of bad input: one line naming the file, the line and what was expected. */
static void test_errors(void)
{
    static const struct {
        unsigned line;
        const char *repl, *want;
    } cases[] = {
        {3, "bank_read_pj_per_bit = abc", "F:3: key 'bank_read_pj_per_bit': value 'abc' is not a non-negative decimal number (expected pJ"},
        {3, "bank_read_pj_per_bit = -0.5", "F:3: key 'bank_read_pj_per_bit': value '-0.5' is not a non-negative"},
        {3, "bank_read_pj_per_bit = 0x10", "is not a non-negative"},
        {3, "bank_read_pj_per_bit = inf", "is not a non-negative"},
        {3, "bank_read_pj_per_bit = nan", "is not a non-negative"},
        {3, "bank_read_pj_per_bit = .5", "is not a non-negative"},
        {3, "bank_read_pj_per_bit = 5.", "is not a non-negative"},
        {3, "bank_read_pj_per_bit = 1e", "is not a non-negative"},
        {3, "bank_read_pj_per_bit = 1 2", "is not a non-negative"},
        {3, "bank_read_pj_per_bit = ", "value '' is not a non-negative"},
        {3, "bank_read_pj_per_bit = 1e400", "F:3: key 'bank_read_pj_per_bit': value '1e400' is out of range"},
        {3, "bank_read_pj_per_bit = 1000001", "value '1000001' is out of range"},
        {4, "bank_read_pj_per_bit = 0.5", "F:4: key 'bank_read_pj_per_bit' given twice (first on line 3"},
        {4, "bank_reed_pj_per_bit = 0.5", "F:4: unknown key 'bank_reed_pj_per_bit' (expected one of: source, bank_read_pj_per_bit,"},
        {4, "energy_bank_read = 320", "F:4: unknown key 'energy_bank_read'"},
        {4, "just words", "F:4: expected 'key = value', got 'just words'"},
        {4, "= 0.5", "F:4: expected 'key = value'"},
        {17, "clock_gating = yes", "F:17: key 'clock_gating': value 'yes' is not a valid word (expected on or off)"},
        {2, "source =", "F:2: key 'source': expected where the numbers come from"},
        {2, NULL, "F:16: end of file without key 'source' (expected every key"},
        {17, NULL, "F:16: end of file without key 'clock_gating'"},
        {16, NULL, "F:16: end of file without key 'ocu_control_pj_per_collector_cycle'"},
        {12, NULL, "end of file without key 'storage_clock_pj_per_bit_cycle_ungated'"},
    };
    char text[4096], msg[CFG_ERR_LEN];
    ledger_t L;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        edit(text, sizeof text, cases[i].line, cases[i].repl);
        int rc = load_text(text, &L, msg);
        int ok = rc == -1 && strstr(msg, cases[i].want) && !strchr(msg, '\n');
        if (cases[i].want[0] == 'F') ok = ok && strncmp(msg, cases[i].want, strlen(cases[i].want)) == 0;
        if (!ok) fprintf(stderr, "  case %zu: rc %d, got '%s', expected '%s'\n", i, rc, msg, cases[i].want);
        TT_CHECK(ok);
    }
    /* a missing file, an empty one, a line too long */
    char err[CFG_ERR_LEN] = "";
    TT_EQ(ledger_load("/nonexistent/x.ledger", &L, err), -1);
    TT_CHECK(strncmp(err, "/nonexistent/x.ledger: cannot open", 34) == 0);
    TT_EQ(load_text("", &L, msg), -1);
    TT_CHECK(strncmp(msg, "F:1: end of file without key 'source'", 37) == 0);
    static char longl[1200];
    memset(longl, ' ', sizeof longl - 2);
    longl[sizeof longl - 2] = '\n';
    TT_EQ(load_text(longl, &L, msg), -1);
    TT_CHECK(strncmp(msg, "F:1: line longer than", 21) == 0);
}

int main(void)
{
    TT_RUN(test_good_file);
    TT_RUN(test_round_trip);
    TT_RUN(test_45nm_file);
    TT_RUN(test_errors);
    TT_EXIT();
}
