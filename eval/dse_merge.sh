#!/usr/bin/env bash
# dse_merge.sh OUTDIR - merge the design-space sweep of eval/dse_jobs.sh:
#   OUTDIR/dse_traces.csv  one row per point and trace: hit ratio, bank-read and RF-energy
#                          reduction and IPC ratio against the point's baseline (same banks
#                          and data width, caching=off) on the same trace
#   OUTDIR/dse.md          dse.csv as a Markdown table (reductions negative, IPC as a change)
#   OUTDIR/dse.csv         one row per point: those averaged over the traces (arithmetic
#                          mean; IPC ratio: geometric mean), area and Fmax of the point and of
#                          its baseline (generic library, eval/dse_area.sh), the area overhead
#                          in % of the baseline's whole register file (RF banks + logic, as
#                          synth/sweep.sh), is_default (the configuration's C, E, B, width)
# A missing or incomplete run is an error.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: eval/dse_merge.sh OUTDIR" >&2; exit 2; }
out=$1
die() { echo "eval/dse_merge.sh: $*" >&2; exit 2; }
get() { grep -o "\"$2\": [-0-9.e]*" "$1" | head -1 | sed 's/.*: //'; }
aget() { sed -n "/\"$2\"/s/.*\"$3\": *\([0-9.]*\).*/\1/p" "$1" | head -n1; }
run() { local j=$out/runs/$1__$2.json
        [ -s "$j" ] || die "$j missing"; [ "$(get "$j" complete)" = 1 ] || die "$j: the run did not complete"; echo "$j"; }
area_json() { local f=$out/runs/area__$1.txt a
              [ -s "$f" ] || die "$f missing (the area job of $1 did not run)"; a=$(cat "$f")
              [ -s "$a" ] || die "$a missing"; echo "$a"; }
[ -s "$out/points.csv" ] || die "$out/points.csv missing (run eval/dse_jobs.sh)"
traces=$(ls "$out"/runs/*__base_*.json 2>/dev/null | sed 's|.*/||; s|__base_.*||' | sort -u)
[ -n "$traces" ] || die "no runs in $out/runs (run the job list first)"
echo "point,trace,hit_ratio,bank_read_reduction,energy_reduction,ipc_vs_baseline" >"$out/dse_traces.csv.tmp"
while IFS=, read -r name c e b w base; do
    [ "$name" = name ] && continue
    for t in $traces; do
        p=$(run "$t" "$name"); q=$(run "$t" "$base")
        awk -v n="$name" -v t="$t" -v hr="$(get "$p" hit_ratio)" -v br="$(get "$p" bank_reads_per_inst)" \
            -v bb="$(get "$q" bank_reads_per_inst)" -v en="$(get "$p" pj_per_inst)" -v eb="$(get "$q" pj_per_inst)" \
            -v ip="$(get "$p" ipc)" -v ib="$(get "$q" ipc)" \
            'BEGIN { printf "%s,%s,%.4f,%.4f,%.4f,%.4f\n", n, t, hr, 1 - br / bb, 1 - en / eb, ip / ib }'
    done
done <"$out/points.csv" >>"$out/dse_traces.csv.tmp"
mv "$out/dse_traces.csv.tmp" "$out/dse_traces.csv"
echo "point,ccus,entries,banks,data_bits,traces,hit_ratio,bank_read_reduction,energy_reduction,ipc_vs_baseline,area_ge,fmax_mhz,baseline_area_ge,baseline_fmax_mhz,rf_banks_ge,area_overhead_pct,is_default" >"$out/dse.csv.tmp"
while IFS=, read -r name c e b w base; do
    [ "$name" = name ] && continue
    a=$(area_json "$name"); ab=$(area_json "$base")
    grep "^$name," "$out/dse_traces.csv" | awk -F, -v n="$name" -v c="$c" -v e="$e" -v b="$b" -v w="$w" \
        -v ar="$(aget "$a" subcore area)" -v fm="$(aget "$a" timing fmax_mhz)" \
        -v br="$(aget "$ab" subcore area)" -v fb="$(aget "$ab" timing fmax_mhz)" \
        -v rf="$(aget "$ab" rf_model area)" -v isdef="$([ "$c,$e,$b,$w" = "$(cat "$out/default.txt")" ] && echo 1 || echo 0)" '
        { k++; hr += $3; rd += $4; er += $5; lip += log($6) }
        END { if (!k) exit 1
              printf "%s,%d,%d,%d,%d,%d,%.4f,%.4f,%.4f,%.4f,%.1f,%s,%.1f,%s,%.1f,%.3f,%d\n", n, c, e, b, w, k,
                     hr / k, rd / k, er / k, exp(lip / k), ar, fm, br, fb, rf, 100 * (ar - br) / (br + rf), isdef }'
done <"$out/points.csv" >>"$out/dse.csv.tmp"
mv "$out/dse.csv.tmp" "$out/dse.csv"
awk -F, 'NR == 1 { print "| point | C | E | banks | width | hit ratio | bank reads | RF energy | IPC | area (GE) | overhead (% of RF) | Fmax (MHz) | baseline Fmax |"
                   print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"; next }
    { printf "| %s%s | %d | %d | %d | %d | %.1f %% | %+.1f %% | %+.1f %% | %+.1f %% | %.0f | %+.2f | %s | %s |\n", $1,
             ($17 ? " (default)" : ""), $2, $3, $4, $5, 100 * $7, -100 * $8, -100 * $9, 100 * ($10 - 1), $11, $16, $12, $14 }' \
    "$out/dse.csv" >"$out/dse.md.tmp" && mv "$out/dse.md.tmp" "$out/dse.md"
echo "dse: $(($(wc -l <"$out/dse.csv") - 1)) points over $(echo $traces | wc -w) traces: $out/dse.csv, $out/dse_traces.csv"
