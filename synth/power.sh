#!/usr/bin/env bash
# synth/power.sh - energy of one configuration's sub-core from simulated switching: the
# mapped netlist simulated at gate level under a real trace, every net's toggles counted,
# priced by the project's gate-level power engine (build/mlk-power, power/; docs/power.md).
#
#   synth/power.sh --area DIR [--config FILE] [--set k=v]... [--trace FILE] [--sram-lib FILE]
#                  [--datasheet] [--variants "gated ungated latch"] [--widths "32 64"] [--report NAME]
#
# DIR is the output of `make area LIBERTY=<a Liberty with power tables>` for the same
# configuration (its flat netlist DIR/sta/netlist.v at the SDC clock). Each variant is a
# pair of designs, Malekeh and the baseline OCUs (caching = off): `gated` the configuration
# as it is, `ungated` with clock_gating = off, `latch` with ct_storage = latch. A width of at
# most 64 data bits is measured as it is (DIR's netlist for Malekeh); a wider one at the
# --widths (default 32 and 64: a gate-level simulation of a 1024-bit netlist does not fit in
# make area's time on two cores) and extrapolated linearly in the width, per design: the
# model's cycles do not depend on the width, the data path's energy grows with it and the
# control's does not. For each netlist (synthesized here by synth/sta.sh, same library,
# dont_use list and period, unless it is DIR's):
#   1. the gate-level simulation folder: the netlist (hierarchical net names with '.' written
#      '__', which a simulator would take for scopes), Verilog models of the library cells it
#      uses (Yosys `read_liberty`; integrated clock gates, which Yosys leaves empty, as a
#      latch and an AND), the RF bank's RTL (a black box in synthesis);
#   2. the lockstep co-simulation of that netlist against the C model on TRACE (outputs
#      compared every cycle: the netlist is proved to do the trace's work), its value change
#      dump streamed through a FIFO into
#   3. build/mlk-power: internal energy from the Liberty tables at each pin's slew and load,
#      1/2 C V^2 per toggle on every net, leakage, the clock as a buffer tree.
# Then the bank reads the CCUs save on the same trace (malekeh-sim, one sub-core), priced with
# the SRAM macro's Liberty (--sram-lib; default the OpenRAM sky130 2 KB macro: its clock-pin
# energy per access, rise + fall, per 32-bit word), and the balance line:
#   energy balance (pJ per instruction, TRACE): CCUs add A, bank reads saved S, net N
# With the ungated variant, synth/ledger.py writes DIR/power/ledger.txt: the per-event
# energies of this RTL for malekeh-sim's energy_table (docs/energy.md).
# Writes DIR/power/<design>_<variant>_w<width>/{rtl,sta,gl,power.json,power.log},
# DIR/power/{NAME.md,NAME.txt} (--report NAME, default power).
# --datasheet: also into DIR/area.md (the headline's balance line and a section "Power").
# Prints a line per stage. Exit 0; 2 on bad arguments or a missing input (one line).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
YOSYS=${YOSYS:-yosys}
area=""; config=$here/configs/default.cfg; sets=(); trace=""; sram=""; sheet=0; variants=${POWER_VARIANTS:-gated}; widths_opt=${POWER_WIDTHS:-}; rname=power
while [ $# -gt 0 ]; do
    case "$1" in
        --area) area=$2; shift 2 ;;
        --config) config=$2; shift 2 ;;
        --set) sets+=(--set "$2"); shift 2 ;;
        --trace) trace=$2; shift 2 ;;
        --sram-lib) sram=$2; shift 2 ;;
        --datasheet) sheet=1; shift ;;
        --variants) variants=$2; shift 2 ;;
        --widths) widths_opt=$2; shift 2 ;;
        --report) rname=$2; shift 2 ;;
        *) echo "power.sh: unknown option '$1' (allowed: --area DIR --config FILE --set k=v --trace FILE --sram-lib FILE --datasheet --variants LIST --widths LIST --report NAME)" >&2; exit 2 ;;
    esac
done
for v in $variants; do
    case "$v" in gated|ungated|latch) ;; *) echo "power.sh: --variants: '$v' is not gated, ungated or latch" >&2; exit 2 ;; esac
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
make -s -C "$here" build/mlk-power build/malekeh-sim build/ccugen >/dev/null
period_ns=$(sed -n 's/^create_clock .*-period \([0-9.]*\).*/\1/p' "$area/sta/sta.sdc" | head -1)
drive=$(sed -n 's/^set_driving_cell .*-lib_cell \([^ ]*\).*/\1/p' "$area/sta/sta.sdc" | head -1)
oload=$(sed -n 's/^set_load \([0-9.]*\).*/\1/p' "$area/sta/sta.sdc" | head -1)
# the clock-tree model's buffer: the library's largest plain buffer that is not dont_use
# (clock buffers are on sky130's dont_use list); POWER_TREE_CELL overrides
tree=${POWER_TREE_CELL:-$(awk '/^ *cell *\(/ { c = $0; gsub(/.*cell *\( *"?|"? *\).*/, "", c); du = 0 }
    /dont_use *: *true/ { du = 1 } /^ *}/ {} { if (c != "") last[c] = du }
    END { for (k in last) if (!last[k] && k ~ /__buf_8$/) print k }' "$lib" | head -1)}
[ -n "$tree" ] || tree=$(grep -o 'cell *( *"\?[A-Za-z0-9_]*buf_[0-9]*' "$lib" | sed 's/.*( *"\?//' | tail -1)
echo "power: $(basename "$trace") through the gate-level netlists of $(basename "$area") ($(basename "$lib"), clock ${period_ns} ns, clock tree of $tree)"

# the Verilog models of every cell of the library, made once per library
models=$here/build/power-cells/$(basename "$lib" .lib).v
if [ ! -s "$models" ] || [ "$lib" -nt "$models" ]; then
    mkdir -p "$(dirname "$models")"
    "$YOSYS" -q -p "read_liberty -ignore_miss_func $lib; write_verilog -noattr $models.tmp" >/dev/null 2>&1 || {
        echo "power.sh: yosys could not write the cell models of $lib" >&2; exit 2; }
    mv "$models.tmp" "$models"
fi
# integrated clock gates: a latch open while the clock is low, and an AND
icgs=$(awk '/^ *cell *\(/ { c = $0; gsub(/.*cell *\( *"?|"? *\).*/, "", c) } /clock_gating_integrated_cell/ { print c }' "$lib" | sort -u)

# gl_dir NETLIST TOP RTL GL: the gate-level simulation folder GL
gl_dir() {
    local nl=$1 top=$2 rtl=$3 gl=$4 p=${2%_subcore}
    mkdir -p "$gl.new"
    { sed -n '1,/^$/p' "$rtl/$top.v" | grep '^//'
      perl -pe 's/(\\\S+)/ (my $x = $1) =~ s#\.#__#g; $x /ge' "$nl"; } >"$gl.new/$top.v"
    grep -o '^ *[A-Za-z_][A-Za-z0-9_]* ' "$nl" | awk '{ print $1 }' | sort -u >"$gl.new/types"
    {
        awk 'NR == FNR { want[$1] = 1; next }
             /^module / { m = $2; sub(/\(.*/, "", m); keep = (m in want) } keep { print } /^endmodule/ { keep = 0 }' \
            "$gl.new/types" "$models"
        for c in $icgs; do
            grep -qx "$c" "$gl.new/types" || continue
            if grep -A3 "cell *( *\"\\?$c\"\\? *)" "$lib" >/dev/null && awk -v c="$c" '$0 ~ "cell *\\( *\"?"c"\"? *\\)" { f = 1 } f && /pin *\( *"?SCE/ { s = 1 } f && /^ *cell *\(/ && $0 !~ c { exit } END { exit !s }' "$lib"; then
                printf 'module %s(CLK, GATE, SCE, GCLK);\n  input CLK, GATE, SCE;\n  output GCLK;\n  reg en;\n  always @* if (!CLK) en = GATE | SCE;\n  assign GCLK = CLK & en;\nendmodule\n' "$c"
            else
                printf 'module %s(CLK, GATE, GCLK);\n  input CLK, GATE;\n  output GCLK;\n  reg en;\n  always @* if (!CLK) en = GATE;\n  assign GCLK = CLK & en;\nendmodule\n' "$c"
            fi
        done
    } >"$gl.new/cells.v"
    rm -f "$gl.new/types"
    cp "$rtl/${p}_rf_bank.v" "$gl.new/"
    printf '${MLK_RTL}/%s\n' "${p}_rf_bank.v" cells.v "$top.v" >"$gl.new/files.f"   # ccugen's form
    mkdir -p "$gl"
    for f in "$gl".new/*; do cmp -s "$f" "$gl/${f##*/}" || mv "$f" "$gl/"; done
    rm -rf "$gl.new"
}

# measure LABEL STA_DIR RTL_DIR [--set k=v]...: the design's gate-level run and its energy;
# sets LABEL_pj (pJ per instruction), LABEL_mw, LABEL_cycles, LABEL_insts
measure() {
    local label=$1 sdir=$2 rtl=$3; shift 3
    local d=$out/$label top t0=$SECONDS fifo log
    top=$(sed -n 's/^link_design //p' "$sdir/sta.tcl" | head -1)
    mkdir -p "$d"
    gl_dir "$sdir/netlist.v" "$top" "$rtl" "$d/gl"
    echo "power: $label: building the gate-level co-simulation ($(sed -n 's/^netlist_cells //p' "$sdir/sta.txt") cells; Verilator)"
    COSIM_OPT_FAST=-O0 COSIM_VFLAGS="--trace-underscore --trace-depth 1" bash "$here/scripts/cosim.sh" --rtl-dir "$d/gl" --outputs-only \
        --config "$config" "${sets[@]+"${sets[@]}"}" "$@" --traced --build-only >"$d/build.log" 2>&1 || {
        tail -5 "$d/build.log" >&2; echo "power.sh: the gate-level co-simulation of $label did not build ($d/build.log)" >&2; exit 2; }
    echo "power: $label: built in $((SECONDS - t0)) s; simulating $(basename "$trace") and pricing every net"
    fifo=$d/dump.vcd
    rm -f "$fifo"; mkfifo "$fifo"
    # the shell holds the FIFO open (read and write, which never blocks) while both ends
    # start, so neither waits for the other and the simulator's open cannot fail for want
    # of a reader; closing it after the simulation leaves the simulator the only writer,
    # and mlk-power sees the end of the dump when the simulator ends, passed or not
    exec 3<>"$fifo"
    "$here/build/mlk-power" --liberty "$lib" --netlist "$sdir/netlist.v" --top "$top" --vcd "$fifo" --period "$period_ns" \
        --clock clk_i --tree-cell "$tree" ${drive:+--drive-cell "$drive"} ${oload:+--out-load "$oload"} \
        --storage u_data --operand disp_src_data_o --label "$label" --json "$d/power.json.part" >"$d/power.log" 2>&1 3>&- &
    local pw=$!
    log=$("$d/cosim_oo_trace" --config "$config" "${sets[@]+"${sets[@]}"}" "$@" --outputs-only --trace "$trace" --brief --waves "$fifo" 3>&- 2>&1)
    exec 3>&-
    local ok=0
    wait "$pw" || ok=1
    rm -f "$fifo"
    echo "$log" | grep -q '^cosim: PASS' || { echo "$log" | head -5 >&2; echo "power.sh: the gate-level co-simulation of $label on $trace did not pass" >&2; exit 2; }
    ! echo "$log" | grep -q -- '--waves' || { echo "$log" | grep -- '--waves' >&2; echo "power.sh: the simulation of $label wrote no dump" >&2; exit 2; }
    [ "$ok" = 0 ] || { cat "$d/power.log" >&2; echo "power.sh: mlk-power failed on $label ($d/power.log)" >&2; exit 2; }
    log=$(echo "$log" | sed -n '/^cosim: PASS/p')
    local ins cyc
    ins=$(echo "$log" | sed -n 's/.* instructions=\([0-9]*\).*/\1/p')
    cyc=$(echo "$log" | sed -n 's/.* cycles=\([0-9]*\).*/\1/p')
    # the instruction count into the JSON: pJ per instruction
    awk -v n="$ins" '/"instructions":/ { sub(/: [0-9.]*,/, ": " n ",") } { print }' "$d/power.json.part" >"$d/power.json.tmp"
    rm -f "$d/power.json.part"
    local pj mw
    pj=$(awk -v n="$ins" '/"pj_per_cycle":/ && !p { v = $2; sub(/,/, "", v); p = v } /"cycles":/ { c = $2; sub(/,/, "", c) } END { printf "%.3f", p * c / n }' "$d/power.json.tmp")
    sed -i "s/\"pj_per_instruction\": [0-9.e+-]*/\"pj_per_instruction\": $pj/" "$d/power.json.tmp"
    mv "$d/power.json.tmp" "$d/power.json"
    mw=$(sed -n 's/.*"power_mw": \([0-9.e+-]*\).*/\1/p' "$d/power.json")
    printf -v "${label}_pj" '%s' "$pj"; printf -v "${label}_mw" '%s' "$mw"
    printf -v "${label}_cycles" '%s' "$cyc"; printf -v "${label}_insts" '%s' "$ins"
    echo "power: $label: $(head -1 "$d/power.log" | sed 's/^power //') [$((SECONDS - t0)) s]"
}

top=$(sed -n 's/^link_design //p' "$area/sta/sta.tcl" | head -1)
# the resolved configuration: <prefix>_config.vh (the top's header in RTL of older generators)
conf=$area/rtl/${top%_subcore}_config.vh; [ -r "$conf" ] || conf=$area/rtl/${top}.v
data_bits=$(sed -n 's|^// *data_bits = \([0-9]*\)$|\1|p' "$conf" | head -1)
area_bits=$data_bits    # the width of DIR's own netlist
if [ "$data_bits" -le 64 ]; then widths=$data_bits; else widths=${widths_opt:-32 64}; fi
for w in $widths; do case "$w" in ''|*[!0-9]*) echo "power.sh: --widths: '$w' is not a whole number" >&2; exit 2 ;; esac; done
[ "$(echo "$widths" | wc -w)" -le 2 ] || { echo "power.sh: --widths: one or two widths" >&2; exit 2; }
nw=$(echo "$widths" | wc -w)
# one width below the configuration's: the figures are that width's (no extrapolation)
if [ "$nw" = 1 ] && [ "$widths" != "$data_bits" ]; then data_bits=$widths; fi
period_ps=$(awk -v p="$period_ns" 'BEGIN { printf "%d", p * 1000 + 0.5 }')
vsets() { case "$1" in gated) ;; ungated) echo "--set clock_gating=off" ;; latch) echo "--set ct_storage=latch" ;; esac; }
# design D (malekeh/base) of variant V at width W: its netlist (DIR's, or synthesized here)
for w in $widths; do
    for v in $variants; do
        for d in malekeh base; do
            label=${d}_${v}_w$w
            # shellcheck disable=SC2046
            ds=(--set data_bits=$w $(vsets "$v") $(if [ "$d" = base ]; then echo --set caching=off; fi))
            if [ "$d" = malekeh ] && [ "$v" = gated ] && [ "$w" = "$area_bits" ]; then
                measure "$label" "$area/sta" "$area/rtl" "${ds[@]}"
                continue
            fi
            dd=$out/$label
            mkdir -p "$dd"
            "$here/build/ccugen" --config "$config" "${sets[@]+"${sets[@]}"}" "${ds[@]}" --out "$dd/rtl.new" >/dev/null
            if [ -s "$dd/sta/netlist.v" ] && diff -rq -I 'Generator:' "$dd/rtl.new" "$dd/rtl" >/dev/null 2>&1; then
                rm -rf "$dd/rtl.new"
            else
                rm -rf "$dd/rtl" "$dd/sta"; mv "$dd/rtl.new" "$dd/rtl"
                echo "power: $label: synthesizing ($(basename "$lib"), ${period_ps} ps)"
                bash "$here/synth/sta.sh" --rtl "$dd/rtl" --liberty "$lib" --out "$dd/sta" --period "$period_ps" >"$dd/sta.log" 2>&1 || {
                    tail -5 "$dd/sta.log" >&2; echo "power.sh: the synthesis of $label failed ($dd/sta.log)" >&2; exit 2; }
            fi
            measure "$label" "$dd/sta" "$dd/rtl" "${ds[@]}"
        done
    done
done
# at data_bits: measured, or the line through the two widths
at_bits() { # at_bits DESIGN VARIANT -> pJ per instruction at data_bits
    local w1 w2 e1 e2 v1 v2
    w1=$(echo "$widths" | awk '{ print $1 }'); w2=$(echo "$widths" | awk '{ print $NF }')
    v1=${1}_${2}_w${w1}_pj; v2=${1}_${2}_w${w2}_pj; e1=${!v1}; e2=${!v2}
    awk -v w1="$w1" -v w2="$w2" -v e1="$e1" -v e2="$e2" -v d="$data_bits" 'BEGIN { if (w1 == w2) printf "%.3f", e1; else printf "%.3f", e1 + (e2 - e1) * (d - w1) / (w2 - w1) }'
}
# the bank reads the CCUs saved on the same trace (one sub-core, as the co-simulation)
reads() { "$here/build/malekeh-sim" --config "$config" "${sets[@]+"${sets[@]}"}" --set machine=subcore --trace "$trace" --quiet --set "$1" --json "$out/sim-$rname.json" 2>/dev/null
          grep -o '"bank_reads": [0-9]*' "$out/sim-$rname.json" | head -1 | sed 's/.*: //'; }
r_on=$(reads caching=on); r_off=$(reads caching=off)
# the macro's energy per access: its clock pin's internal energy, rise + fall (OpenRAM gives
# the same figure for a read, a write and a deselected cycle: docs/power.md)
e_word=""; word_bits=""
if [ -r "$sram" ]; then
    e_word=$(awk '/pin\(clk0\)/ { p = 1 } p && /rise_power/ { r = 1 } p && r && /values/ { split($0, q, "\""); rp = q[2]; r = 0; f = 1; next }
                  p && f && /fall_power/ { g = 1 } p && g && /values/ { split($0, q, "\""); print rp + q[2]; exit }' "$sram")
    word_bits=$(basename "$sram" | sed -n 's/.*_\([0-9]*\)x[0-9]*_[0-9]*_.*/\1/p')
fi
tr=$(basename "$trace"); tr=${tr%%.traceg*}
w1=$(echo "$widths" | awk '{ print $1 }'); w2=$(echo "$widths" | awk '{ print $NF }')
how="measured at $data_bits data bits"
[ "$nw" = 2 ] && how="measured at $w1 and $w2 data bits, linear in the width to $data_bits"
ins_v=malekeh_gated_w${w1}_insts; [ -n "${!ins_v:-}" ] || ins_v=malekeh_${variants%% *}_w${w1}_insts
ins=${!ins_v}
{
    for v in $variants; do
        m=$(at_bits malekeh "$v"); b=$(at_bits base "$v")
        name=""; [ "$v" = ungated ] && name=", clock gates off"; [ "$v" = latch ] && name=", latch-array entries"
        [ "$v" = gated ] && [ "$variants" != gated ] && name=""
        awk -v m="$m" -v b="$b" -v ins="$ins" -v ron="$r_on" -v roff="$r_off" -v ew="$e_word" -v wb="$word_bits"             -v db="$data_bits" -v tr="$tr" -v name="$name" '
        BEGIN {
            add = m - b
            if (ew != "" && wb > 0) {
                saved = (roff - ron) / ins * ew * db / wb
                printf "energy balance%s (pJ per instruction, %s): CCUs add %.0f, bank reads saved %.0f, net %+.0f\n", name, tr, add, saved, add - saved
            } else printf "energy balance%s (pJ per instruction, %s): CCUs add %.0f, bank reads saved: not priced (no SRAM macro Liberty)\n", name, tr, add
        }'
    done
    for v in $variants; do
        line="gate-level energy, $v (mlk-power, $(basename "$lib"), $(awk -v p="$period_ns" 'BEGIN { printf "%.1f", 1000 / p }') MHz, $how; each netlist simulated in lockstep with the model on $tr, $ins instructions):"
        for d in malekeh base; do
            line="$line $( [ "$d" = base ] && echo "; the baseline OCUs" || echo Malekeh) $(at_bits "$d" "$v") pJ per instruction ("
            sep=""
            for w in $widths; do
                pv=${d}_${v}_w${w}_pj; mv=${d}_${v}_w${w}_mw; cv=${d}_${v}_w${w}_cycles
                line="$line$sep$w bits: ${!pv} pJ, ${!mv} mW, ${!cv} cycles"; sep="; "
            done
            line="$line)"
        done
        echo "$line"
    done
    if [ -n "$e_word" ] && [ -n "$word_bits" ]; then
        awk -v ins="$ins" -v ron="$r_on" -v roff="$r_off" -v ew="$e_word" -v wb="$word_bits" -v db="$data_bits" -v sram="$(basename "$sram")" 'BEGIN {
            printf "bank reads saved: %.3f per instruction (%d with caching off, %d on) x %.1f pJ per %d-bit read (%d x %s: clock-pin energy %.2f pJ per %d-bit access, rise + fall)\n",
                   (roff - ron) / ins, roff, ron, ew * db / wb, db, db / wb, sram, ew, wb }'
    fi
    echo "energy run: $SECONDS s on this machine ($(nproc 2>/dev/null || echo '?') cores): $(echo $variants | wc -w) variant(s) x 2 designs x $nw width(s), each synthesized (when not cached), built at gate level and simulated"
} >"$out/$rname.md"
# the split of each design at the widest width measured: its parts and largest modules
for v in $variants; do
    for d in malekeh base; do
        python3 - "$out/${d}_${v}_w${w2}/power.json" "${d}, $v, $w2 bits" >>"$out/$rname.md" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); n = j["instructions"] or 1
cats = j["categories"]
parts = ", ".join("%s %.0f" % (k, v["total_pj"] / n) for k, v in cats.items())
print("%s, pJ per instruction: %s (internal %.0f, switching %.0f, leakage %.2f); %d cells, %d flip-flops, %d latches, %d clock gates, %d tree buffers (%d on clocks, sink slew %.3f ns), %d of %d nets without activity, %d lookups far outside a table"
      % (sys.argv[2], parts, j["total"]["internal_pj"] / n, j["total"]["switching_pj"] / n, j["total"]["leakage_pj"] / n,
         j["cells"], j["flip_flops"], j["latches"], j["clock_gates"], j["tree_buffers"], j["clock_tree_buffers"], j["clock_sink_slew_ns"],
         j["nets_without_activity"], j["nets"], j["extrapolated_lookups"]))
print("%s, largest modules (pJ per instruction): %s" % (sys.argv[2], ", ".join("%s %.0f" % (m["module"], m["energy"]["total_pj"] / n) for m in j["modules"][:6])))
PY
    done
done
{
    for w in $widths; do for v in $variants; do for d in malekeh base; do
        for k in pj mw cycles insts; do x=${d}_${v}_w${w}_$k; echo "${d}_${v}_w${w}_$k ${!x}"; done
    done; done; done
    for v in $variants; do echo "malekeh_${v}_pj $(at_bits malekeh "$v")"; echo "base_${v}_pj $(at_bits base "$v")"; done
    echo "widths $widths"; echo "period_ns $period_ns"; echo "bank_reads_on $r_on"; echo "bank_reads_off $r_off"
    echo "sram_word_energy_pj ${e_word:-}"; echo "sram_word_bits ${word_bits:-}"; echo "data_bits ${data_bits:-}"; echo "trace $tr"
} >"$out/$rname.txt"
# the energy ledger of this RTL (needs the ungated run for the free-running storage clock)
if echo " $variants " | grep -q ' ungated ' && echo " $variants " | grep -q ' gated ' && [ -r "$sram" ]; then
    "$here/build/malekeh-sim" --config "$config" "${sets[@]+"${sets[@]}"}" --set machine=subcore --set data_bits="$w1" --trace "$trace" --quiet --json "$out/sim_on.json" 2>/dev/null
    "$here/build/malekeh-sim" --config "$config" "${sets[@]+"${sets[@]}"}" --set machine=subcore --set data_bits="$w1" --set caching=off --trace "$trace" --quiet --json "$out/sim_off.json" 2>/dev/null
    python3 "$here/synth/ledger.py" --gated "$out/malekeh_gated_w$w1/power.json" --ungated "$out/malekeh_ungated_w$w1/power.json" \
        --sim "$out/sim_on.json" --base "$out/base_gated_w$w1/power.json" --base-sim "$out/sim_off.json" --sram "$sram" \
        --period "$period_ns" --bank-bits "$area_bits" --trace "$tr" --out "$out/ledger.txt" | tee -a "$out/$rname.md"
fi
if [ "$sheet" = 1 ] && [ -s "$area/area.md" ]; then
    . "$here/synth/sheet.sh"
    sheet_add "$area/area.md" "$out/$rname.md" "Power" \
"Energy from simulated switching (synth/power.sh; docs/power.md gives the method and its
limits): each flat netlist simulated at gate level in lockstep with the C model on the shipped
trace, every net's toggles priced by build/mlk-power with the library's tables:"
fi
cat "$out/$rname.md"
