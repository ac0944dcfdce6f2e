#!/usr/bin/env python3
"""ledger.py - write the energy ledger (docs/energy.md) from this RTL's gate-level runs.

    synth/ledger.py --gated MALEKEH.json --ungated MALEKEH_CG_OFF.json --sim SIM.json
                    --base BASE.json --base-sim BASE_SIM.json --sram LIB --period NS
                    --bank-bits N --trace NAME --out FILE

MALEKEH.json / MALEKEH_CG_OFF.json: build/mlk-power's JSON of the Malekeh netlist with and
without clock gates (synth/power.sh); SIM.json: malekeh-sim --json of the same trace on one
sub-core (the event counts of the same run: the model is the RTL's twin, the co-simulation
compared them cycle by cycle). Per bit of the measured width W:
  entry_fill = entry_wb   the storage part (data entries and the logic that writes them)
                          / ((port S fills + port D writes) x W)
  operand_read            the operand-mux part / (source slots dispatched x W)
  crossbar per collector  the RF banks' read data nets / (fills x W x collectors), base 0
  storage clock (gated / ungated)  the storage registers' clock pins and their share of the
                          clock nets / (storage bits x cycles); gates: the storage clock
                          gates' own energy / (entries x cycles)
  CCU control             everything else of Malekeh's netlist (leakage included)
                          / (collectors x cycles)
  OCU control             the same of the baseline's netlist (BASE.json, caching = off)
  bank read = write       the SRAM macro's clock-pin energy, rise + fall, per word bit;
  bank idle               the macro's leakage over a cycle, times the macros of a bank of
                          --bank-bits (OpenRAM gives the same clock energy for a deselected
                          cycle; a bank whose clock is gated when idle pays the leakage)
The check: the ledger applied to the baseline's events (BASE_SIM.json) against the
baseline netlist's own gate-level total (BASE.json), printed as an error in percent: its
control is its own, so the check tests the figures taken from Malekeh's netlist (entry
writes, operand reads, crossbar, storage clock, gates) on the baseline's collectors.
Writes FILE (key = value, docs/energy.md); exit 2 with one line on bad input.
"""
import json
import re
import sys


def fail(msg):
    print("ledger.py: " + msg, file=sys.stderr)
    sys.exit(2)


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        fail("%s: cannot read the JSON (%s)" % (path, e))


def sram_figures(path):
    """(pJ per access of one word, word bits, leakage mW) of an OpenRAM Liberty."""
    try:
        text = open(path).read()
    except OSError:
        fail("%s: cannot read the SRAM Liberty" % path)
    m = re.search(r'pin\(clk0\)\{.*?rise_power\(scalar\)\{\s*values\("([0-9.e+-]+)"\).*?fall_power\(scalar\)\{\s*values\("([0-9.e+-]+)"\)',
                  text.replace(" ", "").replace("\n", ""))
    leak = re.search(r'^\s*cell_leakage_power\s*:\s*([0-9.e+-]+)', text, re.M)
    unit = re.search(r'leakage_power_unit\s*:\s*"1(\w+)"', text)
    bits = re.search(r'_(\d+)x\d+_\d+_', path)
    if not (m and leak and bits):
        fail("%s: no clock-pin rise/fall power, cell_leakage_power or word width (expected an OpenRAM macro)" % path)
    scale = {"mW": 1.0, "uW": 1e-3, "nW": 1e-6}.get(unit.group(1) if unit else "mW", 1.0)
    return float(m.group(1)) + float(m.group(2)), int(bits.group(1)), float(leak.group(1)) * scale


def main(argv):
    a = {}
    i = 1
    keys = ("--gated", "--ungated", "--sim", "--base", "--base-sim", "--sram", "--period", "--bank-bits", "--trace", "--out")
    while i < len(argv):
        if argv[i] not in keys or i + 1 >= len(argv):
            fail("unknown option or missing value '%s' (allowed: %s)" % (argv[i], " ".join(keys)))
        a[argv[i]] = argv[i + 1]
        i += 2
    for k in keys:
        if k not in a:
            fail("%s is required" % k)
    g, u, s = load(a["--gated"]), load(a["--ungated"]), load(a["--sim"])
    b, bs = load(a["--base"]), load(a["--base-sim"])
    cfg = s["config"]
    W, C, E = int(cfg["data_bits"]), int(cfg["ccus"]), int(cfg["entries"])
    m = s["model"]
    cyc = g["cycles"]
    if abs(m["cycles"] - cyc) > 1:
        fail("%s: %d cycles, the gate-level run %d: not the same run" % (a["--sim"], m["cycles"], cyc))
    if g["storage_registers"] < C * E * W:
        fail("%s: %d storage registers, expected at least ccus x entries x data_bits = %d" % (a["--gated"], g["storage_registers"], C * E * W))
    cat = g["categories"]
    dyn = lambda c: c["internal_pj"] + c["switching_pj"]
    bits = g["storage_registers"]      # the entries' registers and any beside them in u_data
    L = {}
    L["entry_fill_pj_per_bit"] = dyn(cat["storage"]) / ((m["ccu_fills"] + m["ccu_data_writes"]) * W)
    L["entry_wb_pj_per_bit"] = L["entry_fill_pj_per_bit"]
    L["operand_read_pj_per_bit"] = dyn(cat["operand_mux"]) / (m["src_slots"] * W)
    L["crossbar_pj_per_bit_base"] = 0.0
    L["crossbar_pj_per_bit_per_collector"] = dyn(cat["bank_data"]) / (m["ccu_fills"] * W * C)
    L["storage_clock_pj_per_bit_cycle_gated"] = (g["storage_clock_pins_pj"] + g["storage_clock_net_pj"]) / (bits * cyc)
    L["gate_pj_per_entry_cycle"] = g["storage_gate_pj"] / (C * E * cyc)
    L["storage_clock_pj_per_bit_cycle_ungated"] = (u["storage_clock_pins_pj"] + u["storage_clock_net_pj"]) / (u["storage_registers"] * u["cycles"])
    rest = (g["total"]["total_pj"] - dyn(cat["storage"]) - dyn(cat["operand_mux"]) - dyn(cat["bank_data"])
            - g["storage_clock_pins_pj"] - g["storage_clock_net_pj"] - g["storage_gate_pj"])
    L["ccu_control_pj_per_collector_cycle"] = rest / (C * cyc)
    ew, wb, leak_mw = sram_figures(a["--sram"])
    L["bank_read_pj_per_bit"] = ew / wb
    L["bank_write_pj_per_bit"] = ew / wb
    L["bank_idle_pj_per_bank_cycle"] = leak_mw * float(a["--period"]) * int(a["--bank-bits"]) / wb   # mW x ns = pJ
    L["clock_gating"] = "on"
    # the OCU's control from the baseline's netlist; the check: the baseline's events priced
    # by the ledger against its own gate-level total
    bm, bc = bs["model"], bs["config"]
    Cb, Sb = int(bc["ccus"]), int(bc["slots"])
    if abs(bm["cycles"] - b["cycles"]) > 1:
        fail("%s: %d cycles, the gate-level run %d: not the same run" % (a["--base-sim"], bm["cycles"], b["cycles"]))
    bc_ = b["categories"]
    meas = b["total"]["total_pj"]
    rest_b = (meas - dyn(bc_["storage"]) - dyn(bc_["operand_mux"]) - dyn(bc_["bank_data"])
              - b["storage_clock_pins_pj"] - b["storage_clock_net_pj"] - b["storage_gate_pj"])
    L["ocu_control_pj_per_collector_cycle"] = rest_b / (Cb * bm["cycles"])
    pred = (bm["ccu_fills"] * W * (L["entry_fill_pj_per_bit"] + L["crossbar_pj_per_bit_per_collector"] * Cb)
            + bm["src_slots"] * W * L["operand_read_pj_per_bit"]
            + Cb * Sb * W * bm["cycles"] * L["storage_clock_pj_per_bit_cycle_gated"]
            + Cb * Sb * bm["cycles"] * L["gate_pj_per_entry_cycle"]
            + Cb * bm["cycles"] * L["ocu_control_pj_per_collector_cycle"])
    err = 100.0 * (pred - meas) / meas
    src = ("this RTL at gate level (synth/power.sh): %s, %.0f MHz, %d data bits, %s; banks: %s; "
           "check: baseline %.0f pJ, predicted %+.1f %%"
           % (g["liberty"].replace("sky130_fd_sc_hd__", "sky130 HD "), 1000.0 / g["period_ns"], W, a["--trace"],
              a["--sram"].split("/")[-1].replace("_TT_1p8V_25C.lib", ""), meas, err))
    src = src.replace("#", "")
    order = ["source", "bank_read_pj_per_bit", "bank_write_pj_per_bit", "bank_idle_pj_per_bank_cycle",
             "entry_fill_pj_per_bit", "entry_wb_pj_per_bit", "operand_read_pj_per_bit", "crossbar_pj_per_bit_base",
             "crossbar_pj_per_bit_per_collector", "storage_clock_pj_per_bit_cycle_ungated",
             "storage_clock_pj_per_bit_cycle_gated", "gate_pj_per_entry_cycle", "ccu_control_pj_per_collector_cycle",
             "ocu_control_pj_per_collector_cycle", "clock_gating"]
    L["source"] = src
    tmp = a["--out"] + ".tmp"
    with open(tmp, "w") as f:
        f.write("# energy ledger of this RTL on sky130 HD, written by synth/ledger.py from the gate-level\n"
                "# runs of synth/power.sh (docs/power.md, docs/energy.md); pJ per bit unless the key says\n")
        for k in order:
            v = L[k]
            f.write("%s = %s\n" % (k, v if isinstance(v, str) else ("%.6g" % v if v >= 1e-6 or v == 0 else "%.6e" % v)))
    import os
    os.replace(tmp, a["--out"])
    if len(src) > 255:
        fail("the source line is %d characters, more than a ledger takes (255)" % len(src))
    print("ledger: %s; control %.1f pJ per CCU-cycle, %.1f per OCU-cycle; the baseline's gate-level total predicted %+.1f %%"
          % (a["--out"], L["ccu_control_pj_per_collector_cycle"], L["ocu_control_pj_per_collector_cycle"], err))


if __name__ == "__main__":
    main(sys.argv)
