#!/usr/bin/env bash
# sthld_plot.sh OUTDIR - gnuplot SVGs of a merged STHLD sweep (eval/sthld_merge.sh):
#   OUTDIR/sthld_<trace>.svg  IPC and hit ratio against a fixed STHLD, the adaptive run
#                             marked at the STHLD where its FSM settled
#   OUTDIR/sthld_time.svg     the adaptive runs' STHLD after each interval, every trace
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: eval/sthld_plot.sh OUTDIR" >&2; exit 2; }
out=$1
command -v gnuplot >/dev/null || { echo "eval/sthld_plot.sh: gnuplot not found (Debian package gnuplot-nox)" >&2; exit 2; }
for f in sthld adaptive series; do
    [ -s "$out/$f.csv" ] || { echo "eval/sthld_plot.sh: $out/$f.csv missing (run eval/sthld_merge.sh)" >&2; exit 2; }
done
mkdir -p "$out/data"
traces=$(cut -d, -f1 "$out/adaptive.csv" | sed 1d)
for t in $traces; do
    grep "^$t," "$out/sthld.csv" | cut -d, -f2- | tr , ' ' >"$out/data/$t.fixed"
    grep "^$t," "$out/adaptive.csv" | cut -d, -f2- | tr , ' ' >"$out/data/$t.adaptive"
    read -r settled nint iv init _ <"$out/data/$t.adaptive"
    max=$(tail -1 "$out/data/$t.fixed" | cut -d' ' -f1)
    if [ "$nint" -gt 0 ]; then fsm="adaptive FSM: $nint interval(s) of $iv cycles, settled at STHLD $settled"
    else fsm="adaptive FSM: no $iv-cycle interval completed, STHLD stayed at its reset value $init"; fi
    gnuplot <<GP
set terminal svg size 760,480 font "sans,12" background "white" noenhanced
set output "$out/sthld_$t.svg.tmp"
set title "$t: IPC and hit ratio vs a fixed STHLD\n$fsm"
set key outside below horizontal maxrows 2 width 2
set grid
set xlabel "STHLD (fixed; stall cycles before a near CCU is flushed)"
set ylabel "IPC (instructions / cycle)"
set y2label "hit ratio (%)"
set xrange [-1:$max + 1]
set xtics 0, 8
set mxtics 2
set ytics nomirror
set y2tics
set format y "%g"
set format y2 "%.0f"
set y2range [0:100]
set y2tics 0, 20
plot "$out/data/$t.fixed" using 1:2 axes x1y1 with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "IPC, fixed STHLD", \
     "$out/data/$t.fixed" using 1:(100*\$3) axes x1y2 with linespoints lw 2 pt 5 dt 2 lc rgb "#d62728" title "hit ratio, fixed STHLD", \
     "$out/data/$t.adaptive" using 1:5 axes x1y1 with points pt 9 ps 1.6 lc rgb "#1f77b4" title "IPC, adaptive (at settled STHLD)", \
     "$out/data/$t.adaptive" using 1:(100*\$6) axes x1y2 with points pt 11 ps 1.6 lc rgb "#d62728" title "hit ratio, adaptive"
GP
    mv "$out/sthld_$t.svg.tmp" "$out/sthld_$t.svg"
done
# STHLD over time: one step line per trace that completed at least one interval
plots="" lw=4 ymax=1
for t in $traces; do
    { grep "^$t," "$out/series.csv" || true; } | cut -d, -f3,4 | tr , ' ' >"$out/data/$t.series"
    if [ -s "$out/data/$t.series" ]; then
        # start at cycle 0 with the reset value so that a single interval still draws a step
        init=$(grep "^$t," "$out/adaptive.csv" | cut -d, -f5)
        { echo "0 $init"; cat "$out/data/$t.series"; } >"$out/data/$t.steps"
        k=$(( ${k:-0} + 1 ))
        plots="$plots${plots:+, }\"$out/data/$t.steps\" using (\$1/1000):2 with steps lw $lw lc $k notitle"
        plots="$plots, \"$out/data/$t.series\" using (\$1/1000):2 with points pt $(( k + 3 )) ps 1.4 lc $k title \"$t\""
        lw=$(( lw > 1 ? lw - 1 : 1 ))   # thinner each trace and a marker of its own at each
                                        # interval's end, so that equal series stay visible
        ymax=$(awk -v m="$ymax" '$2 > m { m = $2 } END { print m }' "$out/data/$t.steps")
    fi
done
[ -n "$plots" ] || plots="NaN title \"no trace completed an interval\""
gnuplot <<GP
set terminal svg size 760,440 font "sans,12" background "white" noenhanced
set output "$out/sthld_time.svg.tmp"
set title "STHLD of the adaptive FSM after each interval (value held until the next interval ends)"
set key outside below
set grid
set xlabel "cycle (thousands)"
set ylabel "STHLD"
set yrange [-0.5:$ymax + 1]
set ytics 0, $(( ymax <= 10 ? 1 : (ymax <= 40 ? 4 : 8) ))
set format x "%g"
set format y "%g"
plot $plots
GP
mv "$out/sthld_time.svg.tmp" "$out/sthld_time.svg"
echo "sthld: plots $out/sthld_*.svg"
