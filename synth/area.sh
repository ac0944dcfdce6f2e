#!/usr/bin/env bash
# synth/area.sh - area (and, with a real Liberty library, delay) estimate of one configuration.
# Method and output schema: docs/area.md. Usage:
#
#   synth/area.sh --config FILE [--set k=v]... [--liberty LIB] [--out DIR]
#                 [--widths "D1 D2"] [--exact] [--fast] [--no-baseline] [--period PS] [--target PS]
#                 [--no-sta] [--sta-width W] [--sram-lib FILE] [--dont-use LIST]
#
# Steps: generate the RTL of the configuration (full data width) into OUT/rtl; synthesize
# the design hierarchically with Yosys (rf_bank is a blackbox: counted as bits, not gates)
# at two reduced data widths D1 < D2 (default 8 and 16) and extrapolate every module's area
# linearly to the configured data_bits (--exact: synthesize at the full width instead);
# the same for the baseline (--set caching=off) unless --no-baseline; unless --no-sta,
# synth/sta.sh synthesizes the whole sub-core flat at full width (or --sta-width W) and times
# it with OpenSTA; every Yosys mapping (dfflibmap, abc) reads OUT/synth/map.lib, the library
# less its dont_use cells (synth/dont_use.sh: --dont-use LIST or $DONT_USE, cell names or
# globs, "none" for no names; default for sky130 HD the dont_use cells of ../shared/pdk's
# area.dontuse.lib when present; cells the library marks dont_use always go), OpenSTA and
# `stat` the full library; then build/area-report writes OUT/area.json and OUT/area.md and this script
# prints the headline figures. The clock is the period of constraints/default.sdc (--period PS
# overrides it); every synthesis targets synthesis_target_pct % of it (`abc -D`, synth/sdc.sh;
# --target PS sets the target itself). The RF banks' area comes from
# the SRAM model of docs/area.md, or with --sram-lib FILE from the area of the first cell of
# that macro Liberty (one macro = one bank). OUT defaults to build/area/<prefix>.
# Environment: CCUGEN (build/ccugen), AREA_REPORT (build/area-report), YOSYS (yosys),
# AREA_DRIVING_CELL (replaces the driving cell of constraints/default.sdc; default with the
# generic library: INV).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
CCUGEN=${CCUGEN:-$here/build/ccugen}
AREA_REPORT=${AREA_REPORT:-$here/build/area-report}
YOSYS=${YOSYS:-yosys}
GENERIC=$here/synth/generic_cells.lib
SDC=$here/constraints/default.sdc

config=""; sets=(); liberty=""; out=""; widths="8 16"; exact=0; fast=0; base=1; period=""; target=""
sta=1; sta_width=""; sram_lib=""; dont_use=${DONT_USE:-}
while [ $# -gt 0 ]; do
    case "$1" in
        --config) config=$2; shift 2 ;;
        --set) sets+=(--set "$2"); shift 2 ;;
        --liberty) liberty=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --widths) widths=$2; shift 2 ;;
        --exact) exact=1; shift ;;
        --fast) fast=1; shift ;;
        --no-baseline) base=0; shift ;;
        --period) period=$2; shift 2 ;;
        --target) target=$2; shift 2 ;;
        --no-sta) sta=0; shift ;;
        --sta-width) sta_width=$2; shift 2 ;;
        --sram-lib) sram_lib=$2; shift 2 ;;
        --dont-use) dont_use=$2; shift 2 ;;
        *) echo "area.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
done
[ -n "$config" ] || { echo "area.sh: --config FILE is required" >&2; exit 2; }
[ -x "$CCUGEN" ] || { echo "area.sh: $CCUGEN not built (make build/ccugen)" >&2; exit 2; }
[ -x "$AREA_REPORT" ] || { echo "area.sh: $AREA_REPORT not built (make build/area-report)" >&2; exit 2; }
command -v "$YOSYS" >/dev/null || { echo "area.sh: yosys not found" >&2; exit 2; }
if [ -n "$liberty" ]; then
    [ -r "$liberty" ] || { echo "area.sh: cannot read liberty file '$liberty'" >&2; exit 2; }
    case "$liberty" in
        *.gz) mkdir -p "$here/build"; u="$here/build/$(basename "${liberty%.gz}")"
              [ -s "$u" ] || gunzip -c "$liberty" >"$u"; liberty=$u ;;
    esac
    liberty=$(cd "$(dirname "$liberty")" && pwd)/$(basename "$liberty")
fi
. "$here/synth/sdc.sh"
if [ -z "$period" ]; then
    period=$(sdc_period_ps "$SDC")
    [ -n "$period" ] || { echo "area.sh: $SDC: no 'create_clock -period' line" >&2; exit 2; }
fi
case "$period" in ''|*[!0-9]*) echo "area.sh: --period '$period': expected a whole number of ps" >&2; exit 2 ;; esac
pct=$(sdc_target_pct "$SDC")
case "$pct" in ''|*[!0-9]*) echo "area.sh: synthesis_target_pct '$pct' (SDC or SYNTH_TARGET_PCT): expected a whole number" >&2; exit 2 ;; esac
[ -n "$target" ] || target=$(( period * pct / 100 ))
case "$target" in ''|*[!0-9]*) echo "area.sh: --target '$target': expected a whole number of ps" >&2; exit 2 ;; esac
lib=${liberty:-$GENERIC}
drv=${AREA_DRIVING_CELL:-}
[ -n "$drv" ] || { if [ -n "$liberty" ]; then drv=$(sed -n 's/^set_driving_cell .*-lib_cell \([^ ]*\).*/\1/p' "$SDC" | head -n1); else drv=INV; fi; }
sram_args=()
if [ -n "$sram_lib" ]; then
    [ -r "$sram_lib" ] || { echo "area.sh: cannot read --sram-lib '$sram_lib'" >&2; exit 2; }
    read -r mcell marea < <( (case "$sram_lib" in *.gz) gunzip -c "$sram_lib" ;; *) cat "$sram_lib" ;; esac) |
        awk '/^[ \t]*cell[ \t]*\(/ && c == "" { c = $0; sub(/.*cell[ \t]*\([ \t]*"?/, "", c); sub(/"?[ \t]*\).*/, "", c) }
             c != "" && /^[ \t]*area[ \t]*:/ { a = $0; sub(/^[^:]*:[ \t]*/, "", a); sub(/[ \t]*;.*/, "", a); print c, a; exit }')
    awk -v a="${marea:-}" 'BEGIN { exit !(a + 0 > 0) }' ||
        { echo "area.sh: $sram_lib: no cell with a positive area (expected a macro Liberty)" >&2; exit 2; }
    sram_args=(--sram-macro-area "$marea" --sram-source "$mcell ($(basename "$sram_lib"))")
fi
t0=$(date +%s)

# --- the RTL of the configuration, at full width --------------------------------------
tmp=$(mktemp -d "${TMPDIR:-/tmp}/area.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$CCUGEN" --config "$config" "${sets[@]}" --out "$tmp/rtl" >/dev/null
prefix=$(cd "$tmp/rtl" && ls ./*_subcore.v | sed 's|^\./||; s|_subcore\.v$||')
data_bits=$(sed -n 's|^// *data_bits = \([0-9]*\)$|\1|p' "$tmp/rtl/${prefix}_config.vh" | head -n1)
[ -n "$prefix" ] && [ -n "$data_bits" ] || { echo "area.sh: cannot read prefix/data_bits" >&2; exit 2; }
[ -n "$out" ] || out=$here/build/area/$prefix
mkdir -p "$out"; out=$(cd "$out" && pwd)
rm -rf "$out/rtl" "$out/synth"; mv "$tmp/rtl" "$out/rtl"; mkdir -p "$out/synth"
. "$here/synth/dont_use.sh"
dont_use_map "$lib" "$out/synth/map.lib" "$dont_use" || exit 2
mlib=$out/synth/map.lib

if [ "$exact" = 1 ]; then widths=$data_bits; fi
read -r w1 w2 _ <<<"$widths $widths"
if [ "$exact" = 0 ] && [ "$data_bits" -le "$w2" ]; then widths=$data_bits; w1=$data_bits; w2=$data_bits; fi

# synth_one KIND WIDTH: generate at WIDTH, run Yosys, leave stat/ltp/log in $out/synth/KIND-wWIDTH
synth_one() {
    local kind=$1 w=$2 d=$out/synth/$1-w$2 extra=() p
    [ "$kind" = base ] && extra=(--set caching=off)
    mkdir -p "$d"
    "$CCUGEN" --config "$config" "${sets[@]}" "${extra[@]}" --set "data_bits=$w" --out "$d/rtl" >/dev/null
    p=$(cd "$d/rtl" && ls ./*_subcore.v | sed 's|^\./||; s|_subcore\.v$||')
    {
        echo "read_verilog -lib $d/rtl/${p}_rf_bank.v"
        # the clock-gate wrapper: the library's integrated clock gate when it has one
        # (synth/icg_map.py), else the behavioural model (its latch mapped as below)
        local icg=0
        if grep -q '_clk_gate\.v$' "$d/rtl/files.f" && python3 "$here/synth/icg_map.py" "$mlib" "$p" >"$d/icg.v"; then
            icg=1; echo "read_verilog $d/icg.v"
        else rm -f "$d/icg.v"; fi
        sed -n 's|^\${MLK_RTL}/\(.*\.v\)$|\1|p' "$d/rtl/files.f" | grep -v "_rf_bank\.v$" | { if [ "$icg" = 1 ]; then grep -v "_clk_gate\.v$"; else cat; fi; } |
            sed "s|^|read_verilog $d/rtl/|"
        echo "hierarchy -check -top ${p}_subcore"
        echo "synth -top ${p}_subcore"
        echo "tee -q -o $d/cmos.txt stat -tech cmos"
        # latches (ct_storage = latch, or the behavioural clock gate) onto the library's latch
        # cells (dfflibmap maps flip-flops only)
        if grep -q '_clk_gate\.v$' "$d/rtl/files.f"; then
            python3 "$here/synth/latch_map.py" "$mlib" >"$d/latch_map.v" || return 1
            echo "techmap -map $d/latch_map.v"
        fi
        echo "dfflibmap -liberty $mlib"
        # --fast: ABC's fast script, generic library only (with sky130 and -D its `buffer`
        # aborts on a dangling node: "node has no fanout")
        echo "abc$( [ "$fast" = 1 ] && [ -z "$liberty" ] && echo " -fast") -liberty $mlib -D $target -constr $out/synth/abc.constr"
        echo "opt_clean"
        echo "tee -q -o $d/lib.txt stat -liberty $lib"
        echo "read_liberty -lib $lib"
        echo "tee -q -o $d/ltp.txt ltp -noff"
    } >"$d/area.ys"
    local s; s=$(date +%s)
    if ! "$YOSYS" -q -l "$d/yosys.log" "$d/area.ys" >/dev/null 2>"$d/yosys.err"; then
        # ABC's fast script can abort in `buffer` on a dangling node ("node has no
        # fanout"); the default script maps the same logic, slower: use it then
        if grep -q '^abc -fast ' "$d/area.ys" && grep -q 'has no fanout' "$d/yosys.log"; then
            echo "area.sh: ABC -fast aborted for $kind at data_bits=$w; default ABC script" >&2
            sed -i 's/^abc -fast /abc /' "$d/area.ys"
            "$YOSYS" -q -l "$d/yosys.log" "$d/area.ys" >/dev/null 2>"$d/yosys.err" || {
                echo "area.sh: yosys failed for $kind at data_bits=$w; see $d/yosys.log" >&2; return 1; }
        else
            echo "area.sh: yosys failed for $kind at data_bits=$w; see $d/yosys.log" >&2; return 1
        fi
    fi
    echo "run $kind $w $p $d $(( $(date +%s) - s ))" >>"$out/synth/runs.txt"
}

: >"$out/synth/runs.txt"
# the two commands ABC understands (synth/sta.sh writes the same for its own run)
printf 'set_driving_cell %s\nset_load %s\n' "$drv" "$(sed -n 's/^set_load \([0-9.]*\).*/\1/p' "$SDC" | head -n1)" >"$out/synth/abc.constr"
# cell name -> area, for the flip-flop share of each module
awk '/^[ \t]*cell[ \t]*\(/ { c = $0; sub(/.*cell[ \t]*\([ \t]*"?/, "", c); sub(/"?[ \t]*\).*/, "", c) }
     c != "" && /^[ \t]*area[ \t]*:/ { a = $0; sub(/^[^:]*:[ \t]*/, "", a); sub(/[ \t]*;.*/, "", a); print c, a; c = "" }' \
    "$lib" >"$out/synth/cell_areas.txt"
# the timing run (long: the whole sub-core flat at full width) starts first, on its own core
sta_pid=""; rm -rf "$out/sta"
if [ "$sta" = 1 ]; then
    sw=${sta_width:-$data_bits}
    if [ "$sw" = "$data_bits" ]; then srtl=$out/rtl; else
        srtl=$out/sta-rtl; rm -rf "$srtl"
        "$CCUGEN" --config "$config" "${sets[@]}" --set "data_bits=$sw" --out "$srtl" >/dev/null
    fi
    bash "$here/synth/sta.sh" --rtl "$srtl" --liberty "$lib" --out "$out/sta" --sdc "$SDC" --period "$period" --target "$target" \
        --driving-cell "$drv" --dont-use "$dont_use" >"$out/sta.log" 2>&1 & sta_pid=$!
fi
# the area runs: one at a time next to the timing run, two at a time without it
jobs_max=$([ -n "$sta_pid" ] && echo 1 || echo 2)
pids=()
for w in $(printf '%s\n' $w1 $w2 | sort -nu); do
    for kind in main base; do
        [ "$kind" = main ] || [ "$base" = 1 ] || continue
        synth_one "$kind" "$w" & pids+=($!)
        if [ ${#pids[@]} -ge "$jobs_max" ]; then for p in "${pids[@]}"; do wait "$p" || exit 1; done; pids=(); fi
    done
done
for p in "${pids[@]}"; do wait "$p" || exit 1; done
sta_args=()
if [ -n "$sta_pid" ]; then
    wait "$sta_pid" || { echo "area.sh: static timing failed:" >&2; tail -n 5 "$out/sta.log" >&2; exit 1; }
    sta_args=(--sta "$out/sta/sta.txt" --sta-path "$out/sta/critical_path.txt" --sta-groups "$out/sta/path_groups.txt")
fi

# which modules depend on data_bits: their RTL (comments dropped, prefix normalized) differs
# between the two widths; only those are extrapolated (the others would only fit ABC noise)
norm() { grep -v '^ *//' "$1" | sed "s/$2/P/g"; }
for kind in main base; do
    [ -d "$out/synth/$kind-w$w1" ] && [ -d "$out/synth/$kind-w$w2" ] && [ "$w1" != "$w2" ] || continue
    p1=$(awk -v k=$kind -v w=$w1 '$2==k && $3==w {print $4}' "$out/synth/runs.txt")
    p2=$(awk -v k=$kind -v w=$w2 '$2==k && $3==w {print $4}' "$out/synth/runs.txt")
    for f in "$out/synth/$kind-w$w1/rtl/${p1}"_*.v; do
        m=$(basename "$f" .v); m=${m#"${p1}_"}
        if ! cmp -s <(norm "$f" "$p1") <(norm "$out/synth/$kind-w$w2/rtl/${p2}_$m.v" "$p2"); then
            echo "dep $kind $m" >>"$out/synth/runs.txt"
        fi
    done
done

unit=GE; libname=generic_cells.lib
if [ -n "$liberty" ]; then unit=um2; libname=$(basename "$liberty"); fi
method=fit; [ "$w1" = "$data_bits" ] && method=exact
abc_mode=$( [ "$fast" = 1 ] && [ -z "$liberty" ] && echo fast || echo default)
if [ "$abc_mode" = fast ]; then # what ran: a run whose -fast aborted fell back to the default script
    nruns=0; nfell=0
    while read -r _ _ _ _ rd _; do
        nruns=$((nruns + 1)); grep -q '^abc -fast ' "$rd/area.ys" || nfell=$((nfell + 1))
    done < <(grep '^run ' "$out/synth/runs.txt")
    if [ "$nfell" -eq "$nruns" ]; then abc_mode=default
    elif [ "$nfell" -gt 0 ]; then abc_mode="fast ($nfell of $nruns runs fell back to default)"; fi
fi
# provenance for the datasheet: the library's nominal corner, the SDC's I/O assumptions,
# the tool versions and the commit of the code
libf=${liberty:-$GENERIC}
corner=$( (gzip -cdf "$libf" 2>/dev/null || true) | awk '
    /^[ \t]*library[ \t]*\(/ && !n { n = $0; sub(/^[^(]*\([ \t"]*/, "", n); sub(/[ \t"]*\).*/, "", n) }
    /nom_process/ && p == "" { p = $3 } /nom_temperature/ && t == "" { t = $3 } /nom_voltage/ && v == "" { v = $3 }
    END { gsub(/;/, "", p); gsub(/;/, "", t); gsub(/;/, "", v)
          printf "%s (nominal process %g, %g C, %.2f V)", n, p, t, v }')
io=$(awk '/^set_input_delay/ { i = $2 } /^set_output_delay/ { o = $2 } /^set_load/ { l = $2 }
          /^set_clock_uncertainty/ { u = $2 } /^set_clock_latency/ { c = $2 }
          END { printf "input delay %s ns, output delay %s ns, load %s pF, %s", i, o, l,
                (u == "" && c == "") ? "ideal clock (no uncertainty, latency or transition)" : "clock uncertainty " u " ns, latency " c " ns" }' "$SDC")
tools="$("$YOSYS" -V 2>/dev/null | head -n1 || echo yosys ?), OpenSTA $(sta -version 2>/dev/null | head -n1 || echo ?)"
commit=$(git -C "$here" describe --always --dirty 2>/dev/null || echo unknown)
"$AREA_REPORT" --config "$config" "${sets[@]}" -- --runs "$out/synth/runs.txt" --prefix "$prefix" \
    --unit "$unit" --library "$libname" --method "$method" --abc "$abc_mode" \
    --period "$period" --target "$target" --seconds $(( $(date +%s) - t0 )) --cell-areas "$out/synth/cell_areas.txt" \
    "${sta_args[@]}" "${sram_args[@]}" --corner "$corner" --io "$io" --tools "$tools" --commit "$commit" --dont-use "$(dont_use_source "$mlib")" \
    --json "$out/area.json" --md "$out/area.md"
sed -n '/^<!-- headline -->$/,/^<!-- \/headline -->$/p' "$out/area.md" | grep -v '^<!--\|^```'
echo "area: $out/area.json $out/area.md ($(( $(date +%s) - t0 )) s)"
