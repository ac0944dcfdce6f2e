#!/usr/bin/env bash
# main_table.sh [CONFIG] - the end of `make`: CONFIG (default configs/default.cfg) and its
# baseline (the same with caching = off) on the shipped real trace
# workloads/matrixmul32_sm61_kernel-1.traceg.xz, run to completion with the same hints; one
# compact table: the warps per sub-core, hit ratio, bank reads, IPC and RF dynamic energy per instruction against
# the baseline, and the area and Fmax of the default configuration (synth/summary.sh
# --figures: the `make area` datasheet when current, else the committed
# synth/area_baseline.json). `make main-synthetic` runs the synthetic workload instead.
# ENERGY_TABLE=FILE (make main ENERGY_TABLE=...): both runs priced by that energy ledger
# (energy_table, docs/energy.md) instead of the configuration's.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
cfg=${1:-configs/default.cfg}
trace=${2:-workloads/matrixmul32_sm61_kernel-1.traceg.xz}
SIM=build/malekeh-sim
out=build/main; mkdir -p "$out"
[ -r "$trace" ] || { echo "main_table.sh: $trace: cannot read (expected a trace file)" >&2; exit 2; }
set_table=(); [ -n "${ENERGY_TABLE:-}" ] && set_table=(--set "energy_table=$ENERGY_TABLE")
for v in malekeh baseline; do
    set_off=(); [ "$v" = baseline ] && set_off=(--set caching=off)
    "$SIM" --config "$cfg" "${set_off[@]}" "${set_table[@]}" --trace "$trace" --quiet --json "$out/$v.json" 2>"$out/$v.err" ||
        { echo "main_table.sh: $v run failed: $(cat "$out/$v.err")" >&2; exit 1; }
done
# the simulator's warnings (unknown opcodes, a bad -nregs, hints): on stderr, each once
cat "$out/malekeh.err" "$out/baseline.err" | awk 'NF && !seen[$0]++' >&2
get() { grep -o "\"$2\": [-0-9.e]*" "$1" | head -1 | sed 's/.*: //'; }
# area and Fmax of THIS configuration: the default's from synth/summary.sh; another's from
# its own `make area CONFIG=...` datasheet when there is one, else said to be missing
prefix_of() { local d; d=$(mktemp -d); build/ccugen --config "$1" --out "$d" >/dev/null 2>&1 &&
              (cd "$d" && ls ./*_subcore.v | sed 's|^\./||; s|_subcore\.v$||'); rm -rf "$d"; }
mine=$(prefix_of "$cfg") def=$(prefix_of configs/default.cfg)
if [ -n "$mine" ] && [ "$mine" = "$def" ]; then
    read -r area unit fmax src < <(bash synth/summary.sh --figures)
elif [ -s "build/area/$mine/area.json" ]; then
    j=build/area/$mine/area.json
    area=$(sed -n '/"subcore"/s/.*"area": *\([0-9.]*\).*/\1/p' "$j" | head -n1)
    unit=$(sed -n 's/.*"unit": "\([A-Za-z0-9]*\)".*/\1/p' "$j" | head -n1)
    fmax=$(sed -n 's/.*"fmax_mhz": *\([0-9.]*\).*/\1/p' "$j" | head -n1)
    src="$j (make area CONFIG=$cfg)"
else
    area="" unit="" fmax="" src="not measured for this configuration: make area CONFIG=$cfg"
fi
m=$out/malekeh.json b=$out/baseline.json
echo
what="the trace $(basename "$trace")"
[ -z "${2:-}" ] && what="the shipped trace $(basename "$trace" .traceg.xz)"
echo "== main job: $cfg on $what ($(get "$m" instructions) instructions, run to completion; baseline = the same with caching = off)"
if grep -q '"gpu": {' "$m"; then
    echo "   machine: the $(grep -o '"gpu": "[^"]*"' "$m" | sed 's/.*: "//; s/"$//') ($(get "$m" sms) SMs, $(grep -o '"arch": "[^"]*"' "$m" | head -1 | sed 's/.*: "//; s/"$//') preset; machine = gpu, docs/gpu.md)"
else
    echo "   machine: one sub-core runs every block (machine = subcore)"
fi
wx=$(get "$m" warps_per_subcore_max) cc=$(grep -o '"ccus": "[0-9]*"' "$m" | head -1 | tr -dc 0-9)
echo "   warps per sub-core (Malekeh): $(get "$m" warps_per_subcore | awk '{ printf "%.2f", $1 }') mean over the cycles a sub-core holds a warp, $wx at most$( [ "$wx" -le "$cc" ] && echo "; not more than ccus = $cc: the CCU keys cannot matter on this trace")"
awk -v hm="$(get "$m" hit_ratio)" -v hb="$(get "$b" hit_ratio)" \
    -v rm="$(get "$m" bank_reads_per_inst)" -v rb="$(get "$b" bank_reads_per_inst)" \
    -v im="$(get "$m" ipc)" -v ib="$(get "$b" ipc)" \
    -v em="$(get "$m" pj_per_inst)" -v eb="$(get "$b" pj_per_inst)" \
    -v area="$area" -v unit="$unit" -v fmax="$fmax" -v src="$src" \
    -v table="$(grep -o '"table": "[^"]*"' "$m" | head -1 | sed 's/.*: "//; s/"$//')" 'BEGIN {
    printf "   %-40s %14s %14s %10s\n", "", "baseline OCUs", "Malekeh", "change"
    printf "   %-40s %13.1f%% %13.1f%%\n", "hit ratio (distinct source registers)", 100*hb, 100*hm
    printf "   %-40s %14.3f %14.3f %+9.1f%%\n", "RF bank reads / instruction", rb, rm, 100*(rm/rb - 1)
    printf "   %-40s %14.4f %14.4f %+9.1f%%\n", "IPC", ib, im, 100*(im/ib - 1)
    printf "   %-40s %14.1f %14.1f %+9.1f%%\n", table == "" ? "RF dynamic energy / instruction (pJ)" : "RF energy / instruction (pJ)", eb, em, 100*(em/eb - 1)
    if (area != "") {
        printf "   %-40s %14s %14s\n", "sub-core area without RF banks", "", sprintf("%.0f %s", area, unit)
        printf "   %-40s %14s %14s\n", "Fmax (OpenSTA, generic library)", "", fmax " MHz"
    }
    printf "   area and Fmax: %s; %s\n", src, table == "" ? "energy per access: docs/config.md" : "energy: the ledger " table " (docs/energy.md)" }'
# the gate-level energy balance of the default configuration's sky130 datasheet
# (docs/power.md), for the default configuration only: this machine's own
# `make area LIBERTY=...` datasheet when there is one, else the one docs/results.md quotes
# (make report), so the main job and the datasheet never give two answers
bal=""; bsrc=""
if [ -s build/area-sky130/area.md ] && grep -q '^energy balance (' build/area-sky130/area.md; then
    bal=$(grep -m1 '^energy balance (' build/area-sky130/area.md); bsrc="build/area-sky130/area.md (make area LIBERTY=...)"
elif grep -q '^energy balance (' docs/results.md 2>/dev/null; then
    bal=$(grep -m1 '^energy balance (' docs/results.md)
    bsrc="docs/results.md, $(sed -n '/<!-- report:area-sky130 -->/{n;p}' docs/results.md | sed 's/:$//')"
fi
if [ -n "$bal" ] && [ "$mine" = "$def" ]; then
    echo "   gate level (sky130 HD, this RTL simulated on the shipped trace; $bsrc):"
    echo "   $bal"
fi
