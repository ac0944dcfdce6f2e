#!/usr/bin/env bash
# tests/sta_test.sh - quick checks of the timing tools (docs/area.md "Method: timing"):
# FO4 of the generic library is measured and plausible, the RF-bank timing model of the
# committed RTL is a Liberty that OpenSTA reads, and bad input gets one line and exit 2;
# the dont_use filter (synth/dont_use.py) on a toy library: named cells, globs and cells the
# library marks dont_use leave the mapping copy, the rest stay byte for byte, and its netlist
# check fails on a forbidden cell; synth/icg_map.py maps the clock-gate wrapper onto a toy
# library's integrated clock gate and declines a library without one; with ../shared/pdk
# (else SKIP for that part) a sky130 HD timing run at 8 data bits holds no cell of the PDK's
# area.dontuse list and one dlclkp per clock gate of the RTL (C x (E + 3) by default).
set -u
cd "$(dirname "$0")/.." || exit 2
command -v sta >/dev/null || { echo "SKIP: sta: OpenSTA (sta) not installed"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sta_test.XXXXXX"); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: sta: $*"; exit 1; }
# 1. FO4 of the generic library: an inverter chain timed by OpenSTA
r=$(bash synth/fo4.sh synth/generic_cells.lib "$tmp/fo4") || fail "synth/fo4.sh failed on the generic library"
set -- $r
[ "${1:-}" = fo4_ps ] && [ "${3:-}" = cell ] && [ "${4:-}" = INV ] || fail "synth/fo4.sh printed '$r' (expected 'fo4_ps N cell INV stages 8')"
awk -v f="$2" 'BEGIN { exit !(f > 20 && f < 500) }' || fail "FO4 = $2 ps, outside 20..500 ps"
# 2. the RF-bank model of the committed RTL: a bus-wide Liberty that OpenSTA reads without error
bank=$(ls rtl/*_rf_bank.v | head -n1)
bash synth/rf_bank_model.sh "$bank" >"$tmp/bank.lib" || fail "synth/rf_bank_model.sh failed on $bank"
cell=$(basename "$bank" .v)
printf 'read_liberty %s\nreport_lib_cell %s_model/%s\n' "$tmp/bank.lib" "$cell" "$cell" >"$tmp/r.tcl"
sta -no_splash -exit "$tmp/r.tcl" >"$tmp/r.log" 2>&1 || fail "OpenSTA rejected the bank model (see synth/rf_bank_model.sh)"
grep -qi "error" "$tmp/r.log" && fail "OpenSTA: $(grep -i error "$tmp/r.log" | head -n1)"
grep -q "rdata_o" "$tmp/r.log" || fail "the bank model has no rdata_o pins"
# 3. bad input: one line, exit 2, nothing written
bash synth/sta.sh --rtl "$tmp/none" --liberty synth/generic_cells.lib --out "$tmp/o" >"$tmp/e.txt" 2>&1; rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$tmp/e.txt")" = 1 ] && [ ! -e "$tmp/o" ] || fail "sta.sh on a missing RTL dir: exit $rc, '$(head -n1 "$tmp/e.txt")' (expected one line, exit 2)"
# a driving cell the liberty lacks (constraints/default.sdc names a sky130 HD cell): ABC would
# map without it, so sta.sh refuses it and names the cell
bash synth/sta.sh --rtl rtl --liberty synth/generic_cells.lib --out "$tmp/o" >"$tmp/e.txt" 2>&1; rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$tmp/e.txt")" = 1 ] && [ ! -e "$tmp/o" ] && grep -q "driving cell 'sky130_fd_sc_hd__inv_2'" "$tmp/e.txt" ||
    fail "sta.sh with a driving cell not in the liberty: exit $rc, '$(head -n1 "$tmp/e.txt")' (expected one line naming the cell, exit 2)"
bash synth/fo4.sh "$tmp/none.lib" >"$tmp/e.txt" 2>&1; rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$tmp/e.txt")" = 1 ] || fail "fo4.sh on a missing library: exit $rc (expected one line, exit 2)"
# 4. the dont_use filter on a toy library
cat >"$tmp/toy.lib" <<'LIB'
library (toy) {
  cell ("INV") { area : 1 ; pin (A) { direction : input ; } pin (Y) { direction : output ; function : "!A" ; } }
  cell (CLKBUF_1) { area : 2 ; pin (A) { direction : input ; } pin (Y) { direction : output ; function : "A" ; } }
  cell (CLKBUF_2) { area : 3 ; pin (A) { direction : input ; } pin (Y) { direction : output ; function : "A" ; } }
  cell (ISO) { area : 2 ; dont_use : true ; pin (A) { direction : input ; } pin (Y) { direction : output ; function : "A" ; } }
  cell (BUF) { area : 2 ; pin (A) { direction : input ; } pin (Y) { direction : output ; function : "A" ; } }
  cell (NAND) { area : 2 ; /* } a brace in a comment */ pin (Y) { direction : output ; function : "!(A&B)" ; } }
}
LIB
python3 synth/dont_use.py map "$tmp/toy.lib" "$tmp/toy.map.lib" --dont-use 'CLKBUF_* NAND' 2>"$tmp/du.err" || fail "dont_use.py map failed: $(head -n1 "$tmp/du.err")"
kept=$(sed -n 's/^ *cell *( *"\{0,1\}\([A-Z_0-9]*\).*/\1/p' "$tmp/toy.map.lib" | tr '\n' ' ')
[ "$kept" = "INV BUF " ] || fail "dont_use.py kept cells '$kept' (expected 'INV BUF ': CLKBUF_* and NAND named, ISO marked dont_use)"
[ "$(tail -n +2 "$tmp/toy.map.lib.txt" | tr '\n' ' ')" = "CLKBUF_1 CLKBUF_2 ISO NAND " ] || fail "dont_use.py's removed list: $(tr '\n' ' ' <"$tmp/toy.map.lib.txt")"
grep -q 'cell ("INV") { area : 1 ; pin (A)' "$tmp/toy.map.lib" && [ "$(grep -c . "$tmp/toy.map.lib")" = 4 ] || fail "dont_use.py changed the kept cells or the library's frame"
python3 synth/dont_use.py map "$tmp/toy.lib" "$tmp/toy0.lib" 2>/dev/null && [ "$(tail -n +2 "$tmp/toy0.lib.txt")" = ISO ] ||
    fail "dont_use.py without a list: removed '$(tail -n +2 "$tmp/toy0.lib.txt" | tr '\n' ' ')' (expected ISO, the cell marked dont_use)"
printf 'module m (input a, output y);\n  wire w;\n  INV u0 (.A(a), .Y(w));\n  CLKBUF_2 \\u1 (.A(w), .Y(y));\nendmodule\n' >"$tmp/bad.v"
r=$(python3 synth/dont_use.py check "$tmp/bad.v" "$tmp/toy.map.lib.txt") && fail "dont_use.py check passed a netlist holding CLKBUF_2"
[ "${r#*: }" = "1 forbidden (dont_use) cell instances: 1 CLKBUF_2" ] || fail "dont_use.py check printed '$r'"
sed -i '/CLKBUF_2/d' "$tmp/bad.v"
python3 synth/dont_use.py check "$tmp/bad.v" "$tmp/toy.map.lib.txt" >/dev/null || fail "dont_use.py check failed a netlist of INV only"
# icg_map.py: the least-area latch_posedge integrated clock gate, its pins by role
cat >"$tmp/icg.lib" <<'LIB'
library (toy) {
  cell (ICG_BIG) { area : 9 ; clock_gating_integrated_cell : "latch_posedge" ;
    pin (CK) { clock_gate_clock_pin : true ; direction : input ; } pin (EN) { clock_gate_enable_pin : true ; direction : input ; }
    pin (Q) { clock_gate_out_pin : true ; direction : output ; } }
  cell (ICG_S) { area : 2 ; clock_gating_integrated_cell : "latch_posedge_precontrol" ;
    pin (CK) { clock_gate_clock_pin : true ; direction : input ; } pin (EN) { clock_gate_enable_pin : true ; direction : input ; }
    pin (TE) { clock_gate_test_pin : true ; direction : input ; } pin (Q) { clock_gate_out_pin : true ; direction : output ; } }
  cell (ICG) { area : 5 ; clock_gating_integrated_cell : "latch_posedge" ;
    pin (GCK) { clock_gate_out_pin : true ; direction : output ; } pin (E) { clock_gate_enable_pin : true ; direction : input ; }
    pin (C) { clock_gate_clock_pin : true ; direction : input ; } }
}
LIB
python3 synth/icg_map.py "$tmp/icg.lib" mlk_t >"$tmp/icg.v" || fail "icg_map.py found no clock gate in the toy library"
grep -q '^  ICG u_icg (.E(en_i), .C(clk_i), .GCK(gclk_o));$' "$tmp/icg.v" && grep -q '^module mlk_t_clk_gate (' "$tmp/icg.v" ||
    fail "icg_map.py chose or wired the wrong cell: $(grep u_icg "$tmp/icg.v")"
python3 synth/icg_map.py "$tmp/toy.lib" mlk_t >"$tmp/icg0.v"; rc=$?
[ "$rc" = 1 ] && [ ! -s "$tmp/icg0.v" ] || fail "icg_map.py on a library without a clock gate: exit $rc (expected 1, no output)"
# 5. sky130 HD: no cell of the PDK's dont_use list in the netlist of a timing run (8 data bits)
PDK=${AREA_PDK:-../shared/pdk/sky130_fd_sc_hd__tt_025C_1v80.lib.gz}
DU=$(dirname "$PDK")/sky130_fd_sc_hd__tt_025C_1v80.area.dontuse.lib
if [ -r "$PDK" ] && [ -r "$DU" ] && [ -x build/ccugen ]; then
    build/ccugen --config configs/default.cfg --set data_bits=8 --out "$tmp/rtl8" >/dev/null || fail "ccugen failed at data_bits=8"
    gzip -cdf "$PDK" >"$tmp/$(basename "${PDK%.gz}")"
    nice -n 5 bash synth/sta.sh --rtl "$tmp/rtl8" --liberty "$tmp/$(basename "${PDK%.gz}")" --out "$tmp/s8" >"$tmp/s8.log" 2>&1 ||
        fail "synth/sta.sh on sky130 HD at 8 data bits failed: $(tail -n 1 "$tmp/s8.log")"
    { echo "# the PDK's list"; python3 synth/dont_use.py names "$DU"; } >"$tmp/pdk_du.txt"
    [ "$(grep -vc '^#' "$tmp/pdk_du.txt")" -gt 50 ] || fail "$DU: fewer than 50 cells marked dont_use"
    r=$(python3 synth/dont_use.py check "$tmp/s8/netlist.v" "$tmp/pdk_du.txt") || fail "sky130 netlist: ${r#*: }"
    n=$(grep -c '^ *sky130_fd_sc_hd__' "$tmp/s8/netlist.v")
    [ "$n" -gt 100 ] || fail "the sky130 netlist has $n cells (expected a mapped sub-core)"
    # clock gates: one per data entry and three per CCU (clock_gating = on, the default)
    hdr=$(ls "$tmp"/rtl8/*_config.vh)
    c=$(sed -n 's|^// *ccus = ||p' "$hdr"); e=$(sed -n 's|^// *entries = ||p' "$hdr")
    ng=$(grep -c '^ *sky130_fd_sc_hd__dlclkp_1 ' "$tmp/s8/netlist.v")
    grep -q '^// *clock_gating = on$' "$hdr" && [ "$ng" = $((c * (e + 3))) ] ||
        fail "the sky130 netlist has $ng dlclkp_1 clock gates (expected ${c} x (${e} + 3) = $((c * (e + 3))) with clock_gating = on)"
    grep -q "^clock_gates $ng sky130_fd_sc_hd__dlclkp_1$" "$tmp/s8/sta.txt" || fail "sta.txt does not count the $ng clock gates"
    sky="; sky130 HD netlist at 8 data bits: $n cells, none of the $(grep -vc '^#' "$tmp/pdk_du.txt") dont_use cells, $ng dlclkp_1 clock gates"
else
    echo "SKIP: sta sky130 dont_use: $PDK or $DU not present"; sky=""
fi
echo "PASS: sta: dont_use filter (names, globs, the library's own marks; netlist check)$sky"
echo "PASS: sta: FO4 of the generic library $2 ps; RF-bank model of $cell read by OpenSTA; bad input rejected"
