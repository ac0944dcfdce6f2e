/* isa.c - SASS opcode -> execution class, flags and register widths (docs/trace.md). */
#include "isa.h"

#include <string.h>

#define ISA_MAX_TOK 16
#define ISA_TOK_LEN 32

typedef struct {
    unsigned n;
    char t[ISA_MAX_TOK][ISA_TOK_LEN];
} toks;

/* Execution classes by base opcode (Accel-Sim gpu-simulator/ISA_Def/<arch>_opcode.h units,
 * regrouped into trc_cls; docs/trace.md). Anything else is TRC_CLS_INT. */
static const char *const fp_ops[] = {
    "FADD", "FADD32I", "FCHK", "FCMP", "FFMA", "FFMA32I", "FMNMX", "FMUL", "FMUL32I", "FSEL",
    "FSET", "FSETP", "FSWZADD", "FSWZ", "HADD2", "HADD2_32I", "HFMA2", "HFMA2_32I", "HMUL2",
    "HMUL2_32I", "HSET2", "HSETP2", "HMNMX2", "FMNMX3", "FADD2", "FFMA2", "FMUL2",
    "VHMNMX", /* Hopper's FP16 3-input min/max: the fp16 pipe, as HMNMX2 */
    NULL};
static const char *const dp_ops[] = {"DADD", "DFMA", "DMUL", "DSETP", "DSET", "DMNMX", NULL};
static const char *const sfu_ops[] = {"MUFU", "RRO", "F2F", "F2FP", "F2I", "I2F", "I2I",
                                      "I2IP", "I2FP", "F2IP", "FRND", NULL};
/* TMA copies: Accel-Sim's trace parser reads a transfer list after their memory width. */
static const char *const tma_ops[] = {"UTMALDG", "UTMASTG", "UTMAPF", "UTMAREDG", "UBLKCP",
                                      "UBLKPF", "UBLKRED", NULL};

static const char *const ldst_ops[] = {
    "LD", "LDG", "LDL", "LDC", "ST", "STG", "STL", "ATOM", "ATOMG", "RED", "REDG", "CCTL",
    "CCTLL", "CCTLT", "LDGSTS", "TEX", "TLD", "TLD4", "TMML", "TXD", "TXQ", "TEXS", "TLDS",
    "TLD4S", "SULD", "SUST", "SUATOM", "SURED", "MEMBAR", "ERRBAR", "FENCE", "UTMALDG",
    "UTMASTG", "UBLKCP", "UBLKPF", "UBLKRED", "UTMAPF", "UTMAREDG", "UTMACCTL", "UTMACMDFLUSH",
    "LDGDEPBAR", "ARRIVES", "CGAERRBAR", "SUQUERY",
    "LDGMC", /* Hopper's reducing load (multimem.ld_reduce): a global load */
    NULL};
static const char *const shmem_ops[] = {"LDS", "STS", "ATOMS", "LDSM", "STSM", "STAS", NULL};
static const char *const tensor_ops[] = {"HMMA", "IMMA", "BMMA", "DMMA", "HGMMA", "IGMMA",
                                         "BGMMA", "QGMMA", "QMMA", NULL};
static const char *const branch_ops[] = {
    "BRA", "BRX", "BRXU", "JMP", "JMX", "JMXU", "CALL", "RET", "EXIT", "BSSY", "BSYNC",
    "BREAK", "BMOV", "BPT", "KILL", "NANOSLEEP", "RPCMOV", "RTT", "WARPSYNC", "YIELD", "BAR",
    "SSY", "SYNC", "PBK", "BRK", "PCNT", "CONT", "JCAL", "PRET", "PEXIT", "CAL", "ACQBULK",
    "UCGABAR_ARV", "UCGABAR_WAIT", NULL};

/* The integer, move, predicate and other opcodes of the SASS instruction sets of Volta to
 * Hopper (NVIDIA's CUDA Binary Utilities, "Instruction Set Reference") that fall into the
 * integer class: any other base opcode, outside the lists above and not a uniform-datapath
 * U* opcode, is unknown (isa_info.unknown; it is still timed as integer ALU). */
static const char *const int_ops[] = {
    "BMSK", "BREV", "FLO", "IABS", "IADD", "IADD3", "IADD32I", "IDP", "IDP4A", "IMAD",
    "IMADSP", "IMNMX", "IMUL", "IMUL32I", "ISCADD", "ISCADD32I", "ISETP", "ISET", "ICMP",
    "LEA", "LOP", "LOP3", "LOP32I", "POPC", "SHF", "SHL", "SHR", "BFE", "BFI", "XMAD",
    "VIADD", "VIADDMNMX", "VIMNMX", "VIMNMX3", "VABSDIFF", "VABSDIFF4", "VMAD", "VADD",
    "VSETP", "VSET", "VMNMX", "VSHL", "VSHR", "MOV", "MOV32I", "MOVM", "PRMT", "SEL",
    "SGXT", "SHFL", "P2R", "R2P", "R2B", "B2R", "CS2R", "S2R", "PLOP3", "PSETP", "PSET",
    "NOP", "VOTE", "MATCH", "REDUX", "DEPBAR", "ELECT", "ENDCOLLECTIVE", "GETLMEMBASE",
    "SETLMEMBASE", "LEPC", "PMTRIG", "SETCTAID", "SETCRSPTR", "GETCRSPTR", "CSMTEST",
    "SYNCS", "WARPGROUP", "WARPGROUPSET", "R2UR", "S2UR", "REDAS", "FENCE", "CCTL", "QSPC",
    "VOTE_VTG", "VOTEU", "PREEXIT",
    "REPLAY_START", "REPLAY_END", /* Accel-Sim's spin-loop markers (hopper_opcode.h), no-ops */
    NULL};

/* Memory operations whose data width comes from a .64/.128/... modifier. */
static const char *const load_ops[] = {"LD", "LDG", "LDL", "LDS", "LDC", "LDGMC", NULL};
static const char *const store_ops[] = {"ST", "STG", "STL", "STS", NULL};
static const char *const atom_ops[] = {"ATOM", "ATOMG", "ATOMS", "RED", "REDG", NULL};
/* 64-bit (register pair) address with .E: global and generic spaces. */
static const char *const wide_addr_ops[] = {"LD", "LDG", "ST", "STG", "ATOM", "ATOMG", "RED",
                                            "REDG", NULL};

static int in_list(const char *s, const char *const *list)
{
    for (unsigned i = 0; list[i]; i++)
        if (strcmp(s, list[i]) == 0) return 1;
    return 0;
}

static void split(const char *op, toks *t)
{
    t->n = 0;
    const char *p = op;
    while (*p && t->n < ISA_MAX_TOK) {
        const char *e = strchr(p, '.');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len > 0) {
            if (len >= ISA_TOK_LEN) len = ISA_TOK_LEN - 1;
            memcpy(t->t[t->n], p, len);
            t->t[t->n][len] = '\0';
            t->n++;
        }
        if (!e) break;
        p = e + 1;
    }
    if (t->n == 0) {
        t->t[0][0] = '\0';
        t->n = 1;
    }
}

static int has_mod(const toks *t, const char *m)
{
    for (unsigned i = 1; i < t->n; i++)
        if (strcmp(t->t[i], m) == 0) return 1;
    return 0;
}

static int all_digits(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

static unsigned small_num(const char *s)
{
    unsigned v = 0;
    for (; *s && v < 100000; s++) v = v * 10 + (unsigned)(*s - '0');
    return v;
}

static uint8_t clamp_w(unsigned w)
{
    return (uint8_t)(w < 1 ? 1 : w > 8 ? 8 : w);
}

/* The cycles a Hopper warpgroup MMA (HGMMA, IGMMA, QGMMA, BGMMA) holds its unit, from
 * the N of its MxNxK modifier, as Accel-Sim's trace_driven.cc: N / 2 from N = 64 on (a
 * warp's 16 rows of a 64 x N x K tile at the H100's tensor throughput), below it the
 * microbenchmarked table of hopper_opcode.h (N / 2 for an N it does not list); 0 when
 * there is no shape. */
static uint16_t gmma_cycles(const toks *t)
{
    static const unsigned small[][2] = {{56, 56}, {40, 20}, {32, 24}, {24, 12}, {16, 20}, {8, 18}};
    for (unsigned i = 1; i < t->n; i++) {
        unsigned v[3] = {0, 0, 0}, k = 0;
        const char *s = t->t[i];
        for (; *s && k < 3; s++) {
            if (*s >= '0' && *s <= '9') v[k] = v[k] < 100000 ? v[k] * 10 + (unsigned)(*s - '0') : v[k];
            else if (*s == 'x' && v[k]) k++;
            else break;
        }
        if (*s || k != 2 || !v[1] || !v[2]) continue;
        unsigned n = v[1];
        if (n >= 64) return (uint16_t)(n / 2 > 0xffff ? 0xffff : n / 2);
        for (unsigned j = 0; j < sizeof small / sizeof small[0]; j++)
            if (small[j][0] == n) return (uint16_t)small[j][1];
        return (uint16_t)(n / 2 ? n / 2 : 1);
    }
    return 0;
}

/* Data width of a memory op in registers, Accel-Sim style: the first all-digit modifier
 * (or U<bits>) gives bits; 4 bytes when none. */
static uint8_t mem_words(const toks *t)
{
    for (unsigned i = 1; i < t->n; i++) {
        const char *m = t->t[i];
        if (all_digits(m)) return clamp_w(small_num(m) / 32);
        if (m[0] == 'U' && all_digits(m + 1)) return clamp_w(small_num(m + 1) / 32);
    }
    return 1;
}

/* Registers of a 64-bit type modifier (F64, S64, U64) vs 32-bit and smaller. */
static int type_words(const char *m)
{
    if (strcmp(m, "F64") == 0 || strcmp(m, "S64") == 0 || strcmp(m, "U64") == 0) return 2;
    if (strcmp(m, "F32") == 0 || strcmp(m, "S32") == 0 || strcmp(m, "U32") == 0 ||
        strcmp(m, "F16") == 0 || strcmp(m, "BF16") == 0 || strcmp(m, "S16") == 0 ||
        strcmp(m, "U16") == 0 || strcmp(m, "S8") == 0 || strcmp(m, "U8") == 0 ||
        strcmp(m, "TF32") == 0 || strcmp(m, "E4M3") == 0 || strcmp(m, "E5M2") == 0)
        return 1;
    return 0;
}

/* A float type modifier (F16, BF16, TF32, F32, F64, FP8 kinds) vs an integer one. */
static int is_float_type(const char *m)
{
    return m[0] == 'F' || m[0] == 'E' || strcmp(m, "BF16") == 0 || strcmp(m, "TF32") == 0;
}

/* Conversions. I2F: the float type is the destination, the integer type the source; F2I the
 * other way round (so a single type such as I2F.S64 or F2I.F64 lands on the right side);
 * F2F, I2I and the rest: the first type is the destination, the second the source; FRND
 * keeps its type. */
static void conv_widths(const toks *t, isa_info *o)
{
    const char *b = t->t[0];
    int i2f = strcmp(b, "I2F") == 0 || strcmp(b, "I2FP") == 0;
    int f2i = strcmp(b, "F2I") == 0 || strcmp(b, "F2IP") == 0;
    int seen = 0;
    for (unsigned i = 1; i < t->n; i++) {
        int w = type_words(t->t[i]);
        if (!w) continue;
        if (i2f || f2i) {
            int to_dst = is_float_type(t->t[i]) == i2f;
            if (to_dst) o->dst_w = (uint8_t)w;
            else o->src_w[0] = (uint8_t)w;
        } else if (seen == 0) {
            o->dst_w = (uint8_t)w;
            if (strcmp(b, "FRND") == 0) o->src_w[0] = (uint8_t)w;
        } else if (seen == 1) {
            o->src_w[0] = (uint8_t)w;
        }
        seen++;
    }
}

/* Matrix shape from a modifier like 16816 (m16 n8 k16), 1688, 884, 16832, 8816. */
static int mma_shape(const toks *t, unsigned *m, unsigned *n, unsigned *k)
{
    for (unsigned i = 1; i < t->n; i++) {
        const char *s = t->t[i];
        if (!all_digits(s)) continue;
        if (strncmp(s, "168", 3) == 0 && s[3]) {
            *m = 16, *n = 8, *k = small_num(s + 3);
        } else if (strncmp(s, "88", 2) == 0 && s[2]) {
            *m = 8, *n = 8, *k = small_num(s + 2);
        } else {
            continue;
        }
        return *k > 0 && *k <= 512;
    }
    return 0;
}

/* Registers per thread of an m x n fragment of `bits`-bit elements over 32 threads. */
static uint8_t frag_words(unsigned rows, unsigned cols, unsigned bits)
{
    unsigned w = (rows * cols * bits + 1023) / 1024;
    return clamp_w(w);
}

/* Tensor-core widths: D and C (accumulator), A, B (docs/trace.md). */
static void mma_widths(const toks *t, isa_info *o)
{
    const char *b = t->t[0];
    unsigned m, n, k;
    if (!mma_shape(t, &m, &n, &k)) return;
    unsigned in_bits = 16, acc_bits = 32;
    if (strcmp(b, "HMMA") == 0) {
        acc_bits = 16;
        for (unsigned i = 1; i < t->n; i++) {  /* first type after the shape: accumulator */
            if (strcmp(t->t[i], "F32") == 0) { acc_bits = 32; break; }
            if (strcmp(t->t[i], "F16") == 0) break;
        }
        if (has_mod(t, "TF32")) in_bits = 32;
        if (m == 8 && k == 4) {  /* Volta m8n8k4: fragments per PTX mma.m8n8k4 */
            uint8_t acc = has_mod(t, "STEP0") || has_mod(t, "STEP1") || has_mod(t, "STEP2") ||
                                  has_mod(t, "STEP3")
                              ? 2 : (acc_bits == 32 ? 8 : 4);
            o->dst_w = acc;
            o->src_w[0] = 2, o->src_w[1] = 2, o->src_w[2] = acc;
            return;
        }
    } else if (strcmp(b, "QMMA") == 0) {  /* Ada/Hopper FP8 (E4M3, E5M2) inputs */
        in_bits = 8;
        acc_bits = has_mod(t, "F16") ? 16 : 32;
    } else if (strcmp(b, "IMMA") == 0) {
        in_bits = (has_mod(t, "S4") || has_mod(t, "U4")) ? 4 : 8;
    } else if (strcmp(b, "BMMA") == 0) {
        in_bits = 1;
    } else if (strcmp(b, "DMMA") == 0) {
        in_bits = 64, acc_bits = 64;
    }
    o->dst_w = frag_words(m, n, acc_bits);
    o->src_w[0] = frag_words(m, k, in_bits);
    o->src_w[1] = frag_words(k, n, in_bits);
    o->src_w[2] = o->dst_w;
}

static void mem_widths(const toks *t, isa_info *o)
{
    const char *b = t->t[0];
    uint8_t w = mem_words(t);
    if (in_list(b, wide_addr_ops) && has_mod(t, "E")) o->src_w[0] = 2;
    if (in_list(b, load_ops)) {
        o->dst_w = w;
    } else if (in_list(b, store_ops)) {
        o->src_w[1] = w;
    } else if (in_list(b, atom_ops)) {
        o->dst_w = w;
        o->src_w[1] = w;
        if (has_mod(t, "CAS")) o->src_w[2] = w;
    } else if (strcmp(b, "LDSM") == 0) {  /* ldmatrix .x1/.x2/.x4: one register each */
        unsigned last = small_num(t->t[t->n - 1]);
        if (all_digits(t->t[t->n - 1]) && (last == 1 || last == 2 || last == 4))
            o->dst_w = (uint8_t)last;
    } else if (strcmp(b, "LDGSTS") == 0) {  /* [shared addr], [global addr]: pair with .E */
        o->src_w[0] = 1;
        if (has_mod(t, "E")) o->src_w[1] = 2;
    }
}

void isa_decode(const char *opcode, isa_info *o)
{
    toks t;
    split(opcode, &t);
    const char *b = t.t[0];
    memset(o, 0, sizeof *o);
    o->dst_w = 1;
    for (unsigned i = 0; i < TRC_MAX_LISTED; i++) o->src_w[i] = 1;

    if (in_list(b, fp_ops)) o->cls = TRC_CLS_FP;
    else if (in_list(b, dp_ops)) o->cls = TRC_CLS_DP;
    else if (in_list(b, sfu_ops)) o->cls = TRC_CLS_SFU;
    else if (in_list(b, ldst_ops)) o->cls = TRC_CLS_LDST;
    else if (in_list(b, shmem_ops)) o->cls = TRC_CLS_SHMEM;
    else if (in_list(b, tensor_ops)) o->cls = TRC_CLS_TENSOR;
    else if (in_list(b, branch_ops)) o->cls = TRC_CLS_BRANCH;
    else {
        o->cls = TRC_CLS_INT;
        o->unknown = !in_list(b, int_ops) && b[0] != 'U'; /* U*: the uniform datapath */
    }

    if (strcmp(b, "EXIT") == 0) o->flags |= TRC_F_EXIT;
    if (strcmp(b, "LDL") == 0 || strcmp(b, "STL") == 0) o->flags |= TRC_F_LOCAL;
    if (strcmp(b, "LDGSTS") == 0) o->flags |= TRC_F_CPCOPY;
    if (strcmp(b, "LDGDEPBAR") == 0) o->flags |= TRC_F_CPCLOSE;
    if (strcmp(b, "DEPBAR") == 0) o->flags |= TRC_F_DEPBAR; /* every form, as Accel-Sim */
    if (strcmp(b, "WARPGROUP") == 0 && has_mod(&t, "DEPBAR")) { /* trace_driven.cc: a DEPBAR
                                                                  for the GMMA groups */
        o->flags |= TRC_F_DEPBAR;
        o->wgwait = 1;
    }
    o->tma = (uint8_t)in_list(b, tma_ops);
    o->generic = strcmp(b, "LD") == 0 || strcmp(b, "ST") == 0;
    if ((strcmp(b, "LDG") == 0 || strcmp(b, "LD") == 0 || strcmp(b, "LDL") == 0 ||
         strcmp(b, "LDGSTS") == 0) &&
        (has_mod(&t, "BYPASS") || (has_mod(&t, "STRONG") && (has_mod(&t, "GPU") || has_mod(&t, "SYS")))))
        o->flags |= TRC_F_L1BYPASS; /* trace_driven.cc: cache_op = CACHE_GLOBAL */
    if (strcmp(b, "BAR") == 0 && (has_mod(&t, "SYNC") || has_mod(&t, "RED")))
        o->flags |= TRC_F_BARRIER;
    if (strcmp(b, "BAR") == 0 && has_mod(&t, "ARV")) { /* arrives, does not wait */
        o->flags |= TRC_F_BARRIER;
        o->bar_arv = 1;
    }

    if (o->cls == TRC_CLS_SHMEM) o->mspace = TRC_M_SHARED;
    else if (o->cls == TRC_CLS_LDST) {
        if (strcmp(b, "LDC") == 0) o->mspace = TRC_M_CONST;
        else if (in_list(b, load_ops)) o->mspace = TRC_M_LOAD;
        else if (in_list(b, store_ops)) o->mspace = TRC_M_STORE;
        else if (in_list(b, atom_ops)) o->mspace = TRC_M_ATOMIC;
        else o->mspace = TRC_M_OTHER;
    }
    if (o->cls == TRC_CLS_LDST || o->cls == TRC_CLS_SHMEM) {
        mem_widths(&t, o);
    } else if (o->cls == TRC_CLS_DP) {
        for (unsigned i = 0; i < TRC_MAX_LISTED; i++) o->src_w[i] = 2;
        o->dst_w = (strcmp(b, "DSET") == 0 || strcmp(b, "DSETP") == 0) ? 1 : 2;
    } else if (o->cls == TRC_CLS_SFU && strcmp(b, "MUFU") != 0 && strcmp(b, "RRO") != 0) {
        conv_widths(&t, o);
    } else if (o->cls == TRC_CLS_TENSOR) {
        mma_widths(&t, o);
        size_t bl = strlen(b);
        if (bl >= 4 && strcmp(b + bl - 4, "GMMA") == 0) o->unit_cycles = gmma_cycles(&t);
    } else if ((strcmp(b, "IMAD") == 0 || strcmp(b, "IADD") == 0) && has_mod(&t, "WIDE")) {
        o->dst_w = 2;
        o->src_w[2] = 2;
    }
}
