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

// Every port of the table (cmodel/mlk_ports.h) bound to the Verilated top's member of the
// same name. VG_NO_DBG: a top without the --debug ports (cosim --outputs-only on edited RTL
// or a netlist).
#ifdef VG_NO_DBG
#define VG_PORTS_D(...)
#else
#define VG_PORTS_D(...) VG_PORT(__VA_ARGS__)
#endif

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

void vg_set(vg_t *v, int port, const uint32_t *w)
{
    switch (port) {
#define VG_PORT(ID, name, dir, ...) case VG_##ID: if (MLK_##dir == MLK_IN) put(v->top->name, w); break;
        MLK_PORTS(VG_PORT, VG_PORTS_D, MLK_PORTS_NONE)
#undef VG_PORT
    }
}

void vg_get(vg_t *v, int port, uint32_t *w)
{
    switch (port) {
#define VG_PORT(ID, name, ...) case VG_##ID: get(v->top->name, w); break;
        MLK_PORTS(VG_PORT, VG_PORTS_D, MLK_PORTS_NONE)
#undef VG_PORT
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
