#!/usr/bin/env bash
# synth/timing_sweep.sh - the worst register-to-register path of every configuration of the
# generator sweep (tests/gen_sweep.sh --list), with synth/sta.sh (Yosys + OpenSTA).
# Usage: synth/timing_sweep.sh [--liberty LIB] [--width W] [--out DIR] [--config FILE]
#   --liberty  default synth/generic_cells.lib (sky130-derived timing, docs/area.md)
#   --width    data_bits of every point (default 16; a point that sets fewer keeps its own):
#              the allocation/arbitration paths do not depend on the data width
#   --out      default build/timing-sweep; writes sweep.csv and sweep.md there (a progress
#              line per point as it finishes: the run takes minutes per point)
# Env: TSWEEP_JOBS=N times N points at a time (GNU parallel; default 1).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd); cd "$here"
lib=synth/generic_cells.lib; width=16; out=build/timing-sweep; cfg=configs/default.cfg
while [ $# -gt 0 ]; do
    case "$1" in
        --liberty) lib=$2; shift 2 ;;
        --width) width=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --config) cfg=$2; shift 2 ;;
        *) echo "timing_sweep.sh: unknown option '$1' (allowed: --liberty --width --out --config)" >&2; exit 2 ;;
    esac
done
[[ "$width" =~ ^[1-9][0-9]*$ ]] || { echo "timing_sweep.sh: --width '$width' (expected a positive integer)" >&2; exit 2; }
[ -r "$lib" ] || { echo "timing_sweep.sh: cannot read liberty '$lib'" >&2; exit 2; }
# the input driving cell: the SDC's (a sky130 HD cell) for a real liberty, INV for the generic
# library (the rule of synth/area.sh; AREA_DRIVING_CELL overrides both)
drv=${AREA_DRIVING_CELL:-}
[ -n "$drv" ] || { if [ "$(basename "$lib")" = generic_cells.lib ]; then drv=INV; else drv=$(sed -n 's/^set_driving_cell .*-lib_cell \([^ ]*\).*/\1/p' constraints/default.sdc | head -n1); fi; }
CCUGEN=${CCUGEN:-build/ccugen}
[ -x "$CCUGEN" ] || { echo "timing_sweep.sh: $CCUGEN not built (make build/ccugen)" >&2; exit 2; }
mkdir -p "$out"; work=$(mktemp -d "$out/.work.XXXXXX"); trap 'rm -rf "$work"' EXIT
csv=$work/sweep.csv; md=$work/sweep.md
echo "point,data_bits,worst_r2r_arrival_ps,fo4_ps,min_period_fo4,fmax_mhz,path_cells,start,end" > "$csv"
{
    echo "Worst register-to-register path of every generator-sweep point"
    echo "(\`make timing-sweep\`; liberty $(basename "$lib"); period of constraints/default.sdc)."
    echo
    echo "| point | data_bits | worst reg->reg arrival (ps) | minimum period (FO4, with setup) | Fmax (MHz) | cells on the path | from -> to |"
    echo "|---|---:|---:|---:|---:|---:|---|"
} > "$md"
# name: "cell (flip-flop net)" -> "flip-flop net"; a bus "{ a ; b ... }" -> its first bit
name() { sed 's/^[^(]*(//; s/)$//; s/,/;/g; s/{ *\([^ ;]*\)[^}]*}/\1/'; }
# point I LINE: time one sweep point into $work/p$I; its CSV and table rows go to
# $work/p$I.{csv,md} (assembled in sweep order at the end), one progress line to stdout
point() {
    local i=$1 line=$2 w d pd t0 kv
    w=$width; d=$(sed -n 's/.*data_bits=\([0-9]*\).*/\1/p' <<<"$line")
    [ -n "$d" ] && [ "$d" -lt "$w" ] && w=$d
    local args=(--config "$cfg")
    for kv in $line; do case "$kv" in data_bits=*) ;; *) args+=(--set "$kv") ;; esac; done
    args+=(--set "data_bits=$w")
    pd=$work/p$i; rm -rf "$pd"; mkdir -p "$pd"
    t0=$SECONDS
    if "$CCUGEN" "${args[@]}" --out "$pd/rtl" >/dev/null 2>"$pd/gen.err" &&
       bash synth/sta.sh --rtl "$pd/rtl" --liberty "$lib" --out "$pd/sta" --driving-cell "$drv" >"$pd/sta.out" 2>&1; then
        k() { sed -n "s/^$1 //p" "$pd/sta/sta.txt" | head -n1; }
        local r2r fo4 f fm lv st en
        r2r=$(k r2r_arrival_ps); fo4=$(k fo4_ps); f=$(k min_period_fo4); fm=$(k fmax_mhz); lv=$(k r2r_levels)
        st=$(k r2r_start | name); en=$(k r2r_end | name)
        echo "\"${line:-default}\",$w,$r2r,$fo4,$f,$fm,$lv,\"$st\",\"$en\"" > "$work/p$i.csv"
        echo "| ${line:-default} | $w | $r2r | $f | $fm | $lv | $st -> $en |" > "$work/p$i.md"
        echo "timing-sweep [$i/$n] ${line:-default}: $r2r ps = $f FO4, $fm MHz ($((SECONDS - t0)) s)"
        rm -rf "$pd"
    else
        echo "timing-sweep [$i/$n] ${line:-default}: FAILED (see $out/failed_$i)" >&2
        rm -rf "$out/failed_$i"; cp -r "$pd" "$out/failed_$i"; return 1
    fi
}
mapfile -t points < <(bash tests/gen_sweep.sh --list)
n=${#points[@]}
# TSWEEP_JOBS points at a time (default 1; each point is one single-threaded Yosys run)
jobs=${TSWEEP_JOBS:-1}
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "timing_sweep.sh: TSWEEP_JOBS '$jobs' (expected a positive integer)" >&2; exit 2; }
export -f point name; export work n width cfg lib drv CCUGEN out
if [ "$jobs" -gt 1 ] && command -v parallel >/dev/null 2>&1; then
    for i in $(seq 1 "$n"); do printf '%s\t%s\n' "$i" "${points[$((i - 1))]}"; done |
        parallel --will-cite --colsep '\t' -j "$jobs" --halt now,fail=1 point {1} {2} || exit 1
else
    for i in $(seq 1 "$n"); do point "$i" "${points[$((i - 1))]}" || exit 1; done
fi
for i in $(seq 1 "$n"); do cat "$work/p$i.csv" >> "$csv"; cat "$work/p$i.md" >> "$md"; done
mv "$csv" "$out/sweep.csv"; mv "$md" "$out/sweep.md"
echo "timing-sweep: $out/sweep.csv, $out/sweep.md"
