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
    # labels in turn above right, below right, above left and below left of their points (sorted
# by overhead), so that neighbours stay readable
    for i in 0 1 2 3; do awk -v i=$i 'NR % 4 == i' "$d.pts" >"$d.lab$i"; done
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
     "$d.lab1" using 1:2:4 with labels offset char 0.6,0.8 left font "sans,9" notitle, \
     "$d.lab2" using 1:2:4 with labels offset char 0.6,-0.8 left font "sans,9" notitle, \
     "$d.lab3" using 1:2:4 with labels offset char -0.6,1.6 right font "sans,9" notitle, \
     "$d.lab0" using 1:2:4 with labels offset char -0.6,-1.6 right font "sans,9" notitle, \
     "$d.def" using 1:2 with points pt 6 ps 3 lw 2 lc rgb "#d62728" title "default configuration"
GP
    mv "$out/pareto_$kind.svg.tmp" "$out/pareto_$kind.svg"
}
plot energy 9 "RF dynamic-energy reduction vs area overhead" "RF dynamic-energy reduction vs baseline (%)"
plot ipc 10 "IPC gain vs area overhead" "IPC gain vs baseline (%)"
echo "dse: plots $out/pareto_energy.svg $out/pareto_ipc.svg"
