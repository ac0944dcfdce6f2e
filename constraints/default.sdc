# constraints/default.sdc - timing constraints of the sub-core (docs/area.md "Timing").
# Read by OpenSTA (synth/sta.sh: static timing of the flattened netlist) and, for the two
# commands ABC understands (driving cell, load), by Yosys' `abc -constr` (synth/area.sh).
# The create_clock period is the sign-off clock: the period the area is reported at and the
# one OpenSTA checks. 4 ns (250 MHz) is a clock the default configuration meets on sky130 HD
# (about 42 FO4 of that library; its worst path is under 40 FO4, docs/area.md). Synthesis
# over-constrains: ABC maps for `abc -D` = synthesis_target_pct % of the period (the line
# below; SYNTH_TARGET_PCT overrides it), because ABC's own delay model has no wires and, on
# these netlists, ends about 10 % short of OpenSTA: asked for the period itself, ABC relaxes
# the critical paths until OpenSTA finds them over it (make area-period-sweep shows the
# curve). AREA_PERIOD=<ps> sets another clock for one run (make area AREA_PERIOD=...); the
# target follows it.
# synthesis_target_pct 75
#
# One clock on clk_i, ideal (no clock tree yet: pre-layout). Inputs arrive and outputs are
# required at the clock edge (delay 0: the neighbours are registered). Inputs are driven by a
# sky130 HD inverter of drive strength 2 (with the generic library: its INV; synth/area.sh
# substitutes AREA_DRIVING_CELL when set), outputs drive 0.017 pF (about four inverter loads
# plus a short wire). The asynchronous active-low reset is not timed (a reset tree and its
# synchronizer are built at layout).
create_clock -name clk -period 4.000 [get_ports clk_i]
set_input_delay 0.0 -clock clk [delete_from_list [all_inputs] [get_ports {clk_i rst_ni}]]
set_output_delay 0.0 -clock clk [all_outputs]
set_false_path -from [get_ports rst_ni]
set_driving_cell -lib_cell sky130_fd_sc_hd__inv_2 [all_inputs]
set_load 0.017 [all_outputs]
