#!/usr/bin/env bash
# synth/sweep.sh - area sweep: entries x ccus at the configured slots and data width, each point
# against the caching=off baseline with the same ccus. Writes OUT/sweep.csv, OUT/area.svg and
# OUT/overhead.svg (gnuplot). Usage: synth/sweep.sh [--config F] [--out DIR] [--replot]
# Env: SWEEP_ENTRIES ("7 8 10 12 16"; values <= slots are skipped: entries > slots is required),
#      SWEEP_CCUS ("1 2 4 8"), SWEEP_JOBS (2).
# Every point: synth/area.sh --fast --no-baseline --no-sta (generic library, data_bits fitted
# from 8 and 16 to the configured width, synthesized for the SDC clock period); the overhead is
# in percent of the baseline's whole register file (RF banks by the SRAM model + its logic,
# docs/area.md) and of the baseline's logic alone.
set -u
cd "$(dirname "$0")/.." || exit 2
config=configs/default.cfg; out=build/area-sweep; replot=0
while [ $# -gt 0 ]; do case "$1" in --config) config=$2; shift 2;; --out) out=$2; shift 2;; --replot) replot=1; shift;; *) echo "sweep.sh: unknown option $1 (allowed: --config F, --out DIR, --replot)" >&2; exit 2;; esac; done
command -v gnuplot >/dev/null || { echo "sweep.sh: gnuplot not found (Debian package gnuplot-nox)" >&2; exit 2; }
E_LIST=${SWEEP_ENTRIES:-7 8 10 12 16}; C_LIST=${SWEEP_CCUS:-1 2 4 8}; J=${SWEEP_JOBS:-2}
mkdir -p "$out"; t0=$(date +%s)
# the configured slots and width, as the generator resolves them
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sweep.XXXXXX"); trap 'rm -rf "$tmp"' EXIT
build/ccugen --config "$config" --out "$tmp/rtl" >/dev/null || exit 2
hdr=$(ls "$tmp"/rtl/*_config.vh)
S=$(sed -n 's|^// *slots = \([0-9]*\)$|\1|p' "$hdr" | head -n1); D=$(sed -n 's|^// *data_bits = \([0-9]*\)$|\1|p' "$hdr" | head -n1)
[ -n "$S" ] && [ -n "$D" ] || { echo "sweep.sh: cannot read slots/data_bits from $hdr" >&2; exit 2; }
E_OK=""; for e in $E_LIST; do [ "$e" -gt "$S" ] && E_OK="$E_OK $e"; done
[ -n "$E_OK" ] || { echo "sweep.sh: no entries value > slots ($S) in SWEEP_ENTRIES='$E_LIST'" >&2; exit 2; }
echo "area sweep: entries {$E_OK } x ccus {$C_LIST}, slots=$S, data_bits=$D (configured), abc -fast, generic library"
jobs=$out/jobs.txt; : >"$jobs"
for c in $C_LIST; do
    echo "base $c 0 --set ccus=$c --set caching=off" >>"$jobs"
    for e in $E_OK; do echo "main $c $e --set ccus=$c --set entries=$e" >>"$jobs"; done
done
run_point() { # kind c e sets...
    local k=$1 c=$2 e=$3; shift 3
    local d=$out/$k-c$c-e$e
    if bash synth/area.sh --config "$config" "$@" --fast --no-baseline --no-sta --out "$d" >"$d.log" 2>&1; then
        echo "ok $k c=$c e=$e"
    else echo "FAILED $k c=$c e=$e (see $d.log)"; fi
}
export -f run_point; export config out
[ "$replot" = 1 ] || xargs -P "$J" -L 1 bash -c 'run_point "$@"' _ <"$jobs"
get() { sed -n "/\"$1\"/s/.*\"$2\": *\([0-9.]*\).*/\1/p" "$3" | head -n1; }
csv=$out/sweep.csv
echo "entries,ccus,slots,data_bits,period_ps,area_ge,logic_ge,storage_ge,flops,baseline_ge,rf_banks_ge,overhead_ge,overhead_pct_of_baseline_logic,overhead_pct_of_whole_rf" >"$csv.tmp"
for c in $C_LIST; do
    bj=$out/base-c$c-e0/area.json
    b=$( [ -s "$bj" ] && get subcore area "$bj")
    for e in $E_OK; do
        j=$out/main-c$c-e$e/area.json
        [ -s "$j" ] || continue
        a=$(get subcore area "$j"); l=$(get subcore logic_area "$j"); s=$(get subcore storage_area "$j")
        f=$(get subcore flops "$j"); rf=$(get rf_model area "$j"); p=$(sed -n 's/.*"period_ps": *\([0-9]*\).*/\1/p' "$j" | head -n1)
        awk -v e=$e -v c=$c -v S=$S -v D=$D -v p="$p" -v a=$a -v l=$l -v s=$s -v f=$f -v b="$b" -v rf="$rf" 'BEGIN {
            if (b == "") printf "%d,%d,%d,%d,%s,%.1f,%.1f,%.1f,%d,,%.1f,,,\n", e, c, S, D, p, a, l, s, f, rf
            else printf "%d,%d,%d,%d,%s,%.1f,%.1f,%.1f,%d,%.1f,%.1f,%.1f,%.3f,%.4f\n", e, c, S, D, p, a, l, s, f, b, rf, a-b, 100*(a-b)/b, 100*(a-b)/(b+rf) }' >>"$csv.tmp"
    done
done
mv "$csv.tmp" "$csv"
# plot COLUMN TITLE YLABEL FILE: one line per ccus value over entries
plot() {
    local cmd="" c
    for c in $C_LIST; do
        cmd="$cmd${cmd:+, }'$csv' using 1:(\$2==$c && strcol($1) ne '' ? \$$1 : NaN) with linespoints title 'C = $c CCUs'"
    done
    gnuplot <<GP
set terminal svg size 720,440 font "sans,12" background "white" noenhanced
set output "$4.tmp"
set datafile separator ","
set key outside right top
set grid
set title "$2"
set xlabel "cache-table entries per CCU, E (slots S = $S, data_bits = $D)"
set ylabel "$3"
set xtics 1
set format y "%g"
plot $cmd
GP
    mv "$4.tmp" "$4"
}
plot 6 "Sub-core area without RF banks (generic library, NAND2 = 1 GE)" "area (GE)" "$out/area.svg"
plot 14 "Malekeh overhead vs the caching=off register file (banks + logic)" "overhead (% of the whole RF)" "$out/overhead.svg"
echo "area sweep: $csv $out/area.svg $out/overhead.svg ($(( $(date +%s) - t0 )) s; slots=$S, data_bits=$D)"
