#!/usr/bin/env bash
# synth/power.sh - power of one configuration's sub-core with OpenSTA, input activities
# measured by the co-simulation of a real trace (docs/area.md "Power"). Usage:
#
#   synth/power.sh --area DIR [--config FILE] [--set k=v]... [--trace FILE] [--sram-lib FILE]
#                  [--datasheet]
#
# DIR is the output of `make area LIBERTY=...` for the same configuration (its flat netlist
# DIR/sta/netlist.v, timed at the SDC clock; the generic library has no power tables). Steps:
# the lockstep co-simulation (scripts/cosim.sh) runs TRACE (default: the shipped
# workloads/matrixmul32 trace) to completion on one sub-core and writes each input port's
# activity (toggles per bit per cycle) and duty (tb/cosim.c --activity); OpenSTA reads the
# netlist, the Liberty file of DIR/sta/sta.tcl, the SDC and those activities and reports
# internal, switching and leakage power (report_power; this OpenSTA reads activities per
# input port and propagates them, it reads no VCD). Beside it: the energy per cycle and per
# instruction of that run, and the bank-access energy the CCUs saved on the same trace
# (malekeh-sim, one sub-core, caching on against off), priced with the OpenRAM sky130 macro
# of --sram-lib (default ../shared/pdk/sram/sky130_sram_2kbyte_1rw1r_32x512_8_TT_1p8V_25C.lib:
# its clock pin's internal energy, rise + fall, per access of one 32-bit word). Writes
# DIR/power/{malekeh,base}/{activity.tcl,power.tcl,power.log}, DIR/power/{power.txt,power.md};
# prints power.md's lines. --datasheet: also into DIR/area.md, at the end of its headline
# block and as a section "Power" (`make area LIBERTY=...` does this).
# Exit 0; 2 on bad arguments or a missing input (one line).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
STA=${STA:-sta}
area=""; config=$here/configs/default.cfg; sets=(); trace=""; sram=""; sheet=0
while [ $# -gt 0 ]; do
    case "$1" in
        --area) area=$2; shift 2 ;;
        --config) config=$2; shift 2 ;;
        --set) sets+=(--set "$2"); shift 2 ;;
        --trace) trace=$2; shift 2 ;;
        --sram-lib) sram=$2; shift 2 ;;
        --datasheet) sheet=1; shift ;;
        *) echo "power.sh: unknown option '$1' (allowed: --area DIR --config FILE --set k=v --trace FILE --sram-lib FILE --datasheet)" >&2; exit 2 ;;
    esac
done
[ -n "$area" ] || { echo "power.sh: --area DIR is required (the output of make area LIBERTY=...)" >&2; exit 2; }
[ -s "$area/sta/netlist.v" ] && [ -s "$area/sta/sta.tcl" ] || {
    echo "power.sh: $area/sta/netlist.v: missing (expected the output of make area LIBERTY=<a Liberty with power tables>)" >&2; exit 2; }
[ ! -d "$area/sta-rtl" ] || { echo "power.sh: $area/sta times a narrower sub-core (make area --sta-width): expected the full-width netlist" >&2; exit 2; }
lib=$(sed -n '1s/^read_liberty //p' "$area/sta/sta.tcl")
grep -q 'internal_power' "$lib" 2>/dev/null || {
    echo "power.sh: $lib: no internal_power tables (expected a real Liberty such as sky130 HD, make area LIBERTY=...)" >&2; exit 2; }
[ -n "$trace" ] || trace=$(ls "$here"/workloads/matrixmul32_sm61_kernel-1.traceg* 2>/dev/null | head -1)
[ -r "$trace" ] || { echo "power.sh: $trace: cannot read the trace" >&2; exit 2; }
[ -n "$sram" ] || sram=$here/../shared/pdk/sram/sky130_sram_2kbyte_1rw1r_32x512_8_TT_1p8V_25C.lib
out=$area/power; mkdir -p "$out"
top=$(sed -n 's/^link_design //p' "$area/sta/sta.tcl" | head -1)
rtl_hash=$(sed -n 's/.*Configuration hash (FNV-1a 64): \([0-9a-f]*\).*/\1/p' "$area/rtl/${top}.v" 2>/dev/null | head -1)
# measure LABEL STA_DIR [--set k=v]...: the co-simulation of the trace for this design (its
# cycles, instructions and input activities), then OpenSTA's report_power on its netlist;
# sets LABEL_{int,sw,leak,tot,seq,cycles,insts} (watts; counts)
measure() {
    local label=$1 sdir=$2; shift 2
    local top pfx bin log d=$out/$label
    mkdir -p "$d"
    top=$(sed -n 's/^link_design //p' "$sdir/sta.tcl" | head -1)
    bash "$here/scripts/cosim.sh" --config "$config" "${sets[@]+"${sets[@]}"}" "$@" --build-only >/dev/null 2>&1 || {
        echo "power.sh: the co-simulation of $label did not build (scripts/cosim.sh --build-only)" >&2; exit 2; }
    pfx=${top%_subcore}
    bin=$here/build/cosim/mlkd_${pfx#mlk_}/cosim
    [ -x "$bin" ] || { echo "power.sh: $bin: missing (the co-simulation of another configuration than $sdir's?)" >&2; exit 2; }
    log=$("$bin" --config "$config" "${sets[@]+"${sets[@]}"}" "$@" --trace "$trace" --brief --activity "$d/activity.tcl" 2>&1 | sed -n '/^cosim: PASS/p')
    [ -n "$log" ] || { echo "power.sh: the co-simulation of $label on $trace did not pass" >&2; exit 2; }
    {
        sed -n '/^read_liberty\|^read_verilog\|^link_design\|^read_sdc/p' "$sdir/sta.tcl"
        echo "source $d/activity.tcl"
        echo "report_power -digits 6"
        echo "exit"
    } >"$d/power.tcl"
    "$STA" -no_splash -exit "$d/power.tcl" >"$d/power.log" 2>&1 || { tail -5 "$d/power.log" >&2; echo "power.sh: OpenSTA failed ($d/power.log)" >&2; exit 2; }
    local v
    v=$(awk '$1 == "Total" { print $2, $3, $4, $5; exit }' "$d/power.log")
    [ -n "$v" ] || { echo "power.sh: no Total line in $d/power.log" >&2; exit 2; }
    read -r "${label}_int" "${label}_sw" "${label}_leak" "${label}_tot" <<<"$v"
    printf -v "${label}_seq" '%s' "$(awk '$1 == "Sequential" { print $5; exit }' "$d/power.log")"
    printf -v "${label}_cycles" '%s' "$(echo "$log" | sed -n 's/.* cycles=\([0-9]*\).*/\1/p')"
    printf -v "${label}_insts" '%s' "$(echo "$log" | sed -n 's/.* instructions=\([0-9]*\).*/\1/p')"
}
# 1. Malekeh: the netlist of make area
measure malekeh "$area/sta"
# 2. the baseline (caching = off): its own flat netlist, at the same clock and library
if [ ! -s "$out/base/sta/netlist.v" ] || [ "$area/sta/netlist.v" -nt "$out/base/sta/netlist.v" ]; then
    rm -rf "$out/base/rtl"
    "$here/build/ccugen" --config "$config" "${sets[@]+"${sets[@]}"}" --set caching=off --out "$out/base/rtl" >/dev/null
    period_ps=$(awk -v p="$(sed -n 's/^create_clock .*-period \([0-9.]*\).*/\1/p' "$area/sta/sta.sdc" | head -1)" 'BEGIN { printf "%d", p * 1000 + 0.5 }')
    bash "$here/synth/sta.sh" --rtl "$out/base/rtl" --liberty "$lib" --out "$out/base/sta" --period "$period_ps" >"$out/base/sta.log" 2>&1 || {
        tail -5 "$out/base/sta.log" >&2; echo "power.sh: the baseline's synthesis failed ($out/base/sta.log)" >&2; exit 2; }
fi
measure base "$out/base/sta" --set caching=off
period_ns=$(sed -n 's/^create_clock .*-period \([0-9.]*\).*/\1/p' "$area/sta/sta.sdc" | head -1)
# 3. the bank reads the CCUs saved on the same trace (one sub-core, as the co-simulation)
sim=$here/build/malekeh-sim
make -s -C "$here" build/malekeh-sim >/dev/null
reads() { "$sim" --config "$config" "${sets[@]+"${sets[@]}"}" --set machine=subcore --trace "$trace" --quiet --set "$1" --json "$out/sim.json" 2>/dev/null
          grep -o '"bank_reads": [0-9]*' "$out/sim.json" | head -1 | sed 's/.*: //'; }
r_on=$(reads caching=on); r_off=$(reads caching=off)
# 4. the macro's energy per 32-bit access: its clock pin's internal energy, rise + fall
e_word=""; word_bits=""
if [ -r "$sram" ]; then
    e_word=$(awk '/pin\(clk0\)/ { p = 1 } p && /rise_power/ { r = 1 } p && r && /values/ { split($0, q, "\""); print 2 * q[2]; exit }' "$sram")
    word_bits=$(basename "$sram" | sed -n 's/.*_\([0-9]*\)x[0-9]*_[0-9]*_.*/\1/p')
fi
data_bits=$(sed -n 's|^// *data_bits = \([0-9]*\)$|\1|p' "$area/rtl/${top}.v" | head -1)
awk -v tot="$malekeh_tot" -v pint="$malekeh_int" -v sw="$malekeh_sw" -v leak="$malekeh_leak" -v seq="$malekeh_seq" \
    -v btot="$base_tot" -v bseq="$base_seq" -v bcyc="$base_cycles" -v per="$period_ns" \
    -v cyc="$malekeh_cycles" -v ins="$malekeh_insts" -v ron="$r_on" -v roff="$r_off" -v ew="$e_word" -v wb="$word_bits" \
    -v db="$data_bits" -v tr="$(basename "$trace")" -v lib="$(basename "$lib")" -v sram="$(basename "$sram")" -v top="$top" '
    BEGIN {
        e_ins = tot * per * 1e3 * cyc / ins       # pJ per instruction (W x ns = nJ)
        b_ins = btot * per * 1e3 * bcyc / ins     # the baseline, same instructions
        printf "power (OpenSTA report_power, %s, %s; clock %.3f ns, %.1f MHz): %.1f mW = internal %.1f + switching %.1f + leakage %.4f mW; flip-flops %.1f %% (no clock gating: Yosys inserts none); the baseline OCUs (caching = off): %.1f mW, flip-flops %.1f %%\n",
               top, lib, per, 1000 / per, 1000 * tot, 1000 * pint, 1000 * sw, 1000 * leak, 100 * seq / tot, 1000 * btot, 100 * bseq / btot
        printf "input activities: the co-simulation of %s on one sub-core, each design its own run: Malekeh %d cycles, the baseline %d, %d instructions (power/*/activity.tcl)\n", tr, cyc, bcyc, ins
        printf "energy of the sub-core without its RF banks: Malekeh %.0f pJ per instruction, the baseline %.0f: the CCUs add %.0f pJ per instruction\n", e_ins, b_ins, e_ins - b_ins
        if (ew != "" && wb > 0) {
            e_acc = ew * db / wb                  # pJ per data_bits-wide bank read
            saved = (roff - ron) / ins
            printf "bank reads the CCUs save on the same trace: %.3f per instruction (%d with caching off, %d on) x %.0f pJ per %d-bit read (%d x %s: clock-pin energy %.1f pJ per %d-bit access) = %.0f pJ per instruction\n",
                   saved, roff, ron, e_acc, db, db / wb, sram, ew, wb, saved * e_acc
        } else print "bank reads saved: no SRAM macro Liberty (--sram-lib): not priced"
    }' >"$out/power.md"
{
    for l in malekeh base; do
        for k in tot int sw leak seq cycles insts; do v=${l}_$k; echo "${l}_$k ${!v}"; done
    done
    echo "period_ns $period_ns"; echo "bank_reads_on $r_on"; echo "bank_reads_off $r_off"
    echo "sram_word_energy_pj ${e_word:-}"; echo "sram_word_bits ${word_bits:-}"; echo "rtl_hash ${rtl_hash:-}"
} >"$out/power.txt"
if [ "$sheet" = 1 ] && [ -s "$area/area.md" ]; then
    . "$here/synth/sheet.sh"
    sheet_add "$area/area.md" "$out/power.md" "Power" \
"OpenSTA's report_power on the flat netlist above and on the baseline's (caching = off, the
same clock and library), each with the input activities of its own lockstep co-simulation of
the shipped trace (synth/power.sh; docs/area.md \"Method: power\" gives the method and its limits):"
fi
cat "$out/power.md"
