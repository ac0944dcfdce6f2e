#!/usr/bin/env bash
# synth/sta.sh - static timing of one generated configuration with OpenSTA (docs/area.md
# "Timing"). Usage:
#
#   synth/sta.sh --rtl DIR --liberty LIB --out DIR [--sdc FILE] [--period PS] [--target PS]
#                [--driving-cell C] [--dont-use LIST]
#
# DIR holds ccugen's output (files.f, <prefix>_*.v). Steps: Yosys flattens and maps the whole
# sub-core at the width it was generated with (`synth -flatten`, `dfflibmap`, `abc -liberty
# -D <target> -constr` onto OUT/map.lib, the library less its dont_use cells (synth/dont_use.sh:
# --dont-use LIST or $DONT_USE, names or globs, "none" for no names; default for sky130 HD the
# dont_use cells of ../shared/pdk's area.dontuse.lib; and every cell LIB marks dont_use), the target being --target or synthesis_target_pct % of the period,
# synth/sdc.sh; cells renamed after the wire they drive); the RF banks stay blackboxes
# and get the register-like timing model of synth/rf_bank_model.sh; OpenSTA reads the netlist,
# LIB, the model and the SDC (period replaced by --period), and reports the worst
# register-to-register path (flip-flop or RF-bank clock pin to flip-flop D or RF-bank input),
# the worst path of any kind, WNS and TNS; synth/fo4.sh measures LIB's FO4.
# Writes OUT/{netlist.v,synth.ys,yosys.log,stat.txt,rf_bank_model.lib,sta.sdc,sta.tcl,sta.log,
# critical_path.txt,path_groups.txt,fo4/,sta.txt,map.lib,map.lib.txt,icg.v}; the clock-gate
# wrapper becomes the library's integrated clock gate when LIB has one (synth/icg_map.py); sta.txt holds `key value` lines (read by build/area-report).
# Environment: YOSYS (yosys), STA (sta).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
YOSYS=${YOSYS:-yosys}; STA=${STA:-sta}
rtl=""; lib=""; out=""; sdc=$here/constraints/default.sdc; period=""; target=""; drv=""; dont_use=${DONT_USE:-}
while [ $# -gt 0 ]; do
    case "$1" in
        --rtl) rtl=$2; shift 2 ;;
        --liberty) lib=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --sdc) sdc=$2; shift 2 ;;
        --period) period=$2; shift 2 ;;
        --target) target=$2; shift 2 ;;
        --driving-cell) drv=$2; shift 2 ;;
        --dont-use) dont_use=$2; shift 2 ;;
        *) echo "sta.sh: unknown option '$1' (allowed: --rtl --liberty --out --sdc --period --target --driving-cell --dont-use)" >&2; exit 2 ;;
    esac
done
[ -n "$rtl" ] && [ -n "$lib" ] && [ -n "$out" ] || { echo "sta.sh: --rtl, --liberty and --out are required" >&2; exit 2; }
[ -r "$rtl/files.f" ] || { echo "sta.sh: $rtl/files.f: not found (expected ccugen output)" >&2; exit 2; }
[ -r "$lib" ] || { echo "sta.sh: cannot read liberty '$lib'" >&2; exit 2; }
command -v "$STA" >/dev/null || { echo "sta.sh: OpenSTA ('$STA') not found (Debian package opensta)" >&2; exit 2; }
# the driving cell must be a cell of LIB: ABC given an unknown one maps without its input
# drive model (the generic library's sub-core timed 88 FO4 instead of 48 at 16 data bits)
dcell=${drv:-$(sed -n 's/^set_driving_cell .*-lib_cell \([^ ]*\).*/\1/p' "$sdc" | head -n1)}
if [ -n "$dcell" ] && ! grep -Eq "^[[:space:]]*cell[[:space:]]*\(\"?$dcell\"?\)" "$lib"; then
    echo "sta.sh: $sdc: driving cell '$dcell' is not a cell of $lib (pass --driving-cell CELL)" >&2; exit 2
fi
mkdir -p "$out"; out=$(cd "$out" && pwd); rtl=$(cd "$rtl" && pwd)
. "$here/synth/dont_use.sh"
dont_use_map "$lib" "$out/map.lib" "$dont_use" || exit 2
mlib=$out/map.lib
p=$(cd "$rtl" && ls ./*_subcore.v | sed 's|^\./||; s|_subcore\.v$||')
data_bits=$(sed -n 's|^// *data_bits = \([0-9]*\)$|\1|p' "$rtl/${p}_config.vh" | head -n1)
. "$here/synth/sdc.sh"
sdc_period=$(sdc_period_ps "$sdc")
[ -n "$sdc_period" ] || { echo "sta.sh: $sdc: no 'create_clock -period' line" >&2; exit 2; }
[ -n "$period" ] || period=$sdc_period
case "$period$target" in *[!0-9]*) echo "sta.sh: --period/--target: expected whole numbers of ps" >&2; exit 2 ;; esac
[ -n "$target" ] || target=$(( period * $(sdc_target_pct "$sdc") / 100 ))
period_ns=$(awk -v p="$period" 'BEGIN { printf "%.3f", p / 1000 }')
# the SDC for OpenSTA (period, driving cell) and the two lines ABC reads
sed -e "s|^\(create_clock .*-period \)[0-9.]*|\1$period_ns|" \
    ${drv:+-e "s|-lib_cell [^ ]*|-lib_cell $drv|"} "$sdc" >"$out/sta.sdc"
{
    sed -n 's/^set_driving_cell .*-lib_cell \([^ ]*\).*/set_driving_cell \1/p' "$out/sta.sdc" | head -n1
    sed -n 's/^set_load \([0-9.]*\).*/set_load \1/p' "$out/sta.sdc" | head -n1
} >"$out/abc.constr"
# A delay-oriented ABC script (synth/abc_delay.abc, also used by quick_sta.sh): Yosys' own one for -liberty -D (fraig, scorr, dc2, then
# &nf against the target period), with the AIG restructured for depth before mapping (two
# rounds of SOP balancing, `&if -g`, each followed by `&synch2` structural choices; what
# a commercial compile's delay restructuring does), `&nf -p` (pin permutation), then
# `buffer -p` (buffer nets that also drive primary outputs of the ABC netlist, i.e.
# flip-flop inputs) with a fanout limit of 8, and gate sizing over the 10 % most critical
# outputs (`upsize -W 10 -R 30`, then `dnsize`). Without buffering ABC leaves nets with over
# a thousand loads at full width (select lines of the 1024-bit data paths) and OpenSTA
# extrapolates their slews far off the tables. STA_ABC=yosys uses Yosys' script as it was
# (with buffer -p -N 16), for comparison (docs/area.md "Timing").
D="-D $target"
if [ "${STA_ABC:-delay}" = yosys ]; then
    echo "strash; &get -n; &fraig -x; &put; scorr; dc2; dretime; retime -o $D; strash; &get -n; &dch -f; &nf $D; &put; buffer -p -N ${STA_MAX_FANOUT:-16}; upsize $D; dnsize $D; stime -p"
else
    sed -e "s/{D}/$D/g" -e "s/{N}/${STA_MAX_FANOUT:-8}/g" "$here/synth/abc_delay.abc"
fi >"$out/abc.script"
# the clock-gate wrapper (${p}_clk_gate, clock_gating = on or ct_storage = latch): the
# library's integrated clock gate when it has one (synth/icg_map.py: sky130 HD dlclkp_1),
# else the behavioural model, whose latch goes onto a latch cell like the latch array's
has_latch=0; icg=0
if grep -q '_clk_gate\.v$' "$rtl/files.f"; then
    if python3 "$here/synth/icg_map.py" "$mlib" "$p" >"$out/icg.v"; then icg=1; else rm -f "$out/icg.v"; has_latch=1; fi
fi
grep -q '^// *ct_storage = latch$' "$rtl/${p}_config.vh" && has_latch=1
t0=$(date +%s)
{
    echo "read_verilog -lib $rtl/${p}_rf_bank.v"
    if [ "$icg" = 1 ]; then echo "read_verilog $out/icg.v"; fi
    sed -n 's|^\${MLK_RTL}/\(.*\.v\)$|\1|p' "$rtl/files.f" | grep -v "_rf_bank\.v$" | { if [ "$icg" = 1 ]; then grep -v "_clk_gate\.v$"; else cat; fi; } |
        sed "s|^|read_verilog $rtl/|"
    echo "hierarchy -check -top ${p}_subcore"
    echo "synth -flatten -noabc -top ${p}_subcore"
    # ct_storage = latch: latches onto the library's latch cells (dfflibmap maps flip-flops only)
    if [ "$has_latch" = 1 ]; then
        python3 "$here/synth/latch_map.py" "$mlib" >"$out/latch_map.v" || exit 2
        echo "techmap -map $out/latch_map.v"
    fi
    echo "dfflibmap -liberty $mlib"
    echo "abc -liberty $mlib -D $period -constr $out/abc.constr -script $out/abc.script"
    echo "opt_clean"
    echo "setundef -zero"
    echo "splitnets"
    echo "opt_clean"
    echo "rename -wire"
    echo "tee -q -o $out/stat.txt stat -liberty $lib"
    echo "write_verilog -noattr -noexpr $out/netlist.raw.v"
} >"$out/synth.ys"
if ! "$YOSYS" -q -l "$out/yosys.log" "$out/synth.ys" >/dev/null 2>"$out/yosys.err"; then
    echo "sta.sh: yosys failed; see $out/yosys.log" >&2; exit 1
fi
t1=$(date +%s)
# the mapping library had no forbidden cell: none can be in the netlist (a guard on the above)
if ! python3 "$here/synth/dont_use.py" check "$out/netlist.raw.v" "$out/map.lib.txt" >"$out/dont_use.err"; then
    echo "sta.sh: $(cat "$out/dont_use.err")" >&2; exit 1
fi
# RF bank instances get plain names (rf_bank_0, ...) so that the Tcl below can name their pins
awk -v m="${p}_rf_bank" '$1 == m && $3 == "(" { $2 = "rf_bank_" k++ } { print }' "$out/netlist.raw.v" >"$out/netlist.v"
rm -f "$out/netlist.raw.v"
bash "$here/synth/rf_bank_model.sh" "$rtl/${p}_rf_bank.v" >"$out/rf_bank_model.lib"
nbank=$(grep -c "^ *${p}_rf_bank rf_bank_" "$out/netlist.v" || true)
bank_from=""; bank_to=""
if [ "$nbank" -gt 0 ]; then bank_from="[get_pins rf_bank_*/clk_i]"; bank_to="[get_pins rf_bank_*/*_i*]"; fi
cat >"$out/sta.tcl" <<TCL
read_liberty $lib
read_liberty $out/rf_bank_model.lib
read_verilog $out/netlist.v
link_design ${p}_subcore
read_sdc $out/sta.sdc
set from [concat [all_registers -clock_pins] $bank_from]
set to [concat [all_registers -data_pins] $bank_to]
puts "=== reg2reg"
report_checks -path_delay max -from \$from -to \$to -format full_clock_expanded -fields {capacitance slew input_pin net} -digits 3
puts "=== any"
report_checks -path_delay max -format full_clock_expanded -fields {capacitance slew input_pin net} -digits 3
puts "=== summary"
report_wns
report_tns
# every endpoint whose worst register-to-register path needs at least 75 % of the worst
# path's period: its slack, end register and start register (named by the net on Q)
proc qname {pin} {
  set i [lindex [split [get_full_name \$pin] /] 0]
  set qp [get_pins -quiet \$i/Q]
  if {\$qp eq ""} { return [get_full_name \$pin] }
  return [get_full_name [get_nets -of_objects \$qp]]
}
set worst [get_property [lindex [find_timing_paths -path_delay max -from \$from -to \$to] 0] slack]
set lim [expr {0.25 * $period_ns + 0.75 * \$worst}]
puts "=== endpoints"
foreach pe [find_timing_paths -path_delay max -from \$from -to \$to -group_count 1000000 -endpoint_count 1 -slack_max \$lim] {
  puts "[get_property \$pe slack] [qname [get_property \$pe endpoint]] [qname [get_property \$pe startpoint]]"
}
TCL
# a design with latches (ct_storage = latch) borrows time through them, so the period less
# the worst slack is not its minimum period: find the smallest period with no negative
# setup or clock-gating slack by bisection (OpenSTA's incremental timing, same netlist)
if [ "$has_latch" = 1 ]; then
    cat >>"$out/sta.tcl" <<TCL
set clk [lindex [all_clocks] 0]
proc ws_at {p} {
  global clk
  create_clock -name [get_full_name \$clk] -period \$p [get_ports clk_i]
  return [worst_slack -max]
}
set lo 0.0
set hi $period_ns
for {set k 0} {\$k < 8 && [ws_at \$hi] < 0} {incr k} { set lo \$hi; set hi [expr {2 * \$hi}] }
for {set k 0} {\$k < 16} {incr k} {
  set mid [expr {(\$lo + \$hi) / 2}]
  if {[ws_at \$mid] >= 0} { set hi \$mid } else { set lo \$mid }
}
puts "=== latch_period"
puts "latch_min_period_ns \$hi"
ws_at $period_ns
TCL
fi
echo 'puts "=== end"' >>"$out/sta.tcl"
if ! "$STA" -no_splash -exit "$out/sta.tcl" >"$out/sta.log" 2>&1; then
    echo "sta.sh: OpenSTA failed; see $out/sta.log" >&2; exit 1
fi
grep -q "^=== end" "$out/sta.log" || { echo "sta.sh: OpenSTA stopped early; see $out/sta.log" >&2; exit 1; }
t2=$(date +%s)
bash "$here/synth/fo4.sh" "$lib" "$out/fo4" >"$out/fo4.txt"
sed -n '/^=== reg2reg/,/^=== any/p' "$out/sta.log" | sed '1d;$d' >"$out/critical_path.txt"
# path_groups.txt: the endpoints above grouped by register (bit and generate indices dropped:
# g_unit[*].u_ccu.u_ct.lock_q): "min_period_ps min_period_fo4 endpoints end_register
# start_register" per pair, worst first, at most 30 lines
fo4_ps=$(awk '{ print $2; exit }' "$out/fo4.txt")
sed -n '/^=== endpoints/,/^=== end/p' "$out/sta.log" | sed '1d;$d' | awk -v period="$period" -v fo4="$fo4_ps" '
  function grp(n) { sub(/^rf_bank_[0-9]+\//, "rf_bank_*/", n); sub(/\[[0-9]+\]$/, "", n); gsub(/\[[0-9]+\]/, "[*]", n); return n }
  NF == 3 { k = grp($2) " " grp($3); if (!(k in w) || $1 < w[k]) w[k] = $1; n[k]++ }
  END { for (k in w) { mp = period - 1000 * w[k]; printf "%.0f %.1f %d %s\n", mp, mp / fo4, n[k], k } }' |
  LC_ALL=C sort -k1,1nr -k4,4 -k5,5 | sed -n 1,30p >"$out/path_groups.txt"   # sed reads to the end: head would end sort with SIGPIPE (pipefail) on a long list
# sta.txt: key value
awk -v period="$period" -v target="$target" -v db="${data_bits:-}" -v ys=$((t1 - t0)) -v ss=$((t2 - t1)) -v fo4f="$out/fo4.txt" -v statf="$out/stat.txt" '
  BEGIN { getline l < fo4f; split(l, f, " "); fo4 = f[2]; fcell = f[4]
          while ((getline l < statf) > 0) { if (l ~ /Chip area for/) { area = l; sub(/.*: */, "", area) }
                                            if (l ~ /Number of cells:/) { cells = l; sub(/.*: */, "", cells) } } }
  /^=== reg2reg/ { sec = "r" ; next } /^=== any/ { sec = "a"; next } /^=== summary/ { sec = "s"; next }
  /^=== endpoints/ { sec = ""; next }
  /^latch_min_period_ns / { lmp = 1000 * $2 }
  sec != "" && /^Startpoint:/ { s = $0; sub(/^Startpoint: /, "", s); start[sec] = s }
  sec != "" && /^Endpoint:/ { s = $0; sub(/^Endpoint: /, "", s); end_[sec] = s }
  sec != "" && / data arrival time$/ && !(sec in arr) { arr[sec] = $1 }
  sec != "" && / slack \(/ { slack[sec] = $1 }
  sec == "r" && / [v^] [^ ]+\/[^ ]+ \(/ { i = $0; sub(/.* [v^] /, "", i); sub(/\/[^\/]* \(.*/, "", i); if (!(i in seen)) { seen[i] = 1; cells_r++ } }
  sec == "s" && /^wns / { wns = $2 } sec == "s" && /^tns / { tns = $2 }
  END {
    if (!("r" in slack)) { print "error no register-to-register path"; exit 1 }
    mp = lmp != "" ? lmp : period - 1000 * slack["r"]
    if (db != "") printf "data_bits %s\n", db
    printf "period_ps %s\nsynth_target_ps %s\nfo4_ps %s\nfo4_cell %s\n", period, target, fo4, fcell
    printf "r2r_start %s\nr2r_end %s\nr2r_arrival_ps %.0f\nr2r_slack_ps %.0f\nr2r_levels %d\n", start["r"], end_["r"], 1000 * arr["r"], 1000 * slack["r"], cells_r - 2
    printf "min_period_ps %.0f\nfmax_mhz %.1f\nmin_period_fo4 %.1f\n", mp, 1e6 / mp, mp / fo4
    printf "any_start %s\nany_end %s\nany_slack_ps %.0f\n", start["a"], end_["a"], 1000 * slack["a"]
    printf "wns_ps %.0f\ntns_ps %.0f\nnetlist_area %s\nnetlist_cells %s\n", 1000 * wns, 1000 * tns, area, cells
    printf "min_period_method %s\n", lmp != "" ? "bisection (latches borrow time)" : "period - worst slack"
    printf "yosys_s %d\nsta_s %d\n", ys, ss }' "$out/sta.log" >"$out/sta.txt"
echo "dont_use $(dont_use_source "$out/map.lib")" >>"$out/sta.txt"
if [ "$icg" = 1 ]; then
    icell=$(sed -n 's/^  \([A-Za-z0-9_]*\) u_icg .*/\1/p' "$out/icg.v")
    echo "clock_gates $(grep -c "^ *$icell " "$out/netlist.v" || true) $icell" >>"$out/sta.txt"
elif grep -q '_clk_gate\.v$' "$rtl/files.f"; then
    echo "clock_gates behavioural (the library has no integrated clock gate)" >>"$out/sta.txt"
fi
if grep -q '^error' "$out/sta.txt"; then echo "sta.sh: $(cat "$out/sta.txt") in $out/sta.log" >&2; exit 1; fi
# name the start and end registers by the net their output drives (the RTL register name;
# mapped flip-flops themselves carry generated names such as _1234_)
qnet() { # INSTANCE -> the net on its Q (or first output) pin
    awk -v i="$1" '$2 == i && $3 == "(" { f = 1; next }
        f && /^ *\.(Q|rdata_o)/ { s = $0; sub(/^ *\.[A-Za-z_]+\( */, "", s); sub(/ *\),? *$/, "", s); sub(/^\\/, "", s); print s; exit }
        f && /\);/ { exit }' "$out/netlist.v"
}
for k in r2r_start r2r_end any_start any_end; do
    v=$(sed -n "s/^$k //p" "$out/sta.txt"); inst=${v%% *}
    case "$v" in *flip-flop*) q=$(qnet "$inst"); [ -n "$q" ] && sed -i "s|^$k .*|$k $inst (flip-flop $q)|" "$out/sta.txt" ;; esac
done
echo "sta: $out/sta.txt ($(( t2 - t0 )) s)"
