/* test_isa.c - every opcode of the Volta, Turing, Ampere, Ada and Hopper SASS instruction
 * sets, as Accel-Sim's opcode tables list them, has a class in trace/isa.c (the class is
 * the execution unit and the latency the timing model gives it, cfg exec[cls]), is not
 * flagged unknown, and the class agrees with the unit Accel-Sim gives it.
 *
 * The tables below are the opcode names and units of accel-sim/accel-sim-framework
 * gpu-simulator/ISA_Def/{volta,turing,ampere}_opcode.h at commit
 * 4a90ea76a0841b755dccb82cf9824256c966a982 (branch
 * dev) and hopper_opcode.h at ebf11863ec9717089e5d3fedfc2198f10372d0df. Accel-Sim has no
 * table of its own for Ada (sm_89): NVIDIA's CUDA Binary Utilities list Ampere and Ada as
 * one instruction set, so Ada is Ampere's table plus QMMA (Ada's FP8 mma.sync). */
#include <stdio.h>
#include <string.h>

#include "isa.h"
#include "trc.h"
#include "tt.h"

/* Accel-Sim's units, grouped (trace_opcode.h): SP_OP, DP_OP, SFU_OP, INTP_OP, ALU_OP (its
 * catch-all: moves, conversions, constant loads, surface ops, ...), LOAD/STORE/
 * MEMORY_BARRIER/TMA/FENCE/ARRIVES/STAS_OP, SPECIALIZED_UNIT_1 with EXIT_OPS and
 * BARRIER_OP (control), _2 (texture), _3 and _5 (tensor cores), _4 (uniform datapath),
 * SYNCS_OP (mbarrier operations). */
enum { U_SP, U_DP, U_SFU, U_INT, U_ALU, U_MEM, U_CTRL, U_TEX, U_TENSOR, U_UNIFORM, U_SYNC };

typedef struct {
    const char *op;
    int unit;
} fam_op;

static const fam_op volta_ops[] = {
    {"FADD", U_SP}, {"FADD32I", U_SP}, {"FCHK", U_SP}, {"FFMA32I", U_SP}, {"FFMA", U_SP},
    {"FMNMX", U_SP}, {"FMUL", U_SP}, {"FMUL32I", U_SP}, {"FSEL", U_SP}, {"FSET", U_SP},
    {"FSETP", U_SP}, {"FSWZADD", U_SP}, {"MUFU", U_SFU}, {"HADD2", U_SP}, {"HADD2_32I", U_SP},
    {"HFMA2", U_SP}, {"HFMA2_32I", U_SP}, {"HMUL2", U_SP}, {"HMUL2_32I", U_SP},
    {"HSET2", U_SP}, {"HSETP2", U_SP}, {"HMMA", U_TENSOR}, {"DADD", U_DP}, {"DFMA", U_DP},
    {"DMUL", U_DP}, {"DSETP", U_DP}, {"BMSK", U_INT}, {"BREV", U_INT}, {"FLO", U_INT},
    {"IABS", U_INT}, {"IADD", U_INT}, {"IADD3", U_INT}, {"IADD32I", U_INT}, {"IDP", U_INT},
    {"IDP4A", U_INT}, {"IMAD", U_INT}, {"IMMA", U_INT}, {"IMNMX", U_INT}, {"IMUL", U_INT},
    {"IMUL32I", U_INT}, {"ISCADD", U_INT}, {"ISCADD32I", U_INT}, {"ISETP", U_INT},
    {"LEA", U_INT}, {"LOP", U_INT}, {"LOP3", U_INT}, {"LOP32I", U_INT}, {"POPC", U_INT},
    {"SHF", U_INT}, {"SHR", U_INT}, {"VABSDIFF", U_INT}, {"VABSDIFF4", U_INT}, {"F2F", U_ALU},
    {"F2I", U_ALU}, {"I2F", U_ALU}, {"I2I", U_ALU}, {"I2IP", U_ALU}, {"FRND", U_ALU},
    {"MOV", U_ALU}, {"MOV32I", U_ALU}, {"PRMT", U_ALU}, {"SEL", U_ALU}, {"SGXT", U_ALU},
    {"SHFL", U_ALU}, {"PLOP3", U_ALU}, {"PSETP", U_ALU}, {"P2R", U_ALU}, {"R2P", U_ALU},
    {"LD", U_MEM}, {"LDC", U_ALU}, {"LDG", U_MEM}, {"LDL", U_MEM}, {"LDS", U_MEM},
    {"ST", U_MEM}, {"STG", U_MEM}, {"STL", U_MEM}, {"STS", U_MEM}, {"MATCH", U_ALU},
    {"QSPC", U_ALU}, {"ATOM", U_MEM}, {"ATOMS", U_MEM}, {"ATOMG", U_MEM}, {"RED", U_MEM},
    {"CCTL", U_ALU}, {"CCTLL", U_ALU}, {"ERRBAR", U_ALU}, {"MEMBAR", U_MEM}, {"CCTLT", U_ALU},
    {"TEX", U_TEX}, {"TLD", U_TEX}, {"TLD4", U_TEX}, {"TMML", U_TEX}, {"TXD", U_TEX},
    {"TXQ", U_TEX}, {"BMOV", U_CTRL}, {"BPT", U_CTRL}, {"BRA", U_CTRL}, {"BREAK", U_CTRL},
    {"BRX", U_CTRL}, {"BSSY", U_CTRL}, {"BSYNC", U_CTRL}, {"CALL", U_CTRL}, {"EXIT", U_CTRL},
    {"JMP", U_CTRL}, {"JMX", U_CTRL}, {"KILL", U_CTRL}, {"NANOSLEEP", U_CTRL}, {"RET", U_CTRL},
    {"RPCMOV", U_CTRL}, {"RTT", U_CTRL}, {"WARPSYNC", U_CTRL}, {"YIELD", U_CTRL},
    {"B2R", U_ALU}, {"BAR", U_CTRL}, {"CS2R", U_ALU}, {"CSMTEST", U_ALU}, {"DEPBAR", U_ALU},
    {"GETLMEMBASE", U_ALU}, {"LEPC", U_ALU}, {"NOP", U_ALU}, {"PMTRIG", U_ALU}, {"R2B", U_ALU},
    {"S2R", U_ALU}, {"SETCTAID", U_ALU}, {"SETLMEMBASE", U_ALU}, {"VOTE", U_ALU},
    {"VOTE_VTG", U_ALU},
    {NULL, 0}};

static const fam_op turing_ops[] = {
    {"FADD", U_SP}, {"FADD32I", U_SP}, {"FCHK", U_SP}, {"FFMA32I", U_SP}, {"FFMA", U_SP},
    {"FMNMX", U_SP}, {"FMUL", U_SP}, {"FMUL32I", U_SP}, {"FSEL", U_SP}, {"FSET", U_SP},
    {"FSETP", U_SP}, {"FSWZADD", U_SP}, {"MUFU", U_SFU}, {"HADD2", U_SP}, {"HADD2_32I", U_SP},
    {"HFMA2", U_SP}, {"HFMA2_32I", U_SP}, {"HMUL2", U_SP}, {"HMUL2_32I", U_SP},
    {"HSET2", U_SP}, {"HSETP2", U_SP}, {"HMMA", U_TENSOR}, {"BMMA", U_TENSOR},
    {"IMMA", U_TENSOR}, {"DADD", U_DP}, {"DFMA", U_DP}, {"DMUL", U_DP}, {"DSETP", U_DP},
    {"BMSK", U_INT}, {"BREV", U_INT}, {"FLO", U_INT}, {"IABS", U_INT}, {"IADD", U_INT},
    {"IADD3", U_INT}, {"IADD32I", U_INT}, {"IDP", U_INT}, {"IDP4A", U_INT}, {"IMAD", U_INT},
    {"IMNMX", U_INT}, {"IMUL", U_INT}, {"IMUL32I", U_INT}, {"ISCADD", U_INT},
    {"ISCADD32I", U_INT}, {"ISETP", U_INT}, {"LEA", U_INT}, {"LOP", U_INT}, {"LOP3", U_INT},
    {"LOP32I", U_INT}, {"POPC", U_INT}, {"SHF", U_INT}, {"SHL", U_INT}, {"SHR", U_INT},
    {"VABSDIFF", U_INT}, {"VABSDIFF4", U_INT}, {"F2F", U_ALU}, {"F2FP", U_ALU}, {"F2I", U_ALU},
    {"I2F", U_ALU}, {"I2I", U_ALU}, {"I2IP", U_ALU}, {"FRND", U_ALU}, {"MOV", U_ALU},
    {"MOV32I", U_ALU}, {"MOVM", U_ALU}, {"PRMT", U_ALU}, {"SEL", U_ALU}, {"SGXT", U_ALU},
    {"SHFL", U_ALU}, {"PLOP3", U_ALU}, {"PSETP", U_ALU}, {"P2R", U_ALU}, {"R2P", U_ALU},
    {"LD", U_MEM}, {"LDC", U_ALU}, {"LDG", U_MEM}, {"LDL", U_MEM}, {"LDS", U_MEM},
    {"LDSM", U_MEM}, {"ST", U_MEM}, {"STG", U_MEM}, {"STL", U_MEM}, {"STS", U_MEM},
    {"MATCH", U_ALU}, {"QSPC", U_ALU}, {"ATOM", U_MEM}, {"ATOMS", U_MEM}, {"ATOMG", U_MEM},
    {"RED", U_MEM}, {"CCTL", U_ALU}, {"CCTLL", U_ALU}, {"ERRBAR", U_ALU}, {"MEMBAR", U_MEM},
    {"CCTLT", U_ALU}, {"R2UR", U_UNIFORM}, {"S2UR", U_UNIFORM}, {"UBMSK", U_UNIFORM},
    {"UBREV", U_UNIFORM}, {"UCLEA", U_UNIFORM}, {"UFLO", U_UNIFORM}, {"UIADD3", U_UNIFORM},
    {"UIMAD", U_UNIFORM}, {"UISETP", U_UNIFORM}, {"ULDC", U_UNIFORM}, {"ULEA", U_UNIFORM},
    {"ULOP", U_UNIFORM}, {"ULOP3", U_UNIFORM}, {"ULOP32I", U_UNIFORM}, {"UMOV", U_UNIFORM},
    {"UP2UR", U_UNIFORM}, {"UPLOP3", U_UNIFORM}, {"UPOPC", U_UNIFORM}, {"UPRMT", U_UNIFORM},
    {"UPSETP", U_UNIFORM}, {"UR2UP", U_UNIFORM}, {"USEL", U_UNIFORM}, {"USGXT", U_UNIFORM},
    {"USHF", U_UNIFORM}, {"USHL", U_UNIFORM}, {"USHR", U_UNIFORM}, {"VOTEU", U_UNIFORM},
    {"TEX", U_TEX}, {"TLD", U_TEX}, {"TLD4", U_TEX}, {"TMML", U_TEX}, {"TXD", U_TEX},
    {"TXQ", U_TEX}, {"SUATOM", U_ALU}, {"SULD", U_ALU}, {"SURED", U_ALU}, {"SUST", U_ALU},
    {"BMOV", U_CTRL}, {"BPT", U_CTRL}, {"BRA", U_CTRL}, {"BREAK", U_CTRL}, {"BRX", U_CTRL},
    {"BRXU", U_CTRL}, {"BSSY", U_CTRL}, {"BSYNC", U_CTRL}, {"CALL", U_CTRL}, {"EXIT", U_CTRL},
    {"JMP", U_CTRL}, {"JMX", U_CTRL}, {"JMXU", U_CTRL}, {"KILL", U_TENSOR},
    {"NANOSLEEP", U_CTRL}, {"RET", U_CTRL}, {"RPCMOV", U_CTRL}, {"RTT", U_CTRL},
    {"WARPSYNC", U_CTRL}, {"YIELD", U_CTRL}, {"B2R", U_ALU}, {"BAR", U_CTRL}, {"CS2R", U_ALU},
    {"CSMTEST", U_ALU}, {"DEPBAR", U_ALU}, {"GETLMEMBASE", U_ALU}, {"LEPC", U_ALU},
    {"NOP", U_ALU}, {"PMTRIG", U_ALU}, {"R2B", U_ALU}, {"S2R", U_ALU}, {"SETCTAID", U_ALU},
    {"SETLMEMBASE", U_ALU}, {"VOTE", U_ALU}, {"VOTE_VTG", U_ALU},
    {NULL, 0}};

static const fam_op ampere_ops[] = {
    {"FADD", U_SP}, {"FADD32I", U_SP}, {"FCHK", U_SP}, {"FFMA32I", U_SP}, {"FFMA", U_SP},
    {"FMNMX", U_SP}, {"FMUL", U_SP}, {"FMUL32I", U_SP}, {"FSEL", U_SP}, {"FSET", U_SP},
    {"FSETP", U_SP}, {"FSWZADD", U_SP}, {"MUFU", U_SFU}, {"HADD2", U_SP}, {"HADD2_32I", U_SP},
    {"HFMA2", U_SP}, {"HFMA2_32I", U_SP}, {"HMUL2", U_SP}, {"HMUL2_32I", U_SP},
    {"HSET2", U_SP}, {"HSETP2", U_SP}, {"HMNMX2", U_SP}, {"HMMA", U_TENSOR},
    {"DMMA", U_TENSOR}, {"BMMA", U_TENSOR}, {"IMMA", U_TENSOR}, {"DADD", U_DP}, {"DFMA", U_DP},
    {"DMUL", U_DP}, {"DSETP", U_DP}, {"BMSK", U_INT}, {"BREV", U_INT}, {"FLO", U_INT},
    {"IABS", U_INT}, {"IADD", U_INT}, {"IADD3", U_INT}, {"IADD32I", U_INT}, {"IDP", U_INT},
    {"IDP4A", U_INT}, {"IMAD", U_INT}, {"IMNMX", U_INT}, {"IMUL", U_INT}, {"IMUL32I", U_INT},
    {"ISCADD", U_INT}, {"ISCADD32I", U_INT}, {"ISETP", U_INT}, {"LEA", U_INT}, {"LOP", U_INT},
    {"LOP3", U_INT}, {"LOP32I", U_INT}, {"POPC", U_INT}, {"SHF", U_INT}, {"SHL", U_INT},
    {"SHR", U_INT}, {"VABSDIFF", U_INT}, {"VABSDIFF4", U_INT}, {"F2F", U_ALU}, {"F2FP", U_ALU},
    {"F2I", U_ALU}, {"I2F", U_ALU}, {"I2I", U_ALU}, {"I2IP", U_ALU}, {"I2FP", U_ALU},
    {"F2IP", U_ALU}, {"FRND", U_ALU}, {"MOV", U_ALU}, {"MOV32I", U_ALU}, {"MOVM", U_ALU},
    {"PRMT", U_ALU}, {"SEL", U_ALU}, {"SGXT", U_ALU}, {"SHFL", U_ALU}, {"PLOP3", U_ALU},
    {"PSETP", U_ALU}, {"P2R", U_ALU}, {"R2P", U_ALU}, {"LD", U_MEM}, {"LDC", U_ALU},
    {"LDG", U_MEM}, {"LDL", U_MEM}, {"LDS", U_MEM}, {"LDSM", U_MEM}, {"ST", U_MEM},
    {"STG", U_MEM}, {"STL", U_MEM}, {"STS", U_MEM}, {"MATCH", U_ALU}, {"QSPC", U_ALU},
    {"ATOM", U_MEM}, {"ATOMS", U_MEM}, {"ATOMG", U_MEM}, {"RED", U_MEM}, {"CCTL", U_ALU},
    {"CCTLL", U_ALU}, {"ERRBAR", U_ALU}, {"MEMBAR", U_MEM}, {"CCTLT", U_ALU},
    {"LDGDEPBAR", U_ALU}, {"LDGSTS", U_MEM}, {"R2UR", U_UNIFORM}, {"REDUX", U_UNIFORM},
    {"S2UR", U_UNIFORM}, {"UBMSK", U_UNIFORM}, {"UBREV", U_UNIFORM}, {"UCLEA", U_UNIFORM},
    {"UF2FP", U_UNIFORM}, {"UFLO", U_UNIFORM}, {"UIADD3", U_UNIFORM}, {"UIMAD", U_UNIFORM},
    {"UISETP", U_UNIFORM}, {"ULDC", U_UNIFORM}, {"ULEA", U_UNIFORM}, {"ULOP", U_UNIFORM},
    {"ULOP3", U_UNIFORM}, {"ULOP32I", U_UNIFORM}, {"UMOV", U_UNIFORM}, {"UP2UR", U_UNIFORM},
    {"UPLOP3", U_UNIFORM}, {"UPOPC", U_UNIFORM}, {"UPRMT", U_UNIFORM}, {"UPSETP", U_UNIFORM},
    {"UR2UP", U_UNIFORM}, {"USEL", U_UNIFORM}, {"USGXT", U_UNIFORM}, {"USHF", U_UNIFORM},
    {"USHL", U_UNIFORM}, {"USHR", U_UNIFORM}, {"VOTEU", U_UNIFORM}, {"TEX", U_TEX},
    {"TLD", U_TEX}, {"TLD4", U_TEX}, {"TMML", U_TEX}, {"TXD", U_TEX}, {"TXQ", U_TEX},
    {"SUATOM", U_ALU}, {"SULD", U_ALU}, {"SUQUERY", U_ALU}, {"SURED", U_ALU}, {"SUST", U_ALU},
    {"BMOV", U_CTRL}, {"BPT", U_CTRL}, {"BRA", U_CTRL}, {"BREAK", U_CTRL}, {"BRX", U_CTRL},
    {"BRXU", U_CTRL}, {"BSSY", U_CTRL}, {"BSYNC", U_CTRL}, {"CALL", U_CTRL}, {"EXIT", U_CTRL},
    {"JMP", U_CTRL}, {"JMX", U_CTRL}, {"JMXU", U_CTRL}, {"KILL", U_TENSOR},
    {"NANOSLEEP", U_CTRL}, {"RET", U_CTRL}, {"RPCMOV", U_CTRL}, {"RTT", U_CTRL},
    {"WARPSYNC", U_CTRL}, {"YIELD", U_CTRL}, {"B2R", U_ALU}, {"BAR", U_CTRL}, {"CS2R", U_ALU},
    {"CSMTEST", U_ALU}, {"DEPBAR", U_ALU}, {"GETLMEMBASE", U_ALU}, {"LEPC", U_ALU},
    {"NOP", U_ALU}, {"PMTRIG", U_ALU}, {"R2B", U_ALU}, {"S2R", U_ALU}, {"SETCTAID", U_ALU},
    {"SETLMEMBASE", U_ALU}, {"VOTE", U_ALU}, {"VOTE_VTG", U_ALU},
    {NULL, 0}};

static const fam_op hopper_ops[] = {
    {"FADD", U_SP}, {"FADD32I", U_SP}, {"FCHK", U_SP}, {"FFMA32I", U_SP}, {"FFMA", U_SP},
    {"FMNMX", U_SP}, {"FMUL", U_SP}, {"FMUL32I", U_SP}, {"FSEL", U_SP}, {"FSET", U_SP},
    {"FSETP", U_SP}, {"FSWZADD", U_SP}, {"MUFU", U_SFU}, {"HADD2", U_SP}, {"HADD2_32I", U_SP},
    {"HFMA2", U_SP}, {"HFMA2_32I", U_SP}, {"HMUL2", U_SP}, {"HMUL2_32I", U_SP},
    {"HSET2", U_SP}, {"HSETP2", U_SP}, {"HMNMX2", U_SP}, {"HMMA", U_TENSOR},
    {"DMMA", U_TENSOR}, {"BMMA", U_TENSOR}, {"IMMA", U_TENSOR}, {"DADD", U_DP}, {"DFMA", U_DP},
    {"DMUL", U_DP}, {"DSETP", U_DP}, {"BMSK", U_INT}, {"BREV", U_INT}, {"FLO", U_INT},
    {"IABS", U_INT}, {"IADD", U_INT}, {"IADD3", U_INT}, {"IADD32I", U_INT}, {"IDP", U_INT},
    {"IDP4A", U_INT}, {"IMAD", U_INT}, {"IMNMX", U_INT}, {"IMUL", U_INT}, {"IMUL32I", U_INT},
    {"ISCADD", U_INT}, {"ISCADD32I", U_INT}, {"ISETP", U_INT}, {"LEA", U_INT}, {"LOP", U_INT},
    {"LOP3", U_INT}, {"LOP32I", U_INT}, {"POPC", U_INT}, {"SHF", U_INT}, {"SHL", U_INT},
    {"SHR", U_INT}, {"VABSDIFF", U_INT}, {"VABSDIFF4", U_INT}, {"F2F", U_ALU}, {"F2FP", U_ALU},
    {"F2I", U_ALU}, {"I2F", U_ALU}, {"I2I", U_ALU}, {"I2IP", U_ALU}, {"I2FP", U_ALU},
    {"F2IP", U_ALU}, {"FRND", U_ALU}, {"MOV", U_ALU}, {"MOV32I", U_ALU}, {"MOVM", U_ALU},
    {"PRMT", U_ALU}, {"SEL", U_ALU}, {"SGXT", U_ALU}, {"SHFL", U_ALU}, {"PLOP3", U_ALU},
    {"PSETP", U_ALU}, {"P2R", U_ALU}, {"R2P", U_ALU}, {"LD", U_MEM}, {"LDC", U_ALU},
    {"LDG", U_MEM}, {"LDL", U_MEM}, {"LDS", U_MEM}, {"LDSM", U_MEM}, {"ST", U_MEM},
    {"STG", U_MEM}, {"STL", U_MEM}, {"STS", U_MEM}, {"MATCH", U_ALU}, {"QSPC", U_ALU},
    {"ATOM", U_MEM}, {"ATOMS", U_MEM}, {"ATOMG", U_MEM}, {"RED", U_MEM}, {"REDG", U_MEM},
    {"CCTL", U_ALU}, {"CCTLL", U_ALU}, {"ERRBAR", U_ALU}, {"MEMBAR", U_MEM}, {"CCTLT", U_ALU},
    {"LDGDEPBAR", U_ALU}, {"LDGSTS", U_MEM}, {"VIADD", U_INT}, {"VIADDMNMX", U_INT},
    {"VIMNMX", U_SP}, {"VIMNMX3", U_SP}, {"CGAERRBAR", U_ALU}, {"ACQBULK", U_ALU},
    {"STSM", U_ALU}, {"R2UR", U_UNIFORM}, {"REDUX", U_UNIFORM}, {"S2UR", U_UNIFORM},
    {"UBMSK", U_UNIFORM}, {"UBREV", U_UNIFORM}, {"UCLEA", U_UNIFORM}, {"UF2FP", U_UNIFORM},
    {"UFLO", U_UNIFORM}, {"UIADD3", U_UNIFORM}, {"UIMAD", U_UNIFORM}, {"UISETP", U_UNIFORM},
    {"ULDC", U_UNIFORM}, {"ULEA", U_UNIFORM}, {"ULOP", U_UNIFORM}, {"ULOP3", U_UNIFORM},
    {"ULOP32I", U_UNIFORM}, {"UMOV", U_UNIFORM}, {"UP2UR", U_UNIFORM}, {"UPLOP3", U_UNIFORM},
    {"UPOPC", U_UNIFORM}, {"UPRMT", U_UNIFORM}, {"UPSETP", U_UNIFORM}, {"UR2UP", U_UNIFORM},
    {"USEL", U_UNIFORM}, {"USGXT", U_UNIFORM}, {"USHF", U_UNIFORM}, {"USHL", U_UNIFORM},
    {"USHR", U_UNIFORM}, {"VOTEU", U_UNIFORM}, {"UBLKCP", U_MEM}, {"UBLKPF", U_MEM},
    {"UBLKRED", U_MEM}, {"UTMALDG", U_MEM}, {"UTMAPF", U_MEM}, {"UTMAREDG", U_MEM},
    {"UTMASTG", U_MEM}, {"UTMACCTL", U_MEM}, {"UTMACMDFLUSH", U_MEM}, {"STAS", U_MEM},
    {"FENCE", U_MEM}, {"SYNCS", U_SYNC}, {"ARRIVES", U_MEM}, {"UCGABAR_ARV", U_ALU},
    {"UCGABAR_WAIT", U_ALU}, {"WARPGROUP", U_ALU}, {"QGMMA", U_TENSOR}, {"HGMMA", U_TENSOR},
    {"IGMMA", U_TENSOR}, {"TEX", U_TEX}, {"TLD", U_TEX}, {"TLD4", U_TEX}, {"TMML", U_TEX},
    {"TXD", U_TEX}, {"TXQ", U_TEX}, {"SUATOM", U_ALU}, {"SULD", U_ALU}, {"SUQUERY", U_ALU},
    {"SURED", U_ALU}, {"SUST", U_ALU}, {"BMOV", U_CTRL}, {"BPT", U_CTRL}, {"BRA", U_CTRL},
    {"BREAK", U_CTRL}, {"BRX", U_CTRL}, {"BRXU", U_CTRL}, {"BSSY", U_CTRL}, {"BSYNC", U_CTRL},
    {"CALL", U_CTRL}, {"EXIT", U_CTRL}, {"JMP", U_CTRL}, {"JMX", U_CTRL}, {"JMXU", U_CTRL},
    {"KILL", U_TENSOR}, {"NANOSLEEP", U_CTRL}, {"RET", U_CTRL}, {"RPCMOV", U_CTRL},
    {"RTT", U_CTRL}, {"WARPSYNC", U_CTRL}, {"YIELD", U_CTRL}, {"ELECT", U_CTRL},
    {"REPLAY_START", U_ALU}, {"REPLAY_END", U_ALU}, {"B2R", U_ALU}, {"BAR", U_CTRL},
    {"CS2R", U_ALU}, {"CSMTEST", U_ALU}, {"DEPBAR", U_ALU}, {"GETLMEMBASE", U_ALU},
    {"LEPC", U_ALU}, {"NOP", U_ALU}, {"PMTRIG", U_ALU}, {"R2B", U_ALU}, {"S2R", U_ALU},
    {"SETCTAID", U_ALU}, {"SETLMEMBASE", U_ALU}, {"VOTE", U_ALU}, {"VOTE_VTG", U_ALU},
    {"USETMAXREG", U_ALU}, {"PREEXIT", U_ALU}, {"USETSHMSZ", U_ALU},
    {NULL, 0}};
static const fam_op ada_extra_ops[] = {{"QMMA", U_TENSOR}, {NULL, 0}};

#define C(x) (1u << TRC_CLS_##x)

/* The classes an opcode of Accel-Sim unit u may have here. */
static unsigned allowed(int u)
{
    switch (u) {
    case U_SP: return C(FP);
    case U_DP: return C(DP);
    case U_SFU: return C(SFU);
    case U_INT: case U_UNIFORM: case U_SYNC: return C(INT);
    case U_ALU: return C(INT) | C(SFU) | C(LDST) | C(SHMEM) | C(BRANCH);
    case U_MEM: case U_TEX: return C(LDST) | C(SHMEM);
    case U_CTRL: return C(BRANCH);
    case U_TENSOR: return C(TENSOR);
    default: return 0;
    }
}

/* Where this model deliberately differs from Accel-Sim's unit (docs/trace.md). */
static const struct { const char *op; unsigned cls; } differs[] = {
    {"VIMNMX", TRC_CLS_INT},  /* integer min/max: SP_OP in hopper_opcode.h */
    {"VIMNMX3", TRC_CLS_INT},
    {"ELECT", TRC_CLS_INT},   /* a predicate from the active mask: unit 1 there */
    {"KILL", TRC_CLS_BRANCH}, /* ends threads: unit 3 (the tensor unit) there */
    {"IMMA", TRC_CLS_TENSOR}, /* INTP_OP in volta_opcode.h (sm_72's integer tensor core) */
    {NULL, 0}};

/* 1 if op's class is right for unit u (or is the documented difference). */
static int class_ok(const char *op, int u, unsigned cls)
{
    for (unsigned i = 0; differs[i].op; i++)
        if (strcmp(differs[i].op, op) == 0) return cls == differs[i].cls;
    return (allowed(u) >> cls & 1) != 0;
}

/* Every opcode of the table: known, a class of its unit; returns how many were checked. */
static unsigned check_family(const char *fam, const fam_op *t)
{
    unsigned n = 0;
    for (; t->op; t++, n++) {
        isa_info i;
        isa_decode(t->op, &i);
        if (i.unknown) fprintf(stderr, "  %s: %s is unknown to trace/isa.c\n", fam, t->op);
        if (!class_ok(t->op, t->unit, i.cls))
            fprintf(stderr, "  %s: %s has class %u, not one of Accel-Sim unit %d's\n", fam,
                    t->op, i.cls, t->unit);
        TT_EQ(i.unknown, 0);
        TT_CHECK(class_ok(t->op, t->unit, i.cls));
        TT_CHECK(i.cls <= TRC_CLS_BRANCH);
    }
    return n;
}

static void test_volta(void) { TT_EQ(check_family("volta", volta_ops), 127); }
static void test_turing(void) { TT_EQ(check_family("turing", turing_ops), 165); }
static void test_ampere(void) { TT_EQ(check_family("ampere", ampere_ops), 174); }
static void test_ada(void)
{
    TT_EQ(check_family("ada", ampere_ops) + check_family("ada", ada_extra_ops), 175);
}
static void test_hopper(void) { TT_EQ(check_family("hopper", hopper_ops), 207); }

/* Hopper opcodes of NVIDIA's Instruction Set Reference (CUDA Binary Utilities) that the
 * official Accel-Sim tables above do not list but newer Hopper tables do: VHMNMX (SIMD
 * FP16 3-input min/max, the fp16 pipe) and LDGMC (reducing load, a global load). */
static void test_hopper_beyond_tables(void)
{
    isa_info i;
    isa_decode("VHMNMX", &i);
    TT_EQ(i.unknown, 0);
    TT_EQ(i.cls, TRC_CLS_FP);
    isa_decode("LDGMC.E.ADD.F32.FTZ.RN.STRONG.SYS", &i);
    TT_EQ(i.unknown, 0);
    TT_EQ(i.cls, TRC_CLS_LDST);
    TT_EQ(i.mspace, TRC_M_LOAD);
}

/* The check can fail: a made-up opcode is unknown, and an FP opcode is not a load's class. */
static void test_check_can_fail(void)
{
    isa_info i;
    isa_decode("FOOBAR.X", &i);
    TT_EQ(i.unknown, 1);
    TT_CHECK(!class_ok("FFMA", U_MEM, TRC_CLS_FP));
    TT_CHECK(!class_ok("KILL", U_TENSOR, TRC_CLS_TENSOR));
    TT_CHECK(class_ok("FFMA", U_SP, TRC_CLS_FP));
}

/* cp.async (Ampere): LDGSTS copies global to shared memory, LDGDEPBAR closes its group,
 * DEPBAR waits; TMA (Hopper) copies in bulk. All go to the memory pipeline and write no
 * register; ARRIVES (an mbarrier arrive of the copies) too. */
static void test_async_copies(void)
{
    static const char *const ops[] = {"LDGSTS.E.BYPASS.LTC128B.128", "LDGDEPBAR",
                                      "ARRIVES.LDGSTSBAR.64.TRANSCNT", "UTMALDG.2D",
                                      "UTMACMDFLUSH", "UBLKCP.S.G", NULL};
    for (unsigned k = 0; ops[k]; k++) {
        isa_info i;
        isa_decode(ops[k], &i);
        TT_EQ(i.unknown, 0);
        TT_EQ(i.cls, TRC_CLS_LDST);
        TT_EQ(i.mspace, TRC_M_OTHER);
    }
    isa_info d;
    isa_decode("DEPBAR.LE", &d);
    TT_EQ(d.unknown, 0);
    isa_decode("QMMA.16832.F32.E4M3.E4M3", &d);
    TT_EQ(d.cls, TRC_CLS_TENSOR);
    TT_EQ(d.dst_w, 4);     /* 16 x 8 F32 accumulator over 32 threads */
    TT_EQ(d.src_w[0], 4);  /* A: 16 x 32 FP8 */
    TT_EQ(d.src_w[1], 2);  /* B: 32 x 8 FP8 */
}

/* Warpgroup MMAs hold their unit by N (Accel-Sim's trace_driven.cc and the table of
 * hopper_opcode.h): N / 2 from 64 on, the table below, N / 2 for an N it lacks; the
 * flags of the cp.async opcodes; no unit cycles for anything else. */
static void test_unit_cycles(void)
{
    static const struct {
        const char *op;
        unsigned cycles;
    } t[] = {{"HGMMA.64x128x16.F32.BF16", 64}, {"HGMMA.64x256x16.F32.BF16", 128},
             {"QGMMA.64x256x32.F32.E4M3.E4M3", 128}, {"IGMMA.64x64x32.S32.S8.S8", 32},
             {"HGMMA.64x8x16.F32", 18}, {"HGMMA.64x16x16.F32", 20}, {"HGMMA.64x56x16.F16", 56},
             {"IGMMA.64x48x32.S32.S8.S8", 24}, {"HGMMA.SP.64x64x32.F32.BF16", 32},
             {"HGMMA", 0}, {"HMMA.16816.F32", 0}, {"WARPGROUP.ARRIVE", 0}, {"FFMA", 0}};
    for (unsigned k = 0; k < sizeof t / sizeof t[0]; k++) {
        isa_info i;
        isa_decode(t[k].op, &i);
        if (i.unit_cycles != t[k].cycles) fprintf(stderr, "  %s\n", t[k].op);
        TT_EQ(i.unit_cycles, t[k].cycles);
    }
    static const struct {
        const char *op;
        unsigned flags;
    } f[] = {{"LDGSTS.E.LTC128B.128", TRC_F_CPCOPY}, /* cp.async.ca: through L1 */
             {"LDGDEPBAR", TRC_F_CPCLOSE},
             {"DEPBAR.LE", TRC_F_DEPBAR},
             {"WARPGROUP.DEPBAR.LE", TRC_F_DEPBAR}, /* for warpgroup MMAs (isa_info.wgwait) */
             {"WARPGROUP.ARRIVE", 0},
             {"LDGSTS.E.BYPASS.LTC128B.128", TRC_F_CPCOPY | TRC_F_L1BYPASS},
             {"LDG.E.STRONG.GPU", TRC_F_L1BYPASS},
             {"LD.E.STRONG.SYS", TRC_F_L1BYPASS},
             {"LDG.E.128.SYS", 0},      /* a scope alone keeps L1 */
             {"STG.E.STRONG.GPU", 0}};  /* stores never allocate in L1 here anyway */
    for (unsigned k = 0; k < sizeof f / sizeof f[0]; k++) {
        isa_info i;
        isa_decode(f[k].op, &i);
        if (i.flags != f[k].flags) fprintf(stderr, "  %s\n", f[k].op);
        TT_EQ(i.flags, f[k].flags);
    }
}

int main(void)
{
    TT_RUN(test_volta);
    TT_RUN(test_turing);
    TT_RUN(test_ampere);
    TT_RUN(test_ada);
    TT_RUN(test_hopper);
    TT_RUN(test_hopper_beyond_tables);
    TT_RUN(test_check_can_fail);
    TT_RUN(test_async_copies);
    TT_RUN(test_unit_cycles);
    TT_EXIT();
}
