/* adv.c - adversarial input generator (see adv.h). */
#include <stdlib.h>
#include <string.h>
#include "adv.h"
#include "rng.h"

struct adv {
    cfg_t c;
    rng_t rng;
    unsigned words;
    uint64_t last_mask;
    uint32_t tag_mask;
    unsigned run_left;   /* cycles left in the current disp_ready run */
    uint8_t run_level;   /* disp_ready during the run */
    unsigned valid_pct;  /* this stretch's probability of an inst_valid, changes slowly */
};

adv_t *adv_create(const cfg_t *c, unsigned long seed)
{
    adv_t *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->c = *c;
    a->words = (c->data_bits + 63) / 64;
    if (a->words < 1) a->words = 1;
    if (a->words > CFG_MAX_WORDS) a->words = CFG_MAX_WORDS;
    a->last_mask = (c->data_bits % 64) ? ((1ULL << (c->data_bits % 64)) - 1) : ~0ULL;
    a->tag_mask = c->tag_bits >= 32 ? 0xffffffffu : (uint32_t)((1ULL << c->tag_bits) - 1);
    rng_seed(&a->rng, rng_mix64((uint64_t)seed) ^ 0x4144560000000000ULL);
    a->run_level = 1;
    a->valid_pct = 50;
    return a;
}

void adv_destroy(adv_t *a)
{
    free(a);
}

/* A value in [0, n): often an edge (0 or n-1), else uniform. */
static unsigned pick(adv_t *a, unsigned n)
{
    if (n <= 1) return 0;
    switch (rng_below(&a->rng, 8)) {
    case 0: return 0;
    case 1: return n - 1;
    default: return (unsigned)rng_below(&a->rng, n);
    }
}

/* Random data, masked; sometimes all-zero or all-ones patterns. */
static void fill_data(adv_t *a, uint64_t *v)
{
    unsigned kind = (unsigned)rng_below(&a->rng, 8);
    for (unsigned k = 0; k < a->words; k++)
        v[k] = kind == 0 ? 0 : kind == 1 ? ~0ULL : rng_next(&a->rng);
    v[a->words - 1] &= a->last_mask;
}

static void fill_issue(adv_t *a, sc_in *in)
{
    unsigned warps = a->c.warps < CFG_MAX_W ? a->c.warps : CFG_MAX_W;
    unsigned slots = a->c.slots < CFG_MAX_S ? a->c.slots : CFG_MAX_S;
    if (rng_below(&a->rng, 64) == 0) a->valid_pct = (unsigned)rng_below(&a->rng, 101);
    for (unsigned w = 0; w < warps; w++) {
        in->inst_valid[w] = (uint8_t)rng_pct(&a->rng, a->valid_pct);
        in->inst_tag[w] = (uint32_t)rng_next(&a->rng) & a->tag_mask;
        for (unsigned s = 0; s < slots; s++) {
            in->inst_src_valid[w][s] = (uint8_t)(rng_below(&a->rng, 4) != 0);
            if (s > 0 && rng_below(&a->rng, 4) == 0)
                in->inst_src_reg[w][s] = in->inst_src_reg[w][rng_below(&a->rng, s)];
            else
                in->inst_src_reg[w][s] = (uint16_t)pick(a, a->c.regs);
            in->inst_src_near[w][s] = (uint8_t)rng_below(&a->rng, 2);
        }
    }
}

static void fill_wb(adv_t *a, sc_in *in)
{
    unsigned ports = a->c.wb_ports < CFG_MAX_P ? a->c.wb_ports : CFG_MAX_P;
    unsigned banks = a->c.banks ? a->c.banks : 1;
    for (unsigned p = 0; p < ports; p++) {
        in->wb_valid[p] = (uint8_t)(rng_below(&a->rng, 4) != 0);
        in->wb_wid[p] = (uint16_t)pick(a, a->c.warps);
        in->wb_reg[p] = (uint16_t)pick(a, a->c.regs);
        if (p > 0 && rng_below(&a->rng, 3) == 0) {
            /* same bank as an earlier port (D-1: bank = (reg + wid) mod B): any warp,
             * any register of that residue; else the very same warp and register */
            unsigned q = (unsigned)rng_below(&a->rng, p);
            unsigned bank = (in->wb_reg[q] + in->wb_wid[q]) % banks;
            unsigned w = pick(a, a->c.warps);
            unsigned base = (bank + banks - w % banks) % banks;
            if (base < a->c.regs && rng_below(&a->rng, 4) != 0) {
                unsigned steps = (a->c.regs - 1 - base) / banks; /* base + k*B < regs */
                in->wb_wid[p] = (uint16_t)w;
                in->wb_reg[p] = (uint16_t)(base + banks * (unsigned)rng_below(&a->rng, steps + 1));
            } else {
                in->wb_wid[p] = in->wb_wid[q];
                in->wb_reg[p] = in->wb_reg[q];
            }
        }
        in->wb_near[p] = (uint8_t)rng_below(&a->rng, 2);
        fill_data(a, in->wb_data[p]);
    }
}

void adv_inputs(adv_t *a, sc_in *in)
{
    memset(in, 0, sizeof *in);
    while (a->run_left == 0) {
        a->run_level = (uint8_t)(rng_below(&a->rng, 3) != 0); /* high 2/3 of the runs */
        a->run_left = (unsigned)rng_below(&a->rng, ADV_MAX_RUN + 1);
    }
    a->run_left--;
    in->disp_ready = a->run_level;
    fill_issue(a, in);
    fill_wb(a, in);
}
