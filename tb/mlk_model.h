/* mlk_model.h - the Malekeh sub-core's bit-accurate model as a library, for a testbench of
 * the generated RTL in C, in C++ (the header is extern "C") or in SystemVerilog (wrap these
 * calls as DPI-C imports). One model per sub-core instance:
 *
 *   mlk_model *m = mlk_create("config.cfg", err, sizeof err);
 *   each clock:  drive the RTL's inputs, fill `in` with the same values;
 *                mlk_step(m, &in, &out);          the model's outputs before the edge
 *                mlk_compare_outputs(m, &rtl_out, msg, sizeof msg);
 *                the rising edge on the RTL, then read its dbg_state_o (ccugen --debug):
 *                mlk_compare_state(m, rtl_state_words, msg, sizeof msg);
 *   mlk_free(m);
 *
 * sc_in and sc_out (cmodel/sc.h) hold one field per RTL port, named after it. State
 * vectors are uint32 words, bit i of dbg_state_o = words[i / 32] bit i % 32 (Verilator's
 * layout of wide ports). A compare returns 0 when equal, else 1 with a one-line message
 * naming the first differing port or state field, its bits, and both values.
 */
#ifndef MLK_MODEL_H
#define MLK_MODEL_H

#include <stdint.h>
#include "sc.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mlk_model mlk_model;

/* A model of the configuration in file `config` (NULL: the defaults), in its reset state;
 * NULL with a one-line message in err (errlen bytes) for a bad file or key, or out of
 * memory. */
mlk_model *mlk_create(const char *config, char *err, unsigned errlen);

/* One clock of the model: its outputs for inputs `in` (before the edge) into *out, then
 * its state after the edge. */
void mlk_step(mlk_model *m, const sc_in *in, sc_out *out);

/* Bits of dbg_state_o (the RTL generated with --debug has exactly this width). */
unsigned mlk_state_bits(const mlk_model *m);

/* The model's state after the last edge, packed like dbg_state_o into words
 * [0, (mlk_state_bits + 31) / 32). */
void mlk_state(const mlk_model *m, uint32_t *words);

/* Compare the RTL's outputs of the last clock with the model's (every configured port,
 * bit for bit; data words only where their valid bit is set). 0, or 1 and msg. */
int mlk_compare_outputs(const mlk_model *m, const sc_out *rtl, char *msg, unsigned len);

/* Compare the RTL's dbg_state_o after the last edge with the model's state. 0, or 1 and
 * msg naming the field (e.g. "ccu1.tag[0]"), its bit range, and both values in hex. */
int mlk_compare_state(const mlk_model *m, const uint32_t *rtl_state, char *msg, unsigned len);

/* The underlying model (cmodel/sc.h), e.g. for its statistics. */
sc_t *mlk_sc(mlk_model *m);

/* Free a model (NULL is fine). */
void mlk_free(mlk_model *m);

#ifdef __cplusplus
}
#endif
#endif
