#!/usr/bin/env bash
# validate.sh - the GPU model against cycles measured on silicon (../shared/hw-cycles, an
# H100 PCIe): every kernel of ground_truth.csv run on the GPU model (machine = gpu, its
# preset from the trace: hopper), measured and simulated cycles and the error; the slope
# of the dependent-FFMA kernels; the launch cost of empty kernels against
# launch_overhead.csv. Writes OUT/validate.csv (one row per kernel, error_pct),
# OUT/launch.csv and OUT/launch.svg (gnuplot).
#   bash scripts/validate.sh [HW_DIR [OUT [CONFIG]]]
# The H100's sub-core holds 16 warps (64 per SM): every run adds --set warps=16 (the
# default configuration's 8 are the papers' Turing sub-core).
# Exit: 0 every kernel within 10 %; 1 a kernel outside it; 2 missing input.
set -u
cd "$(dirname "$0")/.."
hw=${1:-../shared/hw-cycles}
out=${2:-build/validate}
cfg=${3:-configs/default.cfg}
sim=build/malekeh-sim
h100=(--set machine=gpu --set warps=16)
limit=10
if [ ! -f "$hw/ground_truth.csv" ]; then
    echo "validate: $hw/ground_truth.csv not found (expected ../shared/hw-cycles beside the repository)" >&2
    exit 2
fi
[ -x "$sim" ] || { echo "validate: $sim not built (make build)" >&2; exit 2; }
rm -rf "$out.tmp" && mkdir -p "$out.tmp/runs"

echo "kernel,gpu,clock_mhz,measured_cycles,simulated_cycles,error_pct" > "$out.tmp/validate.csv"
bad=0
while IFS=, read -r trace gpu mhz cycles _; do
    [ "$trace" = trace ] && continue
    name=${trace%%.traceg*}
    json=$out.tmp/runs/$name.json
    if ! "$sim" --config "$cfg" "${h100[@]}" --trace "$hw/$trace" --quiet --json "$json"; then
        echo "validate: $trace: malekeh-sim failed" >&2
        exit 2
    fi
    s=$(grep -m1 '"cycles":' "$json" | tr -dc 0-9)
    insts=$(grep -m1 '"instructions":' "$json" | tr -dc 0-9)
    echo "$name,$gpu,$mhz,$cycles,$s,$(awk -v s="$s" -v m="$cycles" 'BEGIN{printf "%.2f", 100*(s-m)/m}')" \
        >> "$out.tmp/validate.csv"
    echo "$name $insts" >> "$out.tmp/insts.txt"
done < "$hw/ground_truth.csv"

# empty kernels: every row of launch_overhead.csv
echo "threads_per_block,blocks,measured_cycles,simulated_cycles,error_pct" > "$out.tmp/launch.csv"
while IFS=, read -r _ thr blocks _ cycles; do
    [ "$thr" = threads_per_block ] && continue
    s=$("$sim" --config "$cfg" "${h100[@]}" --set arch=hopper --empty-kernel "$blocks" \
        --threads "$thr" | awk '{print $8}')
    echo "$thr,$blocks,$cycles,$s,$(awk -v s="$s" -v m="$cycles" 'BEGIN{printf "%.2f", 100*(s-m)/m}')" \
        >> "$out.tmp/launch.csv"
done < "$hw/launch_overhead.csv"

rm -rf "$out" && mv "$out.tmp" "$out"

echo "== validate: the GPU model ($cfg, machine = gpu, warps = 16, preset from the trace) against $hw"
printf '%-40s %10s %10s %8s\n' kernel measured simulated error
tail -n +2 "$out/validate.csv" | while IFS=, read -r k _ _ m s e; do
    printf '%-40s %10s %10s %7s%%\n' "$k" "$m" "$s" "$e"
done
bad=$(tail -n +2 "$out/validate.csv" | awk -F, -v l=$limit '($6 < -l || $6 > l) {n++} END {print n + 0}')
rows=$(tail -n +2 "$out/validate.csv" | wc -l)

# dependent-FFMA slope: least squares over the single-warp kernels (cycles against
# instructions; the loop adds 132 instructions per iteration)
tail -n +2 "$out/validate.csv" | grep 'blocks1_iters' | paste -d, - <(grep 'blocks1_iters' "$out/insts.txt" | awk '{print $2}') |
awk -F, '{n++; x=$7; sx+=x; sxx+=x*x; sm+=$4; sxm+=x*$4; ss+=$5; sxs+=x*$5}
  END {if (n < 2) exit; d=n*sxx-sx*sx; km=(n*sxm-sx*sm)/d; ks=(n*sxs-sx*ss)/d;
       printf "dependent FFMA chain: %.3f cycles per instruction measured, %.3f simulated (%+.2f %%), least squares over %d kernels\n", km, ks, 100*(ks-km)/km, n}'
awk -F, 'NR > 1 {e = $5 < 0 ? -$5 : $5; sum += e; n++; if (e > mx) mx = e}
  END {printf "empty-kernel launch cost: %d rows of launch_overhead.csv, mean |error| %.1f %%, largest %.1f %%\n", n, sum / n, mx}' "$out/launch.csv"
printf '  %-8s %10s %10s %8s   (16 threads per block)\n' blocks measured simulated error
awk -F, 'NR > 1 && $1 == 16 {printf "  %-8s %10.0f %10s %7s%%\n", $2, $3, $4, $5}' "$out/launch.csv"

if command -v gnuplot >/dev/null 2>&1; then
    awk -F, 'NR > 1 && $1 == 16 {print $2, $3, $4}' "$out/launch.csv" > "$out/launch16.dat"
    gnuplot <<GP
set terminal svg size 720,420 font "sans,12" noenhanced
set output "$out/launch.svg"
set title "Empty kernels on an H100 PCIe: measured and simulated (16 threads per block)"
set xlabel "thread blocks"
set ylabel "cycles"
set logscale xy
set key top left
set grid
plot "$out/launch16.dat" using 1:2 with linespoints pt 7 title "measured (launch_overhead.csv)", \
     "$out/launch16.dat" using 1:3 with linespoints pt 4 dt 2 title "simulated (malekeh-sim --empty-kernel)"
GP
fi
echo "wrote $out/validate.csv, $out/launch.csv$( [ -f "$out/launch.svg" ] && echo ", $out/launch.svg")"
if [ "$bad" -ne 0 ]; then
    echo "validate: $bad of $rows kernels outside +-$limit %"
    exit 1
fi
echo "validate: all $rows kernels within +-$limit %"
