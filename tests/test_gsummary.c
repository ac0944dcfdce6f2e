/* test_gsummary.c - the GPU lines of the printed summary (sim/report.c) against the JSON
 * of the same run and against the counters set by hand: each memory counter a different
 * value, so two columns swapped (L1 hits and pending hits, L2 hits and misses, constant
 * hits and misses, ...) print the wrong number in the wrong place. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "simcfg.h"
#include "ledger.h"
#include "report.h"
#include "run.h"
#include "tt.h"

/* The number after `"key": ` in the JSON text j, or -1. */
static long long json_num(const char *j, const char *key)
{
    char pat[80];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *p = strstr(j, pat);
    return p ? atoll(p + strlen(pat)) : -1;
}

static void test_gpu_summary_vs_json(void)
{
    static run_result r;
    memset(&r, 0, sizeof r);
    sim_cfg c;
    simcfg_defaults(&c);
    r.g.used = 1;
    r.g.cfg = c.m;
    r.g.sms = r.g.sms_run = 2;
    r.g.subcores = 1;
    r.insts = 100;
    r.cycles = 50;
    mem_counts *m = &r.g.mem;
    m->l1_hits = 3;
    m->l1_pending_hits = 5;
    m->l1_misses = 7;
    m->l2_hits = 11;
    m->l2_misses = 13;
    m->dram_read_bytes = 17;
    m->shmem_insts = 19;
    m->shmem_wavefronts = 23;
    m->const_hits = 29;
    m->const_misses = 31;
    m->icache_misses = 37;
    run_opts o;
    memset(&o, 0, sizeof o);
    ledger_t L;
    ledger_builtin(&c, &L);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return;
    rep_summary(f, "test", &c, NULL, &o, &r, &L);
    fclose(f);
    char path[] = "/tmp/test_gsummary_XXXXXX", err[256];
    int fd = mkstemp(path);
    if (fd >= 0) close(fd);
    TT_EQ(rep_json(path, "test", &c, NULL, &o, &r, &L, err, sizeof err), 0);
    FILE *jf = fopen(path, "r");
    char *j = calloc(1, 1 << 20);
    TT_CHECK(jf && j && fread(j, 1, (1 << 20) - 1, jf) > 0);
    if (jf) fclose(jf);
    unlink(path);

    unsigned long l1h = 0, l1p = 0, l1m = 0, l2h = 0, l2n = 0, dram = 0, shi = 0, shw = 0,
                  shc = 0, ch = 0, cm = 0, ic = 0;
    double l1pct = 0, l2pct = 0;
    const char *p = strstr(buf ? buf : "", "L1 (load sectors)");
    TT_CHECK(p && sscanf(p, "L1 (load sectors) %lf %% hits (%lu hits, %lu on a pending fill, %lu misses)",
                         &l1pct, &l1h, &l1p, &l1m) == 4);
    p = strstr(buf ? buf : "", "L2 (sectors)");
    TT_CHECK(p && sscanf(p, "L2 (sectors) %lf %% hits (%lu of %lu); DRAM %lu bytes read",
                         &l2pct, &l2h, &l2n, &dram) == 4);
    p = strstr(buf ? buf : "", "shared memory");
    TT_CHECK(p && sscanf(p, "shared memory %lu instructions, %lu wavefronts (%lu from bank "
                         "conflicts); constant %lu hits, %lu misses; %lu cold",
                         &shi, &shw, &shc, &ch, &cm, &ic) == 6);
    /* the counters set above, in their columns */
    TT_EQ(l1h, 3);
    TT_EQ(l1p, 5);
    TT_EQ(l1m, 7);
    TT_CHECK(l1pct > 53.32 && l1pct < 53.34);   /* (3 + 5) / 15 = 53.33 % */
    TT_EQ(l2h, 11);
    TT_EQ(l2n, 24);
    TT_CHECK(l2pct > 45.82 && l2pct < 45.84);   /* 11 / 24 = 45.83 % */
    TT_EQ(dram, 17);
    TT_EQ(shi, 19);
    TT_EQ(shw, 23);
    TT_EQ(shc, 4);
    TT_EQ(ch, 29);
    TT_EQ(cm, 31);
    TT_EQ(ic, 37);
    /* the JSON says the same */
    if (j) {
        TT_EQ(json_num(j, "l1_hits"), l1h);
        TT_EQ(json_num(j, "l1_pending_hits"), l1p);
        TT_EQ(json_num(j, "l1_misses"), l1m);
        TT_EQ(json_num(j, "l2_hits"), l2h);
        TT_EQ(json_num(j, "l2_misses"), l2n - l2h);
        TT_EQ(json_num(j, "dram_read_bytes"), dram);
        TT_EQ(json_num(j, "shmem_insts"), shi);
        TT_EQ(json_num(j, "shmem_wavefronts"), shw);
        TT_EQ(json_num(j, "const_hits"), ch);
        TT_EQ(json_num(j, "const_misses"), cm);
        TT_EQ(json_num(j, "icache_misses"), ic);
    }
    free(j);
    free(buf);
}

int main(void)
{
    TT_RUN(test_gpu_summary_vs_json);
    TT_EXIT();
}
