/* test_mlk_model.c - the model library of the co-simulation kit (tb/mlk_model.h): driven
 * through it, a model agrees with a second model stepped directly on the same inputs,
 * output for output and state bit for state bit; a flipped output or state bit is reported
 * with its port or field name; a bad configuration file gives NULL and one message. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "simcfg.h"
#include "cfg.h"
#include "dbg.h"
#include "drv.h"
#include "mlk_model.h"
#include "tt.h"

static void test_lockstep_and_mismatches(void)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/test_mlk_model.%d.cfg", (int)getpid()); /* the plain and sanitizer builds run at once */
    FILE *f = fopen(path, "w");
    TT_CHECK(f != NULL);
    if (!f) return;
    fputs("data_bits = 64\nwarps = 4\nentries = 4\nslots = 3\ninterval = 500\n", f);
    fclose(f);
    char err[256];
    mlk_model *x = mlk_create(path, err, sizeof err);
    TT_CHECK(x != NULL);
    if (!x) return;
    sim_cfg c;
    simcfg_defaults(&c);
    TT_EQ(simcfg_load(&c, path, err), 0);
    sc_t *ref = sc_create(&c.m.hw);
    drv_t *d = drv_create(&c.m.hw, &c.m.drv);
    TT_CHECK(ref && d);
    if (!ref || !d) return;
    unsigned n = mlk_state_bits(x), nw = (n + 31) / 32;
    TT_EQ(n, sc_dbg_width(ref));
    static uint32_t st[4096];
    static sc_in in;
    static sc_out out, rout;
    char msg[256];
    unsigned diffs = 0, issued = 0;
    for (int cyc = 0; cyc < 3000; cyc++) {
        drv_inputs(d, &in);
        sc_step(ref, &in, &rout);
        mlk_step(x, &in, &out);
        diffs += (unsigned)mlk_compare_outputs(x, &rout, msg, sizeof msg);
        sc_dbg_pack(ref, st);
        diffs += (unsigned)mlk_compare_state(x, st, msg, sizeof msg);
        issued += rout.issue_valid;
        TT_EQ(drv_consume(d, &in, &rout), 0);
    }
    TT_EQ(diffs, 0);
    TT_CHECK(issued > 100); /* the stream did run */
    /* a flipped state bit: named by its field */
    unsigned bit = n / 2, lsb, w;
    char field[128];
    TT_EQ(sc_dbg_field(ref, bit, field, sizeof field, &lsb, &w), 0);
    st[bit / 32] ^= 1u << (bit % 32);
    TT_EQ(mlk_compare_state(x, st, msg, sizeof msg), 1);
    char want[320];
    snprintf(want, sizeof want, "dbg_state_o.%s (bits %u +: %u; first differing bit %u)", field, lsb, w, bit);
    TT_CHECK(strstr(msg, want) != NULL);
    (void)nw;
    /* a wrong output */
    rout.disp_tag ^= 1;
    TT_EQ(mlk_compare_outputs(x, &rout, msg, sizeof msg), 1);
    TT_CHECK(strstr(msg, "disp_tag_o") != NULL);
    drv_destroy(d);
    sc_destroy(ref);
    mlk_free(x);
    remove(path);
}

static void test_bad_config(void)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/test_mlk_model_bad.%d.cfg", (int)getpid());
    FILE *f = fopen(path, "w");
    TT_CHECK(f != NULL);
    if (!f) return;
    fputs("ccus = 2\nentries = banana\n", f);
    fclose(f);
    char err[256] = "";
    TT_CHECK(mlk_create(path, err, sizeof err) == NULL);
    char at[80];
    snprintf(at, sizeof at, "%s:2", path);
    TT_CHECK(strstr(err, at) != NULL);
    TT_CHECK(strchr(err, '\n') == NULL);
    remove(path);
    mlk_model *x = mlk_create(NULL, err, sizeof err); /* the defaults */
    TT_CHECK(x != NULL);
    if (x) TT_EQ(mlk_state_bits(x), sc_dbg_width(mlk_sc(x)));
    mlk_free(x);
}

int main(void)
{
    TT_RUN(test_lockstep_and_mismatches);
    TT_RUN(test_bad_config);
    TT_EXIT();
}
