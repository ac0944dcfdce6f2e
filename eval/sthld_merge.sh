#!/usr/bin/env bash
# sthld_merge.sh OUTDIR - merge the runs of eval/sthld_jobs.sh (OUTDIR/runs/*.json):
#   OUTDIR/sthld.csv     trace, sthld, ipc, hit_ratio, bank_reads_per_inst, energy_pj_per_inst
#                        (one row per fixed STHLD)
#   OUTDIR/adaptive.csv  trace, settled_sthld, intervals, interval_cycles, initial_sthld, ipc,
#                        hit_ratio, ...
#                        (settled = STHLD after the last completed interval; the reset value
#                        sthld_init when no interval completed)
#   OUTDIR/series.csv    trace, interval, cycle, sthld (the adaptive run's STHLD over time)
# A missing or incomplete run is an error.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: eval/sthld_merge.sh OUTDIR" >&2; exit 2; }
out=$1
get() { grep -o "\"$2\": [-0-9.e]*" "$1" | head -1 | sed 's/.*: //'; }
cfgval() { grep -o "\"$2\": \"[^\"]*\"" "$1" | head -1 | sed 's/.*: "//; s/"$//'; }
series() { grep -o '"sthld_trace": \[[^]]*\]' "$1" | sed 's/.*\[//; s/\]//; s/,//g'; }
check() {
    [ -s "$1" ] || { echo "eval/sthld_merge.sh: $1 missing" >&2; exit 2; }
    [ "$(get "$1" complete)" = 1 ] || { echo "eval/sthld_merge.sh: $1: the run did not complete" >&2; exit 2; }
}
traces=$(ls "$out"/runs/*__adaptive.json 2>/dev/null | sed 's|.*/||; s|__adaptive.json||' | sort)
[ -n "$traces" ] || { echo "eval/sthld_merge.sh: no runs in $out/runs (run the job list first)" >&2; exit 2; }
echo "trace,sthld,ipc,hit_ratio,bank_reads_per_inst,energy_pj_per_inst" >"$out/sthld.csv.tmp"
echo "trace,settled_sthld,intervals,interval_cycles,initial_sthld,ipc,hit_ratio,bank_reads_per_inst,energy_pj_per_inst" >"$out/adaptive.csv.tmp"
echo "trace,interval,cycle,sthld" >"$out/series.csv.tmp"
for t in $traces; do
    for j in "$out"/runs/"${t}"__fixed_*.json; do
        [ -e "$j" ] || continue
        check "$j"
        x=${j##*__fixed_}; x=${x%.json}
        echo "$t,$x,$(get "$j" ipc),$(get "$j" hit_ratio),$(get "$j" bank_reads_per_inst),$(get "$j" pj_per_inst)"
    done | sort -t, -k2,2n >>"$out/sthld.csv.tmp"
    grep -q "^$t," "$out/sthld.csv.tmp" || { echo "eval/sthld_merge.sh: no fixed-STHLD runs of $t" >&2; exit 2; }
    a=$out/runs/${t}__adaptive.json; check "$a"
    s=$(series "$a"); iv=$(cfgval "$a" interval)
    init=$(cfgval "$a" sthld_init)
    settled=$(echo "$s" | awk '{ print NF ? $NF : "" }'); [ -n "$settled" ] || settled=$init
    echo "$t,$settled,$(get "$a" intervals),$iv,$init,$(get "$a" ipc),$(get "$a" hit_ratio),$(get "$a" bank_reads_per_inst),$(get "$a" pj_per_inst)" >>"$out/adaptive.csv.tmp"
    echo "$s" | awk -v t="$t" -v iv="$iv" '{ for (i = 1; i <= NF; i++) printf "%s,%d,%d,%s\n", t, i, i * iv, $i }' >>"$out/series.csv.tmp"
done
for f in sthld adaptive series; do mv "$out/$f.csv.tmp" "$out/$f.csv"; done
echo "sthld: $(($(wc -l <"$out/sthld.csv") - 1)) fixed points, $(($(wc -l <"$out/adaptive.csv") - 1)) traces: $out/sthld.csv, $out/adaptive.csv, $out/series.csv"
