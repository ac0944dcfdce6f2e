/* vglue.h - the thin C interface to the Verilated sub-core (tb/vglue.cpp). All logic of the
 * co-simulation is in C (tb/cosim.c); this only moves bit vectors in and out of the ports.
 * Every vector is an array of uint32 words, bit i = words[i/32] bit i%32 (Verilator's own
 * layout for wide ports). Unused high bits must be 0 on input and are 0 on output. Port widths are computed
 * by the caller from the configuration (docs/spec.md, "Top-level ports"). */
#ifndef VGLUE_H
#define VGLUE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    VG_CLK = 0, VG_RST_N,
    VG_INST_VALID, VG_INST_SRC_VALID, VG_INST_SRC_REG, VG_INST_SRC_NEAR, VG_INST_TAG,
    VG_WB_VALID, VG_WB_WID, VG_WB_REG, VG_WB_NEAR, VG_WB_DATA, VG_DISP_READY,
    /* outputs */
    VG_ISSUE_VALID, VG_ISSUE_WID, VG_WB_READY, VG_DISP_VALID, VG_DISP_WID, VG_DISP_TAG,
    VG_DISP_SRC_VALID, VG_DISP_SRC_DATA, VG_DBG_STATE,
    VG_NPORTS
};
#define VG_FIRST_OUT VG_ISSUE_VALID

typedef struct vg vg_t;

vg_t *vg_new(void);
void vg_free(vg_t *v);
/* Port name as in the RTL (e.g. "disp_src_data_o"). */
const char *vg_name(int port);
void vg_set(vg_t *v, int port, const uint32_t *words);
void vg_get(vg_t *v, int port, uint32_t *words);
void vg_eval(vg_t *v);
/* 1 if the model was built with --trace (VCD support). */
int vg_can_trace(void);
/* Open a VCD file (0 ok, -1 no trace support / error), dump at time t, close. */
int vg_trace_open(vg_t *v, const char *path);
void vg_trace_dump(vg_t *v, uint64_t t);
void vg_trace_close(vg_t *v);

#ifdef __cplusplus
}
#endif
#endif
