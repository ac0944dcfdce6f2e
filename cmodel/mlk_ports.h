/* mlk_ports.h - the sub-core's top-level ports, written once (docs/spec.md "Top-level
 * ports"). Every consumer takes them from here: the generator declares them in
 * <prefix>_subcore.v (gen/ports.c), the Verilator glue binds them (tb/vglue.*), the
 * co-simulation, the vector writer and the formal wrapper size them (tb/cosim.c,
 * tb/vecgen.c, formal/fwrap.c). A port added here reaches all of them (tests/iface_test.sh);
 * only its behaviour (the RTL that drives or reads it, the model's sc_in / sc_out field) is
 * written elsewhere. C and C++ (the header is extern "C"). */
#ifndef MLK_PORTS_H
#define MLK_PORTS_H

#include <stddef.h>

#include "cfg.h"
#include "mlk_dbgmap.h" /* mlk_dbg_width: the width of dbg_state_o */

/* MLK_PORTS(X, D, H): every port, in the RTL's declaration order.
 *   X(ID, name, dir, vec, count, elem, unit, flags, doc)   a port;
 *   D(...)     the same fields: a port of the --debug RTL only (dbg_state_o);
 *   H(when, text)   a comment line of the RTL port list before the next port, written
 *                   when `when` (an expression of c) holds; other consumers ignore it.
 * ID: the index is MLK_P_<ID>; name: the RTL name; dir: IN or OUT; vec: 1 declared with a
 * range even when 1 bit wide, 0 a scalar; count x elem bits wide: count elements of elem
 * bits, element i at [i*elem +: elem]; count and elem are expressions of `c` (const
 * cfg_t *); unit: what an element is ("" for one element); flags: MLK_PF_*; doc: the one
 * line of the RTL's comment (${NAME} = a generator variable, gen/vars.c). */
#define MLK_PORTS(X, D, H)                                                                      \
    X(CLK, clk_i, IN, 0, 1, 1, "", MLK_PF_CTRL,                                                 \
      "the clock; everything acts on its rising edge")                                         \
    X(RST_N, rst_ni, IN, 0, 1, 1, "", MLK_PF_CTRL, "asynchronous reset, active low")            \
    H(1, "issue: the head instruction of every warp, held until it issues")                    \
    X(INST_VALID, inst_valid_i, IN, 1, c->warps, 1, "warp", 0,                                  \
      "bit w: warp w offers its head instruction")                                             \
    X(INST_SRC_VALID, inst_src_valid_i, IN, 1, c->warps * c->slots, 1, "warp*S+slot", 0,        \
      "[w*S+s]: source slot s of it is used")                                                  \
    X(INST_SRC_REG, inst_src_reg_i, IN, 1, c->warps * c->slots, cfg_clog2(c->regs),             \
      "warp*S+slot", 0, "[(w*S+s)*RB +: RB]: that slot's register")                             \
    H(!c->caching,                                                                              \
      "reuse hints are not used by baseline OCUs (caching = off); the port keeps one interface") \
    X(INST_SRC_NEAR, inst_src_near_i, IN, 1, c->warps * c->slots, 1, "warp*S+slot",             \
      MLK_PF_HINT, "its reuse hint: 1 = near (read again soon)")                                \
    X(INST_TAG, inst_tag_i, IN, 1, c->warps, c->tag_bits, "warp", 0,                            \
      "opaque tag of warp w's instruction, out at dispatch")                                   \
    X(ISSUE_VALID, issue_valid_o, OUT, 0, 1, 1, "", 0,                                          \
      "an instruction issues (is consumed) this cycle")                                        \
    X(ISSUE_WID, issue_wid_o, OUT, 1, 1, cfg_clog2(c->warps), "", 0,                            \
      "its warp; 0 when none issues")                                                          \
    H(1, "write-back ports: results of the execution units, held until accepted")              \
    X(WB_VALID, wb_valid_i, IN, 1, c->wb_ports, 1, "port", 0, "bit p: port p carries a result") \
    X(WB_WID, wb_wid_i, IN, 1, c->wb_ports, cfg_clog2(c->warps), "port", 0, "its warp")         \
    X(WB_REG, wb_reg_i, IN, 1, c->wb_ports, cfg_clog2(c->regs), "port", 0,                      \
      "its destination register")                                                              \
    X(WB_NEAR, wb_near_i, IN, 1, c->wb_ports, 1, "port", MLK_PF_HINT,                           \
      "hint of the write-back (unused by baseline OCUs)")                                      \
    X(WB_DATA, wb_data_i, IN, 1, c->wb_ports, c->data_bits, "port", MLK_PF_DATA,                \
      "its value (${DATA_BITS} bits: all threads of the warp)")                                       \
    X(WB_READY, wb_ready_o, OUT, 1, c->wb_ports, 1, "port", 0,                                  \
      "port p is accepted this cycle if valid (D-6)")                                          \
    H(1, "dispatch to the execution units: one collected instruction per cycle at most")       \
    X(DISP_READY, disp_ready_i, IN, 0, 1, 1, "", 0,                                             \
      "the execution side takes a dispatch this cycle")                                        \
    X(DISP_VALID, disp_valid_o, OUT, 0, 1, 1, "", 0,                                            \
      "an instruction with every operand is offered")                                          \
    X(DISP_WID, disp_wid_o, OUT, 1, 1, cfg_clog2(c->warps), "", 0,                              \
      "its warp (0 if !disp_valid_o)")                                                         \
    X(DISP_TAG, disp_tag_o, OUT, 1, 1, c->tag_bits, "", 0, "its tag as issued (0 if !disp_valid_o)") \
    X(DISP_SRC_VALID, disp_src_valid_o, OUT, 1, c->slots, 1, "slot", 0, "its used source slots") \
    D(DBG_STATE, dbg_state_o, OUT, 1, 1, mlk_dbg_width(c), "", MLK_PF_DEBUG,                    \
      "all state, docs/spec.md \"Debug state\"")                                               \
    X(DISP_SRC_DATA, disp_src_data_o, OUT, 1, c->slots, c->data_bits, "slot", MLK_PF_DATA,      \
      "[s*DW +: DW]: slot s's operand (0 if unused)")

/* Port flags. */
#define MLK_PF_CTRL  1u /* clock or reset: driven by the bench's clock and reset, in no vector */
#define MLK_PF_HINT  2u /* a reuse hint: read only with caching = on (baseline: unused) */
#define MLK_PF_DATA  4u /* its elements are DW-bit register values */
#define MLK_PF_DEBUG 8u /* in the --debug RTL only (a D entry) */

#define MLK_PORTS_NONE(...)

#ifdef __cplusplus
extern "C" {
#endif

/* Port indices, in table order. */
enum {
#define MLK_P_ENUM(ID, ...) MLK_P_##ID,
    MLK_PORTS(MLK_P_ENUM, MLK_P_ENUM, MLK_PORTS_NONE)
#undef MLK_P_ENUM
    MLK_NPORTS
};

enum { MLK_IN, MLK_OUT };

/* The fixed attributes of one port. */
typedef struct {
    const char *name;  /* RTL name */
    int dir;           /* MLK_IN / MLK_OUT */
    int vec;           /* 1: declared with a range even when 1 bit wide */
    const char *unit;  /* what an element is; "" for a one-element port */
    unsigned flags;    /* MLK_PF_* */
    const char *doc;   /* one-line meaning (the RTL comment) */
} mlk_port_t;

/* Attributes of port p (0 <= p < MLK_NPORTS). */
const mlk_port_t *mlk_port(int p);

/* Name of port p as in the RTL, or "?" when p is out of range. */
const char *mlk_port_name(int p);

/* Width in bits of port p in configuration c (= mlk_port_count * mlk_port_elem). */
unsigned mlk_port_width(const cfg_t *c, int p);

/* Number of elements of port p in configuration c (1 for a one-element port). */
unsigned mlk_port_count(const cfg_t *c, int p);

/* Width of one element of port p in configuration c. */
unsigned mlk_port_elem(const cfg_t *c, int p);

/* The module prefix of configuration c's RTL into buf (len bytes): "mlk_<hash>", or
 * "mlkd_<hash>" with the --debug ports (<hash>: the low 32 bits of cfg_hash, 8 hex
 * digits); the top module is <prefix>_subcore. */
void mlk_prefix(const cfg_t *c, int debug, char *buf, size_t len);

/* 1 when port p is an input a bench drives from the model's sc_in every cycle (every input
 * but the clock and the reset): the vectors' inputs. */
int mlk_port_driven(int p);

/* 1 when port p is an output compared with the model's sc_out every cycle (every output
 * but the --debug state): the vectors' outputs. */
int mlk_port_compared(int p);

#ifdef __cplusplus
}
#endif
#endif
