/* mlk_model.c - the model as a library for a testbench (see mlk_model.h). */
#include "mlk_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cfg.h"
#include "simcfg.h"
#include "dbg.h"

struct mlk_model {
    cfg_t c;
    sc_t *m;
    sc_out out;            /* the model's outputs of the last clock */
    unsigned words;        /* 64-bit words of a register value */
    uint64_t last_mask;    /* valid bits of its last word */
    uint32_t *state;       /* scratch: the model's packed state */
};

mlk_model *mlk_create(const char *config, char *err, unsigned errlen)
{
    char e[CFG_ERR_LEN] = "";
    mlk_model *x = calloc(1, sizeof *x);
    if (!x) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (simcfg_hw_file(&x->c, config, e)) {
        snprintf(err, errlen, "%s", e);
        free(x);
        return NULL;
    }
    x->m = sc_create(&x->c);
    x->words = (x->c.data_bits + 63) / 64;
    x->last_mask = x->c.data_bits % 64 ? (1ull << (x->c.data_bits % 64)) - 1 : ~0ull;
    if (x->m) x->state = calloc((sc_dbg_width(x->m) + 31) / 32 + 1, sizeof *x->state);
    if (!x->m || !x->state) {
        snprintf(err, errlen, "out of memory (the model of %s)", config ? config : "(defaults)");
        mlk_free(x);
        return NULL;
    }
    return x;
}

void mlk_step(mlk_model *x, const sc_in *in, sc_out *out)
{
    sc_step(x->m, in, &x->out);
    if (out) *out = x->out;
}

unsigned mlk_state_bits(const mlk_model *x)
{
    return sc_dbg_width(x->m);
}

void mlk_state(const mlk_model *x, uint32_t *words)
{
    sc_dbg_pack(x->m, words);
}

/* One differing output: the message, 1. */
static int out_diff(char *msg, unsigned len, const char *port, int idx, unsigned long long exp,
                    unsigned long long act)
{
    char name[64];
    if (idx >= 0) snprintf(name, sizeof name, "%s[%d]", port, idx);
    else snprintf(name, sizeof name, "%s", port);
    snprintf(msg, len, "output %s: expected 0x%llx (model), actual 0x%llx (RTL)", name, exp, act);
    return 1;
}

int mlk_compare_outputs(const mlk_model *x, const sc_out *r, char *msg, unsigned len)
{
    const sc_out *e = &x->out;
    if (e->issue_valid != r->issue_valid) return out_diff(msg, len, "issue_valid_o", -1, e->issue_valid, r->issue_valid);
    if (e->issue_wid != r->issue_wid) return out_diff(msg, len, "issue_wid_o", -1, e->issue_wid, r->issue_wid);
    for (unsigned p = 0; p < x->c.wb_ports; p++)
        if (e->wb_ready[p] != r->wb_ready[p]) return out_diff(msg, len, "wb_ready_o", (int)p, e->wb_ready[p], r->wb_ready[p]);
    if (e->disp_valid != r->disp_valid) return out_diff(msg, len, "disp_valid_o", -1, e->disp_valid, r->disp_valid);
    if (e->disp_wid != r->disp_wid) return out_diff(msg, len, "disp_wid_o", -1, e->disp_wid, r->disp_wid);
    if (e->disp_tag != r->disp_tag) return out_diff(msg, len, "disp_tag_o", -1, e->disp_tag, r->disp_tag);
    for (unsigned s = 0; s < x->c.slots; s++) {
        if (e->disp_src_valid[s] != r->disp_src_valid[s])
            return out_diff(msg, len, "disp_src_valid_o", (int)s, e->disp_src_valid[s], r->disp_src_valid[s]);
        if (!e->disp_src_valid[s]) continue;
        for (unsigned k = 0; k < x->words; k++) {
            uint64_t mask = k + 1 == x->words ? x->last_mask : ~0ull;
            if ((e->disp_src_data[s][k] ^ r->disp_src_data[s][k]) & mask) {
                char port[48];
                snprintf(port, sizeof port, "disp_src_data_o[%u] word", s);
                return out_diff(msg, len, port, (int)k, e->disp_src_data[s][k] & mask,
                                r->disp_src_data[s][k] & mask);
            }
        }
    }
    return 0;
}

/* Bits [lsb, lsb + w) of a packed vector as hex (at most 64 bits shown). */
static unsigned long long field_of(const uint32_t *v, unsigned lsb, unsigned w)
{
    unsigned long long x = 0;
    for (unsigned i = 0; i < w && i < 64; i++)
        x |= (unsigned long long)(v[(lsb + i) / 32] >> ((lsb + i) % 32) & 1u) << i;
    return x;
}

int mlk_compare_state(const mlk_model *x, const uint32_t *rtl, char *msg, unsigned len)
{
    unsigned n = sc_dbg_width(x->m);
    sc_dbg_pack(x->m, x->state);
    for (unsigned wd = 0; wd < (n + 31) / 32; wd++) {
        uint32_t mask = wd == n / 32 && n % 32 ? (1u << (n % 32)) - 1u : ~0u;
        uint32_t d = (x->state[wd] ^ rtl[wd]) & mask;
        if (!d) continue;
        unsigned bit = wd * 32 + (unsigned)__builtin_ctz(d), lsb = bit, w = 1;
        char name[128] = "?";
        sc_dbg_field(x->m, bit, name, sizeof name, &lsb, &w);
        snprintf(msg, len, "dbg_state_o.%s (bits %u +: %u; first differing bit %u): expected "
                 "0x%llx (model), actual 0x%llx (RTL)%s", name, lsb, w, bit,
                 field_of(x->state, lsb, w), field_of(rtl, lsb, w), w > 64 ? " (low 64 bits)" : "");
        return 1;
    }
    return 0;
}

sc_t *mlk_sc(mlk_model *x)
{
    return x->m;
}

void mlk_free(mlk_model *x)
{
    if (!x) return;
    sc_destroy(x->m);
    free(x->state);
    free(x);
}
