#!/usr/bin/env bash
# power_test.sh - synth/power.sh refuses bad input with one line and exit 2: no --area, an
# --area folder without a flat netlist, a netlist timed with a library that has no power
# tables (the generic library), an unknown option, an unknown variant (with the sky130
# Liberty unpacked in build/). The full flow runs in make report
# (make area LIBERTY=<sky130>). Prints PASS:/FAIL:.
set -u
# shellcheck source=tests/bad_input_lib.sh
. "$(dirname "$0")/bad_input_lib.sh"
bad_input_setup
one() { refuses power_test synth/power.sh "$@"; }
one "no --area" "--area DIR is required"
one "unknown option" "unknown option '--bogus'" --bogus 1
mkdir -p "$tmp/empty"
one "no netlist" "netlist.v: missing" --area "$tmp/empty"
mkdir -p "$tmp/gen/sta"
printf 'module m; endmodule\n' >"$tmp/gen/sta/netlist.v"
printf 'read_liberty %s\nlink_design m\n' "$ROOT/synth/generic_cells.lib" >"$tmp/gen/sta/sta.tcl"
one "no power tables" "no internal_power tables" --area "$tmp/gen"
mkdir -p "$tmp/sky/sta" "$tmp/sky/rtl"
lib=$ROOT/build/sky130_fd_sc_hd__tt_025C_1v80.lib
if [ -s "$lib" ]; then
    printf 'module m; endmodule\n' >"$tmp/sky/sta/netlist.v"
    printf 'read_liberty %s\nlink_design m\n' "$lib" >"$tmp/sky/sta/sta.tcl"
    one "bad variant" "--variants: 'fast' is not gated, ungated or latch" --area "$tmp/sky" --variants fast
fi
# eval/payoff.sh (make payoff) rests on power.sh's report: without one it refuses
refuses power_test eval/payoff.sh "payoff: no --power" "--power FILE is required"
printf 'widths 32\n' >"$tmp/p.txt"
refuses power_test eval/payoff.sh "payoff: not a power.txt" "expected synth/power.sh's power.txt" --power "$tmp/p.txt"
printf 'malekeh_gated_w32_pj 1\n' >"$tmp/p2.txt"
refuses power_test eval/payoff.sh "payoff: bad entries" "expected whole numbers" --power "$tmp/p2.txt" --entries "8 x"
[ "$fail" = 0 ]
