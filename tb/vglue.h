/* vglue.h - the thin C interface to the Verilated sub-core (tb/vglue.cpp). All logic of the
 * co-simulation is in C (tb/cosim.c); this only moves bit vectors in and out of the ports.
 * Every vector is an array of uint32 words, bit i = words[i/32] bit i%32 (Verilator's own
 * layout for wide ports). Unused high bits must be 0 on input and are 0 on output. The
 * ports, their names, directions and widths are the port table's (cmodel/mlk_ports.h:
 * mlk_port, mlk_port_width): a port is added there, not here; vglue.cpp binds every entry
 * to the Verilated top's member of the same name. */
#ifndef VGLUE_H
#define VGLUE_H

#include <stdint.h>

/* by its path: vglue.cpp is compiled with tb/ alone on the include path (cmodel/ there
   would hide the system's <sched.h> behind cmodel/sched.h) */
#include "../cmodel/mlk_ports.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Port indices: VG_<ID> = MLK_P_<ID> of the port table, in its order. */
enum {
#define VG_ENUM(ID, ...) VG_##ID = MLK_P_##ID,
    MLK_PORTS(VG_ENUM, VG_ENUM, MLK_PORTS_NONE)
#undef VG_ENUM
    VG_NPORTS = MLK_NPORTS
};

typedef struct vg vg_t;

vg_t *vg_new(void);
void vg_free(vg_t *v);
/* Port name as in the RTL (e.g. "disp_src_data_o"); "?" out of range. */
static inline const char *vg_name(int port) { return mlk_port_name(port); }
/* Drive input port `port` (an output port: ignored). */
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
