/* test_energy.c - the RF energy arithmetic of sim/energy.c on hand-worked counts, and the
 * parsing of the energy_* keys (decimal pJ, at most 3 decimals, stored in femtojoules). */
#include <math.h>
#include <string.h>
#include "energy.h"
#include "tt.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9 * (1.0 + fabs(b)))

/* Counts: 10 bank reads, 4 bank writes, 12 source slots, 3 CCU data writes, 10 fills,
 * 8 instructions; defaults 320 / 320 / 160 / 160 / 112.64 / 160 pJ.
 * By hand: 10*320 = 3200, 4*320 = 1280, 12*160 = 1920, 3*160 = 480, 10*112.64 = 1126.4,
 * 10*160 = 1600; total 9606.4 pJ; per instruction 9606.4 / 8 = 1200.8 pJ;
 * share of bank reads 3200 / 9606.4 = 0.333111..., of the crossbar 1126.4 / 9606.4. */
static void test_hand_worked(void)
{
    cfg_t c;
    sc_stats s;
    energy_t e;
    cfg_defaults(&c);
    memset(&s, 0, sizeof s);
    s.bank_reads = 10;
    s.bank_writes = 4;
    s.src_slots = 12;
    s.src_regs = 11;      /* not an energy event: distinct registers are read per slot */
    s.ccu_data_writes = 3;
    s.ccu_fills = 10;
    energy_of(&c, &s, 8, &e);
    TT_EQ(e.count[CFG_E_BANK_READ], 10);
    TT_EQ(e.count[CFG_E_CCU_READ], 12);
    TT_EQ(e.count[CFG_E_CROSSBAR], 10);
    TT_EQ(e.count[CFG_E_LATCH], 10);
    TT_CHECK(NEAR(e.pj[CFG_E_BANK_READ], 3200.0));
    TT_CHECK(NEAR(e.pj[CFG_E_BANK_WRITE], 1280.0));
    TT_CHECK(NEAR(e.pj[CFG_E_CCU_READ], 1920.0));
    TT_CHECK(NEAR(e.pj[CFG_E_CCU_WRITE], 480.0));
    TT_CHECK(NEAR(e.pj[CFG_E_CROSSBAR], 1126.4));
    TT_CHECK(NEAR(e.pj[CFG_E_LATCH], 1600.0));
    TT_CHECK(NEAR(e.total_pj, 9606.4));
    TT_CHECK(NEAR(e.pj_per_inst, 1200.8));
    TT_CHECK(NEAR(energy_share(&e, CFG_E_BANK_READ), 3200.0 / 9606.4));
    TT_CHECK(NEAR(energy_share(&e, CFG_E_CROSSBAR), 1126.4 / 9606.4));
    double sum = 0;
    for (unsigned i = 0; i < CFG_NENERGY; i++) sum += energy_share(&e, i);
    TT_CHECK(NEAR(sum, 1.0));
    /* no instructions, no events: zeros, no division by zero */
    memset(&s, 0, sizeof s);
    energy_of(&c, &s, 0, &e);
    TT_CHECK(e.total_pj == 0.0 && e.pj_per_inst == 0.0 && energy_share(&e, 0) == 0.0);
}

/* A hit saves a bank read, a crossbar transfer and a latch: baseline 2 misses vs cached
 * 1 hit + 1 miss, both with 2 slots read: 2*(320+112.64+160) + 320 = 1505.28 pJ against
 * 1*(320+112.64+160) + 320 = 912.64 pJ: reduction 1 - 912.64/1505.28 = 0.3937074... */
static void test_reduction(void)
{
    cfg_t c;
    sc_stats a, b;
    energy_t ea, eb;
    cfg_defaults(&c);
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    a.bank_reads = a.ccu_fills = 2, a.src_slots = 2;
    b.bank_reads = b.ccu_fills = 1, b.src_slots = 2;
    energy_of(&c, &a, 1, &ea);
    energy_of(&c, &b, 1, &eb);
    TT_CHECK(NEAR(ea.pj_per_inst, 1505.28));
    TT_CHECK(NEAR(eb.pj_per_inst, 912.64));
    TT_CHECK(fabs(1.0 - eb.pj_per_inst / ea.pj_per_inst - 0.3937074) < 1e-6);
}

/* The energy_* keys: decimals to femtojoules, written back without trailing zeros. */
static void test_keys(void)
{
    cfg_t c;
    char err[CFG_ERR_LEN] = "";
    cfg_defaults(&c);
    TT_EQ(c.energy[CFG_E_BANK_READ], 320000);
    TT_EQ(c.energy[CFG_E_CROSSBAR], 112640);
    TT_EQ(cfg_set(&c, "energy_latch", "0.125", "x.cfg:3", err), 0);
    TT_EQ(c.energy[CFG_E_LATCH], 125);
    TT_EQ(cfg_set(&c, "energy_ccu_read", "7.5", "x.cfg:4", err), 0);
    TT_EQ(c.energy[CFG_E_CCU_READ], 7500);
    TT_EQ(cfg_set(&c, "energy_ccu_read", "100000", "x.cfg:5", err), 0);
    TT_EQ(c.energy[CFG_E_CCU_READ], 100000000);
    TT_EQ(cfg_set(&c, "energy_ccu_read", "1.2345", "x.cfg:6", err), -1);
    TT_CHECK(strstr(err, "x.cfg:6: ") && strstr(err, "at most 3 decimals"));
    TT_EQ(cfg_set(&c, "energy_ccu_read", "100000.001", "x.cfg:7", err), -1);
    TT_CHECK(strstr(err, "out of range") != NULL);
    TT_EQ(cfg_set(&c, "energy_ccu_read", "-1", "x.cfg:8", err), -1);
    TT_EQ(cfg_set(&c, "energy_ccu_read", ".5", "x.cfg:9", err), -1);
    TT_EQ(cfg_set(&c, "energy_ccu_read", "99999999999999999999999", "x.cfg:9", err), -1);
    TT_CHECK(strstr(err, "out of range") != NULL);
    /* not hardware: the hash of the generated RTL does not move */
    cfg_t d;
    cfg_defaults(&d);
    TT_EQ(cfg_hash(&c), cfg_hash(&d));
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    TT_CHECK(f != NULL);
    if (!f) return;
    cfg_write(&c, f, "", 0);
    fclose(f);
    TT_CHECK(strstr(buf, "\nenergy_latch = 0.125\n") != NULL);
    TT_CHECK(strstr(buf, "\nenergy_crossbar = 112.64\n") != NULL);
    TT_CHECK(strstr(buf, "\nenergy_bank_read = 320\n") != NULL);
    free(buf);
}

/* energy_table: a file name kept as written, in cfg_write's text, not hardware; an energy_*
 * key moved off its default beside it is refused (it would be ignored), at its default
 * (configs/default.cfg writes all six) it is not; a name too long for the field refused. */
static void test_table_key(void)
{
    cfg_t c, d;
    char err[CFG_ERR_LEN] = "", big[CFG_PATH_LEN + 8];
    cfg_defaults(&c);
    cfg_defaults(&d);
    TT_CHECK(c.energy_table[0] == '\0');
    TT_EQ(cfg_set(&c, "energy_table", "  configs/energy/45nm.ledger ", "x.cfg:2", err), 0);
    TT_CHECK(strcmp(c.energy_table, "configs/energy/45nm.ledger") == 0);
    TT_EQ(cfg_hash(&c), cfg_hash(&d));
    TT_EQ(cfg_set(&c, "energy_bank_read", "320", "x.cfg:3", err), 0);
    TT_EQ(cfg_validate(&c, "x.cfg", err), 0);
    TT_EQ(cfg_set(&c, "energy_bank_read", "300", "x.cfg:4", err), 0);
    TT_EQ(cfg_validate(&c, "x.cfg", err), -1);
    TT_CHECK(strncmp(err, "x.cfg:4: energy_bank_read = 300 beside energy_table", 51) == 0);
    TT_EQ(cfg_set(&c, "energy_table", "", "x.cfg:5", err), 0);
    TT_EQ(cfg_validate(&c, "x.cfg", err), 0);           /* no ledger: the key prices again */
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    TT_EQ(cfg_set(&c, "energy_table", big, "x.cfg:6", err), -1);
    TT_CHECK(strstr(err, "x.cfg:6: key 'energy_table'") && strstr(err, "too long"));
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    TT_CHECK(f != NULL);
    if (!f) return;
    TT_EQ(cfg_set(&d, "energy_table", "t.ledger", "x.cfg:7", err), 0);
    cfg_write(&d, f, "", 0);
    fclose(f);
    TT_CHECK(strstr(buf, "\nenergy_table = t.ledger\n") != NULL);
    free(buf);
}

/* The keys are per 1024-bit register: a 32-bit configuration pays 32/1024 of them. */
static void test_scales_with_data_bits(void)
{
    cfg_t c;
    cfg_defaults(&c);
    sc_stats st;
    memset(&st, 0, sizeof st);
    st.bank_reads = 10;
    energy_t e1, e2;
    energy_of(&c, &st, 10, &e1);
    TT_CHECK(e1.pj_per_inst == 320.0);                  /* 10 reads x 320 pJ / 10 */
    c.data_bits = 32;
    energy_of(&c, &st, 10, &e2);
    TT_CHECK(e2.pj_per_inst == 10.0);                   /* x 32 / 1024 */
    TT_CHECK(energy_per_access(&c, CFG_E_BANK_READ) == 10.0);
}

int main(void)
{
    TT_RUN(test_hand_worked);
    TT_RUN(test_reduction);
    TT_RUN(test_keys);
    TT_RUN(test_scales_with_data_bits);
    TT_RUN(test_table_key);
    TT_EXIT();
}
