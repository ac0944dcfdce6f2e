#!/usr/bin/env bash
# synth/sweep.sh - area sweep: entries x ccus, each point against the caching=off baseline
# with the same ccus. Writes OUT/sweep.csv, OUT/area.svg, OUT/overhead.svg (SVG drawn here
# with awk, no plotting dependency). Usage: synth/sweep.sh [--config F] [--out DIR]
# Env: SWEEP_ENTRIES ("4 6 8 12 16"), SWEEP_CCUS ("1 2 4 8"), SWEEP_SLOTS (3),
#      SWEEP_DATA_BITS (32), SWEEP_JOBS (2).
# Every point is synthesized at data_bits = SWEEP_DATA_BITS (not the configured width) with
# abc -fast, generic library, no extrapolation: absolute figures are for that width.
set -u
cd "$(dirname "$0")/.." || exit 2
config=configs/default.cfg; out=build/area-sweep; replot=0
while [ $# -gt 0 ]; do case "$1" in --config) config=$2; shift 2;; --out) out=$2; shift 2;; --replot) replot=1; shift;; *) echo "sweep.sh: unknown option $1 (allowed: --config F, --out DIR, --replot)" >&2; exit 2;; esac; done
E_LIST=${SWEEP_ENTRIES:-4 6 8 12 16}; C_LIST=${SWEEP_CCUS:-1 2 4 8}
S=${SWEEP_SLOTS:-3}; D=${SWEEP_DATA_BITS:-32}; J=${SWEEP_JOBS:-2}
mkdir -p "$out"; t0=$(date +%s)
echo "area sweep: entries {$E_LIST} x ccus {$C_LIST}, slots=$S, data_bits=$D (reduced width to keep it fast), abc -fast, generic library"
jobs=$out/jobs.txt; : >"$jobs"
for c in $C_LIST; do
    echo "base $c 0 --set ccus=$c --set slots=$S --set data_bits=$D --set caching=off" >>"$jobs"
    for e in $E_LIST; do echo "main $c $e --set ccus=$c --set slots=$S --set entries=$e --set data_bits=$D" >>"$jobs"; done
done
run_point() { # kind c e sets...
    local k=$1 c=$2 e=$3; shift 3
    local d=$out/$k-c$c-e$e
    if bash synth/area.sh --config "$config" "$@" --exact --fast --no-baseline --out "$d" >"$d.log" 2>&1; then
        echo "ok $k c=$c e=$e"
    else echo "FAILED $k c=$c e=$e (see $d.log)"; fi
}
export -f run_point; export config out
# --replot: redraw the CSV and SVGs from the points already synthesized in OUT
[ "$replot" = 1 ] || xargs -P "$J" -L 1 bash -c 'run_point "$@"' _ <"$jobs"
get() { sed -n "/\"$1\"/s/.*\"$2\": *\([0-9.]*\).*/\1/p" "$3" | head -n1; }
csv=$out/sweep.csv
echo "entries,ccus,slots,data_bits,area_ge,logic_ge,storage_ge,flops,baseline_ge,overhead_ge,overhead_rel" >"$csv"
for c in $C_LIST; do
    b=$(get subcore area "$out/base-c$c-e0/area.json")
    for e in $E_LIST; do
        j=$out/main-c$c-e$e/area.json
        [ -s "$j" ] || continue
        a=$(get subcore area "$j"); l=$(get subcore logic_area "$j"); s=$(get subcore storage_area "$j"); f=$(get subcore flops "$j")
        awk -v e=$e -v c=$c -v S=$S -v D=$D -v a=$a -v l=$l -v s=$s -v f=$f -v b="$b" 'BEGIN {
            if (b == "") printf "%d,%d,%d,%d,%.1f,%.1f,%.1f,%d,,,\n", e, c, S, D, a, l, s, f
            else printf "%d,%d,%d,%d,%.1f,%.1f,%.1f,%d,%.1f,%.1f,%.4f\n", e, c, S, D, a, l, s, f, b, a-b, (a-b)/b }' >>"$csv"
    done
done
# plot COL TITLE YLABEL FILE: one curve per ccus value over entries
plot() {
    awk -F, -v col="$1" -v title="$2" -v ylab="$3" '
    NR == 1 { next }
    $col != "" { x[NR]=$1; c[NR]=$2; y[NR]=$col; n=NR; if (!(($2) in seen)) { seen[$2]=1; cs[++nc]=$2 }
                 if ($1 > xmax) xmax=$1; if (xmin == "" || $1 < xmin) xmin=$1; if ($col > ymax) ymax=$col; if (ymin == "" || $col < ymin) ymin=$col }
    END {
      W=640; H=420; L=80; R=140; T=40; B=50; if (ymin > 0) ymin = 0; if (ymax == ymin) ymax = ymin + 1
      printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H
      printf "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n<text x=\"%d\" y=\"20\" font-size=\"14\">%s</text>\n", W, H, L, title
      printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", L, H-B, W-R, H-B
      printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", L, T, L, H-B
      for (i = 0; i <= 4; i++) { v = ymin + (ymax-ymin)*i/4; py = H-B - (H-B-T)*i/4
        printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/><text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.4g</text>\n", L, py, W-R, py, L-5, py+4, v }
      for (i = 1; i <= n; i++) if (i in x) xs[x[i]] = 1
      for (v in xs) { px = L + (W-L-R)*(v-xmin)/((xmax>xmin)?(xmax-xmin):1)
        printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", px, H-B+16, v }
      printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">cache-table entries E</text>\n", (L+W-R)/2, H-12
      printf "<text x=\"15\" y=\"%d\" transform=\"rotate(-90 15 %d)\" text-anchor=\"middle\">%s</text>\n", (T+H-B)/2, (T+H-B)/2, ylab
      split("#1f77b4 #d62728 #2ca02c #ff7f0e #9467bd #8c564b #e377c2 #7f7f7f", clr, " ")
      for (k = 1; k <= nc; k++) { pts = ""
        for (i = 1; i <= n; i++) if ((i in x) && c[i] == cs[k]) {
          px = L + (W-L-R)*(x[i]-xmin)/((xmax>xmin)?(xmax-xmin):1); py = H-B - (H-B-T)*(y[i]-ymin)/(ymax-ymin)
          pts = pts sprintf("%.1f,%.1f ", px, py); printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n", px, py, clr[k] }
        printf "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n", pts, clr[k]
        printf "<text x=\"%d\" y=\"%d\" fill=\"%s\">C = %s CCUs</text>\n", W-R+10, T+18*k, clr[k], cs[k] }
      print "</svg>" }' "$csv" >"$4"
}
plot 5 "Sub-core area (generic GE, data_bits=$D, slots=$S)" "area (GE)" "$out/area.svg"
plot 11 "Overhead vs caching=off (data_bits=$D, slots=$S)" "relative overhead" "$out/overhead.svg"
echo "area sweep: $csv $out/area.svg $out/overhead.svg ($(( $(date +%s) - t0 )) s; data_bits=$D, not the configured width)"
