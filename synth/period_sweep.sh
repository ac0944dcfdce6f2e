#!/usr/bin/env bash
# synth/period_sweep.sh - synthesis target period against area and achieved Fmax for one
# configuration (default: configs/default.cfg). Usage:
#   synth/period_sweep.sh [--config F] [--out DIR] [--liberty LIB] [--replot]
# Env: PERIODS ("1000 2000 3000 4000 6000 8000 16000", ps), PSWEEP_STA_WIDTH (the configured
#      width; a smaller value times the sub-core at that data width and says so in the CSV and plot).
# Every point: synth/area.sh --no-baseline --fast --target P: the area (fitted to the configured
# width) is synthesized for P (abc -D P), and OpenSTA gives the Fmax of the flat netlist
# synthesized for P, and its slack at the clock of constraints/default.sdc. Writes
# OUT/period_sweep.csv and OUT/period_sweep.svg (gnuplot).
set -u
cd "$(dirname "$0")/.." || exit 2
config=configs/default.cfg; out=build/period-sweep; lib=""; replot=0
while [ $# -gt 0 ]; do case "$1" in --config) config=$2; shift 2;; --out) out=$2; shift 2;;
    --liberty) lib=$2; shift 2;; --replot) replot=1; shift;;
    *) echo "period_sweep.sh: unknown option $1 (allowed: --config F, --out DIR, --liberty LIB, --replot)" >&2; exit 2;; esac; done
command -v gnuplot >/dev/null || { echo "period_sweep.sh: gnuplot not found (Debian package gnuplot-nox)" >&2; exit 2; }
P_LIST=${PERIODS:-1000 2000 3000 4000 6000 8000 16000}
mkdir -p "$out"; t0=$(date +%s)
for p in $P_LIST; do
    case "$p" in ''|*[!0-9]*) echo "period_sweep.sh: PERIODS: '$p' is not a whole number of ps" >&2; exit 2 ;; esac
    [ "$replot" = 1 ] && continue
    echo "period sweep: $p ps ..."
    bash synth/area.sh --config "$config" --no-baseline --fast --target "$p" ${PSWEEP_STA_WIDTH:+--sta-width "$PSWEEP_STA_WIDTH"} \
        ${lib:+--liberty "$lib"} --out "$out/p$p" >"$out/p$p.log" 2>&1 || { echo "period_sweep.sh: point $p ps failed, see $out/p$p.log" >&2; exit 1; }
done
num() { sed -n "s/.*\"$2\": *\([0-9.-]*\).*/\1/p" "$1" | head -n1; }
# the reg2reg path's own slack: area.json has a second slack_ps (worst_any, any path), later
# on the same line, which num's greedy match would return
r2r_slack() { sed -n 's/.*"reg2reg": {[^}]*"slack_ps": *\([0-9.-]*\).*/\1/p' "$1" | head -n1; }
csv=$out/period_sweep.csv
echo "synth_target_ps,area,unit,data_bits,sta_data_bits,fmax_mhz,min_period_ps,min_period_fo4,clock_ps,reg2reg_slack_ps" >"$csv.tmp"
for p in $P_LIST; do
    j=$out/p$p/area.json; [ -s "$j" ] || continue
    a=$(sed -n '/"subcore"/s/.*"area": *\([0-9.]*\).*/\1/p' "$j" | head -n1)
    u=$(sed -n 's/.*"unit": "\([A-Za-z0-9]*\)".*/\1/p' "$j" | head -n1)
    db=$(sed -n 's/.*"config": {.*"data_bits": \([0-9]*\).*/\1/p' "$j" | head -n1)
    sdb=$(sed -n 's/.*"timing": {"tool": "OpenSTA", "data_bits": \([0-9]*\).*/\1/p' "$j" | head -n1)
    echo "$p,$a,$u,$db,$sdb,$(num "$j" fmax_mhz),$(num "$j" min_period_ps),$(num "$j" min_period_fo4),$(num "$j" period_ps),$(r2r_slack "$j")" >>"$csv.tmp"
done
mv "$csv.tmp" "$csv"
u=$(sed -n '2s/^[^,]*,[^,]*,\([^,]*\),.*/\1/p' "$csv"); sdb=$(sed -n '2s/^\([^,]*,\)\{4\}\([^,]*\),.*/\2/p' "$csv")
db=$(sed -n '2s/^\([^,]*,\)\{3\}\([^,]*\),.*/\2/p' "$csv")
gnuplot <<GP
set terminal svg size 720,440 font "sans,12" background "white" noenhanced
set output "$out/period_sweep.svg.tmp"
set datafile separator ","
set key outside right top
set grid
set title "Synthesis target vs area and achieved Fmax\narea at data_bits = $db, timing (OpenSTA) at data_bits = $sdb"
set xlabel "synthesis target period (ns), abc -D"
set ylabel "sub-core area without RF banks ($u)"
set y2label "achieved Fmax (MHz), OpenSTA"
set logscale x 2
set format x "%g"
set ytics nomirror
set y2tics
set format y "%g"
set format y2 "%g"
plot "$csv" every ::1 using (\$1/1000):2 axes x1y1 with linespoints title "area", \
     "$csv" every ::1 using (\$1/1000):6 axes x1y2 with linespoints title "Fmax"
GP
mv "$out/period_sweep.svg.tmp" "$out/period_sweep.svg"
echo "period sweep: $csv $out/period_sweep.svg ($(( $(date +%s) - t0 )) s)"
