/* test_async.c - the asynchronous operations of Ampere and Hopper.
 * cp.async: LDGSTS joins the open group, LDGDEPBAR closes it, the instruction after
 * `DEPBAR.LE SB0, N` waits until at most N closed groups are in flight (driver/cpgrp.c,
 * driver/tsrc.c; docs/trace.md "Asynchronous copies"). The groups' bookkeeping is worked
 * by hand; the runs are checked against equivalent kernels whose cost is known without
 * the rule: a DEPBAR 0 after one copy costs what a use of a load of the same address
 * does, and a DEPBAR that leaves every group in flight costs what a NOP does.
 * Warpgroup MMAs (wgmma: HGMMA, ...): their unit is held N / 2 cycles (docs/gpu.md), so
 * a chain of them costs exactly N / 2 a link more per doubling of N; WARPGROUP.DEPBAR
 * waits for their committed groups as DEPBAR does for copies. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cpgrp.h"
#include "run.h"
#include "simcfg.h"
#include "trc.h"
#include "tt.h"
#include "txtrun.h"

/* Groups closed, copies landing out of order, the open group not waited for, retiring. */
static void test_groups_by_hand(void)
{
    cpg_t g;
    cpg_reset(&g);
    TT_EQ(cpg_wait(&g, 0, 0), 0);             /* nothing closed: no wait */
    cpg_copy(&g);                             /* seq 0 */
    cpg_close(&g, 1);
    TT_EQ(cpg_wait(&g, 0, 5) == UINT64_MAX, 1); /* its copy has not executed */
    TT_EQ(cpg_wait(&g, 1, 5), 0);             /* one group may stay in flight */
    cpg_copy(&g);                             /* seq 2 */
    cpg_copy(&g);                             /* seq 3 */
    cpg_close(&g, 4);
    cpg_copy(&g);                             /* seq 5: open, never waited for */
    cpg_landed(&g, 3, 300);
    cpg_landed(&g, 0, 150);
    TT_EQ(cpg_wait(&g, 1, 10), 150);          /* the older group lands at 150 */
    TT_EQ(cpg_wait(&g, 0, 10) == UINT64_MAX, 1); /* seq 2 of the newer has not executed */
    cpg_landed(&g, 2, 200);
    TT_EQ(cpg_wait(&g, 0, 10), 300);
    TT_EQ(cpg_wait(&g, 0, 150), 300);         /* the first retired at 150 */
    TT_EQ(g.n, 1);
    TT_EQ(cpg_wait(&g, 0, 300), 0);
    TT_EQ(g.n, 0);
    TT_EQ(g.open.pending, 1);
    cpg_landed(&g, 5, 50);                    /* the open group's copy */
    TT_EQ(g.open.pending, 0);
    TT_EQ(g.open.done, 50);
}

/* More closed groups than CPG_GROUPS: the oldest two merge, and a DEPBAR leaving fewer
 * than CPG_GROUPS in flight still waits for exactly the groups it should. */
static void test_groups_merge(void)
{
    cpg_t g;
    cpg_reset(&g);
    uint64_t seq = 0;
    for (unsigned i = 0; i < CPG_GROUPS + 1; i++) { /* group i: one copy, lands 1000 - i */
        cpg_copy(&g);
        cpg_landed(&g, seq++, 1000 - i);
        cpg_close(&g, seq++);
    }
    TT_EQ(g.n, CPG_GROUPS);
    /* 17 closed, 15 may stay: groups 0 and 1 (landing 1000 and 999) are waited for */
    TT_EQ(cpg_wait(&g, CPG_GROUPS - 1, 0), 1000);
    /* 17 closed, 14 may stay: groups 0..2 */
    TT_EQ(cpg_wait(&g, CPG_GROUPS - 2, 0), 1000);
    TT_EQ(cpg_wait(&g, CPG_GROUPS - 1, 1000), 0);
    TT_EQ(cpg_wait(&g, 0, 1000), 0);
    TT_EQ(g.n, 0);
}

static int keep_addr; /* read_warp keeps the memory addresses (the GPU's reading) */

/* The first block of trace text txt (tracer version in its header): its first warp's
 * instructions into *out (at most n); the count, or -1. */
static int read_warp(const char *txt, trc_inst *out, unsigned n, uint8_t *flags_any)
{
    char err[TRC_ERR_LEN];
    trc_t *t = trc_open_mem(txt, strlen(txt), "snip", err);
    trc_block *b = NULL;
    int got = -1;
    if (!t) {
        fprintf(stderr, "  %s\n", err);
        return -1;
    }
    if (keep_addr) trc_keep_addresses(t);
    if (trc_next_block(t, &b, err) == 1) {
        got = (int)(b->warp[0].n < n ? b->warp[0].n : n);
        memcpy(out, b->warp[0].inst, (size_t)got * sizeof *out);
        *flags_any = b->warp[0].flags_any;
        trc_block_free(b);
    } else {
        fprintf(stderr, "  %s\n", err);
    }
    trc_close(t);
    return got;
}

#define HDR(v) "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n" \
               "-binary version = 80\n-accelsim tracer version = " v "\n\n"      \
               "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n"

/* The flags of the three opcodes, and DEPBAR's immediate: decimal, hex, negative,
 * absent (tracer 4), the first of two (tracer 6). */
static void test_parse(void)
{
    trc_inst in[8];
    uint8_t any = 0;
    const char *v5 = HDR("5") "insts = 6\n"
        "0000 ffffffff 0 LDGSTS.E.BYPASS.128 2 R2 R4 16 1 0x7f0000000000 16 0\n"
        "0010 ffffffff 0 LDGDEPBAR 0 0 0\n"
        "0020 ffffffff 0 DEPBAR.LE 0 0 1\n"
        "0030 ffffffff 0 DEPBAR.LE 0 0 0x2\n"
        "0040 ffffffff 0 DEPBAR.LE 0 0 -1\n"
        "0050 ffffffff 0 DEPBAR.LE 0 0 0\n#END_TB\n";
    TT_EQ(read_warp(v5, in, 8, &any), 6);
    TT_EQ(in[0].flags & (TRC_F_CPCOPY | TRC_F_CPCLOSE | TRC_F_DEPBAR), TRC_F_CPCOPY);
    TT_EQ(in[0].flags & TRC_F_L1BYPASS, TRC_F_L1BYPASS);
    TT_EQ(in[0].mwidth, keep_addr ? 16 : 0);
    TT_EQ(in[1].flags & (TRC_F_CPCOPY | TRC_F_CPCLOSE | TRC_F_DEPBAR), TRC_F_CPCLOSE);
    TT_EQ(in[2].flags & (TRC_F_CPCOPY | TRC_F_CPCLOSE | TRC_F_DEPBAR), TRC_F_DEPBAR);
    TT_EQ(in[2].dep_keep, 1);
    TT_EQ(in[3].dep_keep, 2);
    TT_EQ(in[4].dep_keep, 0);
    TT_EQ(in[5].dep_keep, 0);
    TT_EQ(any & (TRC_F_CPCOPY | TRC_F_CPCLOSE | TRC_F_DEPBAR),
          TRC_F_CPCOPY | TRC_F_CPCLOSE | TRC_F_DEPBAR);
    /* the same line twice (the parser's memo) keeps its value; another PC its own */
    const char *memo = HDR("5") "insts = 3\n"
        "0020 ffffffff 0 DEPBAR.LE 0 0 3\n0020 ffffffff 0 DEPBAR.LE 0 0 3\n"
        "0020 ffffffff 0 DEPBAR.LE 0 0 1\n#END_TB\n";
    TT_EQ(read_warp(memo, in, 8, &any), 3);
    TT_EQ(in[0].dep_keep, 3);
    TT_EQ(in[1].dep_keep, 3);
    TT_EQ(in[2].dep_keep, 1);
    const char *mma = HDR("5") "insts = 2\n"
        "0000 ffffffff 1 R24 HGMMA.64x128x16.F32.BF16 1 R24 0 0\n"
        "0010 ffffffff 1 R8 LDG.E 1 R2 4 1 0x7f0000000000 4 0\n#END_TB\n";
    TT_EQ(read_warp(mma, in, 8, &any), 2);
    TT_EQ(in[0].unit_cycles, 64); /* kept by the reader, addresses kept or not */
    TT_EQ(in[1].mwidth, keep_addr ? 4 : 0);
    const char *v4 = HDR("4") "insts = 1\n0020 ffffffff 0 DEPBAR.LE 0 0\n#END_TB\n";
    TT_EQ(read_warp(v4, in, 8, &any), 1);
    TT_EQ(in[0].dep_keep, 0);
    const char *v6 = HDR("6") "insts = 2\n0020 ffffffff 0 DEPBAR.LE 0 0 3 7 NoVal\n"
        "0030 ffffffff 0 NOP 0 0 5 0 NoVal\n#END_TB\n";
    TT_EQ(read_warp(v6, in, 8, &any), 2);
    TT_EQ(in[0].dep_keep, 3);
    TT_EQ(in[1].mwidth, 0);
    TT_EQ(any & TRC_F_CPCLOSE, 0);
}

/* The first block of txt fails to read; its message contains want. */
static void read_fails(const char *txt, const char *want)
{
    char err[TRC_ERR_LEN];
    trc_t *t = trc_open_mem(txt, strlen(txt), "snip", err);
    trc_block *b = NULL;
    TT_CHECK(t != NULL);
    if (!t) return;
    TT_EQ(trc_next_block(t, &b, err), -1);
    if (!strstr(err, want)) fprintf(stderr, "  message: %s\n", err);
    TT_CHECK(strstr(err, want) != NULL);
    trc_close(t);
}

/* TMA copies and warpgroup MMAs as the tracers write them: TMA with no transfer list
 * (older tracers), with `3 count addr...` or `4 base count delta...` right after the
 * memory width (accel-sim-framework), or after `mbar multicast [mask] bytes oob` (its
 * newer parser); GMMA with or without the newer commit-group flag before the width. The
 * transfers are read, not kept (the copy is timed without addresses). */
static void test_tma_gmma_lines(void)
{
    trc_inst in[16];
    uint8_t any;
    const char *v5 = HDR("5") "insts = 9\n"
        "0000 ffffffff 0 UTMALDG.2D 0 0 0\n"
        "0010 ffffffff 0 UTMALDG.2D 0 0 3 2 0x7f0000000000 0x7f0000000080 0\n"
        "0020 ffffffff 0 UTMALDG.2D 0 0 4 0x7f0000000000 3 128 128 0\n"
        "0030 ffffffff 0 UBLKCP.S.G 0 16 4 0x7f0000000000 0 0\n"
        "0040 ffffffff 0 UTMALDG.2D 0 16 7f0000400 0 16384 0 3 2 7f0000000000 7f0000000080 0\n"
        "0050 ffffffff 0 UTMALDG.2D.MULTICAST 0 16 400 1 3 8192 0 4 7f0000000000 2 128 0\n"
        "0060 ffffffff 1 R24 HGMMA.64x128x16.F32.BF16 1 R24 0 0\n"
        "0070 ffffffff 1 R24 HGMMA.64x128x16.F32.BF16 1 R24 1 0 0 0\n"
        "0080 ffffffff 0 DEPBAR.LE 0 0 1\n#END_TB\n";
    TT_EQ(read_warp(v5, in, 16, &any), 9);
    for (unsigned k = 0; k < 6; k++) {
        TT_EQ(in[k].cls, TRC_CLS_LDST);
        TT_EQ(in[k].naddr, 0);
    }
    TT_EQ(in[6].unit_cycles, 64);
    TT_EQ(in[7].unit_cycles, 64);
    TT_EQ(in[6].flags & TRC_F_CPCLOSE, 0);              /* no commit flag (3 numbers) */
    TT_EQ(in[7].flags & TRC_F_CPCLOSE, TRC_F_CPCLOSE);  /* flag 1, width, 2 immediates */
    TT_EQ(in[8].dep_keep, 1); /* the line after still reads right */
    const char *v6 = HDR("6") "insts = 3\n"
        "0000 ffffffff 0 UTMALDG.2D 0 16 7f0000400 0 16384 0 3 1 7f0000000000 0 0 NoVal\n"
        "0010 ffffffff 1 R24 HGMMA.64x256x16.F32.BF16 1 R24 1 0 0 0 NoVal\n"
        "0020 ffffffff 1 R24 HGMMA.64x64x16.F32.BF16 1 R24 0 0 0 NoVal\n#END_TB\n";
    TT_EQ(read_warp(v6, in, 16, &any), 3);
    TT_EQ(in[1].unit_cycles, 128);
    TT_EQ(in[2].unit_cycles, 32);
    TT_EQ(in[1].flags & TRC_F_CPCLOSE, TRC_F_CPCLOSE);
    TT_EQ(in[2].flags & TRC_F_CPCLOSE, 0);
    /* with register values the line is remembered up to its numbers (the memo): the same
     * PC's commit flag is read each time, and WARPGROUP.DEPBAR keeps its kind */
    char buf[4096], vals[400];
    size_t vl = 0;
    vl += (size_t)snprintf(vals + vl, sizeof vals - vl, "Val");
    for (unsigned g = 0; g < 2; g++) {
        vl += (size_t)snprintf(vals + vl, sizeof vals - vl, " 32");
        for (unsigned i = 0; i < 32; i++) vl += (size_t)snprintf(vals + vl, sizeof vals - vl, " %x", i);
    }
    snprintf(buf, sizeof buf, HDR("6") "insts = 4\n"
             "0010 ffffffff 1 R24 HGMMA.64x64x16.F32.BF16 1 R24 1 0 0 0 %s\n"
             "0010 ffffffff 1 R24 HGMMA.64x64x16.F32.BF16 1 R24 0 0 0 0 %s\n"
             "0020 ffffffff 0 WARPGROUP.DEPBAR.LE 0 0 1 NoVal\n"
             "0020 ffffffff 0 WARPGROUP.DEPBAR.LE 0 0 0 NoVal\n#END_TB\n", vals, vals);
    TT_EQ(read_warp(buf, in, 16, &any), 4);
    TT_EQ(in[0].flags & TRC_F_CPCLOSE, TRC_F_CPCLOSE);
    TT_EQ(in[1].flags & TRC_F_CPCLOSE, 0);
    TT_EQ(in[2].flags & TRC_F_DEPBAR, TRC_F_DEPBAR);
    TT_EQ(in[2].dep_keep, TRC_DEP_GMMA | 1);
    TT_EQ(in[3].dep_keep, TRC_DEP_GMMA);
    TT_EQ(any & (TRC_F_CPCLOSE | TRC_F_DEPBAR), TRC_F_CPCLOSE | TRC_F_DEPBAR);
    read_fails(HDR("5") "insts = 1\n0000 ffffffff 0 UTMALDG.2D 0 0 3 2 0x7f0000000000\n#END_TB\n",
               "TMA transfer address");
    read_fails(HDR("5") "insts = 1\n0000 ffffffff 0 UTMALDG.2D 0 0 5 1 0x7f0000000000 0\n#END_TB\n",
               "as a TMA transfer list: bad TMA multicast CTA mask"); /* 5: not a mode, so the
                                                                    newer header, whose
                                                                    mask is 16 bits */
    read_fails(HDR("5") "insts = 1\n0000 ffffffff 1 R24 HGMMA.64x64x16.F32 1 R24 0 0 0 0 0\n"
               "#END_TB\n", "unexpected");
}

/* Run trace text txt to completion on the machine (GPU: 1) with fast_idle; 0 or -1. */
static int run_txt(const char *txt, int gpu, int fast_idle, run_result *r)
{
    return txtrun(txt, gpu, fast_idle, 0, r);
}

#define K5 "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-shmem = 1024\n" \
           "-nregs = 32\n-binary version = 80\n-accelsim tracer version = 5\n\n"            \
           "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 6\n"
#define FFMAS "0030 ffffffff 1 R6 FFMA 2 R12 R9 0 0\n0040 ffffffff 1 R7 FFMA 2 R6 R9 0 0\n" \
              "0050 ffffffff 0 EXIT 0 0 0\n#END_TB\n"

/* One copy: DEPBAR 0 costs exactly what the use of a load of the same address, read
 * through the same registers, costs; DEPBAR 1 exactly what a NOP costs. */
static void test_one_copy(void)
{
    const char *copy0 = K5
        "0000 ffffffff 0 LDGSTS.BYPASS.128 2 R4 R5 16 1 0x7f1269c00000 16 0\n"
        "0010 ffffffff 0 LDGDEPBAR 0 0 0\n0020 ffffffff 0 DEPBAR.LE 0 0 0\n" FFMAS;
    const char *copy1 = K5
        "0000 ffffffff 0 LDGSTS.BYPASS.128 2 R4 R5 16 1 0x7f1269c00000 16 0\n"
        "0010 ffffffff 0 LDGDEPBAR 0 0 0\n0020 ffffffff 0 DEPBAR.LE 0 0 1\n" FFMAS;
    const char *nop = K5
        "0000 ffffffff 0 LDGSTS.BYPASS.128 2 R4 R5 16 1 0x7f1269c00000 16 0\n"
        "0010 ffffffff 0 LDGDEPBAR 0 0 0\n0020 ffffffff 0 NOP 0 0 0\n" FFMAS;
    const char *load = K5
        "0000 ffffffff 1 R12 LDG.E.128 1 R4 16 1 0x7f1269c00000 16 0\n"
        "0010 ffffffff 0 NOP 0 0 0\n0020 ffffffff 0 NOP 0 0 0\n" FFMAS;
    run_result *r = calloc(4, sizeof *r);
    TT_CHECK(r != NULL);
    if (!r) return;
    for (int gpu = 0; gpu <= 1; gpu++) {
        TT_EQ(run_txt(copy0, gpu, 1, &r[0]), 0);
        TT_EQ(run_txt(copy1, gpu, 1, &r[1]), 0);
        TT_EQ(run_txt(nop, gpu, 1, &r[2]), 0);
        TT_EQ(run_txt(load, gpu, 1, &r[3]), 0);
        TT_EQ(r[0].cycles, r[3].cycles);
        TT_EQ(r[1].cycles, r[2].cycles);
        TT_CHECK(r[0].cycles > r[1].cycles + 20); /* the copy's latency, at least L1's */
        TT_EQ(r[0].tc.cp_groups, 1);
        TT_EQ(r[0].tc.depbar_waits, 1);
        if (!gpu) { /* one sub-core: the run is the warp's time, and its wait the difference
                       (the GPU's total has a floor: launch and exit) */
            TT_EQ(r[0].tc.depbar_wait_slot_cycles, r[0].cycles - r[1].cycles);
        }
        TT_CHECK(r[0].tc.depbar_wait_slot_cycles > 20);
        TT_EQ(r[1].tc.depbar_waits, 0);
        TT_EQ(r[3].tc.cp_groups, 0);
    }
    free(r);
}

/* A warpgroup MMA and WARPGROUP.DEPBAR (wgmma.wait_group): WARPGROUP.DEPBAR 0 after an
 * HGMMA with the commit flag costs exactly what a use of the HGMMA's destination costs;
 * in a trace without the flag (an older tracer) the wait closes the open group itself and
 * costs the same; WARPGROUP.DEPBAR 1 costs what a NOP does. The FFMAs read R12 in every
 * variant; only the "use" writes it with the HGMMA. */
static void test_gmma_wait(void)
{
#define GM(dst, tail) "0000 ffffffff 0 NOP 0 0 0\n0010 ffffffff 1 " dst " HGMMA.64x128x16.F32.BF16 1 R100 " tail "\n"
    const char *flag0 = K5 GM("R40", "1 0 0 0") "0020 ffffffff 0 WARPGROUP.DEPBAR.LE 0 0 0\n" FFMAS;
    const char *noflag0 = K5 GM("R40", "0 0 0") "0020 ffffffff 0 WARPGROUP.DEPBAR.LE 0 0 0\n" FFMAS;
    const char *use = K5 GM("R12", "0 0 0") "0020 ffffffff 0 NOP 0 0 0\n" FFMAS;
    const char *flag1 = K5 GM("R40", "1 0 0 0") "0020 ffffffff 0 WARPGROUP.DEPBAR.LE 0 0 1\n" FFMAS;
    /* two MMAs, the second committed or not (a flagged trace): a wait for all waits for
     * the second only when it is committed */
    const char *uncommitted = K5 "0000 ffffffff 1 R40 HGMMA.64x128x16.F32.BF16 1 R100 1 0 0 0\n"
        "0010 ffffffff 1 R41 HGMMA.64x128x16.F32.BF16 1 R100 0 0 0 0\n"
        "0020 ffffffff 0 WARPGROUP.DEPBAR.LE 0 0 0\n" FFMAS;
    const char *committed = K5 "0000 ffffffff 1 R40 HGMMA.64x128x16.F32.BF16 1 R100 1 0 0 0\n"
        "0010 ffffffff 1 R41 HGMMA.64x128x16.F32.BF16 1 R100 1 0 0 0\n"
        "0020 ffffffff 0 WARPGROUP.DEPBAR.LE 0 0 0\n" FFMAS;
    const char *nop = K5 GM("R40", "0 0 0") "0020 ffffffff 0 NOP 0 0 0\n" FFMAS;
    const char *copy_wait = K5 GM("R40", "1 0 0 0") "0020 ffffffff 0 DEPBAR.LE 0 0 0\n" FFMAS;
#undef GM
    run_result *r = calloc(8, sizeof *r);
    TT_CHECK(r != NULL);
    if (!r) return;
    for (int gpu = 0; gpu <= 1; gpu++) {
        TT_EQ(run_txt(flag0, gpu, 1, &r[0]), 0);
        TT_EQ(run_txt(noflag0, gpu, 1, &r[1]), 0);
        TT_EQ(run_txt(use, gpu, 1, &r[2]), 0);
        TT_EQ(run_txt(flag1, gpu, 1, &r[3]), 0);
        TT_EQ(run_txt(uncommitted, gpu, 1, &r[4]), 0);
        TT_EQ(run_txt(nop, gpu, 1, &r[5]), 0);
        TT_EQ(run_txt(copy_wait, gpu, 1, &r[6]), 0);
        TT_EQ(run_txt(committed, gpu, 1, &r[7]), 0);
        TT_EQ(r[0].cycles, r[2].cycles);
        TT_EQ(r[1].cycles, r[2].cycles);
        TT_EQ(r[3].cycles, r[5].cycles);
        /* the second MMA starts when the first frees the unit, 64 cycles later */
        TT_CHECK(r[7].tc.depbar_wait_slot_cycles > r[4].tc.depbar_wait_slot_cycles + 50);
        TT_EQ(r[4].tc.gmma_groups, 1);
        TT_EQ(r[7].tc.gmma_groups, 2);
        TT_EQ(r[6].cycles, r[5].cycles); /* DEPBAR waits for copies, not for MMAs */
        TT_EQ(r[0].tc.gmma_groups, 1);
        TT_EQ(r[1].tc.gmma_groups, 1);
        TT_EQ(r[2].tc.gmma_groups, 0);
        TT_EQ(r[0].tc.depbar_waits, 1);
        TT_EQ(r[3].tc.depbar_waits, 0);
        TT_EQ(r[0].tc.cp_groups, 0);
        TT_CHECK(r[0].tc.depbar_wait_slot_cycles > 50); /* most of the MMA's 61 cycles */
        TT_EQ(r[1].tc.depbar_wait_slot_cycles, r[0].tc.depbar_wait_slot_cycles);
    }
    free(r);
}

/* A two-stage pipeline of copies in 4 blocks of 4 warps, as CUTLASS's multistage
 * kernels: on the GPU, sleeping sub-cores (fast_idle) change nothing; a DEPBAR leaving
 * every group in flight is a NOP; waiting for all groups costs more than for the older. */
static char *pipeline(const char *keep_loop, const char *keep_end)
{
    size_t cap = 1 << 16, len = 0;
    char *s = malloc(cap);
    if (!s) return NULL;
    len += (size_t)snprintf(s + len, cap - len,
        "-kernel name = k\n-grid dim = (4,1,1)\n-block dim = (128,1,1)\n-shmem = 8192\n"
        "-nregs = 32\n-binary version = 80\n-accelsim tracer version = 5\n\n");
    for (unsigned b = 0; b < 4; b++) {
        len += (size_t)snprintf(s + len, cap - len, "#BEGIN_TB\nthread block = %u,0,0\n", b);
        for (unsigned w = 0; w < 4; w++) {
            unsigned long long a = 0x7f0000000000ULL + (b * 4 + w) * 0x10000ULL;
            len += (size_t)snprintf(s + len, cap - len, "warp = %u\ninsts = 23\n", w);
            unsigned pc = 0;
            for (unsigned st = 0; st < 2; st++, a += 512, pc += 0x20)
                len += (size_t)snprintf(s + len, cap - len,
                    "%04x ffffffff 0 LDGSTS.E.BYPASS.128 2 R2 R4 16 1 0x%llx 16 0\n"
                    "%04x ffffffff 0 LDGDEPBAR 0 0 0\n", pc, a, pc + 0x10);
            for (unsigned it = 0; it < 3; it++, a += 512, pc += 0x50)
                len += (size_t)snprintf(s + len, cap - len,
                    "%04x ffffffff 0 %s\n"
                    "%04x ffffffff 1 R8 LDS 1 R3 4 1 0x7f1300000000 4 0\n"
                    "%04x ffffffff 1 R9 FFMA 2 R8 R9 0 0\n"
                    "%04x ffffffff 0 LDGSTS.E.BYPASS.128 2 R2 R4 16 1 0x%llx 16 0\n"
                    "%04x ffffffff 0 LDGDEPBAR 0 0 0\n",
                    pc, keep_loop, pc + 0x10, pc + 0x20, pc + 0x30, a, pc + 0x40);
            len += (size_t)snprintf(s + len, cap - len,
                "%04x ffffffff 0 %s\n%04x ffffffff 1 R8 LDS 1 R3 4 1 0x7f1300000000 4 0\n"
                "%04x ffffffff 1 R9 FFMA 2 R8 R9 0 0\n%04x ffffffff 0 EXIT 0 0 0\n",
                pc, keep_end, pc + 0x10, pc + 0x20, pc + 0x30);
        }
        len += (size_t)snprintf(s + len, cap - len, "#END_TB\n");
    }
    return s;
}

static void test_pipeline(void)
{
    char *older = pipeline("DEPBAR.LE 0 0 1", "DEPBAR.LE 0 0 0");
    char *all = pipeline("DEPBAR.LE 0 0 0", "DEPBAR.LE 0 0 0");
    char *none = pipeline("DEPBAR.LE 0 0 9", "DEPBAR.LE 0 0 9");
    char *nops = pipeline("NOP 0 0 0", "NOP 0 0 0");
    run_result *r = calloc(5, sizeof *r);
    TT_CHECK(older && all && none && nops && r);
    if (older && all && none && nops && r) {
        TT_EQ(run_txt(older, 1, 1, &r[0]), 0);
        TT_EQ(run_txt(older, 1, 0, &r[1]), 0);
        TT_EQ(run_txt(all, 1, 1, &r[2]), 0);
        TT_EQ(run_txt(none, 1, 1, &r[3]), 0);
        TT_EQ(run_txt(nops, 1, 1, &r[4]), 0);
        TT_EQ(r[0].cycles, r[1].cycles); /* fast_idle: bit-identical */
        TT_EQ(r[0].tc.depbar_waits, r[1].tc.depbar_waits);
        TT_EQ(r[0].tc.depbar_wait_slot_cycles, r[1].tc.depbar_wait_slot_cycles);
        TT_EQ(r[0].tc.cp_groups, 16 * 5);
        TT_CHECK(r[0].tc.depbar_waits >= 16); /* at least each warp's last DEPBAR 0 */
        TT_EQ(r[3].cycles, r[4].cycles);
        TT_EQ(r[3].tc.depbar_waits, 0);
        TT_CHECK(r[2].cycles > r[0].cycles);
        TT_CHECK(r[0].cycles > r[3].cycles);
        TT_CHECK(r[2].tc.depbar_wait_slot_cycles > r[0].tc.depbar_wait_slot_cycles);
    }
    free(older);
    free(all);
    free(none);
    free(nops);
    free(r);
}

/* A warp of 8 HGMMA.64xNx16, dependent through R24 (chain) or not, then EXIT. */
static void gmma_trace(char *buf, size_t cap, unsigned n, int chain)
{
    size_t len = (size_t)snprintf(buf, cap,
        "-kernel name = g\n-grid dim = (1,1,1)\n-block dim = (128,1,1)\n-nregs = 168\n"
        "-binary version = 90\n-accelsim tracer version = 5\n\n"
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 9\n");
    for (unsigned i = 0; i < 8; i++)
        len += (size_t)snprintf(buf + len, cap - len,
                                "%04x ffffffff 1 R%u HGMMA.64x%ux16.F32.BF16 1 R%u 0 0\n", i * 16,
                                chain ? 24 : 24 + 8 * i, n, chain ? 24 : 100);
    snprintf(buf + len, cap - len, "0080 ffffffff 0 EXIT 0 0 0\n#END_TB\n");
}

/* N = 128 holds the tensor unit 64 cycles, N = 256 128: on one sub-core and on the GPU,
 * 8 of them cost 8 x 64 cycles more at N = 256, chained (each waits for the last's
 * result: latency N / 2 - 3, plus the 3 of the pipeline) or not (each waits for the
 * unit). */
static void test_gmma_by_n(void)
{
    char buf[2048];
    run_result *r = calloc(2, sizeof *r);
    TT_CHECK(r != NULL);
    if (!r) return;
    for (int gpu = 0; gpu <= 1; gpu++)
        for (int chain = 0; chain <= 1; chain++) {
            gmma_trace(buf, sizeof buf, 128, chain);
            TT_EQ(run_txt(buf, gpu, 1, &r[0]), 0);
            gmma_trace(buf, sizeof buf, 256, chain);
            TT_EQ(run_txt(buf, gpu, 1, &r[1]), 0);
            TT_EQ(r[1].cycles - r[0].cycles, 8 * 64);
        }
    free(r);
}

int main(void)
{
    TT_RUN(test_groups_by_hand);
    TT_RUN(test_groups_merge);
    TT_RUN(test_parse);
    keep_addr = 1;
    TT_RUN(test_parse);
    TT_RUN(test_one_copy);
    TT_RUN(test_pipeline);
    TT_RUN(test_gmma_by_n);
    TT_RUN(test_gmma_wait);
    TT_RUN(test_tma_gmma_lines);
    TT_EXIT();
}
