# constraints/default.sdc - timing constraints for the ABC delay estimate (make area LIBERTY=...).
# Yosys' `abc -constr FILE` understands exactly two commands: set_driving_cell and set_load;
# the clock period is not an SDC command here but `abc -D <ps>` (synth/area.sh passes
# AREA_PERIOD_PS, default 2000 ps = 500 MHz, see docs/area.md).
#
# Every primary input of a module is driven by a sky130 inverter of drive strength 2
# (a typical register output / buffered net), and every output drives 0.017 pF
# (about 4 inverter loads plus a short wire in sky130_fd_sc_hd). The cell name must exist in
# the LIBERTY= library; synth/area.sh replaces the name with AREA_DRIVING_CELL when set.
set_driving_cell sky130_fd_sc_hd__inv_2
set_load 0.017
