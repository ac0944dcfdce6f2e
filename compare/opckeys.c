/* opckeys.c - the comparison designs' key table (opckeys.h) and checks. */
#include "opckeys.h"

#include <stddef.h>

enum {
    KI_OPERAND_CACHE, KI_BOW_WINDOW, KI_RFC_ENTRIES, KI_RFC_ACTIVE, KI_REUSE_READ,
    KI_REUSE_BITS, KI_COUNT
};
_Static_assert(KI_COUNT <= OPCK_MAX_KEYS, "OPCK_MAX_KEYS too small");

static const char *const opc_words[] = {"none", "reuse", "bow", "bow_wr", "rfc", "proto",
                                        "gto_any", "gto_own", NULL};

#define F(f) offsetof(opc_keys, f)
#define U(n, f, l, h, d, nt) {n, CFG_K_UINT, F(f), l, h, d, NULL, NULL, nt, 0, NULL, 0, 0}

static const cfg_key keys[KI_COUNT] = {
    [KI_OPERAND_CACHE] = {"operand_cache", CFG_K_WORDS, F(operand_cache), 0, 7, 0, NULL, NULL,
                          NULL, 0, opc_words, 0, 0},
    [KI_BOW_WINDOW] = U("bow_window", bow_window, 2, 8, 3, NULL),
    [KI_RFC_ENTRIES] = U("rfc_entries", rfc_entries, 0, 64, 6, ", 0: the two-level scheduler alone"),
    [KI_RFC_ACTIVE] = U("rfc_active", rfc_active, 1, CFG_MAX_W, 2, ", and <= warps"),
    [KI_REUSE_READ] = {"reuse_read", CFG_K_ENUM, F(reuse_direct), 0, 1, 0, "ocu", "direct", NULL,
                       0, NULL, 0, 0},
    [KI_REUSE_BITS] = {"reuse_bits", CFG_K_ENUM, F(reuse_bits), 0, 1, 1, "off", "on", NULL, 0,
                       NULL, 0, 0},
};

static const cfg_table table = {keys, KI_COUNT};

cfg_part opck_part(opc_keys *k) { return (cfg_part){&table, k, k->origin}; }

const char *opck_name(unsigned operand_cache)
{
    return operand_cache <= OPC_GTO_OWN ? opc_words[operand_cache] : "?";
}

int opck_check(const opc_keys *k, const cfg_t *hw, const char *path, char *err)
{
    char wh[320];
    unsigned o[3];
    const char *name = opck_name(k->operand_cache);
    o[0] = k->origin[KI_OPERAND_CACHE];
    if (k->operand_cache != OPC_NONE && hw->caching) {
        o[1] = cfg_hw_origin(hw, "caching");
        return cfg_fail(err, "%s: operand_cache = %s is a comparison design on the baseline "
                        "collectors (allowed: caching = off, or operand_cache = none)",
                        cfg_where(path, o, 2, wh, sizeof wh), name);
    }
    if (k->operand_cache == OPC_RFC && k->rfc_active > hw->warps) {
        o[0] = k->origin[KI_RFC_ACTIVE], o[1] = cfg_hw_origin(hw, "warps");
        return cfg_fail(err, "%s: rfc_active = %u must be <= warps = %u (allowed: 1..%u)",
                        cfg_where(path, o, 2, wh, sizeof wh), k->rfc_active, hw->warps,
                        hw->warps);
    }
    if ((k->reuse_direct || !k->reuse_bits) && k->operand_cache != OPC_REUSE) {
        o[1] = k->reuse_direct ? k->origin[KI_REUSE_READ] : k->origin[KI_REUSE_BITS];
        return cfg_fail(err, "%s: %s is a setting of NVIDIA's reuse cache (allowed: "
                        "operand_cache = reuse, or reuse_read = ocu and reuse_bits = on)",
                        cfg_where(path, o, 2, wh, sizeof wh),
                        k->reuse_direct ? "reuse_read = direct" : "reuse_bits = off");
    }
    if ((k->operand_cache == OPC_BOW || k->operand_cache == OPC_BOW_WR) &&
        hw->ccus != hw->warps) {
        o[1] = cfg_hw_origin(hw, "ccus"), o[2] = cfg_hw_origin(hw, "warps");
        return cfg_fail(err, "%s: operand_cache = %s dedicates a collector to each warp (ccus "
                        "= %u, warps = %u; allowed: ccus = %u)",
                        cfg_where(path, o, 3, wh, sizeof wh), name, hw->ccus, hw->warps,
                        hw->warps);
    }
    return 0;
}
