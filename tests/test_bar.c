/* test_bar.c - barriers: BAR.SYNC and BAR.RED wait at barrier `id` (the line's first
 * immediate) for the warps its second immediate names (a thread count; 0: the whole
 * block), BAR.ARV arrives without waiting (driver/tsrc.c; docs/trace.md "Barriers"). The
 * bookkeeping is read back from the parser, and each rule is shown by the warp-slot cycles
 * spent at barriers on one sub-core and on the GPU: a pair of warps on a named barrier of
 * 64 threads does not wait for the rest of the block, and consumers wait for producers
 * that only arrive (the fields the parser reads: test_trace's test_bar_fields). (Total cycles are not compared: on one sub-core, four warps sharing
 * two CCUs at once can take longer than two pairs one after the other.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "run.h"
#include "simcfg.h"
#include "tt.h"
#include "txtrun.h"

#define CHAIN 30 /* dependent FFMAs of a long stretch, about 4 cycles each */

/* The header of a kernel of one block of 4 warps (sm_80), tracer 5. */
static const char *HDR =
    "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (128,1,1)\n-shmem = 0\n"
    "-nregs = 32\n-binary version = 80\n-accelsim tracer version = 5\n\n"
    "#BEGIN_TB\nthread block = 0,0,0\n";

/* Append warp w: `pre` long stretches, the line `bar` (NULL: none), `post` long
 * stretches, EXIT. */
static size_t warp(char *buf, size_t cap, size_t len, unsigned w, unsigned pre, const char *bar,
                   unsigned post)
{
    unsigned n = (pre + post) * CHAIN + (bar != NULL) + 1, pc = 0;
    len += (size_t)snprintf(buf + len, cap - len, "warp = %u\ninsts = %u\n", w, n);
    for (unsigned i = 0; i < pre * CHAIN; i++, pc += 16)
        len += (size_t)snprintf(buf + len, cap - len, "%04x ffffffff 1 R6 FFMA 2 R6 R9 0 0\n", pc);
    if (bar) {
        len += (size_t)snprintf(buf + len, cap - len, "%04x ffffffff 0 %s\n", pc, bar);
        pc += 16;
    }
    for (unsigned i = 0; i < post * CHAIN; i++, pc += 16)
        len += (size_t)snprintf(buf + len, cap - len, "%04x ffffffff 1 R6 FFMA 2 R6 R9 0 0\n", pc);
    len += (size_t)snprintf(buf + len, cap - len, "%04x ffffffff 0 EXIT 0 0 0 0\n", pc);
    return len;
}

/* The kernel into buf: warps 0 and 1 run the line `b01`, then `post01` stretches; warps
 * 2 and 3 run `pre23` stretches, the line `b23`, then `post23` stretches. */
static void pairs(char *buf, size_t cap, const char *b01, unsigned post01, unsigned pre23,
                  const char *b23, unsigned post23)
{
    size_t len = (size_t)snprintf(buf, cap, "%s", HDR);
    for (unsigned w = 0; w < 4; w++)
        len = w < 2 ? warp(buf, cap, len, w, 0, b01, post01) : warp(buf, cap, len, w, pre23, b23, post23);
    snprintf(buf + len, cap - len, "#END_TB\n");
}

/* Run trace text txt to completion (GPU: machine = gpu, else one sub-core), checking the
 * model's invariants every cycle; 0 or -1. */
static int run_txt(const char *txt, int gpu, run_result *r)
{
    return txtrun(txt, gpu, 1, 1, r);
}

/* Warps 0 and 1 meet at barrier 1 of 64 threads right away, then compute; warps 2 and 3
 * compute, then meet at barrier 2 of 64 threads. Neither pair waits for the other: the
 * barriers cost a few slot cycles. With both barriers the whole block's (no count), the
 * first pair waits for the second pair's stretch. */
static void test_named(void)
{
    char buf[32768];
    run_result *r = calloc(2, sizeof *r);
    TT_CHECK(r != NULL);
    if (!r) return;
    for (int gpu = 0; gpu <= 1; gpu++) {
        for (int whole = 0; whole <= 1; whole++) {
            const char *b1 = whole ? "BAR.SYNC 0 0 0 0" : "BAR.SYNC 0 0 1 64";
            const char *b2 = whole ? "BAR.SYNC 0 0 0 0" : "BAR.SYNC 0 0 2 64";
            pairs(buf, sizeof buf, b1, 2, 2, b2, 0);
            TT_EQ(run_txt(buf, gpu, &r[whole]), 0);
            TT_EQ(r[whole].tc.barriers, 4);
        }
        /* a pair's warps arrive a few cycles apart (on the GPU on two sub-cores, whose
         * first fetches differ); the whole block's barrier holds a pair for a stretch */
        TT_CHECK(4 * r[0].tc.bar_wait_slot_cycles < r[1].tc.bar_wait_slot_cycles);
        TT_CHECK(r[1].tc.bar_wait_slot_cycles > 2 * 2 * CHAIN * 3); /* 2 warps, a stretch */
    }
    free(r);
}

/* Producers (warps 2, 3) compute, arrive at barrier 1 of 128 threads with BAR.ARV and
 * compute again; consumers (warps 0, 1) wait there with BAR.SYNC, then compute. The
 * consumers wait for the producers' first stretch only: about half of what they wait
 * when the producers do not arrive (a NOP) and the barrier opens only as they end. With
 * a barrier of 64 threads and no producer arrival, nobody waits. */
static void test_arrive(void)
{
    char buf[32768];
    run_result *r = calloc(3, sizeof *r);
    TT_CHECK(r != NULL);
    if (!r) return;
    static const char *const sync[3] = {"BAR.SYNC 0 0 1 64", "BAR.SYNC 0 0 1 128",
                                        "BAR.SYNC 0 0 1 128"};
    static const char *const prod[3] = {"NOP 0 0 0 0", "BAR.ARV 0 0 1 128", "NOP 0 0 0 0"};
    for (int gpu = 0; gpu <= 1; gpu++) {
        for (int v = 0; v < 3; v++) {
            pairs(buf, sizeof buf, sync[v], 1, 2, prod[v], 2);
            TT_EQ(run_txt(buf, gpu, &r[v]), 0);
        }
        TT_EQ(r[0].tc.barriers, 2);
        TT_EQ(r[1].tc.barriers, 4);
        TT_CHECK(4 * r[0].tc.bar_wait_slot_cycles < r[1].tc.bar_wait_slot_cycles);
        TT_CHECK(r[1].tc.bar_wait_slot_cycles > 2 * 2 * CHAIN * 3);
        TT_CHECK(4 * r[1].tc.bar_wait_slot_cycles < 3 * r[2].tc.bar_wait_slot_cycles);
    }
    free(r);
}

int main(void)
{
    TT_RUN(test_named);
    TT_RUN(test_arrive);
    TT_EXIT();
}
