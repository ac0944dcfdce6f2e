/* test_cfg.c - the configuration format: defaults, file syntax, --set, every error class,
 * cfg_write round trip, cfg_hash, cfg_clog2. Run from the repository root. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "simcfg.h"
#include "cfg.h"
#include "tt.h"

#define DEFAULT_CFG "configs/default.cfg"

/* Write text to a new temporary file; its name goes to path (>= 32 bytes). 0 or -1. */
static int tmp_cfg(const char *text, char *path)
{
    int fd;
    FILE *f;
    strcpy(path, "/tmp/test_cfg_XXXXXX");
    fd = mkstemp(path);
    if (fd < 0) return -1;
    f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        return -1;
    }
    fputs(text, f);
    return fclose(f) == 0 ? 0 : -1;
}

/* Every field that matters equal (the FSM rows 1..fsm_states, not provenance). */
static int same_cfg(const sim_cfg *a, const sim_cfg *b)
{
#define S(f) if (a->f != b->f) { fprintf(stderr, "  field %s differs\n", #f); return 0; }
    S(m.hw.ccus) S(m.hw.entries) S(m.hw.slots) S(m.hw.banks) S(m.hw.warps) S(m.hw.regs) S(m.hw.data_bits) S(m.hw.wb_ports)
    S(m.hw.tag_bits) S(m.hw.interval) S(m.hw.ipc_num) S(m.hw.ipc_den) S(m.hw.sthld_init) S(m.hw.sthld_max) S(m.hw.sthld_step)
    S(m.hw.sthld_adaptive) S(m.hw.fsm_states) S(m.hw.fsm_start) S(m.hw.lfsr_seed) S(m.hw.caching) S(m.hw.repl_lru_only)
    S(m.hw.write_filter) S(m.hw.sched_gto) S(m.hw.private_ccus) S(m.hw.subcores_per_sm) S(m.drv.wl_seed) S(m.drv.wl_cycles)
    S(m.drv.wl_regs_used) S(m.drv.wl_reuse_pct) S(m.drv.wl_reuse_window) S(m.drv.wl_src_min) S(m.drv.wl_src_max)
    S(m.drv.wl_dup_pct) S(m.drv.wl_dst_pct) S(m.drv.wl_mix_alu) S(m.drv.wl_mix_sfu) S(m.drv.wl_mix_mem) S(m.drv.wl_lat_alu)
    S(m.drv.wl_lat_sfu) S(m.drv.wl_lat_mem) S(m.drv.rthld) S(m.drv.wl_disp_stall_pct) S(m.drv.wl_wb_stall_pct)
    S(m.drv.hint_mode) S(m.drv.hint_profile_warps)
    for (unsigned k = 0; k < ENK_COUNT; k++) {
        S(en.energy[k])
    }
    for (unsigned k = 0; k < DRVK_NCLS; k++) {
        S(m.drv.exec[k].lat) S(m.drv.exec[k].ii)
    }
    for (unsigned n = 1; n <= a->m.hw.fsm_states && n <= CFG_MAX_FSM; n++) {
        S(m.hw.fsm[n].s_next) S(m.hw.fsm[n].s_delta) S(m.hw.fsm[n].l_next) S(m.hw.fsm[n].l_delta)
    }
#undef S
    return 1;
}

/* Run cfg_from_args on `--config FILE` (text in a temp file) plus extra args.
 * The temp file's name goes to path; err receives the message. */
static int run_text(const char *text, const char **extra, int nextra, sim_cfg *c, char *path,
                    char *err)
{
    char *argv[16];
    int argc = 0, rc;
    err[0] = '\0';
    if (tmp_cfg(text, path)) {
        snprintf(err, CFG_ERR_LEN, "cannot create temp file");
        return -2;
    }
    argv[argc++] = "test_cfg";
    argv[argc++] = "--config";
    argv[argc++] = path;
    for (int i = 0; i < nextra && argc < 15; i++) argv[argc++] = (char *)extra[i];
    argv[argc] = NULL;
    rc = simcfg_from_args(c, argc, argv, NULL, NULL, err);
    unlink(path);
    return rc;
}

/* The message is one line and holds every needle (NULL-terminated list). */
static int has_all(const char *err, const char *const *needles)
{
    int ok = strchr(err, '\n') == NULL && strlen(err) < CFG_ERR_LEN;
    for (; *needles; needles++)
        if (!strstr(err, *needles)) {
            fprintf(stderr, "  message lacks '%s': %s\n", *needles, err);
            ok = 0;
        }
    return ok;
}

/* An error case: text must fail with a message naming the file (and line, if line > 0)
 * and holding every needle. */
static void expect_error(const char *text, int line, const char *const *needles)
{
    sim_cfg c;
    char path[64], err[CFG_ERR_LEN], loc[96];
    int rc = run_text(text, NULL, 0, &c, path, err);
    TT_EQ(rc, -1);
    if (line > 0) snprintf(loc, sizeof loc, "%s:%d: ", path, line);
    else snprintf(loc, sizeof loc, "%s: ", path);
    TT_CHECK(strncmp(err, loc, strlen(loc)) == 0);
    TT_CHECK(has_all(err, needles));
    if (strncmp(err, loc, strlen(loc)) != 0) fprintf(stderr, "  want '%s': %s\n", loc, err);
}

#define NEEDLES(...) ((const char *const[]){__VA_ARGS__, NULL})

/* ------------------------------------------------------------------------ tests */

static void test_defaults_valid(void)
{
    sim_cfg c;
    char err[CFG_ERR_LEN] = "";
    simcfg_defaults(&c);
    TT_EQ(simcfg_validate(&c, NULL, err), 0);
    TT_EQ(c.m.hw.ccus, 2);
    TT_EQ(c.m.hw.entries, 8);
    TT_EQ(c.m.hw.slots, 6);
    TT_EQ(c.m.hw.banks, 2);
    TT_EQ(c.m.hw.warps, 8);
    TT_EQ(c.m.hw.regs, 256);
    TT_EQ(c.m.hw.data_bits, 1024);
    TT_EQ(c.m.hw.ipc_num, 1);
    TT_EQ(c.m.hw.ipc_den, 50);
    TT_EQ(c.m.hw.lfsr_seed, 0xACE1);
    TT_EQ(c.m.hw.fsm[3].l_next, 4);
    TT_EQ(c.m.hw.fsm[3].l_delta, -2);
    TT_EQ(c.m.hw.fsm[7].s_next, 0);
    TT_EQ(c.m.hw.caching, 1);
    TT_EQ(c.m.hw.sthld_adaptive, 1);
    TT_EQ(c.m.drv.wl_src_max, 3);
    TT_EQ(c.m.drv.wl_cycles, 200000);
}

static void test_default_file_equals_defaults(void)
{
    sim_cfg a, b;
    char err[CFG_ERR_LEN] = "";
    simcfg_defaults(&a);
    simcfg_defaults(&b);
    b.m.hw.ccus = 5; /* make sure the file really sets it */
    TT_EQ(simcfg_load(&b, DEFAULT_CFG, err), 0);
    if (err[0]) fprintf(stderr, "  %s\n", err);
    TT_CHECK(same_cfg(&a, &b));
    TT_EQ(simcfg_validate(&b, DEFAULT_CFG, err), 0);
    TT_EQ(cfg_hash(&a.m.hw), cfg_hash(&b.m.hw));
}

static void test_example_configs(void)
{
    static const char *const files[] = {
        "configs/examples/baseline.cfg", "configs/examples/lru_only.cfg",
        "configs/examples/no_filter.cfg", "configs/examples/gto.cfg",
        "configs/examples/fixed_sthld.cfg", "configs/examples/private.cfg"};
    sim_cfg c;
    char err[CFG_ERR_LEN];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *argv[] = {"t", "--config", (char *)files[i], NULL};
        err[0] = '\0';
        TT_EQ(simcfg_from_args(&c, 3, argv, NULL, NULL, err), 0);
        if (err[0]) fprintf(stderr, "  %s\n", err);
    }
    {
        char *argv[] = {"t", "--config=configs/examples/private.cfg", NULL};
        TT_EQ(simcfg_from_args(&c, 2, argv, NULL, NULL, err), 0);
        TT_EQ(c.m.hw.private_ccus, 1);
        TT_EQ(c.m.hw.ccus, 8);
    }
}

static void test_syntax(void)
{
    sim_cfg c;
    char path[64], err[CFG_ERR_LEN];
    const char *text = "# comment line\n"
                       "\n"
                       "   banks=8   # trailing comment\n"
                       "\tentries =  12\r\n"
                       "entries = 10   # duplicate: the later wins\n"
                       "lfsr_seed = 0x1234\n"
                       "ipc_threshold = 3 / 100\n"
                       "caching = on\n"
                       "wl_seed = 9223372036854775808\n"
                       "wl_cycles = 10000000000\n"
                       "fsm.6 = 6 0 3 -1\n"
                       "   # indented comment\n"
                       "sthld_mode = fixed"; /* no newline at the end */
    TT_EQ(run_text(text, NULL, 0, &c, path, err), 0);
    if (err[0]) fprintf(stderr, "  %s\n", err);
    TT_EQ(c.m.hw.banks, 8);
    TT_EQ(c.m.hw.entries, 10);
    TT_EQ(c.m.hw.lfsr_seed, 0x1234);
    TT_EQ(c.m.hw.ipc_num, 3);
    TT_EQ(c.m.hw.ipc_den, 100);
    TT_CHECK(c.m.drv.wl_seed == 9223372036854775808ul);
    TT_CHECK(c.m.drv.wl_cycles == 10000000000ul);
    TT_EQ(c.m.hw.fsm[6].l_delta, -1);
    TT_EQ(c.m.hw.sthld_adaptive, 0);
}

static void test_set_overrides_file(void)
{
    sim_cfg c;
    char path[64], err[CFG_ERR_LEN];
    const char *extra[] = {"--set", "banks=4", "--set", " slots = 3 ", "--set", "banks=16",
                           "--set", "scheduler=gto"};
    TT_EQ(run_text("banks = 8\nslots = 4\n", extra, 8, &c, path, err), 0);
    if (err[0]) fprintf(stderr, "  %s\n", err);
    TT_EQ(c.m.hw.banks, 16); /* --set in order, after the file */
    TT_EQ(c.m.hw.slots, 3);
    TT_EQ(c.m.hw.sched_gto, 1);
}

static void test_set_before_config_still_after_file(void)
{
    sim_cfg c;
    char path[64], err[CFG_ERR_LEN];
    char *argv[8];
    TT_EQ(tmp_cfg("warps = 16\n", path), 0);
    argv[0] = "t";
    argv[1] = "--set";
    argv[2] = "warps=32";
    argv[3] = "--config";
    argv[4] = path;
    argv[5] = NULL;
    TT_EQ(simcfg_from_args(&c, 5, argv, NULL, NULL, err), 0);
    TT_EQ(c.m.hw.warps, 32);
    unlink(path);
}

static void test_rest_args(void)
{
    sim_cfg c;
    char err[CFG_ERR_LEN];
    char *argv[] = {"prog", "--vcd", "x.vcd", "--set", "ccus=4", "-q", "--", "--set", NULL};
    char *rest[9];
    int nrest = -1;
    TT_EQ(simcfg_from_args(&c, 8, argv, rest, &nrest, err), 0);
    TT_EQ(c.m.hw.ccus, 4);
    TT_EQ(nrest, 6);
    TT_CHECK(nrest == 6 && strcmp(rest[0], "prog") == 0 && strcmp(rest[1], "--vcd") == 0 &&
             strcmp(rest[2], "x.vcd") == 0 && strcmp(rest[3], "-q") == 0 &&
             strcmp(rest[4], "--") == 0 && strcmp(rest[5], "--set") == 0);
    /* Without rest, an unknown option is an error. */
    TT_EQ(simcfg_from_args(&c, 3, argv, NULL, NULL, err), -1);
    TT_CHECK(strstr(err, "--vcd") != NULL && strstr(err, "--config") != NULL);
    /* --set without an argument */
    {
        char *a2[] = {"prog", "--set", NULL};
        TT_EQ(simcfg_from_args(&c, 2, a2, NULL, NULL, err), -1);
        TT_CHECK(strstr(err, "--set") != NULL);
    }
}

static void test_set_errors(void)
{
    sim_cfg c;
    char err[CFG_ERR_LEN];
    char *a1[] = {"t", "--set", "banks=3", NULL};
    char *a2[] = {"t", "--set", "banks", NULL};
    char *a3[] = {"t", "--set", "entries=6", "--set", "slots=6", NULL};
    TT_EQ(simcfg_from_args(&c, 3, a1, NULL, NULL, err), -1);
    TT_CHECK(has_all(err, NEEDLES("--set: ", "'banks'", "'3'", "power of two", "1, 2, 4")));
    TT_EQ(simcfg_from_args(&c, 3, a2, NULL, NULL, err), -1);
    TT_CHECK(has_all(err, NEEDLES("--set: ", "key=value", "banks")));
    TT_EQ(simcfg_from_args(&c, 5, a3, NULL, NULL, err), -1);
    TT_CHECK(has_all(err, NEEDLES("--set: ", "entries = 6", "slots = 6", "D-7")));
    /* cfg_set directly, with a file-like origin */
    simcfg_defaults(&c);
    TT_EQ(simcfg_set(&c, "warps", "x", "a.cfg:7", err), -1);
    TT_CHECK(has_all(err, NEEDLES("a.cfg:7: ", "'warps'", "'x'", "not an integer", "1..64")));
    TT_EQ(simcfg_set(&c, "warps", "65", "a.cfg:8", err), -1);
    TT_CHECK(has_all(err, NEEDLES("a.cfg:8: ", "out of range", "1..64")));
    TT_EQ(simcfg_set(&c, "warps", "-1", "a.cfg:9", err), -1);
    TT_CHECK(has_all(err, NEEDLES("not an integer")));
    TT_EQ(simcfg_set(&c, "warps", "99999999999999999999999", "a.cfg:9", err), -1);
    TT_CHECK(has_all(err, NEEDLES("out of range")));
    TT_EQ(simcfg_set(&c, "caching", "yes", "a.cfg:10", err), -1);
    TT_CHECK(has_all(err, NEEDLES("'caching'", "'yes'", "on, off")));
    TT_EQ(simcfg_set(&c, "ipc_threshold", "0.02", "a.cfg:11", err), -1);
    TT_CHECK(has_all(err, NEEDLES("'ipc_threshold'", "NUM/DEN")));
    TT_EQ(simcfg_set(&c, "ipc_threshold", "3/2", "a.cfg:11", err), -1);
    TT_CHECK(has_all(err, NEEDLES("out of range", "NUM 0..DEN")));
    TT_EQ(simcfg_set(&c, " warps ", " 16 ", "a.cfg:12", err), 0);
    TT_EQ(c.m.hw.warps, 16);
}

/* docs/config.md: ipc_threshold NUM/DEN with DEN 1..1000000 and NUM 0..DEN, both ends
 * included: 1/1 and 0/7 are accepted, 8/7 and 1/0 are not; through cfg_set (a file or
 * --set) and through cfg_validate (a struct changed in code). */
static void test_ipc_threshold_bounds(void)
{
    sim_cfg c;
    char err[CFG_ERR_LEN];
    simcfg_defaults(&c);
    TT_EQ(simcfg_set(&c, "ipc_threshold", "1/1", "a.cfg:1", err), 0);
    TT_EQ(c.m.hw.ipc_num, 1);
    TT_EQ(c.m.hw.ipc_den, 1);
    TT_EQ(simcfg_set(&c, "ipc_threshold", "7/7", "a.cfg:2", err), 0);
    TT_EQ(simcfg_set(&c, "ipc_threshold", "0/7", "a.cfg:3", err), 0);
    TT_EQ(c.m.hw.ipc_num, 0);
    TT_EQ(simcfg_set(&c, "ipc_threshold", "8/7", "a.cfg:4", err), -1);
    TT_EQ(simcfg_set(&c, "ipc_threshold", "1/0", "a.cfg:5", err), -1);
    /* the same bounds for a struct filled in code (cfg_validate's range check) */
    simcfg_defaults(&c);
    c.m.hw.ipc_num = c.m.hw.ipc_den = 50;
    TT_EQ(simcfg_validate(&c, "code", err), 0);
    c.m.hw.ipc_num = 51;
    TT_EQ(simcfg_validate(&c, "code", err), -1);
    TT_CHECK(has_all(err, NEEDLES("ipc_threshold", "51/50", "out of range")));
}

static void test_err_unknown_key(void)
{
    expect_error("ccus = 2\nbankz = 2\n", 2,
                 NEEDLES("unknown key 'bankz'", "did you mean 'banks'", "known keys: ccus"));
    expect_error("fsm.17 = 1 0 1 0\n", 1, NEEDLES("unknown key 'fsm.17'", "fsm.1..fsm.16"));
}

static void test_err_not_integer(void)
{
    expect_error("\n\nentries = x8\n", 3,
                 NEEDLES("key 'entries'", "value 'x8'", "not an integer", "allowed: 2..64"));
}

static void test_err_out_of_range(void)
{
    expect_error("slots = 17\n", 1,
                 NEEDLES("key 'slots'", "value '17'", "out of range", "allowed: 1..16"));
    expect_error("wl_reuse_pct = 101\n", 1, NEEDLES("key 'wl_reuse_pct'", "allowed: 0..100"));
    expect_error("lfsr_seed = 0\n", 1, NEEDLES("key 'lfsr_seed'", "allowed: 1..65535"));
}

static void test_err_trace_keys(void)
{
    expect_error("\nhints = sometimes\n", 2,
                 NEEDLES("key 'hints'", "'sometimes'", "allowed: exact, profile, all-near, all-far"));
    expect_error("exec_int = 3\n", 1, NEEDLES("key 'exec_int'", "not LATENCY,II", "e.g. 2,2"));
    expect_error("exec_sfu = 0,8\n", 1, NEEDLES("key 'exec_sfu'", "out of range", "1..10000"));
    expect_error("exec_ldst = 4,x\n", 1, NEEDLES("key 'exec_ldst'", "not LATENCY,II"));
    expect_error("rthld = 0\n", 1, NEEDLES("key 'rthld'", "allowed: 1..1000"));
}

static void test_err_not_pow2(void)
{
    expect_error("# x\nbanks = 3\n", 2,
                 NEEDLES("key 'banks'", "value '3'", "is not a power of two",
                         "(allowed: 1, 2, 4, 8, 16, 32, 64)"));
}

static void test_err_entries_le_slots(void)
{
    sim_cfg c;
    char path[64], err[CFG_ERR_LEN];
    expect_error("entries = 6\nslots = 6\n", 2,
                 NEEDLES("entries = 6 must be greater than slots = 6", "D-7", "allowed"));
    expect_error("slots = 6\nentries = 6\n", 2, NEEDLES("entries = 6", "slots = 6"));
    /* with caching off E <= S is fine */
    TT_EQ(run_text("entries = 6\nslots = 6\ncaching = off\n", NULL, 0, &c, path, err), 0);
}

static void test_err_ccus_gt_warps(void)
{
    expect_error("ccus = 9\n", 1, NEEDLES("ccus = 9 must be <= warps = 8", "allowed: ccus 1..8"));
}

static void test_err_private(void)
{
    expect_error("ccu_sharing = private\n", 1,
                 NEEDLES("ccu_sharing = private", "ccus == warps", "allowed: ccus = 8"));
    expect_error("ccus = 8\nccu_sharing = private\ncaching = off\n", 3,
                 NEEDLES("ccu_sharing = private requires caching = on", "allowed"));
}

static void test_err_fsm_tokens(void)
{
    expect_error("fsm.3 = 2 +1 3\n", 1,
                 NEEDLES("key 'fsm.3'", "'2 +1 3'", "3 tokens, expected 4",
                         "S_NEXT S_DELTA L_NEXT L_DELTA"));
    expect_error("fsm.3 = 2 +1 3 4 5\n", 1, NEEDLES("key 'fsm.3'", "expected 4"));
    expect_error("fsm.3 = 2 +x 3 4\n", 1, NEEDLES("key 'fsm.3'", "S_DELTA '+x'", "allowed"));
    expect_error("fsm.3 = 17 0 3 4\n", 1, NEEDLES("key 'fsm.3'", "S_NEXT '17'", "out of range"));
}

static void test_err_fsm_next_state(void)
{
    expect_error("ccus = 2\n\nfsm.4 = 5 -1 9 -1\n", 3,
                 NEEDLES("fsm.4", "next state 9 on L", "allowed: 1..6"));
    /* default rows that point beyond a reduced fsm_states: the fsm_states line */
    expect_error("# shrink\nfsm_states = 3\n", 2, NEEDLES("fsm.3", "next state 4", "allowed: 1..3"));
}

static void test_err_fsm_delta(void)
{
    expect_error("sthld_max = 3\nsthld_step = 2\nfsm.1 = 2 +2 3 +1\n", 3,
                 NEEDLES("fsm.1", "delta +2 on S", "sthld_max = 3", "allowed: |delta| <= 1"));
}

static void test_err_unreachable(void)
{
    expect_error("fsm.1 = 1 0 2 0\nfsm.2 = 1 0 2 0\n", 2,
                 NEEDLES("state(s) 3, 4, 5, 6 unreachable from fsm_start = 1", "allowed"));
    expect_error("fsm_states = 7\nfsm.7 = 6 0 6 0\n", 1,
                 NEEDLES("state(s) 7 unreachable", "allowed"));
}

static void test_err_missing_row(void)
{
    expect_error("# seven states\nfsm_states = 7\n", 2,
                 NEEDLES("fsm.7 is not set", "fsm_states = 7", "S_NEXT S_DELTA L_NEXT L_DELTA"));
}

static void test_err_missing_file(void)
{
    sim_cfg c;
    char err[CFG_ERR_LEN];
    char *argv[] = {"t", "--config", "/tmp/test_cfg_no_such_dir/none.cfg", NULL};
    TT_EQ(simcfg_from_args(&c, 3, argv, NULL, NULL, err), -1);
    TT_CHECK(has_all(err, NEEDLES("/tmp/test_cfg_no_such_dir/none.cfg", "No such file")));
    simcfg_defaults(&c);
    TT_EQ(simcfg_load(&c, "/tmp", err), -1); /* a directory: read error */
    TT_CHECK(has_all(err, NEEDLES("/tmp: ")));
}

static void test_err_no_equals(void)
{
    expect_error("ccus = 2\nbanks 4\n", 2, NEEDLES("expected 'key = value', got 'banks 4'"));
    expect_error(" = 4\n", 1, NEEDLES("expected 'key = value'"));
}

static void test_err_workload(void)
{
    expect_error("wl_src_min = 4\nwl_src_max = 2\n", 2,
                 NEEDLES("wl_src_max = 2", "wl_src_min = 4", "allowed: 4.."));
    expect_error("wl_mix_alu = 0\nwl_mix_sfu = 0\nwl_mix_mem = 0\n", 3, NEEDLES("must be > 0"));
}

/* Workload sizes are upper bounds: a file's wl_src_max / wl_regs_used never block a
 * smaller slots / regs (the workload clamps them, driver/wl.c). */
static void test_wl_bounds_clamp(void)
{
    sim_cfg c;
    char path[64], err[CFG_ERR_LEN];
    TT_EQ(run_text("slots = 2\nentries = 3\nwl_src_max = 3\n", NULL, 0, &c, path, err), 0);
    TT_EQ(c.m.drv.wl_src_max, 3);
    TT_EQ(run_text("wl_regs_used = 64\nregs = 32\n", NULL, 0, &c, path, err), 0);
    TT_EQ(c.m.drv.wl_regs_used, 64);
}

static void test_wl_defaults_follow(void)
{
    sim_cfg c;
    char path[64], err[CFG_ERR_LEN];
    TT_EQ(run_text("slots = 2\nentries = 4\nregs = 16\n", NULL, 0, &c, path, err), 0);
    if (err[0]) fprintf(stderr, "  %s\n", err);
    TT_EQ(c.m.drv.wl_src_max, 2);
    TT_EQ(c.m.drv.wl_src_min, 1);
    TT_EQ(c.m.drv.wl_regs_used, 16);
    TT_EQ(run_text("slots = 1\nslots = 6\n", NULL, 0, &c, path, err), 0);
    TT_EQ(c.m.drv.wl_src_max, 3); /* follows slots back up */
    TT_EQ(run_text("wl_src_min = 5\n", NULL, 0, &c, path, err), 0);
    TT_EQ(c.m.drv.wl_src_max, 5);
}

static void test_round_trip(void)
{
    sim_cfg a, b;
    char path[64], err[CFG_ERR_LEN];
    const char *extra[] = {"--set", "fsm_states=7", "--set", "fsm.7 = 1 -3 7 +3",
                           "--set", "fsm.6 = 7 0 3 +1"};
    const char *text = "ccus = 3\nentries = 16\nslots = 4\nbanks = 8\nwarps = 12\nregs = 100\n"
                       "data_bits = 77\nwb_ports = 3\ntag_bits = 20\ninterval = 5000\n"
                       "ipc_threshold = 7/300\nsthld_mode = fixed\nsthld_init = 9\n"
                       "sthld_max = 100\nsthld_step = 3\nfsm_start = 2\nlfsr_seed = 0x00FF\n"
                       "replacement = lru\nwrite_filter = off\nscheduler = gto\n"
                       "subcores_per_sm = 2\nwl_seed = 12345678901\nwl_cycles = 77\n"
                       "wl_regs_used = 50\nwl_src_min = 0\nwl_src_max = 4\nwl_mix_sfu = 0\n"
                       "wl_lat_mem = 300\nrthld = 20\nhints = all-far\n"
                       "hint_profile_warps = 9\nexec_sfu = 30,9\nexec_tensor = 64 , 32\n"
                       "energy_crossbar = 1.5\nenergy_latch = 0.125\n";
    FILE *f;
    TT_EQ(run_text(text, extra, 6, &a, path, err), 0);
    if (err[0]) fprintf(stderr, "  %s\n", err);
    TT_EQ(a.m.hw.fsm[7].s_delta, -3);
    TT_EQ(a.m.hw.fsm_start, 2);
    /* write, then load the text back */
    TT_EQ(tmp_cfg("", path), 0);
    f = fopen(path, "w");
    TT_CHECK(f != NULL);
    if (!f) return;
    simcfg_write(&a, f, "");
    fclose(f);
    simcfg_defaults(&b);
    TT_EQ(simcfg_load(&b, path, err), 0);
    if (err[0]) fprintf(stderr, "  %s\n", err);
    TT_EQ(simcfg_validate(&b, path, err), 0);
    TT_CHECK(same_cfg(&a, &b));
    TT_EQ(cfg_hash(&a.m.hw), cfg_hash(&b.m.hw));
    unlink(path);
}

static void test_write_format(void)
{
    sim_cfg c;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    TT_CHECK(f != NULL);
    if (!f) return;
    simcfg_defaults(&c);
    cfg_write(&c.m.hw, f, "// ", 1);
    fclose(f);
    TT_CHECK(strncmp(buf, "// ccus = 2\n", 12) == 0);
    TT_CHECK(strstr(buf, "// lfsr_seed = 0xACE1\n") != NULL);
    TT_CHECK(strstr(buf, "// ipc_threshold = 1/50\n") != NULL);
    TT_CHECK(strstr(buf, "// caching = on\n") != NULL);
    TT_CHECK(strstr(buf, "// replacement = hint\n") != NULL);
    TT_CHECK(strstr(buf, "// sthld_mode = adaptive\n") != NULL);
    TT_CHECK(strstr(buf, "// fsm.1 = 2 +1 3 +1\n") != NULL);
    TT_CHECK(strstr(buf, "// fsm.5 = 6 0 4 -1\n") != NULL);
    TT_CHECK(strstr(buf, "// fsm.6 = 6 0 3 +1\n") != NULL);
    TT_CHECK(strstr(buf, "fsm.7") == NULL);
    TT_CHECK(strstr(buf, "wl_") == NULL);
    free(buf);
    buf = NULL;
    f = open_memstream(&buf, &len);
    TT_CHECK(f != NULL);
    if (!f) return;
    simcfg_write(&c, f, "");
    fclose(f);
    TT_CHECK(strstr(buf, "\nwl_wb_stall_pct = 5\n") != NULL);
    TT_CHECK(strstr(buf, "\nccu_sharing = shared\n") != NULL);
    free(buf);
}

static void test_hash(void)
{
    sim_cfg a, b;
    simcfg_defaults(&a);
    simcfg_defaults(&b);
    TT_EQ(cfg_hash(&a.m.hw), cfg_hash(&b.m.hw));
    b.m.drv.wl_seed = 99;
    b.m.drv.wl_cycles = 5;
    TT_EQ(cfg_hash(&a.m.hw), cfg_hash(&b.m.hw));
    b.m.hw.banks = 4;
    TT_CHECK(cfg_hash(&a.m.hw) != cfg_hash(&b.m.hw));
    b.m.hw.banks = a.m.hw.banks;
    b.m.hw.fsm[5].l_delta = -2;
    TT_CHECK(cfg_hash(&a.m.hw) != cfg_hash(&b.m.hw));
    b.m.hw.fsm[5] = a.m.hw.fsm[5];
    b.m.hw.write_filter = 0;
    TT_CHECK(cfg_hash(&a.m.hw) != cfg_hash(&b.m.hw));
    TT_CHECK(cfg_hash(&a.m.hw) != 0);
}

static void test_clog2(void)
{
    TT_EQ(cfg_clog2(1), 1);
    TT_EQ(cfg_clog2(2), 1);
    TT_EQ(cfg_clog2(3), 2);
    TT_EQ(cfg_clog2(4), 2);
    TT_EQ(cfg_clog2(8), 3);
    TT_EQ(cfg_clog2(9), 4);
    TT_EQ(cfg_clog2(256), 8);
    TT_EQ(cfg_clog2(4096), 12);
    TT_EQ(cfg_clog2(4097), 13);
}

static void test_validate_direct_struct(void)
{
    sim_cfg c;
    char err[CFG_ERR_LEN];
    simcfg_defaults(&c);
    c.m.hw.banks = 6;
    TT_EQ(simcfg_validate(&c, "x.cfg", err), -1);
    TT_CHECK(has_all(err, NEEDLES("x.cfg: ", "'banks'", "power of two")));
    simcfg_defaults(&c);
    c.m.hw.caching = 2;
    TT_EQ(simcfg_validate(&c, NULL, err), -1);
    TT_CHECK(has_all(err, NEEDLES("'caching'", "allowed: on, off")));
}

static void test_long_line(void)
{
    char text[3000];
    memset(text, 'a', sizeof text - 2);
    text[sizeof text - 2] = '\n';
    text[sizeof text - 1] = '\0';
    expect_error(text, 1, NEEDLES("line longer than"));
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv; /* --quick: every test is already quick */
    TT_RUN(test_defaults_valid);
    TT_RUN(test_default_file_equals_defaults);
    TT_RUN(test_example_configs);
    TT_RUN(test_syntax);
    TT_RUN(test_set_overrides_file);
    TT_RUN(test_set_before_config_still_after_file);
    TT_RUN(test_rest_args);
    TT_RUN(test_set_errors);
    TT_RUN(test_ipc_threshold_bounds);
    TT_RUN(test_err_unknown_key);
    TT_RUN(test_err_not_integer);
    TT_RUN(test_err_out_of_range);
    TT_RUN(test_err_not_pow2);
    TT_RUN(test_err_trace_keys);
    TT_RUN(test_err_entries_le_slots);
    TT_RUN(test_err_ccus_gt_warps);
    TT_RUN(test_err_private);
    TT_RUN(test_err_fsm_tokens);
    TT_RUN(test_err_fsm_next_state);
    TT_RUN(test_err_fsm_delta);
    TT_RUN(test_err_unreachable);
    TT_RUN(test_err_missing_row);
    TT_RUN(test_err_missing_file);
    TT_RUN(test_err_no_equals);
    TT_RUN(test_err_workload);
    TT_RUN(test_wl_defaults_follow);
    TT_RUN(test_wl_bounds_clamp);
    TT_RUN(test_round_trip);
    TT_RUN(test_write_format);
    TT_RUN(test_hash);
    TT_RUN(test_clog2);
    TT_RUN(test_validate_direct_struct);
    TT_RUN(test_long_line);
    TT_EXIT();
}
