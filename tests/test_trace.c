/* test_trace.c - the Accel-Sim trace reader (trace/): formats by tracer version, address
 * modes, register decoding and width expansion (lists too long to be inline in the warp's
 * pool too), the opcode table, xz/gzip input, every class of bad input, and the shipped
 * traces of ../shared/workloads (skipped if absent). */
#include <ctype.h>
#include <lzma.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "isa.h"
#include "rd.h"
#include "trc.h"
#include "tt.h"

static int quick;

#define HDR(ver, li)                                                                         \
    "-kernel name = _Z4testPi\n-kernel id = 7\n-grid dim = (2,3,4)\n-block dim = (64,1,1)\n"   \
    "-shmem = 256\n-nregs = 40\n-binary version = 80\n-cuda stream id = 0\n"                  \
    "-shmem base_addr = 0x00007f0000000000\n-some future key = whatever\n"                    \
    "-accelsim tracer version = " ver "\n-enable lineinfo = " li "\n\n"                       \
    "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] "     \
    "mem_width [adrrescompress?] [mem_addresses] immediate\n\n"

/* A trace of tracer version ver whose one block holds warp 0 with n instruction lines: the
 * lines and "#END_TB\n" follow. */
#define WARP0(ver, n) HDR(ver, "0") "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = " n "\n"

/* 1-based line of the first line of txt that starts with marker. */
static unsigned line_of(const char *txt, const char *marker)
{
    const char *m = txt;
    while (m && strncmp(m, marker, strlen(marker)) != 0) {
        m = strchr(m, '\n');
        if (m) m++;
    }
    if (!m) return 0;
    unsigned n = 1;
    for (const char *p = txt; p < m; p++) n += *p == '\n';
    return n;
}

typedef struct {
    unsigned blocks, warps;
    unsigned long long insts;
} counts;

/* Read every block of an in-memory trace: 0, or -1 with err. */
static int read_all(const void *buf, size_t len, counts *c, char *err)
{
    memset(c, 0, sizeof *c);
    trc_t *t = trc_open_mem(buf, len, "snip", err);
    if (!t) return -1;
    trc_block *b;
    int r;
    while ((r = trc_next_block(t, &b, err)) == 1) {
        c->blocks++;
        c->warps += b->nwarps;
        for (unsigned w = 0; w < b->nwarps; w++) c->insts += b->warp[w].n;
        trc_block_free(b);
    }
    trc_close(t);
    return r;
}

/* The first block of a snippet (or NULL with the error printed as a failure). */
static trc_block *first_block(const char *txt, trc_t **tp)
{
    char err[TRC_ERR_LEN];
    trc_t *t = trc_open_mem(txt, strlen(txt), "snip", err);
    trc_block *b = NULL;
    if (!t || trc_next_block(t, &b, err) != 1) {
        fprintf(stderr, "  unexpected error: %s\n", err);
        tt_failed_now++;
        trc_close(t);
        *tp = NULL;
        return NULL;
    }
    *tp = t;
    return b;
}

/* A snippet must fail with `snip:LINE:` where LINE is the line of marker, and the message
 * must contain word. */
static void expect_bad_at(const char *txt, size_t len, unsigned line, const char *word)
{
    char err[TRC_ERR_LEN] = "";
    counts c;
    int r = read_all(txt, len, &c, err);
    char pre[64];
    snprintf(pre, sizeof pre, "snip:%u: ", line);
    if (r != -1 || strncmp(err, pre, strlen(pre)) != 0 || !strstr(err, word) || strchr(err, '\n')) {
        fprintf(stderr, "  expected '%s...%s...', got r=%d '%s'\n", pre, word, r, err);
        tt_failed_now++;
    }
}

static void expect_bad(const char *txt, const char *marker, const char *word)
{
    expect_bad_at(txt, strlen(txt), line_of(txt, marker), word);
}

static int same_regs(const uint8_t *a, unsigned n, const uint8_t *want, unsigned nw)
{
    return n == nw && memcmp(a, want, n) == 0;
}

#define REGS(arr, n, ...)                                                                    \
    do {                                                                                     \
        static const uint8_t want_[] = {__VA_ARGS__};                                          \
        if (!same_regs(arr, n, want_, sizeof want_)) {                                        \
            fprintf(stderr, "  %s:%d: %s registers differ (n=%u)\n", __FILE__, __LINE__, #arr,  \
                    (unsigned)(n));                                                          \
            tt_failed_now++;                                                                 \
        }                                                                                    \
    } while (0)

static const char v3_snip[] = HDR("3", "0")
    "#BEGIN_TB\n\nthread block = 1,2,3\n\nwarp = 0\ninsts = 4\n"
    "0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0 \n"
    "0010 ffffffff 1 R6 IADD3 3 R4 R4 R4 0 \n"
    "00d0 6190a142 0 STG.E.U8 2 R4 R255 1 2 0x7fc841520001 5 2 5 2 5 3 1 5 1 \n"
    "0050 00000000 0 EXIT 0 0 \n"
    "\nwarp = 1\ninsts = 1\n"
    "0050 ffffffff 0 EXIT 0 0 \n"
    "#END_TB\n\n#BEGIN_TB\nthread block = 0,0,1\nwarp = 0\ninsts = 0\n#END_TB\n";

static void test_v3_no_prefix(void)
{
    trc_t *t;
    trc_block *b = first_block(v3_snip, &t);
    if (!b) return;
    const trc_kernel *k = trc_kernel_info(t);
    TT_EQ(k->tracer_version, 3);
    TT_EQ(k->lineinfo, 0);
    TT_EQ(b->id.x, 1);
    TT_EQ(b->id.y, 2);
    TT_EQ(b->id.z, 3);
    TT_EQ(b->index, 0);
    TT_EQ(b->nwarps, 2);
    TT_EQ(b->warp[0].n, 4);
    TT_EQ(b->warp[1].n, 1);
    const trc_inst *i0 = &b->warp[0].inst[0], *i1 = &b->warp[0].inst[1], *i2 = &b->warp[0].inst[2];
    TT_EQ(i0->pc, 0);
    TT_EQ(i0->mask, 0xffffffffu);
    TT_EQ(i0->line, line_of(v3_snip, "0000 ffffffff"));
    TT_CHECK(strcmp(trc_opcode_name(t, i0->op), "IMAD.MOV.U32") == 0);
    TT_EQ(i0->cls, TRC_CLS_INT);
    REGS(trc_dsts(i0), i0->ndst, 1);
    TT_EQ(i0->nsrc, 0);  /* both RZ dropped */
    REGS(trc_srcs(i1), i1->nsrc, 4, 4, 4);  /* repeated registers kept */
    REGS(trc_dsts(i1), i1->ndst, 6);
    TT_EQ(i2->pc, 0xd0);
    TT_EQ(i2->mask, 0x6190a142u);
    TT_EQ(i2->cls, TRC_CLS_LDST);
    REGS(trc_srcs(i2), i2->nsrc, 4, 5);  /* .E: 64-bit address pair; data RZ dropped */
    TT_EQ(i2->ndst, 0);
    TT_EQ(b->warp[0].inst[3].flags, TRC_F_EXIT);
    TT_EQ(b->warp[0].inst[3].cls, TRC_CLS_BRANCH);
    TT_CHECK(i0->op == b->warp[1].inst[0].op || i0->op != b->warp[0].inst[3].op);
    TT_EQ(b->warp[0].inst[3].op, b->warp[1].inst[0].op);  /* interned */
    trc_block_free(b);
    char err[TRC_ERR_LEN];
    TT_EQ(trc_next_block(t, &b, err), 1);
    if (b) {
        TT_EQ(b->index, 1);
        TT_EQ(b->nwarps, 1);
        TT_EQ(b->warp[0].n, 0);
        trc_block_free(b);
    }
    TT_EQ(trc_next_block(t, &b, err), 0);
    TT_EQ(trc_next_block(t, &b, err), 0);
    trc_close(t);
}

static void test_v2_prefix(void)
{
    static const char s[] = WARP0("2", "2")
        "0 0 0 0 0008 ffffffff 1 R1 MOV 0 0\n"
        "0 0 0 0 0010 0000ffff 1 R2 FFMA 3 R1 R1 R3 0\n#END_TB\n";
    trc_t *t;
    trc_block *b = first_block(s, &t);
    if (!b) return;
    const trc_inst *in = &b->warp[0].inst[1];
    TT_EQ(in->pc, 0x10);
    TT_EQ(in->mask, 0xffff);
    TT_EQ(in->cls, TRC_CLS_FP);
    REGS(trc_srcs(in), in->nsrc, 1, 1, 3);
    REGS(trc_dsts(in), in->ndst, 2);
    trc_block_free(b);
    trc_close(t);
    /* the same lines without the prefix are wrong for version 2 */
    static const char bad[] = HDR("2", "0")
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0008 ffffffff 1 R1 MOV 0 0\n#END_TB\n";
    expect_bad(bad, "0008 ffffffff", "tb_y");
}

static void test_v4_lineinfo(void)
{
    static const char s[] = HDR("4", "1")
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
        "12 0008 ffffffff 1 R1 MOV 0 0\n"
        "13 0208 ffffffff 1 R25 LDG.E 1 R8 4 1 0x7fb02d700000 4\n#END_TB\n";
    trc_t *t;
    trc_block *b = first_block(s, &t);
    if (!b) return;
    TT_EQ(trc_kernel_info(t)->lineinfo, 1);
    TT_EQ(b->warp[0].inst[0].pc, 8);
    TT_EQ(b->warp[0].inst[1].pc, 0x208);
    REGS(trc_srcs(&b->warp[0].inst[1]), b->warp[0].inst[1].nsrc, 8, 9);
    trc_block_free(b);
    trc_close(t);
    /* v4 has no immediate: a trailing number is an error */
    static const char bad[] = HDR("4", "0")
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0008 ffffffff 1 R1 MOV 0 0 5\n#END_TB\n";
    expect_bad(bad, "0008 ffffffff", "unexpected");
}

static void test_v5_immediates(void)
{
    static const char s[] = WARP0("5", "4")
        "0030 ffffffff 1 R1 VIADD 1 R1 0 -264 \n"
        "0050 00000000 0 BRA 0 0 528 \n"
        "0060 ffffffff 1 R2 MOV 0 0\n"
        "0340 ffffffff 1 R6 LDG.E 1 R6 4 1 0x7f6233c00200 0 0 \n#END_TB\n";
    counts c;
    char err[TRC_ERR_LEN];
    TT_EQ(read_all(s, strlen(s), &c, err), 0);
    TT_EQ(c.insts, 4);
    static const char bad[] = HDR("5", "0")
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0030 ffffffff 1 R1 VIADD 1 R1 0 -26x4\n#END_TB\n";
    expect_bad(bad, "0030 ffffffff", "immediate");
    /* later tracer-5 builds write two immediates; three are too many */
    static const char two[] = WARP0("5", "1") "0030 ffffffff 1 R1 VIADD 1 R1 0 1 2\n#END_TB\n";
    TT_EQ(read_all(two, strlen(two), &c, err), 0);
    static const char three[] = HDR("5", "0")
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0030 ffffffff 1 R1 VIADD 1 R1 0 1 2 3\n#END_TB\n";
    expect_bad(three, "0030 ffffffff", "unexpected");
}

/* Hopper's tracer 5: cluster lines after the thread block line, uniform registers (URn,
 * URZ: not in the vector register file, dropped as RZ); tracer 6: NoVal, or Val and a
 * group of register values per listed register (test_v6_values). */
static void test_v5_clusters_v6_values(void)
{
    static const char v5[] = HDR("5", "0")
        "#BEGIN_TB\nthread block = 0,0,0\ncluster id = 0,0,0\ncluster cta = 0,0,0\n"
        "cluster rank = 0\n\nwarp = 0\ninsts = 2\n"
        "0020 ffffffff 1 UR4 S2UR 0 0 0 0 \n"
        "0050 ffffffff 1 R10 IMAD 3 R10 UR4 R3 0 0 0 \n#END_TB\n";
    trc_t *t;
    trc_block *b = first_block(v5, &t);
    TT_CHECK(b != NULL);
    if (b) {
        TT_EQ(b->warp[0].n, 2);
        TT_EQ(b->warp[0].inst[0].ndst, 0);           /* UR4 dropped */
        TT_EQ(b->warp[0].inst[1].nsrc, 2);           /* R10, R3: UR4 dropped */
        TT_EQ(trc_srcs(&b->warp[0].inst[1])[1], 3);
        trc_block_free(b);
    }
    trc_close(t);
    static const char v6[] = WARP0("6", "3")
        "0000 ffffffff 1 R1 LDC 0 0 0 0 NoVal \n"
        "0050 ffffffff 1 R10 IMAD 3 R10 URZ R3 0 0 0 NoVal \n"
        "0060 00000013 1 R2 IADD3 2 R10 R3 0 0 0 Val 3 0x10 11 fffffff 3 1 2 3 3 4 5 6 \n#END_TB\n";
    counts c;
    char err[TRC_ERR_LEN];
    TT_EQ(read_all(v6, strlen(v6), &c, err), 0);
    TT_EQ(c.insts, 3);
    static const char nov[] = HDR("6", "0")
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0000 ffffffff 1 R1 LDC 0 0 0 0\n#END_TB\n";
    expect_bad(nov, "0000 ffffffff", "NoVal");
}

/* The line of a one-warp tracer-6 snippet of one instruction line `line`. */
#define V6LINE(line) WARP0("6", "1") line "\n#END_TB\n"

/* Tracer 6 register values: a group per listed register (destinations, then sources; RZ
 * and uniform ones included) of popcount(mask) or 32 hex values; kept as rows only with
 * trc_keep_values, the i-th value in the i-th active lane; bad groups are one-line errors. */
static void test_v6_values(void)
{
    static const char s[] = WARP0("6", "3")
        "0060 00000013 1 R2 IADD3 2 R10 R3 0 0 0 Val 3 0x10 11 fffffff 3 1 2 3 3 4 5 6 \n"
        "0070 80000001 1 R4 LDC.64 1 R255 0 0 0 Val 32 1 2 3 4 5 6 7 8 9 a b c d e f 10 11 12 "
        "13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f 0x20 2 7 8\n"
        "0080 ffffffff 1 R4 MOV 1 UR5 0 0 0 NoVal\n#END_TB\n";
    char err[TRC_ERR_LEN];
    for (int keep = 0; keep < 2; keep++) {
        trc_t *t = trc_open_mem(s, strlen(s), "snip", err);
        trc_block *b = NULL;
        TT_CHECK(t != NULL);
        if (!t) return;
        if (keep) trc_keep_values(t);
        TT_EQ(trc_next_block(t, &b, err), 1);
        if (!b) {
            trc_close(t);
            return;
        }
        const trc_warp *w = &b->warp[0];
        const trc_inst *in = w->inst;
        if (!keep) {
            TT_EQ(in[0].vdst | in[0].vsrc | in[1].vdst | in[1].vsrc, 0);
            TT_CHECK(trc_val_rows(w, &in[0]) == NULL);
        } else {
            TT_EQ(w->nval, 4);                    /* R2; R10, R3; R4 (RZ's group dropped) */
            TT_EQ(in[0].vdst, 1);
            TT_EQ(in[0].vsrc, 3);
            const uint32_t *r = trc_val_rows(w, &in[0]);
            TT_CHECK(r != NULL);
            if (r) {                              /* lanes 0, 1, 4 */
                TT_EQ(r[0], 0x13);
                TT_EQ(r[1], 0x10);
                TT_EQ(r[2], 0x11);
                TT_EQ(r[3], 0);
                TT_EQ(r[5], 0xfffffff);
                TT_EQ(r[TRC_VAL_ROW + 5], 3);     /* R10, lane 4 */
                TT_EQ(r[2 * TRC_VAL_ROW + 1], 4); /* R3, lane 0 */
            }
            TT_EQ(in[1].vdst, 1);                 /* R4 of the pair R4, R5 */
            TT_EQ(in[1].vsrc, 0);
            r = trc_val_rows(w, &in[1]);
            TT_CHECK(r != NULL);
            if (r) {                              /* 32 values: lanes 0 and 31 only */
                TT_EQ(r[0], 0x80000001u);
                TT_EQ(r[1], 1);
                TT_EQ(r[2], 0);
                TT_EQ(r[32], 0x20);
            }
            TT_EQ(in[2].vdst | in[2].vsrc, 0);
            TT_CHECK(trc_val_rows(w, &in[2]) == NULL);
        }
        trc_block_free(b);
        trc_close(t);
    }
    /* wrong count, a value that is not hex, a line cut short, one value too many */
    static const char cnt[] = V6LINE("0060 00000013 1 R2 IADD3 2 R10 R3 0 0 0 Val 3 1 2 3 2 1 2 3 4 5 6");
    expect_bad(cnt, "0060", "value count for source 1 (R10) '2' (expected 3, one value per");
    static const char hex[] = V6LINE("0060 00000013 1 R2 IADD3 2 R10 R3 0 0 0 Val 3 1 2 3 3 1 zz 3 3 4 5 6");
    expect_bad(hex, "0060", "value 2 of 3 for source 1 (R10) 'zz' (expected a 32-bit hex");
    static const char big[] = V6LINE("0060 00000013 1 R2 IADD3 2 R10 R3 0 0 0 Val 3 1 2 123456789 3 1 2 3 3 4 5 6");
    expect_bad(big, "0060", "value 3 of 3 for destination 1 (R2)");
    static const char cut[] = V6LINE("0060 00000013 1 R2 IADD3 2 R10 R3 0 0 0 Val 3 1 2 3 3 1 2 3");
    expect_bad(cut, "0060", "value count for source 2 (R3) end of line");
    static const char cut2[] = V6LINE("0060 00000013 1 R2 IADD3 2 R10 R3 0 0 0 Val 3 1 2");
    expect_bad(cut2, "0060", "value 3 of 3 for destination 1 (R2) end of line");
    static const char more[] = V6LINE("0060 00000013 1 R2 IADD3 2 R10 R3 0 0 0 Val 3 1 2 3 3 1 2 3 3 4 5 6 7");
    expect_bad(more, "0060", "unexpected '7'");
    static const char rz[] = V6LINE("0070 00000001 0 STG.E 2 R255 UR4 0 0 0 Val 1 1");
    expect_bad(rz, "0070", "value count for source 2 end of line");
}

/* Lines repeating a PC (the parser remembers the operand text of each PC): every line is
 * decoded from its own text, whatever the line before at that PC said. */
static void test_same_pc(void)
{
    static const char s[] = WARP0("3", "10")
        "0010 ffffffff 1 R1 IADD3 2 R2 R3 0 \n"
        "0010 0000ffff 1 R1 IADD3 2 R2 R3 0 \n"     /* same operand text, other mask */
        "0010 ffffffff 1 R1 IADD3 2 R2 R4 0 \n"     /* one register differs */
        "0010 ffffffff 1 R1 IADD3 2 R2 R4  0\n"     /* the same, then one more space */
        "0010 ffffffff 1 R1 IADD3 2 R2 R4\t0\n"     /* a tab for the space */
        "0010 ffffffff 1 R8 LDG.E.64 1 R2 8 1 0x7f00 8 \n"  /* another opcode at the PC */
        "0010 ffffffff 1 R8 LDG.E.64 1 R2 4 1 0x7f00 8 \n"  /* the same, another memory part */
        "0020 ffffffff 1 R1 ABCDEFGHIJKLMNOPQRSTUVWXYZ.ABCDEFGHIJKLMNOPQRSTUVWXYZ.ABCDEFGH "
        "8 R10 R11 R12 R13 R14 R15 R16 R17 0\n"  /* operand text too long to remember */
        "0020 ffffffff 1 R1 ABCDEFGHIJKLMNOPQRSTUVWXYZ.ABCDEFGHIJKLMNOPQRSTUVWXYZ.ABCDEFGH "
        "8 R10 R11 R12 R13 R14 R15 R16 R18 0\n"
        "0020 ffffffff 0 EXIT 0 0\n#END_TB\n";
    trc_t *t;
    trc_block *b = first_block(s, &t);
    if (!b) return;
    const trc_inst *in = b->warp[0].inst;
    TT_EQ(b->warp[0].n, 10);
    for (unsigned i = 0; i < 5; i++) {
        TT_EQ(in[i].pc, 0x10);
        TT_EQ(in[i].mask, i == 1 ? 0xffffu : 0xffffffffu);
        TT_CHECK(strcmp(trc_opcode_name(t, in[i].op), "IADD3") == 0);
        REGS(trc_dsts(&in[i]), in[i].ndst, 1);
    }
    REGS(trc_srcs(&in[0]), in[0].nsrc, 2, 3);
    REGS(trc_srcs(&in[1]), in[1].nsrc, 2, 3);
    for (unsigned i = 2; i < 5; i++) REGS(trc_srcs(&in[i]), in[i].nsrc, 2, 4);
    for (unsigned i = 5; i < 7; i++) {
        TT_CHECK(strcmp(trc_opcode_name(t, in[i].op), "LDG.E.64") == 0);
        TT_EQ(in[i].cls, TRC_CLS_LDST);
        REGS(trc_dsts(&in[i]), in[i].ndst, 8, 9);  /* .64: a register pair */
        REGS(trc_srcs(&in[i]), in[i].nsrc, 2, 3);  /* .E: a 64-bit address pair */
    }
    REGS(trc_srcs(&in[7]), in[7].nsrc, 10, 11, 12, 13, 14, 15, 16, 17);
    REGS(trc_srcs(&in[8]), in[8].nsrc, 10, 11, 12, 13, 14, 15, 16, 18);
    TT_EQ(in[9].ndst, 0);
    TT_EQ(in[9].nsrc, 0);
    TT_EQ(in[9].flags, TRC_F_EXIT);
    for (unsigned i = 0; i < 10; i++) TT_EQ(in[i].line, line_of(s, "0010 ffffffff 1 R1 IADD3 2 R2 R3 0") + i);
    trc_block_free(b);
    trc_close(t);
    /* Bad lines after a good one at the same PC: the memo must not accept them. Each case:
     * the trace, the start of the line named in the message, a word of the message. */
    static const struct { const char *txt, *marker, *word; } bad[] = {
        /* the operand text of the line before, then the end of the line or a longer register */
        {WARP0("3", "2") "0010 ffffffff 1 R1 IADD3 2 R2 R3 0 \n0010 ffffffff 1 R1 IADD3 2 R2 R3 \n#END_TB\n",
         "0010 ffffffff 1 R1 IADD3 2 R2 R3 \n", "bad memory width end of line"},
        {WARP0("3", "2") "0010 ffffffff 1 R1 IADD3 2 R2 R3 0 \n0010 ffffffff 1 R1 IADD3 2 R2 R30 \n#END_TB\n",
         "0010 ffffffff 1 R1 IADD3 2 R2 R30", "bad memory width end of line"},
        {WARP0("3", "2") "0010 ffffffff 1 R8 LDG.E 1 R2 4 1 0x7f00 4 \n"
                         "0010 ffffffff 1 R8 LDG.E 1 R2 4 1 0x7g00 4 \n#END_TB\n",
         "0010 ffffffff 1 R8 LDG.E 1 R2 4 1 0x7g", "bad base address '0x7g00'"},
        /* a line without a memory part is remembered whole: more after it, or a memory part */
        {WARP0("3", "2") "0010 ffffffff 1 R1 IADD3 2 R2 R3 0 \n0010 ffffffff 1 R1 IADD3 2 R2 R3 0 5\n#END_TB\n",
         "0010 ffffffff 1 R1 IADD3 2 R2 R3 0 5", "unexpected '5' at the end"},
        {WARP0("5", "2") "0030 ffffffff 1 R1 VIADD 1 R1 0 -264 \n0030 ffffffff 1 R1 VIADD 1 R1 0 -26x4 \n#END_TB\n",
         "0030 ffffffff 1 R1 VIADD 1 R1 0 -26x4", "bad immediate '-26x4'"},
        {WARP0("3", "3") "0010 ffffffff 1 R8 LDG.E 1 R2 0 \n0010 ffffffff 1 R8 LDG.E 1 R2 4 1 0x10 4 \n"
                         "0010 ffffffff 1 R8 LDG.E 1 R2 4 \n#END_TB\n",
         "0010 ffffffff 1 R8 LDG.E 1 R2 4 \n", "bad address mode end of line"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_bad(bad[i].txt, bad[i].marker, bad[i].word);
}

#define ONE_INST(ver, line) HDR(ver, "0") "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n" line "\n#END_TB\n"

static int parses(const char *s)
{
    counts c;
    char err[TRC_ERR_LEN];
    int r = read_all(s, strlen(s), &c, err);
    if (r) fprintf(stderr, "  unexpected error: %s\n", err);
    return r == 0 && c.insts == 1;
}

/* The PC and mask scanners on every digit count, both cases, the characters around the hex
 * ranges in ASCII, a non-ASCII byte, 0x, leading zeros, and a mask that ends the line. */
static void test_hex_fields(void)
{
    static const struct {
        const char *tok;
        long long want;  /* -1: rejected */
    } cases[] = {
        {"0", 0}, {"A", 0xa}, {"12", 0x12}, {"abc", 0xabc}, {"1234", 0x1234}, {"9fA0e", 0x9fa0e},
        {"123456", 0x123456}, {"BCDEF01", 0xbcdef01}, {"fffffffe", 0xfffffffe},
        {"FfFfFfFf", 0xffffffff}, {"0000ffFF", 0xffff}, {"00000000f", 0xf},
        {"0x12345678", 0x12345678}, {"0X0", 0}, {"123456789", -1}, {"12345678g", -1},
        {"1234:678", -1}, {"1234567/", -1}, {"@", -1}, {"`", -1}, {"G", -1}, {"g0", -1},
        {"12\xc1", -1}, {"0x", -1},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (unsigned field = 0; field < 2; field++) {
            if (field == 0 && !isxdigit((unsigned char)cases[i].tok[0])) continue; /* not an instruction line */
            char body[160];
            snprintf(body, sizeof body, field ? "0010 %s 1 R1 MOV 0 0" : "%s ffffffff 1 R1 MOV 0 0",
                     cases[i].tok);
            char txt[1024];
            snprintf(txt, sizeof txt, "%s#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n%s\n#END_TB\n",
                     HDR("3", "0"), body);
            if (cases[i].want < 0) {
                expect_bad(txt, body, field ? "bad active mask" : "bad PC");
                continue;
            }
            trc_t *t;
            trc_block *b = first_block(txt, &t);
            if (!b) continue;
            const trc_inst *in = &b->warp[0].inst[0];
            TT_EQ(field ? in->mask : in->pc, cases[i].want);
            TT_EQ(field ? in->pc : in->mask, field ? 0x10 : 0xffffffffu);
            trc_block_free(b);
            trc_close(t);
        }
    /* eight bytes or fewer left on the line */
    expect_bad(ONE_INST("3", "0000 ffffffff"), "0000 ", "bad destination count end of line");
    expect_bad(ONE_INST("3", "0000 fffffff"), "0000 ", "bad destination count end of line");
    expect_bad(ONE_INST("3", "0000 fffffffg"), "0000 ", "bad active mask 'fffffffg'");
    expect_bad(ONE_INST("3", "00000001"), "0000", "bad active mask end of line");
}

/* Masks repeated from the line before (the parser remembers the last 8-character mask). */
static void test_mask_repeats(void)
{
    static const char s[] = WARP0("3", "9")
        "0010 0000ffff 0 NOP 0 0\n0020 0000ffff 0 NOP 0 0\n0030 0x00ffff 0 NOP 0 0\n"
        "0040 0x00ffff 0 NOP 0 0\n0050 0000FFFF 0 NOP 0 0\n0060 ffffffff 0 NOP 0 0\n"
        "0070 ffff 0 NOP 0 0\n0080 ffffffff 0 NOP 0 0\n0090 0000ffff\t0 NOP 0 0\n#END_TB\n";
    static const uint32_t want[9] = {0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffffffffu, 0xffff,
                                     0xffffffffu, 0xffff};
    trc_t *t;
    trc_block *b = first_block(s, &t);
    if (!b) return;
    TT_EQ(b->warp[0].n, 9);
    for (unsigned i = 0; i < 9 && i < b->warp[0].n; i++) {
        TT_EQ(b->warp[0].inst[i].mask, want[i]);
        TT_EQ(b->warp[0].inst[i].pc, 0x10 * (i + 1));
    }
    trc_block_free(b);
    trc_close(t);
    static const char longer[] = WARP0("3", "2")
        "0010 ffffffff 0 NOP 0 0\n0020 ffffffffx 0 NOP 0 0\n#END_TB\n";
    expect_bad(longer, "0020", "bad active mask 'ffffffffx'");
    static const char last[] = WARP0("3", "2")
        "0010 ffffffff 0 NOP 0 0\n0020 ffffffff\n#END_TB\n";
    expect_bad(last, "0020", "bad destination count end of line");
}

static void test_address_modes(void)
{
    /* mask 0x0000000b: 3 active threads */
    TT_CHECK(parses(ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 0 0x10 0x14 0x7f0000000018")));
    TT_CHECK(parses(ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 1 0x10 4")));
    TT_CHECK(parses(ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 1 0x10 -4")));
    TT_CHECK(parses(ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 2 0x10 4 -8")));
    TT_CHECK(parses(ONE_INST("5", "0100 0000000b 1 R2 LDG.E 1 R4 4 2 0x10 4 -8 0")));
    TT_CHECK(parses(ONE_INST("5", "0100 0000000b 1 R2 LDG.E 1 R4 4 1 0x10 4 0")));
    TT_CHECK(parses(ONE_INST("5", "0100 00000000 1 R2 LDG.E 1 R4 4 0 0")));
    /* 16 significant digits; leading zeros beyond 16 digits; upper case; no 0x */
    TT_CHECK(parses(ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 0 0xFEDCBA9876543210 0x000000000000000000001f 7f")));
    TT_CHECK(parses(ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 2 000000000000000000007F0000000000 4 -8")));
    const char *bad[][2] = {
        {ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 0 0x10 0x14"), "address"},
        {ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 0 0x10 0x14 0x18 0x1c"), "unexpected"},
        {ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 2 0x10 4"), "delta"},
        {ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 2 0x10 4 8 12"), "unexpected"},
        {ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 1 0x10"), "stride"},
        {ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 3 0x10 4"), "address mode"},
        {ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 1 0xzz 4"), "base address"},
        {ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 1 0x12345678901234567 4"), "base address"},
        {ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 0 0x10 0x1123456789abcdef0 0x18"), "bad address '0x1123"},
        {ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4 0 0x10 0x0123456789abcdeg 0x18"), "bad address '0x0123"},
        {ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 x4 1 0x10 4"), "memory width"},
        {ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 99999 1 0x10 4"), "memory width"},
        {ONE_INST("3", "0100 0000000b 1 R2 LDG.E 1 R4 4"), "address mode"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) expect_bad(bad[i][0], "0100 ", bad[i][1]);
}

static void test_widths(void)
{
    static const char s[] = WARP0("3", "12")
        "0000 ffffffff 1 R4 LDG.E.64 1 R2 8 1 0x10 8\n"            /* 0: dst pair, addr pair */
        "0010 ffffffff 0 STG.E.128.SYS 2 R8 R12 16 1 0x10 16\n"    /* 1: data quad */
        "0020 ffffffff 1 R2 IMAD.WIDE 3 R3 R5 R6 0\n"              /* 2: dst pair, addend pair */
        "0030 ffffffff 1 R2 IMAD.WIDE.U32 2 R3 R5 0\n"             /* 3: 2 listed: widths 1 */
        "0040 ffffffff 1 R10 DFMA 3 R2 R4 R6 0\n"                  /* 4: all pairs */
        "0050 ffffffff 1 R4 HMMA.16816.F32 3 R8 R12 R16 0\n"      /* 5: D4 A4 B2 C4 */
        "0060 ffffffff 1 R4 HMMA.1688.F16 3 R8 R12 R255 0\n"      /* 6: D2 A2 B1, C RZ */
        "0070 ffffffff 0 STL.64 2 R1 R4 8 1 0xfffbd0 0\n"         /* 7: local addr 1, data 2 */
        "0080 ffffffff 1 R4 LDS.U.128 1 R2 16 1 0x0 16\n"        /* 8: dst quad, addr 1 */
        "0090 ffffffff 1 R4 FOO.BAR.64 2 R1 R2 0\n"              /* 9: unknown: INT, 1 */
        "00a0 ffffffff 1 R6 F2F.F64.F32 1 R3 0\n"                 /* 10: dst pair, src 1 */
        "00b0 ffffffff 1 R4 LDC.64 0 0\n"                         /* 11: constant pair */
        "#END_TB\n";
    trc_t *t;
    trc_block *b = first_block(s, &t);
    if (!b) return;
    const trc_inst *in = b->warp[0].inst;
    REGS(trc_dsts(&in[0]), in[0].ndst, 4, 5);
    REGS(trc_srcs(&in[0]), in[0].nsrc, 2, 3);
    REGS(trc_srcs(&in[1]), in[1].nsrc, 8, 9, 12, 13, 14, 15);
    REGS(trc_dsts(&in[2]), in[2].ndst, 2, 3);
    REGS(trc_srcs(&in[2]), in[2].nsrc, 3, 5, 6, 7);
    REGS(trc_srcs(&in[3]), in[3].nsrc, 3, 5);
    REGS(trc_dsts(&in[4]), in[4].ndst, 10, 11);
    REGS(trc_srcs(&in[4]), in[4].nsrc, 2, 3, 4, 5, 6, 7);
    TT_EQ(in[4].cls, TRC_CLS_DP);
    REGS(trc_dsts(&in[5]), in[5].ndst, 4, 5, 6, 7);
    REGS(trc_srcs(&in[5]), in[5].nsrc, 8, 9, 10, 11, 12, 13, 16, 17, 18, 19);
    TT_EQ(in[5].cls, TRC_CLS_TENSOR);
    REGS(trc_dsts(&in[6]), in[6].ndst, 4, 5);
    REGS(trc_srcs(&in[6]), in[6].nsrc, 8, 9, 12);
    REGS(trc_srcs(&in[7]), in[7].nsrc, 1, 4, 5);
    REGS(trc_dsts(&in[8]), in[8].ndst, 4, 5, 6, 7);
    REGS(trc_srcs(&in[8]), in[8].nsrc, 2);
    TT_EQ(in[8].cls, TRC_CLS_SHMEM);
    REGS(trc_srcs(&in[9]), in[9].nsrc, 1, 2);
    REGS(trc_dsts(&in[9]), in[9].ndst, 4);
    TT_EQ(in[9].cls, TRC_CLS_INT);
    REGS(trc_dsts(&in[10]), in[10].ndst, 6, 7);
    REGS(trc_srcs(&in[10]), in[10].nsrc, 3);
    TT_EQ(in[10].cls, TRC_CLS_SFU);
    REGS(trc_dsts(&in[11]), in[11].ndst, 4, 5);
    trc_block_free(b);
    trc_close(t);
    /* expansion past R254 */
    expect_bad(ONE_INST("3", "0100 ffffffff 1 R254 LDG.E.64 1 R2 8 1 0x10 8"), "0100 ", "R254");
    expect_bad(ONE_INST("3", "0100 ffffffff 1 R2 LDG.E 1 R254 4 1 0x10 8"), "0100 ", "R254");
    TT_CHECK(parses(ONE_INST("3", "0100 ffffffff 1 R253 LDG.E.64 1 R252 8 1 0x10 8")));
}

/* The barrier fields of the lines: BAR.SYNC/BAR.RED id and thread count (0: the whole
 * block, a count rounded up to warps), BAR.ARV arriving (driver/tsrc.c applies them). */
static void test_bar_fields(void)
{
    static const char *txt =
        "-kernel name = k\n-block dim = (128,1,1)\n-accelsim tracer version = 5\n\n"
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 5\n"
        "0000 ffffffff 0 BAR.SYNC.DEFER_BLOCKING 0 0 0 0\n"
        "0010 ffffffff 0 BAR.SYNC 0 0 1 256\n"
        "0020 ffffffff 0 BAR.ARV 0 0 0x2 0x40\n"
        "0030 ffffffff 0 BAR.RED.POPC 0 0 3 33\n"
        "0040 ffffffff 0 EXIT 0 0 0 0\n#END_TB\n";
    trc_t *t;
    trc_block *b = first_block(txt, &t);
    if (b) {
        const trc_inst *in = b->warp[0].inst;
        TT_EQ(in[0].flags & TRC_F_BARRIER, TRC_F_BARRIER);
        TT_EQ(TRC_BAR_ID(in[0].bar), 0);
        TT_EQ(TRC_BAR_WARPS(in[0].bar), 0); /* the whole block */
        TT_EQ(TRC_BAR_ID(in[1].bar), 1);
        TT_EQ(TRC_BAR_WARPS(in[1].bar), 8);
        TT_EQ(in[1].bar & TRC_BAR_ARV, 0);
        TT_EQ(in[2].flags & TRC_F_BARRIER, TRC_F_BARRIER);
        TT_EQ(in[2].bar & TRC_BAR_ARV, TRC_BAR_ARV);
        TT_EQ(TRC_BAR_ID(in[2].bar), 2);
        TT_EQ(TRC_BAR_WARPS(in[2].bar), 2);
        TT_EQ(TRC_BAR_WARPS(in[3].bar), 2); /* 33 threads: 2 warps */
        trc_block_free(b);
    }
    trc_close(t);
}

/* Register lists longer than an instruction holds inline (trc_inst.reg, TRC_INLINE_REGS):
 * the boundary, the longest lists, values, the limit's message, and two warps of many long
 * lines (the second from the parser's memo, the pool over several chunks), read back from
 * the instructions and from copies of them. */
static void test_long_lists(void)
{
    static const char s[] = WARP0("6", "5")
        "0000 ffffffff 8 R0 R1 R2 R3 R4 R5 R6 R7 IADD3 8 R8 R9 R10 R11 R12 R13 R14 R15 0 0 0 NoVal\n"
        "0010 ffffffff 8 R0 R2 R4 R6 R8 R10 R12 R14 F2F.F64.F32 1 R3 0 0 0 NoVal\n"
        "0020 ffffffff 4 R0 R8 R16 R24 LDG.E.256 1 R40 32 1 0x100 32 0 0 NoVal\n"
        "0030 00000001 2 R8 R10 DFMA 8 R0 R2 R4 R6 R8 R10 R12 R14 0 0 0 Val 1 30 1 31 1 32 1 33 1 34 "
        "1 35 1 36 1 37 1 38 1 39\n"
        "0040 ffffffff 1 R2 DFMA 7 R0 R2 R4 R6 R8 R10 R12 0 0 0 NoVal\n#END_TB\n";
    char err[TRC_ERR_LEN];
    trc_t *t = trc_open_mem(s, strlen(s), "snip", err);
    trc_block *b = NULL;
    TT_CHECK(t != NULL);
    if (!t) return;
    trc_keep_values(t);
    trc_keep_addresses(t);
    TT_EQ(trc_next_block(t, &b, err), 1);
    if (b) {
        const trc_warp *w = &b->warp[0];
        const trc_inst *in = w->inst;
        TT_CHECK(trc_regs_inline(&in[0]) && !trc_regs_inline(&in[1]) && !trc_regs_inline(&in[2]));
        TT_CHECK(!trc_regs_inline(&in[3]) && trc_regs_inline(&in[4]));
        TT_CHECK(w->xregs != NULL);
        REGS(trc_dsts(&in[0]), in[0].ndst, 0, 1, 2, 3, 4, 5, 6, 7);  /* 16: inline */
        REGS(trc_srcs(&in[0]), in[0].nsrc, 8, 9, 10, 11, 12, 13, 14, 15);
        REGS(trc_dsts(&in[1]), in[1].ndst, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        REGS(trc_srcs(&in[1]), in[1].nsrc, 3);                       /* 17 */
        REGS(trc_dsts(&in[2]), in[2].ndst, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
             17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31); /* 32 destinations */
        REGS(trc_srcs(&in[2]), in[2].nsrc, 40, 41);
        TT_EQ(in[2].top, 41);
        TT_EQ(in[2].naddr, 32);
        TT_EQ(w->addr[in[2].maddr + 31], 0x100 + 31 * 32);
        REGS(trc_dsts(&in[3]), in[3].ndst, 8, 9, 10, 11);
        REGS(trc_srcs(&in[3]), in[3].nsrc, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        TT_EQ(in[3].vdst, 0x5);                                      /* R8, R10 of the pairs */
        TT_EQ(in[3].vsrc, 0x5555);
        const uint32_t *r = trc_val_rows(w, &in[3]);
        TT_CHECK(r != NULL);
        if (r)
            for (unsigned k = 0; k < 10; k++) TT_EQ(r[k * TRC_VAL_ROW + 1], 0x30 + k);
        REGS(trc_dsts(&in[4]), in[4].ndst, 2, 3);                    /* 16: inline */
        REGS(trc_srcs(&in[4]), in[4].nsrc, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13);
        trc_inst copy = in[1];                                       /* a copy finds them */
        TT_CHECK(trc_dsts(&copy) == trc_dsts(&in[1]) && trc_srcs(&copy)[0] == 3);
        trc_block_free(b);
    }
    trc_close(t);
    expect_bad(ONE_INST("3", "0100 ffffffff 5 R0 R8 R16 R24 R32 LDG.E.256 1 R40 32 1 0x100 32"), "0100 ",
               "more than 32 destination registers after width expansion (expected fewer)");

    /* two warps of 300 lines, two of three long, each PC's registers its own */
    enum { N = 300 };
    size_t cap = 2u * N * 96 + 4096, len;
    char *buf = malloc(cap);
    TT_CHECK(buf != NULL);
    if (!buf) return;
    len = (size_t)snprintf(buf, cap, "%s", HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\n");
    for (unsigned wi = 0; wi < 2; wi++) {
        len += (size_t)snprintf(buf + len, cap - len, "warp = %u\ninsts = %u\n", wi, N);
        for (unsigned i = 0; i < N; i++) {
            unsigned a = (2 * i) % 220;
            if (i % 3 == 0)
                len += (size_t)snprintf(buf + len, cap - len, "%04x ffffffff 1 R%u IADD3 2 R%u R%u 0\n",
                                        16 * i, a, a + 1, a + 2);
            else
                len += (size_t)snprintf(buf + len, cap - len,
                                        "%04x ffffffff 1 R%u DFMA 8 R%u R%u R%u R%u R%u R%u R%u R%u 0\n",
                                        16 * i, a + 20, a, a + 2, a + 4, a + 6, a + 8, a + 10, a + 12, a + 14);
        }
    }
    snprintf(buf + len, cap - len, "#END_TB\n");
    b = first_block(buf, &t);
    if (b) {
        TT_EQ(b->nwarps, 2);
        unsigned bad = 0;
        for (unsigned wi = 0; wi < b->nwarps; wi++)
            for (unsigned i = 0; i < b->warp[wi].n; i++) {
                trc_inst c = b->warp[wi].inst[i];
                unsigned a = (2 * i) % 220;
                int wide = i % 3 != 0;
                const uint8_t *d = trc_dsts(&c), *sr = trc_srcs(&c);
                bad += c.ndst != (wide ? 2 : 1) || c.nsrc != (wide ? 16 : 2) || trc_regs_inline(&c) == wide;
                bad += d[0] != (wide ? a + 20 : a) || sr[0] != (wide ? a : a + 1);
                bad += sr[c.nsrc - 1] != (wide ? a + 15 : a + 2);
                if (wi == 1 && wide) bad += d == trc_dsts(&b->warp[0].inst[i]); /* its own pool */
            }
        TT_EQ(bad, 0);
        trc_block_free(b);
        trc_close(t);
    }
    free(buf);
}

static void test_isa_table(void)
{
    isa_info i;
    isa_decode("BAR.SYNC", &i);
    TT_EQ(i.flags, TRC_F_BARRIER);
    TT_EQ(i.cls, TRC_CLS_BRANCH);
    isa_decode("BAR.SYNC.DEFER_BLOCKING", &i);
    TT_EQ(i.flags, TRC_F_BARRIER);
    isa_decode("BAR.RED.POPC", &i);
    TT_EQ(i.flags, TRC_F_BARRIER);
    isa_decode("BAR.ARV", &i); /* arrives, does not wait: test_bar.c */
    TT_EQ(i.flags, TRC_F_BARRIER);
    TT_EQ(i.bar_arv, 1);
    isa_decode("BAR.SCAN", &i); /* no other BAR form waits */
    TT_EQ(i.flags, 0);
    isa_decode("EXIT", &i);
    TT_EQ(i.flags, TRC_F_EXIT);
    isa_decode("MUFU.RCP", &i);
    TT_EQ(i.cls, TRC_CLS_SFU);
    TT_EQ(i.dst_w, 1);
    isa_decode("HFMA2.MMA", &i);
    TT_EQ(i.cls, TRC_CLS_FP);
    isa_decode("DSETP.GT.AND", &i);
    TT_EQ(i.dst_w, 1);
    TT_EQ(i.src_w[0], 2);
    isa_decode("IMMA.16832.S8.S8", &i);
    TT_EQ(i.dst_w, 4);
    TT_EQ(i.src_w[0], 4);
    TT_EQ(i.src_w[1], 2);
    TT_EQ(i.src_w[2], 4);
    isa_decode("HMMA.16816.F16", &i);
    TT_EQ(i.dst_w, 2);
    TT_EQ(i.src_w[0], 4);
    TT_EQ(i.src_w[1], 2);
    isa_decode("HMMA.1688.F32", &i);
    TT_EQ(i.dst_w, 4);
    TT_EQ(i.src_w[0], 2);
    TT_EQ(i.src_w[1], 1);
    TT_EQ(i.src_w[2], 4);
    isa_decode("DMMA.884", &i);
    TT_EQ(i.dst_w, 4);
    TT_EQ(i.src_w[0], 2);
    isa_decode("ATOMG.E.CAS.64.STRONG.GPU", &i);
    TT_EQ(i.dst_w, 2);
    TT_EQ(i.src_w[0], 2);
    TT_EQ(i.src_w[1], 2);
    TT_EQ(i.src_w[2], 2);
    isa_decode("ATOMS.ADD", &i);
    TT_EQ(i.cls, TRC_CLS_SHMEM);
    TT_EQ(i.src_w[0], 1);
    isa_decode("LDSM.16.M88.4", &i);
    TT_EQ(i.dst_w, 4);
    isa_decode("LDGSTS.E.BYPASS.128", &i);
    TT_EQ(i.src_w[0], 1);
    TT_EQ(i.src_w[1], 2);
    isa_decode("I2F.S64", &i);  /* integer source pair, float destination */
    TT_EQ(i.dst_w, 1);
    TT_EQ(i.src_w[0], 2);
    isa_decode("I2F.F64", &i);
    TT_EQ(i.dst_w, 2);
    TT_EQ(i.src_w[0], 1);
    isa_decode("F2I.F64.TRUNC", &i);
    TT_EQ(i.dst_w, 1);
    TT_EQ(i.src_w[0], 2);
    isa_decode("F2I.S64.F64", &i);
    TT_EQ(i.dst_w, 2);
    TT_EQ(i.src_w[0], 2);
    isa_decode("F2I.FTZ.U32.TRUNC.NTZ", &i);
    TT_EQ(i.dst_w, 1);
    TT_EQ(i.src_w[0], 1);
    isa_decode("F2F.F32.F64", &i);
    TT_EQ(i.dst_w, 1);
    TT_EQ(i.src_w[0], 2);
    isa_decode("FRND.F64.TRUNC", &i);
    TT_EQ(i.dst_w, 2);
    TT_EQ(i.src_w[0], 2);
    isa_decode("", &i);
    TT_EQ(i.cls, TRC_CLS_INT);
    isa_decode("...", &i);
    TT_EQ(i.cls, TRC_CLS_INT);
    isa_decode("HMMA.99999999999999999999", &i);
    TT_CHECK(i.dst_w >= 1 && i.dst_w <= 8);
    for (unsigned c = 0; c < TRC_NCLS; c++) TT_CHECK(strcmp(trc_cls_name(c), "?") != 0);
    TT_CHECK(strcmp(trc_cls_name(TRC_NCLS), "?") == 0);
}

static void test_header_fields(void)
{
    trc_t *t;
    trc_block *b = first_block(v3_snip, &t);
    if (!b) return;
    const trc_kernel *k = trc_kernel_info(t);
    TT_CHECK(strcmp(k->name, "_Z4testPi") == 0);
    TT_EQ(k->kernel_id, 7);
    TT_EQ(k->grid.x, 2);
    TT_EQ(k->grid.y, 3);
    TT_EQ(k->grid.z, 4);
    TT_EQ(k->block.x, 64);
    TT_EQ(k->block.y, 1);
    TT_EQ(k->shmem, 256);
    TT_EQ(k->nregs, 40);
    TT_EQ(k->binary_version, 80);
    TT_CHECK(strcmp(k->compression, "none") == 0);
    TT_CHECK(strcmp(trc_opcode_name(t, 9999), "?") == 0);
    trc_block_free(b);
    trc_close(t);
    /* a header only: no blocks */
    static const char hdr_only[] = HDR("5", "0");
    counts c;
    char err[TRC_ERR_LEN];
    TT_EQ(read_all(hdr_only, strlen(hdr_only), &c, err), 0);
    TT_EQ(c.blocks, 0);
    /* a long kernel name is cut to fit */
    char big[2048];
    memset(big, 'x', sizeof big);
    memcpy(big, "-kernel name = ", 15);
    big[sizeof big - 1] = '\n';
    trc_t *t2 = trc_open_mem(big, sizeof big, "snip", err);
    TT_CHECK(t2 != NULL);
    if (t2) TT_EQ(strlen(trc_kernel_info(t2)->name), 511);
    trc_close(t2);
}

/* xz / gzip images of a text. */
static uint8_t *xz_of(const char *s, size_t n, size_t *out)
{
    size_t cap = n + n / 2 + 1024, pos = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) return NULL;
    if (lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, (const uint8_t *)s, n, buf, &pos, cap) != LZMA_OK) {
        free(buf);
        return NULL;
    }
    *out = pos;
    return buf;
}

static uint8_t *gz_of(const char *s, size_t n, size_t *out)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return NULL;
    size_t cap = deflateBound(&z, n) + 64;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        deflateEnd(&z);
        return NULL;
    }
    z.next_in = (Bytef *)(uintptr_t)s;
    z.avail_in = (uInt)n;
    z.next_out = buf;
    z.avail_out = (uInt)cap;
    int r = deflate(&z, Z_FINISH);
    *out = cap - z.avail_out;
    deflateEnd(&z);
    if (r != Z_STREAM_END) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Two readers give the same blocks, instruction by instruction. */
static int same_stream(const void *a, size_t na, const void *b, size_t nb, unsigned long long *n)
{
    char err[TRC_ERR_LEN];
    trc_t *ta = trc_open_mem(a, na, "a", err), *tb = trc_open_mem(b, nb, "b", err);
    int ok = ta && tb, ra = 0, rb = 0;
    *n = 0;
    while (ok) {
        trc_block *ba, *bb;
        ra = trc_next_block(ta, &ba, err);
        rb = trc_next_block(tb, &bb, err);
        if (ra != rb) ok = 0;
        if (ra == 1 && rb == 1) {
            ok = ba->nwarps == bb->nwarps && ba->index == bb->index;
            for (unsigned w = 0; ok && w < ba->nwarps; w++) {
                ok = ba->warp[w].n == bb->warp[w].n;
                for (uint32_t i = 0; ok && i < ba->warp[w].n; i++) {
                    const trc_inst *x = &ba->warp[w].inst[i], *y = &bb->warp[w].inst[i];
                    ok = x->pc == y->pc && x->mask == y->mask && x->line == y->line &&
                         x->ndst == y->ndst && x->nsrc == y->nsrc &&
                         memcmp(trc_dsts(x), trc_dsts(y), x->ndst) == 0 &&
                         memcmp(trc_srcs(x), trc_srcs(y), x->nsrc) == 0 &&
                         strcmp(trc_opcode_name(ta, x->op), trc_opcode_name(tb, y->op)) == 0;
                    (*n)++;
                }
            }
        }
        if (ra == 1) trc_block_free(ba);
        if (rb == 1) trc_block_free(bb);
        if (ra != 1 || rb != 1) break;
    }
    if (ok && ta && tb)
        ok = strcmp(trc_kernel_info(ta)->name, trc_kernel_info(tb)->name) == 0 && ra == 0;
    trc_close(ta);
    trc_close(tb);
    return ok;
}

static void check_compressed(const char *s, size_t n, const char *label)
{
    size_t nx = 0, ng = 0;
    uint8_t *x = xz_of(s, n, &nx), *g = gz_of(s, n, &ng);
    TT_CHECK(x && g);
    if (!x || !g) {
        free(x);
        free(g);
        return;
    }
    unsigned long long k = 0;
    TT_CHECK(same_stream(s, n, x, nx, &k));
    TT_CHECK(same_stream(s, n, g, ng, &k));
    char err[TRC_ERR_LEN];
    trc_t *t = trc_open_mem(x, nx, "x", err);
    TT_CHECK(t && strcmp(trc_kernel_info(t)->compression, "xz") == 0);
    trc_close(t);
    t = trc_open_mem(g, ng, "g", err);
    TT_CHECK(t && strcmp(trc_kernel_info(t)->compression, "gzip") == 0);
    trc_close(t);
    /* truncated and corrupt streams: one error line naming the stream kind */
    counts c;
    size_t cuts[3] = {nx / 2, nx - 1, nx > 40 ? 40 : nx / 3};
    for (unsigned i = 0; i < 3; i++) {
        int r = read_all(x, cuts[i], &c, err);
        TT_EQ(r, -1);
        TT_CHECK(strstr(err, "xz") != NULL);
    }
    size_t gcuts[3] = {ng / 2, ng - 1, ng > 40 ? 40 : ng / 3};
    for (unsigned i = 0; i < 3; i++) {
        int r = read_all(g, gcuts[i], &c, err);
        TT_EQ(r, -1);
        TT_CHECK(strstr(err, "gzip") != NULL);
    }
    x[nx / 2] ^= 0x55;
    TT_EQ(read_all(x, nx, &c, err), -1);
    TT_CHECK(strstr(err, "xz") != NULL);
    g[ng / 2] ^= 0x55;
    TT_EQ(read_all(g, ng, &c, err), -1);
    TT_CHECK(strstr(err, "gzip") != NULL || strstr(err, "snip:") != NULL);
    printf("  %s: xz %zu bytes, gzip %zu bytes, %llu instructions identical\n", label, nx, ng, k);
    free(x);
    free(g);
}

static void test_xz_gzip(void)
{
    check_compressed(v3_snip, strlen(v3_snip), "v3 snippet");
}

/* A NUL byte far into the data, around and past the first fill of the line buffer
 * (1 MiB and a little): reported at its own line, plain and gzip. */
static void test_nul_far(void)
{
    static const size_t at[] = {RD_MAX_LINE - 3, RD_MAX_LINE + 4093, RD_MAX_LINE + 4099, 3u << 19};
    size_t n = 0, cap = 2u << 20;
    char *s = malloc(cap);
    TT_CHECK(s != NULL);
    if (!s) return;
    n += (size_t)snprintf(s, cap, "%s", HDR("3", "0"));
    while (n + 64 < cap) n += (size_t)snprintf(s + n, cap - n, "# a comment line, %zu bytes in\n", n);
    for (unsigned i = 0; i < sizeof at / sizeof at[0]; i++) {
        size_t k = at[i] + (s[at[i]] == '\n');
        unsigned line = 1;
        for (size_t j = 0; j < k; j++) line += s[j] == '\n';
        char keep = s[k];
        s[k] = '\0';
        expect_bad_at(s, n, line, "NUL");
        size_t gn;
        uint8_t *gz = gz_of(s, n, &gn);
        TT_CHECK(gz != NULL);
        if (gz) expect_bad_at((const char *)gz, gn, line, "NUL");
        free(gz);
        s[k] = keep;
    }
    free(s);
}

static void test_bad_input(void)
{
    /* empty file / no header */
    expect_bad_at("", 0, 0, "empty");
    expect_bad_at("\n\n", 2, 2, "header");
    expect_bad("#BEGIN_TB\nthread block = 0,0,0\n#END_TB\n", "#BEGIN_TB", "header");
    expect_bad("garbage\n", "garbage", "header");
    expect_bad(HDR("3", "0") "-grid dim = (1,x,1)\n", "-grid dim = (1,x", "grid dim");
    expect_bad(HDR("3", "0") "-enable lineinfo = 2\n", "-enable lineinfo = 2", "lineinfo");
    expect_bad("-kernel name = k\n-accelsim tracer version = 9\n", "-accelsim", "version");
    expect_bad("-kernel name = k\n-no equals sign\n", "-no equals", "-key = value");
    /* truncated file: inside a block, inside a warp */
    static const char t1[] = HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
                                          "0000 ffffffff 1 R1 MOV 0 0\n";
    expect_bad(t1, "0000 ffffffff", "expected 2 instruction lines, read 1");
    static const char t2[] = HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
                                          "0000 ffffffff 1 R1 MOV 0 0\n";
    expect_bad(t2, "0000 ffffffff", "#END_TB");
    static const char t3[] = HDR("3", "0") "#BEGIN_TB\n";
    expect_bad(t3, "#BEGIN_TB", "thread block");
    /* fewer lines than insts = n, more lines */
    static const char f1[] = HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n"
                                          "0000 ffffffff 1 R1 MOV 0 0\nwarp = 1\ninsts = 0\n#END_TB\n";
    expect_bad(f1, "warp = 1", "expected insts = 3");
    static const char f2[] = HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
                                          "0000 ffffffff 1 R1 MOV 0 0\n0010 ffffffff 1 R1 MOV 0 0\n#END_TB\n";
    expect_bad(f2, "0010 ffffffff", "more instruction lines");
    static const char f3[] = HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
                                          "0000 ffffffff 1 R1 MOV 0 0\n#END_TB\n";
    expect_bad(f3, "#END_TB", "expected insts = 2");
    /* unknown / garbled lines */
    expect_bad(HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\nhello world\n#END_TB\n",
               "hello", "unknown line");
    expect_bad(HDR("3", "0") "#BEGIN_TB\nthread block = 0,0\n#END_TB\n", "thread block = 0,0", "thread block");
    expect_bad(HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\nwarp = x\n#END_TB\n", "warp = x", "warp");
    expect_bad(HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = -1\n#END_TB\n", "insts = -1",
               "insts");
    expect_bad(HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 99999999999\n#END_TB\n",
               "insts = 9", "insts");
    expect_bad(HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0000 ffffffff 1 R1 MOV 0 0\n#END_TB\n",
               "0000 ffffffff", "insts");
    expect_bad(HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\ninsts = 1\n#END_TB\n", "insts = 1", "warp");
    static const char bb[] = HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\n#BEGIN_TB\n";
    expect_bad_at(bb, strlen(bb), line_of(bb, "thread block") + 1, "#END_TB");
    expect_bad(HDR("3", "0") "#END_TB\n", "#END_TB", "#BEGIN_TB");
    expect_bad(HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\n#END_TB\nstray\n", "stray", "#BEGIN_TB");
    /* registers */
    expect_bad(ONE_INST("3", "0000 ffffffff 1 R256 MOV 0 0"), "0000 ", "register");
    expect_bad(ONE_INST("3", "0000 ffffffff 1 UR MOV 0 0"), "0000 ", "register"); /* URn: dropped */
    expect_bad(ONE_INST("3", "0000 ffffffff 1 UR4x MOV 0 0"), "0000 ", "register");
    expect_bad(ONE_INST("3", "0000 ffffffff 1 R MOV 0 0"), "0000 ", "register");
    expect_bad(ONE_INST("3", "0000 ffffffff 0 IADD3 1 P0 0"), "0000 ", "register");
    /* counts out of range or not matching */
    expect_bad(ONE_INST("3", "0000 ffffffff 9 R1 R2 R3 R4 R5 R6 R7 R8 R9 MOV 0 0"), "0000 ", "destination count");
    expect_bad(ONE_INST("3", "0000 ffffffff 1 R1 MOV 9 R1 R2 R3 R4 R5 R6 R7 R8 R9 0"), "0000 ", "source count");
    expect_bad(ONE_INST("3", "0000 ffffffff 2 R1 MOV 0 0"), "0000 ", "register");
    expect_bad(ONE_INST("3", "0000 ffffffff 0 R1 MOV 0 0"), "0000 ", "opcode");
    expect_bad(ONE_INST("3", "0000 ffffffff 1 R1 IADD3 1 R2 R3 0"), "0000 ", "memory width");
    expect_bad(ONE_INST("3", "0000 ffffffff 1 R1 IADD3 3 R2 R3 0"), "0000 ", "register");
    /* PC and mask */
    expect_bad(ONE_INST("3", "00g0 ffffffff 1 R1 MOV 0 0"), "00g0", "PC");
    expect_bad(ONE_INST("3", "123456789 ffffffff 1 R1 MOV 0 0"), "123456789", "PC");
    expect_bad(ONE_INST("3", "0000 fffffffff 1 R1 MOV 0 0"), "0000 ", "mask");
    expect_bad(ONE_INST("3", "0000 xyz 1 R1 MOV 0 0"), "0000 ", "mask");
    expect_bad(ONE_INST("3", "0000"), "0000", "mask");
    /* opcodes */
    expect_bad(ONE_INST("3", "0000 ffffffff 1 R1 M@V 0 0"), "0000 ", "opcode");
    expect_bad(ONE_INST("3", "0000 ffffffff 1 R1 0 0"), "0000 ", "opcode");
    /* warp ids repeated or out of order */
    static const char w1[] = HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 0\n"
                                          "warp = 0\ninsts = 0\n#END_TB\n";
    expect_bad(w1, "warp = 0\ninsts = 0\n#END", "repeated or out of order");
    static const char w2[] = HDR("3", "0") "#BEGIN_TB\nthread block = 0,0,0\nwarp = 1\ninsts = 0\n#END_TB\n";
    expect_bad(w2, "warp = 1", "expected warp = 0");
    /* more distinct opcodes than the table holds */
    size_t cap = 200000, n = 0;
    char *many = malloc(cap);
    TT_CHECK(many != NULL);
    if (many) {
        n += (size_t)snprintf(many, cap, "-kernel name = k\n-accelsim tracer version = 4\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 5000\n");
        for (unsigned i = 0; i < 4097; i++)
            n += (size_t)snprintf(many + n, cap - n, "0000 ffffffff 0 OP%u 0 0\n", i);
        expect_bad_at(many, n, 6 + 4097, "too many distinct opcodes");
        free(many);
    }
    /* NUL byte, overlong line */
    static const char nul[] = HDR("3", "0") "#BEGIN_TB\nthread\0block = 0,0,0\n#END_TB\n";
    expect_bad_at(nul, sizeof nul - 1, line_of(nul, "#BEGIN_TB") + 1, "NUL");
    size_t nbig = (2u << 20) + 100;
    char *big = malloc(nbig);
    TT_CHECK(big != NULL);
    if (big) {
        memset(big, 'a', nbig);
        memcpy(big, "-kernel name = ", 15);
        expect_bad_at(big, nbig, 1, "longer");
        free(big);
    }
}

/* Random damage to a valid snippet never crashes, hangs or leaks (ASan build). */
static void test_mutations(void)
{
    size_t n = strlen(v3_snip);
    char *buf = malloc(n + 1);
    TT_CHECK(buf != NULL);
    if (!buf) return;
    uint64_t x = 88172645463325252ull;
    unsigned rounds = quick ? 300 : 3000, errors = 0;
    for (unsigned r = 0; r < rounds; r++) {
        memcpy(buf, v3_snip, n + 1);
        size_t len = n;
        for (unsigned k = 0; k < 1 + r % 4; k++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            size_t at = (size_t)(x % n);
            switch (x >> 60 & 3) {
            case 0: buf[at] = (char)(x >> 32); break;
            case 1: buf[at] = "0123456789 \nR#=,x"[(x >> 40) % 17]; break;
            case 2: len = at; break;
            default: buf[at] = ' '; break;
            }
        }
        counts c;
        char err[TRC_ERR_LEN];
        if (read_all(buf, len, &c, err)) {
            errors++;
            TT_CHECK(strncmp(err, "snip:", 5) == 0 && !strchr(err, '\n'));
        }
    }
    printf("  %u mutated snippets, %u rejected with one error line\n", rounds, errors);
    free(buf);
}

static void test_shipped(void)
{
    static const struct {
        const char *file;
        unsigned long long insts;
        unsigned blocks, warps;
    } ship[] = {
        {"bfs_rodinia_sm80_kernel-9.traceg", 39422, 8, 128},
        {"btree_find_key_sm90_kernel-1.traceg", 21832, 8, 32},
        {"adjust_weights_sm90_kernel-4.traceg", 8064, 128, 128},
        {"matrixmul32_sm61_kernel-1.traceg", 32 * 138, 1, 32},
        {"pytorch_pow_kernel-593_tracer-v5_EXCERPT_TB0-1.traceg", 8 * 33, 2, 8},
    };
    const char *dir = getenv("WORKLOADS") ? getenv("WORKLOADS") : "../shared/workloads";   /* from the repository root */
    for (unsigned i = 0; i < sizeof ship / sizeof ship[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, ship[i].file);
        FILE *f = fopen(path, "rb");
        if (!f) {
            printf("SKIP: %s (not present)\n", path);
            continue;
        }
        fseek(f, 0, SEEK_END);
        long n = ftell(f);
        fseek(f, 0, SEEK_SET);
        char *buf = malloc((size_t)n + 1);
        TT_CHECK(buf && fread(buf, 1, (size_t)n, f) == (size_t)n);
        fclose(f);
        if (!buf) continue;
        char err[TRC_ERR_LEN];
        trc_t *t = trc_open(path, err);
        TT_CHECK(t != NULL);
        unsigned long long insts = 0;
        unsigned blocks = 0, warps = 0;
        trc_block *b;
        int r = -1;
        while (t && (r = trc_next_block(t, &b, err)) == 1) {
            blocks++;
            warps += b->nwarps;
            for (unsigned w = 0; w < b->nwarps; w++) insts += b->warp[w].n;
            trc_block_free(b);
        }
        if (r) fprintf(stderr, "  %s\n", err);
        TT_EQ(r, 0);
        TT_EQ(insts, ship[i].insts);
        TT_EQ(blocks, ship[i].blocks);
        TT_EQ(warps, ship[i].warps);
        trc_close(t);
        printf("  %s: %u blocks, %u warps, %llu instructions\n", ship[i].file, blocks, warps, insts);
        if (!quick || i == 4) check_compressed(buf, (size_t)n, ship[i].file);
        free(buf);
    }
}

/* The memo (trace/parse.c): a warp of 3 instructions repeated in 4 warps, a memory line
 * among them with other addresses each time, is scanned in full 3 times (the first
 * warp); the other 9 lines come from the memo, their memory part scanned alone. */
static void test_memo_hits(void)
{
    char err[TRC_ERR_LEN], txt[2048];
    size_t n = (size_t)snprintf(txt, sizeof txt,
        "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (128,1,1)\n-binary version = 80\n"
        "-accelsim tracer version = 5\n\n#BEGIN_TB\nthread block = 0,0,0\n");
    for (unsigned w = 0; w < 4; w++)
        n += (size_t)snprintf(txt + n, sizeof txt - n,
            "warp = %u\ninsts = 3\n0000 ffffffff 1 R4 LDG.E 1 R2 4 1 0x%x 4 0\n"
            "0010 ffffffff 1 R5 IADD3 2 R4 R4 0 0\n0020 ffffffff 0 EXIT 0 0 0\n", w,
            0x1000 + 512 * w);
    snprintf(txt + n, sizeof txt - n, "#END_TB\n");
    trc_t *t = trc_open_mem(txt, strlen(txt), "snip", err);
    trc_block *b = NULL;
    TT_CHECK(t != NULL);
    if (!t) return;
    trc_keep_addresses(t);
    TT_EQ(trc_next_block(t, &b, err), 1);
    TT_EQ(trc_lines_scanned(t), 3);
    if (b) {
        TT_EQ(b->warp[3].addr[b->warp[3].inst[0].maddr], 0x1000 + 512 * 3); /* still its own */
        trc_block_free(b);
    }
    trc_close(t);
}

int main(int argc, char **argv)
{
    quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    TT_RUN(test_v3_no_prefix);
    TT_RUN(test_v2_prefix);
    TT_RUN(test_v4_lineinfo);
    TT_RUN(test_v5_immediates);
    TT_RUN(test_v5_clusters_v6_values);
    TT_RUN(test_v6_values);
    TT_RUN(test_same_pc);
    TT_RUN(test_hex_fields);
    TT_RUN(test_mask_repeats);
    TT_RUN(test_address_modes);
    TT_RUN(test_widths);
    TT_RUN(test_long_lists);
    TT_RUN(test_bar_fields);
    TT_RUN(test_isa_table);
    TT_RUN(test_header_fields);
    TT_RUN(test_xz_gzip);
    TT_RUN(test_bad_input);
    TT_RUN(test_nul_far);
    TT_RUN(test_mutations);
    TT_RUN(test_shipped);
    TT_RUN(test_memo_hits);
    TT_EXIT();
}
