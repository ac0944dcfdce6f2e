#!/usr/bin/env bash
# writeside.sh [TRACE...] - the write side (Hi-End's question, ../shared/papers/hi-end.txt):
# on each trace (default: every trace in ../shared/workloads), the baseline OCUs, Malekeh,
# and Malekeh priced as write-back CCUs (ccu_writeback = on: a result a CCU holds reaches
# the register file only if a later read misses the CCUs), each with two register files:
# SRAM (the energy table's defaults) and STT-MRAM (bank reads and writes scaled by Hi-End's
# Table 1, NVSim: read 0.239 / 0.203 pJ per bit, write 0.300 / 0.191 of SRAM's). Prints a
# Markdown table: the register file's writes per instruction (the energy's count), the share of write-backs the write-back
# CCUs keep out of the register file, and each design's RF dynamic energy against the
# baseline of the same register file; then the means. The preset GPU of each trace.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
NAME=eval/writeside.sh
. "$ROOT/eval/trace_list.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
rd=$(grep -o 'energy_bank_read", ENK_BANK_READ, [0-9]*' "$ROOT/sim/enkeys.c" | grep -o '[0-9]*$')
wr=$(grep -o 'energy_bank_write", ENK_BANK_WRITE, [0-9]*' "$ROOT/sim/enkeys.c" | grep -o '[0-9]*$')
# STT-MRAM: the defaults (thousandths of a pJ) scaled by Hi-End's Table 1 ratios
stt=(--set "energy_bank_read=$(awk -v e="$rd" 'BEGIN { printf "%.3f", e / 1000 * 0.239 / 0.203 }')"
     --set "energy_bank_write=$(awk -v e="$wr" 'BEGIN { printf "%.3f", e / 1000 * 0.300 / 0.191 }')")
echo "| trace | RF bank writes / inst: Malekeh / write-back CCUs | write-backs kept out of the RF | RF energy vs baseline, SRAM: Malekeh / write-back | STT-MRAM: Malekeh / write-back | warps per sub-core: mean / max (Malekeh) |"
echo "|---|---:|---:|---:|---:|---:|"
n=0
for t in "${traces[@]}"; do
    name=$(basename "${t%.traceg}")
    i=0
    for v in "caching=off" "caching=on" "ccu_writeback=on"; do
        for tech in sram stt; do
            extra=(); [ "$tech" = stt ] && extra=("${stt[@]}")
            "$SIM" --trace "$t" --quiet --set "$v" "${extra[@]}" --json "$tmp/$i.$tech.json" \
                2> >(grep -v ': warning: ' >&2) # a trace's warnings are docs/trace.md's business
        done
        i=$((i + 1))
    done
    awk -v name="$name" \
        -v bw0="$(get "$tmp/1.sram.json" bank_writes_per_inst)" -v bw1="$(get "$tmp/2.sram.json" bank_writes_per_inst)" \
        -v sv="$(get "$tmp/2.sram.json" ccu_wb_saved)" -v wb="$(get "$tmp/2.sram.json" written_back)" \
        -v s0="$(get "$tmp/0.sram.json" pj_per_inst)" -v s1="$(get "$tmp/1.sram.json" pj_per_inst)" -v s2="$(get "$tmp/2.sram.json" pj_per_inst)" \
        -v t0="$(get "$tmp/0.stt.json" pj_per_inst)" -v t1="$(get "$tmp/1.stt.json" pj_per_inst)" -v t2="$(get "$tmp/2.stt.json" pj_per_inst)" \
        -v wm="$(get "$tmp/1.sram.json" warps_per_subcore)" -v wx="$(get "$tmp/1.sram.json" warps_per_subcore_max)" \
        'BEGIN { printf "| %s | %.3f / %.3f | %.1f %% | %+.1f %% / %+.1f %% | %+.1f %% / %+.1f %% | %.2f / %d |\n", name, bw0, bw1,
                 100 * sv / wb, 100 * (s1 / s0 - 1), 100 * (s2 / s0 - 1), 100 * (t1 / t0 - 1), 100 * (t2 / t0 - 1), wm, wx
                 printf "%f %f %f %f %f\n", sv / wb, s1 / s0 - 1, s2 / s0 - 1, t1 / t0 - 1, t2 / t0 - 1 > "/dev/stderr" }' 2>>"$tmp/means"
    n=$((n + 1))
done
awk -v n="$n" '{ for (i = 1; i <= 5; i++) m[i] += $i }
    END { printf "| mean of the %d traces | | %.1f %% | %+.1f %% / %+.1f %% | %+.1f %% / %+.1f %% | |\n", n,
          100 * m[1] / n, 100 * m[2] / n, 100 * m[3] / n, 100 * m[4] / n, 100 * m[5] / n }' "$tmp/means"
