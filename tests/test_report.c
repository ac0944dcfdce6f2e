/* test_report.c - every derived figure a run prints, against values worked out by hand:
 * on counters set by hand (so that each definition is pinned: the hit ratio divides by
 * distinct source registers, not by source slots; flushes count only non-empty CCUs; the
 * write-backs are bank writes), and on a small trace with repeated source registers run
 * through the model, where the summary's hit ratio must be the model's src_hits over its
 * distinct registers and differ from hits over slots. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "simcfg.h"
#include "report.h"
#include "run.h"
#include "tt.h"

static void test_definitions(void)
{
    static run_result r;
    rep_metrics x;
    memset(&r, 0, sizeof r);
    r.insts = 1000;
    r.cycles = 2000;
    r.st.src_slots = 1400;   /* slots: registers named twice count twice */
    r.st.src_regs = 1000;    /* distinct registers per instruction */
    r.st.src_hits = 400;
    r.st.bank_reads = 600;
    r.st.bank_writes = 300;
    r.st.ccu_data_writes = 150;
    r.st.flushes = 90;       /* every flush */
    r.st.flushes_nonempty = 30;
    rep_metrics_of(&r, &x);
    TT_CHECK(x.ipc == 0.5);
    TT_CHECK(x.hit_ratio == 0.4);             /* 400 / 1000, not 400 / 1400 */
    TT_CHECK(x.bank_reads_per_inst == 0.6);
    TT_CHECK(x.bank_writes_per_inst == 0.3);
    TT_CHECK(x.ccu_writes_per_wb == 0.5);     /* 150 / 300 write-backs */
    TT_CHECK(x.flushes_per_kinst == 30.0);    /* non-empty: 30 per 1000, not 90 */
    /* the papers' counting: 1000 - 400 = 600 distinct registers missed among 1400 operands */
    TT_CHECK(x.hit_ratio_operands == 1.0 - 600.0 / 1400.0);
    TT_CHECK(x.bank_read_reduction_operands == 1.0 - 600.0 / 1400.0); /* 600 reads of 1400 */
}

static char path[64];

/* One warp, one sub-core: R1 = R2 + R2 names R2 twice (one distinct register). */
static const char *TRACE =
    "-kernel name = _Z4testv\n-kernel id = 1\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n"
    "-shmem = 0\n-nregs = 16\n-binary version = 75\n-cuda stream id = 0\n"
    "-shmem base_addr = 0x00007f0000000000\n-local mem base_addr = 0x00007f0100000000\n"
    "-nvbit version = 1.5.5\n-accelsim tracer version = 4\n-enable lineinfo = 0\n\n"
    "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] "
    "mem_width [adrrescompress?] [mem_addresses]\n\n"
    "#BEGIN_TB\n\nthread block = 0,0,0\n\nwarp = 0\ninsts = 5\n"
    "0000 ffffffff 1 R1 IADD3 2 R2 R2 0\n"
    "0010 ffffffff 1 R3 IADD3 2 R2 R2 0\n"
    "0020 ffffffff 1 R4 IADD3 2 R2 R3 0\n"
    "0030 ffffffff 1 R5 IADD3 2 R4 R4 0\n"
    "0040 ffffffff 0 EXIT 0 0\n\n#END_TB\n";

static void test_repeated_sources(void)
{
    static run_result r;
    rep_metrics x;
    char err[RUN_ERR_LEN];
    sim_cfg c;
    simcfg_defaults(&c);
    c.m.gpu.machine = GPU_MACHINE_SUBCORE;
    c.m.hw.regs = 16;
    snprintf(path, sizeof path, "/tmp/test_report_XXXXXX");
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fputs(TRACE, f);
    fclose(f);
    run_opts o;
    memset(&o, 0, sizeof o);
    o.trace = path;
    TT_EQ(run_sim(&c, &o, &r, err), 0);
    unlink(path);
    /* distinct source registers: {R2} {R2} {R2,R3} {R4} = 5; slots: 2+2+2+2 = 8 */
    TT_EQ(r.st.src_regs, 5);
    TT_EQ(r.st.src_slots, 8);
    TT_EQ(r.insts, 5);
    rep_metrics_of(&r, &x);
    TT_CHECK(x.hit_ratio == (double)r.st.src_hits / 5.0);
    /* the first read of R2 misses (cold); every hit saves one bank read: reads + hits
     * = distinct registers */
    TT_EQ(r.st.bank_reads + r.st.src_hits, 5);
    TT_CHECK(r.st.src_hits >= 1 && r.st.src_hits <= 4);
    TT_CHECK(x.bank_reads_per_inst == (double)r.st.bank_reads / 5.0);
}

int main(void)
{
    TT_RUN(test_definitions);
    TT_RUN(test_repeated_sources);
    TT_EXIT();
}
