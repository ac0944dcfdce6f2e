// vglue.cpp - thin C++ glue between tb/cosim.c and the Verilated top (class Vtop). No
// co-simulation logic here: ports in and out as uint32 word vectors, eval, VCD.
#include "Vtop.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_vcd_c.h"
#endif
#include "vglue.h"

struct vg {
    VerilatedContext *ctx;
    Vtop *top;
#if VM_TRACE
    VerilatedVcdC *vcd;
#endif
};

static void put(CData &p, const uint32_t *w) { p = (CData)w[0]; }
static void put(SData &p, const uint32_t *w) { p = (SData)w[0]; }
static void put(IData &p, const uint32_t *w) { p = w[0]; }
static void put(QData &p, const uint32_t *w) { p = (QData)w[0] | ((QData)w[1] << 32); }
template <std::size_t N> static void put(VlWide<N> &p, const uint32_t *w)
{
    for (std::size_t i = 0; i < N; i++) p[i] = w[i];
}
static void get(const CData &p, uint32_t *w) { w[0] = p; }
static void get(const SData &p, uint32_t *w) { w[0] = p; }
static void get(const IData &p, uint32_t *w) { w[0] = p; }
static void get(const QData &p, uint32_t *w) { w[0] = (uint32_t)p; w[1] = (uint32_t)(p >> 32); }
template <std::size_t N> static void get(const VlWide<N> &p, uint32_t *w)
{
    for (std::size_t i = 0; i < N; i++) w[i] = p[i];
}

// VG_NO_DBG: a top without dbg_state_o (cosim --outputs-only on edited RTL or a netlist)
#ifdef VG_NO_DBG
#define VG_DBG_PORT(X)
#else
#define VG_DBG_PORT(X) X(VG_DBG_STATE, dbg_state_o)
#endif
#define VG_PORTS(X)                                                                      \
    X(VG_CLK, clk_i) X(VG_RST_N, rst_ni) X(VG_INST_VALID, inst_valid_i)                   \
    X(VG_INST_SRC_VALID, inst_src_valid_i) X(VG_INST_SRC_REG, inst_src_reg_i)             \
    X(VG_INST_SRC_NEAR, inst_src_near_i) X(VG_INST_TAG, inst_tag_i)                       \
    X(VG_WB_VALID, wb_valid_i) X(VG_WB_WID, wb_wid_i) X(VG_WB_REG, wb_reg_i)              \
    X(VG_WB_NEAR, wb_near_i) X(VG_WB_DATA, wb_data_i) X(VG_DISP_READY, disp_ready_i)      \
    X(VG_ISSUE_VALID, issue_valid_o) X(VG_ISSUE_WID, issue_wid_o)                         \
    X(VG_WB_READY, wb_ready_o) X(VG_DISP_VALID, disp_valid_o) X(VG_DISP_WID, disp_wid_o)  \
    X(VG_DISP_TAG, disp_tag_o) X(VG_DISP_SRC_VALID, disp_src_valid_o)                     \
    X(VG_DISP_SRC_DATA, disp_src_data_o) VG_DBG_PORT(X)

extern "C" {

vg_t *vg_new(void)
{
    vg_t *v = new vg;
    v->ctx = new VerilatedContext;
#if VM_TRACE
    v->ctx->traceEverOn(true);
    v->vcd = nullptr;
#endif
    v->top = new Vtop(v->ctx, "TOP");
    return v;
}

void vg_free(vg_t *v)
{
    if (!v) return;
    vg_trace_close(v);
    v->top->final();
    delete v->top;
    delete v->ctx;
    delete v;
}

const char *vg_name(int port)
{
    switch (port) {
#define X(id, name) case id: return #name;
        VG_PORTS(X)
#undef X
    }
    return "?";
}

void vg_set(vg_t *v, int port, const uint32_t *w)
{
    switch (port) {
#define X(id, name) case id: if (id < VG_FIRST_OUT) put(v->top->name, w); break;
        VG_PORTS(X)
#undef X
    }
}

void vg_get(vg_t *v, int port, uint32_t *w)
{
    switch (port) {
#define X(id, name) case id: get(v->top->name, w); break;
        VG_PORTS(X)
#undef X
    }
}

void vg_eval(vg_t *v) { v->top->eval(); }

int vg_can_trace(void) { return VM_TRACE ? 1 : 0; }

int vg_trace_open(vg_t *v, const char *path)
{
#if VM_TRACE
    if (v->vcd) return -1;
    v->vcd = new VerilatedVcdC;
    v->top->trace(v->vcd, 99);
    v->vcd->open(path);
    return v->vcd->isOpen() ? 0 : -1;
#else
    (void)v; (void)path;
    return -1;
#endif
}

void vg_trace_dump(vg_t *v, uint64_t t)
{
#if VM_TRACE
    if (v->vcd) v->vcd->dump(t);
#else
    (void)v; (void)t;
#endif
}

void vg_trace_close(vg_t *v)
{
#if VM_TRACE
    if (v->vcd) { v->vcd->close(); delete v->vcd; v->vcd = nullptr; }
#else
    (void)v;
#endif
}

}
