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
# DIR/ground_truth_nsys.csv lists them as ../shared/hw-cycles does: a header line naming
# the columns (`trace`, `cycles`, and `gpu`, `clock_mhz` when given; any order, quoted
# cells, CRLF line ends), then a row per trace. `trace` is a .traceg (.xz, .gz), a kernel
# list (kernelslist.g) or a folder holding one (FOLDER/kernelslist.g or
# FOLDER/traces/kernelslist.g, Accel-Sim's layout), relative to DIR; `cycles` the measured
# ones: Nsight Systems kernel durations (ns) x `clock_mhz` / 1000, summed over the
# application's kernels. A row whose clock is not the preset's (`clock_mhz` of the GPU
# model: 1755 for the H100 PCIe) is converted to the model's clock: a campaign row
# labelled 345 MHz (the H100's idle clock, ../shared/hw-cycles/README.md) is x 1755 / 345.
# Each row runs once on the GPU model (machine = gpu, warps = 16: the 64 warps an Ampere
# or Hopper SM holds; CONFIG for anything else, configs/default.cfg by default) with
# --quiet --json, VALIDATE_JOBS rows at a time (the CPUs by default), on the preset of the
# GPU its `gpu` column names (H100/H200/H800: hopper, A100/A800: ampere, RTX 20xx, T4,
# TITAN RTX: turing), not the one the trace's binary version would pick (an sm_80 binary
# measured on an H100 ran on the H100); another name: the trace's (arch = auto). A line
# per row as it ends, and every VALIDATE_STATUS_SECONDS (30) where each running row is
# (its kernel and cycle), give the progress.
# Prints and writes OUT/validate_apps.csv (trace, measured cycles, their clock, measured
# at the model's clock, simulated, error_pct, the instructions of opcodes of no known
# class, the kernels, the preset) and, with gnuplot, OUT/validate_apps.svg (simulated
# against measured, the +-LIMIT band), and judges each row: within +-LIMIT % (the
# environment's VALIDATE_LIMIT, 15 by default, the issue's bar) and no unknown opcode.
# Exit: 0 every row passes; 1 one does not; 2 bad input (one line naming the file and
# line; a bad table runs nothing, a trace the simulator refuses is reported after the
# other rows ran, its row `failed`).
set -u
abs() { case $1 in /*) printf '%s' "$1" ;; *) printf '%s/%s' "$PWD" "$1" ;; esac; } # from the caller's folder
dir=${1:+$(abs "$1")}
out=${2:+$(abs "$2")}
cfg=${3:+$(abs "$3")}
cd "$(dirname "$0")/.." || exit 2
out=${out:-build/validate-apps}
cfg=${cfg:-configs/default.cfg}
limit=${VALIDATE_LIMIT:-15}
jobs=${VALIDATE_JOBS:-$(nproc 2>/dev/null || echo 1)}
sim=build/malekeh-sim
if [ -z "$dir" ]; then
    echo "validate-apps: no folder given (expected make validate-apps APPS=DIR, or scripts/validate_apps.sh DIR [OUT [CONFIG]]; DIR holds ground_truth_nsys.csv)" >&2
    exit 2
fi
gt=$dir/ground_truth_nsys.csv
[ -f "$gt" ] || { echo "validate-apps: $gt not found (expected a header line, then trace,gpu,clock_mhz,cycles,source rows)" >&2; exit 2; }
[ -x "$sim" ] || { echo "validate-apps: $sim not built (make build)" >&2; exit 2; }
case $limit in '' | *[!0-9.]*) echo "validate-apps: VALIDATE_LIMIT=$limit (expected a number of percent)" >&2; exit 2 ;; esac
case $jobs in '' | 0 | *[!0-9]*) echo "validate-apps: VALIDATE_JOBS=$jobs (expected a positive count)" >&2; exit 2 ;; esac
rm -rf "$out.tmp" && mkdir -p "$out.tmp/runs"
trap 'rm -rf "$out.tmp"' EXIT
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
# The table as line, trace, gpu, clock, cycles separated by the unit separator (\037: an
# empty cell stays a field, as a tab would not for read; CSV quotes undone, CR dropped); a header without trace or cycles: one line "error TEXT".
awk '
function cells(s,   n, i, c, q, v) { # s split into C[1..n], honouring "..." quotes
    n = 1; v = ""; q = 0
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (q) { if (c == "\"") { if (substr(s, i + 1, 1) == "\"") { v = v c; i++ } else q = 0 } else v = v c }
        else if (c == "\"") q = 1
        else if (c == ",") { C[n++] = v; v = "" }
        else v = v c
    }
    C[n] = v
    return n
}
{ sub(/\r$/, "") }
NR == 1 {
    n = cells($0)
    for (i = 1; i <= n; i++) { h = C[i]; gsub(/^[ \t]+|[ \t]+$/, "", h); col[h] = i }
    if (!("trace" in col) || !("cycles" in col)) { print "error"; exit }
    next
}
/^[ \t]*$/ { next }
{
    n = cells($0)
    for (i = 1; i <= n; i++) { gsub(/\037/, " ", C[i]); gsub(/^[ \t]+|[ \t]+$/, "", C[i]) }
    printf "%d\037%s\037%s\037%s\037%s\n", NR, C[col["trace"]], ("gpu" in col) ? C[col["gpu"]] : "", \
        ("clock_mhz" in col) ? C[col["clock_mhz"]] : "", C[col["cycles"]]
}' "$gt" > "$out.tmp/rows.tsv"
if [ "$(head -1 "$out.tmp/rows.tsv")" = error ]; then
    echo "validate-apps: $gt:1: the header names no trace or no cycles column (expected trace,gpu,clock_mhz,cycles,source)" >&2
    exit 2
fi
# Check every row before running any: a bad table runs nothing.
positive() { case $1 in '' | *[!0-9.]* | .* | *.*.*) return 1 ;; esac; awk -v v="$1" 'BEGIN{exit !(v > 0)}'; }
n=0
T=(); G=(); K=(); C=(); L=(); P=()
while IFS=$'\037' read -r line trace gpu clock cycles; do
    positive "$cycles" ||
        { echo "validate-apps: $gt:$line: bad cycles '$cycles' (expected a positive number)" >&2; exit 2; }
    [ -z "$clock" ] || positive "$clock" ||
        { echo "validate-apps: $gt:$line: bad clock_mhz '$clock' (expected the MHz the cycles were counted at, or an empty cell)" >&2; exit 2; }
    case $trace in /*) path=$trace ;; *) path=$dir/$trace ;; esac # relative to DIR, or absolute
    # a folder: malekeh-sim runs its kernel list (or refuses it, a failed row)
    [ -e "$path" ] || { echo "validate-apps: $gt:$line: $path not found (expected a trace, a kernel list or a folder holding one, relative to $dir)" >&2; exit 2; }
    n=$((n + 1))
    T[n]=$trace; G[n]=$(preset_of "$gpu"); K[n]=$clock; C[n]=$cycles; L[n]=$line; P[n]=$path
done < "$out.tmp/rows.tsv"
[ "$n" -gt 0 ] || { echo "validate-apps: $gt lists no trace (expected a row after the header)" >&2; exit 2; }

# run_row I: row I on the model; runs/I.json, .err (warnings, progress lines, the error),
# .rc; a line when it ends
run_row() {
    local i=$1 t0=$SECONDS rc
    "$sim" --config "$cfg" --set machine=gpu --set warps=16 --set "arch=${G[$i]}" --trace "${P[$i]}" \
        --quiet --progress --json "$out.tmp/runs/$i.json" 2> "$out.tmp/runs/$i.err"
    rc=$?
    echo "$rc" > "$out.tmp/runs/$i.rc"
    if [ "$rc" = 0 ]; then
        echo "  [$i/$n] ${T[$i]}: $(grep -m1 '"cycles":' "$out.tmp/runs/$i.json" | tr -dc 0-9) cycles simulated ($((SECONDS - t0)) s)"
    else
        echo "  [$i/$n] ${T[$i]}: the simulator failed ($((SECONDS - t0)) s)"
    fi
}
# last_text FILE: the last progress or message text in FILE (progress lines end in \r)
last_text() { tail -c 400 "$1" 2>/dev/null | tr '\r' '\n' | grep -v '^ *$' | tail -1 | sed 's/^ *//; s/ *$//'; }
# status: every STATUS seconds while rows run, where each running row is
STATUS=${VALIDATE_STATUS_SECONDS:-30}
next_status=$((SECONDS + STATUS))
status() {
    [ "$SECONDS" -lt "$next_status" ] && return
    next_status=$((SECONDS + STATUS))
    local i
    for i in $(seq 1 "$n"); do
        [ -f "$out.tmp/runs/$i.err" ] && [ ! -f "$out.tmp/runs/$i.rc" ] &&
            echo "  [$i/$n] ${T[$i]}: running for $((SECONDS - $(cat "$out.tmp/runs/$i.start"))) s$(
                t=$(last_text "$out.tmp/runs/$i.err"); [ -n "$t" ] && printf ': %s' "$t")"
    done
}
echo "validate-apps: $n rows of $gt on the GPU model, $jobs at a time"
for i in $(seq 1 "$n"); do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 0.2; status; done
    : > "$out.tmp/runs/$i.err"
    echo "$SECONDS" > "$out.tmp/runs/$i.start"
    run_row "$i" &
done
while [ "$(jobs -rp | wc -l)" -gt 0 ]; do sleep 0.2; status; done
wait

echo "trace,measured_cycles,clock_mhz,measured_at_model_clock,simulated_cycles,error_pct,unknown_instructions,kernels,preset" > "$out.tmp/validate_apps.csv"
failed=0
for i in $(seq 1 "$n"); do
    json=$out.tmp/runs/$i.json
    if [ "$(cat "$out.tmp/runs/$i.rc" 2>/dev/null)" != 0 ]; then
        echo "validate-apps: $gt:${L[$i]}: malekeh-sim failed on ${T[$i]}: $(last_text "$out.tmp/runs/$i.err")" >&2
        failed=$((failed + 1))
        echo "${T[$i]},${C[$i]},${K[$i]},,,failed,,,${G[$i]}" >> "$out.tmp/validate_apps.csv"
        continue
    fi
    s=$(grep -m1 '"cycles":' "$json" | tr -dc 0-9)
    u=$(grep -m1 '"unknown_instructions":' "$json" | tr -dc 0-9)
    k=$(grep -m1 '"kernels":' "$json" | tr -dc 0-9)
    mc=$(grep -m1 '"clock_mhz":' "$json" | tr -dc 0-9)
    arch=$(grep -m1 '"arch":' "$json" | sed 's/.*"arch": *"\([a-z]*\)".*/\1/')
    [ "${G[$i]}" = auto ] && [ -n "$arch" ] && G[i]=$arch
    # the measured cycles at the model's clock: x model / row clock (a row without one, or a
    # model without one: as measured)
    m=$(awk -v c="${C[$i]}" -v r="${K[$i]}" -v mc="${mc:-0}" 'BEGIN{ if (r + 0 > 0 && mc + 0 > 0) c = c * mc / r; printf "%.2f", c }')
    echo "${T[$i]},${C[$i]},${K[$i]},$m,$s,$(awk -v s="$s" -v m="$m" 'BEGIN{printf "%.2f", 100*(s-m)/m}'),${u:-0},${k:-1},${G[$i]}" \
        >> "$out.tmp/validate_apps.csv"
done
mkdir -p "$(dirname "$out")" && rm -rf "$out" && mkdir -p "$out" &&
    cp "$out.tmp/validate_apps.csv" "$out/validate_apps.csv"

echo "== validate-apps: the GPU model ($cfg, machine = gpu, warps = 16, the preset of each row's GPU) against $gt (judged at +-$limit %, no unknown opcode; measured cycles at the model's clock)"
printf '%-44s %7s %7s %9s %12s %12s %8s %8s\n' trace preset kernels "row MHz" measured simulated error unknown
awk -F, 'NR > 1 {if ($6 == "failed") printf "%-44s %7s %7s %9s %12.0f %12s %8s %8s\n", $1, $9, "-", $3, ($4 > 0 ? $4 : $2), "-", "failed", "-";
  else printf "%-44s %7s %7s %9s %12.0f %12s %7s%% %8s\n", $1, $9, $8, $3, $4, $5, $6, $7}' "$out/validate_apps.csv"
awk -F, 'NR > 1 && $6 != "failed" {e = $6 < 0 ? -$6 : $6; s += e; n++; if (e > m) m = e}
  END {if (n) printf "mean |error| %.1f %%, largest %.1f %% over %d rows\n", s / n, m, n}' "$out/validate_apps.csv"
bad=$(awk -F, -v l="$limit" 'NR > 1 && ($6 == "failed" || $6 < -l || $6 > l || $7 > 0) {k++} END {print k + 0}' "$out/validate_apps.csv")
# measured against simulated, the +-limit band (the rows that ran)
# (a name that occurs twice is labelled with its preset)
awk -F, 'NR > 1 && $6 != "failed" {n = $1; sub(/.*\//, "", n); k++; x[k] = $4; y[k] = $5; l[k] = n; p[k] = $9; c[n]++}
  END {for (i = 1; i <= k; i++) print x[i], y[i], "\"" (c[l[i]] > 1 ? l[i] " (" p[i] ")" : l[i]) "\""}' "$out/validate_apps.csv" > "$out/apps.dat"
if command -v gnuplot >/dev/null 2>&1 && [ -s "$out/apps.dat" ]; then
    gnuplot 2> "$out/gnuplot.log" <<GP || { echo "validate-apps: gnuplot failed (the table stands):" >&2; cat "$out/gnuplot.log" >&2; }
set terminal svg size 720,520 font "sans,12" noenhanced
set output "$out/validate_apps.svg"
set title "The GPU model against measured applications (within +-$limit %: between the dashed lines)"
set xlabel "measured cycles at the model's clock ($gt)"
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
fi
rm -f "$out/apps.dat" "$out/gnuplot.log"
echo "wrote $out/validate_apps.csv$( [ -f "$out/validate_apps.svg" ] && echo ", $out/validate_apps.svg")"
if [ "$failed" -ne 0 ]; then
    echo "validate-apps: the simulator refused $failed of $n rows (above, one line each)" >&2
    exit 2
fi
if [ "$bad" -ne 0 ]; then
    echo "validate-apps: $bad of $n rows outside +-$limit % or with unknown opcodes"
    exit 1
fi
echo "validate-apps: all $n rows within +-$limit %, no unknown opcode"
