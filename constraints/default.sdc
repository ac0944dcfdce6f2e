# constraints/default.sdc - timing constraints of the sub-core (docs/area.md "Timing").
# Read by OpenSTA (synth/sta.sh: static timing of the flattened netlist) and, for the two
# commands ABC understands (driving cell, load), by Yosys' `abc -constr` (synth/area.sh);
# the create_clock period is the synthesis target (`abc -D`, in ps) and the period the area
# is reported at. AREA_PERIOD=<ps> overrides it for one run (make area AREA_PERIOD=...).
#
# One clock on clk_i, ideal (no clock tree yet: pre-layout). Inputs arrive and outputs are
# required at the clock edge (delay 0: the neighbours are registered). Inputs are driven by a
# sky130 HD inverter of drive strength 2 (with the generic library: its INV; synth/area.sh
# substitutes AREA_DRIVING_CELL when set), outputs drive 0.017 pF (about four inverter loads
# plus a short wire). The asynchronous active-low reset is not timed (a reset tree and its
# synchronizer are built at layout).
create_clock -name clk -period 2.000 [get_ports clk_i]
set_input_delay 0.0 -clock clk [delete_from_list [all_inputs] [get_ports {clk_i rst_ni}]]
set_output_delay 0.0 -clock clk [all_outputs]
set_false_path -from [get_ports rst_ni]
set_driving_cell -lib_cell sky130_fd_sc_hd__inv_2 [all_inputs]
set_load 0.017 [all_outputs]
