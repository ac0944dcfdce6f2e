/* test_hints.c - reuse hints (hints/): the exact rule on hand-worked warps (RTHLD
 * boundary, write before read, read-and-write), profile majority and ties, the hint file
 * round trip and its errors, and the hinted block source in every mode. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hint.h"
#include "tt.h"

static char tmpdir[256];

/* inst i: pc, destinations d[0..nd), sources s[0..ns) */
static void mk(trc_inst *in, uint32_t pc, unsigned nd, const uint8_t *d, unsigned ns, const uint8_t *s)
{
    memset(in, 0, sizeof *in);
    in->pc = pc;
    trc_set_regs(in, d, nd, s, ns, NULL);
}

#define MK(in, pc, D, S)                                                                     \
    do {                                                                                     \
        static const uint8_t d_[] = {D}, s_[] = {S};                                          \
        mk(in, pc, sizeof d_ - (d_[0] == 255), d_, sizeof s_ - (s_[0] == 255), s_);          \
    } while (0)
#define R(...) __VA_ARGS__
#define NONE 255

/* RTHLD 3; the expected bits worked out by hand from the definition in hint.h. */
static void test_exact_hand_worked(void)
{
    trc_inst w[10];
    MK(&w[0], 0x00, R(1), R(2));
    MK(&w[1], 0x10, R(3), R(1));      /* reads R1 one after i0 wrote it */
    MK(&w[2], 0x20, R(4), R(5));
    MK(&w[3], 0x30, R(6), R(2));      /* reads R2 exactly RTHLD=3 after i0 read it */
    MK(&w[4], 0x40, R(7), R(3));      /* R3: 3 after i1 */
    MK(&w[5], 0x50, R(8), R(4));      /* R4: 3 after i2 */
    MK(&w[6], 0x60, R(5), R(5));      /* reads and writes R5, 4 after i2: too far */
    MK(&w[7], 0x70, R(9), R(5, 5));   /* reads R5 1 after i6 (repeated operand) */
    MK(&w[8], 0x80, R(5), R(6));      /* writes R5 before anyone reads it; R6 5 after i3 */
    MK(&w[9], 0x90, R(10), R(5));     /* reads R5 1 after i8 wrote it */
    hint_exact(w, 10, 3);
    static const uint8_t src_near[10][2] = {{1}, {0}, {0}, {0}, {0}, {0}, {1}, {0, 0}, {0}, {0}};
    static const uint8_t dst_near[10] = {1, 1, 1, 0, 0, 0, 1, 0, 1, 0};
    for (unsigned i = 0; i < 10; i++) {
        for (unsigned k = 0; k < w[i].nsrc; k++)
            if (trc_src_near(&w[i], k) != src_near[i][k]) {
                fprintf(stderr, "  inst %u src %u: %u, expected %u\n", i, k, trc_src_near(&w[i], k), src_near[i][k]);
                tt_failed_now++;
            }
        if (trc_dst_near(&w[i], 0) != dst_near[i]) {
            fprintf(stderr, "  inst %u dst: %u, expected %u\n", i, trc_dst_near(&w[i], 0), dst_near[i]);
            tt_failed_now++;
        }
    }
    /* the same warp at RTHLD 4: i2's R5 read at distance 4 becomes near; RTHLD 2: the
     * distance-3 reads become far */
    hint_exact(w, 10, 4);
    TT_EQ(trc_src_near(&w[2], 0), 1);
    TT_EQ(trc_src_near(&w[0], 0), 1);
    hint_exact(w, 10, 2);
    TT_EQ(trc_src_near(&w[0], 0), 0);
    TT_EQ(trc_dst_near(&w[1], 0), 0);
    TT_EQ(trc_dst_near(&w[0], 0), 1);
}

static void test_exact_write_before_read(void)
{
    trc_inst w[4];
    MK(&w[0], 0x0, R(NONE), R(2));   /* R2 next written by i1 (no read): far */
    MK(&w[1], 0x10, R(2), R(NONE));  /* R2 read by i2: near */
    MK(&w[2], 0x20, R(3), R(2));     /* R2 next touched by i3, which reads and writes it: near */
    MK(&w[3], 0x30, R(2), R(2, 3));  /* R3 read 1 after i2: (i2 dst near) */
    hint_exact(w, 4, 12);
    TT_EQ(w[0].ndst, 0);
    TT_EQ(trc_src_near(&w[0], 0), 0);
    TT_EQ(w[1].nsrc, 0);
    TT_EQ(trc_dst_near(&w[1], 0), 1);
    TT_EQ(trc_src_near(&w[2], 0), 1);
    TT_EQ(trc_dst_near(&w[2], 0), 1);
    TT_EQ(trc_src_near(&w[3], 0), 0);
    TT_EQ(trc_src_near(&w[3], 1), 0);
    TT_EQ(trc_dst_near(&w[3], 0), 0);
    hint_exact(w, 0, 12);  /* empty warp */
    hint_exact(w, 1, 1);
    TT_EQ(trc_src_near(&w[0], 0), 0);
}

/* The definition read literally: scan i+1 .. i+rthld for the first read or write of r. */
static uint8_t naive(const trc_inst *w, uint32_t n, uint32_t i, uint8_t r, unsigned rthld)
{
    for (uint32_t j = i + 1; j < n && j - i <= rthld; j++) {
        for (unsigned k = 0; k < w[j].nsrc; k++)
            if (trc_srcs(&w[j])[k] == r) return 1;
        for (unsigned k = 0; k < w[j].ndst; k++)
            if (trc_dsts(&w[j])[k] == r) return 0;
    }
    return 0;
}

/* hint_exact against the literal definition on random warps (few registers, many reuses;
 * one instruction in seven with 14 to 20 registers, most too many to be inline), RTHLD 1..20
 * and unbounded. */
static void test_exact_vs_naive(void)
{
    enum { N = 400 };
    static trc_inst w[N];
    static uint8_t store[N][2 * TRC_MAX_XREGS];
    uint64_t x = 0x9E3779B97F4A7C15ull;
    unsigned mism = 0, ops = 0;
    for (unsigned round = 0; round < 60; round++) {
        unsigned regs = 2 + round % 12, rthld = round % 10 == 9 ? UINT_MAX : 1 + round % 20;
        for (unsigned i = 0; i < N; i++) {
            uint8_t src[12], dst[8];
            memset(&w[i], 0, sizeof w[i]);
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            int big = i % 7 == 3;
            unsigned ns = (unsigned)(big ? 9 + x % 4 : x % 4), nd = (unsigned)(big ? 5 + (x >> 8) % 4 : (x >> 8) % 3);
            for (unsigned k = 0; k < ns; k++) src[k] = (uint8_t)((x >> (16 + 4 * k)) % regs);
            for (unsigned k = 0; k < nd; k++) dst[k] = (uint8_t)((x >> ((40 + 4 * k) & 63)) % regs);
            trc_set_regs(&w[i], dst, nd, src, ns, store[i]);
        }
        hint_exact(w, N, rthld);
        for (uint32_t i = 0; i < N; i++) {
            for (unsigned k = 0; k < w[i].nsrc; k++, ops++)
                mism += trc_src_near(&w[i], k) != naive(w, N, i, trc_srcs(&w[i])[k], rthld);
            for (unsigned k = 0; k < w[i].ndst; k++, ops++)
                mism += trc_dst_near(&w[i], k) != naive(w, N, i, trc_dsts(&w[i])[k], rthld);
        }
    }
    TT_EQ(mism, 0);
    TT_CHECK(ops > 20000);
}

static void set_hint(trc_inst *in, uint8_t s0, uint8_t d0)
{
    trc_set_src_near(in, 0, s0);
    trc_set_dst_near(in, 0, d0);
}

static void test_profile_majority_ties(void)
{
    hint_tab *t = hint_tab_create();
    TT_CHECK(t != NULL);
    if (!t) return;
    trc_inst a[2], b[2], c[2];
    MK(&a[0], 0x10, R(1), R(2));
    MK(&a[1], 0x20, R(3), R(4));
    b[0] = a[0], b[1] = a[1], c[0] = a[0], c[1] = a[1];
    set_hint(&a[0], 1, 1), set_hint(&a[1], 1, 0);  /* 0x10: src near/far tie; dst 2 of 3 */
    set_hint(&b[0], 0, 1), set_hint(&b[1], 1, 0);  /* 0x20: src 2 near of 3; dst 1 of 3 */
    TT_EQ(hint_tab_count(t, a, 2), 0);
    TT_EQ(hint_tab_count(t, b, 2), 0);
    set_hint(&c[0], 0, 0), set_hint(&c[1], 0, 1);
    TT_EQ(hint_tab_count(t, c, 1), 0);  /* only 0x10 of c counted */
    trc_inst x[3];
    MK(&x[0], 0x10, R(1), R(2));
    MK(&x[1], 0x20, R(3), R(4));
    MK(&x[2], 0x30, R(5), R(6, 7));  /* never profiled: far */
    x[2].src_near |= 3u;
    trc_set_dst_near(&x[2], 0, 1);
    hint_tab_apply(t, x, 3);
    TT_EQ(trc_src_near(&x[0], 0), 0);  /* 1 near of 3 */
    TT_EQ(trc_dst_near(&x[0], 0), 1);  /* 2 of 3 */
    TT_EQ(trc_src_near(&x[1], 0), 1);  /* 2 of 2 */
    TT_EQ(trc_dst_near(&x[1], 0), 0);  /* 0 of 2 */
    TT_EQ(trc_src_near(&x[2], 0), 0);
    TT_EQ(trc_src_near(&x[2], 1), 0);
    TT_EQ(trc_dst_near(&x[2], 0), 0);
    /* an exact tie: 1 of 2 -> far */
    hint_tab *u = hint_tab_create();
    TT_CHECK(u != NULL);
    if (u) {
        set_hint(&a[0], 1, 1);
        set_hint(&b[0], 0, 0);
        hint_tab_count(u, a, 1);
        hint_tab_count(u, b, 1);
        hint_tab_apply(u, x, 1);
        TT_EQ(trc_src_near(&x[0], 0), 0);
        TT_EQ(trc_dst_near(&x[0], 0), 0);
    }
    hint_tab_destroy(u);
    hint_tab_destroy(t);
    /* many keys: the table grows */
    hint_tab *g = hint_tab_create();
    trc_inst one;
    MK(&one, 0, R(1), R(2, 3));
    trc_set_src_near(&one, 0, 1);
    for (uint32_t pc = 0; g && pc < 20000; pc++) {
        one.pc = pc * 16;
        TT_EQ(hint_tab_count(g, &one, 1), 0);
    }
    one.pc = 777 * 16;
    trc_set_src_near(&one, 0, 0);
    hint_tab_apply(g, &one, 1);
    TT_EQ(trc_src_near(&one, 0), 1);
    TT_EQ(trc_src_near(&one, 1), 0);
    hint_tab_destroy(g);
}

static char *path_in_tmp(char *buf, size_t n, const char *name)
{
    snprintf(buf, n, "%s/%s", tmpdir, name);
    return buf;
}

static int write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    fputs(text, f);
    return fclose(f);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = calloc(1, 1 << 16);
    if (buf) (void)!fread(buf, 1, (1 << 16) - 1, f);
    fclose(f);
    return buf;
}

static void test_file_round_trip(void)
{
    char p[512];
    path_in_tmp(p, sizeof p, "rt.hints");
    hint_tab *t = hint_tab_create();
    trc_inst w[3];
    MK(&w[0], 0x70, R(1), R(2, 3));
    MK(&w[1], 0x10, R(3), R(1));
    MK(&w[2], 0x20, R(NONE), R(1, 3));
    hint_exact(w, 3, 12);
    hint_tab_count(t, w, 3);
    trc_kernel k;
    memset(&k, 0, sizeof k);
    snprintf(k.name, sizeof k.name, "_Z8mult_gpuIfEvPT_S1_S1_ii");
    hint_opts o = {HINT_PROFILE, 12, 4, NULL, 2};
    char err[TRC_ERR_LEN];
    TT_EQ(hint_tab_write(t, p, &k, &o, err), 0);
    char *text = slurp(p);
    TT_CHECK(text != NULL);
    if (text) {
        static const char head[] = "# malekeh hints v1\n# kernel _Z8mult_gpuIfEvPT_S1_S1_ii  mode profile"
                                   "  rthld 12  profile_warps 4\n";
        TT_CHECK(strncmp(text, head, strlen(head)) == 0);
        TT_CHECK(strstr(text, "\n0x0010    src  0   near  1    1\n") != NULL);
        TT_CHECK(strstr(text, "\n0x0070    dst  0   near  1    1\n") != NULL);
        /* sorted by pc: 0x0010 before 0x0020 before 0x0070 */
        TT_CHECK(strstr(text, "0x0010") < strstr(text, "0x0020") && strstr(text, "0x0020") < strstr(text, "0x0070"));
        free(text);
    }
    hint_tab *r = hint_tab_read(p, err);
    TT_CHECK(r != NULL);
    if (!r) fprintf(stderr, "  %s\n", err);
    trc_inst a[3], b[3];
    memcpy(a, w, sizeof w);
    memcpy(b, w, sizeof w);
    hint_tab_apply(t, a, 3);
    if (r) hint_tab_apply(r, b, 3);
    for (unsigned i = 0; i < 3; i++) {
        TT_CHECK(a[i].src_near == b[i].src_near);
        TT_CHECK(a[i].dst_near == b[i].dst_near);
        TT_CHECK(a[i].src_near == w[i].src_near);
    }
    /* writing what was read gives the same file */
    char p2[512];
    path_in_tmp(p2, sizeof p2, "rt2.hints");
    if (r) TT_EQ(hint_tab_write(r, p2, &k, &o, err), 0);
    char *x = slurp(p), *y = slurp(p2);
    TT_CHECK(x && y && strcmp(x, y) == 0);
    free(x);
    free(y);
    hint_tab_destroy(r);
    hint_tab_destroy(t);
    /* the near/total columns are optional; the hint column decides */
    TT_EQ(write_text(p, "# malekeh hints v1\n\n# comment\n0x10 src 0 near\n  20 dst 1 far 5 6\n"), 0);
    r = hint_tab_read(p, err);
    TT_CHECK(r != NULL);
    if (r) {
        trc_inst z[2];
        MK(&z[0], 0x10, R(1), R(2));
        MK(&z[1], 0x20, R(1, 2), R(NONE));
        z[1].dst_near |= 3u;
        hint_tab_apply(r, z, 2);
        TT_EQ(trc_src_near(&z[0], 0), 1);
        TT_EQ(trc_dst_near(&z[0], 0), 0);
        TT_EQ(trc_dst_near(&z[1], 0), 0);
        TT_EQ(trc_dst_near(&z[1], 1), 0);
    }
    hint_tab_destroy(r);
    /* an unwritable place: error, no file */
    hint_tab *e = hint_tab_create();
    TT_CHECK(e != NULL);
    if (e) TT_EQ(hint_tab_write(e, "/nonexistent-dir/x.hints", &k, &o, err), -1);
    hint_tab_destroy(e);
}

static void expect_bad_file(const char *text, unsigned line, const char *word)
{
    char p[512], pre[600], err[TRC_ERR_LEN] = "";
    path_in_tmp(p, sizeof p, "bad.hints");
    TT_EQ(write_text(p, text), 0);
    hint_tab *t = hint_tab_read(p, err);
    snprintf(pre, sizeof pre, "%s:%u: ", p, line);
    if (t || strncmp(err, pre, strlen(pre)) != 0 || !strstr(err, word)) {
        fprintf(stderr, "  expected '%s...%s...', got '%s'\n", pre, word, err);
        tt_failed_now++;
    }
    hint_tab_destroy(t);
}

static void test_file_errors(void)
{
    expect_bad_file("", 0, "empty");
    expect_bad_file("# other file\n0x10 src 0 near\n", 1, "not a hint file");
    expect_bad_file("# malekeh hints v1\n0x10 sxc 0 near\n", 2, "side");
    expect_bad_file("# malekeh hints v1\n0x10 src 32 near\n", 2, "position");
    expect_bad_file("# malekeh hints v1\n0x10 src x near\n", 2, "position");
    expect_bad_file("# malekeh hints v1\n0x10 src 0 maybe\n", 2, "hint");
    expect_bad_file("# malekeh hints v1\n0xg0 src 0 near\n", 2, "pc");
    expect_bad_file("# malekeh hints v1\n0x123456789 src 0 near\n", 2, "pc");
    expect_bad_file("# malekeh hints v1\n0x10 src 0\n", 2, "fields");
    expect_bad_file("# malekeh hints v1\n0x10 src 0 near 1\n", 2, "fields");
    expect_bad_file("# malekeh hints v1\n0x10 src 0 near 1 2 3\n", 2, "fields");
    expect_bad_file("# malekeh hints v1\n0x10 src 0 near 3 2\n", 2, "counts");
    expect_bad_file("# malekeh hints v1\n0x10 src 0 near\n# c\n0x0010 src 0 far\n", 4, "repeated");
    char err[TRC_ERR_LEN];
    hint_tab *t = hint_tab_read("/nonexistent/x.hints", err);
    TT_CHECK(t == NULL && strncmp(err, "/nonexistent/x.hints:0: ", 24) == 0);
}

/* A trace of two blocks of two warps. */
static const char trace_text[] =
    "-kernel name = k\n-accelsim tracer version = 5\n-enable lineinfo = 0\n\n"
    "#BEGIN_TB\nthread block = 0,0,0\n"
    "warp = 0\ninsts = 3\n"
    "0000 ffffffff 1 R1 MOV 0 0 0\n0010 ffffffff 1 R2 IADD3 2 R1 R1 0 0\n0020 ffffffff 0 EXIT 0 0 0\n"
    "warp = 1\ninsts = 3\n"
    "0000 ffffffff 1 R1 MOV 0 0 0\n0010 ffffffff 1 R2 IADD3 2 R3 R3 0 0\n0020 ffffffff 0 EXIT 0 0 0\n"
    "#END_TB\n#BEGIN_TB\nthread block = 1,0,0\n"
    "warp = 0\ninsts = 2\n0000 ffffffff 1 R1 MOV 0 0 0\n0010 ffffffff 1 R2 IADD3 2 R1 R1 0 0\n"
    "warp = 1\ninsts = 1\n0000 ffffffff 1 R1 MOV 0 0 0\n#END_TB\n";

typedef struct {
    unsigned blocks, warps;
    unsigned near, ops;
    uint8_t mov_dst[4], iadd_src0[4];  /* per warp in trace order */
} hrun;

static int run_mode(const char *path, hint_mode m, unsigned pw, const char *file, hrun *o)
{
    hint_opts opts = {m, 12, pw, file, 2};
    char err[TRC_ERR_LEN];
    memset(o, 0, sizeof *o);
    hsrc_t *h = hsrc_open(path, &opts, err);
    if (!h) {
        fprintf(stderr, "  %s\n", err);
        return -1;
    }
    trc_block *b;
    int r;
    unsigned wi = 0;
    while ((r = hsrc_next_block(h, &b, err)) == 1) {
        if (b->index != o->blocks) r = -2;
        o->blocks++;
        for (unsigned w = 0; w < b->nwarps; w++, wi++) {
            o->warps++;
            const trc_warp *wp = &b->warp[w];
            if (wi < 4) o->mov_dst[wi] = trc_dst_near(&wp->inst[0], 0);
            if (wi < 4 && wp->n > 1) o->iadd_src0[wi] = trc_src_near(&wp->inst[1], 0);
            for (uint32_t i = 0; i < wp->n; i++) {
                for (unsigned k = 0; k < wp->inst[i].nsrc; k++) o->near += trc_src_near(&wp->inst[i], k), o->ops++;
                for (unsigned k = 0; k < wp->inst[i].ndst; k++) o->near += trc_dst_near(&wp->inst[i], k), o->ops++;
            }
        }
        trc_block_free(b);
        if (r < 0) break;
    }
    TT_CHECK(strcmp(hsrc_kernel(h)->name, "k") == 0);
    TT_CHECK(strcmp(trc_opcode_name(hsrc_reader(h), 0), "MOV") == 0);
    hsrc_close(h);
    return r;
}

static void test_hsrc_modes(void)
{
    char p[512], hp[512];
    path_in_tmp(p, sizeof p, "t.traceg");
    TT_EQ(write_text(p, trace_text), 0);
    hrun e, pr1, pr3, an, af, fi;
    TT_EQ(run_mode(p, HINT_EXACT, 1, NULL, &e), 0);
    TT_EQ(e.blocks, 2);
    TT_EQ(e.warps, 4);
    /* exact: warp 0's MOV R1 is read by the IADD3 (near), warp 1's is not */
    TT_EQ(e.mov_dst[0], 1);
    TT_EQ(e.mov_dst[1], 0);
    TT_EQ(e.mov_dst[2], 1);
    TT_EQ(e.mov_dst[3], 0);
    TT_EQ(e.iadd_src0[0], 0);
    /* profile on warp 0 only: MOV dst near everywhere */
    TT_EQ(run_mode(p, HINT_PROFILE, 1, NULL, &pr1), 0);
    TT_EQ(pr1.blocks, 2);
    for (unsigned w = 0; w < 4; w++) TT_EQ(pr1.mov_dst[w], 1);
    /* profile on 3 warps (both blocks read ahead): MOV dst near in 2 of 3 -> near */
    TT_EQ(run_mode(p, HINT_PROFILE, 3, NULL, &pr3), 0);
    TT_EQ(pr3.blocks, 2);
    for (unsigned w = 0; w < 4; w++) TT_EQ(pr3.mov_dst[w], 1);
    /* profile on 2 warps: 1 of 2 -> tie -> far */
    TT_EQ(run_mode(p, HINT_PROFILE, 2, NULL, &pr3), 0);
    for (unsigned w = 0; w < 4; w++) TT_EQ(pr3.mov_dst[w], 0);
    /* more profiled warps than the trace has */
    TT_EQ(run_mode(p, HINT_PROFILE, 100, NULL, &pr3), 0);
    TT_EQ(pr3.warps, 4);
    TT_EQ(run_mode(p, HINT_ALL_NEAR, 1, NULL, &an), 0);
    TT_EQ(an.near, an.ops);
    TT_CHECK(an.ops > 0);
    TT_EQ(run_mode(p, HINT_ALL_FAR, 1, NULL, &af), 0);
    TT_EQ(af.near, 0);
    path_in_tmp(hp, sizeof hp, "f.hints");
    TT_EQ(write_text(hp, "# malekeh hints v1\n0x0 dst 0 near\n0x10 src 0 near\n"), 0);
    TT_EQ(run_mode(p, HINT_FILE, 1, hp, &fi), 0);
    TT_EQ(fi.near, 3 + 4);  /* 4 MOV destinations, 3 IADD3 first sources */
    /* bad options and a bad hint file */
    char err[TRC_ERR_LEN];
    hint_opts bad = {HINT_EXACT, 0, 1, NULL, 2};
    TT_CHECK(hsrc_open(p, &bad, err) == NULL && strstr(err, "rthld"));
    hint_opts bad2 = {HINT_PROFILE, 12, 0, NULL, 2};
    TT_CHECK(hsrc_open(p, &bad2, err) == NULL && strstr(err, "profile_warps"));
    hint_opts bad3 = {HINT_FILE, 12, 1, NULL, 2};
    TT_CHECK(hsrc_open(p, &bad3, err) == NULL && strstr(err, "file"));
    TT_EQ(write_text(hp, "# malekeh hints v1\n0x0 dst 0 nearish\n"), 0);
    hint_opts bad4 = {HINT_FILE, 12, 1, hp, 2};
    TT_CHECK(hsrc_open(p, &bad4, err) == NULL && strstr(err, ":2: "));
    hint_opts ok = {HINT_EXACT, 12, 1, NULL, 2};
    TT_CHECK(hsrc_open("/nonexistent/t.traceg", &ok, err) == NULL && strstr(err, "/nonexistent/t.traceg:0: "));
    TT_CHECK(strcmp(hint_mode_name(HINT_ALL_NEAR), "all-near") == 0);
    TT_CHECK(strcmp(hint_mode_name((hint_mode)99), "?") == 0);
    hsrc_close(NULL);
}

/* A profile read-ahead that hits bad input reports it at open. */
static void test_hsrc_bad_trace(void)
{
    char p[512];
    path_in_tmp(p, sizeof p, "bad.traceg");
    TT_EQ(write_text(p, "-kernel name = k\n-accelsim tracer version = 5\n#BEGIN_TB\nthread block = 0,0,0\n"
                        "warp = 0\ninsts = 2\n0000 ffffffff 1 R1 MOV 0 0 0\n"), 0);
    hint_opts o = {HINT_PROFILE, 12, 4, NULL, 2};
    char err[TRC_ERR_LEN];
    hsrc_t *h = hsrc_open(p, &o, err);
    TT_CHECK(h == NULL && strstr(err, ":7: ") && strstr(err, "truncated"));
    hsrc_close(h);
    o.mode = HINT_EXACT;
    h = hsrc_open(p, &o, err);
    TT_CHECK(h != NULL);
    trc_block *b;
    if (h) TT_EQ(hsrc_next_block(h, &b, err), -1);
    hsrc_close(h);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_hints.XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    TT_RUN(test_exact_hand_worked);
    TT_RUN(test_exact_write_before_read);
    TT_RUN(test_exact_vs_naive);
    TT_RUN(test_profile_majority_ties);
    TT_RUN(test_file_round_trip);
    TT_RUN(test_file_errors);
    TT_RUN(test_hsrc_modes);
    TT_RUN(test_hsrc_bad_trace);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0) fprintf(stderr, "  could not remove %s\n", tmpdir);
    TT_EXIT();
}
