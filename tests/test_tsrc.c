/* test_tsrc.c - trace-driven runs (driver/tsrc.c + sim/run.c) on small hand-written traces:
 * thread blocks onto warp slots (groups when a block is larger than the sub-core), runs
 * to completion, barriers, instructions wider than the collector, registers out of range,
 * --blocks, the statistics of a register named by several slots, and tracer-6 register
 * values written and compared. Expected values are
 * worked out by hand from driver/tsrc.h and docs/spec.md, not printed by the code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "simcfg.h"
#include "gfeed.h"
#include "cfg.h"
#include "drv.h"
#include "run.h"
#include "sc.h"
#include "tsrc.h"
#include "tt.h"

static char path[64];

static const char *HEADER =
    "-kernel name = _Z4testv\n-kernel id = 1\n-grid dim = (4,1,1)\n-block dim = (64,1,1)\n"
    "-shmem = 0\n-nregs = 16\n-binary version = 70\n-cuda stream id = 0\n"
    "-shmem base_addr = 0x00007f0000000000\n-local mem base_addr = 0x00007f0100000000\n"
    "-nvbit version = 1.5.5\n-accelsim tracer version = 4\n-enable lineinfo = 0\n\n"
    "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] "
    "mem_width [adrrescompress?] [mem_addresses]\n\n";

/* HEADER as tracer 6 writes it: two immediates and NoVal or Val on every line. */
static const char *HEADER6 =
    "-kernel name = _Z4testv\n-kernel id = 1\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n"
    "-shmem = 0\n-nregs = 16\n-binary version = 90\n-accelsim tracer version = 6\n"
    "-enable lineinfo = 0\n\n";

/* Write hdr + body to a fresh temporary file (path). 0 or -1. */
static int write_trace(const char *hdr, const char *body)
{
    snprintf(path, sizeof path, "/tmp/test_tsrc_XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    FILE *f = fdopen(fd, "w");
    if (!f) return -1;
    fputs(hdr, f);
    fputs(body, f);
    return fclose(f) == 0 ? 0 : -1;
}

static void small_cfg(sim_cfg *c, unsigned warps, unsigned slots)
{
    simcfg_defaults(c);
    c->m.hw.warps = warps;
    c->m.hw.ccus = warps < 2 ? 1 : 2;
    c->m.hw.slots = slots;
    c->m.hw.entries = slots + 2;
    c->m.hw.data_bits = 64;
    c->m.hw.regs = 32;
    c->m.hw.interval = 100;
    c->m.gpu.machine = GPU_MACHINE_SUBCORE; /* these tests are about one sub-core's slots */
}

/* Run hdr + body on the bit-accurate path with every invariant checked: run_sim's code. */
static int run_hdr(const sim_cfg *c, const char *hdr, const char *body, uint64_t blocks,
                   run_result *r, char *err)
{
    run_opts o;
    memset(&o, 0, sizeof o);
    o.trace = path;
    o.max_blocks = blocks;
    o.check_invariants = 1;
    o.values = 1;
    if (write_trace(hdr, body)) return -1;
    int rc = run_sim(c, &o, r, err);
    if (rc) fprintf(stderr, "  run_sim: %d: %s\n", rc, err);
    unlink(path);
    return rc;
}

static int run(const sim_cfg *c, const char *body, uint64_t blocks, run_result *r, char *err)
{
    return run_hdr(c, HEADER, body, blocks, r, err);
}

/* Three blocks of one, three and two warps on a 2-slot sub-core: the 3-warp block runs as
 * a group of 2 then a group of 1. Every instruction issues once and retires. */
static void test_blocks_groups(void)
{
    const char *body =
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
        "0000 ffffffff 1 R1 MOV 0 0\n0010 ffffffff 0 EXIT 0 0\n#END_TB\n"
        "#BEGIN_TB\nthread block = 1,0,0\n"
        "warp = 0\ninsts = 2\n0000 ffffffff 1 R1 MOV 0 0\n0010 ffffffff 0 EXIT 0 0\n"
        "warp = 1\ninsts = 3\n0000 ffffffff 1 R1 MOV 0 0\n0008 ffffffff 1 R2 IADD3 2 R1 R1 0\n"
        "0010 ffffffff 0 EXIT 0 0\n"
        "warp = 2\ninsts = 2\n0000 ffffffff 1 R3 MOV 0 0\n0010 ffffffff 0 EXIT 0 0\n#END_TB\n"
        "#BEGIN_TB\nthread block = 2,0,0\n"
        "warp = 0\ninsts = 1\n0010 ffffffff 0 EXIT 0 0\n"
        "warp = 1\ninsts = 2\n0000 ffffffff 1 R4 MOV 0 0\n0010 ffffffff 0 EXIT 0 0\n#END_TB\n";
    sim_cfg c;
    run_result *r = calloc(1, sizeof *r);
    char err[RUN_ERR_LEN];
    small_cfg(&c, 2, 3);
    TT_CHECK(r != NULL);
    if (!r) return;
    TT_EQ(run(&c, body, 0, r, err), 0);
    TT_EQ(r->complete, 1);
    TT_EQ(r->tc.blocks, 3);
    TT_EQ(r->tc.blocks_done, 3);
    TT_EQ(r->tc.warps, 6);
    TT_EQ(r->insts, 2 + 7 + 3);
    TT_EQ(r->st.issued, 12);      /* one collector pass each */
    TT_EQ(r->st.dispatched, 12);
    TT_EQ(r->dc.written_back, 6); /* MOV x4, IADD3, MOV */
    TT_EQ(r->st.src_regs, 1);     /* IADD3 R2 = R1 + R1: one distinct register */
    TT_EQ(r->st.src_slots, 2);
    TT_EQ(r->dc.operand_checks, 2);
    free(r);
}

/* --blocks 1: only the first block runs. */
static void test_max_blocks(void)
{
    const char *body =
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
        "0000 ffffffff 1 R1 MOV 0 0\n0010 ffffffff 0 EXIT 0 0\n#END_TB\n"
        "#BEGIN_TB\nthread block = 1,0,0\nwarp = 0\ninsts = 2\n"
        "0000 ffffffff 1 R1 MOV 0 0\n0010 ffffffff 0 EXIT 0 0\n#END_TB\n";
    sim_cfg c;
    run_result *r = calloc(1, sizeof *r);
    char err[RUN_ERR_LEN];
    small_cfg(&c, 4, 3);
    if (!r) return;
    TT_EQ(run(&c, body, 1, r, err), 0);
    TT_EQ(r->complete, 1);
    TT_EQ(r->tc.blocks, 1);
    TT_EQ(r->insts, 2);
    free(r);
}

/* One register in three slots: IADD3 R5 = R2 + R2 + R2 reads ONE register: one bank read
 * request, src_regs 1, src_slots 3; three operand values checked at dispatch. */
static void test_one_register_three_slots(void)
{
    const char *body =
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
        "0000 ffffffff 1 R5 IADD3 3 R2 R2 R2 0\n0010 ffffffff 0 EXIT 0 0\n#END_TB\n";
    sim_cfg c;
    run_result *r = calloc(1, sizeof *r);
    char err[RUN_ERR_LEN];
    small_cfg(&c, 2, 3);
    if (!r) return;
    TT_EQ(run(&c, body, 0, r, err), 0);
    TT_EQ(r->st.src_slots, 3);
    TT_EQ(r->st.src_regs, 1);
    TT_EQ(r->st.src_hits, 0);
    TT_EQ(r->st.bank_read_reqs, 1);
    TT_EQ(r->st.bank_reads, 1);
    TT_EQ(r->dc.operand_checks, 3);
    free(r);
}

/* An instruction naming 8 source registers on a 3-slot collector: ceil(8/3) = 3 passes
 * (3 + 3 + 2 sources); only the last writes R9. */
static void test_split_wide_instruction(void)
{
    const char *body =
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
        "0000 ffffffff 1 R9 FOO 8 R1 R2 R3 R4 R5 R6 R7 R8 0\n0010 ffffffff 0 EXIT 0 0\n"
        "#END_TB\n";
    sim_cfg c;
    run_result *r = calloc(1, sizeof *r);
    char err[RUN_ERR_LEN];
    small_cfg(&c, 2, 3);
    if (!r) return;
    TT_EQ(run(&c, body, 0, r, err), 0);
    TT_EQ(r->complete, 1);
    TT_EQ(r->insts, 2);
    TT_EQ(r->tc.passes, 4);
    TT_EQ(r->tc.split_insts, 1);
    TT_EQ(r->st.issued, 4);
    TT_EQ(r->st.src_regs, 8);
    TT_EQ(r->dc.written_back, 1);
    TT_EQ(r->dc.operand_checks, 8);
    free(r);
}

/* Tracer-6 register values on a 2-slot collector carrying 64 bits (lanes 0 and 1): R1, R2
 * and R4 are written with their trace values (lane 0, lane 1 = a, b; 9, 8; e, f), R2 again
 * under mask 00000002 with one value (lane 1 = c; lane 0 keeps 9), then IADD3 R3 = R1 + R2
 * + R4 runs as 2 passes (R1 R2, then R4): each dispatched source equals the trace's row of
 * its register in lanes 0 and 1 (3 compared, none differs), whatever the rows say of lanes
 * 2..31, which are not carried. With R2's lane 1 given as d instead of c in the IADD3 line,
 * 1 differs. */
static void test_trace_values(void)
{
    char body[4096], l32[400];
    int n = 0;
    for (unsigned i = 2; i < 32; i++) n += snprintf(l32 + n, sizeof l32 - (size_t)n, " %x", 0x100 + i);
    for (int bad = 0; bad < 2; bad++) {
        snprintf(body, sizeof body,
                 "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 6\n"
                 "0000 ffffffff 1 R1 MOV 0 0 0 0 Val 32 a b%s\n"
                 "0004 ffffffff 1 R2 MOV 0 0 0 0 Val 32 9 8%s\n"
                 "0008 ffffffff 1 R4 MOV 0 0 0 0 Val 32 e f%s\n"
                 "0010 00000002 1 R2 MOV 0 0 0 0 Val 1 c\n"
                 "0020 ffffffff 1 R3 IADD3 3 R1 R2 R4 0 0 0 Val 32 21 26%s 32 a b%s 32 9 %s%s "
                 "32 e f%s\n"
                 "0030 ffffffff 0 EXIT 0 0 0 0 NoVal\n#END_TB\n",
                 l32, l32, l32, l32, l32, bad ? "d" : "c", l32, l32);
        sim_cfg c;
        run_result *r = calloc(1, sizeof *r);
        char err[RUN_ERR_LEN];
        small_cfg(&c, 2, 2);
        if (!r) return;
        TT_EQ(run_hdr(&c, HEADER6, body, 0, r, err), 0);
        TT_EQ(r->complete, 1);
        TT_EQ(r->tc.split_insts, 1);
        TT_EQ(r->tc.val_insts, 5);
        TT_EQ(r->dc.written_back, 5);
        TT_EQ(r->dc.wb_trace_values, 5);
        TT_EQ(r->dc.operand_checks, 3);
        TT_EQ(r->dc.src_trace_checks, 3);
        TT_EQ(r->dc.src_trace_diffs, (uint64_t)bad);
        TT_EQ(r->dc.errors, 0);
        free(r);
    }
}

/* A register beyond the configuration's R: one line naming the file line, exit 2. */
static void test_register_out_of_range(void)
{
    const char *body =
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
        "0000 ffffffff 1 R20 MOV 0 0\n0010 ffffffff 0 EXIT 0 0\n#END_TB\n";
    sim_cfg c;
    run_result *r = calloc(1, sizeof *r);
    char err[RUN_ERR_LEN] = "";
    small_cfg(&c, 2, 3);
    c.m.hw.regs = 16;
    if (!r) return;
    TT_EQ(run(&c, body, 0, r, err), 2);
    TT_CHECK(strstr(err, "R20") != NULL);
    TT_CHECK(strstr(err, "regs = 16") != NULL);
    TT_CHECK(strstr(err, ":21:") != NULL); /* the MOV is line 21 of the file (16 header lines) */
    /* a 64-bit load into R15: the pair's second register, R16, is the one out of range */
    const char *pair =
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
        "0000 ffffffff 1 R15 LDG.E.64 1 R2 8 1 0x10 0\n0010 ffffffff 0 EXIT 0 0\n#END_TB\n";
    err[0] = '\0';
    TT_EQ(run(&c, pair, 0, r, err), 2);
    TT_CHECK(strstr(err, ":21: register R16 is out of range") != NULL);
    free(r);
}

/* Barrier: warp 0 reaches BAR.SYNC at once; warp 1 first runs a 40-cycle load and an
 * instruction that needs its result. Warp 0's barrier may issue only after warp 1's
 * dependent instruction issued (warp 1 arrives only then), and after the barrier both
 * warps go on. Observed through the issue port, cycle by cycle. */
static void test_barrier_waits(void)
{
    const char *body =
        "#BEGIN_TB\nthread block = 0,0,0\n"
        "warp = 0\ninsts = 3\n0000 ffffffff 0 BAR.SYNC 0 0\n"
        "0010 ffffffff 1 R1 MOV 0 0\n0020 ffffffff 0 EXIT 0 0\n"
        "warp = 1\ninsts = 4\n0000 ffffffff 1 R2 LDG.E 1 R4 4 1 0x1000 4\n"
        "0008 ffffffff 1 R3 IADD3 1 R2 0\n0010 ffffffff 0 BAR.SYNC 0 0\n"
        "0020 ffffffff 0 EXIT 0 0\n#END_TB\n";
    sim_cfg c;
    char err[RUN_ERR_LEN] = "";
    small_cfg(&c, 2, 3);
    c.m.drv.exec[4].lat = 40; /* ldst */
    TT_EQ(write_trace(HEADER, body), 0);
    run_opts ro = {0};
    ro.trace = path;
    gfeed_t *f = gfeed_open(&c.m, &ro, err);
    TT_CHECK(f != NULL);
    if (!f) {
        fprintf(stderr, "  %s\n", err);
        unlink(path);
        return;
    }
    tsrc_t *t = gfeed_source(f);
    sc_t *m = sc_create(&c.m.hw);
    drv_t *d = drv_create_src(&c.m.hw, &c.m.drv, tsrc_iface(t));
    static sc_in in;
    static sc_out out;
    long issue[2][4] = {{-1, -1, -1, -1}, {-1, -1, -1, -1}};
    unsigned n[2] = {0, 0};
    for (long cyc = 0; cyc < 1000 && !(gfeed_done(f) && drv_idle(d)); cyc++) {
        TT_EQ(gfeed_tick(f, err), 0);
        drv_inputs(d, &in);
        sc_step(m, &in, &out);
        TT_EQ(drv_consume(d, &in, &out), 0);
        if (out.issue_valid && out.issue_wid < 2 && n[out.issue_wid] < 4)
            issue[out.issue_wid][n[out.issue_wid]++] = cyc;
    }
    TT_CHECK(gfeed_done(f));
    TT_EQ(n[0], 3);
    TT_EQ(n[1], 4);
    /* warp 1: LDG at i0, IADD3 at i1 >= i0 + 40 (latency), BAR at i2 */
    TT_CHECK(issue[1][1] >= issue[1][0] + 40);
    TT_CHECK(issue[0][0] > issue[1][1]); /* warp 0's BAR only after warp 1 arrived */
    TT_CHECK(issue[0][1] > issue[0][0]);
    TT_EQ(tsrc_get_counts(t)->barriers, 2);
    TT_CHECK(tsrc_get_counts(t)->bar_wait_slot_cycles >= 40);
    drv_destroy(d);
    sc_destroy(m);
    gfeed_close(f);
    unlink(path);
}

/* The same trace twice gives the same cycle count and statistics (determinism), and the
 * baseline configuration reads every source register from the banks. */
static void test_deterministic_and_baseline(void)
{
    const char *body =
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 5\n"
        "0000 ffffffff 1 R1 MOV 0 0\n0008 ffffffff 1 R2 IADD3 2 R1 R1 0\n"
        "0010 ffffffff 1 R3 IADD3 2 R1 R2 0\n0018 ffffffff 1 R4 IADD3 2 R3 R1 0\n"
        "0020 ffffffff 0 EXIT 0 0\n"
        "warp = 1\ninsts = 3\n0000 ffffffff 1 R1 MOV 0 0\n0008 ffffffff 1 R2 IMAD 3 R1 R1 R1 0\n"
        "0020 ffffffff 0 EXIT 0 0\n#END_TB\n";
    sim_cfg c;
    run_result *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    char err[RUN_ERR_LEN];
    small_cfg(&c, 2, 3);
    if (!a || !b) {
        free(a);
        free(b);
        return;
    }
    TT_EQ(run(&c, body, 0, a, err), 0);
    TT_EQ(run(&c, body, 0, b, err), 0);
    TT_EQ(a->cycles, b->cycles);
    TT_EQ(a->st.src_hits, b->st.src_hits);
    TT_EQ(a->st.src_regs, 1 + 2 + 2 + 1); /* {R1} {R1,R2} {R3,R1} | {R1} */
    c.m.hw.caching = 0;
    TT_EQ(run(&c, body, 0, b, err), 0);
    TT_EQ(b->st.src_hits, 0);
    TT_EQ(b->st.bank_reads, a->st.src_regs); /* baseline: one bank read per register */
    TT_EQ(b->insts, a->insts);
    free(a);
    free(b);
}

/* rf_states on one warp, worked out by hand from its issue cycles t0..t4 (the cycle count
 * at each issue; the warp lives from t0 to its EXIT at t4 and names R0..R3, so 4 registers
 * x (t4 - t0) register-cycles in all):
 *   i0 R1 = MOV; i1 R2 = MOV; i2 R3 = MOV      writes: R1, R2, R3 dead since t0 (OFF
 *                                               0, t1 - t0, t2 - t0)
 *   i3 R3 = IADD3 R1                            R1 read 3 instructions after its write:
 *                                               SLEEP t3 - t0 with sleep_window 1 (ON with
 *                                               3); R3 rewritten unread: OFF t3 - t2
 *   i4 EXIT                                     the end: R0 never named, R1 and R3 after
 *                                               t3, R2 after t1: OFF
 */
static void rf_run(unsigned window, tsrc_counts *tc, long *t)
{
    const char *body =
        "#BEGIN_TB\nthread block = 0,0,0\n"
        "warp = 0\ninsts = 5\n0000 ffffffff 1 R1 MOV 0 0\n0010 ffffffff 1 R2 MOV 0 0\n"
        "0020 ffffffff 1 R3 MOV 0 0\n0030 ffffffff 1 R3 IADD3 1 R1 0\n0040 ffffffff 0 EXIT 0 0\n"
        "#END_TB\n";
    sim_cfg c;
    char err[RUN_ERR_LEN] = "";
    small_cfg(&c, 1, 3);
    c.m.drv.rf_states = 1;
    c.m.drv.sleep_window = window;
    TT_EQ(write_trace(HEADER, body), 0);
    run_opts ro = {0};
    ro.trace = path;
    gfeed_t *f = gfeed_open(&c.m, &ro, err);
    TT_CHECK(f != NULL);
    if (!f) {
        unlink(path);
        return;
    }
    tsrc_t *tr = gfeed_source(f);
    sc_t *m = sc_create(&c.m.hw);
    drv_t *d = drv_create_src(&c.m.hw, &c.m.drv, tsrc_iface(tr));
    static sc_in in;
    static sc_out out;
    unsigned n = 0;
    for (long cyc = 0; cyc < 1000 && !(gfeed_done(f) && drv_idle(d)); cyc++) {
        TT_EQ(gfeed_tick(f, err), 0);
        drv_inputs(d, &in);
        sc_step(m, &in, &out);
        TT_EQ(drv_consume(d, &in, &out), 0);
        if (out.issue_valid && n < 5) t[n++] = cyc + 1; /* tsrc's cycle count at the issue */
    }
    TT_EQ(n, 5);
    *tc = *tsrc_get_counts(tr);
    drv_destroy(d);
    sc_destroy(m);
    gfeed_close(f);
    unlink(path);
}

static void test_rf_states(void)
{
    tsrc_counts tc;
    long t[5] = {0};
    rf_run(1, &tc, t);
    long off = (t[1] - t[0]) + (t[2] - t[0]) + (t[3] - t[2]) +
               (t[4] - t[0]) + (t[4] - t[3]) + (t[4] - t[1]) + (t[4] - t[3]);
    TT_EQ(tc.reg_cycles_off, off);
    TT_EQ(tc.reg_cycles_sleep, t[3] - t[0]);
    TT_EQ(tc.reg_cycles_on, 0);
    TT_EQ(tc.reg_cycles_off + tc.reg_cycles_sleep + tc.reg_cycles_on, 4 * (t[4] - t[0]));
    TT_CHECK(t[3] > t[0]);
    rf_run(3, &tc, t); /* the read 3 instructions away no longer sleeps */
    TT_EQ(tc.reg_cycles_sleep, 0);
    TT_EQ(tc.reg_cycles_on, t[3] - t[0]);
}

int main(void)
{
    TT_RUN(test_rf_states);
    TT_RUN(test_blocks_groups);
    TT_RUN(test_max_blocks);
    TT_RUN(test_one_register_three_slots);
    TT_RUN(test_split_wide_instruction);
    TT_RUN(test_trace_values);
    TT_RUN(test_register_out_of_range);
    TT_RUN(test_barrier_waits);
    TT_RUN(test_deterministic_and_baseline);
    TT_EXIT();
}
