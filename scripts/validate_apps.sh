#!/usr/bin/env bash
# validate_apps.sh - whole applications (or kernels) you measured against the GPU model:
# the check issue 35 sets for held-out applications, on your own traces.
#   bash scripts/validate_apps.sh DIR [OUT [CONFIG]]
# DIR/ground_truth_nsys.csv lists them as ../shared/hw-cycles does: a header line, then
# `trace,gpu,clock_mhz,cycles,source` per row, `trace` a .traceg (.xz, .gz) or a kernel
# list (kernelslist.g) relative to DIR, `cycles` the measured ones (Nsight Systems kernel
# durations x clock, summed over the application's kernels). Each runs once on the GPU
# model (machine = gpu, warps = 16: the 64 warps an Ampere or Hopper SM holds; CONFIG for
# anything else, configs/default.cfg by default) with --quiet --json, on the preset of the
# GPU its `gpu` column names (H100/H200/H800: hopper, A100/A800: ampere, RTX 20xx, T4,
# TITAN RTX: turing), not the one the trace's binary version would pick (an sm_80 binary
# measured on an H100 ran on the H100); another name: the trace's (arch = auto).
# Prints and writes OUT/validate_apps.csv (trace, measured, simulated, error_pct, the
# instructions of opcodes of no known class, the kernels, the preset) and, with gnuplot,
# OUT/validate_apps.svg (simulated against measured, the +-LIMIT band), and judges each row: within
# +-LIMIT % (the environment's VALIDATE_LIMIT, 15 by default, the issue's bar) and no
# unknown opcode.
# Exit: 0 every row passes; 1 one does not; 2 bad input (one line naming the file).
set -u
cd "$(dirname "$0")/.." || exit 2
dir=${1:-}
out=${2:-build/validate-apps}
cfg=${3:-configs/default.cfg}
limit=${VALIDATE_LIMIT:-15}
sim=build/malekeh-sim
if [ -z "$dir" ]; then
    echo "validate-apps: no folder given (expected make validate-apps APPS=DIR, or scripts/validate_apps.sh DIR [OUT [CONFIG]]; DIR holds ground_truth_nsys.csv)" >&2
    exit 2
fi
gt=$dir/ground_truth_nsys.csv
[ -f "$gt" ] || { echo "validate-apps: $gt not found (expected trace,gpu,clock_mhz,cycles,source rows)" >&2; exit 2; }
[ -x "$sim" ] || { echo "validate-apps: $sim not built (make build)" >&2; exit 2; }
case $limit in '' | *[!0-9.]*) echo "validate-apps: VALIDATE_LIMIT=$limit (expected a number of percent)" >&2; exit 2 ;; esac
rm -rf "$out.tmp" && mkdir -p "$out.tmp/runs"
trap 'rm -rf "$out.tmp"' EXIT
echo "trace,measured_cycles,simulated_cycles,error_pct,unknown_instructions,kernels,preset" > "$out.tmp/validate_apps.csv"
# The preset of the GPU a row was measured on (its gpu column), auto when none matches.
preset_of() {
    local g
    g=$(printf '%s' "$1" | tr '[:lower:]' '[:upper:]')
    case $g in
        *H100* | *H200* | *H800*) echo hopper ;;
        *A100* | *A800*) echo ampere ;;
        *"RTX 20"* | *" T4"* | T4* | *"TITAN RTX"* | *TURING*) echo turing ;;
        *) echo auto ;;
    esac
}
n=0
line=0
while IFS=, read -r trace gpu _ cycles _; do
    line=$((line + 1))
    [ "$line" = 1 ] && continue
    [ -z "$trace" ] && continue
    trace=${trace#\"}; trace=${trace%\"}; gpu=${gpu#\"}; gpu=${gpu%\"} # quoted CSV fields
    cycles=${cycles#\"}; cycles=${cycles%\"}
    case $cycles in
        '' | *[!0-9.]* | .*) echo "validate-apps: $gt:$line: bad cycles '$cycles' (expected a positive number)" >&2; exit 2 ;;
    esac
    [ -f "$dir/$trace" ] || { echo "validate-apps: $gt:$line: $dir/$trace not found (expected a trace or kernel list relative to $dir)" >&2; exit 2; }
    n=$((n + 1))
    json=$out.tmp/runs/$n.json
    arch=$(preset_of "$gpu")
    if ! "$sim" --config "$cfg" --set machine=gpu --set warps=16 --set "arch=$arch" --trace "$dir/$trace" --quiet \
        --json "$json" 2> "$out.tmp/runs/$n.err"; then
        echo "validate-apps: $gt:$line: malekeh-sim failed on $trace: $(tail -1 "$out.tmp/runs/$n.err")" >&2
        exit 2
    fi
    s=$(grep -m1 '"cycles":' "$json" | tr -dc 0-9)
    u=$(grep -m1 '"unknown_instructions":' "$json" | tr -dc 0-9)
    k=$(grep -m1 '"kernels":' "$json" | tr -dc 0-9)
    echo "$trace,$cycles,$s,$(awk -v s="$s" -v m="$cycles" 'BEGIN{printf "%.2f", 100*(s-m)/m}'),${u:-0},${k:-1},$arch" \
        >> "$out.tmp/validate_apps.csv"
done < "$gt"
[ "$n" -gt 0 ] || { echo "validate-apps: $gt lists no trace (expected a row after the header)" >&2; exit 2; }
mkdir -p "$(dirname "$out")" && rm -rf "$out" && mkdir -p "$out" &&
    cp "$out.tmp/validate_apps.csv" "$out/validate_apps.csv"

echo "== validate-apps: the GPU model ($cfg, machine = gpu, warps = 16, the preset of each row's GPU) against $gt (judged at +-$limit %, no unknown opcode)"
printf '%-44s %7s %7s %12s %12s %8s %8s\n' trace preset kernels measured simulated error unknown
awk -F, 'NR > 1 {printf "%-44s %7s %7s %12.0f %12s %7s%% %8s\n", $1, $7, $6, $2, $3, $4, $5}' "$out/validate_apps.csv"
awk -F, -v l="$limit" 'NR > 1 {e = $4 < 0 ? -$4 : $4; s += e; n++; if (e > m) m = e}
  END {printf "mean |error| %.1f %%, largest %.1f %% over %d rows\n", s / n, m, n}' "$out/validate_apps.csv"
bad=$(awk -F, -v l="$limit" 'NR > 1 && ($4 < -l || $4 > l || $5 > 0) {k++} END {print k + 0}' "$out/validate_apps.csv")
if command -v gnuplot >/dev/null 2>&1; then # measured against simulated, the +-limit band
    awk -F, 'NR > 1 {n = $1; sub(/.*\//, "", n); print $2, $3, n}' "$out/validate_apps.csv" > "$out/apps.dat"
    gnuplot 2> "$out/gnuplot.log" <<GP || { echo "validate-apps: gnuplot failed (the table stands):" >&2; cat "$out/gnuplot.log" >&2; }
set terminal svg size 720,520 font "sans,12" noenhanced
set output "$out/validate_apps.svg"
set title "The GPU model against measured applications (within +-$limit %: between the dashed lines)"
set xlabel "measured cycles ($gt)"
set ylabel "simulated cycles (malekeh-sim)"
set key top left
set grid
stats "$out/apps.dat" using 1:2 nooutput
lo = (STATS_min_x < STATS_min_y ? STATS_min_x : STATS_min_y) / 1.5
hi = (STATS_max_x > STATS_max_y ? STATS_max_x : STATS_max_y) * 1.5
if (hi / lo > 30) { set logscale xy } else { lo = 0 }
set xrange [lo:hi]
set yrange [lo:hi]
plot x with lines lc "black" title "simulated = measured", \
     x * (1 + $limit / 100.0) with lines dt 2 lc "gray" notitle, \
     x * (1 - $limit / 100.0) with lines dt 2 lc "gray" notitle, \
     "$out/apps.dat" using 1:2 with points pt 7 ps 1.2 title "a trace or application", \
     "$out/apps.dat" using 1:2:3 with labels offset 1,0.6 left font ",9" notitle
GP
    rm -f "$out/apps.dat" "$out/gnuplot.log"
fi
echo "wrote $out/validate_apps.csv$( [ -f "$out/validate_apps.svg" ] && echo ", $out/validate_apps.svg")"
if [ "$bad" -ne 0 ]; then
    echo "validate-apps: $bad of $n rows outside +-$limit % or with unknown opcodes"
    exit 1
fi
echo "validate-apps: all $n rows within +-$limit %, no unknown opcode"
