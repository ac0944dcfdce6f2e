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
# Only the Nsight Systems rows are judged (docs/gpu.md section 4): the Nsight Compute rows
# of ground_truth.csv are listed with the cycles that profiler adds.
# Exit: 0 every nsys row (kernels and empty kernels) within 10 %; 1 one outside it; 2
# missing input.
set -u
cd "$(dirname "$0")/.."
hw=${1:-../shared/hw-cycles}
out=${2:-build/validate}
cfg=${3:-configs/default.cfg}
sim=build/malekeh-sim
h100=(--set machine=gpu --set warps=16)
limit=10
for f in ground_truth.csv ground_truth_nsys.csv launch_overhead.csv; do
    if [ ! -f "$hw/$f" ]; then
        echo "validate: $hw/$f not found (expected ../shared/hw-cycles beside the repository)" >&2
        exit 2
    fi
done
[ -x "$sim" ] || { echo "validate: $sim not built (make build)" >&2; exit 2; }
rm -rf "$out.tmp" && mkdir -p "$out.tmp/runs"

# one run per trace; a row per measurement: the Nsight Systems rows (ground_truth_nsys.csv:
# kernel durations x 1.755, the kind whole applications are measured in; judged) and the
# Nsight Compute rows of ground_truth.csv (cycles at a locked ~1.09 GHz SM clock; reported
# with what that profiler adds over nsys, not judged). A ground_truth.csv row that equals
# the nsys row of its trace (the 4096-block kernel) is that nsys measurement, listed once.
sim_cycles() { # trace -> simulated cycles (runs once per trace, cached)
    local name=${1%%.traceg*} json
    json=$out.tmp/runs/$name.json
    if [ ! -f "$json" ]; then
        "$sim" --config "$cfg" "${h100[@]}" --trace "$hw/$1" --quiet --json "$json" ||
            { echo "validate: $1: malekeh-sim failed" >&2; return 1; }
        echo "$name $(grep -m1 '"instructions":' "$json" | tr -dc 0-9)" >> "$out.tmp/insts.txt"
    fi
    grep -m1 '"cycles":' "$json" | tr -dc 0-9
}
nsys_of() { awk -F, -v t="$1" '$1 == t {print $4}' "$hw/ground_truth_nsys.csv"; }
echo "kernel,profiler,gpu,clock_mhz,measured_cycles,simulated_cycles,locked_clock_adds,error_pct" > "$out.tmp/validate.csv"
row() { # trace gpu mhz measured profiler adds
    local s
    s=$(sim_cycles "$1") || exit 2
    echo "${1%%.traceg*},$5,$2,$3,$4,$s,$6,$(awk -v s="$s" -v m="$4" 'BEGIN{printf "%.2f", 100*(s-m)/m}')" \
        >> "$out.tmp/validate.csv"
}
while IFS=, read -r trace gpu mhz cycles _; do
    [ "$trace" = trace ] && continue
    row "$trace" "$gpu" "$mhz" "$cycles" nsys ""
done < "$hw/ground_truth_nsys.csv"
while IFS=, read -r trace gpu mhz cycles _; do
    [ "$trace" = trace ] && continue
    n=$(nsys_of "$trace")
    if [ -n "$n" ] && awk -v a="$cycles" -v b="$n" 'BEGIN{exit !(a - b < 1 && b - a < 1)}'; then
        continue # the same nsys measurement
    fi
    row "$trace" "$gpu" 1090 "$cycles" ncu "$( [ -n "$n" ] && awk -v a="$cycles" -v b="$n" 'BEGIN{printf "%.0f", a - b}')"
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
echo "Nsight Systems rows (kernel duration x 1.755 GHz; what the timing constants are fitted on; judged at +-$limit %):"
printf '%-40s %10s %10s %8s\n' kernel measured simulated error
awk -F, 'NR > 1 && $2 == "nsys" {printf "%-40s %10.0f %10s %7s%%\n", $1, $5, $6, $8}' "$out/validate.csv"
echo "Nsight Compute rows (cycles at an SM clock locked near 1.09 GHz; not fitted, not judged):"
printf '%-40s %10s %10s %8s %s\n' kernel measured simulated error "  ncu minus nsys (what the locked-clock profiler adds)"
awk -F, 'NR > 1 && $2 == "ncu" {printf "%-40s %10.0f %10s %7s%%   %+d cycles\n", $1, $5, $6, $8, $7}' "$out/validate.csv"
bad=$(awk -F, -v l=$limit 'NR > 1 && $2 == "nsys" && ($8 < -l || $8 > l) {n++} END {print n + 0}' "$out/validate.csv")
rows=$(awk -F, 'NR > 1 && $2 == "nsys"' "$out/validate.csv" | wc -l)

# dependent-FFMA slope: least squares over the single-warp kernels (cycles against
# instructions; the loop adds 132 instructions per iteration), per profiler
for prof in nsys ncu; do
awk -F, -v p=$prof 'NR > 1 && $2 == p && $1 ~ /blocks1_iters/' "$out/validate.csv" | sort |
    join -t, - <(sed 's/ /,/' "$out/insts.txt" | sort) |
awk -F, -v p=$prof '{n++; x=$9; sx+=x; sxx+=x*x; sm+=$5; sxm+=x*$5; ss+=$6; sxs+=x*$6}
  END {if (n < 2) exit; d=n*sxx-sx*sx; km=(n*sxm-sx*sm)/d; ks=(n*sxs-sx*ss)/d;
       bm=(sm-km*sx)/n; bs=(ss-ks*sx)/n;
       printf "dependent FFMA chain (%s): %.3f cycles per instruction measured, %.3f simulated (%+.2f %%); fixed part %.0f measured, %.0f simulated; least squares over %d kernels\n", p, km, ks, 100*(ks-km)/km, bm, bs, n}'
done
awk -F, 'NR > 1 {e = $5 < 0 ? -$5 : $5; sum += e; n++; if (e > mx) mx = e}
  END {printf "empty-kernel launch cost (nsys): %d rows of launch_overhead.csv, mean |error| %.1f %%, largest %.1f %%\n", n, sum / n, mx}' "$out/launch.csv"
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
lbad=$(awk -F, -v l=$limit 'NR > 1 && ($5 < -l || $5 > l) {n++} END {print n + 0}' "$out/launch.csv")
lrows=$(tail -n +2 "$out/launch.csv" | wc -l)
if [ "$bad" -ne 0 ] || [ "$lbad" -ne 0 ]; then
    echo "validate: $bad of $rows nsys kernels and $lbad of $lrows empty kernels outside +-$limit %"
    exit 1
fi
echo "validate: all $rows nsys kernels and all $lrows empty kernels within +-$limit %"
