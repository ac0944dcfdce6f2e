#!/usr/bin/env bash
# dse_plot.sh OUTDIR - gnuplot Pareto plots of a merged design-space sweep (dse.csv):
#   OUTDIR/pareto_energy.svg  RF dynamic-energy reduction against area overhead
#   OUTDIR/pareto_ipc.svg     IPC gain against area overhead
# Every point labelled (C, E; banks and width when not the default), the Pareto front (no
# other point has less overhead and more benefit) drawn, the default configuration marked.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: eval/dse_plot.sh OUTDIR" >&2; exit 2; }
out=$1
command -v gnuplot >/dev/null || { echo "eval/dse_plot.sh: gnuplot not found (Debian package gnuplot-nox)" >&2; exit 2; }
[ -s "$out/dse.csv" ] || { echo "eval/dse_plot.sh: $out/dse.csv missing (run eval/dse_merge.sh)" >&2; exit 2; }
mkdir -p "$out/data"
ntr=$(sed -n 2p "$out/dse.csv" | cut -d, -f6)
# plot KIND COLUMN TITLE YLABEL: benefit column of dse.csv (a fraction; IPC: ratio - 1)
plot() {
    local kind=$1 col=$2 title=$3 ylabel=$4 d=$out/data/$1
    # x = overhead %, y = benefit %, label; default point; Pareto front by increasing overhead
    awk -F, -v col="$col" -v kind="$kind" 'NR > 1 {
            y = 100 * (kind == "ipc" ? $col - 1 : $col)
            lab = "C" $2 " E" $3 ($4 != 2 ? " B" $4 : "") ($5 != 1024 ? " W" $5 : "")
            printf "%.4f %.4f %d \"%s\"\n", $16, y, $17, lab }' "$out/dse.csv" | sort -g -k1,1 -k2,2gr >"$d.pts"
    awk '$3 == 1' "$d.pts" >"$d.def"
    # labels: points closer than 4 % of the x range to the previous one form a group; the
    # labels of a group are stacked upward from the group's highest point, one line apart
    # (6 % of the y range), each joined to its point by a thin line, so none overlaps another
    awk 'NR == FNR { if (NR == 1 || $1 < x0) x0 = $1; if (NR == 1 || $1 > x1) x1 = $1
                     if (NR == 1 || $2 < y0) y0 = $2; if (NR == 1 || $2 > y1) y1 = $2; next }
         { dx = (x1 - x0) > 0 ? x1 - x0 : 1; dy = (y1 - y0) > 0 ? y1 - y0 : 1
           if (FNR == 1 || $1 - px > 0.04 * dx) { k = 0; top = $2 } else { k++; if ($2 > top) top = $2 }
           px = $1; ly = (k == 0 ? $2 : top + 0.06 * dy * k); lab = $4; for (i = 5; i <= NF; i++) lab = lab " " $i
           printf "%s %s %s %s %s\n", $1, $2, $1 + 0.012 * dx, ly + 0.02 * dy, lab }' "$d.pts" "$d.pts" >"$d.lab"
    awk 'NR == 1 || $2 > best { print; best = $2 }' "$d.pts" >"$d.front"
    gnuplot <<GP
set terminal svg size 960,560 font "sans,12" background "white" noenhanced
set output "$out/pareto_$kind.svg.tmp"
set title "$title\nmean over $ntr trace(s); area: synth/area.sh --fast, generic library (NAND2 = 1 GE)"
set key outside below horizontal
set grid
set xlabel "area overhead (% of the baseline register file: RF banks + collector logic)"
set ylabel "$ylabel"
set format x "%g"
set format y "%g"
set offsets graph 0.05, graph 0.12, graph 0.08, graph 0.08
plot "$d.front" using 1:2 with steps lw 2 lc rgb "#2ca02c" title "Pareto front", \
     "$d.pts" using 1:2 with points pt 7 ps 1.2 lc rgb "#1f77b4" title "design point (C CCUs, E entries)", \
     "$d.lab" using 1:2:(\$3-\$1):(\$4-\$2) with vectors nohead lw 0.5 lc rgb "#999999" notitle, \
     "$d.lab" using 3:4:5 with labels left font "sans,9" notitle, \
     "$d.def" using 1:2 with points pt 6 ps 3 lw 2 lc rgb "#d62728" title "default configuration"
GP
    mv "$out/pareto_$kind.svg.tmp" "$out/pareto_$kind.svg"
}
plot energy 9 "RF dynamic-energy reduction vs area overhead" "RF dynamic-energy reduction vs baseline (%)"
plot ipc 10 "IPC gain vs area overhead" "IPC gain vs baseline (%)"
echo "dse: plots $out/pareto_energy.svg $out/pareto_ipc.svg"
